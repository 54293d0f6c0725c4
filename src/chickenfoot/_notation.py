"""A short text form for moves: ``9-4@9-9``, ``9-9``, ``draw`` and ``pass``.

========================  =============================================================
text                      move
========================  =============================================================
``9-4@9-9``               ``Play(Tile(9, 4), onto=Tile(9, 9))``: a tile, ``@``, the tile
                          it is played onto (R4); either end of a tile may come first
``9-9``                   ``Play(Tile(9, 9), onto=None)``: placing the round double (R6);
                          only a double may be written without ``@``
``draw``                  ``Draw()`` (R13)
``pass``                  ``Pass()`` (R15)
========================  =============================================================

``str(move)`` writes this form, high ends first; :func:`parse_move` reads it, ignoring
case and spaces around the parts, and raises :class:`~chickenfoot.errors.InvalidMoveError`
for anything else. It never guesses: whether a move is legal is the round's question.
"""

from __future__ import annotations

import re
from typing import Final

from ._moves import DRAW, PASS, Move, Play
from ._tiles import MAX_PIPS, tile
from .errors import InvalidMoveError

__all__ = ["parse_move", "read_move"]

_TILE: Final = r"(\d{1,3})\s*-\s*(\d{1,3})"
_PLAY: Final = re.compile(rf"{_TILE}(?:\s*@\s*{_TILE})?", re.ASCII)
_LONGEST: Final = 40


def parse_move(text: str, *, set_size: int | None = None) -> Move:
    """The move written ``text`` in the move notation.

    >>> from chickenfoot import parse_move
    >>> parse_move("4-9@9-9")
    Play(Tile(9, 4), onto=Tile(9, 9))
    >>> parse_move("9-9"), parse_move("Draw"), parse_move(" pass ")
    (Play(Tile(9, 9), onto=None), Draw(), Pass())
    >>> parse_move("9-4")
    Traceback (most recent call last):
      ...
    chickenfoot.errors.InvalidMoveError: '9-4' is not a move: only the round double is
    written without '@'; add the tile on the table it goes onto, as '9-4@' and that tile

    The hints in these messages show the form of a move and never suggest one for the
    position: whether a move is legal is the round's question (the legal ones are
    :meth:`Round.legal_moves <chickenfoot.Round.legal_moves>`, written with :class:`str`).

    Given the ``set_size`` of a game (:attr:`Round.set_size <chickenfoot.Round.set_size>`,
    9 for the double-9 set), a tile end above it is refused with the set it is not in (R5),
    as a player typing moves would want to hear it:

    >>> parse_move("12-4@9-9", set_size=9)
    Traceback (most recent call last):
      ...
    chickenfoot.errors.InvalidMoveError: '12-4@9-9' is not a move: this game plays the
    double-9 set, whose tile ends go up to 9 (R5)

    Raises:
        InvalidMoveError: ``text`` is not a move in this notation (or, with ``set_size``,
            not a move of that set).

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       The ``set_size`` argument.
    """
    return read_move(text, set_size)


def read_move(text: object, n: int | None) -> Move:
    """:func:`parse_move` in a game of the double-``n`` set, which names the set when an
    end is above ``n`` (R5); ``None`` where no set is known (ends up to ``MAX_PIPS``)."""
    if not isinstance(text, str):
        shown = repr(text)
        shown = shown if len(shown) <= 24 else shown[:24] + "..."
        raise InvalidMoveError(
            f"a move is a string such as '9-4@9-9', '9-9', 'draw' or 'pass', not {shown}"
        )
    if len(text) > _LONGEST:
        raise InvalidMoveError(f"{text[:_LONGEST]!r}... is not a move: too long")
    word = text.strip().lower()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    found = _PLAY.fullmatch(word)
    if found is None:
        raise InvalidMoveError(
            f"{text!r} is not a move: write a play as the tile, '@' and the tile it goes "
            "onto (for example '9-4@9-9'), the round double alone (for example '9-9'), "
            "or 'draw' or 'pass'"
        )
    ends = [int(g) for g in found.groups() if g is not None]
    if n is not None and any(end > n for end in ends):
        raise InvalidMoveError(
            f"{text!r} is not a move: this game plays the double-{n} set, whose tile ends "
            f"go up to {n} (R5)"
        )
    if any(end > MAX_PIPS for end in ends):
        raise InvalidMoveError(f"{text!r} is not a move: tile ends go up to {MAX_PIPS}")
    played = tile(ends[0], ends[1])
    if len(ends) == 2:
        if not played.is_double:
            raise InvalidMoveError(
                f"{text!r} is not a move: only the round double is written without '@'; "
                f"add the tile on the table it goes onto, as '{played}@' and that tile"
            )
        return Play(played, None)
    return Play(played, tile(ends[2], ends[3]))
