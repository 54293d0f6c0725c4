"""The exceptions ``chickenfoot`` raises.

Every error is a :class:`ChickenFootError`; those caused by a bad value are also
:class:`ValueError`, so code that already catches ``ValueError`` keeps working.

* :class:`RulesError`: a variant whose knobs clash, or a table that cannot be dealt
  with them (too many tiles asked of the set, a hand of 0, an unknown player count).
* :class:`DealError`: an explicit deal that is not the whole set exactly once.
* :class:`IllegalMoveError`: a well-formed move that the rules do not allow now.

Each message names the tile, the seat and the rule (R-number of the rules guide), and
nothing is changed when one is raised: game states are immutable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._moves import Move

__all__ = ["ChickenFootError", "DealError", "IllegalMoveError", "RulesError"]


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
