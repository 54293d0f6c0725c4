"""The rules schema, ``src/chickenfoot/schemas/rules.schema.json``, written from the knobs.

Each knob's part (its JSON type, words, least value and description) and the knobs a
rules object without a preset must give come from the fields of :class:`Rules` and their
metadata, so a new knob is in the schema once it is a field. ``tests/test_rules_json.py``
checks that the shipped file is what this script writes. After changing a knob::

    python tests/rules_schema.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import attrs

from chickenfoot import PRESETS, Rules
from chickenfoot._records import MAX_NAME, MAX_TILES
from chickenfoot._rules import MAX_HOUSE

SHIPPED = (
    Path(__file__).resolve().parents[1] / "src" / "chickenfoot" / "schemas" / "rules.schema.json"
)
#: A line of the file is at most this long, unless one value alone is longer.
WIDTH = 96
INT64 = {"$ref": "#/$defs/int64"}


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def knob_schema(field: attrs.Attribute[Any]) -> dict[str, Any]:
    """The schema of one knob's value in a rules object, from its metadata."""
    about = field.metadata
    summary = about["summary"].replace("None", "null")  # the schema speaks JSON
    description = f"{about['rule']}: {summary}" if about["rule"] else summary
    if about["optional"]:
        description += f" {json.dumps(field.default)} when left out."
    kind = about["kind"]
    value: dict[str, Any]
    if kind == "text":
        value = {"$ref": "#/$defs/name"}
    elif kind == "table":
        value = {"$ref": "#/$defs/playerTable"}
    elif kind == "boolean":
        value = {"type": "boolean"}
    elif kind == "word":
        value = {"enum": list(about["words"])}
    elif kind == "integer":
        number: dict[str, Any] = dict(INT64)
        if about["minimum"] is not None:
            number["minimum"] = about["minimum"]
        choices = [number]
        if about["words"]:
            choices.insert(0, {"enum": list(about["words"])})
        if about["none"]:
            choices.append({"type": "null"})
        value = number if len(choices) == 1 else {"oneOf": choices}
    elif kind == "house":
        value = {"type": "array", "maxItems": MAX_HOUSE, "items": {"$ref": "#/$defs/houseRule"}}
    else:
        raise AssertionError(f"knob {field.name}: no schema for kind {kind!r}")
    return {"description": description, **value}


def rules_schema() -> dict[str, Any]:
    """The whole rules schema, its knobs written from the fields of :class:`Rules`."""
    fields = attrs.fields(Rules)
    optional = [f.name for f in fields if f.metadata["optional"]]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "chickenfoot rules",
        "description": (
            "A Chicken Foot variant (Rules.to_json, Rules.from_json): the preset it is "
            "closest to and the knobs that differ from that preset, or (preset null) every "
            f"knob ({_and(optional)} may be left out, and keep their defaults). Game records "
            'and views hold the same object under "rules". Rules.from_json also reads preset '
            'aliases, other spellings of the word values ("highest-held") and a missing '
            '"knobs"; Rules.to_json writes them as this schema gives them.'
        ),
        "type": "object",
        "required": ["preset", "knobs"],
        "additionalProperties": False,
        "properties": {
            "preset": {
                "description": (
                    "The preset the variant starts from (Rules.to_json writes the one it "
                    "differs from in the fewest knobs), or null, and then knobs lists every "
                    "knob."
                ),
                "oneOf": [{"enum": list(PRESETS)}, {"type": "null"}],
            },
            "knobs": {"$ref": "#/$defs/knobs"},
        },
        "if": {"properties": {"preset": {"type": "null"}}},
        "then": {
            "properties": {
                "knobs": {"required": [f.name for f in fields if not f.metadata["optional"]]}
            }
        },
        "$defs": {
            "int64": {
                "description": "An integer that fits in 64 bits, signed.",
                "type": "integer",
                "minimum": -(2**63),
                "maximum": 2**63 - 1,
            },
            "name": {"type": "string", "maxLength": MAX_NAME},
            "playerTable": {
                "description": (
                    "A number for each player count the variant covers, keyed by the player "
                    'count in decimal: {"2": 6, "3": 9}.'
                ),
                "type": "object",
                "maxProperties": MAX_TILES,
                "propertyNames": {"pattern": "^(0|[1-9][0-9]{0,18})$"},
                "additionalProperties": {"$ref": "#/$defs/int64"},
            },
            "houseRule": {
                "description": (
                    "A house rule: the name its class is registered under (@house_rule) and "
                    "the values of its own knobs, by field name; reading it needs the class "
                    "registered."
                ),
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
                    "knobs": {
                        "type": "object",
                        "additionalProperties": {
                            "oneOf": [
                                {"$ref": "#/$defs/int64"},
                                {"type": ["string", "boolean", "null"]},
                            ]
                        },
                    },
                },
            },
            "knobs": {
                "description": (
                    "Knobs of the Rules value, by name, as in the rules guide and the API "
                    "reference of Rules: each described by its line of Rules.knob_help()."
                ),
                "type": "object",
                "additionalProperties": False,
                "properties": {f.name: knob_schema(f) for f in fields},
            },
        },
    }


def _written(value: Any, indent: int, lead: int = 0) -> str:
    """``value`` as JSON, indented by ``indent`` after ``lead`` characters on its first
    line: on one line where it fits in :data:`WIDTH`, else one item a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if indent + lead + len(flat) <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = " " * (indent + 2)
    if isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value):
        lines = [inner]  # scalars: as many to a line as fit
        for item in value:
            word = json.dumps(item, ensure_ascii=False) + ","
            if len(lines[-1]) > len(inner) and len(lines[-1]) + 1 + len(word) > WIDTH:
                lines.append(inner)
            lines[-1] += (" " if len(lines[-1]) > len(inner) else "") + word
        return "[\n" + "\n".join(lines).removesuffix(",") + "\n" + " " * indent + "]"
    if isinstance(value, list):
        items = [inner + _written(item, indent + 2) for item in value]
    else:
        items = []
        for key, item in value.items():
            head = json.dumps(key) + ": "
            items.append(inner + head + _written(item, indent + 2, len(head)))
    opening, closing = ("[", "]") if isinstance(value, list) else ("{", "}")
    return opening + "\n" + ",\n".join(items) + "\n" + " " * indent + closing


def text() -> str:
    """The file's text, as shipped."""
    return _written(rules_schema(), 0) + "\n"


if __name__ == "__main__":
    SHIPPED.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"wrote {SHIPPED}\n")
