"""Scenario tests of a match: rounds, round doubles, first seats, totals and winners.

Rules cited are those of RULES.md §4-§6 (R17-R23). Most scenarios use tiny variants
made from the presets with ``attrs.evolve``: every seat is dealt a single tile, so the
seat that places the round double (or plays the first tile onto a centre double) goes
out at once (R16) and every other seat scores the pips of its one tile (R17). That
makes every round forced and every expected score easy to work out by hand.
"""

from __future__ import annotations

import hashlib
import itertools
import pickle
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from chickenfoot import (
    PRESETS,
    DealError,
    Draw,
    IllegalMoveError,
    Match,
    Pass,
    Play,
    Round,
    Rules,
    RulesError,
    Standing,
    Tile,
    round_seed,
    tile_set,
)
from chickenfoot._scoring import standings

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def tiny(base: str, players: int, n: int = 6, **knobs: Any) -> Rules:
    """``base`` for ``players`` seats of one tile each, from the double-``n`` set."""
    return attrs.evolve(
        PRESETS[base],
        name=f"tiny-{base}",
        set_sizes={players: n},
        hand_sizes={players: 1},
        **knobs,
    )


def t(text: str) -> Tile:
    return Tile.parse(text)


def d(number: int) -> Tile:
    return Tile(number, number)


def make_deal(
    rules: Rules, double: int, held: Sequence[str], top: Sequence[str] = ()
) -> tuple[list[list[Tile]], list[Tile]]:
    """Hands of the given tiles; the boneyard is ``top`` then the rest of the set.

    In a centre start the round double ``double`` is on the table, so left out.
    """
    hands = [[t(x) for x in h.split()] for h in held]
    first = [t(x) for x in top]
    taken = {tile for hand in hands for tile in hand} | set(first)
    if rules.start == "centre":
        taken.add(d(double))
    rest = [tile for tile in tile_set(rules.set_size(len(hands))) if tile not in taken]
    return hands, first + rest


def start(rules: Rules, double: int, held: Sequence[str], top: Sequence[str] = ()) -> Match:
    hands, boneyard = make_deal(rules, double, held, top)
    match = Match.dealt(rules, hands, boneyard)
    assert match.round.round_double == d(double)
    return match


def next_round(match: Match, double: int, held: Sequence[str], top: Sequence[str] = ()) -> Match:
    assert match.awaiting_deal
    assert match.next_round_double == d(double)
    hands, boneyard = make_deal(match.rules, double, held, top)
    match = match.deal(hands, boneyard)
    assert match.round.round_double == d(double)
    assert not match.awaiting_deal
    return match


def finish_round(match: Match) -> Match:
    """Play the round in progress to its end; every move must be the only legal one."""
    while not match.round.is_over:
        moves = match.legal_moves()
        assert len(moves) == 1, f"the scenario is not forced: {moves}"
        match = match.apply(moves[0])
    return match


def play_randomly(match: Match, rng: random.Random) -> Match:
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_moves()))
    return match


def play_first_moves(match: Match) -> Match:
    while not match.is_over:
        match = match.apply(match.legal_moves()[0])
    return match


def doubles(match: Match) -> list[Tile]:
    return [r.round_double for r in match.finished]


# ---------------------------------------------------------------------------
# R19: rounds and round doubles of each preset
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "count", "top"),
    [
        ("chickie-duel", 2, 7, 6),
        ("cross-and-foot", 2, 10, 9),
        ("cross-and-foot", 10, 10, 9),
        ("classic", 2, 10, 9),
        ("classic", 6, 10, 9),
        ("classic", 7, 13, 12),
        ("classic", 8, 13, 12),
        ("classic", 11, 16, 15),
        ("classic", 20, 19, 18),
        ("double-foot", 4, 10, 9),
        ("double-foot", 8, 13, 12),
    ],
)
def test_full_match_plays_every_double_from_the_highest_down(
    preset: str, players: int, count: int, top: int
) -> None:
    """R19: one round per double of the set, from N-N down to 0-0 (§6 sets)."""
    rules = PRESETS[preset]
    match = Match.new(rules, players, seed=11)
    assert rules.round_count(players) == count
    assert match.round_count == count
    assert match.round.round_double == d(top)
    assert match.round_index == 0
    assert match.next_round_double == d(top - 1)

    match = play_randomly(match, random.Random(5))
    assert match.is_over
    assert len(match.finished) == count
    assert len(match.results) == count
    assert doubles(match) == [d(k) for k in range(top, -1, -1)]
    assert match.round is match.finished[-1]
    assert match.round_index == count - 1
    assert match.next_round_double is None
    assert match.next_first is None
    assert match.to_move is None
    assert match.legal_moves() == []


@pytest.mark.parametrize(
    ("preset", "players", "count", "top"),
    [
        ("chickie-duel", 2, 3, 6),  # ceil(6 / 2)
        ("cross-and-foot", 3, 5, 9),  # ceil(9 / 2)
        ("classic", 4, 5, 9),
        ("classic", 8, 6, 12),
        ("classic", 12, 8, 15),  # ceil(15 / 2)
        ("classic", 16, 9, 18),
        ("double-foot", 2, 5, 9),
        ("double-foot", 7, 6, 12),
    ],
)
def test_half_match_plays_the_first_half_of_the_doubles(
    preset: str, players: int, count: int, top: int
) -> None:
    """R19: a half match plays the first ceil(N/2) rounds, from the highest double."""
    rules = attrs.evolve(PRESETS[preset], rounds="half")
    assert rules.round_count(players) == count
    match = play_randomly(Match.new(rules, players, seed=3), random.Random(8))
    assert match.round_count == count
    assert doubles(match) == [d(top - k) for k in range(count)]


def test_half_match_of_a_double_one_set_is_one_round() -> None:
    """R19: max(1, ceil(N/2)) rounds: a double-1 set plays 1 of its 2 doubles."""
    rules = tiny("classic", 2, n=1, opening_toes=1)
    assert attrs.evolve(rules, rounds="half").round_count(2) == 1
    assert rules.round_count(2) == 2


@pytest.mark.parametrize(
    ("preset", "players", "rounds", "top"),
    [
        ("classic", 4, 1, 9),
        ("classic", 4, 3, 9),
        ("classic", 9, 10, 12),
        ("chickie-duel", 2, 7, 6),
        ("double-foot", 3, 2, 9),
    ],
)
def test_a_count_of_rounds_plays_the_first_doubles(
    preset: str, players: int, rounds: int, top: int
) -> None:
    """R19: ``rounds`` as a number shortens the match to the first doubles."""
    rules = attrs.evolve(PRESETS[preset], rounds=rounds)
    match = Match.new(rules, players, seed=21)
    assert match.round_count == rounds
    match = play_randomly(match, random.Random(21))
    assert doubles(match) == [d(top - k) for k in range(rounds)]
    assert len(match.results) == rounds


def test_single_round_match_is_over_after_one_round() -> None:
    """R19: a single round plays the highest double only."""
    rules = attrs.evolve(PRESETS["cross-and-foot"], rounds=1)
    match = Match.new(rules, 3, seed=2)
    assert match.next_round_double is None
    match = play_randomly(match, random.Random(2))
    assert len(match.finished) == 1
    assert match.round.round_double == d(9)
    assert match.totals == match.results[0]


def test_rounds_are_dealt_from_the_round_seeds() -> None:
    """Round i of a seeded match is dealt from round_seed(seed, i)."""
    match = play_randomly(Match.new(PRESETS["chickie-duel"], 2, seed=77), random.Random(1))
    assert [r.seed for r in match.finished] == [round_seed(77, i) for i in range(7)]
    first = match.finished[0]
    again = Round.deal(PRESETS["chickie-duel"], 2, seed=round_seed(77, 0), round_double=6)
    assert first.dealt_hands == again.dealt_hands
    assert first.dealt_boneyard == again.dealt_boneyard


def test_round_seed_is_blake2b_of_seed_and_index() -> None:
    """round_seed: the first 8 bytes, big-endian, of BLAKE2b of "{seed}/{index}"."""
    digest = hashlib.blake2b(b"1234/5", digest_size=8).digest()
    assert round_seed(1234, 5) == int.from_bytes(digest, "big")
    assert round_seed(1234, 5) == round_seed(1234, 5)
    assert len({round_seed(1, i) for i in range(50)}) == 50
    assert round_seed(1, 2) != round_seed(2, 1)
    assert 0 <= round_seed(-5, 0) < 2**64


# ---------------------------------------------------------------------------
# R20: a target instead of a count of rounds
# ---------------------------------------------------------------------------


def _target_scenario(mode: str) -> list[Match]:
    """Two seats; the target is 5; seat 1's total is exactly 5 after round 1.

    The match after each round is returned, until the match is over.
    """
    rules = tiny("classic", 2, target=5, target_mode=mode)
    assert rules.round_count(2) is None
    seen = []
    # Round 1, 6-6: seat 0 places it and goes out; seat 1 keeps 3-2: (0, 5).
    match = finish_round(start(rules, 6, ["6-6", "3-2"]))
    seen.append(match)
    if match.is_over:
        return seen
    # Round 2, 5-5: seat 1 goes out; seat 0 keeps 1-0: (1, 0), totals (1, 5).
    match = finish_round(next_round(match, 5, ["1-0", "5-5"]))
    seen.append(match)
    if match.is_over:
        return seen
    # Round 3, 4-4: seat 0 goes out; seat 1 keeps 1-0: (0, 1), totals (1, 6).
    match = finish_round(next_round(match, 4, ["4-4", "1-0"]))
    seen.append(match)
    return seen


def test_target_reaches_ends_when_a_total_equals_the_target() -> None:
    """R20 ``reaches``: a total of exactly the target ends the match after that round."""
    (match,) = _target_scenario("reaches")
    assert match.totals == (0, 5)
    assert match.round_count is None
    assert match.is_over
    assert not match.awaiting_deal
    assert match.next_round_double is None
    assert match.next_first is None
    assert match.winners == (0,)


def test_target_exceeds_needs_a_total_above_the_target() -> None:
    """R20 ``exceeds``: a total equal to the target does not end the match."""
    first, second, third = _target_scenario("exceeds")
    assert first.totals == (0, 5)
    assert not first.is_over
    assert first.awaiting_deal
    assert first.winners == ()
    assert second.totals == (1, 5)
    assert not second.is_over
    assert third.totals == (1, 6)
    assert third.is_over
    assert third.results == ((0, 5), (1, 0), (0, 1))
    assert third.winners == (0,)


def test_target_rounds_cycle_through_the_doubles_again() -> None:
    """R20: with a target the round doubles go N..0 and start again at N."""
    rules = tiny("classic", 2, n=2, opening_toes=2, double_blank=0, target=3)
    match = finish_round(start(rules, 2, ["2-2", "1-0"]))  # (0, 1)
    match = finish_round(next_round(match, 1, ["1-0", "1-1"]))  # (1, 0)
    match = finish_round(next_round(match, 0, ["0-0", "1-0"]))  # (0, 1)
    assert match.totals == (1, 2)
    assert match.next_round_double == d(2)
    match = finish_round(next_round(match, 2, ["2-0", "2-2"]))  # (2, 0)
    assert match.totals == (3, 2)
    assert not match.is_over  # 3 does not exceed 3
    assert match.next_round_double == d(1)
    match = finish_round(next_round(match, 1, ["1-1", "2-0"]))  # (0, 2)
    assert match.totals == (3, 4)
    assert match.is_over
    assert doubles(match) == [d(2), d(1), d(0), d(2), d(1)]
    assert match.winners == (0,)


@pytest.mark.parametrize(
    ("preset", "players", "top"),
    [("chickie-duel", 2, 6), ("classic", 4, 9), ("double-foot", 7, 12)],
)
def test_r19b_down_up_match_plays_down_and_back_up(preset: str, players: int, top: int) -> None:
    """R19b: with round_order "down_up" a full match plays N..0..N (2N + 1 rounds: 19 for
    double-9), a half match the way down (N + 1 rounds), a count the first rounds."""
    rules = attrs.evolve(PRESETS[preset], round_order="down_up")
    way = [d(k) for k in range(top, -1, -1)] + [d(k) for k in range(1, top + 1)]
    match = play_randomly(Match.new(rules, players, seed=4), random.Random(4))
    assert match.round_count == 2 * top + 1 == len(match.finished)
    assert doubles(match) == way
    half = play_randomly(
        Match.new(attrs.evolve(rules, rounds="half"), players, seed=4), random.Random(4)
    )
    assert doubles(half) == way[: top + 1]
    some = play_randomly(
        Match.new(attrs.evolve(rules, rounds=top + 3), players, seed=4), random.Random(4)
    )
    assert doubles(some) == way[: top + 3]
    assert doubles(some)[-3:] == [d(0), d(1), d(2)]


def test_r19b_r20_target_goes_down_and_up_without_repeating() -> None:
    """R19b with R20: a target match going down and up turns at 0-0 and at the highest
    double, never dealing the same double twice in a row: 2, 1, 0, 1, 2, 1."""
    rules = tiny("classic", 2, n=2, opening_toes=2, double_blank=0, target=5)
    rules = attrs.evolve(rules, round_order="down_up")
    match = finish_round(start(rules, 2, ["2-2", "1-0"]))  # (0, 1)
    assert match.next_round_double == d(1)
    match = finish_round(next_round(match, 1, ["1-0", "1-1"]))  # (1, 0)
    assert match.next_round_double == d(0)
    match = finish_round(next_round(match, 0, ["0-0", "1-0"]))  # (0, 1)
    assert match.next_round_double == d(1)
    match = finish_round(next_round(match, 1, ["1-0", "1-1"]))  # (1, 0)
    assert match.next_round_double == d(2)
    match = finish_round(next_round(match, 2, ["2-2", "2-0"]))  # (0, 2)
    assert match.next_round_double == d(1)
    assert doubles(match) == [d(2), d(1), d(0), d(1), d(2)]
    assert match.totals == (2, 4)
    assert not match.is_over


def test_seeded_target_match_against_the_same_full_match() -> None:
    """R20: a target match deals its rounds like the full match of the same seed.

    So with the same choice of moves its rounds are the full match's rounds; a target
    equal to a total reached after round k ends a ``reaches`` match after round k and
    an ``exceeds`` match only when a total goes above it.
    """
    full = play_first_moves(Match.new(PRESETS["classic"], 3, seed=4))
    highest = [max(sum(r[s] for r in full.results[: k + 1]) for s in range(3)) for k in range(10)]
    k = next(
        k
        for k in range(1, 9)
        if highest[k] > highest[k - 1] and any(h > highest[k] for h in highest[k + 1 :])
    )
    target = highest[k]
    later = next(j for j in range(k + 1, 10) if highest[j] > target)

    reaches = attrs.evolve(PRESETS["classic"], target=target, target_mode="reaches")
    match = play_first_moves(Match.new(reaches, 3, seed=4))
    assert match.results == full.results[: k + 1]
    assert max(match.totals) == target

    exceeds = attrs.evolve(PRESETS["classic"], target=target)
    match = play_first_moves(Match.new(exceeds, 3, seed=4))
    assert match.results == full.results[: later + 1]
    assert max(match.totals) > target


# ---------------------------------------------------------------------------
# R21: totals and winners
# ---------------------------------------------------------------------------


def test_totals_are_column_sums_and_double_blank_counts_its_value() -> None:
    """R17, R21: totals add each seat's round scores; a kept 0-0 scores double_blank."""
    rules = tiny("classic", 3, rounds=3)  # classic: double_blank 50
    match = start(rules, 6, ["0-0", "6-6", "5-4"])
    assert match.to_move == 1
    match = finish_round(match)  # (50, 0, 9)
    match = finish_round(next_round(match, 5, ["5-5", "3-1", "2-2"]))  # (0, 4, 4)
    match = finish_round(next_round(match, 4, ["6-3", "1-0", "4-4"]))  # (9, 1, 0)
    assert match.results == ((50, 0, 9), (0, 4, 4), (9, 1, 0))
    assert match.totals == (59, 5, 13)
    assert match.is_over
    assert match.winners == (1,)
    assert [s.total for s in match.standings] == [59, 5, 13]
    assert [s.place for s in match.standings] == [3, 1, 2]


def test_totals_start_at_zero() -> None:
    """R21: before any round ends every total is 0 and nobody has won."""
    match = Match.new(PRESETS["double-foot"], 5, seed=1)
    assert match.totals == (0, 0, 0, 0, 0)
    assert match.results == ()
    assert match.winners == ()
    assert all(s.place == 1 and s.total == 0 for s in match.standings)


def test_shared_win_on_equal_lowest_totals() -> None:
    """R21, R22 ``shared``: equal lowest totals share the win."""
    rules = tiny("double-foot", 2, rounds=2, start="holder", opening_toes=4)
    match = finish_round(start(rules, 6, ["6-6", "2-1"]))  # (0, 3)
    match = finish_round(next_round(match, 5, ["3-0", "5-5"]))  # (3, 0)
    assert match.totals == (3, 3)
    assert match.winners == (0, 1)
    assert [s.place for s in match.standings] == [1, 1]


# ---------------------------------------------------------------------------
# R22: tie-breaks, on hand-made result tables
# ---------------------------------------------------------------------------


def test_standings_shared_uses_competition_ranking() -> None:
    """R21, R22: equal totals share a place and the next place is skipped."""
    table = standings([(3, 5, 0, 9), (4, 2, 7, 0)], 4, "shared")
    assert table == (
        Standing(seat=0, total=7, zero_rounds=0, best_nonzero=3, place=1),
        Standing(seat=1, total=7, zero_rounds=0, best_nonzero=2, place=1),
        Standing(seat=2, total=7, zero_rounds=1, best_nonzero=7, place=1),
        Standing(seat=3, total=9, zero_rounds=1, best_nonzero=9, place=4),
    )


def test_standings_zero_rounds_prefers_more_rounds_at_zero() -> None:
    """R22 ``zero_rounds``: among equal totals, more rounds at 0 wins first."""
    # seat 0: 0+4+0 = 4 (two zeros); seat 1: 1+0+3 = 4 (one zero, but best 1).
    table = standings([(0, 1, 8), (4, 0, 2), (0, 3, 5)], 3, "zero_rounds")
    assert [s.total for s in table] == [4, 4, 15]
    assert [s.zero_rounds for s in table] == [2, 1, 0]
    assert [s.best_nonzero for s in table] == [4, 1, 2]
    assert [s.place for s in table] == [1, 2, 3]
    assert [s.place for s in standings([(0, 1, 8), (4, 0, 2), (0, 3, 5)], 3, "shared")] == [
        1,
        1,
        3,
    ]


def test_standings_zero_rounds_then_lowest_nonzero_round() -> None:
    """R22 ``zero_rounds``: same totals and zeros: the lowest non-zero round wins."""
    # seat 0: 0, 2, 5 -> 7, best 2; seat 1: 3, 0, 4 -> 7, best 3; seat 2: 5, 2, 0 -> 7.
    table = standings([(0, 3, 5), (2, 0, 2), (5, 4, 0)], 3, "zero_rounds")
    assert [s.total for s in table] == [7, 7, 7]
    assert [s.zero_rounds for s in table] == [1, 1, 1]
    assert [s.best_nonzero for s in table] == [2, 3, 2]
    assert [s.place for s in table] == [1, 3, 1]


def test_standings_zero_rounds_still_tied_share() -> None:
    """R22: tied on total, zeros and best non-zero round: they share the place."""
    table = standings([(0, 2, 9), (2, 0, 9)], 3, "zero_rounds")
    assert [s.place for s in table] == [1, 1, 3]


def test_standings_tie_break_only_orders_equal_totals() -> None:
    """R21 first: a lower total beats any number of zero rounds."""
    table = standings([(0, 1), (0, 1), (0, 1), (9, 0)], 2, "zero_rounds")
    assert [s.total for s in table] == [9, 3]
    assert [s.zero_rounds for s in table] == [3, 1]
    assert [s.place for s in table] == [2, 1]


def test_standings_of_zero_rounds_everywhere() -> None:
    """A seat with every round at 0 has no best non-zero round."""
    table = standings([(0, 4), (0, 0)], 2, "zero_rounds")
    assert table[0] == Standing(seat=0, total=0, zero_rounds=2, best_nonzero=None, place=1)
    assert table[1] == Standing(seat=1, total=4, zero_rounds=1, best_nonzero=4, place=2)


def test_standings_without_results() -> None:
    table = standings([], 3, "zero_rounds")
    assert table == tuple(Standing(s, 0, 0, None, 1) for s in range(3))


def test_standings_places_below_the_top() -> None:
    """Places: 1 + the number of seats the rules rank strictly ahead."""
    table = standings([(5, 1, 1, 3, 0)], 5, "shared")
    assert [s.place for s in table] == [5, 2, 2, 4, 1]


# ---------------------------------------------------------------------------
# R22: tie-breaks through real matches with forced rounds
# ---------------------------------------------------------------------------


def _zero_rounds_tie(rules: Rules) -> Match:
    """Seats 0 and 1 end on 2 each: seat 0 with two rounds at 0, seat 1 with one."""
    # Round 1, 6-6: seat 0 goes out; 1-0 and 6-5 stay: (0, 1, 11).
    match = finish_round(start(rules, 6, ["6-6", "1-0", "6-5"]))
    # Round 2, 5-5: seat 1 goes out; 1-1 and 6-4 stay: (2, 0, 10).
    match = finish_round(next_round(match, 5, ["1-1", "5-5", "6-4"]))
    # Round 3, 4-4: seat 2 goes out; seat 0 keeps 0-0 (0 points), seat 1 1-0: (0, 1, 0).
    return finish_round(next_round(match, 4, ["0-0", "1-0", "4-4"]))


def _best_round_tie(rules: Rules) -> Match:
    """Seats 0 and 1 end on 4 each, one round at 0 each; seat 0's best other round is 1."""
    # Round 1, 6-6: seat 0 goes out; 2-0 and 6-5 stay: (0, 2, 11).
    match = finish_round(start(rules, 6, ["6-6", "2-0", "6-5"]))
    # Round 2, 5-5: seat 1 goes out; 1-0 and 6-4 stay: (1, 0, 10).
    match = finish_round(next_round(match, 5, ["1-0", "5-5", "6-4"]))
    # Round 3, 4-4: seat 2 goes out; 2-1 and 1-1 stay: (3, 2, 0).
    return finish_round(next_round(match, 4, ["2-1", "1-1", "4-4"]))


@pytest.mark.parametrize("tie_break", ["zero_rounds", "shared"])
def test_match_tie_decided_by_zero_rounds(tie_break: str) -> None:
    """R22: 2 = 2; seat 0 has two rounds at 0, seat 1 one (though its best round is 1)."""
    rules = tiny("classic", 3, rounds=3, double_blank=0, tie_break=tie_break)
    match = _zero_rounds_tie(rules)
    assert match.results == ((0, 1, 11), (2, 0, 10), (0, 1, 0))
    assert match.totals == (2, 2, 21)
    assert [s.zero_rounds for s in match.standings] == [2, 1, 1]
    assert [s.best_nonzero for s in match.standings] == [2, 1, 10]
    if tie_break == "zero_rounds":
        assert match.winners == (0,)
        assert [s.place for s in match.standings] == [1, 2, 3]
    else:
        assert match.winners == (0, 1)
        assert [s.place for s in match.standings] == [1, 1, 3]


@pytest.mark.parametrize("tie_break", ["zero_rounds", "shared"])
def test_match_tie_decided_by_best_nonzero_round(tie_break: str) -> None:
    """R22: 4 = 4 with one zero round each; seat 0's lowest other round is 1, seat 1's 2."""
    rules = tiny("classic", 3, rounds=3, double_blank=0, tie_break=tie_break)
    match = _best_round_tie(rules)
    assert match.results == ((0, 2, 11), (1, 0, 10), (3, 2, 0))
    assert match.totals == (4, 4, 21)
    assert [s.zero_rounds for s in match.standings] == [1, 1, 1]
    assert [s.best_nonzero for s in match.standings] == [1, 2, 10]
    if tie_break == "zero_rounds":
        assert match.winners == (0,)
        assert [s.place for s in match.standings] == [1, 2, 3]
    else:
        assert match.winners == (0, 1)
        assert [s.place for s in match.standings] == [1, 1, 3]


def test_classic_preset_breaks_ties_by_zero_rounds() -> None:
    """§6: classic (seed 003) uses zero_rounds; the other presets share."""
    assert PRESETS["classic"].tie_break == "zero_rounds"
    assert PRESETS["chickie-duel"].tie_break == "shared"
    assert PRESETS["cross-and-foot"].tie_break == "shared"
    assert PRESETS["double-foot"].tie_break == "shared"


# ---------------------------------------------------------------------------
# R23: the first seat of each round
# ---------------------------------------------------------------------------


def test_centre_start_first_seat_moves_on_each_round() -> None:
    """R23 ``centre``: round k starts at seat (k-1) mod players.

    Every seat holds a tile for the centre double, so whoever moves first goes out.
    """
    rules = tiny("double-foot", 3, rounds=4)
    match = start(rules, 6, ["6-1", "6-2", "6-0"])
    assert match.round.first == 0
    assert match.to_move == 0
    assert match.next_first == 1  # known before the round ends in a centre start
    match = finish_round(match)  # (0, 8, 6)
    assert match.next_first == 1

    match = next_round(match, 5, ["5-0", "5-3", "5-4"])
    assert match.round.first == 1
    assert match.to_move == 1
    assert match.next_first == 2
    match = finish_round(match)  # (5, 0, 9)

    match = next_round(match, 4, ["4-1", "4-2", "6-4"])
    assert match.round.first == 2
    assert match.to_move == 2
    assert match.next_first == 0
    match = finish_round(match)  # (5, 6, 0)

    match = next_round(match, 3, ["3-2", "3-1", "3-0"])
    assert match.round.first == 0
    assert match.to_move == 0
    assert match.next_first is None  # the last round
    match = finish_round(match)  # (0, 4, 3)

    assert [r.winner for r in match.finished] == [0, 1, 2, 0]
    assert match.results == ((0, 8, 6), (5, 0, 9), (5, 6, 0), (0, 4, 3))
    assert match.totals == (10, 18, 18)
    assert match.winners == (0,)


def test_centre_start_first_seat_in_a_seeded_match() -> None:
    """R23 ``centre``: round k's first seat is (k-1) mod players, and it moves first."""
    match = play_randomly(Match.new(PRESETS["double-foot"], 4, seed=9), random.Random(9))
    assert [r.first for r in match.finished] == [k % 4 for k in range(10)]
    assert [r.history[0].seat for r in match.finished] == [k % 4 for k in range(10)]


def test_holder_start_search_begins_with_the_previous_winner() -> None:
    """R23 ``holder``: nobody holds the round double: the previous winner draws first."""
    rules = tiny("classic", 3, rounds=3, double_blank=0)
    # Round 1, 6-6: seat 2 holds it; the holder moves first although round 1's first
    # seat is seat 0. Seat 2 goes out: (1, 3, 0).
    match = start(rules, 6, ["1-0", "2-1", "6-6"])
    assert match.round.first == 0
    assert match.to_move == 2
    assert match.next_first is None  # in a holder start it is the winner: not known yet
    match = finish_round(match)
    assert match.round.winner == 2
    assert match.next_first == 2

    # Round 2, 5-5: in the boneyard, drawn first. Seat 2 draws it and places it; seat 0
    # then plays 5-1 onto it and goes out: (0, 7, 3).
    match = next_round(match, 5, ["5-1", "5-2", "3-0"], top=["5-5"])
    assert match.round.first == 2
    assert match.to_move == 2
    assert match.legal_moves() == [Draw()]
    match = match.apply(Draw())
    assert match.to_move == 2
    assert match.legal_moves() == [Play(d(5), None)]
    match = match.apply(Play(d(5), None))
    assert match.to_move == 0
    match = finish_round(match)
    assert match.round.winner == 0
    assert match.next_first == 0

    # Round 3, 4-4: seat 1 holds it and starts, though the first seat is seat 0: (4, 0, 12).
    match = next_round(match, 4, ["4-0", "4-4", "6-6"])
    assert match.round.first == 0
    assert match.to_move == 1
    match = finish_round(match)

    assert match.results == ((1, 3, 0), (0, 7, 3), (4, 0, 12))
    assert match.totals == (5, 10, 15)
    assert match.winners == (0,)


def test_holder_start_search_passes_on_from_the_previous_winner() -> None:
    """R6, R23: the search goes round from the previous winner until the double turns up."""
    rules = tiny("chickie-duel", 2, rounds=2)
    match = finish_round(start(rules, 6, ["3-0", "6-6"]))  # seat 1 wins: (3, 0)
    # 5-5 is second in the boneyard: seat 1 draws 2-1 and passes, seat 0 draws 5-5.
    match = next_round(match, 5, ["1-0", "4-3"], top=["2-1", "5-5"])
    assert match.round.first == 1
    assert match.to_move == 1
    match = match.apply(Draw())
    assert match.legal_moves() == [Pass()]
    match = match.apply(Pass())
    assert match.to_move == 0
    match = match.apply(Draw())
    assert match.legal_moves() == [Play(d(5), None)]
    assert match.apply(Play(d(5), None)).to_move == 1


def test_holder_start_first_seat_in_a_seeded_match() -> None:
    """R23 ``holder``: round 1 from seat 0, later rounds from the previous winner.

    The holder of the round double makes the first move; if nobody holds it, the first
    seat draws first (R6).
    """
    for seed in range(6):
        match = play_randomly(Match.new(PRESETS["chickie-duel"], 2, seed=seed), random.Random(seed))
        rounds = match.finished
        assert rounds[0].first == 0
        for before, after in itertools.pairwise(rounds):
            assert after.first == before.winner
        for rnd in rounds:
            holders = [s for s, hand in enumerate(rnd.dealt_hands) if rnd.round_double in hand]
            seat, move = rnd.history[0].seat, rnd.history[0].move
            if holders:
                assert (seat, move) == (holders[0], Play(rnd.round_double, None))
            else:
                assert (seat, move) == (rnd.first, Draw())
            assert rnd.lead == next(e.seat for e in rnd.history if e.move == Play(rnd.round_double))


# ---------------------------------------------------------------------------
# a dealt match, step by step
# ---------------------------------------------------------------------------


def test_dealt_match_flow() -> None:
    """A dealt match waits for each deal; it refuses moves and deals at the wrong time."""
    rules = tiny("classic", 2, rounds=2)
    match = start(rules, 6, ["2-0", "6-6"])
    assert match.seed is None
    assert match.players == 2
    assert match.rules == rules
    assert match.round_index == 0
    assert match.round_count == 2
    assert not match.awaiting_deal
    assert not match.is_over
    assert match.next_round_double == d(5)
    assert match.to_move == 1
    assert match.legal_moves() == [Play(d(6), None)]
    hands, boneyard = make_deal(rules, 5, ["5-5", "1-0"])
    with pytest.raises(DealError):
        match.deal(hands, boneyard)  # the round in play is not over

    with pytest.raises(IllegalMoveError):
        match.apply(Play(t("2-0"), d(6)))  # seat 1 must place 6-6 first (R6)
    match = match.apply(Play(d(6), None))
    assert match.round.is_over
    assert match.finished == (match.round,)
    assert match.results == ((2, 0),)
    assert match.awaiting_deal
    assert not match.is_over
    assert match.round_index == 0
    assert match.to_move is None
    assert match.legal_moves() == []
    assert match.winners == ()
    assert match.next_round_double == d(5)
    assert match.next_first == 1
    for move in (Draw(), Pass(), Play(d(5), None)):
        with pytest.raises(IllegalMoveError):
            match.apply(move)

    bad_hands, bad_boneyard = make_deal(rules, 5, ["5-5", "1-0"])
    bad_boneyard.append(t("1-0"))  # a tile twice
    with pytest.raises(DealError):
        match.deal(bad_hands, bad_boneyard)
    with pytest.raises(DealError):
        match.deal([[t("5-5")], [t("1-0"), t("2-0")]], boneyard)  # a hand too big
    assert match.awaiting_deal  # unchanged by the refused deals

    match = match.deal(hands, boneyard)
    assert match.round_index == 1
    assert len(match.finished) == 1
    assert match.round.first == 1
    assert match.next_round_double is None
    assert match.next_first is None
    match = match.apply(Play(d(5), None))
    assert match.is_over
    assert not match.awaiting_deal
    assert match.round_index == 1
    assert match.results == ((2, 0), (0, 1))
    assert match.totals == (2, 1)
    assert match.winners == (1,)
    with pytest.raises(DealError):
        match.deal(hands, boneyard)
    with pytest.raises(IllegalMoveError):
        match.apply(Pass())


def test_dealt_centre_match_refuses_the_centre_double_in_a_deal() -> None:
    """R6: in a centre start the round double is on the table, so it is not dealt."""
    rules = tiny("double-foot", 2, rounds=2)
    match = finish_round(start(rules, 6, ["6-1", "2-0"]))
    assert match.next_round_double == d(5)
    hands, boneyard = make_deal(rules, 5, ["5-0", "5-1"])
    with pytest.raises(DealError):
        match.deal(hands, [*boneyard, d(5)])
    rest = [tile for tile in tile_set(6) if tile not in (d(6), t("2-0"))]
    with pytest.raises(DealError):
        Match.dealt(rules, [[d(6)], [t("2-0")]], rest)
    assert match.deal(hands, boneyard).round.first == 1


def test_deal_for_another_number_of_seats_is_a_deal_error() -> None:
    """A later round is dealt to the match's seats: three hands for two seats is a bad
    deal (DealError), and the match still waits for a proper one."""
    rules = attrs.evolve(PRESETS["classic"], rounds=2)  # 2 and 3 players: 7 tiles of double-9
    tiles = list(tile_set(9))
    match = Match.dealt(rules, [tiles[:7], tiles[7:14]], tiles[14:])
    while not match.round.is_over:
        match = match.apply(match.legal_moves()[0])
    assert match.awaiting_deal
    with pytest.raises(DealError):
        match.deal([tiles[:7], tiles[7:14], tiles[14:21]], tiles[21:])
    assert match.deal([tiles[:7], tiles[7:14]], tiles[14:]).round.players == 2


def test_seeded_match_never_awaits_a_deal() -> None:
    """A seeded match deals each round itself; deal() is refused all along."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=5)
    tiles = list(tile_set(6))
    rng = random.Random(5)
    while not match.is_over:
        assert not match.awaiting_deal
        assert match.round_index == len(match.finished)
        match = match.apply(rng.choice(match.legal_moves()))
    assert not match.awaiting_deal
    assert match.seed == 5
    with pytest.raises(DealError):
        match.deal([tiles[:7], tiles[7:14]], tiles[14:])
    with pytest.raises(IllegalMoveError):
        match.apply(Draw())


def test_apply_leaves_the_match_unchanged() -> None:
    """A match is an immutable value: apply returns a new match."""
    match = Match.new(PRESETS["cross-and-foot"], 4, seed=1)
    before = repr(match), match.round, match.finished
    after = match.apply(match.legal_moves()[0])
    assert after != match
    assert (repr(match), match.round, match.finished) == before


def test_a_match_survives_pickling() -> None:
    match = Match.new(PRESETS["classic"], 4, seed=3)
    rng = random.Random(1)
    for _ in range(300):  # into a later round
        match = match.apply(rng.choice(match.legal_moves()))
    assert match.finished
    copy = pickle.loads(pickle.dumps(match))
    assert copy == match
    assert hash(copy) == hash(match)
    move = match.legal_moves()[0]
    assert copy.apply(move) == match.apply(move)


def test_same_seed_and_moves_give_equal_matches() -> None:
    a = play_randomly(Match.new(PRESETS["classic"], 5, seed=42), random.Random(0))
    b = play_randomly(Match.new(PRESETS["classic"], 5, seed=42), random.Random(0))
    assert a == b
    assert hash(a) == hash(b)
    assert Match.new(PRESETS["classic"], 5, seed=42) != Match.new(PRESETS["classic"], 5, seed=43)


# ---------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "words"),
    [
        ("chickie-duel", 3, ["chickie-duel", "2", "3"]),
        ("cross-and-foot", 11, ["2 to 10", "11"]),
        ("cross-and-foot", 1, ["2 to 10", "1"]),
        ("classic", 21, ["2 to 20", "21"]),
        ("double-foot", 9, ["2 to 8", "9"]),
    ],
)
def test_unknown_player_count_is_refused(preset: str, players: int, words: list[str]) -> None:
    """§6: each preset names the player counts it covers."""
    with pytest.raises(RulesError) as excinfo:
        Match.new(PRESETS[preset], players, seed=1)
    for word in words:
        assert word in str(excinfo.value)


def test_dealt_match_with_an_unknown_player_count_is_refused() -> None:
    tiles = list(tile_set(6))
    with pytest.raises(RulesError, match="not 3"):
        Match.dealt(PRESETS["chickie-duel"], [tiles[:7], tiles[7:14], tiles[14:21]], tiles[21:])


def test_dealt_match_needs_the_whole_set() -> None:
    tiles = list(tile_set(6))
    with pytest.raises(DealError):
        Match.dealt(PRESETS["chickie-duel"], [tiles[:7], tiles[7:14]], tiles[14:27])


@pytest.mark.parametrize("target", [0, -3])
def test_target_must_be_positive(target: int) -> None:
    with pytest.raises(RulesError, match="target"):
        attrs.evolve(PRESETS["classic"], target=target)


@pytest.mark.parametrize(
    ("preset", "rounds", "words"),
    [
        ("chickie-duel", 8, ["8", "double-6", "7"]),
        ("cross-and-foot", 11, ["11", "double-9", "10"]),
    ],
)
def test_rounds_beyond_the_set_are_refused(preset: str, rounds: int, words: list[str]) -> None:
    """R19: a match has at most one round for each double of the set it is played with."""
    rules = attrs.evolve(PRESETS[preset], rounds=rounds)
    with pytest.raises(RulesError) as excinfo:
        Match.new(rules, 2, seed=1)
    for word in words:
        assert word in str(excinfo.value)


def test_round_count_is_checked_against_the_set_of_the_player_count() -> None:
    """R19: classic with 8 players uses double-12 (13 doubles), with 4 double-9 (10)."""
    rules = attrs.evolve(PRESETS["classic"], rounds=11)
    assert rules.round_count(8) == 11
    assert Match.new(rules, 8, seed=1).round_count == 11
    with pytest.raises(RulesError, match="double-9"):
        Match.new(rules, 4, seed=1)


def test_every_double_can_be_a_round() -> None:
    assert attrs.evolve(PRESETS["chickie-duel"], rounds=7).round_count(2) == 7
    assert attrs.evolve(PRESETS["classic"], rounds=10).round_count(8) == 10


@pytest.mark.parametrize("rounds", [0, -1, True, "quarter", 2.0, None])
def test_bad_round_counts_are_refused(rounds: Any) -> None:
    with pytest.raises(RulesError, match="rounds"):
        attrs.evolve(PRESETS["classic"], rounds=rounds)


def test_a_target_goes_with_full_rounds_only() -> None:
    """R19, R20: a target decides the end, so it cannot be combined with a count."""
    with pytest.raises(RulesError):
        attrs.evolve(PRESETS["classic"], rounds="half", target=100)
    with pytest.raises(RulesError):
        attrs.evolve(PRESETS["classic"], rounds=3, target=100)


@pytest.mark.parametrize(
    "knobs",
    [{"target_mode": "passes"}, {"tie_break": "coin"}, {"start": "anywhere"}],
)
def test_unknown_knob_values_are_refused(knobs: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        attrs.evolve(PRESETS["classic"], **knobs)


@pytest.mark.parametrize("seed", ["1", 1.0, True])
def test_match_seed_is_an_int(seed: Any) -> None:
    with pytest.raises(TypeError):
        Match.new(PRESETS["classic"], 4, seed=seed)


# ---------------------------------------------------------------------------
# values: repr and construction
# ---------------------------------------------------------------------------


def test_repr_names_the_round_in_play_and_the_totals() -> None:
    """The repr counts rounds from 1 (R19) and shows the running totals (R21)."""
    match = Match.new(tiny("classic", 2, rounds=2), 2, seed=5)
    assert repr(match) == "<Match tiny-classic, 2 players, round 1, totals [0, 0]>"
    rng = random.Random(5)
    while not match.finished:
        match = match.apply(rng.choice(match.legal_moves()))
    assert len(match.finished) == 1
    assert repr(match) == f"<Match tiny-classic, 2 players, round 2, totals {list(match.totals)}>"
    assert sum(match.totals) > 0
    match = play_randomly(match, rng)
    assert repr(match) == f"<Match tiny-classic, 2 players, over, totals {list(match.totals)}>"


def test_a_match_holds_a_round_of_its_own_rules_and_seats() -> None:
    """A match's round is one of its variant at its table: a round of another player
    count, or of other rules, is refused however the match is built. Rules are compared
    by value: an equal copy of the variant (as a record reads back) is the same variant."""
    classic = PRESETS["classic"]
    match = Match.new(classic, 3, seed=1)
    four = Round.deal(classic, 4, seed=1)
    other = Round.deal(PRESETS["cross-and-foot"], 3, seed=1)
    for wrong in (four, other):
        with pytest.raises(ValueError, match=r"Match\.new\(\) or Match\.dealt\(\)"):
            Match(classic, 3, 1, (), wrong)
        with pytest.raises(ValueError, match=r"Match\.new\(\) or Match\.dealt\(\)"):
            attrs.evolve(match, round=wrong)
    assert Match(classic, 3, 1, (), match.round) == match
    copied = attrs.evolve(classic)
    assert copied == classic
    assert copied is not classic
    assert Match(copied, 3, 1, (), match.round) == match
    assert attrs.evolve(match, rules=copied) == match


def test_a_match_seats_as_many_players_as_its_set_deals_to_r5() -> None:
    """R5: a custom variant may seat any number of players its set can deal a hand to: a
    match of 300 players, one tile each from double-30, is dealt, played on into its next
    rounds (R19), and rebuilt from its fields."""
    crowd = attrs.evolve(PRESETS["classic"], name="crowd", set_sizes={300: 30}, hand_sizes={300: 1})
    match = Match.new(crowd, 300, seed=1)
    assert match.players == match.round.players == 300
    assert match.round.hand_counts == (1,) * 300
    rng = random.Random(1)
    while len(match.finished) < 2:
        match = match.apply(rng.choice(match.legal_moves()))
    assert [rnd.players for rnd in match.finished] == [300, 300]
    assert Match(crowd, 300, match.seed, match.finished, match.round) == match


def test_a_dealt_match_of_300_players_takes_its_next_round_from_a_deal_r5() -> None:
    """R5, R19: a dealt match of 300 players, one tile each from double-30, takes its next
    round from an explicit deal of 300 hands."""
    crowd = attrs.evolve(PRESETS["classic"], name="crowd", set_sizes={300: 30}, hand_sizes={300: 1})
    tiles = list(tile_set(30))
    rng = random.Random(2)
    rng.shuffle(tiles)
    match = Match.dealt(crowd, [[x] for x in tiles[:300]], tiles[300:])
    while not match.awaiting_deal:
        match = match.apply(rng.choice(match.legal_moves()))
    rng.shuffle(tiles)
    match = match.deal([[x] for x in tiles[:300]], tiles[300:])
    assert not match.awaiting_deal
    assert match.round.players == 300
    assert match.round.hand_counts == (1,) * 300
    assert match.round.round_double == d(29)


def test_the_ply_counts_every_move_of_the_match_r19() -> None:
    """R19: a match's ply goes up by one with every move, across its rounds: within a
    round it is the moves of the rounds before plus the round's own."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
    rng = random.Random(3)
    count = 0
    while len(match.finished) < 2:
        match = match.apply(rng.choice(match.legal_moves()))
        count += 1
        assert match.ply == count
        if match.finished and match.round.ply:
            assert match.ply == sum(r.ply for r in match.finished) + match.round.ply


def test_the_seat_of_a_move_is_given_by_name() -> None:
    """``apply(move, seat=...)``: the seat is keyword-only on a match as on a round, so a
    seat number passed by position cannot be taken for something else."""
    match = Match.new(PRESETS["classic"], 4, seed=1)
    move = match.legal_moves()[0]
    seat = match.to_move
    assert seat is not None
    with pytest.raises(TypeError):
        match.apply(move, seat)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        match.round.apply(move, seat)  # type: ignore[call-arg]
    assert match.apply(move, seat=seat) == match.apply(move)


def test_a_match_loads_back_from_its_json_text_and_record() -> None:
    """A match part way through (R19) comes back from its JSON text, bytes or str, and
    from its record, and plays on the same."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=4)
    rng = random.Random(4)
    while len(match.finished) < 2:
        match = match.apply(rng.choice(match.legal_moves()))
    text = match.to_json()
    for again in (
        Match.from_json(text),
        Match.from_json(text.encode()),
        Match.from_record(match.to_record()),
    ):
        assert again == match
        move = match.legal_moves()[0]
        assert again.apply(move) == match.apply(move)
