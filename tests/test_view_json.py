"""Views as JSON: the shipped view schema (``chickenfoot.schema("view")``), canonical text, nothing hidden.

A game server sends each client ``view.to_json()``. These tests check that every view of
rounds and matches in play fits the documented schema, that the text is canonical (equal
views give identical bytes), that what a seat cannot see never changes its text, and that
the notation strings in it read back with ``parse_move`` to the moves and places of the
view.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any, Final

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import played_rounds

from chickenfoot import (
    PRESETS,
    Draw,
    Match,
    MatchView,
    OpenEnd,
    Placement,
    Play,
    Round,
    RoundView,
    Tile,
    ViewError,
    parse_move,
    schema,
    tile_set,
)
from chickenfoot._shown import table_of
from chickenfoot.bots import level

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
    and so does a copy of the view. Finished rounds at two seats only, as in
    :func:`test_a_bot_and_the_sampler_play_a_rebuilt_view`."""
    assume(not rnd.is_over or rnd.players == 2)
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    view = rnd.view(seat)
    copied = pickle.loads(pickle.dumps(view))
    assert copied == view
    assert copied.to_json() == view.to_json()
    guess = view.sample_state(random.Random(data.draw(st.integers(0, 2**32), label="rng")))
    assert guess.view(seat) == view
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


# -- reading views back -------------------------------------------------------------------


@st.composite
def viewed_rounds(draw: st.DrawFn) -> Round:
    """A played round of any variant, at times set up from a position of it and played
    on from there (views of such rounds carry the position)."""
    rnd = draw(played_rounds(max_moves=80))
    if draw(st.booleans(), label="from a position"):
        rnd = Round.from_position(rnd.rules, rnd.to_position())
        for _ in range(draw(st.integers(0, 6), label="moves after")):
            if rnd.is_over:
                break
            moves = rnd.legal_moves()
            rnd = rnd.apply(moves[draw(st.integers(0, len(moves) - 1))])
    return rnd


def _inner(view: RoundView) -> tuple[object, ...]:
    """The engine's table and turn of a view, compared field by field."""
    return table_of(view).__reduce__()[1], view.obligation, view.drawn_tile


@settings(max_examples=80, deadline=None)
@given(rnd=viewed_rounds(), data=st.data())
def test_a_round_view_reads_back_from_its_json(rnd: Round, data: st.DataObject) -> None:
    """``from_json(to_json(view)) == view``, with the same legal moves, hand and public
    facts, for rounds of every variant, dealt or set up from a position (R6b, R13)."""
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    view = rnd.view(seat)
    text = view.to_json()
    VALIDATOR.validate(json.loads(text))
    back = RoundView.from_json(text)
    assert back == view
    assert hash(back) == hash(view)
    assert back.to_json() == text
    assert back.legal_moves() == view.legal_moves()
    assert back.hand == view.hand == rnd.hand(seat)
    assert (back.hand_counts, back.boneyard_count) == (rnd.hand_counts, len(rnd.boneyard))
    assert back.history == view.history
    assert back.layout == view.layout == rnd.layout
    assert back.open_ends == view.open_ends
    assert (back.ply, back.to_move, back.outcome) == (rnd.ply, rnd.to_move, rnd.outcome)
    assert _inner(back) == _inner(view)
    assert RoundView.from_dict(view.to_dict()) == view
    assert RoundView.from_json(text.encode()) == view


def test_a_match_view_reads_back_from_its_json() -> None:
    """Views of both seats after every move of a whole match (R19-R22)."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=9)
    rng = random.Random(9)
    while True:
        for seat in range(2):
            view = match.view(seat)
            back = MatchView.from_json(view.to_json())
            assert back == view
            assert back.to_json() == view.to_json()
            assert (back.ply, back.totals, back.standings) == (
                match.ply, match.totals, match.standings,
            )  # fmt: skip
            assert back.legal_moves() == view.legal_moves()
        if match.is_over:
            break
        match = match.apply(rng.choice(match.legal_moves()))
    assert MatchView.from_json(match.view(0).to_json()).is_over


@settings(max_examples=15, deadline=None)
@given(rnd=viewed_rounds(), data=st.data())
def test_a_bot_and_the_sampler_play_a_rebuilt_view(rnd: Round, data: st.DataObject) -> None:
    """A client's rebuilt view gives a bot the same choice as the server's view, and
    its samples replay the view's history. Finished rounds at two seats only: the first
    sample of a finished round can take seconds from four seats on (the points of every
    hand must come out right; the bots page gives the times), and finished rounds'
    samples are checked against the brute force on tiny tables in tests/test_sampling.py."""
    assume(not rnd.is_over or rnd.players == 2)
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    view = rnd.view(seat)
    back = RoundView.from_json(view.to_json())
    seed = data.draw(st.integers(0, 2**16), label="rng")
    guess = back.sample_state(random.Random(seed))
    assert guess.view(seat) == view
    if view.legal_moves():
        bot = level(3)
        assert bot.choose(back, random.Random(seed)) == bot.choose(view, random.Random(seed))


def _spoiled(data: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    spoiled = copy.deepcopy(data)
    target: Any = spoiled
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return spoiled


_DELETE = object()


def test_bad_view_json_is_a_view_error_naming_the_field() -> None:
    match = played_match("classic", 3, 0, 40)
    data = match.view(1).to_dict()
    rnd = data["round"]
    draws = [k for k, e in enumerate(rnd["history"]) if e["move"] == "draw"]
    mine = next(k for k in draws if rnd["history"][k]["seat"] == 1)
    theirs = next(k for k in draws if rnd["history"][k]["seat"] != 1)
    first_play = next(k for k, e in enumerate(rnd["history"]) if "@" in e["move"])
    cases: list[tuple[tuple[str | int, ...], object, str]] = [
        (("format",), "chickenfoot-record", 'format is "chickenfoot-record"'),
        (("version",), 2, "view version 2 is not supported"),
        (("kind",), "round", 'kind: expected "match", got "round" (read it with RoundView'),
        (("seat",), _DELETE, 'the view: missing key "seat"'),
        (("boneyard",), ["9-9"], 'the view: unknown key "boneyard"'),
        (("rules", "preset"), "chess", 'rules.preset: no preset "chess"'),
        (("variant",), "other", 'variant: "other" is not the name of the rules'),
        (("players",), 1, "players: expected an integer from 2 to 100, got 1"),
        (("players",), 2, "players: 2 seats, but the round has 3"),
        (("players",), 4, "players: 4 seats, but the round has 3"),
        (("round_number",), 0, "round_number: expected an integer of 1 or more, got 0"),
        (("ply",), "3", 'ply: expected an integer, got "3"'),
        (("ply",), 0, "ply: expected an integer of"),
        (
            ("totals",),
            [0, 0, 1],
            "totals[2]: 1 does not follow from the rest of the view, which gives 0",
        ),
        (("round", "hand", 0), 12, "round.hand[0]: expected a string, got 12"),
        (("round", "hand", 0), "10-2", "round.hand[0]: 10-2 is not a tile of the double-9 set"),
        (("round", "hand"), [*rnd["hand"], rnd["hand"][0]], "round.hand: each tile is listed once"),
        (("seat",), 2, "seat: the view is of seat 2, but its round's view is of seat 1"),
        (("round", "hand_counts"), [7, 7], "round.hand_counts: expected 3 counts"),
        (("round", "to_move"), None, "round.to_move: a seat while the round goes on"),
        (("round", "round_double"), "9-8", "round.round_double: expected a double, got 9-8"),
        (("round", "history", 0), [], "round.history[0]: expected an object, got an empty array"),
        (("round", "history", first_play, "move"), "9-9 9-9", "round.history"),
        (("round", "history", mine, "drawn"), None, f"round.history[{mine}].drawn: a tile for"),
        (("round", "history", theirs, "drawn"), "0-0", f"round.history[{theirs}].drawn: a tile"),
        (("round", "ply"), 0, "round.ply: 0 moves, but the history holds"),
        (("round", "legal_moves"), ["draw"], "round.legal_moves"),
        (("round", "obligation"), "toes", 'round.obligation: "toes" does not follow from the'),
        (
            ("round", "table", "placements"),
            [],
            "round.table.placements: an empty array does not follow",
        ),
        (  # a value that differs as deep as it can be named, even a falsy one
            ("round", "table", "placements", 0),
            0,
            "round.table.placements[0]: 0 does not follow from the rest of the view",
        ),
        (
            ("round", "table", "placements", 0, "seat"),
            0,
            "round.table.placements[0].seat: 0 does not follow from the rest of the view, which gives 2",
        ),
        (("round", "boneyard_count"), 0, "round.boneyard_count: the hands, the boneyard and"),
        (("round", "position"), {"layout": 1}, 'round.position: missing key "round_double"'),
    ]
    for path, value, message in cases:
        with pytest.raises(ViewError) as caught:
            MatchView.from_dict(_spoiled(data, path, value))
        assert message in str(caught.value), (path, str(caught.value))
    with pytest.raises(ViewError, match=r"^not JSON: "):
        MatchView.from_json('{"format": ')
    with pytest.raises(ViewError, match=r"^not JSON: the key .* appears twice"):
        MatchView.from_json('{"format": 1, "format": 2}')
    with pytest.raises(ViewError, match=r"^a view is JSON text \(str or bytes\), not 12"):
        MatchView.from_json(12)  # type: ignore[arg-type]
    with pytest.raises(ViewError, match=r"^a view is a JSON object, not an array of 1 item"):
        RoundView.from_json("[1]")
    with pytest.raises(ViewError, match=r"^a view is UTF-8 text"):
        RoundView.from_json(b'{"format": "\xff"}')
    with pytest.raises(ViewError, match=r"^a view is at most"):
        RoundView.from_json(" " * (2 * 1024 * 1024 + 1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_past_the_table_is_refused_naming_the_seats(players: int) -> None:
    """Seats are numbered from 0 (R5): a view of ``players`` seats names a seat from 0 to
    ``players - 1``, and one past that, in any field, is refused naming the range."""
    rng = random.Random(players)
    rnd = Round.deal(PRESETS["classic"], players, seed=players)
    for _ in range(3):
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    seat = rnd.to_move
    assert seat is not None
    data = rnd.view(seat).to_dict()
    for path in (("seat",), ("to_move",), ("history", 0, "seat")):
        for wrong in (players, players + 1):
            with pytest.raises(ViewError) as caught:
                RoundView.from_dict(_spoiled(data, path, wrong))
            said = f"expected an integer from 0 to {players - 1}, got {wrong}"
            assert said in str(caught.value), (path, str(caught.value))


def test_a_round_double_above_the_one_dealt_for_is_refused_r6() -> None:
    """R6: the second round of a classic match is dealt for 8-8; a view whose history
    places 9-9 as the round double is refused, naming the move and the rule."""
    match = Match.new(PRESETS["classic"], 3, seed=4)
    rng = random.Random(0)
    while match.round_index == 0 or not any(isinstance(e.move, Play) for e in match.round.history):
        match = match.apply(rng.choice(match.legal_moves()))
    data = match.view(1).to_dict()
    assert data["round"]["round_double"] == "8-8"
    history = data["round"]["history"]
    k = next(k for k, e in enumerate(history) if e["move"] == "8-8")
    with pytest.raises(ViewError) as caught:
        MatchView.from_dict(_spoiled(data, ("round", "history", k, "move"), "9-9"))
    said = f"round.history[{k}].move: the round double is a double up to 8-8, not 9-9 (R6)"
    assert said in str(caught.value)


_JUNK: Final[list[object]] = [
    None,
    -1,
    0,
    1,
    3,
    99,
    True,
    "",
    "9-9",
    "6-6",
    "0-0",
    "draw",
    "pass",
    [],
    {},
    [0],
]


def _paths(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out: list[tuple[str | int, ...]] = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            out += _paths(item, (*path, k))
    return out


@settings(max_examples=200, deadline=None)
@given(rnd=viewed_rounds(), data=st.data())
def test_changed_view_json_is_refused_or_reads_back_to_itself(
    rnd: Round, data: st.DataObject
) -> None:
    """Any one field changed or removed: the reader raises ViewError (never another
    error), or the view it rebuilds writes exactly that JSON back: nothing that follows
    from the rest of the view can disagree with it."""
    view = rnd.view(data.draw(st.integers(0, rnd.players - 1), label="seat"))
    written = view.to_dict()
    path = data.draw(st.sampled_from([p for p in _paths(written) if p[0] != "rules"]))
    value = data.draw(st.sampled_from([_DELETE, *_JUNK]), label="value")
    spoiled = _spoiled(written, path, value)
    try:
        back = RoundView.from_dict(spoiled)
    except ViewError:
        return
    assert back.to_dict() == spoiled


def test_views_of_a_set_of_more_than_256_tiles_read_back() -> None:
    """The reader counts the tiles of a large set right: the hands, the boneyard and the
    table of a double-24 set hold its 325 tiles (R1), before and after tiles are played."""
    rules = attrs.evolve(PRESETS["classic"], name="big", set_sizes={4: 24}, hand_sizes={4: 12})
    rnd = Round.deal(rules, 4, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        view = rnd.view(rnd.to_move or 0)
        assert sum(view.hand_counts) + view.boneyard_count + len(view.layout) == 325
        assert RoundView.from_json(view.to_json()) == view
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))


def _mid_turn(seat: int) -> Round:
    """A duel set up from a position where ``seat`` is to move, having drawn once this
    turn (R12, R13), from the first deal that comes to it."""
    rules = PRESETS["chickie-duel"]
    for seed in range(200):
        rnd = Round.deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            last = rnd.history[-1] if rnd.history else None
            if rnd.to_move == seat and last is not None and isinstance(last.move, Draw):
                return Round.from_position(rules, rnd.to_position())
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    raise AssertionError(f"no deal where seat {seat} draws and moves again")


@pytest.mark.parametrize("drawer", [0, 1])
def test_views_of_a_position_set_up_mid_turn_read_back(drawer: int) -> None:
    """R13: the tile a seat drew before the position is shown to that seat alone, and its
    draws count for its turn only: every seat's view reads back from its JSON, before the
    drawer ends its turn and after, with the same legal moves."""
    rnd = _mid_turn(drawer)
    rng = random.Random(drawer)
    for _ in range(6):
        for seat in range(2):
            view = rnd.view(seat)
            back = RoundView.from_json(view.to_json())
            assert back == view
            assert back.legal_moves() == view.legal_moves()
            assert (back.obligation, back.drawn_tile) == (view.obligation, view.drawn_tile)
        if rnd.is_over:
            break
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert any(not isinstance(e.move, Draw) for e in rnd.history)  # the turn was ended


@pytest.mark.parametrize("drawer", [0, 1])
def test_a_position_s_drawn_tile_is_the_drawer_s_alone_r13(drawer: int) -> None:
    """R13: a view of a position set up mid-turn names the tile drawn before it in the
    drawer's view and in no other: the drawer's view without it, or another seat's with
    one, is refused, naming the field."""
    rnd = _mid_turn(drawer)
    mine = rnd.view(drawer).to_dict()
    assert mine["position"]["drawn"] is not None
    other = rnd.view(1 - drawer).to_dict()
    assert other["position"]["drawn"] is None
    for data, drawn in ((mine, None), (other, mine["position"]["drawn"])):
        with pytest.raises(ViewError) as caught:
            RoundView.from_dict(_spoiled(data, ("position", "drawn"), drawn))
        assert "position.drawn: the tile seat" in str(caught.value)
        assert "drew before the position, if it was drawing then, else null" in str(caught.value)


def test_a_view_of_more_than_256_moves_reads_back() -> None:
    """A round of a double-24 set at four seats runs past 256 moves (R12: many draws), and
    its views read back with their move count."""
    rules = attrs.evolve(PRESETS["classic"], name="big", set_sizes={4: 24}, hand_sizes={4: 12})
    rng = random.Random(5)
    rnd = Round.deal(rules, 4, seed=5)
    while rnd.ply < 300 and not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert rnd.ply >= 257
    view = rnd.view(rnd.to_move or 0)
    assert RoundView.from_json(view.to_json()) == view


def test_a_view_whose_tiles_do_not_add_up_says_how_many_it_holds() -> None:
    """R5: the hands, the boneyard and the table hold every tile of the set; a view that
    holds more says how many, the sum of all three."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=2)
    for _ in range(9):
        rnd = rnd.apply(rnd.legal_moves()[0])
    data = rnd.view(0).to_dict()
    hands, boneyard = sum(rnd.hand_counts), len(rnd.boneyard)
    table = len(rnd.layout)
    for extra in (1, 7, 12):
        spoiled = _spoiled(data, ("boneyard_count",), boneyard + extra)
        with pytest.raises(ViewError) as caught:
            RoundView.from_dict(spoiled)
        held = hands + boneyard + extra + table
        assert f"hold {held} tiles, but the double-9 set has 55" in str(caught.value)


@pytest.mark.parametrize("lower", [False, True])
def test_a_tile_drawn_this_turn_that_the_hand_lacks_is_refused_r13(lower: bool) -> None:
    """R13: the tile a seat drew this turn is in its hand until it plays; a view whose
    history says it drew a tile the hand lacks (one still hidden, the lowest or highest
    of them) is refused, naming the seat and the tile."""
    rng = random.Random(8)
    rnd = Round.deal(PRESETS["classic"], 3, seed=8)
    while not (rnd.history and isinstance(rnd.history[-1].move, Draw)
               and rnd.history[-1].seat == rnd.to_move):  # fmt: skip
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    seat = rnd.to_move
    assert seat is not None
    data = rnd.view(seat).to_dict()
    seen = {p.tile for p in rnd.layout} | set(rnd.hands[seat])
    hidden = sorted(t for t in tile_set(9) if t not in seen)
    other = hidden[0] if lower else hidden[-1]
    spoiled = _spoiled(data, ("history", len(data["history"]) - 1, "drawn"), str(other))
    with pytest.raises(ViewError) as caught:
        RoundView.from_dict(spoiled)
    said = f"hand: seat {seat} drew {other} this turn, but its hand does not hold it"
    assert said in str(caught.value)
    assert RoundView.from_dict(data) == rnd.view(seat)


def test_a_view_of_a_position_that_starts_mid_draw_reads_back() -> None:
    """R13: a position whose seat to move has drawn a tile it must play (``1:6-0``) starts
    that seat's turn with the draw; its views read back from JSON for every seat, before
    any move and after the drawn tile is played."""
    text = (
        "cf1 6-6 6-6,6-4@6-6,6-3@6-6,6-5@6-6 1-1,2-1,3-3,4-0,4-3,6-0/3-0,4-2,5-0,5-2,5-3 "
        "2-0,2-2,1-0,3-1,4-4,0-0,5-1,5-5,6-1,4-1,6-2,3-2,5-4 0 0 0 1:6-0"
    )
    rnd = Round.from_position(PRESETS["chickie-duel"], text)
    assert rnd.legal_moves() == [parse_move("6-0@6-6")]
    for state in (rnd, rnd.apply(parse_move("6-0@6-6"))):
        for seat in range(2):
            view = state.view(seat)
            back = RoundView.from_json(view.to_json())
            assert back == view
            assert back.legal_moves() == view.legal_moves()
