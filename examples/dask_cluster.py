"""Run a simulation on a Dask cluster through its concurrent.futures executor.

:func:`chickenfoot.simulation.simulate` takes any :class:`concurrent.futures.Executor`.
``Client.get_executor()`` is the one of a Dask cluster: here a ``LocalCluster`` of two
worker processes on this machine, bound to 127.0.0.1 and without its dashboard. To use a
real cluster, connect with ``Client("tcp://scheduler:8786")`` instead; the workers need
chickenfoot installed. The summary is the same as with a local process pool.

Needs ``pip install "chickenfoot[dask]"``; without Dask the script says so and stops.
"""

from __future__ import annotations

import importlib.util

import attrs

from chickenfoot import PRESETS
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer
from chickenfoot.simulation import simulate


def main() -> None:
    if importlib.util.find_spec("distributed") is None:
        print('Dask is not installed: pip install "chickenfoot[dask]"')
        return
    from dask.distributed import Client, LocalCluster

    rules = attrs.evolve(PRESETS["classic"], rounds=2)
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), RandomPlayer()]
    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        summary = simulate(rules, bots, games=20, seed=1, executor=client.get_executor())
        local = simulate(rules, bots, games=20, seed=1, jobs=1)

    print(f"{summary.games} games on the cluster, {summary.rounds} rounds")
    for seat in summary.seats:
        print(
            f"  seat {seat.seat} {seat.bot:<7} won {seat.wins:>2}, mean total {seat.mean_total:.1f}"
        )
    print("same summary as in this process:", summary == local)


if __name__ == "__main__":
    main()
