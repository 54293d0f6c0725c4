"""Pictures of the table: the layout as text, as geometry for apps, and as SVG.

:func:`layout_text` prints the layout tree (R1) for a terminal. :func:`table_geometry`
places every tile on a plane the way players lay them on a real table: the round double in
the centre with its cross (or six toes, or other opening) around it, lines running
straight out, and each double lying across its line with its toes fanned out (R3).
:func:`table_svg` draws that geometry as a standalone SVG document with real domino faces.

The geometry is built in play order and every tile is placed from the tiles before it
alone, so a tile keeps its position for the rest of the round: the geometry of an earlier
layout is the start of the geometry of a later one, and an app can animate each new tile
without moving the others. A line runs straight until it would touch another tile; then it
bends at the joint, as players bend a line that runs into another.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from typing import Final, Protocol, TypeAlias
from xml.sax.saxutils import escape

import attrs

from ._rules import Rules
from ._table import Layout, OpenEnd
from ._tiles import Tile

__all__ = [
    "Bounds",
    "TilePosition",
    "layout_text",
    "table_bounds",
    "table_geometry",
    "table_svg",
]


class TableLike(Protocol):
    """Anything with a layout, rules and a turn: a :class:`~chickenfoot.Round` or a
    :class:`~chickenfoot.RoundView`.

    .. versionadded:: 0.1
    """

    @property
    def rules(self) -> Rules:
        """The variant."""

    @property
    def layout(self) -> Layout:
        """The tiles on the table (R1)."""

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every place a tile could go (R2, R3)."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` once the round is over."""

    @property
    def players(self) -> int:
        """How many seats play."""


#: What the picture functions accept: a round, a view or a bare layout.
Pictured: TypeAlias = "TableLike | Layout"


# -- the layout as text -------------------------------------------------------------------


def layout_text(table: Pictured) -> str:
    """The layout tree as indented text, rooted at the round double (R1).

    Each tile is written ``[a|b]`` with ``a`` the end that touches its parent. The round
    double and the doubles played on the lines (the feet) are named, a tile whose end is
    still open says ``open``, and a double with toe places left says how many (R2, R3).
    Children come in play order.

    >>> from chickenfoot import PRESETS, Round, layout_text
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=3)
    >>> for _ in range(14):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> print(layout_text(rnd))
    [6|6] round double
    ├── [6|3] open
    ├── [6|4] open
    ├── [6|1] open
    └── [6|5] open

    Args:
        table: a :class:`~chickenfoot.Round`, a :class:`~chickenfoot.RoundView` or a
            :class:`~chickenfoot.Layout`. A bare layout does not know the variant, so a
            double's free places are counted as if it had 3 toe places and the round
            double 4 (6 once it has more than 4 tiles).

    .. versionadded:: 0.1
    """
    layout, _, _, places = _read(table)
    if not layout.placements:
        return "(no tiles on the table)"
    kids: dict[Tile, list[Tile]] = {}
    for p in layout.placements:
        if p.onto is not None:
            kids.setdefault(p.onto, []).append(p.tile)
    root = layout.placements[0].tile
    firsts = _firsts(layout)
    lines: list[str] = []

    def label(tile: Tile) -> str:
        first = firsts[tile]
        text = f"[{first}|{tile.other(first) if tile.has(first) else tile.low}]"
        free = places.get(tile, 0)
        if tile == root:
            text += " round double"
        elif tile.is_double:
            text += " foot"
        if tile.is_double:
            if free:
                text += f", {free} place{'s' if free != 1 else ''} open"
        elif free:
            text += " open"
        return text

    stack: list[tuple[Tile, str, str]] = [(root, "", "")]
    while stack:
        tile, lead, indent = stack.pop()
        lines.append(lead + label(tile))
        children = kids.get(tile, [])
        for i in reversed(range(len(children))):
            last = i == len(children) - 1
            stack.append(
                (
                    children[i],
                    indent + ("└── " if last else "├── "),
                    indent + ("    " if last else "│   "),
                )
            )
    return "\n".join(lines)


def _read(table: Pictured) -> tuple[Layout, int, int, dict[Tile, int]]:
    """``table``'s layout, opening places, toe places and free places by tile."""
    if isinstance(table, Layout):
        layout = table
        opening, toes = _guess_places(layout)
        return layout, opening, toes, _free_places(layout, opening, toes)
    layout = table.layout
    rules = table.rules
    places = {end.onto: end.places for end in table.open_ends}
    return layout, rules.opening_toes, rules.toes_per_double, places


def _guess_places(layout: Layout) -> tuple[int, int]:
    """Opening and toe places for a layout without rules: a cross (or six) and 3 toes."""
    counts: dict[Tile, int] = {}
    for p in layout.placements:
        if p.onto is not None:
            counts[p.onto] = counts.get(p.onto, 0) + 1
    root = layout.root
    opening = counts.get(root, 0) if root is not None else 0
    opening = 4 if opening <= 4 else 6 if opening <= 6 else opening
    toes = max([3, *(n for t, n in counts.items() if t != root and t.is_double)])
    return opening, toes


def _free_places(layout: Layout, opening: int, toes: int) -> dict[Tile, int]:
    counts: dict[Tile, int] = {p.tile: 0 for p in layout.placements}
    for p in layout.placements:
        if p.onto is not None:
            counts[p.onto] = counts.get(p.onto, 0) + 1
    root = layout.root
    free: dict[Tile, int] = {}
    for tile, n in counts.items():
        if tile == root and tile.is_double:
            left = opening - n
        elif tile.is_double:
            left = toes - n
        else:
            left = 1 - n
        if left > 0:
            free[tile] = left
    return free


def _firsts(layout: Layout) -> dict[Tile, int]:
    """The number on the end of each tile that touches its parent (the high end at root)."""
    firsts: dict[Tile, int] = {}
    for p in layout.placements:
        tile, onto = p.tile, p.onto
        shows = tile.high
        if onto is not None and onto in firsts:
            shows = onto.high if onto.is_double else onto.other(firsts[onto])
        firsts[tile] = shows if tile.has(shows) else tile.high
    return firsts


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
    table: Pictured,
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
    from its place in the fan the same way. No two tiles ever overlap.

    Each tile is placed from the tiles played before it alone, so a tile's position
    never changes as the round goes on.

    >>> from chickenfoot import PRESETS, Round, table_geometry
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=3)
    >>> for _ in range(3):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> for pos in table_geometry(rnd):
    ...     print(pos.tile, pos.first, pos.x, pos.y, pos.angle)
    6-6 6 0.0 0.0 90.0
    6-3 6 1.5 0.0 0.0
    6-4 6 -1.5 0.0 180.0

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


#: ``(cx, cy, ux, uy, half_length, half_width)``: a rectangle centred on ``(cx, cy)``
#: with its long axis along the unit vector ``(ux, uy)``.
_Rect: TypeAlias = tuple[float, float, float, float, float, float]
_Point: TypeAlias = tuple[float, float]

#: The clearance kept between tiles that are not parent and child.
_GAP: Final = 0.08
#: Parent and child may touch; this absorbs rounding.
_TOUCH: Final = -1e-7
#: The grid cell of the collision index, in tile units.
_CELL: Final = 2.0
#: How many straight tiles a line or toe looks ahead for room when it has to turn.
_AHEAD: Final = 3
#: How far a toe may slide out from its double to clear the toes beside it.
_SLIDE: Final = 1.0
#: The room to spare on either side of a new line, where there is a choice.
_PAD: Final = 0.75
#: How far ahead of an open end its line keeps the way clear of new lines.
_RESERVE: Final = 6.0
#: Half the width of the way kept ahead of an open end: room for a foot and its toes.
_LANE: Final = 1.5
#: A toe within this many degrees of square on to its double's side sits centred on it.
_SQUARE: Final = 15.0
#: Bends tried when a line is blocked, smallest first (degrees).
_BENDS: Final = tuple(s * b for b in range(15, 91, 15) for s in (1, -1))
#: Turns tried for a toe blocked at its place in the fan (degrees).
_TURNS: Final = tuple(s * b for b in range(10, 61, 10) for s in (1, -1))


def _opening_angles(n: int) -> list[float]:
    """The round double's places, as directions in the order they are filled."""
    if n == 4:
        return [0.0, 180.0, -90.0, 90.0]
    if n == 6:
        return [0.0, 180.0, -45.0, 225.0, 45.0, 135.0]
    if n == 3:
        return [-30.0, -150.0, 90.0]
    return [360.0 * k / n for k in range(n)]


def _toe_angles(n: int) -> list[float]:
    """A foot's toe places, as turns from its line, in the order they are filled."""
    if n == 1:
        return [0.0]
    if n == 2:
        return [-30.0, 30.0]
    if n == 3:
        return [0.0, -45.0, 45.0]
    spread = [-60.0 + 120.0 * k / (n - 1) for k in range(n)]
    return sorted(spread, key=lambda a: (abs(a), a))


def _unit(degrees: float) -> _Point:
    a = math.radians(degrees)
    return math.cos(a), math.sin(a)


def _tidy(value: float) -> float:
    """``value`` rounded to 9 places, without a negative zero."""
    return round(value, 9) + 0.0


def _overlap(a: _Rect, b: _Rect, gap: float) -> bool:
    """Whether ``a`` and ``b`` come closer than ``gap`` along every separating axis."""
    acx, acy, aux, auy, ahl, ahw = a
    bcx, bcy, bux, buy, bhl, bhw = b
    dx, dy = bcx - acx, bcy - acy
    for px, py in ((aux, auy), (-auy, aux), (bux, buy), (-buy, bux)):
        ra = ahl * abs(aux * px + auy * py) + ahw * abs(aux * py - auy * px)
        rb = bhl * abs(bux * px + buy * py) + bhw * abs(bux * py - buy * px)
        if abs(dx * px + dy * py) >= ra + rb + gap:
            return False
    return True


def _box(r: _Rect) -> tuple[float, float, float, float]:
    cx, cy, ux, uy, hl, hw = r
    ex = hl * abs(ux) + hw * abs(uy)
    ey = hl * abs(uy) + hw * abs(ux)
    return cx - ex, cy - ey, cx + ex, cy + ey


@attrs.define
class _Node:
    rect: _Rect
    #: The direction the tile's line runs (for a double, the way its toes go).
    heading: float
    double: bool
    slots: list[float]
    children: list[int] = attrs.field(factory=list)


class _Placer:
    """Places tiles one by one, each clear of every tile but its parent."""

    def __init__(self) -> None:
        self.rects: list[_Rect] = []
        self.cells: dict[tuple[int, int], list[int]] = {}
        #: The way ahead of each open line end, where that line will likely grow.
        self.ahead: dict[int, _Rect] = {}

    def reserve(self, index: int, heading: float) -> None:
        """Keep the way ahead of tile ``index``'s open end for its line."""
        cx, cy, ux, uy, hl, hw = self.rects[index]
        reach = 1.0 + _RESERVE / 2
        self.ahead[index] = (cx + reach * ux, cy + reach * uy, ux, uy, _RESERVE / 2, _LANE)

    def add(self, r: _Rect) -> int:
        """Put ``r`` on the table; its index."""
        index = len(self.rects)
        self.rects.append(r)
        x0, y0, x1, y1 = _box(r)
        for i in range(math.floor(x0 / _CELL), math.floor(x1 / _CELL) + 1):
            for j in range(math.floor(y0 / _CELL), math.floor(y1 / _CELL) + 1):
                self.cells.setdefault((i, j), []).append(index)
        return index

    def clear(self, r: _Rect, parent: int = -1) -> bool:
        """Whether ``r`` keeps clear of every tile, touching at most ``parent``."""
        x0, y0, x1, y1 = _box(r)
        seen: set[int] = set()
        for i in range(math.floor((x0 - _GAP) / _CELL), math.floor((x1 + _GAP) / _CELL) + 1):
            for j in range(math.floor((y0 - _GAP) / _CELL), math.floor((y1 + _GAP) / _CELL) + 1):
                for k in self.cells.get((i, j), ()):
                    if k in seen:
                        continue
                    seen.add(k)
                    if _overlap(r, self.rects[k], _TOUCH if k == parent else _GAP):
                        return False
        return True

    def crowding(self, rects: Iterable[_Rect], parent: int) -> int:
        """How many of ``rects``, widened by ``_PAD``, get in the way ahead of other lines."""
        count = 0
        for r in rects:
            wide = (*r[:5], r[5] + _PAD)
            if any(k != parent and _overlap(wide, way, 0.0) for k, way in self.ahead.items()):
                count += 1
        return count

    def probes(self, r: _Rect, heading: float, double: bool) -> list[_Rect]:
        """``r`` and the tiles that would follow it straight on, ``_AHEAD`` in all."""
        ux, uy = _unit(heading)
        cx, cy = r[0], r[1]
        step = 1.5 if double else 2.0
        out = [r]
        while len(out) < _AHEAD:
            cx, cy = cx + step * ux, cy + step * uy
            step = 2.0
            out.append((cx, cy, ux, uy, 1.0, 0.5))
        return out

    def room(self, probes: Sequence[_Rect], pad: float = 0.0) -> int:
        """How many of ``probes`` fit in a row (the first is known to fit), each with
        ``pad`` to spare on either side.
        """
        run = 1
        for r in probes[1:]:
            if not self.clear((*r[:5], r[5] + pad)):
                break
            run += 1
        return run


def _child_rect(mx: float, my: float, heading: float, double: bool) -> _Rect:
    """The tile whose near edge is centred on ``(mx, my)``, running along ``heading``."""
    ux, uy = _unit(heading)
    if double:
        return (mx + 0.5 * ux, my + 0.5 * uy, -uy, ux, 1.0, 0.5)
    return (mx + ux, my + uy, ux, uy, 1.0, 0.5)


def _bent(parent: _Rect, heading: float, bend: float, double: bool) -> _Rect:
    """The tile after ``parent`` on its line, turned by ``bend`` degrees at the joint.

    The tile pivots on the parent's far corner on the side it turns to, so the parent
    stays behind the line of the new tile's near edge and the two touch at that corner.
    """
    cx, cy, ux, uy, hl, hw = parent
    ex, ey = cx + hl * ux, cy + hl * uy  # the middle of the parent's far edge
    nx, ny = -uy, ux
    side = 1.0 if bend >= 0 else -1.0
    px, py = ex + side * hw * nx, ey + side * hw * ny  # the pivot corner
    new = heading + bend
    vx, vy = _unit(new)
    mx = px - side * hw * math.cos(math.radians(bend)) * -vy
    my = py - side * hw * math.cos(math.radians(bend)) * vx
    return _child_rect(mx, my, new, double)


def _toe_rect(
    parent: _Rect, heading: float, double: bool, placer: _Placer, siblings: Sequence[int]
) -> _Rect | None:
    """A toe going out from ``parent`` along ``heading``, or ``None`` if it finds no room.

    The toe leaves through the side of the parent that the ray from the parent's centre
    along ``heading`` crosses. Square on to that side (within ``_SQUARE`` degrees) it
    sits centred on the crossing; at a slant it pivots on the corner it leans towards,
    its near edge running on out from that corner, so that it touches the parent only at
    the corner and stays clear of a toe that goes straight out beside it. Either way it
    slides outward, at most ``_SLIDE``, to clear the toes already there.
    """
    cx, cy, ux, uy, hl, hw = parent
    vx, vy = _unit(heading)
    along, across = vx * ux + vy * uy, vy * ux - vx * uy
    nx, ny = -uy, ux
    if abs(along) * hw >= abs(across) * hl:  # it leaves through an end of the parent
        sign = 1.0 if along > 0 else -1.0
        mx, my, half = sign * ux, sign * uy, hl  # the side's outward normal, and its reach
        ex, ey, side_half = nx, ny, hw  # along the side
    else:  # through a long side
        sign = 1.0 if across > 0 else -1.0
        mx, my, half = sign * nx, sign * ny, hw
        ex, ey, side_half = ux, uy, hl
    cos_in = vx * mx + vy * my
    px, py = cx + half * mx, cy + half * my  # the middle of the side it leaves through
    if cos_in >= math.cos(math.radians(_SQUARE)):
        reach = half / cos_in
        bx, by = cx + reach * vx, cy + reach * vy
        sx, sy = vx, vy
    else:
        if ex * vx + ey * vy < 0:  # along the side towards the corner the toe leans to
            ex, ey = -ex, -ey
        qx, qy = px + side_half * ex, py + side_half * ey  # that corner
        wx, wy = -vy, vx  # the toe's near edge, pointing away from the parent
        if wx * ex + wy * ey < 0:
            wx, wy = -wx, -wy
        edge = 1.0 if double else 0.5  # half the toe's near edge
        bx, by = qx + edge * wx, qy + edge * wy
        sx, sy = ex, ey
    for step in range(round(_SLIDE / 0.05) + 1):
        t = 0.05 * step
        r = _child_rect(bx + t * sx, by + t * sy, heading, double)
        if not _overlap(r, parent, _TOUCH) and not any(
            _overlap(r, placer.rects[k], _GAP) for k in siblings
        ):
            return r
    return None


def _best(
    options: Iterable[tuple[_Rect, float]], placer: _Placer, parent: int, double: bool
) -> tuple[_Rect, float] | None:
    """The clear option with the most room ahead (up to ``_AHEAD`` tiles), then the least
    in the way of other lines, then the first; ``None`` if no option is clear.
    """
    best: tuple[_Rect, float] | None = None
    best_score = (0, 0, 0)
    for r, heading in options:
        if not placer.clear(r, parent):
            continue
        probes = placer.probes(r, heading, double)
        room = placer.room(probes)
        wide = placer.room(probes, _PAD) if room == _AHEAD else 0
        score = (room, wide, -placer.crowding(probes, parent))
        if best is None or score > best_score:
            best, best_score = (r, heading), score
            if score == (_AHEAD, _AHEAD, 0):
                break
    return best


@functools.lru_cache(maxsize=64)
def _geometry(layout: Layout, opening: int, toes: int) -> tuple[TilePosition, ...]:
    placer = _Placer()
    nodes: dict[Tile, int] = {}
    info: list[_Node] = []
    out: list[TilePosition] = []
    firsts = _firsts(layout)
    for p in layout.placements:
        tile, double = p.tile, p.tile.is_double
        if p.onto is None or p.onto not in nodes:
            rect: _Rect = (
                (0.0, 0.0, 0.0, 1.0, 1.0, 0.5) if double else (0.0, 0.0, 1.0, 0.0, 1.0, 0.5)
            )
            heading = 0.0
            slots = _opening_angles(opening) if double else [0.0]
            parent = -1
        else:
            parent = nodes[p.onto]
            rect, heading = _place(placer, info, parent, double)
            slots = [heading + a for a in _toe_angles(toes)] if double else [heading]
            info[parent].children.append(len(info))
        index = placer.add(rect)
        nodes[tile] = index
        placer.ahead.pop(parent, None)
        if not double:
            placer.reserve(index, heading)
        info.append(_Node(rect, heading, double, slots))
        angle = heading + 90.0 if double else heading
        angle %= 360.0
        if angle > 180.0:
            angle -= 360.0
        out.append(
            TilePosition(tile, p.onto, _tidy(rect[0]), _tidy(rect[1]), _tidy(angle), firsts[tile])
        )
    return tuple(out)


def _place(placer: _Placer, info: list[_Node], parent: int, double: bool) -> tuple[_Rect, float]:
    """Where a tile played onto tile number ``parent`` goes, and the way its line runs."""
    node = info[parent]
    n = len(node.children)
    onto_double = node.double
    siblings = node.children
    if not onto_double and n == 0:  # the next tile of a line
        straight = _bent(node.rect, node.heading, 0.0, double)
        if placer.clear(straight, parent):
            return straight, node.heading
        options = ((_bent(node.rect, node.heading, b, double), node.heading + b) for b in _BENDS)
        found = _best(options, placer, parent, double)
        if found is None:
            fine = range(-90, 91, 5)
            found = _best(
                ((_bent(node.rect, node.heading, b, double), node.heading + b) for b in fine),
                placer,
                parent,
                double,
            )
        if found is not None:
            return found
        return _detached(placer, straight, node.heading), node.heading
    # a toe of a double (or a stray second child of a tile)
    slots = node.slots if onto_double else [node.heading + a for a in (-60.0, 60.0, -90.0, 90.0)]
    k = n if onto_double else n - 1
    if k < len(slots):
        aim = slots[k]
    else:
        aim = node.heading + 360.0 * k / (k + 1)
    base = aim - node.heading
    sign = 1.0 if base > 0 else -1.0
    turns = (0.0, *(sign * t for t in _TURNS))

    def options(angles: Iterable[float]) -> Iterable[tuple[_Rect, float]]:
        for a in angles:
            r = _toe_rect(node.rect, aim + a, double, placer, siblings)
            if r is not None:
                yield r, aim + a

    found = _best(options(turns), placer, parent, double)
    if found is None:
        found = _best(options(range(5, 360, 5)), placer, parent, double)
    if found is not None:
        return found
    first = _child_rect(node.rect[0], node.rect[1], aim, double)
    return _detached(placer, first, aim), aim


def _detached(placer: _Placer, r: _Rect, heading: float) -> _Rect:
    """``r`` pushed straight out along ``heading`` until it is clear (a last resort)."""
    ux, uy = _unit(heading)
    cx, cy = r[0], r[1]
    step = 0.25
    while True:
        cx, cy = cx + step * ux, cy + step * uy
        moved = (cx, cy, *r[2:])
        if placer.clear(moved):
            return moved


# -- SVG ----------------------------------------------------------------------------------

_FELT: Final = "#1d5c3a"
_INK: Final = "#262626"
_IVORY: Final = "#fffbea"
_EDGE: Final = "#55504a"
_GOLD: Final = "#f3d27a"
_GOLD_EDGE: Final = "#9a6a00"
_OPEN: Final = "#2fb36a"
_WAITING: Final = "#f0a020"
_TEXT: Final = "#f4f1e6"
#: Pips on a 3 by 3 grid, for 0 to 9 (the standard faces).
_GRID: Final = 0.27
_FACES: Final[tuple[tuple[tuple[int, int], ...], ...]] = (
    (),
    ((0, 0),),
    ((-1, -1), (1, 1)),
    ((-1, -1), (0, 0), (1, 1)),
    ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (0, 0), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
)


def _pips(n: int) -> tuple[list[_Point], float]:
    """Pip centres of ``n`` on a half tile centred at ``(0, 0)``, and the pip radius.

    0 to 9 are the standard faces on a 3 by 3 grid. 10 to 18 are three rows along the
    tile: the outer two full, the middle one holding the rest, centred (10 is 4, 2, 4).
    """
    if n <= 9:
        return [(_GRID * i, _GRID * j) for i, j in _FACES[n]], 0.085
    per_row = math.ceil(n / 3)
    middle = n - 2 * per_row
    pitch = 0.64 / (per_row - 1)
    out: list[_Point] = []
    for row, count in ((-1, per_row), (0, middle), (1, per_row)):
        for i in range(count):
            out.append(((i - (count - 1) / 2) * pitch, row * _GRID))
    return out, min(0.085, pitch * 0.36)


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _face(number: int, cx: float, angle: float) -> list[str]:
    """The SVG of one end's pips, centred on local ``(cx, 0)`` of a tile at ``angle``."""
    if number > 18:
        return [
            f'<text x="{_num(cx)}" y="0" transform="rotate({_num(-angle)} {_num(cx)} 0)" '
            f'font-size="0.52" font-weight="bold" text-anchor="middle" '
            f'dominant-baseline="central" fill="{_INK}">{number}</text>'
        ]
    pips, radius = _pips(number)
    return [
        f'<circle cx="{_num(cx + x)}" cy="{_num(y)}" r="{_num(radius)}" fill="{_INK}"/>'
        for x, y in pips
    ]


def _tile_svg(
    pos: TilePosition, css: str, role: str | None, mark: str | None, centre: bool = False
) -> str:
    """One tile as a ``<g>`` of class ``css``: the face, the dividing line and the pips."""
    fill, edge, stroke = (_GOLD, _GOLD_EDGE, 0.08) if centre else (_IVORY, _EDGE, 0.045)
    attrs_ = f'class="{css}" data-tile="{pos.tile}"'
    if pos.onto is not None:
        attrs_ += f' data-onto="{pos.onto}"'
    if role is not None:
        attrs_ += f' data-role="{role}"'
    parts = [
        f'<g {attrs_} transform="translate({_num(pos.x)} {_num(pos.y)}) rotate({_num(pos.angle)})">',
        f'<rect class="face" x="-0.98" y="-0.48" width="1.96" height="0.96" rx="0.13" '
        f'fill="{fill}" stroke="{edge}" stroke-width="{stroke}"/>',
        f'<line x1="0" y1="-0.36" x2="0" y2="0.36" stroke="{_EDGE}" stroke-width="0.035"/>',
        *_face(pos.first, -0.5, pos.angle),
        *_face(pos.second, 0.5, pos.angle),
    ]
    if mark == "open":
        parts.append(
            f'<rect class="open-end" x="0.84" y="-0.3" width="0.09" height="0.6" rx="0.04" '
            f'fill="{_OPEN}"/>'
        )
    elif mark == "waiting":
        parts.append(
            f'<rect class="open-end" x="-1.06" y="-0.56" width="2.12" height="1.12" rx="0.18" '
            f'fill="none" stroke="{_WAITING}" stroke-width="0.07" stroke-dasharray="0.2 0.12"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _title(table: Pictured, layout: Layout) -> str:
    if isinstance(table, Layout):
        return f"{len(layout)} tiles on the table"
    rules = table.rules
    text = f"{rules.name}, {table.players} players"
    seat = getattr(table, "seat", None)
    if isinstance(seat, int):
        text += f", seat {seat}'s view"
    outcome = getattr(table, "outcome", None)
    to_move = table.to_move
    if to_move is not None:
        text += f": seat {to_move} to move"
    elif outcome is not None:
        how = "went out" if getattr(outcome.ending, "name", "") == "WENT_OUT" else "wins, blocked"
        text += f": seat {outcome.winner} {how}"
    return text + f" ({len(layout)} tiles on the table)"


def table_svg(
    table: Pictured,
    *,
    size: float | None = None,
    hand: bool = True,
    title: bool = True,
) -> str:
    """The table as a standalone SVG document, drawn from :func:`table_geometry`.

    Every tile on the table is a ``<g class="tile" data-tile="9-4">`` group holding a
    ``<rect class="face">`` and its pips (the standard faces up to 9, three rows of pips
    up to 18, a numeral above that), with ``data-onto`` naming its parent and
    ``data-role`` one of ``centre``, ``foot``, ``toe`` or ``line``. The round double is
    gold; an open end carries a green mark and a double waiting for toes an orange
    outline (R2, R3, R7, R9). A title line names the variant and whose turn it is, and a
    view shows its own hand below the table as ``<g class="hand-tile">`` groups.

    >>> from chickenfoot import PRESETS, Round, table_svg
    >>> svg = table_svg(Round.deal(PRESETS["double-foot"], 4, seed=1))
    >>> svg.startswith("<svg"), svg.count('class="tile"')
    (True, 1)

    Args:
        table: a :class:`~chickenfoot.Round`, a :class:`~chickenfoot.RoundView` or a
            :class:`~chickenfoot.Layout`.
        size: the larger side of the picture in pixels; by default 30 pixels a tile
            unit, at most 960.
        hand: show a view's own hand below the table.
        title: show the title line.

    .. versionadded:: 0.1
    """
    layout, _, _, places = _read(table)
    positions = table_geometry(table)
    box = table_bounds(positions) if positions else Bounds(-1.0, -1.0, 1.0, 1.0)
    span = max(box.width, box.height, 8.0)
    margin = max(1.0, span / 30)
    font = max(0.6, span / 45)
    left, right = box.min_x - margin, box.max_x + margin
    top, bottom = box.min_y - margin, box.max_y + margin
    body: list[str] = []
    if title:
        top -= font * 1.6
    own: tuple[Tile, ...] = ()
    if hand and not isinstance(table, Layout):
        seat_hand = getattr(table, "hand", None)
        if isinstance(seat_hand, tuple):
            own = tuple(t for t in seat_hand if isinstance(t, Tile))
    root = layout.root
    roles = {p.tile: _role(p.tile, p.onto, root, layout) for p in layout.placements}
    for pos in positions:
        free = places.get(pos.tile, 0)
        mark = ("waiting" if pos.tile.is_double else "open") if free else None
        body.append(_tile_svg(pos, "tile", roles[pos.tile], mark, centre=pos.tile == root))
    if own:
        pitch = 1.3
        row = pitch * len(own)
        x0 = (box.min_x + box.max_x) / 2 - row / 2 + pitch / 2
        label_y = bottom + font * 0.2
        y = label_y + font * 0.5 + 1.2
        left, right = min(left, x0 - pitch / 2 - margin), max(right, x0 + row + margin)
        body.append(
            f'<text class="hand-label" x="{_num(x0 - pitch / 2)}" y="{_num(label_y)}" '
            f'font-size="{_num(font * 0.8)}" fill="{_TEXT}">'
            f"seat {getattr(table, 'seat', '?')}'s hand</text>"
        )
        for i, tile in enumerate(own):
            pos = TilePosition(tile, None, x0 + i * pitch, y, 90.0, tile.high)
            body.append(_tile_svg(pos, "hand-tile", None, None))
        bottom = y + 1.0 + margin
    width, height = right - left, bottom - top
    scale = (size / max(width, height)) if size is not None else min(30.0, 960 / max(width, height))
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{_num(width * scale)}" height="{_num(height * scale)}" '
        f'viewBox="{_num(left)} {_num(top)} {_num(width)} {_num(height)}">',
        f"<title>{escape(_title(table, layout))}</title>",
        f'<rect class="felt" x="{_num(left)}" y="{_num(top)}" width="{_num(width)}" '
        f'height="{_num(height)}" fill="{_FELT}"/>',
    ]
    if title:
        head.append(
            f'<text class="title" x="{_num(left + margin * 0.6)}" y="{_num(top + font * 1.2)}" '
            f'font-family="sans-serif" font-size="{_num(font)}" fill="{_TEXT}">'
            f"{escape(_title(table, layout))}</text>"
        )
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def _role(tile: Tile, onto: Tile | None, root: Tile | None, layout: Layout) -> str:
    if onto is None:
        return "centre"
    if tile.is_double:
        return "foot"
    return "toe" if onto.is_double else "line"
