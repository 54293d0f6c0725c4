"""The rulebook: one rule object of each family, chosen once per variant (internal).

:func:`book_of` makes a :class:`Book` once per :class:`~chickenfoot.Rules` value and
shares it. The book holds the opening (R6, R6b, R23, ``_opening``), the drawing rules
(R12-R15, R13b, ``_drawing``), the scoring (R17, R17b, R18, R22, ``_scoring``), the
schedule (R19, R19b, R20, ``_schedule``) and the numbers of the placement rules (R3,
R7-R9) that :class:`~chickenfoot._table.TableState` reads. A round's state keeps the book
of its deal (``State.book``), so the engine reads no knob in the turn: it asks the book.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ._drawing import drawing_of
from ._moves import Move, Play
from ._rule import DealNeeds, Drawing, Opening, PublicTurn, Refusal, Reveal
from ._schedule import Schedule, schedule_of
from ._scoring import Scoring, scoring_of
from ._table import TableState

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["Book", "book_of"]

_PLAY: Final[type[Play]] = Play


class Book:
    """The rule objects of one variant, chosen from its knobs (see :func:`book_of`).

    ``opening`` (chosen by ``start``), ``drawing`` and ``scoring`` (each family chooses
    from the knobs it reads: :func:`~chickenfoot._drawing.drawing_of`,
    :func:`~chickenfoot._scoring.scoring_of`), ``schedule``; ``opening_toes``,
    ``toes_per_double`` and ``first_foot`` for the placement rules (R3, R7-R9). Never
    changed once made.
    """

    __slots__ = ("drawing", "first_foot", "opening", "opening_toes", "rules", "schedule",
                 "scoring", "toes_per_double")  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.schedule: Schedule = schedule_of(rules)
        self.opening: Opening = self.schedule.opening
        self.drawing: Drawing = drawing_of(rules)
        self.scoring: Scoring = scoring_of(rules)
        self.opening_toes: int = rules.opening_toes
        self.toes_per_double: int = rules.toes_per_double
        self.first_foot: bool = rules.first_foot_required

    def deal_needs(self, n: int, dealt_for: int) -> DealNeeds:
        """What the rules need of a deal of double-``n`` for double ``dealt_for``: the
        opening's tiles on the table (R6) and the drawing rules' boneyard (R14)."""
        on_table = self.opening.deal_needs(n, dealt_for).on_table
        return DealNeeds(on_table, self.drawing.deal_needs(n, dealt_for).boneyard_over)

    def moves(
        self, table: TableState, hand: int, turn_draws: int, last_drawn: int, left: int
    ) -> list[Move]:
        """The legal moves of the seat to move (R6, R12-R15), from what it can see: its
        ``hand`` (a bitmask), the tiles it drew this turn and the last of them (or -1),
        and the tiles left in the boneyard."""
        if not table.placed:  # R6: the round double is placed or searched for
            return self.opening.moves(table, hand, turn_draws, last_drawn)
        return self.drawing.moves(table, hand, turn_draws, last_drawn, left)

    def refusal(
        self,
        table: TableState,
        seat: int,
        hand: int,
        turn_draws: int,
        last_drawn: int,
        left: int,
        move: Move,
        known: Sequence[Move] | None,
    ) -> Refusal | None:
        """Why ``move`` (a Play, Draw or Pass) is not legal for the seat to move, or
        ``None`` if it is; ``known`` its legal moves if they are already listed."""
        if not table.placed:
            return self.opening.refusal(table, seat, hand, turn_draws, last_drawn, move)
        drawing = self.drawing
        if isinstance(move, Play):
            tile, onto = move.tile, move.onto
            if onto is None:
                return "only the round double is played onto nothing, and it is on the table", "R4"
            if not hand >> tile.index & 1:
                return f"seat {seat} does not hold {tile}", "R4b"
            why = drawing.play_refusal(seat, turn_draws, last_drawn, tile.index)
            if why is not None:
                return why
            return table.refusal(tile, onto, self.opening_toes)
        if known is None:
            known = drawing.moves(table, hand, turn_draws, last_drawn, left)
        return drawing.refusal(seat, turn_draws, last_drawn, left, move, known)

    def check_turn(
        self, table: TableState, seat: int, hand_before: int, turn_draws: int
    ) -> Refusal | None:
        """Why a position cannot have ``seat`` draw ``turn_draws`` tiles this turn,
        holding ``hand_before`` before the last: the opening's search (R6) before the
        round double is placed, the drawing rules (R12, R13) after."""
        if not table.placed:
            return self.opening.check_turn(table, seat, hand_before, turn_draws)
        return self.drawing.check_turn(table, seat, hand_before, turn_draws, self.rules.name)

    def reveal(self, turn: PublicTurn, move: Move) -> Reveal:
        """What ``move``, made in the public ``turn``, tells of the mover's hand just
        before it, in closed form: what the exact sampler asks of every move (and what
        asking the moves of one-tile hands finds)."""
        table = turn.table
        if not table.placed:
            return self.opening.reveal(table, turn.turn_draws, move)
        return self.drawing.reveal(table, turn.turn_draws, turn.left, move)


#: The books made so far, by variant (bounded: cleared when full).
_BY_VALUE: Final[dict[Rules, Book]] = {}
#: The last books asked for, by the identity of the Rules object asked with (a faster
#: path than hashing the value); each entry holds its Rules, so the identity stays its.
_BY_ID: Final[dict[int, tuple[Rules, Book]]] = {}
_LIMIT: Final = 256


def book_of(rules: Rules) -> Book:
    """The rulebook of ``rules``, made once per value and shared: equal values give the
    same book."""
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    book = _BY_VALUE.get(rules)
    if book is None:
        if len(_BY_VALUE) >= _LIMIT:
            _BY_VALUE.clear()
        book = _BY_VALUE[rules] = Book(rules)
    if len(_BY_ID) >= _LIMIT:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, book)
    return book
