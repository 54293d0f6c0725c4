"""Level 5 against OpenSpiel's IS-MCTS at equal CPU time per decision, at 2 and 4 seats.

The opponent is :class:`chickenfoot.openspiel.ISMCTSPlayer`, OpenSpiel's
``ISMCTSBot`` with random rollouts on the seat's own view. Its budget is counted in
simulations; this script finds the number of simulations that costs it the CPU time per
decision of :func:`level(5) <chickenfoot.bots.level>` in real games, then plays the
match:

1. **Calibration.** Both bots are timed with :func:`time.process_time` on every decision
   with more than one legal move, inside games of a
   :func:`~chickenfoot.tournament.play_tournament` between them (the deals of a seed
   of their own, new deals every step). After each step the simulations are scaled by
   the ratio of the CPU time per decision of IS-MCTS to level 5's, until that ratio is
   within ``--tolerance`` (5%) of 1.
2. **Match.** Duplicate deals of ``classic``, one round a game: at 2 seats level 5 and
   IS-MCTS swap seats, at 4 seats two of each sit ``level5, level5-2, ismcts, ismcts-2``
   and every deal is played in the four rotations. The CPU time per decision is measured
   again in these games, and the ratio recorded beside the result.

The result is level 5's penalty points per round minus IS-MCTS's (negative: level 5
takes fewer), one value per deal (every rotation of it, each bot's seats averaged), with
the 95% interval of their mean; from their spread, the deals a 95% interval that excludes
0 would need if the true difference were the measured one.

It writes ``benchmarks/results/ismcts.md`` and ``ismcts.json`` (``--out`` chooses the
folder), after each seat count. ``nox -s versus_ismcts`` runs it; the deals of a full
run take hours of CPU time, and ``--deals2 2 --deals4 1`` is a quick look::

    python benchmarks/versus_ismcts.py --deals2 200 --deals4 100

Needs the ``bench`` dependency group (open_spiel, numpy).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from chickenfoot import Move, RoundView, find_preset
from chickenfoot.bots import Player, level
from chickenfoot.openspiel import ISMCTSPlayer
from chickenfoot.tournament import Entrant, Results, play_tournament

RESULTS = Path(__file__).parent / "results"
#: The variant of the match.
PRESET = "classic"


@attrs.define(eq=False)
class Timed:
    """A player that adds up the process time of its decisions with a choice."""

    player: Player
    seconds: float = 0.0
    decisions: int = 0

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return self.player.choose(view, rng)
        start = time.process_time()
        move = self.player.choose(view, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return move

    @property
    def per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)


@attrs.frozen
class _Same:
    """A factory handing out one player (the timed ones count across the games)."""

    player: Player

    def __call__(self) -> Player:
        return self.player


def play(simulations: int, seats: int, deals: int, seed: int) -> tuple[Results, Timed, Timed]:
    """Level 5 against IS-MCTS of ``simulations`` on ``deals`` duplicate deals of
    ``seed``, half the seats each; the results and the two timed bots."""
    strong = Timed(level(5))
    search = Timed(ISMCTSPlayer(simulations=simulations))
    half = seats // 2
    field = [
        *(Entrant("level5" if i == 0 else f"level5-{i + 1}", _Same(strong)) for i in range(half)),
        *(Entrant("ismcts" if i == 0 else f"ismcts-{i + 1}", _Same(search)) for i in range(half)),
    ]
    results = play_tournament(
        field, find_preset(PRESET), seats=seats, deals=deals, seed=seed, jobs=1
    )
    return results, strong, search


def calibrate(
    seats: int, start: int, deals: int, seed: int, tolerance: float, steps: int
) -> tuple[int, list[dict[str, Any]]]:
    """The simulations whose CPU time per decision is within ``tolerance`` of level 5's,
    and every step of the search for them."""
    simulations = start
    log: list[dict[str, Any]] = []
    for step in range(steps):
        _, strong, search = play(simulations, seats, deals, seed + step)
        ratio = search.per_decision / strong.per_decision
        log.append(
            {
                "simulations": simulations,
                "seed": seed + step,
                "deals": deals,
                "level5_cpu": strong.per_decision,
                "ismcts_cpu": search.per_decision,
                "level5_decisions": strong.decisions,
                "ismcts_decisions": search.decisions,
                "ratio": ratio,
            }
        )
        print(
            f"{seats} seats, {simulations} simulations: level5 {strong.per_decision:.4f} s, "
            f"ismcts {search.per_decision:.4f} s per decision, ratio {ratio:.3f}",
            file=sys.stderr,
            flush=True,
        )
        if abs(ratio - 1) <= tolerance:
            return simulations, log
        simulations = max(1, round(simulations / ratio))
    return simulations, log


def differences(results: Results) -> list[float]:
    """Per deal: level 5's penalty points per round minus IS-MCTS's, every rotation of
    the deal together and each bot's seats averaged."""
    strong = {i for i, name in enumerate(results.names) if name.startswith("level5")}
    per_deal: dict[int, list[float]] = {}
    for game in results.games:
        mine = [p for e, p in zip(game.seats, game.penalties, strict=True) if e in strong]
        theirs = [p for e, p in zip(game.seats, game.penalties, strict=True) if e not in strong]
        value = (sum(mine) / len(mine) - sum(theirs) / len(theirs)) / game.rounds
        per_deal.setdefault(game.deal, []).append(value)
    return [sum(v) / len(v) for _, v in sorted(per_deal.items())]


def summary(values: Sequence[float]) -> dict[str, float | int | None]:
    """The mean of ``values``, its 95% interval, their standard deviation, and the deals
    a 95% interval excluding 0 would need at that mean and spread."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else None
    half = None if sd is None else 1.96 * sd / math.sqrt(n)
    needed = None
    if sd is not None and mean != 0:
        needed = math.ceil((1.96 * sd / mean) ** 2)
    return {
        "deals": n,
        "mean": mean,
        "low": None if half is None else mean - half,
        "high": None if half is None else mean + half,
        "sd": sd,
        "deals_needed": needed,
    }


def match(seats: int, args: argparse.Namespace) -> dict[str, Any]:
    """Calibrate, then play the match at ``seats``; everything measured, as JSON values."""
    deals = args.deals2 if seats == 2 else args.deals4
    probe = args.probe2 if seats == 2 else args.probe4
    simulations, log = calibrate(
        seats, args.start, probe, 1_000_000 + 1000 * seats, args.tolerance, args.steps
    )
    results, strong, search = play(simulations, seats, deals, args.seed)
    values = differences(results)
    header, rows = results.rows()
    return {
        "seats": seats,
        "simulations": simulations,
        "calibration": log,
        "calibrated": abs(log[-1]["ratio"] - 1) <= args.tolerance,
        "level5_cpu": strong.per_decision,
        "ismcts_cpu": search.per_decision,
        "level5_decisions": strong.decisions,
        "ismcts_decisions": search.decisions,
        "ratio": search.per_decision / strong.per_decision,
        "difference": summary(values),
        "per_deal": values,
        "title": results.title(),
        "table": [header, *rows],
        "results": results.to_dict(),
    }


def _number(value: float | None, spec: str) -> str:
    return "n/a" if value is None else format(value, spec)


def markdown(args: argparse.Namespace, done: Sequence[dict[str, Any]], started: float) -> str:
    """The results file: how it was made, the calibration and the matches."""
    lines = [
        f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, one process"
        ),
        f"- command: `python benchmarks/versus_ismcts.py {shlex.join(sys.argv[1:])}`",
        (
            f"- games: one round of `{PRESET}` a game on duplicate deals (tournament seed "
            f"{args.seed}), every deal in every rotation of the seats; at 4 seats two seats "
            "each"
        ),
        (
            "- bots: `level(5)` and `ISMCTSPlayer` (OpenSpiel's `ISMCTSBot`, random "
            "rollouts, uct_c=20) with the simulations that match level 5's CPU time per "
            f"decision within {args.tolerance:.0%}, calibrated on other deals; CPU time: "
            "`time.process_time()` of every decision with more than one legal move"
        ),
        (
            "- difference: level 5's penalty points per round minus IS-MCTS's, per deal "
            "(negative: level 5 takes fewer), 95% interval of the mean over the deals"
        ),
        "",
        "Calibration, in real games between the two (each step on new deals):",
        "",
        (
            "| seats | step | simulations | deals | level 5 CPU s per decision "
            "| IS-MCTS CPU s per decision | ratio |"
        ),
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for m in done:
        for i, step in enumerate(m["calibration"]):
            lines.append(
                f"| {m['seats']} | {i + 1} | {step['simulations']} | {step['deals']} "
                f"| {step['level5_cpu']:.4f} | {step['ismcts_cpu']:.4f} | {step['ratio']:.3f} |"
            )
    lines += [
        "",
        "The match, CPU time measured again in its games:",
        "",
        (
            "| seats | simulations | deals | level 5 CPU s per decision "
            "| IS-MCTS CPU s per decision | ratio | level 5 minus IS-MCTS, penalty per round "
            "(95% CI) | deals for a 95% result |"
        ),
        "|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for m in done:
        d = m["difference"]
        needed = "" if d["deals_needed"] is None else str(d["deals_needed"])
        lines.append(
            f"| {m['seats']} | {m['simulations']} | {d['deals']} | {m['level5_cpu']:.4f} "
            f"| {m['ismcts_cpu']:.4f} | {m['ratio']:.3f} | {d['mean']:+.2f} "
            f"({_number(d['low'], '+.2f')} to {_number(d['high'], '+.2f')}) | {needed} |"
        )
    lines += [
        "",
        (
            "The deals for a 95% result: how many a 95% interval that excludes 0 needs, "
            "were the true difference the measured one with the measured spread, "
            "(1.96 sd / mean) squared."
        ),
        "",
    ]
    for m in done:
        header, *rows = m["table"]
        lines += [f"{m['title']}:", "", "| " + " | ".join(header) + " |"]
        lines.append("|---|" + "---:|" * (len(header) - 1))
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        lines.append("")
        if abs(m["ratio"] - 1) > args.tolerance:
            lines += [
                (
                    f"At {m['seats']} seats the match's CPU ratio is outside the "
                    f"{args.tolerance:.0%} of the calibration."
                ),
                "",
            ]
    cpu = time.process_time()
    wall = time.perf_counter() - started
    lines.append(f"The run took {cpu / 60:.1f} CPU minutes ({wall / 60:.1f} minutes of wall time).")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Level 5 against OpenSpiel's IS-MCTS.")
    parser.add_argument("--deals2", type=int, default=200, help="deals of the 2-seat match")
    parser.add_argument("--deals4", type=int, default=100, help="deals of the 4-seat match")
    parser.add_argument("--seed", type=int, default=0, help="the match's tournament seed")
    parser.add_argument("--start", type=int, default=90, help="simulations to calibrate from")
    parser.add_argument("--probe2", type=int, default=3, help="deals per calibration step, 2 seats")
    parser.add_argument("--probe4", type=int, default=1, help="deals per calibration step, 4 seats")
    parser.add_argument("--steps", type=int, default=6, help="calibration steps at most")
    parser.add_argument("--tolerance", type=float, default=0.05, help="CPU ratio within 1 +-")
    parser.add_argument("--seats", default="2,4", help="the seat counts, comma-separated")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the folder to write into")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    args.out.mkdir(parents=True, exist_ok=True)
    done: list[dict[str, Any]] = []
    for seats in (int(s) for s in args.seats.split(",")):
        done.append(match(seats, args))
        (args.out / "ismcts.md").write_text(markdown(args, done, started), encoding="utf-8")
        (args.out / "ismcts.json").write_text(json.dumps(done, indent=1) + "\n", encoding="utf-8")
        print(markdown(args, done, started), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
