"""The index of error messages by rule, read from the library's source at build time.

Every message that cites a rule, as ``... (R9)`` in its text or as a ``(message, "R9")``
pair that :class:`~chickenfoot.errors.IllegalMoveError` puts together, is found in
``src/chickenfoot`` by walking each module's syntax tree, and written to
``docs/_generated/errors.md``, grouped by rule; ``docs/errors.md`` includes that file.
A message added, changed or removed in the code changes the page with it.

The parts of a message filled in when it is raised (``f"seat {seat} does not hold
{tile}"``) are shown as *seat* and *tile*.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

import chickenfoot
import chickenfoot.errors

SOURCE = Path(chickenfoot.__file__).parent
_RULE = re.compile(r"^R(\d+)([a-z]?)$")
_CITED = re.compile(r"\s*\((R\d+[a-z]?)(?:[,-] ?R?\d+[a-z]?)*\)\s*$")


def _placeholder(node: ast.expr) -> str:
    """A short name for an interpolated value: ``{self._double()}`` reads *double*."""
    if isinstance(node, ast.Subscript):
        node = node.value
    text = ast.unparse(node)
    names = re.findall(r"[A-Za-z_]\w*", text)
    kept = [n for n in names if n not in ("self", "len", "str", "repr", "join")]
    return (kept[-1] if kept else "value").strip("_").replace("_", " ")


def _template(node: ast.expr) -> str | None:
    """The text of a string expression, placeholders as ``*name*``; None if not a string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                parts.append(f"\x00{_placeholder(value.value)}\x01")
        return "".join(parts)
    return None


def _exception(node: ast.Call) -> str | None:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name if name and (name.endswith("Error") or name == "Exception") else None


def messages() -> dict[str, set[tuple[str, str, str]]]:
    """Rule -> {(message, exception, module)} for every message in the source citing one."""
    found: dict[str, set[tuple[str, str, str]]] = defaultdict(set)
    if not SOURCE.is_dir():
        raise ExtensionError(f"no source to read the error messages from at {SOURCE}")
    for path in sorted(SOURCE.rglob("*.py")):  # subpackages included
        parts = path.relative_to(SOURCE).with_suffix("").parts
        module = ".".join(("chickenfoot", *(p for p in parts if p != "__init__")))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                text = _template(node.elts[0])
                rule = node.elts[1]
                if (
                    text is not None
                    and isinstance(rule, ast.Constant)
                    and isinstance(rule.value, str)
                    and _RULE.match(rule.value)
                ):
                    found[rule.value].add((text, "IllegalMoveError", module))
            elif isinstance(node, ast.Call) and _exception(node):
                texts = [t for t in map(_template, node.args) if t is not None]
                rules = [t for t in texts if _RULE.match(t)]
                for text in texts:
                    cited = _CITED.search(text)
                    if cited:
                        found[cited.group(1)].add(
                            (text[: cited.start()], _exception(node) or "", module)
                        )
                    elif rules and text not in rules:
                        found[rules[0]].add((text, _exception(node) or "", module))
                    elif (
                        not rules
                        and module != "chickenfoot.cli"
                        and not (_exception(node) or "_").startswith("_")
                    ):
                        found[""].add((text, _exception(node) or "", module))
    return found


def _key(rule: str) -> tuple[int, str]:
    m = _RULE.match(rule)
    return (int(m.group(1)), m.group(2)) if m else (10**6, "")


def _markdown_text(text: str) -> str:
    escaped = re.sub(r"([\\`*_\[\]<>|])", r"\\\1", text)
    return escaped.replace("\x00", "*").replace("\x01", "*")


def _exception_ref(name: str) -> str:
    if hasattr(chickenfoot.errors, name):
        return f"{{class}}`~chickenfoot.errors.{name}`"
    return f"{{class}}`{name}`"


def page() -> str:
    """The generated part of docs/errors.md."""
    found = messages()
    if sum(1 for rule in found if rule) < 10:  # the source changed shape: say so, loudly
        raise ExtensionError(f"the error index found messages for only {sorted(found)}")
    out: list[str] = []
    for rule in sorted(found, key=_key):
        merged = sorted({(text, exception) for text, exception, _ in found[rule]})
        if rule:
            out.append(f"({rule.lower()}-errors)=\n")
            out.append(f"### {rule}\n")
            out.append(f"Rule {{rule}}`{rule}`.\n")
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
