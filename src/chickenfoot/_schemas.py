"""The JSON Schemas of the formats, shipped inside the package and loaded by name."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final, Literal, TypeAlias

__all__ = ["SCHEMA_NAMES", "SchemaName", "schema"]

#: The name of a shipped schema: ``"record"`` (game records), ``"view"`` (what a server
#: sends a seat) or ``"rules"`` (a variant, alone or inside the other two).
SchemaName: TypeAlias = Literal["record", "view", "rules"]
SCHEMA_NAMES: Final[tuple[SchemaName, ...]] = ("record", "view", "rules")


def _file(name: str) -> str:
    return f"{name}.schema.json"


def _load(name: str) -> dict[str, Any]:
    text = (resources.files("chickenfoot") / "schemas" / _file(name)).read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _refers_to(value: object) -> set[str]:
    """The schema files that ``value`` refers to with a ``$ref`` to another file."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str) and not item.startswith("#"):
                found.add(item.split("#", 1)[0])
            else:
                found |= _refers_to(item)
    elif isinstance(value, list):
        for item in value:
            found |= _refers_to(item)
    return found


def schema(name: SchemaName) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a format of the library, as a new dict.

    ``"record"`` describes game records (:doc:`/records`), ``"view"`` the views a server
    sends each seat (:doc:`/views`) and ``"rules"`` a variant (:meth:`Rules.to_json
    <chickenfoot.Rules.to_json>`), which records and views hold under ``"rules"``. The
    schemas ship inside the package, as ``chickenfoot/schemas/<name>.schema.json``.

    In those files the record and view schemas refer to ``rules.schema.json``; the schema
    returned here holds that file under ``$defs`` with its ``$id``, so that it validates
    on its own, with no registry and no network:

    >>> import jsonschema
    >>> from chickenfoot import PRESETS, Round, schema
    >>> record = Round.deal(PRESETS["classic"], 4, seed=1).to_record()
    >>> jsonschema.Draft202012Validator(schema("record")).is_valid(record)
    True
    >>> schema("rules")["title"]
    'chickenfoot rules'

    Raises:
        ValueError: ``name`` is not ``"record"``, ``"view"`` or ``"rules"``.

    .. versionadded:: 0.2
    """
    if name not in SCHEMA_NAMES:
        names = ", ".join(repr(n) for n in SCHEMA_NAMES)
        raise ValueError(f"the schemas are {names}, not {name!r}")
    root = _load(name)
    wanted = sorted(_refers_to(root))
    done = {_file(name)}
    while wanted:
        file = wanted.pop()
        if file in done:
            continue
        done.add(file)
        embedded = _load(file.removesuffix(".schema.json"))
        wanted.extend(sorted(_refers_to(embedded) - done))
        embedded.pop("$schema", None)
        root.setdefault("$defs", {})[file] = {"$id": file, **embedded}
    return root
