"""Scoring: penalty points, the winner of a round and the match table (R17-R18, R17c, R21-R22).

Internal. :class:`Scoring` is the rulebook's scoring family, chosen once per variant
(``book_of(rules).scoring``) and asked by the engine at the end of every round;
:func:`hand_score`, :func:`hand_scores` and :func:`round_winner` are its answers for
callers that hold a :class:`~chickenfoot.Rules` value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from ._tiles import HIGH, LOW

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = [
    "Scoring",
    "Standing",
    "hand_score",
    "hand_scores",
    "round_winner",
    "scoring_of",
    "standings",
]

_PIPS: Final = tuple(h + lo for h, lo in zip(HIGH, LOW, strict=True))
#: The tiles with one blank end, ``1-0`` up to ``63-0``, as a bitmask (R17b).
_BLANKS: Final = sum(1 << t for t, (h, lo) in enumerate(zip(HIGH, LOW, strict=True)) if lo == 0 < h)


class Scoring:
    """The scoring family (R17, R17b, R17c, R18, R22), from the knobs ``double_blank``,
    ``blank_value``, ``out_on_double`` and ``tie_break``: the one place that reads them.

    ``values`` holds the penalty points of each tile left in a hand, by tile index
    (R17, R17b): its pips, the double-blank ``double_blank``, and every other tile with
    a blank end ``blank_value`` more.
    """

    __slots__ = ("blank_value", "double_blank", "out_on_double", "tie_break", "values")

    def __init__(
        self, double_blank: int, blank_value: int, tie_break: str, out_on_double: int
    ) -> None:
        self.double_blank = double_blank
        self.blank_value = blank_value
        self.tie_break = tie_break
        self.out_on_double = out_on_double
        values = list(_PIPS)
        values[0] = double_blank
        for t in range(1, len(values)):
            if _BLANKS >> t & 1:
                values[t] += blank_value
        self.values: tuple[int, ...] = tuple(values)

    def hand(self, hand: int) -> int:
        """Penalty points of a hand given as a bitmask of tile indices (R17, R17b)."""
        values = self.values
        score = 0
        while hand:
            low = hand & -hand
            score += values[low.bit_length() - 1]
            hand ^= low
        return score

    def public_points(self, seat: int, winner: int, last: int) -> int:
        """The points ``seat`` scores for a round beside the tiles left in its hand, which
        every seat can work out from the public moves: ``winner`` the seat that went out
        with tile index ``last`` (-1 for a blocked round): ``out_on_double`` for a winner
        whose last tile is a double, the round double too (R17c), else 0."""
        if seat == winner and last >= 0 and HIGH[last] == LOW[last]:
            return self.out_on_double
        return 0

    def public_bounds(self) -> tuple[int, int]:
        """The lowest and highest :meth:`public_points` of a seat (R17c)."""
        return min(0, self.out_on_double), max(0, self.out_on_double)

    def scores(self, hands: tuple[int, ...], winner: int = -1, last: int = -1) -> tuple[int, ...]:
        """The round scores of ``hands`` (R17, R17b): the penalty points of every hand, and
        the :meth:`public_points` of a round that ``winner`` went out of by playing tile
        index ``last`` (-1 for a blocked round, or the hands now)."""
        if last < 0:
            return tuple([self.hand(hand) for hand in hands])
        return tuple(
            [self.hand(hand) + self.public_points(s, winner, last) for s, hand in enumerate(hands)]
        )

    def blocked_winner(self, scores: Sequence[int], lead: int) -> int:
        """The winner of a blocked round: the lowest score (R18).

        Ties go to the tied seat that comes first in turn order from ``lead``, the
        round's first seat.
        """
        return _lowest(scores, lead)

    def standings(self, results: Sequence[Sequence[int]], players: int) -> tuple[Standing, ...]:
        """The match table after ``results`` (R21, R22), by :func:`standings`."""
        return standings(results, players, self.tie_break)


def _lowest(scores: Sequence[int], lead: int) -> int:
    players = len(scores)
    best = lead
    for i in range(1, players):
        seat = (lead + i) % players
        if scores[seat] < scores[best]:
            best = seat
    return best


#: The scorings made so far, by their knobs' values.
_SCORINGS: Final[dict[tuple[int, int, str, int], Scoring]] = {}


def scoring_of(rules: Rules) -> Scoring:
    """The scoring the knobs ``double_blank``, ``blank_value``, ``tie_break`` and
    ``out_on_double`` of ``rules`` choose, made once per value and shared: the one place
    that reads them."""
    key = (rules.double_blank, rules.blank_value, rules.tie_break, rules.out_on_double)
    scoring = _SCORINGS.get(key)
    if scoring is None:
        if len(_SCORINGS) >= 256:
            _SCORINGS.clear()
        scoring = _SCORINGS[key] = Scoring(*key)
    return scoring


def hand_score(rules: Rules, hand: int) -> int:
    """Penalty points of a hand given as a bitmask of tile indices (R17, R17b).

    Every tile counts its pips, the double-blank (index 0) counts :attr:`Rules.double_blank
    <chickenfoot.Rules.double_blank>`, and every other tile with a blank end counts
    :attr:`Rules.blank_value <chickenfoot.Rules.blank_value>` more.

    .. versionadded:: 0.2
    """
    return scoring_of(rules).hand(hand)


def hand_scores(rules: Rules, hands: Iterable[int]) -> tuple[int, ...]:
    """Penalty points of every hand (R17, R17b), by :meth:`Scoring.scores`."""
    return scoring_of(rules).scores(tuple(hands))


def round_winner(scores: Sequence[int], lead: int) -> int:
    """The winner of a blocked round: the lowest score (R18), ties to the tied seat
    first in turn order from ``lead`` (:meth:`Scoring.blocked_winner`)."""
    return _lowest(scores, lead)


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
