"""A plain minimax over a round whose every tile is known: slow and obvious, to check the
solver of :mod:`chickenfoot.analysis` against.

It walks the whole game tree through the public :class:`~chickenfoot.Round` API alone
(``legal_moves``, ``apply``, ``outcome``): no pruning, no table, no grouping of moves,
no ordering. Every seat picks the move whose end gives it the highest margin
(:meth:`Outcome.margin <chickenfoot.Outcome.margin>`), compared exactly as fractions, the
first such move in the order of ``legal_moves`` (max^n; with two seats, minimax).
"""

from __future__ import annotations

from fractions import Fraction

from chickenfoot import Move, Outcome, Round


def margin(outcome: Outcome, seat: int) -> Fraction:
    """The margin of ``seat`` as an exact fraction: the mean of the other seats' penalty
    points minus its own (R17), the value :meth:`Outcome.margin` gives as a float."""
    scores = outcome.scores
    others = Fraction(sum(scores) - scores[seat], len(scores) - 1)
    return others - scores[seat]


def best_end(rnd: Round) -> Outcome:
    """The outcome of ``rnd`` when every seat, from here on, plays for its own margin."""
    if rnd.outcome is not None:
        return rnd.outcome
    seat = rnd.to_move
    assert seat is not None
    best: Outcome | None = None
    for move in rnd.legal_moves():
        end = best_end(rnd.apply(move))
        if best is None or margin(end, seat) > margin(best, seat):
            best = end
    assert best is not None, "a round in play has a legal move"
    return best


def move_values(rnd: Round) -> list[tuple[Move, float]]:
    """Every legal move of ``rnd`` with its value for the seat to move: its margin at the
    end of best play after the move."""
    seat = rnd.to_move
    assert seat is not None
    return [(move, best_end(rnd.apply(move)).margin(seat)) for move in rnd.legal_moves()]
