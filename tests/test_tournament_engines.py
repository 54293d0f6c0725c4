"""Engines in tournaments: ``Entrant.engine``, ``engine:COMMAND`` entrants and forfeits.

The engine is ``tests/data/first_engine.py``, written without the library, which plays the
first legal move (as ``FirstMove`` does in this process) or misbehaves in one way when
told to; ``chickenfoot engine --bot greedy`` serves a library bot. Every engine writes its
process id into the file of the ``pids`` fixture, and every test checks that all of them
are gone at the end. A round is played by the seats in turn (R11) and scored by the pips
left in the hands (R17); a forfeiting seat is charged every tile of the set.
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path
from typing import Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_protocol import FirstMove, Seeded, first, no_child_left, served

from chickenfoot import PRESETS, Move, RoundView
from chickenfoot.bots import GreedyPlayer, Player, level
from chickenfoot.cli import main
from chickenfoot.engine import SimpleEngine
from chickenfoot.errors import EngineTerminatedError
from chickenfoot.tournament import Entrant, Game, Results, forfeit_penalty, play_tournament

DUEL: Final = PRESETS["chickie-duel"]
CLASSIC: Final = PRESETS["classic"]
#: Every tile of the double-6 set, its pips counted (R17, the double-blank at 0).
DOUBLE_SIX_PIPS: Final = sum(a + b for a in range(7) for b in range(a + 1))


@pytest.fixture(autouse=True)
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file where every ``first_engine.py`` started by the test writes its process id
    (the worker processes inherit the variable)."""
    path = tmp_path / "pids"
    path.touch()
    monkeypatch.setenv("FIRST_ENGINE_PIDS", str(path))
    return path


def started(pids: Path) -> int:
    return len(pids.read_text().split())


@attrs.frozen
class Buggy:
    """A Python bot with a bug: it fails at its first move."""

    name: str = "buggy"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        raise ZeroDivisionError("a bug in the bot")


@attrs.frozen
class DiesInRoundTwo:
    """Greedy, but raises an engine's error once the match is in its second round (R19:
    the rounds go down from the highest double, 6-6 first at double-6)."""

    name: str = "dies-late"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        if view.dealt_for.high < 6:
            raise EngineTerminatedError("engine 'dies-late' exited with code 9")
        return GreedyPlayer().choose(view, rng)


def test_a_library_free_engine_plays_the_levels_as_it_would_in_process(pids: Path) -> None:
    engine = Entrant.engine(first())
    assert engine.name == "first"  # its hello's name
    levels = [level(1), level(2)]
    here = play_tournament([FirstMove(), *levels], DUEL, seats=2, deals=3, seed=5, jobs=1)
    one = play_tournament([engine, *levels], DUEL, seats=2, deals=3, seed=5, jobs=1)
    two = play_tournament([engine, *levels], DUEL, seats=2, deals=3, seed=5, jobs=2, chunk_size=2)
    assert one == two == here  # the same games, whatever the chunks and the processes
    assert one.names == ("first", "level1", "level2")
    assert [s.forfeits for s in one.standings()] == [0, 0, 0]
    assert all(g.forfeit is None and g.error is None for g in one.games)
    # one engine for the hello, then one per chunk: a deal's three tables a chunk by
    # default (3 chunks), then two deals' and one deal's (2 chunks)
    assert started(pids) == 1 + 3 + 2
    assert no_child_left(pids, 6)


def test_a_simple_engine_enters_as_a_copy_and_is_left_as_it_was(pids: Path) -> None:
    engine = SimpleEngine(first())
    results = play_tournament([engine, GreedyPlayer()], DUEL, deals=2, seed=1, jobs=1)
    assert engine.pid is None
    assert "not started" in repr(engine)
    assert results == play_tournament(
        [FirstMove(name=engine.name), GreedyPlayer()], DUEL, deals=2, seed=1, jobs=1
    )
    assert no_child_left(pids, 1)


def test_the_command_line_enters_an_engine_by_its_name(
    pids: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = f"engine:{shlex.join(first())},level1,level2"
    argv = ["tournament", "--preset", "chickie-duel", "--bots", bots, "--seats", "2"]
    printed = []
    for jobs in ("1", "2"):
        assert main([*argv, "--deals", "2", "--seed", "3", "--jobs", jobs, "--json"]) == 0
        printed.append(Results.from_json(capsys.readouterr().out))
    api = play_tournament([FirstMove(), level(1), level(2)], DUEL, seats=2, deals=2, seed=3, jobs=1)
    assert printed[0] == printed[1] == api
    assert main([*argv, "--deals", "1", "--jobs", "1", "--plain"]) == 0
    table = capsys.readouterr().out
    assert "first" in table
    assert "forfeits" not in table  # the column is there only when a game was forfeited
    assert no_child_left(pids, 3)


def test_two_engines_of_one_name_are_told_apart(
    pids: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = f"engine:{shlex.join(first())}"
    argv = ["tournament", "--preset", "chickie-duel", "--bots", f"{engine},{engine}"]
    assert main([*argv, "--deals", "1", "--jobs", "1", "--json"]) == 0
    assert Results.from_json(capsys.readouterr().out).names == ("first", "first-2")
    assert no_child_left(pids, 2)


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("crash-mid-game", "exited with code 4"),
        ("illegal", "not legal"),
        ("malformed", "not JSON"),
        ("hang", "it was killed"),
    ],
)
def test_a_misbehaving_engine_forfeits_and_is_replaced(pids: Path, mode: str, said: str) -> None:
    engine = Entrant.engine(first(mode), name=mode, timeout=0.5, grace=0.2)
    field: list[Player | Entrant] = [engine, GreedyPlayer()]
    results = play_tournament(field, DUEL, deals=2, seed=2, jobs=1)
    # the engine fails at its second or third move, and every round of a duel asks each
    # seat for more than three moves: it forfeits every game, each with an engine of its
    # own (no game is lost to the closed engine of the game before)
    assert [s.forfeits for s in results.standings()] == [4, 0]
    for game in results.games:
        seat = game.seats.index(0)
        assert game.forfeit == seat
        assert game.error is not None
        assert said in game.error
        assert mode in game.error
        assert game.penalties[seat] == DOUBLE_SIX_PIPS
        assert game.penalties[1 - seat] == 0
        assert game.winners == (1 - seat,)
        assert game.ranking() == ((1,), (0,))
    assert started(pids) == 1 + 4
    ratings = {r.name: r.elo for r in results.ratings()}
    assert ratings[mode] < ratings["greedy"]
    text = results.text()
    assert "forfeits" in text
    assert f"{mode} forfeited 4 games" in text
    assert no_child_left(pids, 5)


def test_forfeits_are_the_same_whatever_the_jobs(pids: Path) -> None:
    field: list[Player | Entrant] = [Entrant.engine(first("crash-mid-game")), level(1), level(2)]
    one = play_tournament(field, DUEL, seats=2, deals=2, seed=7, jobs=1)
    two = play_tournament(field, DUEL, seats=2, deals=2, seed=7, jobs=2, chunk_size=1)
    assert one == two
    assert [s.forfeits for s in one.standings()] == [8, 0, 0]  # 2 tables, 2 deals, 2 seats
    assert started(pids) == 1 + 8 + 8
    assert no_child_left(pids, 17)


def test_forfeits_are_written_and_read_back(pids: Path) -> None:
    field: list[Player | Entrant] = [Entrant.engine(first("illegal")), GreedyPlayer()]
    results = play_tournament(field, DUEL, deals=1, seed=0, jobs=1)
    data = json.loads(results.to_json())
    assert data["forfeits"] == [2, 0]
    assert all(row[6]["seat"] == row[2] for row in data["games"])  # seat 0 in rotation 0
    back = Results.from_json(results.to_json())
    assert back == results
    assert [g.error for g in back.games] == [g.error for g in results.games]
    data["forfeits"] = [1, 0]
    with pytest.raises(ValueError, match="forfeits"):
        Results.from_dict(data)
    data["forfeits"] = [2, 0]
    data["games"][0][6]["seat"] = 5
    with pytest.raises(ValueError, match="not a game"):
        Results.from_dict(data)
    assert no_child_left(pids, 3)


def test_a_forfeit_at_three_seats_ranks_the_seat_last_and_ties_the_others(pids: Path) -> None:
    three = PRESETS["classic"]
    field: list[Player | Entrant] = [Entrant.engine(first("illegal")), GreedyPlayer(), level(1)]
    results = play_tournament(field, three, deals=1, seed=4, jobs=1)
    assert forfeit_penalty(three, 3) == 495 + three.double_blank  # double-9 pips (R17)
    for game in results.games:
        seat = game.seats.index(0)
        assert game.forfeit == seat
        assert [set(rank) for rank in game.ranking()] == [{1, 2}, {0}]
        assert sorted(game.winners) == [s for s in range(3) if s != seat]
    assert no_child_left(pids, 4)


def test_a_forfeited_match_is_charged_for_every_round_it_reached() -> None:
    results = play_tournament(
        [DiesInRoundTwo(), GreedyPlayer()], DUEL, deals=1, seed=3, jobs=1, matches=True
    )
    for game in results.games:
        seat = game.seats.index(0)
        assert game.forfeit == seat
        assert game.rounds == 2
        assert game.penalties[seat] == 2 * DOUBLE_SIX_PIPS
    standing = results.standings()[0]
    assert standing.forfeits == 2
    assert standing.mean_penalty == DOUBLE_SIX_PIPS


def test_a_bug_in_a_python_bot_stops_the_tournament_and_its_engines(pids: Path) -> None:
    field: list[Player | Entrant] = [Entrant.engine(first()), Buggy()]
    with pytest.raises(ZeroDivisionError, match="a bug in the bot") as raised:
        play_tournament(field, DUEL, deals=2, seed=0, jobs=1)
    if sys.version_info >= (3, 11):  # where exceptions have notes
        assert raised.value.__notes__ == [
            "in the tournament: 'buggy' at seat 1, deal 0 of table 0, rotation 0"
        ]
    assert no_child_left(pids, 2)


def test_an_engine_that_cannot_start_is_refused_before_the_tournament(
    pids: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(EngineTerminatedError, match="exited with code 3"):
        Entrant.engine(first("crash-at-start"))
    bots = f"engine:{shlex.join(first('crash-at-start'))},level1"
    assert main(["tournament", "--preset", "chickie-duel", "--bots", bots, "--deals", "1"]) == 2
    error = capsys.readouterr().err
    assert "exited with code 3" in error
    assert "crashing at the start" in error
    assert no_child_left(pids, 2)


def test_a_served_library_bot_stands_where_it_stands_in_process() -> None:
    # the client draws one 64-bit seed a move and the server gives the bot Random(seed):
    # Seeded does the same in this process
    engine = Entrant.engine(served("greedy"))
    field: list[Player | Entrant] = [engine, level(1)]
    here: list[Player | Entrant] = [Seeded(GreedyPlayer(), name="greedy"), level(1)]
    assert play_tournament(field, DUEL, deals=3, seed=8, jobs=1) == play_tournament(
        here, DUEL, deals=3, seed=8, jobs=1
    )


def test_the_command_line_counts_forfeits_and_goes_on(
    pids: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = f"engine:{shlex.join(first('crash-mid-game'))},greedy"
    argv = ["tournament", "--preset", "chickie-duel", "--bots", bots, "--deals", "1"]
    assert main([*argv, "--jobs", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("bot"))
    assert header.split()[:3] == ["bot", "games", "forfeits"]
    row = next(line for line in out.splitlines() if line.startswith("first"))
    assert row.split()[:3] == ["first", "2", "2"]
    assert "first forfeited 2 games; the first, deal 0 at table 0 (rotation 0): " in out
    assert "exited with code 4" in out
    assert no_child_left(pids, 3)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 2),  # the rotation
            st.lists(st.integers(0, 60), min_size=3, max_size=3),  # the seats' points
            st.none() | st.integers(0, 2),  # the seat that forfeits, if one does
        ),
        min_size=1,
        max_size=12,
    )
)
def test_forfeits_are_counted_ranked_last_and_kept_in_json(
    drawn: list[tuple[int, list[int], int | None]],
) -> None:
    """Any games at three seats, some forfeited (invariant): the forfeiting entrant is
    alone last, the standings count each entrant's forfeits, and the JSON gives the same
    results back, the errors with them."""
    worst = forfeit_penalty(CLASSIC, 3)
    games = []
    for deal, (rotation, points, forfeit) in enumerate(drawn):
        seats = tuple((s + rotation) % 3 for s in range(3))
        penalties: tuple[int, ...]
        winners: tuple[int, ...]
        if forfeit is None:
            penalties, winners = tuple(points), (points.index(min(points)),)
        else:
            penalties = tuple(worst if s == forfeit else 0 for s in range(3))
            winners = tuple(s for s in range(3) if s != forfeit)
        games.append(
            Game(
                table=0,
                deal=deal,
                rotation=rotation,
                seats=seats,
                penalties=penalties,
                rounds=1,
                winners=winners,
                forfeit=forfeit,
                error=None if forfeit is None else f"engine failed in deal {deal}",
            )
        )
    results = Results(
        rules=CLASSIC,
        names=("a", "b", "c"),
        seats=3,
        schedule="round-robin",
        challenger=None,
        matches=False,
        seed=0,
        deals=len(drawn),
        tables=((0, 1, 2),),
        games=tuple(games),
    )
    for game in results.games:
        if game.forfeit is not None:
            assert game.ranking()[-1] == (game.seats[game.forfeit],)
    counts = [0, 0, 0]
    for game in games:
        if game.forfeit is not None:
            counts[game.seats[game.forfeit]] += 1
    assert [s.forfeits for s in results.standings()] == counts
    back = Results.from_json(results.to_json())
    assert back == results
    assert [g.error for g in back.games] == [g.error for g in games]
    assert json.loads(results.to_json())["forfeits"] == counts


def test_the_gauntlet_of_an_engine_names_it_by_its_command_or_its_name(
    pids: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = f"engine:{shlex.join(first())}"
    argv = ["tournament", "--preset", "chickie-duel", "--bots", f"{engine},level1,level2"]
    argv += ["--seats", "2", "--deals", "1", "--jobs", "1", "--json"]
    printed = []
    for challenger in (engine, "first"):
        assert main([*argv, "--gauntlet", challenger]) == 0
        printed.append(Results.from_json(capsys.readouterr().out))
    assert printed[0] == printed[1]
    assert printed[0].challenger == 0
    assert printed[0].tables == ((0, 1), (0, 2))
    assert no_child_left(pids, 2)
