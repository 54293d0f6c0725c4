"""The schedule of a match: its rounds, their doubles, seeds and first seats, its end.

Internal. A :class:`Schedule` is chosen once per :class:`~chickenfoot.Rules` value
(:func:`schedule_of`) and answers what a match asks between two rounds: how many rounds
it has (R19, R19b), the double each is dealt for (R19, R19b, R20), whether the match is
over (R19, R20), the seed each round is dealt from, and which seat each round begins
from (R23, which the schedule asks of the variant's opening). ``Match`` asks it and decides none of these itself, and
:meth:`Rules.round_count <chickenfoot.Rules.round_count>` and
:meth:`Rules.round_double <chickenfoot.Rules.round_double>` are its answers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._opening import opening_of
from ._rule import Opening
from ._seeds import seed_path
from .errors import RulesError

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["Schedule", "round_seed", "schedule_of"]


def round_seed(seed: int, index: int) -> int:
    """The seed that deals round ``index`` (0 for the first) of a match seeded ``seed``.

    It is the first 8 bytes, big-endian, of the BLAKE2b digest of ``"{seed}/{index}"``,
    so every round of a match is reproducible from the match seed alone, in any
    language.

    >>> from chickenfoot import round_seed
    >>> round_seed(7, 0) != round_seed(7, 1)
    True

    .. versionadded:: 0.1
    """
    return seed_path(seed, index)


class Schedule:
    """The rounds of a match under one variant (R19, R19b, R20, R23), from its knobs
    ``rounds``, ``round_order``, ``target`` and ``target_mode``, and its ``opening``
    (chosen by ``start``), which decides each round's first seat (R23).

    Rounds are counted from 0 (round 1 of R23 is index 0). Made by :func:`schedule_of`,
    never changed once made.
    """

    __slots__ = ("_down", "_reaches", "_rules", "opening")

    def __init__(self, rules: Rules) -> None:
        self._rules = rules
        self._down = rules.round_order == "down"
        self._reaches = rules.target_mode == "reaches"
        self.opening: Opening = opening_of(rules.start)

    def round_count(self, players: int) -> int | None:
        """How many rounds a match of ``players`` players has, or ``None`` when a target
        decides (R19, R19b, R20).

        Raises:
            RulesError: the variant does not cover ``players``, or asks more rounds than
                the set used by ``players`` players has doubles.
        """
        rules = self._rules
        if rules.target is not None:
            return None
        n = rules.set_size(players)
        full = n + 1 if self._down else 2 * n + 1
        if rules.rounds == "full":
            return full
        if rules.rounds == "half":  # the first ceil(N / 2) down, the way down down and up
            return max(1, math.ceil(n / 2)) if self._down else n + 1
        if rules.rounds > full:
            order = "" if self._down else " down and up again"
            raise RulesError(
                f"{rules.name}: {rules.rounds} rounds, but {players} players use double-{n}, "
                f"which has only {full} rounds{order} (R19, R19b)"
            )
        return rules.rounds

    def dealt_for(self, players: int, index: int) -> int:
        """The number of the double round ``index`` is dealt for (R19, R19b, R20).

        Going down: the set's highest, then each lower double to 0-0, and with a target
        round again from the highest. Going down and up: down to 0-0 and back up to the
        highest, and with a target down again, never the same double twice in a row.

        Raises:
            RulesError: the variant does not cover ``players``.
            ValueError: ``index`` is not a whole number, 0 or more.
        """
        n = self._rules.set_size(players)
        if type(index) is not int or index < 0:
            raise ValueError(f"a round index is a whole number, 0 or more, not {index!r}")
        if self._down or n == 0:
            return n - index % (n + 1)
        step = index % (2 * n)
        return n - step if step <= n else step - n

    def is_over(self, finished: int, totals: Sequence[int]) -> bool:
        """Whether a match is over once ``finished`` rounds have ended with these
        ``totals`` (a seat each): the last round played (R19), or a total past the target
        (R20). A match plays at least one round.
        """
        if finished == 0:
            return False
        target = self._rules.target
        if target is None:
            return finished >= (self.round_count(len(totals)) or 0)
        top = max(totals)
        return top >= target if self._reaches else top > target

    def round_seed(self, seed: int, index: int) -> int:
        """The seed round ``index`` of a match seeded ``seed`` is dealt from
        (:func:`round_seed`)."""
        return round_seed(seed, index)

    def first_seat(self, index: int, players: int, previous_winner: int | None) -> int:
        """The first seat of round ``index`` (R23), the round before won by
        ``previous_winner`` (``None`` for the first round), as the opening says.

        Round 1: seat 0. A ``centre`` start moves one seat on each round; the other
        starts begin from the winner of the round before (in a ``holder`` start the seat
        that begins the search draws when nobody holds the round double, R6).
        """
        return self.opening.first_seat(index, players, previous_winner)

    def first_seat_ahead(self, index: int, players: int) -> int | None:
        """The first seat of round ``index`` as known before the round before it ends
        (R23): one seat on each round in a ``centre`` start, seat 0 for the first round,
        and otherwise ``None`` (the winner of the round before decides)."""
        return self.opening.first_seat_ahead(index, players)


@functools.lru_cache(maxsize=64)
def schedule_of(rules: Rules) -> Schedule:
    """The schedule of ``rules``, made once per variant and shared."""
    return Schedule(rules)
