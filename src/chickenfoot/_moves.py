"""Moves: what a player does on his turn (R4, R11).

A move is a value: two moves are equal when they do the same thing, so they can be
kept in sets, compared with :meth:`Round.legal_moves <chickenfoot.Round.legal_moves>`
and pasted back from their reprs.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from ._tiles import Tile

__all__ = ["Draw", "Event", "Move", "Pass", "Play"]


def _tile_or_none(_: object, attribute: attrs.Attribute[Tile | None], value: object) -> None:
    if value is not None and not isinstance(value, Tile):
        raise TypeError(f"Play.{attribute.name} is a Tile or None, not {value!r}")


def _a_tile(_: object, attribute: attrs.Attribute[Tile], value: object) -> None:
    if not isinstance(value, Tile):
        raise TypeError(f"Play.{attribute.name} is a Tile, not {value!r}")


@attrs.frozen(repr=False)
class Play:
    """Play ``tile`` from the hand onto ``onto``, a tile on the table (R4, R4b).

    ``onto`` names the tile it is played against: the tile whose open end it
    matches, or the double whose toe place it fills. It is ``None`` only when the round
    double itself is placed (R6).

    >>> from chickenfoot import Play, Tile
    >>> Play(Tile(9, 4), onto=Tile(9, 9))
    Play(Tile(9, 4), onto=Tile(9, 9))
    >>> str(Play(Tile(9, 4), onto=Tile(9, 9)))
    '9-4@9-9'

    .. versionadded:: 0.1
    """

    #: The tile played from the hand.
    tile: Tile = attrs.field(validator=_a_tile)
    #: The tile on the table it is played onto, or ``None`` for the round double.
    onto: Tile | None = attrs.field(default=None, validator=_tile_or_none)

    def __repr__(self) -> str:
        return f"Play({self.tile!r}, onto={self.onto!r})"

    def __str__(self) -> str:
        return f"{self.tile}" if self.onto is None else f"{self.tile}@{self.onto}"


@attrs.frozen(repr=False)
class Draw:
    """Draw a tile from the boneyard (R13): only when the player has no legal play.

    >>> from chickenfoot import Draw
    >>> Draw() == Draw()
    True

    .. versionadded:: 0.1
    """

    def __repr__(self) -> str:
        return "Draw()"

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(repr=False)
class Pass:
    """Pass the turn (R15): only when the player may neither play nor draw.

    >>> from chickenfoot import Pass
    >>> Pass()
    Pass()

    .. versionadded:: 0.1
    """

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


#: Any move: a :class:`Play`, a :class:`Draw` or a :class:`Pass`.
#:
#: .. versionadded:: 0.1
Move: TypeAlias = Play | Draw | Pass

DRAW: Final = Draw()
PASS: Final = Pass()


@attrs.frozen
class Event:
    """A move in a round's history: who made it, and the tile drawn if it is known.

    ``drawn`` is the tile a :class:`Draw` took from the boneyard. A full
    :class:`~chickenfoot.Round` knows every drawn tile; a player's
    :class:`~chickenfoot.RoundView` knows only its own draws, so another seat's draw
    has ``drawn=None`` there.

    >>> from chickenfoot import Draw, Event, Tile
    >>> Event(1, Draw(), Tile(5, 2))
    Event(seat=1, move=Draw(), drawn=Tile(5, 2))

    .. versionadded:: 0.1
    """

    #: The seat that moved.
    seat: int
    #: What it did.
    move: Move
    #: The tile drawn, for a draw whose tile this history may show; else ``None``.
    drawn: Tile | None = None
