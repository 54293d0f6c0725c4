"""The index of error messages (docs/errors.md) reads as the messages a user sees.

The index is made from the library's source by ``docs/_ext/error_index.py`` at every
docs build. Here it is made the same way and read row by row: each row is a message with
its filled-in parts named in words, never two parts glued together, never a stray
asterisk, never a part of a message standing alone.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

EXTENSION = Path(__file__).resolve().parents[1] / "docs" / "_ext" / "error_index.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("error_index", EXTENSION)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


INDEX = _load()
PAGE: str = INDEX.page()
ROW = re.compile(r"^\| (?P<message>.*) \| (?P<raised>\{class\}`[^`]+`) \|$")
ROWS = [m.group("message") for line in PAGE.splitlines() if (m := ROW.match(line))]
PLACEHOLDER = re.compile(r"\*([^*]+)\*")


def _unescaped(cell: str) -> str:
    """A table cell with Markdown's escapes (``\\*``, ``\\[``) turned into plain ``#``."""
    return re.sub(r"\\.", "#", cell)


def _problems(message: str) -> list[str]:
    text = _unescaped(message)
    found = []
    if "**" in text:
        found.append("two parts glued together")
    parts = list(PLACEHOLDER.finditer(text))
    for part in parts:
        before = text[part.start() - 1] if part.start() else " "
        after = text[part.end()] if part.end() < len(text) else " "
        name = part.group(1)
        if before.isalnum() or after.isalnum():
            found.append(f"*{name}* is glued to a word")
        if not re.fullmatch(r"[a-z][a-z ]*[a-z]|n", name):
            found.append(f"*{name}* is not named in words")
        if name in INDEX.WORDS:
            found.append(f"*{name}* is a short name ({INDEX.WORDS[name]})")
        if name == "n" and "double-*n*" not in text:
            found.append("*n* without the double-n set it counts")
    outside = PLACEHOLDER.sub(" ", text)
    if "*" in outside:
        found.append("a stray asterisk")
    if len(re.findall(r"[A-Za-z]{2,}", outside)) < 2:
        found.append("a part of a message, not a message")
    return found


def test_the_index_lists_the_messages_of_the_rules() -> None:
    assert len(ROWS) > 100
    assert len(re.findall(r"^### ", PAGE, re.M)) >= 15
    assert any("come first: play *a number* onto *double*" in row for row in ROWS)
    # a message with words that only some cases have: R5's deal of a centre start
    assert any(r"tiles \[and the centre double\], but" in row for row in ROWS)


@pytest.mark.parametrize("message", ROWS)
def test_each_row_reads_as_a_message(message: str) -> None:
    assert _problems(message) == [], message


PLACE = re.compile(r"^- (?P<place>.*): …$")
PLACES = [m.group("place") for line in PAGE.splitlines() if (m := PLACE.match(line))]


def test_places_put_in_front_of_messages_are_listed_apart() -> None:
    assert "round *number*" in PLACES
    assert "players: *reason*" not in ROWS
    for place in PLACES:
        problems = [p for p in _problems(place) if p != "a part of a message, not a message"]
        assert problems == [], place


def test_no_filler_under_the_headings() -> None:
    for line in PAGE.splitlines():
        if line.startswith("### "):
            assert re.fullmatch(r"### \{rule\}`R\d+[a-z]?` [A-Z].+", line), line
        assert not line.startswith("Rule {rule}"), line


def test_the_checks_catch_what_a_careless_index_would_show() -> None:
    assert _problems("need *dealt* tiles*also*, but double-*n* has *size*")
    assert _problems("a whole number of at least *minimum**extra*, not *value*")
    assert _problems("*double*")
    assert _problems("*name*: double-*n* is not a set (0 to *MAX PIPS*)")
    assert _problems("reads *PREFIX*")
    assert _problems("*at*: *exc*")
    assert _problems("no round to deal now: *why*")
    assert _problems("seat *seat* holds *tiles held*") == []
    assert _problems("double-*n* has *n* tiles of a number") == []


def _rendered(source: str) -> dict[str, set[str]]:
    module = INDEX._Module("not_a_module", ast.parse(source))
    found: dict[str, set[str]] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            for arg in node.args:
                text = module.template(arg, module.scope(node))
                if text is not None and INDEX._is_message(text):
                    found.setdefault(node.func.id, set()).add(INDEX._markdown_text(text))
    return found


def test_messages_are_read_in_words_however_they_are_written() -> None:
    source = """
MAX_THINGS = 9

def check(players, hand, centre, ending, seat, exc):
    also = " and the centre double" if centre else ""
    raise RulesError(f"{players} players need {players * hand} tiles{also}, not {hand}")

def over(ending, t, k):
    what = "" if ending is None else f" ({ending.value})"
    why = "the match is over" if ending else "the round is not over"
    raise RecordError(f"over{what}: {why}; {t} and {k} of {MAX_THINGS}")

def wrapped(path, exc):
    raise RecordError(f"{path}: {exc}")
"""
    found = _rendered(source)
    assert found["RulesError"] == {
        r"*players* players need *players* tiles \[and the centre double\], not *hand*"
    }
    over = r"over \[(*ending*)\]: \[the match is over / the round is not over\]"
    assert found["RecordError"] == {over + "; *tile* and *number* of *max things*"}


RAISED = [
    (m.group("message"), m.group("raised")) for line in PAGE.splitlines() if (m := ROW.match(line))
]
#: A position of chickie-duel (double-6, 2 seats) with 4-4's toes due (R9).
_TOES = (
    "cf1 6-6 6-6,6-1@6-6,6-3@6-6,6-4@6-6,6-5@6-6,4-4@6-4,4-0@4-4,4-2@4-4 "
    "5-5,3-2,1-0/4-3,6-0,2-2,5-1 6-2,5-4,5-3,5-2,5-0,4-1,3-3,3-1,3-0,2-1,2-0,1-1,0-0 1 0 1 -"
)


def _labels(row_start: str) -> set[str]:
    """The exceptions the index gives for the rows that start with ``row_start``."""
    found = {
        raised.split(".")[-1].rstrip("`")
        for message, raised in RAISED
        if message.startswith(row_start)
    }
    assert found, row_start
    return found


def _position_error(text: str) -> str:
    from chickenfoot import PRESETS, Round
    from chickenfoot.errors import IllegalMoveError, PositionError

    with pytest.raises(PositionError) as info:
        Round.from_position(PRESETS["chickie-duel"], text)
    assert not isinstance(info.value, IllegalMoveError)
    return str(info.value)


def test_a_position_check_is_indexed_as_the_position_error_a_caller_gets_r12() -> None:
    """R12: a position whose seat drew while holding a play is refused while it is read,
    with a PositionError (never an IllegalMoveError: no move is made), and the index says
    so; the same words as a refused move's are listed under IllegalMoveError."""
    message = _position_error(_TOES.replace(" 1 0 1 -", " 1 0 1 1:6-0"))
    assert message == "turn: seat 1 drew while holding 4-3, which has a play (R12)"
    assert _labels("seat *seat* drew while holding *playable*, which has a play") == {
        "PositionError"
    }
    assert _labels("to move: seat *seat* holds the round double *double*") == {"PositionError"}


def test_a_layout_check_is_indexed_as_both_errors_it_reaches_r9() -> None:
    """R9: the table's check of a placement refuses a move (IllegalMoveError) and a
    written layout (PositionError); the index lists it under both."""
    from chickenfoot import PRESETS, Play, Round, Tile
    from chickenfoot.errors import IllegalMoveError

    text = _TOES.replace("4-2@4-4", "4-2@4-4,1-1@6-1").replace("1-1,", "")
    assert _position_error(text).endswith("the toes of 4-4 come first: play a 4 onto 4-4 (R9)")
    rnd = Round.from_position(PRESETS["chickie-duel"], _TOES)
    with pytest.raises(IllegalMoveError, match=r"toes of 4-4 come first.*\(R9\)"):
        rnd.apply(Play(Tile(5, 1), onto=Tile(6, 1)))
    assert _labels("the toes of *double* come first") == {"IllegalMoveError", "PositionError"}


def test_the_position_checks_named_by_the_index_are_in_the_source() -> None:
    """A check renamed in the library without the index's list falls back to the moves'
    label: each listed function must still be found where the list says."""
    for module, function in INDEX.POSITION_CHECKS | INDEX.MOVE_AND_LAYOUT_CHECKS:
        path = INDEX.SOURCE / f"{module.split('.')[-1]}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert function in names, (module, function)
