"""Tables of the docs that restate a mapping of the code say what the code has.

The OpenSpiel adapter needs ``pyspiel``, absent where the ``openspiel`` extra is not
installed, so its ``PARAMETERS`` are read from the module's source, not imported.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

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
            value = ast.literal_eval(node.value)
            assert isinstance(value, dict)
            return value
    raise AssertionError("no PARAMETERS in chickenfoot/openspiel.py")


def _table_rows() -> list[tuple[str, str]]:
    """``(parameter, default)`` of every row of the parameter table on the adapters page."""
    page = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    start = page.index("| parameter | default | meaning |")
    rows = []
    for line in page[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        found = re.match(r"\| `(\w+)` \| `([^`]*)` \|", line)
        assert found is not None, line
        rows.append((found.group(1), found.group(2)))
    return rows


def test_the_openspiel_parameter_table_equals_parameters() -> None:
    expected = [(name, repr(value).replace("'", '"')) for name, value in _parameters().items()]
    assert _table_rows() == expected


def test_the_table_reader_sees_a_missing_row() -> None:
    rows = _table_rows()
    assert ("blank_value", "-1") in rows
    assert rows[:2] == [("preset", '"chickie-duel"'), ("players", "2")]
