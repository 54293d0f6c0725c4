"""Tiles and sets of tiles.

Every tile has a fixed *index*: ``high * (high + 1) // 2 + low``. The double-N set is
exactly the tiles with index below ``(N + 1) * (N + 2) // 2``, so the sets nest
(double-6 is the start of double-9) and a hand can be held as a bitmask of indices.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Iterator
from typing import Final

import attrs

__all__ = ["MAX_PIPS", "Tile", "tile_set"]

#: The largest number of pips an end may have. Double-18 is the largest common set;
#: larger custom sets work up to this bound.
#:
#: .. versionadded:: 0.1
MAX_PIPS: Final = 63


def _end(value: object) -> int:
    """``value`` as a tile end, accepting any integer type but ``bool``."""
    if not isinstance(value, bool):
        try:
            end = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= end <= MAX_PIPS:
                return end
    raise ValueError(f"a tile's ends are whole numbers from 0 to {MAX_PIPS}, not {value!r}")


def _index(high: int, low: int) -> int:
    return high * (high + 1) // 2 + low


@attrs.frozen(init=False, repr=False, order=False)
class Tile:
    """A domino: two ends of 0 to :data:`MAX_PIPS` pips.

    ``Tile(9, 4)`` and ``Tile(4, 9)`` are the same tile; it is written high end first.

    >>> from chickenfoot import Tile
    >>> Tile(4, 9)
    Tile(9, 4)
    >>> Tile(4, 9) == Tile(9, 4), str(Tile(4, 9))
    (True, '9-4')
    >>> Tile(5, 5).is_double, Tile(9, 4).pips
    (True, 13)
    >>> Tile(0, 0).index, Tile(1, 0).index, Tile(9, 4).index
    (0, 1, 49)

    Tiles are ordered by :attr:`index`, the order of :func:`tile_set`.

    Raises:
        ValueError: an end is not a whole number from 0 to :data:`MAX_PIPS`.

    .. versionadded:: 0.1
    """

    #: The end with more pips.
    high: int
    #: The end with fewer pips (equal to :attr:`high` on a double).
    low: int
    #: The tile's place in :func:`tile_set` order, the same in every set that has it:
    #: ``high * (high + 1) // 2 + low``.
    index: int = attrs.field(eq=False, repr=False)

    def __init__(self, a: int, b: int) -> None:
        a, b = _end(a), _end(b)
        high, low = (a, b) if a >= b else (b, a)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "index", _index(high, low))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written as ``"9-4"`` (either end first).

        >>> from chickenfoot import Tile
        >>> Tile.parse("4-9")
        Tile(9, 4)

        Raises:
            ValueError: the text is not two whole numbers joined by ``-``.
        """
        parts = text.strip().split("-")
        if len(parts) != 2 or not all(p.isdigit() and p.isascii() for p in parts):
            raise ValueError(f"a tile is written like '9-4', not {text!r}")
        return tile(int(parts[0]), int(parts[1]))

    @property
    def pips(self) -> int:
        """The number of pips on both ends together."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        """Whether both ends are equal."""
        return self.high == self.low

    @property
    def ends(self) -> tuple[int, int]:
        """``(high, low)``."""
        return (self.high, self.low)

    def has(self, number: int) -> bool:
        """Whether either end shows ``number``.

        >>> from chickenfoot import Tile
        >>> Tile(9, 4).has(4), Tile(9, 4).has(5)
        (True, False)
        """
        return number in (self.high, self.low)

    def other(self, number: int) -> int:
        """The end opposite the end that shows ``number``.

        >>> from chickenfoot import Tile
        >>> Tile(9, 4).other(9), Tile(5, 5).other(5)
        (4, 5)

        Raises:
            ValueError: neither end shows ``number``.
        """
        if number == self.high:
            return self.low
        if number == self.low:
            return self.high
        raise ValueError(f"{self} has no {number}")

    def __iter__(self) -> Iterator[int]:
        return iter((self.high, self.low))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


def _build_table(limit: int) -> list[Tile]:
    return [Tile(h, lo) for h in range(limit + 1) for lo in range(h + 1)]


#: Every tile up to MAX_PIPS, by index; the engine hands these shared objects out.
TILES: Final[list[Tile]] = _build_table(MAX_PIPS)


def tile(a: int, b: int) -> Tile:
    """The shared :class:`Tile` object for ends ``a`` and ``b`` (equal to ``Tile(a, b)``)."""
    if type(a) is int and type(b) is int and 0 <= a <= MAX_PIPS and 0 <= b <= MAX_PIPS:
        return TILES[_index(a, b) if a >= b else _index(b, a)]
    return Tile(a, b)  # raises the ValueError


def set_length(n: int) -> int:
    """How many tiles the double-``n`` set has: ``(n + 1) * (n + 2) // 2``."""
    return (n + 1) * (n + 2) // 2


def tile_set(n: int) -> tuple[Tile, ...]:
    """Every tile of the double-``n`` set, each once.

    They come in index order: by high end, then by low end, from ``0-0`` up to ``n-n``.

    >>> from chickenfoot import tile_set
    >>> tile_set(2)
    (Tile(0, 0), Tile(1, 0), Tile(1, 1), Tile(2, 0), Tile(2, 1), Tile(2, 2))
    >>> len(tile_set(6)), len(tile_set(9)), len(tile_set(12))
    (28, 55, 91)

    Raises:
        ValueError: ``n`` is not a whole number from 0 to :data:`MAX_PIPS`.

    .. versionadded:: 0.1
    """
    if type(n) is not int or not 0 <= n <= MAX_PIPS:
        raise ValueError(f"a set is double-0 to double-{MAX_PIPS}, not double-{n!r}")
    return tuple(TILES[: set_length(n)])


#: ``HIGH[i]`` and ``LOW[i]`` are the ends of the tile of index ``i``.
HIGH: Final = tuple(t.high for t in TILES)
LOW: Final = tuple(t.low for t in TILES)
#: ``DOUBLES[k]`` is the index of the double ``k-k``: ``k * (k + 3) // 2``.
DOUBLES: Final = tuple(_index(k, k) for k in range(MAX_PIPS + 1))


@functools.cache
def suit_masks(n: int) -> tuple[int, ...]:
    """``suit_masks(n)[k]``: the bitmask of the tiles of double-``n`` that show ``k``."""
    masks = [0] * (n + 1)
    for t in TILES[: set_length(n)]:
        masks[t.high] |= 1 << t.index
        masks[t.low] |= 1 << t.index
    return tuple(masks)


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask of ``tiles`` by index."""
    mask = 0
    for t in tiles:
        mask |= 1 << t.index
    return mask


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles in bitmask ``mask``, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(TILES[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def a_number(k: int) -> str:
    """``k`` with its English article, as it is read aloud: ``"a 9"``, ``"an 8"``,
    ``"an 11"``, ``"an 18"``, ``"an 80"`` (eight..., eleven, eighteen)."""
    digits = str(k)
    lead = digits[: len(digits) % 3 or 3]  # the group read first: 11 of 11000
    return f"an {k}" if digits[0] == "8" or lead in ("11", "18") else f"a {k}"
