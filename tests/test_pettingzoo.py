"""The PettingZoo environment (chickenfoot.pettingzoo).

PettingZoo's own API and seed tests run on every preset, for the fewest players it allows
and one more, by the round and by the match. The action mask is checked against the
engine's legal moves, and the observation against what a seat may see: two rounds that
differ only in tiles hidden from a seat give it the same observation.

Skipped unless pettingzoo, gymnasium and numpy are installed (``nox -s adapters``).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pytest.importorskip("numpy")

import numpy as np
from pettingzoo.test import api_test, seed_test

from chickenfoot import PRESETS, IllegalMoveError, Match, Round, RulesError
from chickenfoot.pettingzoo import (
    ChickenFootEnv,
    action_count,
    encode_view,
    env,
    observation_layout,
    raw_env,
)

#: (preset, players): the fewest players of every preset and one more where it allows.
CASES = [(name, p) for name, rules in PRESETS.items() for p in rules.player_counts[:2]]
CASE_IDS = [f"{name}-{p}" for name, p in CASES]

# PettingZoo's api_test warns about dict observations with an action mask, the layout of
# its own classic games, which it exempts only by their names.
dict_observations = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)


def random_steps(game: ChickenFootEnv, rng: random.Random, count: int) -> None:
    """Take ``count`` random legal steps (fewer if the episode ends)."""
    for _ in range(count):
        agent = game.agent_selection
        if game.terminations[agent]:
            return
        mask = game.observe(agent)["action_mask"]
        game.step(rng.choice(np.flatnonzero(mask).tolist()))


@dict_observations
@pytest.mark.parametrize("match", [False, True], ids=["round", "match"])
@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_api(preset: str, players: int, match: bool) -> None:
    """PettingZoo's api_test passes on the wrapped environment."""
    api_test(env(rules=preset, players=players, match=match), num_cycles=200)


@pytest.mark.parametrize("match", [False, True], ids=["round", "match"])
@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_seed(preset: str, players: int, match: bool) -> None:
    """PettingZoo's seed_test: the same seed plays the same episode."""
    seed_test(lambda: env(rules=preset, players=players, match=match), num_cycles=200)


@dict_observations
def test_api_of_the_raw_environment() -> None:
    """The bare environment passes api_test as well."""
    api_test(raw_env(rules="classic", players=3), num_cycles=200)


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_action_mask_is_the_legal_moves(preset: str, players: int) -> None:
    """The mask of the agent to move marks exactly its view's legal moves; the others'
    masks are empty."""
    game = raw_env(rules=preset, players=players)
    rng = random.Random(1)
    for seed in range(3):
        game.reset(seed=seed)
        while not game.terminations[game.agent_selection]:
            rnd = game.round
            for seat, agent in enumerate(game.possible_agents):
                mask = game.observe(agent)["action_mask"]
                view = rnd.view(seat)
                moves = {game.action_to_move(a) for a in np.flatnonzero(mask).tolist()}
                assert moves == set(view.legal_moves())
                assert int(mask.sum()) == len(view.legal_moves())
                if seat == rnd.to_move:
                    assert game.agent_selection == agent
                    assert moves == set(rnd.legal_moves())
            random_steps(game, rng, 1)


def _size_tables() -> list[list[tuple[str, str]]]:
    """The (name, size) rows of the observation's table in ``observation_layout``'s
    docstring and on the adapters page."""
    doc = observation_layout.__doc__ or ""
    rows = re.findall(r"^ {4}([a-z_]+) {2,}([^ ].*?) {2,}\S", doc, re.MULTILINE)
    page = (Path(__file__).resolve().parents[1] / "docs" / "adapters.md").read_text("utf-8")
    table = page.split("| part | size | content |\n", 1)[1].split("\n\n", 1)[0]
    cells = re.findall(r"^\| `([a-z_]+)` \| ([^|]+?) \|", table, re.MULTILINE)
    return [[row for row in rows if row[0] != "name"], cells]


def _length(size: str, sizes: dict[str, int]) -> int:
    """A size of the tables: a number, a letter, or two joined by ``+``, ``*`` or the
    multiplication sign ("6", "T", "N + 1", "P * T")."""
    words = re.split(r" ([+*\u00d7]) ", size.strip())
    value = int(words[0]) if words[0].isdigit() else sizes[words[0]]
    for sign, word in zip(words[1::2], words[2::2], strict=True):
        term = int(word) if word.isdigit() else sizes[word]
        value = value + term if sign == "+" else value * term
    return value


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_the_observation_has_the_parts_its_tables_say(preset: str, players: int) -> None:
    """Both tables of the observation (the docstring's and the adapters page's) name the
    parts in the order of ``observation_layout``, each as long as its size says (N the
    set size, T its tiles, P the players), one after another from 0."""
    rules = PRESETS[preset]
    n = rules.set_size(players)
    sizes = {"N": n, "T": (n + 1) * (n + 2) // 2, "P": players}
    layout = observation_layout(rules, players)
    for table in _size_tables():
        assert [name for name, _ in table] == list(layout)
        at = 0
        for name, size in table:
            length = _length(size, sizes)
            assert layout[name] == slice(at, at + length), name
            at += length


@pytest.mark.parametrize(("preset", "players"), CASES, ids=CASE_IDS)
def test_observation_depends_only_on_the_view(preset: str, players: int) -> None:
    """Two rounds that differ only in tiles hidden from a seat (other hands, the
    boneyard's order) give that seat the same observation and mask."""
    game = raw_env(rules=preset, players=players)
    rng = random.Random(2)
    changed = 0
    for seed in range(3):
        game.reset(seed=seed)
        for _ in range(6):
            random_steps(game, rng, rng.randrange(1, 12))
            rnd = game.round
            if rnd.is_over:
                break
            for seat, agent in enumerate(game.possible_agents):
                before = game.observe(agent)
                other = rnd.view(seat).sample_state(rng)
                changed += other.hands != rnd.hands or other.boneyard != rnd.boneyard
                game._game = other
                after = game.observe(agent)
                game._game = rnd
                assert np.array_equal(before["observation"], after["observation"])
                assert np.array_equal(before["action_mask"], after["action_mask"])
    assert changed > 0  # the samples did change hidden tiles


def test_observation_layout() -> None:
    """The observation's parts lie where observation_layout says, and hold the view: the
    table's tiles, and each seat's (counted from the observer) in its row of played tiles."""
    game = raw_env(rules="classic", players=3)
    game.reset(seed=4)
    rng = random.Random(4)
    random_steps(game, rng, 20)
    for _ in range(200):  # past the round double: seats have played
        if len(game.round.layout) >= 6:
            break
        random_steps(game, rng, 1)
    rnd = game.round
    seat = rnd.to_move
    assert seat is not None
    obs = game.observe(game.possible_agents[seat])["observation"]
    layout = observation_layout(game.rules, 3)
    assert obs.shape == (layout["totals"].stop,)
    assert obs.dtype == np.float32
    hand = np.flatnonzero(obs[layout["hand"]]).tolist()
    assert hand == [t.index for t in rnd.hand(seat)]
    assert np.flatnonzero(obs[layout["table"]]).tolist() == sorted(
        t.index for t in rnd.layout.tiles
    )
    played = obs[layout["played_by"]].reshape(3, -1)
    for r in range(3):
        mine = [p.tile.index for p in rnd.layout if p.seat == (seat + r) % 3]
        assert np.flatnonzero(played[r]).tolist() == sorted(mine)
    assert played.sum() == sum(p.seat is not None for p in rnd.layout) > 0
    counts = obs[layout["hand_counts"]].tolist()
    assert counts == [rnd.hand_counts[(seat + r) % 3] for r in range(3)]
    assert obs[layout["boneyard"]].tolist() == [len(rnd.boneyard)]
    assert obs[layout["to_move"]].tolist() == [1.0, 0.0, 0.0, 0.0]
    open_ends = obs[layout["open_ends"]]
    assert open_ends.sum() == sum(end.places for end in rnd.open_ends)
    assert np.array_equal(obs, encode_view(rnd.view(seat)))


def test_match_observation_has_totals() -> None:
    """In a match the observation holds the round index and the totals, by relative seat."""
    game = raw_env(rules="chickie-duel", match=True)
    game.reset(seed=5)
    rng = random.Random(5)
    match = game._game
    while isinstance(match, Match) and match.round_index == 0:
        random_steps(game, rng, 1)
        match = game._game
    assert isinstance(match, Match)
    layout = observation_layout(game.rules, 2)
    obs = game.observe("player_1")["observation"]
    assert obs[layout["round_index"]].tolist() == [1.0]
    assert obs[layout["totals"]].tolist() == [match.totals[1], match.totals[0]]
    assert np.array_equal(obs, encode_view(match.view(1)))


@pytest.mark.parametrize("reward", ["margin", "penalty"])
def test_rewards_are_the_round_scores(reward: Any) -> None:
    """An episode's rewards are the round's penalty points: minus them, or the margin over
    the mean of the others (zero-sum) (R17)."""
    game = raw_env(rules="classic", players=3, reward=reward)
    game.reset(seed=6)
    rng = random.Random(6)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, gained, terminated, _, _ = game.last()
        totals[agent] += gained
        if terminated:
            game.step(None)
        else:
            game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    scores = game.round.scores
    assert scores is not None
    got = [totals[agent] for agent in game.possible_agents]
    if reward == "penalty":
        assert got == [-float(s) for s in scores]
    else:
        assert got == pytest.approx([(sum(scores) - s) / 2 - s for s in scores])
        assert sum(got) == pytest.approx(0.0)


def test_match_episode_rewards_every_round() -> None:
    """A match episode ends with the match; its rewards add up the rounds' margins."""
    game = raw_env(rules="chickie-duel", match=True)
    game.reset(seed=7)
    rng = random.Random(7)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, gained, terminated, _, _ = game.last()
        totals[agent] += gained
        game.step(
            None if terminated else rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        )
    match = game._game
    assert isinstance(match, Match)
    assert match.is_over
    a, b = match.totals
    assert [totals["player_0"], totals["player_1"]] == [b - a, a - b]


def test_same_seed_same_deal_and_reset_continues() -> None:
    """reset(seed=...) fixes the deal; reset() without a seed deals a new round."""
    game = raw_env(rules="classic")
    game.reset(seed=8)
    first = game.round.hands
    game.reset()
    assert game.round.hands != first
    game.reset(seed=8)
    assert game.round.hands == first


#: The seed of the round ``reset(seed=...)`` deals, for a few seeds: a seed deals the same
#: round from release to release, as the library's own seeds do (tests/test_seeds.py).
PINNED_DEALS = ((0, 5874934615388537134), (1, 4720721261117928062), (2, 2412946043537042528))


@pytest.mark.parametrize(("seed", "deal"), PINNED_DEALS)
def test_a_seed_deals_the_round_it_dealt_before(seed: int, deal: int) -> None:
    game = raw_env(rules="classic")
    game.reset(seed=seed)
    assert game.round == Round.deal(PRESETS["classic"], game.players, seed=deal)


def test_illegal_actions(caplog: pytest.LogCaptureFixture) -> None:
    """The bare environment refuses an illegal move; the wrapped one ends the episode
    with the illegal reward."""
    bare = raw_env(rules="chickie-duel")
    bare.reset(seed=9)
    legal = set(np.flatnonzero(bare.observe(bare.agent_selection)["action_mask"]).tolist())
    illegal = next(a for a in range(action_count(6)) if a not in legal)
    with pytest.raises((IllegalMoveError, ValueError)):
        bare.step(illegal)
    wrapped = env(rules="chickie-duel", illegal_reward=-100.0)
    wrapped.reset(seed=9)
    agent = wrapped.agent_selection
    wrapped.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -100.0


def test_render(capsys: pytest.CaptureFixture[str]) -> None:
    """ansi returns the table as text, human prints it; rgb_array is not offered."""
    game = raw_env(rules="chickie-duel", render_mode="ansi")
    game.reset(seed=10)
    random_steps(game, random.Random(10), 30)
    text = game.render()
    assert isinstance(text, str)
    assert "round double" in text
    assert "seat 0:" in text
    assert "seat 1:" in text
    shown = raw_env(rules="chickie-duel", render_mode="human")
    shown.reset(seed=10)
    assert shown.render() is None
    assert "seat 0:" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")


def test_render_of_a_match_heads_the_table_with_the_round_and_the_totals() -> None:
    """A match's text names the round of the schedule's count (R19), or the round alone
    where a target ends the match (R20), and the totals so far."""
    game = raw_env(rules="chickie-duel", match=True, render_mode="ansi")
    game.reset(seed=5)
    first = game.render()
    assert isinstance(first, str)
    assert first.startswith("chickie-duel, 2 players, round 1 of 7, totals [0, 0]: seat ")
    rng = random.Random(5)
    match = game._game
    while isinstance(match, Match) and match.round_index == 0:
        random_steps(game, rng, 1)
        match = game._game
    assert isinstance(match, Match)
    text = game.render()
    assert isinstance(text, str)
    assert text.startswith(f"chickie-duel, 2 players, round 2 of 7, totals {list(match.totals)}: ")
    target = attrs.evolve(PRESETS["chickie-duel"], target=100)
    aimed = raw_env(rules=target, match=True, render_mode="ansi")
    aimed.reset(seed=5)
    text = aimed.render()
    assert isinstance(text, str)
    assert text.startswith("chickie-duel, 2 players, round 1, totals [0, 0]: seat ")


def test_arguments() -> None:
    """Presets by name or value, a default player count, and clear refusals."""
    assert raw_env(rules=PRESETS["double-foot"]).players == 2
    assert raw_env(rules="Double Chicken Foot", players=5).set_size == 9
    with pytest.raises(RulesError):
        raw_env(rules="chickie-duel", players=3)
    with pytest.raises(RulesError):
        raw_env(rules="no such preset")
    with pytest.raises(ValueError, match="reward"):
        raw_env(reward="win")


def test_environment_reads_no_hidden_state() -> None:
    """The observation is built from the view: a round and its record replay agree."""
    game = raw_env(rules="cross-and-foot", players=3)
    game.reset(seed=11)
    random_steps(game, random.Random(11), 25)
    rnd = game.round
    replayed = Round.from_json(rnd.to_json())
    for seat, agent in enumerate(game.possible_agents):
        assert np.array_equal(game.observe(agent)["observation"], encode_view(replayed.view(seat)))
