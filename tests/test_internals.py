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
