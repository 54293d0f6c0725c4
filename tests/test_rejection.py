"""The rejection sampler's perfect matchings (``_rejection.Matchings``) against brute force,
and the rejection sampler under each of its two bounds (by tiles and by places) against
the exact distribution of a view's deals (R12-R17).

A matrix of types is expanded to its 0/1 matrix and every permutation tried: the bound
must be at least the permanent, and the attempts that succeed must fall on each type
pattern (how many rows of each type took columns of each type) as often as the
permutations that give it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sampling import (
    KNOBS,
    _assert_same_holders,
    _assert_samples_fit,
    _find_view,
    _finished,
    _holders,
    brute_force,
    deal_key,
    played,
    sample_state,
    tiny,
)

from chickenfoot import PRESETS, Round, RoundView, Rules, _rejection, _sampling
from chickenfoot._counting import SeatSlots
from chickenfoot._rejection import (
    Matchings,
    Proposal,
    SeatPatterns,
    pattern_count,
    pattern_masks,
)
from chickenfoot._round import round_from_state, seen_of
from chickenfoot._sampling import _mixture

Pattern = tuple[tuple[int, ...], ...]


def _expanded(
    rows: Sequence[int], allowed: Sequence[Sequence[int]], columns: Sequence[int]
) -> tuple[list[int], list[int], list[set[int]]]:
    """The type of each row and of each column of the 0/1 matrix, and each row's columns."""
    row_type = [i for i, n in enumerate(rows) for _ in range(n)]
    col_type = [j for j, c in enumerate(columns) for _ in range(c)]
    ok = [{k for k, j in enumerate(col_type) if j in allowed[i]} for i in row_type]
    return row_type, col_type, ok


def brute_patterns(
    rows: Sequence[int], allowed: Sequence[Sequence[int]], columns: Sequence[int]
) -> Counter[Pattern]:
    """Every perfect matching of the expanded matrix, by its type pattern."""
    row_type, col_type, ok = _expanded(rows, allowed, columns)
    out: Counter[Pattern] = Counter()
    for perm in itertools.permutations(range(len(col_type))):
        if all(perm[r] in ok[r] for r in range(len(row_type))):
            taken = [[0] * len(columns) for _ in rows]
            for r, k in enumerate(perm):
                taken[row_type[r]][col_type[k]] += 1
            out[tuple(map(tuple, taken))] += 1
    return out


def _pattern(found: list[list[int]], width: int) -> Pattern:
    taken = [[0] * width for _ in found]
    for i, cols in enumerate(found):
        for j in cols:
            taken[i][j] += 1
    return tuple(map(tuple, taken))


@st.composite
def type_matrices(draw: st.DrawFn) -> tuple[list[int], list[list[int]], list[int]]:
    """A small matrix of types with as many rows as columns (at most 6)."""
    width = draw(st.integers(1, 3), label="column types")
    columns = draw(st.lists(st.integers(1, 2), min_size=width, max_size=width), label="columns")
    total = sum(columns)
    rows: list[int] = []
    while sum(rows) < total:
        rows.append(draw(st.integers(1, total - sum(rows)), label="rows"))
    allowed = [
        draw(st.lists(st.integers(0, width - 1), min_size=1, unique=True), label="allowed")
        for _ in rows
    ]
    return rows, allowed, columns


@settings(max_examples=60, deadline=None)
@given(matrix=type_matrices())
def test_the_bound_is_at_least_the_permanent(
    matrix: tuple[list[int], list[list[int]], list[int]],
) -> None:
    """Huber and Law's bound, by rows and by columns, is at least the number of perfect
    matchings of the expanded matrix."""
    rows, allowed, columns = matrix
    total = sum(brute_patterns(rows, allowed, columns).values())
    matchings = Matchings(rows, allowed, columns)
    for m in (matchings, matchings.transposed()):
        bound = m.log_bound()
        assert total == 0 or math.log(total) <= bound + 1e-9, (total, bound)


MATRICES = [
    ([2, 1, 1], [[0, 1], [1, 2], [0, 2]], [1, 2, 1]),
    ([1, 1, 1, 1], [[0], [0, 1], [1, 2], [0, 1, 2]], [2, 1, 1]),
    ([3, 2], [[0, 1, 2], [1, 2]], [2, 1, 2]),
]


def _oriented(
    matrix: tuple[list[int], list[list[int]], list[int]], transpose: bool
) -> tuple[Matchings, list[int], list[list[int]], list[int]]:
    """The matchings of ``matrix`` (row counts, each row type's columns, column counts),
    by rows or (``transpose``) by columns, with the rows, columns and counts they run on."""
    rows, allowed, columns = matrix
    matchings = Matchings(rows, allowed, columns)
    if transpose:
        matchings = matchings.transposed()
        rows, columns = columns, rows
        allowed = [list(a) for a in matchings.allowed]
    return matchings, rows, allowed, columns


def _assert_shares(seen: Counter[Any], expected: dict[Any, float], trials: int) -> None:
    """Every outcome of ``trials`` attempts is one of ``expected``, and each expected
    outcome's share is within five standard errors of its probability."""
    assert set(seen) <= set(expected)
    for key, p in expected.items():
        error = math.sqrt(p * (1 - p) / trials)
        assert abs(seen[key] / trials - p) < 5 * error, (key, seen[key] / trials, p)


@pytest.mark.parametrize("matrix", MATRICES)
@pytest.mark.parametrize("transpose", [False, True])
def test_matchings_come_out_uniformly(
    matrix: tuple[list[int], list[list[int]], list[int]], transpose: bool
) -> None:
    """Chi-square of 4000 kept attempts against the brute-force count of permutations
    that give each type pattern: every perfect matching is equally likely, by rows and by
    columns."""
    matchings, rows, allowed, columns = _oriented(matrix, transpose)
    counts = brute_patterns(rows, allowed, columns)
    assert len(counts) >= 2
    rng = random.Random(7)
    seen: Counter[Pattern] = Counter()
    while sum(seen.values()) < 4000:
        found = matchings.attempt(rng)
        if found is not None:
            seen[_pattern(found, len(columns))] += 1
    assert set(seen) <= set(counts)
    total = sum(counts.values())
    statistic = sum(
        (seen[key] - 4000 * w / total) ** 2 / (4000 * w / total) for key, w in counts.items()
    )
    df = len(counts) - 1
    limit = df * (1 - 2 / (9 * df) + 3.090232306167813 * math.sqrt(2 / (9 * df))) ** 3
    assert statistic < limit, (statistic, counts, seen)


@pytest.mark.parametrize("matrix", MATRICES)
@pytest.mark.parametrize("transpose", [False, True])
def test_each_matching_comes_out_of_an_attempt_with_one_over_the_bound(
    matrix: tuple[list[int], list[list[int]], list[int]], transpose: bool
) -> None:
    """What Huber and Law's method promises, by rows and by columns: one attempt gives
    each perfect matching with probability exactly ``1 / M(A)`` and is rejected with the
    probability left (a column one row can no longer do without goes to it, or the
    attempt ends). Over 40 000 attempts, each type pattern's share is within five
    standard errors of its brute-force count over ``M(A)``, and so is the share
    rejected."""
    matchings, rows, allowed, columns = _oriented(matrix, transpose)
    counts = brute_patterns(rows, allowed, columns)
    bound = math.exp(matchings.log_bound())
    rng = random.Random(8)
    trials = 40_000
    seen: Counter[Pattern | None] = Counter()
    for _ in range(trials):
        found = matchings.attempt(rng)
        seen[None if found is None else _pattern(found, len(columns))] += 1
    expected: dict[Pattern | None, float] = {key: w / bound for key, w in counts.items()}
    expected[None] = 1 - sum(counts.values()) / bound
    _assert_shares(seen, expected, trials)


def test_other_column_counts_give_their_own_matchings() -> None:
    """An attempt given other column counts (and their row sums) draws the matchings of
    that matrix, as a matrix built with those counts does."""
    rows, allowed = [1, 1, 1, 1], [[0], [0, 1], [1, 2], [0, 1, 2]]
    matchings = Matchings(rows, allowed, [1, 1, 2])
    other = [2, 2, 0]
    counts = brute_patterns(rows, allowed, other)
    assert len(counts) >= 2
    sums = matchings.sums_of(other)
    assert sums == Matchings(rows, allowed, other).sums
    rng = random.Random(3)
    seen: Counter[Pattern] = Counter()
    while sum(seen.values()) < 3000:
        found = matchings.attempt(rng, other, sums)
        if found is not None:
            seen[_pattern(found, 3)] += 1
    assert set(seen) == set(counts)  # a column counted 0 takes no row
    total = sum(counts.values())
    _assert_shares(seen, {key: w / total for key, w in counts.items()}, 3000)


def _forced(view: RoundView, by_places: bool) -> tuple[_sampling._Mixture, list[float]]:
    """The plans of ``view`` with every proposal forced to one bound, and the ln of each
    plan's bound."""
    plans = _mixture(seen_of(view))
    weights = []
    for plan in plans.plans:
        proposal = plan.proposal()
        proposal.by_places = by_places
        weights.append(proposal.log_bound())
    return plans, weights


def _sampler(by_places: bool):  # type: ignore[no-untyped-def]
    def sample(view: RoundView, rng: random.Random) -> Round:
        plans, weights = _forced(view, by_places)
        found = plans.by_rejection(rng, 100_000, weights, counted=False)
        assert found is not None
        return round_from_state(found)

    return sample


@pytest.mark.parametrize("by_places", [False, True])
@pytest.mark.parametrize(
    ("knobs", "players", "moves"),
    [
        ({"start": "centre", "draws_per_turn": 2}, 2, 4),
        ({"boneyard_reserve": 1}, 3, 4),
        ({"must_play": False}, 3, 6),
    ],
)
def test_each_bound_samples_the_exact_distribution(
    knobs: dict[str, object], players: int, moves: int, by_places: bool
) -> None:
    """The rejection sampler under the bound by tiles and under the bound by places,
    each forced: chi-square of 3000 samples against the brute-force distribution (R12,
    R12b, R13, R14)."""
    hand = 3 if players == 2 else 2
    rules = tiny(players, 3, hand, **knobs)
    rnd, seat, counts = _find_view(rules, players, range(60), moves)
    _assert_samples_fit(rnd, seat, counts, sampler=_sampler(by_places))


@pytest.mark.parametrize("by_places", [False, True])
def test_each_bound_samples_finished_rounds_exactly(by_places: bool) -> None:
    """Each bound on a finished three-seat round: the penalty points (R17) are met,
    uniformly."""
    for rnd, _ in _finished([(3, 3, 2)]):
        for seat in range(3):
            counts = brute_force(rnd, seat)
            if 4 <= len(counts) <= 80:
                _assert_samples_fit(rnd, seat, counts, sampler=_sampler(by_places))
                return
    raise AssertionError("no finished round found")


@settings(max_examples=80, deadline=None)
@given(draws=st.integers(0, 12), dealt=st.integers(0, 6), size=st.integers(0, 8))
def test_pattern_masks_are_the_masks_a_hand_can_fill(draws: int, dealt: int, size: int) -> None:
    """A seat's patterns are every set of its draw slots that holds tiles of its hand: no
    more than the hand, and enough that its dealt places suffice; counted as listed."""
    slots = SeatSlots(dealt, draws, [1])
    every = [
        mask
        for mask in range(0, 1 << draws << 1, 2)
        if mask.bit_count() <= size and dealt - size + mask.bit_count() >= 0
    ]
    assert pattern_masks(slots, size) == every
    assert pattern_count(slots, size) == len(every)


def _placings(labels: Sequence[int], dealt: int, slots: Sequence[int]) -> int:
    """By brute force: the ways to put the distinct tiles of ``labels`` (bitmasks of the
    places each may fill: bit 0 the dealt hand, bit k draw slot k) one into each draw slot
    of ``slots`` and the ``dealt`` others into the dealt hand."""
    if len(labels) != dealt + len(slots):
        return 0
    total = 0
    for chosen in itertools.permutations(range(len(labels)), len(slots)):
        if all(labels[t] >> k & 1 for t, k in zip(chosen, slots, strict=True)):
            left = set(range(len(labels))) - set(chosen)
            total += all(labels[t] & 1 for t in left)
    return total


@settings(max_examples=120, deadline=None)
@given(
    draws=st.integers(0, 4),
    dealt=st.integers(0, 3),
    size=st.integers(0, 4),
    labels=st.lists(st.integers(1, 31), min_size=1, max_size=3),
    played=st.lists(st.integers(0, 2), max_size=5),
)
def test_each_pattern_places_the_played_tiles_in_the_slots_it_leaves(
    draws: int, dealt: int, size: int, labels: list[int], played: list[int]
) -> None:
    """A seat's patterns (R13): for every set of draw slots that may hold tiles of its
    hand, the tiles it played fill its other draw slots (one each) and the dealt places
    its hand leaves, in as many ways as brute force finds; the patterns listed are the
    sets with at least one way, each with its ways."""
    labels = [label & ((1 << draws << 1) - 1) for label in labels]
    played = [index % len(labels) for index in played]
    slots = SeatSlots(dealt, draws, labels)
    patterns = SeatPatterns(slots, [(100 + n, i) for n, i in enumerate(played)], size)
    found = {mask: ways for mask, _, ways in patterns.patterns}
    expected = {}
    for mask in pattern_masks(slots, size):
        rest = [k for k in range(1, draws + 1) if not mask >> k & 1]
        places = dealt - size + mask.bit_count()
        ways = _placings([labels[i] for i in played], places, rest)
        if ways:
            expected[mask] = ways
    assert found == expected


def _r12b_view() -> RoundView:
    """A three-seat ``classic`` view under R12b (a draw beside a play) where a seat has
    drawn eleven tiles: more draw slots than the patterns were once listed for."""
    rules = attrs.evolve(PRESETS["classic"], rounds=1, must_play=False)
    rnd = Round.deal(rules, 3, seed=0)
    rng = random.Random(0)
    while True:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        assert rnd.to_move is not None
        view = rnd.view(rnd.to_move)
        plan = _mixture(seen_of(view)).plans[0]
        if max(slots.slots for slots in plan.seat_slots.values()) > 10:
            return view


def test_a_seat_of_many_draws_is_sampled_by_rejection_exactly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R12b, a seat with eleven draws: with the count's budget spent at once, the view is
    sampled by rejection (not counted), and who holds each hidden tile in 300 samples
    passes a two-sample chi-square test against 300 of the exact count's (R12b, R13)."""
    view = _r12b_view()
    seen = seen_of(view)
    exact = _holders(sample_state, view, 1, 300)
    monkeypatch.setattr(_sampling, "COUNT_BUDGET", 1)
    monkeypatch.setattr(_sampling, "_cache", OrderedDict())
    rejected = _holders(sample_state, view, 2, 300)
    assert not _sampling._cache[seen].plans[0].counted
    _assert_same_holders(exact, rejected)


def _counted_plans(
    seeds: int, moves: int, every_seat: bool
) -> Iterator[tuple[object, int, Proposal]]:
    """The cases with deals of tiny rounds of every knob set after ``moves`` random
    moves, in the view of every seat or the seat to move: what names the round, the
    case's exact count and its proposal."""
    for k, knobs in enumerate(KNOBS):
        for players, hand in ((2, 3), (3, 2)):
            for seed in range(seeds):
                rnd = played(tiny(players, 3, hand, **knobs), players, 300 * k + seed, moves)
                if rnd.to_move is None:
                    continue
                for seat in range(players) if every_seat else [rnd.to_move]:
                    for plan in _mixture(seen_of(rnd.view(seat))).plans:
                        count = plan.count()
                        if count:
                            yield (knobs, players, seed, seat), count, plan.proposal()


def test_both_bounds_hold_the_count_and_stay_close_to_it() -> None:
    """Each case's two bounds, by tiles and by places, are at least the exact count of its
    deals (an attempt is never kept with a chance above 1, which would favour some deals),
    and on these small tables within a factor e**2 of it (most attempts are kept: the
    tangents touch ln h where the likeliest patterns put each tile)."""
    gaps = []
    for _, count, proposal in _counted_plans(6, 5, every_seat=True):
        for bound in (proposal._tiles_bound(), proposal._log_places):
            gaps.append(bound - math.log(count))
    assert len(gaps) > 300
    assert min(gaps) >= 0.0
    assert max(gaps) <= 2.0


def _view_of_many_patterns(
    rules: Rules, players: int, moves: int
) -> tuple[Round, int, Counter[Any]]:
    """A view with 6 to 60 consistent deals where a seat has more than one pattern: it
    drew tiles and played some, and which draws it kept is hidden."""
    for seed in range(60):
        rnd = played(rules, players, seed, moves)
        seat = rnd.to_move
        if seat is None:
            continue
        plans = _mixture(seen_of(rnd.view(seat))).plans
        if not any(
            plan.count() and any(len(p.patterns) > 1 for p in plan.proposal().seats.values())
            for plan in plans
        ):
            continue
        counts = brute_force(rnd, seat)
        if 6 <= len(counts) <= 60:
            return rnd, seat, counts
    raise AssertionError("no view of a seat with more than one pattern")


@pytest.mark.parametrize(
    ("knobs", "players", "moves"), [({}, 2, 8), ({"play_drawn": "may"}, 3, 10)]
)
def test_the_bound_by_tiles_samples_seats_of_many_patterns_exactly(
    knobs: dict[str, object], players: int, moves: int
) -> None:
    """R12, R13: a seat that drew and then played keeps some of its draws, which the
    others cannot see; under the bound by tiles each of its patterns is drawn by the
    tangent and kept by the ratio of the matching's bound to it. Chi-square of 3000
    samples against the brute-force distribution."""
    hand = 3 if players == 2 else 2
    rnd, seat, counts = _view_of_many_patterns(tiny(players, 3, hand, **knobs), players, moves)
    _assert_samples_fit(rnd, seat, counts, sampler=_sampler(False))


@pytest.mark.parametrize("by_places", [False, True])
@pytest.mark.parametrize(
    ("knobs", "players", "moves"),
    [({}, 2, 8), ({"play_drawn": "may"}, 3, 10), ({"play_drawn": "may"}, 3, None)],
)
def test_every_deal_comes_out_of_an_attempt_with_the_bound_s_chance(
    knobs: dict[str, object], players: int, moves: int | None, by_places: bool
) -> None:
    """What the module promises of an attempt, under each bound: every deal that replays
    the view comes out of one attempt with probability ``1 / M``, ``M`` the bound (over
    the view's cases, each drawn by its own bound), and the attempt is rejected with the
    probability left. Over 40 000 attempts on a view where a seat has several patterns
    (R12, R13), each deal's share is within five standard errors of ``1 / M`` times its
    weight (the undrawn boneyard's orders), and so is the share rejected; the last view
    (double-four set, no ``moves``) is one where a pattern changes the places a tile may
    fill. A sampler whose draws are uniform but whose patterns are kept with the wrong
    chance fails it."""
    hand = 3 if players == 2 else 2
    if moves is None:
        rnd, seat, counts = _view_where_a_pattern_moves_a_tile(knobs, players, 3)
    else:
        rules = tiny(players, 3, hand, **knobs)
        rnd, seat, counts = _view_of_many_patterns(rules, players, moves)
    plans, weights = _forced(rnd.view(seat), by_places)
    bound = sum(math.exp(w) for w in weights)
    rng = random.Random(5)
    trials = 40_000
    seen: Counter[object] = Counter()
    for _ in range(trials):
        found = plans.by_rejection(rng, 1, weights, counted=False)
        seen[None if found is None else deal_key(round_from_state(found), seat)] += 1
    expected = {key: w / bound for key, w in counts.items()}
    expected[None] = 1 - sum(counts.values()) / bound
    _assert_shares(seen, expected, trials)


def _moves_a_tile(rnd: Round, seat: int) -> bool:
    """Whether a pattern of some seat in ``seat``'s view, other than its likeliest,
    changes how many places some hidden tile may fill (so the rows' sums follow the
    pattern drawn, not only the columns' counts)."""
    for plan in _mixture(seen_of(rnd.view(seat))).plans:
        if not plan.count():
            continue
        proposal = plan.proposal()
        for other, pats in proposal.seats.items():
            for pick in range(len(pats.patterns)):
                if pick != proposal.best.get(other) and proposal._delta(other, pick)[1]:
                    return True
    return False


def _view_where_a_pattern_moves_a_tile(
    knobs: dict[str, object], players: int, hand: int
) -> tuple[Round, int, Counter[Any]]:
    """A view (double-four set, 6 to 60 deals) where a pattern other than a seat's
    likeliest changes how many places a hidden tile may fill (:func:`_moves_a_tile`)."""
    rules = tiny(players, 4, hand, **knobs)
    for seed in range(60):
        rnd = played(rules, players, seed, 12)
        seat = rnd.to_move
        if seat is None or not _moves_a_tile(rnd, seat):
            continue
        counts = brute_force(rnd, seat)
        if 6 <= len(counts) <= 60:
            return rnd, seat, counts
    raise AssertionError("no view where a pattern changes the places a tile may fill")


@pytest.mark.parametrize(
    ("knobs", "players", "hand"),
    [({"draws_per_turn": None, "play_drawn": "may"}, 2, 4), ({"play_drawn": "may"}, 3, 3)],
)
def test_the_bound_by_tiles_follows_the_places_each_pattern_gives_a_tile(
    knobs: dict[str, object], players: int, hand: int
) -> None:
    """R12, R13: which of a seat's draws it kept decides how many of its places a hidden
    tile may fill, when the tile could have been dealt to it but not drawn at some draw
    (or the other way round). Under the bound by tiles the matching of each attempt must
    count those places under the pattern drawn: chi-square of 3000 samples against the
    brute-force distribution of a view (double-four set) where a pattern does so."""
    rnd, seat, counts = _view_where_a_pattern_moves_a_tile(knobs, players, hand)
    _assert_samples_fit(rnd, seat, counts, sampler=_sampler(False))


def test_the_tangents_touch_where_the_likeliest_patterns_put_each_tile() -> None:
    """The bound by tiles takes each tile's ``ln h`` by its tangent at the places the
    seats' likeliest patterns give the tile: an attempt that draws every seat's likeliest
    pattern is kept with probability 1 (the matching's bound there equals the tangents'),
    and any other pattern with at most 1 (the tangents lie above the concave ``ln h``);
    each tangent's slope is that of ``ln h`` where it touches."""
    touched = 0
    for case, _, proposal in _counted_plans(4, 6, every_seat=False):
        matchings = proposal.matchings
        log_g = proposal.constant
        log_m = matchings.log_bound()
        for seat, pick in proposal.best.items():
            log_g += proposal.log_g[seat][pick]
            log_m -= proposal.seats[seat].orders[pick]
        assert log_m == pytest.approx(log_g, abs=1e-9), case
        touched += 1
        for t, slope in proposal.slope.items():  # a tangent: the slope of ln h there
            x0 = max(1.0, float(proposal._places(t, proposal._usual)))
            rise = _rejection._log_h(x0 + 1e-6) - _rejection._log_h(x0 - 1e-6)
            assert slope == pytest.approx(rise / 2e-6, rel=1e-6), (case, t, x0)
        for seat, pats in proposal.seats.items():
            for pick in range(len(pats.patterns)):
                _, changes = proposal._delta(seat, pick)
                sums = matchings.sums.copy()
                for i, d in changes:
                    sums[i] += d
                m = matchings.log_bound(sums) - pats.orders[pick]
                g = proposal.log_g[seat][pick]
                m_best = pats.orders[proposal.best[seat]]
                g_best = proposal.log_g[seat][proposal.best[seat]]
                assert m + m_best - matchings.log_bound() <= g - g_best + 1e-9
    assert touched > 40
