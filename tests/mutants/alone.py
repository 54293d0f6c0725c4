"""The tests that alone run some lines of a module, outside its fast tests.

A mutant of a line that none of its module's fast tests runs survives without a run
(``"tests": "none"`` in the report), even when some other test of the suite would kill
it. This script finds those lines and, for each module, the fewest tests that cover
them, to be added to ``FAST_TESTS`` in run.py::

    python tests/mutants/alone.py              # runs the suite under coverage first
    python tests/mutants/alone.py --data FILE  # reads a coverage file made before

The suite (but ``slow`` tests) runs once under the ``mutants`` profile with coverage
recording the test of each line (``dynamic_context = test_function``), in one process:
about twenty minutes on one core. Tests of the documentation's examples are left out of
the suggestions (they run every example of a page; a direct test is wanted). Lines that
only Hypothesis's runner is recorded for (its own function, not the test's) are counted
but not attributed.
"""

from __future__ import annotations

import argparse
import ast
import collections
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
HYPOTHESIS: Final = "hypothesis.internal.conjecture.engine.ConjectureRunner.test_function"
#: A module's lines, each with the coverage contexts (tests) that ran it.
Lines = Mapping[int, Sequence[str]]


def fast_tests() -> dict[str, tuple[str, ...]]:
    """``FAST_TESTS`` of run.py, read from its source (run.py needs cosmic-ray)."""
    tree = ast.parse((ROOT / "tests" / "mutants" / "run.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if not isinstance(node, ast.AnnAssign) or node.value is None:
            continue
        if isinstance(node.target, ast.Name) and node.target.id == "FAST_TESTS":
            value: dict[str, tuple[str, ...]] = ast.literal_eval(node.value)
            return value
    raise SystemExit("run.py has no FAST_TESTS")


def source_file(module: str) -> Path:
    """The source file of a key of ``FAST_TESTS``: a module, or a package's __init__."""
    path = ROOT / "src" / "chickenfoot" / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def is_fast(context: str, entries: tuple[str, ...]) -> bool:
    """Whether the test of a coverage context (``test_file.test_name``) is one of
    ``entries`` (files, or node ids of ``FAST_TESTS``)."""
    module, _, name = context.partition(".")
    for entry in entries:
        file, _, node = entry.partition("::")
        same_file = file.removeprefix("tests/").removesuffix(".py") == module
        if same_file and (not node or node.split("[")[0] == name):
            return True
    return False


def suggestions(
    fast: Mapping[str, tuple[str, ...]], lines_of: Callable[[str], Lines]
) -> dict[str, tuple[list[tuple[str, int]], int]]:
    """For each module of ``fast`` (``FAST_TESTS``), the tests to add (node id, lines it
    covers that no test added before it does) and the count of lines that Hypothesis's
    runner alone covers; ``lines_of(module)`` gives the module's lines."""
    out: dict[str, tuple[list[tuple[str, int]], int]] = {}
    for module, entries in fast.items():
        lines = lines_of(module)
        missing: dict[int, set[str]] = {}
        unnamed = 0
        for line, contexts in lines.items():
            named = [c for c in contexts if c and c != HYPOTHESIS]
            if any(is_fast(c, entries) for c in named):
                continue
            if not named:
                unnamed += any(c == HYPOTHESIS for c in contexts)
                continue
            direct = {c for c in named if not c.startswith("test_docs")}
            if direct:
                missing[line] = direct
        chosen: list[tuple[str, int]] = []
        while missing:  # greedy: the test that covers most of what is left, first
            counts = collections.Counter(c for tests in missing.values() for c in tests)
            best, count = counts.most_common(1)[0]
            file, _, name = best.partition(".")
            chosen.append((f"tests/{file}.py::{name}", count))
            missing = {line: tests for line, tests in missing.items() if best not in tests}
        if chosen or unnamed:
            out[module] = (chosen, unnamed)
    return out


def measure(folder: Path) -> Path:
    """Run the suite (but ``slow``) under coverage with the test of each line."""
    rc = folder / "coveragerc"
    data = folder / ".coverage"
    rc.write_text(
        f"[run]\ndynamic_context = test_function\nsource = chickenfoot\ndata_file = {data}\n",
        encoding="utf-8",
    )
    env = {**os.environ, "HYPOTHESIS_PROFILE": "mutants"}
    command = [sys.executable, "-m", "coverage", "run", f"--rcfile={rc}", "-m", "pytest"]
    command += ["-q", "-p", "no:randomly", "-p", "no:cacheprovider", "-m", "not slow", "tests"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)
    return data


def _lines(count: int) -> str:
    return f"{count} line" + ("" if count == 1 else "s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, help="a coverage data file made before")
    args = parser.parse_args()
    from coverage import CoverageData  # the "mutants" group

    with tempfile.TemporaryDirectory(prefix="chickenfoot-alone-") as tmp:
        path = args.data if args.data is not None else measure(Path(tmp))
        data = CoverageData(str(path))
        data.read()

        def lines_of(module: str) -> Lines:
            found: Lines = data.contexts_by_lineno(str(source_file(module)))
            return found

        found = suggestions(fast_tests(), lines_of)
    for module, (chosen, unnamed) in found.items():
        unattributed = f" ({_lines(unnamed)} run by Hypothesis's runner alone)" if unnamed else ""
        print(f"{module}:{unattributed}")
        for test, count in chosen:
            print(f"    {test}  ({_lines(count)})")
    if not any(chosen for chosen, _ in found.values()):
        print("every line a test runs is run by a fast test of its module")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
