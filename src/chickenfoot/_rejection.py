"""Exact sampling of a view's deals by self-reducible rejection, for the tables where the
exact count of ``_counting`` is slow (internal; ``_sampling`` turns to it past the
count's budget).

Why rejection, and which. Counting the deals is counting perfect matchings (a
permanent), #P-hard in general; the class count of ``_counting`` is exact and quick while
few classes of tiles are told apart, but with 12 to 20 seats late in a round the choices
of each seat multiply. Markov chains would only come near the uniform distribution; a
rejection sampler is exact: it draws from a proposal whose weights bound the target and
keeps a draw with the ratio, so the draws kept are uniform, and only the time is random.

The bound is Huber and Law's for the permanent of a 0/1 matrix ``A``:

    per(A) <= M(A) = prod over rows i of h(r_i) / e,  h(r) = r + ln(r) / 2 + e - 1

(``r_i`` the row's sum, ``h(0) = 0``), a Bregman-type bound with the property that for
any column ``j`` the bounds of the matrices left by matching it to each row ``i`` that
allows it add up to at most ``M(A)`` (for a row and its columns they need not). So a
matching is built column by column (:class:`Matchings`): column ``j`` takes row ``i``
with probability ``M(A minus row i and column j) / M(A)``, and with the probability left
over the attempt is rejected. Every perfect matching comes out of an attempt with
probability ``1 / M(A)`` exactly, and an attempt succeeds with probability
``per(A) / M(A)`` (M. Huber, "Exact sampling from perfect matchings of dense regular
bipartite graphs", Algorithmica 44, 2006; M. Huber and J. Law, "Fast approximation of the
permanent for very dense problems", SODA 2008). The ratios of bounds are computed in
floating point (53 bits), as ``random.random()`` draws them; every other choice is exact,
in integers.

Which matrix. Put every tile (hidden or played by another seat) against every slot and
the bound is poor: the tiles a seat played form a small dense block of their own, each
seat's losing a constant factor, so the acceptance falls geometrically with the seats
(e^-7 to e^-14 at 8 seats, as measured). The bound is good on the hidden tiles against
the seats' current hands and the undrawn boneyard, where the rows are dense. So each seat's slots
are split by a *pattern* (:class:`SeatPatterns`): which of its draw slots hold tiles of
its current hand. Given the patterns, the tiles a seat played fill the rest of its slots
in a number of ways counted exactly (``SeatSlots.ways``), and the hidden tiles are a
perfect matching to the dealt places and draw slots the patterns leave them and to the
boneyard. The patterns are drawn seat by seat, each with its ways times a factor from the
tangent of the concave ``ln h`` (which bounds the matching's bound by a product over the
seats), then kept with the ratio of the matching's bound to that product; then the
matching is drawn as above; then the hands' points (R17) and the closed boneyard's sets
(R14, R16) are checked, and a deal that misses them is rejected (:class:`Proposal`).
Rows that allow the same columns are one row type, and columns that the same rows allow
one column type with a multiplicity (a seat's dealt places, the boneyard), so a step is
linear in the row types.

The points of a finished round are met by rejection alone, which is quick at small
tables only: ``_sampling`` counts a finished round exactly instead.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ._counting import SeatSlots, _SamplingError

__all__ = ["Attempt", "Matchings", "Proposal", "SeatPatterns"]

_E1: float = math.e - 1.0


class Matchings:
    """The perfect matchings of a 0/1 matrix given by types: ``rows[i]`` is how many rows
    of type ``i`` there are and ``allowed[i]`` the column types they allow, ``columns[j]``
    how many columns of type ``j``. Rows and columns must be as many."""

    def __init__(
        self, rows: Sequence[int], allowed: Sequence[Sequence[int]], columns: Sequence[int]
    ) -> None:
        if sum(rows) != sum(columns):
            raise _SamplingError("a perfect matching needs as many rows as columns")
        self.rows = list(rows)
        self.allowed = [sorted(set(a)) for a in allowed]
        self.columns = list(columns)
        holders: list[list[int]] = [[] for _ in columns]
        reach = [0] * len(columns)  # column type -> how many rows allow it
        #: how many columns each row type allows
        self.sums: list[int] = []
        for i, cols in enumerate(self.allowed):
            n, total = self.rows[i], 0
            for j in cols:
                holders[j].append(i)
                reach[j] += n
                total += self.columns[j]
            self.sums.append(total)
        self.holders = holders  # column type -> the row types that allow it
        # the columns filled in turn, those the fewest rows allow first (any order fixed
        # in advance keeps the attempt exact; this one rejects early)
        self.order = sorted(
            (j for j, c in enumerate(self.columns) if c), key=lambda j: (reach[j], j)
        )
        self.log_h = _log_h_table(max(self.sums, default=0))

    def log_bound(self) -> float:
        """``ln M(A)``: ``-inf`` if a row allows no column."""
        log_h = self.log_h
        sums = self.sums
        return sum(n * (log_h[sums[i]] - 1.0) for i, n in enumerate(self.rows) if n)

    def attempt(self, rng: random.Random) -> list[list[int]] | None:
        """One attempt: for each row type, the column types its rows were matched to (in
        the order matched), or ``None`` if the attempt was rejected."""
        left = self.rows.copy()
        sums = self.sums.copy()
        out: list[list[int]] = [[] for _ in left]
        log_h, holders = self.log_h, self.holders
        for j in self.order:
            rows = holders[j]
            for _ in range(self.columns[j]):
                i = _pick(rows, left, sums, log_h, rng.random())
                if i < 0:
                    return None
                out[i].append(j)
                left[i] -= 1
                for k in rows:
                    sums[k] -= 1
        return out


def _pick(rows: list[int], left: list[int], sums: list[int], log_h: list[float], u: float) -> int:
    """The row type that fills the next column, whose holders are ``rows``, or -1 for a
    rejection: row type ``i`` with probability ``left[i] M(A') / M(A)``, where ``A'`` is
    ``A`` less one row of type ``i`` and the column."""
    finite = 0.0  # ln M(A') - ln M(A) but for the row removed: every holder loses a column
    last = -1  # a holder left with this column only must take it
    for k in rows:
        n = left[k]
        if not n:
            continue
        r = sums[k]
        if r == 1:
            if last >= 0 or n > 1:
                return -1  # two rows need this column: no matching
            last = k
            continue
        finite += n * (log_h[r - 1] - log_h[r])
    if last >= 0:  # h(1) = e: its factor h(1) / e is 1
        return last if u < math.exp(finite) else -1
    for k in rows:
        n = left[k]
        if not n:
            continue
        r = sums[k]
        u -= n * math.exp(finite + 1.0 - log_h[r] - (log_h[r - 1] - log_h[r]))
        if u < 0.0:
            return k
    return -1


class SeatPatterns:
    """One hidden seat's *patterns*: which of its draw slots hold tiles of its current
    hand (the rest, and the dealt places its hand does not fill, hold the tiles it
    played), each with the number of ways to place the played tiles (a
    :class:`~chickenfoot._counting.SeatSlots` of the slots they fill)."""

    def __init__(self, slots: SeatSlots, played: list[tuple[int, int]], size: int) -> None:
        self.slots = slots
        self.played = played  # (tile, label index)
        self.size = size
        counts = [0] * len(slots.labels)
        for _, index in played:
            counts[index] += 1
        #: (pattern as a bitmask of draw slots 1.., the played tiles' slots, their ways)
        self.patterns: list[tuple[int, SeatSlots, int]] = []
        draws = slots.slots
        for mask in range(0, 1 << draws << 1, 2):
            held = mask.bit_count()
            dealt = slots.dealt - size + held
            if held > size or dealt < 0:
                continue
            rest = [k for k in range(1, draws + 1) if not mask >> k & 1]
            sub = SeatSlots(dealt, len(rest), [_keep(label, rest) for label in slots.labels])
            ways = sub.ways(len(rest), tuple(counts))
            if ways:
                self.patterns.append((mask, sub, ways))

    def places(self, mask: int, label: int) -> list[int]:
        """The places of a hand tile of ``label`` under pattern ``mask``: 0 the dealt
        hand, k the draw slot k."""
        return [
            k for k in range(self.slots.slots + 1) if label >> k & 1 and (not k or mask >> k & 1)
        ]


_LOG_H: list[float] = [-math.inf]

#: How many pattern choices a proposal keeps the matchings of.
_MATRICES = 256

#: A matching of one choice of patterns: the matchings, the tiles of each row type, the
#: place of each column type, ``ln M`` less the orders of the dealt places.
_Matrix = tuple[Matchings, list[list[int]], list[tuple[int, int]], float]


def _log_h_table(most: int) -> list[float]:
    """``ln h(r)`` for ``r`` from 0 to at least ``most`` (``ln h(0) = -inf``), shared."""
    table = _LOG_H
    while len(table) <= most:
        r = len(table)
        table.append(math.log(r + 0.5 * math.log(r) + _E1))
    return table


def _keep(label: int, rest: list[int]) -> int:
    """``label`` over the slots ``rest`` only, renumbered 1.. (bit 0, the dealt hand, kept)."""
    out = label & 1
    for pos, k in enumerate(rest, start=1):
        if label >> k & 1:
            out |= 1 << pos
    return out


def _log_h(x: float) -> float:
    return math.log(x + 0.5 * math.log(x) + _E1)


class Proposal:
    """Deals of one case drawn by rejection (see the module): each seat's pattern drawn
    on its own, then the hands as a perfect matching of the hidden tiles to the places
    the patterns leave them (each seat's dealt places and draw slots, the undrawn
    boneyard) by :class:`Matchings`, with one more acceptance step that turns the
    patterns' product weights into the matching's bound; then the points of every hand
    (R17) and the undrawn boneyard's sets (R14, R16) checked.

    The bound of the matching is ``prod_t h(x_t) / e`` over the hidden tiles, ``x_t`` the
    places tile ``t`` may fill; ``ln h`` is concave, so its tangent at a reference point
    bounds it, and the tangent is a sum over seats of what each seat's pattern gives:
    seat by seat, pattern ``p`` is drawn with weight ``ways(p) g(p)``, and the draw is
    kept with probability ``M(p) / (K prod g)`` (at most 1 by the tangent). A deal comes
    out with probability ``1 / (K prod Z)``, ``Z`` each seat's total weight."""

    def __init__(
        self,
        seats: dict[int, SeatPatterns],
        labels: dict[int, dict[int, int]],
        boneyard: tuple[int, set[int]],
        points: dict[int, int],
        values: dict[int, int],
        forbidden: list[tuple[int, ...]],
    ) -> None:
        # labels: tile -> seat -> its label there (a bitmask of the seat's slots);
        # boneyard: (its size, the hidden tiles it may not hold)
        self.seats = seats
        self.labels = labels
        self.r, self.barred = boneyard
        self.points = points
        self.values = values
        self.forbidden = forbidden
        self._tangent()

    def _places(self, t: int, masks: dict[int, int]) -> int:
        """How many places tile ``t`` may fill under the patterns ``masks``."""
        total = 0 if t in self.barred else self.r
        for seat, label in self.labels[t].items():
            pats = self.seats[seat]
            mask = masks[seat]
            total += (pats.size - mask.bit_count()) * (label & 1)
            total += (label & mask).bit_count()
        return total

    def _tangent(self) -> None:
        """The tangents of ``ln h`` at the places of the likeliest patterns, and each
        seat's pattern weights ``ways * g``."""
        best = {
            seat: max(pats.patterns, key=lambda p: p[2])[0] if pats.patterns else 0
            for seat, pats in self.seats.items()
        }
        self.slope: dict[int, float] = {}
        constant = 0.0
        for t in self.labels:
            x0 = max(1.0, float(self._places(t, best)))
            slope = (1.0 + 0.5 / x0) / (x0 + 0.5 * math.log(x0) + _E1)
            self.slope[t] = slope
            constant += _log_h(x0) - 1.0 - slope * x0
            if t not in self.barred:
                constant += slope * self.r
        self.constant = constant  # ln K
        self.log_g: dict[int, list[float]] = {}  # seat -> ln g of each pattern
        self.weights: dict[int, list[float]] = {}  # seat -> ln(ways * g) of each pattern
        self.shares: dict[int, list[float]] = {}  # seat -> the weights over the largest
        for seat, pats in self.seats.items():
            self.log_g[seat] = [self._log_g(seat, mask) for mask, _, _ in pats.patterns]
            self.weights[seat] = [
                math.log(ways) + g
                for (_, _, ways), g in zip(pats.patterns, self.log_g[seat], strict=True)
            ]
            top = max(self.weights[seat], default=0.0)
            self.shares[seat] = [math.exp(w - top) for w in self.weights[seat]]
        # the tiles of equal labels in every seat (and equally barred from the boneyard)
        # have equal places under any patterns: each group is one row type or part of one
        groups: dict[tuple[bool, tuple[tuple[int, int], ...]], list[int]] = {}
        for t, labels_of in self.labels.items():
            groups.setdefault((t in self.barred, tuple(labels_of.items())), []).append(t)
        #: (its tiles, whether the boneyard may hold them, their (seat, label) pairs)
        self.groups = [(tiles, not barred, pairs) for (barred, pairs), tiles in groups.items()]
        #: every place ((seat, slot), (-1, 0) the boneyard) by column, and where each
        #: seat's places begin
        self.places: list[tuple[int, int]] = []
        self.base: dict[int, int] = {}
        for seat, pats in self.seats.items():
            self.base[seat] = len(self.places)
            self.places.extend((seat, slot) for slot in range(pats.slots.slots + 1))
        self.places.append((-1, 0))
        self.empty = [0] * len(self.places)
        # (seat, pattern, label) -> the columns of the places of the label
        self._columns_of: dict[tuple[int, int, int], tuple[int, ...]] = {}
        #: the matchings of the pattern choices met so far (at most _MATRICES)
        self._matrices: dict[tuple[int, ...], _Matrix | None] = {}

    def _log_g(self, seat: int, mask: int) -> float:
        """ln g of a seat's pattern: the tangent's share of the places it gives, less the
        orders of the dealt places its hand fills."""
        pats = self.seats[seat]
        dealt = pats.size - mask.bit_count()
        total = -math.lgamma(dealt + 1)
        for t, labels_of in self.labels.items():
            label = labels_of.get(seat)
            if label is not None:
                total += self.slope[t] * (dealt * (label & 1) + (label & mask).bit_count())
        return total

    def log_bound(self) -> float:
        """The natural log of ``K prod Z``, a bound on the number of hand partitions and
        slot fillings (``-inf``: none)."""
        total = self.constant
        for weights in self.weights.values():
            if not weights:
                return -math.inf
            top = max(weights)
            total += top + math.log(sum(math.exp(w - top) for w in weights))
        return total

    def attempt(self, rng: random.Random) -> Attempt | None:
        """One attempt: each seat's pattern (an index of its patterns) and the place of
        each tile of its hand (0 the dealt hand, k draw slot k), and the undrawn boneyard
        (in no order); or ``None`` if rejected."""
        chosen: dict[int, int] = {}
        log_g = self.constant
        for seat, shares in self.shares.items():
            pick = len(shares) - 1
            if pick:
                u = rng.random() * sum(shares)
                for k, share in enumerate(shares):
                    if u < share:
                        pick = k
                        break
                    u -= share
            chosen[seat] = pick
            log_g += self.log_g[seat][pick]
        key = tuple(chosen.values())
        if key in self._matrices:
            matrix = self._matrices[key]
        else:
            masks = {seat: self.seats[seat].patterns[k][0] for seat, k in chosen.items()}
            matrix = self._matrix(masks)
            if len(self._matrices) < _MATRICES:
                self._matrices[key] = matrix
        if matrix is None:
            return None
        matchings, kinds, places, log_m = matrix
        if rng.random() >= math.exp(min(0.0, log_m - log_g)):
            return None
        found = matchings.attempt(rng)
        if found is None:
            return None
        hands: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.seats}
        undrawn: list[int] = []
        for tiles, cols in zip(kinds, found, strict=True):
            order = tiles.copy()
            rng.shuffle(order)
            for t, j in zip(order, cols, strict=True):
                seat, slot = places[j]
                if seat < 0:
                    undrawn.append(t)
                else:
                    hands[seat].append((t, slot))
        if not self._holds(hands, undrawn):
            return None
        return chosen, hands, undrawn

    def _matrix(self, masks: dict[int, int]) -> _Matrix | None:
        """The matching of the hidden tiles to the places the patterns ``masks`` leave,
        its tile kinds, its places ((seat, slot), (-1, 0) the boneyard) and ``ln M``
        less the orders of the dealt places; ``None`` if a tile has no place. Every
        place has a column of its own whatever the patterns (:attr:`places`), one the
        patterns leave no tile of holding none."""
        base, counts = self.base, self.empty.copy()
        log_m = 0.0
        for seat, pats in self.seats.items():
            mask = masks[seat]
            dealt = pats.size - mask.bit_count()
            log_m -= math.lgamma(dealt + 1)
            at = base[seat]
            counts[at] = dealt
            while mask:
                low = mask & -mask
                counts[at + low.bit_length() - 1] = 1
                mask ^= low
        counts[-1] = self.r
        kinds: dict[tuple[int, ...], list[int]] = {}
        columns_of = self._columns_of
        bone = len(counts) - 1
        for group, open_, pairs in self.groups:
            cols: list[int] = []
            for seat, label in pairs:
                key = (seat, masks[seat], label)
                found = columns_of.get(key)
                if found is None:
                    at = base[seat]
                    places = self.seats[seat].places(masks[seat], label)
                    found = columns_of[key] = tuple(at + k for k in places)
                cols.extend(found)
            if open_:
                cols.append(bone)
            if not cols:
                return None
            kinds.setdefault(tuple(cols), []).extend(group)
        tiles = list(kinds.values())
        matchings = Matchings([len(group) for group in tiles], list(kinds), counts)
        return matchings, tiles, self.places, log_m + matchings.log_bound()

    def _holds(self, hands: dict[int, list[tuple[int, int]]], undrawn: list[int]) -> bool:
        """Whether every hand has its points (R17) and the undrawn boneyard holds none of
        the sets it may not (R14, R16)."""
        values = self.values
        for seat, want in self.points.items():
            if sum(values[t] for t, _ in hands[seat]) != want:
                return False
        if self.forbidden:
            held = set(undrawn)
            if any(all(t in held for t in q) for q in self.forbidden):
                return False
        return True


#: What an attempt gives: each seat's pattern index, the (tile, place) pairs of each
#: seat's hand, the undrawn boneyard.
Attempt = tuple[dict[int, int], dict[int, list[tuple[int, int]]], list[int]]
