"""The public API may grow but not break without a deliberate update of its snapshot.

See ``tests/api_snapshot.py`` for how to record the snapshot after a change made on purpose,
and the versioning policy in the docs for when such a change may be made.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from api_snapshot import SNAPSHOT, collect, describe, incompatibilities

import chickenfoot

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
