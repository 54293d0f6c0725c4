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
linear in the row types. The types are laid out once per proposal, whatever the
patterns: every place is a column type, counted 0 where a pattern leaves a seat's draw
slot to the tiles it played, so an attempt only changes the counts and the row sums of
the seats whose pattern is not their likeliest.

Two bounds, the lower chosen. The permanent of ``A`` is that of its transpose, so
Huber and Law's bound holds by columns too: ``prod over places q of h(y_q) / e``, ``y_q``
the hidden tiles that may fill place ``q``, the matching then built tile by tile, each
tile type taking its places in turn. The two bounds lose in different views. By tiles,
a place that few tiles may fill (a seat that drew or passed often lacks most tiles) is
where attempts die: its holders each count on many places, and the bound does not see
that the place needs one of them. By places, a tile that few places allow is, in the
same way. At 16 and 20 seats the bound by places is the lower in most views, by up to
e^1.8; each proposal computes both (the one by places, a product over the seats'
patterns with no tangent, is exact in the patterns) and draws its attempts under the
lower (``Proposal.by_places``), which depends on the view alone, so a seeded sample is
the same on any machine.

What was weighed and left. *Deep rejection* (J. Harviainen, A. Röyskö and M. Koivisto,
"Approximating the permanent with deep rejection sampling", NeurIPS 2021) replaces the
bound at the root by the sum of the bounds of the subproblems some levels down, and
gains most where the losses are, in the first columns; but here the patterns are drawn
before the matching under a product bound, and a deeper bound of each choice of
patterns is no product over the seats, so the gain would need every choice of patterns
listed (millions late in a round). Adaptive partitions (J. Kuck, T. Dao, H. Rezatofighi,
A. Sabharwal and S. Ermon, "Approximating the permanent by sampling from adaptive
partitions", NeurIPS 2019) refine the bound where attempts fail, which makes a seeded
sample depend on the samples drawn before it. Scaling the matrix first (Sinkhorn
balancing, as Huber and Law do for entries in ``[0, 1]``) lowered the bound by e^0.4 to
e^0.9 on the views tried, for row sums in floating point at every step.

The points of a finished round are met by rejection alone (a deal whose hands miss
them is rejected), which is quick at small tables only: ``_sampling`` counts a finished
round exactly first, with a larger budget, and then takes turns between counting and
rejection.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, combinations

from ._counting import SeatSlots, _SamplingError

__all__ = ["Attempt", "Matchings", "Proposal", "SeatPatterns", "pattern_count", "pattern_masks"]

_E1: float = math.e - 1.0


class Matchings:
    """The perfect matchings of a 0/1 matrix given by types: ``rows[i]`` is how many rows
    of type ``i`` there are and ``allowed[i]`` the column types they allow, ``columns[j]``
    how many columns of type ``j``. Rows and columns must be as many. The rows and the
    allowed column types are fixed; an attempt may be given other column counts (a
    column type counted 0 is no column), with the row sums they give (:meth:`sums_of`)."""

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
        for i, cols in enumerate(self.allowed):
            for j in cols:
                holders[j].append(i)
                reach[j] += self.rows[i]
        self.holders = holders  # column type -> the row types that allow it
        # the columns filled in turn, those the fewest rows allow first (any order fixed
        # in advance keeps the attempt exact; this one rejects early)
        self.order = sorted((j for j, h in enumerate(holders) if h), key=lambda j: (reach[j], j))
        #: how many columns each row type allows
        self.sums = self.sums_of(self.columns)
        self.log_h = _log_h_table(sum(self.columns))

    def sums_of(self, columns: Sequence[int]) -> list[int]:
        """How many columns each row type allows when column type ``j`` counts
        ``columns[j]``."""
        return [sum(columns[j] for j in cols) for cols in self.allowed]

    def log_bound(self, sums: Sequence[int] | None = None) -> float:
        """``ln M(A)`` (of the row sums ``sums``, by default the matrix's): ``-inf`` if a
        row allows no column."""
        log_h = self.log_h
        sums = self.sums if sums is None else sums
        return sum(n * (log_h[sums[i]] - 1.0) for i, n in enumerate(self.rows) if n)

    def transposed(self) -> Matchings:
        """The same matchings with rows and columns swapped."""
        allowed: list[list[int]] = [[] for _ in self.columns]
        for i, cols in enumerate(self.allowed):
            for j in cols:
                allowed[j].append(i)
        return Matchings(self.columns, allowed, self.rows)

    def attempt(
        self,
        rng: random.Random,
        columns: Sequence[int] | None = None,
        sums: Sequence[int] | None = None,
        rows: Sequence[int] | None = None,
    ) -> list[list[int]] | None:
        """One attempt (with the column counts ``columns`` and their row sums ``sums``, or
        the row counts ``rows``, by default the matrix's; rows and columns as many): for
        each row type, the column types its rows were matched to (in the order matched),
        or ``None`` if the attempt was rejected."""
        left = list(self.rows if rows is None else rows)
        sums = list(self.sums if sums is None else sums)
        columns = self.columns if columns is None else columns
        out: list[list[int]] = [[] for _ in left]
        holders = self.holders
        for j in self.order:
            rows = holders[j]
            for _ in range(columns[j]):
                i = _pick(rows, left, sums, rng.random())
                if i < 0:
                    return None
                out[i].append(j)
                left[i] -= 1
                for k in rows:
                    sums[k] -= 1
        return out


def _pick(rows: list[int], left: list[int], sums: list[int], u: float) -> int:
    """The row type that fills the next column, whose holders are ``rows``, or -1 for a
    rejection: row type ``i`` with probability ``left[i] M(A') / M(A)``, where ``A'`` is
    ``A`` less one row of type ``i`` and the column."""
    drop, share = _DROP, _SHARE
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
        finite += n * drop[r]
    if last >= 0:  # h(1) = e: its factor h(1) / e is 1
        return last if u < math.exp(finite) else -1
    # row i's share: left[i] e^finite e / h(r_i - 1) (its own factor h(r_i) / e gone)
    u *= math.exp(-finite)
    for k in rows:
        n = left[k]
        if not n:
            continue
        u -= n * share[sums[k]]
        if u < 0.0:
            return k
    return -1


def _weighted(cumulative: list[float], rng: random.Random) -> int:
    """An index drawn with the weights whose running sums are ``cumulative``; one entry
    is drawn without a random number."""
    last = len(cumulative) - 1
    if not last:
        return last
    return min(last, bisect_right(cumulative, rng.random() * cumulative[-1]))


def _held_range(slots: SeatSlots, size: int) -> range:
    """How many of a seat's draw slots may hold tiles of its hand of ``size`` tiles: at
    most ``size``, and at least what its dealt places cannot."""
    return range(max(0, size - slots.dealt), min(size, slots.slots) + 1)


def pattern_count(slots: SeatSlots, size: int) -> int:
    """How many patterns a seat has before their ways are counted (see
    :func:`pattern_masks`), without listing them."""
    return sum(math.comb(slots.slots, held) for held in _held_range(slots, size))


def pattern_masks(slots: SeatSlots, size: int) -> list[int]:
    """The bitmasks (of draw slots 1..) of a seat's patterns, in increasing order: the
    draw slots that hold tiles of its hand of ``size`` tiles, as many as its dealt
    places leave to them and no more than its hand."""
    masks = [
        sum(1 << k for k in chosen)
        for held in _held_range(slots, size)
        for chosen in combinations(range(1, slots.slots + 1), held)
    ]
    return sorted(masks)


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
        for mask in pattern_masks(slots, size):
            held = mask.bit_count()
            dealt = slots.dealt - size + held
            rest = [k for k in range(1, draws + 1) if not mask >> k & 1]
            sub = SeatSlots(dealt, len(rest), [_keep(label, rest) for label in slots.labels])
            ways = sub.ways(len(rest), tuple(counts))
            if ways:
                self.patterns.append((mask, sub, ways))
        #: ln of the orders of the dealt places of each pattern
        self.orders = [math.lgamma(size - mask.bit_count() + 1) for mask, _, _ in self.patterns]


_LOG_H: list[float] = [-math.inf]
#: ``ln h(r - 1) - ln h(r)`` and ``e / h(r - 1)`` for ``r`` from 0 (unused below 2)
_DROP: list[float] = [0.0]
_SHARE: list[float] = [0.0]


def _log_h_table(most: int) -> list[float]:
    """``ln h(r)`` for ``r`` from 0 to at least ``most`` (``ln h(0) = -inf``), shared."""
    table = _LOG_H
    while len(table) <= most:
        r = len(table)
        table.append(math.log(r + 0.5 * math.log(r) + _E1))
        _DROP.append(table[r - 1] - table[r])
        _SHARE.append(math.exp(1.0 - table[r - 1]))
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
        self._log_tiles = self._tiles_bound()
        #: whether the attempts draw under the bound by places (else by tiles): the
        #: lower of the two
        self.by_places = self._log_places < self._log_tiles

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
        #: each seat's likeliest pattern (an index of its patterns)
        self.best = {
            seat: max(range(len(pats.patterns)), key=lambda k: pats.patterns[k][2])
            for seat, pats in self.seats.items()
            if pats.patterns
        }
        best = self._usual = dict.fromkeys(self.seats, 0)
        for seat, k in self.best.items():
            best[seat] = self.seats[seat].patterns[k][0]
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
        #: seat -> (slope, label there) of each tile it may hold
        self._sloped: dict[int, list[tuple[float, int]]] = {seat: [] for seat in self.seats}
        for t, labels_of in self.labels.items():
            for seat, label in labels_of.items():
                self._sloped[seat].append((self.slope[t], label))
        for seat, pats in self.seats.items():
            self.log_g[seat] = [self._log_g(seat, mask) for mask, _, _ in pats.patterns]
            self.weights[seat] = [
                math.log(ways) + g
                for (_, _, ways), g in zip(pats.patterns, self.log_g[seat], strict=True)
            ]
            top = max(self.weights[seat], default=0.0)
            self.shares[seat] = [math.exp(w - top) for w in self.weights[seat]]
        #: seat -> the running sums of its shares, to draw its pattern by
        self._cumulative = {seat: list(accumulate(shares)) for seat, shares in self.shares.items()}
        self._layout()

    def _layout(self) -> None:
        """The matching's rows and columns, the same whatever the patterns: a column for
        every place ((seat, slot), (-1, 0) the boneyard), a row type for the tiles that
        may fill the same places under some patterns (a pattern leaves a seat's draw
        slots that hold no tile of its hand as columns counted 0)."""
        #: every place by column, and where each seat's places begin
        self.places: list[tuple[int, int]] = []
        self.base: dict[int, int] = {}
        for seat, pats in self.seats.items():
            self.base[seat] = len(self.places)
            self.places.extend((seat, slot) for slot in range(pats.slots.slots + 1))
        self.places.append((-1, 0))
        bone = len(self.places) - 1
        kinds: dict[tuple[int, ...], list[int]] = {}
        for t, labels_of in self.labels.items():
            cols = [bone] if t not in self.barred else []
            for seat, label in labels_of.items():
                at = self.base[seat]
                cols.extend(
                    at + k for k in range(self.seats[seat].slots.slots + 1) if label >> k & 1
                )
            kinds.setdefault(tuple(sorted(cols)), []).append(t)
        #: the tiles of each row type
        self.kinds = list(kinds.values())
        counts = self._columns(self._usual)
        self.matchings = Matchings([len(tiles) for tiles in self.kinds], list(kinds), counts)
        self._places_bound()
        #: (seat, pattern index) -> its columns' counts and how the row sums change
        #: from the likeliest pattern's
        self._deltas: dict[
            tuple[int, int], tuple[list[tuple[int, int]], list[tuple[int, int]]]
        ] = {}

    def _places_bound(self) -> None:
        """The bound by places: ``prod_q h(y_q) / e`` over the places, ``y_q`` the tiles
        that may fill place ``q``, a product over the seats' patterns without a tangent;
        chosen over the bound by tiles where it is the lower."""
        self._places_matchings = matchings = self.matchings.transposed()
        factor = [matchings.log_h[y] - 1.0 if y else -math.inf for y in matchings.sums]
        bound = self.r * factor[-1] if self.r else 0.0
        #: seat -> the running sums of its patterns' shares of the bound by places
        self._place_cumulative: dict[int, list[float]] = {}
        for seat, pats in self.seats.items():
            at = self.base[seat]
            weights = []
            for (mask, _, ways), order in zip(pats.patterns, pats.orders, strict=True):
                dealt = pats.size - mask.bit_count()
                w = math.log(ways) - order + (dealt * factor[at] if dealt else 0.0)
                for k in range(1, pats.slots.slots + 1):
                    if mask >> k & 1:
                        w += factor[at + k]
                weights.append(w)
            top = max(weights, default=-math.inf)
            if top == -math.inf:
                bound = -math.inf
                break
            shares = [math.exp(w - top) for w in weights]
            bound += top + math.log(sum(shares))
            self._place_cumulative[seat] = list(accumulate(shares))
        self._log_places = bound

    def _columns(self, masks: dict[int, int]) -> list[int]:
        """How many columns each place is under the patterns ``masks``: a seat's dealt
        places one column type, a draw slot one column if its pattern holds it."""
        counts = [0] * len(self.places)
        for seat, mask in masks.items():
            at = self.base[seat]
            counts[at] = self.seats[seat].size - mask.bit_count()
            for k in range(1, self.seats[seat].slots.slots + 1):
                counts[at + k] = mask >> k & 1
        counts[-1] = self.r
        return counts

    def _delta(self, seat: int, pick: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """A seat's pattern ``pick`` against its likeliest: the (column, count) of its
        places, and the (row type, change) of the row sums."""
        found = self._deltas.get((seat, pick))
        if found is None:
            pats, at = self.seats[seat], self.base[seat]
            mine = self._columns({seat: pats.patterns[pick][0]})
            usual = self._columns({seat: self._usual[seat]})
            width = pats.slots.slots + 1
            cols = [(at + k, mine[at + k]) for k in range(width)]
            change = {at + k: mine[at + k] - usual[at + k] for k in range(width)}
            rows = []
            for i, allowed in enumerate(self.matchings.allowed):
                d = sum(change.get(j, 0) for j in allowed if at <= j < at + width)
                if d:
                    rows.append((i, d))
            found = self._deltas[seat, pick] = (cols, rows)
        return found

    def _log_g(self, seat: int, mask: int) -> float:
        """ln g of a seat's pattern: the tangent's share of the places it gives, less the
        orders of the dealt places its hand fills."""
        pats = self.seats[seat]
        dealt = pats.size - mask.bit_count()
        total = -math.lgamma(dealt + 1)
        for slope, label in self._sloped[seat]:
            total += slope * (dealt * (label & 1) + (label & mask).bit_count())
        return total

    def log_bound(self) -> float:
        """The natural log of the bound the attempts draw under, a bound on the number of
        hand partitions and slot fillings (``-inf``: none): ``K prod Z`` (by tiles) or the
        bound by places, as :attr:`by_places` says."""
        return self._log_places if self.by_places else self._log_tiles

    def _tiles_bound(self) -> float:
        """ln ``K prod Z``, the bound by tiles (``-inf``: a seat with no pattern)."""
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
        found = self._by_places(rng) if self.by_places else self._by_tiles(rng)
        if found is None or not self._holds(found[1], found[2]):
            return None
        return found

    def _by_tiles(self, rng: random.Random) -> Attempt | None:
        """An attempt on the bound by tiles: the patterns by the tangent, kept with the
        ratio of the matching's bound to it, then the matching column by column."""
        chosen: dict[int, int] = {}
        log_g = self.constant
        for seat, cumulative in self._cumulative.items():
            pick = _weighted(cumulative, rng)
            chosen[seat] = pick
            log_g += self.log_g[seat][pick]
        matchings = self.matchings
        columns, sums = matchings.columns.copy(), matchings.sums.copy()
        log_m = 0.0
        for seat, pick in chosen.items():
            log_m -= self.seats[seat].orders[pick]
            if pick != self.best[seat]:
                places, changes = self._delta(seat, pick)
                for j, c in places:
                    columns[j] = c
                for i, d in changes:
                    sums[i] += d
        if not all(sums[i] for i, n in enumerate(matchings.rows) if n):
            return None  # a tile with no place
        log_m += matchings.log_bound(sums)
        if rng.random() >= math.exp(min(0.0, log_m - log_g)):
            return None
        found = matchings.attempt(rng, columns, sums)
        if found is None:
            return None
        hands: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.seats}
        undrawn: list[int] = []
        for tiles, cols in zip(self.kinds, found, strict=True):
            order = tiles.copy()
            rng.shuffle(order)
            for t, j in zip(order, cols, strict=True):
                seat, slot = self.places[j]
                if seat < 0:
                    undrawn.append(t)
                else:
                    hands[seat].append((t, slot))
        return chosen, hands, undrawn

    def _by_places(self, rng: random.Random) -> Attempt | None:
        """An attempt on the bound by places: the patterns drawn by their exact share of
        it, then the matching tile type by tile type."""
        chosen: dict[int, int] = {}
        rows = self.matchings.columns.copy()
        for seat, cumulative in self._place_cumulative.items():
            pick = _weighted(cumulative, rng)
            chosen[seat] = pick
            if pick != self.best[seat]:
                for j, c in self._delta(seat, pick)[0]:
                    rows[j] = c
        found = self._places_matchings.attempt(rng, rows=rows)
        if found is None:
            return None
        pools = [tiles.copy() for tiles in self.kinds]
        for pool in pools:
            rng.shuffle(pool)
        hands: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.seats}
        undrawn: list[int] = []
        for (seat, slot), kinds in zip(self.places, found, strict=True):
            for i in kinds:
                t = pools[i].pop()
                if seat < 0:
                    undrawn.append(t)
                else:
                    hands[seat].append((t, slot))
        return chosen, hands, undrawn

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
