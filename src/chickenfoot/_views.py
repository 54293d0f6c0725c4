"""What one seat can see: its own hand, the table, and the public history.

A game server keeps the full :class:`~chickenfoot.Round`; each client, and each bot,
gets a view. A view holds nothing hidden from its seat, so it can be sent, printed or
pickled without leaking another seat's tiles or the boneyard's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ._moves import Event, Move
from ._round import Obligation, Outcome, _layout_of_events, _obligation, turn_moves
from ._rules import Rules
from ._scoring import Standing
from ._table import Layout, OpenEnd, TableState
from ._tiles import TILES, Tile, mask_of

if TYPE_CHECKING:
    from ._match import Match
    from ._round import Round

__all__ = ["MatchView", "RoundView"]


@attrs.frozen(repr=False)
class RoundView:
    """A round as seat :attr:`seat` sees it (hidden information left out).

    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    >>> view = rnd.view(0)
    >>> view.hand == rnd.hand(0), view.hand_counts, view.boneyard_count
    (True, (7, 7, 7, 7), 27)
    >>> view.legal_moves() == rnd.legal_moves()
    True
    >>> rnd.view(1).legal_moves()  # not seat 1's turn
    []

    Two rounds that differ only in what this seat cannot see give equal views.

    .. versionadded:: 0.1
    """

    #: The variant.
    rules: Rules
    #: The seat whose view this is.
    seat: int
    #: The seat's own tiles, in :func:`~chickenfoot.tile_set` order.
    hand: tuple[Tile, ...]
    #: How many tiles every seat holds.
    hand_counts: tuple[int, ...]
    #: How many tiles the boneyard holds (not which, nor their order).
    boneyard_count: int
    #: The seat to move, or ``None`` once the round is over.
    to_move: int | None
    #: The double that opens the round.
    round_double: Tile
    #: The round's first seat as dealt (R23).
    first: int
    #: The moves so far; another seat's draws show no tile.
    history: tuple[Event, ...]
    #: The ending, winner and scores once the round is over.
    outcome: Outcome | None
    _table: TableState = attrs.field(eq=False, repr=False, alias="table")
    _turn_draws: int = attrs.field(eq=False, repr=False, alias="turn_draws")

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.hand_counts)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (R16)."""
        return self.outcome is not None

    @property
    def layout(self) -> Layout:
        """The tiles on the table as a tree (R1)."""
        return _layout_of_events(self.history, self._table, self.rules.start)

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every place a tile could go, ignoring obligations (see :attr:`Round.open_ends`)."""
        return self._table.open_ends()

    @property
    def pending_double(self) -> Tile | None:
        """The double whose places must be filled first (R7, R9), if any."""
        pending = self._table.pending
        return None if pending < 0 else TILES[pending]

    @property
    def obligation(self) -> Obligation:
        """What the rules demand of the next play."""
        if self.outcome is not None:
            return Obligation.NONE
        return _obligation(self._table, self._turn_draws)

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile this seat has just drawn, when it is still this seat's turn (R13)."""
        if self._turn_draws and self.to_move == self.seat:
            return self.history[-1].drawn
        return None

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves, worked out from the view alone; empty when it is
        not this seat's turn. Equal to :meth:`Round.legal_moves` on its turn.
        """
        if self.to_move != self.seat:
            return []
        drawn = self.drawn_tile
        return turn_moves(
            self.rules,
            self._table,
            mask_of(self.hand),
            self._turn_draws,
            -1 if drawn is None else drawn.index,
            self.boneyard_count,
        )

    def __repr__(self) -> str:
        state = "over" if self.to_move is None else f"seat {self.to_move} to move"
        return (
            f"<RoundView of seat {self.seat}, {self.rules.name}, double {self.round_double}: "
            f"{state} after {len(self.history)} moves, hand {' '.join(map(str, self.hand))}>"
        )


@attrs.frozen(repr=False)
class MatchView:
    """A match as seat :attr:`seat` sees it: the scores so far and its view of the round.

    .. versionadded:: 0.1
    """

    #: The variant.
    rules: Rules
    #: The seat whose view this is.
    seat: int
    #: The scores of every finished round (R17).
    results: tuple[tuple[int, ...], ...]
    #: The match table (R21, R22).
    standings: tuple[Standing, ...]
    #: The number of rounds started before the current one.
    round_index: int
    #: Whether the match is over.
    is_over: bool
    #: The seat's view of the current round.
    round: RoundView

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's total so far (R21)."""
        return tuple(s.total for s in self.standings)

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves in the current round."""
        return self.round.legal_moves()

    def __repr__(self) -> str:
        return (
            f"<MatchView of seat {self.seat}, {self.rules.name}, round {self.round_index + 1}, "
            f"totals {list(self.totals)}>"
        )


def round_view(rnd: Round, seat: int) -> RoundView:
    """The view of ``rnd`` from ``seat`` (see :meth:`Round.view`)."""
    if type(seat) is not int or not 0 <= seat < rnd.players:
        raise ValueError(f"seat is 0 to {rnd.players - 1}, not {seat!r}")
    history = tuple(
        e if e.drawn is None or e.seat == seat else attrs.evolve(e, drawn=None) for e in rnd.history
    )
    return RoundView(
        rnd.rules,
        seat,
        rnd.hand(seat),
        rnd.hand_counts,
        len(rnd.boneyard),
        rnd.to_move,
        rnd.round_double,
        rnd.first,
        history,
        rnd.outcome,
        table=rnd._table,
        turn_draws=rnd._turn_draws,
    )


def match_view(match: Match, seat: int) -> MatchView:
    """The view of ``match`` from ``seat`` (see :meth:`Match.view`)."""
    return MatchView(
        match.rules,
        seat,
        match.results,
        match.standings,
        match.round_index,
        match.is_over,
        round_view(match.round, seat),
    )
