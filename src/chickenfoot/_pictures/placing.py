"""Laying out a table tile by tile, bending or laying again a branch with no room."""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Iterator, Sequence
from typing import Final, TypeAlias

import attrs

from .._table import Layout
from .._tiles import Tile
from .plane import (
    _AHEAD,
    _BENDS,
    _BLOCKER_DEPTH,
    _CELL,
    _FAN,
    _FORESIGHT,
    _GAP,
    _LANE_LENGTH,
    _REPAIR_DEPTH,
    _REPAIR_TURNS,
    _TOUCH,
    _TURNS,
    _ahead,
    _bent,
    _box,
    _child_rect,
    _close,
    _edge_point,
    _meets,
    _opening_angles,
    _overlap,
    _Rect,
    _Room,
    _Score,
    _sectors,
    _toe_angles,
    _toe_rect,
    _unit,
    _wrap,
)


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


class _Layouter:
    """Lays out a whole layout, tile by tile in play order (one try of :func:`_geometry`).

    Each tile takes the best place beside its parent (:meth:`place`). If there is none,
    a branch is turned or laid again to make room (:meth:`repair`); failing that the
    tile may leave its parent in any direction; failing that it is squeezed into the
    nearest clear spot.
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
