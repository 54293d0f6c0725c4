"""Random agents in the PettingZoo environment: one round of every preset, then a match.

Every agent samples a legal action from its action mask, the standard PettingZoo loop.
The environment and the action spaces are seeded, so the output is the same on every run.
Needs ``pip install "chickenfoot[pettingzoo]"``.
"""

from __future__ import annotations

import sys
from typing import Any

try:
    from chickenfoot.pettingzoo import env
except ImportError:  # the example needs the pettingzoo extra
    print("skipped: this example needs chickenfoot[pettingzoo] (pettingzoo, gymnasium, numpy)")
    sys.exit(0)

from chickenfoot import PRESETS


def play(game: Any, seed: int, moves: int = 2**63) -> dict[str, float]:
    """Play ``game`` from a reset with ``seed``, with random legal actions, for at most
    ``moves`` steps; return every agent's total reward."""
    game.reset(seed=seed)
    for i, agent in enumerate(game.possible_agents):
        game.action_space(agent).seed(seed + i)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter(moves):
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = game.action_space(agent).sample(observation["action_mask"])
        game.step(action)
    return totals


def main() -> None:
    for name, rules in PRESETS.items():
        players = min(rules.player_counts)
        rewards = play(env(rules=name, players=players), seed=1)
        print(f"{name}, one round of {players}: rewards {rewards}")

    game = env(rules="chickie-duel", render_mode="ansi")
    play(game, seed=2, moves=40)
    print("chickie-duel after 40 moves:")
    print(game.render())

    rewards = play(env(rules="chickie-duel", match=True), seed=3)
    print(f"chickie-duel, a whole match: rewards {rewards}")


if __name__ == "__main__":
    main()
