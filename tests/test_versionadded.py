"""Every public name says in which version it came: a ``.. versionadded::`` line.

The public names are those of ``__all__`` in ``chickenfoot`` and its public modules (see
the Stability page). A class's or a function's line is in its docstring, a constant's or
a type alias's in its ``#:`` comment. The sources are read, not imported, so that the
adapters are checked where their extras (pyspiel, pettingzoo) are not installed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "chickenfoot"

#: The public modules, as in tests/api_snapshot.py.
PUBLIC = [
    "__init__",
    "bots",
    "engine",
    "state",
    "errors",
    "simulation",
    "tournament",
    "pettingzoo",
    "openspiel",
    "analysis",
]


def _path(module: str, package: Path = PACKAGE) -> Path:
    """The file of ``module`` (dotted, relative to ``package``): a module or a package."""
    base = package.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _source(path: Path) -> tuple[ast.Module, list[str]]:
    text = path.read_text(encoding="utf-8")
    return ast.parse(text), text.splitlines()


def _all(tree: ast.Module) -> list[str]:
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            assert isinstance(node, ast.Assign)
            names = ast.literal_eval(node.value)
            assert isinstance(names, list)
            return names
    raise AssertionError("no __all__")


def _comment_above(lines: list[str], lineno: int) -> str:
    """The ``#:`` lines just above line ``lineno`` (counted from 1)."""
    out: list[str] = []
    index = lineno - 2
    while index >= 0 and lines[index].lstrip().startswith("#:"):
        out.insert(0, lines[index].lstrip()[2:])
        index -= 1
    return "\n".join(out)


def documentation(path: Path, name: str) -> str:
    """The docstring or ``#:`` comment of ``name`` where the module at ``path`` defines it,
    or where the module it imports ``name`` from does."""
    tree, lines = _source(path)
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == name:
            if any(ast.unparse(d).endswith("overload") for d in node.decorator_list):
                continue  # an @overload's signature: the docstring is on the definition
            return ast.get_docstring(node) or ""
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return _comment_above(lines, node.lineno)
    for found in ast.walk(tree):
        if not (isinstance(found, ast.ImportFrom) and found.level == 1 and found.module):
            continue
        for alias in found.names:
            if (alias.asname or alias.name) == name:
                return documentation(_path(found.module, path.parent), alias.name)
    raise AssertionError(f"{name} is neither defined nor imported in {path}")


PUBLIC_NAMES = [(module, name) for module in PUBLIC for name in _all(_source(_path(module))[0])]


@pytest.mark.parametrize(("module", "name"), PUBLIC_NAMES)
def test_every_public_name_says_when_it_came(module: str, name: str) -> None:
    assert ".. versionadded::" in documentation(_path(module), name)


def test_the_reader_finds_docstrings_comments_and_reexports() -> None:
    init = _path("__init__")
    assert len(PUBLIC_NAMES) > 60
    assert documentation(init, "Round").startswith("One round: the hands")
    assert documentation(init, "MAX_PIPS").startswith(" The largest number of pips")
    assert "Play" in documentation(init, "Move")
    assert "SVG" in documentation(init, "table_svg")
