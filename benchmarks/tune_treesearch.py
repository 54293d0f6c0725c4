"""Tune TreeSearchPlayer honestly: choose its settings on one set of seeds, measure on another.

Every candidate setting plays one-round games of ``chickie-duel`` (two players) against a
fixed opponent on the *tuning* seeds, each deal twice with the seats swapped; the best
candidate and the default are then measured on *held-out* seeds that played no part in
the choice. A game counts 1 for the lower penalty total, 1/2 for equal totals. It writes
``benchmarks/results/tune_treesearch.md`` with the date, the machine and the command::

    python benchmarks/tune_treesearch.py --games 60 --held-out 200
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import math
import os
import platform
import random
import shlex
import sys
import time
from pathlib import Path

import attrs

from chickenfoot import Round, find_preset
from chickenfoot.bots import GreedyPlayer, Player, TreeSearchPlayer, play_round

#: Held-out seeds start here; tuning seeds start at 0.
HELD_OUT: int = 1_000_000

RESULTS = Path(__file__).parent / "results" / "tune_treesearch.md"


def score(bot: Player, other: Player, seeds: range) -> tuple[float, float]:
    """``bot``'s mean score over two games per seed (seats swapped) and its 95% half-width."""
    rules = attrs.evolve(find_preset("chickie-duel"), rounds=1)
    results: list[float] = []
    for seed in seeds:
        for swap in (False, True):
            players = [other, bot] if swap else [bot, other]
            done = play_round(Round.deal(rules, 2, seed=seed), players, random.Random(seed))
            assert done.outcome is not None
            mine, theirs = done.outcome.scores[::-1] if swap else done.outcome.scores
            results.append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    mean = sum(results) / len(results)
    var = sum((r - mean) ** 2 for r in results) / max(1, len(results) - 1)
    return mean, 1.96 * math.sqrt(var / len(results))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="tuning deals per candidate")
    parser.add_argument("--held-out", type=int, default=200, help="held-out deals")
    parser.add_argument("--playouts", type=int, default=200, help="the budget while tuning")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the table")
    args = parser.parse_args(argv)
    started = datetime.datetime.now(datetime.timezone.utc)
    table = [
        "| seeds | setting | games | score (95% CI) |",
        "|---|---|---:|---|",
    ]
    opponent = GreedyPlayer()
    tuning = range(args.games)
    held_out = range(HELD_OUT, HELD_OUT + args.held_out)
    grid = list(itertools.product((0.3, 0.7, 1.5), (0.0, 0.1)))
    rows = []
    for exploration, epsilon in grid:
        bot = TreeSearchPlayer(playouts=args.playouts, exploration=exploration, epsilon=epsilon)
        start = time.process_time()
        mean, half = score(bot, opponent, tuning)
        cpu = time.process_time() - start
        rows.append((mean, exploration, epsilon))
        table.append(
            f"| tuning | exploration={exploration}, epsilon={epsilon} | {2 * len(tuning)} "
            f"| {mean:.1%} ({mean - half:.1%} to {mean + half:.1%}) |"
        )
        print(
            f"tuning  exploration={exploration} epsilon={epsilon}: {mean:.1%} +- {half:.1%} "
            f"({2 * len(tuning)} games, {cpu:.0f} s CPU)",
            flush=True,
        )
    best = max(rows)
    default = TreeSearchPlayer(playouts=args.playouts)
    chosen = attrs.evolve(default, exploration=best[1], epsilon=best[2])
    for label, bot in (("chosen", chosen), ("default", default)):
        mean, half = score(bot, opponent, held_out)
        table.append(
            f"| held-out | {label}: exploration={bot.exploration}, epsilon={bot.epsilon} "
            f"| {2 * len(held_out)} | {mean:.1%} ({mean - half:.1%} to {mean + half:.1%}) |"
        )
        print(
            f"held-out {label} exploration={bot.exploration} epsilon={bot.epsilon}: "
            f"{mean:.1%} +- {half:.1%} ({2 * len(held_out)} games)",
            flush=True,
        )
        if chosen == default:
            break
    command = shlex.join(["python", "benchmarks/tune_treesearch.py", *sys.argv[1:]])
    lines = [
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, one process"
        ),
        f"- command: `{command}`",
        (
            f"- games: one round of `chickie-duel` against `GreedyPlayer()`, {args.playouts} "
            "playouts a decision, each deal twice with the seats swapped; tuning deals from "
            f"0, held-out deals from {HELD_OUT}"
        ),
        "",
        *table,
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
