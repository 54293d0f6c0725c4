"""Where the bots spend their time: searches, samples and decisions, pure and compiled.

Three measurements, each on the pure build and on the mypyc-compiled one, side by side in
one run:

1. **Playouts per second inside a search.** ``level(5)`` (a :class:`TreeSearchPlayer`
   of 400 playouts) and ``SearchPlayer()`` (the flat search, 300 playouts) analyse
   decision points of ``classic`` with 4 seats and ``chickie-duel`` with 2; the playouts
   each :meth:`analyse` reports, over the time it took. After each tree decision the same
   number of samples of its view is timed again, which says how much of the decision
   its samples take.
2. **Samples per second** of :meth:`RoundView.sample_state`: the first sample of a view
   (which counts the deals it allows) and repeated samples (which reuse the counts), at
   4 and 8 seats of ``classic``.
3. **Each level's decision time**, median and 99th percentile, at 2, 4, 8 and 20 seats of
   ``classic``, every decision stopped after ``--cap`` seconds.

Decision points come from seeded rounds played to the end by ``GreedyPlayer()`` at every
seat: the views of the seat to move with more than one legal move, ``--points`` of them
spread over each round, from rounds dealt with seeds of their own for every measurement
and level (a view is sampled with fresh counts in every decision, as in a game). Each
build runs in a worker process of its own (the workers of ``benchmarks/playouts.py``),
one request at a time, in turns, in the opposite order every other trial; both get the
same decision points. Times are CPU time of the worker (``time.process_time``); the wall
time is measured beside it and kept in the JSON file.

Run ``nox -s bench_search`` (which builds the compiled wheel and its environment) or::

    python benchmarks/search.py --compiled PYTHON

The figures go to ``benchmarks/results/search.md`` (and ``search.json``), which
docs/performance.md includes, and ``benchmarks/results/decisions.md``, which docs/bots.md
includes.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import signal
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import attrs

# The worker processes of playouts.py, shared with it. A worker runs isolated (-I), which
# leaves this script's folder off sys.path, so it is put there by hand.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import playouts

import chickenfoot
from chickenfoot import Round, RoundView, find_preset
from chickenfoot.bots import GreedyPlayer, SearchPlayer, TreeSearchPlayer, level

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"

#: The searches of the playouts table: their names, and how to make them.
SEARCHES = {"tree, level(5)": "tree", "flat, SearchPlayer()": "flat"}

#: The tables of the playouts table: preset and seats.
SEARCH_TABLES = (("classic", 4), ("chickie-duel", 2))

#: The seats of ``classic`` whose samples are timed.
SAMPLE_SEATS = (4, 8)

#: The seats of ``classic`` of the decision times.
DECISION_SEATS = (2, 4, 8, 20)

#: The first seed of each measurement's rounds (a trial's and a level's come after it).
SEEDS = {"search": 100_000, "sample": 200_000, "decide": 300_000}


# -- decision points ------------------------------------------------------------------------


def decision_points(preset: str, seats: int, seed: int, points: int) -> list[RoundView]:
    """``points`` views, spread over the round dealt from ``seed`` and played to the end by
    ``GreedyPlayer()`` at every seat: views of the seat to move with more than one legal
    move (fewer if the round has fewer)."""
    rules = attrs.evolve(find_preset(preset), rounds=1)
    rnd = Round.deal(rules, seats, seed=seed)
    rng = random.Random(seed)
    bot = GreedyPlayer()
    choices = []
    while rnd.to_move is not None:
        view = rnd.view(rnd.to_move)
        if len(view.legal_moves()) > 1:
            choices.append(view)
        rnd = rnd.apply(bot.choose(view, rng))
    return [choices[i] for i in spread(len(choices), points)]


def spread(count: int, points: int) -> list[int]:
    """``points`` indices spread evenly over ``range(count)`` (each the middle of its
    share), or all of them where there are no more than ``points``."""
    if count <= points:
        return list(range(count))
    return [int((j + 0.5) * count / points) for j in range(points)]


def seeds(measurement: str, trial: int, offset: int, count: int) -> list[int]:
    """The seeds of ``count`` rounds of one trial of a measurement; ``offset`` keeps apart
    the rounds of its variants (a level, a table)."""
    first = SEEDS[measurement] + 10_000 * offset + 100 * trial
    return list(range(first, first + count))


# -- the worker's side ----------------------------------------------------------------------


class StoppedAtCapError(Exception):
    """A decision ran past the cap."""


@contextmanager
def capped(seconds: float) -> Iterator[None]:
    """Raise :exc:`StoppedAtCapError` in the block once ``seconds`` of wall time have passed."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise StoppedAtCapError

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def search_op(request: dict[str, Any]) -> list[dict[str, float]]:
    """The playouts, CPU and wall seconds of each decision of a search, and for the tree
    search the CPU seconds of as many samples of the view again."""
    tree = level(5)
    assert isinstance(tree, TreeSearchPlayer)
    bot = tree if request["search"] == "tree" else SearchPlayer()
    out = []
    for seed in request["seeds"]:
        for view in decision_points(request["preset"], request["seats"], seed, request["points"]):
            rng = random.Random(seed)
            cpu, wall = time.process_time(), time.perf_counter()
            analysis = bot.analyse(view, rng)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            row = {"playouts": analysis.playouts, "cpu": cpu, "wall": wall}
            if request["search"] == "tree" and analysis.playouts:
                again = time.process_time()
                for _ in range(analysis.playouts):
                    view.sample_state(rng)
                row["samples_cpu"] = time.process_time() - again
            out.append(row)
    return out


def sample_op(request: dict[str, Any]) -> dict[str, list[float]]:
    """CPU seconds of the first sample of each view, and of each repeated sample."""
    first: list[float] = []
    repeated: list[float] = []
    for seed in request["seeds"]:
        for view in decision_points("classic", request["seats"], seed, request["points"]):
            rng = random.Random(seed)
            start = time.process_time()
            sample = view.sample_state(rng)
            first.append(time.process_time() - start)
            if sample.view(view.seat) != view:
                raise AssertionError(f"a sample of {view!r} does not give the view back")
            for _ in range(request["repeats"]):
                start = time.process_time()
                view.sample_state(rng)
                repeated.append(time.process_time() - start)
    return {"first": first, "repeated": repeated}


def decide_op(request: dict[str, Any]) -> list[list[float] | None]:
    """CPU and wall seconds of each decision of a level, ``None`` where it was stopped at
    the cap."""
    bot = level(request["level"])
    out: list[list[float] | None] = []
    for seed in request["seeds"]:
        for view in decision_points("classic", request["seats"], seed, request["points"]):
            cpu, wall = time.process_time(), time.perf_counter()
            try:
                with capped(request["cap"]):
                    bot.choose(view, random.Random(seed))
            except StoppedAtCapError:
                out.append(None)
                continue
            out.append([time.process_time() - cpu, time.perf_counter() - wall])
    return out


def run_op(request: dict[str, Any]) -> Any:
    """One request of the benchmark, in a build's worker process."""
    op = request["op"]
    if op == "info":
        return {"compiled": chickenfoot.COMPILED, "version": chickenfoot.__version__,
                "python": sys.version.split()[0], "file": chickenfoot.__file__}  # fmt: skip
    if op == "search":
        return search_op(request)
    if op == "sample":
        return sample_op(request)
    if op == "decide":
        return decide_op(request)
    raise ValueError(f"unknown request {op!r}")


def worker() -> int:
    """Serve requests: one JSON object a line on stdin, each answered by a JSON line."""
    # Warm up (imports, the presets' books) outside every timing.
    view = decision_points("classic", 4, 1, 1)[0]
    level(3).choose(view, random.Random(1))
    for line in sys.stdin:
        print(json.dumps(run_op(json.loads(line))), flush=True)
    return 0


# -- statistics and tables ------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` by nearest rank: of fewer than 100 values, the
    99th percentile is the largest."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def ms(seconds: float) -> str:
    """Seconds as milliseconds with about three significant figures, ``inf`` as such."""
    value = seconds * 1000
    if value == float("inf"):
        return "inf"
    if value < 1:
        return f"{value:.3f}"
    if value < 10:
        return f"{value:.2f}"
    if value < 100:
        return f"{value:.1f}"
    return f"{value:,.0f}"


def rate(value: float) -> str:
    """A rate per second, to three significant figures at least (``1,234`` or ``12.3``)."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


def span(values: Sequence[float], shown: Any = rate) -> str:
    """The range of ``values``: ``LOW to HIGH``."""
    return f"{shown(min(values))} to {shown(max(values))}"


def per_second(count: float, seconds: float) -> float:
    """``count`` over ``seconds``; 0 where no time was measured."""
    return count / seconds if seconds > 0 else 0.0


def search_figures(trials: list[list[dict[str, float]]]) -> dict[str, Any]:
    """A search's figures on one build, from its decisions trial by trial: playouts per
    CPU and wall second (the median over the trials, and every trial's), and the share of
    a tree decision's CPU time that as many samples of its view take."""
    cpu = [per_second(sum(d["playouts"] for d in t), sum(d["cpu"] for d in t)) for t in trials]
    wall = [per_second(sum(d["playouts"] for d in t), sum(d["wall"] for d in t)) for t in trials]
    out: dict[str, Any] = {
        "decisions": sum(1 for t in trials for d in t if d["playouts"]),
        "playouts": sum(d["playouts"] for t in trials for d in t),
        "per_cpu_s": statistics.median(cpu),
        "per_cpu_s_trials": cpu,
        "per_wall_s": statistics.median(wall),
        "per_wall_s_trials": wall,
    }
    shares = [
        sum(d.get("samples_cpu", 0.0) for d in t) / sum(d["cpu"] for d in t)
        for t in trials
        if any("samples_cpu" in d for d in t)
    ]
    if shares:
        out["sampling_share"] = statistics.median(shares)
        out["sampling_share_trials"] = shares
    return out


def sample_figures(trials: list[dict[str, list[float]]]) -> dict[str, Any]:
    """Samples per CPU second, first and repeated, on one build: the median over the
    trials, every trial's, and the median and 99th percentile of the single samples."""
    out: dict[str, Any] = {}
    for kind in ("first", "repeated"):
        rates = [per_second(len(t[kind]), sum(t[kind])) for t in trials]
        every = [s for t in trials for s in t[kind]]
        out[kind] = {
            "count": len(every),
            "per_s": statistics.median(rates),
            "per_s_trials": rates,
            "median_s": statistics.median(every),
            "p99_s": percentile(every, 0.99),
        }
    return out


def decision_figures(trials: list[list[list[float] | None]]) -> dict[str, Any]:
    """A level's decision times on one build: the CPU seconds of every decision (infinity
    for those stopped at the cap), their median and 99th percentile, every trial's
    median, and the wall seconds."""
    cpu = [d[0] if d is not None else float("inf") for t in trials for d in t]
    return {
        "cpu_s": cpu,
        "wall_s": [d[1] if d is not None else float("inf") for t in trials for d in t],
        "median_s": statistics.median(cpu),
        "p99_s": percentile(cpu, 0.99),
        "median_s_trials": [
            statistics.median(d[0] if d is not None else float("inf") for d in t)
            for t in trials
            if t
        ],
        "stopped": sum(d is None for t in trials for d in t),
    }


def speedup(pure: Sequence[float], compiled: Sequence[float]) -> float:
    """The median over paired decisions of the pure build's time over the compiled one's
    (above 1, the compiled build is faster); pairs with a time stopped at the cap, or
    under the clock's resolution, are left out (1.0 where none is left)."""
    ratios = [
        p / c
        for p, c in zip(pure, compiled, strict=True)
        if 0 < p < float("inf") and 0 < c < float("inf")
    ]
    return statistics.median(ratios) if ratios else 1.0


def header(report: dict[str, Any], what: str) -> list[str]:
    """The lines at the top of a results file: date, machine, command, commit, run."""
    load = report["load_average"]
    loaded = "" if load is None else f"; load average {load:.1f} when the run began"
    return [
        f"- date: {report['date']}",
        f"- machine: {report['machine']}, CPython {report['python']}{loaded}",
        f"- command: `{report['command']}`",
        f"- commit: `{report['commit']}`",
        (
            f"- chickenfoot {report['chickenfoot']}, {' and '.join(report['builds'])} builds, "
            f"each in a worker process of its own, asked in turns; {report['trials']} trials; "
            f"{what}; the whole run took {report['minutes']:.1f} minutes of wall time"
        ),
        "",
    ]


def search_markdown(report: dict[str, Any]) -> str:
    """``search.md``: playouts per second inside the searches, samples per second."""
    builds = report["builds"]
    s = report["settings"]
    lines = header(
        report,
        f"decision points: {s['search_rounds']} rounds per table and trial, {s['points']} "
        "views of each (the seat to move, more than one legal move), rounds played by "
        "`GreedyPlayer()`",
    )
    lines += [
        (
            "Playouts per second inside one decision of a search (the playouts "
            "`analyse()` reports, over the time it took; the median over the trials, and "
            "the range of the trials):"
        ),
        "",
        (
            "| search | table | build | decisions | playouts per CPU s | range over trials "
            "| playouts per wall s |"
        ),
        "|---|---|---|---:|---:|---:|---:|",
    ]
    for key, by_build in report["search"].items():
        search, table = key.split(" | ")
        for build in builds:
            f = by_build[build]
            lines.append(
                f"| {search} | {table} | {build} | {f['decisions']} | {rate(f['per_cpu_s'])} "
                f"| {span(f['per_cpu_s_trials'])} | {rate(f['per_wall_s'])} |"
            )
    if len(builds) == 2:
        lines += [
            "",
            "The compiled build against the pure one, playouts per CPU second, trial by trial:",
            "",
            "| search | table | compiled / pure | range over trials |",
            "|---|---|---:|---:|",
        ]
        for key, by_build in report["search"].items():
            search, table = key.split(" | ")
            ratios = [
                c / p
                for c, p in zip(
                    by_build["compiled"]["per_cpu_s_trials"],
                    by_build["pure"]["per_cpu_s_trials"],
                    strict=True,
                )
            ]
            lines.append(
                f"| {search} | {table} | {statistics.median(ratios):.2f}\N{MULTIPLICATION SIGN} "
                f"| {span(ratios, lambda r: f'{r:.2f}')} |"
            )
    shares = [
        (key, build, by_build[build])
        for key, by_build in report["search"].items()
        for build in builds
        if "sampling_share" in by_build[build]
    ]
    if shares:
        lines += [
            "",
            (
                "Where a tree decision's time goes: the share of its CPU time that as many "
                "samples of its view as it ran playouts take when timed again afterwards "
                "(repeated samples, the view's deals already counted; the rest is the "
                "playouts and the tree):"
            ),
            "",
            "| search | table | build | samples' share of the decision | range over trials |",
            "|---|---|---|---:|---:|",
        ]
        for key, build, f in shares:
            search, table = key.split(" | ")
            lines.append(
                f"| {search} | {table} | {build} | {100 * f['sampling_share']:.0f}% "
                f"| {span(f['sampling_share_trials'], lambda r: f'{100 * r:.0f}%')} |"
            )
    lines += [
        "",
        (
            f"Samples per second of `RoundView.sample_state` on views of `classic` "
            f"({s['sample_rounds']} rounds per table and trial, {s['points']} views of each): "
            f"the first sample of each view, which counts its deals, then {s['repeats']} "
            "repeated samples, which reuse the counts; samples per CPU second (the median "
            "over the trials, and their range) and the single samples' median and 99th "
            "percentile:"
        ),
        "",
        (
            "| seats | samples | build | count | samples per CPU s | range over trials "
            "| median ms | p99 ms |"
        ),
        "|---:|---|---|---:|---:|---:|---:|---:|",
    ]
    for seats, by_build in report["sampling"].items():
        for kind in ("first", "repeated"):
            for build in builds:
                f = by_build[build][kind]
                lines.append(
                    f"| {seats} | {kind} | {build} | {f['count']} | {rate(f['per_s'])} "
                    f"| {span(f['per_s_trials'])} | {ms(f['median_s'])} | {ms(f['p99_s'])} |"
                )
    lines.append("")
    return "\n".join(lines)


def decisions_markdown(report: dict[str, Any]) -> str:
    """``decisions.md``: every level's decision time by table size."""
    builds = report["builds"]
    s = report["settings"]
    lines = header(
        report,
        f"decision points of `classic`: {s['decide_rounds']} rounds per level, table and "
        f"trial, {s['points']} views of each (the seat to move, more than one legal move), "
        f"rounds played by `GreedyPlayer()`; every decision stopped after {s['cap']:g} s "
        "of wall time",
    )
    both = len(builds) == 2
    head = "| level | seats | decisions |"
    rule = "|---|---:|---:|"
    for build in builds:
        head += f" {build}: median ms | {build}: p99 ms | {build}: range of trial medians |"
        rule += "---:|---:|---:|"
    if both:
        head += " compiled speed-up |"
        rule += "---:|"
    head += " stopped at the cap |"
    rule += "---:|"
    lines += [
        (
            "CPU time of one decision of each level (`chickenfoot.bots.level(n)`): the "
            "median and the 99th percentile (nearest rank: of fewer than 100 decisions, "
            "the slowest) over every decision, and the range of the trials' medians"
            + (
                "; the compiled speed-up is the median, over the decisions, of the pure "
                "build's time over the compiled build's on the same view (above 1, compiled "
                "is faster)"
                if both
                else ""
            )
            + ". A decision stopped at the cap counts as infinitely long (`inf`):"
        ),
        "",
        head,
        rule,
    ]
    for name, by_seats in report["decisions"].items():
        for seats, by_build in by_seats.items():
            f = [by_build[b] for b in builds]
            row = f"| {name} | {seats} | {len(f[0]['cpu_s'])} |"
            for one in f:
                row += (
                    f" {ms(one['median_s'])} | {ms(one['p99_s'])} "
                    f"| {span(one['median_s_trials'], ms)} |"
                )
            if both:
                row += f" {speedup(f[0]['cpu_s'], f[1]['cpu_s']):.2f}\N{MULTIPLICATION SIGN} |"
            row += f" {' / '.join(str(one['stopped']) for one in f)} |"
            lines.append(row)
    lines.append("")
    return "\n".join(lines)


# -- the run --------------------------------------------------------------------------------


def finite(value: Any) -> Any:
    """``value`` with every infinite float (a decision stopped at the cap) as ``None``,
    which JSON can hold."""
    if isinstance(value, float) and math.isinf(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def commit() -> str:
    """The commit measured, with a note where the library or the benchmarks have
    uncommitted changes (changes to the docs or the tests measure the same code)."""
    head = playouts.git("rev-parse", "HEAD")[:12]
    dirty = playouts.git("status", "--porcelain", "--untracked-files=no", "--", "src", "benchmarks")
    return f"{head}{' with uncommitted changes' if dirty else ''}"


def run(args: argparse.Namespace, builds: list[playouts.Build], command: str) -> dict[str, Any]:
    """Every figure, the builds asked in turns."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    measured = commit()
    started = time.perf_counter()
    names = [b.name for b in builds]
    search: dict[str, dict[str, list[Any]]] = {}
    sampling: dict[str, dict[str, list[Any]]] = {}
    decisions: dict[str, dict[str, dict[str, list[Any]]]] = {}
    for trial in range(args.trials):
        order = builds[::-1] if trial % 2 else builds

        def ask(request: dict[str, Any], order: list[playouts.Build] = order) -> dict[str, Any]:
            return {b.name: b.ask(request) for b in order}

        for offset, (label, search_kind) in enumerate(SEARCHES.items()):
            for table, (preset, seats) in enumerate(SEARCH_TABLES):
                got = ask({"op": "search", "search": search_kind, "preset": preset,
                           "seats": seats, "points": args.points,
                           "seeds": seeds("search", trial, 10 * offset + table,
                                          args.search_rounds)})  # fmt: skip
                key = f"{label} | {preset}, {seats} seats"
                for name, found in got.items():
                    search.setdefault(key, {}).setdefault(name, []).append(found)
        for seats in SAMPLE_SEATS:
            got = ask({"op": "sample", "seats": seats, "points": args.points,
                       "repeats": args.repeats,
                       "seeds": seeds("sample", trial, seats, args.sample_rounds)})  # fmt: skip
            for name, found in got.items():
                sampling.setdefault(str(seats), {}).setdefault(name, []).append(found)
        for n in args.levels:
            for seats in DECISION_SEATS:
                got = ask({"op": "decide", "level": n, "seats": seats, "points": args.points,
                           "cap": args.cap,
                           "seeds": seeds("decide", trial, 100 * n + seats,
                                          args.decide_rounds)})  # fmt: skip
                cell = decisions.setdefault(f"level({n})", {}).setdefault(str(seats), {})
                for name, found in got.items():
                    cell.setdefault(name, []).append(found)
        print(f"trial {trial + 1} of {args.trials} done", file=sys.stderr, flush=True)
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "load_average": load,
        "python": builds[0].python,
        "chickenfoot": builds[0].version,
        "commit": measured,
        "command": command,
        "builds": names,
        "trials": args.trials,
        "minutes": (time.perf_counter() - started) / 60,
        "settings": {
            "points": args.points,
            "search_rounds": args.search_rounds,
            "sample_rounds": args.sample_rounds,
            "repeats": args.repeats,
            "decide_rounds": args.decide_rounds,
            "cap": args.cap,
        },
        "search": {
            key: {name: search_figures(trials) for name, trials in by.items()}
            for key, by in search.items()
        },
        "sampling": {
            key: {name: sample_figures(trials) for name, trials in by.items()}
            for key, by in sampling.items()
        },
        "decisions": {
            name: {
                seats: {b: decision_figures(trials) for b, trials in by.items()}
                for seats, by in by_seats.items()
            }
            for name, by_seats in decisions.items()
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="the interpreter of an environment where the mypyc-compiled wheel is installed "
        "(nox -s bench_search builds one): it is measured in turns with this one",
    )
    parser.add_argument("--trials", type=int, default=4, help="rotations over the builds")
    parser.add_argument("--points", type=int, default=4, help="decision points per round")
    parser.add_argument(
        "--search-rounds", type=int, default=2, help="rounds per table and trial, searches"
    )
    parser.add_argument(
        "--sample-rounds", type=int, default=5, help="rounds per table and trial, samples"
    )
    parser.add_argument("--repeats", type=int, default=20, help="repeated samples per view")
    parser.add_argument(
        "--decide-rounds", type=int, default=6, help="rounds per level, table and trial"
    )
    parser.add_argument(
        "--levels", type=int, nargs="*", default=[1, 2, 3, 4, 5], help="the levels timed"
    )
    parser.add_argument(
        "--cap", type=float, default=60.0, help="seconds of wall time before a decision stops"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="the folder of the results")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    command = playouts.shown_command(sys.argv[1:] if argv is None else argv,
                                     "benchmarks/search.py")  # fmt: skip
    script = Path(__file__)
    builds = [playouts.Build(script=script)]
    try:
        if args.compiled:
            builds.append(playouts.Build(args.compiled, script=script))
        if len({b.version for b in builds}) != 1:
            raise SystemExit(f"the builds are different versions: {[b.version for b in builds]}")
        # pure first, as in every table
        builds.sort(key=lambda b: b.compiled)
        report = run(args, builds, command)
    finally:
        for build in builds:
            build.close()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "search.json").write_text(
        json.dumps(finite(report), indent=1) + "\n", encoding="utf-8"
    )
    (args.out / "search.md").write_text(search_markdown(report), encoding="utf-8")
    (args.out / "decisions.md").write_text(decisions_markdown(report), encoding="utf-8")
    print(search_markdown(report))
    print(decisions_markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
