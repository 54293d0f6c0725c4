"""The examples of the docs run as a reader would run them: pasted into a fresh Python.

Every ``>>>`` example in a docstring imports what it uses (``help()`` shows one docstring
alone), and every Python code block of the docs pages that is not a doctest runs as a
script. The pages' doctests run in the Sphinx doctest build, which has no hidden setup.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import chickenfoot

ADAPTERS = {"chickenfoot.pettingzoo": "pettingzoo", "chickenfoot.openspiel": "pyspiel"}
MODULES = sorted(
    info.name
    for info in pkgutil.iter_modules(chickenfoot.__path__, "chickenfoot.")
    if info.name != "chickenfoot.__main__"
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1


def _module(name: str) -> ModuleType:
    if name in ADAPTERS:
        pytest.importorskip(ADAPTERS[name])
    return importlib.import_module(name)


def _examples(module: ModuleType) -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    # An empty namespace for each docstring: no module globals, no names from other examples.
    tests = finder.find(module, module.__name__, globs={"__name__": "__doctest__"})
    return [t for t in tests if t.examples and t.name.startswith(module.__name__)]


def test_every_public_module_has_examples() -> None:
    assert "chickenfoot._round" in MODULES
    assert sum(len(_examples(importlib.import_module(m))) for m in ("chickenfoot._round",)) > 5


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_import_what_they_use(name: str) -> None:
    module = _module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    failed: list[str] = []
    for test in _examples(module):
        result = runner.run(test, out=lambda text: None, clear_globs=True)
        if result.failed:
            failed.append(f"{test.name} (line {test.lineno})")
    assert not failed, "examples that fail in a fresh namespace:\n" + "\n".join(failed)
