"""Many matches between bots, spread over any :mod:`concurrent.futures` executor.

:func:`simulate` plays ``games`` whole matches (:meth:`Match.new <chickenfoot.Match.new>`)
between the same bots, one bot per seat, and sums them up in a :class:`Summary`: wins
and scores per seat and per bot, and what a round looks like on average.

Every game is dealt and played from its own seed, :func:`game_seed` ``(seed, index)``,
and the bots see only their :class:`~chickenfoot.RoundView`. The games are cut into
chunks of consecutive game numbers; each chunk is one task for the executor, and the
chunks' counts are added up in chunk order once they are all back. The counts are whole
numbers, so the summary is the same, to the last bit, whatever the executor, the number
of workers or the order in which the chunks finish:

>>> from chickenfoot import PRESETS
>>> from chickenfoot.bots import RandomPlayer
>>> from chickenfoot.simulation import simulate
>>> bots = [RandomPlayer(), RandomPlayer()]
>>> one = simulate(PRESETS["chickie-duel"], bots, games=4, seed=1, jobs=1)
>>> two = simulate(PRESETS["chickie-duel"], bots, games=4, seed=1, jobs=1, chunk_size=1)
>>> one == two, one.games, one.rounds
(True, 4, 28)

Any :class:`concurrent.futures.Executor` runs the chunks: a
:class:`~concurrent.futures.ProcessPoolExecutor` on one machine, or a cluster's, such as
the one :meth:`dask.distributed.Client.get_executor` returns (see :doc:`/simulation`).

.. versionadded:: 0.1
"""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Final, TypeAlias, TypeVar

import attrs

from chickenfoot import Draw, Ending, Match, Rules

from ._seeds import seed_path
from .bots import Player, play_match
from .errors import SimulationError

__all__ = ["BotSummary", "SeatSummary", "Summary", "default_jobs", "game_seed", "simulate"]

#: The most games one chunk holds when :func:`simulate` picks the chunk size.
MAX_CHUNK: Final = 50
#: :func:`simulate` cuts a run into about this many chunks when it picks the chunk size,
#: enough to keep every worker busy and to move a progress bar smoothly.
CHUNKS: Final = 64

_T = TypeVar("_T")
_Task: TypeAlias = tuple[Rules, tuple[Player, ...], int, int, int, bool]

#: A progress callback: called with the games done so far and the games in all.
Progress: TypeAlias = Callable[[int, int], object]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0 for the first) of a simulation seeded ``seed``.

    It is the BLAKE2b digest of ``"simulate/{seed}/{index}"`` read as a 63-bit number,
    so any game of a run can be played again alone, and fits in a game record:
    ``Match.new(rules, players, seed=game_seed(seed, index))`` deals it, and
    :func:`chickenfoot.bots.play_match` with the same seed plays it.

    >>> from chickenfoot.simulation import game_seed
    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    >>> 0 <= game_seed(-5, 10**6) < 2**63
    True

    .. versionadded:: 0.1
    """
    return seed_path("simulate", seed, index) >> 1


@attrs.frozen(kw_only=True)
class SeatSummary:
    """How one seat did over every game of a simulation.

    .. versionadded:: 0.1
    """

    #: The seat, counted from 0.
    seat: int
    #: The name of the bot in this seat.
    bot: str
    #: How many games this seat played (every game of the run).
    games: int
    #: Games this seat won (R21, R22); a win shared with other seats counts for each of
    #: them, and also in :attr:`shared_wins`.
    wins: int
    #: Games this seat won together with another seat (R22, a tie the rules leave
    #: standing).
    shared_wins: int
    #: The seat's match total, averaged over the games (R21).
    mean_total: float
    #: The seat's penalty points, averaged over the rounds (R17).
    mean_penalty: float

    @property
    def win_rate(self) -> float:
        """:attr:`wins` divided by :attr:`games`."""
        return self.wins / self.games

    def to_dict(self) -> dict[str, Any]:
        """This summary as a dict of JSON values, :attr:`win_rate` included."""
        return {**attrs.asdict(self), "win_rate": self.win_rate}


@attrs.frozen(kw_only=True)
class BotSummary:
    """How one bot did over every seat it played, as sums and means over those seats.

    A bot is known by its :attr:`~chickenfoot.bots.Player.name`: seats whose bots share a
    name are added together.

    .. versionadded:: 0.1
    """

    #: The bot's name.
    name: str
    #: The seats it played.
    seats: tuple[int, ...]
    #: Seat-games played: the games of the run times the number of :attr:`seats`.
    games: int
    #: The wins of all its seats (see :attr:`SeatSummary.wins`).
    wins: int
    #: The shared wins of all its seats (see :attr:`SeatSummary.shared_wins`).
    shared_wins: int
    #: Its match total, averaged over its seat-games.
    mean_total: float
    #: Its penalty points, averaged over the rounds of all its seats.
    mean_penalty: float

    @property
    def win_rate(self) -> float:
        """:attr:`wins` divided by :attr:`games`: its wins per seat-game."""
        return self.wins / self.games

    def to_dict(self) -> dict[str, Any]:
        """This summary as a dict of JSON values, :attr:`win_rate` included."""
        return {**attrs.asdict(self), "seats": list(self.seats), "win_rate": self.win_rate}


@attrs.frozen(kw_only=True)
class Summary:
    """What :func:`simulate` found: wins and scores per seat and per bot, and the rounds.

    Two summaries of the same run are equal, whatever executor played it.

    .. versionadded:: 0.1
    """

    #: The variant played.
    rules: Rules
    #: How many seats played.
    players: int
    #: How many games (whole matches) were played.
    games: int
    #: The seed the run was started from (see :func:`game_seed`).
    seed: int
    #: How many rounds were played in all the games together.
    rounds: int
    #: One summary per seat, by seat.
    seats: tuple[SeatSummary, ...]
    #: One summary per bot name, in the order of the first seat each plays.
    bots: tuple[BotSummary, ...]
    #: Moves per round, on average (plays, draws and passes, R11).
    moves_per_round: float
    #: Draws per round, on average, the search for the round double included (R6, R13).
    draws_per_round: float
    #: The share of rounds that blocked (R16).
    blocked_rate: float
    #: The share of rounds in which a player went out (R16).
    went_out_rate: float
    #: Every game's match record as JSON text (see :meth:`Match.to_json
    #: <chickenfoot.Match.to_json>`), in game order, when :func:`simulate` was asked
    #: for them; else empty.
    records: tuple[str, ...] = attrs.field(default=(), repr=False)

    def to_dict(self, *, records: bool = False) -> dict[str, Any]:
        """This summary as a dict of JSON values, ready for :func:`json.dumps`.

        The rules are written as in a game record (``{"preset": ..., "knobs": ...}``).
        With ``records=True`` the dict also holds the game records, as JSON objects.

        >>> from chickenfoot import PRESETS
        >>> from chickenfoot.bots import RandomPlayer
        >>> from chickenfoot.simulation import simulate
        >>> bots = [RandomPlayer(), RandomPlayer()]
        >>> summary = simulate(PRESETS["chickie-duel"], bots, games=2, seed=0, jobs=1)
        >>> sorted(summary.to_dict())  # doctest: +NORMALIZE_WHITESPACE
        ['blocked_rate', 'bots', 'draws_per_round', 'games', 'moves_per_round', 'players',
         'rounds', 'rules', 'seats', 'seed', 'went_out_rate']
        """
        out: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "rounds": self.rounds,
            "seats": [s.to_dict() for s in self.seats],
            "bots": [b.to_dict() for b in self.bots],
            "moves_per_round": self.moves_per_round,
            "draws_per_round": self.draws_per_round,
            "blocked_rate": self.blocked_rate,
            "went_out_rate": self.went_out_rate,
        }
        if records:
            out["records"] = [json.loads(text) for text in self.records]
        return out


def simulate(
    rules: Rules,
    players: Sequence[Player],
    *,
    games: int,
    seed: int,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    records: bool = False,
    chunk_size: int | None = None,
) -> Summary:
    """Play ``games`` matches of ``rules`` between ``players`` and sum them up.

    Game ``i`` is the match :meth:`Match.new <chickenfoot.Match.new>` deals from
    :func:`game_seed` ``(seed, i)``, played by :func:`chickenfoot.bots.play_match`: bot
    ``players[k]`` sits in seat ``k`` and moves from its view of the round. The games are
    cut into chunks of ``chunk_size`` consecutive games, each chunk one task for the
    executor; the result depends only on ``rules``, the bots, ``games`` and ``seed``.

    >>> from chickenfoot import PRESETS
    >>> from chickenfoot.bots import GreedyPlayer, RandomPlayer
    >>> from chickenfoot.simulation import simulate
    >>> bots = [GreedyPlayer(), RandomPlayer()]
    >>> summary = simulate(PRESETS["chickie-duel"], bots, games=6, seed=3, jobs=1)
    >>> summary.games, summary.rounds, [s.bot for s in summary.seats]
    (6, 42, ['greedy', 'random'])
    >>> round(summary.blocked_rate + summary.went_out_rate, 9)
    1.0

    Args:
        rules: the variant; it must cover ``len(players)`` players.
        players: one bot per seat (see :class:`chickenfoot.bots.Player`). With an
            executor that runs in other processes or machines, the bots are pickled, so
            their classes must be importable there.
        games: how many matches to play, at least 1.
        seed: the seed of the run; game ``i`` uses :func:`game_seed` ``(seed, i)``.
        executor: runs the chunks; it is not shut down. With ``None``, a
            :class:`~concurrent.futures.ProcessPoolExecutor` of ``jobs`` workers is made
            for the run and shut down after it.
        jobs: the number of worker processes when ``executor`` is ``None``:
            :func:`os.cpu_count` by default; with 1 the games are played in this
            process, without a pool. Ignored when an executor is given.
        progress: called as ``progress(done, games)`` in this thread, with ``done`` 0
            first and then growing as chunks come back, ``games`` last.
        records: whether to keep every game's record in :attr:`Summary.records`.
        chunk_size: games per chunk; by default about ``games / 64``, from 1 to 50.

    Raises:
        RulesError: the variant does not cover ``len(players)`` players.
        ValueError: ``games``, ``jobs`` or ``chunk_size`` is less than 1.
        SimulationError: the worker processes of the pool made for ``jobs`` could not
            start or died (a script read from standard input, or a call outside an
            ``if __name__ == "__main__":`` block).

    .. versionadded:: 0.1
    """
    bots = tuple(players)
    rules.round_count(len(bots))  # checks the player count before any work (R19)
    chunk_size, workers = _checked_run(games, seed, jobs, chunk_size)
    starts = range(0, games, chunk_size)
    tasks: list[_Task] = [
        (rules, bots, seed, a, min(a + chunk_size, games), records) for a in starts
    ]
    if progress is not None:
        progress(0, games)
    tallies = _execute(_play_chunk, tasks, _games_of, games, executor, workers, progress)
    total = _Tally.empty(len(bots))
    for tally in tallies:  # in chunk order
        total.add(tally)
    return total.summary(rules, bots, seed)


def _checked_run(games: object, seed: object, jobs: object, chunk_size: object) -> tuple[int, int]:
    """The chunk size and the worker count of a run of :func:`simulate`, its arguments
    checked: by default about ``games / CHUNKS`` games a chunk, from 1 to
    :data:`MAX_CHUNK`, and :func:`default_jobs` workers."""
    if type(games) is not int or games < 1:
        raise ValueError(f"games is a whole number of at least 1, not {games!r}")
    if type(seed) is not int:
        raise TypeError(f"seed is an int, not {seed!r}")
    if chunk_size is None:
        chunk_size = min(MAX_CHUNK, max(1, games // CHUNKS))
    elif type(chunk_size) is not int or chunk_size < 1:
        raise ValueError(f"chunk_size is a whole number of at least 1, not {chunk_size!r}")
    workers = default_jobs() if jobs is None else jobs
    if type(workers) is not int or workers < 1:
        raise ValueError(f"jobs is a whole number of at least 1, not {jobs!r}")
    return chunk_size, workers


def _execute(
    play: Callable[..., _T],
    tasks: Sequence[tuple[Any, ...]],
    size: Callable[[_T], int],
    total: int,
    executor: concurrent.futures.Executor | None,
    workers: int,
    progress: Progress | None,
) -> list[_T]:
    """``play(*task)`` for every task, the answers in task order: on ``executor``, else
    in this process (one worker or one task), else on a pool of ``workers`` processes made
    for the call. ``size`` of an answer is what it adds to the progress (games), of
    ``total`` in all. The machinery of :func:`simulate`, shared with
    :mod:`chickenfoot.tournament`."""
    if executor is not None:
        return _run(executor, play, tasks, size, total, progress)
    if workers == 1 or len(tasks) == 1:
        return _run_here(play, tasks, size, total, progress)
    with _process_pool(min(workers, len(tasks))) as pool:
        return _run(pool, play, tasks, size, total, progress)


def _run_here(
    play: Callable[..., _T],
    tasks: Sequence[tuple[Any, ...]],
    size: Callable[[_T], int],
    total: int,
    progress: Progress | None,
) -> list[_T]:
    """Play every task in this process, in order, reporting progress after each."""
    answers: list[_T] = []
    done = 0
    for task in tasks:
        answers.append(play(*task))
        done += size(answers[-1])
        if progress is not None:
            progress(done, total)
    return answers


@contextmanager
def _process_pool(workers: int) -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A pool of ``workers`` processes, shut down at the end of the block; a pool whose
    processes cannot start or die is a :class:`SimulationError`."""
    context = multiprocessing.get_context("spawn")
    try:
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            yield pool
    except BrokenProcessPool as exc:
        raise SimulationError(
            f"the {workers} worker processes of the run could "
            "not start or died: each one imports the main script, which fails for a "
            "script read from standard input or one that starts the run outside "
            "an 'if __name__ == \"__main__\":' block; put the call in that block, or "
            "pass jobs=1 to play in this process"
        ) from exc


def default_jobs() -> int:
    """The number of worker processes :func:`simulate` uses by default: the CPU count.

    It is :func:`os.process_cpu_count` where Python has it (3.13 on), else
    :func:`os.cpu_count`, and 1 when neither knows.

    >>> from chickenfoot.simulation import default_jobs
    >>> default_jobs() >= 1
    True

    .. versionadded:: 0.1
    """
    count: Callable[[], int | None] = getattr(os, "process_cpu_count", os.cpu_count)
    return count() or 1


def _run(
    executor: concurrent.futures.Executor,
    play: Callable[..., _T],
    tasks: Sequence[tuple[Any, ...]],
    size: Callable[[_T], int],
    total: int,
    progress: Progress | None,
) -> list[_T]:
    """Submit every task, report progress as they finish, and return them in order."""
    futures = [executor.submit(play, *task) for task in tasks]
    done = 0
    try:
        for future in concurrent.futures.as_completed(futures):
            done += size(future.result())
            if progress is not None:
                progress(done, total)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [future.result() for future in futures]


def _games_of(tally: _Tally) -> int:
    return tally.games


@attrs.define
class _Tally:
    """Whole-number counts over some games; two tallies add up exactly, in any grouping."""

    games: int
    rounds: int
    moves: int
    draws: int
    blocked: int
    wins: list[int]
    shared: list[int]
    totals: list[int]
    records: list[str]

    @classmethod
    def empty(cls, players: int) -> _Tally:
        return cls(0, 0, 0, 0, 0, [0] * players, [0] * players, [0] * players, [])

    def count(self, match: Match, record: bool) -> None:
        """Add one finished match."""
        self.games += 1
        for rnd in match.finished:
            self.rounds += 1
            self.moves += len(rnd.moves)
            self.draws += sum(isinstance(move, Draw) for move in rnd.moves)
            self.blocked += rnd.ending is Ending.BLOCKED
        winners = match.winners
        for seat, total in enumerate(match.totals):
            self.totals[seat] += total
        for seat in winners:
            self.wins[seat] += 1
            self.shared[seat] += len(winners) > 1
        if record:
            self.records.append(match.to_json())

    def add(self, other: _Tally) -> None:
        """Add another tally's counts; its records come after this one's."""
        self.games += other.games
        self.rounds += other.rounds
        self.moves += other.moves
        self.draws += other.draws
        self.blocked += other.blocked
        for mine, theirs in (
            (self.wins, other.wins),
            (self.shared, other.shared),
            (self.totals, other.totals),
        ):
            for seat, value in enumerate(theirs):
                mine[seat] += value
        self.records.extend(other.records)

    def summary(self, rules: Rules, bots: Sequence[Player], seed: int) -> Summary:
        games, rounds = self.games, self.rounds
        seats = tuple(
            SeatSummary(
                seat=seat,
                bot=bot.name,
                games=games,
                wins=self.wins[seat],
                shared_wins=self.shared[seat],
                mean_total=self.totals[seat] / games,
                mean_penalty=self.totals[seat] / rounds,
            )
            for seat, bot in enumerate(bots)
        )
        names: dict[str, list[int]] = {}
        for seat, bot in enumerate(bots):
            names.setdefault(bot.name, []).append(seat)
        by_bot = tuple(
            BotSummary(
                name=name,
                seats=tuple(where),
                games=games * len(where),
                wins=sum(self.wins[s] for s in where),
                shared_wins=sum(self.shared[s] for s in where),
                mean_total=sum(self.totals[s] for s in where) / (games * len(where)),
                mean_penalty=sum(self.totals[s] for s in where) / (rounds * len(where)),
            )
            for name, where in names.items()
        )
        return Summary(
            rules=rules,
            players=len(bots),
            games=games,
            seed=seed,
            rounds=rounds,
            seats=seats,
            bots=by_bot,
            moves_per_round=self.moves / rounds,
            draws_per_round=self.draws / rounds,
            blocked_rate=self.blocked / rounds,
            went_out_rate=(rounds - self.blocked) / rounds,
            records=tuple(self.records),
        )


def _play_chunk(
    rules: Rules, bots: tuple[Player, ...], seed: int, start: int, stop: int, records: bool
) -> _Tally:
    """Play games ``start`` to ``stop - 1`` of a run; the task an executor runs."""
    tally = _Tally.empty(len(bots))
    for index in range(start, stop):
        tally.count(play_match(rules, bots, seed=game_seed(seed, index)), records)
    return tally
