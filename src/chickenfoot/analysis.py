"""Learn from a round whose every tile is known: the best play and what each move was worth.

A :class:`~chickenfoot.Round` holds every hand and the boneyard's order, so nothing is
left to chance in the rest of it: every draw takes a known tile (R13), and the round ends
as R16 says, scored by the rules (R17, R17b, R17c, R18, and house rules). Its best play
can be worked out, as the Polish rules "Chickie" say of the two-player endgame, where the
game turns into "real domino chess". :func:`solve` works it out:

>>> from chickenfoot import PRESETS, Round
>>> from chickenfoot.analysis import solve
>>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
>>> for _ in range(13):
...     rnd = rnd.apply(rnd.legal_moves()[0])
>>> solution = solve(rnd)
>>> solution.seat, solution.value, solution.complete
(0, -13, True)
>>> [str(move) for move in solution.moves]
['5-2@6-2', '5-2@5-3', '5-2@5-0']
>>> [str(move) for move in solution.principal]
['5-2@6-2', '5-1@5-3']
>>> best = rnd
>>> for move in solution.principal:
...     best = best.apply(move)
>>> best.outcome
Outcome(ending=Ending.WENT_OUT, winner=1, scores=(13, 0))

The value is the margin of the seat to move (:meth:`Outcome.margin
<chickenfoot.Outcome.margin>`): with two seats the other seat's penalty points minus its
own at the end of the round, both seats playing to make their own margin as large as
they can. :attr:`Solution.values` gives every legal move's value, so the points a move
gives away are the best value minus its own.

**Two seats** are solved exactly by alpha-beta search: the margins of the two seats add
up to 0, so what one seat gains the other loses.

**Three seats or more** are solved by *max^n*: at every decision the seat to move picks
the move whose end gives its own margin (the mean of the other seats' penalty points
minus its own) the highest value, knowing that every later seat does the same for itself;
of moves that give it the same margin it picks the first in the order of
:meth:`Round.legal_moves <chickenfoot.Round.legal_moves>`. With two seats this is the
same as the alpha-beta search. The other rule common in game search, *paranoid* (every
other seat plays to make the seat to move lose, as one team), gives a safe lower bound
and a faster search, but it answers another question: at a real table nobody gives up
his own points to hurt one player, so a paranoid value would count moves as mistakes for
threats that never come. Max^n is what every seat playing for itself means, the same
assumption as the margins of the bots' playouts. It searches every line, so it suits
small rounds: the ends of rounds, and tiny sets.

A limit of :func:`solve` in nodes gives the same answer on every machine; a limit in
seconds depends on the machine's speed.

.. versionadded:: 0.2
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Final

import attrs

from chickenfoot import Move, Round, tile_set

from . import _review
from ._review import (
    Estimate,
    GameAnalysis,
    MoveAnalysis,
    PositionAnalysis,
    SeatSummary,
    mark_for,
)
from ._solver import NO_MOVE, EverySeat, LimitError, TwoSeats, choices
from .state import State, hand_score, state_of

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from chickenfoot import Match, Record, RoundView

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "Estimate",
    "GameAnalysis",
    "MoveAnalysis",
    "PositionAnalysis",
    "SeatSummary",
    "Solution",
    "analyse_game",
    "analyse_view",
    "mark_for",
    "par",
    "solve",
]

#: The loss in points (R17) from which a move is an inaccuracy (``?!``, :func:`mark_for`).
#:
#: .. versionadded:: 0.2
INACCURACY: Final = _review.INACCURACY
#: The loss in points from which a move is a mistake (``?``).
#:
#: .. versionadded:: 0.2
MISTAKE: Final = _review.MISTAKE
#: The loss in points from which a move is a blunder (``??``).
#:
#: .. versionadded:: 0.2
BLUNDER: Final = _review.BLUNDER

#: The samples of the hidden tiles per decision, by default.
_SAMPLES: Final = 12
#: The solver's limit in nodes for one sample, by default.
_SAMPLE_NODES: Final = 100_000
#: The solver's limit in nodes for the hindsight of one move, by default.
_HINDSIGHT_NODES: Final = 200_000
#: Greedy playouts from each move of a sample the solver did not finish, by default.
_PLAYOUTS: Final = 4

#: How far ahead of any tile's points a double comes in the search's move ordering.
_DOUBLE_FIRST = 1000


@attrs.frozen
class Solution:
    """What :func:`solve` found: the value of a round for its seat to move, the moves that
    reach it and the line of best play.

    .. versionadded:: 0.2
    """

    #: The seat to move, whose margin :attr:`value` is.
    seat: int
    #: The seat's margin at the end of the round under best play (:meth:`Outcome.margin
    #: <chickenfoot.Outcome.margin>`): with two seats, the other seat's penalty points
    #: minus its own, a whole number. When the search stopped at its limit
    #: (:attr:`complete` false), the best value of the moves solved so far, which the
    #: seat can reach whatever the other seat does (with three seats or more, under
    #: max^n); ``-math.inf`` if no move was solved.
    value: float
    #: The legal moves that reach :attr:`value`, in the order of :meth:`Round.legal_moves
    #: <chickenfoot.Round.legal_moves>`: several when moves lead to the same game (a tile
    #: onto either of two ends showing one number, R2, R10) or tie.
    moves: tuple[Move, ...]
    #: Every legal move with its value for :attr:`seat` (the margin under best play after
    #: it), in the order of :meth:`Round.legal_moves <chickenfoot.Round.legal_moves>`;
    #: when :attr:`complete` is false, only the moves solved before the limit.
    values: tuple[tuple[Move, float], ...]
    #: The line of best play from the round to its end, the first of :attr:`moves`
    #: first, every seat's moves, draws and passes included: applied to the round it
    #: gives an end whose margin for :attr:`seat` is :attr:`value`.
    principal: tuple[Move, ...]
    #: How many positions the search visited (within its limit), not counting the walk
    #: along the best line once it was done.
    nodes: int
    #: Whether every legal move was solved: false when the limit stopped the search.
    complete: bool

    def value_of(self, move: Move) -> float:
        """The value of ``move`` for :attr:`seat`: its entry in :attr:`values`.

        Raises:
            ValueError: ``move`` is not a legal move here, or the search stopped before
                solving it.
        """
        for known, value in self.values:
            if known == move:
                return value
        state = "was not solved before the limit" if not self.complete else "is not legal here"
        raise ValueError(f"{move} {state}: seat {self.seat} to move")


def solve(rnd: Round, *, nodes: int | None = None, seconds: float | None = None) -> Solution:
    """The value of ``rnd`` for its seat to move under best play, every legal move's value
    and the line of best play (see the module's introduction for what "best" means with
    three seats or more).

    Draws take the boneyard's tiles in its order (R13); a draw beside plays (R12b), a
    pass beside the drawn tile's plays (R13) and the moves of house rules are moves like
    any other, as :meth:`Round.legal_moves <chickenfoot.Round.legal_moves>` lists them.

    Args:
        rnd: a round in play.
        nodes: stop after visiting this many positions; the result is then the same on
            every machine.
        seconds: stop after about this much time; the result then depends on the
            machine's speed. Give ``nodes`` or ``seconds``, not both; neither searches
            to the end.

    A search stopped by its limit returns what it has (:attr:`Solution.complete` false):
    the moves solved so far, each exact, and the best of them.

    Raises:
        ValueError: the round is over, a limit is not positive, or both are given.
        TypeError: ``rnd`` is not a round, or a limit is not a number.

    .. versionadded:: 0.2
    """
    if not isinstance(rnd, Round):
        raise TypeError(f"solve() takes a Round, not {type(rnd).__name__}")
    limit, time_limit = _limits(nodes, seconds)
    if rnd.is_over:
        assert rnd.ending is not None
        raise ValueError(f"the round is over ({rnd.ending.value}): there is no move to solve")
    state = state_of(rnd)
    if len(state.hands) == 2:
        return _two_seats(state, limit, time_limit)
    return _every_seat(state, limit, time_limit)


def par(rnd: Round, *, nodes: int | None = None, seconds: float | None = None) -> Solution:
    """The par of a deal: the :func:`solve` of its first decision, the first round from
    ``rnd`` on (``rnd`` itself, or the round after its forced moves) whose seat to move
    can choose between moves that lead to different games. Its :attr:`~Solution.value`
    is what that seat makes of the round under best play; what the round was worth to
    every seat, before anyone chose.

    A freshly dealt round gives the par of its deal (in ``chickie-duel`` the holder places
    the round double and the cross follows, R6-R7, before the first choice). With no
    choice left in the round, it is :func:`solve` of ``rnd`` itself.

    >>> from chickenfoot import PRESETS, Round
    >>> from chickenfoot.analysis import par
    >>> found = par(Round.deal(PRESETS["chickie-duel"], 2, seed=22))
    >>> found.seat, found.value, found.complete
    (1, -6, True)

    Raises the errors of :func:`solve`.

    .. versionadded:: 0.2
    """
    if not isinstance(rnd, Round):
        raise TypeError(f"par() takes a Round, not {type(rnd).__name__}")
    at = rnd
    while not at.is_over:
        moves = at.legal_moves()
        state = state_of(at)
        if len({state.info_key(move) for move in moves}) > 1:
            return solve(at, nodes=nodes, seconds=seconds)
        at = at.apply(moves[0])
    return solve(rnd, nodes=nodes, seconds=seconds)


def _limits(nodes: object, seconds: object) -> tuple[int, float]:
    """The node limit (-1 for none) and the time limit (0 for none), checked."""
    if nodes is not None and seconds is not None:
        raise ValueError(
            "give solve() a limit in nodes or in seconds, not both: a node limit gives the "
            "same result on every machine, and a time limit would undo that"
        )
    limit = -1
    if nodes is not None:
        if isinstance(nodes, bool) or not isinstance(nodes, int):
            raise TypeError(f"nodes is a whole number, not {nodes!r}")
        if nodes < 1:
            raise ValueError(f"nodes is 1 or more, not {nodes}")
        limit = nodes
    time_limit = 0.0
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise TypeError(f"seconds is a number, not {seconds!r}")
        if not seconds > 0 or math.isinf(seconds):
            raise ValueError(f"seconds is a positive number, not {seconds}")
        time_limit = float(seconds)
    return limit, time_limit


def _weights(state: State) -> list[int]:
    """Each tile's weight in the move ordering, by tile index: doubles first, then heavier
    tiles (the tile's penalty points, R17, R17b, the house rules' tile points in)."""
    rules = state.rules
    tiles = tile_set(rules.set_size(len(state.hands)))
    out = [0] * (max(tile.index for tile in tiles) + 1)
    for tile in tiles:
        weight = hand_score(rules, 1 << tile.index)
        out[tile.index] = weight + _DOUBLE_FIRST if tile.is_double else weight
    return out


def _solution(
    state: State,
    solved: dict[int, float],
    line: list[Move],
    nodes: int,
    complete: bool,
) -> Solution:
    """The solution at ``state`` from the values of its solved choices (by key)."""
    seat = state.to_move
    keyed = _keys(state)
    values = tuple((move, solved[key]) for move, key in keyed if key in solved)
    value = max((v for _, v in values), default=-math.inf)
    best = tuple(move for move, v in values if v == value)
    return Solution(seat, value, best, values, tuple(line), nodes, complete)


def _keys(state: State) -> list[tuple[Move, int]]:
    """Every legal move of ``state`` with the key :func:`~chickenfoot._solver.choices`
    gives its group."""
    moves = state.legal_moves()
    if state.book.house:
        return [(move, index) for index, move in enumerate(moves)]
    return [(move, state.info_key(move)) for move in moves]


def _first_best(state: State, solved: dict[int, float]) -> Move | None:
    """The first legal move of the best solved value, or ``None``."""
    keyed = [(move, key) for move, key in _keys(state) if key in solved]
    if not keyed:
        return None
    top = max(solved[key] for _, key in keyed)
    return next(move for move, key in keyed if solved[key] == top)


def _best_line(state: State, solved: dict[int, float], search: TwoSeats | EverySeat) -> list[Move]:
    """The line of best play from ``state``: the best of the ``solved`` moves, then the
    search's best move at each state to the round's end (the line is already in the
    search's table, so its walk is short and its nodes are not limited)."""
    first = _first_best(state, solved)
    if first is None:
        return []
    line = [first]
    at = state.after(first, False)
    search.budget.lift()
    while at.outcome is None:
        move = search.best_move(at)
        line.append(move)
        at = at.after(move, False)
    return line


def _two_seats(state: State, nodes: int, seconds: float) -> Solution:
    search = TwoSeats(_weights(state), nodes, seconds)
    sign = 1 if state.to_move == 0 else -1
    solved: dict[int, float] = {}
    complete = True
    guess = 0
    try:
        for key, move in search.ordered(state, NO_MOVE):
            guess = search.exact(state.after(move, False), guess)
            solved[key] = sign * guess
    except LimitError:
        complete = False
    visited = search.budget.nodes  # the walk along the best line is not counted
    return _solution(state, solved, _best_line(state, solved, search), visited, complete)


def _every_seat(state: State, nodes: int, seconds: float) -> Solution:
    search = EverySeat(nodes, seconds)
    seat = state.to_move
    solved: dict[int, float] = {}
    complete = True
    try:
        for key, move in choices(state):
            solved[key] = search.end(state.after(move, False)).margin(seat)
    except LimitError:
        complete = False
    visited = search.budget.nodes  # the walk along the best line is not counted
    return _solution(state, solved, _best_line(state, solved, search), visited, complete)


# -- move-by-move analysis ----------------------------------------------------------------


def _count(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is a whole number, not {value!r}")
    if value < least:
        raise ValueError(f"{name} is {least} or more, not {value}")
    return value


def analyse_view(
    view: RoundView,
    rng: random.Random,
    *,
    samples: int = _SAMPLES,
    nodes: int = _SAMPLE_NODES,
    playouts: int = _PLAYOUTS,
) -> PositionAnalysis:
    """Every legal move of a seat's decision valued from its view: each move's expected
    margin (:meth:`Outcome.margin <chickenfoot.Outcome.margin>`, in penalty points,
    R17) over the same ``samples`` exact samples of the hidden tiles
    (:meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>`).

    Each sample is a round whose every tile is known, and :func:`solve` values every
    legal move of it exactly, within ``nodes`` positions. When it does not finish, that
    sample and the decision's later ones are played out instead: ``playouts`` playouts
    from each move, every move with the same random numbers, with the greedy heuristic
    at every seat (:meth:`GreedyPlayer.policy <chickenfoot.bots.GreedyPlayer.policy>`)
    until 14 tiles or fewer are left in the hands, then the rest solved. At three seats or
    more the solver is asked only once 10 tiles or fewer are left in the hands, and the
    samples before are played out: its search of every seat's best reply seldom ends
    above that. :attr:`PositionAnalysis.exact` counts the samples solved. Every move is valued on the same samples (common random numbers), so the
    difference between two moves is measured without the luck of the deal that they
    share: :meth:`PositionAnalysis.loss` gives it with its standard error.

    >>> import random
    >>> from chickenfoot import PRESETS, Play, Round, Tile
    >>> from chickenfoot.analysis import analyse_view
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    >>> for _ in range(13):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> found = analyse_view(rnd.view(rnd.to_move), random.Random(1), samples=8)
    >>> found.seat, found.samples, found.exact
    (0, 8, 8)
    >>> for estimate in found.estimates:
    ...     print(f"{estimate.move}: {estimate.margin:+.2f} +- {estimate.stderr:.2f}")
    ...
    5-2@6-2: -7.12 +- 2.78
    4-2@6-2: -7.62 +- 2.61
    5-2@5-3: -11.50 +- 1.50
    5-2@5-0: -11.50 +- 1.50
    4-2@6-4: -12.38 +- 1.62
    4-2@4-3: -12.38 +- 1.62
    4-2@4-0: -12.38 +- 1.62
    >>> loss, stderr = found.loss(Play(Tile(4, 2), onto=Tile(4, 0)))
    >>> print(f"{loss:.2f} +- {stderr:.2f}")  # against 5-2@6-2, in points
    5.25 +- 2.57

    ``rng`` alone decides the samples.

    Raises:
        ValueError: it is not ``view.seat``'s turn (R11), or a count is below 1
            (``samples`` below 2: a standard error needs two).
        TypeError: ``view`` is not a :class:`~chickenfoot.RoundView`, or a count is not
            a whole number.

    .. versionadded:: 0.2
    """
    return _review.analyse_view(
        view,
        rng,
        solve=solve,
        samples=_count("samples", samples, 2),
        nodes=_count("nodes", nodes, 1),
        playouts=_count("playouts", playouts, 1),
    )


def analyse_game(
    game: Round | Match | Record,
    *,
    seats: Sequence[int] | None = None,
    samples: int = _SAMPLES,
    seed: int = 0,
    nodes: int = _SAMPLE_NODES,
    playouts: int = _PLAYOUTS,
    hindsight_nodes: int = _HINDSIGHT_NODES,
    progress: Callable[[int, int], None] | None = None,
) -> GameAnalysis:
    """Every move of ``seats`` (every seat by default) in a played round or match, judged
    from its seat's view, as a chess engine reviews a game.

    A move is judged where its seat had a choice between moves that lead to different
    games; a forced move (one legal move, or moves onto ends that show the same number,
    R2, R10) is not. For a judged move, :func:`analyse_view` values every legal move over
    ``samples`` exact samples of the tiles the seat could not see; the move's **loss** is
    the best mean margin minus its own, in penalty points (R17), with the standard error
    of that paired difference. Its mark (:func:`mark_for`) is a blunder from 10 points, a
    mistake from 5 and an inaccuracy from 2, and only when the loss is above twice its
    standard error. A seat's **accuracy** is the share of its judged moves without a mark.
    Beside it stands the **hindsight loss**: :func:`solve` of the real round at that
    moment, every hand known (within ``hindsight_nodes`` positions, else ``None``), its
    best value minus the move's.

    The decision at move ``i`` (from 0) of round ``r`` (from 0) samples with
    ``random.Random(f"{seed}/{r}/{i}")``, so one seed gives the same analysis every time,
    and a move's analysis is the same whichever seats are analysed.

    ``progress``, if given, is called with ``(done, total)`` judged moves, from ``(0, total)``.

    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> from chickenfoot.analysis import analyse_game
    >>> from chickenfoot.bots import GreedyPlayer, play_round
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=3)
    >>> rnd = play_round(rnd, [GreedyPlayer(), GreedyPlayer()], random.Random(3))
    >>> found = analyse_game(rnd, seats=[0], samples=6)
    >>> for m in found.moves:
    ...     mark = "" if m.mark is None else m.mark.symbol
    ...     print(f"{m.index + 1:>2}. {m.move} loses {m.loss:5.2f} +- {m.stderr:4.2f} {mark:2}"
    ...           f" (hindsight {m.hindsight_loss:g})")
    ...
     2. 6-4@6-6 loses  0.00 +- 0.00    (hindsight 0)
     4. 6-3@6-6 loses  2.33 +- 2.33    (hindsight 0)
    14. 2-2@6-2 loses 16.83 +- 8.80    (hindsight 1)
    35. 0-0@4-0 loses  2.17 +- 1.74    (hindsight 0)
    37. 5-0@0-0 loses  0.83 +- 0.48    (hindsight 6)
    40. 1-0@0-0 loses  0.00 +- 0.00    (hindsight 4)
    46. 4-1@1-0 loses  0.00 +- 0.00    (hindsight 0)
    >>> summary = found.summary(0)
    >>> summary.judged, summary.accuracy, round(summary.mean_loss, 2), round(summary.hindsight_loss, 2)
    (7, 1.0, 3.17, 1.57)

    :meth:`GameAnalysis.record` is the game as an annotated :class:`~chickenfoot.Record`
    (a record analysed keeps its own notes), :meth:`GameAnalysis.report` a text
    report and :meth:`GameAnalysis.html` a web page.

    Raises:
        TypeError: ``game`` is not a Round, a Match or a Record, or a count or seat is
            not a whole number.
        ValueError: a seat is not at the table, or a count is too small (as for
            :func:`analyse_view`).

    .. versionadded:: 0.2
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed is a whole number, not {seed!r}")
    return _review.analyse_game(
        game,
        solve=solve,
        seats=seats,
        samples=_count("samples", samples, 2),
        seed=seed,
        nodes=_count("nodes", nodes, 1),
        playouts=_count("playouts", playouts, 1),
        hindsight_nodes=_count("hindsight_nodes", hindsight_nodes, 1),
        progress=progress,
    )
