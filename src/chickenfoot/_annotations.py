"""Notes on the moves of a game record: a comment, a mark and an evaluation, as values.

:class:`Annotation` is what a record may say of one move beside the move itself, as a
chess game's PGN does with comments, move assessments (``?!``, ``?``, ``??``) and
evaluations: a :attr:`~Annotation.comment` in words, a :class:`Mark` and an
:class:`Evaluation` (what the move is worth to the seat that made it, a margin in penalty
points, R17). Annotations are part of the record alone: a round replays the same with
them or without them. This module checks the values and reads and writes their JSON; the
record that holds them is :class:`~chickenfoot.Record`.
"""

from __future__ import annotations

import enum
import math
import unicodedata
from typing import Any, Final

import attrs

from ._json import (
    _array,
    _BigNumber,
    _describe,
    _fail,
    _in,
    _integer,
    _Json,
    _object,
    _shown,
    _string,
)
from ._moves import Draw, Move, Pass, Play
from ._notation import read_move
from .errors import ChickenFootError

__all__ = [
    "MAX_COMMENT",
    "Annotation",
    "Evaluation",
    "Mark",
    "annotation_record",
    "read_annotations",
]

#: Characters of one comment.
MAX_COMMENT: Final = 2000
#: Characters of a move in an evaluation, as of every move of a record.
_MAX_MOVE: Final = 40


class Mark(enum.Enum):
    """How good a move was, the six move assessments of chess's PGN (its NAGs 1 to 6).

    A record writes the word (``"inaccuracy"``); :attr:`symbol` is the sign a game
    review shows beside the move (``?!``), and :meth:`parse` reads either.

    >>> from chickenfoot import Mark
    >>> Mark.INACCURACY.symbol, Mark.INACCURACY.value, Mark.INACCURACY.nag
    ('?!', 'inaccuracy', 6)
    >>> Mark.parse("??")
    Mark.BLUNDER

    .. versionadded:: 0.2
    """

    #: A very good move, one that is hard to find (``!!``, NAG 3).
    EXCELLENT = "excellent"
    #: A good move (``!``, NAG 1).
    GOOD = "good"
    #: A move worth a look, for good or ill (``!?``, NAG 5).
    INTERESTING = "interesting"
    #: A move that gives a little away (``?!``, NAG 6).
    INACCURACY = "inaccuracy"
    #: A move that gives points away (``?``, NAG 2).
    MISTAKE = "mistake"
    #: A move that gives much away (``??``, NAG 4).
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """The sign shown beside the move: ``!!``, ``!``, ``!?``, ``?!``, ``?`` or ``??``."""
        return _SYMBOLS[self]

    @property
    def nag(self) -> int:
        """The number of the mark among PGN's numeric annotation glyphs (``$6`` for ``?!``)."""
        return _NAGS[self]

    @classmethod
    def parse(cls, text: object) -> Mark:
        """The mark named by ``text``: its word in any case (``"Blunder"``) or its symbol
        (``"??"``); spaces around it are ignored.

        Raises:
            ValueError: ``text`` names no mark; the message lists them.
        """
        if isinstance(text, str):
            word = text.strip()
            for mark in cls:
                if word.lower() == mark.value or word == mark.symbol:
                    return mark
        shown = _shown(text) if isinstance(text, str) else _describe(text)
        names = ", ".join(f"{m.value} ({m.symbol})" for m in cls)
        raise ValueError(f"{shown} is not a mark: the marks are {names}")

    def __repr__(self) -> str:
        return f"Mark.{self.name}"


_SYMBOLS: Final = {
    Mark.EXCELLENT: "!!",
    Mark.GOOD: "!",
    Mark.INTERESTING: "!?",
    Mark.INACCURACY: "?!",
    Mark.MISTAKE: "?",
    Mark.BLUNDER: "??",
}
_NAGS: Final = {
    Mark.GOOD: 1,
    Mark.MISTAKE: 2,
    Mark.EXCELLENT: 3,
    Mark.BLUNDER: 4,
    Mark.INTERESTING: 5,
    Mark.INACCURACY: 6,
}
_WORDS: Final = tuple(m.value for m in Mark)


def _finite(name: str, value: object) -> float:
    """``value`` as a float: an int or a float that is finite, never a bool."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} is a number of points, not {_describe(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond every float
        number = math.inf
    if not math.isfinite(number):
        raise ValueError(f"{name} is a finite number of points, not {_describe(value)}")
    return number


def _margin(value: object) -> float:
    return _finite("margin", value)


def _stderr(value: object) -> float | None:
    if value is None:
        return None
    number = _finite("stderr", value)
    if number < 0:
        raise ValueError(f"stderr is a standard error, 0 or more, not {value!r}")
    return number


def _best_margin(value: object) -> float | None:
    return None if value is None else _finite("best_margin", value)


def _move(value: object) -> Move | None:
    if value is None or isinstance(value, (Play, Draw, Pass)):
        return value
    raise TypeError(f"best is a move (Play, Draw or Pass) or None, not {_describe(value)}")


@attrs.frozen
class Evaluation:
    """What a move was worth to the seat that made it, as an analysis found it.

    :attr:`margin` is the expected margin of the round for the mover after the move: the
    other seats' mean penalty points minus its own (R17), higher better, as a search bot's
    ``"margin"`` objective measures it (:class:`~chickenfoot.bots.MoveValue`).
    :meth:`SearchAnalysis.evaluation <chickenfoot.bots.SearchAnalysis.evaluation>` builds
    one from a bot's analysis.

    >>> from chickenfoot import Evaluation, Play, Tile
    >>> best = Play(Tile(6, 0), onto=Tile(6, 6))
    >>> value = Evaluation(-4.5, stderr=1.25, best=best, best_margin=2)
    >>> value
    Evaluation(margin=-4.5, stderr=1.25, best=Play(Tile(6, 0), onto=Tile(6, 6)), best_margin=2.0)
    >>> value.loss
    6.5

    Raises:
        TypeError: a number is not an int or a float (``True`` is not a number), or
            ``best`` is not a move.
        ValueError: a number is not finite, ``stderr`` is below 0, or ``best_margin`` is
            given without ``best``.

    .. versionadded:: 0.2
    """

    #: The expected margin for the mover after the move, in penalty points (R17).
    margin: float = attrs.field(converter=_margin)
    #: The standard error of :attr:`margin`, where the analysis gives one.
    stderr: float | None = attrs.field(default=None, converter=_stderr)
    #: The move the analysis found best in the same turn, if it says.
    best: Move | None = attrs.field(default=None, converter=_move)
    #: The expected margin after :attr:`best`, in penalty points.
    best_margin: float | None = attrs.field(default=None, converter=_best_margin)

    def __attrs_post_init__(self) -> None:
        if self.best_margin is not None and self.best is None:
            raise ValueError("best_margin is the margin of the best move: give best too")

    @property
    def loss(self) -> float | None:
        """What the move gave away against the best move: ``best_margin - margin``
        (``None`` without :attr:`best_margin`)."""
        return None if self.best_margin is None else self.best_margin - self.margin


def _comment(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"a comment is text (a str) or None, not {_describe(value)}")
    if not value.strip():
        raise ValueError("a comment has some text: leave it None for no comment")
    if len(value) > MAX_COMMENT:
        raise ValueError(f"a comment is at most {MAX_COMMENT} characters, not {len(value)}")
    for char in value:
        if char not in "\n\t" and unicodedata.category(char) in ("Cc", "Cs"):
            raise ValueError(
                f"a comment holds no control characters (but new lines and tabs): "
                f"{char!r} at {value.index(char)}"
            )
    return value


def _mark(value: object) -> Mark | None:
    if value is None or isinstance(value, Mark):
        return value
    if isinstance(value, str):
        return Mark.parse(value)
    raise TypeError(f"a mark is a Mark, its word or its symbol, not {_describe(value)}")


def _evaluation(value: object) -> Evaluation | None:
    if value is None or isinstance(value, Evaluation):
        return value
    raise TypeError(f"an evaluation is an Evaluation or None, not {_describe(value)}")


@attrs.frozen
class Annotation:
    """What a record says of one move beside the move: a comment, a mark, an evaluation.

    Each part is optional, but an annotation holds at least one. The mark may be given as
    a :class:`Mark`, its word or its symbol; :meth:`Record.annotate
    <chickenfoot.Record.annotate>` attaches the annotation to a move.

    >>> from chickenfoot import Annotation, Evaluation, Mark
    >>> note = Annotation("opens a 2 that nobody holds", mark="?!", evaluation=Evaluation(-1.5))
    >>> note.mark, note.text
    (Mark.INACCURACY, '?! -1.50 opens a 2 that nobody holds')

    Raises:
        TypeError: a part has the wrong type.
        ValueError: the annotation is empty, the mark is not known, or the comment is
            blank, longer than 2000 characters or holds control characters other than
            new lines and tabs.

    .. versionadded:: 0.2
    """

    #: A comment in words, or ``None``.
    comment: str | None = attrs.field(default=None, converter=_comment)
    #: How good the move was, or ``None``.
    mark: Mark | None = attrs.field(default=None, converter=_mark)
    #: What the move was worth to its seat, or ``None``.
    evaluation: Evaluation | None = attrs.field(default=None, converter=_evaluation)

    def __attrs_post_init__(self) -> None:
        if self.comment is None and self.mark is None and self.evaluation is None:
            raise ValueError("an annotation holds a comment, a mark or an evaluation")

    @property
    def text(self) -> str:
        """The annotation on one line: the mark's symbol, the margin and the comment."""
        parts = []
        if self.mark is not None:
            parts.append(self.mark.symbol)
        if self.evaluation is not None:
            parts.append(f"{self.evaluation.margin:+.2f}")
        if self.comment is not None:
            parts.append(" ".join(self.comment.split()))
        return " ".join(parts)


# -- JSON ---------------------------------------------------------------------------------


def annotation_record(move: int, note: Annotation) -> dict[str, Any]:
    """The JSON object of ``note``, the annotation of move number ``move`` (from 1)."""
    out: dict[str, Any] = {"move": move}
    if note.comment is not None:
        out["comment"] = note.comment
    if note.mark is not None:
        out["mark"] = note.mark.value
    value = note.evaluation
    if value is not None:
        evaluation: dict[str, Any] = {"margin": value.margin}
        if value.stderr is not None:
            evaluation["stderr"] = value.stderr
        if value.best is not None:
            evaluation["best"] = str(value.best)
        if value.best_margin is not None:
            evaluation["best_margin"] = value.best_margin
        out["evaluation"] = evaluation
    return out


def _number(value: _Json, path: str) -> float:
    if isinstance(value, _BigNumber):
        _fail(path, f"expected a finite number, got {_describe(value)}")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(path, f"expected a number, got {_describe(value)}")
    try:
        number = float(value)
    except OverflowError:  # an integer beyond every float
        number = math.inf
    if not math.isfinite(number):
        _fail(path, f"expected a finite number, got {_describe(value)}")
    return number


def _read_evaluation(value: _Json, path: str, n: int) -> Evaluation:
    obj = _object(value, path, ("margin",), ("stderr", "best", "best_margin"))
    margin = _number(obj["margin"], f"{path}.margin")
    stderr = None if "stderr" not in obj else _number(obj["stderr"], f"{path}.stderr")
    best = None
    if "best" in obj:
        text = _string(obj["best"], f"{path}.best", _MAX_MOVE)
        try:
            best = read_move(text, n)
        except ChickenFootError as exc:
            _fail(f"{path}.best", str(exc))
    best_margin = None
    if "best_margin" in obj:
        best_margin = _number(obj["best_margin"], f"{path}.best_margin")
    try:
        return Evaluation(margin, stderr, best, best_margin)
    except ValueError as exc:
        _fail(path, str(exc))


_NOTE_KEYS: Final = ("comment", "mark", "evaluation")


def _read_one(value: _Json, path: str, n: int) -> Annotation:
    obj = _object(value, path, ("move",), _NOTE_KEYS)
    if not any(key in obj for key in _NOTE_KEYS):
        _fail(path, 'an annotation holds a "comment", a "mark" or an "evaluation"')
    comment = None
    if "comment" in obj:
        comment = _string(obj["comment"], f"{path}.comment", MAX_COMMENT)
        try:
            _comment(comment)
        except ValueError as exc:
            _fail(f"{path}.comment", str(exc))
    mark = None
    if "mark" in obj:
        word = obj["mark"]
        if not isinstance(word, str) or word not in _WORDS:
            names = ", ".join(f'"{w}"' for w in _WORDS)
            _fail(f"{path}.mark", f"expected one of {names}, got {_describe(word)}")
        mark = Mark(word)
    evaluation = None
    if "evaluation" in obj:
        evaluation = _read_evaluation(obj["evaluation"], f"{path}.evaluation", n)
    return Annotation(comment, mark, evaluation)


def read_annotations(
    value: _Json, path: str, moves: int, n: int, limit: int
) -> tuple[tuple[int, Annotation], ...]:
    """The ``"annotations"`` of the round entry at ``path``, whose round has ``moves``
    moves in the double-``n`` set: each move's index (from 0) and annotation, in order."""
    where = _in(path, "annotations")
    out: list[tuple[int, Annotation]] = []
    for k, item in enumerate(_array(value, where, limit)):
        at = f"{where}[{k}]"
        obj = _object(item, at, ("move",), _NOTE_KEYS)
        number = _integer(obj["move"], f"{at}.move")
        if not 1 <= number <= moves:
            _fail(
                f"{at}.move",
                f"move {number} is not a move of the round, which has {moves} "
                f"(moves are counted from 1)",
            )
        if out and number <= out[-1][0] + 1:
            _fail(
                f"{at}.move",
                f"move {number} comes after move {out[-1][0] + 1}: annotations are "
                f"listed in the order of their moves, one a move",
            )
        out.append((number - 1, _read_one(obj, f"{path}, move {number}, annotation", n)))
    return tuple(out)
