"""The public API as data: every public name of every public module, with its signature.

``tests/test_api_stability.py`` compares the API of the code under test with the snapshot
kept in ``tests/api_snapshot.json`` and fails on a removal or an incompatible change.
After a change made on purpose (and announced in the changelog, see the docs' versioning
policy), record the new API::

    python tests/api_snapshot.py

Only what a user can reach counts: the names in each public module's ``__all__``, and for
classes their public attributes, methods and properties.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import json
import sys
import typing
from pathlib import Path
from typing import Any

SNAPSHOT = Path(__file__).with_name("api_snapshot.json")

#: The public modules. The adapters need their extras; where those are missing their
#: entries are left out of the comparison (the ``adapters`` session has them installed).
MODULES = (
    "chickenfoot",
    "chickenfoot.errors",
    "chickenfoot.bots",
    "chickenfoot.engine",
    "chickenfoot.state",
    "chickenfoot.simulation",
    "chickenfoot.tournament",
    "chickenfoot.testing",
    "chickenfoot.analysis",
    "chickenfoot.pettingzoo",
    "chickenfoot.openspiel",
)

#: Classes of which only some members are public (the Stability page): their promised
#: members by class, and no constructor (a state is made by the engine, never by users).
PROMISED: dict[str, tuple[str, ...]] = {
    "chickenfoot.state.State": (
        "after",
        "drawn_key",
        "hands",
        "info_key",
        "legal_moves",
        "outcome",
        "play_out",
        "position_key",
        "rules",
        "table",
        "to_move",
    ),
    "chickenfoot.state.TableState": ("info_key", "opens", "places", "playable", "suit"),
}

Parameter = list[Any]  # [name, kind, default repr or None]
Entry = dict[str, Any]


def signature(obj: Any) -> list[Parameter] | None:
    """The parameters of a callable as ``[name, kind, default]``, or ``None`` where Python
    cannot tell (a class compiled by mypyc, a builtin)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    out: list[Parameter] = []
    for p in sig.parameters.values():
        default = None if p.default is inspect.Parameter.empty else repr(p.default)
        out.append([p.name, p.kind.name, default])
    return out


def _own_members(cls: type) -> dict[str, Entry]:
    members: dict[str, Entry] = {}
    for name in sorted(dir(cls)):
        if name.startswith("_"):
            continue
        owner = next((k for k in cls.__mro__ if name in vars(k)), None)
        if owner is None or owner.__module__.split(".")[0] != "chickenfoot":
            continue  # inherited from object, Enum, Exception, …
        raw = vars(owner)[name]
        if isinstance(raw, property):
            members[name] = {"kind": "property"}
        elif isinstance(raw, (classmethod, staticmethod)):
            members[name] = {"kind": type(raw).__name__, "signature": signature(getattr(cls, name))}
        elif callable(raw):
            members[name] = {"kind": "method", "signature": signature(raw)}
        else:
            members[name] = {"kind": "attribute"}
    return members


def describe(obj: Any, where: str = "") -> Entry:
    """What the API promises about one public object (``where``: its dotted public name)."""
    if where in PROMISED:
        members = _own_members(obj)
        promised = {name: members[name] for name in PROMISED[where] if name in members}
        return {"kind": "class", "members": promised}
    if typing.get_origin(obj) is not None:
        # A type alias (engine.Policy): a class to inspect on Python 3.10, a callable on
        # 3.11 and later; either way what it promises is its name.
        return {"kind": "type alias"}
    if inspect.isclass(obj):
        if issubclass(obj, enum.Enum):
            return {"kind": "enum", "members": {m.name: repr(m.value) for m in obj}}
        entry: Entry = {"kind": "class", "members": _own_members(obj)}
        if issubclass(obj, BaseException):
            entry["bases"] = [b.__name__ for b in obj.__mro__[1:] if b is not object]
        else:
            entry["signature"] = signature(obj)
        return entry
    if callable(obj):
        return {"kind": "function", "signature": signature(obj)}
    return {"kind": "value", "type": type(obj).__name__}


def collect() -> dict[str, dict[str, Entry] | None]:
    """The public API of every module in :data:`MODULES` (``None``: not importable here)."""
    api: dict[str, dict[str, Entry] | None] = {}
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            api[name] = None
            continue
        api[name] = {
            attr: describe(getattr(module, attr), f"{name}.{attr}")
            for attr in sorted(module.__all__)
        }
    return api


def incompatibilities(old: Entry, new: Entry, where: str) -> list[str]:
    """Why code written against ``old`` could break against ``new`` (empty: it cannot)."""
    if old["kind"] != new["kind"]:
        return [f"{where} was a {old['kind']}, is now a {new['kind']}"]
    problems: list[str] = []
    if "signature" in old:
        problems += _signature_breaks(old["signature"], new.get("signature"), where)
    if old["kind"] == "enum":
        for member in old["members"]:
            if member not in new["members"]:
                problems.append(f"{where}.{member} was removed")
            elif old["members"][member] != new["members"][member]:
                problems.append(f"{where}.{member} changed its value")
    elif "members" in old:
        for member, entry in old["members"].items():
            if member not in new["members"]:
                problems.append(f"{where}.{member} was removed")
            else:
                problems += incompatibilities(entry, new["members"][member], f"{where}.{member}")
    for base in old.get("bases", ()):
        if base not in new.get("bases", ()):
            problems.append(f"{where} is no longer a {base}")
    return problems


_POSITIONAL = ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")


def _signature_breaks(
    old: list[Parameter] | None, new: list[Parameter] | None, where: str
) -> list[str]:
    if old is None or new is None:
        return []  # unreadable here (compiled); the pure run compares it
    problems: list[str] = []
    old_pos = [p for p in old if p[1] in _POSITIONAL]
    new_pos = [p for p in new if p[1] in _POSITIONAL]
    by_name = {p[0]: p for p in new}
    kinds = {p[1] for p in new}
    for i, (name, kind, default) in enumerate(old_pos):
        if i >= len(new_pos):
            if kind == "POSITIONAL_OR_KEYWORD" and name in by_name:
                problems.append(f"{where}: {name} can no longer be passed by position")
            else:
                problems.append(f"{where}: positional parameter {name} was removed")
            continue
        if kind == "POSITIONAL_OR_KEYWORD" and new_pos[i][0] != name:
            problems.append(f"{where}: parameter {i + 1} was {name}, is now {new_pos[i][0]}")
            continue
        problems += _default_breaks(default, new_pos[i][2], f"{where}: {name}")
    for name, kind, default in old:
        if kind == "KEYWORD_ONLY":
            if name not in by_name or by_name[name][1] not in (
                "KEYWORD_ONLY",
                "POSITIONAL_OR_KEYWORD",
            ):
                problems.append(f"{where}: keyword {name} was removed")
            else:
                problems += _default_breaks(default, by_name[name][2], f"{where}: {name}")
        elif kind in ("VAR_POSITIONAL", "VAR_KEYWORD") and kind not in kinds:
            problems.append(f"{where}: no longer takes *{name} ({kind.lower()})")
    old_names = {p[0] for p in old}
    for name, kind, default in new:
        if name not in old_names and default is None and kind in (*_POSITIONAL, "KEYWORD_ONLY"):
            problems.append(f"{where}: new parameter {name} has no default")
    return problems


def _default_breaks(old: str | None, new: str | None, where: str) -> list[str]:
    if old is None:
        return []
    if new is None:
        return [f"{where} lost its default {old}"]
    if new != old:
        return [f"{where}: the default changed from {old} to {new}"]
    return []


def main() -> None:
    api = collect()
    missing = [name for name, entries in api.items() if entries is None]
    if missing:
        sys.exit(
            f"cannot import {', '.join(missing)}: install the extras first "
            "(pip install -e '.[pettingzoo,openspiel]') so the snapshot holds every module"
        )
    SNAPSHOT.write_text(json.dumps(api, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT}")


if __name__ == "__main__":
    main()
