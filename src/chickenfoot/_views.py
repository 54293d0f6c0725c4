"""What one seat can see: its own hand, the table, and the public history.

A game server keeps the full :class:`~chickenfoot.Round`; each client, and each bot,
gets a view. A view holds nothing hidden from its seat, so it can be sent, printed or
pickled without leaking another seat's tiles or the boneyard's order.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from ._engine import Outcome, turn_moves
from ._moves import Draw, Event, Move, Play
from ._round import (
    Round,
    _History,
    apply_unchecked,
    check_seat,
    history_of,
    moves_of,
    pickled_state,
    same_history,
    state_of,
    unpickle_state,
)
from ._rules import Rules
from ._scoring import Standing
from ._shown import TableShown
from ._table import TableState
from ._tiles import TILES, Tile, mask_of, tile_set
from .errors import IllegalMoveError

if TYPE_CHECKING:
    from ._match import Match

__all__ = ["MatchView", "RoundView"]


@attrs.frozen(repr=False, eq=False, getstate_setstate=False)
class RoundView(TableShown):
    """A round as seat :attr:`seat` sees it (hidden information left out).

    Made by :meth:`Round.view <chickenfoot.Round.view>` (or :meth:`Match.view
    <chickenfoot.Match.view>`), never by calling the class.

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
    #: The ending, winner and scores once the round is over.
    outcome: Outcome | None
    _moves: _History = attrs.field(repr=False, alias="moves")
    _mine: tuple[Tile, ...] = attrs.field(repr=False, alias="mine")
    _length: int = attrs.field(repr=False, alias="length")
    _table: TableState = attrs.field(repr=False, alias="table")
    _turn_draws: int = attrs.field(repr=False, alias="turn_draws")

    @property
    def history(self) -> tuple[Event, ...]:
        """The moves so far, the first first; another seat's draws show no tile."""
        mine = iter(self._mine)
        if _start_draw_shown(self):
            next(mine)  # the tile drawn before the position, not a move of the history
        return tuple(
            Event(seat, move, next(mine) if seat == self.seat and type(move) is Draw else None)
            for seat, move in moves_of(self._moves)
        )

    def _facts(self) -> tuple[object, ...]:
        """All that two equal views share, but the moves of their histories."""
        table = self._table
        return (self._length, self.seat, self.hand, self.hand_counts, self.boneyard_count,
                self.to_move, self.round_double, table.dealt, self.first, self.outcome, self._mine,
                self.rules, table.origin)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundView):
            return NotImplemented
        return self is other or (
            self._facts() == other._facts() and same_history(self._moves, other._moves)
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.hand, self.hand_counts, self.to_move, self._length))

    def __getstate__(self) -> dict[str, Any]:
        return pickled_state(self, [a.name for a in attrs.fields(RoundView)], "_moves")

    def __setstate__(self, state: dict[str, Any]) -> None:
        unpickle_state(self, state, [a.name for a in attrs.fields(RoundView)], "_moves")

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.hand_counts)

    @property
    def dealt_for(self) -> Tile:
        """The double the round was dealt for: :attr:`round_double`, except in a
        ``highest_held`` start that opens on a lower double (R6b)."""
        return TILES[self._table.dealt]

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile this seat has just drawn, when it is still this seat's turn (R13)."""
        if self._turn_draws and self.to_move == self.seat:
            return self._mine[-1]
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

    def sample_state(self, rng: random.Random, *, max_tries: int = 100) -> Round:
        """A full round this view could be looking at, the hidden tiles dealt at random.

        The other seats' hands and the boneyard's order are drawn uniformly from the
        tiles this seat cannot see, with the right counts; draws are given tiles the
        drawing seat still holds or played later; then every move of the history is
        replayed on the sample, and a sample that contradicts what the moves revealed
        (a seat that drew or passed while holding a play, R12-R15) is thrown away and
        drawn again, up to ``max_tries`` times. The result has this view's history, hand,
        table and turn, so :meth:`Round.view` of it equals this view. Search players use
        it to play out the hidden information honestly.

        >>> import random
        >>> from chickenfoot import PRESETS, Round
        >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
        >>> rng = random.Random(0)
        >>> for _ in range(12):
        ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        >>> view = rnd.view(rnd.to_move)
        >>> guess = view.sample_state(random.Random(5))
        >>> guess.view(view.seat) == view, guess.hand(view.seat) == rnd.hand(view.seat)
        (True, True)
        """
        return sample_state(self, rng, max_tries)

    def to_dict(self) -> dict[str, Any]:
        """What a client draws, as a dict of JSON values (see :doc:`/views`).

        It holds the seat's own hand, every seat's tile count, the boneyard's count, the
        table (placements and open ends in the move notation), the obligation, the legal
        moves, the public history and the outcome: nothing the seat cannot see.

        >>> from chickenfoot import PRESETS, Round
        >>> view = Round.deal(PRESETS["chickie-duel"], 2, seed=5).view(0)
        >>> data = view.to_dict()
        >>> data["kind"], data["hand"], data["legal_moves"], data["to_move"]
        ('round', ['1-1', '2-1', '3-3', '4-0', '4-3', '6-3', '6-6'], ['6-6'], 0)

        .. versionadded:: 0.1
        """
        from ._wire import round_view_dict

        return round_view_dict(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text with sorted keys and no spaces.

        Equal views give the same bytes, so two rounds that differ only in tiles this
        seat cannot see give it identical text.

        .. versionadded:: 0.1
        """
        from ._wire import dumps

        return dumps(self.to_dict())

    def __repr__(self) -> str:
        state = "over" if self.to_move is None else f"seat {self.to_move} to move"
        return (
            f"<RoundView of seat {self.seat}, {self.rules.name}, double {self.round_double}: "
            f"{state} after {self._length} moves, hand {' '.join(map(str, self.hand))}>"
        )


@attrs.frozen(repr=False)
class MatchView:
    """A match as seat :attr:`seat` sees it: the scores so far and its view of the round.

    Made by :meth:`Match.view <chickenfoot.Match.view>`.

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

    @property
    def to_move(self) -> int | None:
        """The seat to move in the current round, or ``None`` between rounds and once the
        match is over (as :attr:`Match.to_move <chickenfoot.Match.to_move>`)."""
        return self.round.to_move

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves in the current round."""
        return self.round.legal_moves()

    def to_dict(self) -> dict[str, Any]:
        """What a client draws, as a dict of JSON values (see :doc:`/views`): the round
        number, the scores and standings so far, and :meth:`RoundView.to_dict` of the
        current round under ``"round"``.

        .. versionadded:: 0.1
        """
        from ._wire import match_view_dict

        return match_view_dict(self)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text with sorted keys and no spaces; equal views give
        the same bytes.

        >>> from chickenfoot import PRESETS, Match
        >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=5)
        >>> match.view(1).to_json()[:60]
        '{"format":"chickenfoot-view","is_over":false,"kind":"match",'

        .. versionadded:: 0.1
        """
        from ._wire import dumps

        return dumps(self.to_dict())

    def __repr__(self) -> str:
        return (
            f"<MatchView of seat {self.seat}, {self.rules.name}, round {self.round_index + 1}, "
            f"totals {list(self.totals)}>"
        )


def round_view(rnd: Round, seat: int) -> RoundView:
    """The view of ``rnd`` from ``seat`` (see :meth:`Round.view`)."""
    check_seat(seat, rnd.players)
    state = state_of(rnd)
    history, length = history_of(rnd)
    mine = []
    index = state.drawn  # walking back from the newest move, the draws count down
    node = history
    while node is not None:
        if type(node[1]) is Draw:
            index -= 1
            if node[0] == seat:
                mine.append(TILES[state.boneyard[index]])
        node = node[2]
    origin = state.table.origin
    if origin is not None and origin.draws and _start_mover(history, rnd.to_move) == seat:
        # A round set up from a position in the middle of a turn: the seat to move then
        # knows the tile it drew, kept before the boneyard (see Round.from_position).
        mine.append(TILES[state.boneyard[index - 1]])
    mine.reverse()
    return RoundView(
        rnd.rules,
        seat,
        rnd.hand(seat),
        rnd.hand_counts,
        state.left,
        rnd.to_move,
        rnd.round_double,
        rnd.first,
        rnd.outcome,
        moves=history,
        mine=tuple(mine),
        length=length,
        table=state.table,
        turn_draws=state.turn_draws,
    )


def _start_mover(history: _History, to_move: int | None) -> int | None:
    """The seat to move at the start of ``history``, whose last seat to move is ``to_move``."""
    seat = to_move
    while history is not None:
        seat, history = history[0], history[2]
    return seat


def start_drawn_tile(view: RoundView) -> Tile | None:
    """The tile the seat of ``view`` drew before the position its round was set up from,
    in the turn that position was in, if it knows one (see :meth:`Round.from_position`)."""
    return view._mine[0] if _start_draw_shown(view) else None


def _start_draw_shown(view: RoundView) -> bool:
    """Whether the view's drawn tiles start with one drawn before its round's position."""
    origin = view._table.origin
    return (
        origin is not None
        and origin.draws > 0
        and _start_mover(view._moves, view.to_move) == view.seat
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


def sample_state(view: RoundView, rng: random.Random, max_tries: int) -> Round:
    """A full round that ``view`` could be looking at, hidden tiles dealt at random."""
    if view._table.origin is not None:
        from ._positions import sample_position_state

        return sample_position_state(view, rng, max_tries)
    rules, n = view.rules, view._table.n
    centre = view.rules.start == "centre"
    double = view.round_double
    events = view.history
    # What every seat played and drew, in order.
    played: list[list[tuple[int, Tile]]] = [[] for _ in range(view.players)]
    draws: list[tuple[int, int]] = []  # (event index, seat), in draw order
    for i, e in enumerate(events):
        if isinstance(e.move, Play):
            played[e.seat].append((i, e.move.tile))
        elif e.drawn is not None or isinstance(e.move, Draw):
            draws.append((i, e.seat))
    known = set(view.hand) | {t for seat in played for _, t in seat}
    if centre:
        known.add(double)
    pool = [t for t in tile_set(n) if t not in known]
    unheld = _unheld_doubles(view, events)
    last: Round | None = None
    for _ in range(max(1, max_tries)):
        rng.shuffle(pool)
        if len(unheld & set(pool)) <= view.boneyard_count:
            pool.sort(key=unheld.__contains__)  # stable: into the boneyard, R6b
        hands: list[list[Tile]] = []
        rest = iter(pool)
        for seat, count in enumerate(view.hand_counts):
            hands.append(
                list(view.hand) if seat == view.seat else [next(rest) for _ in range(count)]
            )
        remaining = list(rest)
        drawn, dealt = _dealt_hands(view, events, draws, played, hands, rng)
        boneyard = [t for t, _ in drawn] + remaining
        start = Round.from_deal(
            rules, dealt, boneyard, round_double=view.dealt_for, first=view.first
        )
        state = _replays(start, events, view.to_move)
        if state is not None and state.round_double == view.round_double:  # R6b
            return state
        last = start
    assert last is not None
    for e in events:  # no consistent sample found: keep the last one, replayed unchecked
        last = apply_unchecked(last, e.move)
    return last


def _unheld_doubles(view: RoundView, events: tuple[Event, ...]) -> set[Tile]:
    """The doubles nobody held at the deal of a ``highest_held`` round, as its history
    shows (R6b): above the double a holder placed at once, or every double at or below the
    one dealt for when the round began with a search. The sample keeps them in the
    boneyard (not drawn since), one way the deal can have been."""
    if view.rules.start != "highest_held":
        return set()
    top = view.dealt_for.high
    if events and type(events[0].move) is Draw:
        bottom = 0  # a search: nobody held any double at or below the one dealt for
    elif events or view.round_double != view.dealt_for:
        bottom = view.round_double.high + 1  # placed by its holder at the deal
    else:
        return set()
    return {Tile(k, k) for k in range(bottom, top + 1)}


def _replays(start: Round, events: tuple[Event, ...], to_move: int | None) -> Round | None:
    """``start`` after ``events``, or ``None`` if the deal contradicts them.

    A contradiction is a move the rules refuse on this deal (a seat that drew or passed
    while holding a play, R12-R15) or a move made by another seat than in the events
    (who holds the round double decides who moves first, R6).
    """
    state = start
    try:
        for e in events:
            if state.to_move != e.seat:
                return None
            state = state.apply(e.move)
    except IllegalMoveError:
        return None
    return state if state.to_move == to_move else None


def _dealt_hands(
    view: RoundView,
    events: tuple[Event, ...],
    draws: list[tuple[int, int]],
    played: list[list[tuple[int, Tile]]],
    hands: list[list[Tile]],
    rng: random.Random,
) -> tuple[list[tuple[Tile, int]], list[list[Tile]]]:
    """Which tile every draw took, consistent with the sampled hands, as (tile, seat) in
    order, and every seat's hand as dealt: the tiles it holds now or played, less those it
    drew.

    A seat's own draws are known. Another seat's draw took a tile it still holds or played
    later; a draw followed at once by a play of the same seat took the played tile (R13).
    Draws are assigned from the latest back, so the candidates only grow and one is always
    left.
    """
    out: list[tuple[Tile, int] | None] = [None] * len(draws)
    used: set[Tile] = set()
    for k in range(len(draws) - 1, -1, -1):
        index, seat = draws[k]
        event = events[index]
        if event.drawn is not None:
            tile = event.drawn
        else:
            after = events[index + 1] if index + 1 < len(events) else None
            if after is not None and after.seat == seat and isinstance(after.move, Play):
                tile = after.move.tile
            else:
                options = [t for t in hands[seat] if t not in used]
                options += [t for i, t in played[seat] if i > index and t not in used]
                tile = rng.choice(options)
        used.add(tile)
        out[k] = (tile, seat)
    drawn = [x for x in out if x is not None]
    dealt = []
    for seat in range(view.players):
        mine = {t for t, s in drawn if s == seat}
        dealt.append(
            [t for t in hands[seat] if t not in mine]
            + [t for _, t in played[seat] if t not in mine]
        )
    return drawn, dealt
