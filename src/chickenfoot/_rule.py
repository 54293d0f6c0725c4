"""What the rule families read and return, and the families' base classes (internal).

A rulebook (:class:`~chickenfoot._book.Book`) holds one rule object of each family,
chosen once per :class:`~chickenfoot.Rules` value from its knobs: an :class:`Opening`
(R6, R6b, R23, in ``_opening``), a :class:`Drawing` (R12-R15, R13b, in ``_drawing``) and
a ``Scoring`` (R17, R17b, R18, R22, in ``_scoring``). The engine asks them and reads no
knob in the turn. The families are plain classes with int and bool fields and
``__slots__``, compiled by mypyc in the compiled build, so a question costs a native call.

The values here are what a rule answers with: a :data:`Refusal` (why a move is not
legal, and the rule that says so), a :class:`Reveal` (what a public move tells of the
mover's hidden tiles), a :class:`StartCase` (what the start of a round tells of the dealt
hands) and :class:`DealNeeds` (what a rule needs of the deal).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, TypeAlias

from ._moves import Move
from ._table import TableState
from ._tiles import set_length

__all__ = [
    "ANY_START",
    "NOTHING",
    "UNKNOWN",
    "DealNeeds",
    "Drawing",
    "Obligation",
    "Opening",
    "PublicTurn",
    "Refusal",
    "Reveal",
    "StartCase",
    "obligation_of",
    "off_table",
]

#: Why a move is not legal, in a player's words, and the rule that says so: ``(reason,
#: rule)``, as :meth:`State.refusal <chickenfoot._engine.State.refusal>` returns it.
Refusal: TypeAlias = "tuple[str, str]"


class Reveal:
    """What one public move tells of the mover's hand just before it, as bitmasks of tile
    indices: ``lacks``, tiles the mover held none of; ``drawn_lacks``, tiles the tile it
    drew last this turn is none of; ``drawn_is``, the tile it drew last (or -1); and
    ``complete``, whether these are all the move tells (the tile a play plays aside).

    .. versionadded:: 0.2
    """

    __slots__ = ("complete", "drawn_is", "drawn_lacks", "lacks")

    def __init__(
        self, lacks: int = 0, drawn_lacks: int = 0, drawn_is: int = -1, complete: bool = True
    ) -> None:
        self.lacks = lacks
        self.drawn_lacks = drawn_lacks
        self.drawn_is = drawn_is
        self.complete = complete

    def _key(self) -> tuple[int, int, int, bool]:
        return (self.lacks, self.drawn_lacks, self.drawn_is, self.complete)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reveal):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Reveal(lacks={self.lacks:#x}, drawn_lacks={self.drawn_lacks:#x}, "
            f"drawn_is={self.drawn_is}, complete={self.complete})"
        )


#: The move tells nothing beyond the tile it plays.
NOTHING: Final[Reveal] = Reveal()
#: The rule cannot say what the move tells.
UNKNOWN: Final[Reveal] = Reveal(complete=False)


class PublicTurn:
    """The turn before a move of the history, as every seat knows it: the ``table``, the
    ``seat`` to move, the tiles it drew this turn (``turn_draws``), the tiles ``left`` in
    the boneyard, the ``move`` it made, and the ``hand_counts`` of every seat before it
    (empty where the asker does not track them).

    .. versionadded:: 0.2
    """

    __slots__ = ("hand_counts", "left", "move", "seat", "table", "turn_draws")

    def __init__(
        self,
        table: TableState,
        seat: int,
        turn_draws: int,
        left: int,
        move: Move,
        hand_counts: tuple[int, ...] = (),
    ) -> None:
        self.table = table
        self.seat = seat
        self.turn_draws = turn_draws
        self.left = left
        self.move = move
        self.hand_counts = hand_counts


class Obligation(enum.Enum):
    """What the rules demand of the next play, if anything.

    .. versionadded:: 0.1
    """

    #: The round double must be placed, or searched for in the boneyard (R6).
    ROUND_DOUBLE = "round double"
    #: The round double's places come first (R7).
    OPENING = "opening"
    #: The first foot, a double onto an arm, comes first (R8).
    FIRST_FOOT = "first foot"
    #: A double's toes come first (R9).
    TOES = "toes"
    #: After drawing, only the drawn tile may be played (R13).
    DRAWN_TILE = "drawn tile"
    #: Any matching tile onto any open end (R10).
    NONE = "none"

    def __repr__(self) -> str:
        return f"Obligation.{self.name}"


class StartCase:
    """One of the disjoint cases of what the start of a round tells of its hands (R6,
    R6b), for the exact sampler: ``nobody_held``, tiles no hand at the start held, and
    ``mover_held``, a tile the hand of the first seat to move held (or -1)."""

    __slots__ = ("mover_held", "nobody_held")

    def __init__(self, nobody_held: int = 0, mover_held: int = -1) -> None:
        self.nobody_held = nobody_held
        self.mover_held = mover_held

    def _key(self) -> tuple[int, int]:
        return (self.nobody_held, self.mover_held)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StartCase):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"StartCase(nobody_held={self.nobody_held:#x}, mover_held={self.mover_held})"


#: The start tells nothing of the hands (the round double is on the table).
ANY_START: Final[StartCase] = StartCase()


def off_table(table: TableState) -> int:
    """The tiles of the set in play that are not on ``table``, as a bitmask."""
    return ((1 << set_length(table.n)) - 1) & ~table.on


class DealNeeds:
    """What a rule needs of the deal (R5, R6, R14): ``on_table``, the tiles on the table
    before the deal (1 for the centre double, which no hand and no boneyard holds), and
    ``boneyard_over``, a number the deal's boneyard must be over (the reserve, R14), or
    -1 for no need."""

    __slots__ = ("boneyard_over", "on_table")

    def __init__(self, on_table: int = 0, boneyard_over: int = -1) -> None:
        self.on_table = on_table
        self.boneyard_over = boneyard_over

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealNeeds):
            return NotImplemented
        return (self.on_table, self.boneyard_over) == (other.on_table, other.boneyard_over)

    def __hash__(self) -> int:
        return hash((self.on_table, self.boneyard_over))

    def __repr__(self) -> str:
        return f"DealNeeds(on_table={self.on_table}, boneyard_over={self.boneyard_over})"


class Opening:
    """The opening family (R6, R6b, R23): how a round starts and who moves first, and the
    turn until the round double is on the table. ``rule`` is how its refusals name the
    search (R6 or R6b), and ``lower`` whether a lower double may open (R6b)."""

    __slots__ = ("lower", "rule")

    def __init__(self, rule: str, lower: bool) -> None:
        self.rule = rule
        self.lower = lower

    def deal_needs(self, n: int, dealt_for: int) -> DealNeeds:
        """What the opening needs of a deal of double-``n`` for double ``dealt_for``."""
        raise NotImplementedError

    def begin(
        self, n: int, dealt_for: int, hands: tuple[int, ...], first: int, opening_toes: int
    ) -> tuple[TableState, int, int, tuple[tuple[int, int], ...]]:
        """The table, the lead, the seat to move and the placements at the deal."""
        raise NotImplementedError

    def drawn_opens(self, table: TableState, drawn: int) -> bool:
        """Whether tile index ``drawn``, drawn in the search for the round double of
        ``table``, opens the round instead (R6b)."""
        raise NotImplementedError

    def moves(self, table: TableState, hand: int, turn_draws: int, last_drawn: int) -> list[Move]:
        """The legal moves while the round double is not on the table."""
        raise NotImplementedError

    def refusal(
        self, table: TableState, seat: int, hand: int, turn_draws: int, last_drawn: int, move: Move
    ) -> Refusal | None:
        """Why ``move`` is not legal while the round double is not on the table."""
        raise NotImplementedError

    def first_seat_ahead(self, index: int, players: int) -> int | None:
        """The first seat of round ``index`` as known before the round before ends (R23),
        or ``None`` when the winner of the round before decides."""
        raise NotImplementedError

    def check_turn(
        self, table: TableState, seat: int, hand_before: int, turn_draws: int
    ) -> Refusal | None:
        """Why a position cannot have ``seat`` draw ``turn_draws`` tiles this turn in the
        search for the round double, holding ``hand_before`` before the last (R6)."""
        raise NotImplementedError

    def check_start(
        self, table: TableState, hands: tuple[int, ...], to_move: int, drawn: int
    ) -> Refusal | None:
        """Why a position before the round double is placed cannot be: who holds which
        double, and who is to move (R6, R6b); ``drawn`` the tile the seat to move drew
        last (or -1), ``to_move`` -1 for a finished position. The reason names the
        position's field."""
        raise NotImplementedError

    def reveal(self, table: TableState, turn_draws: int, move: Move) -> Reveal:
        """What ``move`` tells of the mover's hand in the search for the round double."""
        raise NotImplementedError

    def start_cases(
        self,
        table: TableState,
        position: bool,
        turn_draws: int,
        first_move: Move | None,
        to_move: int,
        first: int,
    ) -> tuple[StartCase, ...]:
        """What the start of a round tells of its hands, as disjoint cases, for the exact
        sampler (R6, R6b): ``table`` the table at the start, ``position`` whether the round
        was set up from a position, ``turn_draws`` the tiles the seat to move had drawn
        this turn there, ``first_move`` the first move of the history (``None`` before
        it), ``to_move`` the seat to move at the start and ``first`` the round's first
        seat (R23). One case, or two that the history does not tell apart yet."""
        raise NotImplementedError

    def first_seat(self, index: int, players: int, previous_winner: int | None) -> int:
        """The first seat of round ``index`` (R23), the round before won by
        ``previous_winner`` (``None`` for the first round)."""
        ahead = self.first_seat_ahead(index, players)
        if ahead is not None:
            return ahead
        return 0 if previous_winner is None else previous_winner


class Drawing:
    """The drawing family (R12-R15, R13b), once the round double is on the table:
    ``reserve`` the tiles nobody may draw (R14), ``per_turn`` the tiles a seat may draw
    in one turn, 0 for no limit (R13)."""

    __slots__ = ("per_turn", "reserve")

    def __init__(self, reserve: int, per_turn: int) -> None:
        self.reserve = reserve
        self.per_turn = per_turn

    def deal_needs(self, n: int, dealt_for: int) -> DealNeeds:
        """What drawing needs of a deal: a boneyard over the reserve (R14), if any."""
        return DealNeeds(0, self.reserve if self.reserve else -1)

    def can_draw(self, left: int) -> bool:
        """Whether a boneyard of ``left`` tiles is open: it holds more than the reserve
        (R14)."""
        return left > self.reserve

    def may_draw(self, turn_draws: int, left: int) -> bool:
        """Whether a seat that drew ``turn_draws`` tiles this turn may draw from a
        boneyard of ``left`` tiles (R13, R14)."""
        limit = self.per_turn
        return left > self.reserve and (limit == 0 or turn_draws < limit)

    def drawn_first(self, turn_draws: int) -> bool:
        """Whether, after ``turn_draws`` draws this turn, the next play must be the drawn
        tile (R13; never under R13b, where the drawer passes)."""
        raise NotImplementedError

    def check_turn(
        self, table: TableState, seat: int, hand_before: int, turn_draws: int, variant: str
    ) -> Refusal | None:
        """Why a position cannot have ``seat`` draw ``turn_draws`` tiles this turn,
        holding ``hand_before`` before the last (R12, R13), under the rules named
        ``variant``."""
        raise NotImplementedError

    def reveal(self, table: TableState, turn_draws: int, left: int, move: Move) -> Reveal:
        """What ``move`` tells of the mover's hand once the round double is placed
        (R12-R15, R13b)."""
        raise NotImplementedError

    def moves(
        self, table: TableState, hand: int, turn_draws: int, last_drawn: int, left: int
    ) -> list[Move]:
        """The legal moves of the seat to move, the round double on the table."""
        raise NotImplementedError

    def play_refusal(
        self, seat: int, turn_draws: int, last_drawn: int, tile: int
    ) -> Refusal | None:
        """Why playing tile index ``tile`` breaks the drawing rules (R13, R13b), if it does."""
        raise NotImplementedError

    def refusal(
        self,
        seat: int,
        turn_draws: int,
        last_drawn: int,
        left: int,
        move: Move,
        moves: Sequence[Move],
    ) -> Refusal | None:
        """Why a draw or a pass is not legal, ``moves`` being the legal moves."""
        raise NotImplementedError


def obligation_of(drawing: Drawing, table: TableState, turn_draws: int) -> Obligation:
    """What the rules demand of the next play of a round in play, ``turn_draws`` tiles
    drawn this turn (R6-R9, R13)."""
    if not table.placed:
        return Obligation.ROUND_DOUBLE
    if turn_draws and drawing.drawn_first(turn_draws):
        return Obligation.DRAWN_TILE
    if table.pending == table.double:
        return Obligation.OPENING
    if table.pending >= 0:
        return Obligation.TOES
    if table.need_foot:
        return Obligation.FIRST_FOOT
    return Obligation.NONE
