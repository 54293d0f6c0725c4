"""The opening family (R6, R6b, R23), chosen by ``Rules.start`` (internal).

* :class:`HolderOpening` (``"holder"``, R6): the holder of the round double places it;
  if nobody holds it, the seats draw one tile each in turn, from the round's first seat,
  until one draws it and places it.
* :class:`HighestHeldOpening` (``"highest_held"``, R6b): the holder of the highest double
  at or below the round double places it, and it becomes the round double; a drawn lower
  double opens too.
* :class:`CentreOpening` (``"centre"``): the round double lies in the centre before the
  deal, and the first seat moves one on each round (R23).

Each decides the deal's opening search, the moves and refusals until the round double is
on the table, and the first seat of each round (R23), which the schedule asks.
"""

from __future__ import annotations

from typing import Final

from ._moves import DRAW as _DRAW
from ._moves import PASS as _PASS
from ._moves import Draw, Move, Pass, Play
from ._rule import ANY_START, NOTHING, DealNeeds, Opening, Refusal, Reveal, StartCase, off_table
from ._table import ROOT, TableState, play_of
from ._tiles import DOUBLES as _DOUBLES
from ._tiles import HIGH as _HIGH
from ._tiles import LOW as _LOW
from ._tiles import TILES as _TILES
from ._tiles import Tile

__all__ = ["CentreOpening", "HighestHeldOpening", "HolderOpening", "opening_of"]

DRAW: Final[Draw] = _DRAW
PASS: Final[Pass] = _PASS
TILES: Final[list[Tile]] = _TILES
HIGH: Final[tuple[int, ...]] = _HIGH
LOW: Final[tuple[int, ...]] = _LOW
DOUBLES: Final[tuple[int, ...]] = _DOUBLES
_PLAY: Final[type[Play]] = Play
_NO_NEEDS: Final[DealNeeds] = DealNeeds()
_CENTRE_NEEDS: Final[DealNeeds] = DealNeeds(1)


class HolderOpening(Opening):
    """R6: the holder of the round double places it, else the search draws (R23: the
    round's first seat is the winner of the round before)."""

    __slots__ = ()

    def __init__(self, rule: str = "R6", lower: bool = False) -> None:
        super().__init__(rule, lower)

    def deal_needs(self, n: int, dealt_for: int) -> DealNeeds:
        return _NO_NEEDS

    def begin(
        self, n: int, dealt_for: int, hands: tuple[int, ...], first: int, opening_toes: int
    ) -> tuple[TableState, int, int, tuple[tuple[int, int], ...]]:
        opening, to_move = dealt_for, first
        top = HIGH[dealt_for]
        bottom = 0 if self.lower else top
        for k in range(top, bottom - 1, -1):
            d = DOUBLES[k]  # R6b: the highest double held at or below it
            for seat in range(len(hands)):
                if hands[seat] >> d & 1:
                    return TableState.empty(n, d, dealt_for), -1, seat, ()
        return TableState.empty(n, opening, dealt_for), -1, to_move, ()

    def drawn_opens(self, table: TableState, drawn: int) -> bool:
        return False

    def moves(self, table: TableState, hand: int, turn_draws: int, last_drawn: int) -> list[Move]:
        if hand >> table.double & 1:
            return [play_of(table.double, ROOT)]
        if not turn_draws:
            return [DRAW]
        if self.drawn_opens(table, last_drawn):
            return [play_of(last_drawn, ROOT)]
        return [PASS]

    def refusal(
        self, table: TableState, seat: int, hand: int, turn_draws: int, last_drawn: int, move: Move
    ) -> Refusal | None:
        double = TILES[table.double]
        first = self.moves(table, hand, turn_draws, last_drawn)[0]
        due = first.tile if isinstance(first, Play) else None  # the double this seat places
        lower = self.lower  # R6b: a lower double may open
        if isinstance(move, Play):
            tile = move.tile
            if due is None:  # the seat holds no double it may place: it searches
                if tile == double:
                    return f"seat {seat} does not hold {tile}", "R6"
                if lower and tile.is_double and tile.high < double.high:
                    return f"seat {seat} does not hold {tile}", "R6b"
                if lower:
                    return f"the round double, {double} or a lower double, is placed first", "R6b"
                return f"the round double {double} is placed first", "R6"
            if tile != due:
                rule = "R6b" if lower and due.index != table.dealt else "R6"
                return f"the round double {due} is placed first", rule
            if move.onto is not None:
                return (
                    f"{due} is the round double: it is placed alone, to start the layout, "
                    f"not onto a tile; write it as '{due}'"
                ), "R4"
            return None
        if due is not None:
            rule = "R6b" if lower and due.index != table.dealt else "R6"
            return f"seat {seat} holds the round double {due} and must place it", rule
        searched, rule = (f"{double} or a lower double", "R6b") if lower else (f"{double}", "R6")
        if turn_draws:
            if isinstance(move, Draw):
                return f"seat {seat} has drawn once in the search for {searched}", rule
            return None
        if isinstance(move, Pass):
            return f"seat {seat} must draw in the search for {searched}", rule
        return None

    def first_seat_ahead(self, index: int, players: int) -> int | None:
        return 0 if index == 0 else None

    def check_turn(
        self, table: TableState, seat: int, hand_before: int, turn_draws: int
    ) -> Refusal | None:
        double = TILES[table.double]
        if turn_draws > 1:
            return (
                f"{turn_draws} draws; the search for the round double {double} "
                f"draws one tile a turn"
            ), "R6"
        if hand_before >> table.double & 1:
            return (
                f"seat {seat} drew while holding the round double {double}, which it places at once"
            ), "R6"
        return None

    def check_start(
        self, table: TableState, hands: tuple[int, ...], to_move: int, drawn: int
    ) -> Refusal | None:
        if table.placed or to_move < 0:
            return None
        for seat in range(len(hands)):
            if hands[seat] >> table.double & 1:
                if seat == to_move:
                    return None
                double = TILES[table.double]
                return (
                    f"to move: seat {seat} holds the round double {double} and "
                    f"places it before anyone else moves"
                ), "R6"
        return None

    def reveal(self, table: TableState, turn_draws: int, move: Move) -> Reveal:
        if isinstance(move, Play):  # after a draw, the drawn tile is the one placed
            return Reveal(drawn_is=move.tile.index) if turn_draws else NOTHING
        off = off_table(table)
        if isinstance(move, Draw):
            if turn_draws:  # one draw a turn in the search: never legal
                return Reveal(drawn_lacks=off)
            return Reveal(lacks=off & 1 << table.double)  # it did not hold the double
        if not turn_draws:  # a pass before drawing: never legal
            return Reveal(lacks=off)
        opens = 1 << table.double
        for k in range(HIGH[table.double]):
            if self.drawn_opens(table, DOUBLES[k]):
                opens |= 1 << DOUBLES[k]
        return Reveal(drawn_lacks=off & opens)  # the drawn tile did not open

    def start_cases(
        self,
        table: TableState,
        position: bool,
        turn_draws: int,
        first_move: Move | None,
        to_move: int,
        first: int,
    ) -> tuple[StartCase, ...]:
        if table.placed:
            return (ANY_START,)
        opening, dealt = table.double, table.dealt
        top = HIGH[dealt]
        higher = 0  # the doubles that would have opened before this one (R6b)
        every = 1 << opening  # every double that could open (R6; R6b: any lower one)
        for k in range(top, (0 if self.lower else top) - 1, -1):
            every |= 1 << DOUBLES[k]
            if DOUBLES[k] > opening:
                higher |= 1 << DOUBLES[k]
        held = StartCase(higher, opening)  # the seat to move held it, nobody a higher one
        search = StartCase(every, -1)  # nobody held a double that could open
        if turn_draws:  # the seat to move drew in the search (R6)
            return (search,)
        if first_move is not None:  # it placed what it held, or drew for want of it
            return (held,) if isinstance(first_move, Play) else (search,)
        if opening != dealt or (not position and to_move != first):
            return (held,)  # a lower double opens (R6b), or its holder moves before the first seat
        return (held, search)  # they look the same until the seat to move moves


class HighestHeldOpening(HolderOpening):
    """R6b: the highest double held at or below the round double opens, and a lower
    double drawn in the search opens at once."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("R6b", True)

    def drawn_opens(self, table: TableState, drawn: int) -> bool:
        return drawn < table.double and HIGH[drawn] == LOW[drawn]

    def check_start(
        self, table: TableState, hands: tuple[int, ...], to_move: int, drawn: int
    ) -> Refusal | None:
        if table.placed:
            return None
        why = self._highest_held(table, hands, to_move, drawn)
        if why is not None:
            return why
        return super().check_start(table, hands, to_move, drawn)

    def _highest_held(
        self, table: TableState, hands: tuple[int, ...], to_move: int, drawn: int
    ) -> Refusal | None:
        """The highest double held at or below the one dealt for is the round double;
        while nobody holds one, the search goes on for the double dealt for (R6b). The
        tile the seat to move has just drawn in the search does not count: it is placed
        at once if it is such a double."""
        double, dealt = TILES[table.double], TILES[table.dealt]
        skip = drawn if to_move >= 0 else -1
        for k in range(dealt.high, -1, -1):
            d = DOUBLES[k]
            for seat in range(len(hands)):
                if hands[seat] >> d & 1 and not (seat == to_move and d == skip):
                    if d != table.double:
                        shown = f"{dealt}>{TILES[d]}" if d != table.dealt else f"{dealt}"
                        return (
                            f"double: seat {seat} holds {TILES[d]}, the highest double at or "
                            f"below {dealt}, so the round opens on it, not on {double}; "
                            f"write the double as {shown!r}"
                        ), "R6b"
                    return None
        if table.double != table.dealt:
            return (
                f"double: nobody holds {double}; until a seat holds a double at or below "
                f"{dealt}, the search goes on for {dealt}: write the double as '{dealt}'"
            ), "R6b"
        return None


class CentreOpening(HolderOpening):
    """The round double lies in the centre before the deal; the first seat moves first,
    and moves one seat on each round (R23)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("R6", False)

    def deal_needs(self, n: int, dealt_for: int) -> DealNeeds:
        return _CENTRE_NEEDS

    def begin(
        self, n: int, dealt_for: int, hands: tuple[int, ...], first: int, opening_toes: int
    ) -> tuple[TableState, int, int, tuple[tuple[int, int], ...]]:
        table = TableState.empty(n, dealt_for, dealt_for).with_round_double(opening_toes, dealt_for)
        return table, first, first, ((dealt_for, -1),)

    def first_seat_ahead(self, index: int, players: int) -> int | None:
        return index % players


def opening_of(start: str) -> Opening:
    """The opening a ``start`` knob chooses (R6, R6b)."""
    if start == "centre":
        return CentreOpening()
    if start == "highest_held":
        return HighestHeldOpening()
    return HolderOpening()
