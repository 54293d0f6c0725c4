"""The drawing family (R12-R15, R12b, R13b), chosen by ``Rules.play_drawn`` (internal).

Once the round double is on the table, a seat with a play plays (R12), or with
``must_play=False`` may draw instead while drawing is open (R12b); a seat without one
draws, while the boneyard holds more than the reserve (R14) and the turn's draws allow
(R13), and otherwise passes (R15). What it may do with the tile it drew is the family's
choice:

* :class:`MustPlayDrawn` (``"must"``, R13): a drawn tile that has a play is played at once;
* :class:`MayKeepDrawn` (``"may"``, R13): it may be played, or kept with a pass;
* :class:`NeverPlayDrawn` (``"never"``, R13b): it waits a turn: the drawer passes.

Each holds the reserve (R14), the draws a turn (R13) and ``must_play`` (R12, R12b), decides the legal moves and the
refusals of the turn with their rule numbers, and says when the drawn tile comes first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ._moves import DRAW as _DRAW
from ._moves import PASS as _PASS
from ._moves import Draw, Move, Pass, Play
from ._rule import NOTHING, Drawing, Refusal, Reveal, off_table
from ._table import TableState
from ._tiles import TILES as _TILES
from ._tiles import Tile, tiles_of

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["MayKeepDrawn", "MustPlayDrawn", "NeverPlayDrawn", "drawing_of"]

DRAW: Final[Draw] = _DRAW
PASS: Final[Pass] = _PASS
TILES: Final[list[Tile]] = _TILES
_PLAY: Final[type[Play]] = Play
_PASS_TYPE: Final[type[Pass]] = Pass
_DRAW_TYPE: Final[type[Draw]] = Draw


class MustPlayDrawn(Drawing):
    """R12-R15: a seat without a play draws; a drawn tile that has a play is played at
    once (R13); without one the seat draws again while it may, then passes. With
    ``must_play`` false a seat with a play may draw instead while drawing is open, and
    the drawn tile is then the only one it may play that turn (R12b)."""

    __slots__ = ("must_play",)

    def __init__(self, reserve: int, per_turn: int, must_play: bool = True) -> None:
        super().__init__(reserve, per_turn)
        self.must_play = must_play

    def drawn_first(self, turn_draws: int) -> bool:
        return turn_draws > 0

    def moves(
        self, table: TableState, hand: int, turn_draws: int, last_drawn: int, left: int
    ) -> list[Move]:
        if turn_draws:  # R13: only the drawn tile
            plays = table.plays(1 << last_drawn)
            if plays:
                return self.with_drawn(plays)
            return [DRAW] if self.may_draw(turn_draws, left) else [PASS]
        plays = table.plays(hand)
        if plays:  # R12; R12b: or a draw, after the plays, while drawing is open (R14)
            if not self.must_play and left > self.reserve:
                plays.append(DRAW)
            return plays
        return [DRAW] if left > self.reserve else [PASS]  # R13-R15

    def with_drawn(self, plays: list[Move]) -> list[Move]:
        """The moves of a seat whose drawn tile has ``plays`` (R13)."""
        return plays

    def check_turn(
        self, table: TableState, seat: int, hand_before: int, turn_draws: int, variant: str
    ) -> Refusal | None:
        limit = self.per_turn
        if limit and turn_draws > limit:
            return f"{turn_draws} draws; {variant} allows {limit} a turn", "R13"
        if not self.must_play:  # R12b: it may have drawn beside a play
            return None
        playable = table.playable(hand_before)
        if playable:
            return (
                f"seat {seat} drew while holding {tiles_of(playable)[0]}, which has a play"
            ), "R12"
        return None

    def reveal(self, table: TableState, turn_draws: int, left: int, move: Move) -> Reveal:
        if isinstance(move, Play):  # after a draw, the drawn tile is the one played (R13)
            return Reveal(drawn_is=move.tile.index) if turn_draws else NOTHING
        off = off_table(table)
        playable = table.playable(off)
        if not turn_draws:  # it held no tile with a play (R12); drawing is open or not (R14)
            if isinstance(move, Draw):
                if left <= self.reserve:  # never legal
                    return Reveal(lacks=off)
                return Reveal(lacks=playable) if self.must_play else NOTHING  # R12, R12b
            return Reveal(lacks=playable if left <= self.reserve else off)
        return self.drawn_reveal(off, playable, self.may_draw(turn_draws, left), move)

    def drawn_reveal(self, off: int, playable: int, again: bool, move: Move) -> Reveal:
        """What a draw or pass after a draw tells of the drawn tile: ``again`` whether
        the seat may draw again (R13, R14), ``playable`` the tiles off the table that
        have a play."""
        if isinstance(move, Draw):  # the drawn tile had no play, and it may draw again
            return Reveal(drawn_lacks=playable if again else off)
        return Reveal(drawn_lacks=off if again else playable)  # no play, and no draw left

    def play_refusal(
        self, seat: int, turn_draws: int, last_drawn: int, tile: int
    ) -> Refusal | None:
        if turn_draws and tile != last_drawn:
            drawn = TILES[last_drawn]
            return f"after drawing, only the drawn tile {drawn} may be played", "R13"
        return None

    def refusal(
        self,
        seat: int,
        turn_draws: int,
        last_drawn: int,
        left: int,
        move: Move,
        moves: Sequence[Move],
    ) -> Refusal | None:
        kind = type(move)
        for m in moves:
            if type(m) is kind:
                return None
        if type(moves[0]) is _PLAY:
            if turn_draws:
                return f"seat {seat} must play the drawn tile {TILES[last_drawn]}", "R13"
            if type(moves[-1]) is _DRAW_TYPE:  # R12b: it may draw instead
                return f"seat {seat} has a legal play and may draw instead, but not pass", "R12b"
            if self.must_play or kind is _PASS_TYPE:
                return f"seat {seat} has a legal play and may not {move}", "R12"
            # R12b, but drawing is closed (R14): it must play (R12)
            return f"seat {seat} has a legal play, and {self.closed(left)}", "R12"
        if kind is _PASS_TYPE:  # the seat must draw
            if turn_draws:
                return f"seat {seat} must draw again", "R13"
            return f"seat {seat} has no play and must draw", "R13"
        if turn_draws and left > self.reserve:  # the seat must pass
            return f"seat {seat} has drawn the {self.per_turn} tile(s) allowed this turn", "R13"
        return self.closed(left), "R14"

    def closed(self, left: int) -> str:
        """Why nobody may draw from a boneyard of ``left`` tiles (R14)."""
        if self.reserve == 0:
            return "the boneyard is empty"
        return f"the boneyard is closed: {left} tiles left and the reserve is {self.reserve}"


class MayKeepDrawn(MustPlayDrawn):
    """R13 with ``play_drawn="may"``: a drawn tile that has a play may be played, or kept
    with a pass."""

    __slots__ = ()

    def with_drawn(self, plays: list[Move]) -> list[Move]:
        plays.append(PASS)
        return plays

    def drawn_reveal(self, off: int, playable: int, again: bool, move: Move) -> Reveal:
        if isinstance(move, Draw):
            return Reveal(drawn_lacks=playable if again else off)
        # A pass keeps a drawn tile with a play, or ends a turn that may draw no more.
        return Reveal(drawn_lacks=off & ~playable) if again else NOTHING


class NeverPlayDrawn(MustPlayDrawn):
    """R13b: a seat without a play draws one tile and passes; the drawn tile is not
    played in the turn it was drawn."""

    __slots__ = ()

    def drawn_first(self, turn_draws: int) -> bool:
        return False

    def drawn_reveal(self, off: int, playable: int, again: bool, move: Move) -> Reveal:
        if isinstance(move, Draw):  # one draw, then a pass (R13b): never legal
            return Reveal(drawn_lacks=off)
        return NOTHING

    def moves(
        self, table: TableState, hand: int, turn_draws: int, last_drawn: int, left: int
    ) -> list[Move]:
        if turn_draws:  # R13b: the drawer passes
            return [PASS]
        return super().moves(table, hand, turn_draws, last_drawn, left)

    def play_refusal(
        self, seat: int, turn_draws: int, last_drawn: int, tile: int
    ) -> Refusal | None:
        if turn_draws:
            return (
                f"seat {seat} drew {TILES[last_drawn]} and passes: a drawn tile is not played "
                f"in the turn it was drawn"
            ), "R13b"
        return None

    def refusal(
        self,
        seat: int,
        turn_draws: int,
        last_drawn: int,
        left: int,
        move: Move,
        moves: Sequence[Move],
    ) -> Refusal | None:
        if turn_draws:  # only a pass is left
            if type(move) is _PASS_TYPE:
                return None
            drawn = TILES[last_drawn]
            return f"seat {seat} drew {drawn} and must pass: one draw, then the turn ends", "R13b"
        return super().refusal(seat, turn_draws, last_drawn, left, move, moves)


def drawing_of(rules: Rules) -> Drawing:
    """The drawing rules the knobs ``must_play``, ``play_drawn``, ``draws_per_turn`` and
    ``boneyard_reserve`` of ``rules`` choose (R12, R12b, R13, R13b, R14): the one place
    that reads them."""
    play_drawn, reserve, must = rules.play_drawn, rules.boneyard_reserve, rules.must_play
    per_turn = 0 if rules.draws_per_turn is None else rules.draws_per_turn
    if play_drawn == "never":
        return NeverPlayDrawn(reserve, per_turn, must)
    if play_drawn == "may":
        return MayKeepDrawn(reserve, per_turn, must)
    return MustPlayDrawn(reserve, per_turn, must)
