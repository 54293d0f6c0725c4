"""What a table shows: the properties a round and a view of it share.

A :class:`~chickenfoot.Round` and a :class:`~chickenfoot.RoundView` show the same table:
the layout (R1), its open ends (R2, R3), the double waiting for its places (R7, R9) and
what the rules demand of the next play (R6-R9, R13). :class:`TableShown` defines these
once; both classes inherit them and supply the table, the history and the turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ._engine import (
    History,
    Obligation,
    Outcome,
    PublicStart,
    Seen,
    Start,
    history_moves,
    obligation,
)
from ._moves import Draw, Event, Play
from ._pictures import table_svg
from ._table import Layout, OpenEnd, Placement, TableState
from ._tiles import TILES, Tile

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = [
    "TableShown",
    "dealt_start",
    "layout_of_events",
    "seen_events",
    "start_drawn_tile",
    "table_of",
]


class TableShown:
    """The table as a round or a view shows it (a base class; internal).

    A subclass provides ``rules``, ``outcome``, ``history``, ``to_move``, ``players`` and
    the engine's ``_table``, ``_turn_draws`` and ``_at_start`` (the round's start or what a
    view sees of it).
    """

    __slots__ = ()

    if TYPE_CHECKING:
        rules: Rules

        @property
        def outcome(self) -> Outcome | None: ...
        @property
        def history(self) -> tuple[Event, ...]: ...
        @property
        def to_move(self) -> int | None: ...
        @property
        def players(self) -> int: ...
        @property
        def _table(self) -> TableState: ...
        @property
        def _turn_draws(self) -> int: ...
        @property
        def _at_start(self) -> Start | PublicStart: ...

    @property
    def is_over(self) -> bool:
        """Whether somebody went out or the round is blocked (R16)."""
        return self.outcome is not None

    @property
    def layout(self) -> Layout:
        """The tiles on the table as a tree (R1)."""
        return layout_of_events(self.history, self._at_start.placements)

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every place a tile could go, ignoring obligations, by the tile played onto.

        While a double waits for its toes (or the round double for its opening), it is
        the only place a tile may go now; the others are listed all the same.
        """
        return self._table.open_ends()

    @property
    def pending_double(self) -> Tile | None:
        """The double whose places must be filled first (R7, R9), if any."""
        pending = self._table.pending
        return None if pending < 0 else TILES[pending]

    @property
    def obligation(self) -> Obligation:
        """What the rules demand of the next play (none once the round is over)."""
        if self.outcome is not None:
            return Obligation.NONE
        return obligation(self.rules, self._table, self._turn_draws)

    def _repr_svg_(self) -> str:
        """The table as SVG, for notebooks (see :func:`~chickenfoot.table_svg`)."""
        return table_svg(self)


def table_of(shown: TableShown) -> TableState:
    """The engine's table of a round or a view (for bots that read its bitmasks)."""
    return shown._table


def layout_of_events(events: Iterable[Event], start: Sequence[tuple[int, int]]) -> Layout:
    """The layout tree built by the tiles on the table at the start, ``(tile, onto)``
    index pairs with no seat (``onto`` -1 for the round double), and then the plays among
    ``events`` (R1)."""
    placements = [Placement(TILES[t], None if o < 0 else TILES[o], None) for t, o in start]
    placements += [
        Placement(e.move.tile, e.move.onto, e.seat) for e in events if type(e.move) is Play
    ]
    return Layout(tuple(placements))


def seen_events(seen: Seen) -> tuple[Event, ...]:
    """The moves of the history of ``seen``, the first first, a tile for its own draws
    alone (:attr:`RoundView.history <chickenfoot.RoundView.history>`)."""
    mine = iter(seen.mine)
    if _start_draw_shown(seen):
        next(mine)  # the tile drawn before the position, not a move of the history
    me = seen.seat
    return tuple(
        Event(seat, move, TILES[next(mine)] if seat == me and type(move) is Draw else None)
        for seat, move in history_moves(seen.history)
    )


def start_drawn_tile(seen: Seen) -> Tile | None:
    """The tile the seat of ``seen`` drew before the position its round was set up from,
    in the turn that position was in, if it knows one (see :meth:`Round.from_position`)."""
    return TILES[seen.mine[0]] if _start_draw_shown(seen) else None


def _start_draw_shown(seen: Seen) -> bool:
    """Whether the drawn tiles of ``seen`` start with one drawn before its round's position."""
    start = seen.start
    return start.turn_draws > 0 and start.to_move == seen.seat


def dealt_start(
    rules: Rules, table: TableState, history: History, to_move: int | None, first: int
) -> PublicStart:
    """What every seat sees of the start of a dealt round whose table is ``table`` after
    ``history``: the centre double alone on the table in a ``centre`` start, led by the
    first seat; else an empty table before the double its holder placed at once, or the
    one searched for (R6, R6b), and nobody leading."""
    n, dealt = table.n, table.dealt
    moves = history_moves(history)
    mover = moves[0][0] if moves else -1 if to_move is None else to_move
    if rules.start == "centre":
        at = TableState.empty(n, dealt, dealt).with_round_double(rules.opening_toes, dealt)
        return PublicStart(False, ((dealt, -1),), at, mover, first, 0)
    opening = table.double
    if moves:
        move = moves[0][1]
        opening = move.tile.index if type(move) is Play and move.onto is None else dealt
    return PublicStart(False, (), TableState.empty(n, opening, dealt), mover, -1, 0)
