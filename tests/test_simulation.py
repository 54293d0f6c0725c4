"""chickenfoot.simulation: the same summary on every executor, and sums that add up."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import random
from collections.abc import Sequence
from typing import Final

import attrs
import pytest

from chickenfoot import PRESETS, Draw, Ending, Match, Move, RoundView, RulesError
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, play_match
from chickenfoot.simulation import Summary, game_seed, simulate

#: Two-round duels: whole matches, but quick ones.
SHORT: Final = attrs.evolve(PRESETS["chickie-duel"], rounds=2)
BOTS: Final[tuple[Player, ...]] = (GreedyPlayer(), RandomPlayer())
GAMES: Final = 12


@attrs.frozen
class FirstMove:
    """A stand-in bot written against the Player protocol alone: the first legal move."""

    name: str = "first"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        return view.legal_moves()[0]


@pytest.fixture(scope="module")
def baseline() -> Summary:
    """The run every executor must reproduce, played in this process."""
    return simulate(SHORT, BOTS, games=GAMES, seed=7, jobs=1, records=True)


def spawn_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    """A process pool using the spawn start method, safe whatever threads are running."""
    context = multiprocessing.get_context("spawn")
    return concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)


def test_game_seeds_depend_on_seed_and_index_only() -> None:
    seeds = {game_seed(seed, index) for seed in (-1, 0, 1) for index in range(100)}
    assert len(seeds) == 300
    assert all(0 <= s < 2**63 for s in seeds)
    assert game_seed(7, 3) == game_seed(7, 3)


def test_one_and_two_worker_processes_agree(baseline: Summary) -> None:
    with spawn_pool(1) as one:
        by_one = simulate(SHORT, BOTS, games=GAMES, seed=7, executor=one, records=True)
    with spawn_pool(2) as two:
        by_two = simulate(
            SHORT, BOTS, games=GAMES, seed=7, executor=two, records=True, chunk_size=1
        )
    assert by_one == by_two == baseline


def test_default_pool_agrees(baseline: Summary) -> None:
    """executor=None: a local pool of default_jobs() processes."""
    assert simulate(SHORT, BOTS, games=GAMES, seed=7, records=True) == baseline


def test_threads_and_chunk_sizes_agree(baseline: Summary) -> None:
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        for size in (1, 2, 5, GAMES, 100):
            summary = simulate(
                SHORT, BOTS, games=GAMES, seed=7, executor=pool, records=True, chunk_size=size
            )
            assert summary == baseline, size


def test_dask_local_cluster_agrees(baseline: Summary) -> None:
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        summary = simulate(
            SHORT,
            BOTS,
            games=GAMES,
            seed=7,
            executor=client.get_executor(),
            records=True,
            chunk_size=2,
        )
    assert summary == baseline


def test_another_seed_gives_other_games(baseline: Summary) -> None:
    other = simulate(SHORT, BOTS, games=GAMES, seed=8, jobs=1, records=True)
    assert other.records != baseline.records


def test_records_are_the_games_and_round_trip(baseline: Summary) -> None:
    assert len(baseline.records) == GAMES
    for index, text in enumerate(baseline.records):
        match = Match.from_json(text)
        assert match.is_over
        assert match.seed == game_seed(7, index)
        assert match.to_json() == text
        assert match == play_match(SHORT, BOTS, seed=game_seed(7, index))
    as_json = json.loads(json.dumps(baseline.to_dict(records=True)))
    assert [json.dumps(r) for r in as_json["records"]] == list(baseline.records)


def test_summary_adds_up_from_the_records(baseline: Summary) -> None:
    """Every figure of the summary, worked out again from the game records."""
    matches = [Match.from_json(text) for text in baseline.records]
    rounds = [r for m in matches for r in m.finished]
    scores = [row for m in matches for row in m.results]
    players = len(BOTS)
    assert baseline.games == GAMES
    assert baseline.players == players
    assert baseline.rounds == len(rounds) == GAMES * 2
    for seat, line in enumerate(baseline.seats):
        assert (line.seat, line.bot, line.games) == (seat, BOTS[seat].name, GAMES)
        assert line.wins == sum(seat in m.winners for m in matches)
        assert line.shared_wins == sum(seat in m.winners and len(m.winners) > 1 for m in matches)
        total = sum(m.totals[seat] for m in matches)
        assert line.mean_total == pytest.approx(total / GAMES)
        assert line.mean_penalty == pytest.approx(sum(row[seat] for row in scores) / len(rounds))
        assert line.win_rate == pytest.approx(line.wins / GAMES)
    assert sum(s.wins for s in baseline.seats) == GAMES + sum(len(m.winners) - 1 for m in matches)
    moves = [len(r.moves) for r in rounds]
    draws = [sum(isinstance(m, Draw) for m in r.moves) for r in rounds]
    blocked = [r.ending is Ending.BLOCKED for r in rounds]
    assert baseline.moves_per_round == pytest.approx(sum(moves) / len(rounds))
    assert baseline.draws_per_round == pytest.approx(sum(draws) / len(rounds))
    assert baseline.blocked_rate == pytest.approx(sum(blocked) / len(rounds))
    assert baseline.went_out_rate == pytest.approx(
        sum(r.ending is Ending.WENT_OUT for r in rounds) / len(rounds)
    )
    assert [b.name for b in baseline.bots] == ["greedy", "random"]
    for bot in baseline.bots:
        (seat,) = bot.seats
        line = baseline.seats[seat]
        assert (bot.wins, bot.shared_wins, bot.games) == (line.wins, line.shared_wins, GAMES)
        assert (bot.mean_total, bot.mean_penalty) == (line.mean_total, line.mean_penalty)


def test_a_bot_in_several_seats_is_summed_over_them() -> None:
    bots: Sequence[Player] = [RandomPlayer(), GreedyPlayer(), RandomPlayer()]
    rules = attrs.evolve(PRESETS["classic"], rounds=1)
    summary = simulate(rules, bots, games=6, seed=2, jobs=1, records=True)
    random_bot = summary.bots[0]
    assert (random_bot.name, random_bot.seats) == ("random", (0, 2))
    assert random_bot.games == 12
    assert random_bot.wins == summary.seats[0].wins + summary.seats[2].wins
    matches = [Match.from_json(text) for text in summary.records]
    totals = [m.totals[seat] for m in matches for seat in (0, 2)]
    assert random_bot.mean_total == pytest.approx(sum(totals) / 12)
    assert random_bot.mean_penalty == pytest.approx(sum(totals) / (2 * summary.rounds))


def test_any_player_will_do() -> None:
    """A bot that only follows the Player protocol, on threads."""
    bots: list[Player] = [FirstMove(), RandomPlayer()]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        threaded = simulate(SHORT, bots, games=4, seed=1, executor=pool, chunk_size=1)
    assert threaded == simulate(SHORT, bots, games=4, seed=1, jobs=1)
    assert [s.bot for s in threaded.seats] == ["first", "random"]


def test_one_job_plays_every_chunk_in_this_process() -> None:
    """jobs=1 plays the games here, without a pool, however many chunks they make: a bot
    that writes down its choices in this process (a pool would play copies of it, and
    could not even send a class defined in a function) has made every one of them."""
    made: list[Move] = []

    @attrs.frozen
    class Noting:
        name: str = "first"

        def choose(self, view: RoundView, rng: random.Random) -> Move:
            made.append(view.legal_moves()[0])
            return made[-1]

    summary = simulate(SHORT, [Noting(), Noting()], games=4, seed=5, jobs=1, chunk_size=1)
    assert summary.games == 4
    assert made
    assert summary == simulate(SHORT, [FirstMove(), FirstMove()], games=4, seed=5, jobs=1)


def test_games_of_one_chunk_are_played_in_this_process_whatever_the_jobs() -> None:
    """With one chunk there is nothing to share out: ``jobs=2`` makes no pool either, so
    a bot that lives in this process alone (a class defined in a function, which a pool
    could not even send) plays every game."""
    made: list[Move] = []

    @attrs.frozen
    class Noting:
        name: str = "first"

        def choose(self, view: RoundView, rng: random.Random) -> Move:
            made.append(view.legal_moves()[0])
            return made[-1]

    summary = simulate(SHORT, [Noting(), Noting()], games=3, seed=5, jobs=2, chunk_size=3)
    assert summary.games == 3
    assert made
    assert summary == simulate(SHORT, [FirstMove(), FirstMove()], games=3, seed=5, jobs=1)


def test_progress_counts_up_to_the_games() -> None:
    calls: list[tuple[int, int]] = []
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        simulate(
            SHORT,
            BOTS,
            games=5,
            seed=3,
            executor=pool,
            chunk_size=2,
            progress=lambda done, total: calls.append((done, total)),
        )
    assert calls[0] == (0, 5)
    assert calls[-1] == (5, 5)
    assert {total for _, total in calls} == {5}
    done = [d for d, _ in calls]
    assert done == sorted(set(done))
    assert len(done) == 4  # 0, then one call per chunk
    inline: list[int] = []
    simulate(
        SHORT, BOTS, games=3, seed=3, jobs=1, chunk_size=1, progress=lambda d, t: inline.append(d)
    )
    assert inline == [0, 1, 2, 3]
    # by default about games / 64 games a chunk: 2 for 130 games, 1 for fewer than 128
    for games, size in ((130, 2), (70, 1)):
        chunks: list[int] = []

        def note(done: int, total: int, chunks: list[int] = chunks) -> None:
            chunks.append(done)

        simulate(SHORT, BOTS, games=games, seed=3, jobs=1, progress=note)
        assert chunks == [*range(0, games, size), games]


def test_records_only_when_asked() -> None:
    summary = simulate(SHORT, BOTS, games=2, seed=0, jobs=1)
    assert summary.records == ()
    assert "records" not in summary.to_dict()
    assert set(summary.to_dict()) == {
        "rules",
        "players",
        "games",
        "seed",
        "rounds",
        "seats",
        "bots",
        "moves_per_round",
        "draws_per_round",
        "blocked_rate",
        "went_out_rate",
    }
    assert summary.to_dict()["rules"] == {"preset": "chickie-duel", "knobs": {"rounds": 2}}


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"games": 0}, ValueError, "games"),
        ({"chunk_size": 0}, ValueError, "chunk_size"),
        ({"jobs": 0}, ValueError, "jobs"),
        ({"seed": "1"}, TypeError, "seed"),
    ],
)
def test_bad_arguments(options: dict[str, object], error: type[Exception], words: str) -> None:
    arguments: dict[str, object] = {"games": 2, "seed": 0, **options}
    with pytest.raises(error, match=words):
        simulate(SHORT, BOTS, **arguments)  # type: ignore[arg-type]


def test_a_run_of_one_game() -> None:
    """One game is the least run: its summary counts one game at each seat."""
    summary = simulate(SHORT, BOTS, games=1, seed=0, jobs=1)
    assert summary.games == 1
    assert [seat.games for seat in summary.seats] == [1, 1]


def test_a_player_count_the_rules_do_not_cover() -> None:
    with pytest.raises(RulesError, match="for 2 players, not 3"):
        simulate(SHORT, [RandomPlayer()] * 3, games=1, seed=0)
