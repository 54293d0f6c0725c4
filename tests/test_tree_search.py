"""Tests of the tree-search bot and the ladder of levels (chickenfoot.bots).

The tree search must return one of ``view.legal_moves()`` in every phase of every
variant (R4, R6, R12-R15), decide from the view alone, replay exactly with a budget in
playouts, return forced moves without searching, refuse bad settings with clear errors,
and find the winning move of endgames whose every hidden tile is known, checked against
an exhaustive search of the full game. The levels must form the documented ladder.
"""

from __future__ import annotations

import functools
import itertools
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PRESET_NAMES, QUICK_R12B, decisions, played_rounds
from strategies import rules as rule_sets

from chickenfoot import PRESETS, Draw, Move, Play, Round, RoundView, Rules
from chickenfoot.bots import (
    LEVELS,
    GreedyPlayer,
    Player,
    RandomPlayer,
    TreeSearchPlayer,
    level,
    play_round,
)
from chickenfoot.state import table_of

#: A budget small enough for property tests.
SMALL = TreeSearchPlayer(playouts=12, name="small-tree")
SMALL_RANDOM = TreeSearchPlayer(playouts=6, rollout="random", objective="win")
SMALL_EPSILON = TreeSearchPlayer(playouts=6, epsilon=0.5, exploration=0)
#: The search of the levels: the other seats play the rollout policy, the heuristic guides.
SMALL_GUIDED = TreeSearchPlayer(playouts=12, opponents="policy", prior=1.0)


class Untouchable(random.Random):
    """A random source that fails the test if anything draws from it."""

    def random(self) -> float:
        raise AssertionError("the random source was used")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("the random source was used")


# -- legal moves, determinism, forced moves ---------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=25)
@given(data=st.data())
def test_tree_search_returns_a_legal_move(preset: str, data: st.DataObject) -> None:
    """Any view of the seat's turn, in any phase (the search for the round double, R6;
    the first foot, R8; toes, R9; after a draw, R13; the reserve reached, R14), in the
    preset and in variants with other knobs, gets one of its legal moves.
    """
    counts = [p for p in PRESETS[preset].player_counts if p <= 8]  # first samples stay quick
    players = data.draw(st.sampled_from(counts), label="players")
    variant = data.draw(rule_sets(preset=preset), label="rules")
    if players > QUICK_R12B and not variant.must_play:
        variant = attrs.evolve(variant, must_play=True)
    rnd = data.draw(
        played_rounds(rules=variant, players=players, max_moves=150, in_play=True), label="round"
    )
    view = rnd.view(rnd.to_move or 0)
    legal = view.legal_moves()
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    for bot in (SMALL, SMALL_RANDOM, SMALL_EPSILON, SMALL_GUIDED):
        assert bot.choose(view, random.Random(seed)) in legal, bot


@pytest.mark.parametrize("guided", [False, True], ids=["plain", "guided"])
@pytest.mark.parametrize(("preset", "players"), [("chickie-duel", 2), ("classic", 4)])
def test_tree_search_replays_exactly_and_reads_only_the_view(
    preset: str, players: int, guided: bool
) -> None:
    """With a budget in playouts, the same view and seed give the same move, also on a
    round that differs from the real one only in the hidden tiles; so too with the other
    seats playing the rollout policy in the tree and the heuristic's prior, whose greedy
    picks for the other seats read their hands in the sampled round, not the real one.
    """
    bot = TreeSearchPlayer(playouts=40)
    if guided:
        bot = attrs.evolve(bot, opponents="policy", prior=1.0)
    for rnd in decisions(preset, players, 4):
        view = rnd.view(rnd.to_move or 0)
        move = bot.choose(view, random.Random(7))
        assert move in view.legal_moves()
        assert bot.choose(view, random.Random(7)) == move
        other = view.sample_state(random.Random(99))
        assert other.view(view.seat) == view
        if other.hands != rnd.hands:
            assert bot.choose(other.view(view.seat), random.Random(7)) == move


def test_tree_search_uses_its_random_source() -> None:
    """Different seeds may give different moves: the search is not a fixed rule."""
    bot = TreeSearchPlayer(playouts=3, exploration=0)
    found = False
    for rnd in decisions("chickie-duel", 2, 20):
        view = rnd.view(rnd.to_move or 0)
        if len({bot.choose(view, random.Random(seed)) for seed in range(8)}) > 1:
            found = True
            break
    assert found


def test_tree_search_returns_a_forced_move_without_searching() -> None:
    """A single legal move (placing the round double, R6) is returned at once, without
    sampling or drawing from the random source.
    """
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    assert len(rnd.legal_moves()) == 1
    assert (
        TreeSearchPlayer().choose(rnd.view(rnd.to_move or 0), Untouchable(0))
        == (rnd.legal_moves()[0])
    )


def test_tree_search_returns_one_of_equivalent_moves_without_searching() -> None:
    """Plays of one tile onto open ends of the same number are one branch (R2, R10):
    with nothing else to choose, the search returns at once.
    """
    for seed in range(500):
        rnd = Round.deal(PRESETS["double-foot"], 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            plays = [m for m in moves if isinstance(m, Play)]
            if len(moves) > 1 and len(moves) == len(plays) and len({p.tile for p in plays}) == 1:
                numbers = {
                    end.number for end in rnd.open_ends if end.onto in {p.onto for p in plays}
                }
                if len(numbers) == 1 and rnd.pending_double is None:
                    view = rnd.view(rnd.to_move or 0)
                    assert TreeSearchPlayer().choose(view, Untouchable(0)) == moves[0]
                    return
            rnd = rnd.apply(rng.choice(moves))
    pytest.fail("no position with one tile for two equal open ends found")


def test_tree_search_with_a_time_budget_returns_a_legal_move() -> None:
    bot = TreeSearchPlayer(playouts=None, seconds=0.01)
    for rnd in decisions("classic", 3, 3):
        view = rnd.view(rnd.to_move or 0)
        assert bot.choose(view, random.Random(1)) in view.legal_moves()


def test_a_win_value_is_the_share_of_its_playouts_won_r18() -> None:
    """R18: with the ``"win"`` objective each move's value is the share of its playouts
    that the seat won: from 0 to 1, a whole number of wins over its playouts."""
    bot = TreeSearchPlayer(playouts=60, objective="win")
    seen = 0
    for rnd in decisions("classic", 3, 3):
        view = rnd.view(rnd.to_move or 0)
        for line in bot.analyse(view, random.Random(2)).moves:
            if line.value is None:
                continue
            assert 0.0 <= line.value <= 1.0
            wins = line.value * line.playouts
            assert wins == pytest.approx(round(wins)), line
            seen += 1
    assert seen > 3


def test_the_analysis_lists_the_played_move_then_the_most_visited() -> None:
    """The tree search's analysis starts with the move it plays, then lists the others
    by how often the search visited them, most first."""
    bot = TreeSearchPlayer(playouts=80)
    for rnd in decisions("classic", 3, 3):
        view = rnd.view(rnd.to_move or 0)
        analysis = bot.analyse(view, random.Random(4))
        first, *rest = analysis.moves
        assert first.move == analysis.move
        visits = [line.playouts for line in rest]
        assert visits == sorted(visits, reverse=True), visits
        for a, b in itertools.pairwise(rest):  # equal visits: the better mean first
            if a.playouts == b.playouts and a.value is not None and b.value is not None:
                assert a.value >= b.value, (a, b)
    # few playouts leave many moves visited alike: those come by their means
    ties = 0
    for rnd in decisions("classic", 4, 6):
        view = rnd.view(rnd.to_move or 0)
        few = TreeSearchPlayer(playouts=2 * len(view.legal_moves()))
        others = few.analyse(view, random.Random(5)).moves[1:]
        for a, b in itertools.pairwise(others):
            if a.playouts == b.playouts and a.value is not None and b.value is not None:
                assert a.value >= b.value, (a, b)
                ties += a.value != b.value
    assert ties > 0


def test_a_tie_of_visits_and_means_is_drawn_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every playout rigged to the same value and as many playouts as moves, each
    move is visited once with the same mean: the move played is drawn among them by the
    game's rng, so different seeds play different moves, even when the moves are tried
    in the greedy heuristic's order (the prior), not in an order drawn at random."""
    import chickenfoot.bots

    monkeypatch.setattr(chickenfoot.bots, "_value", lambda end, seat, objective: 0.0)
    for rnd in decisions("classic", 3, 3):
        view = rnd.view(rnd.to_move or 0)
        moves = view.legal_moves()
        if len(moves) < 3:
            continue
        bot = TreeSearchPlayer(playouts=len(moves), prior=1.0)  # greedy order of expansion
        played = {bot.choose(view, random.Random(seed)) for seed in range(12)}
        assert len(played) > 1, moves
        return
    raise AssertionError("no decision of three moves or more")


def test_tree_search_of_one_playout_runs_one() -> None:
    """The least budget, one playout, is taken, runs one iteration and plays a legal
    move."""
    bot = TreeSearchPlayer(playouts=1)
    for rnd in decisions("classic", 3, 3):
        view = rnd.view(rnd.to_move or 0)
        analysis = bot.analyse(view, random.Random(1))
        assert analysis.move in view.legal_moves()
        assert analysis.playouts == 1


# -- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings_", "message"),
    [
        ({"playouts": 0}, "playouts must be a whole number of at least 1 or None, not 0"),
        ({"playouts": 2.5}, "playouts must be a whole number of at least 1 or None, not 2.5"),
        ({"playouts": True}, "playouts must be a whole number"),
        ({"playouts": None}, "a budget is needed: playouts, seconds, or both"),
        ({"seconds": 0}, "seconds must be a number above 0 or None, not 0"),
        ({"seconds": -1.0}, "seconds must be a number above 0"),
        ({"seconds": "1"}, "seconds must be a number above 0 or None, not '1'"),
        ({"exploration": -0.1}, "exploration must be a finite number of at least 0, not -0.1"),
        ({"exploration": float("inf")}, "exploration must be a finite number"),
        ({"epsilon": 1.5}, "epsilon must be a probability from 0 to 1, not 1.5"),
        ({"rollout": "smart"}, "'rollout' must be in"),
        ({"opponents": "greedy"}, "'opponents' must be in"),
        ({"prior": -1}, "prior must be a finite number of at least 0, not -1"),
        ({"prior": float("nan")}, "prior must be a finite number of at least 0, not nan"),
        ({"prior": True}, "prior must be a finite number"),
        ({"objective": "fun"}, "'objective' must be in"),
    ],
)
def test_tree_search_settings_are_checked(settings_: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        TreeSearchPlayer(**settings_)  # type: ignore[arg-type]


def test_tree_search_greedy_weights_must_be_a_greedy_player() -> None:
    with pytest.raises(TypeError, match="'greedy' must be"):
        TreeSearchPlayer(greedy="greedy")  # type: ignore[arg-type]


def test_tree_search_budgets_combine() -> None:
    assert TreeSearchPlayer(playouts=None, seconds=0.5).seconds == 0.5
    both = TreeSearchPlayer(playouts=10, seconds=2)
    assert (both.playouts, both.seconds) == (10, 2)


# -- endgames solved exhaustively -------------------------------------------------------------

#: Two players, no reserve: once the boneyard is empty the other hand is known exactly.
OPEN_DUEL: Rules = attrs.evolve(PRESETS["chickie-duel"], boneyard_reserve=0)


def _wins(rnd: Round, seat: int) -> bool:
    """Whether ``seat`` wins ``rnd`` (R18) against any play of the other seats, by an
    exhaustive search of the full game (every seat sees everything)."""
    return _solve(rnd, seat)


@functools.cache
def _solve(rnd: Round, seat: int) -> bool:
    if rnd.outcome is not None:
        return rnd.outcome.winner == seat
    results = (_solve(rnd.apply(move), seat) for move in rnd.legal_moves())
    return any(results) if rnd.to_move == seat else all(results)


def _endgames_where(
    keep: Callable[[Round, int], bool | None], *, count: int, deals: int, tiles: int
) -> list[Round]:
    """The first ``count`` positions of greedy games of ``OPEN_DUEL`` (one a deal, from
    the first ``deals`` deals) with an empty boneyard, ``tiles`` tiles or fewer in the
    hands and a choice of moves, that ``keep(position, seat to move)`` keeps; a verdict
    of ``None`` passes over the rest of that deal."""
    found: list[Round] = []
    for seed in range(deals):
        rnd = Round.deal(OPEN_DUEL, 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            if not rnd.boneyard and sum(rnd.hand_counts) <= tiles and len(rnd.legal_moves()) > 1:
                seat = rnd.to_move
                assert seat is not None
                verdict = keep(rnd, seat)
                if verdict is not False:
                    if verdict:
                        found.append(rnd)
                    break
            rnd = rnd.apply(GreedyPlayer().choose(rnd.view(rnd.to_move or 0), rng))
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} endgames found")


def _endgames(count: int) -> list[Round]:
    """Positions of ``OPEN_DUEL`` with an empty boneyard and few tiles in hand, where the
    seat to move has a move that wins whatever the other does, and one that does not."""

    def keep(rnd: Round, seat: int) -> bool:
        wins = [_wins(rnd.apply(m), seat) for m in rnd.legal_moves()]
        return any(wins) and not all(wins)

    return _endgames_where(keep, count=count, deals=2000, tiles=7)


def test_tree_search_finds_the_winning_move_of_solved_endgames() -> None:
    """In endgames where every hidden tile is known (empty boneyard, two seats) and one
    move wins by force while another loses, the search plays a winning move, as the
    exhaustive search of the full game says; the greedy heuristic does not always.
    """
    bot = TreeSearchPlayer(playouts=300, objective="win")
    endgames = _endgames(8)
    greedy_right = 0
    for rnd in endgames:
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        move = bot.choose(view, random.Random(3))
        assert _wins(rnd.apply(move), seat), (rnd, move)
        greedy_right += _wins(rnd.apply(GreedyPlayer().choose(view, random.Random(3))), seat)
    assert greedy_right < len(endgames)


def _key(view: RoundView, move: Move) -> int:
    return table_of(view).info_key(move)


def test_a_strong_prior_plays_the_greedy_move() -> None:
    """With a prior that outweighs any difference of values, every playout after the
    first visit of each move goes to the move the greedy heuristic picks, so it is the
    most visited and played (where the heuristic's best is one group of moves); without
    the prior the search often plays another.
    """
    strong = TreeSearchPlayer(playouts=30, opponents="policy", prior=1e6)
    plain = TreeSearchPlayer(playouts=30, opponents="policy")
    checked = differ = 0
    for rnd in decisions("classic", 4, 40):
        view = rnd.view(rnd.to_move or 0)
        picks = {_key(view, GreedyPlayer().choose(view, random.Random(s))) for s in range(16)}
        if len(picks) != 1:
            continue  # equal best scores: the heuristic's own pick is left to rng
        checked += 1
        assert _key(view, strong.choose(view, random.Random(5))) in picks, rnd
        differ += _key(view, plain.choose(view, random.Random(5))) not in picks
    assert checked >= 20
    assert differ > 0


def _beats_greedy(rnd: Round, seat: int) -> bool:
    """Whether ``seat`` wins ``rnd`` (R18) against the greedy play of the other seats,
    over every choice of its own (an exhaustive search where only ``seat`` chooses; the
    greedy heuristic breaks no ties in these positions, see :func:`_greedy_reply`)."""
    if rnd.outcome is not None:
        return rnd.outcome.winner == seat
    if rnd.to_move != seat:
        return _beats_greedy(rnd.apply(_greedy_reply(rnd)), seat)
    return any(_beats_greedy(rnd.apply(move), seat) for move in rnd.legal_moves())


def _greedy_reply(rnd: Round) -> Move:
    """The greedy heuristic's move in ``rnd``, the same whatever its random numbers."""
    view = rnd.view(rnd.to_move or 0)
    picks = {GreedyPlayer().choose(view, random.Random(s)) for s in range(4)}
    keys = {_key(view, move) for move in picks}
    assert len(keys) == 1, "the greedy reply is not one game"
    return min(picks, key=view.legal_moves().index)


def _greedy_endgames(count: int) -> list[Round]:
    """Positions of ``OPEN_DUEL`` with an empty boneyard and few tiles in hand where, with
    the other seat playing the greedy heuristic, the seat to move has a move that wins
    and the heuristic's own move does not."""

    def keep(rnd: Round, seat: int) -> bool | None:
        try:
            mine = _greedy_reply(rnd)
            wins = [_beats_greedy(rnd.apply(m), seat) for m in rnd.legal_moves()]
            greedy_wins = _beats_greedy(rnd.apply(mine), seat)
        except AssertionError:  # a tie of the heuristic somewhere: not this deal
            return None
        return any(wins) and not greedy_wins

    return _endgames_where(keep, count=count, deals=3000, tiles=8)


def test_the_guided_search_wins_endgames_the_greedy_move_loses() -> None:
    """In endgames where every hidden tile is known (empty boneyard, two seats) and the
    other seat plays the greedy heuristic, the search with the other seats playing the
    rollout policy and the heuristic's prior finds a move that wins against it (R18),
    as an exhaustive search over the seat's own choices says, where the heuristic's own
    move loses: the prior does not hold the search to the heuristic's mistakes.
    """
    bot = TreeSearchPlayer(playouts=200, objective="win", opponents="policy", prior=1.0)
    for rnd in _greedy_endgames(6):
        seat = rnd.to_move
        assert seat is not None
        move = bot.choose(rnd.view(seat), random.Random(3))
        assert _beats_greedy(rnd.apply(move), seat), (rnd, move)


# -- the levels -------------------------------------------------------------------------------


def test_the_ladder_goes_from_random_to_tree_search_at_growing_budgets() -> None:
    assert [level(n) for n in range(1, 6)] == list(LEVELS)
    assert [bot.name for bot in LEVELS] == [f"level{n}" for n in range(1, 6)]
    assert isinstance(level(1), RandomPlayer)
    assert isinstance(level(2), GreedyPlayer)
    searches = [level(n) for n in (3, 4, 5)]
    budgets = []
    for bot in searches:
        assert isinstance(bot, TreeSearchPlayer)
        assert bot.seconds is None  # seeded games replay exactly
        assert bot.playouts is not None
        budgets.append(bot.playouts)
    assert budgets == sorted(budgets)
    assert len(set(budgets)) == 3


@pytest.mark.parametrize("bad", [0, 6, -1, True, 2.0, "3"])
def test_a_level_outside_the_ladder_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=rf"the levels are 1 to 5, not {bad!r}"):
        level(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", range(1, 6))
def test_every_level_plays_a_round_and_pickles(n: int) -> None:
    bot: Player = level(n)
    assert isinstance(bot, Player)
    assert pickle.loads(pickle.dumps(bot)) == bot
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=n)
    done = play_round(rnd, [bot, GreedyPlayer()], random.Random(n))
    assert done.is_over


# -- the playouts and the budget in seconds ---------------------------------------------------


def test_greedy_playouts_follow_the_greedy_weights() -> None:
    """With ``rollout="greedy"`` the playouts are the greedy heuristic's: weights that
    score every move alike leave each choice to ``rng``, exactly as random playouts do,
    while the default weights make other choices somewhere in a dozen decisions."""
    flat = GreedyPlayer(pips=0, double=0, follow=0, flexible=0, dead_foot=0, pass_penalty=0)
    uniform = TreeSearchPlayer(playouts=30, rollout="random")
    tied = TreeSearchPlayer(playouts=30, rollout="greedy", greedy=flat)
    greedy = TreeSearchPlayer(playouts=30, rollout="greedy")
    differ = 0
    for seed, rnd in enumerate(decisions("classic", 3, 12)):
        view = rnd.view(rnd.to_move or 0)
        chosen = uniform.choose(view, random.Random(seed))
        assert tied.choose(view, random.Random(seed)) == chosen
        differ += greedy.choose(view, random.Random(seed)) != chosen
    assert differ


def test_epsilon_is_the_share_of_playout_moves_made_at_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``epsilon=1`` every playout move is a random one and the greedy heuristic is
    never asked; with 0 it makes every one; with 0.5 it makes some."""
    import chickenfoot.bots

    asked = 0
    heuristic = chickenfoot.bots._greedy_pick

    def counted(*args: Any) -> Move:
        nonlocal asked
        asked += 1
        return heuristic(*args)

    monkeypatch.setattr(chickenfoot.bots, "_greedy_pick", counted)
    rnd = decisions("classic", 3, 1)[0]
    view = rnd.view(rnd.to_move or 0)
    counts = {}
    for epsilon in (0.0, 0.5, 1.0):
        asked = 0
        TreeSearchPlayer(playouts=20, epsilon=epsilon).choose(view, random.Random(4))
        counts[epsilon] = asked
    assert counts[1.0] == 0
    assert counts[0.5] > 0
    assert counts[0.0] > 0


class FakeClock:
    """A clock read by the search, moved on one second by every sample it takes."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.samples = 0

    def perf_counter(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("playouts", "seconds", "iterations"),
    [(None, 50.0, 50), (None, 0.5, 1), (10, 50.0, 10), (80, 20.0, 20)],
)
def test_a_budget_in_seconds_runs_until_its_time_is_up(
    monkeypatch: pytest.MonkeyPatch, playouts: int | None, seconds: float, iterations: int
) -> None:
    """Where every iteration takes one second of a fake clock, a budget of ``seconds``
    runs that many iterations (at least one), or ``playouts`` if those end first."""
    import chickenfoot.bots
    from chickenfoot import RoundView

    clock = FakeClock()
    sample = RoundView.sample_state

    def timed_sample(self: RoundView, rng: random.Random, **options: object) -> Round:
        clock.now += 1.0
        clock.samples += 1
        return sample(self, rng)

    monkeypatch.setattr(chickenfoot.bots, "time", clock)
    monkeypatch.setattr(RoundView, "sample_state", timed_sample)
    rnd = decisions("classic", 3, 1)[0]
    view = rnd.view(rnd.to_move or 0)
    bot = TreeSearchPlayer(playouts=playouts, seconds=seconds)
    assert bot.choose(view, random.Random(2)) in view.legal_moves()
    assert clock.samples == iterations


def test_the_exploration_is_relative_to_the_spread_of_the_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """UCB1's exploration term is ``exploration`` times the spread of the values seen, so
    that values scaled by a power of two (exactly) grow the tree the same way: the same
    move, and the random source drawn from in the same way."""
    import chickenfoot.bots

    value = chickenfoot.bots._value
    bot = TreeSearchPlayer(playouts=60)
    for rnd in decisions("classic", 3, 4):
        view = rnd.view(rnd.to_move or 0)
        seen = []
        for scale in (1.0, 1 / 1024, 1024.0):
            monkeypatch.setattr(
                chickenfoot.bots,
                "_value",
                lambda end, seat, objective, k=scale: k * value(end, seat, objective),
            )
            rng = random.Random(5)
            seen.append((bot.choose(view, rng), rng.random()))
        assert seen[0] == seen[1] == seen[2]


def test_plays_of_one_tile_over_different_numbers_are_different_candidates() -> None:
    """A tile played over different numbers leads to different games; over the same
    number (onto two ends showing it, or as toes of one double) to the same game (R2,
    R10): the search weighs one move per tile and number covered."""
    from chickenfoot.bots import _distinct

    def covered(move: Move) -> tuple[int, int]:
        if not isinstance(move, Play):
            return (-1, int(isinstance(move, Draw)))
        if move.onto is None:
            return (move.tile.index, -3)
        (number,) = {move.tile.high, move.tile.low} & {move.onto.high, move.onto.low}
        return (move.tile.index, number)

    split = 0
    for rnd in decisions("classic", 4, 40):
        view = rnd.view(rnd.to_move or 0)
        moves = view.legal_moves()
        options = _distinct(view, moves)
        assert len(options) == len({covered(m) for m in moves})
        tiles = {m.tile for m in moves if isinstance(m, Play)}
        split += len(tiles) < len(options)
    assert split  # some tile could be played over two numbers


def test_every_move_of_the_root_counts_each_visit_since_it_entered_the_tree() -> None:
    """UCB1's ``a`` counts how often a move was legal when its node was reached. At the
    root every move is legal in every determinization (each is a deal of this view), so
    the root expands one move an iteration until all are in the tree, and the move added
    at iteration ``i`` of ``n`` has been available ``n - i + 1`` times: the first visit,
    when it entered the tree, counts once."""
    from chickenfoot.bots import _distinct, _Node, _TreeSearch
    from chickenfoot.state import state_of

    bot = TreeSearchPlayer(playouts=40)
    checked = 0
    for rnd in decisions("classic", 3, 6):
        view = rnd.view(rnd.to_move or 0)
        options = _distinct(view, view.legal_moves())
        if len(options) < 2:
            continue
        rng = random.Random(8)
        search = _TreeSearch(bot, view, rng)
        root = _Node(view.seat)
        iterations = 30
        for _ in range(iterations):
            search._iterate(root, state_of(view.sample_state(rng)))
        children = list(root.children.values())
        assert set(root.children) == set(options)
        assert [c.available for c in children] == [iterations - i for i in range(len(children))]
        assert sum(c.visits for c in children) == iterations
        checked += 1
    assert checked
