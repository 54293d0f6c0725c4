"""Pictures of the table: the layout as text, as geometry for apps, and as SVG.

:func:`layout_text` prints the layout tree (R1) for a terminal. :func:`table_geometry`
places every tile on a plane the way players lay them on a real table: the round double in
the centre with its cross (or six toes, or other opening) around it, lines running
straight out, and each double lying across its line with its toes fanned out (R3).
:func:`table_svg` draws that geometry as a standalone SVG document with real domino faces.

The geometry is built in play order, each tile placed from the tiles before it, so a
tile keeps its position as the round goes on and an app can animate each new tile
without moving the others. Only when a tile finds no room beside its parent is a branch
of the table bent or laid again, or on a crowded table the whole table laid out afresh;
random rounds need that in a few moves in a thousand.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Container, Iterable, Iterator, Sequence
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


class _Table(Protocol):
    """What the pictures read of a :class:`~chickenfoot.Round` or a
    :class:`~chickenfoot.RoundView`.
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
_Pictured: TypeAlias = "_Table | Layout"


# -- the layout as text -------------------------------------------------------------------


def layout_text(table: _Pictured) -> str:
    """The layout tree as indented text, rooted at the round double (R1).

    Each tile is written ``[a|b]`` with ``a`` the end that touches its parent. The round
    double and the doubles played on the lines (the feet) are named, a tile whose end is
    still open says ``open``, and a double with toe places left says how many (R2, R3).
    Children come in play order.

    >>> from chickenfoot import PRESETS, Round, layout_text
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=7)
    >>> for _ in range(14):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> print(layout_text(rnd))
    [6|6] round double
    ├── [6|1] open
    ├── [6|0]
    │   └── [0|0] foot, 2 places open
    │       └── [0|3] open
    ├── [6|5] open
    └── [6|3]
        └── [3|3] foot
            ├── [3|4] open
            ├── [3|1] open
            └── [3|2] open

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
    roots: list[Tile] = []  # the round double, then any tile of a hand-made layout
    for p in layout.placements:  # whose parent is not on the table before it
        if p.onto is None or (p.onto not in kids and p.onto not in roots):
            roots.append(p.tile)
        else:
            kids.setdefault(p.onto, []).append(p.tile)
        kids.setdefault(p.tile, [])
    root = roots[0]
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

    stack: list[tuple[Tile, str, str]] = [(tile, "", "") for tile in reversed(roots)]
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


def _read(table: _Pictured) -> tuple[Layout, int, int, dict[Tile, int]]:
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
    double by up to one tile width to clear the toes beside it; only on a table so
    crowded that no layout finds room would a tile be set in the nearest free spot
    instead (no random round of any preset, up to 20 players, has needed that).

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


#: ``(cx, cy, ux, uy, half_length, half_width)``: a rectangle centred on ``(cx, cy)``
#: with its long axis along the unit vector ``(ux, uy)``.
_Rect: TypeAlias = tuple[float, float, float, float, float, float]
_Point: TypeAlias = tuple[float, float]
_Score: TypeAlias = tuple[float, ...]

#: The clearance kept between tiles that are not parent and child.
_GAP: Final = 0.08
#: Parent and child may touch; this absorbs rounding.
_TOUCH: Final = -1e-7
#: The grid cell of the collision index, in tile units.
_CELL: Final = 2.0
#: How many straight tiles a new line looks ahead for room.
_AHEAD: Final = 3
#: How far a toe may slide out from its double to clear the toes beside it.
_SLIDE: Final = 1.0
#: A toe within this many degrees of square on to its double's side sits centred on it.
_SQUARE: Final = 15.0
#: How far a foot's toes may turn from its line (degrees), past the fan's outer places.
_FAN: Final = 110.0
#: Bends tried at the joint of a line, in order (degrees).
_BENDS: Final = (0, *(s * b for b in range(15, 91, 15) for s in (1, -1)))
#: Turns tried for a toe from its place in the fan, in order (degrees).
_TURNS: Final = (0, *(s * b for b in range(10, 61, 10) for s in (1, -1)))
#: How many branches up from a tile with no room :meth:`_Layouter.repair` tries.
_REPAIR_DEPTH: Final = 12
#: How many branches up from each tile in the way :meth:`_Layouter.repair` tries.
_BLOCKER_DEPTH: Final = 6
#: The turns :meth:`_Layouter.repair` tries on each branch, in order (degrees).
_REPAIR_TURNS: Final = tuple(s * b for b in (10, 20, 30, 45, 60) for s in (1, -1))
#: How far ahead of an open end its line keeps a lane, where new lines keep out if they can.
_LANE_LENGTH: Final = 6.0


@attrs.frozen
class _Room:
    """How much room the layout leaves between lines: one try of :class:`_Layouter`."""

    #: Half the width of the lane kept ahead of an open end.
    lane: float
    #: The room a new line wants on either side of the tiles ahead of it.
    pad: float
    #: Whether lanes and room ahead are sized by the tiles that will really follow on
    #: each line (the whole layout known) rather than by a fixed guess (play order only).
    foresight: bool
    #: How many placements and turns one :meth:`_Layouter.repair` may try.
    budget: int
    #: How far a foot's outer toes turn from its line, in degrees.
    spread: float = 45.0


#: The tries, in order. The first places each tile from the tiles before it alone, with
#: the fans of the rules guide; the table is laid out again with the next only when a tile
#: found no room by its parent, and the others differ in room, foresight and fan, for a
#: crowded table that one cannot lay out is usually laid out by another.
_TRIES: Final = (
    _Room(1.5, 0.75, False, 400),
    _Room(2.5, 1.25, False, 400, 60.0),
    _Room(1.5, 0.75, True, 400, 75.0),
    _Room(2.5, 1.25, True, 400, 30.0),
    _Room(3.5, 1.75, False, 400),
    _Room(1.5, 0.75, True, 400, 60.0),
)
#: The longest stretch of a line that foresight keeps room for, in tiles.
_FORESIGHT: Final = 8


def _opening_angles(n: int) -> list[float]:
    """The round double's places, as directions in the order they are filled."""
    if n == 4:
        return [0.0, 180.0, -90.0, 90.0]
    if n == 6:
        return [0.0, 180.0, -45.0, 225.0, 45.0, 135.0]
    if n == 3:
        return [-30.0, -150.0, 90.0]
    return [360.0 * k / n for k in range(n)]


def _toe_angles(n: int, spread: float = 45.0) -> list[float]:
    """A foot's toe places, as turns from its line, in the order they are filled: the
    middle first, then out to ``spread`` degrees either side (more for more than 3).
    """
    if n == 1:
        return [0.0]
    widest = spread if n <= 3 else spread * 4 / 3
    if n == 2:
        return [-widest * 2 / 3, widest * 2 / 3]
    angles = [-widest + 2 * widest * k / (n - 1) for k in range(n)]
    return sorted(angles, key=lambda a: (abs(a), a))


def _sectors(angles: Sequence[float], low: float, high: float) -> list[tuple[float, float]]:
    """For each of ``angles``, the range of turns from it that stays nearer to it than to
    its neighbours, within ``low`` to ``high`` (a full circle when they are 360 apart).
    """
    full = high - low >= 360.0
    order = sorted(range(len(angles)), key=lambda k: angles[k] % 360.0 if full else angles[k])
    out = [(low, high)] * len(angles)
    for rank, k in enumerate(order):
        a = angles[k]
        if full:
            if len(angles) == 1:
                out[k] = (-180.0, 180.0)
                continue
            before = angles[order[rank - 1]]
            after = angles[order[(rank + 1) % len(order)]]
            out[k] = (-_wrap(a - before) / 2, _wrap(after - a) / 2)
        else:
            lo = (angles[order[rank - 1]] + a) / 2 if rank > 0 else low
            hi = (a + angles[order[rank + 1]]) / 2 if rank + 1 < len(order) else high
            out[k] = (lo - a, hi - a)
    return out


def _wrap(degrees: float) -> float:
    """``degrees`` folded into (-180, 180]."""
    folded = degrees % 360.0
    return folded - 360.0 if folded > 180.0 else folded


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


def _box(r: _Rect, grow: float = 0.0) -> tuple[float, float, float, float]:
    cx, cy, ux, uy, hl, hw = r
    ex = hl * abs(ux) + hw * abs(uy) + grow
    ey = hl * abs(uy) + hw * abs(ux) + grow
    return cx - ex, cy - ey, cx + ex, cy + ey


def _ahead(r: _Rect, heading: float, start: float, length: float, half_width: float) -> _Rect:
    """The rectangle from ``start`` to ``start + length`` ahead of ``r``'s centre."""
    ux, uy = _unit(heading)
    mid = start + length / 2
    return (r[0] + mid * ux, r[1] + mid * uy, ux, uy, length / 2, half_width)


def _child_rect(mx: float, my: float, heading: float, double: bool) -> _Rect:
    """The tile whose near edge is centred on ``(mx, my)``, running along ``heading``."""
    ux, uy = _unit(heading)
    if double:
        return (mx + 0.5 * ux, my + 0.5 * uy, -uy, ux, 1.0, 0.5)
    return (mx + ux, my + uy, ux, uy, 1.0, 0.5)


@attrs.define
class _Node:
    """A tile being laid out (its rectangle is kept by the :class:`_Placer`)."""

    double: bool
    #: The tile it was played onto, by index (-1 for the round double).
    parent: int
    #: Its place among the tiles played onto its parent: 0 for the first.
    slot: int
    #: The tiles played onto it, by index.
    children: list[int] = attrs.field(factory=list)
    #: The direction the tile's line runs (for a double, the way its toes go).
    heading: float = 0.0
    #: The directions of a double's toe places, in the order they are filled.
    slots: list[float] = attrs.field(factory=list)
    #: For each place, the turns from it that keep a toe on its own side of the fan.
    sectors: list[tuple[float, float]] = attrs.field(factory=list)


#: Where a tile not yet laid is kept.
_NOWHERE: Final[_Rect] = (0.0, 0.0, 1.0, 0.0, 1.0, 0.5)
#: What a branch was before it was moved: rectangle, heading and toe places by tile.
_Saved: TypeAlias = dict[int, tuple[_Rect, float, list[float]]]


class _Placer:
    """The tiles laid so far, and the room each open end keeps for what comes next."""

    def __init__(self, room: _Room, future: Sequence[tuple[int, bool]], count: int) -> None:
        self.room = room
        #: For each tile, how many tiles follow it on its line and whether a double ends
        #: the line; read only with foresight.
        self.future = future
        #: Every tile's rectangle, by index; ``on`` says which are laid.
        self.rects: list[_Rect] = [_NOWHERE] * count
        self.on: list[bool] = [False] * count
        self.cells: dict[tuple[int, int], list[int]] = {}
        #: The next place at each open line end: room for a tile or a double across.
        self.fronts: dict[int, _Rect] = {}
        #: The lane further ahead of each open line end.
        self.lanes: dict[int, _Rect] = {}

    def put(self, index: int, r: _Rect) -> None:
        """Lay tile ``index`` at ``r``."""
        self.rects[index] = r
        self.on[index] = True
        self.index(index)

    def take(self, index: int) -> None:
        """Take tile ``index`` up again."""
        self.unindex(index)
        self.on[index] = False
        self.close(index)

    def _cells(self, index: int) -> Iterator[tuple[int, int]]:
        x0, y0, x1, y1 = _box(self.rects[index])
        for i in range(math.floor(x0 / _CELL), math.floor(x1 / _CELL) + 1):
            for j in range(math.floor(y0 / _CELL), math.floor(y1 / _CELL) + 1):
                yield i, j

    def index(self, index: int) -> None:
        """Enter tile ``index`` in the grid of cells."""
        for cell in self._cells(index):
            self.cells.setdefault(cell, []).append(index)

    def unindex(self, index: int) -> None:
        """Take tile ``index`` out of the grid, to move it."""
        for cell in self._cells(index):
            self.cells[cell].remove(index)

    def open(self, index: int, heading: float) -> None:
        """Keep room ahead of the open end of line tile ``index`` (R2)."""
        r = self.rects[index]
        self.fronts[index] = _ahead(r, heading, 1.0, 2.0, 1.0)
        if self.room.foresight:
            rest, foot = self.future[index]
            length = 2.0 * min(rest, _FORESIGHT) + (2.5 if foot else 0.0)
            if length > 0:
                width = self.room.lane if foot else 0.5
                self.lanes[index] = _ahead(r, heading, 1.0, length, width)
        else:
            self.lanes[index] = _ahead(r, heading, 1.0, _LANE_LENGTH, self.room.lane)

    def close(self, index: int) -> None:
        """Tile ``index``'s end is taken."""
        self.fronts.pop(index, None)
        self.lanes.pop(index, None)

    def clear(
        self, r: _Rect, parent: int = -1, gap: float = _GAP, ignore: Container[int] = ()
    ) -> bool:
        """Whether ``r`` keeps ``gap`` from every tile but those in ``ignore``, touching
        at most ``parent``.
        """
        x0, y0, x1, y1 = _box(r, gap)
        seen: set[int] = set()
        for i in range(math.floor(x0 / _CELL), math.floor(x1 / _CELL) + 1):
            for j in range(math.floor(y0 / _CELL), math.floor(y1 / _CELL) + 1):
                for k in self.cells.get((i, j), ()):
                    if k not in seen and k not in ignore:
                        seen.add(k)
                        if _close(r, self.rects[k], _TOUCH if k == parent else gap):
                            return False
        return True

    def hits(self, r: _Rect, parent: int) -> list[int]:
        """The tiles, but ``parent``, that ``r`` comes closer to than the gap, in order."""
        x0, y0, x1, y1 = _box(r, _GAP)
        found: set[int] = set()
        for i in range(math.floor(x0 / _CELL), math.floor(x1 / _CELL) + 1):
            for j in range(math.floor(y0 / _CELL), math.floor(y1 / _CELL) + 1):
                for k in self.cells.get((i, j), ()):
                    if k != parent and k not in found and _overlap(r, self.rects[k], _GAP):
                        found.add(k)
        return sorted(found)

    def blocks(self, r: _Rect, parent: int) -> bool:
        """Whether ``r`` takes the next place of another open end."""
        return _meets(r, self.fronts, parent, 0.0)

    def crowding(self, rects: Iterable[_Rect], parent: int) -> int:
        """How many of ``rects``, widened by the pad, get in the lanes of other lines."""
        pad = self.room.pad
        return sum(_meets((*r[:5], r[5] + pad), self.lanes, parent, 0.0) for r in rects)

    def run(self, r: _Rect, heading: float, double: bool, want: int, pad: float = 0.0) -> int:
        """How many tiles fit in a straight line from ``r`` on (``r`` included), up to
        ``want``, each with ``pad`` to spare on either side.
        """
        ux, uy = _unit(heading)
        cx, cy = r[0], r[1]
        step = 1.5 if double else 2.0
        count = 1
        while count < want:
            cx, cy = cx + step * ux, cy + step * uy
            step = 2.0
            if not self.clear((cx, cy, ux, uy, 1.0, 0.5 + pad)):
                break
            count += 1
        return count

    def want(self, index: int) -> int:
        """How many tiles in a row a new line starting with tile ``index`` looks for."""
        if not self.room.foresight:
            return _AHEAD
        rest, foot = self.future[index]
        return 1 + min(rest, _FORESIGHT) + (1 if foot else 0)

    def score(
        self,
        r: _Rect,
        heading: float,
        double: bool,
        parent: int,
        toe: bool,
        want: int,
        inside: bool,
        beat: _Score,
    ) -> _Score | None:
        """How good a clear place ``r`` is for a tile, higher being better; ``None`` as
        soon as it is clear that it cannot beat ``beat``.

        Above all a tile keeps out of the next place of other open ends; a toe keeps to
        its side of the fan; a tile leaves room for what may follow it (a tile, or a
        double's toes); a new line looks for room ahead, out of the lanes of others.
        """

        def parts() -> Iterator[float]:
            yield 0.0 if self.blocks(r, parent) else 1.0
            if toe:
                yield 1.0 if inside else 0.0
            ahead = (
                _ahead(r, heading, 0.5, 2.0, 2.0) if double else _ahead(r, heading, 1.0, 2.0, 0.5)
            )
            yield 1.0 if self.clear(ahead, gap=0.0) else 0.0  # room for toes, or a tile
            if toe:
                room = self.run(r, heading, double, want)
                yield room / want
                pad = self.room.pad
                yield (
                    1.0 if room == want and self.run(r, heading, double, want, pad) == want else 0.0
                )
                probes = [_ahead(r, heading, 1.0 + 2.0 * k, 2.0, 0.5) for k in range(want - 1)]
                yield -self.crowding([r, *probes], parent)

        score: list[float] = []
        for part in parts():
            score.append(part)
            mark = beat[: len(score)]
            if tuple(score) < mark:
                return None
        return tuple(score)

    def best(
        self,
        options: Iterable[tuple[_Rect, float, bool]],
        double: bool,
        parent: int,
        toe: bool,
        want: int = _AHEAD,
    ) -> tuple[_Rect, float] | None:
        """The best clear option, the earliest of equals; ``None`` if none is clear.

        Each option is a place, its heading, and whether it keeps to its side of the fan.
        """
        best: tuple[_Rect, float] | None = None
        best_score: _Score = ()
        top = (1.0, 1.0, 1.0, 1.0, 1.0, 0.0) if toe else (1.0, 1.0)
        for r, heading, inside in options:
            if not self.clear(r, parent):
                continue
            score = self.score(r, heading, double, parent, toe, want, inside, best_score)
            if score is not None and (best is None or score > best_score):
                best, best_score = (r, heading), score
                if score == top:
                    break
        return best


def _meets(r: _Rect, places: dict[int, _Rect], skip: int, gap: float) -> bool:
    """Whether ``r`` comes within ``gap`` of one of ``places`` but ``places[skip]``."""
    for k, other in places.items():
        if k == skip:
            continue
        if _close(r, other, gap):
            return True
    return False


def _bent(parent: _Rect, heading: float, bend: float, double: bool) -> _Rect:
    """The tile after ``parent`` on its line, turned by ``bend`` degrees at the joint.

    The tile pivots on the parent's far corner on the side it turns to: the parent stays
    behind the line of the new tile's near edge, and the two touch at that corner.
    """
    cx, cy, ux, uy, hl, hw = parent
    ex, ey = cx + hl * ux, cy + hl * uy  # the middle of the parent's far edge
    side = 1.0 if bend >= 0 else -1.0
    px, py = ex - side * hw * uy, ey + side * hw * ux  # the pivot corner
    vx, vy = _unit(heading + bend)
    shift = side * hw * math.cos(math.radians(bend))
    return _child_rect(px + shift * vy, py - shift * vx, heading + bend, double)


def _toe_rect(
    parent: _Rect, heading: float, double: bool, rects: Sequence[_Rect], siblings: Sequence[int]
) -> _Rect | None:
    """A toe going out from ``parent`` along ``heading``; ``None`` if its siblings leave
    no room.

    The toe leaves through the side of the parent that the ray from the parent's centre
    along ``heading`` crosses. Square on to that side (within ``_SQUARE`` degrees) it
    sits centred on the crossing; at a slant it pivots on the corner it leans towards,
    its near edge running on out from that corner, so that it touches the parent only
    there and stays clear of a toe going straight out beside it. Either way it slides
    out, at most ``_SLIDE``, to clear the toes already there.
    """
    cx, cy, ux, uy, hl, hw = parent
    vx, vy = _unit(heading)
    along, across = vx * ux + vy * uy, vy * ux - vx * uy
    nx, ny = -uy, ux
    if abs(along) * hw >= abs(across) * hl:  # out through an end of the parent
        sign = 1.0 if along > 0 else -1.0
        mx, my, half = sign * ux, sign * uy, hl  # the side's outward normal and distance
        ex, ey, side_half = nx, ny, hw  # along the side
    else:  # out through a long side
        sign = 1.0 if across > 0 else -1.0
        mx, my, half = sign * nx, sign * ny, hw
        ex, ey, side_half = ux, uy, hl
    cos_in = vx * mx + vy * my
    if cos_in >= math.cos(math.radians(_SQUARE)):
        reach = half / cos_in
        bx, by = cx + reach * vx, cy + reach * vy
        sx, sy = vx, vy
    else:
        if ex * vx + ey * vy < 0:  # along the side, towards the corner the toe leans to
            ex, ey = -ex, -ey
        qx, qy = cx + half * mx + side_half * ex, cy + half * my + side_half * ey
        wx, wy = -vy, vx  # the toe's near edge, pointing away from the parent
        if wx * ex + wy * ey < 0:
            wx, wy = -wx, -wy
        edge = 1.0 if double else 0.5  # half the toe's near edge
        bx, by = qx + edge * wx, qy + edge * wy
        sx, sy = ex, ey
    near = [rects[k] for k in siblings]

    def fits(t: float) -> _Rect | None:
        r = _child_rect(bx + t * sx, by + t * sy, heading, double)
        if _overlap(r, parent, _TOUCH) or any(_close(r, other, _GAP) for other in near):
            return None
        return r

    found = fits(0.0)
    if found is not None:
        return found
    low, high = 0.0, 0.25  # the first step out that fits, then halved down to 1/32
    while (found := fits(high)) is None:
        low, high = high, high + 0.25
        if high > _SLIDE:
            return None
    for _ in range(3):
        middle = (low + high) / 2
        nearer = fits(middle)
        if nearer is None:
            low = middle
        else:
            high, found = middle, nearer
    return found


def _close(a: _Rect, b: _Rect, gap: float) -> bool:
    """:func:`_overlap`, quicker for rectangles far apart."""
    a0, b0, a1, b1 = _box(a, gap)
    c0, d0, c1, d1 = _box(b)
    return c0 < a1 and a0 < c1 and d0 < b1 and b0 < d1 and _overlap(a, b, gap)


def _futures(layout: Layout) -> list[tuple[int, bool]]:
    """For each tile, how many tiles follow it on its line and whether a double ends it."""
    after: dict[Tile, Tile] = {}
    for p in layout.placements:
        if p.onto is not None and not p.onto.is_double and p.onto not in after:
            after[p.onto] = p.tile
    out: dict[Tile, tuple[int, bool]] = {}
    for p in reversed(layout.placements):
        nxt = after.get(p.tile)
        if p.tile.is_double or nxt is None:
            out[p.tile] = (0, False)
        elif nxt.is_double:
            out[p.tile] = (0, True)
        else:
            rest, foot = out.get(nxt, (0, False))
            out[p.tile] = (rest + 1, foot)
    return [out[p.tile] for p in layout.placements]


def _edge_point(r: _Rect, heading: float) -> _Point:
    """Where the ray from ``r``'s centre along ``heading`` leaves ``r``."""
    cx, cy, ux, uy, hl, hw = r
    vx, vy = _unit(heading)
    along, across = abs(vx * ux + vy * uy), abs(vy * ux - vx * uy)
    t = min(hl / along if along > 1e-9 else math.inf, hw / across if across > 1e-9 else math.inf)
    return cx + t * vx, cy + t * vy


class _Layouter:
    """Lays out a whole layout, tile by tile in play order (one try of :func:`_geometry`).

    Each tile takes the best place beside its parent (:meth:`place`). If there is none,
    a branch is turned or laid again to make room (:meth:`repair`); failing that the
    tile may leave its parent in any direction; failing that it is squeezed into the
    nearest clear spot, and :attr:`squeezed` counts it.
    """

    def __init__(self, layout: Layout, opening: int, toes: int, room: _Room) -> None:
        count = len(layout.placements)
        self.placer = _Placer(room, _futures(layout), count)
        self.nodes: list[_Node] = []
        where: dict[Tile, int] = {}
        for index, p in enumerate(layout.placements):
            parent = -1 if p.onto is None else where.get(p.onto, -1)
            slot = 0
            if parent >= 0:
                slot = len(self.nodes[parent].children)
                self.nodes[parent].children.append(index)
            self.nodes.append(_Node(p.tile.is_double, parent, slot))
            where[p.tile] = index
        self.opening = _opening_angles(opening)
        self.opening_sectors = _sectors(self.opening, -180.0, 180.0)
        self.fan = _toe_angles(toes, room.spread)
        self.fan_sectors = _sectors(self.fan, -_FAN, _FAN)
        self.squeezed = 0
        #: How many more placements the repair under way may try.
        self.budget = 0

    def lay_out(self, squeeze: bool) -> list[tuple[_Rect, float]] | None:
        """Every tile's rectangle and heading, in play order; ``None`` if a tile finds no
        room by its parent and may not be squeezed in.
        """
        for index, node in enumerate(self.nodes):
            if node.parent < 0:  # the round double (or, in a layout made by hand, a stray)
                rect = (0.0, 0.0, 0.0, 1.0, 1.0, 0.5) if node.double else _NOWHERE
                if index:
                    rect = self.nearest(rect, 0.0)
                self.commit(index, rect, 0.0)
                continue
            found = self.place(index) or self.repair(index) or self.place(index, anywhere=True)
            if found is None:
                if not squeeze:
                    return None
                self.squeezed += 1
                found = self.squeeze(index)
            self.commit(index, *found)
        return [(self.placer.rects[k], n.heading) for k, n in enumerate(self.nodes)]

    def commit(self, index: int, rect: _Rect, heading: float) -> None:
        """Lay tile ``index`` at ``rect``, its line running along ``heading``."""
        node = self.nodes[index]
        node.heading = heading
        if node.double:
            root = node.parent < 0
            node.slots = [heading + a for a in (self.opening if root else self.fan)]
            node.sectors = self.opening_sectors if root else self.fan_sectors
        self.placer.put(index, rect)
        if node.parent >= 0:
            self.placer.close(node.parent)
        if not node.double:
            self.placer.open(index, heading)

    def continues(self, index: int) -> bool:
        """Whether tile ``index`` carries on its parent's line (rather than leaving a double)."""
        node = self.nodes[index]
        return node.slot == 0 and not self.nodes[node.parent].double

    def aim(self, index: int) -> tuple[float, float, float]:
        """The direction of toe ``index``'s place and the turns from it on its side."""
        node = self.nodes[index]
        parent = self.nodes[node.parent]
        k = node.slot if parent.double else node.slot - 1
        if k < len(parent.slots):
            low, high = parent.sectors[k]
            return parent.slots[k], low, high
        return parent.heading + 180.0 * (k % 2 * 2 - 1) / 3, -180.0, 180.0

    def pose(self, index: int, turn: float) -> tuple[_Rect, float] | None:
        """Tile ``index`` beside its parent, turned ``turn`` degrees from the way it would
        naturally go; ``None`` if the toes beside it leave no room there.
        """
        node = self.nodes[index]
        parent = self.nodes[node.parent]
        rect = self.placer.rects[node.parent]
        if self.continues(index):  # the next tile of a line (R2)
            heading = parent.heading + turn
            return _bent(rect, parent.heading, turn, node.double), heading
        heading = self.aim(index)[0] + turn  # a toe of a double (R3)
        siblings = [c for c in parent.children if c != index and self.placer.on[c]]
        found = _toe_rect(rect, heading, node.double, self.placer.rects, siblings)
        return None if found is None else (found, heading)

    def place(self, index: int, anywhere: bool = False) -> tuple[_Rect, float] | None:
        """The best clear place for tile ``index`` beside its parent, or ``None``.

        A line bends at most ``_BENDS`` and a toe turns at most ``_TURNS`` from its
        place, or ``anywhere`` (every 5 degrees) when nothing else is left.
        """
        node = self.nodes[index]
        self.budget -= 1
        if self.continues(index):
            turns: Sequence[float] = range(-90, 91, 5) if anywhere else _BENDS
            low, high = -180.0, 180.0
        else:
            turns = range(-180, 180, 5) if anywhere else _TURNS
            _, low, high = self.aim(index)

        def options() -> Iterator[tuple[_Rect, float, bool]]:
            for t in turns:
                found = self.pose(index, t)
                if found is not None:
                    yield found[0], found[1], low <= t <= high

        toe = not self.continues(index)
        want = self.placer.want(index)
        return self.placer.best(options(), node.double, node.parent, toe=toe, want=want)

    def branch(self, root: int) -> list[int]:
        """Tile ``root`` and every tile laid that grows from it, in play order."""
        out = [root]
        for k in out:
            out.extend(c for c in self.nodes[k].children if self.placer.on[c])
        return sorted(out)

    def ancestors(self, index: int, depth: int) -> list[int]:
        """Tile ``index`` and the tiles it grows from, nearest first, up to ``depth`` of
        them, without the round double.
        """
        out: list[int] = []
        while len(out) < depth and self.nodes[index].parent >= 0:
            out.append(index)
            index = self.nodes[index].parent
        return out

    def repair(self, index: int) -> tuple[_Rect, float] | None:
        """Make room for tile ``index`` by moving a branch, then place it.

        A branch is a tile with every tile laid that grows from it. First a branch turns
        as one piece about the joint where it meets its parent, as a player bends a
        line; then a branch is taken up and laid again, its first tile turned, the
        others finding their places anew. Either way every tile still touches its
        parent. The branches tried are those the tile grows from, nearest first (up to
        ``_REPAIR_DEPTH``), then those of the tiles in its way (up to ``_BLOCKER_DEPTH``
        each), and last the round double's toes, which keep the centre in shape. A repair
        gives up after trying as many placements and turns as the :class:`_Room` allows.
        """
        self.budget = self.placer.room.budget
        node = self.nodes[index]
        chain = self.ancestors(node.parent, _REPAIR_DEPTH)
        natural = self.pose(index, 0.0)
        if natural is None:
            aim = self.aim(index)[0]
            rect = self.placer.rects[node.parent]
            natural = _child_rect(*_edge_point(rect, aim), aim, node.double), aim
        for blocker in self.placer.hits(natural[0], node.parent):
            chain.extend(k for k in self.ancestors(blocker, _BLOCKER_DEPTH) if k not in chain)
        chain.sort(key=lambda k: self.nodes[self.nodes[k].parent].parent < 0)
        for root in chain:
            for turn in _REPAIR_TURNS:
                if self.budget <= 0:
                    return None
                saved = self.turn(root, turn)
                if saved is not None:
                    found = self.place(index)
                    if found is not None:
                        return found
                    self.restore(saved)
        for root in chain:
            if self.budget <= 0:
                return None
            found = self.relay(root, index)
            if found is not None:
                return found
        return None

    def turn(self, root: int, turn: float) -> _Saved | None:
        """Turn the branch of tile ``root`` by ``turn`` degrees about its joint, if it
        stays clear; what it was, for :meth:`restore`, or ``None`` (and nothing moved).
        """
        self.budget -= 1
        node = self.nodes[root]
        if self.continues(root):
            bend = _wrap(node.heading - self.nodes[node.parent].heading) + turn
            if abs(bend) > 90.0:
                return None
            found = self.pose(root, bend)
        else:
            found = self.pose(root, _wrap(node.heading - self.aim(root)[0]) + turn)
        if found is None:
            return None
        new, heading = found
        old = self.placer.rects[root]
        delta = heading - node.heading
        cos, sin = math.cos(math.radians(delta)), math.sin(math.radians(delta))
        branch = self.branch(root)
        moved: dict[int, _Rect] = {}
        for k in branch:
            cx, cy, ux, uy, hl, hw = self.placer.rects[k]
            dx, dy = cx - old[0], cy - old[1]
            x, y = new[0] + cos * dx - sin * dy, new[1] + sin * dx + cos * dy
            moved[k] = (x, y, cos * ux - sin * uy, sin * ux + cos * uy, hl, hw)
        inside = set(branch)
        for k in branch:
            if not self.placer.clear(moved[k], node.parent if k == root else -1, ignore=inside):
                return None
        saved: _Saved = {}
        for k in branch:
            n = self.nodes[k]
            saved[k] = self.placer.rects[k], n.heading, n.slots
            self.placer.unindex(k)
            self.placer.rects[k] = moved[k]
            self.placer.index(k)
            n.heading += delta
            n.slots = [a + delta for a in n.slots]
            if k in self.placer.fronts:
                self.placer.open(k, n.heading)
        return saved

    def restore(self, saved: _Saved) -> None:
        """Put a branch moved by :meth:`turn` back."""
        for k, (rect, heading, slots) in saved.items():
            self.placer.unindex(k)
            self.placer.rects[k] = rect
            self.placer.index(k)
            self.nodes[k].heading, self.nodes[k].slots = heading, slots
            if k in self.placer.fronts:
                self.placer.open(k, heading)

    def relay(self, root: int, index: int) -> tuple[_Rect, float] | None:
        """Take up the branch of tile ``root`` and lay it again, its first tile turned
        each way in turn, until tile ``index`` finds a place too; ``None`` (and the
        branch as it was) if it never does.
        """
        branch = self.branch(root)
        placer = self.placer
        saved = {k: (placer.rects[k], self.nodes[k].heading, self.nodes[k].slots) for k in branch}
        fronts = {k: placer.fronts[k] for k in branch if k in placer.fronts}
        lanes = {k: placer.lanes[k] for k in branch if k in placer.lanes}
        parent = self.nodes[root].parent
        turns = _BENDS if self.continues(root) else _TURNS
        for k in branch:
            placer.take(k)
        for turn in turns:
            if self.budget <= 0:
                break
            first = self.pose(root, turn)
            if first is None or not placer.clear(first[0], parent):
                continue
            self.commit(root, *first)
            laid = [root]
            for k in branch[1:]:
                found = self.place(k)
                if found is None:
                    break
                self.commit(k, *found)
                laid.append(k)
            else:
                found = self.place(index)
                if found is not None:
                    return found
            for k in laid:
                placer.take(k)
        for k, (rect, heading, slots) in saved.items():
            placer.put(k, rect)
            self.nodes[k].heading, self.nodes[k].slots = heading, slots
        placer.fronts.update(fronts)
        placer.lanes.update(lanes)
        return None

    def squeeze(self, index: int) -> tuple[_Rect, float]:
        """The clear place nearest to where tile ``index`` belongs (a last resort)."""
        node = self.nodes[index]
        rect = self.placer.rects[node.parent]
        if self.continues(index):
            aim = self.nodes[node.parent].heading
            start = _bent(rect, aim, 0.0, node.double)
        else:
            aim = self.aim(index)[0]
            start = _child_rect(*_edge_point(rect, aim), aim, node.double)
        return self.nearest(start, aim), aim

    def nearest(self, start: _Rect, aim: float) -> _Rect:
        """``start`` moved the least way, ``aim`` first, to where it is clear."""
        step = 0.1
        while True:
            for turn in range(0, 181, 15):
                for sign in (1, -1) if turn else (1,):
                    ux, uy = _unit(aim + sign * turn)
                    moved = (start[0] + step * ux, start[1] + step * uy, *start[2:])
                    if self.placer.clear(moved):
                        return moved
            step += 0.1


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


# -- SVG --------------------------------------------------------------------------------

_FELT: Final = "#1d5c3a"
_INK: Final = "#262626"
_IVORY: Final = "#fffbea"
_EDGE: Final = "#55504a"
_GOLD: Final = "#f3d27a"
_GOLD_EDGE: Final = "#9a6a00"
_OPEN: Final = "#2fb36a"
_WAITING: Final = "#f0a020"
_TEXT: Final = "#f4f1e6"
#: The spacing of the 3 by 3 grid of pips on half a tile.
_GRID: Final = 0.27
#: The standard faces 0 to 9 on that grid, as ``(column, row)`` from -1 to 1.
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
#: The largest number drawn as pips; larger numbers are written as numerals.
_MOST_PIPS: Final = 18


def _pips(n: int) -> tuple[list[_Point], float]:
    """Pip centres of ``n`` on a half tile centred at ``(0, 0)``, and the pip radius.

    0 to 9 are the standard faces on a 3 by 3 grid. 10 to 18 are three rows along the
    tile: the outer two full, the middle one holding the rest, centred (10 is 4, 2, 4;
    18 is 6, 6, 6).

    >>> from chickenfoot._pictures import _pips
    >>> len(_pips(7)[0]), len(_pips(10)[0]), len(_pips(18)[0])
    (7, 10, 18)
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
    """``value`` for an SVG attribute: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _face(number: int, cx: float, angle: float) -> list[str]:
    """One end's pips, centred on ``(cx, 0)`` of a tile turned by ``angle``.

    A number above ``_MOST_PIPS`` is written as a numeral, turned back upright.
    """
    if number > _MOST_PIPS:
        x = _num(cx)
        return [
            (
                f'<text x="{x}" y="0" transform="rotate({_num(-angle)} {x} 0)" font-size="0.5" '
                f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                f'dominant-baseline="central" fill="{_INK}">{number}</text>'
            )
        ]
    pips, radius = _pips(number)
    r = _num(radius)
    return [f'<circle cx="{_num(cx + x)}" cy="{_num(y)}" r="{r}" fill="{_INK}"/>' for x, y in pips]


def _tile_svg(pos: TilePosition, css: str, data: str, mark: str, centre: bool) -> str:
    """One tile as a ``<g>`` of class ``css``: its face, dividing line, pips and mark.

    ``data`` holds extra attributes; ``mark`` is ``"open"`` for an open end,
    ``"waiting"`` for a double with toe places left, or empty.
    """
    fill, edge, stroke = (_GOLD, _GOLD_EDGE, 0.08) if centre else (_IVORY, _EDGE, 0.045)
    parts = [
        (
            f'<g class="{css}" data-tile="{pos.tile}"{data} '
            f'transform="translate({_num(pos.x)} {_num(pos.y)}) rotate({_num(pos.angle)})">'
        ),
        (
            f'<rect class="face" x="-0.98" y="-0.48" width="1.96" height="0.96" rx="0.13" '
            f'fill="{fill}" stroke="{edge}" stroke-width="{stroke}"/>'
        ),
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
            f'<rect class="open-end" x="-0.9" y="-0.4" width="1.8" height="0.8" rx="0.1" '
            f'fill="none" stroke="{_WAITING}" stroke-width="0.07" stroke-dasharray="0.2 0.12"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _title(table: _Pictured, layout: Layout) -> str:
    """The title line: the variant, the players, whose turn it is or how it ended."""
    tiles = f"{len(layout)} tile{'s' if len(layout) != 1 else ''} on the table"
    if isinstance(table, Layout):
        return tiles.capitalize()
    text = f"{table.rules.name}, {table.players} players"
    seat = getattr(table, "seat", None)
    if isinstance(seat, int):
        text += f", seat {seat}'s view"
    outcome = getattr(table, "outcome", None)
    if table.to_move is not None:
        text += f": seat {table.to_move} to move"
    elif outcome is not None:
        went_out = getattr(outcome.ending, "name", "") == "WENT_OUT"
        text += f": seat {outcome.winner} {'went out' if went_out else 'wins, blocked'}"
    return f"{text} ({tiles})"


def _role(tile: Tile, onto: Tile | None) -> str:
    """``centre``, ``foot`` (a double on a line), ``toe`` (on a double) or ``line``."""
    if onto is None:
        return "centre"
    if tile.is_double:
        return "foot"
    return "toe" if onto.is_double else "line"


def table_svg(
    table: _Pictured,
    *,
    size: float | None = None,
    hand: bool = True,
    title: bool = True,
) -> str:
    """The table as a standalone SVG document, drawn from :func:`table_geometry`.

    Every tile on the table is a ``<g class="tile" data-tile="9-4">`` group holding a
    ``<rect class="face">`` and its pips: the standard faces up to 9, three rows of pips
    up to 18, a numeral above that. ``data-onto`` names the tile's parent and
    ``data-role`` says what it is: ``centre``, ``foot``, ``toe`` or ``line``. The round
    double is gold, an open end carries a green mark and a double with toe places left
    a dashed orange outline (R2, R3, R7, R9). A title line names the variant and whose
    turn it is; a view shows its own hand below the table as
    ``<g class="hand-tile">`` groups.

    >>> from chickenfoot import PRESETS, Round, table_svg
    >>> rnd = Round.deal(PRESETS["double-foot"], 4, seed=1)
    >>> svg = table_svg(rnd.view(0))
    >>> svg.startswith("<svg"), svg.count('class="tile"'), svg.count('class="hand-tile"')
    (True, 1, 11)

    Args:
        table: a :class:`~chickenfoot.Round`, a :class:`~chickenfoot.RoundView` or a
            :class:`~chickenfoot.Layout`.
        size: the longer side of the picture in pixels; by default 30 pixels a tile
            width, and at most 960.
        hand: show a view's own hand below the table.
        title: show the title line.

    .. versionadded:: 0.1
    """
    layout, _, _, places = _read(table)
    positions = table_geometry(table)
    box = table_bounds(positions) if positions else Bounds(-1.0, -1.0, 1.0, 1.0)
    span = max(box.width, box.height, 8.0)
    margin = max(1.0, span / 30)
    left, right = box.min_x - margin, box.max_x + margin
    top, bottom = box.min_y - margin, box.max_y + margin
    root = layout.root
    body = []
    for pos in positions:
        mark = ""
        if places.get(pos.tile, 0):
            mark = "waiting" if pos.tile.is_double else "open"
        data = f' data-role="{_role(pos.tile, pos.onto)}"'
        if pos.onto is not None:
            data = f' data-onto="{pos.onto}"' + data
        body.append(_tile_svg(pos, "tile", data, mark, centre=pos.tile == root))
    own: tuple[Tile, ...] = ()
    if hand and not isinstance(table, Layout):
        seat_hand = getattr(table, "hand", None)
        if isinstance(seat_hand, tuple):
            own = tuple(t for t in seat_hand if isinstance(t, Tile))
    head = _title(table, layout)
    label = f"seat {getattr(table, 'seat', '')}'s hand"
    pitch = 1.3  # between the tiles of the hand
    x0 = (box.min_x + box.max_x - pitch * (len(own) - 1)) / 2
    if own:
        left = min(left, x0 - pitch / 2 - margin)
        right = max(right, x0 + pitch * (len(own) - 0.5) + margin)
    font = max(0.5, span / 45)
    if title:  # shrink the title to fit the table, or widen the picture for it
        font = max(0.45, min(font, (right - left - margin) / (0.58 * len(head))))
        extra = max(0.0, margin + 0.58 * font * len(head) - (right - left))
        left, right = left - extra / 2, right + extra / 2
    if own:
        label_y = bottom + font * 0.3
        y = label_y + font * 0.4 + 1.3
        body.append(
            f'<text class="hand-label" x="{_num(x0 - 0.5)}" y="{_num(label_y)}" '
            f'font-family="sans-serif" font-size="{_num(font * 0.8)}" fill="{_TEXT}">'
            f"{escape(label)}</text>"
        )
        for i, tile in enumerate(own):
            pos = TilePosition(tile, None, x0 + i * pitch, y, 90.0, tile.high)
            body.append(_tile_svg(pos, "hand-tile", "", "", centre=False))
        bottom = y + 1.0 + margin
    if title:
        top -= font * 1.6
        body.insert(
            0,
            f'<text class="title" x="{_num(left + margin * 0.6)}" y="{_num(top + font * 1.2)}" '
            f'font-family="sans-serif" font-size="{_num(font)}" fill="{_TEXT}">'
            f"{escape(head)}</text>",
        )
    width, height = right - left, bottom - top
    scale = min(30.0, 960 / max(width, height)) if size is None else size / max(width, height)
    return "\n".join(
        [
            (
                f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
                f'width="{_num(width * scale)}" height="{_num(height * scale)}" '
                f'viewBox="{_num(left)} {_num(top)} {_num(width)} {_num(height)}">'
            ),
            f"<title>{escape(head)}</title>",
            (
                f'<rect class="felt" x="{_num(left)}" y="{_num(top)}" width="{_num(width)}" '
                f'height="{_num(height)}" fill="{_FELT}"/>'
            ),
            *body,
            "</svg>\n",
        ]
    )
