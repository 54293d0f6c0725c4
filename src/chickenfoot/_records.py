"""Game records: a round or a whole match as versioned JSON, replayed move by move to load.

A record holds the rules, the seed or the explicit deals, and every move in the move
notation (``9-4@9-9``, ``9-9``, ``draw``, ``pass``); from version 2, a round entry may
also list the annotations of its moves (``_annotations``), which :class:`~chickenfoot.Record`
keeps and the game itself ignores. A record is written in the lowest version that holds
it: version 1 without annotations. This module reads a record into
checked values (:func:`read_record`, :func:`parse_kind`) and writes one from the rounds'
engine states; loading then builds the round or match again through the public API
(:meth:`Round.deal`, :meth:`Round.from_deal`, :meth:`Match.new`, :meth:`Match.dealt`,
:meth:`Match.deal`, ``apply``: ``_round.replay_round`` and ``_match.replay_match``), so a
record that loads is a legal game, and the loaded value equals the one that was written:

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
from typing import Any, Final, TypeAlias

import attrs

from ._annotations import Annotation, annotation_record, read_annotations
from ._engine import State, history_moves
from ._json import (
    INT_BOUND,
    MAX_NAME,
    MAX_TEXT,
    MAX_TILES,
    _array,
    _at,
    _BigNumber,
    _describe,
    _fail,
    _in,
    _integer,
    _integer_or_null,
    _Json,
    _object,
    _shown,
    _string,
    read_json,
)
from ._moves import Move
from ._notation import read_move
from ._positions import MAX_TEXT as MAX_POSITION
from ._positions import start_position
from ._rules import _KNOBS, _LATER_KNOBS, _WORDS, Rules, read_rules, rules_record
from ._tiles import TILES, Tile, tiles_of
from .errors import ChickenFootError, RecordError

__all__ = [
    "INT_BOUND",
    "MAX_NAME",
    "MAX_TEXT",
    "MAX_TILES",
    "_KNOBS",
    "_LATER_KNOBS",
    "_WORDS",
    "annotated_record",
    "match_to_record",
    "parse_kind",
    "parse_record",
    "read_json",
    "read_record",
    "read_rules",
    "round_to_record",
    "rules_record",
    "to_json",
]

#: The value of a record's ``"format"`` key.
FORMAT: Final = "chickenfoot-record"
#: The latest record version, which this module writes for a record with annotations.
VERSION: Final = 2
#: The version of a record without annotations: a reader of version 1 reads it.
PLAIN_VERSION: Final = 1
#: The versions this module reads. Version 2 adds the ``"annotations"`` of round entries.
VERSIONS: Final = (1, 2)

# The bounds a record must keep, checked before the work they would cause (and
# ``MAX_TEXT``, ``MAX_NAME``, ``MAX_TILES``, ``INT_BOUND``, those of every JSON text read).
#: Entries of ``"rounds"``.
MAX_ROUNDS: Final = 1000
#: Moves in one entry.
MAX_MOVES: Final = 20_000
#: Players.
MAX_PLAYERS: Final = 100
#: Every integer lies in ``-INT_BOUND`` to ``INT_BOUND - 1`` (signed 64 bits), but a
#: seed, which may also be unsigned: :func:`~chickenfoot.round_seed` gives round
#: seeds up to ``2**64 - 1``.
SEED_BOUND: Final = 2**64
#: Characters of one move or one tile.
MAX_MOVE: Final = 40

_TOP_KEYS: Final = ("format", "version", "kind", "rules", "players", "seed", "rounds")
_KINDS: Final = ("match", "round")

_Record: TypeAlias = dict[str, Any]


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
    #: The annotations of the round's moves (version 2): each move's index, from 0, and
    #: its annotation, in order.
    annotations: tuple[tuple[int, Annotation], ...] = ()

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
    if version not in VERSIONS:
        raise RecordError(
            f"record version {_describe(version)} is not supported: "
            f"this version of chickenfoot reads version 1 and 2 records"
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
        _read_entry(e, f"round {i + 1}", players, n, seed, kind, version)
        for i, e in enumerate(entries)
    ]
    return _Parsed(kind, rules, players, seed, rounds)


def _read_entry(
    value: _Json, path: str, players: int, n: int, seed: int | None, kind: str, version: int
) -> _Entry:
    if version < 2 and isinstance(value, dict) and "annotations" in value:
        _fail(
            _in(path, "annotations"),
            "a version 1 record has no annotations: they came in version 2",
        )
    optional = _DEALT_FOR if version < 2 else (*_DEALT_FOR, "annotations")
    position = None
    if seed is None and isinstance(value, dict) and "position" in value:
        if kind != "round":
            _fail(_in(path, "position"), "only a round record starts from a position")
        if "deal" in value:
            _fail(_in(path, "deal"), "a round that starts from a position has no deal")
        obj = _object(value, path, ("round_double", "first", "position", "moves"), optional)
        position = _string(obj["position"], _in(path, "position"), MAX_POSITION)
    elif seed is None:
        obj = _object(value, path, ("round_double", "first", "deal", "moves"), optional)
    else:
        if isinstance(value, dict) and "deal" in value:
            _fail(_in(path, "deal"), "a record with a seed has no deals: the seed deals")
        obj = _object(value, path, ("round_double", "first", "moves"), optional)
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
    notes: tuple[tuple[int, Annotation], ...] = ()
    if "annotations" in obj:
        notes = read_annotations(obj["annotations"], path, len(moves), n, MAX_MOVES)
    return _Entry(double, first, dealt, moves, position, dealt_for, notes)


# -- writing ------------------------------------------------------------------------------


def _entry_record(state: State, dealt: bool) -> _Record:
    start = state.start
    double, dealt_for = TILES[state.round_double], TILES[state.table.dealt]
    entry: _Record = {"round_double": str(double), "first": start.first}
    if dealt_for != double:  # R6b: opened on a lower double
        entry["dealt_for"] = str(dealt_for)
    position = start_position(state)
    if position is not None:
        entry["position"] = position
    elif dealt:
        entry["deal"] = {
            "hands": [[str(t) for t in tiles_of(hand)] for hand in start.hands],
            "boneyard": [str(TILES[t]) for t in start.boneyard],
        }
    entry["moves"] = [str(move) for _, move in history_moves(state.history)]
    return entry


def _checked(record: _Record, what: str) -> _Record:
    """``record`` after checking that it reads back, without replaying it."""
    try:
        _read(record)
    except RecordError as exc:
        raise RecordError(f"this {what} cannot be written as a record: {exc}") from exc
    return record


def round_to_record(state: State) -> _Record:
    """The record of the round of ``state``: its rules, seed or deal, round double, first
    seat and moves (see :meth:`Round.to_record`)."""
    seed = state.start.seed
    return _checked(
        {
            "format": FORMAT,
            "version": PLAIN_VERSION,
            "kind": "round",
            "rules": rules_record(state.rules),
            "players": len(state.hands),
            "seed": seed,
            "rounds": [_entry_record(state, seed is None)],
        },
        "round",
    )


def match_to_record(rules: Rules, players: int, seed: int | None, rounds: list[State]) -> _Record:
    """The record of a match: one entry per round started, ``rounds`` their states (see
    :meth:`Match.to_record`)."""
    return _checked(
        {
            "format": FORMAT,
            "version": PLAIN_VERSION,
            "kind": "match",
            "rules": rules_record(rules),
            "players": players,
            "seed": seed,
            "rounds": [_entry_record(r, seed is None) for r in rounds],
        },
        "match",
    )


def annotated_record(record: _Record, notes: list[tuple[int, Annotation]]) -> _Record:
    """``record``, a record written by :func:`round_to_record` or :func:`match_to_record`,
    with ``notes``: each move's ply in the whole game (from 0; the rounds' moves one after
    the other) and its annotation, in order. A version 2 record if there are notes, else
    ``record`` as it is."""
    if not notes:
        return record
    out = {**record, "version": VERSION, "rounds": [dict(e) for e in record["rounds"]]}
    start, k = 0, 0
    for entry in out["rounds"]:
        end = start + len(entry["moves"])
        mine = []
        while k < len(notes) and notes[k][0] < end:
            ply, note = notes[k]
            mine.append(annotation_record(ply - start + 1, note))
            k += 1
        if mine:
            entry["annotations"] = mine
        start = end
    if k < len(notes):  # Record checks the plies; this is for a caller that did not
        raise RecordError(f"ply {notes[k][0]}: the game has {start} moves")
    return _checked(out, out["kind"])


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


def parse_kind(record: object, kind: str) -> _Parsed:
    """Every field of ``record``, a record of ``kind``, checked and converted."""
    parsed = _read(record)
    if parsed.kind != kind:
        other = "Match" if parsed.kind == "match" else "Round"
        raise RecordError(
            f"kind: this is a {parsed.kind} record, not a {kind} record; "
            f"read it with {other}.from_json or chickenfoot.load_record"
        )
    return parsed


def parse_record(record: object) -> _Parsed:
    """Every field of ``record``, a record of either kind, checked and converted."""
    return _read(record)


def read_record(text: str | bytes) -> _Parsed:
    """Every field of a record's JSON text checked and converted, nothing replayed."""
    return _read(read_json(text))
