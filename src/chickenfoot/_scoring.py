"""Scoring: penalty points, the winner of a round and the match table (R17-R18, R21-R22)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from ._tiles import HIGH, LOW

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["Standing", "hand_score", "hand_scores", "round_winner", "standings"]

_PIPS: Final = tuple(h + lo for h, lo in zip(HIGH, LOW, strict=True))
#: The tiles with one blank end, ``1-0`` up to ``63-0``, as a bitmask (R17b).
_BLANKS: Final = sum(1 << t for t, (h, lo) in enumerate(zip(HIGH, LOW, strict=True)) if lo == 0 < h)


def hand_score(rules: Rules, hand: int) -> int:
    """Penalty points of a hand given as a bitmask of tile indices (R17, R17b).

    The one place that reads the scoring knobs: every tile counts its pips, the
    double-blank (index 0) counts :attr:`Rules.double_blank
    <chickenfoot.Rules.double_blank>`, and every other tile with a blank end counts
    :attr:`Rules.blank_value <chickenfoot.Rules.blank_value>` more.

    .. versionadded:: 0.2
    """
    score = rules.double_blank if hand & 1 else 0
    hand &= ~1
    blanks = hand & _BLANKS
    if blanks:
        score += rules.blank_value * blanks.bit_count()
    while hand:
        low = hand & -hand
        score += _PIPS[low.bit_length() - 1]
        hand ^= low
    return score


def hand_scores(rules: Rules, hands: Iterable[int]) -> tuple[int, ...]:
    """Penalty points of every hand (R17, R17b), by :func:`hand_score`."""
    return tuple(hand_score(rules, hand) for hand in hands)


def round_winner(scores: Sequence[int], lead: int) -> int:
    """The winner of a blocked round: the lowest score (R18).

    Ties go to the tied seat that comes first in turn order from ``lead``, the round's
    first seat.
    """
    players = len(scores)
    order = [(lead + i) % players for i in range(players)]
    return min(order, key=lambda seat: scores[seat])


@attrs.frozen
class Standing:
    """One seat's line in a match table (R21, R22).

    .. versionadded:: 0.1
    """

    #: The seat.
    seat: int
    #: The sum of its round scores (R21).
    total: int
    #: How many rounds it finished with 0 penalty points (R22, ``zero_rounds``).
    zero_rounds: int
    #: Its lowest non-zero round score, or ``None`` if every round was 0 (R22).
    best_nonzero: int | None
    #: 1 for the lowest total; seats the rules cannot tell apart share a place, and the
    #: next place is skipped (1, 1, 3).
    place: int


def standings(
    results: Sequence[Sequence[int]], players: int, tie_break: str
) -> tuple[Standing, ...]:
    """The match table after ``results`` (round scores, one row per round), by seat.

    The lowest total comes first (R21). With ``tie_break="zero_rounds"`` equal totals
    are told apart by the most rounds at 0, then the lowest non-zero round score (R22);
    what is still equal, or every equal total with ``"shared"``, shares a place.
    """
    rows = []
    for seat in range(players):
        scores = [result[seat] for result in results]
        nonzero = [s for s in scores if s]
        rows.append((seat, sum(scores), scores.count(0), min(nonzero) if nonzero else None))

    def key(row: tuple[int, int, int, int | None]) -> tuple[float, ...]:
        _, total, zeros, best = row
        if tie_break == "zero_rounds":
            return (total, -zeros, math.inf if best is None else best)
        return (total,)

    keys = [key(row) for row in rows]
    return tuple(
        Standing(seat, total, zeros, best, 1 + sum(k < keys[seat] for k in keys))
        for seat, total, zeros, best in rows
    )
