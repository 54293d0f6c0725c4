"""Fuzzing record loading with mutated records (docs/records.md).

Every example takes a valid record (a seeded or dealt match, a seeded or dealt round, a
preset with changed knobs, a variant given knob by knob) and mutates it: a move changed to
other notation, a field or an item dropped, a random JSON value at a random path, huge
numbers, deep nesting, truncated text, changed bytes. Loading must then either raise
``RecordError`` (any other exception fails the test) or give a round or match that writes
and reads back equal to itself; when the mutation did not change what the record says
(the same move in other notation, the same JSON), the loaded value must equal the
original.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable, Iterator
from typing import Any, TypeAlias

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from chickenfoot import (
    PRESETS,
    InvalidMoveError,
    Match,
    RecordError,
    Round,
    Rules,
    Tile,
    load_record,
    parse_move,
    schema,
    tile_set,
)
from chickenfoot._records import _LATER_KNOBS

Path: TypeAlias = tuple[str | int, ...]
Game: TypeAlias = Round | Match

VALIDATOR = jsonschema.Draft202012Validator(schema("record"))


def _at_most(count: int) -> int:
    """``count`` examples, or fewer if the active profile asks for fewer."""
    active = settings.default
    return count if active is None else min(active.max_examples, count)


_FUZZ = settings(max_examples=_at_most(100), deadline=None)


# ---------------------------------------------------------------------------
# the records mutated
# ---------------------------------------------------------------------------


def _play(game: Any, rng: random.Random, moves: int) -> Any:
    """``game`` after up to ``moves`` random legal moves (a dealt match is not re-dealt)."""
    for _ in range(moves):
        if game.is_over or (isinstance(game, Match) and game.awaiting_deal):
            break
        game = game.apply(rng.choice(game.legal_moves()))
    return game


def _deal(rules: Any, players: int, double: Tile, rng: random.Random) -> Any:
    tiles = [t for t in tile_set(rules.set_size(players)) if rules.start != "centre" or t != double]
    rng.shuffle(tiles)
    size = rules.hand_size(players)
    return [tiles[s * size : (s + 1) * size] for s in range(players)], tiles[players * size :]


def _bases() -> dict[str, Game]:
    rng = random.Random(2026)
    duel = PRESETS["chickie-duel"]
    cross = PRESETS["cross-and-foot"]
    house = attrs.evolve(
        PRESETS["double-foot"], name="house", draws_per_turn=None, play_drawn="may", rounds=2
    )
    classic25 = attrs.evolve(PRESETS["classic"], double_blank=25, boneyard_reserve=1)
    dealt_match = Match.dealt(cross, *_deal(cross, 3, Tile(9, 9), rng))
    dealt_round = Round.from_deal(duel, *_deal(duel, 2, Tile(6, 6), rng), round_double=6)
    return {
        "seeded duel match": _play(Match.new(duel, 2, seed=7), rng, 10_000),
        "dealt cross match": _play(dealt_match, rng, 60),
        "house match": _play(Match.new(house, 3, seed=2**63 - 1), rng, 50),
        "classic-25 match": _play(Match.new(classic25, 4, seed=-5), rng, 40),
        "seeded classic round": _play(Round.deal(PRESETS["classic"], 5, seed=3), rng, 40),
        "dealt duel round": _play(dealt_round, rng, 30),
    }


def _every_knob(rules: Rules) -> dict[str, Any]:
    """``rules`` as a record may also give it: ``"preset": null`` and every knob."""
    knobs = {a.name: getattr(rules, a.name) for a in attrs.fields(Rules)}
    for table in ("set_sizes", "hand_sizes"):
        knobs[table] = {str(players): n for players, n in knobs[table]}
    knobs["house"] = list(knobs["house"])  # none here, as a JSON array
    return {"preset": None, "knobs": knobs}


BASES: dict[str, Game] = _bases()
RECORDS: dict[str, dict[str, Any]] = {name: game.to_record() for name, game in BASES.items()}
# Records are written from the closest preset; the knob-by-knob form is read too.
BASES["house match, every knob"] = BASES["house match"]
RECORDS["house match, every knob"] = {
    **RECORDS["house match"],
    "rules": _every_knob(BASES["house match"].rules),
}


def paths(value: Any, prefix: Path = ()) -> Iterator[Path]:
    """The path of every value inside ``value``, ``value`` itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


PATHS: dict[str, list[Path]] = {name: list(paths(r)) for name, r in RECORDS.items()}


def get(record: Any, path: Path) -> Any:
    for key in path:
        record = record[key]
    return record


def put(record: dict[str, Any], path: Path, value: Any) -> Any:
    """A copy of ``record`` with ``value`` at ``path`` (the root for ``()``)."""
    if not path:
        return value
    changed = copy.deepcopy(record)
    get(changed, path[:-1])[path[-1]] = value
    return changed


def drop(record: dict[str, Any], path: Path) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    del get(changed, path[:-1])[path[-1]]
    return changed


def same_json(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same JSON (``1``, ``1.0`` and ``true`` all differ)."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return False


# ---------------------------------------------------------------------------
# the property
# ---------------------------------------------------------------------------


def load_or_refuse(load: Callable[[Any], Game], source: Any) -> Game | None:
    """What ``load`` gives: ``None`` for a RecordError, else a game that round-trips and
    whose record, as given, matches the schema.

    Any other exception escapes and fails the test.
    """
    try:
        game = load(source)
    except RecordError as error:
        refusal = str(error)
    else:
        event("loaded")
        assert isinstance(game, (Round, Match))
        again = type(game).from_json(game.to_json())
        assert again == game
        # the schema describes every record that loads
        document = json.loads(source) if isinstance(source, (str, bytes)) else source
        assert VALIDATOR.is_valid(document)
        return game
    event("refused")
    assert refusal
    return None


def _from_record(name: str) -> Callable[[Any], Game]:
    return Match.from_record if isinstance(BASES[name], Match) else Round.from_record


def _from_json(name: str) -> Callable[[Any], Game]:
    return Match.from_json if isinstance(BASES[name], Match) else Round.from_json


names = st.sampled_from(sorted(BASES))


@st.composite
def located(
    draw: st.DrawFn, *, where: Callable[[str, Path], bool] | None = None
) -> tuple[str, Path]:
    """A base record and a path inside it, optionally one that ``where`` accepts."""
    name = draw(names)
    options = [p for p in PATHS[name] if where is None or where(name, p)]
    assume(options)
    return name, draw(st.sampled_from(options))


def _is_move(name: str, path: Path) -> bool:
    return len(path) == 4 and path[0] == "rounds" and path[2] == "moves"


# ---------------------------------------------------------------------------
# strategies of mutations
# ---------------------------------------------------------------------------

ends = st.integers(0, 12) | st.integers(0, 999)


@st.composite
def notation(draw: st.DrawFn, original: str) -> str:
    """Text that looks like a move: the same move written otherwise, or another move."""
    if draw(st.booleans()):  # the same move, written otherwise
        same = [original.upper(), f" {original}\t", original.title()]
        if "@" in original:
            tile, onto = original.split("@")
            high, low = tile.split("-")
            same += [f"{low}-{high}@{onto}", f" {tile} @ {onto} ", f"{tile}@{onto[::-1]}"]
        elif "-" in original:
            same.append(original[::-1])
        return draw(st.sampled_from(same))
    options: list[st.SearchStrategy[str]] = [
        st.sampled_from(["draw", "pass", "DRAW", " Pass ", "drew", ""]),
        st.builds("{}-{}".format, ends, ends),
        st.builds("{}-{}@{}-{}".format, ends, ends, ends, ends),
        st.text(max_size=12),
    ]
    if "@" in original:
        tile = original.split("@")[0]
        options.append(st.builds(f"{tile}@{{}}-{{}}".format, ends, ends))
    return draw(st.one_of(options))


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["draw", "pass", "9-9", "6-6", "6-4@6-6", "classic", "holder", "full", "0-0"])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


# ---------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------


@_FUZZ
@given(place=located(where=_is_move), data=st.data())
def test_a_move_changed_to_other_notation(place: tuple[str, Path], data: st.DataObject) -> None:
    name, path = place
    original = get(RECORDS[name], path)
    text = data.draw(notation(original), label="move")
    game = load_or_refuse(_from_record(name), put(RECORDS[name], path, text))
    try:
        same = parse_move(text) == parse_move(original)
    except InvalidMoveError:
        same = False
    if same:
        assert game == BASES[name]
    elif game is not None:
        assert game != BASES[name]


@_FUZZ
@given(place=located(where=lambda name, path: bool(path)))
def test_a_field_or_item_dropped(place: tuple[str, Path]) -> None:
    """Every key is required but the knobs of a preset record and the player counts of a
    table, whose loss changes the rules; a dropped item changes the record too."""
    name, path = place
    game = load_or_refuse(_from_record(name), drop(RECORDS[name], path))
    knob = path[:2] == ("rules", "knobs") and len(path) == 3
    # knobs added after the first records (R17b, R19b) keep their defaults when left out
    later = knob and path[2] in _LATER_KNOBS
    optional = (knob and RECORDS[name]["rules"]["preset"] is not None) or len(path) == 4
    if isinstance(path[-1], str) and not optional and not later:
        assert game is None
    if game is not None and later:
        default: Any = attrs.fields_dict(Rules)[str(path[2])].default
        assert game.rules == attrs.evolve(BASES[name].rules, **{str(path[2]): default})
    elif game is not None:
        assert game != BASES[name]


@_FUZZ
@given(place=located(), data=st.data())
def test_a_random_json_value_at_a_random_path(place: tuple[str, Path], data: st.DataObject) -> None:
    name, path = place
    original = get(RECORDS[name], path)
    value = data.draw(st.just(copy.deepcopy(original)) | json_values, label="value")
    game = load_or_refuse(_from_record(name), put(RECORDS[name], path, value))
    if same_json(value, get(RECORDS[name], path)):
        assert game == BASES[name]
    # the same through the text, which is parsed with its own hooks
    text = json.dumps(put(RECORDS[name], path, value))
    by_text = load_or_refuse(_from_json(name), text)
    assert (by_text is None) == (game is None)
    assert by_text == game


@_FUZZ
@given(place=located(), data=st.data())
def test_a_wrong_type(place: tuple[str, Path], data: st.DataObject) -> None:
    """A value of another JSON type than the one there is never right."""
    name, path = place
    original = get(RECORDS[name], path)
    others: st.SearchStrategy[Any]
    if isinstance(original, bool) or original is None:
        others = st.integers(0, 3) | st.text(max_size=3) | st.lists(st.none(), max_size=1)
    elif isinstance(original, int):
        others = st.booleans() | st.floats() | st.text(max_size=3).map(str) | st.just({})
    elif isinstance(original, str):
        others = st.integers() | st.booleans() | st.none() | st.just([original]) | st.just({})
    else:
        others = st.integers() | st.booleans() | st.none() | st.text(max_size=3)
    value = data.draw(others, label="value")
    nullable = {"seed", "preset", "draws_per_turn", "target"}
    if original is None or (value is None and path and path[-1] in nullable):
        assume(False)  # null is the right type there
    game = load_or_refuse(_from_record(name), put(RECORDS[name], path, value))
    assert game is None


@_FUZZ
@given(
    place=located(),
    number=st.integers(2**64, 2**300) | st.integers(-(2**300), -(2**63) - 1),
)
def test_huge_numbers(place: tuple[str, Path], number: int) -> None:
    name, path = place
    assert load_or_refuse(_from_record(name), put(RECORDS[name], path, number)) is None
    assert load_or_refuse(_from_json(name), json.dumps(put(RECORDS[name], path, number))) is None


NEST = "@@nest@@"


@settings(max_examples=_at_most(30), deadline=None)
@given(
    place=located(),
    depth=st.sampled_from([2, 50, 1000, 100_000]),
    shape=st.sampled_from(["array", "object", "mixed"]),
    digits=st.integers(20, 5000),
)
def test_deep_nesting_and_long_numbers_in_the_text(
    place: tuple[str, Path], depth: int, shape: str, digits: int
) -> None:
    """Nesting like [[[[...]]]] 100000 deep, or a number of thousands of digits, anywhere."""
    name, path = place
    text = json.dumps(put(RECORDS[name], path, NEST))
    if shape == "array":
        nested = "[" * depth + "]" * depth
    elif shape == "object":
        nested = '{"a":' * depth + "0" + "}" * depth
    else:
        nested = '[{"a":' * depth + "0" + "}]" * depth
    load = _from_json(name)
    assert load_or_refuse(load, text.replace(json.dumps(NEST), nested)) is None
    long_number = "9" * digits
    assert load_or_refuse(load, text.replace(json.dumps(NEST), long_number)) is None
    assert load_or_refuse(load, text.replace(json.dumps(NEST), "-" + long_number)) is None


@_FUZZ
@given(name=names, data=st.data())
def test_truncated_text(name: str, data: st.DataObject) -> None:
    text = BASES[name].to_json(indent=data.draw(st.sampled_from([None, 1])))
    cut = data.draw(st.integers(0, len(text) - 1), label="cut")
    assert load_or_refuse(_from_json(name), text[:cut]) is None
    assert load_or_refuse(load_record, text[:cut].encode()) is None


@_FUZZ
@given(name=names, data=st.data())
def test_changed_bytes(name: str, data: st.DataObject) -> None:
    """A byte replaced, inserted or deleted: refused, or read as the JSON it now is."""
    raw = bytearray(BASES[name].to_json().encode())
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        at = data.draw(st.integers(0, len(raw) - 1), label="at")
        byte = data.draw(st.integers(0, 255) | st.sampled_from(list(b' ,:[]{}"-@0123456789')))
        how = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        if how == "replace":
            raw[at] = byte
        elif how == "insert":
            raw.insert(at, byte)
        else:
            del raw[at]
    text = bytes(raw)
    game = load_or_refuse(_from_json(name), text)
    try:
        unchanged = same_json(json.loads(text.decode("utf-8")), RECORDS[name])
    except ValueError:  # not UTF-8 or not JSON
        unchanged = False
    if unchanged:
        assert game == BASES[name]


class _Opaque:
    def __repr__(self) -> str:
        raise AssertionError("a record's values are never shown with repr()")


def _cycle() -> list[Any]:
    loop: list[Any] = []
    loop.append(loop)
    return loop


python_values = st.sampled_from(
    [
        (1, 2),
        ("draw",),
        frozenset(),
        b"draw",
        bytearray(b"6-6"),
        math.nan,
        math.inf,
        -0.0,
        2**100_000,
        -(2**64),
        _Opaque(),
        _cycle(),
        {1: 2},
        {("a",): 1},
        Tile(6, 6),
        range(3),
        type,
    ]
)


@_FUZZ
@given(place=located(), value=python_values)
def test_python_values_json_cannot_hold(place: tuple[str, Path], value: Any) -> None:
    """from_record is given any object: values JSON has no form for are refused."""
    name, path = place
    assert load_or_refuse(_from_record(name), put(RECORDS[name], path, value)) is None


@pytest.mark.parametrize("name", sorted(BASES))
def test_the_bases_load(name: str) -> None:
    """The unmutated records load to the games they were written from."""
    assert _from_record(name)(RECORDS[name]) == BASES[name]
    assert load_record(BASES[name].to_json()) == BASES[name]
