"""Positions (docs/positions.md): writing, reading, playing on, and refusing bad text.

* Round trip: a round played from a random deal of any preset or custom variant, written
  and read back, gives the same text again and the same legal moves now, after every move
  of a random continuation, and the same outcome at the end.
* Scenarios: each rule a position can break is refused with a ``PositionError`` that names
  the field, the tile and the rule.
* Views and bots: a view of a round set up from a position works like any view, and its
  sampled states agree with it.
* Fuzzing: mutated positions raise ``PositionError`` or read as a round, never anything
  else.
"""

from __future__ import annotations

import contextlib
import copy
import pathlib
import random
import re

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import played_rounds, rules

from chickenfoot import (
    PRESETS,
    ChickenFootError,
    Draw,
    Ending,
    Match,
    Obligation,
    Pass,
    Play,
    PositionError,
    RecordError,
    Round,
    Tile,
    schema,
)
from chickenfoot.bots import GreedyPlayer, SearchPlayer

DUEL = PRESETS["chickie-duel"]
CLASSIC = PRESETS["classic"]
FOOT = PRESETS["double-foot"]


def _reached(draw: st.DrawFn, *, custom: bool | None) -> Round:
    variant = draw(rules(custom=custom))
    return draw(played_rounds(rules=variant, max_moves=120))


@st.composite
def positions(draw: st.DrawFn, *, custom: bool | None = None) -> Round:
    """A round somewhere in play (perhaps over), from any preset or custom variant."""
    return _reached(draw, custom=custom)


# ---------------------------------------------------------------------------
# round trip and play on
# ---------------------------------------------------------------------------


def _same_round_on(a: Round, b: Round, rng: random.Random) -> None:
    """Play both rounds on with the same random moves, checking they stay alike."""
    while True:
        assert a.legal_moves() == b.legal_moves()
        assert a.to_move == b.to_move
        assert a.obligation == b.obligation
        assert a.pending_double == b.pending_double
        assert a.drawn_tile == b.drawn_tile
        assert a.hands == b.hands
        assert a.boneyard == b.boneyard
        assert a.open_ends == b.open_ends
        assert a.layout.tiles == b.layout.tiles
        assert a.to_position() == b.to_position()
        if a.is_over:
            break
        move = rng.choice(a.legal_moves())
        a, b = a.apply(move), b.apply(move)
    assert a.outcome == b.outcome
    assert b.is_over


@given(rnd=positions(), seed=st.integers(0, 2**32 - 1))
def test_round_trip_and_play_on(rnd: Round, seed: int) -> None:
    text = rnd.to_position()
    back = Round.from_position(rnd.rules, text)
    assert back.to_position() == text
    assert back == Round.from_position(rnd.rules, text)
    assert back.moves == ()
    assert back.history == ()
    assert back.seed is None
    assert back.round_double == rnd.round_double
    assert back.first == rnd.first
    assert back.lead == rnd.lead
    assert back.outcome == rnd.outcome
    _same_round_on(rnd, back, random.Random(seed))


@given(rnd=positions(custom=True), seed=st.integers(0, 2**32 - 1))
def test_round_trip_custom_variants(rnd: Round, seed: int) -> None:
    back = Round.from_position(rnd.rules, rnd.to_position())
    _same_round_on(rnd, back, random.Random(seed))


@given(rnd=positions(), seed=st.integers(0, 2**32 - 1))
def test_position_of_a_position_round_keeps_its_start(rnd: Round, seed: int) -> None:
    """A round read from a position, played on, writes the positions the original does,
    and its layout and history start where the position did."""
    back = Round.from_position(rnd.rules, rnd.to_position())
    start_hands, start_boneyard = rnd.hands, rnd.boneyard
    assert back.dealt_hands == start_hands
    assert back.dealt_boneyard == start_boneyard
    assert all(p.seat is None for p in back.layout)
    rng = random.Random(seed)
    played = 0
    while not back.is_over and played < 30:
        move = rng.choice(back.legal_moves())
        rnd, back = rnd.apply(move), back.apply(move)
        played += 1
        assert back.moves == rnd.moves[len(rnd.moves) - played :]
        assert [e.drawn for e in back.history] == [e.drawn for e in rnd.history[-played:]]
    assert (
        back.layout.placements[len(back.layout) - played :]
        == rnd.layout.placements[len(rnd.layout) - played :]
        or played == 0
        or len(back.layout) == len(rnd.layout)
    )
    assert back.layout.tiles == rnd.layout.tiles
    assert back.dealt_hands == start_hands
    assert back.dealt_boneyard == start_boneyard


def test_a_fresh_deal_and_its_position() -> None:
    rnd = Round.deal(DUEL, 2, seed=5)
    text = rnd.to_position()
    assert text.startswith("cf1 6-6 - ")
    assert rnd.hand(0)[-1] == Tile(6, 6)
    assert text.endswith(" 0 0 - -")  # seat 0 holds 6-6 and moves first (R6)
    back = Round.from_position(DUEL, text)
    assert back.legal_moves() == [Play(Tile(6, 6))]
    assert back.lead is None
    assert len(back.layout) == 0


def test_centre_start_writes_the_centre_double() -> None:
    rnd = Round.deal(FOOT, 4, seed=3, first=2)
    text = rnd.to_position()
    assert text.split()[1:3] == ["9-9", "9-9"]
    assert text.split()[5:] == ["2", "2", "-", "-"]
    back = Round.from_position(FOOT, text)
    assert back.lead == 2
    assert back.obligation is Obligation.OPENING


# ---------------------------------------------------------------------------
# scenarios
# ---------------------------------------------------------------------------

# Double-6, two players, cross and first foot (the Polish rules "Chickie"): 6-6 placed by
# seat 1, four arms, the first foot 4-4 onto 6-4 with two of its toes.
_LAYOUT = "6-6,6-1@6-6,6-3@6-6,6-4@6-6,6-5@6-6,4-4@6-4,4-0@4-4,4-2@4-4"
_HANDS = "5-5,3-2,1-0/4-3,6-0,2-2,5-1"
_BONEYARD = "6-2,5-4,5-3,5-2,5-0,4-1,3-3,3-1,3-0,2-1,2-0,1-1,0-0"
TOES = f"cf1 6-6 {_LAYOUT} {_HANDS} {_BONEYARD} 1 0 1 -"
#: A duel's position with seat 1's hand empty before the round double is placed.
EMPTY_HAND = (
    "cf1 6-6 - 6-6,0-0,1-0,1-1,2-0,2-1,2-2/- 3-0,3-1,3-2,3-3,4-0,4-1,4-2,4-3,4-4,"
    "5-0,5-1,5-2,5-3,5-4,5-5,6-0,6-1,6-2,6-3,6-4,6-5 - 0 - -"
)


def test_toes_position() -> None:
    rnd = Round.from_position(DUEL, TOES)
    assert rnd.pending_double == Tile(4, 4)
    assert rnd.obligation is Obligation.TOES
    assert rnd.legal_moves() == [Play(Tile(4, 3), Tile(4, 4))]
    assert rnd.hand_counts == (3, 4)
    assert rnd.lead == 1
    assert rnd.first == 0
    after = rnd.apply(Play(Tile(4, 3), Tile(4, 4)))
    assert after.obligation is Obligation.NONE
    assert after.layout.parent(Tile(4, 3)) == Tile(4, 4)
    assert after.layout.placements[-1].seat == 1


def test_unequal_hands_and_a_drawn_tile() -> None:
    # seat 0 held no 4 for the toes of 4-4, drew 4-1 and must play it (R9, R13)
    boneyard = _BONEYARD.replace("4-1,", "").replace("3-3,", "")
    text = f"cf1 6-6 {_LAYOUT} 1-0,3-2,4-1,5-5/2-2,3-3,4-3,5-1,6-0 {boneyard} 0 0 1 1:4-1"
    rnd = Round.from_position(DUEL, text)
    assert rnd.hand_counts == (4, 5)
    assert rnd.drawn_tile == Tile(4, 1)
    assert rnd.obligation is Obligation.DRAWN_TILE
    assert rnd.legal_moves() == [Play(Tile(4, 1), Tile(4, 4))]
    assert rnd.to_position() == text
    view = rnd.view(0)
    assert view.drawn_tile == Tile(4, 1)
    assert view.history == ()
    assert view.legal_moves() == rnd.legal_moves()
    assert rnd.view(1).drawn_tile is None
    assert rnd.view(1) != view
    assert rnd.view(0) == view
    after = rnd.apply(Play(Tile(4, 1), Tile(4, 4)))
    assert after.history[0].drawn is None
    assert after.moves == (Play(Tile(4, 1), Tile(4, 4)),)


def _error(text: str, rules: object = DUEL) -> str:
    with pytest.raises(PositionError) as info:
        Round.from_position(rules, text)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, ChickenFootError)
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "starts with 'cf1'"),
        ("fen 6-6", "starts with 'cf1'"),
        ("cf2 6-6", "'cf2' positions are not read"),
        # Words that sort before and after the tag are refused alike.
        (TOES.replace("cf1 ", "cf0 ", 1), "'cf0' positions are not read"),
        (TOES.replace("cf1 ", "ab ", 1), "a position starts with 'cf1', not 'ab'"),
        (TOES.replace("cf1 ", "cf10 ", 1), "'cf10' positions are not read"),
        (TOES.rsplit(" ", 1)[0], "7 fields after 'cf1'"),
        (TOES.replace("cf1 6-6", "cf1 6-5"), "the round double is a double, not 6-5"),
        (TOES.replace("cf1 6-6", "cf1 7-7"), "7-7 is not in the double-6 set (R5)"),
        # a tile is named high end first, up to the largest set's 63 pips, and as written
        # past them
        (TOES.replace("5-5,3-2", "5-5,3-2,0-63"), "63-0 is not in the double-6 set (R5)"),
        (TOES.replace("5-5,3-2", "5-5,3-2,0-64"), "0-64 is not in the double-6 set (R5)"),
        (
            TOES.replace("5-5,3-2", "5-5,3-2,3-2"),
            "3-2 is listed twice in seat 0's hand: every tile is once",
        ),
        (TOES.replace("5-5,3-2", "5-5,3-2,5-5"), "5-5 is listed twice in seat 0's hand"),
        (TOES.replace("6-2,", ""), "missing 1 tile of the double-6 set: 6-2; every tile"),
        (TOES.replace("5-5,3-2,1-0/", ""), "1 hand; a round has 2 players"),
        (TOES.replace(" 1 0 1 -", " 2 0 1 -"), "seat 2 is not at a table of 2 players"),
        (
            TOES.replace(" 1 0 1 -", " 3 0 1 -"),
            "seat 3 is not at a table of 2 players (seats 0 to 1)",
        ),
        (TOES.replace(" 1 0 1 -", " x 0 1 -"), "'x' is not a seat"),
        # A long word is shown by its first 12 characters.
        (TOES.replace(" 1 0 1 -", " 1234567890123 0 1 -"), ": '123456789012' is not a seat;"),
        (TOES.replace(" 1 0 1 -", " 1 0 - -"), "write the seat that placed the round double"),
        (
            TOES.replace("6-5@6-6", "6-5@6-6,6-2@6-6").replace("6-2,", ""),
            "6-2@6-6: 6-6 has no free toe places (R3)",
        ),
        (TOES.replace("6-5@6-6,", "").replace("4-4@6-4", "4-4@6-4,6-5@6-6"), "(R7)"),
        (
            TOES.replace("4-2@4-4", "4-2@4-4,1-1@6-1").replace("1-1,", ""),
            "1-1@6-1: the toes of 4-4 come first: play a 4 onto 4-4 (R9)",
        ),
        (TOES.replace("6-1@6-6", "1-1@6-6"), "1-1@6-6"),
        (
            TOES.replace("4-2@4-4", "4-2@4-4,4-1@4-4,3-2@6-1")
            .replace("4-1,", "")
            .replace("3-2,", ""),
            "3-2@6-1: 3-2 does not match the open 1 of 6-1 (R1)",
        ),
        (TOES.replace("4-2@4-4", "4-2@4-4,4-1@4-4,4-3@4-4").replace("4-1,", ""), "(R3)"),
        (TOES.replace("6-6,6-1@6-6", "6-1@6-6,6-6"), "comes first, alone"),
        (TOES.replace("6-3@6-6", "6-3"), "written without '@'"),
        (TOES.replace(" 1 0 1 -", " 1 0 1 1:5-5"), "5-5, but it is not in seat 1's hand"),
        (
            TOES.replace(" 1 0 1 -", " 1 0 1 1:6-0"),
            "seat 1 drew while holding 4-3, which has a play (R12)",
        ),
        (TOES.replace(" 1 0 1 -", " 1 0 1 0:4-3"), "0 draws"),
        # More draws than the tiles held: the hand held some before the turn (R13).
        (TOES.replace(" 1 0 1 -", " 1 0 1 9:4-3"), "turn: seat 1 drew 9 tiles but holds 4 (R13)"),
        (TOES.replace(" 1 0 1 -", " 1 0 1 1;4-3"), "is not a turn"),
        # The draws are ASCII digits: others that int() reads are not a count.
        (TOES.replace(" 1 0 1 -", " 1 0 1 \u0661:5-5"), "turn: '\u0661:5-5' is not a turn"),
        (
            TOES.replace("cf1 6-6 ", "cf1 6-6 - ").replace(f"{_LAYOUT} ", ""),
            "the position is missing 8 tiles of the double-6 set: 4-0, 4-2, 4-4, 6-1, 6-3 and",
        ),
        (TOES.replace("4-4@6-4", "4-4@6-4x"), "not a tile"),
        # A tile's long word is shown by its first 12 characters too.
        (
            TOES.replace("5-5,3-2", "5-5,3-2,123456789012345"),
            "hands: '123456789012...' is not a tile; write tiles as '9-4'",
        ),
        # Only '-' alone is an empty list of tiles: a word sorting before it is a bad tile.
        (TOES.replace("5-5,3-2", "+5-5,3-2"), "'+5-5' is not a tile"),
        (TOES.replace("5-5,3-2,1-0/", "*/"), "'*' is not a tile"),
        (EMPTY_HAND.replace("cf1 6-6 - ", "cf1 6-6 + "), "layout, tile 1: '+' is not a tile"),
        # A seat with no tile before the round double is placed (R16), named in words.
        (
            EMPTY_HAND,
            "hands: no tile in the hand of seat 1; the round ends when the first player goes out",
        ),
        ("cf1 6-6 6-6 " + "-/" * 40 + "- - 0 0 - -", "41 hands"),
    ],
)
def test_refused_positions(text: str, expected: str) -> None:
    assert expected in _error(text)


def test_a_position_missing_tiles_says_how_many_and_which_r5() -> None:
    """R5: the missing tiles are counted, the first five named in set order, the rest
    counted; one tile is one tile."""
    text = TOES.replace(" 6-2,5-4,5-3,5-2,5-0,4-1,3-3,", " ")  # 7 tiles of the boneyard
    assert _error(text) == (
        "the position is missing 7 tiles of the double-6 set: 3-3, 4-1, 5-0, 5-2, 5-3 "
        "and 2 more; every tile is on the table, in a hand or in the boneyard (R5)"
    )
    assert _error(TOES.replace("/4-3,", "/")).startswith(
        "the position is missing 1 tile of the double-6 set: 4-3; every tile"
    )
    boneyard = "6-2,5-4,5-3,5-2,5-0,4-1,3-3,3-1,3-0,2-1,2-0,1-1,0-0"
    assert boneyard in TOES
    assert _error(TOES.replace(boneyard, "-")).startswith(
        "the position is missing 13 tiles of the double-6 set: 0-0, 1-1, 2-0, 2-1, 3-0 "
        "and 8 more; every tile"
    )


def _text(*fields: object) -> str:
    def show(value: object) -> str:
        if isinstance(value, (tuple, list)):
            return ",".join(map(str, value)) or "-"
        return str(value)

    return " ".join(["cf1", *map(show, fields)])


def test_search_positions() -> None:
    """Before the round double is placed (R6): the holder moves; draws are single."""
    rnd = Round.deal(DUEL, 2, seed=5)
    (zero, one), pile = rnd.hands, rnd.boneyard
    assert Tile(6, 6) in zero
    hands = f"{','.join(map(str, zero))}/{','.join(map(str, one))}"
    assert "seat 0 holds the round double 6-6" in _error(
        _text("6-6", "-", hands, pile, 1, 0, "-", "-")
    )
    assert "nobody leads before" in _error(_text("6-6", "-", hands, pile, 0, 0, 1, "-"))
    # a search: 6-6 is in the boneyard, seat 0 drew 5-4 and passes, seat 1 draws next
    zero = (*tuple(t for t in zero if t != Tile(6, 6)), Tile(5, 4))
    pile = (*tuple(t for t in pile if t != Tile(5, 4)), Tile(6, 6))
    hands = f"{','.join(map(str, zero))}/{','.join(map(str, one))}"
    search = _text("6-6", "-", hands, pile, 0, 0, "-", "1:5-4")
    found = Round.from_position(DUEL, search)
    assert found.legal_moves() == [Pass()]
    assert found.obligation is Obligation.ROUND_DOUBLE
    assert found.apply(Pass()).legal_moves() == [Draw()]
    assert "one tile a turn (R6)" in _error(search.replace("1:5-4", "2:5-4"))


def test_blocked_position_is_over() -> None:
    """Nobody can play and the boneyard is closed: the position is over (R16, R18)."""
    rnd = Round.deal(DUEL, 2, seed=11)
    rng = random.Random(4)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    back = Round.from_position(DUEL, rnd.to_position())
    assert back.outcome == rnd.outcome
    assert back.legal_moves() == []
    assert rnd.to_position().split()[5] == "-"
    words = rnd.to_position().split()
    assert "the round is not over" not in _error(" ".join([*words[:5], "0", *words[6:]]))


def test_not_over_needs_a_seat() -> None:
    words = TOES.split()
    assert "the round is not over" in _error(" ".join([*words[:5], "-", *words[6:]]))


def test_went_out_position() -> None:
    rng = random.Random(2)
    for seed in range(20):
        rnd = Round.deal(CLASSIC, 3, seed=seed)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.ending is Ending.WENT_OUT:
            break
    assert rnd.ending is Ending.WENT_OUT
    text = rnd.to_position()
    back = Round.from_position(CLASSIC, text)
    assert back.outcome == rnd.outcome
    assert back.to_move is None
    words = text.split()
    assert "the round is over (went out, R16); write '-'" in _error(
        " ".join([*words[:5], "0", *words[6:]]), CLASSIC
    )


def test_positions_do_not_cross_variants() -> None:
    with pytest.raises(PositionError, match="in a centre start the round double"):
        Round.from_position(FOOT, "cf1 9-9 - " + "/".join(["-"] * 4) + " - 0 0 - -")
    assert "not in the double-6 set" in _error(Round.deal(CLASSIC, 2, seed=1).to_position())


def test_not_text() -> None:
    assert "a position is text, not bytes" in _error(b"cf1")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# views and bots
# ---------------------------------------------------------------------------


@settings(max_examples=30)
@given(rnd=positions(), seed=st.integers(0, 2**32 - 1), extra=st.integers(0, 12))
def test_views_of_positions_sample_consistently(rnd: Round, seed: int, extra: int) -> None:
    rng = random.Random(seed)
    back = Round.from_position(rnd.rules, rnd.to_position())
    for _ in range(extra):
        if back.is_over:
            break
        back = back.apply(rng.choice(back.legal_moves()))
    if back.is_over:
        return  # the scores of a finished round tell what the hands held
    for seat in range(back.players):
        view = back.view(seat)
        assert view.layout == back.layout
        guess = view.sample_state(rng)
        assert guess.view(seat) == view
        assert guess.layout == back.layout
        if seat == back.to_move:
            assert view.legal_moves() == back.legal_moves() == guess.legal_moves()
            assert view.drawn_tile == back.drawn_tile == guess.drawn_tile


def test_bots_choose_in_a_puzzle() -> None:
    rnd = Round.from_position(DUEL, TOES).apply(Play(Tile(4, 3), Tile(4, 4)))
    assert len(rnd.legal_moves()) > 1
    rng = random.Random(1)
    for player in (GreedyPlayer(), SearchPlayer(samples=4, playouts=40)):
        assert player.choose(rnd.view(0), rng) in rnd.legal_moves()


# ---------------------------------------------------------------------------
# fuzzing
# ---------------------------------------------------------------------------

_ALPHABET = "0123456789-@,/: cfx"


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[Round, str]:
    rnd = _reached(draw, custom=None)
    text = rnd.to_position()
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["char", "insert", "delete", "swap", "token", "cut"]))
        if kind == "token" or kind == "swap":
            words = text.split(" ")
            parts = [w.split(",") for w in words]
            i = draw(st.integers(0, len(words) - 1))
            j = draw(st.integers(0, len(words) - 1))
            if kind == "swap":
                words[i], words[j] = words[j], words[i]
            else:
                a = draw(st.integers(0, len(parts[i]) - 1))
                b = draw(st.integers(0, len(parts[j]) - 1))
                parts[i][a], parts[j][b] = parts[j][b], parts[i][a]
                words = [",".join(p) for p in parts]
            text = " ".join(words)
            continue
        if not text:
            break
        k = draw(st.integers(0, len(text) - 1))
        if kind == "char":
            text = text[:k] + draw(st.sampled_from(_ALPHABET)) + text[k + 1 :]
        elif kind == "insert":
            text = text[:k] + draw(st.text(_ALPHABET, max_size=5)) + text[k:]
        elif kind == "delete":
            text = text[:k] + text[k + draw(st.integers(1, 5)) :]
        else:
            text = text[:k]
    return rnd, text


@given(case=_mutated())
def test_fuzzed_positions_raise_position_error_or_read(case: tuple[Round, str]) -> None:
    rnd, text = case
    try:
        back = Round.from_position(rnd.rules, text)
    except PositionError:
        event("refused")
        return
    event("read")
    again = Round.from_position(rnd.rules, back.to_position())
    assert again == back
    assert again.to_position() == back.to_position()
    if not back.is_over:
        assert back.legal_moves()
        back.apply(back.legal_moves()[0])


@given(text=st.text(max_size=60), rnd=positions())
def test_any_text_raises_position_error_or_reads(text: str, rnd: Round) -> None:
    with contextlib.suppress(PositionError):
        Round.from_position(rnd.rules, text)


# ---------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------

_VALIDATOR = jsonschema.Draft202012Validator(schema("record"))


@settings(max_examples=30)
@given(rnd=positions(), seed=st.integers(0, 2**32 - 1), extra=st.integers(0, 20))
def test_records_start_from_the_position(rnd: Round, seed: int, extra: int) -> None:
    rng = random.Random(seed)
    text = rnd.to_position()
    back = Round.from_position(rnd.rules, text)
    for _ in range(extra):
        if back.is_over:
            break
        back = back.apply(rng.choice(back.legal_moves()))
    record = back.to_record()
    _VALIDATOR.validate(record)
    entry = record["rounds"][0]
    assert entry["position"] == text
    assert "deal" not in entry
    assert record["seed"] is None
    assert entry["moves"] == [str(m) for m in back.moves]
    assert Round.from_json(back.to_json()) == back
    assert Round.from_record(record).to_position() == back.to_position()


def test_records_of_positions_are_checked() -> None:
    rnd = Round.from_position(DUEL, TOES).apply(Play(Tile(4, 3), Tile(4, 4)))
    record = rnd.to_record()

    def refused(change: dict[str, object], expected: str) -> None:
        bad = copy.deepcopy(record)
        bad["rounds"][0].update(change)
        with pytest.raises(RecordError, match=re.escape(expected)):
            Round.from_record(bad)

    refused(
        {"position": TOES.replace("4-3,", "")},
        "round 1, position: the position is missing 1 tile of the double-6 set: 4-3;",
    )
    refused({"first": 1}, "round 1, first: seat 1, but the position's first seat is 0")
    refused({"round_double": "5-5"}, "round 1, round_double: 5-5, but the position's")
    refused({"deal": {"hands": [], "boneyard": []}}, "a round that starts from a position")
    refused({"moves": ["4-3@4-4", "4-3@4-4"]}, "round 1, move 2 '4-3@4-4'")
    bad = copy.deepcopy(record)
    bad["rules"] = {
        "preset": "chickie-duel",
        "knobs": {"set_sizes": {"2": 6, "3": 6}, "hand_sizes": {"2": 7, "3": 5}},
    }
    bad["players"] = 3
    with pytest.raises(RecordError, match="2 hands, but the record has 3 players"):
        Round.from_record(bad)
    match = Match.new(DUEL, 2, seed=1).to_record()
    match["seed"] = None
    match["rounds"][0]["position"] = TOES
    with pytest.raises(RecordError, match="only a round record starts from a position"):
        Match.from_record(match)
    assert not _VALIDATOR.is_valid(match)
    with_both = copy.deepcopy(record)
    with_both["rounds"][0]["deal"] = {"hands": [[], []], "boneyard": []}
    assert not _VALIDATOR.is_valid(with_both)


def test_old_records_still_load() -> None:
    rnd = Round.deal(DUEL, 2, seed=5)
    rnd = rnd.apply(rnd.legal_moves()[0])
    record = rnd.to_record()
    assert "position" not in record["rounds"][0]
    assert Round.from_record(record) == rnd


def test_samples_of_another_seat_draw_a_fair_tile() -> None:
    """Seat 1 does not know which tile seat 0 drew at the position; a sample gives seat 0
    a drawn tile that the rest of its hand could not have played instead (R12)."""
    boneyard = _BONEYARD.replace("4-1,", "").replace("3-3,", "")
    text = f"cf1 6-6 {_LAYOUT} 1-0,3-2,4-1,5-5/2-2,3-3,4-3,5-1,6-0 {boneyard} 0 0 1 1:4-1"
    view = Round.from_position(DUEL, text).view(1)
    rng = random.Random(3)
    for _ in range(20):
        guess = view.sample_state(rng)
        assert guess.view(1) == view
        drawn = guess.drawn_tile
        assert drawn is not None
        assert [t for t in guess.hand(0) if t != drawn and t.has(4)] == []  # no toe for 4-4


# ---------------------------------------------------------------------------
# the grammar of the docs page describes every text a round writes
# ---------------------------------------------------------------------------

_PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "positions.md"
_CORE = {"SP": " ", "DIGIT": "[0-9]"}
_TOKEN = re.compile(r'\s*(?:("[^"]*")|(\d*\*\d*|\d+)|([A-Za-z][\w-]*)|([()\[\]/]))\s*')


def _grammar_of_the_page() -> dict[str, str]:
    """The ABNF block of docs/positions.md: each rule's name and its definition."""
    text = _PAGE.read_text(encoding="utf-8")
    block = re.search(r"As a grammar \(ABNF.*?```text\n(.*?)```", text, re.S)
    assert block is not None, "positions.md has no grammar block"
    grammar = {}
    for line in block.group(1).splitlines():
        name, _, definition = line.partition("=")
        grammar[name.strip()] = definition.split(";")[0].strip()
    return grammar


def _abnf_regex(grammar: dict[str, str], name: str) -> str:
    """A regular expression for one rule of a (non-recursive) ABNF grammar: quoted
    strings, rule names, SP and DIGIT, ``/``, groups, ``[option]`` and ``n*m`` repeats."""
    tokens = []
    source = grammar[name]
    at = 0
    while at < len(source):
        token = _TOKEN.match(source, at)
        assert token is not None, f"{name}: cannot read {source[at:]!r}"
        tokens.append(token.groups())
        at = token.end()
    tokens.append((None, None, None, "end"))
    position = 0

    def peek() -> str | None:
        return tokens[position][3]

    def alternation() -> str:
        nonlocal position
        options = [concatenation()]
        while peek() == "/":
            position += 1
            options.append(concatenation())
        return "(?:" + "|".join(options) + ")"

    def concatenation() -> str:
        parts = []
        while peek() not in ("/", ")", "]", "end"):
            parts.append(repetition())
        assert parts, f"{name}: empty alternative"
        return "".join(parts)

    def repetition() -> str:
        nonlocal position
        repeat = tokens[position][1]
        if repeat is not None:
            position += 1
        item = element()
        if repeat is None:
            return item
        low, star, high = repeat.partition("*")
        if not star:
            return f"{item}{{{low}}}"
        return f"{item}{{{low or 0},{high}}}"

    def element() -> str:
        nonlocal position
        quoted, _, rule, mark = tokens[position]
        position += 1
        if quoted is not None:
            return re.escape(quoted[1:-1])
        if rule is not None:
            return _CORE[rule] if rule in _CORE else _abnf_regex(grammar, rule)
        closing = {"(": ")", "[": "]"}[str(mark)]
        inner = alternation()
        assert peek() == closing, f"{name}: {mark} is not closed"
        position += 1
        return inner if mark == "(" else f"(?:{inner})?"

    regex = alternation()
    assert peek() == "end", f"{name}: cannot read past token {position}"
    return regex


_GRAMMAR = re.compile(_abnf_regex(_grammar_of_the_page(), "position"))


def test_the_grammar_reads_as_abnf() -> None:
    assert _GRAMMAR.fullmatch("cf1 6-6 - 6-5,4-1/3-3 5-0,2-2 1 0 - -")
    assert _GRAMMAR.fullmatch("cf1 6-6 6-6,6-5@6-6 -/1-0 - - 0 0 -")
    assert not _GRAMMAR.fullmatch("cf1 6-6 6-6,6-5 6-5,4-1/3-3 5-0,2-2 1 0 - -")  # no @
    assert not _GRAMMAR.fullmatch("cf1 6-6 - 6-5,4-1 5-0,2-2 1 0 - -")  # one hand
    assert not _GRAMMAR.fullmatch("cf1 6-6 - 6-5/3-3 - 1 0 - 1:")  # no drawn tile


def test_a_highest_held_search_with_nobody_to_move_is_refused_r6b() -> None:
    """Before the round double is placed in a highest_held start, the position names the
    seat to move: '-' is refused with the position's own error, whichever seat holds the
    double the round opens on (R6, R6b)."""
    rules = attrs.evolve(DUEL, start="highest_held")
    holders = set()
    for seed in range(40):
        rnd = Round.deal(rules, 2, seed=seed)
        holders.add(rnd.to_move)
        words = rnd.to_position().split()
        words[5] = "-"
        message = _error(" ".join(words), rules)
        assert message == "to move: the round is not over; write the seat to move"
    assert holders == {0, 1}


def test_the_double_blank_opens_when_no_higher_double_is_held_r6b() -> None:
    """In a highest_held start the search goes down to the double-blank: a round dealt
    for 6-6 where 0-0 is the only double in the hands opens on it, and its position
    reads back (R6b)."""
    rules = attrs.evolve(DUEL, start="highest_held")
    rnd = Round.deal(rules, 2, seed=326)
    held = [t for hand in rnd.dealt_hands for t in hand if t.is_double]
    assert held == [Tile(0, 0)]
    assert (rnd.dealt_for, rnd.round_double) == (Tile(6, 6), Tile(0, 0))
    text = rnd.to_position()
    assert text.split()[1] == "6-6>0-0"
    back = Round.from_position(rules, text)
    assert back.round_double == Tile(0, 0)
    assert back.to_position() == text
    played = back.apply(back.legal_moves()[0])
    assert Round.from_position(rules, played.to_position()).to_position() == played.to_position()


def test_the_grammar_has_the_lower_opening_double() -> None:
    # A highest_held start whose round opens on a lower double writes both (R6b).
    rules = attrs.evolve(DUEL, start="highest_held")
    text = Round.deal(rules, 2, seed=0).to_position()
    assert text.split()[1] == "6-6>4-4"
    assert _GRAMMAR.fullmatch(text), text


@given(
    rnd=st.one_of(
        positions(),
        rules(custom=True)
        .filter(lambda variant: variant.start == "highest_held")
        .flatmap(lambda variant: played_rounds(rules=variant, max_moves=60)),
    )
)
def test_every_position_follows_the_grammar_of_the_docs(rnd: Round) -> None:
    text = rnd.to_position()
    event("opens on a lower double" if ">" in text else "opens on the dealt double")
    assert _GRAMMAR.fullmatch(text), text
