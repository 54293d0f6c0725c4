"""Properties of whole matches played with random legal moves (R17-R23).

Each example draws a variant (a preset, possibly with changed knobs, and a schedule:
full, half, a count of rounds or a target), a player count, a match seed and a seed
for the choice of moves, then plays the match. The expected schedule and first seats come
from the reference (``ReferenceSchedule`` of tests/reference.py), totals and places are
worked out here from the rules: none is read from the engine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import ReferenceSchedule
from strategies import move_bound
from strategies import rules as variants

from chickenfoot import PRESETS, Match, Move, Rules, TieBreak
from chickenfoot._scoring import standings


def _at_most(count: int) -> int:
    """``count`` examples, or fewer if the active profile asks for fewer."""
    active = settings.default
    return count if active is None else min(active.max_examples, count)


#: Whole matches are played in every example: cap the examples of the active profile.
_FEW = settings(max_examples=_at_most(25), deadline=None)
#: Rounds played at most in a target match, where nothing bounds the count (R20).
ROUND_CAP = 60


@attrs.frozen
class Played:
    """A match played from its seed with the recorded moves.

    Its repr is the call that plays it again, so a failing example stays short (the
    moves of a whole match run to megabytes).
    """

    rules: Rules
    players: int
    seed: int
    move_seed: int
    moves: tuple[Move, ...]
    match: Match
    #: The match right after each round ended (the next round already dealt, if any).
    ends: tuple[Match, ...]

    def __repr__(self) -> str:
        return f"play({self.rules!r}, {self.players}, {self.seed}, {self.move_seed})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """What Hypothesis prints for a failing example: :meth:`__repr__`."""
        printer.text(repr(self))


def set_n(rules: Rules, players: int) -> int:
    return dict(rules.set_sizes)[players]


def schedule(played: Played) -> ReferenceSchedule:
    """The reference's schedule of the match played (R19-R23)."""
    return ReferenceSchedule(played.rules, set_n(played.rules, played.players), played.players)


def rows(match: Match) -> list[list[int]]:
    return [list(row) for row in match.results]


def rank_key(rules: Rules, scores: Sequence[int]) -> tuple[float, ...]:
    """R21, R22: lower is better; total, then most zero rounds, then lowest non-zero round."""
    total = sum(scores)
    if rules.tie_break == "shared":
        return (total,)
    nonzero = [s for s in scores if s != 0]
    return (total, -scores.count(0), min(nonzero) if nonzero else math.inf)


def column(results: Sequence[Sequence[int]], seat: int) -> list[int]:
    return [row[seat] for row in results]


@st.composite
def match_rules(draw: st.DrawFn, *, preset: str | None = None) -> Rules:
    """A variant (maybe with changed knobs) with a drawn schedule (R19, R20)."""
    base = draw(variants(preset=preset))
    smallest = min(n for _, n in base.set_sizes)
    schedule = draw(st.sampled_from(["full", "half", "count", "target"]))
    if schedule == "count":
        return attrs.evolve(base, rounds=draw(st.integers(1, smallest + 1)))
    if schedule == "target":
        return attrs.evolve(
            base,
            target=draw(st.integers(1, 300)),
            target_mode=draw(st.sampled_from(["exceeds", "reaches"])),
        )
    if schedule == "half":
        return attrs.evolve(base, rounds="half")
    return base


def play(rules: Rules, players: int, seed: int, move_seed: int) -> Played:
    """Play a match with random legal moves.

    Every round must end within :func:`move_bound` moves; a target match is cut off
    after :data:`ROUND_CAP` rounds.
    """
    match = Match.new(rules, players, seed=seed)
    rng = random.Random(move_seed)
    moves: list[Move] = []
    ends: list[Match] = []
    while not match.is_over and len(match.finished) < ROUND_CAP:
        rnd = match.round
        bound = move_bound(rnd)
        for _ in range(bound + 1):
            if rnd.is_over:
                break
            move = rng.choice(match.legal_moves())
            moves.append(move)
            before = len(match.finished)
            match = match.apply(move)
            if len(match.finished) > before:
                ends.append(match)
                break
            rnd = match.round
        else:
            raise AssertionError(f"a round of {rules.name} went past {bound} moves")
    return Played(rules, players, seed, move_seed, tuple(moves), match, tuple(ends))


@st.composite
def played_matches(draw: st.DrawFn, *, preset: str | None = None) -> Played:
    rules = draw(match_rules(preset=preset))
    players = draw(st.sampled_from(rules.player_counts))
    seed = draw(st.integers(0, 2**64 - 1))
    return play(rules, players, seed, draw(st.integers(0, 2**32 - 1)))


# ---------------------------------------------------------------------------
# R19-R21: schedule and totals
# ---------------------------------------------------------------------------


@_FEW
@given(played_matches())
def test_totals_are_column_sums_of_results(played: Played) -> None:
    """R17, R21: results are the finished rounds' scores; totals their column sums."""
    for match in (*played.ends, played.match):
        results = match.results
        assert results == tuple(r.scores for r in match.finished)
        assert len(results) == len(match.finished)
        assert all(len(row) == played.players for row in results)
        assert match.totals == tuple(sum(column(results, s)) for s in range(played.players))
        assert tuple(s.total for s in match.standings) == match.totals


@_FEW
@given(played_matches())
def test_rounds_and_round_doubles_follow_the_knobs(played: Played) -> None:
    """R19, R20: how many rounds, and doubles from N down to 0 (cycling with a target);
    R19b: and back up."""
    match, oracle = played.match, schedule(played)
    count = oracle.count()
    assert match.round_count == count
    played_count = len(match.finished)
    assert [r.dealt_for.high for r in match.finished] == oracle.doubles(played_count)
    if count is not None:
        assert match.is_over
        assert played_count == count
        return
    # A target: the match ends after the first round that crosses it, and only then.
    for end in played.ends[:-1]:
        assert not oracle.over(rows(end))
        assert not end.is_over
    if match.is_over:
        assert oracle.over(rows(match))
    else:
        assert played_count == ROUND_CAP
        assert not oracle.over(rows(match))


@_FEW
@given(played_matches())
def test_next_round_double_and_next_first_while_a_round_is_played(played: Played) -> None:
    """R19, R20, R23: during round k the match announces round k + 1's double, and its
    first seat when the start is ``centre`` (a ``holder`` start waits for the winner)."""
    oracle = schedule(played)
    count = oracle.count()
    for end in played.ends:
        if end.is_over:
            assert end.next_round_double is None
            assert end.next_first is None
            continue
        k = len(end.finished)  # the index of the round in play
        assert end.round_index == k
        assert not end.awaiting_deal
        if count is not None and k + 1 >= count:
            assert end.next_round_double is None
            assert end.next_first is None
            continue
        assert end.next_round_double is not None
        assert end.next_round_double.high == oracle.doubles(k + 2)[-1]
        # the winner of round k is not known while round k is played
        assert end.next_first == oracle.first_seat(k + 1, None)


@_FEW
@given(played_matches())
def test_first_seats_follow_r23(played: Played) -> None:
    """R23: round 1 from seat 0; centre: one seat on each round; holder: the previous
    winner (and the holder of the round double moves first, R6)."""
    rounds, oracle = played.match.finished, schedule(played)
    for i, rnd in enumerate(rounds):
        assert rnd.first == oracle.first_seat(i, rounds[i - 1].winner if i else None)
        holders = [s for s, hand in enumerate(rnd.dealt_hands) if rnd.round_double in hand]
        if played.rules.start == "centre" or not holders:
            assert rnd.history[0].seat == rnd.first
        else:
            assert rnd.history[0].seat == holders[0]


# ---------------------------------------------------------------------------
# R21, R22: winners and places
# ---------------------------------------------------------------------------


@_FEW
@given(played_matches())
def test_winners_hold_the_lowest_total(played: Played) -> None:
    """R21, R22: the winners are the seats with the lowest total, after the tie-break."""
    match = played.match
    if not match.is_over:
        assert match.winners == ()
        return
    lowest = min(match.totals)
    assert match.winners
    assert all(match.totals[w] == lowest for w in match.winners)
    results = match.results
    keys = [rank_key(played.rules, column(results, s)) for s in range(played.players)]
    assert match.winners == tuple(s for s in range(played.players) if keys[s] == min(keys))
    if played.rules.tie_break == "shared":
        assert match.winners == tuple(s for s in range(played.players) if match.totals[s] == lowest)
    for end in played.ends[:-1]:
        assert end.winners == ()


@_FEW
@given(played_matches())
def test_standings_places_are_consistent(played: Played) -> None:
    """R21, R22: competition ranking by the tie-break key; place 1 iff a winner."""
    match = played.match
    table = match.standings
    results = match.results
    keys = [rank_key(played.rules, column(results, s)) for s in range(played.players)]
    assert [s.seat for s in table] == list(range(played.players))
    for a in table:
        assert a.place == 1 + sum(k < keys[a.seat] for k in keys)
        assert a.zero_rounds == column(results, a.seat).count(0)
        for b in table:
            if a.total < b.total:
                assert a.place < b.place
    if match.is_over:
        assert {s.seat for s in table if s.place == 1} == set(match.winners)


@settings(max_examples=_at_most(100), deadline=None)
@given(
    players=st.integers(2, 6),
    tie_break=st.sampled_from(["shared", "zero_rounds"]),
    data=st.data(),
)
def test_standings_of_any_results_table(
    players: int, tie_break: TieBreak, data: st.DataObject
) -> None:
    """R21, R22 on hand-free tables: totals, zeros, best non-zero round and places."""
    row = st.lists(st.integers(0, 12), min_size=players, max_size=players)
    results = data.draw(st.lists(row, max_size=6))
    table = standings(results, players, tie_break)
    rules = attrs.evolve(PRESETS["classic"], tie_break=tie_break)
    keys = [rank_key(rules, column(results, s)) for s in range(players)]
    for seat, line in enumerate(table):
        scores = column(results, seat)
        nonzero = [s for s in scores if s]
        assert line.seat == seat
        assert line.total == sum(scores)
        assert line.zero_rounds == scores.count(0)
        assert line.best_nonzero == (min(nonzero) if nonzero else None)
        assert line.place == 1 + sum(k < keys[seat] for k in keys)
    assert min(line.place for line in table) == 1


# ---------------------------------------------------------------------------
# values, replay and termination
# ---------------------------------------------------------------------------


@_FEW
@given(played_matches())
def test_same_seed_and_moves_give_an_equal_match(played: Played) -> None:
    """A seeded match replays from its seed and moves alone."""
    fresh = Match.new(played.rules, played.players, seed=played.seed)
    assert fresh == Match.new(played.rules, played.players, seed=played.seed)
    assert hash(fresh) == hash(Match.new(played.rules, played.players, seed=played.seed))
    again = fresh
    for move in played.moves:
        again = again.apply(move)
    assert again == played.match
    assert hash(again) == hash(played.match)
    assert again.totals == played.match.totals
    assert again.winners == played.match.winners


@_FEW
@given(played_matches())
def test_a_dealt_match_of_the_same_deals_plays_the_same(played: Played) -> None:
    """Match.dealt with each round's deal and the same moves gives the same match.

    Each round is compared where both must agree: its deal as dealt (R5, R19, R23), and
    once its moves are played, the table and the scores. (The round double is not
    compared just after the deal: in a ``highest_held`` start it is the double searched
    for until a search draw turns up a lower one, R6b.)
    """
    rounds = played.match.finished
    first = rounds[0]
    match = Match.dealt(played.rules, first.dealt_hands, first.dealt_boneyard)
    assert match.seed is None
    for i, rnd in enumerate(rounds):
        if i > 0:
            assert match.awaiting_deal
            assert match.next_round_double == rnd.dealt_for
            assert match.next_first == rnd.first
            match = match.deal(rnd.dealt_hands, rnd.dealt_boneyard)
        assert not match.awaiting_deal
        dealt = match.round
        assert (dealt.first, dealt.dealt_for) == (rnd.first, rnd.dealt_for)
        assert (dealt.dealt_hands, dealt.dealt_boneyard) == (rnd.dealt_hands, rnd.dealt_boneyard)
        for event in rnd.history:
            match = match.apply(event.move)
        played_again = match.round
        assert played_again.is_over
        assert played_again.round_double == rnd.round_double
        assert played_again.layout == rnd.layout
        assert played_again.outcome == rnd.outcome
    assert match.results == played.match.results
    assert match.totals == played.match.totals
    assert match.is_over == played.match.is_over
    assert match.awaiting_deal == (not played.match.is_over)
    assert match.winners == played.match.winners
    assert match.standings == played.match.standings


@settings(max_examples=_at_most(30), deadline=None)
@given(
    preset=st.sampled_from(list(PRESETS)),
    data=st.data(),
    seed=st.integers(0, 2**64 - 1),
    move_seed=st.integers(0, 2**32 - 1),
)
def test_every_match_of_every_preset_ends(
    preset: str, data: st.DataObject, seed: int, move_seed: int
) -> None:
    """R16, R19: each round ends within a bounded number of moves; the match after
    N + 1 rounds."""
    rules = PRESETS[preset]
    players = data.draw(st.sampled_from(rules.player_counts))
    played = play(rules, players, seed, move_seed)
    assert played.match.is_over
    assert len(played.match.finished) == set_n(rules, players) + 1
    assert played.match.winners
