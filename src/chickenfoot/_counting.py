"""The exact count of a view's deals, by classes of tiles, and deals drawn by it
(internal; see ``_sampling`` for the deals and the facts).

Given the other seats' current hands, a seat's slots are filled independently of the
other seats: the number of ways is a small dynamic programme over its slots from the
newest back (:class:`SeatSlots`). Tiles that no fact tells apart are interchangeable
(a *class*), so the hands are chosen seat by seat, as how many tiles of each class each
takes, with exact big-integer counts memoised on what is left (a vector of counts over
the classes the later seats still tell apart; in a finished round the seats whose points
leave the fewest hands come first). The last seat before the undrawn boneyard is counted
without listing its hands: class by class, by how many tiles of each of its labels it
holds and the points still to make (R17), the boneyard taking the rest in one way; a
table of the points each number of tiles of the classes still to come can make drops at
once every part of a hand that could no longer end with its points made. A
sample walks those counts with ``rng.randrange`` over exact totals, then picks tiles
uniformly within classes, fills each seat's slots and shuffles the undrawn boneyard.

The count is exact and quick while the classes the later seats tell apart stay few; with
many seats (a table of 12 to 20, late in the round, or a finished round whose points
split the classes; points tell tiles apart only while a stage left scores a hand that
may hold them) the choices of each seat multiply. A count may be given a *budget* of
steps (every hand listed, every class of the last seat): past it, :class:`OverBudgetError`,
and the sampler turns to the rejection sampler of ``_rejection`` instead.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import comb, factorial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._engine import Seen

__all__ = [
    "ClassCounts",
    "Drawn",
    "OverBudgetError",
    "Pool",
    "SeatSlots",
    "Stage",
    "_SamplingError",
    "bits",
]


class _SamplingError(RuntimeError):
    """No deal fits the view, or a sample failed its replay: a fault of the sampler."""


class OverBudgetError(Exception):
    """A count ran past its budget of steps (see :meth:`ClassCounts.count`)."""


class _Work:
    """The steps a count may still take (``None``: no limit)."""

    __slots__ = ("left",)

    def __init__(self, left: int | None) -> None:
        self.left = left

    def spend(self, steps: int) -> None:
        if self.left is not None:
            self.left -= steps
            if self.left < 0:
                raise OverBudgetError


#: A deal as drawn: each hidden seat's dealt tiles, each seat's tile of every slot (by
#: original slot, -1 for the dealt hand), and the undrawn boneyard in order.
Drawn = tuple[dict[int, list[int]], dict[int, list[int]], list[int]]


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class SeatSlots:
    """One hidden seat's slots and the count of ways to fill them.

    Slot 0 is the dealt hand (``dealt`` tiles), slots 1.. the seat's draws in time order
    (one tile each). A tile's *label* is the bitmask of the slots it may fill. ``ways``
    counts the assignments of a multiset of labelled tiles to the slots, newest slot
    first: each draw slot takes one tile whose label allows it, and a tile whose label
    allows no older slot must be taken at once.
    """

    def __init__(self, dealt: int, slots: int, labels: list[int]) -> None:
        self.dealt = dealt
        self.slots = slots  # draw slots, numbered 1..slots
        self.labels = labels
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(self, s: int, counts: tuple[int, ...]) -> int:
        """Assignments of the tiles ``counts`` (by label) to slots ``s``..1 and the deal."""
        key = (s, counts)
        memo = self._memo
        found = memo.get(key)
        if found is not None:
            return found
        labels = self.labels
        if sum(counts) != self.dealt + s:
            total = 0
        elif s == 0:
            total = int(all(not c or labels[i] & 1 for i, c in enumerate(counts)))
        else:
            total = 0
            older = (1 << s) - 1
            forced = [i for i, c in enumerate(counts) if c and not labels[i] & older]
            if len(forced) > 1 or (forced and counts[forced[0]] > 1):
                total = 0
            else:
                options = forced or [i for i, c in enumerate(counts) if c]
                for i in options:
                    if labels[i] >> s & 1:
                        rest = (*counts[:i], counts[i] - 1, *counts[i + 1 :])
                        total += counts[i] * self.ways(s - 1, rest)
        memo[key] = total
        return total

    def arrange(
        self, tiles: list[tuple[int, int]], rng: random.Random
    ) -> tuple[list[int], list[int]]:
        """Fill the slots with ``tiles`` (tile, label index) uniformly among the ways:
        the dealt tiles, and the tile of each draw slot 1..slots in order."""
        counts = [0] * len(self.labels)
        pools: list[list[int]] = [[] for _ in self.labels]
        for t, i in tiles:
            counts[i] += 1
            pools[i].append(t)
        drawn = [0] * (self.slots + 1)
        for s in range(self.slots, 0, -1):
            state = tuple(counts)
            total = self.ways(s, state)
            if not total:
                raise _SamplingError("a seat's slots cannot be filled")
            pick = rng.randrange(total)
            for i, c in enumerate(counts):
                if not c or not self.labels[i] >> s & 1:
                    continue
                rest = (*state[:i], c - 1, *state[i + 1 :])
                weight = c * self.ways(s - 1, rest)
                if pick < weight:
                    break
                pick -= weight
            else:  # pragma: no cover - the weights add up to the total
                raise _SamplingError("the slot weights do not add up")
            pool = pools[i]
            k = rng.randrange(len(pool))
            pool[k], pool[-1] = pool[-1], pool[k]
            drawn[s] = pool.pop()
            counts[i] -= 1
        return [t for pool in pools for t in pool], drawn[1:]


class Stage:
    """One step of the hand DP: a hidden seat's current hand, or the undrawn boneyard."""

    def __init__(
        self,
        seat: int,
        size: int,
        slots: SeatSlots | None,
        played: tuple[int, ...],
        score: int | None,
    ) -> None:
        self.seat = seat  # -1 for the boneyard
        self.size = size
        self.slots = slots
        self.played = played  # label counts of the tiles the seat played (its own slots)
        self.score = score  # the penalty points its hand ends with, once the round is over
        self.forbidden: list[tuple[int, ...]] = []  # boneyard: entry sets it may not hold


#: A state of the hand DP: how many tiles of each class of its stage are still to place.
Pool = tuple[int, ...]
#: A choice of one stage: (class, how many of its tiles) pairs, the classes in order.
_Picks = tuple[tuple[int, int], ...]


class ClassCounts:
    """The exact count of one plan's deals (mixed into ``_sampling._Plan``, which sets
    every attribute below) and deals drawn by it."""

    view: Seen
    void: bool
    r: int
    stages: list[Stage]
    levels: list[list[tuple[int, ...]]]
    nexts: list[list[int]]
    values: list[list[int]]
    keys: dict[int, tuple[int, ...]]
    start_pool: Pool
    last_plain: bool
    last_size: int
    last_barred: list[int]
    played_tiles: dict[int, list[tuple[int, int]]]
    _memo: dict[tuple[int, Pool], int]
    _work: _Work = _Work(None)

    def by_slot(self, seat: int, drawn: list[int]) -> list[int]:
        raise NotImplementedError  # pragma: no cover - _Plan gives it

    def next_key(self, key: tuple[int, ...]) -> tuple[int, ...]:
        raise NotImplementedError  # pragma: no cover - _Plan gives it

    def count(self, budget: int | None = None) -> int:
        """The number of deals: hand assignments times the undrawn boneyard's orders.

        With a ``budget`` (steps of the count), :class:`OverBudgetError` once it is spent; the
        parts counted are kept, so a later count goes on from them."""
        if self.void:
            return 0
        self._work = _Work(budget)
        try:
            return self._completions(0, self.start_pool) * factorial(self.r)
        finally:
            self._work = _Work(None)

    def _choices(self, i: int, pool: Pool) -> Iterator[tuple[int, _Picks, Pool]]:
        """Every choice of stage ``i``: (weight, (class, count) taken, what is left)."""
        stage = self.stages[i]
        keys = self.levels[i]
        nexts = self.nexts[i]
        base = [0] * len(self.levels[i + 1])
        for j, c in enumerate(pool):
            if c:
                base[nexts[j]] += c
        if i + 1 == len(self.stages):  # the last stage takes every tile left
            if sum(pool) != stage.size or any(c and keys[j][0] < 0 for j, c in enumerate(pool)):
                return
            choices = [(1, tuple((j, c) for j, c in enumerate(pool) if c))]
        else:
            choices = _walk(pool, [key[0] >= 0 for key in keys], stage, self.values[i], self._work)
        for weight, picks in self._weighted(i, choices):
            rest = base.copy()
            for j, x in picks:
                rest[nexts[j]] -= x
            yield weight, picks, tuple(rest)

    def _weighted(self, i: int, choices: list[tuple[int, _Picks]]) -> Iterator[tuple[int, _Picks]]:
        """The choices of stage ``i`` times the ways to fill its slots, the void ones
        (a forbidden boneyard, slots that cannot be filled) left out."""
        stage = self.stages[i]
        keys = self.levels[i]
        slots = stage.slots
        self._work.spend(len(choices))
        for weight, picks in choices:
            if slots is None:
                if stage.forbidden and self._breaks(keys, picks, stage):
                    continue
            else:
                counts = list(stage.played)
                for j, x in picks:
                    counts[keys[j][0]] += x
                weight *= slots.ways(slots.slots, tuple(counts))
                if not weight:
                    continue
            yield weight, picks

    @staticmethod
    def _breaks(keys: list[tuple[int, ...]], picks: _Picks, stage: Stage) -> bool:
        """Whether the undrawn boneyard ``picks`` holds every tile of a forbidden set."""
        inside = {keys[j][0] - 1 for j, _ in picks if keys[j][0] > 0}
        return any(all(t in inside for t in q) for q in stage.forbidden)

    def _completions(self, i: int, pool: Pool) -> int:
        if i + 1 >= len(self.stages):  # the last stage takes every tile left: no memo
            if i == len(self.stages):
                return 0 if any(pool) else 1
            if self.last_plain:
                if sum(pool) != self.last_size or any(pool[j] for j in self.last_barred):
                    return 0
                return 1
            return sum(weight for weight, _, _ in self._choices(i, pool))
        key = (i, pool)
        found = self._memo.get(key)
        if found is not None:
            return found
        total = 0
        if i + 2 == len(self.stages) and self.last_plain:
            total = self._last_seat(i, pool)
        else:
            for weight, _, rest in self._choices(i, pool):
                total += weight * self._completions(i + 1, rest)
        self._memo[key] = total
        return total

    def _last_seat(self, i: int, pool: Pool) -> int:
        """:meth:`_completions` of the last seat before a plain boneyard, without listing
        its hands: the hands are counted class by class by the seat's label counts (and
        points left, R17), each count times the ways to fill the seat's slots. The seat
        takes every tile the boneyard may not (a dealt tile), and the boneyard the rest.

        A state of the count (tiles still to take, points still to make, the label
        counts) is packed in one integer, its fields ``need_bits``, ``point_bits`` and
        ``count_bits`` wide, from the lowest bits up."""
        stage = self.stages[i]
        slots = stage.slots
        assert slots is not None
        found = self._last_reach(i, pool)
        if found is None:
            return 0
        takes, reach = found
        keys, values = self.levels[i], self.values[i]
        score = stage.score or 0
        need_bits = stage.size.bit_length()
        point_bits = score.bit_length()
        count_bits = (stage.size + sum(stage.played)).bit_length()
        need_mask, point_mask = (1 << need_bits) - 1, (1 << point_bits) - 1
        start = stage.size | score << need_bits
        for label, n in enumerate(stage.played):
            start |= n << need_bits + point_bits + count_bits * label
        ways = {start: 1}
        for j, c in enumerate(pool):
            low, high = takes[j]
            if not high:  # a class left empty, or one the seat may not hold: no change
                continue
            v = values[j]
            ahead = reach[j + 1]
            # what one tile of the class takes from a state
            label = keys[j][0]
            one = 1 + (v << need_bits) - (1 << need_bits + point_bits + count_bits * label)
            choose = [comb(c, x) for x in range(c + 1)]
            self._work.spend(len(ways))
            step: dict[int, int] = {}
            for state, w in ways.items():
                need = state & need_mask
                points = state >> need_bits & point_mask
                for x in range(low, (high if high < need else need) + 1):
                    left = points - x * v
                    if left < 0 or not ahead[need - x] >> left & 1:
                        continue
                    after = state - x * one
                    step[after] = step.get(after, 0) + w * choose[x]
            ways = step
            if not ways:
                return 0
        shift, mask = need_bits + point_bits, (1 << count_bits) - 1
        labels = range(len(stage.played))
        return sum(
            w
            * slots.ways(slots.slots, tuple(state >> shift + count_bits * k & mask for k in labels))
            for state, w in ways.items()
            if not state & (need_mask | point_mask << need_bits)
        )

    def _last_reach(
        self, i: int, pool: Pool
    ) -> tuple[list[tuple[int, int]], list[list[int]]] | None:
        """For :meth:`_last_seat`: how many tiles of each class the seat may take (all of
        a class the boneyard may not hold, a dealt tile; none of one the seat may not),
        and ``reach[j][n]``, the points that ``n`` tiles of the classes from ``j`` on can
        make, as a bitmask, so that a state which cannot end with its points made is
        dropped at once; ``None`` if a tile the boneyard may not hold cannot be the seat's."""
        stage = self.stages[i]
        keys, nexts, values = self.levels[i], self.nexts[i], self.values[i]
        barred = set(self.last_barred)
        takes: list[tuple[int, int]] = []
        for j, c in enumerate(pool):
            label = keys[j][0]
            if nexts[j] in barred:
                if c and label < 0:
                    return None
                takes.append((c, c))
            else:
                takes.append((0, c if label >= 0 else 0))
        size = stage.size
        reach = [[0] * (size + 1) for _ in range(len(pool) + 1)]
        reach[-1][0] = 1
        if stage.score is None:  # no points to make: any count between the least and most
            least = most = 0
            for j in range(len(pool) - 1, -1, -1):
                least += takes[j][0]
                most += takes[j][1]
                row = reach[j]
                for n in range(least, min(most, size) + 1):
                    row[n] = 1
            return takes, reach
        for j in range(len(pool) - 1, -1, -1):
            low, high = takes[j]
            after_j, here, v = reach[j + 1], reach[j], values[j]
            for n in range(size + 1):
                for x in range(low, min(high, n) + 1):
                    here[n] |= after_j[n - x] << x * v
        return takes, reach

    # -- drawing ---------------------------------------------------------------------------

    def draw_hands(self, rng: random.Random) -> Drawn:
        """A deal drawn by the exact counts: each seat's dealt tiles and the tile of each
        of its slots (by original slot), and the undrawn boneyard in a uniform order."""
        total = 0 if self.void else self._completions(0, self.start_pool)
        if not total:
            raise _SamplingError(f"no deal replays {self.view!r}")
        tiles: dict[tuple[int, ...], list[int]] = {}
        for t, key in self.keys.items():
            tiles.setdefault(key, []).append(t)
        pool = self.start_pool
        hands: dict[int, list[int]] = {}
        drawn_by: dict[int, list[int]] = {}
        undrawn: list[int] = []
        for i, stage in enumerate(self.stages):
            pick = rng.randrange(self._completions(i, pool))
            for weight, option, after in self._choices(i, pool):
                weight *= self._completions(i + 1, after)
                if pick < weight:
                    choice, rest = option, after
                    break
                pick -= weight
            else:  # pragma: no cover - the weights add up to the total
                raise _SamplingError("the hand weights do not add up")
            chosen: list[tuple[int, int]] = []  # (tile, entry of this stage)
            left_over: dict[tuple[int, ...], list[int]] = {}
            taken = dict(choice)
            for j, (key, c) in enumerate(zip(self.levels[i], pool, strict=True)):
                if not c:
                    continue
                x = taken.get(j, 0)
                group = tiles[key]
                rng.shuffle(group)
                chosen.extend((t, key[0]) for t in group[:x])
                if len(group) > x:
                    left_over.setdefault(self.next_key(key), []).extend(group[x:])
            tiles = left_over
            if stage.seat < 0:
                undrawn = [t for t, _ in chosen]
            else:
                slots = stage.slots
                assert slots is not None
                dealt, drawn = slots.arrange(chosen + self.played_tiles[stage.seat], rng)
                hands[stage.seat] = dealt
                drawn_by[stage.seat] = self.by_slot(stage.seat, drawn)
            pool = rest
        rng.shuffle(undrawn)
        return hands, drawn_by, undrawn


def _stage_order(seats: list[int], label_of: dict[int, dict[int, int]], hidden: int) -> list[int]:
    """The seats in an order that merges tile classes early: each time the seat without
    which the others tell the fewest classes apart (fewer states to memoise)."""
    rest = list(seats)
    kinds = {tuple(label_of[s].get(t, -1) for s in rest) for t in bits(hidden)}
    order: list[int] = []
    while rest:

        def left_classes(p: int, kinds: set[tuple[int, ...]] = kinds) -> tuple[int, int]:
            left = {kind[:p] + kind[p + 1 :] for kind in kinds}
            return len(left), -len(set(label_of[rest[p]].values()))

        best = min(range(len(rest)), key=left_classes)
        order.append(rest.pop(best))
        kinds = {kind[:best] + kind[best + 1 :] for kind in kinds}
    return order


def _walk(
    pool: Pool, usable: list[bool], stage: Stage, values: list[int], work: _Work
) -> list[tuple[int, _Picks]]:
    """Every way for ``stage`` to take its ``size`` tiles from ``pool`` (classes it may
    hold only), worth its score if it has one (R17), each with its weight: the product
    of the binomials of the tiles taken from each class."""
    score = stage.score
    scored = score is not None
    order = [j for j, c in enumerate(pool) if c and usable[j]]
    if scored:  # the dearest first, so that the bounds below are tight
        order.sort(key=lambda j: -values[j])
    width = len(order)
    room = [pool[j] for j in order]
    worth = [values[j] for j in order]
    after = [0] * (width + 1)  # tiles in the classes from m on
    for m in range(width - 1, -1, -1):
        after[m] = after[m + 1] + room[m]
    size = stage.size
    out: list[tuple[int, _Picks]] = []
    if after[0] < size:
        return out
    # points of the dearest and of the cheapest tiles from m on (R17)
    flat = [v for v, c in zip(worth, room, strict=True) for _ in range(c)]
    prefix = [0]
    for v in flat:
        prefix.append(prefix[-1] + v)
    total = len(flat)
    start = [total - a for a in after]
    picks: list[tuple[int, int]] = []

    def go(m: int, need: int, points: int, weight: int) -> None:
        # ``need`` > 0 and the classes from m on hold at least ``need`` tiles
        work.spend(1)
        if scored:
            s = start[m]
            if (
                points > prefix[s + need] - prefix[s]
                or points < prefix[total] - prefix[total - need]
            ):
                return
        c = room[m]
        j = order[m]
        v = worth[m]
        for x in range(min(c, need), max(0, need - after[m + 1]) - 1, -1):
            if x == need:  # the hand is full: it must be worth its points
                if points == x * v:
                    picks.append((j, x))
                    out.append((weight * comb(c, x), tuple(sorted(picks))))
                    picks.pop()
            elif x:
                picks.append((j, x))
                go(m + 1, need - x, points - x * v, weight * comb(c, x))
                picks.pop()
            else:
                go(m + 1, need, points, weight)

    if size == 0:
        return [(1, ())] if not score else out
    go(0, size, score or 0, 1)
    return out


def _hands_with(values: list[int], size: int, points: int) -> int:
    """How many ``size``-tile hands of tiles worth ``values`` are worth ``points``."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in values:
        for (k, p), w in list(ways.items()):
            if k < size and p + v <= points:
                ways[k + 1, p + v] = ways.get((k + 1, p + v), 0) + w
    return ways.get((size, points), 0)
