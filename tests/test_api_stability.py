"""The public API may grow but not break without a deliberate update of its snapshot.

See ``tests/api_snapshot.py`` for how to record the snapshot after a change made on purpose,
and the versioning policy in the docs for when such a change may be made.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest
from api_snapshot import SNAPSHOT, collect, describe, incompatibilities

import chickenfoot
import chickenfoot.bots

RECORDED: dict[str, dict[str, Any] | None] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
CURRENT = collect()


@pytest.mark.parametrize("module", sorted(RECORDED))
def test_no_public_name_removed_or_changed_incompatibly(module: str) -> None:
    old, new = RECORDED[module], CURRENT.get(module)
    assert old is not None, f"the snapshot lacks {module}: record it with the extras installed"
    if new is None:
        # An adapter whose extra is not installed here: the adapters session compares it.
        assert module in ("chickenfoot.pettingzoo", "chickenfoot.openspiel")
        return
    problems = [f"{module}.{name} was removed" for name in old if name not in new]
    for name, entry in old.items():
        if name in new:
            problems += incompatibilities(entry, new[name], f"{module}.{name}")
    assert not problems, (
        "the public API changed incompatibly; if that is on purpose, note it in CHANGELOG.md "
        "and run `python tests/api_snapshot.py`:\n" + "\n".join(problems)
    )


def test_the_snapshot_knows_every_public_module() -> None:
    assert set(RECORDED) == set(CURRENT)


# -- the checker itself: each kind of break is caught, and growth is not a break ----------


def _function(*params: tuple[str, str, str | None]) -> dict[str, Any]:
    return {"kind": "function", "signature": [list(p) for p in params]}


OLD = _function(("rules", "POSITIONAL_OR_KEYWORD", None), ("seed", "KEYWORD_ONLY", "None"))


@pytest.mark.parametrize(
    ("new", "complaint"),
    [
        (_function(("rules", "POSITIONAL_OR_KEYWORD", None)), "keyword seed was removed"),
        (
            _function(("variant", "POSITIONAL_OR_KEYWORD", None), ("seed", "KEYWORD_ONLY", "None")),
            "parameter 1 was rules, is now variant",
        ),
        (
            _function(("rules", "KEYWORD_ONLY", None), ("seed", "KEYWORD_ONLY", "None")),
            "rules can no longer be passed by position",
        ),
        (
            _function(("rules", "POSITIONAL_OR_KEYWORD", None), ("seed", "KEYWORD_ONLY", None)),
            "seed lost its default None",
        ),
        (
            _function(("rules", "POSITIONAL_OR_KEYWORD", None), ("seed", "KEYWORD_ONLY", "0")),
            "the default changed from None to 0",
        ),
        (
            _function(
                ("rules", "POSITIONAL_OR_KEYWORD", None),
                ("seed", "KEYWORD_ONLY", "None"),
                ("players", "KEYWORD_ONLY", None),
            ),
            "new parameter players has no default",
        ),
        ({"kind": "class", "signature": None, "members": {}}, "was a function, is now a class"),
    ],
)
def test_the_checker_reports_each_kind_of_break(new: dict[str, Any], complaint: str) -> None:
    problems = incompatibilities(OLD, new, "f")
    assert any(complaint in p for p in problems), problems


def test_the_checker_accepts_growth() -> None:
    grown = _function(
        ("rules", "POSITIONAL_OR_KEYWORD", None),
        ("players", "POSITIONAL_OR_KEYWORD", "2"),
        ("seed", "KEYWORD_ONLY", "None"),
        ("first", "KEYWORD_ONLY", "0"),
    )
    assert incompatibilities(OLD, grown, "f") == []


def test_the_checker_sees_a_removed_method_and_enum_member() -> None:
    old = describe(chickenfoot.Round)
    new = {**old, "members": {k: v for k, v in old["members"].items() if k != "apply"}}
    assert incompatibilities(old, new, "Round") == ["Round.apply was removed"]
    ending = describe(chickenfoot.Ending)
    fewer = {"kind": "enum", "members": {"WENT_OUT": ending["members"]["WENT_OUT"]}}
    assert incompatibilities(ending, fewer, "Ending") == ["Ending.BLOCKED was removed"]


# -- deprecations --------------------------------------------------------------------------

_SOURCE = Path(__file__).resolve().parents[1] / "src" / "chickenfoot"
#: A deprecation warning's message starts with what is deprecated:
#: ``SearchPlayer(max_tries=...)`` or ``RoundView.sample_state(max_tries=...)``.
_DEPRECATED = re.compile(r"^(?P<owner>[A-Z]\w*)(?:\.(?P<method>\w+))?\((?P<param>\w+)=\.\.\.\)")


def _deprecations() -> list[tuple[str, str | None, str]]:
    """(class, method or None, parameter) of every DeprecationWarning the library warns."""
    found = []
    for path in sorted(_SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "warnings.warn"):
                continue
            if "DeprecationWarning" not in ast.unparse(node):
                continue
            text = ast.unparse(node.args[0]).strip("'\"")
            named = _DEPRECATED.match(text)
            assert named is not None, f"{path.name}: {text!r} does not start with its name"
            found.append((named["owner"], named["method"], named["param"]))
    return found


def _field_doc(cls: type, name: str) -> str:
    """The ``#:`` comment lines just above a field in the class body."""
    lines, _ = inspect.getsourcelines(cls)
    at = next(i for i, line in enumerate(lines) if re.match(rf"\s+{name}\s*:", line))
    doc = []
    for line in reversed(lines[:at]):
        if not line.strip().startswith("#:"):
            break
        doc.append(line.strip().removeprefix("#:"))
    return "\n".join(reversed(doc))


def test_every_deprecated_name_has_a_deprecated_note() -> None:
    deprecations = _deprecations()
    assert ("SearchPlayer", None, "max_tries") in deprecations
    for owner, method, param in deprecations:
        cls = getattr(chickenfoot, owner, None) or getattr(chickenfoot.bots, owner)
        doc = (inspect.getdoc(getattr(cls, method)) or "") if method else _field_doc(cls, param)
        note = re.search(r"\.\. deprecated:: (\d+\.\d+)\n((?:\s+.*\n?)+)", doc)
        where = f"{owner}.{method or param}"
        assert note is not None, f"{where} has no deprecated note"
        assert f"``{param}``" in note.group(2), f"{where}: the note does not name {param}"
        assert re.search(r"goes away in\s+\d+\.\d+", note.group(2)), f"{where}: no release"
