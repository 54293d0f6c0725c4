"""Play one random round of every preset and print how it ended.

Each round is dealt for the smallest table the preset allows, and every turn picks one of
the legal moves at random, so the output is the same on every run.
"""

from __future__ import annotations

import random

from chickenfoot import PRESETS, Round


def main() -> None:
    for name, rules in PRESETS.items():
        players = min(rules.player_counts)
        rnd = Round.deal(rules, players, seed=1)
        rng = random.Random(1)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        print(f"{name}: {players} players, {len(rnd.moves)} moves")
        print(f"  outcome: {rnd.outcome}")
        print(f"  scores:  {rnd.scores}")


if __name__ == "__main__":
    main()
