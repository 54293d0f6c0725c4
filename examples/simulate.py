"""Play 72 rounds between bots on a process pool and print the summary.

Two greedy bots and two random ones play 24 matches of the classic rules, cut to three
rounds each so that the example runs in seconds. Every game is dealt and played from its
own seed, derived from the run's seed, so the output is the same on every run and with
any number of worker processes.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing

import attrs

from chickenfoot import PRESETS
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer
from chickenfoot.simulation import simulate


def main() -> None:
    rules = attrs.evolve(PRESETS["classic"], rounds=3)
    bots: list[Player] = [GreedyPlayer(), GreedyPlayer(), RandomPlayer(), RandomPlayer()]
    # "spawn" starts fresh interpreters on every platform; they import the bots by name.
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        summary = simulate(rules, bots, games=24, seed=1, executor=pool)

    print(f"{summary.games} games of {summary.rules.name}, {summary.rounds} rounds")
    for seat in summary.seats:
        print(
            f"  seat {seat.seat} {seat.bot:<7} won {seat.wins:>2} "
            f"({seat.shared_wins} shared), mean total {seat.mean_total:6.1f}, "
            f"{seat.mean_penalty:5.1f} points a round"
        )
    for bot in summary.bots:
        print(f"  {bot.name:<7} wins {100 * bot.win_rate:5.1f}% of its seat-games")
    print(
        f"  a round takes {summary.moves_per_round:.1f} moves, "
        f"{summary.draws_per_round:.1f} of them draws; {100 * summary.blocked_rate:.0f}% block"
    )


if __name__ == "__main__":
    main()
