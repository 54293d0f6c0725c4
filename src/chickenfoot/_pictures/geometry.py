"""Where every tile lies on the table: the public geometry and its entry point (R1, R3)."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

import attrs

from .._table import Layout
from .._tiles import Tile
from .placing import _Layouter
from .plane import _TRIES, _tidy
from .reading import _firsts, _Pictured, _read

# -- geometry -----------------------------------------------------------------------------


@attrs.frozen
class TilePosition:
    """Where one tile lies on the table, in units where a tile is 2 long and 1 wide.

    Coordinates are those of a screen, SVG or canvas: ``x`` grows to the right, ``y``
    grows *down*, and ``angle`` turns clockwise. Draw the tile lying along the x axis
    from ``(-1, -0.5)`` to ``(1, 0.5)``, its :attr:`first` end on the left (``x < 0``),
    then rotate it by ``angle`` and move its centre to ``(x, y)``; in SVG that is
    ``transform="translate(x y) rotate(angle)"``.

    The first end is the one that touches the tile's parent (R1). A double lies across
    its line, so its ``angle`` is that of its line plus 90; the round double lies upright
    in the centre, at ``(0, 0)``.

    >>> from chickenfoot import Tile, TilePosition
    >>> pos = TilePosition(Tile(9, 4), onto=Tile(9, 9), x=1.5, y=0.0, angle=0.0, first=9)
    >>> pos.second, pos.length, pos.width
    (4, 2.0, 1.0)
    >>> pos.corners
    ((0.5, -0.5), (2.5, -0.5), (2.5, 0.5), (0.5, 0.5))

    .. versionadded:: 0.1
    """

    #: The tile.
    tile: Tile
    #: The tile it was played onto, or ``None`` for the round double.
    onto: Tile | None
    #: The x coordinate of the tile's centre (right is positive).
    x: float
    #: The y coordinate of the tile's centre (down is positive).
    y: float
    #: Degrees clockwise from the x axis to the direction from the first end to the second.
    angle: float
    #: The number on the end that touches the parent (either end of a double).
    first: int

    @property
    def second(self) -> int:
        """The number on the other end."""
        return self.tile.other(self.first) if self.tile.has(self.first) else self.tile.low

    @property
    def length(self) -> float:
        """The tile's length along its long axis: 2."""
        return 2.0

    @property
    def width(self) -> float:
        """The tile's width across its long axis: 1."""
        return 1.0

    @property
    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners, going round from the first end's corner at local ``(-1, -0.5)``."""
        a = math.radians(self.angle)
        ux, uy = math.cos(a), math.sin(a)
        out = []
        for lx, ly in ((-1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (-1.0, 0.5)):
            out.append(
                (_tidy(self.x + lx * ux - ly * uy), _tidy(self.y + lx * uy + ly * ux)),
            )
        return tuple(out)


@attrs.frozen
class Bounds:
    """The smallest upright rectangle holding some tiles, in :class:`TilePosition` units.

    .. versionadded:: 0.1
    """

    #: The leftmost x.
    min_x: float
    #: The topmost y (y grows down).
    min_y: float
    #: The rightmost x.
    max_x: float
    #: The bottommost y.
    max_y: float

    @property
    def width(self) -> float:
        """``max_x - min_x``."""
        return self.max_x - self.min_x

    @property
    def height(self) -> float:
        """``max_y - min_y``."""
        return self.max_y - self.min_y


def table_bounds(positions: Iterable[TilePosition]) -> Bounds:
    """The bounds of every corner of ``positions`` (all zero when there are none).

    >>> from chickenfoot import Layout, Placement, Tile, table_bounds, table_geometry
    >>> table_bounds(table_geometry(Layout((Placement(Tile(9, 9), None, None),))))
    Bounds(min_x=-0.5, min_y=-1.0, max_x=0.5, max_y=1.0)

    .. versionadded:: 0.1
    """
    xs: list[float] = []
    ys: list[float] = []
    for pos in positions:
        for x, y in pos.corners:
            xs.append(x)
            ys.append(y)
    if not xs:
        return Bounds(0.0, 0.0, 0.0, 0.0)
    return Bounds(min(xs), min(ys), max(xs), max(ys))


def table_geometry(
    table: _Pictured,
    *,
    opening_toes: int | None = None,
    toes_per_double: int | None = None,
) -> tuple[TilePosition, ...]:
    """Where every tile on the table lies, one :class:`TilePosition` per tile, in play order.

    The round double lies upright at ``(0, 0)``. Its places fan out around it: a cross
    (east, west, north, south) for 4, three on each side for 6, a Y for 3, evenly round
    it otherwise, filled in that order (R3, R7). A line runs straight out from its
    parent, tile touching tile. A double played on a line lies across it, and its toes
    fan out from its far side, the first straight on, the next two at 45 degrees to
    either side (R3, R9). When a tile would touch a tile that is not its parent, its line
    bends at the joint by the smallest angle that leaves room ahead, and a toe turns
    from its place in the fan the same way. Where a tile finds no room at all beside its
    parent, a branch it grows from, or one in its way, is bent or laid again to make
    room, as players shift a crowded table; failing that, the whole table is laid out
    again with more room between lines, with wider or narrower fans, or with each line
    knowing how long it will grow.

    No two tiles ever overlap. Every tile touches its parent, but a toe may stand off its
    double by up to one tile width to clear the toes beside it. Only on a table so
    crowded that none of the fifteen layouts tried finds room would a tile be set in the
    nearest free spot instead; eight seats of ``double-foot``, with feet on most lines,
    come nearest, and every such table met in testing finds room in one of them.

    .. versionchanged:: 0.2
       More layouts are tried on crowded tables, where a tile was sometimes set down
       away from its parent.

    Each tile is placed from the tiles played before it, so the tiles of a layout lie
    where they lay when it was shorter, except after a repair or a fresh layout.

    The round of :func:`layout_text`'s example: a cross, a foot on its south arm with
    its toes fanned out, and a double waiting for toes on the west arm:

    >>> from chickenfoot import PRESETS, Round, table_geometry
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=7)
    >>> for _ in range(14):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> for pos in table_geometry(rnd):
    ...     print(f"{pos.tile!s:4} on {pos.onto!s:4} at ({pos.x:5.2f}, {pos.y:5.2f}), {pos.angle:6.1f}")
    6-6  on None at ( 0.00,  0.00),   90.0
    6-1  on 6-6  at ( 1.50,  0.00),    0.0
    6-0  on 6-6  at (-1.50,  0.00),  180.0
    6-5  on 6-6  at ( 0.00, -2.00),  -90.0
    6-3  on 6-6  at ( 0.00,  2.00),   90.0
    3-3  on 6-3  at ( 0.00,  3.50),  180.0
    4-3  on 3-3  at ( 0.00,  5.00),   90.0
    3-1  on 3-3  at ( 2.06,  4.35),   45.0
    3-2  on 3-3  at (-2.06,  4.35),  135.0
    0-0  on 6-0  at (-3.00,  0.00),  -90.0
    3-0  on 0-0  at (-4.50,  0.00),  180.0

    Args:
        table: a :class:`~chickenfoot.Round`, a :class:`~chickenfoot.RoundView` or a
            :class:`~chickenfoot.Layout`.
        opening_toes: the round double's places; by default the variant's, or for a bare
            layout 4 (6 once it has more than 4 tiles).
        toes_per_double: the toe places of other doubles; by default the variant's, or 3
            for a bare layout.

    .. versionadded:: 0.1
    """
    layout, opening, toes, _ = _read(table)
    if opening_toes is not None:
        opening = opening_toes
    if toes_per_double is not None:
        toes = toes_per_double
    return _geometry(layout, max(1, opening), max(1, toes))


@functools.lru_cache(maxsize=64)
def _geometry(layout: Layout, opening: int, toes: int) -> tuple[TilePosition, ...]:
    for k, room in enumerate(_TRIES):
        placed = _Layouter(layout, opening, toes, room).lay_out(squeeze=k == len(_TRIES) - 1)
        if placed is not None:
            break
    assert placed is not None
    firsts = _firsts(layout)
    out = []
    for p, (rect, heading) in zip(layout.placements, placed, strict=True):
        angle = (heading + 90.0 if p.tile.is_double else heading) % 360.0
        if angle > 180.0:
            angle -= 360.0
        x, y = _tidy(rect[0]), _tidy(rect[1])
        out.append(TilePosition(p.tile, p.onto, x, y, _tidy(angle), firsts[p.tile]))
    return tuple(out)
