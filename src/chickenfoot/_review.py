"""Move-by-move analysis of a played game, the review behind
:func:`chickenfoot.analysis.analyse_game` and :func:`chickenfoot.analysis.analyse_view`.

Every judged decision is looked at from its seat's view: the hidden tiles are sampled
exactly (:meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>`), each sample
is solved by the solver handed in (``solve``, :func:`chickenfoot.analysis.solve`, passed
by ``analysis`` so that this module sits below it) or, when the solver does not finish
within its limit, played out from every move with the greedy heuristic
(:meth:`GreedyPlayer.policy <chickenfoot.bots.GreedyPlayer.policy>`) until the hands are
small (:data:`ENDGAME`), then solved; every legal move is valued on the same samples.
The full deal, every hand known, is solved once more for the hindsight loss. At three
seats or more the solver is asked only once the hands are small (:data:`ENDGAME_MANY`). The results render as an annotated :class:`~chickenfoot.Record`, a
text report and a standalone HTML page with pictures of the table
(:func:`~chickenfoot.table_svg`).
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from chickenfoot import (
    Annotation,
    Evaluation,
    Mark,
    Match,
    Move,
    Record,
    Round,
    RoundView,
    table_svg,
)

from ._annotations import MAX_COMMENT
from .bots import GreedyPlayer
from .state import State, round_of, state_of, table_of

if TYPE_CHECKING:
    from .analysis import Solution

__all__ = [
    "BLUNDER",
    "ENDGAME",
    "ENDGAME_MANY",
    "INACCURACY",
    "MISTAKE",
    "Estimate",
    "GameAnalysis",
    "MoveAnalysis",
    "PositionAnalysis",
    "SeatSummary",
    "Solver",
    "analyse_game",
    "analyse_view",
    "mark_for",
]

#: The loss in points (R17) from which a move is an inaccuracy (``?!``).
#:
#: .. versionadded:: 0.2
INACCURACY: Final = 2.0
#: The loss in points from which a move is a mistake (``?``).
#:
#: .. versionadded:: 0.2
MISTAKE: Final = 5.0
#: The loss in points from which a move is a blunder (``??``).
#:
#: .. versionadded:: 0.2
BLUNDER: Final = 10.0
#: The thresholds, the highest first, with their marks.
_THRESHOLDS: Final = (
    (BLUNDER, Mark.BLUNDER),
    (MISTAKE, Mark.MISTAKE),
    (INACCURACY, Mark.INACCURACY),
)
#: How many standard errors a loss must exceed to earn a mark.
_SIGNIFICANT: Final = 2.0

#: A playout of a sample the solver did not finish is solved from when this many tiles
#: or fewer are left in all the hands together.
ENDGAME: Final = 14
#: At three seats or more, where the solver searches every seat's best reply (max^n)
#: and rarely finishes above about ten tiles in the hands within its default limit,
#: a sample, a playout's endgame and the real round for the hindsight loss are solved
#: only with this many tiles or fewer in all the hands together; above it, a sample is
#: played out and the hindsight loss is left out, without spending the limit on a
#: search that would not finish.
ENDGAME_MANY: Final = 10


def _small(state: State) -> bool:
    """Whether the solver is worth asking about ``state``: at two seats always, at three
    or more once :data:`ENDGAME_MANY` tiles or fewer are left in the hands."""
    return len(state.hands) == 2 or _tiles(state) <= ENDGAME_MANY


def _tiles(state: State) -> int:
    return sum(hand.bit_count() for hand in state.hands)


def _endgame(state: State) -> int:
    return ENDGAME if len(state.hands) == 2 else ENDGAME_MANY


#: The solver: :func:`chickenfoot.analysis.solve`.
Solver = Callable[..., "Solution"]

_GREEDY: Final = GreedyPlayer()


def mark_for(loss: float, stderr: float = 0.0) -> Mark | None:
    """The mark of a move that lost ``loss`` points against the best move, measured with
    standard error ``stderr``: a blunder from :data:`~chickenfoot.analysis.BLUNDER` (10)
    points, a mistake from :data:`~chickenfoot.analysis.MISTAKE` (5), an inaccuracy from
    :data:`~chickenfoot.analysis.INACCURACY` (2), and none below 2 or
    when the loss is not above twice its standard error (it may be the samples' luck).

    >>> from chickenfoot.analysis import mark_for
    >>> mark_for(12.0), mark_for(6.5, stderr=1.0), mark_for(6.5, stderr=4.0), mark_for(1.5)
    (Mark.BLUNDER, Mark.MISTAKE, None, None)

    Raises:
        ValueError: ``loss`` or ``stderr`` is not a finite number, or ``stderr`` is below 0.

    .. versionadded:: 0.2
    """
    for name, value in (("loss", loss), ("stderr", stderr)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{name} is a number of points, not {value!r}")
        if not math.isfinite(value):
            raise ValueError(f"{name} is a finite number of points, not {value!r}")
    if stderr < 0:
        raise ValueError(f"stderr is a standard error, 0 or more, not {stderr!r}")
    if not loss > _SIGNIFICANT * stderr:
        return None
    for threshold, mark in _THRESHOLDS:
        if loss >= threshold:
            return mark
    return None


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _stderr(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (two or more)."""
    n = len(values)
    mean = _mean(values)
    spread = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(spread / n)


@attrs.frozen
class Estimate:
    """One legal move's expected margin over the samples of an analysis.

    .. versionadded:: 0.2
    """

    #: The move.
    move: Move
    #: The mean margin of the mover after the move, in penalty points (R17): the other
    #: seats' mean penalty points minus its own, over the samples.
    margin: float
    #: The standard error of :attr:`margin`.
    stderr: float
    #: The margin after the move in each sample, in the order of the samples; moves
    #: that lead to the same game (R2, R10) have the same values.
    values: tuple[float, ...] = attrs.field(repr=False)


@attrs.frozen
class PositionAnalysis:
    """What :func:`~chickenfoot.analysis.analyse_view` found every legal move of a seat's
    decision to be worth, over the same exact samples of the hidden tiles.

    .. versionadded:: 0.2
    """

    #: The seat to move, whose margins the estimates are.
    seat: int
    #: Every legal move's estimate, the best first (equal margins in the order of
    #: :meth:`RoundView.legal_moves <chickenfoot.RoundView.legal_moves>`).
    estimates: tuple[Estimate, ...]
    #: How many samples of the hidden tiles every move was valued on.
    samples: int
    #: How many of them the solver solved exactly; the others were played out with the
    #: greedy heuristic, an estimate.
    exact: int

    @property
    def best(self) -> Estimate:
        """The estimate of the best move: the highest mean margin."""
        return self.estimates[0]

    def of(self, move: Move) -> Estimate:
        """The estimate of ``move``.

        Raises:
            ValueError: ``move`` is not a legal move of the decision.
        """
        for estimate in self.estimates:
            if estimate.move == move:
                return estimate
        legal = ", ".join(str(e.move) for e in self.estimates)
        raise ValueError(f"{move} is not a legal move of seat {self.seat} here: {legal}")

    def loss(self, move: Move) -> tuple[float, float]:
        """What ``move`` gives away against the best move, in points, and the standard
        error of that difference, measured on the same samples (so the luck of the deal
        that both moves share drops out).

        Raises:
            ValueError: ``move`` is not a legal move of the decision.
        """
        played, best = self.of(move), self.best
        differences = [b - p for b, p in zip(best.values, played.values, strict=True)]
        return best.margin - played.margin, _stderr(differences)


@attrs.frozen
class MoveAnalysis:
    """One judged move of a game: what it was worth from its seat's view, its loss, its
    mark and the loss in hindsight, with every hand known.

    .. versionadded:: 0.2
    """

    #: The move's ply in the game: the moves before it, over every round of a match (the
    #: key of :attr:`Record.annotations <chickenfoot.Record.annotations>`).
    ply: int
    #: The round the move was made in, from 0.
    round_index: int
    #: The move's index in its round's history, from 0.
    index: int
    #: The seat that made it.
    seat: int
    #: The move made.
    move: Move
    #: Every legal move's estimate from the seat's view.
    position: PositionAnalysis
    #: The points the move gave away against the best estimate (0 for the best move).
    loss: float
    #: The standard error of :attr:`loss`.
    stderr: float
    #: The mark of the loss (:func:`~chickenfoot.analysis.mark_for`), or ``None``.
    mark: Mark | None
    #: The best move with every hand known (:func:`~chickenfoot.analysis.solve` of the
    #: real deal), or ``None`` when the solver did not finish within its limit.
    hindsight_best: Move | None
    #: The points the move gave away with every hand known, or ``None`` likewise.
    hindsight_loss: float | None

    @property
    def margin(self) -> float:
        """The move's mean margin."""
        return self.position.of(self.move).margin

    def annotation(self) -> Annotation:
        """The move's annotation for a record: its mark, its evaluation (the move's
        margin and the best move's) and a comment with the loss."""
        played, best = self.position.of(self.move), self.position.best
        evaluation = Evaluation(played.margin, played.stderr, best.move, best.margin)
        return Annotation(self.comment(), self.mark, evaluation)

    def comment(self) -> str:
        """The loss in words, as the annotated record and the reports show it."""
        if self.loss == 0:
            text = f"best of {len(self.position.estimates)} legal moves"
        else:
            text = f"loses {self.loss:.2f} +- {self.stderr:.2f} against {self.position.best.move}"
        text += f" ({self.position.samples} samples, {self.position.exact} solved)"
        if self.hindsight_loss is not None:
            if self.hindsight_loss == 0:
                text += "; best with every hand known"
            else:
                text += (
                    f"; with every hand known it loses {_points(self.hindsight_loss)} "
                    f"against {self.hindsight_best}"
                )
        return text


def _points(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"


@attrs.frozen
class SeatSummary:
    """The figures of one seat's judged moves in a :class:`GameAnalysis`.

    .. versionadded:: 0.2
    """

    #: The seat.
    seat: int
    #: How many of its moves were judged (those with a choice).
    judged: int
    #: The share of judged moves without a mark, from 0 to 1 (``None`` for no move).
    accuracy: float | None
    #: The mean loss of a judged move, in points (``None`` for no move).
    mean_loss: float | None
    #: The mean hindsight loss of the judged moves whose hindsight is known.
    hindsight_loss: float | None
    #: How many of its moves are inaccuracies (``?!``).
    inaccuracies: int
    #: How many are mistakes (``?``).
    mistakes: int
    #: How many are blunders (``??``).
    blunders: int


@attrs.frozen
class GameAnalysis:
    """The move-by-move analysis of a game (:func:`~chickenfoot.analysis.analyse_game`).

    .. versionadded:: 0.2
    """

    #: The game analysed.
    game: Round | Match
    #: The seats whose moves were judged.
    seats: tuple[int, ...]
    #: The judged moves, in the order of the game.
    moves: tuple[MoveAnalysis, ...]
    #: The samples of the hidden tiles per decision.
    samples: int
    #: The seed the samples were drawn from.
    seed: int
    #: The annotations the game came with (a :class:`~chickenfoot.Record`'s), by ply:
    #: :meth:`record` keeps them.
    given: Mapping[int, Annotation] = attrs.field(factory=dict)

    def summary(self, seat: int) -> SeatSummary:
        """The figures of ``seat``'s judged moves.

        Raises:
            ValueError: ``seat`` was not analysed.
        """
        if seat not in self.seats:
            raise ValueError(f"seat {seat} was not analysed: the seats analysed are {self.seats}")
        mine = [m for m in self.moves if m.seat == seat]
        known = [m.hindsight_loss for m in mine if m.hindsight_loss is not None]
        marks = [m.mark for m in mine]
        return SeatSummary(
            seat,
            len(mine),
            None if not mine else marks.count(None) / len(mine),
            None if not mine else _mean([m.loss for m in mine]),
            None if not known else _mean(known),
            marks.count(Mark.INACCURACY),
            marks.count(Mark.MISTAKE),
            marks.count(Mark.BLUNDER),
        )

    def accuracy(self, seat: int) -> float | None:
        """The share of ``seat``'s judged moves without a mark (:meth:`summary`)."""
        return self.summary(seat).accuracy

    def worst(self, count: int = 3) -> tuple[MoveAnalysis, ...]:
        """The ``count`` moves that lost the most, the worst first (ties in game order);
        moves that lost nothing are left out."""
        lost = [m for m in self.moves if m.loss > 0]
        return tuple(sorted(lost, key=lambda m: (-m.loss, m.ply))[:count])

    def record(self) -> Record:
        """The game as an annotated record: every judged move with its mark, its
        evaluation and its loss in words. The annotations the game came with are kept: on
        a judged move the analysis's mark and evaluation replace the given ones (a given
        mark stays where the analysis gives none) and its words follow the given comment
        (unless the two would be longer than a comment may be: then the given comment
        stays alone); a move not judged keeps its annotation as it was."""
        notes = dict(self.given)
        for m in self.moves:
            ours, theirs = m.annotation(), notes.get(m.ply)
            if theirs is not None:
                comment = ours.comment
                if theirs.comment is not None:
                    both = f"{theirs.comment}; {ours.comment}"
                    comment = both if len(both) <= MAX_COMMENT else theirs.comment
                ours = Annotation(comment, ours.mark or theirs.mark, ours.evaluation)
            notes[m.ply] = ours
        return Record(self.game, notes)

    def report(self, *, every_move: bool = True) -> str:
        """The analysis as text: a line per seat, the marked moves, then (with
        ``every_move``) a line for every judged move."""
        return "\n".join(_report_lines(self, every_move))

    def html(self, *, worst: int = 3) -> str:
        """The analysis as a standalone HTML page: the seats' figures, the table as it
        stood before each of the ``worst`` moves (an SVG picture from the mover's view,
        :func:`~chickenfoot.table_svg`) with every legal move's estimate, and every
        judged move."""
        return _html(self, worst)


# -- the analysis ---------------------------------------------------------------------------


def _groups(view: RoundView) -> list[list[Move]]:
    """The legal moves grouped by the game they lead to (R2, R10), in their order; under
    house rules every move alone, as the solver searches them."""
    moves = view.legal_moves()
    if view.rules.house:
        return [[move] for move in moves]
    table = table_of(view)
    groups: dict[int, list[Move]] = {}
    for move in moves:
        groups.setdefault(table.info_key(move), []).append(move)
    return list(groups.values())


def _played_out(
    sample: Round,
    moves: Sequence[Move],
    playouts: int,
    rng: random.Random,
    solve: Solver,
    nodes: int,
) -> list[float]:
    """Each move's mean margin over ``playouts`` playouts of ``sample`` after it, every
    move played out with the same random numbers: the greedy heuristic at every seat
    until :data:`ENDGAME` tiles or fewer are left in the hands, then the rest solved
    (within ``nodes`` positions, else the heuristic to the end)."""
    state = state_of(sample)
    seat = state.to_move
    seeds = [rng.getrandbits(64) for _ in range(playouts)]
    out = []
    for move in moves:
        after = state.after(move, False)
        total = 0.0
        for seed in seeds:
            total += _playout(after, seat, random.Random(seed), solve, nodes)
        out.append(total / playouts)
    return out


def _playout(state: State, seat: int, rng: random.Random, solve: Solver, nodes: int) -> float:
    """The margin of ``seat`` at the end of one playout from ``state``."""
    solving = True
    endgame = _endgame(state)
    while state.outcome is None:
        if solving and _tiles(state) <= endgame:
            solving = False  # one try: a solve that does not finish is not asked again
            solution = solve(round_of(state), nodes=nodes)
            if solution.complete:
                for move in solution.principal:
                    state = state.after(move, False)
                break
        moves = state.legal_moves()
        pick = moves[0] if len(moves) == 1 else _GREEDY.policy(state, moves, rng)
        state = state.after(pick, False)
    assert state.outcome is not None
    return state.outcome.margin(seat)


def analyse_view(
    view: RoundView,
    rng: random.Random,
    *,
    solve: Solver,
    samples: int,
    nodes: int,
    playouts: int,
) -> PositionAnalysis:
    """Every legal move of ``view``'s decision valued over ``samples`` exact samples."""
    if not isinstance(view, RoundView):
        raise TypeError(f"analyse_view() takes a RoundView, not {type(view).__name__}")
    if view.to_move != view.seat:
        now = "the round is over" if view.to_move is None else f"seat {view.to_move} is to move"
        raise ValueError(f"seat {view.seat} has no move to analyse: {now} (R11)")
    groups = _groups(view)
    heads = [group[0] for group in groups]
    values: list[list[float]] = [[] for _ in heads]
    exact = 0
    solving = True
    for _ in range(samples):
        sample = view.sample_state(rng)
        found: list[float] | None = None
        if solving and len(heads) > 1 and _small(state_of(sample)):
            solution = solve(sample, nodes=nodes)
            if solution.complete:
                found = [solution.value_of(head) for head in heads]
                exact += 1
            else:
                solving = False  # the decision's other samples are played out
        if found is None:
            found = _played_out(sample, heads, playouts, rng, solve, nodes)
        for column, value in zip(values, found, strict=True):
            column.append(float(value))
    estimates: list[Estimate] = []
    for group, column in zip(groups, values, strict=True):
        margin, error = _mean(column), _stderr(column)
        estimates.extend(Estimate(move, margin, error, tuple(column)) for move in group)
    order = sorted(range(len(estimates)), key=lambda i: (-estimates[i].margin, i))
    return PositionAnalysis(view.seat, tuple(estimates[i] for i in order), samples, exact)


def _rounds(game: Round | Match) -> list[Round]:
    if isinstance(game, Round):
        return [game]
    rounds = list(game.finished)
    if not game.round.is_over and game.round.ply:
        rounds.append(game.round)
    return rounds


def _start(rnd: Round) -> Round:
    """``rnd`` as it started, its deal or its position, before any move."""
    record = rnd.to_record()
    record["rounds"][0]["moves"] = []
    return Round.from_record(record)


def _decisions(rnd: Round, seats: tuple[int, ...]) -> list[int]:
    """The indices of the moves of ``rnd`` to judge: those of ``seats`` with a choice
    between moves that lead to different games."""
    out = []
    at = _start(rnd)
    for index, move in enumerate(rnd.moves):
        if at.to_move in seats:
            view = at.view(at.to_move)
            if len(_groups(view)) > 1:
                out.append(index)
        at = at.apply(move)
    return out


def analyse_game(
    game: Round | Match | Record,
    *,
    solve: Solver,
    seats: Sequence[int] | None,
    samples: int,
    seed: int,
    nodes: int,
    playouts: int,
    hindsight_nodes: int,
    progress: Callable[[int, int], None] | None,
) -> GameAnalysis:
    """Every judged move of ``game`` analysed (see :func:`chickenfoot.analysis.analyse_game`)."""
    given: Mapping[int, Annotation] = {}
    if isinstance(game, Record):
        given = game.annotations
        game = game.game
    if not isinstance(game, Round | Match):
        raise TypeError(
            f"analyse_game() takes a Round, a Match or a Record, not {type(game).__name__}"
        )
    rounds = _rounds(game)
    players = rounds[0].players if rounds else game.players
    chosen = _seats(seats, players)
    plan = [(r, rnd, index) for r, rnd in enumerate(rounds) for index in _decisions(rnd, chosen)]
    judged: list[MoveAnalysis] = []
    starts = [0]
    for rnd in rounds:
        starts.append(starts[-1] + rnd.ply)
    if progress is not None:
        progress(0, len(plan))
    positions: dict[int, Round] = {}
    for done, (r, rnd, index) in enumerate(plan, 1):
        at = positions.get(r)
        if at is None or at.ply > index:
            at = _start(rnd)
        while at.ply < index:
            at = at.apply(rnd.moves[at.ply])
        positions[r] = at
        seat = at.to_move
        assert seat is not None
        rng = random.Random(f"{seed}/{r}/{index}")
        position = analyse_view(
            at.view(seat), rng, solve=solve, samples=samples, nodes=nodes, playouts=playouts
        )
        move = rnd.moves[index]
        loss, error = position.loss(move)
        truth = solve(at, nodes=hindsight_nodes) if _small(state_of(at)) else None
        best, lost = None, None
        if truth is not None and truth.complete:
            best, lost = truth.moves[0], float(truth.value - truth.value_of(move))
        judged.append(
            MoveAnalysis(
                starts[r] + index,
                r,
                index,
                seat,
                move,
                position,
                loss,
                error,
                mark_for(loss, error),
                best,
                lost,
            )
        )
        if progress is not None:
            progress(done, len(plan))
    return GameAnalysis(game, chosen, tuple(judged), samples, seed, dict(given))


def _seats(seats: Sequence[int] | None, players: int) -> tuple[int, ...]:
    if seats is None:
        return tuple(range(players))
    out: list[int] = []
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is a whole number, not {seat!r}")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at this table: its seats are 0 to {players - 1}")
        if seat not in out:
            out.append(seat)
    if not out:
        raise ValueError("no seat to analyse: give one seat or more, or None for every seat")
    return tuple(sorted(out))


# -- the reports ----------------------------------------------------------------------------


def _share(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _title(analysis: GameAnalysis) -> str:
    game = analysis.game
    first = game if isinstance(game, Round) else game.round
    kind = "round" if isinstance(game, Round) else "match"
    dealt = "" if game.seed is None else f", seed {game.seed}"
    return (
        f"{first.rules.name} {kind}, {first.players} players{dealt}: "
        f"{analysis.samples} samples a move, analysis seed {analysis.seed}"
    )


_SUMMARY_HEAD: Final = (
    "seat", "judged", "accuracy", "mean loss", "hindsight loss", "?!", "?", "??",
)  # fmt: skip


def _summary_rows(analysis: GameAnalysis) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for seat in analysis.seats:
        s = analysis.summary(seat)
        rows.append(
            (
                str(seat),
                str(s.judged),
                _share(s.accuracy),
                _number(s.mean_loss),
                _number(s.hindsight_loss),
                str(s.inaccuracies),
                str(s.mistakes),
                str(s.blunders),
            )
        )
    return rows


_MOVE_HEAD: Final = ("move", "seat", "played", "margin", "best", "loss", "+-", "hindsight", "mark")


def _move_row(m: MoveAnalysis, match: bool) -> tuple[str, ...]:
    hindsight = "-" if m.hindsight_loss is None else _points(m.hindsight_loss)
    return (
        _where(m, match), str(m.seat), str(m.move), f"{m.margin:+.2f}", str(m.position.best.move),
        f"{m.loss:.2f}", f"{m.stderr:.2f}", hindsight, "" if m.mark is None else m.mark.symbol,
    )  # fmt: skip


def _where(m: MoveAnalysis, match: bool) -> str:
    """The move's number in its round, from 1; in a match, after its round's: ``2:14``."""
    return f"{m.round_index + 1}:{m.index + 1}" if match else str(m.index + 1)


def _columns(head: Sequence[str], rows: Sequence[Sequence[str]], left: int) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(head, *rows, strict=True)]

    def fit(row: Sequence[str]) -> str:
        cells = (
            c.ljust(w) if i < left else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )
        return "  ".join(cells).rstrip()

    return [fit(head), fit(["-" * w for w in widths]), *map(fit, rows)]


def _report_lines(analysis: GameAnalysis, every_move: bool) -> list[str]:
    lines = [f"Analysis of a {_title(analysis)}", ""]
    lines += _columns(_SUMMARY_HEAD, _summary_rows(analysis), 1)
    marked = [m for m in analysis.moves if m.mark is not None]
    match = isinstance(analysis.game, Match)
    number = " (round:move)" if match else ""
    lines += ["", f"Marked moves{number}:" if marked else "No move is marked."]
    for m in marked:
        assert m.mark is not None
        lines.append(f"  {_where(m, match)}. seat {m.seat}: {m.move} {m.mark.symbol} {m.comment()}")
    if not every_move:
        return lines
    lines += ["", f"Every judged move{number}, margins and losses in points (R17):"]
    lines += _columns(_MOVE_HEAD, [_move_row(m, match) for m in analysis.moves], 3)
    return lines


_STYLE: Final = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child, td.move { text-align: left; }
tr.played td { font-weight: bold; }
.blunder { color: #b00020; } .mistake { color: #d35400; } .inaccuracy { color: #9a7d0a; }
figure { margin: 0; } figure svg { max-width: 100%; height: auto; }
.worst { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
"""


def _cells(row: Sequence[str], tag: str = "td") -> str:
    return "".join(f"<{tag}>{html.escape(cell)}</{tag}>" for cell in row)


def _html_table(
    head: Sequence[str], rows: Sequence[Sequence[str]], classes: Sequence[str] = ()
) -> str:
    body = [f"<tr>{_cells(head, 'th')}</tr>"]
    for i, row in enumerate(rows):
        css = classes[i] if i < len(classes) else ""
        body.append(f'<tr class="{css}">{_cells(row)}</tr>' if css else f"<tr>{_cells(row)}</tr>")
    return "<table>" + "".join(body) + "</table>"


def _before(game: Round | Match, m: MoveAnalysis) -> RoundView:
    played = _rounds(game)[m.round_index]
    rnd = _start(played)
    for move in played.moves[: m.index]:
        rnd = rnd.apply(move)
    return rnd.view(m.seat)


def _worst_html(analysis: GameAnalysis, m: MoveAnalysis) -> str:
    mark = "" if m.mark is None else f' <span class="{m.mark.value}">{m.mark.symbol}</span>'
    rows, classes = [], []
    for e in m.position.estimates:
        loss = m.position.best.margin - e.margin
        rows.append((str(e.move), f"{e.margin:+.2f}", f"{e.stderr:.2f}", f"{loss:.2f}"))
        classes.append("played" if e.move == m.move else "")
    picture = table_svg(_before(analysis.game, m), size=420)
    return (
        f"<section><h3>Round {m.round_index + 1}, move {m.index + 1}: seat {m.seat} played "
        f"{html.escape(str(m.move))}{mark}</h3><p>{html.escape(m.comment())}.</p>"
        f'<div class="worst"><figure>{picture}</figure>'
        f"{_html_table(('move', 'margin', '+-', 'loss'), rows, classes)}</div></section>"
    )


def _html(analysis: GameAnalysis, worst: int) -> str:
    title = html.escape(f"Analysis of a {_title(analysis)}")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="en"><head><meta charset="utf-8"><title>{title}</title>',
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{title}</h1>",
        (
            "<p>Each judged move is valued from its seat's view over exact samples of the hidden "
            "tiles; its loss is the best move's margin minus its own, in penalty points. Marks: "
            f"?! from {INACCURACY:g}, ? from {MISTAKE:g}, ?? from {BLUNDER:g} points, when the "
            "loss is above twice its standard error. Hindsight: the loss with every hand known.</p>"
        ),
        _html_table(_SUMMARY_HEAD, _summary_rows(analysis)),
    ]
    chosen = analysis.worst(worst)
    if chosen:
        parts.append("<h2>The worst moves</h2>")
        parts.extend(_worst_html(analysis, m) for m in chosen)
    parts.append("<h2>Every judged move</h2>")
    classes = ["" if m.mark is None else m.mark.value for m in analysis.moves]
    match = isinstance(analysis.game, Match)
    rows = [_move_row(m, match) for m in analysis.moves]
    parts.append(_html_table(_MOVE_HEAD, rows, classes))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
