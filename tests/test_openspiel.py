"""The OpenSpiel game (chickenfoot.openspiel).

OpenSpiel's own random simulation test, with serialization, runs on every preset for the
fewest players it allows and one more. Legal actions are checked against the engine's
legal moves, chance outcomes against the undealt tiles and the boneyard, and information
states against what a seat may see: two deals that differ only in tiles hidden from a
seat give it the same information state.

Skipped unless open_spiel and numpy are installed (``nox -s adapters``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("numpy")

import numpy as np
import pyspiel
from house_rules import CostlyDoubles

from chickenfoot import (
    PRESETS,
    Draw,
    Ending,
    Event,
    HouseRule,
    IllegalMoveError,
    Pass,
    Play,
    Round,
    RulesError,
    Tile,
    house_rule,
    parse_move,
    tile_set,
)
from chickenfoot.bots import RandomPlayer
from chickenfoot.openspiel import (
    PARAMETERS,
    ChickenFootGame,
    ChickenFootObserver,
    ChickenFootState,
    PlayerBot,
    action_count,
    move_to_action,
)

#: (preset, players): the fewest players of every preset and one more where it allows.
CASES = [(name, p) for name, rules in PRESETS.items() for p in rules.player_counts[:2]]
CASE_IDS = [f"{name}-{p}" for name, p in CASES]
#: Tiles by index (chance outcomes are tile indices).
TILE = tile_set(18)


def load(preset: str = "chickie-duel", players: int = 2, **knobs: int | str) -> ChickenFootGame:
    params = ",".join(
        f"{k}={v}" for k, v in {"preset": preset, "players": players, **knobs}.items()
    )
    game: ChickenFootGame = pyspiel.load_game(f"chickenfoot({params})")
    return game


def dealt_round(game: ChickenFootGame, rng: random.Random) -> Round:
    """The round of a new state of ``game`` once its tiles are dealt at random."""
    state: ChickenFootState = game.new_initial_state()
    while state.round is None:
        advance(state, rng, 1)
    return state.round


def advance(state: ChickenFootState, rng: random.Random, steps: int) -> None:
    """Apply ``steps`` random actions, chance outcomes by their probabilities."""
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def replay(
    game: ChickenFootGame, deal: Sequence[int], events: Sequence[Event], awaiting: bool
) -> ChickenFootState:
    """The state after ``deal`` (tile indices by position) and the moves ``events`` (each
    draw followed by the chance node of its tile), and a draw in progress if ``awaiting``."""
    state: ChickenFootState = game.new_initial_state()
    n = game.config.n
    for tile in deal:
        state.apply_action(tile)
    for event in events:
        state.apply_action(move_to_action(event.move, n))
        if event.drawn is not None:
            state.apply_action(event.drawn.index)
    if awaiting:
        state.apply_action(move_to_action(Draw(), n))
    return state


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_random_sim_test(preset: str, players: int) -> None:
    """OpenSpiel's random_sim_test, serializing and deserializing every state."""
    pyspiel.random_sim_test(load(preset, players), num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_with_knobs() -> None:
    """Knob overrides: no draw limit, a drawn tile that may be kept, a reserve."""
    game = load(
        "classic", 3, draws_per_turn=0, play_drawn="may", boneyard_reserve=3, double_blank=25
    )
    rules = game.rules
    assert (rules.draws_per_turn, rules.play_drawn, rules.boneyard_reserve) == (None, "may", 3)
    assert rules.double_blank == 25
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_with_a_drawn_tile_that_waits() -> None:
    """play_drawn="never" (R13b): after a draw the only legal action is Pass."""
    game = load("chickie-duel", 2, play_drawn="never")
    assert game.rules.play_drawn == "never"
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    rng = random.Random(13)
    draws = 0
    while draws < 3:
        state = game.new_initial_state()
        while not state.is_terminal():
            rnd = state.round
            # R6: a drawn round double is still placed, so only draws after it count
            drew = rnd is not None and rnd.drawn_tile is not None and rnd.layout.root is not None
            if drew and not state.is_chance_node():
                draws += 1
                assert state.legal_actions() == [move_to_action(Pass(), game.config.n)]
            advance(state, rng, 1)


def test_random_sim_test_with_the_highest_double_held_starting() -> None:
    """start="highest_held" (R6b): the round may open on a lower double than it was dealt
    for, and OpenSpiel's random simulation test passes."""
    game = load("chickie-duel", 2, start="highest_held", round_double=3, boneyard_reserve=0)
    assert game.rules.start == "highest_held"
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    rng = random.Random(6)
    opened: set[int] = set()
    for _ in range(20):
        state = game.new_initial_state()
        while state.round is None or state.round.lead is None:
            advance(state, rng, 1)
        assert state.round.dealt_for.high == 3
        opened.add(state.round.round_double.high)
    assert len(opened) > 1
    assert max(opened) == 3


def test_the_game_is_registered() -> None:
    """load_game finds it by name; its sizes follow the variant."""
    game = pyspiel.load_game("chickenfoot")
    assert isinstance(game, ChickenFootGame)
    assert game.num_players() == 2
    assert game.num_distinct_actions() == action_count(6) == 394
    assert game.max_chance_outcomes() == 28
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    kind = game.get_type()
    assert kind.provides_information_state_string
    assert kind.provides_observation_string
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_tensor
    state = game.new_initial_state()
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    big = pyspiel.load_game("chickenfoot", {"preset": "classic", "players": 8})
    assert big.num_distinct_actions() == action_count(12)
    with pytest.raises(RulesError):
        ChickenFootGame({"preset": "chickie-duel", "players": 3})
    with pytest.raises(RulesError):
        ChickenFootGame({"preset": "no such preset"})
    with pytest.raises(ValueError, match="round_double"):
        ChickenFootGame({"round_double": 7})
    with pytest.raises(ValueError, match="unknown parameters"):
        ChickenFootGame({"target": 100})


def test_the_knob_parameters_change_the_preset() -> None:
    """Every knob parameter at its default keeps the preset's value (R3-R17b); each other
    value changes that knob alone, 0 giving no limit of draws (R13) and 0 or 1 a boolean."""
    duel = PRESETS["chickie-duel"]
    assert ChickenFootGame().config.rules == duel
    assert ChickenFootGame(dict(PARAMETERS)).config.rules == duel
    changed: list[tuple[str, int | str, Any]] = [
        ("start", "highest_held", "highest_held"),
        ("opening_toes", 3, 3),
        ("first_foot_required", 0, False),
        ("toes_per_double", 2, 2),
        ("boneyard_reserve", 3, 3),
        ("draws_per_turn", 0, None),
        ("draws_per_turn", 2, 2),
        ("play_drawn", "never", "never"),
        ("double_blank", 25, 25),
        ("blank_value", 10, 10),
        ("must_play", 0, False),
        ("out_on_double", 50, 50),
    ]
    for name, parameter, value in changed:
        rules = ChickenFootGame({name: parameter}).config.rules
        assert getattr(rules, name) == value, name
        assert rules == attrs.evolve(duel, **{name: value}), name
    with pytest.raises(RulesError, match="first_foot_required"):
        ChickenFootGame({"first_foot_required": 2})
    with pytest.raises(RulesError, match="play_drawn"):
        ChickenFootGame({"play_drawn": "sometimes"})


def _random_returns(game: ChickenFootGame, games: int, seed: int) -> list[list[float]]:
    """The returns of ``games`` random games of ``game``."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.returns())
    return out


def test_the_utility_bounds_hold_a_house_rules_points_r17() -> None:
    """R17 with H3 (costly-doubles, its defaults): doubles left in a hand but the
    double-blank count twice their pips, and going out on a double costs every other seat
    10 more; the bounds on the returns grow by both, and every return of random games
    stays within them."""
    pips = sum(t.high + t.low for t in tile_set(6))
    plain = load("chickie-duel", 2)
    assert plain.max_utility() == pips == -plain.min_utility()
    game = ChickenFootGame({"house": "costly-doubles", "players": 2})
    assert game.rules.house == (CostlyDoubles(),)
    doubles = sum(2 * k for k in range(1, 7))
    assert game.max_utility() == pips + doubles + 10 == -game.min_utility()
    for returns in _random_returns(game, 40, 23):
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


@house_rule
@attrs.frozen
class WinnerBonus(HouseRule):
    """A bonus for the winner, with no bounds declared."""

    name = "winner-bonus-without-bounds"
    rule = "H8"

    def bonus(self, seat: int, ending: Ending, winner: int, last: Tile | None) -> int:
        return 5 if seat == winner else 0


def test_a_house_rule_that_does_not_bound_its_bonus_is_refused_r17() -> None:
    """R17: OpenSpiel states bounds on the returns; a house rule with a bonus and no
    score_bounds cannot say them, and the game names it."""
    with pytest.raises(RulesError, match=r"give it score_bounds\(\) \(H8, house rule winner-b"):
        ChickenFootGame({"house": "winner-bonus-without-bounds"})


@house_rule
@attrs.frozen
class WinnerRebate(HouseRule):
    """The winner of a round takes 5 points off its score, below 0 if need be."""

    name = "winner-rebate"
    rule = "H12"

    def bonus(self, seat: int, ending: Ending, winner: int, last: Tile | None) -> int:
        return -5 if seat == winner else 0

    def score_bounds(self, low: int, high: int) -> tuple[int, int]:
        return low - 5, high


def test_the_utility_bounds_hold_scores_below_zero_r17() -> None:
    """R17 with a house rule whose winner scores -5: the widest gap between two seats'
    scores grows by those 5 points, and every return of random games stays within it."""
    plain = load("chickie-duel", 2)
    game = ChickenFootGame({"house": "winner-rebate", "players": 2})
    assert game.max_utility() == plain.max_utility() + 5 == -game.min_utility()
    for returns in _random_returns(game, 30, 29):
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_the_utility_bounds_hold_the_points_of_going_out_on_a_double_r17c() -> None:
    """R17c: a seat that goes out on a double scores out_on_double, so the utility bounds
    widen by it; every return of random games stays within them, and a game whose winner
    went out on a double gives him those points."""
    game = load("chickie-duel", 2)
    costly = ChickenFootGame({"out_on_double": 500})
    assert costly.max_utility() == game.max_utility() + 500
    assert costly.min_utility() == game.min_utility() - 500
    rng = random.Random(17)
    seen = 0
    for _ in range(60):
        state = costly.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert all(costly.min_utility() <= r <= costly.max_utility() for r in returns)
        rnd = state.round
        assert rnd is not None
        outcome = rnd.outcome
        assert outcome is not None
        last = rnd.layout.placements[-1].tile
        if outcome.ending.name == "WENT_OUT" and last.high == last.low:
            assert outcome.scores[outcome.winner] == 500
            seen += 1
    assert seen >= 1


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_legal_actions_are_the_engine_moves(preset: str, players: int) -> None:
    """At every decision the legal actions decode to the round's legal moves, and their
    strings are the move notation; chance nodes deal undealt tiles and draw boneyard
    tiles, each as likely."""
    game = load(preset, players)
    rng = random.Random(1)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            rnd = state.round
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                tiles = {TILE[action] for action, _ in outcomes}
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                assert len({p for _, p in outcomes}) == 1
                if rnd is not None:  # a draw
                    assert tiles == set(rnd.boneyard)
                else:
                    centre = game.config.round_double
                    on_table = {centre} if game.rules.start == "centre" else set()
                    dealt = {TILE[a] for a in state.history()}
                    assert tiles == set(tile_set(game.config.n)) - dealt - on_table
            else:
                assert rnd is not None
                actions = state.legal_actions()
                assert actions == sorted(actions)
                moves = [state.action_to_move(a) for a in actions]
                assert sorted(moves, key=str) == sorted(rnd.legal_moves(), key=str)
                assert [state.action_to_string(state.current_player(), a) for a in actions] == [
                    str(m) for m in moves
                ]
                assert state.current_player() == rnd.to_move
            advance(state, rng, 1)
        assert state.round is not None
        assert state.round.is_over


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_information_state_hides_other_tiles(preset: str, players: int) -> None:
    """Two deals that differ only in tiles hidden from a seat (other hands, the tiles
    others drew) give that seat equal information states and observations, as strings and
    tensors, while the states themselves differ."""
    game = load(preset, players)
    rng = random.Random(2)
    hand = game.config.hand
    differed = 0
    for seed in range(2):
        state = game.new_initial_state()
        advance(state, random.Random(seed), game.config.dealt)
        while not state.is_terminal():
            advance(state, rng, rng.randrange(1, 15))
            rnd = state.round
            if rnd is None or rnd.is_over:
                continue
            core = state._core
            for seat in range(players):
                sample = rnd.view(seat).sample_state(rng)
                mine = core.deal[seat * hand : (seat + 1) * hand]
                deal: list[int] = []
                for other, dealt in enumerate(sample.dealt_hands):
                    deal.extend(mine if other == seat else (t.index for t in dealt))
                try:
                    twin = replay(game, deal, sample.history, core.awaiting)
                except IllegalMoveError:  # a rare sample that contradicts a move
                    continue
                assert_same_information(state, twin, seat)
                differed += str(twin) != str(state)
    assert differed > 0


def test_information_state_during_the_deal() -> None:
    """While dealing, a seat knows its own tiles and how many were dealt, nothing more."""
    game = load("classic", 3)
    state = game.new_initial_state()
    for tile in range(10):
        state.apply_action(tile)
    twin = game.new_initial_state()
    for tile in [*range(7), 30, 20, 10]:  # seat 1's first tiles differ
        twin.apply_action(tile)
    assert_same_information(state, twin, 0)
    assert state.information_state_string(1) != twin.information_state_string(1)
    # the observation too shows a seat its own tiles dealt so far, and only those
    assert state.observation_string(0) == twin.observation_string(0)
    assert state.observation_string(1) != twin.observation_string(1)


def fixed(value: float) -> Callable[[], float]:
    """A probability sampler that always returns ``value``."""
    return lambda: value


def test_resampling_draws_from_the_whole_range_of_the_sampler() -> None:
    """Every float of ``probability_sampler`` seeds its own sample: 300 evenly spread
    values give nearly as many different hidden deals, not a handful repeated."""
    game = load("classic", 3)
    state = game.new_initial_state()
    advance(state, random.Random(2), game.config.dealt + 3)
    seen = {str(state.resample_from_infostate(0, fixed(k / 300))) for k in range(300)}
    assert len(seen) > 250


def test_resampling_during_a_draw_keeps_the_drawer_without_a_play() -> None:
    """At the chance node of a draw, a resampled state of any seat is one where the
    drawer could draw: it held no play (R12), so its draw replays, and the seat sees the
    same as in this state."""
    game = load("classic", 3)
    rng = random.Random(2)
    found = 0
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal() and not (state.is_chance_node() and state.round):
            advance(state, rng, 1)
        if state.is_terminal():
            continue
        found += 1
        for seat in range(3):
            for k in range(10):
                other = state.resample_from_infostate(seat, fixed(k / 10))
                assert other.is_chance_node()
                assert_same_information(state, other, seat)
    assert found > 10


def test_swapping_hidden_tiles() -> None:
    """Seat 0 cannot tell a deal from the one with a tile of seat 1 and a boneyard tile
    swapped, before any move."""
    game = load("double-foot", 2)
    state = game.new_initial_state()
    advance(state, random.Random(3), game.config.dealt)
    core = state._core
    undealt = core.undealt()
    deal = list(core.deal)
    deal[game.config.hand] = undealt[0]  # seat 1's first tile goes back to the boneyard
    twin = replay(game, deal, (), False)
    assert_same_information(state, twin, 0)
    assert state.information_state_string(1) != twin.information_state_string(1)


def assert_same_information(a: ChickenFootState, b: ChickenFootState, seat: int) -> None:
    assert a.information_state_string(seat) == b.information_state_string(seat)
    assert a.observation_string(seat) == b.observation_string(seat)
    assert np.array_equal(a.information_state_tensor(seat), b.information_state_tensor(seat))
    assert np.array_equal(a.observation_tensor(seat), b.observation_tensor(seat))
    assert a.current_player() == b.current_player()
    if not a.is_chance_node() and a.current_player() == seat:
        assert a.legal_actions() == b.legal_actions()


def test_information_state_shows_own_draws_only() -> None:
    """A seat's information state names the tiles it drew, not those others drew."""
    game = load("classic", 2)
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        advance(state, rng, 1)
    rnd = state.round
    assert rnd is not None
    draws = [e for e in rnd.history if e.drawn is not None]
    assert draws
    for seat in range(2):
        text = state.information_state_string(seat)
        for e in draws:
            shown = f"{e.seat}:draw={e.drawn}" in text
            assert shown == (e.seat == seat)


def test_resample_from_infostate() -> None:
    """A resampled state looks the same to the seat, plays on, and serializes."""
    game = load("cross-and-foot", 3)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        advance(state, rng, rng.randrange(1, 10))
        if state.is_terminal():
            break
        seat = max(state.current_player(), 0)
        other = state.resample_from_infostate(seat, rng.random)
        assert_same_information(state, other, seat)
        text = pyspiel.serialize_game_and_state(game, other)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(other)
        advance(other, rng, 5)
        checked += 1
    assert checked > 3


def test_serialization_replays_the_history() -> None:
    """A state comes back from its serialization equal, with the same history."""
    game = load("double-foot", 3)
    state = game.new_initial_state()
    rng = random.Random(6)
    while not state.is_terminal():
        advance(state, rng, rng.randrange(5, 40))
        text = pyspiel.serialize_game_and_state(game, state)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert back.history() == state.history()
        assert str(back) == str(state)
        if state.round is not None:
            assert back.round.history == state.round.history
            assert back.round.hands == state.round.hands


def test_returns_are_zero_sum_margins() -> None:
    """Each seat's return is the mean of the others' penalty points minus its own (R17)."""
    game = load("classic", 4)
    state = game.new_initial_state()
    advance(state, random.Random(7), 10_000)
    rnd = state.round
    assert rnd is not None
    assert rnd.scores is not None
    scores = rnd.scores
    assert state.returns() == pytest.approx([(sum(scores) - s) / 3 - s for s in scores])
    assert sum(state.returns()) == pytest.approx(0.0)


def test_same_deal_as_round_deal() -> None:
    """Dealing the tiles in the order Round.deal shuffles them gives that round."""
    game = load("classic", 2)
    dealt = Round.deal(game.rules, 2, seed=8)
    state = game.new_initial_state()
    for hand in dealt.dealt_hands:
        for tile in hand:
            state.apply_action(tile.index)
    assert state.round is not None
    assert state.round.hands == dealt.hands
    assert sorted(state.round.boneyard) == sorted(dealt.boneyard)


def test_player_bot_plays_a_round() -> None:
    """PlayerBot seats a chickenfoot player (here RandomPlayer) at an OpenSpiel table."""
    game = load("chickie-duel")
    bots = [PlayerBot(RandomPlayer(), seed=seat) for seat in range(2)]
    state = game.new_initial_state()
    rng = random.Random(9)
    while not state.is_terminal():
        if state.is_chance_node():
            advance(state, rng, 1)
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_ismcts_searches_the_game() -> None:
    """OpenSpiel's IS-MCTS bot runs on the game (its resampling keeps the information
    state) and picks legal actions."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("chickie-duel")
    rng = random.Random(10)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(10)),
        uct_c=20.0,
        max_simulations=15,
        random_state=np.random.RandomState(10),
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 8:
        if state.is_chance_node():
            advance(state, rng, 1)
            continue
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 0


def test_observer_pieces() -> None:
    """The observation tensor's named pieces hold the seat's view."""
    game = load("classic", 3)
    state = game.new_initial_state()
    advance(state, random.Random(11), game.config.dealt + 12)
    rnd = state.round
    assert rnd is not None
    observer = game.make_py_observer()
    observer.set_from(state, 1)
    pieces = observer.dict
    assert np.flatnonzero(pieces["hand"]).tolist() == [t.index for t in rnd.hand(1)]
    assert pieces["hand_counts"].tolist() == list(rnd.hand_counts)
    assert pieces["boneyard"].tolist() == [len(rnd.boneyard)]
    assert "history" not in pieces
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    recall.set_from(state, 1)
    rows = recall.dict["history"]
    # the observer's table: valid, seat, play, draw, pass, tile high and low, onto given,
    # onto high and low, drawn tile known, its high and low
    assert rows.shape == (game.config.max_game_length, 13)
    assert "history       L, 13" in (ChickenFootObserver.__doc__ or "")
    assert int(rows[:, 0].sum()) == len(rnd.history) + (1 if state._core.awaiting else 0)
    assert np.array_equal(recall.tensor, np.asarray(state.information_state_tensor(1)))


def test_observation_strings_show_a_seat_its_own_hand_only() -> None:
    """In play, a seat's observation string holds its own hand and no other; an observer
    of the public information alone writes no hand at all."""
    game = load("classic", 3)
    state = game.new_initial_state()
    advance(state, random.Random(3), game.config.dealt + 5)
    rnd = state.round
    assert rnd is not None
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    for seat in range(3):
        parts = state.observation_string(seat).split("; ")
        hands = [p for p in parts if p.startswith("hand")]
        assert hands == [f"hand {' '.join(map(str, rnd.hand(seat)))}"]
        assert not [p for p in public.string_from(state, seat).split("; ") if "hand" in p]


def test_a_public_observer_with_perfect_recall_sees_no_drawn_tile_r13() -> None:
    """R13: a drawn tile is its drawer's alone. With perfect recall, the observer of the
    public information writes every draw without its tile, for every seat; a seat's own
    observer writes its own draws' tiles and no other seat's."""
    game = load("classic", 3)
    state = game.new_initial_state()
    advance(state, random.Random(3), game.config.dealt + 40)
    recall = {"perfect_recall": True, "public_info": True}
    public = game.make_py_observer(
        pyspiel.IIGObservationType(**recall, private_info=pyspiel.PrivateInfoType.NONE)
    )
    own = game.make_py_observer(
        pyspiel.IIGObservationType(**recall, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    )
    for seat in range(3):
        draws = re.findall(r"(\d+):draw(=\S+)?", public.string_from(state, seat))
        assert draws  # there were draws, each without its tile
        assert all(not tile for _, tile in draws)
        mine = re.findall(r"(\d+):draw(=\S+)?", own.string_from(state, seat))
        assert {int(s) for s, tile in mine if tile} == {seat}


def test_an_observer_of_every_seat_s_private_information_sees_every_hand() -> None:
    """With ``private_info=ALL_PLAYERS`` the observation holds every seat's hand, in the
    tensor's ``hands`` piece and in the string, during the deal and in play."""
    game = load("classic", 3)
    everyone = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
        )
    )
    state = game.new_initial_state()
    rng = random.Random(4)
    advance(state, rng, 10)  # ten tiles dealt
    everyone.set_from(state, 2)
    assert int(everyone.dict["hands"].sum()) == 10
    dealing = everyone.string_from(state, 2).split("; ")
    assert dealing[-1] == f"dealing 10 of {game.config.dealt}"
    assert [p.split(" ")[:2] for p in dealing[1:-1]] == [["hand", f"{s}"] for s in range(3)]
    advance(state, rng, game.config.dealt - 10 + 7)
    rnd = state.round
    assert rnd is not None
    everyone.set_from(state, 2)
    for seat in range(3):
        assert np.flatnonzero(everyone.dict["hands"][seat]).tolist() == sorted(
            t.index for t in rnd.hand(seat)
        )
    parts = everyone.string_from(state, 2).split("; ")
    assert [p for p in parts if p.startswith("hand ")] == [
        f"hand {seat} {' '.join(map(str, rnd.hand(seat)))}" for seat in range(3)
    ]


def test_the_observation_s_seat_to_move_is_the_current_player() -> None:
    """The ``to_move`` piece of a seat's observation is one-hot at the seat to move, seat
    0 included, and at its last slot at a chance node (a draw's tile) and at the end."""
    game = load("classic", 3)
    observer = game.make_py_observer()
    state = game.new_initial_state()
    rng = random.Random(6)
    advance(state, rng, game.config.dealt)
    seen = set()
    while True:
        current = state.current_player()
        observer.set_from(state, 1)
        slot = current if current >= 0 else 3
        assert np.flatnonzero(observer.dict["to_move"]).tolist() == [slot]
        seen.add(slot)
        if state.is_terminal():
            break
        advance(state, rng, 1)
    assert seen == {0, 1, 2, 3}


def test_observation_string_writes_the_table_in_the_move_notation() -> None:
    """The table of the observation string is the layout in play order, each placement
    as the move that made it (R4): parse_move reads every one back to its tile and parent."""
    game = load("classic", 3)
    state = game.new_initial_state()
    rng = random.Random(5)
    advance(state, rng, game.config.dealt)
    while not state.is_terminal() and (state.round is None or len(state.round.layout) < 6):
        advance(state, rng, 1)
    rnd = state.round
    assert rnd is not None
    (table,) = [p for p in state.observation_string(0).split("; ") if p.startswith("table ")]
    moves = [parse_move(word) for word in table.removeprefix("table ").split(" ")]
    assert [(m.tile, m.onto) for m in moves if isinstance(m, Play)] == [
        (p.tile, p.onto) for p in rnd.layout
    ]
    assert len(moves) == len(rnd.layout)


def test_the_round_double_and_the_first_seat_r6_r23() -> None:
    """By default a round is dealt for the set's highest double (R6) with seat 0 first
    (R23); ``round_double`` and ``first`` choose another double and any seat of the table,
    and a seat off the table is refused."""
    for preset, players in [("chickie-duel", 2), ("classic", 3)]:
        rng = random.Random(players)
        default = dealt_round(load(preset, players), rng)
        n = default.set_size
        assert default.dealt_for == Tile(n, n)
        assert default.first == 0
        assert dealt_round(load(preset, players, round_double=2), rng).dealt_for == Tile(2, 2)
        for first in range(players):
            rnd = dealt_round(load(preset, players, first=first), rng)
            assert (rnd.first, rnd.dealt_for) == (first, Tile(n, n))
        for seat in (-1, players):
            with pytest.raises(ValueError, match=f"first is a seat from 0 to {players - 1}"):
                load(preset, players, first=seat)


@pytest.mark.parametrize("start", ["holder", "centre"])
def test_the_boneyard_piece_counts_the_undealt_tiles_during_the_deal(start: str) -> None:
    """While the tiles are dealt (R5), the ``boneyard`` piece of the observation counts
    the tiles not dealt yet, less the round double set out at the centre in a centre
    start (R6); when the deal ends it is the round's boneyard."""
    game = load("classic", 3, start=start)
    n = game.config.n
    tiles = (n + 1) * (n + 2) // 2  # every pair of pips from 0 to n
    centre = 1 if start == "centre" else 0
    observer = game.make_py_observer()
    state = game.new_initial_state()
    rng = random.Random(12)
    counts = []
    while state.round is None:
        observer.set_from(state, 1)
        counts.append(observer.dict["boneyard"].tolist())
        advance(state, rng, 1)
    assert counts == [[tiles - centre - dealt] for dealt in range(game.config.dealt)]
    observer.set_from(state, 1)
    assert observer.dict["boneyard"].tolist() == [len(state.round.boneyard)]
    assert len(state.round.boneyard) == tiles - centre - game.config.dealt
    # a chance node for every tile dealt or drawn: all but the centre's double
    assert game.max_chance_nodes_in_history() == tiles - centre


def test_the_history_rows_flag_each_move_s_kind() -> None:
    """With perfect recall, the row of each move in the ``history`` piece is flagged
    valid, holds its seat, flags it as a play, a draw or a pass with 1 (one flag a row),
    holds a play's tile and the tile it goes onto (R4), and the tile of a draw of the
    observing seat's own, flagged with 1 (R13): in random rounds played to
    their end until plays, draws and passes have all been seen."""
    game = load("chickie-duel")
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    rng = random.Random(13)
    kinds: set[type] = set()
    shown = 0
    while kinds != {Play, Draw, Pass}:
        state = game.new_initial_state()
        while not state.is_terminal():
            advance(state, rng, 1)
        rnd = state.round
        assert rnd is not None
        recall.set_from(state, 0)
        rows = recall.dict["history"]
        events = rnd.history
        for row, event in zip(rows, events, strict=False):
            move = event.move
            kinds.add(type(move))
            kind = [isinstance(move, Play), isinstance(move, Draw), isinstance(move, Pass)]
            assert row[:5].tolist() == [1.0, float(event.seat), *map(float, kind)]
            if isinstance(move, Play):
                assert row[5:7].tolist() == [move.tile.high, move.tile.low]
                onto = move.onto
                assert row[7:10].tolist() == (
                    [0.0, 0.0, 0.0] if onto is None else [1.0, onto.high, onto.low]
                )
            # seat 0's own draws show the tile drawn, flagged with 1; the other's, nothing
            drawn = event.drawn if event.seat == 0 else None
            assert row[10:13].tolist() == (
                [0.0, 0.0, 0.0] if drawn is None else [1.0, drawn.high, drawn.low]
            )
            shown += drawn is not None
        assert not rows[len(events) :].any()
    assert shown > 0
