"""The plane the pictures lay tiles on (``chickenfoot._pictures.plane``): its rectangles,
angles and sectors, each held to what its docstring says, worked out again here from the
rectangles' corners.

The layout of a table (R1-R10 say which tile touches which; the pictures say where each
lies) is built from these few pieces, so a slip in one moves tiles in ways the layout's
own checks (no overlap, each tile by its parent) may not see.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from chickenfoot._pictures.placing import _Placer
from chickenfoot._pictures.plane import (
    _BENDS,
    _FAN,
    _TRIES,
    _ahead,
    _bent,
    _box,
    _child_rect,
    _edge_point,
    _opening_angles,
    _overlap,
    _Rect,
    _Room,
    _sectors,
    _toe_angles,
    _unit,
    _wrap,
)

Point = tuple[float, float]


def corners(r: _Rect) -> list[Point]:
    """The four corners of ``r``: its centre, out along its axis and across it."""
    cx, cy, ux, uy, hl, hw = r
    return [
        (cx + a * hl * ux - b * hw * uy, cy + a * hl * uy + b * hw * ux)
        for a in (-1, 1)
        for b in (-1, 1)
    ]


def local(r: _Rect, p: Point) -> Point:
    """``p`` in ``r``'s own frame: along its axis, then across it."""
    cx, cy, ux, uy, _, _ = r
    dx, dy = p[0] - cx, p[1] - cy
    return dx * ux + dy * uy, dy * ux - dx * uy


def circular(a: float, b: float) -> float:
    """How far apart two directions are, in degrees (0 to 180)."""
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def rect(cx: float, cy: float, degrees: float, hl: float, hw: float) -> _Rect:
    ux, uy = _unit(degrees)
    return (cx, cy, ux, uy, hl, hw)


coordinates = st.floats(-10, 10, allow_nan=False)
headings = st.one_of(st.sampled_from([0.0, 90.0, 180.0, 270.0, -90.0]), st.floats(-360, 360))
rects = st.builds(
    rect, coordinates, coordinates, headings, st.floats(0.25, 3.0), st.floats(0.25, 2.0)
)
SPREADS = sorted({room.spread for room in _TRIES} | {45.0})


# -- angles -------------------------------------------------------------------------------


def test_wrap_folds_every_direction_into_one_turn() -> None:
    for degrees in (-721.5, -540.0, -180.0, -179.0, 0.0, 180.0, 181.0, 359.0, 360.0, 900.0):
        folded = _wrap(degrees)
        assert -180.0 < folded <= 180.0
        assert (folded - degrees) % 360.0 == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("n", range(1, 13))
def test_the_round_doubles_places_are_apart(n: int) -> None:
    """The round double's ``n`` places point ``n`` ways, no two nearer than half of an
    even share of the circle (R3, R6)."""
    angles = _opening_angles(n)
    assert len(angles) == n
    for i, a in enumerate(angles):
        for b in angles[i + 1 :]:
            assert circular(a, b) >= 180.0 / n - 1e-9, (n, angles)


@pytest.mark.parametrize("spread", SPREADS)
@pytest.mark.parametrize("n", range(1, 7))
def test_a_foots_toes_fan_out_evenly_either_side_of_its_line(n: int, spread: float) -> None:
    """R3: a foot's toes turn from its line the same either way, the middle first, no
    further than ``spread`` (a third more for more than three toes), none twice."""
    angles = _toe_angles(n, spread)
    assert len(angles) == n == len(set(angles))
    assert sorted(angles) == pytest.approx(sorted(-a for a in angles), abs=1e-9)
    assert [abs(a) for a in angles] == sorted(abs(a) for a in angles)
    widest = spread if n <= 3 else spread * 4 / 3
    assert all(abs(a) <= widest + 1e-9 for a in angles)


@pytest.mark.parametrize("spread", SPREADS)
def test_two_toes_sit_two_thirds_of_the_spread_either_side(spread: float) -> None:
    """A foot of two toes (R3 under a rule of two toes a double): no toe on the line,
    each two thirds of the way out to ``spread``."""
    assert _toe_angles(2, spread) == pytest.approx([-spread * 2 / 3, spread * 2 / 3])


def _nearest(angles: Sequence[float], direction: float, full: bool) -> set[int]:
    """The indices of the angles nearest to ``direction``."""
    far = [circular(a, direction) if full else abs(a - direction) for a in angles]
    return {k for k, d in enumerate(far) if d <= min(far) + 1e-9}


def _check_sectors(angles: Sequence[float], low: float, high: float) -> None:
    sectors = _sectors(angles, low, high)
    full = high - low >= 360.0
    assert len(sectors) == len(angles)
    for k, ((lo, hi), a) in enumerate(zip(sectors, angles, strict=True)):
        assert lo <= 0.0 <= hi, (angles, k)  # a place's own direction is in its sector
        for step in range(1, 20):
            turn = lo + (hi - lo) * step / 20
            assert k in _nearest(angles, a + turn, full), (angles, k, turn)
    if full:
        assert sum(hi - lo for lo, hi in sectors) == pytest.approx(360.0)
    else:  # side by side from low to high
        spans = sorted((a + lo, a + hi) for a, (lo, hi) in zip(angles, sectors, strict=True))
        assert spans[0][0] == pytest.approx(low)
        assert spans[-1][1] == pytest.approx(high)
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert end == pytest.approx(start)


@pytest.mark.parametrize("n", range(1, 9))
def test_the_round_doubles_sectors_share_the_circle(n: int) -> None:
    """Each of the round double's places gets the turns nearer to it than to the places
    beside it, all round the circle."""
    _check_sectors(_opening_angles(n), -180.0, 180.0)


@pytest.mark.parametrize("spread", SPREADS)
@pytest.mark.parametrize("n", range(1, 7))
def test_a_foots_sectors_share_its_fan(n: int, spread: float) -> None:
    """Each toe of a foot gets the turns nearer to it than to the toes beside it, the
    outer toes out to the fan's edges."""
    _check_sectors(_toe_angles(n, spread), -_FAN, _FAN)


# -- rectangles ---------------------------------------------------------------------------


@given(r=rects, grow=st.floats(0.0, 1.0))
def test_a_box_is_the_corners_extent(r: _Rect, grow: float) -> None:
    xs, ys = zip(*corners(r), strict=True)
    expected = (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)
    assert _box(r, grow) == pytest.approx(expected, abs=1e-9)


def _separation(a: _Rect, b: _Rect, axis: Point) -> float:
    """How far apart the shadows of ``a`` and ``b`` on ``axis`` lie (below 0: overlapping)."""
    pa = [x * axis[0] + y * axis[1] for x, y in corners(a)]
    pb = [x * axis[0] + y * axis[1] for x, y in corners(b)]
    return max(min(pb) - max(pa), min(pa) - max(pb))


@given(a=rects, b=rects, gap=st.sampled_from([0.0, 0.08, 0.5]))
@example(a=rect(0, 0, 0, 1, 0.5), b=rect(2.5, 0, 0, 1, 0.5), gap=0.08)  # apart along x
@example(a=rect(0, 0, 0, 1, 0.5), b=rect(0, 1.04, 0, 1, 0.5), gap=0.08)  # within the gap
@example(a=rect(0, 0, 45, 1, 0.5), b=rect(1.3, 1.3, 135, 1, 0.5), gap=0.08)
def test_overlap_is_the_separating_axes_of_the_corners(a: _Rect, b: _Rect, gap: float) -> None:
    """Two rectangles come closer than ``gap`` when their shadows on each of the four
    axes (the sides of each) do."""
    axes = [(a[2], a[3]), (-a[3], a[2]), (b[2], b[3]), (-b[3], b[2])]
    separations = [_separation(a, b, axis) for axis in axes]
    assume(all(abs(s - gap) > 1e-6 for s in separations))  # clear of the boundary
    assert _overlap(a, b, gap) == all(s < gap for s in separations)


@given(r=rects, heading=headings)
@example(r=rect(0, 0, 90, 1, 0.5), heading=0.0)  # straight across the tile
@example(r=(0.0, 0.0, -0.0, 1.0, 1.0, 0.5), heading=0.0)  # a double across heading 0
@example(r=rect(0, 0, 0, 1, 0.5), heading=90.0)
@example(r=rect(1, -2, 0, 1, 0.5), heading=180.0)  # straight along it
def test_the_edge_point_is_where_the_ray_leaves_the_rectangle(r: _Rect, heading: float) -> None:
    x, y = _edge_point(r, heading)
    along, across = local(r, (x, y))
    # on the edge: on one side, within the other two
    assert max(abs(along) / r[4], abs(across) / r[5]) == pytest.approx(1.0)
    # on the ray from the centre along the heading
    vx, vy = _unit(heading)
    dx, dy = x - r[0], y - r[1]
    assert dx * vy - dy * vx == pytest.approx(0.0, abs=1e-9)
    assert dx * vx + dy * vy > 0


@given(mx=coordinates, my=coordinates, heading=headings, double=st.booleans())
def test_a_child_starts_at_the_middle_of_its_near_edge(
    mx: float, my: float, heading: float, double: bool
) -> None:
    """A line tile runs along its heading, a double lies across it (R3); either way its
    near edge is centred on the point it is laid at."""
    r = _child_rect(mx, my, heading, double)
    ux, uy = _unit(heading)
    ahead = [(x - mx) * ux + (y - my) * uy for x, y in corners(r)]
    side = [(y - my) * ux - (x - mx) * uy for x, y in corners(r)]
    assert min(ahead) == pytest.approx(0.0, abs=1e-9)
    assert max(ahead) == pytest.approx(1.0 if double else 2.0)
    assert min(side) == pytest.approx(-max(side))
    assert max(side) == pytest.approx(1.0 if double else 0.5)


@given(
    r=rects,
    heading=headings,
    start=st.floats(0.0, 3.0),
    length=st.floats(0.5, 8.0),
    half_width=st.floats(0.25, 2.0),
)
def test_ahead_spans_from_start_to_start_plus_length(
    r: _Rect, heading: float, start: float, length: float, half_width: float
) -> None:
    lane = _ahead(r, heading, start, length, half_width)
    ux, uy = _unit(heading)
    ahead = [(x - r[0]) * ux + (y - r[1]) * uy for x, y in corners(lane)]
    side = [(y - r[1]) * ux - (x - r[0]) * uy for x, y in corners(lane)]
    assert min(ahead) == pytest.approx(start, abs=1e-9)
    assert max(ahead) == pytest.approx(start + length)
    assert min(side) == pytest.approx(-half_width)
    assert max(side) == pytest.approx(half_width)


@pytest.mark.parametrize("bend", _BENDS)
@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("heading", [0.0, 30.0, 90.0, 200.0])
def test_a_bent_tile_pivots_on_its_parents_far_corner(
    bend: float, double: bool, heading: float
) -> None:
    """The tile after a bend touches its parent at the far corner on the side it turns
    to, and the parent stays behind the line of the new tile's near edge."""
    parent = rect(1.0, -2.0, heading, 1.0, 0.5)
    child = _bent(parent, heading, bend, double)
    vx, vy = _unit(heading + bend)
    near = min((x * vx + y * vy) for x, y in corners(child))  # the near edge's line
    behind = [x * vx + y * vy for x, y in corners(parent)]
    assert max(behind) == pytest.approx(near, abs=1e-9)
    side = 1.0 if bend >= 0 else -1.0
    ((px, py),) = [
        p for p in corners(parent) if local(parent, p)[0] > 0 and local(parent, p)[1] * side > 0
    ]  # the parent's far corner on the side of the turn
    assert px * vx + py * vy == pytest.approx(near, abs=1e-9)
    # the pivot lies on the child's near edge, between its ends
    cx, cy = child[0], child[1]
    across = (py - cy) * vx - (px - cx) * vy
    reach = 1.0 if double else 0.5
    assert abs(across) <= reach + 1e-9


@pytest.mark.parametrize(
    ("double", "edge", "fits"),
    [(True, 7.33, 4), (False, 7.33, 4), (True, 6.83, 4), (False, 6.83, 3)],
)
def test_a_run_of_tiles_starts_half_a_double_or_a_whole_tile_out(
    double: bool, edge: float, fits: int
) -> None:
    """The room counted ahead of an open end, in a straight line (R2, R3): the first tile
    played onto a double (laid across its line, half a tile wide) has its centre 1.5 tile
    widths from the double's, onto a line tile 2 (a whole tile's length), and each next
    tile 2 further; a tile fits while it keeps the gap from every tile laid. With a tile
    laid across the line whose near edge is at ``edge``, the run from the origin counts
    the tile it starts from and those that fit before it."""
    placer = _Placer(_Room(lane=1.0, pad=0.0, foresight=False, budget=10), [(0, False)] * 2, 2)
    placer.put(1, (edge + 1.0, 0.0, 1.0, 0.0, 1.0, 0.5))
    start = (0.0, 0.0, 0.0, 1.0, 1.0, 0.5) if double else (0.0, 0.0, 1.0, 0.0, 1.0, 0.5)
    assert placer.run(start, 0.0, double, 10) == fits
