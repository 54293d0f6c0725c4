"""How long :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>` takes.

Rounds of ``classic`` with 4 players are dealt from seeds ``0, 1, ...`` and played to the
end with seeded random legal moves. From each round three views are taken, of the seat to
move: *early* (after a tenth of the round's moves), *mid* (half) and *late* (nine tenths;
draws and passes count as moves). Each view is sampled once (the *first* sample, which
also counts the deals the view allows) and then ``--repeats`` more times (*repeated*
samples, which reuse those counts), each sample timed on its own in CPU time
(``time.process_time``: the machine's cores are shared, and other work on them does not
count). Every sample is checked: its view of the seat must equal the view.

A second table does the same for the mid-round view at other player counts. A third
goes by table size (``--slow-sizes`` players): the mid and late views and the finished
round (its view after the last move, which the penalty points of every seat constrain),
``--slow-rounds`` of each, sampled in one worker process in turn (the sampler's tables
of earlier views dropped before each, so that its first sample starts from nothing),
once and then ``--slow-repeats`` times more, every sample stopped after ``--cap`` seconds
of wall time (the worker is then started afresh; the 99th percentile of 20 views is
their most). The figures are written to ``benchmarks/results/sampling.md``, which
docs/bots.md includes::

    python benchmarks/sampling.py --rounds 100 --repeats 20 --sizes 2 6 8 \
        --slow-sizes 4 8 12 16 20 --slow-rounds 20 --slow-repeats 10 --cap 5
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import platform
import random
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

import chickenfoot
from chickenfoot import Round, RoundView, _sampling, find_preset

RESULTS = Path(__file__).parent / "results"
PHASES = {"early": 0.1, "mid": 0.5, "late": 0.9}


def played(preset: str, players: int, seed: int) -> list[Round]:
    """The round dealt from ``seed`` after each of its moves, played at random to the end."""
    rules = attrs.evolve(find_preset(preset), rounds=1)
    rnd = Round.deal(rules, players, seed=seed)
    rng = random.Random(seed)
    rounds = [rnd]
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        rounds.append(rnd)
    return rounds


def views(preset: str, players: int, seed: int) -> dict[str, RoundView]:
    """The early, mid and late views of the round dealt from ``seed``, played at random."""
    rounds = played(preset, players, seed)
    playing = rounds[:-1]  # the round before its last move still has a seat to move
    out = {}
    for phase, share in PHASES.items():
        at = playing[min(len(playing) - 1, int(share * len(playing)))]
        assert at.to_move is not None
        out[phase] = at.view(at.to_move)
    return out


def timed(view: RoundView, rng: random.Random) -> float:
    """CPU milliseconds of one sample of ``view`` (``time.process_time``, so that other
    work on the shared machine does not count), checked to give the view back."""
    start = time.process_time()
    sample = view.sample_state(rng)
    ms = (time.process_time() - start) * 1000
    if sample.view(view.seat) != view:
        raise AssertionError(f"a sample of {view!r} does not give the view back")
    return ms


def _worker(
    jobs: multiprocessing.SimpleQueue[tuple[int, int, str, int] | None],
    out: multiprocessing.SimpleQueue[float],
) -> None:
    """Worker: for each job (players, seed, phase, repeats), the view of
    :func:`slow_views`, its sampler's tables dropped, then its first sample timed and
    ``repeats`` more, each put on ``out`` as it is done (-1 first, when the view is
    ready)."""
    while (job := jobs.get()) is not None:
        players, seed, phase, repeats = job
        view = slow_views(players, seed)[phase]
        _sampling._cache.clear()  # nothing of an earlier view is kept
        out.put(-1.0)  # the view is ready: the samples begin
        rng = random.Random(seed)
        for _ in range(repeats + 1):
            out.put(timed(view, rng))


class Capped:
    """One worker process that samples views in turn (each first sample with nothing
    of the view kept), stopped and started afresh when a sample takes longer than
    ``cap`` seconds of wall time."""

    def __init__(self, cap: float) -> None:
        self.cap = cap
        self.worker: multiprocessing.Process | None = None

    def _start(self) -> multiprocessing.Process:
        self.jobs: multiprocessing.SimpleQueue[tuple[int, int, str, int] | None] = (
            multiprocessing.SimpleQueue()
        )
        self.out: multiprocessing.SimpleQueue[float] = multiprocessing.SimpleQueue()
        worker = multiprocessing.Process(target=_worker, args=(self.jobs, self.out), daemon=True)
        worker.start()
        return worker

    def run(self, players: int, seed: int, phase: str, repeats: int) -> list[float]:
        """CPU milliseconds of the view's first sample and of ``repeats`` more; the first
        is infinity if it took longer than ``cap`` seconds, and each sample is stopped
        (with the worker) at ``cap`` seconds from its start."""
        worker = self.worker = self.worker or self._start()
        self.jobs.put((players, seed, phase, repeats))
        if self.out.get() != -1.0:  # the view is played out first
            raise RuntimeError("the worker did not say its view was ready")
        times: list[float] = []
        deadline = time.monotonic() + self.cap
        while len(times) < repeats + 1:
            while self.out.empty() and worker.is_alive() and time.monotonic() < deadline:
                time.sleep(0.002)
            if not self.out.empty():
                times.append(self.out.get())
                deadline = time.monotonic() + self.cap
                continue
            if not worker.is_alive():
                raise RuntimeError(f"sampling failed in its worker (exit {worker.exitcode})")
            self.close()  # over the cap
            break
        return times or [float("inf")]

    def close(self) -> None:
        if self.worker is not None:
            self.worker.terminate()
            self.worker.join()
            self.worker = None


def slow_views(players: int, seed: int) -> dict[str, RoundView]:
    """The mid and late views (of the seat to move) and the finished round's view (of
    seat 0)."""
    rounds = played("classic", players, seed)
    out = {}
    for phase in ("mid", "late"):
        at = rounds[:-1][min(len(rounds) - 2, int(PHASES[phase] * (len(rounds) - 1)))]
        assert at.to_move is not None
        out[phase] = at.view(at.to_move)
    out["finished"] = rounds[-1].view(0)
    return out


def size_row(players: int, phase: str, runs: Sequence[list[float]], cap: float) -> str:
    """A row of the table by player count: the first samples' median, 99th percentile
    and most, how many were stopped at the cap, and the repeated samples' median and
    99th percentile (ms; "over" the cap where stopped)."""
    first = [run[0] for run in runs]
    repeated = [t for run in runs for t in run[1:]]

    def shown(t: float) -> str:
        return f"over {cap * 1000:,.0f}" if t == float("inf") else f"{t:,.1f}"

    stopped = sum(t == float("inf") for t in first)
    again = (
        f"{statistics.median(repeated):.2f} | {percentile(repeated, 0.99):.2f}"
        if repeated
        else "- | -"
    )
    return (
        f"| {players} | {phase} | {len(first)} | {shown(statistics.median(first))} "
        f"| {shown(percentile(first, 0.99))} | {shown(max(first))} | {stopped} | {again} |"
    )


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def row(label: str, count: int, first: Sequence[float], repeated: Sequence[float]) -> str:
    """A table row: the median and 99th percentile of first and repeated samples (ms)."""
    return (
        f"| {label} | {count} | {statistics.median(first):.1f} | {percentile(first, 0.99):.1f} "
        f"| {max(first):.1f} | {statistics.median(repeated):.2f} "
        f"| {percentile(repeated, 0.99):.2f} |"
    )


HEADER = [
    (
        "| views | count | first: median ms | first: p99 ms | first: max ms "
        "| repeated: median ms | repeated: p99 ms |"
    ),
    "|---|---:|---:|---:|---:|---:|---:|",
]


def measure(
    preset: str, players: int, rounds: int, repeats: int, phases: Sequence[str]
) -> dict[str, tuple[list[float], list[float]]]:
    """Times of first and repeated samples per phase, over ``rounds`` seeded rounds."""
    times: dict[str, tuple[list[float], list[float]]] = {p: ([], []) for p in phases}
    for seed in range(rounds):
        for phase, view in views(preset, players, seed).items():
            if phase not in times:
                continue
            rng = random.Random(seed)
            first, repeated = times[phase]
            first.append(timed(view, rng))
            repeated.extend(timed(view, rng) for _ in range(repeats))
    return times


def by_size(sizes: Sequence[int], rounds: int, repeats: int, cap: float) -> list[str]:
    """The table by table size: mid, late and finished views of ``rounds`` rounds at each
    player count of ``sizes``, each sampled once and ``repeats`` times more in one worker
    (:class:`Capped`), with its caption."""
    lines = [
        "",
        (
            f"By table size: mid (50% of the moves) and late (90%) views of the seat to "
            f"move and the finished round's view of seat 0, `classic`, seeds 0 to "
            f"{rounds - 1}; each view sampled in one worker process with "
            f"nothing of earlier views kept, once (first) and then {repeats} "
            f"times more (repeated), every sample stopped after {cap:g} s of wall time "
            f"(a stopped first sample counts as over the cap and has no repeated "
            f"samples):"
        ),
        "",
        (
            "| players | views | count | first: median ms | first: p99 ms "
            "| first: max ms | stopped | repeated: median ms | repeated: p99 ms |"
        ),
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    capped = Capped(cap)
    for players in sizes:
        runs: dict[str, list[list[float]]] = {"mid": [], "late": [], "finished": []}
        for seed in range(rounds):
            for phase in runs:
                runs[phase].append(capped.run(players, seed, phase, repeats))
        for phase, found in runs.items():
            lines.append(size_row(players, phase, found, cap))
    capped.close()
    return lines


def _parser() -> argparse.ArgumentParser:
    """The command line's options."""
    parser = argparse.ArgumentParser(description="Time RoundView.sample_state.")
    parser.add_argument("--rounds", type=int, default=200, help="classic 4-player rounds")
    parser.add_argument("--repeats", type=int, default=20, help="repeated samples per view")
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="*",
        default=[2, 6, 8],
        help="other player counts of classic, mid-round (a quarter as many rounds each)",
    )
    parser.add_argument(
        "--slow-sizes",
        type=int,
        nargs="*",
        default=[4, 8, 12, 16, 20],
        help="player counts of classic for the table by size (mid, late, finished)",
    )
    parser.add_argument(
        "--slow-rounds", type=int, default=20, help="rounds per player count of that table"
    )
    parser.add_argument(
        "--slow-repeats", type=int, default=10, help="repeated samples per view of that table"
    )
    parser.add_argument(
        "--cap", type=float, default=5.0, help="seconds before a first sample is stopped"
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    started = datetime.datetime.now(datetime.timezone.utc)
    wall = time.perf_counter()
    lines = [
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()}, "
            f"Python {platform.python_version()}, "
            f"{'compiled' if chickenfoot.COMPILED else 'pure'} build, one process sampling "
            "at a time; times in CPU milliseconds (`time.process_time`)"
        ),
        f"- command: `python benchmarks/sampling.py {shlex.join(sys.argv[1:])}`",
        (
            f"- rounds: `classic`, 4 players, seeds 0 to {args.rounds - 1}, random legal moves; "
            f"one view per phase, sampled once and then {args.repeats} times more"
        ),
        "",
        *HEADER,
    ]
    everything: tuple[list[float], list[float]] = ([], [])
    for phase, (first, repeated) in measure(
        "classic", 4, args.rounds, args.repeats, list(PHASES)
    ).items():
        lines.append(
            row(f"{phase} ({PHASES[phase]:.0%} of the moves)", len(first), first, repeated)
        )
        everything[0].extend(first)
        everything[1].extend(repeated)
    lines.append(row("all", len(everything[0]), *everything))
    if args.sizes:
        few = max(1, args.rounds // 4)
        lines += [
            "",
            f"Mid-round views of `classic` at other player counts (seeds 0 to {few - 1}):",
            "",
            *(h.replace("| views |", "| players |") for h in HEADER),
        ]
        for players in args.sizes:
            first, repeated = measure("classic", players, few, args.repeats, ["mid"])["mid"]
            lines.append(row(str(players), len(first), first, repeated))
    if args.slow_sizes:
        lines += by_size(args.slow_sizes, args.slow_rounds, args.slow_repeats, args.cap)
    lines += [
        "",
        (
            f"The run took {(time.perf_counter() - wall) / 60:.1f} minutes of wall time. First "
            "samples: one per view; repeated samples: every later sample of those views."
        ),
    ]
    text = "\n".join(lines) + "\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "sampling.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main(sys.argv[1:])
