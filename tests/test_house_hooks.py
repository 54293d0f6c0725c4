"""A house rule's needs of the deal, its check of a written position, and the bounds of its
points: ``HouseRule.deal_needs``, ``check_position`` and ``score_bounds``.

The rules are those of ``tests/house_rules.py``, written as a user writes them: H4 keeps
the tiles showing its number off the round double (R7), so it needs that number in the
set and a round double of another number, and it cannot reach a layout with such a tile
on the round double; H3 scores doubles higher and bounds its bonus.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest
from house_rules import CostlyDoubles, NoBlankOnTheDouble, NoNumberOnTheDouble
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot import (
    PRESETS,
    Ending,
    HouseRule,
    Match,
    Play,
    Round,
    Rules,
    Tile,
    house_rule,
    tile_set,
)
from chickenfoot._book import book_of
from chickenfoot._house import score_bounds as house_score_bounds
from chickenfoot.errors import PositionError, RecordError, RulesError
from chickenfoot.testing import check_rule

CLASSIC = PRESETS["classic"]
DUEL = PRESETS["chickie-duel"]
FIVES = attrs.evolve(CLASSIC, house=[NoNumberOnTheDouble(5)])  # classic: double-9 at 2-6 seats
CITED = "(H4, house rule no-number-on-the-double)"


# -- deal_needs ---------------------------------------------------------------------------


def test_a_deal_the_rule_cannot_play_is_refused_naming_the_rule_r6() -> None:
    """R6: a round dealt for 5-5 opens on 5-5, every place of which shows a 5, and H4
    keeps the 5s off it: the deal is refused, by seed or by hand, before any tile moves."""
    expected = (
        "classic cannot deal a round of the double-9 set to 4 players for 5-5: no tile may "
        f"go onto the round double 5-5, as every one shows a 5 {CITED}"
    )
    with pytest.raises(RulesError) as info:
        Round.deal(FIVES, 4, seed=3, round_double=5)
    assert str(info.value) == expected
    tiles = list(tile_set(9))
    hands = [tiles[7 * s : 7 * s + 7] for s in range(4)]
    with pytest.raises(RulesError) as info:
        Round.from_deal(FIVES, hands, tiles[28:], round_double=5)
    assert str(info.value) == expected
    # any other double deals, and plays as the rule says
    rnd = Round.deal(FIVES, 4, seed=3, round_double=6)
    assert rnd.dealt_for == Tile(6, 6)
    assert Round.from_deal(FIVES, hands, tiles[28:], round_double=9).round_double == Tile(9, 9)


def test_a_set_without_the_number_is_refused_at_each_count_r5() -> None:
    """R5: chickie-duel plays the double-6 set, which has no 9; classic at 7 seats the
    double-12, which has."""
    h4 = NoNumberOnTheDouble()  # number 9
    with pytest.raises(RulesError, match=r"no tile of the double-6 set shows a 9 \(H4, "):
        Round.deal(attrs.evolve(DUEL, house=[h4]), 2, seed=1)
    rnd = Round.deal(attrs.evolve(CLASSIC, house=[h4]), 7, seed=1)
    assert rnd.round_double == Tile(12, 12)


def test_a_match_is_refused_when_it_starts_for_a_round_it_would_deal_later_r19() -> None:
    """R19: a full match of the double-9 set deals rounds for 9-9 down to 0-0, so the
    round for 5-5 (the fifth) is refused when the match starts, dealt by seed or by hand;
    a match of three rounds (9-9, 8-8, 7-7) never deals it and starts."""
    with pytest.raises(RulesError) as info:
        Match.new(FIVES, 4, seed=1)
    assert str(info.value).startswith("round 5 of the match: classic cannot deal a round of")
    assert str(info.value).endswith(CITED)
    tiles = list(tile_set(9))
    hands = [tiles[7 * s : 7 * s + 7] for s in range(4)]
    with pytest.raises(RulesError, match=r"^round 5 of the match: .* for 5-5: "):
        Match.dealt(FIVES, hands, tiles[28:])
    short = attrs.evolve(FIVES, rounds=3)
    match = Match.new(short, 4, seed=1)
    assert match.round.dealt_for == Tile(9, 9)
    # R20: a match played to a target deals every double in turn, 5-5 among them
    with pytest.raises(RulesError, match=r"^round 5 of the match"):
        Match.new(attrs.evolve(FIVES, target=200), 4, seed=1)


def test_a_position_and_a_record_of_a_deal_the_rule_cannot_play_are_refused_r6() -> None:
    """R6: a position dealt for 5-5 is read under classic but refused under H4 with a
    PositionError; its record, with a RecordError saying where."""
    plain = attrs.evolve(FIVES, house=())
    text = Round.deal(plain, 4, seed=2, round_double=5).to_position()
    with pytest.raises(PositionError) as info:
        Round.from_position(FIVES, text)
    assert str(info.value).endswith(f"every one shows a 5 {CITED}")
    record = _with_house(Round.from_position(plain, text).to_json(), FIVES)
    with pytest.raises(RecordError, match=r"^round 1, position: classic cannot deal .*\(H4, "):
        Round.from_json(record)


def _with_house(record: str, rules: Rules) -> str:
    """``record`` with the house rules of ``rules`` written into its rules."""
    data = json.loads(record)
    house = [{"name": r.name, "knobs": attrs.asdict(r)} for r in rules.house]
    data["rules"]["knobs"]["house"] = house
    return json.dumps(data)


# -- check_position -----------------------------------------------------------------------


def _five_on_the_double() -> str:
    """A classic position with a 5 played onto the round double 9-9, without the rule."""
    plain = attrs.evolve(FIVES, house=())
    for seed in range(60):
        rnd = Round.deal(plain, 4, seed=seed)
        rnd = rnd.apply(rnd.legal_moves()[0])  # the round double, 9-9 (R6)
        fives = [m for m in rnd.legal_moves() if isinstance(m, Play) and m.tile.has(5)]
        if fives:
            return rnd.apply(fives[0]).to_position()
    raise AssertionError("no seat could play a 5 onto 9-9 in 60 deals")


def test_a_position_the_rule_cannot_reach_is_refused_naming_tile_and_rule_r7() -> None:
    """R7: 9-5 onto the round double 9-9 is one of its places; H4 never plays it there,
    so its check refuses the written layout, naming the tile; the position without the
    rule is read."""
    text = _five_on_the_double()
    plain = Round.from_position(attrs.evolve(FIVES, house=()), text)
    tile = plain.layout.placements[1].tile
    with pytest.raises(PositionError) as info:
        Round.from_position(FIVES, text)
    assert (
        str(info.value) == f"layout: {tile} lies on the round double 9-9, where no 5 goes {CITED}"
    )
    record = _with_house(plain.to_json(), FIVES)
    with pytest.raises(RecordError, match=rf"^round 1, position: layout: {tile} lies on .*\(H4, "):
        Round.from_json(record)


def test_the_rule_checks_a_position_after_the_librarys_checks_r5() -> None:
    """R5: a position missing a tile is refused for that, not for the 5 on the double:
    the house rule is asked of a whole round only."""
    words = _five_on_the_double().split()
    words[4] = words[4].split(",", 1)[1]  # the boneyard without its next tile
    with pytest.raises(PositionError) as info:
        Round.from_position(FIVES, " ".join(words))
    assert str(info.value).startswith("the position is missing 1 tile of the double-9 set")
    assert "(H4" not in str(info.value)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.sampled_from([5, 6, 7]))
def test_every_position_a_round_reaches_is_read_back_r7(
    seed: int, players: int, number: int
) -> None:
    """R7: the rule's check accepts every position its own rounds reach, each read back
    into the same round (its legal moves and what comes after them)."""
    rules = attrs.evolve(CLASSIC, house=[NoNumberOnTheDouble(number)])
    rng = random.Random(seed)
    rnd = Round.deal(rules, players, seed=seed)  # dealt for 9-9
    while True:
        back = Round.from_position(rules, rnd.to_position())
        assert back.legal_moves() == rnd.legal_moves()
        assert back.to_position() == rnd.to_position()
        if rnd.is_over:
            break
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))


def test_check_rule_reads_back_every_position_and_skips_the_deals_refused() -> None:
    """check_rule plays only the deals the rule can play (chickie-duel has no 9), reads
    back every position, and refuses a rule that can play no deal it is given."""
    check_rule(NoNumberOnTheDouble(), [DUEL, PRESETS["double-foot"]], rounds=1)
    with pytest.raises(RulesError, match="can play no deal"):
        check_rule(NoNumberOnTheDouble(), DUEL, rounds=1)


@house_rule
@attrs.frozen
class RefusesEveryLayout(HouseRule):
    """An unsound check: it refuses every position with a tile off the round double."""

    name = "refuses-every-layout"
    rule = "H9"

    def check_position(self, position: Round) -> str | None:
        placed = position.layout.placements
        return f"{placed[-1].tile} was never played" if len(placed) > 1 else None


def test_check_rule_catches_a_check_that_refuses_a_reachable_position() -> None:
    with pytest.raises(AssertionError, match="check_position refuses a position its rounds reach"):
        check_rule(RefusesEveryLayout(), DUEL, rounds=1)


# -- score_bounds -------------------------------------------------------------------------


def score_bounds(rules: Rules, tiles: int) -> tuple[int, int]:
    """What OpenSpiel's game asks (through ``_encode``, whose numpy the adapters need)."""
    return house_score_bounds(book_of(rules), tiles)


def _set_points(rules: Rules, tiles: int) -> int:
    return sum(book_of(rules).values[:tiles])


def test_the_bounds_of_the_scores_count_tile_points_and_bonuses_r17() -> None:
    """R17: a seat scores at most the whole set's tile points, each as the house rules
    count it (H3 doubles the doubles), and at least 0; H3's bonus adds its points; a
    scoring rule alone (R17c) adds what going out on a double scores."""
    double_six = len(tile_set(6))
    assert score_bounds(DUEL, double_six) == (0, _set_points(DUEL, double_six))
    costly = attrs.evolve(DUEL, house=[CostlyDoubles(factor=3, bonus_points=25)])
    pips = sum(t.high + t.low for t in tile_set(6))
    doubles = sum(2 * k for k in range(1, 7))
    assert _set_points(costly, double_six) == pips + 2 * doubles
    assert score_bounds(costly, double_six) == (0, pips + 2 * doubles + 25)
    paid = attrs.evolve(costly, out_on_double=40)
    assert score_bounds(paid, double_six) == (0, pips + 2 * doubles + 25 + 40)
    rebate = attrs.evolve(DUEL, house=[CostlyDoubles(factor=1, bonus_points=-7)])
    assert score_bounds(rebate, double_six) == (-7, pips)
    # a legality rule changes no score
    assert score_bounds(attrs.evolve(DUEL, house=[NoBlankOnTheDouble()]), double_six) == (0, pips)


@house_rule
@attrs.frozen
class LowTilesPay(HouseRule):
    """A tile of one or two pips is worth its pips to the seat that holds it at the end."""

    name = "low-tiles-pay"
    rule = "H14"

    def tile_points(self, tile: Tile, points: int) -> int:
        return -points if 0 < tile.high + tile.low <= 2 else points


def test_the_bounds_count_tile_points_below_zero_r17() -> None:
    """R17: tiles a house rule makes worth less than nothing lower the lowest score, each
    of them (1-0 is worth -1, 1-1 and 2-0 -2): a hand may hold all three."""
    double_six = len(tile_set(6))
    rules = attrs.evolve(DUEL, house=[LowTilesPay()])
    low = [t for t in tile_set(6) if 0 < t.high + t.low <= 2]
    assert sorted(map(str, low)) == ["1-0", "1-1", "2-0"]
    pips = sum(t.high + t.low for t in tile_set(6))
    assert score_bounds(rules, double_six) == (-5, pips - 5)


@house_rule
@attrs.frozen
class UnboundedBonus(HouseRule):
    """A bonus without bounds."""

    name = "unbounded-bonus"
    rule = "H8"

    def bonus(self, seat: int, ending: Ending, winner: int, last: Tile | None) -> int:
        return 100 if seat == winner else 0


@house_rule
@attrs.frozen
class CappedHands(HouseRule):
    """A hand costs at most ``cap`` points, whatever its tiles."""

    name = "capped-hands"
    rule = "H7"
    cap: int = 30

    def hand_points(self, hand: tuple[Tile, ...], points: int) -> int:
        return min(points, self.cap)

    def score_bounds(self, low: int, high: int) -> tuple[int, int]:
        return min(low, self.cap), min(high, self.cap)


def test_a_rule_that_cannot_bound_its_points_is_named_r17() -> None:
    rules = attrs.evolve(DUEL, house=[UnboundedBonus()])
    with pytest.raises(RulesError) as info:
        score_bounds(rules, 28)
    assert str(info.value) == (
        "chickie-duel: the rule changes the scores with bonus() or hand_points() but does "
        "not bound them: give it score_bounds() (H8, house rule unbounded-bonus)"
    )


def test_hand_points_are_bounded_before_the_points_for_going_out_r17c() -> None:
    """R17c: going out on a double scores after the hand's points are counted, so a cap
    on a hand's points bounds the hand alone, and those points come on top."""
    rules = attrs.evolve(DUEL, house=[CappedHands(30)], out_on_double=50)
    assert score_bounds(rules, 28) == (0, 80)
    # and the scores of played rounds stay within them
    rng = random.Random(5)
    for seed in range(30):
        rnd = Round.deal(rules, 2, seed=seed)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        assert rnd.outcome is not None
        assert all(0 <= s <= 80 for s in rnd.outcome.scores)


@house_rule
@attrs.frozen
class InvertedBounds(HouseRule):
    """Bounds the wrong way round."""

    name = "inverted-bounds"
    rule = "H6"

    def score_bounds(self, low: int, high: int) -> tuple[int, int]:
        return high + 1, low


def test_bounds_the_wrong_way_round_are_refused_r17() -> None:
    rules = attrs.evolve(DUEL, house=[InvertedBounds()])
    with pytest.raises(RulesError, match=r"gives 169 to 0, the lowest above the highest \(H6, "):
        score_bounds(rules, 28)
