"""The mutation runner's choice of tests (tests/mutants/covering.py): the lines of the
statement a mutant changes, and the fast tests that the unchanged run's coverage saw run
them. A wrong line set or a lost test would let a mutant survive that its module's fast
tests kill, so the choice is checked here without cosmic-ray or coverage installed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _covering() -> ModuleType:
    """tests/mutants/covering.py as a module, loaded once."""
    if "covering" in sys.modules:
        return sys.modules["covering"]
    spec = importlib.util.spec_from_file_location("covering", ROOT / "tests/mutants/covering.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["covering"] = module
    spec.loader.exec_module(module)
    return module


covering = _covering()

SOURCE = """\
from __future__ import annotations


def f(a: int, b: int = 1 + 2) -> int:
    total = (
        a
        + b
    )
    if total > 3 and a:
        return total - 1
    try:
        return int("x")
    except (ValueError, TypeError):
        return 0


@decorate(5)
def g() -> None:
    for x in range(
        4 * 2
    ):
        pass
"""


def _at(text: str, line: int) -> tuple[int, int]:
    """The (line, column) of ``text`` in line ``line`` of SOURCE."""
    column = SOURCE.splitlines()[line - 1].index(text)
    return line, column


@pytest.mark.parametrize(
    ("text", "line", "lines"),
    [
        ("+ b", 7, {5, 6, 7, 8}),  # a simple statement over four lines: all of them
        ("b", 7, {5, 6, 7, 8}),
        (">", 9, {9}),  # the condition of an `if`, not its body
        ("and", 9, {9}),
        ("- 1", 10, {10}),  # a statement in the body
        ("+ 2", 4, {4}),  # a default: the `def` line, run at import
        ("ValueError", 13, {13}),  # the type of a handler, not the `try` or its body
        ("5", 17, {17, 18}),  # a decorator, and the `def` it decorates
        ("4 * 2", 20, {19, 20, 21}),  # the iterable of a `for` over three lines
        ("if", 9, {9}),  # the keyword of a header
    ],
)
def test_a_mutant_is_run_by_the_lines_of_its_statement(
    text: str, line: int, lines: set[int]
) -> None:
    row, column = _at(text, line)
    assert covering.statement_lines(SOURCE, row, column) == frozenset(lines)


def test_a_position_outside_every_statement_is_its_own_line() -> None:
    """A position no node holds (a blank line) is run by that line alone."""
    assert covering.statement_lines(SOURCE, 2, 0) == frozenset({2})


@pytest.mark.parametrize(
    ("context", "node"),
    [
        ("tests/t.py::test_f|run", "tests/t.py::test_f"),
        ("tests/t.py::test_f[1-a|b]|setup", "tests/t.py::test_f"),
        ("tests/t.py::Case::test_m|teardown", "tests/t.py::Case::test_m"),
        ("", ""),
    ],
)
def test_a_context_names_its_test_without_parameters_or_phase(context: str, node: str) -> None:
    assert covering.node_of(context) == node


RAN = {
    5: frozenset({"tests/b.py::test_x", "tests/a.py::test_y"}),
    6: frozenset({"tests/a.py::test_z"}),
    9: frozenset({"", "tests/a.py::test_y"}),
    12: frozenset({"tests/h.py::test_p"}),
}
ENTRIES = ("tests/a.py", "tests/b.py::test_x", "tests/h.py::test_p[H4]")


def test_the_tests_that_ran_a_line_run_in_the_order_of_the_fast_tests() -> None:
    chosen = covering.covering_tests(frozenset({5, 6}), RAN, ENTRIES)
    assert chosen == ("tests/a.py::test_y", "tests/a.py::test_z", "tests/b.py::test_x")


def test_a_line_run_outside_any_test_runs_every_fast_test() -> None:
    """At import or in a process a test started, no test can be told: all of them run."""
    assert covering.covering_tests(frozenset({5, 9}), RAN, ENTRIES) is None


def test_a_line_no_test_ran_runs_no_test() -> None:
    assert covering.covering_tests(frozenset({7, 8}), RAN, ENTRIES) == ()


def test_a_fast_test_named_with_parameters_keeps_them() -> None:
    """``file::test[H4]`` in FAST_TESTS runs that case only, as the full run does."""
    assert covering.covering_tests(frozenset({12}), RAN, ENTRIES) == ("tests/h.py::test_p[H4]",)
