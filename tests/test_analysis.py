"""Tests of the search bots' analysis of a decision (``SearchPlayer.analyse``,
``TreeSearchPlayer.analyse``).

An analysis must name the move ``choose`` plays for the same view and random numbers,
and leave the random numbers as ``choose`` leaves them, so that seeded games replay
unchanged; it must list every legal move once, grouping the moves that lead to the same
game (R2, R10); its values must be the mean margins (R17) or win shares (R18) of the
playouts behind them, recomputed here by playing the same seeded playouts, and must agree
with the exact expected values of nearly finished rounds, computed by brute force over
every deal of the hidden tiles and every continuation.
"""

from __future__ import annotations

import functools
import io
import itertools
import json
import math
import random
import statistics
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PRESET_NAMES, decisions, played_rounds

from chickenfoot import PRESETS, Move, Play, Round, RoundView, Rules, Tile, tile_set
from chickenfoot.bots import (
    GreedyPlayer,
    MoveValue,
    SearchAnalysis,
    SearchPlayer,
    TreeSearchPlayer,
    level,
    play_match,
    play_round,
)
from chickenfoot.cli import main
from chickenfoot.engine import Info, Limit, MoveInfo, SimpleEngine, serve
from chickenfoot.errors import EngineProtocolError
from chickenfoot.state import State, state_of

Analyst = SearchPlayer | TreeSearchPlayer

#: Bots small enough for property tests, covering both objectives and both rollouts.
ANALYSTS: tuple[Analyst, ...] = (
    SearchPlayer(samples=2, playouts=12),
    SearchPlayer(samples=3, playouts=9, rollout="random", objective="win", halving=False),
    TreeSearchPlayer(playouts=10),
    TreeSearchPlayer(playouts=7, rollout="random", objective="win", epsilon=0.3),
    TreeSearchPlayer(playouts=11, opponents="policy", prior=1.0, epsilon=0.2),
)


def _name(bot: Analyst) -> str:
    return f"{type(bot).__name__}-{bot.playouts}-{bot.objective}"


def _key(view: RoundView, move: Move) -> int:
    return state_of(view.sample_state(random.Random(0))).info_key(move)


def _check_lines(view: RoundView, analysis: SearchAnalysis) -> None:
    """Every legal move is in ``analysis`` once; a line's moves lead to one game, and
    two lines to two games."""
    listed = [m for line in analysis.moves for m in (line.move, *line.equivalent)]
    legal = view.legal_moves()
    assert sorted(listed, key=legal.index) == legal
    keys = [_key(view, line.move) for line in analysis.moves]
    assert len(set(keys)) == len(keys)
    for line, key in zip(analysis.moves, keys, strict=True):
        assert all(_key(view, m) == key for m in line.equivalent)
        # the line names the first of its group, in the order of the legal moves
        assert all(legal.index(line.move) < legal.index(m) for m in line.equivalent)
        assert analysis.of(line.move) is line
        assert all(analysis.of(m) is line for m in line.equivalent)
    assert analysis.moves[0].move == analysis.move
    assert analysis.seat == view.seat


# -- the analysis names the move choose plays ----------------------------------------------


@pytest.mark.parametrize("bot", ANALYSTS, ids=_name)
@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_analysis_names_the_move_choose_plays(
    bot: Analyst, preset: str, data: st.DataObject
) -> None:
    """On any decision of any preset, ``analyse`` names the move ``choose`` plays for the
    same random numbers and leaves them in the same state; it lists every legal move
    once (R2, R10 group moves that lead to the same game), best first, with the
    playouts the search ran."""
    # up to four seats: a view of a large table takes long to sample (see sample_state)
    players = data.draw(st.sampled_from([n for n in PRESETS[preset].player_counts if n <= 4]))
    rnd = data.draw(played_rounds(preset=preset, players=players, max_moves=60, in_play=True))
    view = rnd.view(rnd.to_move or 0)
    seed = data.draw(st.integers(0, 2**64 - 1))
    by_choose, by_analyse = random.Random(seed), random.Random(seed)
    move = bot.choose(view, by_choose)
    analysis = bot.analyse(view, by_analyse)
    assert analysis.move == move
    assert by_choose.getstate() == by_analyse.getstate()
    _check_lines(view, analysis)
    assert analysis.objective == bot.objective
    spent = sum(line.playouts for line in analysis.moves)
    if len(analysis.moves) == 1:  # forced: no search
        assert analysis.playouts == spent == 0
        assert analysis.moves[0].value is None
        return
    if isinstance(bot, TreeSearchPlayer):
        assert analysis.playouts == spent == bot.playouts
        visits = [line.playouts for line in analysis.moves]
        assert visits[0] == max(visits)  # the most visited is played
        assert all(line.stderr is None for line in analysis.moves)
    else:
        assert analysis.playouts == spent
        assert all(line.playouts >= 1 for line in analysis.moves)
    for line in analysis.moves:
        if line.playouts == 0:
            assert line.value is None
        elif bot.objective == "win":
            assert line.value is not None
            assert 0 <= line.value <= 1


@attrs.frozen
class _Analysing:
    """Plays the move its bot's analysis names."""

    bot: Analyst
    name: str = "analysing"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        return self.bot.analyse(view, rng).move


@pytest.mark.parametrize(
    "bot",
    [SearchPlayer(samples=4, playouts=30), SearchPlayer(playouts=20, halving=False), level(3)],
    ids=["search", "flat", "level3"],
)
@pytest.mark.parametrize("seed", range(3))
def test_a_match_played_by_analysis_is_the_match_played_by_choose(bot: Analyst, seed: int) -> None:
    """A bot that plays the move of its analysis plays the same seeded match, move for
    move, as the bot itself (R19): the analysis changes nothing of a seeded game."""
    rules = PRESETS["chickie-duel"]
    plain = play_match(rules, [bot, GreedyPlayer()], seed=seed)
    analysed = play_match(rules, [_Analysing(bot), GreedyPlayer()], seed=seed)
    assert analysed.to_record() == plain.to_record()


@pytest.mark.parametrize("bot", [SearchPlayer(playouts=20), TreeSearchPlayer(playouts=20)])
def test_a_forced_move_is_named_without_searching(bot: Analyst) -> None:
    """A single legal move (here the round double, R6) is named at once with no value
    and no playouts, and ``rng`` is not touched."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    view = rnd.view(rnd.to_move or 0)
    assert len(view.legal_moves()) == 1
    rng = random.Random(5)
    before = rng.getstate()
    analysis = bot.analyse(view, rng)
    assert rng.getstate() == before
    assert analysis.moves == (MoveValue(view.legal_moves()[0], None, 0),)
    assert analysis.playouts == 0


def test_of_a_move_that_is_not_legal_names_it_and_the_legal_moves() -> None:
    (rnd,) = decisions("chickie-duel", 2, 1)
    view = rnd.view(rnd.to_move or 0)
    analysis = SearchPlayer(playouts=10).analyse(view, random.Random(0))
    stranger = next(
        Play(t, onto=Tile(0, 0))
        for t in tile_set(6)
        if Play(t, onto=Tile(0, 0)) not in view.legal_moves()
    )
    with pytest.raises(ValueError, match=rf"{stranger} is not a legal move of seat {view.seat}"):
        analysis.of(stranger)


def test_a_seat_with_no_move_to_choose_is_refused() -> None:
    """Out of turn there is nothing to analyse (R11)."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    other = (rnd.to_move or 0) + 1
    for bot in (SearchPlayer(), TreeSearchPlayer()):
        with pytest.raises(ValueError, match=rf"seat {other} has no move to choose.*\(R11\)"):
            bot.analyse(rnd.view(other), random.Random(0))


# -- the values are the means of the playouts ------------------------------------------------


def _replayed(
    bot: SearchPlayer, view: RoundView, options: list[Move], seed: int
) -> tuple[dict[Move, list[float]], dict[Move, int], Move]:
    """The scores of every candidate's playouts, the last phase each reached and the move
    played, by the documented algorithm, each playout played out here as a round of
    greedy bots from the sampled round with the same seed."""
    rng = random.Random(seed)
    count = len(options)
    samples = max(1, min(bot.samples, bot.playouts // count))
    phases = math.ceil(math.log2(count)) if bot.halving else 1
    rounds: list[Round] = []
    scores: dict[Move, list[float]] = {m: [] for m in options}
    reached = dict.fromkeys(options, 0)
    alive = list(options)
    batch = 0

    def mean(m: Move) -> float:
        return statistics.fmean(scores[m])

    for phase in range(phases):
        if phase:
            alive = sorted(alive, key=mean, reverse=True)[: (len(alive) + 1) // 2]
            reached.update(dict.fromkeys(alive, phase))
        for _ in range(max(1, bot.playouts // phases // len(alive))):
            if len(rounds) < samples:
                rounds.append(view.sample_state(rng))
            sample = rounds[batch % len(rounds)]
            batch += 1
            playout = rng.getrandbits(64)
            for move in alive:
                start = sample.apply(move)
                end = play_round(start, [GreedyPlayer()] * start.players, random.Random(playout))
                assert end.outcome is not None
                won = float(end.outcome.winner == view.seat)
                scores[move].append(
                    won if bot.objective == "win" else end.outcome.margin(view.seat)
                )
    best = max(mean(m) for m in alive)
    played = rng.choice([m for m in alive if mean(m) == best])
    return scores, reached, played


@pytest.mark.parametrize("halving", [True, False])
@pytest.mark.parametrize("objective", ["margin", "win"])
@pytest.mark.parametrize(("preset", "players"), [("chickie-duel", 2), ("classic", 3)])
def test_a_value_is_the_mean_of_its_playouts_replayed(
    halving: bool, objective: str, preset: str, players: int
) -> None:
    """Each move's value is the mean of its playouts' margins (R17) or wins (R18), its
    standard error the sample standard deviation over the root of their number, and the
    moves come in the order of the halving: the last phase's first, by mean, the move
    played at the head. The playouts are replayed here through the public rounds."""
    bot = SearchPlayer(samples=3, playouts=40, halving=halving, objective=objective)  # type: ignore[arg-type]
    rng = random.Random(4)
    for rnd in decisions(preset, players, 12)[::3]:
        view = rnd.view(rnd.to_move or 0)
        seed = rng.getrandbits(32)
        analysis = bot.analyse(view, random.Random(seed))
        options = [line.move for line in analysis.moves]
        if len(options) == 1:
            continue
        options.sort(key=view.legal_moves().index)
        scores, reached, played = _replayed(bot, view, options, seed)
        assert analysis.move == played
        for line in analysis.moves:
            got = scores[line.move]
            assert line.playouts == len(got)
            assert line.value == pytest.approx(statistics.fmean(got), abs=1e-9)
            if len(got) > 1:
                error = statistics.stdev(got) / math.sqrt(len(got))
                assert line.stderr == pytest.approx(error, abs=1e-9)
            else:
                assert line.stderr is None
        rest = [line.move for line in analysis.moves[1:]]
        assert rest == sorted(
            rest, key=lambda m: (-reached[m], -statistics.fmean(scores[m]), options.index(m))
        )
        assert reached[played] == max(reached.values())


# -- the values against the exact values of nearly finished rounds -----------------------------

#: Two seats, no reserve: the boneyard is open until it is empty (R14).
OPEN_DUEL: Rules = attrs.evolve(PRESETS["chickie-duel"], boneyard_reserve=0)


def _deals(view: RoundView) -> list[Round]:
    """Every deal of the hidden tiles that the view, set up from a position with no
    history, could be looking at: the other hand any set of the right size, the boneyard
    the rest in any order. The sampler draws them all alike."""
    seat = view.seat
    seen = set(view.hand) | {p.tile for p in view.layout}
    hidden = [t for t in tile_set(view.rules.set_size(view.players)) if t not in seen]
    other = 1 - seat
    text = view.sample_state(random.Random(0)).to_position().split(" ")
    found: list[Round] = []
    for hand in itertools.combinations(hidden, view.hand_counts[other]):
        rest = [t for t in hidden if t not in hand]
        for pile in itertools.permutations(rest):
            hands = ["", ""]
            hands[seat] = ",".join(
                str(t) for t in tile_set(view.rules.set_size(2)) if t in view.hand
            )
            hands[other] = ",".join(str(t) for t in tile_set(view.rules.set_size(2)) if t in hand)
            fields = [*text]
            fields[3] = "/".join(h or "-" for h in hands)
            fields[4] = ",".join(map(str, pile)) or "-"
            rnd = Round.from_position(view.rules, " ".join(fields))
            assert rnd.view(seat) == view
            found.append(rnd)
    return found


def _score(end: State, seat: int, objective: str) -> float:
    assert end.outcome is not None
    if objective == "win":
        return float(end.outcome.winner == seat)
    return end.outcome.margin(seat)


def _branches(state: State) -> list[tuple[int, State]]:
    """The states after the legal moves of ``state``, one for each group of moves that
    lead to the same game (R2, R10), with the number of moves in the group."""
    groups: dict[int, list[Move]] = {}
    for move in state.legal_moves():
        groups.setdefault(state.info_key(move), []).append(move)
    return [(len(group), state.after(group[0])) for group in groups.values()]


@functools.cache
def _random_moments(state: State, seat: int, objective: str) -> tuple[float, float]:
    """The exact mean and mean square of ``seat``'s score at the end of ``state`` when
    every seat plays a legal move picked uniformly at random (the random rollout)."""
    if state.outcome is not None:
        value = _score(state, seat, objective)
        return value, value * value
    mean = square = 0.0
    total = 0
    for count, after in _branches(state):
        part = _random_moments(after, seat, objective)
        mean += count * part[0]
        square += count * part[1]
        total += count
    return mean / total, square / total


@functools.cache
def _endings(state: State, seat: int, objective: str) -> frozenset[float]:
    """Every score ``seat`` can end ``state`` with, whatever the seats play."""
    if state.outcome is not None:
        return frozenset({_score(state, seat, objective)})
    return frozenset().union(*(_endings(after, seat, objective) for _, after in _branches(state)))


def _nearly_finished(count: int, *, hidden: int) -> list[RoundView]:
    """Views of ``OPEN_DUEL`` set up from positions (so with no history) with at most
    ``hidden`` tiles out of sight, two or more of them in the boneyard, five tiles or
    fewer in hand, and three moves or more that lead to different games."""
    found: list[RoundView] = []
    for seed in range(500):
        rnd = Round.deal(OPEN_DUEL, 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            seat = rnd.to_move
            assert seat is not None
            unseen = len(rnd.boneyard) + rnd.hand_counts[1 - seat]
            if len(rnd.boneyard) >= 2 and unseen <= hidden and sum(rnd.hand_counts) <= 5:
                view = Round.from_position(OPEN_DUEL, rnd.to_position()).view(seat)
                keys = {_key(view, m) for m in view.legal_moves()}
                if len(keys) >= 3:
                    found.append(view)
                    break
            rnd = rnd.apply(GreedyPlayer().choose(rnd.view(seat), rng))
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} positions found")


def _exact(view: RoundView, move: Move, objective: str) -> tuple[float, float]:
    """The exact mean and standard deviation of the random rollout's score after
    ``move``, over every deal alike."""
    parts = [
        _random_moments(state_of(rnd).after(move), view.seat, objective) for rnd in _deals(view)
    ]
    mean = statistics.fmean(p[0] for p in parts)
    square = statistics.fmean(p[1] for p in parts)
    return mean, math.sqrt(max(0.0, square - mean * mean))


@pytest.mark.parametrize("objective", ["margin", "win"])
def test_values_agree_with_the_exact_expectation_over_the_hidden_tiles(objective: str) -> None:
    """In nearly finished two-seat rounds, each move's value for flat random playouts is
    within four standard errors of its exact expected margin (R17) or chance of winning
    (R18), computed over every deal of the hidden tiles and every random continuation;
    the standard error it reports is within a fifth of the exact one."""
    for number, view in enumerate(_nearly_finished(3, hidden=5)):
        count = len({_key(view, m) for m in view.legal_moves()})
        runs = 400
        bot = SearchPlayer(
            samples=runs,
            playouts=runs * count,
            rollout="random",
            objective=objective,  # type: ignore[arg-type]
            halving=False,
        )
        analysis = bot.analyse(view, random.Random(number))
        for line in analysis.moves:
            mean, spread = _exact(view, line.move, objective)
            assert line.playouts == runs
            assert line.value is not None
            assert line.stderr is not None
            if spread == 0:
                assert line.value == pytest.approx(mean)
                assert line.stderr == 0
                continue
            error = spread / math.sqrt(runs)
            assert abs(line.value - mean) <= 4 * error, (view, line, mean)
            assert line.stderr == pytest.approx(error, rel=0.2)


def _settled() -> list[tuple[RoundView, Move, float]]:
    """Decisions of nearly finished rounds with a move after which every deal and every
    continuation ends with the same result for the seat: a certain win or loss (R18)."""
    found: list[tuple[RoundView, Move, float]] = []
    for view in _nearly_finished(6, hidden=4):
        for move in view.legal_moves():
            ends = frozenset().union(
                *(_endings(state_of(r).after(move), view.seat, "win") for r in _deals(view))
            )
            if len(ends) == 1:
                found.append((view, move, next(iter(ends))))
    assert len(found) >= 3
    return found


@pytest.mark.parametrize(
    "bot",
    [TreeSearchPlayer(playouts=120, objective="win"), SearchPlayer(playouts=60, objective="win")],
    ids=["tree", "flat"],
)
def test_a_move_whose_result_is_settled_is_worth_exactly_that(bot: Analyst) -> None:
    """A move after which the seat wins (or loses) whatever the hidden tiles and whatever
    anyone plays is worth 1 (or 0) to it (R18) in every analysis that tried it."""
    for number, (view, move, result) in enumerate(_settled()):
        line = bot.analyse(view, random.Random(number)).of(move)
        assert line.playouts > 0
        assert line.value == result


# -- the analysis over the engine protocol -------------------------------------------------


def _served(bot: str) -> list[str]:
    return [sys.executable, "-m", "chickenfoot", "engine", "--bot", bot]


def _a_view(seed: int, moves: int) -> RoundView:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=seed)
    for _ in range(moves):
        rnd = rnd.apply(rnd.legal_moves()[0])
    assert rnd.to_move is not None
    return rnd.view(rnd.to_move)


def _same(info: Info, analysis: SearchAnalysis) -> None:
    """``info`` carries ``analysis`` whole: every line's move, visits, value, standard
    error and equivalent moves, in its order, the playouts and the objective."""
    assert info.playouts == analysis.playouts
    assert info.objective == analysis.objective
    assert info.moves == tuple(
        MoveInfo(line.move, line.playouts, line.value, line.stderr, line.equivalent)
        for line in analysis.moves
    )


def test_a_served_level4_streams_its_analysis_and_the_client_reads_it() -> None:
    """``chickenfoot engine --bot level4`` sends, before each move, an info line with
    the value (a margin of points, R17) and the visits of every legal move, best first;
    :meth:`SimpleEngine.analyse` reads them back as the bot's own analysis."""
    bot = level(4)
    assert isinstance(bot, TreeSearchPlayer)
    views = [_a_view(seed, moves) for seed, moves in ((22, 11), (5, 4), (9, 7))]
    with SimpleEngine.popen(_served("level4")) as engine:
        for number, view in enumerate(views):
            answer = engine.analyse(view, seed=number)
            (info,) = answer.info
            here = bot.analyse(view, random.Random(number))
            assert answer.move == here.move
            _same(info, here)
            assert info.seconds is not None
            assert info.moves[0].move == answer.move
        limited = engine.analyse(views[0], limit=Limit(playouts=30), seed=4)
    (info,) = limited.info
    _same(info, attrs.evolve(bot, playouts=30).analyse(views[0], random.Random(4)))
    assert info.playouts == 30


def test_a_served_level5_and_search_bot_stream_their_analysis_in_process() -> None:
    """:func:`serve` writes the info line of a search bot's analysis: level 5's visits,
    and a :class:`SearchPlayer`'s playouts with their standard errors; a forced move's
    line has the move alone, with no visits, and a bot that does not search sends its
    time alone."""
    view = _a_view(22, 11)
    forced = Round.deal(PRESETS["classic"], 4, seed=1)
    forced_view = forced.view(forced.to_move or 0)
    for bot in (level(5), SearchPlayer(samples=4, playouts=60), GreedyPlayer()):
        requests = [
            {"type": "hello", "protocol": "cfep", "version": 1},
            {"type": "go", "id": 1, "view": view.to_dict(), "seed": 3},
            {"type": "go", "id": 2, "view": forced_view.to_dict(), "seed": 3},
        ]
        out = io.StringIO()
        serve(bot, io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
        _, info, move, forced_info, _ = (json.loads(line) for line in out.getvalue().splitlines())
        if not isinstance(bot, (SearchPlayer, TreeSearchPlayer)):
            assert set(info) == {"type", "id", "seconds"}
            continue
        here = bot.analyse(view, random.Random(3))
        assert move["move"] == str(here.move)
        assert info["objective"] == "margin"
        assert info["playouts"] == here.playouts
        assert [m["move"] for m in info["moves"]] == [str(line.move) for line in here.moves]
        assert [m["visits"] for m in info["moves"]] == [line.playouts for line in here.moves]
        assert [m.get("value") for m in info["moves"]] == [line.value for line in here.moves]
        assert [m.get("stderr") for m in info["moves"]] == [line.stderr for line in here.moves]
        if isinstance(bot, SearchPlayer):
            assert all(m["stderr"] > 0 for m in info["moves"])
        else:
            assert all("stderr" not in m for m in info["moves"])
        assert forced_info["playouts"] == 0
        assert forced_info["moves"] == [{"move": str(forced_view.legal_moves()[0]), "visits": 0}]


#: An engine, written without the library, whose info line is ``INFO`` with the id of
#: the request and a move of its legal moves filled in.
_ENGINE = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "cfep", "version": 1, "name": "odd",
                          "options": []}), flush=True)
    elif request["type"] == "go":
        info = json.loads(sys.argv[1].replace("MOVE", request["legal"][0]))
        info.update(type="info", id=request["id"])
        print(json.dumps(info), flush=True)
        print(json.dumps({"type": "move", "id": request["id"], "move": request["legal"][0]}),
              flush=True)
    elif request["type"] == "quit":
        break
"""


@pytest.mark.parametrize(
    "moves",
    [
        [{"move": "MOVE", "stderr": -1}],
        [{"move": "MOVE", "stderr": "small"}],
        [{"move": "MOVE", "equivalent": "MOVE"}],
        [{"move": "MOVE", "equivalent": ["not a move"]}],
        [{"move": "MOVE", "visits": -2}],
        [{"move": "MOVE", "value": True}],
    ],
)
def test_an_info_line_with_a_bad_move_field_is_refused(
    tmp_path: Path, moves: list[dict[str, object]]
) -> None:
    """A move's fields are checked: visits a whole number of at least 0, value and
    standard error numbers (this one at least 0), the equivalent moves a list of moves."""
    script = tmp_path / "odd_engine.py"
    script.write_text(_ENGINE, encoding="utf-8")
    info = json.dumps({"moves": moves})
    with (
        SimpleEngine.popen([sys.executable, str(script), info]) as engine,
        pytest.raises(EngineProtocolError, match="an info line that is not the protocol's"),
    ):
        engine.analyse(_a_view(22, 11), seed=1)


def test_an_info_line_of_another_engine_is_read_whole(tmp_path: Path) -> None:
    """The optional fields of an info line are read as the engine wrote them; those it
    left out are ``None`` or empty."""
    script = tmp_path / "odd_engine.py"
    script.write_text(_ENGINE, encoding="utf-8")
    view = _a_view(22, 11)
    first, second = map(str, view.legal_moves()[:2])
    info = {
        "objective": "pips",
        "moves": [
            {"move": "MOVE", "visits": 3, "value": 2, "stderr": 0.5, "equivalent": [second]},
            {"move": first},
        ],
    }
    with SimpleEngine.popen([sys.executable, str(script), json.dumps(info)]) as engine:
        (got,) = engine.analyse(view, seed=1).info
    assert got.objective == "pips"
    assert got.playouts is None
    legal = view.legal_moves()
    assert got.moves == (
        MoveInfo(legal[0], 3, 2.0, 0.5, (legal[1],)),
        MoveInfo(legal[0]),
    )


# -- the command line --------------------------------------------------------------------------


def _table(out: str) -> list[list[str]]:
    """The rows of the plain table under its title and rule, split into columns."""
    lines = out.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith("--") and set(line) <= {"-", " "}
    )
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith("Best move"):
            break
        rows.append(line.split())
    return rows


@pytest.mark.parametrize("bot", ["search", "level4"])
def test_show_analyse_lists_every_move_with_its_value_and_playouts(
    bot: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``chickenfoot show --analyse`` prints the bot's analysis of the seat to move: each
    move's margin in points (R17), its standard error where the bot gives one, its
    playouts and the moves that lead to the same game, best first, then the move it
    plays, the one ``--best`` names."""
    view = _a_view(22, 11)
    position = view.sample_state(random.Random(0)).to_position()
    rnd = Round.from_position(PRESETS["chickie-duel"], position)
    view = rnd.view(rnd.to_move or 0)
    player = SearchPlayer() if bot == "search" else level(4)
    assert isinstance(player, (SearchPlayer, TreeSearchPlayer))
    analysis = player.analyse(view, random.Random(3))
    args = ["show", position, "--preset", "chickie", "--bot", bot, "--seed", "3", "--plain"]
    assert main([*args, "--analyse"]) == 0
    out = capsys.readouterr().out
    assert f"({analysis.playouts} playouts; value: the margin in points, R17)" in out
    expected = []
    for line in analysis.moves:
        assert line.value is not None
        error = "-" if line.stderr is None else f"{line.stderr:.2f}"
        same = [str(m) for m in line.equivalent]
        expected.append([str(line.move), *same, f"{line.value:+.2f}", error, str(line.playouts)])
    assert _table(out) == expected
    best = f"Best move for seat {view.seat} ({player.name} bot): {analysis.move}"
    assert out.splitlines()[-1] == best
    assert main([*args, "--best"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == best


def test_show_analyse_shows_an_engine_s_values_and_a_forced_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An engine's values are shown in its own scale, as its info line gives them; a
    forced move is named as not searched."""
    view = _a_view(22, 11)
    position = view.sample_state(random.Random(0)).to_position()
    first = Path(__file__).parent / "data" / "first_engine.py"
    engine = f"engine:{sys.executable} {first}"
    args = ["show", position, "--preset", "chickie", "--analyse", "--bot", engine, "--plain"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "best first (playouts not said)" not in out  # the engine says how many
    legal = [str(m) for m in view.legal_moves()]
    assert f"best first ({len(legal)} playouts)" in out  # no objective: no scale named
    assert _table(out) == [[m, f"{-i:+.2f}", "-", "1"] for i, m in enumerate(legal)]
    forced = Round.deal(PRESETS["chickie-duel"], 2, seed=22).to_position()
    assert main(["show", forced, "--preset", "chickie", "--analyse", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "(a forced move, not searched; value: the margin in points, R17)" in out
    assert _table(out) == [["6-6", "-", "-", "0"]]


def test_show_analyse_refuses_a_bot_that_does_not_search(
    capsys: pytest.CaptureFixture[str],
) -> None:
    view = _a_view(22, 11)
    position = view.sample_state(random.Random(0)).to_position()
    assert main(["show", position, "--preset", "chickie", "--analyse", "--bot", "greedy"]) == 2
    assert "the greedy bot does not search" in capsys.readouterr().err
