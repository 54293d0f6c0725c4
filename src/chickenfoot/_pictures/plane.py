"""Rectangles on the plane and the fixed choices of the layout: angles, gaps, room."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

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
#: crowded table that one cannot lay out is usually laid out by another. The last nine
#: are for the most crowded tables (eight seats of double-foot, feet on most lines),
#: where the first six all fail about once in ten thousand finished rounds: each lays out
#: some of those tables, and every such table met in testing is laid out by one of them.
_TRIES: Final = (
    _Room(1.5, 0.75, False, 400),
    _Room(2.5, 1.25, False, 400, 60.0),
    _Room(1.5, 0.75, True, 400, 75.0),
    _Room(2.5, 1.25, True, 400, 30.0),
    _Room(3.5, 1.75, False, 400),
    _Room(1.5, 0.75, True, 400, 60.0),
    _Room(2.0, 1.5, False, 400, 40.0),
    _Room(2.0, 1.5, True, 400, 60.0),
    _Room(2.5, 1.25, True, 400, 60.0),
    _Room(3.0, 1.5, True, 400, 60.0),
    _Room(3.0, 2.0, True, 400, 50.0),
    _Room(3.5, 1.75, True, 400, 75.0),
    _Room(3.0, 1.0, True, 400, 40.0),
    _Room(4.0, 2.0, True, 400, 40.0),
    _Room(3.5, 2.25, True, 400, 75.0),
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


def _edge_point(r: _Rect, heading: float) -> _Point:
    """Where the ray from ``r``'s centre along ``heading`` leaves ``r``."""
    cx, cy, ux, uy, hl, hw = r
    vx, vy = _unit(heading)
    along, across = abs(vx * ux + vy * uy), abs(vy * ux - vx * uy)
    t = min(hl / along if along > 1e-9 else math.inf, hw / across if across > 1e-9 else math.inf)
    return cx + t * vx, cy + t * vy
