"""Game records: a round or a whole match as versioned JSON, replayed move by move to load.

A record holds the rules, the seed or the explicit deals, and every move in the move
notation (``9-4@9-9``, ``9-9``, ``draw``, ``pass``). Loading builds the round or match
again through the public API (:meth:`Round.deal`, :meth:`Round.from_deal`,
:meth:`Match.new`, :meth:`Match.dealt`, :meth:`Match.deal`, ``apply``), so a record that
loads is a legal game, and the loaded value equals the one that was written:

>>> from chickenfoot import PRESETS, Round
>>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
>>> rnd = rnd.apply(rnd.legal_moves()[0])
>>> print(rnd.to_json())  # doctest: +NORMALIZE_WHITESPACE
{"format": "chickenfoot-record", "version": 1, "kind": "round",
 "rules": {"preset": "chickie-duel", "knobs": {}}, "players": 2, "seed": 5,
 "rounds": [{"round_double": "6-6", "first": 0, "moves": ["6-6"]}]}
>>> Round.from_json(rnd.to_json()) == rnd
True

Records may come from anywhere, so reading one trusts nothing: the text and every count
are bounded before any work is done on them, every value is checked for its JSON type
(``true`` is not a number), unknown keys are refused, and every problem raises
:class:`~chickenfoot.errors.RecordError` naming where it is: the key of a bad field, with
rounds and moves counted from 1 as people count them (``round 1, move 4``,
``round 2, deal.hands[0]``, seats counted from 0 as everywhere), whether the field is
malformed or the rules refuse the move.
"""

from __future__ import annotations

import functools
import json
import re
import types
from collections.abc import Callable, Mapping
from typing import Any, Final, NoReturn, TypeAlias

import attrs

from ._house import HouseRule, find_house_rule
from ._match import Match
from ._moves import Move
from ._notation import read_move
from ._positions import MAX_TEXT as MAX_POSITION
from ._positions import start_position
from ._round import Round, state_of
from ._rules import PRESETS, Rules, find_preset
from ._tiles import MAX_PIPS, TILES, Tile, set_length
from .errors import ChickenFootError, IllegalMoveError, PositionError, RecordError, RulesError

__all__ = ["load_record"]

#: The value of a record's ``"format"`` key.
FORMAT: Final = "chickenfoot-record"
#: The record version this module writes and reads.
VERSION: Final = 1

# The bounds a record must keep, checked before the work they would cause.
#: Bytes of UTF-8 text.
MAX_TEXT: Final = 2 * 1024 * 1024
#: Entries of ``"rounds"``.
MAX_ROUNDS: Final = 1000
#: Moves in one entry.
MAX_MOVES: Final = 20_000
#: Players.
MAX_PLAYERS: Final = 100
#: Every integer lies in ``-INT_BOUND`` to ``INT_BOUND - 1`` (signed 64 bits)...
INT_BOUND: Final = 2**63
#: ...but a seed, which may also be unsigned: :func:`~chickenfoot.round_seed` gives round
#: seeds up to ``2**64 - 1``.
SEED_BOUND: Final = 2**64
#: Characters of one move or one tile.
MAX_MOVE: Final = 40
#: Characters of a variant or preset name.
MAX_NAME: Final = 64
#: Tiles in a hand or a boneyard, and player counts in a table of the rules: the
#: largest set, double-63, has this many tiles.
MAX_TILES: Final = set_length(MAX_PIPS)

_TOP_KEYS: Final = ("format", "version", "kind", "rules", "players", "seed", "rounds")
_KINDS: Final = ("match", "round")
_PLAYER_KEY: Final = re.compile(r"0|[1-9][0-9]{0,18}", re.ASCII)
_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)

_Json: TypeAlias = Any
_Record: TypeAlias = dict[str, Any]


# -- messages -----------------------------------------------------------------------------


class _UnreadableError(Exception):
    """Raised inside the JSON parser's hooks; turned into a RecordError by the caller."""


@attrs.frozen
class _BigNumber:
    """An integer literal too long to be in range, kept as text so it is never converted."""

    text: str


def _parse_int(text: str) -> int | _BigNumber:
    # 20 digits hold every integer below 2**64; longer ones are out of range anyway, and
    # converting them could be slow or hit the interpreter's digit limit.
    if len(text) - text.startswith("-") > 20:
        return _BigNumber(text)
    return int(text)


def _parse_constant(text: str) -> NoReturn:
    raise _UnreadableError(f"{text} is not a JSON value")


def _parse_object(pairs: list[tuple[str, _Json]]) -> dict[str, _Json]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _UnreadableError(f"the key {_shown(key)} appears twice in one object")
            seen.add(key)
    return obj


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted as JSON, cut after ``limit`` characters."""
    if len(text) > limit:
        return json.dumps(text[:limit]) + "..."
    return json.dumps(text)


def _describe(value: object) -> str:
    """A short description of any value, safe for huge and deeply nested ones."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        if value.bit_length() > 128:
            return f"an integer of {value.bit_length()} bits"
        return str(value)
    if isinstance(value, _BigNumber):
        digits = value.text.lstrip("-")
        return f"the {len(digits)}-digit number {value.text[:12]}..."
    if type(value) is float:
        return repr(value)
    if isinstance(value, str):
        return _shown(value)
    if isinstance(value, list):
        count = len(value)
        return f"an array of {count} item{'' if count == 1 else 's'}" if value else "an empty array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _at(path: str, key: str) -> str:
    """The path of ``key`` inside the object at ``path``."""
    if _IDENTIFIER.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{_shown(key)}]"


def _in(path: str, key: str) -> str:
    """The place of ``key`` in the round entry at ``path``: ``round 2, first``."""
    return f"{path}, {key}"


def _fail(path: str, message: str) -> NoReturn:
    raise RecordError(f"{path}: {message}" if path else message)


# -- reading values -----------------------------------------------------------------------


def _object(
    value: _Json, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, _Json]:
    """``value`` checked to be an object with exactly ``keys`` and maybe ``optional``."""
    if not isinstance(value, dict):
        _fail(path or "the record", f"expected an object, got {_describe(value)}")
    for key in value:
        if not isinstance(key, str):
            _fail(path or "the record", f"keys are strings, not {_describe(key)}")
        if key not in keys and key not in optional:
            _fail(path or "the record", f"unknown key {_shown(key)}")
    for key in keys:
        if key not in value:
            _fail(path or "the record", f"missing key {_shown(key)}")
    return value


def _array(value: _Json, path: str, limit: int | None = None) -> list[_Json]:
    if not isinstance(value, list):
        _fail(path, f"expected an array, got {_describe(value)}")
    if limit is not None and len(value) > limit:
        _fail(path, f"{len(value)} items, but a record allows at most {limit}")
    return value


def _integer(value: _Json, path: str, *, top: int = INT_BOUND) -> int:
    """An integer from ``-2**63`` to ``top - 1``."""
    if type(value) is not int and not isinstance(value, _BigNumber):
        _fail(path, f"expected an integer, got {_describe(value)}")
    if isinstance(value, _BigNumber) or not -INT_BOUND <= value < top:
        shown = "2**63 - 1" if top == INT_BOUND else "2**64 - 1"
        _fail(path, f"{_describe(value)} is out of range (-2**63 to {shown})")
    return value


def _integer_or_null(value: _Json, path: str, *, top: int = INT_BOUND) -> int | None:
    if value is None:
        return None
    if type(value) is not int and not isinstance(value, _BigNumber):
        _fail(path, f"expected an integer or null, got {_describe(value)}")
    return _integer(value, path, top=top)


def _string(value: _Json, path: str, limit: int) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, got {_describe(value)}")
    if len(value) > limit:
        _fail(path, f"{_shown(value)} is too long: at most {limit} characters")
    return value


def _boolean(value: _Json, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {_describe(value)}")
    return value


def _one_of(*allowed: str) -> Callable[[_Json, str], str]:
    def read(value: _Json, path: str) -> str:
        if not isinstance(value, str) or value not in allowed:
            names = ", ".join(json.dumps(a) for a in allowed)
            _fail(path, f"expected one of {names}, got {_describe(value)}")
        return value

    return read


def _name(value: _Json, path: str) -> str:
    return _string(value, path, MAX_NAME)


def _player_table(value: _Json, path: str) -> dict[int, int]:
    """A ``{"<players>": number}`` table of the rules (``set_sizes``, ``hand_sizes``)."""
    if not isinstance(value, dict):
        _fail(path, f"expected an object, got {_describe(value)}")
    if len(value) > MAX_TILES:
        _fail(path, f"{len(value)} player counts, but a record allows at most {MAX_TILES}")
    table: dict[int, int] = {}
    for key, number in value.items():
        if not isinstance(key, str) or not _PLAYER_KEY.fullmatch(key):
            shown = _shown(key) if isinstance(key, str) else _describe(key)
            _fail(path, f'a key is a player count written in decimal, like "4", not {shown}')
        players = _integer(int(key), _at(path, key))
        table[players] = _integer(number, _at(path, key))
    return table


#: The most house rules a rules object lists.
MAX_HOUSE: Final = 16


def _house_rules(value: _Json, path: str) -> tuple[HouseRule, ...]:
    """``[{"name": "wild-double-blank", "knobs": {...}}, ...]``: registered house rules,
    each made from its own knobs."""
    rules: list[HouseRule] = []
    for k, entry in enumerate(_array(value, path, MAX_HOUSE)):
        where = f"{path}[{k}]"
        obj = _object(entry, where, ("name",), ("knobs",))
        name = _string(obj["name"], _at(where, "name"), MAX_NAME)
        try:
            cls = find_house_rule(name)
        except RulesError as exc:
            _fail(_at(where, "name"), str(exc))
        knobs = obj.get("knobs", {})
        if not isinstance(knobs, dict):
            _fail(_at(where, "knobs"), f"expected an object, got {_describe(knobs)}")
        fields = {f.name for f in attrs.fields(cls)}
        for key, v in knobs.items():
            if key not in fields:
                known = ", ".join(sorted(fields)) or "none"
                _fail(
                    _at(where, "knobs"),
                    f"house rule {name} has no knob {_shown(key)} (its knobs: {known})",
                )
            if isinstance(v, bool | str) or v is None:
                continue
            _integer(v, _at(_at(where, "knobs"), key))
        try:
            rules.append(cls(**knobs))
        except (ChickenFootError, ValueError, TypeError) as exc:
            _fail(where, f"house rule {name}: {exc}")
    return tuple(rules)


def house_json(rules: tuple[HouseRule, ...]) -> list[_Json]:
    """House rules as records write them: each its name and the knobs it sets."""
    out: list[_Json] = []
    for rule in rules:
        knobs = {f.name: getattr(rule, f.name) for f in attrs.fields(type(rule))}
        out.append({"name": rule.name, "knobs": knobs})
    return out


def _whole_knob(words: tuple[str, ...], none: bool) -> Callable[[_Json, str], object]:
    """The reader of a whole-number knob that may also take ``words`` or null."""
    if not words and not none:
        return _integer
    said = [json.dumps(w) for w in words] + ["an integer"] + (["null"] if none else [])
    expected = ", ".join(said[:-1]) + " or " + said[-1]

    def read(value: _Json, path: str) -> object:
        if isinstance(value, str) and value in words:
            return value
        if value is None and none:
            return None
        if type(value) is not int and not isinstance(value, _BigNumber):
            _fail(path, f"expected {expected}, got {_describe(value)}")
        return _integer(value, path)

    return read


def _knob_reader(field: attrs.Attribute[Any]) -> Callable[[_Json, str], object]:
    """How a record's value of the knob ``field`` is read, from the field's metadata."""
    about = field.metadata
    kind = about["kind"]
    if kind == "text":
        return _name
    if kind == "table":
        return _player_table
    if kind == "boolean":
        return _boolean
    if kind == "word":
        return _one_of(*about["words"])
    if kind == "integer":
        return _whole_knob(about["words"], about["none"])
    if kind == "house":
        return _house_rules
    raise AssertionError(f"knob {field.name} has no reader for kind {kind!r}")


#: How each knob of :class:`Rules` is read, in field order; the writer writes the same
#: knobs. Read from the fields' metadata, so a new knob is read and written at once.
_KNOBS: Final[Mapping[str, Callable[[_Json, str], object]]] = types.MappingProxyType(
    {field.name: _knob_reader(field) for field in attrs.fields(Rules)}
)
#: Knobs a record without a preset may leave out, keeping their defaults: those added
#: after the first records were written (R17b, R19b), and every knob of a later release.
_LATER_KNOBS: Final = frozenset(
    field.name for field in attrs.fields(Rules) if field.metadata["optional"]
)


# Records repeat the same few dozen tiles and moves; values are immutable, so share them.
_parse_tile: Final = functools.lru_cache(maxsize=4096)(Tile.parse)
_read_move: Final = functools.lru_cache(maxsize=4096)(read_move)


def _tile(value: _Json, path: str) -> Tile:
    text = _string(value, path, MAX_MOVE)
    try:
        return _parse_tile(text)
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}") from exc


def _tiles(value: _Json, path: str) -> list[Tile]:
    return [_tile(t, f"{path}[{k}]") for k, t in enumerate(_array(value, path, MAX_TILES))]


# -- reading a record ---------------------------------------------------------------------

#: The optional key of a round entry: the double the round was dealt for (R6b).
_DEALT_FOR: Final = ("dealt_for",)


@attrs.frozen
class _Entry:
    """One entry of ``"rounds"``, read but not replayed."""

    round_double: Tile
    first: int
    #: The hands and the boneyard of an explicit deal; ``None`` when the seed deals.
    deal: tuple[list[list[Tile]], list[Tile]] | None
    moves: list[tuple[str, Move]]
    #: The position a round record starts from, instead of a deal (Round.from_position).
    position: str | None = None
    #: The double the round was dealt for, where a ``highest_held`` start opened it on a
    #: lower one (R6b); ``round_double`` otherwise.
    dealt_for: Tile | None = None

    @property
    def dealt(self) -> Tile:
        """The double the round is dealt for (R19)."""
        return self.round_double if self.dealt_for is None else self.dealt_for


@attrs.frozen
class _Parsed:
    """A whole record, read but not replayed."""

    kind: str
    rules: Rules
    players: int
    seed: int | None
    rounds: list[_Entry]


def read_json(
    text: object, what: str = "record", error: type[ChickenFootError] = RecordError
) -> _Json:
    """The JSON value of ``text`` (a record, a view, a rules file: ``what``), within the size
    limit, with no key twice and no ``NaN``; ``error`` (a RecordError unless told) if not."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT:
            raise error(f"a {what} is at most {MAX_TEXT} bytes, not {len(text)}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"a {what} is UTF-8 text: {exc}") from exc
    elif isinstance(text, str):
        size = len(text)
        if size <= MAX_TEXT:
            size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_TEXT:
            raise error(f"a {what} is at most {MAX_TEXT} bytes of UTF-8, not {size}")
    else:
        raise error(f"a {what} is JSON text (str or bytes), not {_describe(text)}")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
            object_pairs_hook=_parse_object,
        )
    except _UnreadableError as exc:  # a private class: chain nothing
        raise error(f"not JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise error(f"not JSON: {exc}") from exc
    except RecursionError as exc:
        raise error(f"not a {what}: arrays or objects nested too deeply") from exc
    except (ValueError, TypeError) as exc:  # anything else the decoder refuses
        raise error(f"not JSON: {exc}") from exc


def _read(record: _Json) -> _Parsed:
    """Every field of ``record`` checked and converted; nothing is replayed yet."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {_describe(record)}")
    if "format" not in record:
        raise RecordError(f'not a chickenfoot record: no "format" key (expected {_shown(FORMAT)})')
    if not isinstance(record["format"], str) or record["format"] != FORMAT:
        raise RecordError(
            f"not a chickenfoot record: format is {_describe(record['format'])}, "
            f"expected {_shown(FORMAT)}"
        )
    if "version" not in record:
        raise RecordError('a chickenfoot record needs a "version" key')
    version = record["version"]
    if type(version) is not int and not isinstance(version, _BigNumber):
        _fail("version", f"expected an integer, got {_describe(version)}")
    if version != VERSION:
        raise RecordError(
            f"record version {_describe(version)} is not supported: "
            f"this version of chickenfoot reads version {VERSION} records"
        )
    _object(record, "", _TOP_KEYS)
    kind = record["kind"]
    if not isinstance(kind, str) or kind not in _KINDS:
        _fail("kind", f'expected "match" or "round", got {_describe(kind)}')
    players = _integer(record["players"], "players")
    if not 2 <= players <= MAX_PLAYERS:
        _fail("players", f"a record has 2 to {MAX_PLAYERS} players, not {players}")
    seed = _integer_or_null(record["seed"], "seed", top=SEED_BOUND)
    rules = read_rules(record["rules"])
    try:
        rules.check_players(players)
    except ChickenFootError as exc:
        raise RecordError(f"players: {exc}") from exc
    entries = _array(record["rounds"], "rounds", MAX_ROUNDS)
    if kind == "round" and len(entries) != 1:
        _fail("rounds", f"a round record has exactly 1 entry, not {len(entries)}")
    if not entries:
        _fail("rounds", "a match record has at least 1 entry")
    n = rules.set_size(players)
    rounds = [
        _read_entry(e, f"round {i + 1}", players, n, seed, kind) for i, e in enumerate(entries)
    ]
    return _Parsed(kind, rules, players, seed, rounds)


def read_rules(value: _Json) -> Rules:
    obj = _object(value, "rules", ("preset", "knobs"))
    preset = obj["preset"]
    if preset is not None:
        preset = _string(preset, "rules.preset", MAX_NAME)
        if preset not in PRESETS:
            _fail(
                "rules.preset",
                f"no preset {_shown(preset)}; the presets are {', '.join(PRESETS)}, "
                "or null for a variant given knob by knob",
            )
    knobs = _object(obj["knobs"], "rules.knobs", (), tuple(_KNOBS))
    if preset is None:
        for name in _KNOBS:
            if name not in knobs and name not in _LATER_KNOBS:
                _fail(
                    "rules.knobs",
                    f"missing knob {_shown(name)}: without a preset, every knob is given",
                )
    values: dict[str, Any] = {
        name: _KNOBS[name](v, _at("rules.knobs", name)) for name, v in knobs.items()
    }
    try:
        if preset is None:
            return Rules(**values)
        return attrs.evolve(PRESETS[preset], **values)
    except (ChickenFootError, ValueError, TypeError) as exc:
        raise RecordError(f"rules: {exc}") from exc


def _read_entry(
    value: _Json, path: str, players: int, n: int, seed: int | None, kind: str
) -> _Entry:
    position = None
    if seed is None and isinstance(value, dict) and "position" in value:
        if kind != "round":
            _fail(_in(path, "position"), "only a round record starts from a position")
        if "deal" in value:
            _fail(_in(path, "deal"), "a round that starts from a position has no deal")
        obj = _object(value, path, ("round_double", "first", "position", "moves"), _DEALT_FOR)
        position = _string(obj["position"], _in(path, "position"), MAX_POSITION)
    elif seed is None:
        obj = _object(value, path, ("round_double", "first", "deal", "moves"), _DEALT_FOR)
    else:
        if isinstance(value, dict) and "deal" in value:
            _fail(_in(path, "deal"), "a record with a seed has no deals: the seed deals")
        obj = _object(value, path, ("round_double", "first", "moves"), _DEALT_FOR)
    double = _tile(obj["round_double"], _in(path, "round_double"))
    if not double.is_double:
        _fail(_in(path, "round_double"), f"{double} is not a double")
    dealt_for = None
    if "dealt_for" in obj:
        dealt_for = _tile(obj["dealt_for"], _in(path, "dealt_for"))
        if not dealt_for.is_double or dealt_for.high <= double.high:
            _fail(
                _in(path, "dealt_for"),
                f"{dealt_for} is not a double above the round double {double}; a record "
                f"writes dealt_for only for a round that opened on a lower double (R6b)",
            )
    first = _integer(obj["first"], _in(path, "first"))
    dealt = None
    if seed is None and position is None:
        where = _in(path, "deal")
        deal = _object(obj["deal"], where, ("hands", "boneyard"))
        where = _at(where, "hands")
        raw = _array(deal["hands"], where, MAX_PLAYERS)
        if len(raw) != players:
            _fail(where, f"{len(raw)} hands, but the record has {players} players")
        hands = [_tiles(h, f"{where}[{seat}]") for seat, h in enumerate(raw)]
        dealt = (hands, _tiles(deal["boneyard"], _at(_in(path, "deal"), "boneyard")))
    where = _in(path, "moves")
    moves = []
    for number, text in enumerate(_array(obj["moves"], where, MAX_MOVES)):
        at = f"{path}, move {number + 1}"
        text = _string(text, at, MAX_MOVE)
        try:
            moves.append((text, _read_move(text, n)))
        except ChickenFootError as exc:
            raise RecordError(f"{at}: {exc}") from exc
    return _Entry(double, first, dealt, moves, position, dealt_for)


# -- replaying ----------------------------------------------------------------------------


def _refused(where: str, text: str, exc: IllegalMoveError) -> RecordError:
    seat = "" if exc.seat is None else f"seat {exc.seat}: "
    if exc.reason.startswith(f"seat {exc.seat} "):  # the reason names the seat already
        seat = ""
    return RecordError(f"{where} {text!r}: {seat}{exc.reason} ({exc.rule})")


def _replay_round(parsed: _Parsed) -> Round:
    entry = parsed.rounds[0]
    rnd = _position_round(parsed, entry) if entry.position is not None else _dealt_round(parsed)
    for number, (text, move) in enumerate(entry.moves, 1):
        try:
            rnd = rnd.apply(move)
        except IllegalMoveError as exc:
            raise _refused(f"round 1, move {number}", text, exc) from exc
    _check_opened(rnd, entry, 1)
    return rnd


def _check_opened(rnd: Round, entry: _Entry, number: int) -> None:
    """Refuse an entry whose round double is not the one its moves opened the round on."""
    if rnd.round_double == entry.round_double:
        return
    table = state_of(rnd).table
    if entry.dealt_for is None and not table.placed and entry.round_double == TILES[table.double]:
        return  # 0.1 named the double searched for until a lower double drawn was placed (R6b)
    raise RecordError(
        f"round {number}: round_double is {entry.round_double} in the record, but the "
        f"round dealt for {rnd.dealt_for} opens on {rnd.round_double} after its moves "
        f"(R6, R6b)"
    )


def _dealt_round(parsed: _Parsed) -> Round:
    """The round a round record's seed or deal gives, before any move."""
    entry = parsed.rounds[0]
    try:
        if entry.deal is None:
            return Round.deal(
                parsed.rules,
                parsed.players,
                seed=parsed.seed,
                round_double=entry.dealt,
                first=entry.first,
            )
        return Round.from_deal(
            parsed.rules,
            *entry.deal,
            round_double=entry.dealt,
            first=entry.first,
        )
    except (ChickenFootError, ValueError, TypeError) as exc:
        raise RecordError(f"round 1: {exc}") from exc


def _position_round(parsed: _Parsed, entry: _Entry) -> Round:
    """The round at the position of a round record's entry, checked against the entry."""
    assert entry.position is not None
    try:
        rnd = Round.from_position(parsed.rules, entry.position)
    except PositionError as exc:
        raise RecordError(f"round 1, position: {exc}") from exc
    if rnd.players != parsed.players:
        _fail(
            "round 1, position",
            f"{rnd.players} hands, but the record has {parsed.players} players",
        )
    if rnd.dealt_for != entry.dealt:
        key = "round_double" if entry.dealt_for is None else "dealt_for"
        _fail(
            f"round 1, {key}",
            f"{entry.dealt}, but the position's round is dealt for {rnd.dealt_for}",
        )
    if rnd.first != entry.first:
        _fail("round 1, first", f"seat {entry.first}, but the position's first seat is {rnd.first}")
    return rnd


def _replay_match(parsed: _Parsed) -> Match:
    match: Match | None = None
    for index, entry in enumerate(parsed.rounds):
        number = index + 1
        match = _start(parsed, match, index)
        rnd = match.round
        if rnd.dealt_for != entry.dealt:
            key = "round_double" if entry.dealt_for is None else "dealt_for"
            raise RecordError(
                f"round {number}: {key} is {entry.dealt} in the record, "
                f"but the match deals {rnd.dealt_for} for round {number} (R19)"
            )
        if rnd.first != entry.first:
            raise RecordError(
                f"round {number}: first is seat {entry.first} in the record, "
                f"but seat {rnd.first} is first in round {number} (R23)"
            )
        for count, (text, move) in enumerate(entry.moves, 1):
            if len(match.finished) > index:
                ending = match.finished[index].ending
                what = "" if ending is None else f" ({ending.value})"
                raise RecordError(
                    f"round {number}, move {count} {text!r}: the round is already over{what} "
                    f"after move {count - 1} (R16)"
                )
            try:
                match = match.apply(move)
            except IllegalMoveError as exc:
                raise _refused(f"round {number}, move {count}", text, exc) from exc
        played = match.finished[index] if len(match.finished) > index else match.round
        _check_opened(played, entry, number)
    if match is None:  # _read refuses a record without rounds; this is for mypy
        raise RecordError("rounds: a match record has at least 1 entry")
    started = len(parsed.rounds)
    if parsed.seed is not None and len(match.finished) == started and not match.is_over:
        raise RecordError(
            f"rounds: round {started + 1} was dealt when round {started} ended (R19), "
            f"but the record has no entry for it"
        )
    return match


def _start(parsed: _Parsed, match: Match | None, index: int) -> Match:
    """The match with round ``index`` dealt, as the record's entry says (R19, R23)."""
    number = index + 1
    entry = parsed.rounds[index]
    if match is not None:
        if len(match.finished) < index:
            raise RecordError(
                f"round {number}: round {index} is not over after its "
                f"{len(parsed.rounds[index - 1].moves)} moves, so round {number} cannot start (R16)"
            )
        if match.is_over:
            rule = "R19" if parsed.rules.target is None else "R20"
            raise RecordError(f"round {number}: the match is over after round {index} ({rule})")
        if parsed.seed is not None:
            return match  # Match.apply dealt it when the round before ended
    try:
        if entry.deal is None:
            if parsed.seed is None:  # _read refuses this; the check is for mypy
                raise RecordError(f"round {number}: no seed and no deal")
            return Match.new(parsed.rules, parsed.players, seed=parsed.seed)
        if match is None:
            return Match.dealt(parsed.rules, *entry.deal)
        return match.deal(*entry.deal)
    except (ChickenFootError, ValueError, TypeError) as exc:
        raise RecordError(f"round {number}: {exc}") from exc


# -- writing ------------------------------------------------------------------------------


def _knob_json(value: object) -> _Json:
    if isinstance(value, tuple) and value and isinstance(value[0], HouseRule):
        return house_json(value)
    if isinstance(value, tuple):  # a player table, as sorted pairs
        return {str(players): number for players, number in value}
    return value


def _changed(rules: Rules, base: Rules) -> list[str]:
    """The knobs of ``rules`` whose values differ from those of ``base``, in field order."""
    return [name for name in _KNOBS if getattr(rules, name) != getattr(base, name)]


@functools.lru_cache(maxsize=256)
def closest_preset(rules: Rules) -> str:
    """The preset ``rules`` differs from in the fewest knobs; on a tie, the one it is
    named after, then the first in :data:`PRESETS`."""
    ranked = sorted(
        (len(_changed(rules, base)), name != rules.name, index, name)
        for index, (name, base) in enumerate(PRESETS.items())
    )
    return ranked[0][3]


def rules_record(rules: Rules) -> _Record:
    """``{"preset": ..., "knobs": {...}}``: the closest preset and the knobs that differ."""
    preset = closest_preset(rules)
    base = PRESETS[preset]
    knobs = {name: _knob_json(getattr(rules, name)) for name in _changed(rules, base)}
    return {"preset": preset, "knobs": knobs}


def rules_to_dict(rules: Rules) -> _Record:
    """:func:`rules_record`, checked to read back (a name of at most 64 characters, ...)."""
    value = rules_record(rules)
    try:
        read_rules(value)
    except RecordError as exc:
        raise RulesError(f"these rules cannot be written as JSON: {exc}") from exc
    return value


# -- rules as data, written by hand ----------------------------------------------------------

#: The knobs whose values are words, each with the words it takes: a rules file may spell
#: them as preset names may be spelt (``"Highest-Held"`` for ``"highest_held"``).
_WORDS: Final[Mapping[str, tuple[str, ...]]] = types.MappingProxyType(
    {
        field.name: field.metadata["words"]
        for field in attrs.fields(Rules)
        if field.metadata["words"]
    }
)
#: The shape of a rules object, as errors show it.
RULES_SHAPE: Final = '{"preset": "classic", "knobs": {"double_blank": 25}}'


def _word(value: _Json, words: tuple[str, ...]) -> _Json:
    """``value`` as the word of ``words`` it spells, ignoring case, spaces, ``-`` and ``_``;
    anything else unchanged, for the reader to refuse with the list of words."""
    if not isinstance(value, str) or len(value) > MAX_NAME:
        return value
    key = "_".join(value.lower().replace("-", " ").replace("_", " ").split())
    return key if key in words else value


def rules_from_value(value: _Json) -> Rules:
    """The rules of a rules object written by hand, as :meth:`Rules.from_dict` reads it."""
    if not isinstance(value, dict):
        raise RulesError(f"rules: expected an object like {RULES_SHAPE}, got {_describe(value)}")
    loose = [key for key in value if isinstance(key, str) and key in _KNOBS]
    if loose:
        raise RulesError(
            f'rules: {_shown(loose[0])} is a knob, and knobs go under "knobs", beside the '
            f'"preset" they change (null to give every knob): {RULES_SHAPE}'
        )
    if "preset" not in value:
        raise RulesError(
            f'rules: missing key "preset": name the preset the knobs change, or null to give '
            f"every knob: {RULES_SHAPE}"
        )
    data = {"knobs": {}, **value}
    preset = data["preset"]
    if isinstance(preset, str) and len(preset) <= MAX_NAME:
        try:
            data["preset"] = find_preset(preset).name
        except RulesError as exc:
            raise RulesError(f"rules.preset: {exc}") from None
    knobs = data["knobs"]
    if isinstance(knobs, dict):
        data["knobs"] = {
            name: _word(v, _WORDS[name]) if name in _WORDS else v for name, v in knobs.items()
        }
    try:
        return read_rules(data)
    except RecordError as exc:
        raise RulesError(str(exc)) from exc


def rules_from_json(text: str | bytes) -> Rules:
    """The rules of a rules object's JSON text, as :meth:`Rules.from_json` reads it."""
    try:
        value = read_json(text, "rules object")
    except RecordError as exc:
        raise RulesError(str(exc)) from exc
    return rules_from_value(value)


def _entry_record(rnd: Round, dealt: bool) -> _Record:
    entry: _Record = {"round_double": str(rnd.round_double), "first": rnd.first}
    if rnd.dealt_for != rnd.round_double:  # R6b: opened on a lower double
        entry["dealt_for"] = str(rnd.dealt_for)
    position = start_position(rnd)
    if position is not None:
        entry["position"] = position
    elif dealt:
        entry["deal"] = {
            "hands": [[str(t) for t in hand] for hand in rnd.dealt_hands],
            "boneyard": [str(t) for t in rnd.dealt_boneyard],
        }
    entry["moves"] = [str(move) for move in rnd.moves]
    return entry


def _checked(record: _Record, what: str) -> _Record:
    """``record`` after checking that it reads back, without replaying it."""
    try:
        _read(record)
    except RecordError as exc:
        raise RecordError(f"this {what} cannot be written as a record: {exc}") from exc
    return record


def round_to_record(rnd: Round) -> _Record:
    """The record of ``rnd``: its rules, seed or deal, round double, first seat and moves."""
    return _checked(
        {
            "format": FORMAT,
            "version": VERSION,
            "kind": "round",
            "rules": rules_record(rnd.rules),
            "players": rnd.players,
            "seed": rnd.seed,
            "rounds": [_entry_record(rnd, rnd.seed is None)],
        },
        "round",
    )


def match_to_record(match: Match) -> _Record:
    """The record of ``match``: one entry per round started."""
    rounds = list(match.finished)
    if not match.round.is_over:
        rounds.append(match.round)
    return _checked(
        {
            "format": FORMAT,
            "version": VERSION,
            "kind": "match",
            "rules": rules_record(match.rules),
            "players": match.players,
            "seed": match.seed,
            "rounds": [_entry_record(r, match.seed is None) for r in rounds],
        },
        "match",
    )


def to_json(record: _Record, indent: int | None) -> str:
    """``record`` as JSON text within the size limit."""
    text = json.dumps(record, indent=indent)
    if len(text) > MAX_TEXT:  # json.dumps escapes everything outside ASCII
        raise RecordError(
            f"this {record['kind']} cannot be written as a record: "
            f"{len(text)} bytes, and a record is at most {MAX_TEXT}"
        )
    return text


# -- loading ------------------------------------------------------------------------------


def _parse_kind(record: object, kind: str) -> _Parsed:
    parsed = _read(record)
    if parsed.kind != kind:
        other = "Match" if parsed.kind == "match" else "Round"
        raise RecordError(
            f"kind: this is a {parsed.kind} record, not a {kind} record; "
            f"read it with {other}.from_json or chickenfoot.load_record"
        )
    return parsed


def round_from_record(record: object) -> Round:
    """The round a round record describes, replayed move by move."""
    return _replay_round(_parse_kind(record, "round"))


def match_from_record(record: object) -> Match:
    """The match a match record describes, replayed move by move."""
    return _replay_match(_parse_kind(record, "match"))


def round_from_json(text: str | bytes) -> Round:
    """The round a round record's JSON text describes."""
    return round_from_record(read_json(text))


def match_from_json(text: str | bytes) -> Match:
    """The match a match record's JSON text describes."""
    return match_from_record(read_json(text))


def load_record(text: str | bytes) -> Round | Match:
    """The round or match that a record's JSON text describes, whichever it holds.

    Use :meth:`Round.from_json <chickenfoot.Round.from_json>` or
    :meth:`Match.from_json <chickenfoot.Match.from_json>` when you know the kind.

    >>> from chickenfoot import PRESETS, Match, load_record
    >>> match = Match.new(PRESETS["classic"], 3, seed=8)
    >>> load_record(match.to_json()) == match
    True

    Raises:
        RecordError: the text is not a valid record, or a move in it is not legal; the
            message says where.

    .. versionadded:: 0.1
    """
    parsed = _read(read_json(text))
    if parsed.kind == "round":
        return _replay_round(parsed)
    return _replay_match(parsed)
