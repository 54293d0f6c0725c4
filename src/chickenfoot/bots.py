"""Bots: players that choose a move from what their seat can see.

A bot is anything with a ``name`` and a ``choose(view, rng)`` method (the
:class:`Player` protocol). It is handed a :class:`~chickenfoot.RoundView`, never the
full :class:`~chickenfoot.Round`, so it cannot peek at other hands or at the boneyard.
Four bots come with the library:

* :class:`RandomPlayer` picks uniformly among the legal moves;
* :class:`GreedyPlayer` scores every legal move with a short, documented heuristic;
* :class:`SearchPlayer` samples the hidden tiles many times and plays every candidate
  move out to the end of the round (determinized Monte Carlo);
* :class:`TreeSearchPlayer` grows a search tree over what its seat would know after
  each sequence of moves (information-set Monte Carlo tree search).

:func:`level` hands out five of them as a ladder of opponents, from random to the
strongest tree search, for apps that offer "easy" to "hard".

:func:`play_round` and :func:`play_match` seat bots at a table and play to the end;
:func:`play_until` lets the bots of a table with people at it move until a person is due:

>>> from chickenfoot import PRESETS
>>> from chickenfoot.bots import GreedyPlayer, RandomPlayer, play_match
>>> match = play_match(PRESETS["chickie-duel"], [GreedyPlayer(), RandomPlayer()], seed=1)
>>> match.is_over, len(match.results)
(True, 7)

Every bot here is an immutable, picklable value that keeps no state between calls, so
one bot may play several seats and be sent to worker processes.
"""

from __future__ import annotations

import math
import random
import time
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, Protocol, overload, runtime_checkable

import attrs

from chickenfoot import Draw, Evaluation, Event, Match, Move, Pass, Play, Round, RoundView, Rules

from .errors import IllegalMoveError
from .state import State, TableState, hand_score, round_of, state_of, table_of

__all__ = [
    "LEVELS",
    "GreedyPlayer",
    "MoveValue",
    "Player",
    "RandomPlayer",
    "SearchAnalysis",
    "SearchPlayer",
    "TreeSearchPlayer",
    "level",
    "play_match",
    "play_round",
    "play_until",
]


@runtime_checkable
class Player(Protocol):
    """A bot: something that chooses a move for its seat from that seat's view.

    :func:`play_round` and :func:`play_match` call :meth:`choose` on every turn of the
    seat, forced moves included, with :meth:`Round.view <chickenfoot.Round.view>` of
    that seat and a shared :class:`random.Random`. Any class with these two members is
    a player; it need not inherit from anything:

    >>> from chickenfoot.bots import Player
    >>> import random
    >>> from chickenfoot import Move, RoundView
    >>> class FirstMove:
    ...     name = "first"
    ...
    ...     def choose(self, view: RoundView, rng: random.Random) -> Move:
    ...         return view.legal_moves()[0]
    >>> isinstance(FirstMove(), Player)
    True

    A player should be picklable, so that benchmarks can ship it to a process pool, and
    should keep no state from one call to the next (or document what it keeps): the
    same player object may sit at several seats.

    .. versionadded:: 0.1
    """

    @property
    def name(self) -> str:
        """A short name for tables and error messages."""
        ...

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """The move to make now: one of ``view.legal_moves()``.

        Called only on the turn of ``view.seat``. ``rng`` is the only source of
        randomness a player should use, so that seeded games replay exactly. The bots of
        this module raise :exc:`ValueError` when called on a view with no move to choose
        (another seat's turn, or a finished round).
        """
        ...


def _choices(view: RoundView) -> list[Move]:
    """``view.legal_moves()``; a clear error where ``view.seat`` has no move to choose."""
    moves = view.legal_moves()
    if not moves:
        now = "the round is over" if view.to_move is None else f"seat {view.to_move} is to move"
        raise ValueError(f"seat {view.seat} has no move to choose: {now} (R11)")
    return moves


@attrs.frozen
class RandomPlayer:
    """Plays a legal move picked uniformly at random.

    >>> from chickenfoot.bots import RandomPlayer
    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    >>> RandomPlayer().choose(rnd.view(0), random.Random(0))
    Play(Tile(9, 9), onto=None)

    .. versionadded:: 0.1
    """

    #: The name shown in tables and error messages.
    name: str = "random"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """A uniformly random legal move of ``view``."""
        return rng.choice(_choices(view))


@attrs.frozen
class GreedyPlayer:
    """Scores each legal move with a fixed heuristic and plays the best one.

    A play of tile ``t`` scores the sum of these terms, each with its weight:

    * ``pips``: the penalty points ``t`` would score in hand (R17), the double-blank
      counting :attr:`Rules.double_blank <chickenfoot.Rules.double_blank>` and a blank
      end :attr:`Rules.blank_value <chickenfoot.Rules.blank_value>` (R17b): heavy tiles
      go first;
    * ``double``: 1 for a double, hard to place and so best shed while it can be;
    * ``follow``: how many of the tiles left in hand match the place ``t`` opens (its
      free end, or a double's toes), so that the next turn has a play;
    * ``flexible`` (subtracted): how many open places show a number of ``t``; a tile
      that fits many places is easy to play later, so it is kept;
    * ``dead_foot`` (subtracted): 1 for a double played onto an open end when too few
      tiles of its number are left off the table to give it all its toes (R9); such a
      foot can never be finished, so nobody may play elsewhere and the round blocks
      (R16). Tiles in hand count as left, since only the table and the hand are known.

    A :class:`~chickenfoot.Pass` offered next to the plays of a drawn tile (``play_drawn
    = "may"``, R13) scores ``-pass_penalty``, so the drawn tile is played unless the
    weights say otherwise. A :class:`~chickenfoot.Draw` offered next to plays (``must_play
    = False``, R12b) scores 0, so a play is made only when it scores above 0 (with the
    default weights, every play). Draws and passes that are the only move are made at once.
    The choice depends on the view alone; equal best scores are split by ``rng``.

    >>> from chickenfoot.bots import GreedyPlayer
    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    >>> for _ in range(11):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> view = rnd.view(rnd.to_move)
    >>> view.hand
    (Tile(4, 2), Tile(5, 0), Tile(5, 2), Tile(6, 1))
    >>> [str(move) for move in view.legal_moves()]
    ['5-0@6-0', '5-0@3-0', '4-2@6-2', '5-2@6-2', '4-2@6-4', '4-2@4-3', '5-0@5-3', '5-2@5-3']
    >>> GreedyPlayer().choose(view, random.Random(0))
    Play(Tile(5, 2), onto=Tile(5, 3))

    .. versionadded:: 0.1
    """

    #: Weight of the tile's penalty points.
    pips: float = 1.0
    #: Bonus for playing a double.
    double: float = 10.0
    #: Weight of the tiles left in hand that fit the place the play opens.
    follow: float = 3.0
    #: Weight of the open places the tile fits (a tile that fits many is kept).
    flexible: float = 2.0
    #: Penalty for starting a foot whose toes cannot all be found.
    dead_foot: float = 6.0
    #: Penalty for passing when the drawn tile may be played (``play_drawn = "may"``).
    pass_penalty: float = 100.0
    #: The name shown in tables and error messages.
    name: str = "greedy"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """The best legal move of ``view`` by the heuristic, ties broken by ``rng``."""
        moves = _choices(view)
        if len(moves) == 1:
            return moves[0]
        hand = 0
        for tile in view.hand:
            hand |= 1 << tile.index
        return _greedy_pick(self, view.rules, table_of(view), hand, moves, rng)

    def policy(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        """The heuristic's choice among ``moves`` for the seat to move of ``state``, a
        :data:`~chickenfoot.state.Policy` for :meth:`State.play_out
        <chickenfoot.state.State.play_out>`: the move :meth:`choose` makes from that
        seat's view, ties broken by ``rng``.

        >>> import random
        >>> from chickenfoot import PRESETS, Round
        >>> from chickenfoot.bots import GreedyPlayer
        >>> from chickenfoot.state import state_of
        >>> state = state_of(Round.deal(PRESETS["chickie-duel"], 2, seed=22))
        >>> end = state.play_out(GreedyPlayer().policy, random.Random(0))
        >>> end.outcome.ending
        Ending.WENT_OUT

        .. versionadded:: 0.2
        """
        hand = state.hands[state.to_move]
        return _greedy_pick(self, state.rules, state.table, hand, moves, rng)


@attrs.frozen
class MoveValue:
    """What a search found one move to be worth for its seat: a line of a
    :class:`SearchAnalysis`.

    Moves that lead to the same game (a tile played onto either of two open ends that
    show the same number leaves the same numbers open, R2, R10) are searched as one:
    :attr:`move` is the first of them in the order of :meth:`RoundView.legal_moves
    <chickenfoot.RoundView.legal_moves>`, the one a bot plays, and :attr:`equivalent`
    holds the others, which share its value.

    .. versionadded:: 0.2
    """

    #: The move (of its group, the one a bot plays).
    move: Move
    #: Its estimated value for the seat, higher better, by the bot's objective: with
    #: ``"margin"`` the mean over its playouts of the other seats' mean penalty points
    #: minus the seat's own (R17), in points; with ``"win"`` the share of its playouts
    #: that the seat won (R18), from 0 to 1. ``None`` when no playout tried it.
    value: float | None
    #: How many playouts (for :class:`TreeSearchPlayer`, visits) the value is the mean of.
    playouts: int
    #: The standard error of :attr:`value`, where the method gives one
    #: (:class:`SearchPlayer`, from two playouts on); ``None`` otherwise.
    stderr: float | None = None
    #: The other legal moves that lead to the same game as :attr:`move`.
    equivalent: tuple[Move, ...] = ()


@attrs.frozen
class SearchAnalysis:
    """What a search bot thinks of every legal move of one decision
    (:meth:`SearchPlayer.analyse`, :meth:`TreeSearchPlayer.analyse`).

    :attr:`moves` has one :class:`MoveValue` for each group of legal moves that lead to
    the same game, so every legal move is in it once, as a line's
    :attr:`~MoveValue.move` or among its :attr:`~MoveValue.equivalent`; the lines come
    best first in the search's own ranking, and the first is :attr:`move`, the move the
    bot plays. :meth:`of` finds the line of any legal move.

    .. versionadded:: 0.2
    """

    #: The seat that is to move and was analysed.
    seat: int
    #: The move the bot plays: what its ``choose`` returns for the same view and
    #: random numbers.
    move: Move
    #: One line per group of equivalent legal moves, best first; the first is
    #: :attr:`move`'s.
    moves: tuple[MoveValue, ...]
    #: What the values measure: ``"margin"`` (points, R17) or ``"win"`` (a share of
    #: playouts won, R18).
    objective: Literal["margin", "win"]
    #: The playouts (for :class:`TreeSearchPlayer`, iterations) the search ran; 0 for a
    #: forced move.
    playouts: int

    def of(self, move: Move) -> MoveValue:
        """The line of ``move``: the one that names it, or holds it among its equivalents.

        Raises:
            ValueError: ``move`` is not a legal move of the decision analysed.
        """
        for line in self.moves:
            if line.move == move or move in line.equivalent:
                return line
        legal = ", ".join(str(m) for line in self.moves for m in (line.move, *line.equivalent))
        raise ValueError(
            f"{move} is not a legal move of seat {self.seat} here; the legal moves were {legal}"
        )

    def evaluation(self, move: Move) -> Evaluation:
        """What the analysis says ``move`` is worth, as a record's
        :class:`~chickenfoot.Evaluation`: its value as the margin, with its standard error,
        and the analysis's best move (:attr:`move`) with its value, for a game review
        (:class:`~chickenfoot.Annotation`, :meth:`Record.annotate
        <chickenfoot.Record.annotate>`).

        >>> import random
        >>> from chickenfoot import PRESETS, Round
        >>> from chickenfoot.bots import SearchPlayer
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
        >>> for _ in range(11):
        ...     rnd = rnd.apply(rnd.legal_moves()[0])
        >>> analysis = SearchPlayer(samples=4, playouts=40).analyse(rnd.view(0), random.Random(1))
        >>> value = analysis.evaluation(analysis.moves[-1].move)
        >>> print(f"{value.margin:+.2f}, best {value.best} at {value.best_margin:+.2f}")
        -19.50, best 5-2@5-3 at -3.75

        Raises:
            ValueError: the analysis measures a share of wins (``objective="win"``), not
                a margin in points; ``move`` is not a legal move of the decision; or the
                search gave ``move`` or the best move no value (a forced move, or a move
                no playout reached).

        .. versionadded:: 0.2
        """
        if self.objective != "margin":
            raise ValueError(
                f"an evaluation is a margin in points (R17), but this analysis measures "
                f"{self.objective!r}: analyse with objective='margin'"
            )
        line, best = self.of(move), self.moves[0]
        value, top = line.value, best.value
        if value is None or top is None:
            what = move if value is None else f"the best move {best.move}"
            raise ValueError(
                f"the search gave {what} no value: a forced move, or no playout reached it"
            )
        return Evaluation(value, line.stderr, self.move, top)


@attrs.frozen
class _Flat:
    """The sums of one :class:`SearchPlayer` decision, by candidate (trusted internals)."""

    totals: list[float]
    squares: list[float]
    runs: list[int]
    #: The last phase of the halving each candidate was in.
    reached: list[int]
    #: The candidate played.
    chosen: int


def _deprecated_tries(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """Warn that ``max_tries`` is ignored when it is set to anything but its default."""
    if value != 100:
        warnings.warn(
            "SearchPlayer(max_tries=...) is deprecated and ignored: RoundView.sample_state "
            "is exact and never retries; the field goes away in 0.2.0",
            DeprecationWarning,
            stacklevel=4,
        )


@attrs.frozen
class SearchPlayer:
    """Decides by determinized Monte Carlo search over what its seat cannot see.

    For a decision with more than one legal move, it

    1. groups the moves that lead to the same game: a tile played onto either of two
       open ends that show the same number leaves the same numbers open (R2, R10), so
       one move of each group is a candidate;
    2. samples up to :attr:`samples` full rounds consistent with its view
       (:meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>`): the other
       hands and the boneyard's order dealt at random from the tiles it has not seen,
       agreeing with every draw and pass it has seen;
    3. runs batches of playouts: each batch takes the next sample (cycling through
       them) and fresh random numbers, and from that sample plays every candidate still
       in the running, then the rest of the round with the :attr:`rollout` policy at
       every seat. All candidates of a batch share the sample and the random numbers
       (common random numbers), so their difference is measured, not the luck of the
       deal;
    4. scores a playout, with ``objective="margin"``, by the mean penalty points of the
       other seats minus its own (R17), or with ``objective="win"`` by 1 for winning the
       round and 0 otherwise (R18);
    5. spends the budget by sequential halving: the :attr:`playouts` are split over
       ceil(log2(candidates)) phases, and after each phase the worse half of the
       candidates (by mean score) is dropped, so the promising moves get most playouts.
       With ``halving=False`` every candidate gets an equal share (flat Monte Carlo);
    6. plays the candidate with the best mean among the last phase's; equal means are
       split by ``rng``.

    :attr:`playouts` bounds the work: at most that many playouts per decision, except
    that every candidate in the running gets at least one per phase. A forced move (a
    single legal move, or a single group) is returned at once, without sampling or
    touching ``rng``.

    It reads nothing but the view, so it plays the same move on any two rounds that
    give its seat equal views:

    >>> from chickenfoot.bots import SearchPlayer
    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    >>> for _ in range(11):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> view = rnd.view(rnd.to_move)
    >>> bot = SearchPlayer(samples=4, playouts=40)
    >>> bot.choose(view, random.Random(1))
    Play(Tile(5, 2), onto=Tile(5, 3))
    >>> other = view.sample_state(random.Random(9))  # other hidden tiles, same view
    >>> bot.choose(view, random.Random(1)) == bot.choose(other.view(view.seat), random.Random(1))
    True

    .. versionadded:: 0.1
    """

    #: How many full rounds consistent with the view are sampled, at most, per decision.
    samples: int = attrs.field(default=16, validator=attrs.validators.ge(1))
    #: The budget: total playouts per decision, over all samples and candidates.
    playouts: int = attrs.field(default=300, validator=attrs.validators.ge(1))
    #: The policy of every seat in the playouts: ``"random"`` or ``"greedy"``.
    rollout: Literal["random", "greedy"] = attrs.field(
        default="greedy", validator=attrs.validators.in_(("random", "greedy"))
    )
    #: What is maximised: ``"margin"`` (the others' mean penalty minus its own) or
    #: ``"win"`` (winning the round).
    objective: Literal["margin", "win"] = attrs.field(
        default="margin", validator=attrs.validators.in_(("margin", "win"))
    )
    #: The heuristic of the greedy playouts (``rollout="greedy"``).
    greedy: GreedyPlayer = attrs.field(factory=GreedyPlayer)
    #: Whether to spend the budget by sequential halving (the better half of the
    #: candidates goes on to the next phase) rather than evenly on every candidate.
    halving: bool = True
    #: Ignored: :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>` is
    #: exact and never retries.
    #:
    #: .. deprecated:: 0.1
    #:    ``max_tries`` is ignored; setting it to anything but 100 warns. It goes away in
    #:    0.2.0: leave it out.
    max_tries: int = attrs.field(default=100, validator=[attrs.validators.ge(1), _deprecated_tries])
    #: The name shown in tables and error messages.
    name: str = "search"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """The legal move of ``view`` with the best mean over the sampled playouts."""
        moves = _choices(view)
        if len(moves) == 1:
            return moves[0]
        options = list(_distinct(view, moves).values())
        if len(options) == 1:
            return options[0]
        return options[self._search(view, options, rng).chosen]

    def analyse(self, view: RoundView, rng: random.Random) -> SearchAnalysis:
        """The search of :meth:`choose`, with what it found every legal move to be worth.

        The search is the same, draw for draw of ``rng``: the analysis names the move
        :meth:`choose` plays for the same view and the same state of ``rng``, and leaves
        ``rng`` in the same state. Every move's :attr:`~MoveValue.value` is the mean of
        its playouts' scores by :attr:`objective` (a margin of penalty points, R17, or
        the share of playouts won, R18), with its :attr:`~MoveValue.playouts` and the
        standard error of that mean. The moves come in the order the search ranks them:
        those that reached the last phase of the halving first, by mean, the move played
        at the head; then those dropped a phase earlier, and so on. A move dropped early
        has fewer playouts, and its mean may even be above the chosen move's: it is
        measured less well, and the halving judged it on the playouts of its phase. The
        standard error takes the playouts as independent; those that share one of the
        :attr:`samples` deals are not quite, so it is a little too small when the
        playouts outnumber the samples by far.

        A forced move (one legal move, or one group of moves that lead to the same game)
        is named at once with no value and no playouts, as :meth:`choose` plays it
        without searching.

        >>> import random
        >>> from chickenfoot import PRESETS, Play, Round, Tile
        >>> from chickenfoot.bots import SearchPlayer
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
        >>> for _ in range(11):
        ...     rnd = rnd.apply(rnd.legal_moves()[0])
        >>> view = rnd.view(rnd.to_move)
        >>> bot = SearchPlayer(samples=4, playouts=40)
        >>> analysis = bot.analyse(view, random.Random(1))
        >>> analysis.move == bot.choose(view, random.Random(1))
        True
        >>> for line in analysis.moves:  # a margin in points (R17), best first
        ...     print(f"{line.move}: {line.value:+.2f} +- {line.stderr:.2f} ({line.playouts})")
        5-2@5-3: -3.75 +- 2.07 (12)
        5-2@6-2: -7.75 +- 1.75 (12)
        5-0@6-0: -6.67 +- 2.84 (6)
        5-0@5-3: -11.00 +- 2.00 (2)
        4-2@6-2: -18.50 +- 6.50 (2)
        4-2@6-4: -19.50 +- 6.50 (2)
        >>> analysis.of(Play(Tile(5, 0), onto=Tile(3, 0))).move  # the same game as 5-0@6-0
        Play(Tile(5, 0), onto=Tile(6, 0))

        Raises:
            ValueError: ``view.seat`` has no move to choose (R11).

        .. versionadded:: 0.2
        """
        groups = list(_groups(view, _choices(view)).values())
        options = [group[0] for group in groups]
        if len(options) == 1:
            only = MoveValue(options[0], None, 0, None, tuple(groups[0][1:]))
            return SearchAnalysis(view.seat, options[0], (only,), self.objective, 0)
        flat = self._search(view, options, rng)
        totals, squares, runs, reached = flat.totals, flat.squares, flat.runs, flat.reached
        order = sorted(
            range(len(options)),
            key=lambda i: (i != flat.chosen, -reached[i], -totals[i] / runs[i], i),
        )
        values = []
        for i in order:
            n = runs[i]
            mean = totals[i] / n
            error = None
            if n > 1:
                spread = max(0.0, squares[i] - n * mean * mean) / (n - 1)
                error = math.sqrt(spread / n)
            values.append(MoveValue(options[i], mean, n, error, tuple(groups[i][1:])))
        played = options[flat.chosen]
        return SearchAnalysis(view.seat, played, tuple(values), self.objective, sum(runs))

    def _search(self, view: RoundView, options: list[Move], rng: random.Random) -> _Flat:
        """The playouts of one decision among ``options`` (two or more)."""
        count = len(options)
        samples = max(1, min(self.samples, self.playouts // count))
        phases = (count - 1).bit_length() if self.halving else 1  # ceil(log2(count))
        share = self.playouts // phases
        policy = _random_pick if self.rollout == "random" else self._greedy_rollout
        seat = view.seat
        objective = self.objective
        states: list[State] = []
        totals = [0.0] * count
        squares = [0.0] * count
        runs = [0] * count
        reached = [0] * count
        alive = list(range(count))
        batch = 0
        for phase in range(phases):
            if phase:  # sequential halving: the better half goes on
                alive.sort(key=lambda i: totals[i] / runs[i], reverse=True)
                alive = alive[: (len(alive) + 1) // 2]
                for i in alive:
                    reached[i] = phase
            for _ in range(max(1, share // len(alive))):
                if len(states) < samples:
                    # exact: the sample's view is this view, so this seat moves in it
                    states.append(state_of(view.sample_state(rng)))
                state = states[batch % len(states)]
                batch += 1
                seed = rng.getrandbits(64)
                for i in alive:
                    end = state.after(options[i]).play_out(policy, random.Random(seed))
                    value = _value(end, seat, objective)
                    totals[i] += value
                    squares[i] += value * value
                    runs[i] += 1
        means = {i: totals[i] / runs[i] for i in alive}
        best = max(means.values())
        top = [i for i in alive if means[i] == best]
        chosen = rng.choice(top)  # drawn even for one, as the moves of 0.1 were
        return _Flat(totals, squares, runs, reached, chosen)

    def _greedy_rollout(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        hand = state.hands[state.to_move]
        return _greedy_pick(self.greedy, state.rules, state.table, hand, moves, rng)


def _check_playouts(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"playouts must be a whole number of at least 1 or None, not {value!r}")


def _check_seconds(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        if getattr(instance, "playouts", None) is None:
            raise ValueError("a budget is needed: playouts, seconds, or both")
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"seconds must be a number above 0 or None, not {value!r}")


def _check_exploration(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
        raise ValueError(f"exploration must be a finite number of at least 0, not {value!r}")


def _check_prior(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < math.inf:
        raise ValueError(f"prior must be a finite number of at least 0, not {value!r}")


def _check_epsilon(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"epsilon must be a probability from 0 to 1, not {value!r}")


@attrs.frozen
class TreeSearchPlayer:
    """Decides by information-set Monte Carlo tree search (single-observer IS-MCTS).

    Where :class:`SearchPlayer` scores each of its own moves by flat playouts, this bot
    grows one search tree over the game that follows, its nodes the information sets of
    its own seat: what it would know after a sequence of moves (the moves themselves,
    and the tiles it draws; the tiles the other seats draw stay hidden, so their draws
    all lead to the same node). For a decision with more than one legal move, every
    iteration

    1. *determinizes*: takes a full round consistent with the view from
       :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>` (the other
       hands and the boneyard's order dealt at random, agreeing with everything the
       seat has seen);
    2. *selects*: walks down the tree along the moves legal in that round, at every
       node the move of the seat to move with the best upper confidence bound (UCB1)
       for that seat: its mean value plus ``exploration * range * sqrt(ln(a) / n)``,
       where ``n`` counts the visits of the move, ``a`` how often it was legal when its
       node was reached (moves are not legal in every determinization), and ``range``
       the spread of the values seen so far, so that one ``exploration`` suits every
       variant's scale of points. Moves that lead to the same game (a tile onto either of
       two open ends showing the same number, R2, R10) are one branch, and forced moves
       (a lone draw or pass) are followed without counting as a choice. With
       ``opponents="policy"`` the other seats' moves in the tree are the :attr:`rollout`
       policy's instead; with a :attr:`prior`, the greedy heuristic's move at the
       searching seat's nodes gets a bonus that fades with its visits;
    3. *expands*: at the first node with a legal move not yet in the tree, adds one
       such move, picked by ``rng`` (with a :attr:`prior`, the greedy heuristic's best
       of them for the seat to move);
    4. *plays out* the rest of the round with the :attr:`rollout` policy at every seat
       (with probability :attr:`epsilon`, a uniformly random legal move instead);
    5. *backs up* the result: every seat's value of the finished round, as in
       :class:`SearchPlayer`'s :attr:`~SearchPlayer.objective` (``"margin"``: the mean
       penalty points of the other seats minus its own, R17; ``"win"``: 1 for winning
       the round, R18), is added to the moves on the path, each move scored for the seat
       that made it, so the other seats are modelled as playing for themselves.

    The budget is :attr:`playouts` iterations, or :attr:`seconds` of time per decision,
    or whichever ends first when both are set. The move played is the root's most
    visited, ties broken by the higher mean and then by ``rng``. A forced move (one legal
    move, or one group of equivalent moves) is returned at once, without sampling or
    touching ``rng``.

    With a budget in playouts the move depends on the view and ``rng`` alone: the same
    view and the same seed give the same move on any machine, and the hidden tiles
    cannot leak in. A budget in seconds depends on the speed of the machine, so it does
    not replay exactly:

    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    >>> for _ in range(11):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> from chickenfoot.bots import TreeSearchPlayer
    >>> view = rnd.view(rnd.to_move)
    >>> bot = TreeSearchPlayer(playouts=60)
    >>> move = bot.choose(view, random.Random(1))
    >>> move in view.legal_moves()
    True
    >>> other = view.sample_state(random.Random(9))  # other hidden tiles, same view
    >>> bot.choose(other.view(view.seat), random.Random(1)) == move
    True

    .. versionadded:: 0.1
    """

    #: The budget in iterations (one determinization and one playout each) per decision,
    #: or ``None`` for a budget in :attr:`seconds` alone.
    playouts: int | None = attrs.field(default=400, validator=_check_playouts)
    #: The budget in seconds of wall time per decision, or ``None`` for a budget in
    #: :attr:`playouts` alone. At least one iteration is always run.
    seconds: float | None = attrs.field(default=None, validator=_check_seconds)
    #: The weight of exploration in UCB1, relative to the spread of the values seen.
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)
    #: The policy of every seat in the playouts: ``"greedy"`` or ``"random"``.
    rollout: Literal["random", "greedy"] = attrs.field(
        default="greedy", validator=attrs.validators.in_(("random", "greedy"))
    )
    #: The chance that a playout move is uniformly random instead of the
    #: :attr:`rollout` policy's (epsilon-greedy playouts); 0 plays the policy alone.
    epsilon: float = attrs.field(default=0.0, validator=_check_epsilon)
    #: What every seat maximises: ``"margin"`` (the others' mean penalty minus its own)
    #: or ``"win"`` (winning the round).
    objective: Literal["margin", "win"] = attrs.field(
        default="margin", validator=attrs.validators.in_(("margin", "win"))
    )
    #: The heuristic of the greedy playouts (``rollout="greedy"``).
    greedy: GreedyPlayer = attrs.field(
        factory=GreedyPlayer, validator=attrs.validators.instance_of(GreedyPlayer)
    )
    #: The name shown in tables and error messages.
    name: str = "tree-search"
    #: How the other seats choose their moves inside the tree: ``"search"``, each by its
    #: own upper confidence bound, for its own value (every seat searching for itself);
    #: or ``"policy"``, by the :attr:`rollout` policy, as in the playouts, so that the
    #: tree branches on the searching seat's choices and on what it sees the others do.
    #:
    #: .. versionadded:: 0.2
    opponents: Literal["search", "policy"] = attrs.field(
        default="search", validator=attrs.validators.in_(("search", "policy"))
    )
    #: The weight of the greedy heuristic's advice (:attr:`greedy`); 0 for none. Above 0,
    #: a node adds its new moves in the heuristic's order for the seat to move (its best
    #: first, ties by ``rng``), and at the searching seat's nodes the move the heuristic
    #: picks gets ``prior * range / n`` added to its upper confidence bound (``n`` its
    #: visits, ``range`` as for :attr:`exploration`), a bonus that fades as the move is
    #: tried: with few playouts the search leaves the heuristic's move only on evidence.
    #:
    #: .. versionadded:: 0.2
    prior: float = attrs.field(default=0.0, validator=_check_prior)

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """The legal move of ``view`` the search visits most."""
        moves = _choices(view)
        if len(moves) == 1:
            return moves[0]
        options = _distinct(view, moves)
        if len(options) == 1:
            return next(iter(options.values()))
        search = _TreeSearch(self, view, rng)
        return options[search.pick(search.grow(), options)]

    def analyse(self, view: RoundView, rng: random.Random) -> SearchAnalysis:
        """The search of :meth:`choose`, with what it found every legal move to be worth.

        The search is the same, draw for draw of ``rng``: the analysis names the move
        :meth:`choose` plays for the same view and the same state of ``rng`` (with a
        budget in playouts; one in :attr:`seconds` does not replay), and leaves ``rng``
        in the same state. Every move's :attr:`~MoveValue.value` is the mean, for this
        seat, of the playouts through it at the root of the tree, by :attr:`objective` (a
        margin of penalty points, R17, or the share of playouts won, R18), and its
        :attr:`~MoveValue.playouts` are its visits. The moves come most visited first,
        ties by the higher mean, the move played at the head; moves the budget never
        reached come last, with no value. There is no standard error: the playouts
        through a move follow a tree that changes as it grows, so they are not draws of
        one distribution, and the visits, not the mean, say which move the search trusts.

        A forced move (one legal move, or one group of moves that lead to the same game)
        is named at once with no value and no playouts, as :meth:`choose` plays it
        without searching.

        >>> import random
        >>> from chickenfoot import PRESETS, Round
        >>> from chickenfoot.bots import TreeSearchPlayer
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
        >>> for _ in range(11):
        ...     rnd = rnd.apply(rnd.legal_moves()[0])
        >>> view = rnd.view(rnd.to_move)
        >>> bot = TreeSearchPlayer(playouts=60)
        >>> analysis = bot.analyse(view, random.Random(1))
        >>> analysis.move == bot.choose(view, random.Random(1))
        True
        >>> sum(line.playouts for line in analysis.moves) == analysis.playouts == 60
        True

        Raises:
            ValueError: ``view.seat`` has no move to choose (R11).

        .. versionadded:: 0.2
        """
        groups = _groups(view, _choices(view))
        options = {key: group[0] for key, group in groups.items()}
        if len(options) == 1:
            (group,) = groups.values()
            only = MoveValue(group[0], None, 0, None, tuple(group[1:]))
            return SearchAnalysis(view.seat, group[0], (only,), self.objective, 0)
        search = _TreeSearch(self, view, rng)
        root = search.grow()
        chosen = search.pick(root, options)
        children = root.children

        def rank(key: int) -> tuple[bool, int, float]:
            child = children.get(key)
            if child is None:
                return (key != chosen, 0, 0.0)
            return (key != chosen, -child.visits, -child.total / child.visits)

        values = []
        for key in sorted(options, key=rank):  # a stable sort: legal order breaks ties
            child = children.get(key)
            equivalent = tuple(groups[key][1:])
            if child is None:
                values.append(MoveValue(options[key], None, 0, None, equivalent))
            else:
                mean = child.total / child.visits
                values.append(MoveValue(options[key], mean, child.visits, None, equivalent))
        played = options[chosen]
        return SearchAnalysis(view.seat, played, tuple(values), self.objective, search.done)

    def _rollout_move(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        if self.rollout == "random" or (self.epsilon and rng.random() < self.epsilon):
            return rng.choice(moves)
        hand = state.hands[state.to_move]
        return _greedy_pick(self.greedy, state.rules, state.table, hand, moves, rng)


class _Node:
    """A move in the search tree and the node it leads to (trusted internals).

    ``seat`` made the move; ``visits`` and ``total`` sum that seat's values of the
    playouts through it; ``available`` counts the visits of its parent where it was legal.
    """

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[int, _Node] = {}


class _TreeSearch:
    """One decision of a :class:`TreeSearchPlayer` (trusted internals)."""

    def __init__(self, bot: TreeSearchPlayer, view: RoundView, rng: random.Random) -> None:
        self.bot = bot
        self.view = view
        self.rng = rng
        self.seat = view.seat
        self.low = math.inf
        self.high = -math.inf
        #: The iterations run.
        self.done = 0

    def grow(self) -> _Node:
        """The root of the tree, grown for the bot's budget."""
        bot, rng = self.bot, self.rng
        root = _Node(self.seat)
        limit = bot.playouts
        deadline = None if bot.seconds is None else time.perf_counter() + bot.seconds
        done = 0
        while True:
            # exact: the sample's view is this view, so this seat moves, with these moves
            self._iterate(root, state_of(self.view.sample_state(rng)))
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.done = done
        return root

    def pick(self, root: _Node, options: dict[int, Move]) -> int:
        """The key of the move to play: the most visited of ``root``, ties by mean, then
        by ``rng``."""
        rng = self.rng
        best: list[int] = []
        top = (-1, -math.inf)
        for key, child in root.children.items():
            if key not in options:
                continue
            score = (child.visits, child.total / child.visits)
            if score > top:
                best, top = [key], score
            elif score == top:
                best.append(key)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _iterate(self, root: _Node, state: State) -> None:
        bot, rng, seat = self.bot, self.rng, self.seat
        node = root
        path: list[_Node] = []
        c = bot.exploration
        spread = self.high - self.low if self.high > self.low else 1.0
        while state.outcome is None:  # selection and expansion
            moves = state.legal_moves()
            mover = state.to_move
            if len(moves) == 1 or (mover != seat and bot.opponents == "policy"):
                move = moves[0] if len(moves) == 1 else bot._rollout_move(state, moves, rng)
                # a draw by the searching seat is keyed by the tile it sees
                key = state.drawn_key(seat) if type(move) is Draw else state.info_key(move)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(mover)
                child.available += 1
            else:
                keyed: dict[int, Move] = {}
                for m in moves:
                    keyed.setdefault(state.info_key(m), m)
                children = node.children
                fresh = [k for k in keyed if k not in children]
                if fresh:
                    if len(fresh) == 1:
                        key = fresh[0]
                    elif bot.prior:
                        hand = state.hands[mover]
                        pick = _greedy_pick(
                            bot.greedy, state.rules, state.table, hand,
                            [keyed[k] for k in fresh], rng,
                        )  # fmt: skip
                        key = state.info_key(pick)
                    else:
                        key = rng.choice(fresh)
                    for k in keyed:
                        if k in children:
                            children[k].available += 1
                    child = children[key] = _Node(mover)
                    child.available = 1
                    path.append(child)
                    state = state.after(keyed[key])
                    break
                best_key = None
                best_score = -math.inf
                scale = c * spread
                favourite = None
                if bot.prior and mover == seat:
                    hand = state.hands[mover]
                    favourite = state.info_key(_greedy_pick(
                        bot.greedy, state.rules, state.table, hand, list(keyed.values()), rng
                    ))  # fmt: skip
                for k in keyed:
                    ch = children[k]
                    ch.available += 1
                    score = ch.total / ch.visits + scale * math.sqrt(
                        math.log(ch.available) / ch.visits
                    )
                    if k == favourite:
                        score += bot.prior * spread / ch.visits
                    if score > best_score:
                        best_key, best_score = k, score
                assert best_key is not None
                key, move, child = best_key, keyed[best_key], children[best_key]
            path.append(child)
            node = child
            state = state.after(move)
        end = state.play_out(bot._rollout_move, rng)  # the playout
        values = [_value(end, s, bot.objective) for s in range(len(end.hands))]
        self.low = min(self.low, *values)
        self.high = max(self.high, *values)
        for child in path:
            child.visits += 1
            child.total += values[child.seat]


# -- levels -----------------------------------------------------------------------------------

#: The ready-made opponents of :func:`level`, weakest first (``LEVELS[0]`` is level 1).
#:
#: .. versionadded:: 0.1
LEVELS: Final[tuple[Player, ...]] = (
    RandomPlayer(name="level1"),
    GreedyPlayer(name="level2"),
    TreeSearchPlayer(playouts=25, opponents="policy", prior=1.0, name="level3"),
    TreeSearchPlayer(playouts=100, opponents="policy", prior=1.0, name="level4"),
    TreeSearchPlayer(playouts=400, opponents="policy", prior=1.0, name="level5"),
)


def level(n: int) -> Player:
    """The ready-made opponent of strength ``n``, from 1 (weakest) to 5 (strongest).

    A ladder for apps that offer "easy" to "hard": each level is meant to beat the one
    below it, and the stronger levels think longer. Every level is a plain bot of this
    module, named ``"level<n>"``:

    1. :class:`RandomPlayer`: a random legal move;
    2. :class:`GreedyPlayer`: a fixed heuristic, no look-ahead;
    3. :class:`TreeSearchPlayer` with 25 playouts: a few hundredths of a second a move;
    4. :class:`TreeSearchPlayer` with 100 playouts: about a tenth of a second a move;
    5. :class:`TreeSearchPlayer` with 400 playouts: a few tenths of a second a move at
       two to four seats, seconds at twenty.

    The search levels let the other seats play the greedy heuristic inside the tree
    (``opponents="policy"``) and take the heuristic's move as their prior (``prior=1.0``),
    so that a small budget leaves the heuristic's move only when its playouts say so.

    The search levels' budgets are counted in playouts, not seconds, so a seeded game
    replays exactly on any machine; their time per move grows with the size of the
    game (more tiles, more seats); every decision also draws samples of the view with
    :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>`, whose first
    sample of a view takes milliseconds at every table size from 2 to 20 seats. The bots
    page of the documentation gives each level's measured time per decision (median and
    99th percentile at 2, 4, 8 and 20 seats), its rating, and how it fares against the
    level below it.

    >>> from chickenfoot.bots import level
    >>> level(1)
    RandomPlayer(name='level1')
    >>> level(5).name, level(5).playouts
    ('level5', 400)

    Raises:
        ValueError: ``n`` is not a level from 1 to 5.

    .. versionadded:: 0.1
    """
    number: object = n
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(LEVELS):
        raise ValueError(f"the levels are 1 to {len(LEVELS)}, not {n!r}")
    return LEVELS[n - 1]


# -- driving bots -----------------------------------------------------------------------------


def play_round(rnd: Round, players: Sequence[Player], rng: random.Random) -> Round:
    """Play ``rnd`` to its end, each seat's move chosen by its bot.

    The bot of seat ``s`` is ``players[s]``; on every turn of ``s`` it is given only
    ``rnd.view(s)`` and ``rng``. A round already over is returned as it is.

    Args:
        rnd: the round to play on from.
        players: one bot per seat, in seat order.
        rng: the random source handed to every bot.

    Returns:
        The finished round; its :attr:`~chickenfoot.Round.outcome` has the scores.

    Raises:
        ValueError: ``players`` does not have one bot per seat of ``rnd``.
        TypeError: a bot is not a :class:`Player`, or its move is not a move.
        IllegalMoveError: a bot chose a move the rules do not allow; the message names
            the bot, the seat and the rule.

    >>> from chickenfoot.bots import GreedyPlayer, play_round
    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["classic"], 3, seed=2)
    >>> done = play_round(rnd, [GreedyPlayer()] * 3, random.Random(2))
    >>> done.is_over, done.outcome.winner
    (True, 2)

    .. versionadded:: 0.1
    """
    _check_players(players, rnd.players)
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        bot = players[seat]
        move: object = bot.choose(rnd.view(seat), rng)
        rnd = round_of(state_of(rnd).after(_checked(rnd, bot, seat, move)))  # checked just now
    return rnd


def play_match(rules: Rules, players: Sequence[Player], *, seed: int) -> Match:
    """Play a whole match of ``rules`` between bots, one seat each, and return it.

    The match is :meth:`Match.new <chickenfoot.Match.new>` ``(rules, len(players),
    seed=seed)``; the bots draw their randomness from one ``random.Random(seed)``
    shared by all of them, so the same seed and bots replay the same match.

    Raises:
        RulesError: the variant does not cover ``len(players)`` players.
        TypeError: a bot is not a :class:`Player`, or its move is not a move.
        IllegalMoveError: a bot chose a move the rules do not allow; the message names
            the bot, the seat and the rule.

    >>> from chickenfoot.bots import GreedyPlayer, RandomPlayer, play_match
    >>> from chickenfoot import PRESETS
    >>> match = play_match(PRESETS["chickie-duel"], [RandomPlayer(), GreedyPlayer()], seed=5)
    >>> match.is_over, match.totals, match.winners
    (True, (70, 48), (1,))

    .. versionadded:: 0.1
    """
    _check_players(players, None)
    match = Match.new(rules, len(players), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        rnd = match.round
        seat = rnd.to_move
        assert seat is not None
        bot = players[seat]
        move: object = bot.choose(rnd.view(seat), rng)
        match = match.apply(_checked(rnd, bot, seat, move))
    return match


@overload
def play_until(
    game: Round, bots: Mapping[int, Player], rng: random.Random
) -> tuple[Round, tuple[Event, ...]]: ...
@overload
def play_until(
    game: Match, bots: Mapping[int, Player], rng: random.Random
) -> tuple[Match, tuple[Event, ...]]: ...
def play_until(
    game: Round | Match, bots: Mapping[int, Player], rng: random.Random
) -> tuple[Round | Match, tuple[Event, ...]]:
    """Let the bots move until a seat without one is to move, or the game is over.

    For a table where people and bots sit together: a server applies a person's move,
    then hands the game to ``play_until``, which plays every bot whose turn follows and
    returns the game and the moves the bots made, for the server to send to the people.
    It stops as soon as a seat without a bot is to move, when the round (for a
    :class:`~chickenfoot.Round`) or the match (for a :class:`~chickenfoot.Match`) is over,
    and between the rounds of a dealt match (:attr:`Match.awaiting_deal
    <chickenfoot.Match.awaiting_deal>`). A match goes on into its next rounds: the moves
    may span rounds, and ``len(moves)`` is always the rise of :attr:`Match.ply
    <chickenfoot.Match.ply>`.

    The bot of seat ``s`` is ``bots[s]``; on every turn of ``s`` it is given only the
    view of ``s`` and ``rng``, as in :func:`play_round`.

    Args:
        game: the round or match to play on from; it is left as it is.
        bots: the bot of each seat that has one, by seat.
        rng: the random source handed to every bot.

    Returns:
        The game after the bots' moves (the same type as ``game``), and those moves as
        every seat sees them, the first first: an :class:`~chickenfoot.Event` each, whose
        draws show no tile.

    Raises:
        ValueError: a key of ``bots`` is not a seat of ``game``.
        TypeError: a bot is not a :class:`Player`, or its move is not a move.
        IllegalMoveError: a bot chose a move the rules do not allow; the message names
            the bot, the seat and the rule.

    >>> import random
    >>> from chickenfoot import PRESETS, Match
    >>> from chickenfoot.bots import GreedyPlayer, play_until
    >>> match = Match.new(PRESETS["classic"], 3, seed=42)  # a person at seat 0
    >>> match = match.apply(match.legal_moves()[0], seat=0)
    >>> bots = {1: GreedyPlayer(), 2: GreedyPlayer()}
    >>> match, moves = play_until(match, bots, random.Random(0))
    >>> [f"seat {e.seat}: {e.move}" for e in moves], match.to_move, match.ply
    (['seat 1: 9-3@9-9', 'seat 2: 9-6@9-9'], 0, 3)

    .. versionadded:: 0.2
    """
    players = game.players
    for key, player in bots.items():
        if type(key) is not int or not 0 <= key < players:
            raise ValueError(f"a key of bots is a seat from 0 to {players - 1}, not {key!r}")
        if not isinstance(player, Player):
            raise TypeError(
                f"the player of seat {key} is {player!r}, which has no name and choose(view, rng)"
            )
    played: list[Event] = []
    while True:
        rnd = _round_of(game)
        seat = rnd.to_move
        if seat is None or seat not in bots:
            return game, tuple(played)
        bot = bots[seat]
        move = _checked(rnd, bot, seat, bot.choose(rnd.view(seat), rng))
        game = game.apply(move)
        played.append(Event(seat, move))


def _round_of(game: Round | Match) -> Round:
    return game.round if isinstance(game, Match) else game


def _check_players(players: Sequence[Player], seats: int | None) -> None:
    if seats is not None and len(players) != seats:
        raise ValueError(f"the round has {seats} seats, but {len(players)} players were given")
    for seat, bot in enumerate(players):
        if not isinstance(bot, Player):
            raise TypeError(
                f"the player of seat {seat} is {bot!r}, which has no name and choose(view, rng)"
            )


def _checked(rnd: Round, bot: Player, seat: int, move: object) -> Move:
    """``move``, chosen by ``bot`` at ``seat`` of ``rnd``, if it is legal; errors name the bot."""
    if not isinstance(move, (Play, Draw, Pass)):
        raise TypeError(
            f"bot {bot.name!r} at seat {seat} returned {move!r}, which is not a move "
            f"(a Play, Draw or Pass)"
        )
    refusal = state_of(rnd).refusal(move)
    if refusal is None:
        return move
    reason, rule = refusal
    legal = ", ".join(map(str, rnd.legal_moves()))
    raise IllegalMoveError(
        move,
        seat,
        f"bot {bot.name!r} chose it, but {reason}; the legal moves were {legal}",
        rule,
    )


# -- the heuristic and the playouts (trusted internals) ---------------------------------------


def _distinct(view: RoundView, moves: list[Move]) -> dict[int, Move]:
    """One of ``moves`` per game they lead to (a tile onto either of two open ends showing
    the same number leads to the same game), by their :meth:`State.info_key
    <chickenfoot.state.State.info_key>`, in their order."""
    table = table_of(view)
    options: dict[int, Move] = {}
    for move in moves:
        options.setdefault(table.info_key(move), move)
    return options


def _groups(view: RoundView, moves: list[Move]) -> dict[int, list[Move]]:
    """``moves`` grouped by the game they lead to, by the keys of :func:`_distinct`, each
    group and the groups in the order of ``moves``."""
    table = table_of(view)
    groups: dict[int, list[Move]] = {}
    for move in moves:
        groups.setdefault(table.info_key(move), []).append(move)
    return groups


def _greedy_pick(
    weights: GreedyPlayer,
    rules: Rules,
    table: TableState,
    hand: int,
    moves: list[Move],
    rng: random.Random,
) -> Move:
    """The best of ``moves`` for the seat holding ``hand`` by ``weights``, ties by ``rng``."""
    best: list[Move] = []
    top = 0.0
    suit = table.suit
    for move in moves:
        if type(move) is not Play or move.onto is None:
            score = -weights.pass_penalty if type(move) is Pass else 0.0
        else:
            tile = move.tile
            t, high, low = tile.index, tile.high, tile.low
            rest = hand & ~(1 << t)
            score = weights.pips * hand_score(rules, 1 << t)
            fits = table.places(high) + (table.places(low) if low != high else 0)
            score -= weights.flexible * fits
            if high == low:
                score += weights.double
                if table.pending < 0:  # a new foot: can its toes all be found? (R9)
                    left = (suit[high] & ~table.on & ~(1 << t)).bit_count()
                    if left < rules.toes_per_double:
                        score -= weights.dead_foot
            opened = table.opens(t, move.onto.index)
            score += weights.follow * (rest & suit[opened]).bit_count()
        if not best or score > top:
            best, top = [move], score
        elif score == top:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


def _random_pick(state: State, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def _value(end: State, seat: int, objective: str) -> float:
    """How good the end of a playout is for ``seat``: higher is better."""
    outcome = end.outcome
    assert outcome is not None
    if objective == "win":
        return 1.0 if outcome.winner == seat else 0.0
    return outcome.margin(seat)
