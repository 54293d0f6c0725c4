"""How long :func:`chickenfoot.analysis.analyse_game` takes on one ``chickie-duel`` round
for one seat, at its default settings, in the pure Python build.

Rounds are dealt from seeds ``0, 1, ...`` and played to their end by two greedy bots
(:class:`~chickenfoot.bots.GreedyPlayer`, seeded by the deal's seed). Each round is
analysed once for seat 0 and once for seat 1 at the defaults (12 samples a move, the
solver's limit of 100,000 positions a sample and 200,000 for the hindsight), and the CPU
time (``time.process_time``) of each analysis is recorded with its judged moves and how
many of their samples the solver solved. The figures are written to
``benchmarks/results/review.md``, which docs/analysis.md includes::

    python benchmarks/review.py --games 10
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
sys.path.insert(0, str(ROOT / "src"))


def measure(games: int) -> list[dict[str, float]]:
    """One row per analysis: the seed, the seat, its judged moves, the samples solved
    and the CPU seconds."""
    import chickenfoot
    from chickenfoot import PRESETS, Round
    from chickenfoot.analysis import analyse_game
    from chickenfoot.bots import GreedyPlayer, play_round

    if chickenfoot.COMPILED or not Path(chickenfoot.__file__).is_relative_to(ROOT / "src"):
        raise SystemExit(f"not the pure build of this checkout: {chickenfoot.__file__}")
    rows = []
    for seed in range(games):
        rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=seed)
        rnd = play_round(rnd, [GreedyPlayer(), GreedyPlayer()], random.Random(seed))
        for seat in (0, 1):
            start = time.process_time()
            analysis = analyse_game(rnd, seats=[seat])
            seconds = time.process_time() - start
            samples = sum(m.position.samples for m in analysis.moves)
            solved = sum(m.position.exact for m in analysis.moves)
            row: dict[str, float] = {"seed": seed, "seat": seat, "moves": len(analysis.moves)}
            row.update({"samples": samples, "solved": solved, "seconds": seconds})
            print(row, flush=True)
            rows.append(row)
    return rows


def p90(values: list[float]) -> float:
    """The 90th percentile of ``values`` (at least two of them), by linear interpolation."""
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="seeds 0 to GAMES - 1")
    parser.add_argument("--out", type=Path, default=RESULTS / "review.md")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    now = datetime.datetime.now(datetime.timezone.utc)
    rows = measure(args.games)
    seconds = [row["seconds"] for row in rows]
    moves = [row["moves"] for row in rows]
    per_move = [row["seconds"] / row["moves"] for row in rows if row["moves"]]
    solved = sum(row["solved"] for row in rows) / max(1, sum(row["samples"] for row in rows))
    lines = [
        f"- date: {now:%Y-%m-%d %H:%M} UTC",
        f"- machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()}, "
        f"Python {platform.python_version()}, one process, the pure build"
        + (f", load average {load:.1f} at the start" if load is not None else ""),
        f"- command: `python benchmarks/review.py --games {args.games}`",
        (
            f"- games: `chickie-duel` rounds, 2 players, seeds 0 to {args.games - 1}, played "
            "by two greedy bots; each analysed for seat 0 and for seat 1 at the defaults "
            "(12 samples a move); CPU seconds"
        ),
        "",
        (
            "| analyses | median s | p90 s | max s | median judged moves | median s per judged move "
            "| samples solved |"
        ),
        "|---:|---:|---:|---:|---:|---:|---:|",
        (
            f"| {len(rows)} | {statistics.median(seconds):.1f} | {p90(seconds):.1f} | "
            f"{max(seconds):.1f} | "
            f"{statistics.median(moves):.0f} | {statistics.median(per_move):.2f} | "
            f"{100 * solved:.0f}% |"
        ),
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
