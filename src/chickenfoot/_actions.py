"""The action codes of the adapters: every move of a double-N set as one integer.

Reinforcement-learning frameworks want a fixed, finite action space. Both adapters,
:mod:`chickenfoot.pettingzoo` and :mod:`chickenfoot.openspiel`, number moves with the
functions here (and re-export them under the same names), so an agent trained through
one speaks the other's codes. A code names a move whatever the round; whether the move is
legal now is the round's question (:meth:`Round.legal_moves
<chickenfoot.Round.legal_moves>`).

This module needs nothing beyond the package itself (no numpy).
"""

from __future__ import annotations

import functools
import operator

from ._moves import Draw, Move, Pass, Play
from ._tiles import Tile, tile_set

__all__ = ["action_count", "action_to_move", "move_to_action", "set_tiles"]


@functools.cache
def set_tiles(n: int) -> tuple[Tile, ...]:
    """The tiles of the double-``n`` set in index order (cached)."""
    return tile_set(n)


def action_count(set_size: int) -> int:
    """How many action codes the double-``set_size`` set has: ``2 * T * (N + 1) + 2``,
    394 for double-6 and 1102 for double-9.

    .. versionadded:: 0.1
    """
    return 2 * len(set_tiles(set_size)) * (set_size + 1) + 2


def move_to_action(move: Move, set_size: int) -> int:
    """The action code of ``move`` in the double-``set_size`` set.

    With N the set size, T its tile count and W = N + 1, a play of ``tile`` (index ``t``)
    matching by its high end (``side`` 0) or low end (``side`` 1) the number ``k`` of the
    tile it goes onto, ``Tile(k, j)``, is ``(2 * t + side) * W + j``. Placing the round
    double ``Tile(d, d)`` (``onto=None``, R6) takes the code of the double played onto
    itself, which is never a play: ``2 * t * W + d``. :class:`~chickenfoot.Draw` is
    ``2 * T * W`` and :class:`~chickenfoot.Pass` the code after it. Every code decodes
    to one move, whatever the round. In double-6, ``Play(Tile(6, 3), Tile(6, 6))`` is 342,
    ``Play(Tile(6, 6))`` 384 and ``Draw()`` 392.

    Raises:
        ValueError: a tile is not in the set, or the tiles share no number.

    .. versionadded:: 0.1
    """
    width = set_size + 1
    if isinstance(move, Draw):
        return 2 * len(set_tiles(set_size)) * width
    if isinstance(move, Pass):
        return 2 * len(set_tiles(set_size)) * width + 1
    tile, onto = move.tile, move.onto
    if tile.high > set_size or (onto is not None and onto.high > set_size):
        raise ValueError(f"{move!r} is not a move of the double-{set_size} set")
    if onto is None:
        if not tile.is_double:
            raise ValueError(f"{move!r}: only the round double is placed onto nothing (R4)")
        return 2 * tile.index * width + tile.high
    if onto == tile:
        raise ValueError(f"{move!r}: a tile is not played onto itself (R1)")
    if onto.has(tile.high):
        side, number = 0, tile.high
    elif onto.has(tile.low):
        side, number = 1, tile.low
    else:
        raise ValueError(f"{move!r}: {tile} and {onto} share no number (R1)")
    return (2 * tile.index + side) * width + onto.other(number)


def action_to_move(action: int, set_size: int) -> Move:
    """The move of action code ``action`` in the double-``set_size`` set (see
    :func:`move_to_action`). Whether it is legal is the round's question.

    Raises:
        ValueError: the code is out of range or is one of the few that name no move (the
            low side of a double, a non-double onto itself).

    .. versionadded:: 0.1
    """
    code = operator.index(action)
    tiles = set_tiles(set_size)
    width = set_size + 1
    draw = 2 * len(tiles) * width
    if code == draw:
        return Draw()
    if code == draw + 1:
        return Pass()
    if not 0 <= code < draw:
        raise ValueError(f"action {code} is not a code of the double-{set_size} set")
    slot, other = divmod(code, width)
    index, side = divmod(slot, 2)
    tile = tiles[index]
    if side == 1 and tile.is_double:
        raise ValueError(f"action {code} names no move: a double has no low side")
    onto = Tile(tile.high if side == 0 else tile.low, other)
    if onto == tile:
        if tile.is_double:
            return Play(tile, None)
        raise ValueError(f"action {code} names no move: {tile} onto itself")
    return Play(tile, onto)
