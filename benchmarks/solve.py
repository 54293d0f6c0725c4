"""How long :func:`chickenfoot.analysis.solve` takes on two-seat ``chickie-duel`` deals.

Deals are dealt from seeds ``0, 1, ...``; each is played by seeded random legal moves
through its opening, until the round double and its four places (the cross, R7) and the
first foot with its three toes (R8, R9) are on the table, then through its forced moves
to its first decision, the first position whose seat to move can choose between moves
that lead to different games. That position is solved to the end, every legal move's
value with it, and the CPU time (``time.process_time``) and the positions visited are
recorded. A deal whose round ends before such a decision is left out.

Every build runs in a worker process of its own: the pure build is this interpreter with
the checkout's ``src`` on its ``PYTHONPATH``; ``--compiled PYTHON`` adds the
interpreter of an environment where the mypyc-compiled wheel of this checkout is
installed (``nox -s bench`` builds one). Both builds visit the same positions in the same
order, so their node counts must agree, which is checked. The figures are written to
``benchmarks/results/solve.md``, which docs/analysis.md includes::

    python benchmarks/solve.py --deals 50
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
#: Tiles on the table once the opening is over: the round double, its four places (R7)
#: and the first foot with its three toes (R8, R9).
OPENING = 1 + 4 + 1 + 3


def first_decision(seed: int) -> Any:
    """The round dealt from ``seed`` at its first decision after the opening, or ``None``
    when it ends before one."""
    from chickenfoot import PRESETS, Round
    from chickenfoot.state import state_of

    rng = random.Random(seed)
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=seed)
    while not rnd.is_over and len(rnd.layout) < OPENING:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    while not rnd.is_over:
        state = state_of(rnd)
        if len({state.info_key(move) for move in rnd.legal_moves()}) > 1:
            return rnd
        rnd = rnd.apply(rnd.legal_moves()[0])
    return None


def worker(deals: int) -> int:
    """Solve the deals, printing one JSON line for each: seed, ply, nodes, seconds."""
    import chickenfoot
    from chickenfoot.analysis import solve

    print(json.dumps({"compiled": chickenfoot.COMPILED, "file": chickenfoot.__file__}))
    for seed in range(deals):
        rnd = first_decision(seed)
        if rnd is None:
            continue
        start = time.process_time()
        solution = solve(rnd)
        seconds = time.process_time() - start
        assert solution.complete
        row = {"seed": seed, "ply": rnd.ply, "nodes": solution.nodes, "seconds": seconds}
        row["value"] = solution.value
        print(json.dumps(row), flush=True)
    return 0


def run_build(python: str | None, deals: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The worker's header and rows, run by ``python`` (an installed build, isolated) or
    by this interpreter on the checkout's sources."""
    script = str(Path(__file__).resolve())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if python is None:
        command = [sys.executable, script, "--worker", "--deals", str(deals)]
        env["PYTHONPATH"] = str(ROOT / "src")
    else:
        command = [python, "-I", script, "--worker", "--deals", str(deals)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    header, rows = lines[0], lines[1:]
    if python is None and not Path(header["file"]).is_relative_to(ROOT / "src"):
        raise SystemExit(f"the pure build imported {header['file']}, not this checkout")
    return header, rows


def p90(values: list[float]) -> float:
    """The 90th percentile of ``values`` (at least two of them), by linear interpolation."""
    return statistics.quantiles(values, n=10, method="inclusive")[-1]


def table_row(name: str, rows: list[dict[str, Any]]) -> str:
    seconds = [row["seconds"] for row in rows]
    nodes = [float(row["nodes"]) for row in rows]
    rate = sum(nodes) / sum(seconds)
    return (
        f"| {name} | {len(rows)} | {statistics.median(seconds):.2f} | {p90(seconds):.2f} | "
        f"{max(seconds):.2f} | {statistics.median(nodes):,.0f} | {p90(nodes):,.0f} | "
        f"{max(nodes):,.0f} | {rate:,.0f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="seeds 0 to DEALS - 1")
    parser.add_argument("--compiled", metavar="PYTHON", help="a compiled build's interpreter")
    parser.add_argument("--out", type=Path, default=RESULTS / "solve.md")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.deals)
    shown = ["python benchmarks/solve.py", "--deals", str(args.deals)]
    if args.compiled:
        shown += ["--compiled", args.compiled]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    now = datetime.datetime.now(datetime.timezone.utc)
    builds = [("pure", None)] + ([("compiled", args.compiled)] if args.compiled else [])
    measured: list[tuple[str, list[dict[str, Any]]]] = []
    for name, python in builds:
        header, rows = run_build(python, args.deals)
        if header["compiled"] != (name == "compiled"):
            raise SystemExit(f"the {name} build reports compiled={header['compiled']}")
        measured.append((name, rows))
    if len(measured) == 2:
        pure, compiled = (
            [(r["seed"], r["nodes"], r["value"]) for r in rows] for _, rows in measured
        )
        if pure != compiled:
            raise SystemExit("the pure and compiled builds solved the deals differently")
    rows = measured[0][1]
    lines = [
        f"- date: {now:%Y-%m-%d %H:%M} UTC",
        f"- machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()}, "
        f"Python {platform.python_version()}, one process a build"
        + (f", load average {load:.1f} at the start" if load is not None else ""),
        f"- command: `{' '.join(shown)}`",
        (
            f"- deals: `chickie-duel`, 2 players, seeds 0 to {args.deals - 1}, the opening "
            f"(R6-R9) played at random, solved from the first decision after it (ply "
            f"{min(r['ply'] for r in rows)} to {max(r['ply'] for r in rows)}), every legal "
            f"move's value with it; {args.deals - len(rows)} deals ended before a decision"
        ),
        "",
        (
            "| build | deals | median s | p90 s | max s | median nodes | p90 nodes "
            "| max nodes | nodes per CPU s |"
        ),
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *(table_row(name, rows) for name, rows in measured),
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
