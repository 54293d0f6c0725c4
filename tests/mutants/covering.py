"""Which fast tests run a mutant: the lines of the statement a mutant changes, and the
tests the unchanged run's coverage (pytest-cov's per-test contexts) saw run them.
tests/mutants/run.py runs those first, so a killed mutant meets the test that kills it
early; a mutant no test runs needs no run at all. Only the standard library (coverage.py
is imported when its data is read), so that the tests can check it without cosmic-ray.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path
from typing import Final

#: coverage.py's settings for the unchanged run of some modules' fast tests: those
#: modules' files alone (``{paths}``, one a line), in the test process and in every process
#: its tests start (the command's subprocesses, a pool's forked workers).
COVERAGE_RC: Final = """\
[run]
include =
    {paths}
patch = subprocess, _exit, fork
data_file = {data}
"""


#: Each line the unchanged run ran: the tests that ran it, by pytest node id, and ``""``
#: when it ran outside any test (at import, or in a process a test started).
Lines = dict[int, frozenset[str]]


def node_of(context: str) -> str:
    """The test of a coverage context of pytest-cov, ``"tests/t.py::test_f[1]|run"``,
    without its parameters and phase (``"tests/t.py::test_f"``); ``""`` stays ``""``."""
    node = context.rpartition("|")[0] if "|" in context else context
    return node.partition("[")[0]


def read_coverage(folder: Path) -> dict[Path, Lines] | None:
    """Who ran each line of each measured file, by the coverage data files of ``folder``
    (the test process's and those of the processes it started); ``None`` if one of them
    cannot be read (a process the tests killed may leave one half written), as what that
    process ran is then unknown."""
    from coverage import CoverageData
    from coverage.exceptions import CoverageException

    ran: dict[Path, dict[int, set[str]]] = {}
    for path in sorted(folder.glob("data*")):
        data = CoverageData(str(path))
        try:
            data.read()
            measured = {name: data.contexts_by_lineno(name) for name in data.measured_files()}
        except CoverageException:
            return None
        for name, by_line in measured.items():
            lines = ran.setdefault(Path(name).resolve(), {})
            for line, contexts in (by_line or {}).items():
                lines.setdefault(line, set()).update(node_of(c) for c in contexts)
    return {
        name: {line: frozenset(tests) for line, tests in lines.items()}
        for name, lines in ran.items()
    }


def statement_lines(source: str, line: int, column: int) -> frozenset[int]:
    """The lines whose running runs the code at ``(line, column)`` (1-based line, 0-based
    column): all of the innermost simple statement holding it; for a compound statement
    (``if``, ``for``, ``def``...), the part of its header holding it (the condition, a
    default, a decorator) and its first line."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node

    def span(node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]] | None:
        start = (getattr(node, "lineno", None), getattr(node, "col_offset", None))
        end = (getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None))
        if None in start or None in end:
            return None
        decorators = getattr(node, "decorator_list", [])
        if decorators:
            start = min(start, (decorators[0].lineno, decorators[0].col_offset))
        return start, end  # type: ignore[return-value]

    where = (line, column)
    inner: ast.AST | None = None
    innermost = ((0, 0), (0, 0))
    for node in ast.walk(tree):
        bounds = span(node)
        if bounds is None or not (bounds[0] <= where < bounds[1] or where == bounds[0]):
            continue
        # nested spans: the innermost starts last and, of those, ends first
        if inner is None or (bounds[0], innermost[1]) > (innermost[0], bounds[1]):
            inner, innermost = node, bounds
    if inner is None:
        return frozenset({line})
    below = inner  # the outermost node under the statement that holds the mutant
    node = inner
    while not isinstance(node, ast.stmt | ast.excepthandler | ast.match_case):
        node = parents[node]
        if not isinstance(node, ast.stmt | ast.excepthandler | ast.match_case) and span(node):
            below = node
    first = getattr(node, "lineno", line)
    if not hasattr(node, "body"):  # a simple statement: all its lines
        bounds = span(node)
        assert bounds is not None
        return frozenset(range(bounds[0][0], bounds[1][0] + 1))
    if below is node:  # a keyword of a compound statement's header
        return frozenset({first, line})
    bounds = span(below)
    assert bounds is not None
    return frozenset({*range(bounds[0][0], bounds[1][0] + 1), first})


def covering_tests(
    lines: frozenset[int], ran: Lines, entries: Sequence[str]
) -> tuple[str, ...] | None:
    """The fast tests to run on a mutant of ``lines``, by the unchanged run's coverage
    ``ran``: ``None`` for all of ``entries`` (some line ran at import or in another
    process, where no test can be told), ``()`` when no test ran any of them (the mutant
    cannot change what a test sees), else the tests that ran them, in ``entries``' order.
    A test named in ``entries`` with parameters (``file::test[H4]``) keeps them."""
    tests: set[str] = set()
    for line in lines:
        tests |= ran.get(line, frozenset())
    if "" in tests:
        return None

    def place(test: str) -> tuple[int, str]:
        for index, entry in enumerate(entries):
            if test == entry or test.startswith((entry + "::", entry + "[")):
                return index, test
        return len(entries), test

    chosen: list[str] = []
    for test in sorted(tests, key=place):
        narrower = [e for e in entries if e.startswith(test + "[")]
        chosen.extend(e for e in narrower if e not in chosen)
        if not narrower:
            chosen.append(test)
    return tuple(chosen)
