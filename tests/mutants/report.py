"""The reports of tests/mutants/run.py: the per-module table, the score line and the
results file (``--out``). Only the standard library, so that the docs' tests can check
the results file's shape without cosmic-ray."""

from __future__ import annotations

import math
import os
import platform
import time
from collections.abc import Sequence
from typing import Protocol


class _Mutant(Protocol):
    @property
    def module(self) -> str: ...


class Outcome(Protocol):
    """What the report needs of a result of the runner."""

    @property
    def mutant(self) -> _Mutant: ...
    @property
    def outcome(self) -> str: ...
    @property
    def seconds(self) -> float: ...


def summary(results: Sequence[Outcome], modules: Sequence[str]) -> str:
    """The per-module table (Markdown) and the closing score line."""
    rows = [
        "| module | sampled | equivalent | killed | survived | score |",
        "|---|---:|---:|---:|---:|---:|",
    ]

    def counts(group: Sequence[Outcome]) -> tuple[int, int, int, int]:
        equivalent = sum(r.outcome == "equivalent" for r in group)
        killed = sum(r.outcome in ("killed", "timeout") for r in group)
        survived = sum(r.outcome == "survived" for r in group)
        return len(group), equivalent, killed, survived

    def score(killed: int, survived: int) -> str:
        total = killed + survived
        return f"{100 * killed / total:.0f}%" if total else "-"

    for module in modules:
        n, e, k, s = counts([r for r in results if r.mutant.module == module])
        rows.append(f"| `{module}` | {n} | {e} | {k} | {s} | {score(k, s)} |")
    n, e, k, s = counts(results)
    rows.append(f"| all | {n} | {e} | {k} | {s} | {score(k, s)} |")
    percent = 100 * k / (k + s) if k + s else 100.0
    # Never round a score up to a goal it misses.
    shown = f"{int(percent * 10) / 10:g}"
    rows.append("")
    rows.append(f"mutation score: {shown}% ({k} of {k + s} killed, {e} equivalent)")
    return "\n".join(rows)


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) interval of the share of mutants killed, from a sample of
    ``total`` of which ``killed`` were: where the score of every mutant would fall."""
    if not total:
        return 0.0, 1.0
    p = killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def results_markdown(
    results: Sequence[Outcome],
    modules: Sequence[str],
    command: str,
    population: int,
    seed: int,
    again: bool = False,
) -> str:
    """The results file of a run (``--out``): the date, the machine, the command of the
    sample, the sample, the score's interval, then the per-module table and the score
    line. ``again``: the survivors of the sample's first run were run again after tests
    were added (``--again``); the command is still the sample's, which gives the same
    results when run afresh. The minutes of mutants' tests are given when every mutant
    run has its time (a report rebuilt from a log may lack some)."""
    tested = [r for r in results if r.outcome != "equivalent"]
    killed = sum(r.outcome in ("killed", "timeout") for r in tested)
    low, high = wilson(killed, len(tested))
    minutes = (
        f"; {sum(r.seconds for r in results) / 60:.0f} minutes of mutants' tests"
        if all(r.seconds > 0 for r in tested)
        else ""
    )
    machine = (
        f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}, "
        f"Python {platform.python_version()}"
    )
    lines = [
        f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
        f"- machine: {machine}",
        f"- command: `{command}`"
        + (", then its survivors again (`--again`) after tests were added" if again else ""),
        (
            f"- sample: {len(results)} of {population} mutants of {', '.join(modules)} "
            f"(seed {seed}){minutes}"
        ),
        (
            f"- the score of every mutant of these modules, 95% interval (Wilson) from this "
            f"sample: {100 * low:.1f}% to {100 * high:.1f}%"
        ),
        "",
        summary(results, modules),
        "",
    ]
    return "\n".join(lines)
