"""Move-by-move analysis of a played game: :func:`chickenfoot.analysis.analyse_game`,
:func:`~chickenfoot.analysis.analyse_view`, the marks and the ``analyse`` command.

Games are two-seat ``chickie-duel`` rounds with few samples, to keep the tests fast. The
solver the analysis asks is held to a plain minimax in ``test_solver.py``; here the
hindsight loss is held to the solver, the marks to their documented thresholds, and a
game whose moves were the analysis's own best (or the solver's) to a loss of nothing.
"""

from __future__ import annotations

import html
import io
import json
import random
import re
from pathlib import Path
from typing import TypedDict

import attrs
import pytest
from house_rules import CostlyDoubles
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_solver import FOOT_TABLE

from chickenfoot import (
    PRESETS,
    Annotation,
    Mark,
    Match,
    Play,
    Record,
    Round,
    Tile,
    _review,
    parse_move,
)
from chickenfoot.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    GameAnalysis,
    Solution,
    analyse_game,
    analyse_view,
    mark_for,
    solve,
)
from chickenfoot.bots import GreedyPlayer, play_round
from chickenfoot.cli import main
from chickenfoot.state import state_of

RULES = PRESETS["chickie-duel"]


class Settings(TypedDict):
    samples: int
    nodes: int
    playouts: int
    hindsight_nodes: int


#: Few samples and a small solver limit: fast, and both ways of valuing a sample run.
FAST: Settings = {"samples": 3, "nodes": 3000, "playouts": 1, "hindsight_nodes": 50_000}


#: The boneyard beside ``FOOT_TABLE`` (the cross and the first foot, R7-R9) when the
#: hands hold 3-1, 0-0, 3-3 and 2-0.
FOOT_BONEYARD = "6-0,1-0,1-1,2-1,3-0,4-0,4-1,4-3,4-4,5-0,5-1,5-3,5-4,5-5,6-1"


def greedy_round(seed: int) -> Round:
    rnd = Round.deal(RULES, 2, seed=seed)
    return play_round(rnd, [GreedyPlayer(), GreedyPlayer()], random.Random(seed))


def known_position(rnd: Round) -> Round:
    """``rnd`` with the boneyard's tiles moved into the hand of the seat not to move: the
    seat to move then sees every tile that is not its own in that one hand (nothing is
    left to draw, R13), so every sample of its view is the round itself."""
    fields = rnd.to_position().split(" ")
    hands = fields[3].split("/")
    other = 1 - rnd.to_move if rnd.to_move is not None else 0
    tiles = [t for t in hands[other].split(",") + fields[4].split(",") if t != "-"]
    hands[other] = ",".join(tiles)
    fields[3], fields[4] = "/".join(hands), "-"
    return Round.from_position(RULES, " ".join(fields))


# -- the marks ------------------------------------------------------------------------------


def expected_mark(loss: float, stderr: float) -> Mark | None:
    """The documented rule, written out: 10, 5 and 2 points, above two standard errors."""
    if loss <= 2 * stderr:
        return None
    if loss >= 10:
        return Mark.BLUNDER
    if loss >= 5:
        return Mark.MISTAKE
    if loss >= 2:
        return Mark.INACCURACY
    return None


@given(
    st.floats(0, 40, allow_nan=False) | st.sampled_from([2.0, 5.0, 10.0, 1.999, 4.999, 9.999]),
    st.floats(0, 10, allow_nan=False) | st.just(0.0),
)
def test_marks_follow_the_thresholds(loss: float, stderr: float) -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (2, 5, 10)
    assert mark_for(loss, stderr) == expected_mark(loss, stderr)


def test_a_loss_within_two_standard_errors_is_not_marked() -> None:
    assert mark_for(12.0, 6.0) is None  # 12 is not above 2 x 6: it may be the samples' luck
    assert mark_for(12.0, 5.9) is Mark.BLUNDER


@pytest.mark.parametrize(
    ("loss", "stderr", "error"),
    [(float("nan"), 0.0, ValueError), (1.0, -1.0, ValueError), (True, 0.0, TypeError)],
)
def test_mark_for_refuses_bad_numbers(loss: object, stderr: float, error: type) -> None:
    with pytest.raises(error):
        mark_for(loss, stderr)  # type: ignore[arg-type]


def test_every_judged_move_is_marked_by_its_loss() -> None:
    analysis = analyse_game(greedy_round(4), **FAST)
    assert analysis.moves
    for move in analysis.moves:
        assert move.mark == expected_mark(move.loss, move.stderr)
        assert move.loss >= 0
        assert move.loss == pytest.approx(move.position.loss(move.move)[0])


# -- zero loss for the best moves, and a bad move marked -------------------------------------


def test_a_game_of_the_analysis_own_best_moves_loses_nothing() -> None:
    """Seat 0 plays, at every choice, the best move of the analysis of its view with the
    seed the game analysis uses there: analysing the game gives every such move a loss
    of 0 and no mark, its accuracy 100%."""
    rnd = Round.deal(RULES, 2, seed=7)
    rng = random.Random(7)
    greedy = GreedyPlayer()
    chosen = 0
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        if seat == 0 and len(view.legal_moves()) > 1:
            found = analyse_view(
                view, random.Random(f"5/0/{rnd.ply}"), samples=3, nodes=3000, playouts=1
            )
            move = found.best.move
            chosen += 1
        else:
            move = greedy.choose(view, rng)
        rnd = rnd.apply(move)
    analysis = analyse_game(rnd, seats=[0], seed=5, **FAST)
    assert analysis.moves
    assert chosen >= len(analysis.moves)
    assert all(m.seat == 0 and m.loss == 0 and m.mark is None for m in analysis.moves)
    assert analysis.accuracy(0) == 1.0
    assert analysis.summary(0).mean_loss == 0


def test_a_game_of_the_solver_best_moves_has_no_hindsight_loss() -> None:
    """From the 14th move on, both seats play the solver's best move with every hand
    known: each has a hindsight loss of 0, and the solver's best move is named."""
    rnd = Round.deal(RULES, 2, seed=22)
    for _ in range(13):
        rnd = rnd.apply(rnd.legal_moves()[0])
    start = rnd.ply
    while not rnd.is_over:
        rnd = rnd.apply(solve(rnd).moves[0])
    analysis = analyse_game(rnd, **FAST)
    late = [m for m in analysis.moves if m.index >= start]
    assert late
    for move in late:
        assert move.hindsight_loss == 0
        assert move.hindsight_best is not None


def test_the_hindsight_loss_is_the_solver_loss_on_the_real_deal() -> None:
    rnd = greedy_round(9)
    analysis = analyse_game(rnd, **FAST)
    checked = 0
    at = Round.from_record(
        {**rnd.to_record(), "rounds": [{**rnd.to_record()["rounds"][0], "moves": []}]}
    )
    for index, move in enumerate(rnd.moves):
        judged = [m for m in analysis.moves if m.index == index]
        if judged and judged[0].hindsight_loss is not None:
            solution = solve(at)
            assert judged[0].hindsight_loss == solution.value - solution.value_of(move)
            assert judged[0].hindsight_best == solution.moves[0]
            checked += 1
        at = at.apply(move)
    assert checked > 0


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_a_deliberately_bad_move_is_a_blunder(seed: int) -> None:
    """A position where the seat to move sees every tile (the rest is in the other hand,
    nothing to draw, R13) and one move leaves it 10 penalty points or more worse off
    (R17) than the best: played there, that move is marked a blunder, and the loss
    measured over the samples is the exact loss, with no error."""
    rng = random.Random(seed)
    rnd = Round.deal(RULES, 2, seed=seed)
    found = None
    while not rnd.is_over and found is None:
        if len(rnd.layout) >= 9 and len(rnd.legal_moves()) > 1:  # past the opening, R7-R9
            position = known_position(rnd)
            solution = solve(position, nodes=20_000)
            if solution.complete and solution.value - min(v for _, v in solution.values) >= 10:
                found = position, solution
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assume(found is not None)
    assert found is not None
    position, solution = found
    worst, value = min(solution.values, key=lambda pair: pair[1])
    analysis = analyse_game(position.apply(worst), samples=3, nodes=20_000)
    (judged,) = analysis.moves
    assert judged.move == worst
    assert judged.position.exact == 3
    assert judged.loss == solution.value - value == judged.hindsight_loss
    assert judged.stderr == 0
    assert judged.mark is Mark.BLUNDER
    assert analysis.accuracy(judged.seat) == 0.0
    note = analysis.record().annotations[0]
    assert note.mark is Mark.BLUNDER
    assert note.evaluation is not None
    assert note.evaluation.loss == judged.loss


# -- the values -----------------------------------------------------------------------------


def test_every_legal_move_is_valued_on_the_same_samples() -> None:
    rnd = greedy_round(3)
    at = Round.deal(RULES, 2, seed=3)
    for move in rnd.moves[:20]:
        at = at.apply(move)
    while len(at.legal_moves()) < 2:
        at = at.apply(at.legal_moves()[0])
    seat = at.to_move
    assert seat is not None
    found = analyse_view(at.view(seat), random.Random(2), samples=4, nodes=1)
    assert found.exact == 0  # a limit of one node: every sample is played out
    assert sorted(map(str, (e.move for e in found.estimates))) == sorted(map(str, at.legal_moves()))
    assert all(len(e.values) == 4 for e in found.estimates)
    margins = [e.margin for e in found.estimates]
    assert margins == sorted(margins, reverse=True)
    for estimate in found.estimates:
        assert estimate.margin == pytest.approx(sum(estimate.values) / 4)
        loss, error = found.loss(estimate.move)
        assert loss == pytest.approx(found.best.margin - estimate.margin)
        assert error >= 0


def test_analyse_view_refuses_a_view_with_no_move() -> None:
    rnd = Round.deal(RULES, 2, seed=3)
    other = 1 - (rnd.to_move or 0)
    with pytest.raises(ValueError, match=f"seat {other} has no move"):
        analyse_view(rnd.view(other), random.Random(0))
    with pytest.raises(ValueError, match="samples is 2 or more"):
        analyse_view(rnd.view(rnd.to_move or 0), random.Random(0), samples=1)
    for count in ("nodes", "playouts"):
        with pytest.raises(ValueError, match=f"{count} is 1 or more, not 0"):
            analyse_view(rnd.view(rnd.to_move or 0), random.Random(0), **{count: 0})
    with pytest.raises(TypeError, match="takes a RoundView"):
        analyse_view(rnd, random.Random(0))  # type: ignore[arg-type]


def test_analyse_game_refuses_bad_seats_and_games() -> None:
    rnd = greedy_round(1)
    with pytest.raises(ValueError, match=r"^seat 2 is not at this table: its seats are 0 to 1$"):
        analyse_game(rnd, seats=[2])
    with pytest.raises(TypeError, match="a seat is a whole number"):
        analyse_game(rnd, seats=["0"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="takes a Round, a Match or a Record"):
        analyse_game("game.json")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat 1 was not analysed"):
        analyse_game(rnd, seats=[0], **FAST).summary(1)


@pytest.mark.parametrize(
    ("count", "least"), [("samples", 2), ("nodes", 1), ("playouts", 1), ("hindsight_nodes", 1)]
)
def test_analyse_game_refuses_too_small_counts(count: str, least: int) -> None:
    rnd = greedy_round(1)
    counts: Settings = {**FAST}
    counts[count] = least - 1  # type: ignore[literal-required]
    with pytest.raises(ValueError, match=f"{count} is {least} or more, not {least - 1}"):
        analyse_game(rnd, **counts)
    counts[count] = True  # type: ignore[literal-required]
    with pytest.raises(TypeError, match=f"{count} is a whole number, not True"):
        analyse_game(rnd, **counts)


def test_a_choice_between_moves_to_the_same_game_is_not_judged_r2_r10() -> None:
    """Seat 0 holds 3-1 and 0-0 with the ends 6-3 and 2-3 open, and must play (R12): 3-1
    onto either leaves the same numbers open, the same game (R2, R10), so its move is no
    decision and is not judged. Under house rules, which may tell the two ends apart,
    each move stands alone and the move is judged, with an estimate for each."""
    position = f"{FOOT_TABLE} 3-1,0-0/3-3,2-0 {FOOT_BONEYARD} 0 0 0 -"
    for house in ((), (CostlyDoubles(),)):
        rnd = Round.from_position(attrs.evolve(RULES, house=house), position)
        moves = rnd.legal_moves()
        assert moves == [Play(Tile(3, 1), onto=Tile(6, 3)), Play(Tile(3, 1), onto=Tile(3, 2))]
        analysis = analyse_game(rnd.apply(moves[0]), **FAST)
        if not house:
            assert analysis.moves == ()
        else:
            (judged,) = analysis.moves
            assert (judged.index, judged.seat, judged.move) == (0, 0, moves[0])
            assert sorted(map(str, (e.move for e in judged.position.estimates))) == sorted(
                map(str, moves)
            )


def test_the_same_seed_gives_the_same_analysis_whatever_the_seats() -> None:
    rnd = greedy_round(6)
    both = analyse_game(rnd, seed=3, **FAST)
    again = analyse_game(Record(rnd), seed=3, **FAST)
    assert both == again
    one = analyse_game(rnd, seats=[1], seed=3, **FAST)
    assert one.moves == tuple(m for m in both.moves if m.seat == 1)
    for seat in (0, 1):  # each seat's summary counts its own moves alone
        mine = [m for m in both.moves if m.seat == seat]
        assert both.summary(seat).judged == len(mine) > 0
    assert both.summary(0) != both.summary(1)
    other = analyse_game(rnd, seed=4, **FAST)
    assert [m.ply for m in other.moves] == [m.ply for m in both.moves]


def test_progress_counts_the_judged_moves() -> None:
    calls: list[tuple[int, int]] = []
    analysis = analyse_game(
        greedy_round(1), progress=lambda done, total: calls.append((done, total)), **FAST
    )
    total = len(analysis.moves)
    assert calls == [(done, total) for done in range(total + 1)]


# -- the record and the reports -------------------------------------------------------------


def test_the_annotated_record_holds_every_judged_move(tmp_path: Path) -> None:
    analysis = analyse_game(greedy_round(5), **FAST)
    record = analysis.record()
    assert set(record.annotations) == {m.ply for m in analysis.moves}
    for move in analysis.moves:
        note = record.annotations[move.ply]
        assert note.mark == move.mark
        assert note.evaluation is not None
        assert note.evaluation.margin == move.margin
        assert note.evaluation.best == move.position.best.move
        assert note.evaluation.loss == pytest.approx(move.loss)
    assert Record.from_json(record.to_json()) == record
    assert Round.from_json(record.to_json()) == analysis.game


def test_the_reports_show_the_seats_and_the_marked_moves() -> None:
    analysis = analyse_game(greedy_round(8), **FAST)
    text = analysis.report()
    assert text.startswith("Analysis of a chickie-duel round, 2 players, seed 8")
    assert "accuracy" in text
    assert "hindsight loss" in text
    for move in analysis.moves:
        if move.mark is not None:
            assert f"{move.index + 1}. seat {move.seat}: {move.move} {move.mark.symbol}" in text
    page = analysis.html(worst=2)
    assert page.startswith("<!DOCTYPE html>")
    assert page.rstrip().endswith("</html>")
    assert page.count("<svg") == len(analysis.worst(2))
    assert isinstance(analysis, GameAnalysis)
    lost = sorted((m for m in analysis.moves if m.loss > 0), key=lambda m: (-m.loss, m.ply))
    assert len(lost) >= 3  # enough for the default to show three
    assert analysis.worst() == tuple(lost[:3])  # three by default, the worst first
    assert analysis.worst(len(lost) + 5) == tuple(lost)


def test_the_page_marks_the_move_played_in_each_worst_position() -> None:
    """In the page's table of each of the worst moves, the row of the move played is
    marked, and no other: also for a game whose moves were read from text (equal moves,
    not the same objects)."""
    played = greedy_round(8)
    rnd = Round.deal(RULES, 2, seed=8)
    for move in played.moves:
        rnd = rnd.apply(parse_move(str(move)))
    assert rnd == played
    analysis = analyse_game(rnd, **FAST)
    page = analysis.html(worst=3)
    sections = page.split("<section>")[1:]
    assert len(sections) == len(analysis.worst(3)) == 3
    for m, section in zip(analysis.worst(3), sections, strict=True):
        marked = re.findall(r'<tr class="played"><td>([^<]*)</td>', section)
        assert marked == [html.escape(str(m.move))]


def aligned(lines: list[str], left: int) -> None:
    """The table of ``lines`` (a heading, a rule of dashes, its rows) has its first
    ``left`` columns aligned to the left and the others to the right of the column's
    dashes."""
    spans = [(m.start(), m.end()) for m in re.finditer("-+", lines[1])]
    width = spans[-1][1]
    for line in [lines[0], *lines[2:]]:
        assert len(line) <= width
        line = line.ljust(width)
        for i, (start, end) in enumerate(spans):
            cell = line[start:end]
            assert start == 0 or line[start - 1] == " "
            if cell.strip():
                assert (cell[0] if i < left else cell[-1]) != " ", (i, line)


def test_the_report_aligns_names_left_and_numbers_right() -> None:
    """In the report's tables the seat, in the seats' table, and the move's number, its
    seat and the move played, in the moves' table, stand to the left of their columns;
    the other columns (counts, shares, margins, losses, the best move) to the right."""
    analysis = analyse_game(greedy_round(8), **FAST)
    lines = analysis.report().split("\n")
    seats = lines.index("") + 1
    assert lines[seats].startswith("seat  judged  accuracy  mean loss  hindsight loss")
    aligned(lines[seats : seats + 4], 1)
    assert lines[seats + 4] == ""
    # each seat's row: its judged moves, its accuracy as a whole percentage, its losses
    shares = []
    for seat, line in zip(analysis.seats, lines[seats + 2 : seats + 4], strict=True):
        s = analysis.summary(seat)
        assert s.accuracy is not None
        shares.append(s.accuracy)
        assert line.split()[:5] == [
            str(seat), str(s.judged), f"{round(100 * s.accuracy)}%",
            f"{s.mean_loss:.2f}", "-" if s.hindsight_loss is None else f"{s.hindsight_loss:.2f}",
        ]  # fmt: skip
    assert any(0 < share < 1 for share in shares)
    moves = lines.index("Every judged move, margins and losses in points (R17):") + 1
    assert lines[moves].split()[:4] == ["move", "seat", "played", "margin"]
    table = lines[moves:]
    assert len(table) == 2 + len(analysis.moves) >= 4
    aligned(table, 3)


def test_a_match_is_analysed_round_by_round() -> None:
    """Plies count over the rounds of a match (R19): the second round's moves come after
    every move of the first."""
    match = Match.new(RULES, 2, seed=1)
    rng = random.Random(1)
    greedy = GreedyPlayer()
    while not match.finished or len(match.round.layout) < 12:
        seat = match.round.to_move
        assert seat is not None
        match = match.apply(greedy.choose(match.round.view(seat), rng))
    analysis = analyse_game(match, **FAST)
    assert {m.round_index for m in analysis.moves} == {0, 1}
    first = len(match.finished[0].moves)
    for move in analysis.moves:
        assert move.ply == move.index + (first if move.round_index == 1 else 0)
    record = analysis.record()
    assert {(r, i) for r, i, _ in record.items()} == {
        (m.round_index, m.index) for m in analysis.moves
    }
    # the report numbers each judged move in a match round:move, both from 1
    report = analysis.report()
    assert "Every judged move (round:move)" in report
    for m in analysis.moves:
        assert re.search(
            rf"^{m.round_index + 1}:{m.index + 1} +{m.seat} +{re.escape(str(m.move))} ",
            report,
            re.M,
        ), (m.round_index, m.index)


# -- chickenfoot analyse ----------------------------------------------------------------------


def saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game saved by ``chickenfoot play --save``, stopped after a few of its moves."""
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 12 + "quit\n"))
    assert (
        main(["play", "--preset", "chickie-duel", "--seed", "4", "--save", str(path), "--plain"])
        == 0
    )
    return path


def test_the_annotated_record_keeps_the_annotations_the_game_came_with() -> None:
    """A record's own annotations survive its analysis: a move not judged keeps its note
    as it was; on a judged move the given comment comes first and a given mark stays
    where the analysis gives none."""
    rnd = greedy_round(5)
    given = Record(rnd)
    others = [ply for ply, event in enumerate(rnd.history) if event.seat == 1]
    given = given.annotate(others[0], Annotation("the other seat's reply", mark=Mark.GOOD))
    mine = [ply for ply, event in enumerate(rnd.history) if event.seat == 0]
    for ply in mine:
        given = given.annotate(ply, Annotation("my plan", mark="!!"))
    analysis = analyse_game(given, seats=[0], **FAST)
    assert {m.ply for m in analysis.moves} <= set(mine)
    record = analysis.record()
    assert record.annotations[others[0]] == given.annotations[others[0]]
    for judged in analysis.moves:
        note = record.annotations[judged.ply]
        assert note.comment == f"my plan; {judged.comment()}"
        assert note.mark is (Mark.EXCELLENT if judged.mark is None else judged.mark)
        assert note.evaluation == judged.annotation().evaluation
    for ply in set(mine) - {m.ply for m in analysis.moves}:
        assert record.annotations[ply] == given.annotations[ply]
    long = Record(rnd).annotate(analysis.moves[0].ply, Annotation("x" * 2000))
    kept = analyse_game(long, seats=[0], **FAST).record()
    assert kept.annotations[analysis.moves[0].ply].comment == "x" * 2000


def test_the_command_prints_the_marks_and_writes_the_record_and_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, monkeypatch)
    capsys.readouterr()
    out, report, page = tmp_path / "out.json", tmp_path / "report.txt", tmp_path / "report.html"
    args = ["analyse", str(path), "--samples", "3", "--nodes", "3000", "--playouts", "1"]
    args += ["--seed", "1", "--plain"]
    args += ["--out", str(out), "--report", str(report), "--html", str(page)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    record = Record.from_json(out.read_text(encoding="utf-8"))
    game = Record.from_json(path.read_bytes())
    analysis = analyse_game(game, samples=3, nodes=3000, playouts=1, seed=1)
    assert record == analysis.record()
    assert printed.startswith(analysis.report(every_move=False))
    assert report.read_text(encoding="utf-8") == analysis.report() + "\n"
    assert page.read_text(encoding="utf-8") == analysis.html()
    assert f"Wrote the annotated record to {out}." in printed
    assert main(["replay", str(out), "--plain"]) == 0
    replayed = capsys.readouterr().out
    for move in analysis.moves:
        if move.mark is not None:
            assert f"{move.move} {move.mark.symbol}" in replayed
    assert replayed.count("eval ") == len(analysis.moves)


def test_the_command_judges_the_seats_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, monkeypatch)
    out = tmp_path / "out.json"
    args = ["analyse", str(path), "--seat", "1", "--samples", "2", "--nodes", "2000"]
    args += ["--playouts", "1", "--plain"]
    assert main([*args, "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    record = Record.from_record(data)
    game = record.game
    assert isinstance(game, Match)
    rounds = [*game.finished, game.round]
    seats = {rounds[r].history[index].seat for r, index, _ in record.items()}
    assert seats == {1}


def test_the_command_refuses_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = saved_game(tmp_path, monkeypatch)
    capsys.readouterr()
    assert main(["analyse", str(path), "--seat", "2"]) == 2
    assert "--seat 2: the record's table has seats 0 to 1" in capsys.readouterr().err
    assert main(["analyse", str(path), "--samples", "1"]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chickenfoot-record"}', encoding="utf-8")
    assert main(["analyse", str(bad)]) == 1
    assert f"analyse: {bad}:" in capsys.readouterr().err


def test_a_playout_from_a_small_round_is_its_exact_value() -> None:
    """A playout from a round with 14 tiles or fewer in the hands solves it: the margin
    after each move is the solver's value of that move, not a greedy guess."""
    rng = random.Random(11)
    rnd = Round.deal(RULES, 2, seed=11)
    while not rnd.is_over and (sum(rnd.hand_counts) > 14 or len(rnd.legal_moves()) < 2):
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert not rnd.is_over, "the round ended before its hands were small"
    seat = rnd.to_move
    assert seat is not None
    solution = solve(rnd)
    state = state_of(rnd)
    for move in rnd.legal_moves():
        value = _review._playout(state.after(move, False), seat, random.Random(0), solve, 10**6)
        assert value == solution.value_of(move)


def test_at_three_seats_the_solver_is_asked_only_about_small_hands() -> None:
    """At three seats or more the solver (max^n, every seat its own best reply, R17) is
    asked about a sample, a playout's endgame or the real round only once 10 tiles or
    fewer are left in the hands (``ENDGAME_MANY``); the moves before are still judged,
    from played-out samples and with no hindsight loss, and the late ones are solved."""
    rules = attrs.evolve(RULES, set_sizes=((3, 6),), hand_sizes=((3, 6),))
    rnd = Round.deal(rules, 3, seed=4)
    rnd = play_round(rnd, [GreedyPlayer()] * 3, random.Random(4))
    asked: list[int] = []

    def spy(game: Round, **limits: int) -> Solution:
        asked.append(sum(game.hand_counts))
        return solve(game, **limits)

    analysis = _review.analyse_game(rnd, solve=spy, seats=[0, 1, 2], seed=0, progress=None, **FAST)
    assert asked
    assert max(asked) <= _review.ENDGAME_MANY
    start = _review._start(rnd)
    tiles = []
    for move in rnd.moves:
        tiles.append(sum(start.hand_counts))
        start = start.apply(move)
    big = [m for m in analysis.moves if tiles[m.index] > _review.ENDGAME_MANY]
    small = [m for m in analysis.moves if tiles[m.index] <= _review.ENDGAME_MANY]
    assert big, "no move was judged with more tiles in the hands than the limit"
    assert small, "no move was judged with the hands small"
    assert all(m.position.exact == 0 and m.hindsight_loss is None for m in big)
    assert any(m.position.exact > 0 for m in small)
    assert any(m.hindsight_loss is not None for m in small)
