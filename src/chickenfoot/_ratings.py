"""The statistics of :mod:`chickenfoot.tournament`, in pure Python.

Internal; it imports nothing of the package. Plackett-Luce strengths fitted by Newton's
method, their Fisher information, and the log-likelihood ratio of the
pentanomial generalized SPRT on pairs of games.

A ranking is a tuple of tie groups, best first, each a tuple of entrant numbers:
``((2,), (0, 1))`` says entrant 2 came first and entrants 0 and 1 tied behind it. A
ranking with ties stands for every strict order that breaks them, each with an equal
share of its weight (so a tie of two counts half a win each way).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeAlias

#: Elo points per unit of natural log-strength: a strength ratio of 10 is 400 points.
ELO: Final = 400 / math.log(10)

Ranking: TypeAlias = tuple[tuple[int, ...], ...]
#: One choice of a Plackett-Luce order: the entrant placed, and the entrants left to
#: place (it among them, in increasing order).
Stage: TypeAlias = tuple[int, tuple[int, ...]]
Matrix: TypeAlias = list[list[float]]


def stages(rankings: Iterable[tuple[Ranking, float]]) -> dict[Stage, float]:
    """Every choice the rankings make, with its total weight.

    A tie group of ``m`` entrants stands for its ``m!`` orders, each with an equal share
    of the ranking's weight; rather than listing them, a choice of ``i`` among the tied
    entrants ``T`` still to place (and all behind the group) is weighted by how often the
    orders make it: once ``m - len(T)`` of the group are placed, each set ``T`` of that
    size is left in ``1 / comb(m, len(T))`` of the orders, and each of its entrants goes
    next in ``1 / len(T)`` of those. The last place of a ranking is no choice.
    """
    out: dict[Stage, float] = {}
    for ranking, weight in rankings:
        behind = [e for group in ranking for e in group]
        for group in ranking:
            behind = behind[len(group) :]
            m = len(group)
            for size in range(m, 0, -1):
                share = weight / (math.comb(m, size) * size)
                for left in itertools.combinations(group, size):
                    choice = tuple(sorted((*left, *behind)))
                    if len(choice) < 2:
                        continue
                    for e in left:
                        out[(e, choice)] = out.get((e, choice), 0.0) + share
    return out


def fit(
    weighted: Mapping[Stage, float],
    entrants: int,
    *,
    prior: float = 0.0,
    tolerance: float = 1e-10,
    limit: int = 200,
) -> list[float]:
    """The maximum-likelihood log-strengths of a Plackett-Luce model, by Newton's method.

    ``prior`` adds that many virtual drawn two-seat games of every entrant against a
    reference entrant of log-strength 0 (half a win each way), which fixes the scale.
    Without it the strengths are fixed only up to a common factor; they are returned with
    mean log-strength 0. The log-likelihood is concave, and each Newton step is halved
    until it gains what its slope promises (a backtracking line search), so the fit
    converges from the even start in a few steps.

    The likelihood cannot see a common shift of the log-strengths; only the prior's
    games can, and however few they are they set it. So the steps move the
    log-strengths about their mean (by the Schur complement of the shift,
    :func:`reduced_information`), and each point tried is shifted where the prior is
    best for it (:func:`_best_shift`): a tiny prior gives the strengths of no prior,
    placed by the prior, not a near-singular step.

    Raises:
        ValueError: without a prior, an entrant that never comes ahead of anybody (or
            never behind), whose strength has no finite maximum likelihood.
    """
    _check_finite(weighted, entrants, prior)

    def placed(centred: Sequence[float]) -> list[float]:
        shift = _best_shift(centred) if prior > 0 else 0.0
        return [t + shift for t in centred]

    centred = [0.0] * entrants
    theta = placed(centred)
    value = _objective(weighted, theta, prior)
    for _ in range(limit):
        grad = _centred(_gradient(weighted, theta, prior))
        info = reduced_information(weighted, theta, prior=prior)
        inverse = invert([[v + 1 / entrants for v in row] for row in info])
        step = _centred([sum(a * g for a, g in zip(row, grad, strict=True)) for row in inverse])
        slope = sum(g * d for g, d in zip(grad, step, strict=True))
        size = 1.0
        while True:
            moved = [t + size * d for t, d in zip(centred, step, strict=True)]
            tried = placed(moved)
            new = _objective(weighted, tried, prior)
            # near the top the gain is lost in rounding: the full step is then the best
            if new >= value + 1e-4 * size * slope or slope < 1e-12 * (1 + abs(value)):
                break
            if size < 1e-12:
                break
            size /= 2
        centred, theta, value = moved, tried, new
        if max(map(abs, step)) < tolerance:
            break
    return theta


def _centred(values: Sequence[float]) -> list[float]:
    """``values`` less their mean."""
    mean = sum(values) / len(values)
    return [v - mean for v in values]


def _sigmoid(x: float) -> float:
    """``1 / (1 + exp(-x))`` without overflow."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _best_shift(theta: Sequence[float]) -> float:
    """The common shift ``c`` of ``theta`` that the prior's virtual games like best: where
    the chances ``sigmoid(theta[i] + c)`` of winning them add up to half the games. The sum
    grows with ``c`` and is too small at ``-max(theta)`` and too large at ``-min(theta)``,
    so halving that interval finds it to the last bit."""
    low, high = -max(theta), -min(theta)
    half = len(theta) / 2
    for _ in range(200):
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if sum(_sigmoid(t + mid) for t in theta) < half:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _check_finite(weighted: Mapping[Stage, float], entrants: int, prior: float) -> None:
    """Refuse, without a prior, an entrant never ahead of another or never behind one."""
    if prior > 0:
        return
    ahead = [False] * entrants
    behind = [False] * entrants
    for winner, left in weighted:
        ahead[winner] = True
        for other in left:
            if other != winner:
                behind[other] = True
    for i in range(entrants):
        if not (ahead[i] and behind[i]):
            never = "ahead of" if not ahead[i] else "behind"
            raise ValueError(
                f"entrant {i} never came {never} another, so its rating is infinite: "
                "play more games, or fit with a prior"
            )


def _objective(weighted: Mapping[Stage, float], theta: Sequence[float], prior: float) -> float:
    """The log-likelihood with the prior's virtual games."""
    virtual = sum(
        -0.5 * (_softplus(-t) + _softplus(t)) for t in theta
    )  # half a win, half a loss against log-strength 0
    return log_likelihood(weighted, theta) + prior * virtual


def _softplus(x: float) -> float:
    """``log(1 + exp(x))`` without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _gradient(weighted: Mapping[Stage, float], theta: Sequence[float], prior: float) -> list[float]:
    """The gradient of :func:`_objective`."""
    grad = [prior * (0.5 - _sigmoid(t)) for t in theta]
    for (winner, left), weight in weighted.items():
        top = max(theta[k] for k in left)
        e = {k: math.exp(theta[k] - top) for k in left}
        norm = sum(e.values())
        grad[winner] += weight
        for k, v in e.items():
            grad[k] -= weight * v / norm
    return grad


def log_likelihood(weighted: Mapping[Stage, float], theta: Sequence[float]) -> float:
    """The Plackett-Luce log-likelihood of the choices at log-strengths ``theta``."""
    total = 0.0
    for (winner, left), weight in weighted.items():
        top = max(theta[k] for k in left)
        norm = top + math.log(sum(math.exp(theta[k] - top) for k in left))
        total += weight * (theta[winner] - norm)
    return total


def information(
    weighted: Mapping[Stage, float], theta: Sequence[float], *, prior: float = 0.0
) -> Matrix:
    """The observed Fisher information of the log-strengths (minus the Hessian of the
    log-likelihood), the prior's virtual games included."""
    k = len(theta)
    out = [[0.0] * k for _ in range(k)]
    for (_winner, left), weight in weighted.items():
        top = max(theta[j] for j in left)
        e = {j: math.exp(theta[j] - top) for j in left}
        norm = sum(e.values())
        p = {j: v / norm for j, v in e.items()}
        for a in left:
            out[a][a] += weight * p[a]
            for b in left:
                out[a][b] -= weight * p[a] * p[b]
    for i in range(k):
        q = _sigmoid(theta[i])
        out[i][i] += prior * q * (1 - q)
    return out


def reduced_information(
    weighted: Mapping[Stage, float], theta: Sequence[float], *, prior: float = 0.0
) -> Matrix:
    """The information of the log-strengths about their mean, the common shift taken out
    at its best (the Schur complement of the shift in :func:`information`).

    With ``P`` the projection off the common shift, ``A`` the likelihood's information
    (``A 1 = 0``) and ``D`` the prior's (diagonal), it is ``P (A + prior D) P - prior b
    b^T / sum(D)`` with ``b = P D 1``: computed from ``A`` and ``D`` apart, so a tiny
    prior is not lost in rounding. It is 0 along the shift, and for every difference of
    log-strengths its pseudo-inverse (:func:`covariance`) gives the variance that the
    inverse of the whole information gives, prior or none."""
    k = len(theta)
    likelihood = information(weighted, theta)
    rows = [_centred(row) for row in likelihood]
    columns = [_centred(column) for column in zip(*rows, strict=True)]
    out = [list(row) for row in zip(*columns, strict=True)]
    if prior > 0:
        q = [_sigmoid(t) for t in theta]
        d = [p * (1 - p) for p in q]
        total = sum(d)
        b = _centred(d)
        mean = total / k
        for i in range(k):
            for j in range(k):
                projected = (d[i] if i == j else 0.0) - d[i] / k - d[j] / k + mean / k
                out[i][j] += prior * (projected - b[i] * b[j] / total)
    return out


def covariance(info: Matrix) -> Matrix:
    """The covariance of the differences of log-strengths: the pseudo-inverse of their
    information about their mean (:func:`reduced_information`), which is 0 along the
    common shift."""
    k = len(info)
    bumped = [[info[a][b] + 1 / k for b in range(k)] for a in range(k)]
    inverse = invert(bumped)
    return [[inverse[a][b] - 1 / k for b in range(k)] for a in range(k)]


def variance(cov: Matrix, contrast: Sequence[float]) -> float:
    """The variance of ``sum(contrast[i] * theta[i])``."""
    k = len(cov)
    return sum(contrast[a] * cov[a][b] * contrast[b] for a in range(k) for b in range(k))


def invert(matrix: Matrix) -> Matrix:
    """The inverse of a square matrix, by Gauss-Jordan elimination with partial pivoting.

    Raises:
        ValueError: the matrix is singular.
    """
    k = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(k))] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise ValueError("the information matrix is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(k):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[k:] for row in rows]


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float | None]:
    """The mean of ``values`` and the half-width of its normal-approximation interval
    (``z`` standard errors); no half-width for fewer than two values."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, z * math.sqrt(var / n)


# -- the pentanomial GSPRT ---------------------------------------------------------------

#: The score of one game in each of the five outcomes of a pair: 0, 1/2, 1, 3/2 or 2
#: points out of 2, per game.
PAIR_SCORES: Final = (0.0, 0.25, 0.5, 0.75, 1.0)
#: What stands in for an outcome never seen, so that every outcome has some weight and
#: the constrained maximum likelihood is inside the simplex (as fishtest does).
UNSEEN: Final = 1e-3


def expected_score(elo: float) -> float:
    """The expected score of a game at a logistic Elo difference ``elo``."""
    return 1 / (1 + 10 ** (-elo / 400))


def _tilt(freq: Sequence[float], score: float) -> float:
    """The Lagrange multiplier of the most likely distribution of mean ``score`` near
    ``freq``: the root of ``sum(f (a - s) / (1 + x (a - s)))``, by bisection."""
    low = -1 / (max(PAIR_SCORES) - score)
    high = 1 / (score - min(PAIR_SCORES))
    low, high = low + 1e-12 * abs(low), high - 1e-12 * abs(high)
    for _ in range(200):
        mid = (low + high) / 2
        slope = sum(
            f * (a - score) / (1 + mid * (a - score))
            for f, a in zip(freq, PAIR_SCORES, strict=True)
        )
        if slope > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def pentanomial_llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (Elo ``elo1``) to H0 (``elo0``) for the counts of
    pairs scoring 0, 1/2, 1, 3/2 and 2: the generalized SPRT on the pentanomial model, each
    hypothesis's distribution the most likely one of its expected score."""
    pairs = sum(counts)
    if pairs == 0:
        return 0.0
    shown = [c if c > 0 else UNSEEN for c in counts]
    freq = [c / sum(shown) for c in shown]
    s0, s1 = expected_score(elo0), expected_score(elo1)
    x0, x1 = _tilt(freq, s0), _tilt(freq, s1)
    return pairs * sum(
        f * (math.log1p(x0 * (a - s0)) - math.log1p(x1 * (a - s1)))
        for f, a in zip(freq, PAIR_SCORES, strict=True)
    )
