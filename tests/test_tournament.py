"""chickenfoot.tournament: duplicate deals, Plackett-Luce ratings, the SPRT, any executor.

The ratings and the SPRT are checked on bots of known strength (greedy against random),
the fit against a brute-force maximum likelihood written here, and the SPRT's ratio
against the normal approximation and its own symmetry.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import json
import math
import random
import re
import statistics
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot import (
    PRESETS,
    Move,
    Round,
    RoundView,
    RulesError,
    _ratings,
    simulation,
    tournament,
)
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, play_match, play_round
from chickenfoot.cli import main
from chickenfoot.tournament import (
    Entrant,
    Game,
    Rating,
    Results,
    Sprt,
    deal_seed,
    play_tournament,
)

DUEL: Final = PRESETS["chickie-duel"]
CLASSIC: Final = PRESETS["classic"]
ELO: Final = 400 / math.log(10)


@attrs.frozen
class ShuffledRandom:
    """Uniformly random, as RandomPlayer, but drawing its move another way: as strong,
    yet it does not mirror RandomPlayer's games on a duplicate deal."""

    name: str = "shuffled"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        rng.shuffle(moves)
        return moves[0]


def made_up(rankings: Sequence[tuple[tuple[int, ...], int]], names: tuple[str, ...]) -> Results:
    """Results of made-up one-round games: each ``(penalties by entrant, count)`` is a
    game of every entrant of ``names`` at one table, played ``count`` times."""
    games = []
    seats = len(names)
    for deal, (penalties, count) in enumerate(rankings):
        for _ in range(count):
            low = min(penalties)
            games.append(
                Game(
                    table=0,
                    deal=deal,
                    rotation=0,
                    seats=tuple(range(seats)),
                    penalties=penalties,
                    rounds=1,
                    winners=(penalties.index(low),),
                )
            )
    return Results(
        rules=CLASSIC,
        names=names,
        seats=seats,
        schedule="round-robin",
        challenger=None,
        matches=False,
        seed=0,
        deals=len(rankings),
        tables=(tuple(range(seats)),),
        games=tuple(games),
    )


# -- duplicate deals --------------------------------------------------------------------


def test_deal_seeds_depend_on_seed_and_deal_only() -> None:
    seeds = {deal_seed(seed, deal) for seed in (-1, 0, 1) for deal in range(100)}
    assert len(seeds) == 300
    assert all(0 <= s < 2**63 for s in seeds)


def test_every_entrant_sits_every_seat_of_every_deal() -> None:
    """Four entrants at three seats: every set of three is a table, and at each table
    every member plays every seat of every deal, once."""
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), RandomPlayer(name="r2"), ShuffledRandom()]
    results = play_tournament(bots, CLASSIC, seats=3, deals=2, seed=5, jobs=1)
    assert results.tables == tuple(itertools.combinations(range(4), 3))
    assert len(results.games) == 4 * 2 * 3
    for table, members in enumerate(results.tables):
        for deal in range(2):
            games = [g for g in results.games if (g.table, g.deal) == (table, deal)]
            assert sorted(g.rotation for g in games) == [0, 1, 2]
            sat = {(e, g.seats.index(e)) for g in games for e in g.seats}
            assert sat == {(e, s) for e in members for s in range(3)}


def test_a_game_is_the_round_of_its_deal_seed_replayed() -> None:
    """Each game is Round.deal of its deal's seed, the bots seated by the rotation, the
    same deal at every rotation (R5, R17)."""
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    results = play_tournament(bots, DUEL, deals=3, seed=9, jobs=1)
    for game in results.games:
        s = deal_seed(9, game.deal)
        seated = [bots[e] for e in game.seats]
        done = play_round(Round.deal(DUEL, 2, seed=s), seated, random.Random(s))
        assert done.outcome is not None
        assert game.penalties == done.outcome.scores
        assert game.winners == (done.outcome.winner,)


def test_matches_are_whole_matches_of_the_deal_seed() -> None:
    """With matches=True a game is play_match of its deal's seed: its totals (R21) and
    rounds (R19)."""
    rules = attrs.evolve(DUEL, rounds=2)
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    results = play_tournament(bots, rules, deals=2, seed=4, matches=True, jobs=1)
    for game in results.games:
        match = play_match(rules, [bots[e] for e in game.seats], seed=deal_seed(4, game.deal))
        assert game.penalties == match.totals
        assert game.rounds == len(match.finished) == 2
        assert game.winners == match.winners
    standing = results.standings()[0]
    assert standing.rounds == 2 * standing.games


def test_duplicate_deals_cancel_the_luck_of_the_hands() -> None:
    """Two copies of a bot play the mirror of each other's games: the rotations give each
    the other's hands, so their standings and ratings are equal to the last bit."""
    bots: list[Player] = [RandomPlayer(), RandomPlayer(name="twin")]
    results = play_tournament(bots, DUEL, deals=8, seed=2, jobs=1)
    one, two = results.standings()
    assert attrs.evolve(one, name="twin") == two
    first, second = results.ratings()
    assert first.elo == pytest.approx(0.0, abs=1e-9) == second.elo


def test_a_gauntlet_seats_the_challenger_at_every_table() -> None:
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), RandomPlayer(name="r2"), ShuffledRandom()]
    results = play_tournament(
        bots, CLASSIC, seats=3, deals=1, seed=0, schedule="gauntlet", challenger="r2", jobs=1
    )
    assert results.challenger == 2
    assert results.tables == ((2, 0, 1), (2, 0, 3), (2, 1, 3))
    assert all(2 in g.seats for g in results.games)
    assert "gauntlet of r2" in results.title()
    exact = play_tournament(
        bots[:3], CLASSIC, seats=3, deals=1, seed=0, schedule="gauntlet", challenger="r2", jobs=1
    )  # as many opponents as the other seats: one table
    assert exact.tables == ((2, 0, 1),)
    with pytest.raises(ValueError, match="1 opponents cannot fill tables of 3 seats"):
        play_tournament(
            bots[1:3], CLASSIC, seats=3, deals=1, seed=0, schedule="gauntlet", challenger="r2"
        )


def test_factories_make_players_per_game_or_per_chunk_and_close_them() -> None:
    made: list[str] = []
    closed: list[str] = []

    @attrs.frozen
    class Closing:
        name: str

        def choose(self, view: RoundView, rng: random.Random) -> Move:
            return view.legal_moves()[0]

        def close(self) -> None:
            closed.append(self.name)

    def factory(name: str) -> Entrant:
        def make() -> Player:
            made.append(name)
            return Closing(name)

        return Entrant(name, make, fresh="game" if name == "fresh" else "chunk")

    field = [factory("fresh"), factory("kept")]
    play_tournament(field, DUEL, deals=4, seed=0, jobs=1, chunk_size=2)
    assert Counter(made) == {"fresh": 8, "kept": 2}  # 8 games, 2 chunks of 2 deals
    assert Counter(closed) == Counter(made)


# -- ratings -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greedy_is_rated_above_random_at_two_seats(seed: int) -> None:
    """Greedy beats random (the bots page rates it far above): its interval lies clear
    above random's, and it has fewer penalty points per round (R17), by their intervals
    too."""
    results = play_tournament([RandomPlayer(), GreedyPlayer()], DUEL, deals=40, seed=seed, jobs=1)
    best, worst = results.ratings()
    assert (best.name, worst.name) == ("greedy", "random")
    assert best.low > worst.high
    assert best.elo == pytest.approx(-worst.elo)
    rand, greedy = results.standings()
    assert greedy.penalty_high is not None
    assert rand.penalty_low is not None
    assert greedy.penalty_high < rand.penalty_low
    assert greedy.wins > rand.wins


def test_greedy_is_rated_above_random_at_four_seats() -> None:
    bots: list[Player] = [
        RandomPlayer(),
        GreedyPlayer(),
        RandomPlayer(name="r2"),
        GreedyPlayer(name="g2"),
    ]
    results = play_tournament(bots, CLASSIC, seats=4, deals=12, seed=3, jobs=1)
    ratings = {r.name: r for r in results.ratings()}
    for g, r in itertools.product(("greedy", "g2"), ("random", "r2")):
        assert ratings[g].elo > ratings[r].elo
    assert min(ratings[g].low for g in ("greedy", "g2")) > max(
        ratings[r].elo for r in ("random", "r2")
    )


def brute_force(results: Results) -> list[float]:
    """The Plackett-Luce maximum likelihood by plain gradient ascent, with ties expanded
    into every order of the tied seats, each an equal share of the game."""
    k = len(results.names)
    orders: list[tuple[tuple[int, ...], float]] = []
    for game in results.games:
        groups = game.ranking()
        ways = list(itertools.product(*(itertools.permutations(g) for g in groups)))
        for way in ways:
            orders.append((tuple(itertools.chain.from_iterable(way)), 1 / len(ways)))
    theta = [0.0] * k
    for _ in range(20_000):
        grad = [0.0] * k
        for order, weight in orders:
            for place in range(len(order) - 1):
                left = order[place:]
                total = sum(math.exp(theta[j]) for j in left)
                grad[order[place]] += weight
                for j in left:
                    grad[j] -= weight * math.exp(theta[j]) / total
        theta = [t + 0.05 * g for t, g in zip(theta, grad, strict=True)]
    mean = sum(theta) / k
    return [(t - mean) * ELO for t in theta]


def test_the_fit_is_the_maximum_likelihood_of_a_made_up_table() -> None:
    """Three entrants at three seats, with ties of two and of three: the Newton fit (prior 0)
    agrees with a gradient ascent on the likelihood written here."""
    table = [((10, 20, 30), 4), ((20, 10, 30), 2), ((30, 20, 10), 1), ((10, 30, 30), 2)]
    table += [((25, 5, 15), 2), ((5, 5, 40), 1), ((7, 7, 7), 2)]
    results = made_up(table, ("a", "b", "c"))
    fitted = {r.name: r.elo for r in results.ratings(prior=0)}
    expected = brute_force(results)
    for name, elo in zip(results.names, expected, strict=True):
        assert fitted[name] == pytest.approx(elo, abs=0.01)


def test_two_seats_are_bradley_terry_with_ties_as_half_wins() -> None:
    """At two seats, 7 wins, 3 losses and 2 ties: the rating gap is 400 log10 of the odds
    (7 + 1) / (3 + 1), and its interval the Fisher one, 1 / (n p (1 - p))."""
    results = made_up([((0, 9), 7), ((9, 0), 3), ((4, 4), 2)], ("a", "b"))
    a, b = results.ratings(prior=0)
    assert a.elo - b.elo == pytest.approx(400 * math.log10(8 / 4))
    half = 1.96 * math.sqrt(1 / (12 * (2 / 3) * (1 / 3))) * ELO
    assert (a.high - a.low) - (b.high - b.low) == pytest.approx(0.0, abs=1e-9)
    assert (a.high - a.elo) == pytest.approx(half / 2)  # half the gap's interval each
    anchored = {r.name: r for r in results.ratings(prior=0, anchor="b")}
    assert anchored["b"].elo == pytest.approx(0.0, abs=1e-9)
    assert anchored["b"].high - anchored["b"].low == pytest.approx(0.0, abs=1e-6)
    assert anchored["a"].elo == pytest.approx(a.elo - b.elo)
    assert anchored["a"].high - anchored["a"].elo == pytest.approx(half)


def test_a_prior_keeps_an_unbeaten_rating_finite() -> None:
    results = made_up([((0, 9), 5)], ("a", "b"))
    with pytest.raises(ValueError, match="never came behind"):
        results.ratings(prior=0)
    a, b = results.ratings()
    assert 0 < a.elo < 1000
    assert a.elo == pytest.approx(-b.elo)
    stronger = made_up([((0, 9), 50)], ("a", "b")).ratings()[0]
    assert stronger.elo > a.elo  # more evidence, less pull of the prior


@pytest.mark.parametrize("prior", [1e-6, 1e-12, 1e-16])
def test_a_tiny_prior_rates_as_no_prior(prior: float) -> None:
    """The likelihood cannot see a common shift of the log-strengths, and a prior of few
    virtual games only sets it: the ratings and their intervals are those of no prior,
    however small the prior (not an overflow, a singular matrix or a shift gone astray)."""
    table = [((10, 20, 30), 4), ((20, 10, 30), 2), ((30, 20, 10), 1), ((10, 30, 30), 2)]
    table += [((25, 5, 15), 2), ((5, 5, 40), 1), ((7, 7, 7), 2)]
    results = made_up(table, ("a", "b", "c"))
    plain = {r.name: r for r in results.ratings(prior=0)}
    for r in results.ratings(prior=prior):
        assert r.elo == pytest.approx(plain[r.name].elo, abs=1e-3)
        assert r.low == pytest.approx(plain[r.name].low, abs=1e-3)
        assert r.high == pytest.approx(plain[r.name].high, abs=1e-3)


@pytest.mark.parametrize("prior", [0.1, 1.0, 10.0])
def test_the_intervals_with_a_prior_are_the_whole_information_s(prior: float) -> None:
    """With a prior the whole information can be inverted: the variance of each
    difference of log-strengths from it is the one the ratings use, the information
    about the mean (the common shift taken out at its best)."""
    table = [((10, 20, 30), 4), ((20, 10, 30), 2), ((30, 20, 10), 1), ((25, 5, 15), 2)]
    results = made_up(table, ("a", "b", "c"))
    weighted = _ratings.stages((g.ranking(), 1.0) for g in results.games)
    theta = _ratings.fit(weighted, 3, prior=prior)
    whole = _ratings.invert(_ratings.information(weighted, theta, prior=prior))
    reduced = _ratings.covariance(_ratings.reduced_information(weighted, theta, prior=prior))
    for contrast in ([1.0, -1.0, 0.0], [0.0, 1.0, -1.0], [2 / 3, -1 / 3, -1 / 3]):
        assert _ratings.variance(reduced, contrast) == pytest.approx(
            _ratings.variance(whole, contrast), rel=1e-9
        )


def test_a_game_ranks_equal_penalties_together_however_large() -> None:
    """A game's ranking puts the seats of equal penalty points in one group, fewest
    first, and so do the ratings: penalties past 256 points (a big set's hands) too."""

    def counted(text: str) -> tuple[int, ...]:  # each count its own int, as scores are
        return tuple(int(word) for word in text.split())

    results = made_up([(counted("300 300 10"), 1), (counted("10 400 400"), 1)], ("a", "b", "c"))
    assert [g.ranking() for g in results.games] == [((2,), (0, 1)), ((0,), (1, 2))]
    small = made_up([(counted("3 3 1"), 1), (counted("1 4 4"), 1)], ("a", "b", "c"))
    assert [r.elo for r in results.ratings()] == pytest.approx([r.elo for r in small.ratings()])


def test_results_are_made_with_keywords_only() -> None:
    """Results name every field: made positionally, they are refused."""
    made = made_up([((1, 2), 1)], ("a", "b"))
    named = {f.name: getattr(made, f.name) for f in attrs.fields(Results)}
    positional: Any = Results
    with pytest.raises(TypeError):
        positional(*named.values())
    assert Results(**named) == made


@pytest.mark.parametrize(
    "values", [[1.0, 4.0, 2.0], [3.0, 3.0, 5.0, 9.0], [0.5, -2.0, 7.0, 1.0, 1.5]]
)
def test_a_mean_s_interval_is_its_standard_error_times_z(values: list[float]) -> None:
    """The half-width is z times the sample standard deviation (n - 1 below the line)
    over the root of n, as statistics.stdev gives it; none for one value."""
    mean, half = _ratings.mean_interval(values)
    assert mean == pytest.approx(statistics.fmean(values))
    assert half == pytest.approx(1.96 * statistics.stdev(values) / math.sqrt(len(values)))
    assert _ratings.mean_interval(values[:1]) == (values[0], None)


@pytest.mark.parametrize("prior", [0.0, 1.0])
def test_the_covariance_is_the_pseudo_inverse_of_the_reduced_information(prior: float) -> None:
    """The covariance is the Moore-Penrose pseudo-inverse of the information about the
    mean: 0 along the common shift (every row adds up to 0), and information times
    covariance times information gives the information back."""
    table = [((10, 20, 30), 4), ((20, 10, 30), 2), ((30, 20, 10), 1), ((10, 30, 30), 2)]
    table += [((25, 5, 15), 2), ((5, 25, 40), 1)]
    results = made_up(table, ("a", "b", "c"))
    weighted = _ratings.stages((g.ranking(), 1.0) for g in results.games)
    theta = _ratings.fit(weighted, 3, prior=prior)
    info = _ratings.reduced_information(weighted, theta, prior=prior)
    cov = _ratings.covariance(info)

    def times(x: list[list[float]], y: list[list[float]]) -> list[list[float]]:
        return [
            [sum(a * b for a, b in zip(row, col, strict=True)) for col in zip(*y, strict=True)]
            for row in x
        ]

    for row in cov:
        assert sum(row) == pytest.approx(0.0, abs=1e-9)
    back = times(times(info, cov), info)
    for got, want in zip(back, info, strict=True):
        assert got == pytest.approx(want, rel=1e-9, abs=1e-12)
    assert max(abs(v) for row in cov for v in row) > 0.01  # not the zero matrix


@pytest.mark.parametrize("prior", [0.5, 2.0, 10.0])
def test_the_fit_with_a_prior_is_the_top_of_the_likelihood_with_the_prior(prior: float) -> None:
    """With a prior the fit is where the Plackett-Luce log-likelihood plus the prior's
    virtual games (half a win and half a loss of each entrant against log-strength 0),
    written out here, is highest: its slope along every log-strength is 0."""
    table = [((20, 10, 30), 7), ((30, 20, 10), 2), ((30, 10, 20), 2), ((10, 30, 20), 1)]
    results = made_up(table, ("a", "b", "c"))
    weighted = _ratings.stages((g.ranking(), 1.0) for g in results.games)
    theta = _ratings.fit(weighted, 3, prior=prior)

    def plain(th: list[float]) -> float:
        total = 0.0
        for (winner, left), weight in weighted.items():
            total += weight * (th[winner] - math.log(sum(math.exp(th[j]) for j in left)))
        for t in th:  # a win: ln(1 / (1 + e^-t)); a loss: ln(1 / (1 + e^t))
            total -= prior * 0.5 * (math.log1p(math.exp(-t)) + math.log1p(math.exp(t)))
        return total

    assert max(map(abs, theta)) > 0.3  # the prior does not hold them all at 0
    h = 1e-5
    for i in range(3):
        up, down = list(theta), list(theta)
        up[i] += h
        down[i] -= h
        assert (plain(up) - plain(down)) / (2 * h) == pytest.approx(0.0, abs=1e-6)


def test_the_prior_s_softplus_is_exact_at_both_ends() -> None:
    """The prior's virtual games score a log-strength x with softplus, log(1 + e^x):
    it agrees with the plain formula where that can be computed, and far out it is x
    on the right and 0 on the left (e^x overflows or underflows there) instead of an
    overflow; softplus(x) - softplus(-x) is x everywhere."""
    for x in (-30.0, -2.5, -1e-9, 0.0, 1e-9, 2.5, 30.0):
        assert _ratings._softplus(x) == pytest.approx(math.log1p(math.exp(x)), rel=1e-12)
    assert _ratings._softplus(1000.0) == 1000.0
    assert _ratings._softplus(-1000.0) == 0.0
    for x in (-1000.0, -30.0, -2.5, 0.0, 2.5, 30.0, 1000.0):
        assert _ratings._softplus(x) - _ratings._softplus(-x) == pytest.approx(x, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.permutations([0, 10, 20]), st.integers(1, 3)), min_size=1, max_size=6),
    st.permutations([0, 1, 2]),
)
def test_ratings_follow_the_entrants_not_their_order(
    table: list[tuple[list[int], int]], relabel: list[int]
) -> None:
    """Any results at three seats (invariant): the ratings (with the prior) have mean 0,
    each interval holds its rating, and listing the entrants in another order, their
    seats with them, moves every rating with its entrant."""
    names = ("a", "b", "c")
    results = made_up([(tuple(p), n) for p, n in table], names)
    ratings = {r.name: r for r in results.ratings()}
    assert sum(r.elo for r in ratings.values()) == pytest.approx(0.0, abs=1e-6)
    assert all(r.low < r.elo < r.high for r in ratings.values())
    moved = made_up(
        [(tuple(p[relabel.index(i)] for i in range(3)), n) for p, n in table],
        tuple(names[relabel.index(i)] for i in range(3)),
    )
    for r in moved.ratings():
        assert r.elo == pytest.approx(ratings[r.name].elo, abs=1e-6)
        assert r.high - r.low == pytest.approx(ratings[r.name].high - ratings[r.name].low)


def test_bootstrap_intervals_follow_the_deals() -> None:
    """Resampled deals: seeded, clear between greedy and random as the Fisher intervals
    are and of a like width; for two copies of a bot, which tie every deal, of no width."""
    results = play_tournament([GreedyPlayer(), RandomPlayer()], DUEL, deals=40, seed=0, jobs=1)
    fisher = results.ratings()
    boot = results.ratings(bootstrap=100, seed=1)
    assert boot == results.ratings(bootstrap=100, seed=1) != results.ratings(bootstrap=100)
    assert [r.elo for r in boot] == [r.elo for r in fisher]
    assert boot[0].low > boot[1].high
    for f, b in zip(fisher, boot, strict=True):
        assert b.low < b.elo < b.high
        assert 0.5 < (b.high - b.low) / (f.high - f.low) < 2
    twins = play_tournament(
        [GreedyPlayer(), GreedyPlayer(name="twin")], DUEL, deals=10, seed=0, jobs=1
    )
    for r in twins.ratings(bootstrap=30):
        assert r.high - r.low == pytest.approx(0.0, abs=1e-6)
    assert all(r.high - r.low > 50 for r in twins.ratings())
    with pytest.raises(ValueError, match="whole number of resamples"):
        twins.ratings(bootstrap=-1)


def test_one_resample_gives_an_interval_of_no_width_at_its_own_fit() -> None:
    """The percentiles of one resample are both that resample's rating: an interval of
    no width, the same for either end."""
    results = play_tournament([GreedyPlayer(), RandomPlayer()], DUEL, deals=20, seed=2, jobs=1)
    for r in results.ratings(bootstrap=1, seed=5):
        assert r.low == r.high
    lows = [r.low for r in results.ratings(bootstrap=1, seed=5)]
    assert lows == [-low for low in lows[::-1]]  # two entrants: ratings of mean 0


def test_penalty_intervals_are_over_duplicate_deals() -> None:
    """The interval of the penalty per round is that of the deals' means: deals at
    10 and 20 points per round for "a" give 15 plus or minus 1.96 * 5 / sqrt(2) ... as the
    normal interval of two values."""
    results = made_up([((10, 30), 1), ((20, 0), 1)], ("a", "b"))
    a, b = results.standings()
    assert a.mean_penalty == 15
    assert b.mean_penalty == 15
    half = 1.96 * math.sqrt(50 / 2)
    assert a.penalty_low == pytest.approx(15 - half)
    assert a.penalty_high == pytest.approx(15 + half)
    assert (a.games, a.wins, b.wins) == (2, 1, 1)
    assert made_up([((1, 2), 3)], ("a", "b")).standings()[0].penalty_low is None


# -- the SPRT ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_sprt_accepts_h1_for_greedy_against_random(seed: int) -> None:
    test = Sprt(0, 50, 0.01, 0.01)
    results = play_tournament(
        [GreedyPlayer(), RandomPlayer()], DUEL, deals=400, seed=seed, sprt=test, jobs=1
    )
    state = results.sprt_result()
    assert state is not None
    assert state.verdict == "H1"
    assert state.llr >= test.upper
    assert results.deals < 200  # decided well before the limit
    assert sum(state.pairs) == results.deals == len(results.games) // 2
    assert state.score > 0.6
    # it stopped at the first deal that crossed: one deal fewer is still running
    shorter = attrs.evolve(results, games=results.games[:-2])
    earlier = shorter.sprt_result()
    assert earlier is not None
    assert earlier.verdict == "running"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_sprt_accepts_h0_for_a_bot_against_its_equal(seed: int) -> None:
    """Random against random drawn another way, as strong and not mirrored: H0."""
    test = Sprt(0, 100, 0.01, 0.01)
    results = play_tournament(
        [RandomPlayer(), ShuffledRandom()], DUEL, deals=1000, seed=seed, sprt=test, jobs=1
    )
    state = results.sprt_result()
    assert state is not None
    assert state.verdict == "H0"
    assert state.llr <= test.lower
    assert state.pairs[2] < sum(state.pairs)  # not a mirror: some pairs were won or lost
    assert 0.35 < state.score < 0.65


def test_a_bot_against_itself_ties_every_pair() -> None:
    results = play_tournament(
        [GreedyPlayer(), GreedyPlayer(name="again")],
        DUEL,
        deals=50,
        seed=0,
        sprt=Sprt(0, 50),
        jobs=1,
    )
    state = results.sprt_result()
    assert state is not None
    assert state.verdict == "H0"
    assert state.pairs == (0, 0, results.deals, 0, 0)


def test_the_llr_matches_the_normal_approximation() -> None:
    """For a small Elo gap the GSPRT's ratio is close to
    n (s1 - s0) (2 mean - s0 - s1) / (2 var), on the per-game scores of the pairs."""
    counts = (300, 1200, 3000, 1400, 320)
    scores = (0.0, 0.25, 0.5, 0.75, 1.0)
    n = sum(counts)
    mean = sum(c * a for c, a in zip(counts, scores, strict=True)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, scores, strict=True)) / n
    s0, s1 = 0.5, 1 / (1 + 10 ** (-5 / 400))
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert Sprt(0, 5).result(counts).llr == pytest.approx(approx, rel=0.02)


@given(
    st.lists(st.integers(0, 40), min_size=5, max_size=5).filter(lambda c: sum(c) > 0),
    st.floats(-200, 200),
    st.floats(1, 200),
)
def test_the_llr_is_symmetric_in_the_players(counts: list[int], elo0: float, gap: float) -> None:
    """Swapping the players reverses the pairs' outcomes and negates the hypotheses: H1 of
    one is H0 of the other."""
    elo1 = elo0 + gap
    one = Sprt(elo0, elo1).result(counts).llr
    other = Sprt(-elo1, -elo0).result(counts[::-1]).llr
    assert one == pytest.approx(-other, rel=1e-6, abs=1e-6)


def test_the_sprt_bounds_and_its_checks() -> None:
    test = Sprt(0, 10, 0.05, 0.1)
    assert test.lower == pytest.approx(math.log(0.1 / 0.95))
    assert test.upper == pytest.approx(math.log(0.9 / 0.05))
    assert test.result((0, 0, 0, 0, 0)).verdict == "running"
    assert test.result((0, 0, 0, 0, 0)).score == 0.0  # no pair yet
    assert test.result((1, 0, 0, 0, 3)).score == 0.75  # 0 + 3 * 2 points in 8 games
    with pytest.raises(ValueError, match="elo0 is below elo1"):
        Sprt(10, 0)
    for alpha, beta in ((0, 0.1), (1, 0.1), (-0.1, 0.1), (0.05, 0), (0.05, 1), (0.05, -0.1)):
        with pytest.raises(ValueError, match="alpha and beta are between 0 and 1"):
            Sprt(0, 10, alpha, beta)
    with pytest.raises(ValueError, match="five counts"):
        test.result((1, 2))
    with pytest.raises(ValueError, match="two entrants at two seats"):
        play_tournament(
            [GreedyPlayer(), RandomPlayer(), ShuffledRandom()], DUEL, seats=2, deals=2,
            seed=0, sprt=test,
        )  # fmt: skip


# -- running -------------------------------------------------------------------------------


def test_one_and_two_jobs_agree() -> None:
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), RandomPlayer(name="r2")]
    one = play_tournament(bots, CLASSIC, seats=2, deals=4, seed=8, jobs=1)
    two = play_tournament(bots, CLASSIC, seats=2, deals=4, seed=8, jobs=2, chunk_size=1)
    assert one == two
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        threads = play_tournament(bots, CLASSIC, seats=2, deals=4, seed=8, executor=pool)
    assert threads == one
    assert play_tournament(bots, CLASSIC, seats=2, deals=4, seed=9, jobs=1) != one


class CountingPool(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that counts the tasks given to it."""

    def __init__(self) -> None:
        super().__init__(2)
        self.tasks = 0

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.tasks += 1
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize("sprt", [None, Sprt(0, 50)])
def test_the_executor_given_plays_every_game_whatever_the_jobs(sprt: Sprt | None) -> None:
    """With an executor, jobs says nothing of where the games are played: every chunk of
    deals is a task of that executor, with or without an SPRT."""
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    alone = play_tournament(bots, DUEL, deals=6, seed=4, jobs=1, sprt=sprt, chunk_size=2)
    with CountingPool() as pool:
        given = play_tournament(
            bots, DUEL, deals=6, seed=4, jobs=2, sprt=sprt, chunk_size=2, executor=pool
        )
    assert given == alone
    assert pool.tasks == 3  # 6 deals of 1 table, 2 a chunk


def test_an_sprt_stops_at_the_same_deal_whatever_the_jobs() -> None:
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    test = Sprt(0, 50)
    one = play_tournament(bots, DUEL, deals=300, seed=3, sprt=test, jobs=1, chunk_size=7)
    two = play_tournament(bots, DUEL, deals=300, seed=3, sprt=test, jobs=2, chunk_size=2)
    assert one == two
    assert one.deals < 300


def test_an_sprt_on_several_processes_starts_one_pool_for_the_whole_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With an SPRT, jobs=2 and no executor, the games are played in batches until the
    test decides, every batch on one pool of two workers started once for the run (not
    a pool a batch); here threads stand in for the processes."""
    pools: list[int] = []

    @contextlib.contextmanager
    def threads(workers: int) -> Iterator[concurrent.futures.Executor]:
        pools.append(workers)
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            yield pool

    monkeypatch.setattr(simulation, "_process_pool", threads)
    monkeypatch.setattr(tournament, "_process_pool", threads)
    bots: list[Player] = [RandomPlayer(), ShuffledRandom()]
    test = Sprt(0, 50)
    alone = play_tournament(bots, DUEL, deals=12, seed=2, sprt=test, jobs=1, chunk_size=1)
    assert pools == []
    assert alone.deals > 4  # more than one batch: a batch is twice the jobs' chunks
    pooled = play_tournament(bots, DUEL, deals=12, seed=2, sprt=test, jobs=2, chunk_size=1)
    assert pooled == alone
    assert pools == [2]


def test_a_dask_cluster_agrees() -> None:
    distributed = pytest.importorskip("dask.distributed")
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    here = play_tournament(bots, DUEL, deals=6, seed=1, jobs=1)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = play_tournament(
            bots, DUEL, deals=6, seed=1, executor=client.get_executor(), chunk_size=2
        )
    assert there == here


def test_progress_counts_the_games() -> None:
    seen: list[tuple[int, int]] = []
    play_tournament(
        [GreedyPlayer(), RandomPlayer()], DUEL, deals=5, seed=0, jobs=1, chunk_size=2,
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert seen == [(0, 10), (4, 10), (8, 10), (10, 10)]


def test_progress_counts_the_games_of_every_pairing() -> None:
    """Three entrants, round robin: three pairings of two seats, every deal played in
    both rotations, so 2 deals are 12 games, the total of every report."""
    seen: list[tuple[int, int]] = []
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), GreedyPlayer(name="other")]
    results = play_tournament(
        bots, DUEL, seats=2, deals=2, seed=0, jobs=1,
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert len(results.games) == 12
    assert seen[0] == (0, 12)
    assert seen[-1] == (12, 12)
    assert {total for _, total in seen} == {12}


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"seats": 3}, ValueError, "cannot fill tables of 3"),
        ({"deals": 0}, ValueError, "deals is a whole number"),
        ({"schedule": "swiss"}, ValueError, "round-robin and gauntlet"),
        ({"schedule": "gauntlet", "challenger": "nobody"}, ValueError, "not an entrant"),
        ({"challenger": "greedy"}, ValueError, "for a gauntlet"),
        ({"jobs": 0}, ValueError, "jobs is a whole number"),
    ],
)
def test_bad_arguments(options: dict[str, object], error: type[Exception], words: str) -> None:
    kwargs: dict[str, object] = {"deals": 1, "seed": 0, "jobs": 1, **options}
    with pytest.raises(error, match=words):
        play_tournament([GreedyPlayer(), RandomPlayer()], DUEL, **kwargs)  # type: ignore[arg-type]


def test_names_must_differ_and_entrants_be_players() -> None:
    with pytest.raises(ValueError, match="names repeat: random"):
        play_tournament([RandomPlayer(), RandomPlayer()], DUEL, deals=1, seed=0)
    with pytest.raises(TypeError, match="an entrant is a Player"):
        play_tournament([RandomPlayer(), "greedy"], DUEL, deals=1, seed=0)  # type: ignore[list-item]
    with pytest.raises(RulesError):
        play_tournament([RandomPlayer(), GreedyPlayer(), ShuffledRandom()], DUEL, deals=1, seed=0)


# -- results: JSON, text, picture ---------------------------------------------------------


def test_results_round_trip_through_json() -> None:
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), ShuffledRandom()]
    results = play_tournament(
        bots, CLASSIC, seats=2, deals=2, seed=1, jobs=1, schedule="gauntlet", challenger="greedy"
    )
    text = results.to_json()
    again = Results.from_json(text)
    assert again == results
    assert again.ratings() == results.ratings()
    duel = play_tournament(bots[:2], DUEL, deals=30, seed=0, jobs=1, sprt=Sprt(0, 50))
    assert Results.from_json(duel.to_json(indent=2)) == duel
    value = json.loads(text)
    assert value["format"] == "chickenfoot-tournament"
    assert value["games"][0][:3] == [0, 0, 0]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[1, 2", "not JSON"),
        ('{"format": "other"}', "format"),
        ('{"format": "chickenfoot-tournament", "version": 9}', "version 1"),
        ('{"format": "chickenfoot-tournament", "version": 1}', "not the results"),
        ('{"format": "chickenfoot-tournament", "version": 1, "seats": 1, "names": []}', "seats"),
    ],
)
def test_bad_json_is_refused(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Results.from_json(text)


def test_a_game_that_does_not_fit_its_tables_is_refused() -> None:
    results = play_tournament([GreedyPlayer(), RandomPlayer()], DUEL, deals=1, seed=0, jobs=1)
    value = results.to_dict()
    for bad in (
        [0, 0, 2, [1, 2], 1, [0]],
        [1, 0, 0, [1, 2], 1, [0]],
        [0, 0, 0, [1], 1, [0]],
        [0, 0, 0, [1, 2], 1, [-1]],  # a winner at no seat
        [0, 0, 0, [1, 2], 1, [2]],
    ):
        value["games"][0] = bad
        with pytest.raises(ValueError, match="not a game of these tables"):
            Results.from_dict(value)
    value["games"] = []
    value["schedule"] = "gauntlet"
    with pytest.raises(ValueError, match="not a schedule: 'gauntlet' with the challenger None"):
        Results.from_dict(value)
    value["tables"] = [[0, 5]]
    with pytest.raises(ValueError, match="a table is 2 entrants of the 2"):
        Results.from_dict(value)


def test_the_text_and_the_picture() -> None:
    results = play_tournament([GreedyPlayer(), RandomPlayer()], DUEL, deals=10, seed=0, jobs=1)
    text = results.text()
    lines = text.splitlines()
    assert lines[0].startswith("chickie-duel, 2 seats, round robin of 2 entrants at 1 table")
    assert lines[1].split()[:4] == ["bot", "games", "wins", "win"]
    assert lines[3].split()[0] == "greedy"
    assert lines[4].split()[0] == "random"
    picture = results.svg()
    assert picture.startswith("<svg")
    assert picture.rstrip().endswith("</svg>")
    assert picture.count("<circle") == 2
    best = results.ratings()[0]
    assert f"{best.elo:+.0f}</text>" in picture


def test_the_text_table_aligns_names_left_and_numbers_right() -> None:
    """In the text's standings table every column is as wide as the rule of dashes
    under its heading: the bots' names are flush left in theirs, the headings and the
    numbers of every other column flush right, as numbers are written."""
    results = made_up([((10, 20), 2), ((20, 10), 1)], ("greedy-longer", "b"))
    header, rows = results.rows()
    lines = results.text().splitlines()
    spans = [(m.start(), m.end()) for m in re.finditer("-+", lines[2])]
    assert len(spans) == len(header)
    table = [lines[1], *lines[3:]]
    assert len(table) == 1 + len(rows)
    for line, cells in zip(table, [header, *rows], strict=True):
        placed = [line[a:b] for a, b in spans]
        assert placed[0] == cells[0].ljust(len(placed[0]))
        assert placed[1:] == [
            c.rjust(b - a) for c, (a, b) in zip(cells[1:], spans[1:], strict=True)
        ]
    assert {len(row[0]) for row in rows} == {1, len("greedy-longer")}  # names that differ


def _svg_parts(picture: str) -> tuple[ET.Element, list[ET.Element], list[ET.Element]]:
    root = ET.fromstring(picture)
    ns = "{http://www.w3.org/2000/svg}"
    return root, root.findall(f"{ns}line"), root.findall(f"{ns}text")


#: Made-up ratings of three entrants, for the pictures' tests.
PICTURED: Final = (
    Rating(name="b", elo=-40.0, low=-150.0, high=70.0),
    Rating(name="a", elo=300.0, low=180.0, high=420.0),
    Rating(name="c", elo=-260.0, low=-380.0, high=-140.0),
)


def pictured_ratings() -> str:
    """The picture of :data:`PICTURED` (tests/pictures/generate_ratings.py writes it)."""
    return made_up([((10, 20, 30), 2)], ("a", "b", "c")).svg(PICTURED)


def test_the_picture_of_the_ratings_is_drawn_as_it_was_drawn_before() -> None:
    """The same ratings draw the same picture from release to release: apps and the docs
    show it, so a change of layout is one users see; a deliberate change writes the file
    again with tests/pictures/generate_ratings.py."""
    drawn = (Path(__file__).parent / "pictures" / "ratings.svg").read_text(encoding="utf-8")
    assert pictured_ratings() == drawn


def test_the_picture_puts_each_rating_on_one_elo_axis() -> None:
    """The picture's dots and bars are on one linear Elo scale: the axis runs under the
    rows, and its ends are the lowest and highest values shown (the interval ends and 0)
    widened by 5% of their span; a dashed line marks 0, ticks fall on round Elo values an
    equal step apart, and the rows go down from the best rating, one name to each."""
    ratings = PICTURED
    root, lines, texts = _svg_parts(pictured_ratings())
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    assert root.attrib["viewBox"] == f"0 0 {root.attrib['width']} {root.attrib['height']}"
    (axis,) = [line for line in lines if line.attrib.get("stroke") == "black"]
    (zero,) = [line for line in lines if "stroke-dasharray" in line.attrib]
    bars = [line for line in lines if line.attrib.get("stroke") == "steelblue"]
    x0, x1 = float(axis.attrib["x1"]), float(axis.attrib["x2"])
    axis_y = float(axis.attrib["y1"])
    assert axis.attrib["y2"] == axis.attrib["y1"]
    assert 0 < x0 < x1 < width
    assert 0 < axis_y < height
    low, high = -380.0, 420.0
    span = high - low
    low, high = low - 0.05 * span, high + 0.05 * span

    def x(elo: float) -> float:
        return x0 + (elo - low) / (high - low) * (x1 - x0)

    assert float(zero.attrib["x1"]) == pytest.approx(x(0.0), abs=0.06)
    assert float(zero.attrib["y2"]) == axis_y
    circles = root.findall("{http://www.w3.org/2000/svg}circle")
    best_first = sorted(ratings, key=lambda r: -r.elo)
    rows = []
    for r, dot, bar in zip(best_first, circles, bars, strict=True):
        y = float(dot.attrib["cy"])
        assert float(dot.attrib["cx"]) == pytest.approx(x(r.elo), abs=0.06)
        assert float(bar.attrib["x1"]) == pytest.approx(x(r.low), abs=0.06)
        assert float(bar.attrib["x2"]) == pytest.approx(x(r.high), abs=0.06)
        assert float(bar.attrib["y1"]) == float(bar.attrib["y2"]) == y
        assert y < axis_y
        rows.append(y)
        (name,) = [t for t in texts if t.text == r.name]
        assert float(name.attrib["x"]) < x0
        assert name.attrib["text-anchor"] == "end"
        assert abs(float(name.attrib["y"]) - y) < 6
    assert rows == sorted(rows)
    assert rows[1] - rows[0] == pytest.approx(rows[2] - rows[1])
    assert float(zero.attrib["y1"]) < rows[0]
    ticks = [t for t in texts if t.text is not None and t.text[0] in "+-"]
    ticks = [t for t in ticks if float(t.attrib["y"]) > axis_y]
    values = [int(t.text or "") for t in ticks]
    assert 5 <= len(values) <= 11
    step = values[1] - values[0]
    assert step in (10, 20, 50, 100, 200, 500)
    assert values == list(range(values[0], values[-1] + 1, step))
    assert all(v % step == 0 for v in values)
    assert values[0] - step < low <= values[0]
    assert values[-1] <= high < values[-1] + step
    for tick, v in zip(ticks, values, strict=True):
        assert float(tick.attrib["x"]) == pytest.approx(x(v), abs=0.06)
    caption = [t for t in texts if (t.text or "").startswith("rating (Elo")]
    assert len(caption) == 1
    assert axis_y + 16 <= float(caption[0].attrib["y"]) <= height


@pytest.mark.parametrize("half", [10, 30, 80, 400, 800, 1500, 4000, 8000, 20000, 30000])
def test_the_picture_s_ticks_fall_on_a_round_step_for_any_spread(half: int) -> None:
    """Whatever the spread of the ratings, the axis's ticks are an equal step apart on
    multiples of the step, which is 10, 20 or 50 times a power of 10 (up to 10000): the
    smallest such step that cuts the axis into at most ten, and the ticks cover it."""
    ratings = (
        Rating(name="a", elo=half, low=half - 20, high=half + 20),
        Rating(name="b", elo=-half, low=-half - 20, high=-half + 20),
    )
    _, lines, texts = _svg_parts(made_up([((10, 20), 1)], ("a", "b")).svg(ratings))
    (axis,) = [line for line in lines if line.attrib.get("stroke") == "black"]
    axis_y = float(axis.attrib["y1"])
    span = 2.2 * (half + 20)  # the interval ends and 0, widened by 5% of their span
    low, high = -span / 2, span / 2
    ticks = [t for t in texts if t.text is not None and t.text[0] in "+-"]
    values = [int(t.text or "") for t in ticks if float(t.attrib["y"]) > axis_y]
    steps = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]
    step = values[1] - values[0]
    assert step in steps
    fewer = [s for s in steps if span / s <= 10]
    assert step == (fewer[0] if fewer else steps[-1])
    assert values == list(range(values[0], values[-1] + 1, step))
    assert all(v % step == 0 for v in values)
    assert values[0] - step < low <= values[0]
    assert values[-1] <= high < values[-1] + step


# -- the command ---------------------------------------------------------------------------


def test_the_command_prints_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--preset", "chickie", "--bots", "greedy,random", "--deals", "6"]
    assert main([*args, "--jobs", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "chickie-duel, 2 seats, round robin of 2 entrants" in out
    assert "greedy" in out
    assert "rating (95% CI)" in out


def test_the_command_writes_json_and_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, svg = tmp_path / "t.json", tmp_path / "t.svg"
    args = ["tournament", "--preset", "classic", "--bots", "greedy,random,random"]
    args += ["--seats", "2", "--deals", "2", "--jobs", "1", "--json"]
    assert main([*args, "--out", str(out), "--svg", str(svg)]) == 0
    text = capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == text  # the file holds what --json prints
    printed = Results.from_json(text)
    assert printed.names == ("greedy", "random", "random-2")
    assert main([*args[:-1], "--bootstrap", "20", "--plain"]) == 0
    standings = capsys.readouterr().out
    assert "greedy" in standings
    assert "Wrote" not in standings  # no file asked for, none said
    assert main([*args[:-1], "--svg", str(svg), "--plain"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"Wrote {svg}."
    assert len(printed.tables) == 3
    assert svg.read_text(encoding="utf-8").startswith("<svg")


def test_the_command_runs_an_sprt(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--preset", "chickie", "--bots", "greedy,random", "--deals", "300"]
    assert main([*args, "--sprt", "0", "50", "0.05", "0.05", "--jobs", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "SPRT elo0=0 elo1=50 alpha=0.05 beta=0.05" in out
    assert "H1 accepted" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "greedy,nobody"], "no bot 'nobody'"),
        (["--bots", "greedy,random", "--gauntlet", "level5"], "not an entrant"),
        (["--bots", "greedy,random,level1", "--sprt", "0", "50", "0.05", "0.05"], "SPRT"),
        (["--bots", "greedy,random", "--sprt", "50", "0", "0.05", "0.05"], "elo0 is below"),
        (["--bots", "greedy,random", "--seats", "3"], "cannot fill tables"),
    ],
)
def test_the_command_usage_errors(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "--deals", "1", "--jobs", "1", *args]) == 2
    assert words in capsys.readouterr().err


@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=60))
def test_the_bootstraps_interval_ends_are_the_inclusive_quantiles(values: list[float]) -> None:
    """The 2.5% and 97.5% points of the bootstrap's ratings are interpolated between
    order statistics as ``statistics.quantiles(..., method="inclusive")`` does."""
    import statistics

    from chickenfoot.tournament import _quantile

    cuts = statistics.quantiles(values, n=40, method="inclusive")
    assert _quantile(values, 0.025) == pytest.approx(cuts[0], abs=1e-6)
    assert _quantile(values, 0.975) == pytest.approx(cuts[-1], abs=1e-6)
    assert _quantile(values, 0.0) == min(values)
    assert _quantile(values, 1.0) == max(values)


@pytest.mark.parametrize(
    ("span", "step"), [(1, 10), (100, 10), (101, 20), (200, 20), (1000, 100), (60000, 10000)]
)
def test_the_plots_ticks_are_round_and_at_most_ten_over_the_span(span: int, step: int) -> None:
    """The ratings plot puts a tick every 10, 20, 50, ... points, the finest step that
    leaves at most ten steps over the span (ten exactly at 100 and 200)."""
    from chickenfoot.tournament import _tick

    assert _tick(span) == step
