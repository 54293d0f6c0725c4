"""The exact sampler under house rules: brute-force counts and chi-square tests.

A separable rule (H1) and a scoring rule (H3) keep the book exact: the sampler's count
equals the brute-force count of deals whose replay gives the view back. A rule that
declares nothing (H2) leaves facts out; the sampler then draws among more deals and keeps
those whose replay gives the view back, so its samples still fall on exactly the
brute-force deals, uniformly (R5, R12-R17 under the house rules).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from house_rules import CostlyDoubles, NoBlankOnTheDouble, WildDoubleBlank
from test_sampling import (
    DealKey,
    _assert_samples_fit,
    brute_force,
    count_deals,
    deal_key,
    played,
    sample_state,
    tiny,
)

from chickenfoot import Draw, HouseRule, Move, Play, Round, Rules, SamplingError, Turn, house_rule
from chickenfoot import _sampling as sampling
from chickenfoot._book import book_of
from chickenfoot.state import state_of


@house_rule
@attrs.frozen
class BlanksWaitOnOddCounts(HouseRule):
    """While the hands hold an odd number of tiles in all, no tile with a blank end is
    played: each tile's plays are kept or removed on its own, by the public tile counts,
    the same for every seat."""

    name = "blanks-wait-on-odd-counts"
    rule = "H4"
    separable = True

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        if sum(turn.hand_counts) % 2 == 0:
            return moves
        return [m for m in moves if not (isinstance(m, Play) and m.tile.has(0))]


SEPARABLE = (NoBlankOnTheDouble(),)
COUNTED = (BlanksWaitOnOddCounts(),)
SCORING = (CostlyDoubles(factor=2, bonus_points=5),)
SILENT = (WildDoubleBlank(),)
TABLES = [(2, 3, 3), (3, 3, 2)]
KNOBS: list[dict[str, object]] = [
    {},
    {"start": "centre"},
    {"play_drawn": "may"},
    {"boneyard_reserve": 1},
    {"draws_per_turn": 2, "start": "centre"},
]


def variant(
    house: tuple[HouseRule, ...], players: int, n: int, hand: int, **knobs: object
) -> Rules:
    return attrs.evolve(tiny(players, n, hand, **knobs), house=house)


def _views(house: tuple[HouseRule, ...]) -> Iterator[tuple[Round, int]]:
    for k, knobs in enumerate(KNOBS):
        for players, n, hand in TABLES:
            for seed in range(3):
                moves = (seed * 5 + k) % 13 + 2
                rnd = played(
                    variant(house, players, n, hand, **knobs), players, 50 * k + seed, moves
                )
                yield rnd, moves


@pytest.mark.parametrize(
    "house",
    [SEPARABLE, SCORING, SEPARABLE + SCORING, COUNTED],
    ids=["H1", "H3", "H1+H3", "H4"],
)
def test_exact_count_under_a_declared_rule_equals_the_brute_force_count(
    house: tuple[HouseRule, ...],
) -> None:
    for rnd, moves in _views(house):
        for seat in range(rnd.players):
            view = rnd.view(seat)
            expected = sum(brute_force(rnd, seat).values())
            assert expected >= 1
            assert count_deals(view) == expected, (rnd.rules, moves, seat)
            assert sample_state(view, random.Random(seat)).view(seat) == view


def _finished(house: tuple[HouseRule, ...]) -> Iterator[Round]:
    for k, knobs in enumerate(KNOBS):
        for players, n, hand in TABLES:
            for seed in range(4):
                rnd = played(
                    variant(house, players, n, hand, **knobs), players, 900 + 7 * k + seed, 80
                )
                if rnd.is_over:
                    yield rnd


@pytest.mark.parametrize("house", [SEPARABLE, SCORING], ids=["H1", "H3"])
def test_exact_count_of_finished_rounds_under_a_declared_rule(house: tuple[HouseRule, ...]) -> None:
    """The scores, less the bonuses, are facts of the view (R17), and so is a block (R16)."""
    endings: Counter[str] = Counter()
    for rnd in _finished(house):
        assert rnd.outcome is not None
        endings[rnd.outcome.ending.name] += 1
        for seat in range(rnd.players):
            view = rnd.view(seat)
            assert count_deals(view) == sum(brute_force(rnd, seat).values())
    assert set(endings) == {"WENT_OUT", "BLOCKED"}


def test_a_rule_that_declares_nothing_has_no_exact_count() -> None:
    rnd = played(variant(SILENT, 2, 3, 3), 2, 3, 6)
    with pytest.raises(SamplingError, match="no exact count"):
        count_deals(rnd.view(0))


def test_samples_under_a_rule_that_declares_nothing_fall_on_the_brute_force_deals() -> None:
    """Every sample replays the view; over many views the samples are exactly the deals
    the brute force finds, never one outside them."""
    checked = 0
    for rnd, _ in _views(SILENT):
        for seat in range(rnd.players):
            view = rnd.view(seat)
            deals = brute_force(rnd, seat)
            rng = random.Random(seat)
            for _ in range(5):
                sample = sample_state(view, rng)
                assert sample.view(seat) == view
                assert deal_key(sample, seat) in deals
                checked += 1
    assert checked > 100


def _spread_view(house: tuple[HouseRule, ...]) -> tuple[Round, int, Counter[DealKey]]:
    """A view in play with 6 to 60 consistent deals, another seat having drawn after the
    round double was placed, where the house rule had a say."""
    for seed in range(200):
        rnd = played(variant(house, 2, 3, 3), 2, seed, 6)
        seat = rnd.to_move
        if seat is None:
            continue
        history = rnd.history
        placed = next((i for i, e in enumerate(history) if isinstance(e.move, Play)), None)
        if placed is None or not any(
            isinstance(e.move, Draw) and e.seat != seat for e in history[placed + 1 :]
        ):
            continue
        counts = brute_force(rnd, seat)
        if 6 <= len(counts) <= 60:
            return rnd, seat, counts
    raise AssertionError("no view found")


@pytest.mark.parametrize("house", [SEPARABLE, SILENT], ids=["H1 separable", "H2 by replay"])
def test_samples_under_house_rules_follow_the_exact_distribution(
    house: tuple[HouseRule, ...],
) -> None:
    """Chi-square of 3000 samples against the brute-force distribution: the separable
    rule's facts and the replay's dropped samples favour no deal (R12, R13)."""
    rnd, seat, counts = _spread_view(house)
    _assert_samples_fit(rnd, seat, counts)


def test_the_sampler_gives_up_naming_the_rule_that_declares_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the tries allowed, SamplingError names the rule and what to declare."""
    monkeypatch.setattr(sampling, "TRIES", 0)
    rnd = played(variant(SILENT, 2, 3, 3), 2, 3, 6)
    with pytest.raises(SamplingError) as info:
        sample_state(rnd.view(0), random.Random(1))
    message = str(info.value)
    assert "wild-double-blank (H2)" in message
    assert "give the rule reveal() or declare it separable" in message
    monkeypatch.setattr(sampling, "TRIES", 10_000)
    assert sample_state(rnd.view(0), random.Random(1)).view(0) == rnd.view(0)


@house_rule
@attrs.frozen
class SecondSeatKeepsDoubles(HouseRule):
    """Seat 1 never plays a double; the other seats play as the rules say. Each tile's
    plays are kept or removed on its own, by the seat to move."""

    name = "second-seat-keeps-doubles"
    rule = "H13"
    separable = True

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        if turn.seat != 1:
            return moves
        return [m for m in moves if not (isinstance(m, Play) and m.tile.is_double)]


def test_samples_of_a_blocked_round_let_a_seat_keep_what_only_it_could_not_play() -> None:
    """R16 under a rule of one seat: a blocked round leaves in the boneyard only the tiles
    every seat could have played, so seat 1 may still hold a double the others could have
    placed. Chi-square of 3000 samples against the brute-force distribution, where some
    of the deals give seat 1 such a double."""
    house = (SecondSeatKeepsDoubles(),)
    rules = variant(house, 3, 3, 2)
    book = book_of(rules)
    for seed in range(300):
        rnd = played(rules, 3, 2000 + seed, 80)
        if rnd.outcome is None or rnd.outcome.ending.name != "BLOCKED":
            continue
        table, left = state_of(rnd).table, len(rnd.boneyard)
        counts_now = tuple(len(h) for h in rnd.hands)
        plays = [book.playable(table, s, left, counts_now) for s in range(3)]
        only_others = plays[0] & plays[2] & ~plays[1]
        if not only_others:
            continue
        for seat in (0, 2):
            counts = brute_force(rnd, seat)
            second = 0 if seat == 0 else 1  # seat 1's hand in a deal's other hands
            if 4 <= len(counts) <= 80 and any(
                only_others >> t.index & 1 for key in counts for t in key[0][second]
            ):
                _assert_samples_fit(rnd, seat, counts)
                return
    raise AssertionError("no blocked round where seat 1 may hold a double only it kept")
