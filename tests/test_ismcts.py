"""OpenSpiel's IS-MCTS as a chickenfoot player (chickenfoot.openspiel.ISMCTSPlayer).

Every move it makes over many random games is legal (R8-R15, checked by
:func:`~chickenfoot.bots.play_round` and here against the view's legal moves); its
decision depends on the seat's view and the seed alone, never on the hidden tiles (the
other hands and the boneyard); seeded games replay exactly; its budget is the number of
simulations asked for, each from a world resampled by the library's sampler; and bad
budgets and rounds the OpenSpiel game cannot play are refused with clear errors.

Skipped unless open_spiel and numpy are installed (``nox -s adapters``).
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("numpy")

from house_rules import CostlyDoubles
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import ismcts

from chickenfoot import PRESETS, Move, Round, RoundView
from chickenfoot.bots import Player, RandomPlayer, play_round
from chickenfoot.openspiel import ChickenFootState, ISMCTSPlayer
from chickenfoot.tournament import play_tournament

#: (preset, players): the fewest players of every preset and one more where it allows.
CASES = [(name, p) for name, rules in PRESETS.items() for p in rules.player_counts[:2]]


@attrs.define
class Checked:
    """A player that checks every move of ``player`` against the view's legal moves."""

    player: Player
    decisions: int = 0

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        move = self.player.choose(view, rng)
        assert move in view.legal_moves(), (move, view.seat)
        self.decisions += len(view.legal_moves()) > 1
        return move


def _advanced(preset: str, players: int, seed: int, moves: int) -> Round | None:
    """Round ``seed`` of ``preset`` after ``moves`` random moves and then as many as it
    takes for the seat to move to have a choice; ``None`` if the round ends first."""
    rnd = Round.deal(PRESETS[preset], players, seed=seed)
    rng = random.Random(seed)
    for done in itertools.count():
        if rnd.is_over:
            return None
        if done >= moves and len(rnd.legal_moves()) > 1:
            return rnd
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    raise AssertionError("unreachable")


def _a_choice(preset: str, players: int, seed: int, moves: int) -> RoundView:
    """The view of the seat to move in :func:`_advanced`, which has a choice."""
    rnd = _advanced(preset, players, seed, moves)
    assert rnd is not None
    assert rnd.to_move is not None
    return rnd.view(rnd.to_move)


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10_000))
def test_every_move_of_a_whole_round_is_legal(case: tuple[str, int], seed: int) -> None:
    preset, players = case
    search = Checked(ISMCTSPlayer(simulations=3))
    others: list[Player] = [Checked(RandomPlayer()) for _ in range(players - 1)]
    seats = [search, *others] if seed % 2 else [*others, search]
    done = play_round(Round.deal(PRESETS[preset], players, seed=seed), seats, random.Random(seed))
    assert done.is_over
    assert search.decisions > 0


def test_it_plays_whole_rounds_against_itself_at_four_seats() -> None:
    bots = [Checked(ISMCTSPlayer(simulations=4)) for _ in range(4)]
    for seed in range(3):
        done = play_round(Round.deal(PRESETS["classic"], 4, seed=seed), bots, random.Random(seed))
        assert done.is_over
    assert all(bot.decisions > 0 for bot in bots)


@settings(max_examples=15, deadline=None)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 40),
    seeds=st.lists(st.integers(0, 2**32), min_size=2, max_size=3, unique=True),
    choice=st.integers(0, 2**32),
)
def test_the_hidden_tiles_do_not_change_the_decision(
    case: tuple[str, int], seed: int, moves: int, seeds: list[int], choice: int
) -> None:
    """Other deals that the seat cannot tell from the real one (the other hands and the
    boneyard sampled again, R5, R13) give the same move for the same seed."""
    rnd = _advanced(*case, seed, moves)
    if rnd is None:
        return
    assert rnd.to_move is not None
    view = rnd.view(rnd.to_move)
    bot = ISMCTSPlayer(simulations=6)
    move = bot.choose(view, random.Random(choice))
    for k in seeds:
        other = view.sample_state(random.Random(k))
        assert other.view(view.seat) == view
        if other.hands == rnd.hands and other.boneyard == rnd.boneyard:
            continue  # the same deal drawn again tells nothing
        assert bot.choose(other.view(view.seat), random.Random(choice)) == move


def test_some_sample_of_those_views_hides_other_tiles() -> None:
    """The views of the test above do come from deals with other hidden tiles."""
    rnd = _advanced("classic", 2, 5, 6)
    assert rnd is not None
    assert rnd.to_move is not None
    view = rnd.view(rnd.to_move)
    other = view.sample_state(random.Random(1))
    assert other.view(view.seat) == view
    assert other.hands != rnd.hands


def test_seeded_games_replay_exactly() -> None:
    rules = PRESETS["chickie-duel"]
    bots: list[Player] = [ISMCTSPlayer(simulations=5), RandomPlayer()]
    first = play_round(Round.deal(rules, 2, seed=4), bots, random.Random(11))
    again = play_round(Round.deal(rules, 2, seed=4), bots, random.Random(11))
    assert first.history == again.history
    assert first.outcome == again.outcome


def test_the_seed_decides_the_search() -> None:
    """Different seeds search differently: the worlds of the simulations differ."""
    view = _a_choice("classic", 2, 7, 3)
    original = ChickenFootState.resample_from_infostate
    seen: list[str] = []

    def spy(self: ChickenFootState, player: int, sampler: Callable[[], float]) -> Any:
        state = original(self, player, sampler)
        seen.append(str(state))
        return state

    worlds = set()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ChickenFootState, "resample_from_infostate", spy)
        for seed in range(4):
            seen.clear()
            ISMCTSPlayer(simulations=3).choose(view, random.Random(seed))
            worlds.add(tuple(seen))
    assert len(worlds) == 4


def test_a_lone_legal_move_is_returned_at_once() -> None:
    rnd = Round.deal(PRESETS["classic"], 2, seed=1)
    seat = rnd.to_move
    assert seat is not None
    while len(rnd.legal_moves()) != 1:
        rnd = rnd.apply(rnd.legal_moves()[0])
        assert not rnd.is_over
    rng = random.Random(3)
    state = rng.getstate()
    to_move = rnd.to_move
    assert to_move is not None
    assert ISMCTSPlayer().choose(rnd.view(to_move), rng) == rnd.legal_moves()[0]
    assert rng.getstate() == state


@pytest.mark.parametrize("simulations", [2, 7, 20])
def test_the_budget_is_the_simulations_each_from_a_resampled_world(simulations: int) -> None:
    view = _a_choice("chickie-duel", 2, 3, 8)
    counts = {"simulations": 0, "samples": 0}
    run = ismcts.ISMCTSBot.run_simulation
    resample = ChickenFootState.resample_from_infostate

    def simulation(self: ismcts.ISMCTSBot, state: ChickenFootState) -> Any:
        if not counts["depth"]:
            counts["simulations"] += 1
        counts["depth"] += 1
        try:
            return run(self, state)
        finally:
            counts["depth"] -= 1

    def sample(self: ChickenFootState, player: int, sampler: Callable[[], float]) -> Any:
        counts["samples"] += 1
        assert player == view.seat
        assert self.view(player) == view
        return resample(self, player, sampler)

    counts["depth"] = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ismcts.ISMCTSBot, "run_simulation", simulation)
        patch.setattr(ChickenFootState, "resample_from_infostate", sample)
        ISMCTSPlayer(simulations=simulations).choose(view, random.Random(0))
    assert counts["simulations"] == simulations
    assert counts["samples"] == simulations


@pytest.mark.parametrize("simulations", [1, 0, -3, 2.5, True, "10", None])
def test_a_budget_that_is_not_a_whole_number_of_simulations_is_refused(
    simulations: object,
) -> None:
    with pytest.raises(ValueError, match="simulations is the budget of IS-MCTS per decision"):
        ISMCTSPlayer(simulations=simulations)  # type: ignore[arg-type]


@pytest.mark.parametrize("uct_c", [-1.0, float("nan"), float("inf"), "20", False])
def test_an_exploration_constant_that_is_not_a_finite_number_is_refused(uct_c: object) -> None:
    with pytest.raises(ValueError, match="uct_c is a finite number of 0 or more"):
        ISMCTSPlayer(uct_c=uct_c)  # type: ignore[arg-type]


def test_a_view_with_no_move_to_choose_is_refused() -> None:
    rnd = Round.deal(PRESETS["classic"], 3, seed=2)
    assert rnd.to_move is not None
    idle = (rnd.to_move + 1) % 3
    with pytest.raises(ValueError, match=rf"seat {idle} has no move to choose.*\(R11\)"):
        ISMCTSPlayer().choose(rnd.view(idle), random.Random(0))


def test_rules_the_game_cannot_load_are_refused() -> None:
    mine = attrs.evolve(PRESETS["classic"], name="my-table")
    rnd = Round.deal(mine, 2, seed=1)
    while len(rnd.legal_moves()) == 1:
        rnd = rnd.apply(rnd.legal_moves()[0])
    assert rnd.to_move is not None
    with pytest.raises(ValueError, match="ISMCTSPlayer plays the rounds the OpenSpiel game"):
        ISMCTSPlayer().choose(rnd.view(rnd.to_move), random.Random(0))


def test_a_round_set_up_from_a_position_is_refused() -> None:
    rnd = _advanced("chickie-duel", 2, 9, 6)
    assert rnd is not None
    assert rnd.to_move is not None
    view = Round.from_position(rnd.rules, rnd.to_position()).view(rnd.to_move)
    assert len(view.legal_moves()) > 1
    with pytest.raises(ValueError, match="a round set up from a position"):
        ISMCTSPlayer().choose(view, random.Random(0))


def test_knobs_and_house_rules_reach_the_game() -> None:
    rules = attrs.evolve(
        PRESETS["classic"], draws_per_turn=None, play_drawn="may", house=(CostlyDoubles(),)
    )
    done = play_round(
        Round.deal(rules, 3, seed=6),
        [Checked(ISMCTSPlayer(simulations=2)), RandomPlayer(), RandomPlayer()],
        random.Random(6),
    )
    assert done.is_over


def test_knobs_of_the_match_do_not_matter() -> None:
    """The game is one round: rules that differ from the preset in the match's knobs
    (R19-R22) play as the preset does."""
    rules = attrs.evolve(PRESETS["chickie-duel"], rounds=1, tie_break="zero_rounds")
    view = _view_with_choice(rules)
    plain = _view_with_choice(PRESETS["chickie-duel"])
    bot = ISMCTSPlayer(simulations=5)
    assert bot.choose(view, random.Random(2)) == bot.choose(plain, random.Random(2))


def test_a_house_rule_with_other_settings_than_its_defaults_is_refused() -> None:
    rules = attrs.evolve(PRESETS["classic"], house=(CostlyDoubles(factor=3),))
    view = _view_with_choice(rules)
    with pytest.raises(ValueError, match="cannot give their house"):
        ISMCTSPlayer().choose(view, random.Random(0))


def _view_with_choice(rules: Any) -> RoundView:
    rnd = Round.deal(rules, 2, seed=1)
    while len(rnd.legal_moves()) == 1:
        rnd = rnd.apply(rnd.legal_moves()[0])
    assert rnd.to_move is not None
    return rnd.view(rnd.to_move)


def test_it_is_a_picklable_player_for_tournaments() -> None:
    bot = ISMCTSPlayer(simulations=2, name="anchor")
    assert isinstance(bot, Player)
    assert pickle.loads(pickle.dumps(bot)) == bot
    rules = PRESETS["chickie-duel"]
    first = play_tournament([bot, RandomPlayer()], rules, deals=2, seed=3, jobs=1)
    again = play_tournament([bot, RandomPlayer()], rules, deals=2, seed=3, jobs=1)
    assert first.games == again.games
    assert first.names == ("anchor", "random")
