"""Time random playouts: how many whole rounds per second each preset plays.

Every round is dealt for the smallest table the preset allows and played to the end with
moves picked at random among the legal ones.
"""

from __future__ import annotations

import random
import sys
import time

from chickenfoot import PRESETS, Round, Rules


def playout(rules: Rules, players: int, seed: int) -> int:
    """Play one seeded random round to the end and return its number of moves."""
    rng = random.Random(seed)
    rnd = Round.deal(rules, players, seed=seed)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    return len(rnd.moves)


def main(rounds: int) -> None:
    for name, rules in PRESETS.items():
        players = min(rules.player_counts)
        start = time.perf_counter()
        moves = sum(playout(rules, players, seed) for seed in range(rounds))
        elapsed = time.perf_counter() - start
        print(
            f"{name:>15}: {rounds / elapsed:8.1f} rounds/s, "
            f"{moves / elapsed:10.1f} moves/s ({rounds} rounds, {players} players)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
