"""Tables of the docs that restate a mapping of the code say what the code has.

The OpenSpiel adapter needs ``pyspiel``, absent where the ``openspiel`` extra is not
installed, so its ``PARAMETERS`` are read from the module's source, not imported; the knob
parameters it unpacks there come from ``chickenfoot._rules.round_parameters()``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs

from chickenfoot import Rules
from chickenfoot._rules import round_parameters

ROOT = Path(__file__).resolve().parents[1]


def _parameters() -> dict[str, object]:
    """``chickenfoot.openspiel.PARAMETERS``, read from its source."""
    tree = ast.parse((ROOT / "src" / "chickenfoot" / "openspiel.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "PARAMETERS"
            and node.value is not None
        ):
            assert isinstance(node.value, ast.Dict)
            value: dict[str, object] = {}
            for key, item in zip(node.value.keys, node.value.values, strict=True):
                if key is None:  # **round_parameters(): the knobs of a round
                    assert ast.unparse(item) == "round_parameters()"
                    value.update(round_parameters())
                else:
                    value[ast.literal_eval(key)] = ast.literal_eval(item)
            return value
    raise AssertionError("no PARAMETERS in chickenfoot/openspiel.py")


def _table_rows(meaning: bool = False) -> list[tuple[str, ...]]:
    """``(parameter, default)`` of every row of the parameter table on the adapters page,
    and its meaning if asked."""
    page = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    start = page.index("| parameter | default | meaning |")
    rows = []
    for line in page[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        found = re.match(r"\| `(\w+)` \| `([^`]*)` \| (.*) \|$", line)
        assert found is not None, line
        rows.append(found.groups() if meaning else (found.group(1), found.group(2)))
    return rows


def test_the_openspiel_parameter_table_equals_parameters() -> None:
    expected = [(name, repr(value).replace("'", '"')) for name, value in _parameters().items()]
    assert _table_rows() == expected


def test_the_table_reader_sees_a_missing_row() -> None:
    rows = _table_rows()
    assert ("blank_value", "-1") in rows
    assert rows[:2] == [("preset", '"chickie-duel"'), ("players", "2")]


def test_every_knob_of_a_round_with_one_value_is_a_parameter() -> None:
    """The knobs of scope "round" given by one number or word are OpenSpiel parameters,
    each row of the table citing the knob's rules; the player tables are not."""
    parameters = _parameters()
    knobs = [f for f in attrs.fields(Rules) if f.name in parameters and f.name != "house"]
    assert [f.name for f in knobs] == list(round_parameters())
    for field in attrs.fields(Rules):
        scalar = field.metadata["kind"] in ("boolean", "word", "integer", "house")
        wanted = field.metadata["scope"] == "round" and scalar  # house: the rules by name
        assert (field.name in parameters) == wanted, field.name
    meanings = {name: text for name, _, text in _table_rows(meaning=True)}
    for field in knobs:
        for rule in field.metadata["rule"].replace(",", " ").split():
            assert re.search(rf"\b{rule}\b", meanings[field.name]), (field.name, rule)
    # the six knob parameters of 0.1 keep their names
    old = {"boneyard_reserve", "double_blank", "blank_value", "draws_per_turn", "play_drawn"}
    assert old | {"start"} <= set(parameters)
