"""Views as JSON: what a game server sends each client, and nothing hidden.

:meth:`RoundView.to_dict <chickenfoot.RoundView.to_dict>` and
:meth:`MatchView.to_dict <chickenfoot.MatchView.to_dict>` build a dict of JSON values from
the view alone; ``to_json`` writes it with sorted keys and fixed separators, so equal views
give byte-identical text and two rounds that differ only in what a seat cannot see give
that seat the same bytes. Tiles, moves, placements and open ends are written in the move
notation (``9-4``, ``9-4@9-9``, ``draw``, ``@9-4``). The format is described by
``schemas/view.schema.json`` (JSON Schema 2020-12, ``chickenfoot.schema("view")``) and carries
its own version.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from ._records import rules_record

if TYPE_CHECKING:
    from ._engine import Outcome
    from ._views import MatchView, RoundView

__all__ = ["VIEW_FORMAT", "VIEW_VERSION", "dumps", "match_view_dict", "round_view_dict"]

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


def _round_body(view: RoundView) -> _Json:
    """The fields of a round view, without the header."""
    drawn = view.drawn_tile
    pending = view.pending_double
    return {
        "seat": view.seat,
        "players": view.players,
        "hand": [str(t) for t in view.hand],
        "hand_counts": list(view.hand_counts),
        "boneyard_count": view.boneyard_count,
        "to_move": view.to_move,
        "round_double": str(view.round_double),
        "dealt_for": str(view.dealt_for),
        "first": view.first,
        "table": {
            "placements": [
                {
                    "move": str(p),
                    "tile": str(p.tile),
                    "onto": None if p.onto is None else str(p.onto),
                    "seat": p.seat,
                }
                for p in view.layout
            ],
            "open_ends": [
                {"at": str(e), "onto": str(e.onto), "number": e.number, "places": e.places}
                for e in view.open_ends
            ],
        },
        "obligation": view.obligation.value,
        "pending_double": None if pending is None else str(pending),
        "drawn_tile": None if drawn is None else str(drawn),
        "legal_moves": [str(m) for m in view.legal_moves()],
        "history": [
            {
                "seat": e.seat,
                "move": str(e.move),
                "drawn": None if e.drawn is None else str(e.drawn),
            }
            for e in view.history
        ],
        "outcome": _outcome(view.outcome),
    }


def _header(kind: str, view: RoundView | MatchView) -> _Json:
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "kind": kind,
        "variant": view.rules.name,
        "rules": rules_record(view.rules),
    }


def round_view_dict(view: RoundView) -> _Json:
    """The JSON form of a round view (see :meth:`RoundView.to_dict`)."""
    return {**_header("round", view), **_round_body(view)}


def match_view_dict(view: MatchView) -> _Json:
    """The JSON form of a match view (see :meth:`MatchView.to_dict`)."""
    return {
        **_header("match", view),
        "seat": view.seat,
        "players": view.round.players,
        "round_number": view.round_index + 1,
        "round_count": view.rules.round_count(view.round.players),
        "is_over": view.is_over,
        "to_move": view.to_move,
        "results": [list(r) for r in view.results],
        "totals": list(view.totals),
        "standings": [
            {
                "seat": s.seat,
                "total": s.total,
                "zero_rounds": s.zero_rounds,
                "best_nonzero": s.best_nonzero,
                "place": s.place,
            }
            for s in view.standings
        ],
        "winners": [s.seat for s in view.standings if s.place == 1] if view.is_over else [],
        "round": _round_body(view.round),
    }
