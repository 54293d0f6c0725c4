"""The exceptions ``chickenfoot`` raises.

Every error is a :class:`ChickenFootError`; those caused by a bad value are also
:class:`ValueError`, so code that already catches ``ValueError`` keeps working.

* :class:`RulesError`: a variant whose knobs clash, or a table that cannot be dealt
  with them (too many tiles asked of the set, a hand of 0, an unknown player count).
* :class:`DealError`: an explicit deal that is not the whole set exactly once.
* :class:`InvalidMoveError`: text that is not a move in the move notation.
* :class:`IllegalMoveError`: a well-formed move that the rules do not allow now.
* :class:`RecordError`: a game record that cannot be read, or whose moves do not replay.
* :class:`PositionError`: text that is not a position, or a position no game could reach.

Each message names the tile, the seat and the rule (R-number of the rules guide), and
nothing is changed when one is raised: game states are immutable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._moves import Move

__all__ = [
    "ChickenFootError",
    "DealError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PositionError",
    "RecordError",
    "RulesError",
]


class ChickenFootError(Exception):
    """The base of every exception raised on purpose by ``chickenfoot``.

    .. versionadded:: 0.1
    """


class RulesError(ChickenFootError, ValueError):
    """A variant's knobs clash, or a table cannot be dealt with them (R5, §6).

    Raised by :class:`~chickenfoot.Rules` itself for knobs that can never work
    together, and by :meth:`Round.deal <chickenfoot.Round.deal>` for a player count
    the variant does not cover.

    >>> import attrs
    >>> from chickenfoot import PRESETS
    >>> attrs.evolve(PRESETS["classic"], hand_sizes={4: 20})
    Traceback (most recent call last):
      ...
    chickenfoot.errors.RulesError: classic: 4 players with hands of 20 need 80 tiles,
    but double-9 has 55 (R5)

    .. versionadded:: 0.1
    """


class DealError(ChickenFootError, ValueError):
    """An explicit deal is not the whole set exactly once (R5).

    Raised by :meth:`Round.from_deal <chickenfoot.Round.from_deal>` for a tile dealt
    twice, a tile missing, a tile from outside the set, or hands of the wrong sizes.

    .. versionadded:: 0.1
    """


class InvalidMoveError(ChickenFootError, ValueError):
    """Text that is not a move in the move notation (see :func:`~chickenfoot.parse_move`).

    Unlike :class:`IllegalMoveError`, this says nothing about the position: ``"9-4@9-9"``
    parses whether or not the play is legal now.

    .. versionadded:: 0.1
    """


class IllegalMoveError(ChickenFootError, ValueError):
    """A move that the rules do not allow in this position.

    Raised by :meth:`Round.apply <chickenfoot.Round.apply>`. The round it was called on
    is unchanged. The message names the move, the seat and the rule broken:

    ``Play(Tile(7, 3), onto=Tile(9, 9)) by seat 2: the cross needs a 9 (R7)``

    .. versionadded:: 0.1
    """

    def __init__(self, move: Move, seat: int | None, reason: str, rule: str) -> None:
        who = "" if seat is None else f" by seat {seat}"
        super().__init__(f"{move!r}{who}: {reason} ({rule})")
        #: The move that was refused.
        self.move = move
        #: The seat that tried it (``None`` once the round is over).
        self.seat = seat
        #: Why, in words.
        self.reason = reason
        #: The rule broken, as ``"R9"``.
        self.rule = rule


class RecordError(ChickenFootError, ValueError):
    """A game record that cannot be loaded (see :meth:`Round.from_json
    <chickenfoot.Round.from_json>` and :meth:`Match.from_json <chickenfoot.Match.from_json>`).

    Raised for text that is not JSON or too large, a field of the wrong type or out of
    bounds, an unknown key, a record version this library does not read, rules that
    clash, a deal that is not the whole set, a round double or first seat that the match
    schedule would not give (R19, R23), and a move that does not parse or that the rules
    refuse when the record is replayed. It is the only error loading raises: the error
    that caused it is chained as ``__cause__``. The message says where, as a JSON path
    counted from 0 or as a round and move counted from 1:

    ``rounds[0].moves[3]: expected a string, got 12``

    ``round 3, move 17 '9-4@9-9': seat 2: the toes of 4-4 come first: play a 4 onto 4-4 (R9)``

    Writing raises it too, for a game that the format's limits cannot hold (a seed beyond
    64 bits, a variant name longer than 64 characters).

    .. versionadded:: 0.1
    """


class PositionError(ChickenFootError, ValueError):
    """Text that is not a position, or a position no game could reach (see
    :meth:`Round.from_position <chickenfoot.Round.from_position>`).

    Raised for text that does not follow the position notation (a missing field, a word
    that is not a tile or a seat) and for a position that breaks the rules: a tile twice
    or missing from the set, a tile that does not match the end it is played onto, more
    toes on a double than it takes, two unfinished doubles, a drawn tile that is not in
    the hand of the seat to move, a seat out of range. The message names the field, the
    tile and the rule:

    ``layout, tile 7: 3-2@4-4: the toes of 4-4 come first: play a 4 onto 4-4 (R9)``

    It is the only error reading a position raises.

    .. versionadded:: 0.1
    """
