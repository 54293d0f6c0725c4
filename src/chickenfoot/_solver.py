"""The solver's searches of a round whose every tile is known (internal, trusted).

:func:`chickenfoot.analysis.solve` asks these; they step the engine's own states
(:meth:`State.legal_moves <chickenfoot._engine.State.legal_moves>` and
:meth:`State.after <chickenfoot._engine.State.after>`), so every rule, draw and ending is
the engine's, and score the ends with the engine's :class:`~chickenfoot.Outcome`
(R16-R18, R17b, R17c and house rules).

* :class:`TwoSeats`: alpha-beta (fail-soft minimax, seat 0 maximising the margin
  ``scores[1] - scores[0]``, seat 1 minimising it: after a draw the drawer moves again,
  so turns do not alternate and one fixed side is simpler than negamax's sign), closing
  in on a value by windows of width 1 (MTD(f)), with a transposition table of bounds
  keyed by :meth:`State.position_key <chickenfoot._engine.State.position_key>` and
  greedy move ordering: the table's best move first, then doubles, then heavier tiles,
  a play that leaves the other seat no tile for the number it opens before one that
  does not, draws and passes last.
* :class:`EverySeat`: max^n, each seat choosing the move whose end is best for its own
  margin, ties to the first move in the engine's order; every node's end is kept in a
  table by the same key.

Moves that lead to the same game (a tile onto either of two ends showing one number, R2,
R10: :meth:`State.info_key <chickenfoot._engine.State.info_key>`) are searched once,
except under house rules, which may tell such ends apart: there every move is searched.

Both count the nodes they visit and raise :class:`LimitError` when a limit is reached; what
their tables hold stays true, as a node is written only once its search is done.
Plain classes with typed attributes, for the compiled build.
"""

from __future__ import annotations

import time
from typing import Final

from ._engine import Outcome, State
from ._moves import Move, Play

__all__ = ["INF", "EverySeat", "LimitError", "TwoSeats", "choices"]

_PLAY: Final[type[Play]] = Play

#: Beyond any margin a round can end with.
INF: Final = 1 << 40
#: How far ahead of a tile's points in the move ordering a play comes that leaves the
#: other seat no tile for the number it opens.
_BLOCKS: Final = 50
#: The key of no move, for a node with no best move yet.
NO_MOVE: Final = -(1 << 20)
#: How many nodes go by between two looks at the clock.
_CLOCK: Final = 1024


class LimitError(Exception):
    """The search reached its limit of nodes or time."""


def choices(state: State) -> list[tuple[int, Move]]:
    """The legal moves of ``state``, one for each game they lead to, each with its key,
    in the engine's order: the :meth:`~chickenfoot._engine.State.info_key` of the first
    move of each group; under house rules every move, keyed by its index."""
    moves = state.legal_moves()
    if state.book.house:
        return list(enumerate(moves))
    if len(moves) == 1:
        return [(state.info_key(moves[0]), moves[0])]
    seen: set[int] = set()
    out: list[tuple[int, Move]] = []
    for move in moves:
        key = state.info_key(move)
        if key not in seen:
            seen.add(key)
            out.append((key, move))
    return out


class _Budget:
    """The nodes visited, and the limits on them and on time."""

    def __init__(self, nodes: int, seconds: float) -> None:
        self.nodes = 0
        self.limit = nodes
        self.deadline = time.perf_counter() + seconds if seconds > 0 else -1.0
        self.clock = _CLOCK

    def lift(self) -> None:
        """No more limits: for the walk along the best line once the search is done."""
        self.limit = -1
        self.deadline = -1.0

    def count(self) -> None:
        """One more node; :class:`LimitError` if that is one too many or the time is up."""
        self.nodes += 1
        if self.nodes > self.limit >= 0:
            self.nodes = self.limit
            raise LimitError
        self.clock -= 1
        if self.clock == 0:
            self.clock = _CLOCK
            if self.deadline >= 0 and time.perf_counter() >= self.deadline:
                raise LimitError


class TwoSeats:
    """Alpha-beta over a two-seat round, every value the margin of seat 0.

    The table holds, by position key, a lower and an upper bound on the position's value
    and the key of its best move found so far; :meth:`exact` closes in on a value by
    searches with windows of width 1 (MTD(f)), each narrowing the bounds.
    """

    def __init__(self, weights: list[int], nodes: int, seconds: float) -> None:
        #: The ordering weight of each tile index.
        self.weights = weights
        self.budget = _Budget(nodes, seconds)
        self.table: dict[tuple[object, ...], tuple[int, int, int]] = {}

    def ordered(self, state: State, hint: int) -> list[tuple[int, Move]]:
        """:func:`choices` of ``state``: the move keyed ``hint`` first, then doubles, then
        heavier tiles, and of those first the ones that leave the other seat no tile for
        the number they open; draws and passes last."""
        found = choices(state)
        if len(found) == 1:
            return found
        weights = self.weights
        table = state.table
        suit = table.suit
        other = 0
        for s, hand in enumerate(state.hands):
            if s != state.to_move:
                other |= hand
        ranked: list[tuple[int, int]] = []
        for rank, (key, move) in enumerate(found):
            if key == hint:
                weight = -INF
            elif type(move) is _PLAY:
                t = move.tile.index
                onto = move.onto
                weight = -weights[t]
                if onto is not None and not other & suit[table.opens(t, onto.index)]:
                    weight -= _BLOCKS
            else:
                weight = 0
            ranked.append((weight, rank))
        ranked.sort()
        return [found[rank] for _, rank in ranked]

    def value(self, state: State, alpha: int, beta: int) -> int:
        """The margin of seat 0 at ``state`` under best play by both seats, if it lies
        strictly between ``alpha`` and ``beta``; else a bound on the far side of the
        window that it passes (fail-soft)."""
        self.budget.count()
        outcome = state.outcome
        if outcome is not None:
            scores = outcome.scores
            return scores[1] - scores[0]
        key = state.position_key()
        hint = NO_MOVE
        lower, upper = -INF, INF
        entry = self.table.get(key)
        if entry is not None:
            lower, upper, hint = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        low, high = alpha, beta
        best_key = hint
        if state.to_move == 0:
            best = -INF
            for move_key, move in self.ordered(state, hint):
                v = self.value(state.after(move, False), alpha, beta)
                if v > best:
                    best, best_key = v, move_key
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for move_key, move in self.ordered(state, hint):
                v = self.value(state.after(move, False), alpha, beta)
                if v < best:
                    best, best_key = v, move_key
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if best <= low:  # at most best
            upper = best
        elif best >= high:  # at least best
            lower = best
        else:
            lower = upper = best
        self.table[key] = (lower, upper, best_key)
        return best

    def exact(self, state: State, guess: int = 0) -> int:
        """The margin of seat 0 at ``state`` under best play, closed in on from
        ``guess`` by searches with windows of width 1 (MTD(f))."""
        lower, upper = -INF, INF
        value = guess
        while lower < upper:
            beta = value + 1 if value == lower else value
            value = self.value(state, beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return value

    def best_move(self, state: State) -> Move:
        """A best move of ``state``, in play: the table's best move if it reaches the
        value of ``state``, else the first of the engine's order that does."""
        target = self.exact(state)
        entry = self.table.get(state.position_key())
        hint = NO_MOVE if entry is None else entry[2]
        found = self.ordered(state, hint)
        for _, move in found:
            if self.exact(state.after(move, False), target) == target:
                return move
        raise AssertionError("no move reaches the value of its state")


class EverySeat:
    """Max^n over a round of any number of seats: every node's end of best play."""

    def __init__(self, nodes: int, seconds: float) -> None:
        self.budget = _Budget(nodes, seconds)
        self.table: dict[tuple[object, ...], tuple[Outcome, int]] = {}

    def end(self, state: State) -> Outcome:
        """The outcome of the round from ``state`` when every seat plays for its own
        margin, each choosing the first move (in the engine's order) of those whose
        outcomes give it the highest margin."""
        self.budget.count()
        outcome = state.outcome
        if outcome is not None:
            return outcome
        key = state.position_key()
        entry = self.table.get(key)
        if entry is not None:
            return entry[0]
        seat = state.to_move
        players = len(state.hands)
        best: Outcome | None = None
        best_key = NO_MOVE
        top = 0
        for move_key, move in choices(state):
            end = self.end(state.after(move, False))
            # the margin times (players - 1), in whole numbers: the same order, no rounding
            scores = end.scores
            gain = sum(scores) - players * scores[seat]
            if best is None or gain > top:
                best, best_key, top = end, move_key, gain
        assert best is not None
        self.table[key] = (best, best_key)
        return best

    def best_move(self, state: State) -> Move:
        """The move :meth:`end` chose at ``state``, in play."""
        self.end(state)
        chosen = self.table[state.position_key()][1]
        for key, move in choices(state):
            if key == chosen:
                return move
        raise AssertionError("the chosen move is not legal")
