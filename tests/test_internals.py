"""The module map of docs/internals.md holds: imports point one way.

The page lists the modules in levels; a module's import-time imports (those at module
level, outside ``if TYPE_CHECKING:``) may name only modules of earlier levels. Deferred
imports inside functions are the documented back edges and are not checked here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "chickenfoot"
PAGE = ROOT / "docs" / "internals.md"


def levels() -> dict[str, int]:
    """Each module of the page's numbered list, with its level."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## What may import what", 1)[1].split("##", 1)[0]
    out: dict[str, int] = {}
    for line in section.splitlines():
        found = re.match(r"^(\d+)\. (.*)$", line)
        if found:
            for name in re.findall(r"`([\w.]+)`", found.group(2)):
                out[name] = int(found.group(1))
    return out


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name not in {"__init__.py", "__main__.py"})


def top_name(path: Path) -> str:
    """The name of the page's entry for ``path``: its first part below the package."""
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def import_time_imports(path: Path) -> set[str]:
    """The package modules ``path`` imports when it is imported, by their top names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    depth = len(path.relative_to(PACKAGE).parts) - 1  # 1 inside _pictures
    out: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.If | ast.Try):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.ImportFrom) and node.level:
                parts = (node.module or "").split(".")
                if node.level > depth:  # a module of the package's top level
                    out.add(parts[0])
                elif depth and node.level == 1 and node.module is None:
                    continue
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "chickenfoot."
            ):
                out.add(node.module.split(".")[1])  # type: ignore[union-attr]

    visit(tree.body)
    return out


def test_every_module_is_on_the_page() -> None:
    listed = levels()
    missing = {top_name(p) for p in modules()} - set(listed)
    assert not missing, f"add {sorted(missing)} to the module map of docs/internals.md"


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down_the_map(path: Path) -> None:
    listed = levels()
    me = top_name(path)
    for name in import_time_imports(path):
        if name == me:
            continue
        assert listed[name] < listed[me], (
            f"{path.relative_to(PACKAGE)} imports {name} (level {listed[name]}) at import "
            f"time, but sits at level {listed[me]} of docs/internals.md"
        )


def test_the_checker_sees_imports() -> None:
    """The checker is not blind: the round imports the engine, the views the round."""
    assert "_engine" in import_time_imports(PACKAGE / "_round.py")
    assert "_round" in import_time_imports(PACKAGE / "_views.py")
    assert "_tiles" in import_time_imports(PACKAGE / "_pictures" / "text.py")
    assert "_views" not in import_time_imports(PACKAGE / "_round.py")  # deferred only


def _own_private_attributes(tree: ast.Module) -> set[str]:
    """The private attribute names the classes of a module declare or set on ``self``."""
    names: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        names.add(target.id)
                    if isinstance(target, ast.Name) and target.id == "__slots__":
                        names.update(
                            c.value
                            for c in ast.walk(node.value)
                            if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        )
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node.name)
                names.update(
                    sub.attr
                    for sub in ast.walk(node)
                    if isinstance(sub, ast.Attribute)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id == "self"
                )

    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            walk(node.body)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def private_reads(source: str) -> list[str]:
    """Reads of a private attribute (``x._name``) of a class the module does not define."""
    tree = ast.parse(source)
    own = _own_private_attributes(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or name.startswith("__") or name in own:
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reads_another_class_private_attributes(path: Path) -> None:
    """Modules use public API or the named internals of docs/internals.md."""
    assert private_reads(path.read_text(encoding="utf-8")) == []


def test_the_private_read_check_is_not_blind() -> None:
    source = (
        "class Own:\n"
        "    _mine: int\n"
        "def f(rnd, own: Own, view):\n"
        "    return rnd._state, own._mine, view._table, object.__setattr__\n"
    )
    assert private_reads(source) == ["line 4: rnd._state", "line 4: view._table"]
