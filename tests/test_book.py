"""The rulebook: one rule object of each family, chosen once per variant and per round.

``book_of(rules)`` is memoised per ``Rules`` value; a round's states keep the book of its
deal; each family is chosen by its knob; every refusal the families decide reaches
``Round.apply`` with its exact text and rule number (R4, R4b, R6, R6b, R12-R14, R13b, R16);
positions ask the book what a turn and a start may be (R6, R6b, R12, R13); and what a move
reveals of the mover's hand, in closed form, is what the sampler finds by probing.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import Deal, deals

from chickenfoot import (
    PRESETS,
    Draw,
    IllegalMoveError,
    Match,
    Move,
    Pass,
    Play,
    PositionError,
    Round,
    Rules,
    Tile,
)
from chickenfoot import tile_set as set_of
from chickenfoot._book import Book, book_of
from chickenfoot._drawing import MayKeepDrawn, MustPlayDrawn, NeverPlayDrawn
from chickenfoot._engine import turn_moves
from chickenfoot._opening import CentreOpening, HighestHeldOpening, HolderOpening
from chickenfoot._round import state_of
from chickenfoot._rule import (
    ANY_START,
    NOTHING,
    UNKNOWN,
    DealNeeds,
    PublicTurn,
    Reveal,
    StartCase,
    off_table,
)
from chickenfoot._schedule import schedule_of
from chickenfoot._scoring import Scoring, hand_score
from chickenfoot._table import TableState

# -- helpers ------------------------------------------------------------------------------------


def t(text: str) -> Tile:
    return Tile.parse(text)


def ts(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def variant(*, players: int = 2, hand: int, n: int = 6, **knobs: Any) -> Rules:
    """Double-``n``, ``hand`` tiles each, a cross without first foot, no reserve unless
    ``knobs`` say otherwise."""
    base: dict[str, Any] = {
        "name": "book",
        "set_sizes": {players: n},
        "hand_sizes": {players: hand},
        "boneyard_reserve": 0,
        "first_foot_required": False,
        "double_blank": 0,
    }
    base.update(knobs)
    return attrs.evolve(PRESETS["chickie-duel"], **base)


def deal(rules: Rules, hands: Sequence[str], top: str = "", *, double: int = 6) -> Round:
    """Hands as written, the boneyard ``top`` first and then the rest of the set in order."""
    dealt = [ts(h) for h in hands]
    head = ts(top)
    used = {tile for h in dealt for tile in h} | set(head)
    if rules.start == "centre":
        used.add(Tile(double, double))
    n = rules.set_size(len(hands))
    rest = [tile for tile in set_of(n) if tile not in used]
    return Round.from_deal(rules, dealt, [*head, *rest], round_double=double)


def refusal(rnd: Round, move: Move) -> tuple[str, str]:
    """The reason and rule of ``Round.apply``'s refusal of ``move``."""
    assert move not in rnd.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        rnd.apply(move)
    return info.value.reason, info.value.rule


def play(tile: str, onto: str | None = None) -> Play:
    return Play(t(tile), None if onto is None else t(onto))


# -- the book, once per variant and once per round ------------------------------------------------


def test_book_of_is_memoised_per_value() -> None:
    rules = PRESETS["classic"]
    same = attrs.evolve(rules)  # an equal value, another object
    assert same is not rules
    assert book_of(rules) is book_of(rules)
    assert book_of(same) is book_of(rules)
    other = attrs.evolve(rules, boneyard_reserve=1)
    assert book_of(other) is not book_of(rules)
    assert book_of(other).rules == other
    book = book_of(rules)
    assert book.schedule.opening is book.opening
    assert book.schedule.round_count(4) == schedule_of(rules).round_count(4) == 10  # double-9


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_state_of_a_round_keeps_the_book_of_its_deal(name: str) -> None:
    rules = PRESETS[name]
    players = rules.player_counts[0]
    rnd = Round.deal(rules, players, seed=5)
    book = state_of(rnd).book
    assert book is book_of(rules)
    rng = random.Random(5)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        assert state_of(rnd).book is book
    played = state_of(Round.deal(rules, players, seed=6)).play_out(
        lambda state, moves, g: moves[g.randrange(len(moves))], rng
    )
    assert played.outcome is not None
    assert played.book is book


def test_rounds_from_deals_positions_and_pickles_keep_the_variants_book() -> None:
    rules = PRESETS["double-foot"]
    rnd = Round.deal(rules, 3, seed=9)
    rnd = rnd.apply(rnd.legal_moves()[0])
    assert state_of(Round.from_position(rules, rnd.to_position())).book is book_of(rules)
    assert state_of(pickle.loads(pickle.dumps(rnd))).book is book_of(rules)
    dealt = Round.from_deal(rules, rnd.dealt_hands, rnd.dealt_boneyard, round_double=rnd.dealt_for)
    assert state_of(dealt).book is book_of(rules)


def test_the_turn_never_looks_the_book_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The book is chosen at the deal and kept on the state: listing, checking and
    playing moves to the end of a round asks it of the state, never of ``book_of``."""
    import chickenfoot._engine as engine

    rules = attrs.evolve(PRESETS["classic"], play_drawn="may", boneyard_reserve=2)
    state = state_of(Round.deal(rules, 4, seed=12))
    book = state.book

    def no_lookup(rules: Rules) -> Book:
        raise AssertionError("the turn looked the book up")

    monkeypatch.setattr(engine, "book_of", no_lookup)
    rng = random.Random(12)
    while state.outcome is None:
        moves = state.legal_moves()
        assert all(state.refusal(move) is None for move in moves)
        assert state.refusal(Play(Tile(12, 12), Tile(0, 0))) is not None
        state = state.after(rng.choice(moves))
        assert state.book is book
        assert state.can_draw is (len(state.boneyard) - state.taken > 2)
    assert state.pips_left() == state.outcome.scores


# -- each family by its knob ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "kind", "rule", "on_table"),
    [
        ("holder", HolderOpening, "R6", 0),
        ("highest_held", HighestHeldOpening, "R6b", 0),
        ("centre", CentreOpening, "R6", 1),
    ],
)
def test_the_opening_is_chosen_by_start(start: Any, kind: type, rule: str, on_table: int) -> None:
    book = book_of(attrs.evolve(PRESETS["classic"], start=start))
    assert type(book.opening) is kind
    assert book.opening.rule == rule
    assert book.opening.lower is (start == "highest_held")
    assert book.deal_needs(12, 90).on_table == on_table
    assert book.schedule.opening is book.opening


@pytest.mark.parametrize(
    ("play_drawn", "draws", "kind"),
    [("must", 1, MustPlayDrawn), ("may", 2, MayKeepDrawn), ("must", None, MustPlayDrawn)],
)
def test_the_drawing_rules_are_chosen_by_their_knobs(
    play_drawn: Any, draws: int | None, kind: type
) -> None:
    rules = attrs.evolve(
        PRESETS["classic"], play_drawn=play_drawn, draws_per_turn=draws, boneyard_reserve=3
    )
    drawing = book_of(rules).drawing
    assert type(drawing) is kind
    assert drawing.reserve == 3
    assert drawing.per_turn == (0 if draws is None else draws)
    assert book_of(rules).deal_needs(12, 90) == DealNeeds(0, 3)
    never = book_of(attrs.evolve(PRESETS["classic"], play_drawn="never", draws_per_turn=1))
    assert type(never.drawing) is NeverPlayDrawn
    assert book_of(PRESETS["classic"]).deal_needs(12, 90) == DealNeeds(0, -1)


def test_the_reserve_and_the_draws_a_turn_are_one_check_r13_r14() -> None:
    rules = attrs.evolve(PRESETS["classic"], boneyard_reserve=2, draws_per_turn=2)
    drawing = book_of(rules).drawing
    assert [drawing.may_draw(0, left) for left in range(5)] == [False, False, False, True, True]
    assert [drawing.may_draw(draws, 3) for draws in range(4)] == [True, True, False, False]
    unlimited = book_of(attrs.evolve(PRESETS["classic"], draws_per_turn=None)).drawing
    assert unlimited.may_draw(50, 1)
    assert not unlimited.may_draw(50, 0)


@given(
    double_blank=st.integers(0, 60),
    blank_value=st.integers(0, 20),
    tiles=st.sets(st.sampled_from(list(set_of(12))), max_size=12),
)
@settings(max_examples=60)
def test_the_scoring_is_chosen_by_its_knobs_r17_r17b(
    double_blank: int, blank_value: int, tiles: set[Tile]
) -> None:
    rules = attrs.evolve(PRESETS["classic"], double_blank=double_blank, blank_value=blank_value)
    scoring = book_of(rules).scoring
    assert isinstance(scoring, Scoring)
    mask = sum(1 << tile.index for tile in tiles)
    by_hand = sum(
        double_blank if tile == Tile(0, 0) else tile.pips + (blank_value if tile.low == 0 else 0)
        for tile in tiles
    )
    assert scoring.hand(mask) == by_hand == hand_score(rules, mask)
    assert scoring.values[0] == double_blank
    assert scoring.scores((mask, 0)) == (by_hand, 0)


@pytest.mark.parametrize("out_on_double", [0, 50])
def test_the_winner_who_goes_out_on_a_double_scores_out_on_double_r17c(out_on_double: int) -> None:
    """R17c: public points for the winner alone, and only when his last tile is a double
    (the double-blank and the round double too); none in a blocked round (last -1)."""
    rules = attrs.evolve(PRESETS["classic"], out_on_double=out_on_double)
    scoring = book_of(rules).scoring
    assert scoring is book_of(attrs.evolve(rules)).scoring
    five, fives, blank = Tile(5, 5).index, Tile(5, 4).index, Tile(0, 0).index
    assert scoring.public_points(2, 2, five) == out_on_double
    assert scoring.public_points(2, 2, blank) == out_on_double
    assert scoring.public_points(1, 2, five) == 0
    assert scoring.public_points(2, 2, fives) == 0
    assert scoring.public_points(2, 2, -1) == 0
    hands = (1 << Tile(3, 1).index, 1 << Tile(6, 0).index, 0)
    assert scoring.scores(hands, 2, five) == (4, 6, out_on_double)
    assert scoring.scores(hands, 2, fives) == scoring.scores(hands) == (4, 6, 0)


def test_the_blocked_winner_is_the_lowest_score_first_from_the_lead_r18() -> None:
    scoring = book_of(PRESETS["classic"]).scoring
    assert scoring.blocked_winner((5, 3, 3, 9), 0) == 1
    assert scoring.blocked_winner((5, 3, 3, 9), 2) == 2
    assert scoring.blocked_winner((3, 5, 4, 3), 1) == 3
    assert scoring.blocked_winner((4, 4, 4, 4), 3) == 3


@pytest.mark.parametrize(("start", "firsts"), [("centre", [0, 1, 2, 0]), ("holder", [0])])
def test_the_first_seat_of_each_round_is_the_openings_r23(start: Any, firsts: list[int]) -> None:
    rules = attrs.evolve(PRESETS["classic"], start=start)
    opening = book_of(rules).opening
    assert [opening.first_seat(i, 3, 2) for i in range(len(firsts))] == firsts
    if start == "holder":
        assert opening.first_seat(1, 3, 2) == 2  # the winner of the round before
        assert opening.first_seat_ahead(1, 3) is None
    match = Match.new(rules, 3, seed=4)
    assert match.round.first == firsts[0]


# -- every refusal, its text and rule, through Round.apply ----------------------------------------

HOLDER = variant(hand=5)
LOWER = variant(hand=5, start="highest_held")
CENTRE = variant(hand=5, start="centre")


def test_refusals_of_the_search_r4_r6() -> None:
    rnd = deal(HOLDER, ["5-5 4-3 2-1 1-0 0-0", "4-4 3-2 2-0 5-1 4-0"], "5-4 6-6")
    assert refusal(rnd, play("6-6")) == ("seat 0 does not hold 6-6", "R6")
    assert refusal(rnd, play("5-5")) == ("the round double 6-6 is placed first", "R6")
    assert refusal(rnd, Pass()) == ("seat 0 must draw in the search for 6-6", "R6")
    drew = rnd.apply(Draw())  # 5-4: not the round double
    assert refusal(drew, Draw()) == ("seat 0 has drawn once in the search for 6-6", "R6")
    found = drew.apply(Pass()).apply(Draw())  # seat 1 draws 6-6
    assert refusal(found, Pass()) == ("seat 1 holds the round double 6-6 and must place it", "R6")
    placed_onto = (
        "6-6 is the round double: it is placed alone, to start the layout, "
        "not onto a tile; write it as '6-6'"
    )
    assert refusal(found, play("6-6", "4-4")) == (placed_onto, "R4")
    assert refusal(found, play("4-4")) == ("the round double 6-6 is placed first", "R6")


def test_refusals_of_the_search_for_a_lower_double_r6b() -> None:
    rnd = deal(LOWER, ["4-3 2-1 1-0 6-5 6-4", "3-2 2-0 5-1 4-0 6-3"], "6-0 5-5")
    assert refusal(rnd, play("5-5")) == ("seat 0 does not hold 5-5", "R6b")
    assert refusal(rnd, play("6-6")) == ("seat 0 does not hold 6-6", "R6")
    assert refusal(rnd, play("6-5")) == (
        "the round double, 6-6 or a lower double, is placed first",
        "R6b",
    )
    assert refusal(rnd, Pass()) == (
        "seat 0 must draw in the search for 6-6 or a lower double",
        "R6b",
    )
    drew = rnd.apply(Draw())  # 6-0: no double
    assert refusal(drew, Draw()) == (
        "seat 0 has drawn once in the search for 6-6 or a lower double",
        "R6b",
    )
    found = drew.apply(Pass()).apply(Draw())  # seat 1 draws 5-5, which opens (R6b)
    assert refusal(found, Pass()) == ("seat 1 holds the round double 5-5 and must place it", "R6b")
    assert refusal(found, play("4-0")) == ("the round double 5-5 is placed first", "R6b")


def test_refusals_of_a_play_r4_r4b_r12() -> None:
    rnd = deal(CENTRE, ["6-5 4-3 2-1 1-0 0-0", "4-4 3-2 2-0 5-1 4-0"], "5-4 6-4")
    assert refusal(rnd, play("6-5")) == (
        "only the round double is played onto nothing, and it is on the table",
        "R4",
    )
    assert refusal(rnd, play("6-4", "6-6")) == ("seat 0 does not hold 6-4", "R4b")
    assert refusal(rnd, Draw()) == ("seat 0 has a legal play and may not draw", "R12")
    assert refusal(rnd, Pass()) == ("seat 0 has a legal play and may not pass", "R12")


def test_refusals_after_a_draw_r13() -> None:
    hands = ["4-3 2-1 1-0 0-0 3-3", "4-4 3-2 2-0 5-1 4-0"]
    rnd = deal(CENTRE, hands, "5-2 6-1 6-5")
    assert refusal(rnd, Pass()) == ("seat 0 has no play and must draw", "R13")
    drew = rnd.apply(Draw())  # 5-2: no play
    assert refusal(drew, Draw()) == ("seat 0 has drawn the 1 tile(s) allowed this turn", "R13")
    two = deal(attrs.evolve(CENTRE, draws_per_turn=2), hands, "5-2 6-1 6-5").apply(Draw())
    assert refusal(two, Pass()) == ("seat 0 must draw again", "R13")
    fits = two.apply(Draw())  # 6-1 fits the cross
    assert refusal(fits, Draw()) == ("seat 0 must play the drawn tile 6-1", "R13")
    assert refusal(fits, Pass()) == ("seat 0 must play the drawn tile 6-1", "R13")
    assert refusal(fits, play("3-3", "6-6")) == (
        "after drawing, only the drawn tile 6-1 may be played",
        "R13",
    )


def test_refusals_of_a_drawn_tile_that_waits_a_turn_r13b() -> None:
    never = attrs.evolve(CENTRE, play_drawn="never")
    rnd = deal(never, ["4-3 2-1 1-0 0-0 3-3", "4-4 3-2 2-0 5-1 4-0"], "6-1")
    drew = rnd.apply(Draw())
    assert refusal(drew, play("6-1", "6-6")) == (
        "seat 0 drew 6-1 and passes: a drawn tile is not played in the turn it was drawn",
        "R13b",
    )
    assert refusal(drew, Draw()) == (
        "seat 0 drew 6-1 and must pass: one draw, then the turn ends",
        "R13b",
    )


def test_refusals_of_a_seat_that_may_draw_instead_r12b() -> None:
    """R12b: seat 0 holds 6-5, which fits the cross; it may play or draw, but not pass,
    and where it may not draw it must play (R12, R14)."""
    may_draw = attrs.evolve(CENTRE, must_play=False)
    hands = ["6-5 4-3 2-1 1-0 0-0", "4-4 3-2 2-0 5-1 4-0"]
    rnd = deal(may_draw, hands, "5-4 6-4")
    assert rnd.legal_moves() == [play("6-5", "6-6"), Draw()]  # the plays, then the draw
    assert refusal(rnd, Pass()) == (
        "seat 0 has a legal play and may draw instead, but not pass",
        "R12b",
    )
    drew = rnd.apply(Draw())  # 5-4: no play
    assert drew.legal_moves() == [Pass()]
    assert refusal(drew, play("6-5", "6-6")) == (
        "after drawing, only the drawn tile 5-4 may be played",
        "R13",
    )
    reserve = attrs.evolve(may_draw, boneyard_reserve=16)
    first = deal(reserve, ["4-3 2-1 1-0 0-0 3-3", "6-5 3-2 2-0 5-1 4-0"], "5-2")
    shut = first.apply(Draw()).apply(Pass())  # seat 0 drew 5-2: 16 tiles are left
    assert len(shut.boneyard) == 16
    assert shut.legal_moves() == [play("6-5", "6-6")]
    closed = "the boneyard is closed: 16 tiles left and the reserve is 16"
    assert refusal(shut, Draw()) == (f"seat 1 has a legal play, and {closed}", "R12")
    assert refusal(shut, Pass()) == ("seat 1 has a legal play and may not pass", "R12")
    whole = variant(hand=7, n=4, start="centre", must_play=False)
    empty = deal(whole, ["3-3 3-2 3-1 3-0 2-2 2-1 4-3", "1-1 1-0 0-0 2-0 4-2 4-1 4-0"], double=4)
    assert refusal(empty, Draw()) == ("seat 0 has a legal play, and the boneyard is empty", "R12")


def test_refusals_of_a_closed_boneyard_r14_r16() -> None:
    whole = variant(hand=7, n=4, start="centre")  # 14 tiles dealt: nothing left to draw
    empty = deal(whole, ["3-3 3-2 3-1 3-0 2-2 2-1 2-0", "1-1 1-0 0-0 4-3 4-2 4-1 4-0"], double=4)
    assert not empty.boneyard
    assert refusal(empty, Draw()) == ("the boneyard is empty", "R14")
    reserve = attrs.evolve(CENTRE, boneyard_reserve=16, draws_per_turn=2)
    shut = deal(reserve, ["4-3 2-1 1-0 0-0 3-3", "4-4 3-2 2-0 5-1 6-4"], "5-2").apply(Draw())
    assert len(shut.boneyard) == 16
    assert refusal(shut, Draw()) == (
        "the boneyard is closed: 16 tiles left and the reserve is 16",
        "R14",
    )
    over = Round.deal(PRESETS["classic"], 4, seed=3)
    rng = random.Random(3)
    while not over.is_over:
        over = over.apply(rng.choice(over.legal_moves()))
    assert over.ending is not None
    assert refusal(over, Pass()) == (f"the round is over ({over.ending.value})", "R16")


# -- what positions ask of the book: check_turn and check_start (R6, R6b, R12, R13) -------------


def position(double: str, layout: str, hands: Sequence[str], to_move: str, turn: str) -> str:
    """A position of double-6 (first seat 0, nobody leading before the round double is
    placed, seat 0 leading after), the boneyard the rest of the set in set order."""
    placed = [t(word.split("@")[0]) for word in layout.split(",") if word]
    held = [tile for hand in hands for tile in ts(hand.replace(",", " "))]
    rest = [str(tile) for tile in set_of(6) if tile not in placed and tile not in held]
    lead = "0" if layout else "-"
    fields = [double, layout or "-", "/".join(h or "-" for h in hands), ",".join(rest) or "-"]
    return " ".join(["cf1", *fields, to_move, "0", lead, turn])


def position_error(rules: Rules, text: str) -> str:
    with pytest.raises(PositionError) as info:
        Round.from_position(rules, text)
    return str(info.value)


def test_positions_ask_the_openings_search_turn_r6() -> None:
    two = position("6-6", "", ["5-4,4-3,2-1", "3-2,2-0"], "0", "2:5-4")
    assert position_error(HOLDER, two) == (
        "turn: 2 draws; the search for the round double 6-6 draws one tile a turn (R6)"
    )
    holding = position("6-6", "", ["6-6,5-4,4-3", "3-2,2-0"], "0", "1:5-4")
    assert position_error(HOLDER, holding) == (
        "turn: seat 0 drew while holding the round double 6-6, which it places at once (R6)"
    )
    other = position("6-6", "", ["5-4,4-3", "6-6,2-0"], "0", "-")
    assert position_error(HOLDER, other) == (
        "to move: seat 1 holds the round double 6-6 and places it before anyone else moves (R6)"
    )
    assert Round.from_position(HOLDER, position("6-6", "", ["5-4", "6-6"], "1", "-")).to_move == 1


def test_positions_ask_the_opening_which_double_opens_r6b() -> None:
    lower = position("6-6", "", ["5-4,4-3", "5-5,2-0"], "0", "-")
    assert position_error(LOWER, lower) == (
        "double: seat 1 holds 5-5, the highest double at or below 6-6, so the round opens "
        "on it, not on 6-6; write the double as '6-6>5-5' (R6b)"
    )
    unheld = position("6-6>4-4", "", ["5-4,4-3", "3-2,2-0"], "0", "-")
    assert position_error(LOWER, unheld) == (
        "double: nobody holds 4-4; until a seat holds a double at or below 6-6, the search "
        "goes on for 6-6: write the double as '6-6' (R6b)"
    )
    dealt_for = position("6-6>4-4", "", ["6-6,4-3", "3-2,2-0"], "0", "-")
    assert position_error(LOWER, dealt_for) == (
        "double: seat 0 holds 6-6, the highest double at or below 6-6, so the round opens "
        "on it, not on 4-4; write the double as '6-6' (R6b)"
    )
    drawn = Round.from_position(LOWER, position("6-6", "", ["5-4,5-5", "3-2"], "0", "1:5-5"))
    assert drawn.legal_moves() == [play("5-5")]  # the drawn lower double opens (R6b)


def test_positions_ask_the_drawing_rules_of_the_turn_r12_r13() -> None:
    two = position("6-6", "6-6", ["5-4,4-3,2-1", "3-2,2-0"], "0", "2:5-4")
    assert position_error(CENTRE, two) == "turn: 2 draws; book allows 1 a turn (R13)"
    unlimited = attrs.evolve(CENTRE, draws_per_turn=None)
    assert Round.from_position(unlimited, two).legal_moves() == [Draw()]
    playable = position("6-6", "6-6", ["5-4,6-3", "3-2,2-0"], "0", "1:5-4")
    assert position_error(CENTRE, playable) == (
        "turn: seat 0 drew while holding 6-3, which has a play (R12)"
    )
    may_draw = attrs.evolve(CENTRE, must_play=False)  # R12b: it may draw beside a play
    drew = Round.from_position(may_draw, playable)
    assert drew.drawn_tile == t("5-4")
    assert drew.legal_moves() == [Pass()]  # 5-4 has no play, and one draw a turn (R13)
    assert position_error(attrs.evolve(may_draw, draws_per_turn=1), two) == (
        "turn: 2 draws; book allows 1 a turn (R13)"
    )


# -- what the start tells of the hands: the sampler's cases -------------------------------------


def doubles(*numbers: int) -> int:
    return sum(1 << Tile(k, k).index for k in numbers)


SIX = Tile(6, 6).index


def test_the_start_cases_of_the_search_r6() -> None:
    """Before the round double is placed, the seat to move holds it or nobody does (R6):
    two cases until its first move tells them apart, one once a seat other than the
    first is to move (it holds the double) or a seat drew in the search."""
    opening = HolderOpening()
    table = TableState.empty(6, SIX, SIX)
    held, search = StartCase(0, SIX), StartCase(doubles(6), -1)
    assert opening.start_cases(table, False, 0, None, 0, 0) == (held, search)
    assert opening.start_cases(table, False, 0, None, 1, 0) == (held,)
    assert opening.start_cases(table, False, 0, play("6-6"), 0, 0) == (held,)
    assert opening.start_cases(table, False, 0, Draw(), 0, 0) == (search,)
    # a position: the search may be at any seat; one that drew there held nothing
    assert opening.start_cases(table, True, 0, None, 1, 0) == (held, search)
    assert opening.start_cases(table, True, 1, Pass(), 1, 0) == (search,)
    placed = table.with_round_double(3, SIX)
    assert opening.start_cases(placed, False, 0, None, 0, 0) == (ANY_START,)
    assert CentreOpening().start_cases(placed, False, 0, None, 1, 0) == (ANY_START,)


def test_the_start_cases_of_a_lower_double_r6b() -> None:
    """R6b: the seat to move holds the highest double held at or below the round double,
    and nobody a higher one; or nobody holds any of them."""
    opening = HighestHeldOpening()
    four = Tile(4, 4).index
    lower = TableState.empty(6, four, SIX)
    assert opening.start_cases(lower, False, 0, None, 0, 0) == (StartCase(doubles(6, 5), four),)
    table = TableState.empty(6, SIX, SIX)
    every = doubles(6, 5, 4, 3, 2, 1, 0)
    assert opening.start_cases(table, False, 0, None, 0, 0) == (
        StartCase(0, SIX),
        StartCase(every, -1),
    )
    assert opening.start_cases(table, False, 0, Draw(), 0, 0) == (StartCase(every, -1),)


def fits(case: StartCase, hands: tuple[int, ...], mover: int) -> bool:
    """Whether dealt ``hands`` hold none of the case's tiles, ``mover`` its tile."""
    if any(hand & case.nobody_held for hand in hands):
        return False
    return case.mover_held < 0 or bool(hands[mover] >> case.mover_held & 1)


@given(deal=deals())
@settings(max_examples=80, deadline=None)
def test_the_dealt_hands_fit_exactly_one_start_case_r6_r6b(deal: Deal) -> None:
    """The cases of a dealt round's start are sound and disjoint: its hands fit exactly
    one, before its first move and after each first move it allows (R6, R6b)."""
    state = state_of(deal.round())
    start = state.start
    opening = state.book.opening
    moves = state.legal_moves() if state.outcome is None else []
    for first_move in [None, *moves]:
        cases = opening.start_cases(start.table, False, 0, first_move, start.to_move, start.first)
        assert sum(fits(case, start.hands, start.to_move) for case in cases) == 1, cases


# -- what a move reveals, in closed form, against the sampler's probing --------------------------


def probed(rules: Rules, table: TableState, turn_draws: int, left: int, move: Move) -> Reveal:
    """What the sampler works out by asking the engine's moves of one-tile hands: the
    tiles whose holding (before a draw this turn) or drawing (after one) makes ``move``
    illegal, and for a play after a draw the drawn tile (R13)."""
    if isinstance(move, Play):
        return Reveal(drawn_is=move.tile.index) if turn_draws else NOTHING
    bad = 0
    off = off_table(table)
    for tile in range(off.bit_length()):
        if off >> tile & 1:
            moves = turn_moves(
                rules, table, 1 << tile, turn_draws, tile if turn_draws else -1, left
            )
            if not any(type(m) is type(move) for m in moves):
                bad |= 1 << tile
    return Reveal(drawn_lacks=bad) if turn_draws else Reveal(lacks=bad)


def check_reveals(rnd: Round, rng: random.Random) -> None:
    """Book.reveal of every legal move of ``rnd`` to its end, random moves played, is
    what probing finds."""
    book = book_of(rnd.rules)
    state = state_of(rnd)
    while state.outcome is None:
        moves = state.legal_moves()
        for move in moves:
            turn = PublicTurn(state.table, state.to_move, state.turn_draws, state.left, move)
            expected = probed(rnd.rules, state.table, state.turn_draws, state.left, move)
            assert book.reveal(turn, move) == expected, (move, state.turn_draws, state.left)
        state = state.after(rng.choice(moves))


@given(deal=deals())
@settings(max_examples=60, deadline=None)
def test_the_books_reveal_is_what_probing_finds(deal: Deal) -> None:
    """Every legal move of a random round of a random variant reveals, by Book.reveal,
    what probing one-tile hands finds (R6, R6b, R12-R15, R13b)."""
    check_reveals(deal.round(), random.Random(deal.seed))


@pytest.mark.parametrize("rules", [HOLDER, LOWER, attrs.evolve(LOWER, play_drawn="may")])
@pytest.mark.parametrize("seed", range(4))
def test_the_books_reveal_in_the_search_is_what_probing_finds(rules: Rules, seed: int) -> None:
    """R6, R6b: nobody holds a double, so the search draws; a drawn 5-5 opens under R6b."""
    hands = ["4-3 2-1 1-0 6-5 6-4", "3-2 2-0 5-1 4-0 6-3"]
    check_reveals(deal(rules, hands, "6-0 5-2 5-5 6-2 4-4 6-6"), random.Random(seed))


def test_a_draw_beside_a_play_reveals_nothing_r12b() -> None:
    """R12b: a seat may draw holding a tile that plays, so a draw at the start of a turn
    tells nothing of its hand; a pass still tells it had no play and could not draw."""
    rnd = deal(
        attrs.evolve(CENTRE, must_play=False), ["6-5 4-3 2-1 1-0 0-0", "4-4 3-2 2-0 5-1 4-0"]
    )
    book = book_of(rnd.rules)
    state = state_of(rnd)
    draw = PublicTurn(state.table, 0, 0, state.left, Draw())
    assert book.reveal(draw, Draw()) == NOTHING
    assert book.reveal(draw, Draw()) == probed(rnd.rules, state.table, 0, state.left, Draw())
    shut = PublicTurn(state.table, 0, 0, 0, Pass())
    assert book.reveal(shut, Pass()) == probed(rnd.rules, state.table, 0, 0, Pass())
    assert book.reveal(shut, Pass()).lacks == state.table.playable(off_table(state.table))


def test_the_reveal_of_a_draw_is_every_playable_tile_r12_and_of_a_play_the_drawn_tile_r13() -> None:
    rnd = deal(CENTRE, ["4-3 2-1 1-0 0-0 3-3", "4-4 3-2 2-0 5-1 4-0"], "6-1")
    state = state_of(rnd)
    book = book_of(CENTRE)
    six = sum(1 << tile.index for tile in set_of(6) if 6 in (tile.high, tile.low))
    sixes = six & ~(1 << Tile(6, 6).index)
    draw = PublicTurn(state.table, 0, 0, state.left, Draw())
    assert book.reveal(draw, Draw()) == Reveal(lacks=sixes)  # R7: only a 6 plays now
    drew = state_of(rnd.apply(Draw()))
    played = PublicTurn(drew.table, 0, 1, drew.left, play("6-1", "6-6"))
    assert book.reveal(played, play("6-1", "6-6")) == Reveal(drawn_is=Tile(6, 1).index)


def test_start_cases_are_values() -> None:
    """A start case (what a round's start tells the sampler of its hands, R6, R6b) is a
    value: two cases are equal, and hash alike, exactly when they say the same."""
    assert ANY_START == StartCase() == StartCase(0, -1)
    assert hash(ANY_START) == hash(StartCase(0, -1))
    assert StartCase(0b101, 3) == StartCase(0b101, 3)
    assert hash(StartCase(0b101, 3)) == hash(StartCase(0b101, 3))
    assert StartCase(0b101, 3) != StartCase(0b101, 4)
    assert StartCase(0b101, 3) != StartCase(0b100, 3)
    assert StartCase(1) != ANY_START
    assert len({StartCase(1), StartCase(1), StartCase(2), ANY_START}) == 3
    assert StartCase() != (0, -1)
    assert repr(StartCase(0x11, 2)) == "StartCase(nobody_held=0x11, mover_held=2)"


def test_reveals_are_values() -> None:
    """What a move tells of the mover's hand (R12-R14) is a value: two reveals are
    equal, and hash alike, exactly when every one of their four parts is the same."""
    base = Reveal(0b110, 0b1, 4, True)
    assert base == Reveal(0b110, 0b1, 4, True)
    assert hash(base) == hash(Reveal(0b110, 0b1, 4, True))
    for other in (
        Reveal(0b111, 0b1, 4, True),
        Reveal(0b110, 0b11, 4, True),
        Reveal(0b110, 0b1, 5, True),
        Reveal(0b110, 0b1, 4, False),
    ):
        assert base != other
    assert Reveal() == NOTHING != UNKNOWN == Reveal(complete=False)
    assert len({Reveal(), NOTHING, UNKNOWN, base, Reveal(0b110, 0b1, 4)}) == 3
    assert Reveal() != (0, 0, -1, True)
