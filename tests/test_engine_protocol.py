"""The engine protocol, both sides: the client (chickenfoot.engine.SimpleEngine), the
server (chickenfoot.engine.serve, ``chickenfoot engine``) and the command line's
``engine:COMMAND`` bots.

The engine of most tests is ``tests/data/first_engine.py``, written without the library:
it plays the first legal move of each request, and misbehaves in one way when told to.
Every failure must raise its own error and leave no process behind (R11: a seat moves
only on its turn, so a request is only made for the seat to move).
"""

from __future__ import annotations

import io
import json
import os
import pickle
import random
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played_rounds

from chickenfoot import PRESETS, Match, Move, Round, RoundView
from chickenfoot.bots import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    TreeSearchPlayer,
    level,
    play_match,
)
from chickenfoot.cli import main
from chickenfoot.engine import Limit, SimpleEngine, serve
from chickenfoot.errors import (
    EngineError,
    EngineMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
)
from chickenfoot.simulation import simulate

FIRST = str(Path(__file__).parent / "data" / "first_engine.py")
DUEL = PRESETS["chickie-duel"]


def first(mode: str = "play") -> list[str]:
    return [sys.executable, FIRST, mode]


def served(bot: str) -> list[str]:
    return [sys.executable, "-m", "chickenfoot", "engine", "--bot", bot]


@pytest.fixture(autouse=True)
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file where every ``first_engine.py`` started by the test writes its process id."""
    path = tmp_path / "pids"
    path.touch()
    monkeypatch.setenv("FIRST_ENGINE_PIDS", str(path))
    return path


def gone(pid: int) -> bool:
    """Whether the process ``pid`` has exited and, if it is a child of this one, been
    reaped; a process of another parent (an engine of a pool's worker) is given five
    seconds to exit."""
    try:
        os.waitpid(pid, os.WNOHANG)  # (0, 0) while it runs; reaps it if it is a zombie
    except ChildProcessError:
        pass
    else:
        return False
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def no_child_left(pids: Path, started: int = 1) -> bool:
    """Whether the ``first_engine.py`` processes the test started (at least ``started``)
    are all gone."""
    numbers = [int(line) for line in pids.read_text().split()]
    assert len(numbers) >= started
    return all(gone(pid) for pid in numbers)


@attrs.frozen
class FirstMove:
    """The first legal move, drawing from ``rng`` as the client does (one seed a move)."""

    name: str = "first"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        rng.getrandbits(64)
        return view.legal_moves()[0]


@attrs.frozen
class Seeded:
    """``bot`` given ``random.Random(seed)`` for a seed drawn as the client draws it."""

    bot: Player
    name: str = "seeded"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        return self.bot.choose(view, random.Random(rng.getrandbits(64)))


def a_view(seed: int = 22, moves: int = 11) -> RoundView:
    rnd = Round.deal(DUEL, 2, seed=seed)
    for _ in range(moves):
        rnd = rnd.apply(rnd.legal_moves()[0])
    assert rnd.to_move is not None
    return rnd.view(rnd.to_move)


# -- an engine written without the library ---------------------------------------------


def test_an_engine_in_another_program_plays_a_whole_match(pids: Path) -> None:
    with SimpleEngine.popen(first()) as engine:
        assert isinstance(engine, Player)
        assert engine.pid is not None
        assert not gone(engine.pid)  # the check sees an engine that runs
        assert (engine.name, engine.author) == ("first", "the tests")
        match = play_match(DUEL, [engine, GreedyPlayer()], seed=3)
    here = play_match(DUEL, [FirstMove(), GreedyPlayer()], seed=3)
    assert match.is_over
    assert match.to_json() == here.to_json()
    assert no_child_left(pids)


def test_info_lines_reach_python() -> None:
    view = a_view()
    legal = view.legal_moves()
    assert len(legal) > 2
    with SimpleEngine.popen(first()) as engine:
        analysis = engine.analyse(view, limit=Limit(playouts=5), seed=7)
    assert analysis.move == legal[0]
    assert not analysis.stopped
    (info,) = analysis.info
    assert info.playouts == len(legal)
    assert [m.move for m in info.moves] == legal
    assert [m.value for m in info.moves] == [-float(i) for i in range(len(legal))]
    assert {m.visits for m in info.moves} == {1}


def test_an_option_refused_at_the_start_leaves_no_process(pids: Path) -> None:
    with pytest.raises(ValueError, match="has no option 'depth'; its options: style"):
        SimpleEngine.popen(first(), options={"depth": 3})
    assert no_child_left(pids)


def test_options_are_declared_and_set(pids: Path) -> None:
    with SimpleEngine.popen(first(), options={"style": "plain"}) as engine:
        assert set(engine.options) == {"style"}
        assert engine.options["style"].default == "first"
        engine.configure({"style": "other"})
        with pytest.raises(ValueError, match="has no option 'depth'; its options: style"):
            engine.configure({"depth": 3})
        with pytest.raises(ValueError, match="of type string, not 3"):
            engine.configure({"style": 3})
        assert engine.play(a_view()) in a_view().legal_moves()  # still running
    with SimpleEngine.popen(first(), timeout=None) as engine:  # no time limit on answers
        engine.configure({"style": "other"})
        assert engine.play(a_view()) in a_view().legal_moves()
    assert no_child_left(pids)


def test_an_engine_that_is_told_to_stop_plays_its_move(pids: Path) -> None:
    view = a_view()
    started = time.monotonic()
    with SimpleEngine.popen(first("wait-for-stop"), grace=5.0) as engine:
        analysis = engine.analyse(view, limit=Limit(seconds=0.2))
    assert analysis.stopped
    assert analysis.move == view.legal_moves()[0]
    assert time.monotonic() - started < 4.0
    assert no_child_left(pids)


# -- each failure, its error, and no process left ----------------------------------------


def test_a_crash_at_the_start(pids: Path) -> None:
    with pytest.raises(EngineTerminatedError) as caught:
        SimpleEngine.popen(first("crash-at-start"))
    assert "exited with code 3 while shaking hands" in str(caught.value)
    assert "crashing at the start, as asked" in str(caught.value)
    assert no_child_left(pids)


def test_a_command_that_cannot_start() -> None:
    with pytest.raises(EngineTerminatedError, match="'no-such-engine --fast' could not be started"):
        SimpleEngine.popen(["no-such-engine", "--fast"])


def test_an_engine_that_could_not_start_is_closed() -> None:
    # set up without starting, it fails at its first request, and every later request is
    # told the engine is closed (no second try at a program that is not there)
    engine = SimpleEngine(["no-such-engine"])
    with pytest.raises(EngineTerminatedError, match="could not be started"):
        engine.configure({})
    for _ in range(2):
        with pytest.raises(EngineError, match=r"^engine 'no-such-engine' is closed$"):
            engine.configure({})


@pytest.mark.parametrize(
    ("mode", "error", "words"),
    [
        ("crash-mid-game", EngineTerminatedError, "exited with code 4 while choosing a move"),
        ("hang", EngineTimeoutError, "nor within 0.3 s of being told to stop; it was killed"),
        ("illegal", EngineMoveError, "answered '0-0@0-0' for seat"),
        ("malformed", EngineProtocolError, "wrote a line that is not JSON"),
    ],
)
def test_a_failure_mid_game(mode: str, error: type[EngineError], words: str, pids: Path) -> None:
    started = time.monotonic()
    engine = SimpleEngine.popen(first(mode), timeout=2.0, grace=0.3)
    with pytest.raises(error) as caught:
        play_match(DUEL, [engine, GreedyPlayer()], seed=3)
    assert words in str(caught.value)
    assert time.monotonic() - started < 20
    assert no_child_left(pids)
    with pytest.raises(EngineError, match="engine 'first' is closed"):
        engine.choose(a_view(), random.Random(0))
    engine.close()  # closing again does nothing


def test_an_illegal_move_names_the_rule_and_the_legal_moves(pids: Path) -> None:
    engine = SimpleEngine.popen(first("illegal"))
    with pytest.raises(EngineMoveError) as caught:
        play_match(DUEL, [engine, GreedyPlayer()], seed=3)
    error = caught.value
    assert (error.move, error.seat) == ("0-0@0-0", 0)
    assert str(error) == (
        "engine 'first' answered '0-0@0-0' for seat 0, which is not legal: seat 0 cannot "
        "play 0-0 onto 0-0: the round double 6-6 is placed first (R6); the legal moves "
        "were pass"
    )
    assert pickle.loads(pickle.dumps(error)).move == "0-0@0-0"
    assert no_child_left(pids)


def test_a_move_for_another_request_is_refused(pids: Path) -> None:
    """Every answer to a request carries its id: a move with the id of a request not
    made stops the engine, the two ids in the error."""
    view = a_view()
    engine = SimpleEngine.popen(first("other-id"))
    with pytest.raises(EngineProtocolError) as caught:
        engine.play(view)
    line = json.dumps({"type": "move", "id": 2, "move": str(view.legal_moves()[0])})
    assert str(caught.value) == (
        f"engine 'first' answered request 2 while choosing a move for seat {view.seat} "
        f"(request 1): {line!r}"
    )
    assert no_child_left(pids)


def test_an_error_for_a_move_need_not_name_the_request(pids: Path) -> None:
    """An ``error`` answer carries the id of its request only if it has one: an error
    without it, answering a ``go``, is the engine's own error, its message quoted."""
    view = a_view()
    engine = SimpleEngine.popen(first("refuse-go"))
    with pytest.raises(EngineError) as caught:
        engine.play(view)
    assert type(caught.value) is EngineError
    assert str(caught.value) == (
        f"engine 'first' reported an error while choosing a move for seat {view.seat}: "
        "first_engine: no move, as asked"
    )
    assert no_child_left(pids)


def test_an_engine_that_does_not_answer_hello_is_killed(pids: Path) -> None:
    with pytest.raises(EngineTimeoutError) as caught:
        SimpleEngine.popen(first("silent"), timeout=0.5, grace=0.2)
    named = shlex.join(first("silent"))
    assert str(caught.value) == f"engine {named!r} did not answer hello within 0.5 s; it was killed"
    assert no_child_left(pids)


def test_an_engine_that_does_not_quit_is_killed_after_the_grace_period(pids: Path) -> None:
    engine = SimpleEngine.popen(first("deaf"), grace=0.3)
    assert engine.play(a_view()) == a_view().legal_moves()[0]
    started = time.monotonic()
    engine.close()
    assert 0.3 <= time.monotonic() - started < 5
    assert no_child_left(pids)


@pytest.mark.parametrize(("mode", "version"), [("version", 99), ("old-version", 0)])
def test_another_protocol_version_is_refused(pids: Path, mode: str, version: int) -> None:
    """A later version and an earlier one alike: the client speaks version 1 only."""
    with pytest.raises(
        EngineProtocolError,
        match=f"'first' speaks \"cfep\" version {version}, not 'cfep' version 1",
    ):
        SimpleEngine.popen(first(mode))
    assert no_child_left(pids)


def test_an_error_for_hello_is_the_engine_s_error(pids: Path) -> None:
    with pytest.raises(EngineError) as caught:
        SimpleEngine.popen(first("refuse-hello"))
    assert type(caught.value) is EngineError
    assert str(caught.value) == (
        f"engine {shlex.join(first('refuse-hello'))!r} reported an error while shaking "
        "hands: first_engine: no hello, as asked"
    )
    assert no_child_left(pids)


def test_a_line_of_4_mib_is_read_and_a_longer_one_refused(pids: Path) -> None:
    """An engine may write lines of up to 4 MiB characters, the newline counted: its
    hello of that length is read whole; its info line one character longer stops it."""
    engine = SimpleEngine.popen(first("long-lines"))
    author = engine.author
    assert author is not None
    assert author == "x" * len(author)
    assert len(author) > 4_000_000
    with pytest.raises(EngineProtocolError, match="'first' wrote a line over 4194304 characters"):
        engine.play(a_view())
    assert no_child_left(pids)


def test_the_limit_and_the_seed_of_a_request_are_keywords() -> None:
    """``play`` and ``analyse`` take the view alone by position: ``limit`` and ``seed``
    are named, and a second argument by position is refused before anything is sent."""
    engine = SimpleEngine.popen(first())
    try:
        for ask in (engine.play, engine.analyse):
            with pytest.raises(TypeError, match="positional argument"):
                ask(a_view(), Limit(playouts=10))  # type: ignore[call-arg]
        assert engine.play(a_view(), limit=Limit(playouts=10), seed=1) in a_view().legal_moves()
    finally:
        engine.close()


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("negative-seconds", '"seconds": -1.0'),
        ("unknown-move", '"move": "nowhere"'),
        ("negative-visits", '"visits": -1'),
        ("long-info", '"seconds": "xxxx'),
    ],
)
def test_an_info_line_that_is_not_the_protocol_s_stops_the_engine(
    mode: str, said: str, pids: Path
) -> None:
    """An info line with a negative time, a move that is no move, a move's visits below 0,
    or a time that is not a number is refused, quoted in the error up to 200 characters."""
    engine = SimpleEngine.popen(first(mode))
    with pytest.raises(EngineProtocolError) as caught:
        engine.play(a_view())
    text = str(caught.value)
    assert text.startswith("engine 'first' wrote an info line that is not the protocol's: ")
    assert said in text
    quoted = text.split("protocol's: ", 1)[1]
    assert len(quoted) <= 2 + 200 + 3
    assert quoted.endswith("...'") == (mode == "long-info")
    assert no_child_left(pids)


def test_no_move_for_a_seat_not_to_move() -> None:
    rnd = Round.deal(DUEL, 2, seed=22)
    with SimpleEngine.popen(first()) as engine:
        with pytest.raises(ValueError, match="seat 1 has no move to choose: seat 0 is to move"):
            engine.choose(rnd.view(1), random.Random(0))
        with pytest.raises(ValueError, match="seed is a whole number"):
            engine.analyse(rnd.view(0), seed=-1)


def test_limits_are_checked() -> None:
    assert Limit(playouts=3, seconds=1).to_dict() == {"playouts": 3, "seconds": 1}
    assert Limit().to_dict() == {}
    for bad in ({"playouts": 0}, {"playouts": True}, {"seconds": 0}, {"seconds": float("inf")}):
        with pytest.raises(ValueError, match="must be a"):
            Limit(**bad)
    with pytest.raises(ValueError, match="timeout must be a number of seconds above 0"):
        SimpleEngine(first(), timeout=0)
    with pytest.raises(TypeError, match="a program and its arguments"):
        SimpleEngine([])


# -- the library's bots served over the protocol ------------------------------------------


def test_a_served_bot_plays_the_moves_it_plays_here() -> None:
    bot = TreeSearchPlayer(playouts=25, opponents="policy", prior=1.0, name="level3")
    assert bot == level(3)
    with SimpleEngine.popen(served("level3")) as engine:
        assert (engine.name, engine.options["playouts"].default) == ("level3", 25)
        pid = engine.pid
        there = play_match(DUEL, [engine, GreedyPlayer()], seed=11)
        view = a_view()
        for seed in (1, 2, 3):
            limited = engine.play(view, limit=Limit(playouts=40), seed=seed)
            assert limited == attrs.evolve(bot, playouts=40).choose(view, random.Random(seed))
    here = play_match(DUEL, [Seeded(bot), GreedyPlayer()], seed=11)
    assert there.to_json() == here.to_json()
    assert pid is not None
    assert gone(pid)


def test_serve_answers_each_request_and_stops_at_quit() -> None:
    view = a_view()
    requests = [
        {"type": "hello", "protocol": "cfep", "version": 1},
        {"type": "setoption", "id": 1, "name": "playouts", "value": 30},
        {"type": "setoption", "id": 2, "name": "playouts", "value": 0},
        {"type": "setoption", "id": 3, "name": "depth", "value": 1},
        {"type": "go", "id": 4, "view": {"format": "nothing"}, "seed": 1},
        {"type": "go", "id": 5, "view": view.to_dict(), "seed": 9, "limit": {}},
        {"type": "stop", "id": 5},
        {"type": "dance", "id": 6},
        {"type": "quit"},
        {"type": "go", "id": 7, "view": view.to_dict(), "seed": 9},
    ]
    text = "\n".join(map(json.dumps, requests)) + "\n\nnot json\n"
    out = io.StringIO()
    serve(TreeSearchPlayer(playouts=10), io.StringIO(text), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(a["type"], a.get("id")) for a in answers] == [
        ("hello", None),
        ("ok", 1),
        ("error", 2),
        ("error", 3),
        ("error", 4),
        ("info", 5),
        ("move", 5),
        ("error", 6),
    ]
    assert answers[0]["name"] == "tree-search"
    assert "playouts must be a whole number" in answers[2]["message"]
    assert 'no option "depth"' in answers[3]["message"]
    assert answers[4]["message"].startswith("ViewError: ")
    assert answers[7]["message"] == 'no request of type "dance"'
    expected = TreeSearchPlayer(playouts=30).choose(view, random.Random(9))
    assert answers[6]["move"] == str(expected)


@settings(max_examples=40, deadline=None)
@given(rnd=played_rounds(max_moves=60, in_play=True), seed=st.integers(0, 2**64 - 1))
def test_a_served_bot_answers_every_view_with_its_own_move(rnd: Round, seed: int) -> None:
    """Whatever the variant and the position, the server reads the seat's view back from
    its JSON and answers the move the bot makes here for that seed: one of the legal
    moves of the seat to move (R11)."""
    assert rnd.to_move is not None
    view = rnd.view(rnd.to_move)
    for bot in (GreedyPlayer(), RandomPlayer()):
        request: dict[str, Any] = {"type": "go", "id": 1, "seat": view.seat, "seed": seed}
        request |= {
            "limit": {},
            "legal": [str(m) for m in view.legal_moves()],
            "view": view.to_dict(),
        }
        out = io.StringIO()
        serve(bot, io.StringIO(json.dumps(request) + "\n"), out)
        info, move = map(json.loads, out.getvalue().splitlines())
        assert info["type"] == "info"
        assert move["move"] == str(bot.choose(view, random.Random(seed)))
        assert move["move"] in request["legal"]


def test_an_engine_pickles_as_its_command_and_plays_in_a_pool(pids: Path) -> None:
    with SimpleEngine.popen(first(), timeout=10.0) as engine:
        copy = pickle.loads(pickle.dumps(engine))
        assert "not started" in repr(copy)
        with copy:  # started by its first request
            assert copy.name == "first"
            assert copy.play(a_view()) == a_view().legal_moves()[0]
        here = simulate(DUEL, [engine, GreedyPlayer()], games=2, seed=1, jobs=1)
        in_pool = simulate(DUEL, [engine, GreedyPlayer()], games=2, seed=1, jobs=2)
    assert in_pool == here
    assert here.seats[0].bot == "first"
    # this process's two, and one in each worker: they quit when their worker exits
    assert no_child_left(pids, started=3)


# -- the command line ----------------------------------------------------------------------


def test_the_engine_command_speaks_the_protocol() -> None:
    view = a_view()
    lines = [
        {"type": "hello", "protocol": "cfep", "version": 1},
        {"type": "go", "id": 1, "view": view.to_dict(), "seed": 4, "limit": {"playouts": 20}},
        {"type": "quit"},
    ]
    done = subprocess.run(
        [*served("level4"), "--name", "four"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    hello, info, move = map(json.loads, done.stdout.splitlines())
    assert (hello["name"], hello["protocol"], hello["version"]) == ("four", "cfep", 1)
    assert info["type"] == "info"
    assert info["seconds"] >= 0
    four = level(4)
    assert isinstance(four, TreeSearchPlayer)
    expected = attrs.evolve(four, playouts=20).choose(view, random.Random(4))
    assert move == {"type": "move", "id": 1, "move": str(expected)}


def test_the_command_line_seats_engines(capsys: pytest.CaptureFixture[str], pids: Path) -> None:
    bots = f"engine:{sys.executable} {FIRST},greedy"
    argv = ["simulate", "--preset", "chickie-duel", "--bots", bots, "--games", "2"]
    code = main([*argv, "--jobs", "1", "--json", "--seed", "4"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert [seat["bot"] for seat in summary["seats"]] == ["first", "greedy"]
    expected = simulate(DUEL, [FirstMove(), GreedyPlayer()], games=2, seed=4, jobs=1)
    assert summary["seats"][0]["wins"] == expected.seats[0].wins
    assert no_child_left(pids)


@pytest.mark.parametrize(
    ("bots", "code", "words"),
    [
        (f"engine:{sys.executable} {FIRST} illegal,greedy", 1, "answered '0-0@0-0'"),
        (f"engine:{sys.executable} {FIRST} crash-at-start", 2, "exited with code 3"),
        ("engine:", 2, "names no command"),
        ("greedy,wizard", 2, "no bot 'wizard'"),
    ],
)
def test_the_command_line_reports_a_failing_engine(
    capsys: pytest.CaptureFixture[str], bots: str, code: int, words: str, pids: Path
) -> None:
    argv = ["simulate", "--preset", "chickie-duel", "--bots", bots, "--games", "1", "--jobs", "1"]
    assert main([*argv, "--quiet"]) == code
    assert words in capsys.readouterr().err
    assert no_child_left(pids, started=1 if FIRST in bots else 0)


def test_show_asks_an_engine_for_the_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    rnd = Round.deal(DUEL, 2, seed=22)
    for _ in range(11):
        rnd = rnd.apply(rnd.legal_moves()[0])
    position = rnd.to_position()
    bot = f"engine:{sys.executable} {FIRST}"
    assert main(["show", position, "--preset", "chickie-duel", "--best", "--bot", bot]) == 0
    first_move = rnd.legal_moves()[0]
    assert f"Best move for seat {rnd.to_move} (first bot): {first_move}" in capsys.readouterr().out


def test_the_command_line_sends_an_engine_its_playouts(capsys: pytest.CaptureFixture[str]) -> None:
    rnd = Round.deal(DUEL, 2, seed=22)
    for _ in range(11):
        rnd = rnd.apply(rnd.legal_moves()[0])
    bot = "engine:" + " ".join(served("level4"))
    argv = ["show", rnd.to_position(), "--preset", "chickie-duel", "--plain", "--analyse"]
    assert main([*argv, "--bot", bot, "--engine-playouts", "17"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("playouts") :].splitlines()[2:]
    rows = [line.split() for line in table if line[:1].isdigit()]
    shown = {word for row in rows for word in row if "@" in word}
    assert shown == {str(move) for move in rnd.legal_moves()}  # a row for every move
    assert sum(int(row[-1]) for row in rows) == 17  # every playout of the limit, none more


def test_show_gives_an_engine_s_chances_of_winning_in_percent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An engine that rates moves by the chance of winning the round (R18) has them
    shown as percentages."""
    rnd = Round.deal(DUEL, 2, seed=22)
    for _ in range(11):
        rnd = rnd.apply(rnd.legal_moves()[0])
    bot = f"engine:{sys.executable} {FIRST} win-chances"
    argv = ["show", rnd.to_position(), "--preset", "chickie-duel", "--plain", "--analyse"]
    assert main([*argv, "--bot", bot]) == 0
    out = capsys.readouterr().out
    assert "value: the chance of winning the round, R18)" in out
    table = out[out.index("playouts") :].splitlines()[2:]
    rows = [line.split() for line in table if line[:1].isdigit()]
    first, *others = rows
    assert first[0] == str(rnd.legal_moves()[0])
    assert first[-3:] == ["75.0%", "12.5%", "1"]
    assert all(row[-3:] == ["25.0%", "12.5%", "1"] for row in others)


@pytest.mark.parametrize(
    ("options", "limit"),
    [
        ([], Limit()),
        (["--engine-playouts", "17"], Limit(playouts=17)),
        (["--engine-seconds", "2.5"], Limit(seconds=2.5)),
        (["--engine-playouts", "3", "--engine-seconds", "1"], Limit(playouts=3, seconds=1.0)),
    ],
)
def test_the_command_line_starts_an_engine_with_its_limits(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    options: list[str],
    limit: Limit | None,
) -> None:
    """``--engine-playouts`` and ``--engine-seconds`` are the limit of every request of
    the engine, each alone or both; with neither, the engine has none."""
    started: list[SimpleEngine] = []
    popen = SimpleEngine.popen

    def spy(*args: Any, **kwargs: Any) -> SimpleEngine:
        engine = popen(*args, **kwargs)
        started.append(engine)
        return engine

    monkeypatch.setattr(SimpleEngine, "popen", spy)
    bot = f"engine:{sys.executable} {FIRST}"
    argv = ["show", a_position(), "--preset", "chickie-duel", "--best", "--bot", bot]
    assert main([*argv, *options]) == 0
    assert [engine.limit for engine in started] == [limit]
    assert "Best move" in capsys.readouterr().out


def a_position() -> str:
    rnd = Round.deal(DUEL, 2, seed=22)
    for _ in range(11):
        rnd = rnd.apply(rnd.legal_moves()[0])
    return rnd.to_position()


def test_the_command_line_gives_an_engine_its_timeout(
    capsys: pytest.CaptureFixture[str], pids: Path
) -> None:
    bots = f"engine:{sys.executable} {FIRST} hang,greedy"
    argv = ["simulate", "--preset", "chickie-duel", "--bots", bots, "--games", "1", "--jobs", "1"]
    assert main([*argv, "--quiet", "--engine-timeout", "0.5"]) == 1
    # the hanging engine waited 0.5 s, then the grace period of 2 s after "stop"
    assert "gave no move for seat 0 in 2.5 s" in capsys.readouterr().err
    assert no_child_left(pids)


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--engine-playouts", "0", "at least 1, not 0"),
        ("--engine-seconds", "0", "a number of seconds above 0, not 0"),
        ("--engine-seconds", "none", "not a number of seconds: 'none'"),
        ("--engine-timeout", "-1", "a number of seconds above 0, not -1"),
        ("--engine-timeout", "nan", "a number of seconds above 0, not nan"),
    ],
)
def test_the_command_line_refuses_bad_engine_limits(
    capsys: pytest.CaptureFixture[str], option: str, value: str, words: str
) -> None:
    assert main(["simulate", "--bots", "random", option, value]) == 2
    assert words in capsys.readouterr().err


def test_the_engine_command_serves_only_the_library_s_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["engine", "--bot", "engine:./mybot"]) == 2
    assert "--bot names one bot of the library" in capsys.readouterr().err


def test_a_match_seat_by_seat_is_the_same_with_one_engine_at_both_seats() -> None:
    with SimpleEngine.popen(served("greedy")) as engine:
        there = play_match(DUEL, [engine, engine], seed=2)
    here = play_match(DUEL, [Seeded(GreedyPlayer())] * 2, seed=2)
    assert isinstance(there, Match)
    assert there.to_json() == here.to_json()


def test_the_default_timeout_is_the_one_the_docs_give() -> None:
    """The protocol page and the tournaments page say how long a move may take by
    default; the constructor and popen wait that long."""
    import inspect
    import re

    docs = Path(__file__).resolve().parents[1] / "docs"
    said = set()
    for page, pattern in (
        (
            "engine-protocol.md",
            r"\((\d+) seconds for\s+\{class\}`~chickenfoot\.engine\.SimpleEngine`",
        ),
        ("tournaments.md", r"`timeout` \((\d+) seconds a move by default\)"),
    ):
        found = re.search(pattern, (docs / page).read_text(encoding="utf-8"))
        assert found is not None, page
        said.add(float(found.group(1)))
    defaults = {
        inspect.signature(f).parameters["timeout"].default
        for f in (SimpleEngine.__init__, SimpleEngine.popen)
    }
    assert defaults == said
    assert SimpleEngine(["engine"]).timeout in said
