"""The index of error messages by rule, read from the library's source at build time.

Every message that cites a rule, as ``... (R9)`` in its text or as a ``(message, "R9")``
pair that :class:`~chickenfoot.errors.IllegalMoveError` puts together (or, for the
checks of a written position, :class:`~chickenfoot.errors.PositionError`), is found in
``src/chickenfoot`` by walking each module's syntax tree, and written to
``docs/_generated/errors.md``, grouped by rule; ``docs/errors.md`` includes that file.
A message added, changed or removed in the code changes the page with it.

The parts of a message filled in when it is raised (``f"seat {seat} does not hold
{tile}"``) are shown in words, as *seat* and *tile* (:data:`WORDS` names the short ones);
the module's constants by their values (``{MAX_PIPS}`` as 63); words that a message has
only in some cases in square brackets, ``[ or '-']``, and a choice of words as ``[the
match is over / the round in play is not over]``. Parts of messages and messages that
only put a place in front of another one (``f"{path}: {exc}"``) are left out.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    from sphinx.errors import ExtensionError
except ImportError:  # the tests read the index where Sphinx is not installed

    class ExtensionError(Exception):  # type: ignore[no-redef]
        """The error a broken index raises."""


if TYPE_CHECKING:
    from sphinx.application import Sphinx

import chickenfoot
import chickenfoot.errors

SOURCE = Path(chickenfoot.__file__).parent
RULES_GUIDE = Path(__file__).resolve().parents[1] / "guide" / "rules.md"
_RULE = re.compile(r"^R(\d+)([a-z]?)$")
_CITED = re.compile(r"\s*\((R\d+[a-z]?)(?:[,-] ?R?\d+[a-z]?)*\)\s*$")


# Marks in a message's template, turned into Markdown at the end: a placeholder, and the
# words that are there only in some cases (optional, or one of several).
_OPEN, _CLOSE, _SOME, _END = "\x00", "\x01", "\x02", "\x03"
#: Short or internal names of values, and what a reader calls them.
WORDS = {
    "t": "tile",
    "d": "double",
    "k": "number",
    "e": "reason",
    "exc": "reason",
    "error": "reason",
    "why": "reason",
    "i": "number",
    "due": "double",
    "bit count": "tiles held",
}
_SAFE_CALLS = {"sorted": sorted, "len": len, "str": str, "repr": repr, "list": list}
#: The functions whose ``(message, "R9")`` refusals are a written position's checks, which
#: reach the caller as a PositionError (a record's position as a RecordError around it),
#: never as a refused move; and those asked of a move and of a written layout alike.
POSITION_CHECKS = {
    ("chickenfoot._opening", "check_start"),
    ("chickenfoot._opening", "_highest_held"),
    ("chickenfoot._opening", "check_turn"),
    ("chickenfoot._drawing", "check_turn"),
    ("chickenfoot._house", "house_check_turn"),
}
MOVE_AND_LAYOUT_CHECKS = {("chickenfoot._table", "refusal")}


class _Module:
    """One module's syntax tree, with what is needed to read its messages in words."""

    def __init__(self, name: str, tree: ast.Module) -> None:
        self.name = name
        self.tree = tree
        self.parents = {
            child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)
        }
        try:
            self.values = vars(importlib.import_module(name))
        except ImportError:  # an adapter whose extra is not installed
            self.values = {}

    def scope(self, node: ast.AST) -> ast.AST:
        """The function (or the module) a node is in."""
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                return node
        return self.tree

    def assigned(self, name: str, scope: ast.AST) -> list[ast.expr] | None:
        """Every value the local ``name`` is given in ``scope``; None if it is also set
        another way (a parameter, a loop, ``except ... as``), whose value is not known."""
        values: list[ast.expr] = []
        for node in ast.walk(scope):
            if isinstance(node, ast.arg) and node.arg == name:
                return None
            if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
                parent = self.parents.get(node)
                if isinstance(parent, ast.Assign) and parent.targets == [node]:
                    values.append(parent.value)
                elif isinstance(parent, ast.Tuple) and isinstance(
                    self.parents.get(parent), ast.Assign
                ):
                    index = parent.elts.index(node)
                    for value in _branches(self.parents[parent].value):  # type: ignore[attr-defined]
                        if not isinstance(value, ast.Tuple) or len(value.elts) != len(parent.elts):
                            return None
                        values.append(value.elts[index])
                else:
                    return None
            elif isinstance(node, ast.ExceptHandler) and node.name == name:
                return None
        return values or None

    def constant(self, node: ast.expr) -> str | None:
        """The text of a value made of the module's constants alone (``MAX_PIPS``,
        ``", ".join(PRESETS)``), as the message shows it; None for anything else."""
        names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        constants = {n for n in names if n.isupper() and n in self.values}
        helpers = {n for n in names if n in _SAFE_CALLS or callable(self.values.get(n))}
        if not constants or names - constants - helpers:
            return None
        scope = {n: self.values[n] for n in names if n not in _SAFE_CALLS}
        try:
            value = eval(  # the module's own constants, read at build time
                compile(ast.Expression(node), "<message>", "eval"),
                {"__builtins__": {}, **_SAFE_CALLS, **scope},
            )
        except Exception:  # not a plain value: named instead
            return None
        if isinstance(value, (dict, list, tuple, set, frozenset)):
            return ", ".join(map(str, value))
        return str(value)

    def words(self, node: ast.expr, scope: ast.AST, depth: int = 0) -> str:
        """An interpolated value in words: a constant's value, the texts a local can
        hold, or what the value is (``{self._double()}`` reads *double*)."""
        shown = self.constant(node)
        if shown is not None:
            return shown
        if isinstance(node, ast.Name) and depth < 3:
            values = [b for v in self.assigned(node.id, scope) or [] for b in _branches(v)]
            texts = [self.template(v, scope, depth + 1) for v in values]
            if values and all(t is not None for t in texts):
                return _some([t for t in texts if t is not None])
        return f"{_OPEN}{_name(node)}{_CLOSE}"

    def template(self, node: ast.expr, scope: ast.AST, depth: int = 0) -> str | None:
        """The text of a string expression in words; None if it is not a string."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            parts = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    parts.append(str(value.value))
                elif isinstance(value, ast.FormattedValue):
                    inner = value.value
                    if value.conversion == ord("r") and self.constant(inner) is not None:
                        parts.append(repr(self.constant(inner)))
                        continue
                    shown = self.words(inner, scope, depth)
                    if shown == f"{_OPEN}n{_CLOSE}" and not "".join(parts).endswith("double-"):
                        shown = f"{_OPEN}number{_CLOSE}"  # n is the double-n set's alone
                    parts.append(shown)
            return "".join(parts)
        if isinstance(node, ast.IfExp):
            texts = [self.template(b, scope, depth) for b in _branches(node)]
            if all(t is not None for t in texts):
                return _some([t for t in texts if t is not None])
        return None


def _branches(node: ast.expr) -> list[ast.expr]:
    """The values an ``a if c else b`` expression can take (nested ones too)."""
    if isinstance(node, ast.IfExp):
        return _branches(node.body) + _branches(node.orelse)
    return [node]


def _some(texts: list[str]) -> str:
    """Texts of which one is shown: the one, or ``[a / b]`` (``[a]`` when it may be
    left out), spaces kept outside the brackets."""
    unique = list(dict.fromkeys(texts))
    shown = [t for t in unique if t.strip()]
    if len(unique) == 1:
        return unique[0]
    if not shown:
        return ""
    lead = min(len(t) - len(t.lstrip()) for t in shown)
    trail = min(len(t) - len(t.rstrip()) for t in shown)
    inner = " / ".join(t.strip() for t in shown)
    return f"{' ' * lead}{_SOME}{inner}{_END}{' ' * trail}"


def _name(node: ast.expr) -> str:
    """What an interpolated value is, in a word or two: ``{seat}`` *seat*,
    ``{TILES[d]}`` *double*, ``{ending.value}`` *ending*, ``{len(hands)}`` *number of
    hands*."""
    if isinstance(node, ast.Subscript):
        table = node.value
        if isinstance(table, ast.Name) and table.id.isupper():
            return _name(node.slice)  # a lookup table: the key says what it is
        return _name(table)
    if isinstance(node, ast.BinOp):
        return _name(node.left)  # {len(words) - 1}
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "a_number" and node.args:
            return f"a {_name(node.args[0])}"  # "an 8": the article and the number
        if isinstance(func, ast.Name) and func.id == "len" and node.args:
            counted = _name(node.args[0])
            return f"number of {counted}" if counted.endswith("s") else f"length of {counted}"
        if node.args and not (isinstance(func, ast.Attribute) and func.attr != "join"):
            return _name(node.args[-1])  # describe(value), map(str, missing), ", ".join(x)
        node = func
    if isinstance(node, ast.Attribute) and node.attr == "value":
        return _name(node.value)  # an enum's value
    text = ast.unparse(node)
    names = re.findall(r"[A-Za-z_]\w*", text)
    kept = [n for n in names if n not in ("self", "len", "str", "repr", "join")]
    word = (kept[-1] if kept else "value").strip("_").replace("_", " ")
    word = word.lower() if word.isupper() else word
    return WORDS.get(word, word)


def _exception(node: ast.Call) -> str | None:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name if name and (name.endswith("Error") or name == "Exception") else None


def _is_message(text: str) -> bool:
    """A whole message, not a part of one: it has words of its own besides the values
    filled in (``f"{double}"`` is a part; ``f"{path}: {exc}"`` only adds a place to
    another message, which is listed by itself)."""
    outside = re.sub(f"{_OPEN}[^{_CLOSE}]*{_CLOSE}", " ", text)
    return re.search(r"[A-Za-z]{2}", outside) is not None


def _wrapper(text: str) -> str | None:
    """The place a message puts in front of another error's message (``f"round
    {number}: {exc}"`` puts *round number*), or None for a message of its own."""
    shown = f"{_OPEN}reason{_CLOSE}"
    some = f"(?:{_SOME}[^{_END}]*{_END} )?"
    rule = f"(?: \\({_OPEN}rule{_CLOSE}\\))?"
    match = re.fullmatch(f"(.*): {some}{shown}{rule}", text, re.S)
    if match is None:
        return None
    outside = re.sub(f"{_OPEN}[^{_CLOSE}]*{_CLOSE}", " ", match.group(1))
    return match.group(1) if len(re.findall(r"[A-Za-z]{2,}", outside)) < 3 else None


def _rules_of(module: _Module, node: ast.expr, scope: ast.AST) -> list[str]:
    """The rule numbers a value can be: ``"R9"``, or a local set to ``"R6b" if ... else
    "R6"``."""
    values = [node]
    if isinstance(node, ast.Name):
        values = module.assigned(node.id, scope) or []
    found = []
    for value in values:
        for branch in _branches(value):
            text = branch.value if isinstance(branch, ast.Constant) else None
            if isinstance(text, str) and _RULE.match(text):
                found.append(text)
    return found


def _refusal_exceptions(module: str, scope: ast.AST) -> tuple[str, ...]:
    """The exceptions a refusal made in the function ``scope`` of ``module`` reaches the
    caller as: a refused move's, a written position's, or both."""
    where = (module, getattr(scope, "name", ""))
    if where in POSITION_CHECKS:
        return ("PositionError",)
    if where in MOVE_AND_LAYOUT_CHECKS:
        return ("IllegalMoveError", "PositionError")
    return ("IllegalMoveError",)


def messages() -> dict[str, set[tuple[str, str, str]]]:
    """Rule -> {(message, exception, module)} for every message in the source citing one."""
    found: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
    if not SOURCE.is_dir():
        raise ExtensionError(f"no source to read the error messages from at {SOURCE}")
    for path in sorted(SOURCE.rglob("*.py")):  # subpackages included
        parts = path.relative_to(SOURCE).with_suffix("").parts
        name = ".".join(("chickenfoot", *(p for p in parts if p != "__init__")))
        module = _Module(name, ast.parse(path.read_text(encoding="utf-8")))
        for node in ast.walk(module.tree):
            scope = module.scope(node)
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                # (message, "R9"), as refusals return them; not a part of an unpacking
                # assignment (searched, rule = (f"{double}", "R6")).
                parent = module.parents.get(node)
                while isinstance(parent, ast.IfExp):
                    parent = module.parents.get(parent)
                if isinstance(parent, ast.Assign) and isinstance(parent.targets[0], ast.Tuple):
                    continue
                text = module.template(node.elts[0], scope)
                if text is None or not _is_message(text):
                    continue
                for rule in _rules_of(module, node.elts[1], scope):
                    for exception in _refusal_exceptions(name, scope):
                        found[rule].add((text, exception, name))
            elif isinstance(node, ast.Call) and _exception(node):
                exception = _exception(node) or ""
                raw = [t for t in (module.template(a, scope) for a in node.args) if t]
                rules = [t for t in raw if _RULE.match(t)]
                for text in raw:
                    if not _is_message(text) or text in rules:
                        continue
                    cited = _CITED.search(text)
                    if cited:
                        found[cited.group(1)].add((text[: cited.start()], exception, name))
                    elif rules:
                        found[rules[0]].add((text, exception, name))
                    elif name != "chickenfoot.cli" and not exception.startswith("_"):
                        found[""].add((text, exception, name))
    return found


def _key(rule: str) -> tuple[int, str]:
    m = _RULE.match(rule)
    return (int(m.group(1)), m.group(2)) if m else (10**6, "")


def _markdown_text(text: str) -> str:
    escaped = re.sub(r"([\\`*_\[\]<>|])", r"\\\1", text)
    for mark, shown in ((_OPEN, "*"), (_CLOSE, "*"), (_SOME, "\\["), (_END, "\\]")):
        escaped = escaped.replace(mark, shown)
    return escaped


def rule_titles() -> dict[str, str]:
    """Each rule's title in the rules guide: ``"R7": "Opening"``."""
    text = RULES_GUIDE.read_text(encoding="utf-8")
    return dict(re.findall(r"^#+ (R\d+[a-z]?) (.+?)\s*$", text, re.M))


def _exception_ref(name: str) -> str:
    if hasattr(chickenfoot.errors, name):
        return f"{{class}}`~chickenfoot.errors.{name}`"
    return f"{{class}}`{name}`"


def page() -> str:
    """The generated part of docs/errors.md."""
    found = messages()
    if sum(1 for rule in found if rule) < 10:  # the source changed shape: say so, loudly
        raise ExtensionError(f"the error index found messages for only {sorted(found)}")
    titles = rule_titles()
    out: list[str] = []
    places: set[str] = set()
    for rule in sorted(found, key=_key):
        merged = []
        for text, exception in sorted({(text, exception) for text, exception, _ in found[rule]}):
            place = _wrapper(text)
            if place is None:
                merged.append((text, exception))
            else:
                places.add(place)
        if rule:
            if rule not in titles:
                raise ExtensionError(f"the error index: no rule {rule} in {RULES_GUIDE.name}")
            out.append(f"({rule.lower()}-errors)=\n")
            out.append(f"### {{rule}}`{rule}` {titles[rule]}\n")
        else:
            out.append("(other-errors)=\n")
            out.append("## Errors that cite no rule\n")
            out.append(
                "Bad arguments, move notation, records and settings that no game rule covers.\n"
            )
        out.append("| message | raised as |")
        out.append("|---|---|")
        for text, exception in merged:
            out.append(f"| {_markdown_text(text)} | {_exception_ref(exception)} |")
        out.append("")
    out.append("(error-places)=\n")
    out.append("## Where the problem is\n")
    out.append(
        "A message about a part of a game record, a position or a deal starts with where "
        "that part is, then gives the reason: one of the messages above (a refused move's "
        "rule comes last, in brackets), or the JSON reader's own for text that is not "
        "JSON:\n"
    )
    out.extend(f"- {_markdown_text(place)}: …" for place in sorted(places))
    out.append("")
    return "\n".join(out)


def _write(app: Sphinx) -> None:
    out = Path(app.srcdir) / "_generated"
    out.mkdir(exist_ok=True)
    text = page()
    path = out / "errors.md"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _write)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
