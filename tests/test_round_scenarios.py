"""Hand-built rounds, one rule at a time (RULES.md R1-R18 and the §6 presets).

Every deal here is written out tile by tile on a small set (double-6 mostly, double-4 once)
so that each scenario can be followed with a pencil. The boneyard of a deal starts with
the tiles a scenario names and goes on with the other undealt tiles in set order; the
scenarios never draw that far unless they say so.

Expected legal moves, open ends, scores and winners are worked out by hand from the rules.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from chickenfoot import (
    MAX_PIPS,
    PRESETS,
    ChickenFootError,
    DealError,
    Draw,
    Ending,
    Event,
    IllegalMoveError,
    Match,
    Move,
    Obligation,
    OpenEnd,
    Outcome,
    Pass,
    Placement,
    Play,
    PositionError,
    Round,
    Rules,
    RulesError,
    Tile,
    parse_move,
    tile_set,
)

# -- helpers ------------------------------------------------------------------------------------


def t(text: str) -> Tile:
    """``t("6-4")``: a tile."""
    return Tile.parse(text)


def ts(text: str) -> tuple[Tile, ...]:
    """``ts("6-4 4-4")``: tiles, in the order written."""
    return tuple(Tile.parse(word) for word in text.split())


def play(tile: str, onto: str | None = None) -> Play:
    """``play("4-0", "4-4")``: play 4-0 onto 4-4; ``play("6-6")`` places a round double."""
    return Play(t(tile), None if onto is None else t(onto))


def variant(*, players: int = 2, hand: int, n: int = 6, **knobs: Any) -> Rules:
    """A custom table for one player count: double-``n``, ``hand`` tiles each, a cross
    without first foot and no reserve unless ``knobs`` say otherwise."""
    base: dict[str, Any] = {
        "name": "scenario",
        "set_sizes": {players: n},
        "hand_sizes": {players: hand},
        "boneyard_reserve": 0,
        "first_foot_required": False,
        "double_blank": 0,
    }
    base.update(knobs)
    return attrs.evolve(PRESETS["chickie-duel"], **base)


def deal(
    rules: Rules, hands: Sequence[str], top: str = "", *, double: int = 6, first: int = 0
) -> Round:
    """A round dealt as written: ``hands`` by seat, the boneyard starting with ``top``
    and going on with every other tile of the set in set order."""
    dealt = [ts(h) for h in hands]
    head = ts(top)
    n = rules.set_size(len(hands))
    used = {tile for h in dealt for tile in h} | set(head)
    if rules.start == "centre":
        used.add(Tile(double, double))
    rest = [tile for tile in tile_set(n) if tile not in used]
    return Round.from_deal(rules, dealt, [*head, *rest], round_double=double, first=first)


def legal(rnd: Round) -> set[Move]:
    """The legal moves as a set (checking there are no repeats)."""
    moves = rnd.legal_moves()
    assert len(moves) == len(set(moves)), moves
    return set(moves)


def run(rnd: Round, *moves: Move) -> Round:
    """Apply ``moves`` in turn, each of which must be listed as legal first."""
    for move in moves:
        assert move in rnd.legal_moves(), (move, rnd.legal_moves())
        assert rnd.is_legal(move)
        rnd = rnd.apply(move)
    return rnd


def refused(rnd: Round, move: Move, rule: str, *words: str) -> IllegalMoveError:
    """Check that ``move`` is refused citing ``rule``; the message names the move, the
    seat and the rule, plus ``words``."""
    assert not rnd.is_legal(move)
    assert move not in rnd.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        rnd.apply(move)
    error = info.value
    message = str(error)
    assert error.rule == rule, message
    assert error.move == move
    assert error.seat == rnd.to_move
    assert f"({rule})" in message
    assert repr(move) in repr(error)
    named = str(move) if not isinstance(move, Play) else f"{move.tile}"
    assert named in message
    if rnd.to_move is not None:
        assert f"seat {rnd.to_move}" in message
    for word in words:
        assert word in message, (word, message)
    return error


def ends(*spec: tuple[str, int, int]) -> tuple[OpenEnd, ...]:
    """Open ends written as ``(onto, number, places)``."""
    return tuple(OpenEnd(t(onto), number, places) for onto, number, places in spec)


# The plain table most scenarios use: double-6, round double in the centre, a cross (4)
# without first foot, no reserve, draw one tile a turn, a playable drawn tile must go.
CENTRE5 = variant(hand=5, start="centre")
CENTRE3 = variant(hand=3, start="centre")


# == R5: the deal ===============================================================================

ALL_TABLES = [(name, players) for name, rules in PRESETS.items() for players in rules.player_counts]


@pytest.mark.parametrize(("name", "players"), ALL_TABLES)
def test_r5_deal_sizes_for_every_preset_and_player_count(name: str, players: int) -> None:
    """R5 with §6: every seat gets hand_size(players) tiles, the rest is the boneyard, and
    the hands, the boneyard and (R6 centre) the round double are the set exactly once."""
    rules = PRESETS[name]
    n = rules.set_size(players)
    size = rules.hand_size(players)
    rnd = Round.deal(rules, players, seed=2024)
    centre = rules.start == "centre"
    assert rnd.hand_counts == (size,) * players
    assert [len(h) for h in rnd.hands] == [size] * players
    whole = (n + 1) * (n + 2) // 2
    assert len(rnd.boneyard) == whole - players * size - (1 if centre else 0)
    every = [tile for h in rnd.hands for tile in h] + list(rnd.boneyard)
    if centre:
        every.append(rnd.round_double)
    assert sorted(every) == sorted(tile_set(n))
    assert rnd.round_double == Tile(n, n)  # the highest double by default
    assert rnd.moves == ()
    assert not rnd.is_over


def test_r5_same_seed_same_deal() -> None:
    """R5: the deal is a function of the seed."""
    for name, players in [("classic", 4), ("double-foot", 3), ("chickie-duel", 2)]:
        a = Round.deal(PRESETS[name], players, seed=99)
        b = Round.deal(PRESETS[name], players, seed=99)
        assert a == b
        assert hash(a) == hash(b)
        assert a.hands == b.hands
        assert a.boneyard == b.boneyard
    deals = {Round.deal(PRESETS["classic"], 4, seed=s).hands for s in range(6)}
    assert len(deals) > 1


@pytest.mark.parametrize(
    ("name", "players", "seed", "double"),
    [("classic", 4, 7, None), ("double-foot", 3, 11, 5), ("cross-and-foot", 5, 3, 2)],
)
def test_r5_deal_follows_the_documented_shuffle(
    name: str, players: int, seed: int, double: int | None
) -> None:
    """R5 as documented by Round.deal: the set (less a centre double) is shuffled by
    random.Random(seed).shuffle from set order; seat 0 takes the first hand, seat 1 the
    next, and so on; the rest is the boneyard in draw order."""
    rules = PRESETS[name]
    n = rules.set_size(players)
    size = rules.hand_size(players)
    round_double = Tile(n, n) if double is None else Tile(double, double)
    order = [x for x in tile_set(n) if rules.start != "centre" or x != round_double]
    random.Random(seed).shuffle(order)
    rnd = Round.deal(rules, players, seed=seed, round_double=double)
    for seat in range(players):
        assert rnd.hand(seat) == tuple(sorted(order[seat * size : (seat + 1) * size]))
    assert rnd.boneyard == tuple(order[players * size :])
    assert rnd.round_double == round_double
    assert rnd.seed == seed


def test_r5_random_seed_is_reported_and_replays() -> None:
    """R5: a deal without a seed reports the one it used, which deals it again."""
    rnd = Round.deal(PRESETS["classic"], 3, seed=None)
    assert isinstance(rnd.seed, int)
    assert Round.deal(PRESETS["classic"], 3, seed=rnd.seed) == rnd


def test_r5_deal_refuses_an_uncovered_player_count() -> None:
    """§6: chickie-duel is for 2 players only."""
    with pytest.raises(RulesError, match="3"):
        Round.deal(PRESETS["chickie-duel"], 3, seed=1)


# == from_deal refusals (R5, R6) ===================================================================

S0 = "6-0 6-1 5-1 3-0 2-2"
S1 = "6-2 6-3 4-4 1-0 5-5"


def rest_of(rules: Rules, *used: Sequence[Tile]) -> list[Tile]:
    seen = {tile for group in used for tile in group} | {Tile(6, 6)}
    return [x for x in tile_set(6) if x not in seen]


def test_from_deal_refuses_a_tile_dealt_twice_r5() -> None:
    """R5: the deal is the set exactly once; 5-1 in both hands is named."""
    hands = [ts(S0), ts("6-2 6-3 4-4 1-0 5-1")]
    with pytest.raises(DealError) as info:
        Round.from_deal(CENTRE5, hands, rest_of(CENTRE5, *hands), round_double=6)
    assert str(info.value) == "5-1 is dealt twice: to seat 0 and seat 1 (R5)"
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, ChickenFootError)
    # twice in one hand: the hand is named once
    hands = [ts("6-0 6-1 5-1 3-0 6-1"), ts(S1)]
    with pytest.raises(DealError) as info:
        Round.from_deal(CENTRE5, hands, rest_of(CENTRE5, *hands), round_double=6)
    assert str(info.value) == "6-1 is dealt twice to seat 0 (R5)"


def test_from_deal_refuses_a_tile_twice_in_the_boneyard_r5() -> None:
    """R5: a boneyard tile that is also in a hand is named."""
    hands = [ts(S0), ts(S1)]
    pile = [*rest_of(CENTRE5, *hands), t("4-4")]
    with pytest.raises(DealError, match="4-4"):
        Round.from_deal(CENTRE5, hands, pile, round_double=6)


def test_from_deal_refuses_a_missing_tile_r5() -> None:
    """R5: every tile of the set must be dealt; 3-1 left out is named."""
    hands = [ts(S0), ts(S1)]
    pile = [x for x in rest_of(CENTRE5, *hands) if x != t("3-1")]
    with pytest.raises(DealError) as info:
        Round.from_deal(CENTRE5, hands, pile, round_double=6)
    assert str(info.value) == "3-1 missing from the deal (R5)"
    # In a holder start the round double is dealt like any tile, and named when missing.
    holder = variant(hand=5, start="holder")
    pile = [x for x in rest_of(holder, *hands) if x != t("3-1")]
    with pytest.raises(DealError) as info:
        Round.from_deal(holder, hands, pile, round_double=6)
    assert str(info.value) == "6-6, 3-1 missing from the deal (R5)"
    # the round double first, then the others in the set's order
    pile = [x for x in rest_of(holder, *hands) if x not in (t("3-1"), t("2-1"))]
    with pytest.raises(DealError) as info:
        Round.from_deal(holder, hands, pile, round_double=6)
    assert str(info.value) == "6-6, 2-1, 3-1 missing from the deal (R5)"


def test_from_deal_refuses_a_tile_outside_the_set_r5() -> None:
    """R5: 7-1 is not a double-6 tile, in the boneyard or in a hand."""
    hands = [ts(S0), ts(S1)]
    with pytest.raises(DealError) as info:
        Round.from_deal(CENTRE5, hands, [*rest_of(CENTRE5, *hands), t("7-1")], round_double=6)
    assert "7-1" in str(info.value)
    assert "double-6" in str(info.value)
    odd = [ts("6-0 6-1 5-1 3-0 7-1"), ts(S1)]
    with pytest.raises(DealError, match="7-1"):
        Round.from_deal(CENTRE5, odd, [*rest_of(CENTRE5, *odd), t("2-2")], round_double=6)


def test_from_deal_refuses_a_wrong_hand_size_r5() -> None:
    """R5: every hand has hand_size(players) tiles; seat 1 with 4 of 5 is named."""
    hands = [ts(S0), ts("6-2 6-3 4-4 1-0")]
    with pytest.raises(DealError) as info:
        Round.from_deal(CENTRE5, hands, rest_of(CENTRE5, *hands), round_double=6)
    message = str(info.value)
    assert "seat 1" in message
    assert "4" in message
    assert "5" in message


def test_from_deal_refuses_the_centre_double_in_a_hand_r6() -> None:
    """R6 centre: the round double is on the table, so it may not be dealt."""
    hands = [ts("6-0 6-1 5-1 3-0 6-6"), ts(S1)]
    pile = [x for x in tile_set(6) if x not in set(hands[0]) | set(hands[1])]
    pile.append(t("2-2")) if t("2-2") not in pile else None
    with pytest.raises(DealError) as info:
        Round.from_deal(CENTRE5, hands, pile, round_double=6)
    assert "6-6" in str(info.value)
    assert "seat 0" in str(info.value)
    in_pile = [ts(S0), ts(S1)]
    with pytest.raises(DealError) as again:
        Round.from_deal(CENTRE5, in_pile, [*rest_of(CENTRE5, *in_pile), t("6-6")], round_double=6)
    assert "6-6" in str(again.value)
    assert "boneyard" in str(again.value)


def test_from_deal_refuses_a_missing_round_double_in_a_holder_start_r6() -> None:
    """R6 holder: the round double is dealt like any tile, so it must be somewhere."""
    rules = variant(hand=5, start="holder")
    hands = [ts(S0), ts(S1)]
    with pytest.raises(DealError, match="6-6"):
        Round.from_deal(rules, hands, rest_of(rules, *hands), round_double=6)


def test_from_deal_refuses_bad_tables() -> None:
    """R5/§6: the player count must be covered; the round double must be a double of the
    set; the first seat must exist; the hands hold tiles."""
    hands = [ts(S0), ts(S1)]
    pile = rest_of(CENTRE5, *hands)
    with pytest.raises(RulesError, match="3"):
        Round.from_deal(CENTRE5, [*hands, ts("0-0 1-1 2-1 3-3 4-0")], pile, round_double=6)
    with pytest.raises(DealError):
        Round.from_deal(CENTRE5, hands[:1], pile, round_double=6)
    with pytest.raises(ValueError, match="7"):
        Round.from_deal(CENTRE5, hands, pile, round_double=7)
    with pytest.raises(ValueError, match="5-4"):
        Round.from_deal(CENTRE5, hands, pile, round_double=t("5-4"))
    with pytest.raises(ValueError, match="2"):
        Round.from_deal(CENTRE5, hands, pile, round_double=6, first=2)
    with pytest.raises(DealError, match="not a Tile"):
        Round.from_deal(CENTRE5, [[*hands[0][:4], (2, 2)], hands[1]], pile, round_double=6)  # type: ignore[list-item]


# == R6: holder start ================================================================================

HOLDER3 = variant(players=3, hand=5, start="holder")


def test_r6_holder_places_the_round_double_first_r11() -> None:
    """R6 holder: whoever holds the round double must place it as the first move, whoever
    the first seat is; R11: placing it is his turn, and play goes on with the next seat."""
    rnd = deal(HOLDER3, ["5-4 3-2 1-0 2-2 4-1", "6-6 6-1 5-0 3-3 2-1", "6-2 5-5 4-4 3-1 2-0"])
    assert rnd.first == 0
    assert rnd.to_move == 1
    assert rnd.lead is None
    assert rnd.obligation is Obligation.ROUND_DOUBLE
    assert rnd.legal_moves() == [play("6-6")]
    assert rnd.layout.root is None
    refused(rnd, Draw(), "R6", "6-6")
    refused(rnd, Pass(), "R6", "6-6")
    refused(rnd, play("6-1", "6-6"), "R6", "6-6")
    refused(rnd, play("6-6", "6-1"), "R4")

    rnd = rnd.apply(play("6-6"))
    assert rnd.to_move == 2
    assert rnd.lead == 1
    assert rnd.history == (Event(1, play("6-6")),)
    assert rnd.layout.placements == (Placement(t("6-6"), None, 1),)
    assert rnd.hand_counts == (5, 4, 5)
    assert rnd.obligation is Obligation.OPENING
    assert rnd.pending_double == t("6-6")
    assert rnd.open_ends == ends(("6-6", 6, 4))
    assert legal(rnd) == {play("6-2", "6-6")}


def test_r6_search_draws_from_the_first_seat_until_the_double_turns_up() -> None:
    """R6 holder: nobody holds 6-6, so from the first seat (1) each player draws one tile
    in turn: [Draw()], then [Pass()] if it is not 6-6; seat 0 draws it and must place it
    at once; play goes on with the next seat (1). Drawn tiles stay in the hands."""
    rnd = deal(
        HOLDER3,
        ["5-4 3-2 1-0 2-2 4-1", "6-1 5-0 3-3 2-1 6-5", "6-2 5-5 4-4 3-1 2-0"],
        top="4-3 5-3 6-6",
        first=1,
    )
    assert rnd.to_move == 1
    assert rnd.obligation is Obligation.ROUND_DOUBLE
    assert rnd.legal_moves() == [Draw()]
    refused(rnd, Pass(), "R6", "6-6")
    refused(rnd, play("6-6"), "R6", "6-6")

    rnd = rnd.apply(Draw())
    assert rnd.to_move == 1
    assert t("4-3") in rnd.hand(1)
    assert rnd.boneyard[:2] == (t("5-3"), t("6-6"))
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R6")

    rnd = rnd.apply(Pass())
    assert rnd.to_move == 2
    assert rnd.legal_moves() == [Draw()]
    rnd = run(rnd, Draw(), Pass())
    assert t("5-3") in rnd.hand(2)
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [Draw()]

    rnd = rnd.apply(Draw())
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [play("6-6")]
    refused(rnd, Pass(), "R6", "6-6")
    refused(rnd, Draw(), "R6")

    rnd = rnd.apply(play("6-6"))
    assert rnd.lead == 0
    assert rnd.first == 1
    assert rnd.to_move == 1
    assert rnd.hand_counts == (5, 6, 6)
    assert rnd.moves == (Draw(), Pass(), Draw(), Pass(), Draw(), play("6-6"))
    assert rnd.history == (
        Event(1, Draw(), t("4-3")),
        Event(1, Pass()),
        Event(2, Draw(), t("5-3")),
        Event(2, Pass()),
        Event(0, Draw(), t("6-6")),
        Event(0, play("6-6")),
    )
    assert legal(rnd) == {play("6-1", "6-6"), play("6-5", "6-6")}


def test_r6_reserve_does_not_stop_the_search_r14_r15_r16() -> None:
    """R6: the boneyard reserve (R14) does not stop the search for the round double.

    14 undealt tiles and a reserve of 13: one ordinary draw at most. The search draws
    three tiles all the same. Afterwards nobody may draw (R14): seat 1 without a 6 passes
    (R15), and once nobody holds a 6 the round is blocked (R16) and scored (R17, R18).
    """
    rules = variant(hand=7, start="holder", boneyard_reserve=13)
    rnd = deal(
        rules,
        ["5-4 3-2 1-0 2-2 4-1 6-1 6-3", "6-2 4-4 3-1 2-0 5-3 0-0 1-1"],
        top="4-3 5-0 6-6",
    )
    assert rnd.can_draw
    rnd = run(rnd, Draw(), Pass())
    assert len(rnd.boneyard) == 13
    assert not rnd.can_draw
    assert rnd.to_move == 1
    assert rnd.legal_moves() == [Draw()]  # the search goes on regardless
    rnd = run(rnd, Draw(), Pass(), Draw())
    assert rnd.legal_moves() == [play("6-6")]
    rnd = run(rnd, play("6-6"), play("6-2", "6-6"), play("6-1", "6-6"))
    assert len(rnd.boneyard) == 11
    assert rnd.to_move == 1
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R14", "13")
    rnd = run(rnd, Pass())
    assert not rnd.is_over  # seat 0 still holds 6-3
    rnd = run(rnd, play("6-3", "6-6"))
    # Nobody holds a 6 (6-0, 6-4, 6-5 lie in the closed boneyard): blocked at once.
    assert rnd.is_over
    assert rnd.ending is Ending.BLOCKED
    assert rnd.to_move is None
    # seat 0: 5-4 3-2 1-0 2-2 4-1 4-3 = 9+5+1+4+5+7 = 31
    # seat 1: 4-4 3-1 2-0 5-3 0-0 1-1 5-0 = 8+4+2+8+0+2+5 = 29
    assert rnd.scores == (31, 29)
    assert rnd.winner == 1


def test_r6_holder_deal_moves_whoever_holds_the_double() -> None:
    """R6 holder with R5 deals: the holder moves first with exactly [Play(9-9)]; with
    nobody holding it the first seat draws."""
    seen_holder = seen_search = False
    for seed in range(30):
        rnd = Round.deal(PRESETS["classic"], 4, seed=seed, first=2)
        holders = [s for s in range(4) if Tile(9, 9) in rnd.hand(s)]
        if holders:
            seen_holder = True
            assert rnd.to_move == holders[0]
            assert rnd.legal_moves() == [Play(Tile(9, 9))]
        else:
            seen_search = True
            assert rnd.to_move == 2
            assert rnd.legal_moves() == [Draw()]
    assert seen_holder
    assert seen_search


# == R6: centre start ==================================================================================


def test_r6_centre_double_is_on_the_table_and_the_first_seat_moves() -> None:
    """R6 centre: the round double lies in the centre before the deal; the first seat
    (here 1) moves first, and must fill the double's places (R7)."""
    rnd = deal(CENTRE5, [S0, S1], first=1)
    assert rnd.to_move == 1
    assert rnd.first == 1
    assert rnd.lead == 1
    assert rnd.layout.placements == (Placement(t("6-6"), None, None),)
    assert rnd.layout.root == t("6-6")
    assert rnd.obligation is Obligation.OPENING
    assert rnd.pending_double == t("6-6")
    assert rnd.open_ends == ends(("6-6", 6, 4))
    assert legal(rnd) == {play("6-2", "6-6"), play("6-3", "6-6")}
    assert len(rnd.boneyard) == 28 - 1 - 10
    refused(rnd, play("6-6"), "R4")


def test_r6_r19_the_largest_set_deals_for_its_two_highest_doubles() -> None:
    """R19: a match begins on the set's highest double, and a round dealt without one is
    dealt for it: in double-63, the largest set (2080 tiles), that is 63-63 in the centre
    (R6), and 62-62 when asked for; a match's first two rounds are dealt for them."""
    rules = variant(hand=7, n=MAX_PIPS, start="centre")
    for asked, double in ((None, MAX_PIPS), (MAX_PIPS - 1, MAX_PIPS - 1)):
        rnd = Round.deal(rules, 2, seed=3, round_double=asked)
        centre = Tile(double, double)
        assert rnd.round_double == centre
        assert rnd.layout.placements == (Placement(centre, None, None),)
        assert len(rnd.boneyard) == 2080 - 1 - 14
    match = Match.new(rules, 2, seed=3)
    assert match.round.round_double == Tile(MAX_PIPS, MAX_PIPS)
    rng = random.Random(3)
    while not match.finished:
        match = match.apply(rng.choice(match.legal_moves()))
    assert match.round.round_double == Tile(MAX_PIPS - 1, MAX_PIPS - 1)


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_r6_double_foot_preset_deal(first: int) -> None:
    """R6 centre with the double-foot preset (§6): 9-9 is on the table, in no hand and not
    in the boneyard; the first seat moves; only his 9s onto 9-9 are legal (R7), and with
    no 9 he draws (R13)."""
    rnd = Round.deal(PRESETS["double-foot"], 4, seed=first + 40, first=first)
    centre = Tile(9, 9)
    assert all(centre not in h for h in rnd.hands)
    assert centre not in rnd.boneyard
    assert rnd.to_move == first
    assert rnd.open_ends == (OpenEnd(centre, 9, 6),)
    nines: set[Move] = {Play(x, centre) for x in rnd.hand(first) if x.has(9)}
    assert legal(rnd) == (nines or {Draw()})


# == R7: opening ======================================================================================


def test_r7_cross_takes_four_sixes_then_play_is_free_r10() -> None:
    """R7: until 6-6 has its four arms only tiles with a 6, onto 6-6, are legal; 1-0
    matching the open 0 of the first arm is refused. After four arms, free play (R10)."""
    rnd = deal(CENTRE5, [S0, S1])
    assert legal(rnd) == {play("6-0", "6-6"), play("6-1", "6-6")}
    refused(rnd, play("5-1", "6-6"), "R7", "6", "6-6")
    refused(rnd, play("3-0", "6-6"), "R7", "6-6")
    refused(rnd, play("2-2", "6-6"), "R7", "6-6")

    rnd = rnd.apply(play("6-0", "6-6"))
    assert rnd.open_ends == ends(("6-0", 0, 1), ("6-6", 6, 3))
    assert legal(rnd) == {play("6-2", "6-6"), play("6-3", "6-6")}
    error = refused(rnd, play("1-0", "6-0"), "R7", "6-6")
    assert "a 6" in error.reason

    rnd = run(rnd, play("6-2", "6-6"), play("6-1", "6-6"))
    assert rnd.obligation is Obligation.OPENING
    assert rnd.open_ends == ends(("6-0", 0, 1), ("6-1", 1, 1), ("6-2", 2, 1), ("6-6", 6, 1))
    rnd = run(rnd, play("6-3", "6-6"))
    assert rnd.obligation is Obligation.NONE
    assert rnd.pending_double is None
    assert rnd.open_ends == ends(("6-0", 0, 1), ("6-1", 1, 1), ("6-2", 2, 1), ("6-3", 3, 1))
    assert rnd.to_move == 0
    assert legal(rnd) == {
        play("3-0", "6-0"),
        play("5-1", "6-1"),
        play("2-2", "6-2"),
        play("3-0", "6-3"),
    }


def test_r7_without_the_number_the_player_draws_r13() -> None:
    """R7 + R13: seat 0 has no 6 for the cross, so he draws; the drawn 6-4 must go onto
    6-6 at once. A drawn 5-0 cannot, so he passes."""
    hands = ["5-1 3-0 2-2 4-0 1-1", S1]
    rnd = deal(CENTRE5, hands, top="6-4")
    assert rnd.legal_moves() == [Draw()]
    rnd = rnd.apply(Draw())
    assert rnd.legal_moves() == [play("6-4", "6-6")]
    rnd = rnd.apply(play("6-4", "6-6"))
    assert rnd.to_move == 1
    assert rnd.open_ends == ends(("6-4", 4, 1), ("6-6", 6, 3))

    other = run(deal(CENTRE5, hands, top="5-0"), Draw())
    assert other.legal_moves() == [Pass()]
    other = run(other, Pass())
    assert other.to_move == 1
    assert other.pending_double == t("6-6")


def test_r3_r7_y_opening_has_three_places() -> None:
    """R3: the Y opening offers three places on the round double; after three arms a
    fourth 6 has nowhere to go on 6-6 and play is free."""
    rnd = deal(variant(hand=5, start="centre", opening_toes=3), [S0, S1])
    rnd = run(rnd, play("6-0", "6-6"), play("6-2", "6-6"), play("6-1", "6-6"))
    assert rnd.obligation is Obligation.NONE
    assert rnd.open_ends == ends(("6-0", 0, 1), ("6-1", 1, 1), ("6-2", 2, 1))
    # seat 1 holds 6-3 4-4 1-0 5-5: only 1-0 fits, onto the 0 or the 1.
    assert legal(rnd) == {play("1-0", "6-0"), play("1-0", "6-1")}
    refused(rnd, play("6-3", "6-6"), "R3", "6-6")


def test_r3_r7_double_foot_takes_six_toes() -> None:
    """R3/R7 double chicken foot: the round double takes six tiles of its number; after
    four the opening still binds (1-1 onto the open 1 is refused); after six, six open
    ends and free play."""
    rules = variant(hand=5, start="centre", opening_toes=6)
    rnd = deal(rules, ["6-0 6-2 6-4 1-1 3-2", "6-1 6-3 6-5 2-0 5-4"])
    assert rnd.open_ends == ends(("6-6", 6, 6))
    rnd = run(rnd, *(play(f"6-{k}", "6-6") for k in (0, 1, 2, 3)))
    assert rnd.obligation is Obligation.OPENING
    assert rnd.open_ends[-1] == OpenEnd(t("6-6"), 6, 2)
    assert legal(rnd) == {play("6-4", "6-6")}
    refused(rnd, play("1-1", "6-1"), "R7", "6 places of 6-6")
    rnd = run(rnd, play("6-4", "6-6"), play("6-5", "6-6"))
    assert rnd.obligation is Obligation.NONE
    assert rnd.open_ends == ends(*((f"6-{k}", k, 1) for k in range(6)))
    assert rnd.layout.children(t("6-6")) == tuple(t(f"6-{k}") for k in range(6))
    assert legal(rnd) == {play("1-1", "6-1"), play("3-2", "6-2"), play("3-2", "6-3")}


# == R8: first foot — the §7 worked example =============================================================

KURCZAK = ["6-6 6-3 6-5 4-0 5-4 0-0 2-1", "6-1 6-4 4-4 4-2 1-1 2-2 3-0"]


def test_r8_worked_example_of_s7_step_by_step_r9() -> None:
    """§7 with the chickie-duel preset (§6: double-6, cross, first foot required).

    6-6 is placed; arms 6-1, 6-3, 6-4, 6-5; the next play must be a double onto an arm
    (R8): 4-4 onto 6-4 (1-1 onto 6-1 would do too; 2-2 matches no arm). Its toes 4-0,
    4-2, 4-5 follow (R9). Then the open ends are the arms 1, 3, 5 and the toes 0, 2, 5,
    any matching tile may go, a double included.
    """
    rnd = deal(PRESETS["chickie-duel"], KURCZAK)
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [play("6-6")]
    rnd = rnd.apply(play("6-6"))
    assert legal(rnd) == {play("6-1", "6-6"), play("6-4", "6-6")}
    rnd = run(rnd, play("6-1", "6-6"), play("6-3", "6-6"), play("6-4", "6-6"))
    assert rnd.obligation is Obligation.OPENING
    rnd = run(rnd, play("6-5", "6-6"))

    # The cross is complete: the first foot (R8).
    assert rnd.obligation is Obligation.FIRST_FOOT
    assert rnd.to_move == 1
    assert rnd.pending_double is None
    assert rnd.open_ends == ends(("6-1", 1, 1), ("6-3", 3, 1), ("6-4", 4, 1), ("6-5", 5, 1))
    assert legal(rnd) == {play("4-4", "6-4"), play("1-1", "6-1")}
    refused(rnd, play("3-0", "6-3"), "R8", "double")
    refused(rnd, play("4-2", "6-4"), "R8", "double")
    refused(rnd, Draw(), "R12")
    assert not rnd.is_legal(play("2-2", "6-3"))

    rnd = rnd.apply(play("4-4", "6-4"))
    assert rnd.obligation is Obligation.TOES
    assert rnd.pending_double == t("4-4")
    assert rnd.to_move == 0
    assert rnd.open_ends == ends(("4-4", 4, 3), ("6-1", 1, 1), ("6-3", 3, 1), ("6-5", 5, 1))
    assert legal(rnd) == {play("4-0", "4-4"), play("5-4", "4-4")}
    refused(rnd, play("2-1", "6-1"), "R9", "the toes of 4-4 come first")

    rnd = run(rnd, play("4-0", "4-4"))
    assert legal(rnd) == {play("4-2", "4-4")}
    rnd = run(rnd, play("4-2", "4-4"))
    assert legal(rnd) == {play("5-4", "4-4")}
    rnd = run(rnd, play("5-4", "4-4"))

    # The "chicken": every double touches four tiles; six open ends.
    assert rnd.obligation is Obligation.NONE
    assert rnd.pending_double is None
    layout = rnd.layout
    assert layout.children(t("6-6")) == ts("6-1 6-3 6-4 6-5")
    assert layout.children(t("4-4")) == ts("4-0 4-2 5-4")
    assert layout.parent(t("4-4")) == t("6-4")
    assert rnd.open_ends == ends(
        ("4-0", 0, 1), ("4-2", 2, 1), ("5-4", 5, 1), ("6-1", 1, 1), ("6-3", 3, 1), ("6-5", 5, 1)
    )
    assert sorted(end.number for end in rnd.open_ends) == [0, 1, 2, 3, 5, 5]
    # Seat 1 holds 1-1 2-2 3-0: any matching tile, doubles included (R10); no first foot.
    assert rnd.to_move == 1
    assert legal(rnd) == {
        play("3-0", "4-0"),
        play("3-0", "6-3"),
        play("1-1", "6-1"),
        play("2-2", "4-2"),
    }
    rnd = rnd.apply(play("1-1", "6-1"))  # starts the next foot
    assert rnd.obligation is Obligation.TOES
    assert rnd.pending_double == t("1-1")
    assert legal(rnd) == {play("2-1", "1-1")}


def test_r8_first_foot_without_a_matching_double_draws_r13() -> None:
    """R8: only doubles matching an arm are legal until one is played. Seat 1 holds 2-2
    (no arm shows 2) and non-doubles that match arms, so he must draw (R13); the drawn
    5-5 must go onto the arm 6-5."""
    hands = [KURCZAK[0], "6-1 6-4 4-2 2-2 3-0 5-0 1-0"]
    rnd = deal(PRESETS["chickie-duel"], hands, top="5-5")
    rnd = run(rnd, play("6-6"), *(play(x, "6-6") for x in ("6-1", "6-3", "6-4", "6-5")))
    assert rnd.obligation is Obligation.FIRST_FOOT
    assert rnd.legal_moves() == [Draw()]
    refused(rnd, play("3-0", "6-3"), "R8")
    refused(rnd, play("5-0", "6-5"), "R8")
    refused(rnd, play("1-0", "6-1"), "R8")
    refused(rnd, Pass(), "R13")
    rnd = rnd.apply(Draw())
    assert rnd.drawn_tile == t("5-5")
    assert rnd.legal_moves() == [play("5-5", "6-5")]
    rnd = rnd.apply(play("5-5", "6-5"))
    assert rnd.pending_double == t("5-5")
    assert rnd.to_move == 0
    assert legal(rnd) == {play("5-4", "5-5")}


def test_r8_r16_nobody_with_a_double_for_the_first_foot_blocks_the_round() -> None:
    """R8: after the cross only a double onto an arm may be played, so tiles that match the
    arms do not count. R14, R16: seat 0 draws the last tile the reserve allows (5-4, no
    double) and nobody can play or draw: the round is blocked; R18: lowest pips win."""
    rules = variant(hand=3, start="centre", first_foot_required=True, boneyard_reserve=20)
    rnd = run(deal(rules, ["6-0 6-1 1-0", "6-2 6-3 2-1"], top="5-4"), *CROSS)
    assert rnd.obligation is Obligation.FIRST_FOOT
    assert rnd.legal_moves() == [Draw()]
    rnd = rnd.apply(Draw())
    assert rnd.ending is Ending.BLOCKED
    assert rnd.scores == (10, 3)
    assert rnd.winner == 1

    # With 2-2 in seat 1's hand the same moves leave a first foot to play.
    rnd = run(deal(rules, ["6-0 6-1 1-0", "6-2 6-3 2-2"], top="5-4"), *CROSS)
    rnd = rnd.apply(Draw())
    assert not rnd.is_over
    assert rnd.legal_moves() == [Pass()]
    rnd = rnd.apply(Pass())
    assert rnd.legal_moves() == [play("2-2", "6-2")]


def test_r8_no_first_foot_without_the_knob() -> None:
    """R8 applies only with first_foot_required: the same cross without it lets seat 1
    play any matching tile, doubles or not (R10)."""
    rules = variant(hand=7, start="holder")
    rnd = deal(rules, KURCZAK)
    rnd = run(rnd, play("6-6"), *(play(x, "6-6") for x in ("6-1", "6-3", "6-4", "6-5")))
    assert rnd.obligation is Obligation.NONE
    assert legal(rnd) == {
        play("1-1", "6-1"),
        play("3-0", "6-3"),
        play("4-4", "6-4"),
        play("4-2", "6-4"),
    }


# == R9: toe obligation ================================================================================

R9_HANDS = ["6-0 6-1 2-2 3-0 5-1", "6-2 6-3 2-1 4-0 5-5"]
CROSS = (play("6-0", "6-6"), play("6-2", "6-6"), play("6-1", "6-6"), play("6-3", "6-6"))


def test_r9_a_double_gets_all_its_toes_first_r11() -> None:
    """R9: after 2-2 goes onto 6-2, the only legal plays are 2s onto 2-2, for every
    player, until it has three toes; a player without a 2 draws though he could play
    elsewhere. R11: playing a double earns no extra turn."""
    rnd = run(deal(CENTRE5, R9_HANDS, top="2-0"), *CROSS)
    rnd = run(rnd, play("2-2", "6-2"))
    assert rnd.to_move == 1  # R11
    assert rnd.obligation is Obligation.TOES
    assert rnd.open_ends == ends(("2-2", 2, 3), ("6-0", 0, 1), ("6-1", 1, 1), ("6-3", 3, 1))
    assert legal(rnd) == {play("2-1", "2-2")}
    error = refused(rnd, play("4-0", "6-0"), "R9", "the toes of 2-2 come first", "2")
    assert error.seat == 1

    rnd = run(rnd, play("2-1", "2-2"))
    # Seat 0 holds 3-0 and 5-1, which fit 6-0, 6-3, 6-1 and the new 1 of 2-1, but no 2.
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [Draw()]
    refused(rnd, play("3-0", "6-3"), "R9", "2-2")
    refused(rnd, play("5-1", "2-1"), "R9", "2-2")
    rnd = rnd.apply(Draw())
    assert rnd.legal_moves() == [play("2-0", "2-2")]
    rnd = rnd.apply(play("2-0", "2-2"))
    assert rnd.open_ends == ends(
        ("2-0", 0, 1), ("2-1", 1, 1), ("2-2", 2, 1), ("6-0", 0, 1), ("6-1", 1, 1), ("6-3", 3, 1)
    )
    assert rnd.to_move == 1
    # Seat 1 holds 4-0 5-5: no 2; 4-0 would fit the 0s but the toes come first.
    assert rnd.legal_moves() == [Draw()]


def test_r9_toes_per_double_knob_r3() -> None:
    """R3: each double offers toes_per_double places; with 2, two toes finish 2-2 and
    play is free again; a third 2 may not go onto 2-2 (R3)."""
    rules = variant(hand=5, start="centre", toes_per_double=2)
    rnd = run(deal(rules, ["6-0 6-1 2-2 2-0 5-1", "6-2 6-3 2-1 3-2 5-5"]), *CROSS)
    rnd = run(rnd, play("2-2", "6-2"), play("2-1", "2-2"), play("2-0", "2-2"))
    assert rnd.obligation is Obligation.NONE
    assert rnd.to_move == 1
    # seat 1: 3-2 5-5. Open ends 0 (6-0, 2-0), 1 (6-1, 2-1), 3 (6-3). 3-2 onto the 3.
    assert legal(rnd) == {play("3-2", "6-3")}
    refused(rnd, play("3-2", "2-2"), "R3", "2-2")


# == R1, R2, R4, R10: the layout and free play =============================================================


def test_r1_r2_layout_is_a_tree_and_ends_close() -> None:
    """R1: every tile is played onto one tile on the table, touching ends equal. R2: a
    non-double offers the end that does not touch its parent; once covered it is closed."""
    rnd = run(deal(CENTRE5, ["6-0 6-1 3-0 5-2 2-2", "6-2 6-3 3-1 4-0 5-5"]), *CROSS)
    rnd = run(rnd, play("3-0", "6-3"))  # the 3 touches 6-3; 3-0 offers its 0
    assert rnd.open_ends == ends(("3-0", 0, 1), ("6-0", 0, 1), ("6-1", 1, 1), ("6-2", 2, 1))
    assert legal(rnd) == {play("3-1", "6-1"), play("4-0", "6-0"), play("4-0", "3-0")}
    refused(rnd, play("3-1", "6-3"), "R2", "6-3")  # 6-3's end is closed by 3-0
    refused(rnd, play("4-0", "5-2"), "R1", "5-2")  # 5-2 is not on the table
    refused(rnd, play("5-5", "6-2"), "R1", "5-5")  # ends do not match
    refused(rnd, play("4-0", "6-1"), "R1", "4-0")
    refused(rnd, play("6-0", "6-6"), "R4b", "6-0")  # not in seat 1's hand
    refused(rnd, play("3-1"), "R4")  # onto=None is only for the round double

    rnd = run(rnd, play("4-0", "3-0"))  # the 0 touches; 4-0 offers its 4
    refused(rnd, play("2-2", "3-0"), "R2", "3-0")  # 3-0's end is closed by 4-0
    assert rnd.open_ends == ends(("4-0", 4, 1), ("6-0", 0, 1), ("6-1", 1, 1), ("6-2", 2, 1))
    layout = rnd.layout
    assert layout.root == t("6-6")
    assert layout.placements == (
        Placement(t("6-6"), None, None),
        Placement(t("6-0"), t("6-6"), 0),
        Placement(t("6-2"), t("6-6"), 1),
        Placement(t("6-1"), t("6-6"), 0),
        Placement(t("6-3"), t("6-6"), 1),
        Placement(t("3-0"), t("6-3"), 0),
        Placement(t("4-0"), t("3-0"), 1),
    )
    assert len(layout) == 7
    assert layout.tiles == ts("6-6 6-0 6-2 6-1 6-3 3-0 4-0")
    assert layout.parent(t("4-0")) == t("3-0")
    assert layout.parent(t("6-6")) is None
    assert layout.children(t("6-3")) == (t("3-0"),)
    assert layout.children(t("4-0")) == ()
    assert t("5-2") not in layout
    assert t("3-0") in layout
    with pytest.raises(KeyError):
        layout.parent(t("5-2"))
    for placement in layout:
        if placement.onto is not None:
            assert set(placement.tile) & set(placement.onto)  # R1: touching ends equal


def test_r10_free_play_any_matching_tile_any_end_doubles_included() -> None:
    """R10: with no obligation a tile may go onto every open end it matches: 3-0 onto the
    0 or the 3; doubles are ordinary plays."""
    rnd = run(deal(CENTRE5, [S0, S1]), *CROSS)
    assert legal(rnd) == {
        play("3-0", "6-0"),
        play("3-0", "6-3"),
        play("5-1", "6-1"),
        play("2-2", "6-2"),
    }
    after = rnd.apply(play("3-0", "6-0"))  # the 0 of 6-0 closes, 3-0 offers 3
    assert after.open_ends == ends(("3-0", 3, 1), ("6-1", 1, 1), ("6-2", 2, 1), ("6-3", 3, 1))
    # seat 1 holds 4-4 1-0 5-5: only 1-0, onto 6-1.
    assert legal(after) == {play("1-0", "6-1")}


# == R10, R16, R17, R18: a double with too few tiles left blocks the round ==================================

DOUBLE4 = ["4-0 4-2 3-0 3-3 1-1 2-0 0-0", "4-1 4-3 3-1 3-2 2-1 2-2 1-0"]


def _double4_round(double_blank: int) -> Round:
    """Double-4, centre 4-4, cross, 2 hands of 7: the whole set is dealt, no boneyard."""
    rules = variant(hand=7, n=4, start="centre", double_blank=double_blank)
    rnd = deal(rules, DOUBLE4, double=4)
    assert rnd.boneyard == ()
    return run(
        rnd,
        play("4-0", "4-4"),
        play("4-1", "4-4"),
        play("4-2", "4-4"),
        play("4-3", "4-4"),
        play("3-0", "4-0"),
        play("3-1", "4-1"),
    )


@pytest.mark.parametrize(
    ("double_blank", "scores", "winner"),
    [(0, (4, 8), 0), (25, (29, 8), 1), (50, (54, 8), 1)],
)
def test_r10_r16_r17_r18_double_with_too_few_toes_blocks(
    double_blank: int, scores: tuple[int, int], winner: int
) -> None:
    """R10: 3-3 may be played although only one 3 (3-2) is left anywhere. R9: seat 1
    must put 3-2 on it. Then nobody holds a 3 and nobody may draw: blocked at once (R16).

    R17: seat 0 keeps 1-1 2-0 0-0 = 2 + 2 + double_blank; seat 1 keeps 2-1 2-2 1-0 = 8.
    R18: the lower score wins, so the double-blank's value decides the winner.
    """
    rnd = _double4_round(double_blank)
    assert rnd.to_move == 0
    assert play("3-3", "4-3") in legal(rnd)
    assert play("3-3", "3-0") in legal(rnd)
    assert play("3-3", "3-1") in legal(rnd)
    rnd = rnd.apply(play("3-3", "4-3"))
    assert not rnd.is_over
    assert rnd.open_ends == ends(("3-0", 3, 1), ("3-1", 3, 1), ("3-3", 3, 3), ("4-2", 2, 1))
    assert legal(rnd) == {play("3-2", "3-3")}
    rnd = rnd.apply(play("3-2", "3-3"))
    assert rnd.is_over
    assert rnd.ending is Ending.BLOCKED
    assert rnd.to_move is None
    assert rnd.legal_moves() == []
    assert len(rnd.moves) == 8  # nobody had to pass to prove it
    assert rnd.hands == (ts("0-0 1-1 2-0"), ts("1-0 2-1 2-2"))
    assert rnd.scores == scores
    assert rnd.winner == winner
    assert rnd.outcome == Outcome(Ending.BLOCKED, winner, scores)


def test_legal_moves_come_in_the_documented_order() -> None:
    """R10: legal_moves() lists plays by the number matched, then tile, then the older end
    first: after 3-0 onto 6-3 the 0s are 6-0 (opened first) and 3-0."""
    rnd = run(deal(CENTRE5, ["6-0 6-1 3-0 5-2 2-2", "6-2 6-3 3-1 4-0 5-5"]), *CROSS)
    assert rnd.legal_moves() == [
        play("3-0", "6-0"),  # matches 0
        play("2-2", "6-2"),  # matches 2; 2-2 comes before 5-2 in set order
        play("5-2", "6-2"),
        play("3-0", "6-3"),  # matches 3
    ]
    rnd = rnd.apply(play("3-0", "6-3"))
    assert rnd.legal_moves() == [play("4-0", "6-0"), play("4-0", "3-0"), play("3-1", "6-1")]


# == R11: one tile a turn =================================================================================


def test_r11_one_play_then_the_next_seat() -> None:
    """R11: a turn is one play; the same seat cannot go on (its next tile is refused as a
    move of the next seat, who does not hold it)."""
    rnd = deal(CENTRE5, [S0, S1])
    rnd = rnd.apply(play("6-0", "6-6"))
    assert rnd.to_move == 1
    error = refused(rnd, play("6-1", "6-6"), "R4b", "seat 1", "6-1")
    assert error.seat == 1
    rnd = run(rnd, play("6-2", "6-6"))
    assert rnd.to_move == 0
    assert [event.seat for event in rnd.history] == [0, 1]


# == R12: must play ========================================================================================


def test_r12_a_player_with_a_play_may_not_draw_or_pass() -> None:
    """R12: seat 0 holds 6-0 and 6-1 during the cross; drawing and passing are refused."""
    rnd = deal(CENTRE5, [S0, S1])
    assert Draw() not in rnd.legal_moves()
    assert Pass() not in rnd.legal_moves()
    error = refused(rnd, Draw(), "R12", "seat 0")
    assert error.seat == 0
    refused(rnd, Pass(), "R12", "seat 0")
    free = run(rnd, *CROSS)
    refused(free, Draw(), "R12")
    refused(free, Pass(), "R12")


# == R13: drawing =========================================================================================

DRAW_HANDS = ["6-0 6-1 5-5", "6-2 6-3 3-3"]


def _stuck(rules: Rules, top: str) -> Round:
    """After the cross seat 0 holds only 5-5; the open ends show 0, 1, 2, 3."""
    rnd = run(deal(rules, DRAW_HANDS, top=top), *CROSS)
    assert rnd.to_move == 0
    assert rnd.hand(0) == (t("5-5"),)
    return rnd


def test_r13_no_play_means_draw_and_a_playable_drawn_tile_must_be_played_r11() -> None:
    """R13 (play_drawn must): seat 0 has no play, draws 1-0 and must play it at once, onto
    the 0 or the 1; passing or drawing again is refused. R11: then the next seat."""
    rnd = _stuck(CENTRE3, top="1-0")
    assert rnd.legal_moves() == [Draw()]
    assert rnd.can_draw
    refused(rnd, Pass(), "R13", "draw")
    size = len(rnd.boneyard)

    rnd = rnd.apply(Draw())
    assert rnd.to_move == 0
    assert rnd.drawn_tile == t("1-0")
    assert rnd.obligation is Obligation.DRAWN_TILE
    assert rnd.hand(0) == (t("1-0"), t("5-5"))
    assert len(rnd.boneyard) == size - 1
    assert legal(rnd) == {play("1-0", "6-0"), play("1-0", "6-1")}
    refused(rnd, Pass(), "R13", "1-0")
    refused(rnd, Draw(), "R13", "1-0")

    rnd = rnd.apply(play("1-0", "6-1"))
    assert rnd.to_move == 1
    assert rnd.drawn_tile is None
    assert rnd.moves[-2:] == (Draw(), play("1-0", "6-1"))


def test_r13_after_a_draw_only_the_drawn_tile_may_be_played() -> None:
    """R13: seat 0 draws 5-0 and must play it; 4-4, held from before and lower in set
    order, is refused for the draw's sake (R13), not for its numbers."""
    rnd = run(deal(CENTRE3, ["6-0 6-1 4-4", "6-2 6-3 3-3"], top="5-0"), *CROSS)
    rnd = rnd.apply(Draw())
    assert rnd.drawn_tile == t("5-0")
    assert legal(rnd) == {play("5-0", "6-0")}
    refused(rnd, play("4-4", "6-0"), "R13", "only the drawn tile 5-0")


def test_r13_may_keep_a_playable_drawn_tile() -> None:
    """R13 (play_drawn may): the drawn 1-0 may be played or kept by passing."""
    rnd = _stuck(variant(hand=3, start="centre", play_drawn="may"), top="1-0")
    rnd = rnd.apply(Draw())
    assert legal(rnd) == {play("1-0", "6-0"), play("1-0", "6-1"), Pass()}
    refused(rnd, Draw(), "R13")
    rnd = rnd.apply(Pass())
    assert rnd.to_move == 1
    assert rnd.hand(0) == (t("1-0"), t("5-5"))


def test_r13_unplayable_drawn_tile_means_pass() -> None:
    """R13 (draws_per_turn 1): the drawn 5-4 fits nowhere, so seat 0 passes; he may not
    draw again this turn."""
    rnd = _stuck(CENTRE3, top="5-4 2-0").apply(Draw())
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R13", "1")
    refused(rnd, play("5-4", "6-0"), "R1")
    rnd = rnd.apply(Pass())
    assert rnd.to_move == 1
    assert rnd.boneyard[0] == t("2-0")


def test_r13_draws_per_turn_none_keeps_drawing_until_playable() -> None:
    """R13 (draws_per_turn None): seat 0 draws 5-4 and 6-4 (6-6 is full, nothing shows 4
    or 5), must draw on, and must play the playable 2-0."""
    rnd = _stuck(variant(hand=3, start="centre", draws_per_turn=None), top="5-4 6-4 2-0")
    rnd = rnd.apply(Draw())
    assert rnd.legal_moves() == [Draw()]
    refused(rnd, Pass(), "R13")
    rnd = rnd.apply(Draw())
    assert rnd.drawn_tile == t("6-4")
    assert rnd.legal_moves() == [Draw()]
    rnd = rnd.apply(Draw())
    assert legal(rnd) == {play("2-0", "6-0"), play("2-0", "6-2")}
    rnd = rnd.apply(play("2-0", "6-2"))
    assert rnd.to_move == 1
    assert rnd.hand(0) == ts("5-4 5-5 6-4")


def test_r13_r14_draws_per_turn_none_stops_at_the_reserve() -> None:
    """R13 + R14: drawing without limit stops when the boneyard reaches the reserve
    (21 undealt, reserve 19: two draws); then the player passes."""
    rules = variant(hand=3, start="centre", draws_per_turn=None, boneyard_reserve=19)
    rnd = _stuck(rules, top="5-4 6-4 2-0")
    rnd = run(rnd, Draw(), Draw())
    assert len(rnd.boneyard) == 19
    assert not rnd.can_draw
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R14", "19")
    assert not rnd.is_over  # seat 1's 3-3 still fits 6-3
    rnd = rnd.apply(Pass())
    assert legal(rnd) == {play("3-3", "6-3")}


def test_r13_two_draws_per_turn() -> None:
    """R13 (draws_per_turn 2): two unplayable draws, then a pass, even though the next
    tile (2-0) would have fitted."""
    rnd = _stuck(variant(hand=3, start="centre", draws_per_turn=2), top="5-4 6-4 2-0")
    rnd = rnd.apply(Draw())
    assert rnd.legal_moves() == [Draw()]
    rnd = rnd.apply(Draw())
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R13", "2")
    rnd = rnd.apply(Pass())
    assert rnd.to_move == 1
    assert rnd.boneyard[0] == t("2-0")


# == R6b: the highest double held starts =================================================================

HIGHEST3 = variant(players=3, hand=5, start="highest_held")


def test_r6b_the_highest_double_held_below_opens_the_round_r7() -> None:
    """R6b: nobody holds 6-6; seat 2 holds 5-5 and seat 0 holds 4-4, so seat 2 places 5-5,
    which is the round double: its opening wants 5s (R7). The round was dealt for 6-6."""
    rnd = deal(
        HIGHEST3,
        ["5-4 3-2 1-0 4-4 4-1", "6-1 5-0 3-3 2-1 6-5", "6-2 5-5 5-3 3-1 2-0"],
        top="6-6",
    )
    assert rnd.dealt_for == t("6-6")
    assert rnd.round_double == t("5-5")
    assert rnd.to_move == 2
    assert rnd.legal_moves() == [play("5-5")]
    assert rnd.obligation is Obligation.ROUND_DOUBLE
    refused(rnd, play("6-2"), "R6b", "5-5")
    refused(rnd, Draw(), "R6b", "holds the round double 5-5")
    rnd = rnd.apply(play("5-5"))
    assert rnd.lead == 2
    assert rnd.pending_double == t("5-5")
    assert rnd.open_ends == ends(("5-5", 5, 4))
    assert legal(rnd) == {play("5-4", "5-5")}
    refused(rnd, play("4-4", "5-5"), "R7", "5")
    view = rnd.view(1)
    assert (view.dealt_for, view.round_double) == (t("6-6"), t("5-5"))


def test_r6b_the_holder_of_the_dealt_double_places_it() -> None:
    """R6b as R6: seat 1 holds 6-6, so it places 6-6 although seat 2 holds 5-5."""
    rnd = deal(
        HIGHEST3,
        ["5-4 3-2 1-0 4-4 4-1", "6-6 5-0 3-3 2-1 6-5", "6-2 5-5 5-3 3-1 2-0"],
    )
    assert (rnd.dealt_for, rnd.round_double, rnd.to_move) == (t("6-6"), t("6-6"), 1)
    assert rnd.legal_moves() == [play("6-6")]


def search_for_3_3(top: str) -> tuple[Rules, Round]:
    """R6b: three seats of five tiles dealt for 3-3 (the highest double held opens), none
    holding 3-3, 2-2, 1-1 or 0-0, seat 1 first, the boneyard's first tiles ``top``; a
    reserve of 12 that does not stop the search (R14)."""
    rules = variant(players=3, hand=5, start="highest_held", boneyard_reserve=12)
    hands = ["5-4 3-2 4-0 4-4 4-1", "6-1 5-0 6-3 5-2 6-5", "6-2 5-5 5-3 3-1 6-0"]
    return rules, deal(rules, hands, top=top, double=3, first=1)


def test_r6b_search_places_the_first_drawn_double_at_or_below_r23() -> None:
    """R6b: dealt for 3-3, nobody holds 3-3, 2-2, 1-1 or 0-0; from the first seat (1) the
    players draw in turn: 6-6 is above 3-3 and does not count (pass), 2-2 is placed at once
    by its drawer and is the round double. The reserve does not stop the search (R14)."""
    rules, rnd = search_for_3_3("6-6 2-1 2-2 1-1")
    assert (rnd.dealt_for, rnd.round_double, rnd.to_move) == (t("3-3"), t("3-3"), 1)
    assert rnd.legal_moves() == [Draw()]
    refused(rnd, Pass(), "R6b", "3-3 or a lower double")
    refused(rnd, play("5-2"), "R6b", "3-3 or a lower double")
    rnd = run(rnd, Draw())
    assert rnd.drawn_tile == t("6-6")
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, play("6-6"), "R6b")
    rnd = run(rnd, Pass(), Draw(), Pass(), Draw())
    assert rnd.to_move == 0
    assert rnd.drawn_tile == t("2-2")
    assert rnd.legal_moves() == [play("2-2")]
    refused(rnd, Pass(), "R6b", "2-2")
    rnd = rnd.apply(play("2-2"))
    assert (rnd.round_double, rnd.dealt_for, rnd.lead, rnd.to_move) == (
        t("2-2"), t("3-3"), 0, 1,
    )  # fmt: skip
    assert rnd.layout.root == t("2-2")
    assert legal(rnd) == {play("5-2", "2-2")}
    again = Round.from_json(rnd.to_json())
    assert again == rnd
    assert rnd.to_record()["rounds"][0]["dealt_for"] == "3-3"
    assert Round.from_position(rules, rnd.to_position()).round_double == t("2-2")
    assert rnd.to_position().split()[1] == "3-3>2-2"


def test_r6b_a_position_where_a_later_seat_has_just_drawn_the_double_reads_back() -> None:
    """R6b: dealt for 3-3, seat 1 draws 6-6 (above 3-3: pass) and seat 2 draws 2-2, which
    it must place at once. Written as a position at that moment, the round reads back
    the same: the tile just drawn by the seat to move is not a double it held before, so
    the position is not refused for a held 2-2 (whichever seat drew it)."""
    rules, rnd = search_for_3_3("6-6 2-2 1-1")
    rnd = run(rnd, Draw(), Pass(), Draw())
    assert (rnd.to_move, rnd.drawn_tile, rnd.round_double) == (2, t("2-2"), t("2-2"))
    again = Round.from_position(rules, rnd.to_position())
    assert again.to_position() == rnd.to_position()
    assert again.legal_moves() == rnd.legal_moves() == [play("2-2")]


def test_r6b_a_drawn_lower_double_is_the_round_double_from_its_draw() -> None:
    """R6b: dealt for 3-3, nobody holds a double at or below it; seat 0 draws 2-2, which
    is the round double from that draw on, while the round is still dealt for 3-3 (R19).
    The drawer's view, position, record and JSON view say 2-2 at once; the other seats,
    who cannot see the drawn tile, see 3-3 until 2-2 is placed the next move."""
    rules, rnd = search_for_3_3("6-6 2-1 2-2 1-1")
    rnd = run(rnd, Draw(), Pass(), Draw(), Pass())
    assert (rnd.round_double, rnd.to_move) == (t("3-3"), 0)  # 6-6 and 2-1 opened nothing
    rnd = run(rnd, Draw())
    assert rnd.drawn_tile == t("2-2")
    assert rnd.legal_moves() == [play("2-2")]
    assert (rnd.round_double, rnd.dealt_for) == (t("2-2"), t("3-3"))
    refused(rnd, play("3-2"), "R6b", "the round double 2-2 is placed first")
    drawer, other = rnd.view(0), rnd.view(1)
    assert (drawer.round_double, drawer.dealt_for) == (t("2-2"), t("3-3"))
    assert (other.round_double, other.dealt_for) == (t("3-3"), t("3-3"))
    assert [json.loads(rnd.view(s).to_json())["round_double"] for s in range(3)] == [
        "2-2", "3-3", "3-3",
    ]  # fmt: skip
    assert json.loads(drawer.to_json())["dealt_for"] == "3-3"
    text = rnd.to_position()
    assert text.split()[1] == "3-3>2-2"
    assert text.split()[-1] == "1:2-2"
    again = Round.from_position(rules, text)
    assert (again.round_double, again.dealt_for, again.legal_moves()) == (
        t("2-2"), t("3-3"), [play("2-2")],
    )  # fmt: skip
    assert again.to_position() == text
    assert again.view(0).round_double == t("2-2")
    assert again.view(2).round_double == t("3-3")
    older = Round.from_position(rules, text.replace("3-3>2-2", "3-3"))  # as 0.1 wrote it
    assert older == again
    entry = rnd.to_record()["rounds"][0]
    assert (entry["round_double"], entry["dealt_for"]) == ("2-2", "3-3")
    assert Round.from_record(rnd.to_record()) == rnd
    del entry["dealt_for"]
    entry["round_double"] = "3-3"  # as 0.1 wrote it: still read
    assert Round.from_json(json.dumps(rnd.to_record() | {"rounds": [entry]})) == rnd
    placed = rnd.apply(play("2-2"))
    assert [placed.view(s).round_double for s in range(3)] == [t("2-2")] * 3
    assert (placed.round_double, placed.dealt_for) == (t("2-2"), t("3-3"))


def test_r6b_a_match_deals_for_the_next_double_down_from_the_one_dealt_for_r19() -> None:
    """R6b with R19: a round that opened on a lower double does not move the schedule."""
    rules = attrs.evolve(
        PRESETS["chickie-duel"], start="highest_held", hand_sizes={2: 5}, boneyard_reserve=0
    )
    rng = random.Random(6)
    match = Match.new(rules, 2, seed=3)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_moves()))
    assert [r.dealt_for.high for r in match.finished] == [6, 5, 4, 3, 2, 1, 0]
    assert any(r.round_double != r.dealt_for for r in match.finished)
    assert all(r.round_double <= r.dealt_for for r in match.finished)


def test_r6b_positions_write_the_double_dealt_for() -> None:
    """R6b in the position notation: ``6-6>5-5`` before 5-5 is placed by its holder; the
    other starts, a lower double dealt for, or a holder of a higher double are refused."""
    rnd = deal(
        HIGHEST3,
        ["5-4 3-2 1-0 4-4 4-1", "6-1 5-0 3-3 2-1 6-5", "6-2 5-5 5-3 3-1 2-0"],
        top="6-6",
    )
    text = rnd.to_position()
    assert text.split()[1] == "6-6>5-5"
    again = Round.from_position(HIGHEST3, text)
    assert (again.dealt_for, again.round_double, again.legal_moves()) == (
        t("6-6"), t("5-5"), [play("5-5")],
    )  # fmt: skip
    assert again.view(0) == Round.from_position(HIGHEST3, text).view(0)
    for start in ("holder", "centre"):
        other = attrs.evolve(HIGHEST3, start=start)
        with pytest.raises(
            ChickenFootError, match=rf"only a highest_held start does, not '{start}'"
        ):
            Round.from_position(other, text)
    with pytest.raises(ChickenFootError, match=r"lower double.*\(R6b\)"):
        Round.from_position(HIGHEST3, text.replace("6-6>5-5", "4-4>5-5"))
    with pytest.raises(ChickenFootError, match=r"seat 2 holds 5-5.*'6-6>5-5' \(R6b\)"):
        Round.from_position(HIGHEST3, text.replace("6-6>5-5", "6-6>4-4"))
    with pytest.raises(ChickenFootError, match=r"seat 2 holds 5-5.*\(R6b\)"):
        Round.from_position(HIGHEST3, text.replace("6-6>5-5", "6-6"))


def _held_instead(text: str, out: str, held: str) -> str:
    """The position ``text`` with ``held`` from the boneyard in seat 0's hand, ``out``
    from that hand in the boneyard."""
    words = text.split()
    hands = words[3].split("/")
    hands[0] = ",".join(held if x == out else x for x in hands[0].split(","))
    words[3] = "/".join(hands)
    words[4] = ",".join(out if x == held else x for x in words[4].split(","))
    return " ".join(words)


def test_r6b_a_drawer_holding_a_lower_double_is_not_searching() -> None:
    """R6b: while the search goes on for the double dealt for, nobody holds a double at or
    below it. A position whose drawer holds one beside the tile it has just drawn is
    refused naming that double, whether that tile is a double, placed next, or not, and
    the drawer passes (R13)."""
    rules = attrs.evolve(PRESETS["chickie-duel"], start="highest_held")
    hands = ["6-5 6-4 6-3 6-2 6-1 6-0 5-4", "5-3 5-2 5-1 5-0 4-3 4-2 4-1"]
    rnd = run(deal(rules, hands, top="4-0 3-2 2-2"), Draw())
    searching = run(rnd, Pass(), Draw(), Pass(), Draw())
    for at, moves in ((rnd, [Pass()]), (searching, [play("2-2")])):
        text = at.to_position()
        assert Round.from_position(rules, text).legal_moves() == moves
        with pytest.raises(PositionError) as info:
            Round.from_position(rules, _held_instead(text, "6-5", "1-1"))
        assert str(info.value).startswith(
            "double: seat 0 holds 1-1, the highest double at or below 6-6, so the round "
            "opens on it, not on 6-6; write the double as '6-6>1-1' (R6b)"
        )


def test_r6b_is_a_start_of_its_own() -> None:
    """R6b: other starts never open on a lower double; a highest_held start with the
    dealt-for double held is the holder start."""
    assert variant(hand=5, start="highest_held").start == "highest_held"
    with pytest.raises(RulesError, match="start is one of 'holder', 'centre', 'highest_held'"):
        variant(hand=5, start="lowest")


# == R13b: a drawn tile waits a turn ======================================================================

NEVER3 = variant(hand=3, start="centre", play_drawn="never")


def test_r13b_a_drawn_tile_is_not_played_in_its_turn() -> None:
    """R13b (play_drawn never): seat 0 has no play and draws 1-0, which fits 6-0 and 6-1;
    all the same the only move is Pass: playing it (or any tile) and drawing again are
    refused. The tile stays in the hand for a later turn."""
    rnd = _stuck(NEVER3, top="1-0")
    assert rnd.legal_moves() == [Draw()]
    refused(rnd, Pass(), "R13", "draw")
    before = rnd.obligation
    rnd = rnd.apply(Draw())
    assert rnd.to_move == 0
    assert rnd.drawn_tile == t("1-0")
    assert rnd.legal_moves() == [Pass()]
    # no play is demanded of the drawn tile: the table's own obligation stands
    assert before is not Obligation.DRAWN_TILE
    assert rnd.obligation is before
    assert rnd.view(1).obligation is before
    refused(rnd, play("1-0", "6-1"), "R13b", "seat 0", "drew 1-0", "not played")
    refused(rnd, play("1-0", "6-0"), "R13b", "drew 1-0")
    refused(rnd, Draw(), "R13b", "seat 0", "drew 1-0", "pass")
    refused(rnd, play("5-5", "6-0"), "R13b", "drew 1-0")  # any play, not just 1-0
    rnd = rnd.apply(Pass())
    assert rnd.to_move == 1
    assert rnd.drawn_tile is None
    assert rnd.hand(0) == (t("1-0"), t("5-5"))
    assert rnd.history[-2:] == (Event(0, Draw(), t("1-0")), Event(0, Pass()))


def test_r13b_an_unplayable_drawn_tile_also_means_pass() -> None:
    """R13b: the drawn 5-4 fits nowhere; the move is Pass, as in R13, and the same seat
    may not draw again."""
    rnd = _stuck(NEVER3, top="5-4 2-0").apply(Draw())
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R13b")
    assert rnd.apply(Pass()).boneyard[0] == t("2-0")


@pytest.mark.parametrize("draws", [None, 2, 3])
def test_r13b_draws_one_tile_a_turn(draws: int | None) -> None:
    """R13b with R13: "pick one tile and pass" draws one tile, so play_drawn='never' with
    any other draws_per_turn is refused, naming both knobs and the rules."""
    with pytest.raises(RulesError) as info:
        variant(hand=3, start="centre", play_drawn="never", draws_per_turn=draws)
    message = str(info.value)
    for word in ("play_drawn='never'", "draws_per_turn", repr(draws), "R13b", "scenario"):
        assert word in message, (word, message)


def test_r13b_the_search_still_places_a_drawn_round_double_r6() -> None:
    """R13b does not touch R6: in the search a drawn round double is placed at once."""
    rules = variant(players=3, hand=5, start="holder", play_drawn="never")
    rnd = deal(
        rules,
        ["5-4 3-2 1-0 2-2 4-1", "6-1 5-0 3-3 2-1 6-5", "6-2 5-5 4-4 3-1 2-0"],
        top="4-3 6-6",
        first=1,
    )
    rnd = run(rnd, Draw(), Pass(), Draw())
    assert rnd.drawn_tile == t("6-6")
    assert rnd.legal_moves() == [play("6-6")]
    refused(rnd, Pass(), "R6", "6-6")
    rnd = rnd.apply(play("6-6"))
    assert rnd.lead == 2


# == R14, R15: reserve and pass =============================================================================


def test_r14_r15_reserve_closes_the_boneyard_and_players_pass_r16() -> None:
    """R14: 18 undealt tiles, reserve 17: one draw is allowed, then nobody may draw.
    R15: a player with no play who may not draw passes. The round goes on while someone
    can play, and ends when seat 2 plays his last tile (R16, R17, R18)."""
    rules = variant(players=3, hand=3, start="centre", boneyard_reserve=17)
    rnd = deal(rules, ["6-0 6-3 5-5", "6-1 4-4 5-4", "6-2 2-0 3-2"], top="6-4")
    rnd = run(rnd, play("6-0", "6-6"), play("6-1", "6-6"), play("6-2", "6-6"), play("6-3", "6-6"))
    assert rnd.to_move == 1
    assert len(rnd.boneyard) == 18
    assert rnd.can_draw
    assert rnd.legal_moves() == [Draw()]
    rnd = run(rnd, Draw())
    assert len(rnd.boneyard) == 17
    assert not rnd.can_draw
    assert rnd.legal_moves() == [Pass()]  # 6-4 fits nowhere: 6-6 is full
    rnd = run(rnd, Pass())
    assert not rnd.is_over
    assert legal(rnd) == {
        play("2-0", "6-0"),
        play("2-0", "6-2"),
        play("3-2", "6-2"),
        play("3-2", "6-3"),
    }
    rnd = run(rnd, play("2-0", "6-0"))
    # Seat 0 holds 5-5: no 5 shows, and the boneyard is closed.
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [Pass()]
    refused(rnd, Draw(), "R14", "reserve", "17")
    before = rnd
    rnd = run(rnd, Pass())
    assert rnd.to_move == 1
    assert rnd.hands == before.hands
    assert rnd.boneyard == before.boneyard
    assert rnd.open_ends == before.open_ends
    rnd = run(rnd, Pass())
    rnd = run(rnd, play("3-2", "6-2"))
    assert rnd.ending is Ending.WENT_OUT
    assert rnd.winner == 2
    assert rnd.scores == (10, 27, 0)  # 5-5; 4-4 + 5-4 + 6-4 = 8 + 9 + 10; none


def test_r15_pass_is_refused_while_the_player_may_draw_or_play() -> None:
    """R15: passing is only for a player with no play who may not draw (R12, R13)."""
    rnd = deal(CENTRE5, [S0, S1])
    refused(rnd, Pass(), "R12")
    stuck = _stuck(CENTRE3, top="5-4")
    refused(stuck, Pass(), "R13")


# == R16: the end ==========================================================================================


def _out_with(hands: list[str], double_blank: int = 0, blank_value: int = 0) -> Round:
    rules = variant(hand=3, start="centre", double_blank=double_blank, blank_value=blank_value)
    rnd = run(deal(rules, hands), *CROSS)
    assert rnd.to_move == 0
    return rnd


@pytest.mark.parametrize(("double_blank", "loser"), [(0, 0), (25, 25), (50, 50)])
def test_r16_going_out_on_a_double_without_toes_r17(double_blank: int, loser: int) -> None:
    """R16: the round ends as soon as a player plays his last tile, even a double still
    missing its toes. R17: the others score their pips; 0-0 counts double_blank."""
    rnd = _out_with(["6-0 6-1 1-1", "6-2 6-3 0-0"], double_blank)
    assert legal(rnd) == {play("1-1", "6-1")}
    rnd = rnd.apply(play("1-1", "6-1"))
    assert rnd.is_over
    assert rnd.ending is Ending.WENT_OUT
    assert rnd.winner == 0
    assert rnd.to_move is None
    assert rnd.scores == (0, loser)
    assert rnd.outcome == Outcome(Ending.WENT_OUT, 0, (0, loser))
    assert rnd.legal_moves() == []
    for move in (Pass(), Draw(), play("0-0", "6-0")):
        assert not rnd.is_legal(move)
        with pytest.raises(IllegalMoveError) as info:
            rnd.apply(move)
        assert info.value.rule == "R16"
        assert info.value.seat is None


def test_r11_r16_placing_the_round_double_as_the_last_tile_goes_out() -> None:
    """R11: placing the round double is a play (the placer's turn); R16: with hands of one
    tile, seat 0 places 6-6, his last tile, and goes out; seat 1 keeps 5-5 (R17: 10)."""
    rules = variant(hand=1, start="holder")
    rnd = deal(rules, ["6-6", "5-5"]).apply(play("6-6"))
    assert rnd.ending is Ending.WENT_OUT
    assert rnd.winner == 0
    assert rnd.scores == (0, 10)


def test_r17_pips_of_an_ordinary_hand() -> None:
    """R17: when seat 0 goes out he scores 0 and seat 1, left with 5-4, scores 9."""
    rnd = _out_with(["6-0 6-1 1-1", "6-2 6-3 5-4"])
    rnd = run(rnd, play("1-1", "6-1"))
    assert rnd.scores == (0, 9)
    assert rnd.winner == 0


@pytest.mark.parametrize(
    ("kept", "double_blank", "blank_value", "loser"),
    [
        ("5-0", 0, 0, 5),
        ("5-0", 0, 25, 30),
        ("5-0", 50, 25, 30),
        ("0-0", 50, 25, 50),
        ("0-0", 0, 25, 0),
        ("5-4", 0, 25, 9),
    ],
)
def test_r17b_each_blank_end_counts_blank_value(
    kept: str, double_blank: int, blank_value: int, loser: int
) -> None:
    """R17b: seat 0 goes out and seat 1 keeps one tile. A tile with a blank end counts its
    pips plus blank_value (5-0 counts 30 with 25); the double-blank counts double_blank
    (R17) and never blank_value; a tile without a blank counts its pips."""
    rnd = _out_with(["6-0 6-1 1-1", f"6-2 6-3 {kept}"], double_blank, blank_value)
    rnd = run(rnd, play("1-1", "6-1"))
    assert rnd.scores == (0, loser)


def test_r17b_r18_blank_value_decides_a_blocked_round() -> None:
    """R17b with R18: the lowest score, counted with blank_value, wins a blocked round.
    Nobody holds a 6 for the centre 6-6; seat 0 draws the one tile the reserve allows,
    1-1, and the round blocks (R14, R16). Seat 0 keeps 1-0, 2-2 and 1-1 (7 pips), seat 1
    keeps 5-3 and 0-0 (8): seat 0 wins with blank_value 0, seat 1 with 25 (1-0 counts 26)."""
    winners = []
    for blank_value in (0, 25):
        rules = variant(hand=2, start="centre", blank_value=blank_value, boneyard_reserve=22)
        rnd = run(deal(rules, ["1-0 2-2", "5-3 0-0"], "1-1"), Draw())
        assert rnd.ending is Ending.BLOCKED
        winners.append((rnd.winner, rnd.scores))
    assert winners == [(0, (7, 8)), (1, (32, 8))]


def test_r16_r18_blocked_right_after_a_draw_tie_from_the_lead_seat() -> None:
    """R16: the engine detects a blocked round itself, here right after a draw, before
    anyone passes. R18: scores tie between seats 0 and 2; the tie goes to the tied seat
    first in turn order from the round's first seat (1): 1, 2, 0, so seat 2.

    Centre 6-6, three hands of 3, 18 undealt tiles and a reserve of 17 (one draw). Seat 2
    plays 1-1 onto 6-1; its toes need 1s and every other 1 is in the closed boneyard.
    """
    rules = variant(players=3, hand=3, start="centre", boneyard_reserve=17)
    hands = ["6-2 0-0 2-0", "6-0 6-3 6-5", "6-1 1-1 3-2"]
    rnd = deal(rules, hands, top="3-0", first=1)
    assert rnd.lead == 1
    rnd = run(rnd, play("6-0", "6-6"), play("6-1", "6-6"), play("6-2", "6-6"), play("6-3", "6-6"))
    assert rnd.to_move == 2
    rnd = run(rnd, play("1-1", "6-1"))
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [Draw()]
    rnd = rnd.apply(Draw())  # 3-0: no 1
    assert rnd.is_over
    assert rnd.ending is Ending.BLOCKED
    assert rnd.moves[-1] == Draw()
    # seat 0: 0-0 2-0 3-0 = 5; seat 1: 6-5 = 11; seat 2: 3-2 = 5.
    assert rnd.scores == (5, 11, 5)
    assert rnd.winner == 2


def test_r16_not_blocked_while_another_player_can_play() -> None:
    """R16: the same position with 5-1 in seat 1's hand instead of 6-5 is not blocked
    after seat 0's draw: seat 0 passes and seat 1 puts 5-1 on 1-1."""
    rules = variant(players=3, hand=3, start="centre", boneyard_reserve=17)
    hands = ["6-2 0-0 2-0", "6-0 6-3 5-1", "6-1 1-1 3-2"]
    rnd = deal(rules, hands, top="3-0", first=1)
    rnd = run(
        rnd,
        play("6-0", "6-6"),
        play("6-1", "6-6"),
        play("6-2", "6-6"),
        play("6-3", "6-6"),
        play("1-1", "6-1"),
        Draw(),
    )
    assert not rnd.is_over
    assert rnd.legal_moves() == [Pass()]
    rnd = rnd.apply(Pass())
    assert legal(rnd) == {play("5-1", "1-1")}


def test_r18_holder_start_tie_goes_from_the_holder_not_seat_0() -> None:
    """R18 with R23: in a holder start the holder of the round double starts the round,
    so ties are broken in turn order from him (seat 1: 1, 2, 0), not from seat 0.

    Three hands of 4 (16 undealt, reserve 15: one draw). Seat 1 places 6-6; the cross is
    6-1, 6-2, 6-0, 6-3; seat 0 plays 1-1 onto 6-1; seat 1 has no 1, draws 4-3: blocked.
    Seat 0 keeps 2-0 3-0 = 5, seat 1 keeps 5-5 4-4 4-3 = 25, seat 2 keeps 5-0 0-0 = 5.
    """
    rules = variant(players=3, hand=4, start="holder", boneyard_reserve=15)
    hands = ["6-2 1-1 2-0 3-0", "6-6 6-0 5-5 4-4", "6-1 6-3 5-0 0-0"]
    rnd = deal(rules, hands, top="4-3", first=0)
    assert rnd.to_move == 1
    rnd = run(
        rnd,
        play("6-6"),
        play("6-1", "6-6"),
        play("6-2", "6-6"),
        play("6-0", "6-6"),
        play("6-3", "6-6"),
        play("1-1", "6-1"),
    )
    assert rnd.lead == 1
    assert rnd.to_move == 1
    rnd = run(rnd, Draw())
    assert rnd.ending is Ending.BLOCKED
    assert rnd.scores == (5, 25, 5)
    assert rnd.winner == 2


def test_r18_blocked_lowest_score_wins_without_a_tie() -> None:
    """R18: in a blocked round the lowest score wins, whatever the seat order (seat 2 with
    2 pips against 4 and 11)."""
    rules = variant(players=3, hand=3, start="centre", boneyard_reserve=17)
    hands = ["6-2 0-0 4-0", "6-0 6-3 6-5", "6-1 1-1 2-0"]
    rnd = deal(rules, hands, top="3-3", first=1)
    rnd = run(
        rnd,
        play("6-0", "6-6"),
        play("6-1", "6-6"),
        play("6-2", "6-6"),
        play("6-3", "6-6"),
        play("1-1", "6-1"),
        Draw(),
    )
    assert rnd.ending is Ending.BLOCKED
    assert rnd.scores == (10, 11, 2)  # 0-0 + 4-0 + 3-3; 6-5; 2-0
    assert rnd.winner == 2


# == Errors and immutability ===================================================================================


def _toe_position() -> Round:
    """R9 position: 2-2 waits for its toes, seat 1 to move."""
    return run(deal(CENTRE5, R9_HANDS, top="2-0"), *CROSS, play("2-2", "6-2"))


def test_refused_move_leaves_the_round_unchanged() -> None:
    """R9, R12: A refused move raises IllegalMoveError (a ValueError) and changes nothing: the
    round still equals an independently built twin."""
    rnd = _toe_position()
    twin = _toe_position()
    assert rnd == twin
    assert hash(rnd) == hash(twin)
    attempts: list[Move] = [
        play("4-0", "6-0"),  # R9
        play("6-1", "6-6"),  # not held
        play("2-1", "6-2"),  # closed end, toes first
        Draw(),  # R12
        Pass(),  # R12
    ]
    for move in attempts:
        with pytest.raises(ValueError, match=r"\(R\d+[a-z]?\)"):
            rnd.apply(move)
        assert rnd == twin
        assert rnd.hands == twin.hands
        assert rnd.boneyard == twin.boneyard
        assert rnd.history == twin.history
        assert rnd.to_move == twin.to_move == 1
        assert rnd.legal_moves() == twin.legal_moves()
        assert rnd.open_ends == twin.open_ends


def test_refused_move_after_a_draw_leaves_a_copied_round_unchanged() -> None:
    """R13 position (a drawn 1-0 must be played): refused moves change nothing, checked
    against deep and pickled copies taken before."""
    rnd = _stuck(CENTRE3, top="1-0").apply(Draw())
    copies = [copy.deepcopy(rnd), pickle.loads(pickle.dumps(rnd))]
    for move in (Pass(), Draw(), play("5-5", "6-0"), play("1-0", "6-2")):
        with pytest.raises(IllegalMoveError):
            rnd.apply(move)
    for other in copies:
        assert other == rnd
        assert other.drawn_tile == rnd.drawn_tile == t("1-0")
        assert other.legal_moves() == rnd.legal_moves()
        assert other.history == rnd.history


def test_rounds_with_different_round_doubles_differ_r6() -> None:
    """R6: the round double opens the round. The same deal with 6-6 or 5-5 as round
    double gives different rounds (seat 0 must place a different tile), so they must not
    compare equal."""
    hands = ["6-6 5-5 4-0 3-0 2-0 1-0 0-0", "6-0 6-1 6-2 6-3 6-4 6-5 5-0"]
    six = deal(PRESETS["chickie-duel"], hands, double=6)
    five = deal(PRESETS["chickie-duel"], hands, double=5)
    assert six.legal_moves() == [play("6-6")]
    assert five.legal_moves() == [play("5-5")]
    assert six != five
    assert len({six, five}) == 2


def test_apply_returns_a_new_round() -> None:
    """R9, R11: apply() returns the next round; the round it was called on stays as it was."""
    rnd = _toe_position()
    after = rnd.apply(play("2-1", "2-2"))
    assert after != rnd
    assert rnd.to_move == 1
    assert t("2-1") in rnd.hand(1)
    assert t("2-1") not in after.hand(1)
    assert len(after.moves) == len(rnd.moves) + 1


def test_illegal_move_error_names_tile_seat_and_rule() -> None:
    """R9: The message names the move (its tiles), the seat and the rule; the attributes
    carry the same."""
    rnd = _toe_position()
    move = play("4-0", "6-0")
    with pytest.raises(IllegalMoveError) as info:
        rnd.apply(move)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, ChickenFootError)
    assert error.move == move
    assert error.seat == 1
    assert error.rule == "R9"
    assert "2-2" in error.reason
    message = str(error)
    assert message.startswith("seat 1 cannot play 4-0 onto 6-0: the toes of 2-2 come first")
    assert message.endswith("(R9)")
    assert "Play(Tile(4, 0), onto=Tile(6, 0))" in repr(error)


def test_apply_refuses_a_non_move() -> None:
    """R4: Only Play, Draw and Pass are moves."""
    rnd = deal(CENTRE5, [S0, S1])
    with pytest.raises(TypeError):
        rnd.apply("draw")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        rnd.is_legal(t("6-0"))  # type: ignore[arg-type]


def test_round_cannot_be_built_directly() -> None:
    """R5: Rounds come from deal() or from_deal(), and the error says so."""
    with pytest.raises(TypeError, match=r"Round\.deal\(\) or Round\.from_deal\(\)"):
        Round()


def test_deal_options_are_keywords() -> None:
    """The variant, the players (or hands and boneyard) come first; seed, round double and
    first seat are named, so a call reads the same in every program."""
    hands = [ts(S0), ts(S1)]
    pile = rest_of(CENTRE5, *hands)
    with pytest.raises(TypeError):
        Round.deal(CENTRE5, 2, 1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Round.from_deal(CENTRE5, hands, pile, 6)  # type: ignore[call-arg]
    by_name = Round.from_deal(rules=CENTRE5, hands=hands, boneyard=pile, round_double=6, first=1)
    assert by_name == Round.from_deal(CENTRE5, hands, pile, round_double=6, first=1)
    assert Round.deal(rules=CENTRE5, players=2, seed=1) == Round.deal(CENTRE5, 2, seed=1)


def test_a_large_custom_table_deals_and_replays_r5() -> None:
    """R5: a custom variant may deal hundreds of tiles to a hand (double-40 has 861); an
    explicit deal of the same hands gives the same round."""
    rules = variant(hand=300, n=40, start="centre")
    rnd = Round.deal(rules, 2, seed=3, round_double=40)
    assert rnd.hand_counts == (300, 300)
    again = Round.from_deal(
        rules, rnd.dealt_hands, rnd.dealt_boneyard, round_double=40, first=rnd.first
    )
    assert again.hands == rnd.hands
    assert again.boneyard == rnd.boneyard
    assert again.legal_moves() == rnd.legal_moves()


# == values: repr, equality, argument checks ====================================================


def test_repr_counts_every_move_plays_draws_and_passes() -> None:
    """R4: plays, draws and passes are all moves; the repr says how many were made, with
    the seat to move or the ending and winner."""
    start = "<Round scenario, 2 players, double 6-6: "
    rnd = _stuck(CENTRE3, top="5-4 2-0")
    assert repr(rnd) == start + "seat 0 to move after 4 moves>"
    rnd = rnd.apply(Draw())
    assert repr(rnd) == start + "seat 0 to move after 5 moves>"
    rnd = rnd.apply(Pass())
    assert repr(rnd) == start + "seat 1 to move after 6 moves>"
    assert len(rnd.moves) == 6

    one = run(deal(CENTRE5, [S0, S1]), play("6-0", "6-6"))
    assert repr(one) == start + "seat 1 to move after 1 move>"
    assert repr(deal(CENTRE5, [S0, S1])) == start + "seat 0 to move after 0 moves>"

    out = _out_with(["6-0 6-1 1-1", "6-2 6-3 0-0"]).apply(play("1-1", "6-1"))
    assert repr(out) == start + "went out, seat 0 won after 5 moves>"


def test_a_round_equals_itself_and_its_copies() -> None:
    """Rounds are values: a round equals itself, its copies and the same deal played the
    same way, and they hash alike."""
    for rnd in (deal(CENTRE5, [S0, S1]), _toe_position(), _stuck(CENTRE3, top="1-0")):
        assert rnd == rnd
        assert rnd == copy.copy(rnd) == copy.deepcopy(rnd) == pickle.loads(pickle.dumps(rnd))
        assert len({rnd, copy.deepcopy(rnd)}) == 1
    assert _toe_position() == _toe_position()


def test_rounds_that_differ_only_in_the_boneyard_differ() -> None:
    """R5: the boneyard's order is part of the deal: two rounds with the same hands and
    boneyards in other orders differ, whichever is compared with which."""
    hands = [ts(S0), ts(S1)]
    pile = rest_of(CENTRE5, *hands)
    one = Round.from_deal(CENTRE5, hands, pile, round_double=6)
    other = Round.from_deal(CENTRE5, hands, pile[::-1], round_double=6)
    assert one.hands == other.hands
    assert one != other
    assert other != one
    assert not one == other  # noqa: SIM201 (the __eq__ call itself, not __ne__)
    assert not other == one  # noqa: SIM201


def test_rounds_that_differ_only_in_the_first_seat_differ() -> None:
    """R23: the first seat is part of a round even when the holder of the round double
    moves first (R6): the same deal with another first seat is another round, whichever
    is compared with which, though both start with the same seat to move."""
    rounds = [Round.deal(PRESETS["classic"], 4, seed=1, first=first) for first in range(4)]
    assert {rnd.to_move for rnd in rounds} == {0}
    assert len({rnd.hands for rnd in rounds}) == 1
    for one in rounds:
        for other in rounds:
            assert (one == other) is (one.first == other.first)
            assert (one != other) is (one.first != other.first)


def test_rounds_that_differ_only_in_the_hands_differ_r5() -> None:
    """R5: the hands are part of the deal: two rounds with the same boneyard, round double
    and first seat, and one tile swapped between the hands, differ, whichever is compared
    with which."""
    hands = [ts(S0), ts(S1)]
    pile = rest_of(CENTRE5, *hands)
    swapped = [(hands[1][0], *hands[0][1:]), (hands[0][0], *hands[1][1:])]
    one = Round.from_deal(CENTRE5, hands, pile, round_double=6)
    other = Round.from_deal(CENTRE5, swapped, pile, round_double=6)
    assert one.boneyard == other.boneyard
    assert one.hand_counts == other.hand_counts
    assert (one.to_move, one.first) == (other.to_move, other.first)
    assert one.hands != other.hands
    assert one != other
    assert other != one
    assert not one == other  # noqa: SIM201 (the __eq__ call itself, not __ne__)
    assert not other == one  # noqa: SIM201


def test_the_same_move_by_another_seat_makes_another_round_r11() -> None:
    """R11: a round's history says which seat made each move. Two positions, one with seat
    0 to move and one with seat 1, where the same play 2-0 onto 2-2 blocks the round (R7:
    2-2 still wants a 2, and 2-1 lies in the closed boneyard, R14, R16), end with the same
    layout, hands, boneyard and outcome (R18): the rounds still differ, whichever is
    compared with which, because another seat made the move."""
    rules = variant(hand=1, n=2, opening_toes=2, boneyard_reserve=1)
    by_zero = Round.from_position(rules, "cf1 2-2 2-2 2-0,0-0/1-0,1-1 2-1 0 0 0 -")
    by_one = Round.from_position(rules, "cf1 2-2 2-2 0-0/2-0,1-0,1-1 2-1 1 0 0 -")
    move = play("2-0", "2-2")
    one, other = run(by_zero, move), run(by_one, move)
    assert one.outcome == other.outcome == Outcome(Ending.BLOCKED, 0, (0, 3))
    assert one.to_position() == other.to_position()
    assert one.hands == other.hands
    assert one.moves == other.moves == (move,)
    assert [e.seat for e in one.history] == [0]
    assert [e.seat for e in other.history] == [1]
    assert one != other
    assert other != one
    assert not one == other  # noqa: SIM201 (the __eq__ call itself, not __ne__)
    assert not other == one  # noqa: SIM201
    assert run(by_zero, move) == one


def test_the_same_move_on_the_same_round_gives_equal_rounds() -> None:
    """Rounds are values: one move applied twice to one round gives two equal rounds
    (they share the older history), and their views are equal too."""
    rnd = _toe_position()
    one, two = rnd.apply(play("2-1", "2-2")), rnd.apply(play("2-1", "2-2"))
    assert one is not two
    assert one == two
    assert hash(one) == hash(two)
    assert one.view(0) == two.view(0)
    assert one.apply(Draw()) == two.apply(Draw())
    assert one.apply(Draw()) != one


def test_r9_a_blank_double_waits_for_its_toes() -> None:
    """R9: 0-0 played onto 6-0 is a double like any other (only the round double opens the
    round): its three toes come first, and only a 0 may go onto it."""
    rnd = run(deal(CENTRE5, ["6-0 6-1 0-0 3-1 5-1", "6-2 6-3 2-1 4-0 5-5"]), *CROSS)
    rnd = run(rnd, play("0-0", "6-0"))
    assert rnd.pending_double == t("0-0")
    assert rnd.obligation is Obligation.TOES
    assert rnd.open_ends == ends(("0-0", 0, 3), ("6-1", 1, 1), ("6-2", 2, 1), ("6-3", 3, 1))
    assert legal(rnd) == {play("4-0", "0-0")}
    refused(rnd, play("2-1", "6-1"), "R9", "the toes of 0-0 come first")


def test_r6_refusals_of_the_round_double_name_what_is_wrong_with_it_r4() -> None:
    """R6, R4: the round double itself, sent wrongly, is refused for what is wrong (placed
    onto a tile, or by a seat that does not hold it), not as another tile; tiles made by
    the caller compare by value."""
    holder = Round.deal(PRESETS["classic"], 4, seed=1)  # seat 0 holds 9-9
    for onto in (Tile(9, 5), Tile(9, 9)):
        with pytest.raises(IllegalMoveError) as info:
            holder.apply(Play(Tile(9, 9), onto=onto))
        assert str(info.value) == (
            f"seat 0 cannot play 9-9 onto {onto}: 9-9 is the round double: it is placed "
            f"alone, to start the layout, not onto a tile; write it as '9-9' (R4)"
        )
        assert parse_move("9-9") in holder.legal_moves()  # the move notation the hint gives
    search = Round.deal(PRESETS["classic"], 4, seed=0)  # nobody holds 9-9
    assert search.legal_moves() == [Draw()]
    for move in (Play(Tile(9, 9)), Play(Tile(9, 9), onto=Tile(9, 9))):
        with pytest.raises(IllegalMoveError) as info:
            search.apply(move)  # not holding it comes first, however it is written
        assert str(info.value).endswith(": it does not hold 9-9 (R6)")


def test_r7_the_opening_of_8_8_asks_for_an_8() -> None:
    """R7 in words: classic dealt for 8-8 (seed 0), seat 0 places it; seat 3 holds no 8,
    and its 5-2 is refused with "play an 8", the article as the number is read."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=0, round_double=8).apply(play("8-8"))
    assert rnd.to_move == 3
    error = refused(rnd, play("5-2", "8-8"), "R7")
    assert str(error) == (
        "seat 3 cannot play 5-2 onto 8-8: the 4 places of 8-8 come first: play an 8 onto 8-8 (R7)"
    )


def test_r6b_a_lower_double_nobody_holds_is_refused_as_not_held() -> None:
    """R6b: in the search for 3-3 or a lower double, placing 2-2 that the seat does not
    hold is refused for that, not as a tile other than the round double."""
    _, rnd = search_for_3_3("6-6 2-1 2-2 1-1")
    refused(rnd, play("2-2"), "R6b", "it does not hold 2-2")
    refused(rnd, play("3-3"), "R6", "it does not hold 3-3")
    refused(rnd, play("6-6"), "R6b", "the round double, 3-3 or a lower double, is placed first")


def test_r13_after_a_draw_any_other_tile_is_refused_for_the_drawn_one() -> None:
    """R13 (must): after drawing 1-0, seat 0's 5-5 is refused because only the drawn tile
    may be played, whatever 5-5 would have fitted."""
    rnd = _stuck(CENTRE3, top="1-0").apply(Draw())
    assert rnd.legal_moves() == [play("1-0", "6-0"), play("1-0", "6-1")] or set(
        rnd.legal_moves()
    ) == {play("1-0", "6-0"), play("1-0", "6-1")}
    for onto in ("6-0", "6-1", "6-2", "6-3"):
        refused(rnd, play("5-5", onto), "R13", "only the drawn tile 1-0")


@pytest.mark.parametrize("seed", range(3))
def test_r9_a_higher_double_than_the_round_double_waits_for_its_toes(seed: int) -> None:
    """R9: in a round on 3-3, a double above it (7-7, 8-8) played onto an arm wants its
    toes like any other: the obligation is TOES, not the opening of R7."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=seed, round_double=Tile(3, 3))
    rng = random.Random(seed)
    seen = 0
    while not rnd.is_over:
        pending = rnd.pending_double
        if pending is not None and pending != rnd.round_double and rnd.drawn_tile is None:
            assert rnd.obligation is Obligation.TOES, (pending, rnd.history[-1])
            seen += pending > rnd.round_double
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert seen


@pytest.mark.parametrize("start", ["centre", "holder"])
def test_r7_on_a_large_set_the_opening_holds_in_copies_of_the_round(start: str) -> None:
    """R7: until the round double's places are filled, they come first. On a set above
    double-21 the tiles' numbers pass 256; the obligation stays the opening, and the
    legal moves stay plays onto the round double, in the round, its pickled copy (as a
    round sent to another process) and its views and their pickled copies."""
    rules = variant(hand=40, n=30, start=start)
    rnd = Round.deal(rules, 2, seed=3, round_double=30)
    while rnd.obligation is Obligation.ROUND_DOUBLE:  # R6: the holder places it
        rnd = rnd.apply(rnd.legal_moves()[0])
    rnd = rnd.apply(rnd.legal_moves()[0])  # one of its 4 places filled: 3 left
    double = t("30-30")
    for copied in (rnd, pickle.loads(pickle.dumps(rnd)), copy.deepcopy(rnd)):
        assert copied.pending_double == double
        assert copied.obligation is Obligation.OPENING
        assert copied.legal_moves() == rnd.legal_moves()
        assert all(m.onto == double for m in copied.legal_moves() if isinstance(m, Play))
    for seat in (0, 1):
        view = rnd.view(seat)
        for shown in (view, pickle.loads(pickle.dumps(view))):
            assert shown.obligation is Obligation.OPENING
            assert shown.pending_double == double


def test_a_seat_out_of_range_names_the_seats_of_the_table() -> None:
    """A seat argument outside the table is refused with the table's range of seats."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    for seat in (4, -1, 7):
        with pytest.raises(ValueError, match="seat is a seat from 0 to 3, not ") as info:
            rnd.view(seat)
        assert str(info.value).endswith(repr(seat))
    with pytest.raises(ValueError, match="seat is a seat from 0 to 5, not 6"):
        Round.deal(PRESETS["classic"], 6, seed=1).hand(6)


@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize("move", ["draw", None, 3, Tile(9, 9)])
def test_a_move_that_is_not_a_move_is_a_type_error_whoever_sends_it(move: Any, seat: int) -> None:
    """R11: ``apply(move, seat=...)`` checks that the move is a Play, Draw or Pass before
    whose turn it is: a string sent by a seat out of turn is a TypeError, not an illegal
    move, and nothing is applied."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    with pytest.raises(TypeError, match="a move is a Play, Draw or Pass, not "):
        rnd.apply(move, seat=seat)
    match = Match.new(PRESETS["classic"], 4, seed=1)
    with pytest.raises(TypeError, match="a move is a Play, Draw or Pass, not "):
        match.apply(move, seat=seat)
    assert rnd == Round.deal(PRESETS["classic"], 4, seed=1)


@pytest.mark.parametrize("seed", [-(2**63), -(2**63) + 1, 0, 2**64 - 2, 2**64 - 1])
def test_seeds_at_the_ends_of_the_range_are_accepted(seed: int) -> None:
    """A seed is any int from -2**63 to 2**64 - 1, both ends included; one beyond is not."""
    assert Round.deal(PRESETS["classic"], 4, seed=seed).seed == seed
    for beyond in (-(2**63) - 1, 2**64):
        with pytest.raises(ValueError, match=re.escape("seed is an int from -2**63 to 2**64 - 1")):
            Round.deal(PRESETS["classic"], 4, seed=beyond)


@pytest.mark.parametrize("double", [-1, -6, 7, 12, True, 6.0, "6"])
def test_the_round_double_is_a_double_of_the_set(double: Any) -> None:
    """R5, R19: the round double given as a number is one of the set's doubles, 0 to N for
    the double-N set (an int); anything else is refused, the error naming the range and
    the value, whether the round is shuffled or dealt by hand."""
    expected = f"the round double of a double-6 set is 0 to 6, not {double!r}"
    with pytest.raises(ValueError, match="the round double of a double-6 set") as info:
        Round.deal(CENTRE5, 2, seed=1, round_double=double)
    assert str(info.value) == expected
    hands = [ts(S0), ts(S1)]
    with pytest.raises(ValueError, match="the round double of a double-6 set") as info:
        Round.from_deal(CENTRE5, hands, rest_of(CENTRE5, *hands), round_double=double)
    assert str(info.value) == expected


def test_both_ends_of_the_set_are_round_doubles() -> None:
    """R19: a match plays a round on every double from the highest down to 0-0, so both
    are accepted as the round double, as numbers or as tiles."""
    for number in (0, 6):
        for double in (number, Tile(number, number)):
            rnd = Round.deal(CENTRE5, 2, seed=1, round_double=double)
            assert rnd.round_double == Tile(number, number)
            assert Tile(number, number) not in rnd.hand(0) + rnd.hand(1)


@pytest.mark.parametrize("first", [-1, 2, 5, True, 1.0, "0"])
def test_the_first_seat_must_be_a_seat(first: Any) -> None:
    """R5: the first seat is a seat of the table: 0 to players - 1, an int; the error
    names the range and the value."""
    hands = [ts(S0), ts(S1)]
    pile = rest_of(CENTRE5, *hands)
    with pytest.raises(ValueError, match="first is a seat from 0 to 1") as info:
        Round.deal(CENTRE5, 2, seed=1, first=first)
    assert repr(first) in str(info.value)
    with pytest.raises(ValueError, match="first is a seat from 0 to 1"):
        Round.from_deal(CENTRE5, hands, pile, round_double=6, first=first)
    assert Round.deal(CENTRE5, 2, seed=1, first=1).to_move == 1
