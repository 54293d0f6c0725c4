"""Annotated records (docs/records.md, "Annotations"): Record, Annotation, Mark, Evaluation.

Round trips annotate random rounds of random variants and matches of every preset with
random annotations and check that ``Record.from_json(to_json())`` gives an equal record,
that the record fits the shipped schema and that the game alone reads back equal
(annotations are no part of the game). Version 1 records, the committed files of
``tests/data`` among them, load unchanged; an unknown version and every bad annotation
raise a clear error, from the record's JSON and from the API alike.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played_rounds
from test_records import play_match

from chickenfoot import (
    PRESETS,
    Annotation,
    Draw,
    Evaluation,
    Mark,
    Match,
    Move,
    Pass,
    Play,
    Record,
    RecordError,
    Round,
    Tile,
    load_record,
    schema,
)
from chickenfoot.bots import SearchPlayer

DATA = Path(__file__).resolve().parent / "data"
VALIDATOR = jsonschema.Draft202012Validator(schema("record"))


# -- strategies -----------------------------------------------------------------------------

comments = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\x85")
    | st.sampled_from("\n\t"),
    min_size=1,
    max_size=60,
).filter(lambda text: bool(text.strip()))
numbers = st.floats(allow_nan=False, allow_infinity=False, width=64) | st.integers(-500, 500)


@st.composite
def evaluations(draw: st.DrawFn, moves: tuple[Move, ...]) -> Evaluation:
    """An evaluation whose best move, if any, is one of ``moves`` (or a draw or a pass)."""
    best = draw(st.none() | st.sampled_from((*moves, Draw(), Pass())))
    return Evaluation(
        draw(numbers),
        draw(st.none() | st.floats(0, 1e6)),
        best,
        None if best is None else draw(st.none() | numbers),
    )


@st.composite
def notes(draw: st.DrawFn, moves: tuple[Move, ...]) -> Annotation:
    parts = draw(st.sets(st.sampled_from(("comment", "mark", "evaluation")), min_size=1))
    return Annotation(
        draw(comments) if "comment" in parts else None,
        draw(st.sampled_from(Mark)) if "mark" in parts else None,
        draw(evaluations(moves)) if "evaluation" in parts else None,
    )


def notes_for(game: Round | Match, data: st.DataObject) -> dict[int, Annotation]:
    """Random annotations on random moves of ``game``, keyed by ply."""
    if game.ply == 0:
        return {}
    moves = _moves_of(game)
    plies = data.draw(st.sets(st.integers(0, game.ply - 1), max_size=12), label="plies")
    return {ply: data.draw(notes(moves), label=f"ply {ply}") for ply in sorted(plies)}


def _moves_of(game: Round | Match) -> tuple[Move, ...]:
    if isinstance(game, Round):
        return game.moves
    rounds = [*game.finished, *([] if game.round.is_over else [game.round])]
    return tuple(m for r in rounds for m in r.moves)


def assert_round_trip(record: Record) -> dict[str, Any]:
    """Every way of writing ``record`` reads back equal, fits the schema, and holds the
    game as the game writes itself."""
    data = record.to_record()
    VALIDATOR.validate(data)
    text = record.to_json()
    assert json.loads(text) == data
    again = Record.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert Record.from_record(data) == record
    assert Record.from_json(record.to_json(indent=2).encode()) == record
    game = type(record.game).from_json(text)  # the game alone: the notes are left out
    assert game == record.game
    assert load_record(text) == record.game
    plain = record.game.to_record()
    assert data["version"] == (2 if record.annotations else 1)
    stripped = copy.deepcopy(data)
    stripped["version"] = 1
    for entry in stripped["rounds"]:
        entry.pop("annotations", None)
    assert stripped == plain
    return data


# -- round trips ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(rnd=played_rounds(max_moves=300), data=st.data())
def test_annotated_round_round_trip(rnd: Round, data: st.DataObject) -> None:
    notes = notes_for(rnd, data)
    record = Record(rnd, notes)
    written = assert_round_trip(record)
    entry = written["rounds"][0]
    numbers = [note["move"] for note in entry.get("annotations", [])]
    assert numbers == [ply + 1 for ply in sorted(notes)]
    assert [(0, ply, note) for ply, note in notes.items()] == list(record.items())


@settings(max_examples=15, deadline=None)
@given(
    preset=st.sampled_from(list(PRESETS)),
    dealt=st.booleans(),
    moves=st.integers(0, 300),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_annotated_match_round_trip(
    preset: str, dealt: bool, moves: int, seed: int, data: st.DataObject
) -> None:
    rules = PRESETS[preset]
    rng = random.Random(seed)
    match = play_match(
        rules, rules.player_counts[0], rng, seed=None if dealt else seed, moves=moves, round_cap=5
    )
    notes = notes_for(match, data)
    assert_round_trip(Record(match, notes))


@pytest.mark.parametrize("dealt", [False, True], ids=["seeded", "dealt"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_annotated_match_round_trip_every_preset(preset: str, dealt: bool) -> None:
    rules = PRESETS[preset]
    rng = random.Random(f"annotated {preset}/{dealt}")
    players = rules.player_counts[0]
    seed = None if dealt else rng.randrange(2**63)
    match = play_match(rules, players, rng, seed=seed, moves=250, round_cap=4)
    rounds = [*match.finished, *([] if match.round.is_over else [match.round])]
    # the first and last move of every round, and every seventh move
    plies, start = set(), 0
    for rnd in rounds:
        if rnd.ply:
            plies |= {start, start + rnd.ply - 1}
        start += rnd.ply
    plies |= set(range(3, match.ply, 7))
    moves = _moves_of(match)
    notes = {
        ply: Annotation(
            f"move {ply} of {preset}",
            list(Mark)[ply % len(Mark)],
            Evaluation(ply / 4 - 3, 0.5, moves[ply], ply / 4),
        )
        for ply in sorted(plies)
    }
    record = Record(match, notes)
    written = assert_round_trip(record)
    # Each note sits in its round's entry, its move counted from 1 in the round.
    for index, step, note in record.items():
        entry = written["rounds"][index]
        found = [n for n in entry["annotations"] if n["move"] == step + 1]
        assert found
        assert found[0]["comment"] == note.comment
        assert entry["moves"][step] == str(moves[sum(r.ply for r in rounds[:index]) + step])
    assert len(list(record.items())) == len(notes)
    # Without notes the record is the match's own, version 1, byte for byte.
    assert Record(match).to_json() == match.to_json()
    assert Record(match).to_record()["version"] == 1


def test_a_round_from_a_position_is_annotated_from_its_first_move_since_the_position() -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=3)
    for _ in range(8):
        rnd = rnd.apply(rnd.legal_moves()[0])
    rnd = Round.from_position(rnd.rules, rnd.to_position())
    rnd = rnd.apply(rnd.legal_moves()[-1])
    record = Record(rnd, {0: Annotation("from the puzzle's position")})
    written = assert_round_trip(record)
    assert "position" in written["rounds"][0]
    assert written["rounds"][0]["annotations"] == [
        {"move": 1, "comment": "from the puzzle's position"}
    ]


# -- old versions, new versions -------------------------------------------------------------


@pytest.mark.parametrize("name", ["record-v1-match.json", "record-v1-round.json"])
def test_a_version_1_record_loads_unchanged(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    written = json.loads(text)
    assert written["version"] == 1
    record = Record.from_json(text)
    assert record.annotations == {}
    assert record.to_record() == written
    assert record.game == load_record(text)
    assert record.game.to_record() == written
    VALIDATOR.validate(written)


def test_an_annotated_version_1_record_and_an_unknown_version_are_refused() -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
    rnd = rnd.apply(rnd.legal_moves()[0])
    written = Record(rnd, {0: Annotation(mark="!")}).to_record()
    old = copy.deepcopy(written)
    old["version"] = 1
    for read in (Record.from_record, Round.from_record):
        with pytest.raises(RecordError, match=r"^round 1, annotations: a version 1 record has no "):
            read(old)
    assert not VALIDATOR.is_valid(old)
    for version in (0, 3, 99):
        future = {**written, "version": version}
        with pytest.raises(RecordError) as info:
            Record.from_record(future)
        assert str(info.value) == (
            f"record version {version} is not supported: "
            "this version of chickenfoot reads version 1 and 2 records"
        )
        assert not VALIDATOR.is_valid(future)
    # A version 2 record may hold no annotations at all.
    plain = {**rnd.to_record(), "version": 2}
    assert Record.from_record(plain) == Record(rnd)
    assert VALIDATOR.is_valid(plain)


# -- bad annotations in a record ------------------------------------------------------------


def _written() -> dict[str, Any]:
    """A version 2 round record of 6 moves with one full annotation, on move 2."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
    for _ in range(6):
        rnd = rnd.apply(rnd.legal_moves()[0])
    best = Play(Tile(6, 5), onto=Tile(6, 6))
    note = Annotation("a note", Mark.MISTAKE, Evaluation(-2.5, 0.75, best, 1.0))
    return Record(rnd, {1: note}).to_record()


def _set(path: str, value: object, *, schema: bool = True) -> Any:
    """A change to the annotation of move 2 at ``path`` (keys joined by '.'); ``schema``
    whether the schema can refuse it too (no JSON Schema bounds a number to be finite)."""

    def change(note: dict[str, Any]) -> None:
        *inner, last = path.split(".")
        for key in inner:
            note = note[key]
        if value is _DROP:
            del note[last]
        else:
            note[last] = value

    change.schema = schema  # type: ignore[attr-defined]
    return change


_DROP = object()
BAD: list[tuple[Any, str]] = [
    (_set("mark", "great"), 'round 1, move 2, annotation.mark: expected one of "excellent", '),
    (_set("mark", "?!"), 'round 1, move 2, annotation.mark: expected one of "excellent", '),
    (_set("mark", None), "round 1, move 2, annotation.mark: expected one of"),
    (
        _set("evaluation.margin", 1e999, schema=False),
        "annotation.evaluation.margin: expected a finite number",
    ),
    (
        _set("evaluation.margin", 10**400, schema=False),
        "annotation.evaluation.margin: expected a finite number",
    ),
    (_set("evaluation.margin", True), "annotation.evaluation.margin: expected a number, got true"),
    (_set("evaluation.margin", "1"), 'annotation.evaluation.margin: expected a number, got "1"'),
    (_set("evaluation.margin", _DROP), 'annotation.evaluation: missing key "margin"'),
    (_set("evaluation.stderr", -1), "annotation.evaluation: stderr is a standard error, 0 or mo"),
    (_set("evaluation.stderr", None), "annotation.evaluation.stderr: expected a number, got null"),
    (_set("evaluation.best", _DROP), "annotation.evaluation: best_margin is the margin of the be"),
    (
        _set("evaluation.best", "7-6@6-6", schema=False),
        "annotation.evaluation.best: '7-6@6-6' is not a move: this game plays the double-6 set",
    ),
    (_set("evaluation.best", "6-6@"), "annotation.evaluation.best: '6-6@' is not a move"),
    (_set("evaluation.best", 3), "annotation.evaluation.best: expected a string, got 3"),
    (  # a move's text is at most 40 characters, spaces included, as in the moves
        _set("evaluation.best", " " * 37 + "pass"),
        f'annotation.evaluation.best: "{" " * 37}pas"... is too long: at most 40 ch',
    ),
    (_set("evaluation.depth", 3), 'annotation.evaluation: unknown key "depth"'),
    (_set("evaluation", []), "annotation.evaluation: expected an object, got an empty array"),
    (_set("comment", " \n"), "annotation.comment: a comment has some text"),
    (_set("comment", "a\x1b[2Jb"), "annotation.comment: a comment holds no control characters"),
    (_set("comment", "x" * 2001), "annotation.comment: "),
    (_set("comment", 5), "annotation.comment: expected a string, got 5"),
    (_set("colour", "red"), 'round 1, annotations[0]: unknown key "colour"'),
    (_set("move", 0), "round 1, annotations[0].move: move 0 is not a move of the round, which"),
    (
        _set("move", 7, schema=False),
        "round 1, annotations[0].move: move 7 is not a move of the round, which has 6",
    ),
    (_set("move", "2"), 'round 1, annotations[0].move: expected an integer, got "2"'),
    (_set("move", _DROP), 'round 1, annotations[0]: missing key "move"'),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_a_bad_annotation_is_refused_by_the_reader_and_the_schema(
    change: Any, message: str
) -> None:
    written = _written()
    change(written["rounds"][0]["annotations"][0])
    with pytest.raises(RecordError) as info:
        Record.from_record(written)
    assert message in str(info.value)
    with pytest.raises(RecordError):  # the game alone is not read from a bad record either
        Round.from_record(written)
    assert VALIDATOR.is_valid(written) is not change.schema


@pytest.mark.parametrize(
    ("annotations", "message"),
    [
        ([{"move": 2}], 'round 1, move 2, annotation: an annotation holds a "comment", a'),
        ([{"move": 2, "mark": "good"}, {"move": 2, "mark": "good"}], "move 2 comes after move 2"),
        ([{"move": 3, "mark": "good"}, {"move": 2, "mark": "good"}], "move 2 comes after move 3"),
        ({"2": {"mark": "good"}}, "round 1, annotations: expected an array, got an object"),
        ([3], "round 1, annotations[0]: expected an object, got 3"),
    ],
)
def test_annotations_are_listed_once_a_move_in_order(annotations: object, message: str) -> None:
    written = _written()
    written["rounds"][0]["annotations"] = annotations
    with pytest.raises(RecordError) as info:
        Record.from_record(written)
    assert message in str(info.value)
    assert not VALIDATOR.is_valid(written) or "comes after" in message


def test_json_text_with_nan_or_infinity_is_refused() -> None:
    text = json.dumps(_written())
    for word in ("NaN", "Infinity", "-Infinity"):
        bad = text.replace('"margin": -2.5', f'"margin": {word}')
        assert bad != text
        with pytest.raises(RecordError, match=f"not JSON: {word} is not a JSON value"):
            Record.from_json(bad)


# -- the values and their errors ------------------------------------------------------------


def test_marks_are_pgn_s_move_assessments() -> None:
    assert [(m.value, m.symbol, m.nag) for m in Mark] == [
        ("excellent", "!!", 3),
        ("good", "!", 1),
        ("interesting", "!?", 5),
        ("inaccuracy", "?!", 6),
        ("mistake", "?", 2),
        ("blunder", "??", 4),
    ]
    for mark in Mark:
        assert Mark.parse(mark.symbol) is mark
        assert Mark.parse(f" {mark.value.upper()} ") is mark
        assert Annotation(mark=mark.symbol).mark is mark
    for bad in ("great", "?!?", "", "!!!"):
        with pytest.raises(ValueError, match="is not a mark: the marks are excellent"):
            Mark.parse(bad)
    with pytest.raises(ValueError, match=r"^3 is not a mark"):
        Mark.parse(3)


def test_bad_values_are_refused_with_what_is_wrong() -> None:
    best = Play(Tile(6, 5), onto=Tile(6, 6))
    cases: list[tuple[Any, type[Exception], str]] = [
        (lambda: Annotation(), ValueError, "an annotation holds a comment, a mark or an eval"),
        (lambda: Annotation(mark="great"), ValueError, '"great" is not a mark'),
        (lambda: Annotation(mark=2), TypeError, "a mark is a Mark, its word or its symbol, not 2"),
        (lambda: Annotation(""), ValueError, "a comment has some text"),
        (lambda: Annotation("a\x07"), ValueError, "no control characters"),
        (lambda: Annotation("x" * 2001), ValueError, "at most 2000 characters, not 2001"),
        (lambda: Annotation(b"x"), TypeError, "a comment is text (a str) or None"),
        (lambda: Annotation(evaluation=1.0), TypeError, "an evaluation is an Evaluation or"),
        (lambda: Evaluation(math.nan), ValueError, "margin is a finite number of points, not nan"),
        (lambda: Evaluation(math.inf), ValueError, "margin is a finite number of points, not inf"),
        (
            lambda: Evaluation(10**400),
            ValueError,
            "margin is a finite number of points, not an int",
        ),
        (lambda: Evaluation(True), TypeError, "margin is a number of points, not true"),
        (lambda: Evaluation("1"), TypeError, 'margin is a number of points, not "1"'),
        (lambda: Evaluation(1, -0.5), ValueError, "stderr is a standard error, 0 or more"),
        (lambda: Evaluation(1, math.nan), ValueError, "stderr is a finite number"),
        (lambda: Evaluation(1, best_margin=2), ValueError, "give best too"),
        (lambda: Evaluation(1, best="6-5@6-6"), TypeError, "best is a move (Play, Draw or Pass)"),
        (lambda: Evaluation(1, best=best, best_margin=-math.inf), ValueError, "best_margin is a"),
    ]
    for make, error, message in cases:
        with pytest.raises(error) as info:
            make()
        assert message in str(info.value)
    # Ints are points too, kept as floats; a comment keeps new lines and tabs.
    assert Evaluation(3, 0, best, 4) == Evaluation(3.0, 0.0, best, 4.0)
    assert Evaluation(3).margin.is_integer()
    assert Evaluation(-1.5, best=best, best_margin=2).loss == 3.5
    assert Evaluation(-1.5).loss is None
    assert Annotation("two\nlines\tand a tab").text == "two lines and a tab"


def _six_moves() -> Round:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
    for _ in range(6):
        rnd = rnd.apply(rnd.legal_moves()[0])
    return rnd


def test_annotate_names_the_ply_and_changes_nothing_on_an_error() -> None:
    rnd = _six_moves()
    note = Annotation(mark="?")
    record = Record(rnd, {2: Annotation("kept")})
    for ply, error, message in [
        (6, ValueError, "ply 6 is not a move of this round: it has 6 moves, at plies 0 to 5"),
        (-7, ValueError, "ply -7 is not a move of this round: it has 6 moves"),
        (True, TypeError, "a ply is an int, the count of moves before the move, not True"),
        (1.0, TypeError, "a ply is an int"),
    ]:
        with pytest.raises(error) as info:
            record.annotate(ply, note)  # type: ignore[arg-type]
        assert str(info.value) == message or message in str(info.value)
    assert dict(record.annotations) == {2: Annotation("kept")}
    with pytest.raises(ValueError, match="it has no moves yet"):
        Record(Round.deal(PRESETS["chickie-duel"], 2, seed=5)).annotate(0, note)
    with pytest.raises(TypeError, match="an annotation is an Annotation"):
        record.annotate(0, "?")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ply 0: the best move 7-6@6-6 holds a tile outside"):
        record.annotate(0, Annotation(evaluation=Evaluation(0, best=Play(Tile(7, 6), Tile(6, 6)))))
    with pytest.raises(TypeError, match="a Record holds a Round or a Match, not"):
        Record(rnd.to_json())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="ply 9 is not a move of this match"):
        Record(Match.new(PRESETS["chickie-duel"], 2, seed=1), {9: note})
    assert dict(record.annotations) == {2: Annotation("kept")}
    # -1 is the last move; a new note replaces the old; None takes one off.
    later = record.annotate(-1, note).annotate(2, Annotation("new")).annotate(0, None)
    assert dict(later.annotations) == {2: Annotation("new"), 5: note}
    assert dict(later.annotate(2, None).annotations) == {5: note}
    assert dict(record.annotations) == {2: Annotation("kept")}


def test_a_record_is_an_immutable_value() -> None:
    rnd = _six_moves()
    notes = {3: Annotation("three"), 1: Annotation(mark="!")}
    record = Record(rnd, notes)
    notes[4] = Annotation("added later")
    assert list(record.annotations) == [1, 3]  # in order of the moves, copied
    with pytest.raises(TypeError):
        record.annotations[0] = Annotation("x")  # type: ignore[index]
    assert record == Record(rnd, {1: Annotation(mark="!"), 3: Annotation("three")})
    assert record != Record(rnd, {1: Annotation(mark="!")})
    assert record != Record(rnd)
    assert hash(record) == hash(Record(rnd, {3: Annotation("three"), 1: Annotation(mark="!")}))
    assert pickle.loads(pickle.dumps(record)) == record
    assert record.kind == "round"
    assert Record(Match.new(PRESETS["chickie-duel"], 2, seed=1)).kind == "match"
    assert eval(repr(Annotation("x", Mark.BLUNDER, Evaluation(1.5)))) == Annotation(
        "x", Mark.BLUNDER, Evaluation(1.5)
    )
    assert repr(record).startswith("Record(<Round chickie-duel, 2 players")


# -- evaluations from a search bot's analysis -----------------------------------------------


def test_an_evaluation_from_a_search_bot_s_analysis() -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    for _ in range(11):
        rnd = rnd.apply(rnd.legal_moves()[0])
    view = rnd.view(0)
    analysis = SearchPlayer(samples=4, playouts=40).analyse(view, random.Random(1))
    top = analysis.moves[0]
    for line in analysis.moves:
        for move in (line.move, *line.equivalent):
            value = analysis.evaluation(move)
            assert value == Evaluation(line.value, line.stderr, analysis.move, top.value)
    # The record of a review: each move of the round so far, then this one.
    played = rnd.apply(analysis.moves[-1].move)
    note = Annotation(mark=Mark.MISTAKE, evaluation=analysis.evaluation(analysis.moves[-1].move))
    record = Record(played).annotate(-1, note)
    assert Record.from_json(record.to_json()) == record
    wins = SearchPlayer(samples=4, playouts=40, objective="win").analyse(view, random.Random(1))
    with pytest.raises(ValueError, match="an evaluation is a margin in points"):
        wins.evaluation(wins.move)
    with pytest.raises(ValueError, match="is not a legal move of seat 0"):
        analysis.evaluation(Pass())
    forced = SearchPlayer().analyse(
        Round.deal(PRESETS["chickie-duel"], 2, seed=5).view(0), random.Random(1)
    )
    with pytest.raises(ValueError, match="the search gave 6-6 no value: a forced move"):
        forced.evaluation(forced.move)
