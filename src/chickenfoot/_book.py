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

import attrs

from ._drawing import drawing_of
from ._house import (
    HouseRule,
    book_exact,
    house_blocked,
    house_check_turn,
    house_moves,
    house_playable,
    house_refusal,
    house_reveal,
    house_scores,
    tile_values,
)
from ._moves import Move, Play
from ._rule import DealNeeds, Drawing, Opening, PublicTurn, Refusal, Reveal, off_table
from ._schedule import Schedule, schedule_of
from ._scoring import Scoring, scoring_of
from ._table import TableState

if TYPE_CHECKING:
    from ._engine import Ending
    from ._rules import Rules

__all__ = ["Book", "book_of"]

_PLAY: Final[type[Play]] = Play


class Book:
    """The rule objects of one variant, chosen from its knobs (see :func:`book_of`).

    ``opening`` (chosen by ``start``), ``drawing`` and ``scoring`` (each family chooses
    from the knobs it reads: :func:`~chickenfoot._drawing.drawing_of`,
    :func:`~chickenfoot._scoring.scoring_of`), ``schedule``; ``opening_toes``,
    ``toes_per_double`` and ``first_foot`` for the placement rules (R3, R7-R9); ``house``
    the house rules (``Rules.house``: empty for every preset, so a turn pays one empty-tuple
    test for them), ``values`` the points of each tile left in a hand (R17, the house
    rules' tile points in), and ``exact`` whether every house rule says what each move
    tells, so that the sampler never checks by replay. Never changed once made.
    """

    __slots__ = ("drawing", "exact", "first_foot", "house", "opening", "opening_toes", "rules",
                 "schedule", "scoring", "toes_per_double", "values")  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.schedule: Schedule = schedule_of(rules)
        self.opening: Opening = self.schedule.opening
        self.drawing: Drawing = drawing_of(rules)
        self.scoring: Scoring = scoring_of(rules)
        self.opening_toes: int = rules.opening_toes
        self.toes_per_double: int = rules.toes_per_double
        self.first_foot: bool = rules.first_foot_required
        self.house: tuple[HouseRule, ...] = rules.house
        self.exact: bool = book_exact(self.house)
        self.values: tuple[int, ...] = tile_values(self.house, self.scoring.values)

    def prefix(self, count: int) -> Book:
        """The book of the same knobs with the first ``count`` house rules alone."""
        return book_of(attrs.evolve(self.rules, house=self.house[:count]))

    def deal_needs(self, n: int, dealt_for: int) -> DealNeeds:
        """What the rules need of a deal of double-``n`` for double ``dealt_for``: the
        opening's tiles on the table (R6) and the drawing rules' boneyard (R14)."""
        on_table = self.opening.deal_needs(n, dealt_for).on_table
        return DealNeeds(on_table, self.drawing.deal_needs(n, dealt_for).boneyard_over)

    def moves(
        self,
        table: TableState,
        hand: int,
        turn_draws: int,
        last_drawn: int,
        left: int,
        seat: int = -1,
        counts: tuple[int, ...] = (),
    ) -> list[Move]:
        """The legal moves of the seat to move (R6, R12-R15), from what it can see: its
        ``hand`` (a bitmask), the tiles it drew this turn and the last of them (or -1),
        and the tiles left in the boneyard; then each house rule's, which read the
        ``seat`` and every seat's tile ``counts`` too."""
        if not table.placed:  # R6: the round double is placed or searched for
            return self.opening.moves(table, hand, turn_draws, last_drawn)
        if self.house:
            return house_moves(self, table, seat, hand, turn_draws, last_drawn, left, counts)
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
        counts: tuple[int, ...] = (),
    ) -> Refusal | None:
        """Why ``move`` (a Play, Draw or Pass) is not legal for the seat to move, or
        ``None`` if it is; ``known`` its legal moves if they are already listed, ``counts``
        every seat's tile count (for house rules)."""
        if self.house and table.placed:
            return house_refusal(
                self, table, seat, hand, turn_draws, last_drawn, left, move, known, counts
            )
        return self.base_refusal(table, seat, hand, turn_draws, last_drawn, left, move, known)

    def base_refusal(
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
        """:meth:`refusal` by the families alone (R4, R4b, R6-R15)."""
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
        if self.house:
            return house_check_turn(self, table, seat, hand_before, turn_draws)
        return self.drawing.check_turn(table, seat, hand_before, turn_draws, self.rules.name)

    def reveal(self, turn: PublicTurn, move: Move) -> Reveal:
        """What ``move``, made in the public ``turn``, tells of the mover's hand just
        before it, in closed form: what the exact sampler asks of every move (and what
        asking the moves of one-tile hands finds); with house rules, as
        :func:`~chickenfoot._house.house_reveal` says."""
        if self.house and turn.table.placed:
            return house_reveal(self, turn, move)
        return self.base_reveal(turn, move)

    def base_reveal(self, turn: PublicTurn, move: Move) -> Reveal:
        """:meth:`reveal` by the families alone."""
        table = turn.table
        if not table.placed:
            return self.opening.reveal(table, turn.turn_draws, move)
        return self.drawing.reveal(table, turn.turn_draws, turn.left, move)

    def blocked(self, table: TableState, hands: tuple[int, ...], left: int) -> bool:
        """Whether nobody can play (R16), the boneyard closed (R14): with house rules,
        every seat's moves are asked; else whether no hand holds a tile with a play."""
        if self.house:
            return house_blocked(self, table, hands, left)
        everyone = 0
        for hand in hands:
            everyone |= hand
        return not table.playable(everyone)

    def playable(
        self, table: TableState, seat: int, left: int, counts: tuple[int, ...] = ()
    ) -> int:
        """The tiles off ``table`` that have a play for ``seat`` at the start of a turn, the
        boneyard closed (R14, R16), every seat holding ``counts`` tiles; -1 when the house
        rules cannot say."""
        if self.house:
            return house_playable(self, table, seat, left, counts)
        return table.playable(off_table(table))

    def house_scores(
        self, hands: tuple[int, ...], ending: Ending, winner: int, last: int, lead: int
    ) -> tuple[int, tuple[int, ...]]:
        """The winner and the scores at the end of a round with house rules (see
        :func:`~chickenfoot._house.house_scores`)."""
        return house_scores(self, hands, ending, winner, last, lead)


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
