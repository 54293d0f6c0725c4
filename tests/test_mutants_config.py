"""The reviewed equivalent mutants (tests/mutants/equivalent.toml) name code that exists.

``tests/mutants/run.py`` matches an entry to a mutant by its module, its scope (the
function or class the mutated line is in, ``<module>`` at the top level), cosmic-ray's
operator and the stripped source lines before and after the change. An entry whose
module, scope or "before" lines are gone from the source is never matched again: it is
dead weight that hides nothing today and may hide a real survivor after a later edit
brings the same words back elsewhere. These tests find such entries without running
cosmic-ray (not installed with the tests).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "tests" / "mutants" / "equivalent.toml"
PACKAGE = ROOT / "src" / "chickenfoot"
KEYS = ("module", "scope", "operator", "before", "after")
_LINE = re.compile(r"""^(?P<key>[a-z]+) = (?:(?P<basic>".*")|'(?P<literal>[^']*)')$""")


def read_entries(text: str) -> list[dict[str, str]]:
    """The entries of the file, their one-line keys (``why`` may span lines, and is left
    out): each ``[[equivalent]]`` table's ``key = "text"`` lines, read as TOML's basic
    strings (whose escapes JSON shares), and its ``key = 'text'`` lines, literal ones."""
    entries: list[dict[str, str]] = []
    for line in text.splitlines():
        if line == "[[equivalent]]":
            entries.append({})
            continue
        found = _LINE.match(line)
        if found and entries and found["key"] in KEYS:
            basic = found["basic"]
            entries[-1][found["key"]] = found["literal"] if basic is None else json.loads(basic)
    return entries


ENTRIES = read_entries(EQUIVALENT.read_text(encoding="utf-8"))


def source_of(module: str) -> Path | None:
    """The file of ``module`` as run.py names it: ``_pictures.svg`` for a module of a
    package, ``_pictures`` for the package's ``__init__.py``."""
    path: Path = ALONE.source_file(module)
    return path if path.is_file() else None


def _spans(tree: ast.Module, scope: str) -> list[tuple[int, int]]:
    """The line spans of the functions and classes named ``scope`` (the whole module for
    ``<module>``)."""
    if scope == "<module>":
        return [(1, 10**9)]
    return [
        (node.lineno, node.end_lineno or node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.name == scope
    ]


def stale(entry: dict[str, str]) -> str | None:
    """Why ``entry`` can no longer match a mutant of the current source, or ``None``."""
    path = source_of(entry["module"])
    if path is None:
        return f"no module {entry['module']} in src/chickenfoot"
    source = path.read_text(encoding="utf-8")
    spans = _spans(ast.parse(source), entry["scope"])
    if not spans:
        return f"no function or class {entry['scope']} in {entry['module']}"
    lines = [line.strip() for line in source.splitlines()]
    # The run joins the lines a mutant changes with " / ", which may also be a division
    # in one line: look for the text as one to as many lines as it has separators.
    before = entry["before"]
    for low, high in spans:
        inside = lines[low - 1 : high]
        for size in range(1, before.count(" / ") + 2):
            for start in range(len(inside) - size + 1):
                if " / ".join(inside[start : start + size]) == before:
                    return None
    return f"{entry['before']!r} is not in {entry['scope']} of {entry['module']}"


def test_the_entries_are_read_whole() -> None:
    """Every table of the file has its five keys; on Python 3.11 and later the reader here
    gives what tomllib, run.py's reader, gives."""
    text = EQUIVALENT.read_text(encoding="utf-8")
    assert len(ENTRIES) == text.count("[[equivalent]]") > 0
    for entry in ENTRIES:
        assert set(entry) == set(KEYS), entry
    if importlib.util.find_spec("tomllib") is not None:
        tomllib = importlib.import_module("tomllib")
        data = tomllib.loads(text)["equivalent"]
        assert [{k: e[k] for k in KEYS} for e in data] == ENTRIES


@pytest.mark.parametrize(
    "entry", ENTRIES, ids=[f"{e['module']}:{e['scope']}:{e['before'][:40]}" for e in ENTRIES]
)
def test_each_equivalent_mutant_names_code_that_exists(entry: dict[str, str]) -> None:
    assert stale(entry) is None


def test_a_stale_entry_is_caught() -> None:
    """The check fails for a module, a scope or a line that is not there, and passes for
    lines of the source in their function."""
    line = "_PLAY: Final[type[Play]] = Play"
    good = {"module": "_book", "scope": "<module>", "before": line}
    assert stale({**good, "operator": "x", "after": ""}) is None
    assert stale({**good, "scope": "book_of", "before": "hit = _BY_ID.get(id(rules))"}) is None
    assert "no module" in (stale({**good, "module": "_nowhere"}) or "")
    assert "no function" in (stale({**good, "scope": "no_such_function"}) or "")
    assert "is not in" in (stale({**good, "before": line + " # gone"}) or "")
    # a line of the module, but not of the function named
    assert "is not in" in (stale({**good, "scope": "book_of"}) or "")
    # two lines in a row, written as run.py joins them
    pair = "hit = _BY_ID.get(id(rules)) / if hit is not None and hit[0] is rules:"
    assert stale({**good, "scope": "book_of", "before": pair}) is None
    assert stale({**good, "scope": "book_of", "before": pair.replace("hit[0]", "hit[1]")})


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "mutants" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: tests/mutants/alone.py, which needs nothing the tests lack (run.py needs cosmic-ray).
ALONE = _script("alone")


def fast_tests() -> dict[str, tuple[str, ...]]:
    """``FAST_TESTS`` of run.py, read from its source."""
    value: dict[str, tuple[str, ...]] = ALONE.fast_tests()
    return value


def test_alone_names_the_fewest_tests_that_run_what_no_fast_test_runs() -> None:
    """For each module, the tests of other files that alone run some of its lines, most
    lines first; lines its fast tests run (a whole file, or one test by node id, whatever
    its parameters) need none, the documentation's example tests are not suggested, and
    lines only Hypothesis's runner is recorded for are counted apart."""
    fast = {"m": ("tests/test_a.py", "tests/test_b.py::test_x"), "n": ("tests/test_a.py",)}
    lines = {
        "m": {
            1: ["test_a.test_one"],
            2: ["test_b.test_x", "test_c.test_z"],
            3: ["test_b.test_y", "test_c.test_z"],
            4: ["test_c.test_z"],
            5: ["test_d.test_w"],
            6: [ALONE.HYPOTHESIS],
            7: ["test_docs_repl.test_page_examples"],
            8: [""],
        },
        "n": {1: ["test_a.test_one", ALONE.HYPOTHESIS]},
    }
    found = ALONE.suggestions(fast, lambda module: lines[module])
    assert found == {"m": ([("tests/test_c.py::test_z", 2), ("tests/test_d.py::test_w", 1)], 1)}
    assert ALONE.is_fast("test_b.test_x", ("tests/test_b.py::test_x[H4]",))
    assert not ALONE.is_fast("test_b.test_x", ("tests/test_b.py::test_xy",))
    assert ALONE.source_file("_pictures.svg") == PACKAGE / "_pictures" / "svg.py"
    assert ALONE.source_file("_pictures") == PACKAGE / "_pictures" / "__init__.py"


def test_every_module_has_fast_tests() -> None:
    """run.py refuses to start unless FAST_TESTS names every module of src/chickenfoot and
    only those; a module added without its entry is caught here, before a mutation run."""
    tests = fast_tests()
    modules = {source_of(name) for name in tests}
    assert None not in modules, [name for name in tests if source_of(name) is None]
    assert modules == set(PACKAGE.rglob("*.py"))
    for name, files in tests.items():
        assert files, name
        for file in files:
            path = file.split("::")[0]  # a file, or one test of it
            assert (ROOT / path).is_file(), f"{name}: {file}"
