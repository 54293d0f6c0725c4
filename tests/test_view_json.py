"""Views as JSON: the shipped view schema (``chickenfoot.schema("view")``), canonical text, nothing hidden.

A game server sends each client ``view.to_json()``. These tests check that every view of
rounds and matches in play fits the documented schema, that the text is canonical (equal
views give identical bytes), that what a seat cannot see never changes its text, and that
the notation strings in it read back with ``parse_move`` to the moves and places of the
view.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import played_rounds

from chickenfoot import (
    PRESETS,
    Match,
    OpenEnd,
    Placement,
    Play,
    Round,
    Tile,
    parse_move,
    schema,
    tile_set,
)

VIEW_SCHEMA: dict[str, Any] = schema("view")
VALIDATOR = jsonschema.Draft202012Validator(VIEW_SCHEMA)


def canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def played_match(preset: str, players: int, seed: int, moves: int) -> Match:
    match = Match.new(PRESETS[preset], players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match = match.apply(rng.choice(match.legal_moves()))
    return match


# -- the schema ---------------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12() -> None:
    assert VIEW_SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(VIEW_SCHEMA)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_view_of_a_round_fits_the_schema(preset: str) -> None:
    """Views of every seat after every move of a round, to its end."""
    rules = PRESETS[preset]
    players = rules.hand_sizes[0][0]
    rnd = Round.deal(rules, players, seed=11)
    rng = random.Random(11)
    obligations = set()
    while True:
        for seat in range(players):
            data = json.loads(rnd.view(seat).to_json())
            VALIDATOR.validate(data)
            obligations.add(data["obligation"])
        if rnd.is_over:
            break
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert data["outcome"] is not None
    assert data["to_move"] is None
    assert {"none", "opening"} <= obligations


def test_match_views_fit_the_schema() -> None:
    """Match views in the first round, after rounds have finished, and at the end."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=2)
    rng = random.Random(2)
    checked = 0
    while not match.is_over:
        if len(match.finished) < 1 or match.round.moves == () or checked % 17 == 0:
            for seat in range(2):
                VALIDATOR.validate(json.loads(match.view(seat).to_json()))
        checked += 1
        match = match.apply(rng.choice(match.legal_moves()))
    for seat in range(2):
        data = json.loads(match.view(seat).to_json())
        VALIDATOR.validate(data)
        assert data["is_over"]
        assert data["winners"]
        assert data["round"]["outcome"] is not None


def test_the_schema_refuses_what_a_view_never_holds() -> None:
    """The schema is strict: an unknown key, a bad tile or a wrong kind are refused."""
    data = json.loads(played_match("classic", 4, 3, 20).view(1).to_json())
    VALIDATOR.validate(data)
    spoiled = [
        {**data, "boneyard": ["9-9"]},
        {**data, "kind": "round"},
        {**data, "version": 2},
        {**data, "round": {**data["round"], "hands": [["9-9"]]}},
        {**data, "round": {**data["round"], "hand": ["9-x"]}},
        {**data, "round": {**data["round"], "legal_moves": ["9-4 on 9-9"]}},
        {**data, "round": {**data["round"], "obligation": "toe"}},
    ]
    for bad in spoiled:
        assert not VALIDATOR.is_valid(bad), bad


# -- what the text holds ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(rnd=played_rounds(max_moves=80), data=st.data())
def test_round_view_json_says_what_the_view_says(rnd: Round, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    view = rnd.view(seat)
    text = view.to_json()
    assert canonical(json.loads(text)) == text  # sorted keys, no spaces
    got = json.loads(text)
    assert got == view.to_dict()
    VALIDATOR.validate(got)
    assert got["kind"] == "round"
    assert got["seat"] == seat
    assert [Tile.parse(t) for t in got["hand"]] == list(rnd.hand(seat))
    assert tuple(got["hand_counts"]) == rnd.hand_counts
    assert got["boneyard_count"] == len(rnd.boneyard)
    assert got["to_move"] == rnd.to_move
    assert [parse_move(m) for m in got["legal_moves"]] == view.legal_moves()
    if rnd.to_move == seat:
        assert got["legal_moves"] == [str(m) for m in rnd.legal_moves()]
    placed = [parse_move(p["move"]) for p in got["table"]["placements"]]
    assert placed == [Play(p.tile, p.onto) for p in rnd.layout]
    assert [p["seat"] for p in got["table"]["placements"]] == [p.seat for p in rnd.layout]
    ends = got["table"]["open_ends"]
    assert [(e["onto"], e["number"], e["places"]) for e in ends] == [
        (str(e.onto), e.number, e.places) for e in rnd.open_ends
    ]
    assert [parse_move(e["move"]) for e in got["history"]] == list(rnd.moves)
    assert got["obligation"] == rnd.obligation.value
    if rnd.outcome is None:
        assert got["outcome"] is None
    else:
        assert got["outcome"]["scores"] == list(rnd.outcome.scores)


def test_a_legal_play_is_a_tile_and_an_open_end() -> None:
    """``f"{tile}{end}"`` is the move text: every legal play is built that way."""
    rnd = played_match("classic", 4, 5, 25).round
    seat = rnd.to_move
    assert seat is not None
    view = json.loads(rnd.view(seat).to_json())
    built = {
        f"{t}{e['at']}"
        for t in view["hand"]
        for e in view["table"]["open_ends"]
        if e["number"] in Tile.parse(t)
    }
    plays = {m for m in view["legal_moves"] if "@" in m}
    assert plays
    assert plays <= built


def test_notation_of_placements_and_open_ends() -> None:
    assert str(Placement(Tile(5, 1), onto=Tile(1, 0), seat=0)) == "5-1@1-0"
    assert str(Placement(Tile(9, 9), onto=None, seat=None)) == "9-9"
    assert parse_move(str(Placement(Tile(1, 5), onto=Tile(0, 1), seat=3))) == Play(
        Tile(5, 1), Tile(1, 0)
    )
    end = OpenEnd(onto=Tile(9, 4), number=4, places=1)
    assert str(end) == "@9-4"
    assert parse_move(f"{Tile(4, 2)}{end}") == Play(Tile(4, 2), onto=Tile(9, 4))


# -- nothing hidden leaks -----------------------------------------------------------------


def test_rounds_that_differ_only_in_hidden_tiles_give_a_seat_the_same_bytes() -> None:
    """Seat 0's text does not change when the other hand and the boneyard are swapped
    around; seat 1's does, so the comparison can fail."""
    tiles = list(tile_set(6))
    rng = random.Random(4)
    rng.shuffle(tiles)
    mine, theirs, boneyard = tiles[:7], tiles[7:14], tiles[14:]
    first = Round.from_deal(PRESETS["chickie-duel"], [mine, theirs], boneyard, round_double=6)
    # the same seat-0 hand; seat 1's hand and the boneyard's order are different
    others = theirs + boneyard
    rng.shuffle(others)
    second = Round.from_deal(
        PRESETS["chickie-duel"], [mine, others[:7]], others[7:], round_double=6
    )
    assert first != second
    # Play both with seat 0's choices only while the public history stays the same.
    for _ in range(6):
        if first.is_over or second.is_over or first.to_move != 0:
            break
        move = first.legal_moves()[0]
        if move not in second.legal_moves():
            break
        first, second = first.apply(move), second.apply(move)
    assert first.view(0).to_json() == second.view(0).to_json()
    assert first.view(1).to_json() != second.view(1).to_json()


@settings(max_examples=30, deadline=None)
@given(rnd=played_rounds(max_moves=50), data=st.data())
def test_equal_views_give_identical_json(rnd: Round, data: st.DataObject) -> None:
    """A round sampled from a view (hidden tiles dealt at random) gives the same text,
    and so does a copy of the view."""
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    view = rnd.view(seat)
    copied = pickle.loads(pickle.dumps(view))
    assert copied == view
    assert copied.to_json() == view.to_json()
    guess = view.sample_state(random.Random(data.draw(st.integers(0, 2**32), label="rng")))
    assume(guess.view(seat) == view)  # the sampler may give up on rare histories
    assert guess.view(seat).to_json() == view.to_json()


def test_match_view_json() -> None:
    match = played_match("chickie-duel", 2, 7, 150)
    assert match.finished
    assert not match.is_over
    view = match.view(1)
    got = json.loads(view.to_json())
    VALIDATOR.validate(got)
    assert view.to_move == match.to_move == got["to_move"]
    assert got["round_number"] == match.round_index + 1
    assert got["results"] == [list(r) for r in match.results]
    assert got["totals"] == list(match.totals)
    assert got["winners"] == []
    body = {k: v for k, v in view.round.to_dict().items() if k in got["round"]}
    assert got["round"] == body
    assert set(view.round.to_dict()) - set(got["round"]) == {
        "format",
        "version",
        "kind",
        "variant",
        "rules",
    }
    done = played_match("chickie-duel", 2, 7, 10_000)
    assert done.is_over
    finished = json.loads(done.view(0).to_json())
    assert finished["is_over"]
    assert finished["to_move"] is None
    assert finished["winners"] == list(done.winners)
