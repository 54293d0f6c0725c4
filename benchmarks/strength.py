"""Head-to-head strength of the bots: random, greedy and search, two at a time.

Every pairing plays the same seeded matches (match ``i`` is dealt from seed ``i``); the
bots swap seats every other match, so neither gets the first seat more often. A match
win counts 1, a shared win 1/2; the table gives the second bot's match score with a 95%
confidence interval (normal approximation) and both bots' mean totals (lower is better).

Full matches with a search player are slow, so by default a match is cut to its first
round (``--rounds 1``); see docs/bots.md for the settings of the published table::

    python benchmarks/strength.py --matches 2000 --jobs 2
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Literal

import attrs

from chickenfoot import Rules, find_preset
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, SearchPlayer, play_match

RESULTS = Path(__file__).parent / "results" / "strength.md"


@attrs.frozen
class Game:
    """One match to play: the bots in pairing order, and whether they swap seats."""

    rules: Rules
    first: Player
    second: Player
    seed: int


@attrs.frozen
class Result:
    """A match from the pairing's point of view: the second bot's score and both totals."""

    score: float
    first_total: int
    second_total: int


def play(game: Game) -> Result:
    """Play one match, the bots swapped on odd seeds, and report it in pairing order."""
    swap = game.seed % 2 == 1
    seats = [game.second, game.first] if swap else [game.first, game.second]
    match = play_match(game.rules, seats, seed=game.seed)
    first_seat, second_seat = (1, 0) if swap else (0, 1)
    winners = match.winners
    if winners == (second_seat,):
        score = 1.0
    elif winners == (first_seat,):
        score = 0.0
    else:
        score = 0.5
    totals = match.totals
    return Result(score, totals[first_seat], totals[second_seat])


@attrs.frozen
class Row:
    """The summary of one pairing."""

    first: str
    second: str
    results: tuple[Result, ...]
    seconds: float

    @property
    def matches(self) -> int:
        return len(self.results)

    def count(self, score: float) -> int:
        return sum(1 for r in self.results if r.score == score)

    @property
    def rate(self) -> tuple[float, float]:
        """The second bot's mean match score and the half-width of its 95% interval."""
        n = self.matches
        mean = sum(r.score for r in self.results) / n
        var = sum((r.score - mean) ** 2 for r in self.results) / max(1, n - 1)
        return mean, 1.96 * math.sqrt(var / n)

    def mean_totals(self) -> tuple[float, float]:
        n = self.matches
        first = sum(r.first_total for r in self.results) / n
        second = sum(r.second_total for r in self.results) / n
        return first, second


def run_pairing(
    rules: Rules, first: Player, second: Player, matches: int, pool: ProcessPoolExecutor
) -> Row:
    """Play ``matches`` seeded matches of ``first`` against ``second`` in ``pool``."""
    start = time.perf_counter()
    games = [Game(rules, first, second, seed) for seed in range(matches)]
    results = []
    step = max(1, matches // 10)
    for i, result in enumerate(pool.map(play, games, chunksize=8), 1):
        results.append(result)
        if i % step == 0 or i == matches:
            elapsed = time.perf_counter() - start
            print(
                f"  {first.name} vs {second.name}: {i}/{matches} matches, {elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    return Row(first.name, second.name, tuple(results), time.perf_counter() - start)


def table(rows: Sequence[Row]) -> str:
    """The results as a Markdown table."""
    lines = [
        (
            "| first | second | matches | first won | shared | second won "
            "| second's match score (95% CI) | mean totals (first / second) | wall s per match |"
        ),
        "|---|---|---:|---:|---:|---:|---|---|---:|",
    ]
    for row in rows:
        mean, half = row.rate
        first, second = row.mean_totals()
        lines.append(
            f"| {row.first} | {row.second} | {row.matches} | {row.count(0.0)} "
            f"| {row.count(0.5)} | {row.count(1.0)} "
            f"| {mean:.1%} ({mean - half:.1%} to {mean + half:.1%}) "
            f"| {first:.2f} / {second:.2f} | {row.seconds / row.matches:.3f} |"
        )
    return "\n".join(lines)


def parse_rounds(text: str) -> int | Literal["full", "half"]:
    """A ``rounds`` knob from the command line: a count, ``"half"`` or ``"full"`` (R19)."""
    if text == "full":
        return "full"
    if text == "half":
        return "half"
    return int(text)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=2000, help="matches per pairing")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--preset", default="chickie-duel", help="a 2-player preset")
    parser.add_argument(
        "--rounds", default="1", help="rounds per match: a count, 'half' or 'full' (R19)"
    )
    default = SearchPlayer()
    parser.add_argument(
        "--samples", type=int, default=default.samples, help="search: samples per decision"
    )
    parser.add_argument(
        "--playouts", type=int, default=default.playouts, help="search: playouts per decision"
    )
    parser.add_argument(
        "--rollout", choices=("random", "greedy"), default="greedy", help="search: playout policy"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the table")
    args = parser.parse_args(argv)

    rounds = parse_rounds(args.rounds)
    rules = attrs.evolve(find_preset(args.preset), rounds=rounds)
    rules.round_count(2)  # a 2-player variant, with that many rounds
    search = SearchPlayer(samples=args.samples, playouts=args.playouts, rollout=args.rollout)
    random_bot, greedy = RandomPlayer(), GreedyPlayer()
    pairings: list[tuple[Player, Player]] = [
        (random_bot, greedy),
        (greedy, search),
        (random_bot, search),
    ]
    command = shlex.join(["python", "benchmarks/strength.py", *sys.argv[1:]])
    started = datetime.datetime.now(datetime.timezone.utc)
    clock = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = [run_pairing(rules, a, b, args.matches, pool) for a, b in pairings]
    elapsed = time.perf_counter() - clock

    settings = [
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}; {args.jobs} worker processes"
        ),
        f"- command: `{command}`",
        (
            f"- variant: {args.preset}, 2 players, {rules.round_count(2)} round(s) per match "
            f"(`attrs.evolve(PRESETS[{args.preset!r}], rounds={rounds!r})`)"
        ),
        f"- bots: `{random_bot!r}`, `{greedy!r}`, `{search!r}`",
        (
            f"- {args.matches} matches per pairing, seeds 0 to {args.matches - 1}, "
            "seats swapped on odd seeds; a shared win counts 1/2"
        ),
        f"- elapsed: {elapsed / 60:.1f} min",
    ]
    report = "\n".join(["# Bot strength", "", *settings, "", table(rows), ""])
    print(report)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
