"""Rerun the benchmarks whose results the docs show, each with its recorded command.

Every results file in ``benchmarks/results/`` names the command that wrote it
(`` `python benchmarks/NAME.py ARGS` ``); this script runs those commands again, so that
the files, and the pages that include them, are regenerated as they were made. ``nox -s
figures`` runs it with the compiled build's interpreter for ``--compiled`` (the recorded
path belongs to the machine that made the file)::

    python benchmarks/figures.py --list
    python benchmarks/figures.py --compiled PYTHON playouts.md sampling.md

Without file names every results file is regenerated; the ratings take over an hour and a
half of CPU time. The mutation testing results (the ``mutants*.md`` files, whose command
is ``tests/mutants/run.py --out``) need the environment of ``nox -s mutants``: this script
prints their command, and ``nox -s figures`` hands it to that session.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"

#: The command a results file records: `python benchmarks/NAME.py ARGS`, or the mutation
#: testing runner's `python tests/mutants/run.py ARGS`.
COMMAND = re.compile(r"`python (benchmarks/\w+\.py|tests/mutants/run\.py)((?: [^`]*)?)`")

#: The nox session whose environment a script of a recorded command needs, by script.
SESSIONS = {"tests/mutants/run.py": "mutants"}


def recorded_command(results: Path) -> list[str]:
    """The command that wrote ``results``, as arguments: the script and what it was given."""
    found = COMMAND.search(results.read_text(encoding="utf-8"))
    if found is None:
        raise LookupError(f"{results.name} names no `python benchmarks/NAME.py ...` command")
    return [found.group(1), *shlex.split(found.group(2))]


def results_files() -> list[Path]:
    """Every Markdown results file, in name order (the README is not one)."""
    return sorted(p for p in RESULTS.glob("*.md") if p.name != "README.md")


def elsewhere() -> dict[str, str]:
    """The results files whose command runs in the environment of another nox session
    (:data:`SESSIONS`), by name, with that session."""
    out = {}
    for path in results_files():
        script = recorded_command(path)[0]
        if script in SESSIONS:
            out[path.name] = SESSIONS[script]
    return out


def with_compiled(command: list[str], python: str | None) -> list[str]:
    """``command`` with its ``--compiled`` interpreter replaced by ``python`` (if given)."""
    out = list(command)
    if python is not None and "--compiled" in out:
        out[out.index("--compiled") + 1] = python
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="results files to regenerate (default: all)")
    parser.add_argument("--compiled", metavar="PYTHON", help="the compiled build's interpreter")
    parser.add_argument("--list", action="store_true", help="print the commands and stop")
    args = parser.parse_args(argv)
    chosen = [RESULTS / name for name in args.files] or results_files()
    commands = [with_compiled(recorded_command(path), args.compiled) for path in chosen]
    # A command that writes several files (search.py: search.md and decisions.md) runs once.
    run: dict[tuple[str, ...], str] = {}
    for path, command in zip(chosen, commands, strict=True):
        print(f"{path.name}: python {shlex.join(command)}", flush=True)
        if command[0] in SESSIONS:
            if not args.list:
                print(f"  (run by nox -s {SESSIONS[command[0]]} -- {shlex.join(command[1:])})")
        elif tuple(command) in run:
            print(f"  (written by the same command as {run[tuple(command)]})")
        elif not args.list:
            subprocess.run([sys.executable, *command], cwd=ROOT, check=True)
            run[tuple(command)] = path.name
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
