"""Views as JSON: what a game server sends each client, and nothing hidden.

:meth:`RoundView.to_dict <chickenfoot.RoundView.to_dict>` and
:meth:`MatchView.to_dict <chickenfoot.MatchView.to_dict>` build a dict of JSON values from
the view alone; ``to_json`` writes it with sorted keys and fixed separators, so equal views
give byte-identical text and two rounds that differ only in what a seat cannot see give
that seat the same bytes. Tiles, moves, placements and open ends are written in the move
notation (``9-4``, ``9-4@9-9``, ``draw``, ``@9-4``). The format is described by
``schemas/view.schema.json`` (JSON Schema 2020-12, ``chickenfoot.schema("view")``) and carries
its own version.

The JSON holds the whole view, its public history included, so
:meth:`RoundView.from_dict <chickenfoot.RoundView.from_dict>` and
:meth:`MatchView.from_dict <chickenfoot.MatchView.from_dict>` rebuild a view equal to the
one written: every field is checked, the table is replayed from the history, and the
fields that follow from the others (the table, the obligation, the legal moves, the
standings) must be the ones the rebuilt view gives.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NoReturn

from ._engine import Ending, Obligation, Outcome, PublicStart, Seen, linked_history, obligation
from ._house import layout_refusal
from ._json import _describe, _shown, read_json
from ._moves import Draw, Move, Play
from ._notation import parse_move
from ._positions import index_pairs, table_after
from ._rules import Rules, read_rules, rules_record
from ._scoring import Standing, standings
from ._shown import dealt_start, layout_of_events, seen_events, start_drawn_tile
from ._table import Placement, TableState
from ._tiles import TILES, Tile, mask_of, set_length, tiles_of
from .errors import ChickenFootError, RecordError, ViewError

if TYPE_CHECKING:
    from ._match import MatchView

__all__ = [
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "dumps",
    "match_view_dict",
    "match_view_from_dict",
    "parse_view",
    "round_seen_from_dict",
    "round_view_dict",
]

#: The value of a view's ``"format"`` key.
VIEW_FORMAT: Final = "chickenfoot-view"
#: The view version this module writes.
VIEW_VERSION: Final = 1

_Json = dict[str, Any]


def dumps(value: _Json) -> str:
    """``value`` as canonical JSON: sorted keys, no spaces, ASCII only."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _outcome(outcome: Outcome | None) -> _Json | None:
    if outcome is None:
        return None
    return {
        "ending": outcome.ending.value,
        "winner": outcome.winner,
        "scores": list(outcome.scores),
    }


def _round_body(view: Seen) -> _Json:
    """The fields of a round view, without the header: what :class:`RoundView
    <chickenfoot.RoundView>` shows of ``view``."""
    drawn = view.drawn
    pending = view.table.pending
    history = seen_events(view)
    outcome = view.outcome
    return {
        "seat": view.seat,
        "players": len(view.hand_counts),
        "hand": [str(t) for t in tiles_of(view.hand)],
        "hand_counts": list(view.hand_counts),
        "boneyard_count": view.left,
        "to_move": None if view.to_move < 0 else view.to_move,
        "round_double": str(TILES[view.round_double]),
        "dealt_for": str(TILES[view.table.dealt]),
        "first": view.first,
        "table": {
            "placements": [
                {
                    "move": str(p),
                    "tile": str(p.tile),
                    "onto": None if p.onto is None else str(p.onto),
                    "seat": p.seat,
                }
                for p in layout_of_events(history, view.start.placements)
            ],
            "open_ends": [
                {"at": str(e), "onto": str(e.onto), "number": e.number, "places": e.places}
                for e in view.table.open_ends()
            ],
        },
        "obligation": (
            Obligation.NONE
            if outcome is not None
            else obligation(view.rules, view.table, view.turn_draws)
        ).value,
        "pending_double": None if pending < 0 else str(TILES[pending]),
        "drawn_tile": None if drawn < 0 else str(TILES[drawn]),
        "legal_moves": [str(m) for m in view.legal_moves()],
        "history": [
            {
                "seat": e.seat,
                "move": str(e.move),
                "drawn": None if e.drawn is None else str(e.drawn),
            }
            for e in history
        ],
        "outcome": _outcome(outcome),
        "ply": view.ply,
        "position": _position(view),
    }


def _position(view: Seen) -> _Json | None:
    """The position a round was set up from (Round.from_position), as the view sees it."""
    start = view.start
    if not start.position:
        return None
    drawn = start_drawn_tile(view)
    return {
        "layout": len(start.placements),
        "round_double": str(TILES[start.table.double]),
        "lead": None if start.lead < 0 else start.lead,
        "draws": start.turn_draws,
        "drawn": None if drawn is None else str(drawn),
    }


def _header(kind: str, rules: Rules) -> _Json:
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "kind": kind,
        "variant": rules.name,
        "rules": rules_record(rules),
    }


def round_view_dict(view: Seen) -> _Json:
    """The JSON form of a round view (see :meth:`RoundView.to_dict`)."""
    return {**_header("round", view.rules), **_round_body(view)}


def match_view_dict(view: MatchView, seen: Seen) -> _Json:
    """The JSON form of a match view, whose round's view shows ``seen`` (see
    :meth:`MatchView.to_dict`)."""
    return {
        **_match_fields(
            view.rules, view.seat, view.results, view.standings, view.round_index,
            view.is_over, view.ply, seen,
        ),
        "round": _round_body(seen),
    }  # fmt: skip


def _match_fields(
    rules: Rules,
    seat: int,
    results: tuple[tuple[int, ...], ...],
    table: tuple[Standing, ...],
    round_index: int,
    is_over: bool,
    ply: int,
    seen: Seen,
) -> _Json:
    """The fields of a match view but its round's."""
    players = len(seen.hand_counts)
    return {
        **_header("match", rules),
        "seat": seat,
        "players": players,
        "round_number": round_index + 1,
        "round_count": rules.round_count(players),
        "is_over": is_over,
        "to_move": None if seen.to_move < 0 else seen.to_move,
        "results": [list(r) for r in results],
        "totals": [s.total for s in table],
        "standings": [
            {
                "seat": s.seat,
                "total": s.total,
                "zero_rounds": s.zero_rounds,
                "best_nonzero": s.best_nonzero,
                "place": s.place,
            }
            for s in table
        ],
        "winners": [s.seat for s in table if s.place == 1] if is_over else [],
        "ply": ply,
    }


# -- reading views back -------------------------------------------------------------------

#: The most seats a view has (as in a game record).
MAX_PLAYERS: Final = 100
_HEADER: Final = ("format", "version", "kind", "variant", "rules")
_ROUND_KEYS: Final = (
    "seat", "players", "hand", "hand_counts", "boneyard_count", "to_move", "round_double",
    "dealt_for", "first", "table", "obligation", "pending_double", "drawn_tile", "legal_moves",
    "history", "outcome", "ply", "position",
)  # fmt: skip
_MATCH_KEYS: Final = (
    "seat", "players", "round_number", "round_count", "is_over", "to_move", "results",
    "totals", "standings", "winners", "ply", "round",
)  # fmt: skip


def _fail(path: str, message: str) -> NoReturn:
    raise ViewError(f"{path}: {message}" if path else message)


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _object(value: object, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """``value`` checked to be an object with exactly ``keys``."""
    where = path or "the view"
    if not isinstance(value, dict):
        _fail(where, f"expected an object, got {_describe(value)}")
    for key in value:
        if key not in keys:
            shown = _shown(key) if isinstance(key, str) else _describe(key)
            _fail(where, f"unknown key {shown}")
    for key in keys:
        if key not in value:
            _fail(where, f"missing key {_shown(key)}")
    return value


def _array(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected an array, got {_describe(value)}")
    return value


def _items(value: object, path: str, read: Callable[[object, str], Any]) -> list[Any]:
    return [read(item, f"{path}[{k}]") for k, item in enumerate(_array(value, path))]


def _int(value: object, path: str, low: int = 0, high: int | None = None) -> int:
    """An integer from ``low`` to ``high`` (no bound when ``None``)."""
    if type(value) is not int:
        _fail(path, f"expected an integer, got {_describe(value)}")
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of {low} or more"
        _fail(path, f"expected an integer {bounds}, got {_describe(value)}")
    return value


def _nullable(read: Callable[[object, str], Any]) -> Callable[[object, str], Any]:
    return lambda value, path: None if value is None else read(value, path)


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {_describe(value)}")
    return value


def _text(value: object, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"expected a string, got {_describe(value)}")
    if len(value) > 40:
        _fail(path, f"{_shown(value)} is too long for a tile or a move")
    return value


class _Reader:
    """Reads the fields of one view whose set is double-``n``, of ``players`` seats."""

    def __init__(self, n: int, players: int) -> None:
        self.n = n
        self.players = players

    def seat(self, value: object, path: str) -> int:
        return _int(value, path, 0, self.players - 1)

    def tile(self, value: object, path: str) -> Tile:
        text = _text(value, path)
        try:
            tile = Tile.parse(text)
        except ValueError as exc:
            _fail(path, str(exc))
        if tile.high > self.n:
            _fail(path, f"{tile} is not a tile of the double-{self.n} set")
        return tile

    def double(self, value: object, path: str) -> Tile:
        tile = self.tile(value, path)
        if not tile.is_double:
            _fail(path, f"expected a double, got {tile}")
        return tile

    def move(self, value: object, path: str) -> Move:
        text = _text(value, path)
        try:
            return parse_move(text)
        except ChickenFootError as exc:
            _fail(path, str(exc))

    def outcome(self, value: object, path: str) -> Outcome | None:
        if value is None:
            return None
        obj = _object(value, path, ("ending", "winner", "scores"))
        endings = {e.value: e for e in Ending}
        ending = obj["ending"]
        if not isinstance(ending, str) or ending not in endings:
            names = ", ".join(json.dumps(e) for e in endings)
            _fail(_at(path, "ending"), f"expected one of {names}, got {_describe(ending)}")
        scores = self.scores(obj["scores"], _at(path, "scores"))
        return Outcome(endings[ending], self.seat(obj["winner"], _at(path, "winner")), scores)

    def scores(self, value: object, path: str) -> tuple[int, ...]:
        scores = tuple(_items(value, path, _int))
        if len(scores) != self.players:
            _fail(path, f"expected {self.players} scores, one a seat, got {len(scores)}")
        return scores


def _rules(data: dict[str, Any]) -> Rules:
    try:
        rules = read_rules(data["rules"])
    except RecordError as exc:
        raise ViewError(str(exc)) from exc.__cause__
    if data["variant"] != rules.name:
        _fail(
            "variant", f"{_describe(data['variant'])} is not the name of the rules, {rules.name!r}"
        )
    return rules


def _read_header(data: object, kind: str, keys: tuple[str, ...]) -> tuple[dict[str, Any], Rules]:
    """The view's object and rules, its header checked: format, version and kind."""
    if not isinstance(data, dict):
        raise ViewError(f"a view is a JSON object, not {_describe(data)}")
    if "format" not in data:
        raise ViewError(f'not a chickenfoot view: no "format" key (expected {_shown(VIEW_FORMAT)})')
    if data["format"] != VIEW_FORMAT:
        raise ViewError(
            f"not a chickenfoot view: format is {_describe(data['format'])}, "
            f"expected {_shown(VIEW_FORMAT)}"
        )
    version = data.get("version")
    if type(version) is not int or version != VIEW_VERSION:
        raise ViewError(
            f"view version {_describe(version)} is not supported: this version of "
            f"chickenfoot reads version {VIEW_VERSION} views"
        )
    if data.get("kind") != kind:
        other = "MatchView" if kind == "round" else "RoundView"
        _fail(
            "kind",
            f"expected {_shown(kind)}, got {_describe(data.get('kind'))}"
            + (
                f" (read it with {other}.from_json)"
                if data.get("kind") in ("round", "match")
                else ""
            ),
        )
    obj = _object(data, "", _HEADER + keys)
    return obj, _rules(obj)


def _players(obj: dict[str, Any], path: str, rules: Rules) -> tuple[int, int]:
    """The number of seats and N of the double-N set."""
    players = _int(obj["players"], _at(path, "players"), 2, MAX_PLAYERS)
    try:
        return players, rules.set_size(players)
    except ChickenFootError as exc:
        _fail(_at(path, "players"), str(exc))


def _agree(written: dict[str, Any], derived: dict[str, Any], path: str) -> None:
    """Every field the rebuilt view gives, as it was written; else the first that differs,
    as deep as it can be named."""
    for key, value in derived.items():
        where, got, expected = _difference(_at(path, key), written[key], value)
        if where:
            shown = dumps({"": expected})[4:-1]
            if len(shown) > 80:
                shown = shown[:80] + "..."
            _fail(
                where,
                f"{_describe(got)} does not follow from the rest of the view, which gives {shown}",
            )


def _difference(path: str, got: object, expected: object) -> tuple[str, object, object]:
    """``(path, got, expected)`` at the first place where the values differ, or
    ``("", None, None)`` where they are equal."""
    if got == expected and type(got) is type(expected):
        return "", None, None
    if isinstance(got, dict) and isinstance(expected, dict) and got.keys() == expected.keys():
        for key in expected:
            found = _difference(_at(path, key), got[key], expected[key])
            if found[0]:
                return found
    if isinstance(got, list) and isinstance(expected, list) and len(got) == len(expected):
        for k, (a, b) in enumerate(zip(got, expected, strict=True)):
            found = _difference(f"{path}[{k}]", a, b)
            if found[0]:
                return found
    return path, got, expected


def round_seen_from_dict(data: object) -> Seen:
    """What the round view a dict of JSON values describes shows (see
    :meth:`RoundView.from_dict`)."""
    obj, rules = _read_header(data, "round", _ROUND_KEYS)
    return _read_round(obj, rules, "")


def match_view_from_dict(
    data: object,
) -> tuple[Rules, int, tuple[tuple[int, ...], ...], tuple[Standing, ...], int, bool, Seen, int]:
    """The values of the match view a dict of JSON values describes, in the order of
    :class:`MatchView <chickenfoot.MatchView>`'s fields, its round's view as the ``Seen``
    it shows (see :meth:`MatchView.from_dict`)."""
    obj, rules = _read_header(data, "match", _MATCH_KEYS)
    players, n = _players(obj, "", rules)
    read = _Reader(n, players)
    seat = read.seat(obj["seat"], "seat")
    number = _int(obj["round_number"], "round_number", 1)
    results = tuple(_items(obj["results"], "results", read.scores))
    body = _object(obj["round"], "round", _ROUND_KEYS)
    rnd = _read_round(body, rules, "round")
    if len(rnd.hand_counts) != players:
        _fail("players", f"{players} seats, but the round has {len(rnd.hand_counts)}")
    if rnd.seat != seat:
        _fail("seat", f"the view is of seat {seat}, but its round's view is of seat {rnd.seat}")
    is_over = _bool(obj["is_over"], "is_over")
    if is_over and rnd.outcome is None:
        _fail("is_over", "the match is over, but its round is not")
    ply = _int(obj["ply"], "ply", rnd.ply)
    table = standings(results, players, rules.tie_break)
    derived = _match_fields(rules, seat, results, table, number - 1, is_over, ply, rnd)
    _agree(obj, derived, "")
    return rules, seat, results, table, number - 1, is_over, rnd, ply


def _read_round(obj: dict[str, Any], rules: Rules, path: str) -> Seen:
    """What a round view shows, from its fields (at ``path``: ``""`` or ``"round"``)."""

    def at(key: str) -> str:
        return _at(path, key)

    players, n = _players(obj, path, rules)
    read = _Reader(n, players)
    seat = read.seat(obj["seat"], at("seat"))
    hand = _items(obj["hand"], at("hand"), read.tile)
    if hand != sorted(set(hand), key=lambda t: t.index):
        _fail(at("hand"), "each tile is listed once, in tile-set order")
    counts = tuple(_items(obj["hand_counts"], at("hand_counts"), _int))
    if len(counts) != players:
        _fail(at("hand_counts"), f"expected {players} counts, one a seat, got {len(counts)}")
    if counts[seat] != len(hand):
        _fail(
            at("hand_counts"), f"seat {seat} holds {len(hand)} tiles (its hand), not {counts[seat]}"
        )
    boneyard = _int(obj["boneyard_count"], at("boneyard_count"))
    to_move = _nullable(read.seat)(obj["to_move"], at("to_move"))
    double = read.double(obj["round_double"], at("round_double"))
    dealt = read.double(obj["dealt_for"], at("dealt_for"))
    first = read.seat(obj["first"], at("first"))
    outcome = read.outcome(obj["outcome"], at("outcome"))
    if (outcome is None) == (to_move is None):
        _fail(at("to_move"), "a seat while the round goes on, null once it is over (an outcome)")

    history = _read_history(obj, at, read, seat)

    # The table: the position's tiles, if any, then every play of the history.
    table_obj = _object(obj["table"], at("table"), ("placements", "open_ends"))
    written = _array(table_obj["placements"], at("table.placements"))
    mover = history[0][0] if history else -1 if to_move is None else to_move
    if obj["position"] is not None:
        plays, lead, draws, then, shown = _read_position(
            obj["position"], at, written, read, seat, mover
        )
    else:  # dealt: the centre double on the table, or nothing (R6)
        plays, lead, draws, then, shown = [], -1, 0, -1, None
        if rules.start == "centre":
            plays.append((Placement(double, None, None), at("table.placements[0]")))
    kept = [p for p, _ in plays]
    for k, (by, move, _) in enumerate(history):
        if type(move) is Play:
            plays.append((Placement(move.tile, move.onto, by), f"{at('history')}[{k}].move"))
    table = TableState.empty(n, double.index, dealt.index)
    for placement, where in plays:
        table = _played(table, placement, rules, where)
    moves = linked_history([(s, m) for s, m, _ in history])
    if obj["position"] is not None:
        at_start = table_after(rules, n, then, dealt.index, kept)
        start = PublicStart(True, index_pairs(kept), at_start, mover, lead, draws)
    else:
        start = dealt_start(rules, table, moves, to_move, first)
    if any(table.on >> t.index & 1 for t in hand):
        _fail(at("hand"), "a tile of the hand is on the table")
    if sum(counts) + boneyard + len(plays) != set_length(n):
        _fail(at("boneyard_count"), f"the hands, the boneyard and the table hold "
              f"{sum(counts) + boneyard + len(plays)} tiles, but the double-{n} set has "
              f"{set_length(n)}")  # fmt: skip

    turn_draws = 0 if outcome is not None else _turn_draws(history, start.turn_draws)
    mine = ([] if shown is None else [shown]) + [d for _, _, d in history if d is not None]
    view = Seen(
        rules, seat, start, moves, table, mask_of(hand), counts, boneyard,
        -1 if to_move is None else to_move, double.index, first, turn_draws,
        outcome, tuple(t.index for t in mine),
    )  # fmt: skip
    if view.drawn >= 0 and not view.hand >> view.drawn & 1:
        drawn = TILES[view.drawn]
        _fail(at("hand"), f"seat {seat} drew {drawn} this turn, but its hand does not hold it")
    _agree(obj, _round_body(view), path)
    return view


def _read_history(
    obj: dict[str, Any], at: Callable[[str], str], read: _Reader, seat: int
) -> list[tuple[int, Move, Tile | None]]:
    """The history of a round view: ``(seat, move, drawn)`` of every move, a drawn tile
    only for the draws of ``seat``, whose view it is; as many moves as ``ply`` says."""
    history: list[tuple[int, Move, Tile | None]] = []
    for k, value in enumerate(_array(obj["history"], at("history"))):
        where = f"{at('history')}[{k}]"
        entry = _object(value, where, ("seat", "move", "drawn"))
        mover = read.seat(entry["seat"], _at(where, "seat"))
        move = read.move(entry["move"], _at(where, "move"))
        drawn = _nullable(read.tile)(entry["drawn"], _at(where, "drawn"))
        if (drawn is not None) != (mover == seat and type(move) is Draw):
            _fail(_at(where, "drawn"), f"a tile for the draws of seat {seat}, whose view this "
                  f"is, and null for every other move")  # fmt: skip
        history.append((mover, move, drawn))
    if _int(obj["ply"], at("ply")) != len(history):
        _fail(at("ply"), f"{obj['ply']} moves, but the history holds {len(history)}")
    return history


def _turn_draws(history: list[tuple[int, Move, Tile | None]], at_start: int) -> int:
    """The tiles the seat to move drew in this turn (R13): its draws at the end of the
    history, and the start's if the history holds nothing else."""
    draws = 0
    for _, move, _ in reversed(history):
        if type(move) is not Draw:
            break
        draws += 1
    return draws + at_start if draws == len(history) else draws


def _read_position(
    value: object,
    at: Callable[[str], str],
    written: list[Any],
    read: _Reader,
    seat: int,
    mover: int,
) -> tuple[list[tuple[Placement, str]], int, int, int, Tile | None]:
    """What a view shows of the position its round was set up from: the position's
    placements (each with where it is written), its leading seat (-1 for none), its draws
    this turn, its round double and, if ``seat`` was drawing then (it was ``mover``), the
    tile it drew last (R13)."""
    where = at("position")
    position = _object(value, where, ("layout", "round_double", "lead", "draws", "drawn"))
    count = _int(position["layout"], _at(where, "layout"), 0, len(written))
    plays: list[tuple[Placement, str]] = []
    for k in range(count):
        pw = f"{at('table.placements')}[{k}]"
        placed = _object(written[k], pw, ("move", "tile", "onto", "seat"))
        if placed["seat"] is not None:
            _fail(_at(pw, "seat"), "null for the tiles of the position the round was set up from")
        tile = read.tile(placed["tile"], _at(pw, "tile"))
        onto = _nullable(read.tile)(placed["onto"], _at(pw, "onto"))
        plays.append((Placement(tile, onto, None), pw))
    draws = _int(position["draws"], _at(where, "draws"))
    lead = _nullable(read.seat)(position["lead"], _at(where, "lead"))
    shown = _nullable(read.tile)(position["drawn"], _at(where, "drawn"))
    if (shown is not None) != (draws > 0 and mover == seat):
        _fail(_at(where, "drawn"), f"the tile seat {seat} drew before the position, if it "
              f"was drawing then, else null")  # fmt: skip
    then = read.double(position["round_double"], _at(where, "round_double"))
    return plays, -1 if lead is None else lead, draws, then.index, shown


def _played(table: TableState, placement: Placement, rules: Rules, where: str) -> TableState:
    """The table after ``placement``, which must follow the placement rules (R1-R10)."""
    tile, onto = placement.tile, placement.onto
    if table.on >> tile.index & 1:
        _fail(where, f"{tile} is on the table already")
    if onto is None:
        if table.placed:
            _fail(where, f"{tile} is played onto nothing, but the round double "
                  f"{TILES[table.double]} is on the table (R4)")  # fmt: skip
        if not tile.is_double or tile.index > table.dealt:
            _fail(
                where, f"the round double is a double up to {TILES[table.dealt]}, not {tile} (R6)"
            )
        return table.with_round_double(rules.opening_toes, tile.index)
    refusal = layout_refusal(rules, table, tile, onto)
    if refusal is not None:
        reason, rule = refusal
        _fail(where, f"{tile}@{onto}: {reason} ({rule})")
    return table.after(tile.index, onto.index, rules.toes_per_double, rules.first_foot_required)


def parse_view(text: object) -> object:
    """The JSON value of a view's text, within the size limit; a ViewError if not JSON."""
    return read_json(text, "view", ViewError)
