"""What one seat can see: its own hand, the table, and the public history.

A game server keeps the full :class:`~chickenfoot.Round`; each client, and each bot,
gets a view. A view holds nothing hidden from its seat, so it can be sent, printed or
pickled without leaking another seat's tiles or the boneyard's order.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

import attrs

from ._engine import Outcome, PublicStart, Seen
from ._moves import Draw, Event, Move, Play
from ._round import (
    Round,
    _History,
    check_seat,
    moves_of,
    state_of,
)
from ._rules import Rules
from ._scoring import Standing
from ._shown import TableShown
from ._table import TableState
from ._tiles import TILES, Tile, mask_of, tiles_of

if TYPE_CHECKING:
    from ._match import Match

__all__ = ["MatchView", "RoundView"]


class _UnusedTries(int):
    """The default of the deprecated ``max_tries``: 100, told apart from a passed 100."""


_UNUSED_TRIES: Final = _UnusedTries(100)
#: The most tiles of its hand a view's repr lists.
_REPR_HAND: Final = 10


class _Face:
    """A read-only attribute of a view, read from the round as its seat sees it."""

    __slots__ = ("read",)

    def __init__(self, read: Callable[[RoundView], object]) -> None:
        self.read = read

    def __get__(self, view: RoundView | None, owner: type | None = None) -> object:
        if view is None:
            return self
        return self.read(view)

    def __set__(self, view: RoundView, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError


class RoundView(TableShown):
    """A round as seat :attr:`seat` sees it (hidden information left out).

    Made by :meth:`Round.view <chickenfoot.Round.view>` (or :meth:`Match.view
    <chickenfoot.Match.view>`), or rebuilt from its JSON by :meth:`from_json`, never by
    calling the class.

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

    A view's repr is one short line: the seat, the variant, the round double, where
    play stands and the seat's hand (its first ten tiles and a count of the rest, if it
    holds more). Hypothesis and IPython print the same line; rich's pretty printer lists
    the public fields.

    >>> view
    <RoundView of seat 0, classic, double 9-9: seat 0 to move after 0 moves, hand 1-1 3-3 4-1 6-5 8-2 8-3 9-9>

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Hypothesis and IPython print the repr, not every inner field; a hand of more than
       ten tiles shows ten and a count.
    """

    __slots__ = ("_hand", "_seen")

    _seen: Seen
    _hand: tuple[Tile, ...]  # the seat's hand as tiles, read often

    #: The variant.
    #:
    #: :meta hide-value:
    rules: Rules
    #: The seat whose view this is.
    #:
    #: :meta hide-value:
    seat: int
    #: The seat's own tiles, in :func:`~chickenfoot.tile_set` order.
    #:
    #: :meta hide-value:
    hand: tuple[Tile, ...]
    #: How many tiles every seat holds.
    #:
    #: :meta hide-value:
    hand_counts: tuple[int, ...]
    #: How many tiles the boneyard holds (not which, nor their order).
    #:
    #: :meta hide-value:
    boneyard_count: int
    #: The seat to move, or ``None`` once the round is over.
    #:
    #: :meta hide-value:
    to_move: int | None
    #: The double that opens the round (see :attr:`Round.round_double
    #: <chickenfoot.Round.round_double>`). A lower double drawn in a ``highest_held``
    #: search is the round double at once in its drawer's view; the other seats see it
    #: when it is placed, the next move (R6b).
    #:
    #: :meta hide-value:
    round_double: Tile
    #: The round's first seat as dealt (R23).
    #:
    #: :meta hide-value:
    first: int
    #: The ending, winner and scores once the round is over.
    #:
    #: :meta hide-value:
    outcome: Outcome | None

    def __init__(
        self,
        rules: Rules,
        seat: int,
        hand: tuple[Tile, ...],
        hand_counts: tuple[int, ...],
        boneyard_count: int,
        to_move: int | None,
        round_double: Tile,
        first: int,
        outcome: Outcome | None,
        moves: _History,
        mine: tuple[Tile, ...],
        length: int,
        table: TableState,
        turn_draws: int,
        start: PublicStart | None = None,
    ) -> None:
        history_length = 0 if moves is None else moves[3]
        if length != history_length:
            raise ValueError(f"length is the history's, {history_length}, not {length}")
        if start is None:
            start = dealt_start(rules, table, moves, to_move, first)
        seen = Seen(
            rules, seat, start, moves, table, mask_of(hand), hand_counts, boneyard_count,
            -1 if to_move is None else to_move, round_double.index, first, turn_draws,
            outcome, tuple(t.index for t in mine),
        )  # fmt: skip
        object.__setattr__(self, "_seen", seen)
        object.__setattr__(self, "_hand", tiles_of(seen.hand))

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    @property
    def _table(self) -> TableState:
        return self._seen.table

    @property
    def _turn_draws(self) -> int:
        return self._seen.turn_draws

    @property
    def _at_start(self) -> PublicStart:
        return self._seen.start

    @property
    def history(self) -> tuple[Event, ...]:
        """The moves so far, the first first; another seat's draws show no tile."""
        seen = self._seen
        mine = iter(seen.mine)
        if _start_draw_shown(seen):
            next(mine)  # the tile drawn before the position, not a move of the history
        me = seen.seat
        return tuple(
            Event(seat, move, TILES[next(mine)] if seat == me and type(move) is Draw else None)
            for seat, move in moves_of(seen.history)
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundView):
            return NotImplemented
        return self is other or self._seen == other._seen

    def __hash__(self) -> int:
        return hash(self._seen)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return view_of, (self._seen,)

    def __rich_repr__(self) -> Iterator[tuple[str, object]]:
        """What rich's pretty printer shows: the view's public facts."""
        for name in _FACES:
            yield name, getattr(self, name)

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self._seen.hand_counts)

    @property
    def ply(self) -> int:
        """How many moves the round has had (:attr:`Round.ply <chickenfoot.Round.ply>`):
        a client sends it back with its move, so that the server can refuse a move sent
        for a position that is gone (:meth:`Round.apply <chickenfoot.Round.apply>`).

        .. versionadded:: 0.2
        """
        return self._seen.ply

    @property
    def dealt_for(self) -> Tile:
        """The double the round was dealt for: :attr:`round_double`, except in a
        ``highest_held`` start that opens on a lower double (R6b)."""
        return TILES[self._seen.table.dealt]

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile this seat has just drawn, when it is still this seat's turn (R13)."""
        drawn = self._seen.drawn
        return None if drawn < 0 else TILES[drawn]

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves, worked out from the view alone; empty when it is
        not this seat's turn. Equal to :meth:`Round.legal_moves` on its turn.
        """
        return self._seen.legal_moves()

    def sample_state(self, rng: random.Random, *, max_tries: int = _UNUSED_TRIES) -> Round:
        """A full round this view could be looking at, the hidden tiles dealt at random.

        The round is drawn uniformly at random among the *deals* (the other seats' hands
        as dealt and the boneyard's order; for a round set up from a position, the hands
        and boneyard of that position) that replay this view's history move by move, so
        :meth:`Round.view` of it always equals this view. Every fact the history holds is
        used: the tiles each seat played came from its hand, a seat that drew or passed
        held nothing it could play then (R12-R15, R6 in the search for the round
        double), a drawn tile played at once was the one drawn (R13), and while the
        boneyard is closed somebody could still play (R14, R16). Tiles no fact tells apart
        are equally likely anywhere they may be, and the undrawn boneyard is in uniformly
        random order. Search players use it to play out the hidden information honestly.

        The counts behind a view's samples are kept for the last few views, so asking
        for many samples of one view is fast. ``rng`` alone decides the sample. The first
        sample of a view does the counting: usually milliseconds, at times a second, at
        tables of up to eight seats in play; but late in rounds of a dozen seats or more,
        and in finished rounds from about six seats on (where every seat's penalty points
        must match, R17), it can take minutes. The bots page of the documentation gives
        measured times.

        .. deprecated:: 0.1
           ``max_tries`` is ignored: sampling never fails and never retries. Passing it
           warns; it goes away in 0.2.0.

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
        if max_tries is not _UNUSED_TRIES:
            warnings.warn(
                "RoundView.sample_state(max_tries=...) is deprecated and ignored: sampling "
                "is exact and never retries; the parameter goes away in 0.2.0",
                DeprecationWarning,
                stacklevel=2,
            )
        from ._sampling import sample_state

        return sample_state(self, rng)

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

    @classmethod
    def from_dict(cls, data: object) -> RoundView:
        """The view that :meth:`to_dict` wrote, rebuilt: equal to it, with the same legal
        moves, and ready for a bot or for :meth:`sample_state`.

        A client that gets its view as JSON from a server can rebuild it and play it with
        the library's bots, or work out the same facts the server shows. Every field is
        checked; the table is replayed from the history, and the fields that follow from
        the others (the table, the obligation, the drawn tile, the legal moves) must be
        the ones the view gives. What the seat cannot see is not in the JSON, so it is
        taken on trust: a sample is drawn among the deals that fit the history.

        >>> from chickenfoot import PRESETS, Round, RoundView
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
        >>> rnd = rnd.apply(rnd.legal_moves()[0])
        >>> view = rnd.view(1)
        >>> RoundView.from_dict(view.to_dict()) == view
        True

        Raises:
            ViewError: ``data`` is not a round view: a key missing or unknown, a value of
                the wrong type or out of range, another format, version or kind, or
                fields that disagree; the message names the field.

        .. versionadded:: 0.2
        """
        from ._wire import round_view_from_dict

        return round_view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> RoundView:
        """The view that :meth:`to_json` wrote, rebuilt (see :meth:`from_dict`).

        >>> import random
        >>> from chickenfoot import PRESETS, Round, RoundView
        >>> from chickenfoot.bots import level
        >>> rnd = Round.deal(PRESETS["classic"], 3, seed=2)
        >>> text = rnd.view(0).to_json()  # what a server sends seat 0
        >>> view = RoundView.from_json(text)  # what its client rebuilds
        >>> view == rnd.view(0), view.legal_moves() == rnd.legal_moves()
        (True, True)
        >>> level(1).choose(view, random.Random(0))  # seat 0 searches for 9-9 (R6)
        Draw()

        Raises:
            ViewError: ``text`` is not JSON, is not UTF-8, is longer than 2 MiB, or is
                not a round view (as for :meth:`from_dict`).

        .. versionadded:: 0.2
        """
        from ._wire import parse_view, round_view_from_dict

        return round_view_from_dict(parse_view(text))

    def __repr__(self) -> str:
        state = "over" if self.to_move is None else f"seat {self.to_move} to move"
        hand = " ".join(map(str, self.hand[:_REPR_HAND]))
        if len(self.hand) > _REPR_HAND:
            hand += f" and {len(self.hand) - _REPR_HAND} more"
        return (
            f"<RoundView of seat {self.seat}, {self.rules.name}, double {self.round_double}: "
            f"{state} after {self.ply} moves, hand {hand}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


#: How each public attribute of a view reads the round as its seat sees it.
_FACES: Final[dict[str, Callable[[RoundView], object]]] = {
    "rules": lambda view: view._seen.rules,
    "seat": lambda view: view._seen.seat,
    "hand": lambda view: view._hand,
    "hand_counts": lambda view: view._seen.hand_counts,
    "boneyard_count": lambda view: view._seen.left,
    "to_move": lambda view: None if view._seen.to_move < 0 else view._seen.to_move,
    "round_double": lambda view: TILES[view._seen.round_double],
    "first": lambda view: view._seen.first,
    "outcome": lambda view: view._seen.outcome,
}
for _name, _read in _FACES.items():
    setattr(RoundView, _name, _Face(_read))


@attrs.frozen(repr=False)
class MatchView:
    """A match as seat :attr:`seat` sees it: the scores so far and its view of the round.

    Made by :meth:`Match.view <chickenfoot.Match.view>`, or rebuilt from its JSON by
    :meth:`from_json`. Its repr is one short line, the seat, the variant, the round and the
    totals; Hypothesis and IPython print the same.

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Hypothesis and IPython print the repr, not every field.
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
    #: How many moves the whole match has had (:attr:`Match.ply
    #: <chickenfoot.Match.ply>`): a client sends it back with its move, so that the
    #: server can refuse a move sent for a position that is gone.
    #:
    #: .. versionadded:: 0.2
    ply: int

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

    @classmethod
    def from_dict(cls, data: object) -> MatchView:
        """The view that :meth:`to_dict` wrote, rebuilt and equal to it: the scores, and
        the round's view as :meth:`RoundView.from_dict` rebuilds it. The totals, the
        standings and the winners must be the ones the results give (R21, R22).

        Raises:
            ViewError: ``data`` is not a match view; the message names the field.

        .. versionadded:: 0.2
        """
        from ._wire import match_view_from_dict

        return match_view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchView:
        """The view that :meth:`to_json` wrote, rebuilt (see :meth:`from_dict`).

        >>> from chickenfoot import PRESETS, Match, MatchView
        >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=5)
        >>> view = MatchView.from_json(match.view(1).to_json())
        >>> view == match.view(1), view.ply, view.round.legal_moves()
        (True, 0, [])

        Raises:
            ViewError: ``text`` is not JSON, is not UTF-8, is longer than 2 MiB, or is
                not a match view (as for :meth:`from_dict`).

        .. versionadded:: 0.2
        """
        from ._wire import match_view_from_dict, parse_view

        return match_view_from_dict(parse_view(text))

    def __repr__(self) -> str:
        return (
            f"<MatchView of seat {self.seat}, {self.rules.name}, round {self.round_index + 1}, "
            f"totals {list(self.totals)}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


def round_view(rnd: Round, seat: int) -> RoundView:
    """The view of ``rnd`` from ``seat`` (see :meth:`Round.view`)."""
    return view_of(state_of(rnd).seen_by(check_seat(seat, rnd.players)))


def view_of(seen: Seen) -> RoundView:
    """The view that shows ``seen`` (trusted)."""
    view: RoundView = object.__new__(RoundView)
    object.__setattr__(view, "_seen", seen)
    object.__setattr__(view, "_hand", tiles_of(seen.hand))
    return view


def start_drawn_tile(view: RoundView) -> Tile | None:
    """The tile the seat of ``view`` drew before the position its round was set up from,
    in the turn that position was in, if it knows one (see :meth:`Round.from_position`)."""
    seen = view._seen
    return TILES[seen.mine[0]] if _start_draw_shown(seen) else None


def _start_draw_shown(seen: Seen) -> bool:
    """Whether the drawn tiles of ``seen`` start with one drawn before its round's position."""
    start = seen.start
    return start.turn_draws > 0 and start.to_move == seen.seat


def dealt_start(
    rules: Rules, table: TableState, history: _History, to_move: int | None, first: int
) -> PublicStart:
    """What every seat sees of the start of a dealt round whose table is ``table`` after
    ``history``: the centre double alone on the table in a ``centre`` start, led by the
    first seat; else an empty table before the double its holder placed at once, or the
    one searched for (R6, R6b), and nobody leading."""
    n, dealt = table.n, table.dealt
    moves = moves_of(history)
    mover = moves[0][0] if moves else -1 if to_move is None else to_move
    if rules.start == "centre":
        at = TableState.empty(n, dealt, dealt).with_round_double(rules.opening_toes, dealt)
        return PublicStart(False, ((dealt, -1),), at, mover, first, 0)
    opening = table.double
    if moves:
        move = moves[0][1]
        opening = move.tile.index if type(move) is Play and move.onto is None else dealt
    return PublicStart(False, (), TableState.empty(n, opening, dealt), mover, -1, 0)


def seen_of(view: RoundView) -> Seen:
    """The round as the seat of ``view`` sees it, which the view shows."""
    return view._seen


def start_of(view: RoundView) -> PublicStart:
    """What the seat of ``view`` sees of its round's start."""
    return view._seen.start


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
        match.ply,
    )
