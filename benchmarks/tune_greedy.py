"""GreedyPlayer's weights: each one halved, doubled and set to 0, against the defaults.

Every variant changes one weight of :class:`~chickenfoot.bots.GreedyPlayer` and plays
one-round games of ``chickie-duel`` (two players) against the default bot: deal ``i`` is
``Round.deal(rules, 2, seed=i)``, played twice with the seats swapped; the lower penalty
total wins the game, equal totals count half. The table gives each variant's score with a
95% interval (normal approximation): a variant that scores above half with its whole
interval above half would be a better default. ``dead_foot`` is also tried at 20. It writes
``benchmarks/results/tune_greedy.md``, which docs/bots.md includes::

    python benchmarks/tune_greedy.py --deals 500
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import attrs
from tune_treesearch import score

from chickenfoot.bots import GreedyPlayer

RESULTS = Path(__file__).parent / "results" / "tune_greedy.md"

#: The weights varied, and the extra values tried besides half, double and 0.
WEIGHTS: dict[str, tuple[float, ...]] = {
    "pips": (),
    "double": (),
    "follow": (),
    "flexible": (),
    "dead_foot": (20.0,),
}


def variants(default: GreedyPlayer) -> list[tuple[str, float, GreedyPlayer]]:
    """Every variant: the weight, its value, and the bot with that one weight changed."""
    out = []
    for weight, extra in WEIGHTS.items():
        base: float = getattr(default, weight)
        for value in sorted({0.0, base / 2, base * 2, *extra}):
            changes: dict[str, Any] = {weight: value}
            out.append((weight, value, attrs.evolve(default, **changes)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="deals per variant (2 games each)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the table")
    args = parser.parse_args(argv)
    default = GreedyPlayer()
    started = datetime.datetime.now(datetime.timezone.utc)
    clock = time.process_time()
    rows = []
    for weight, value, bot in variants(default):
        mean, half = score(bot, default, range(args.deals))
        rows.append(
            f"| `{weight}` | {getattr(default, weight):g} | {value:g} "
            f"| {mean:.1%} ({mean - half:.1%} to {mean + half:.1%}) |"
        )
        print(rows[-1], file=sys.stderr, flush=True)
    cpu = time.process_time() - clock
    command = shlex.join(["python", "benchmarks/tune_greedy.py", *sys.argv[1:]])
    lines = [
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, one process"
        ),
        f"- command: `{command}`",
        (
            f"- games: one round of `chickie-duel`, deals 0 to {args.deals - 1}, each played "
            f"twice with the seats swapped ({2 * args.deals} games per variant), against "
            f"`{default!r}`"
        ),
        "",
        "| weight | default | variant's value | variant's score (95% CI) |",
        "|---|---:|---:|---|",
        *rows,
        "",
        f"The run took {cpu / 60:.1f} CPU minutes.",
        "",
    ]
    text = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
