"""OpenSpiel's IS-MCTS bot against chickenfoot's SearchPlayer, on a few rounds.

The game is loaded from ``pyspiel`` by name, as any OpenSpiel game is; OpenSpiel's
information-set Monte Carlo tree search (``open_spiel.python.algorithms.ismcts``) plays one
seat, and :class:`chickenfoot.bots.SearchPlayer`, through the :class:`PlayerBot` adapter,
the other. The seats swap every round. Everything is seeded, so the output is the same on
every run. Needs ``pip install "chickenfoot[openspiel]"``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Protocol

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from chickenfoot.openspiel import ChickenFootState, PlayerBot
except ImportError:  # the example needs the openspiel extra
    print("skipped: this example needs chickenfoot[openspiel] (open_spiel and numpy)")
    sys.exit(0)

from chickenfoot.bots import SearchPlayer

ROUNDS = 4
SIMULATIONS = 200


class Bot(Protocol):
    """What the loop below needs of a bot: OpenSpiel's ``step``."""

    def step(self, state: ChickenFootState) -> int: ...


def resampler(rng: random.Random) -> Callable[[ChickenFootState, int], ChickenFootState]:
    """A seeded world sampler for IS-MCTS (its default one is seeded from the clock)."""

    def resample(state: ChickenFootState, player: int) -> ChickenFootState:
        return state.resample_from_infostate(player, rng.random)

    return resample


def play(state: ChickenFootState, bots: list[Bot], rng: np.random.RandomState) -> list[float]:
    """Play ``state`` to its end: chance nodes sampled by ``rng``, each seat by its bot."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    return list(state.returns())


def main() -> None:
    game = pyspiel.load_game("chickenfoot", {"preset": "chickie-duel"})
    print(f"chickie-duel: IS-MCTS ({SIMULATIONS} simulations) against SearchPlayer")
    totals = {"ismcts": 0.0, "search": 0.0}
    for index in range(ROUNDS):
        seed = 100 + index
        search = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
            uct_c=20.0,  # returns are penalty points, tens of them, not +-1
            max_simulations=SIMULATIONS,
            random_state=np.random.RandomState(seed),
        )
        search.set_resampler(resampler(random.Random(seed)))
        player = PlayerBot(SearchPlayer(samples=8, playouts=200), seed=seed)
        names = ["ismcts", "search"] if index % 2 == 0 else ["search", "ismcts"]
        bots: list[Bot] = [search, player] if index % 2 == 0 else [player, search]
        state: ChickenFootState = game.new_initial_state()
        returns = play(state, bots, np.random.RandomState(seed))
        for name, value in zip(names, returns, strict=True):
            totals[name] += value
        rnd = state.round
        scores = rnd.scores if rnd is not None and rnd.scores is not None else ()
        points = ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
        print(f"round {index + 1}: penalty points {points}")
    print(f"total margin over {ROUNDS} rounds: {totals}")


if __name__ == "__main__":
    main()
