"""Where the tiles a view does not see may be: :class:`Beliefs`, its exact count or its
estimate from samples.

Internal; :meth:`RoundView.tile_probabilities <chickenfoot.RoundView.tile_probabilities>`
and :meth:`RoundView.count_deals <chickenfoot.RoundView.count_deals>` call it.

A *deal* of a view is what the exact sampler (``_sampling``) counts: the other seats'
hands as dealt and the boneyard's order, replaying the view's history move by move
(R5, R6, R12-R17). Every deal is equally likely, so the probability that a hidden tile
lies in a place now (another seat's hand, or the undrawn boneyard) is the number of deals
that put it there over the number of deals. ``_sampling.deals_holding`` counts both, one
seat at a time, from the counting tables of the sampler itself; the boneyard takes what
no seat holds. When the count runs out of time, or a house rule cannot say what a move
tells (so no count is exact), the probabilities are the frequencies of uniform samples of
the view (``_sampling.sample_state``), each with its standard error.
"""

from __future__ import annotations

import fractions
import math
import random
import time
from fractions import Fraction
from typing import Final, Literal, TypeAlias

import attrs

from ._engine import Seen
from ._pictures.beliefs import beliefs_svg, deal_count
from ._sampling import count_deals as exact_count
from ._sampling import deals_holding, sample_state
from ._tiles import TILES, Tile, set_length
from .errors import SamplingError

__all__ = ["Beliefs", "Method", "Place", "beliefs_of", "deals_of"]

#: How :meth:`~chickenfoot.RoundView.tile_probabilities` works them out.
Method: TypeAlias = Literal["auto", "exact", "sample"]
#: Where a hidden tile may be: another seat's hand (its number) or the boneyard (``None``).
Place: TypeAlias = "int | None"
_METHODS: Final = ("auto", "exact", "sample")
_ZERO: Final = Fraction(0)


@attrs.frozen(repr=False)
class Beliefs:
    """Where each tile one seat cannot see is now, as that seat may work it out: the
    probability of every hidden tile for every other seat's hand and for the boneyard,
    over the deals that replay the seat's view (see
    :meth:`RoundView.tile_probabilities <chickenfoot.RoundView.tile_probabilities>`).

    ``probabilities[i][j]`` is the probability that ``tiles[i]`` is in ``places[j]``:
    each row sums to 1, and each column to the number of hidden tiles in that place.
    When :attr:`exact`, the probabilities are exact fractions of :attr:`deals` deals;
    otherwise they are the frequencies in :attr:`samples` samples drawn uniformly among
    the deals, and :meth:`standard_error` says how far off each may be. The repr is one
    short line; :func:`~chickenfoot.beliefs_text` writes the whole table, and notebooks
    draw it (:func:`~chickenfoot.beliefs_svg`).

    >>> import random
    >>> from chickenfoot import PRESETS, Round, Tile
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=4)
    >>> rng = random.Random(4)
    >>> for _ in range(10):
    ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    >>> beliefs = rnd.view(1).tile_probabilities()
    >>> beliefs.places, beliefs.counts, beliefs.exact
    ((0, None), (6, 11), True)
    >>> beliefs.where(Tile(6, 2)), beliefs.probability(Tile(5, 5), 0)
    ({None: Fraction(1, 1)}, Fraction(2, 5))
    >>> beliefs.expected_count(0)
    Fraction(6, 1)
    >>> beliefs
    <Beliefs of seat 1: 17 hidden tiles in seat 0, boneyard; exact over 1.4e+12 deals>

    .. versionadded:: 0.2
    """

    #: The seat whose view this is.
    seat: int
    #: The tiles the seat cannot see, in the set's order.
    tiles: tuple[Tile, ...]
    #: The other seats in turn, then the boneyard (``None``).
    places: tuple[int | None, ...]
    #: How many tiles each place holds now: ``counts[j]`` for ``places[j]``.
    counts: tuple[int, ...]
    #: One row a tile, one column a place.
    probabilities: tuple[tuple[fractions.Fraction, ...], ...]
    #: How many samples the estimate counts; 0 when the probabilities are exact.
    samples: int = 0
    #: How many deals replay the view, when the probabilities are exact (``None`` for
    #: beliefs made by hand without it: their text and repr then say only "exact").
    deals: int | None = None

    @property
    def exact(self) -> bool:
        """Whether the probabilities are exact rather than estimated from samples."""
        return self.samples == 0

    def probability(self, tile: Tile, place: int | None) -> fractions.Fraction:
        """The probability that ``tile`` is in ``place`` (a seat, or ``None`` for the
        boneyard); 0 for a place the seat sees into (its own hand) or a tile it sees.

        Raises:
            ValueError: ``place`` is not a seat of the round nor ``None``.
        """
        j = self._column(place)
        if j < 0 or tile not in self.tiles:
            return _ZERO
        return self.probabilities[self.tiles.index(tile)][j]

    def where(self, tile: Tile) -> dict[int | None, fractions.Fraction]:
        """Each place ``tile`` may be in, with its probability (``{}`` for a tile the seat
        sees: on the table or in its own hand)."""
        if tile not in self.tiles:
            return {}
        row = self.probabilities[self.tiles.index(tile)]
        return {place: p for place, p in zip(self.places, row, strict=True) if p}

    def standard_error(self, tile: Tile, place: int | None) -> float:
        """The standard error of :meth:`probability` (``sqrt(p * (1 - p) / samples)``);
        0.0 when the probabilities are exact. A frequency of 0 or 1 in the samples has a
        standard error of 0.0 too, which says only that no sample went the other way.

        Raises:
            ValueError: ``place`` is not a seat of the round nor ``None``.
        """
        if self.exact:
            self._column(place)
            return 0.0
        p = float(self.probability(tile, place))
        return math.sqrt(p * (1 - p) / self.samples)

    def expected_count(self, place: int | None) -> fractions.Fraction:
        """How many of the hidden tiles ``place`` is expected to hold: its tile count when
        the probabilities are exact, and in an estimate too (every sample fills every hand).

        Raises:
            ValueError: ``place`` is not a seat of the round nor ``None``.
        """
        j = self._column(place)
        if j < 0:
            return _ZERO
        return sum((row[j] for row in self.probabilities), _ZERO)

    def _column(self, place: int | None) -> int:
        if place in self.places:
            return self.places.index(place)
        if place == self.seat:
            return -1
        seats = len(self.places)
        raise ValueError(
            f"{place!r} is not a place a tile may be: the seats are 0 to {seats - 1}, "
            f"and None is the boneyard"
        )

    def __repr__(self) -> str:
        places = ", ".join("boneyard" if p is None else f"seat {p}" for p in self.places)
        hidden = len(self.tiles)
        deals = self.deals
        if not self.exact:
            how = f"estimated from {self.samples:,} samples"
        elif deals is None:  # made by hand, without its count
            how = "exact"
        else:
            how = f"exact over {deal_count(deals)}"
        tiles = f"{hidden} hidden tile{'s' if hidden != 1 else ''}"
        return f"<Beliefs of seat {self.seat}: {tiles} in {places}; {how}>"

    def _repr_svg_(self) -> str:
        """The beliefs as SVG, for notebooks (see :func:`~chickenfoot.beliefs_svg`)."""
        return beliefs_svg(self)


def _hidden(seen: Seen) -> list[int]:
    """The indices of the tiles ``seen``'s seat does not see, in the set's order."""
    seen_mask = seen.table.on | seen.hand
    return [t for t in range(set_length(seen.table.n)) if not seen_mask >> t & 1]


def _places(seen: Seen) -> tuple[tuple[Place, ...], tuple[int, ...]]:
    others = [s for s in range(len(seen.hand_counts)) if s != seen.seat]
    places: tuple[Place, ...] = (*others, None)
    return places, (*(seen.hand_counts[s] for s in others), seen.left)


def _deadline(time_limit: float | None) -> float | None:
    return None if time_limit is None else time.monotonic() + time_limit


def _timed_out(seen: Seen, time_limit: float | None, what: str, instead: str) -> TimeoutError:
    return TimeoutError(
        f"{what} of seat {seen.seat}'s view took over {time_limit:g} s: ask with a longer "
        f"time_limit, or none, {instead}"
    )


def deals_of(seen: Seen, time_limit: float | None) -> int:
    """:meth:`RoundView.count_deals <chickenfoot.RoundView.count_deals>` of a view's
    ``Seen``."""
    if time_limit is None:
        return exact_count(seen)
    _check_limit(time_limit)
    try:
        total, _ = deals_holding(seen, None, _deadline(time_limit))
    except TimeoutError:
        raise _timed_out(seen, time_limit, "counting the deals", "or sample the view") from None
    return total


def _exact(seen: Seen, deadline: float | None) -> Beliefs:
    """The exact beliefs: one count a seat, the boneyard the rest (see the module)."""
    tiles = _hidden(seen)
    places, counts = _places(seen)
    rows = {t: [0] * len(places) for t in tiles}
    total = 0
    for j, place in enumerate(places[:-1]):
        total, held = deals_holding(seen, place, deadline)
        for t in tiles:
            rows[t][j] = held[t]
    for t in tiles:
        rows[t][-1] = total - sum(rows[t])
    table = tuple(tuple(Fraction(c, total) for c in rows[t]) for t in tiles)
    return Beliefs(seen.seat, tuple(TILES[t] for t in tiles), places, counts, table, deals=total)


def _sampled(seen: Seen, samples: int, rng: random.Random) -> Beliefs:
    """The beliefs estimated from ``samples`` uniform samples of the view."""
    tiles = _hidden(seen)
    places, counts = _places(seen)
    column = {place: j for j, place in enumerate(places)}
    found = {t: [0] * len(places) for t in tiles}
    for _ in range(samples):
        state = sample_state(seen, rng)
        for place in places[:-1]:
            assert place is not None
            hand, j = state.hands[place], column[place]
            for t in tiles:
                found[t][j] += hand >> t & 1
        for t in state.boneyard[state.taken :]:
            found[t][-1] += 1
    table = tuple(tuple(Fraction(c, samples) for c in found[t]) for t in tiles)
    return Beliefs(seen.seat, tuple(TILES[t] for t in tiles), places, counts, table, samples)


def _check_limit(time_limit: float) -> None:
    if not time_limit > 0:
        raise ValueError(f"time_limit is a number of seconds above 0, not {time_limit!r}")


def beliefs_of(
    seen: Seen,
    method: Method,
    time_limit: float | None,
    samples: int,
    rng: random.Random | None,
) -> Beliefs:
    """:meth:`RoundView.tile_probabilities <chickenfoot.RoundView.tile_probabilities>`
    of a view's ``Seen``."""
    if method not in _METHODS:
        raise ValueError(f"method is one of {', '.join(map(repr, _METHODS))}, not {method!r}")
    if type(samples) is not int or samples < 1:
        raise ValueError(f"samples is a whole number of at least 1, not {samples!r}")
    if time_limit is not None:
        _check_limit(time_limit)
    if method != "sample":
        try:
            return _exact(seen, _deadline(time_limit))
        except TimeoutError:
            if method == "exact":
                raise _timed_out(
                    seen, time_limit, "the exact beliefs", "or estimate with method='sample'"
                ) from None
        except SamplingError:
            if method == "exact":
                raise
    return _sampled(seen, samples, random.Random() if rng is None else rng)
