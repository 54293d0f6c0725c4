"""The module map of docs/internals.md holds: imports point one way, functions stay short.

The page lists the modules in levels, the package itself (its ``__init__``) among them. A
module's imports at import time (those at module level, outside ``if TYPE_CHECKING:``)
name only modules of earlier levels. A deferred import (inside a function) that does not
point down the levels is one of the page's table of allowed deferred imports, and every
pair of that table is still made somewhere, so the table can only shrink. The import
graph, deferred imports included, has the circles the page lists and no other, so a
circle can only shrink too. The same ratchet holds the page's table of functions over 80
lines and its table of the private modules each client module imports. Imports are read
from the syntax tree, not the text; imports for the type checker alone (under ``if
TYPE_CHECKING:``) never run, so they make no circle and point anywhere. The planned module
map's level table, the goal of the redesign, is checked to be an order: every module at
one level.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "chickenfoot"
PAGE = ROOT / "docs" / "internals.md"
#: The package itself, ``chickenfoot`` (its ``__init__``), as an import names it.
ROOT_NAME = "chickenfoot"
#: The public modules built on the rest; they import only what the page allows them.
CLIENTS = (
    "bots",
    "engine",
    "simulation",
    "cli",
    "pettingzoo",
    "openspiel",
    "tournament",
    "analysis",
)
#: The private modules every client may import: the adapters' one encoder and the seeds.
ALWAYS_ALLOWED = frozenset({"_encode", "_seeds"})
#: A function longer than this many lines is one of the page's listed long functions.
LONGEST = 80


def section(title: str) -> str:
    """The text of the page under the heading ``title``, up to the next heading of its
    level or above."""
    text = PAGE.read_text(encoding="utf-8")
    hashes = title.split(" ", 1)[0]
    body = text.split(f"\n{title}\n", 1)[1]
    stop = re.search(rf"^#{{1,{len(hashes)}}} ", body, flags=re.MULTILINE)
    return body[: stop.start()] if stop else body


def current_map() -> str:
    return section("## What may import what")


def levels() -> dict[str, int]:
    """Each module of the page's numbered list, with its level."""
    out: dict[str, int] = {}
    for line in current_map().splitlines():
        found = re.match(r"^(\d+)\. (.*)$", line)
        if found:
            for name in re.findall(r"`([\w.]+)`", found.group(2)):
                out[name] = int(found.group(1))
    return out


def cells_of(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def table_rows(text: str, header: str) -> list[list[str]]:
    """The cells of each row of the Markdown table whose first header cell is ``header``."""
    lines = text.splitlines()
    heads = [
        i for i, line in enumerate(lines) if line.startswith("|") and cells_of(line)[0] == header
    ]
    assert len(heads) == 1, f"docs/internals.md needs one table headed {header!r} there"
    rows = []
    for line in lines[heads[0] + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(cells_of(line))
    return rows


def names_in(cell: str) -> list[str]:
    """The names written in backquotes in a table cell."""
    return re.findall(r"`([^`]+)`", cell)


def modules() -> list[Path]:
    """Every module of the package, its ``__init__`` and ``__main__`` included."""
    return sorted(PACKAGE.rglob("*.py"))


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a module of the package, read once."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _top_names() -> frozenset[str]:
    return frozenset(top_name(p) for p in modules()) - {ROOT_NAME}


def top_name(path: Path) -> str:
    """The name of the page's entry for ``path``: its first part below the package, or
    :data:`ROOT_NAME` for the package's own ``__init__``."""
    if path == PACKAGE / "__init__.py":
        return ROOT_NAME
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


@attrs.frozen
class Import:
    """One import of a module of the package, by the top name of the module imported."""

    source: str  # the top name of the importing module
    target: str  # a top name, or ROOT_NAME for the package itself
    line: int
    function: str | None  # the function it sits in (deferred), or None (import time)
    type_only: bool  # under ``if TYPE_CHECKING:``


def _targets(node: ast.Import | ast.ImportFrom, path: Path) -> list[str]:
    """The top names of the package modules an import statement of ``path`` imports."""
    tops = _top_names()
    if isinstance(node, ast.Import):
        dotted = [alias.name.split(".") for alias in node.names]
    elif node.level:
        package = [ROOT_NAME, *path.relative_to(PACKAGE).parts[:-1]]
        base = package[: len(package) - (node.level - 1)]
        dotted = [[*base, *(node.module.split(".") if node.module else [])]]
        if not node.module or len(dotted[0]) == 1:  # from . import x, y
            dotted = [[*dotted[0], alias.name] for alias in node.names]
    else:
        dotted = [(node.module or "").split(".")]
        if dotted[0] == [ROOT_NAME]:
            dotted = [[ROOT_NAME, alias.name] for alias in node.names]
    out = []
    for parts in dotted:
        if parts[0] != ROOT_NAME:
            continue
        out.append(parts[1] if len(parts) > 1 and parts[1] in tops else ROOT_NAME)
    return out


def package_imports(path: Path, source: str | None = None) -> list[Import]:
    """Every import of the package in ``path`` (or in ``source`` as if it were ``path``'s
    text): at import time, type-only and deferred."""
    tree = parsed(path) if source is None else ast.parse(source)
    me = top_name(path)
    out: list[Import] = []

    def visit(node: ast.AST, function: str | None, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                out.extend(
                    Import(me, target, child.lineno, function, type_only)
                    for target in _targets(child, path)
                )
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(
                    child, child.name if function is None else f"{function}.{child.name}", type_only
                )
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for part in child.body:
                    visit(ast.Module(body=[part], type_ignores=[]), function, True)
                for part in child.orelse:
                    visit(ast.Module(body=[part], type_ignores=[]), function, type_only)
            else:
                visit(child, function, type_only)

    visit(tree, None, False)
    return out


def import_time_imports(path: Path) -> set[str]:
    """The package modules ``path`` imports when it is imported, by their top names."""
    return {
        i.target
        for i in package_imports(path)
        if i.function is None and not i.type_only and i.target != top_name(path)
    }


def deferred_imports(path: Path, source: str | None = None) -> list[Import]:
    """The imports of other package modules inside the functions of ``path``."""
    return [
        i
        for i in package_imports(path, source)
        if i.function is not None and not i.type_only and i.target != top_name(path)
    ]


def allowed_deferred() -> set[tuple[str, str]]:
    """The page's table of deferred imports that do not point down: (module, imported)."""
    out = set()
    for cells in table_rows(current_map(), "deferred import"):
        found = re.fullmatch(r"`([\w.]+) -> ([\w.]+)`", cells[0])
        assert found, (
            f"docs/internals.md: write a deferred import as `module -> module`: {cells[0]}"
        )
        out.add((found.group(1), found.group(2)))
    return out


def upward_deferred(
    sources: dict[Path, str] | None = None,
) -> dict[tuple[str, str], list[str]]:
    """The deferred imports of the package that do not point down the levels, with where
    each is made; ``sources`` replaces the text of some modules."""
    listed = levels()
    out: dict[tuple[str, str], list[str]] = {}
    for path in modules():
        for i in deferred_imports(path, (sources or {}).get(path)):
            if listed[i.target] >= listed[i.source]:
                where = f"{path.relative_to(PACKAGE)}:{i.line} ({i.function})"
                out.setdefault((i.source, i.target), []).append(where)
    return out


def import_graph(
    sources: dict[Path, str] | None = None, *, deferred: bool = True
) -> dict[str, set[str]]:
    """Each module with the modules it imports when it runs: at import time and, with
    ``deferred``, inside its functions; ``sources`` replaces the text of some modules."""
    graph: dict[str, set[str]] = {}
    for path in modules():
        me = top_name(path)
        targets = graph.setdefault(me, set())
        for i in package_imports(path, (sources or {}).get(path)):
            if not i.type_only and i.target != me and (deferred or i.function is None):
                targets.add(i.target)
    return graph


def import_circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The circles of ``graph``: its strongly connected parts of two modules or more, the
    modules of each reaching one another by imports."""

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for target in graph.get(todo.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen

    reached = {name: reach(name) for name in graph}
    parts = {
        frozenset({name} | {other for other in reached[name] if name in reached[other]})
        for name in graph
    }
    return {part for part in parts if len(part) > 1}


def listed_circles() -> set[frozenset[str]]:
    """The page's table of the import circles, each as the set of its modules."""
    return {frozenset(names_in(cells[1])) for cells in table_rows(current_map(), "circle")}


def long_functions_in(source: str | ast.Module, module: str) -> dict[str, int]:
    """The functions of ``source`` over :data:`LONGEST` lines (from ``def`` to the last
    line), by their dotted names below the package (``_sampling._Plan.__init__``)."""
    out: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}.{child.name}"
                assert child.end_lineno is not None
                length = child.end_lineno - child.lineno + 1
                if length > LONGEST:
                    out[name] = length
                walk(child, name)
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}.{child.name}")
            else:
                walk(child, prefix)

    walk(ast.parse(source) if isinstance(source, str) else source, module)
    return out


def long_functions() -> dict[str, int]:
    """Every function of the package over :data:`LONGEST` lines."""
    out: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        out |= long_functions_in(parsed(path), module)
    return out


def listed_long_functions() -> dict[str, int]:
    """The page's table of functions over 80 lines, with the lengths it allows."""
    rows = table_rows(current_map(), "function")
    return {names_in(cells[0])[0]: int(cells[1]) for cells in rows}


def client_allowance() -> dict[str, set[str]]:
    """The page's table of the private modules each client module may import besides
    :data:`ALWAYS_ALLOWED` (``none``: no other)."""
    rows = table_rows(current_map(), "client")
    return {names_in(cells[0])[0]: set(names_in(cells[1])) for cells in rows}


def private_imports(client: str) -> dict[str, list[int]]:
    """The private package modules ``client`` imports (at import time, for types or
    deferred), with the lines of those imports."""
    out: dict[str, list[int]] = {}
    for i in package_imports(PACKAGE / f"{client}.py"):
        if i.target.startswith("_"):
            out.setdefault(i.target, []).append(i.line)
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
    assert "simulation" not in import_time_imports(PACKAGE / "cli.py")  # deferred only
    assert "simulation" in {i.target for i in deferred_imports(PACKAGE / "cli.py")}
    assert "bots" in {i.target for i in package_imports(PACKAGE / "cli.py") if i.type_only}
    assert ROOT_NAME in import_time_imports(PACKAGE / "bots.py")  # the public faces
    assert "_seeds" in private_imports("simulation")
    assert "_encode" in private_imports("pettingzoo")
    assert "_engine" in private_imports("state")  # not a client: it may


def test_deferred_imports_point_down_or_are_listed() -> None:
    """A deferred import that does not point down the levels is on the page's table."""
    allowed = allowed_deferred()
    stray = {pair: where for pair, where in upward_deferred().items() if pair not in allowed}
    assert not stray, (
        "deferred imports pointing up that docs/internals.md does not allow (import at "
        f"the top from a lower level, or move the code): {stray}"
    )


def test_listed_deferred_imports_are_still_made() -> None:
    """The table of allowed deferred imports only shrinks: each pair is still made."""
    gone = allowed_deferred() - set(upward_deferred())
    assert not gone, f"remove {sorted(gone)} from the deferred imports of docs/internals.md"


def test_the_deferred_check_sees_a_stray_import() -> None:
    """A deferred import of the engine put into the tiles module is caught; one pointing
    down is not."""
    tiles = PACKAGE / "_tiles.py"
    stray = tiles.read_text(encoding="utf-8") + (
        "\n\ndef _stray() -> object:\n    from ._engine import State\n\n    return State\n"
    )
    found = upward_deferred({tiles: stray})
    assert ("_tiles", "_engine") in found
    assert ("_tiles", "_engine") not in allowed_deferred()
    assert found[("_tiles", "_engine")] == [f"_tiles.py:{stray.count(chr(10)) - 2} (_stray)"]
    down = PACKAGE / "_engine.py"
    text = (
        down.read_text(encoding="utf-8")
        + "\n\ndef _down() -> None:\n    from ._tiles import TILES\n"
    )
    assert set(upward_deferred({down: text})) == set(upward_deferred())


def test_the_import_circles_are_the_listed_ones() -> None:
    """The import graph, deferred imports included, has the page's circles and no other: a
    new circle, or a module joining one, fails; so does a circle that has shrunk or gone
    until the page says so (the table only shrinks)."""
    found, listed = import_circles(import_graph()), listed_circles()
    new = sorted(sorted(c) for c in found if not any(c <= old for old in listed))
    assert not new, (
        f"new import circles (or modules joining one), which docs/internals.md does not "
        f"list: {new}; import the shared code from a lower level instead"
    )
    stale = sorted(sorted(c) for c in listed - found)
    assert not stale, (
        f"the import circles of docs/internals.md have shrunk; the circles are now "
        f"{sorted(sorted(c) for c in found)}, not {stale}"
    )


def test_import_time_imports_alone_make_no_circle() -> None:
    """The levels forbid a circle of import-time imports, so every listed circle (the
    table may be empty) closes through a deferred import of the page's table, and the
    circle check reads them."""
    assert import_circles(import_graph(deferred=False)) == set()
    for circle in listed_circles():
        assert any(a in circle and b in circle for a, b in allowed_deferred())


def test_the_circle_check_sees_a_planted_circle() -> None:
    """The notation imports the errors at import time, down the levels; an import of the
    notation planted in a function of the errors points up, so the deferred check refuses
    it, and the two make a circle, which the circle check finds."""
    listed = levels()
    assert listed["errors"] < listed["_notation"]
    assert "errors" in import_time_imports(PACKAGE / "_notation.py")
    errors = PACKAGE / "errors.py"
    planted = errors.read_text(encoding="utf-8") + (
        "\n\ndef _planted() -> object:\n    from ._notation import parse_move\n\n"
        "    return parse_move\n"
    )
    assert ("errors", "_notation") in upward_deferred({errors: planted})
    assert ("errors", "_notation") not in allowed_deferred()
    found = import_circles(import_graph({errors: planted}))
    assert frozenset({"errors", "_notation"}) in found
    assert not any(frozenset({"errors", "_notation"}) <= c for c in listed_circles())


def test_the_circle_finder_on_a_small_graph() -> None:
    """Two circles that share no module stay apart; a module that only points into a
    circle is not in it; a module importing itself is no circle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": {"f"}}
    assert import_circles(graph) == {frozenset("abc"), frozenset("de")}
    graph["a"].add("e")
    assert import_circles(graph) == {frozenset("abcde")}


def test_no_function_is_over_80_lines_unless_listed() -> None:
    """Functions over 80 lines are the page's listed ones, each no longer than listed."""
    listed = listed_long_functions()
    found = long_functions()
    unlisted = {name: n for name, n in found.items() if name not in listed}
    assert not unlisted, f"split these functions (over {LONGEST} lines): {unlisted}"
    grown = {name: n for name, n in found.items() if n > listed[name]}
    assert not grown, f"longer than docs/internals.md allows: {grown}"


def test_listed_long_functions_are_still_long() -> None:
    """The table of long functions only shrinks: each is still there and over 80 lines."""
    listed = listed_long_functions()
    assert "| function | lines |" in current_map()  # the table is read, even when empty
    short = sorted(set(listed) - set(long_functions()))
    assert not short, f"remove {short} from the long functions of docs/internals.md"


def test_the_length_check_measures_functions() -> None:
    """81 lines from ``def`` to the end are too long, 80 are not; methods and nested
    functions are named by their dotted path."""

    def lines(count: int, indent: str) -> str:
        return "".join(f"{indent}x{i} = {i}\n" for i in range(count))

    source = (
        "class Plan:\n"
        "    def build(self) -> None:\n"  # 1 + 78 + 2 = 81 lines
        f"{lines(78, ' ' * 8)}"
        "        def inner() -> None:\n"
        "            pass\n"
        "\n"
        "def short() -> None:\n"  # 1 + 79 = 80 lines
        f"{lines(79, ' ' * 4)}"
        "\n"
        "def outer() -> None:\n"  # 1 + 1 + 80 = 82 lines, inner 81
        "    def inner() -> None:\n"
        f"{lines(80, ' ' * 8)}"
    )
    assert long_functions_in(source, "_m") == {
        "_m.Plan.build": 81,
        "_m.outer": 82,
        "_m.outer.inner": 81,
    }


@pytest.mark.parametrize("client", CLIENTS)
def test_clients_import_public_modules_or_their_allowance(client: str) -> None:
    """A client module imports public modules, ``_encode`` and ``_seeds`` and, until the
    redesign moves it onto named APIs, the private modules the page lists for it."""
    allowance = client_allowance()
    assert set(allowance) == set(CLIENTS)
    allowed = allowance[client] | ALWAYS_ALLOWED
    imported = private_imports(client)
    extra = {name: lines for name, lines in imported.items() if name not in allowed}
    assert not extra, f"{client}.py imports private modules the page does not allow: {extra}"
    unused = sorted(allowance[client] - set(imported))
    assert not unused, f"remove {unused} from {client}'s allowance in docs/internals.md"


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


def planned_levels() -> list[tuple[int, list[str]]]:
    """The level table of the planned module map: each level with its modules."""
    rows = table_rows(section("### The module map, planned"), "level")
    return [(int(cells[0]), names_in(cells[1])) for cells in rows]


def test_the_planned_map_is_an_order() -> None:
    """The planned map is a valid order for the steps to reach: levels 1, 2, ... in
    turn, each with a module, and every module named at one level only."""
    planned = planned_levels()
    assert [level for level, _ in planned] == list(range(1, len(planned) + 1))
    assert all(names for _, names in planned)
    named = [name for _, names in planned for name in names]
    twice = sorted({name for name in named if named.count(name) > 1})
    assert not twice, f"the planned module map names {twice} more than once"
    assert all(re.fullmatch(r"_?[a-z]+", name) for name in named), named
    assert {"_tiles", "_engine", "bots", "cli"} <= set(named)
