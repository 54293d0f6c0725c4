"""Random playouts of chickenfoot and of peer domino engines, measured side by side.

Every engine plays whole rounds through its public API: list the legal moves, pick one
with a seeded ``random.Random``, apply it; draws and passes count as moves. Engines are
run in turns (A B C A B C ...) within one process, so the ratios hold on a noisy machine
even when the absolute figures drift. Peers are optional: the ``dominoes`` package and
OpenSpiel's ``python_block_dominoes`` are measured when they are installed (the ``bench``
dependency group installs them).

Run ``nox -s bench`` or ``python benchmarks/playouts.py --help``. The figures are written
to ``benchmarks/results/playouts.md`` (``--markdown``), which docs/performance.md
includes, with the machine, the command and the range over the trials.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import chickenfoot
from chickenfoot import PRESETS, Round, Rules

#: One playout: plays one round with the seeded random choices and returns its moves.
Playout = Callable[[random.Random, int], int]

#: The Markdown that docs/performance.md includes.
RESULTS = Path(__file__).parent / "results" / "playouts.md"

#: The presets at the player count each is usually played with.
TYPICAL: dict[str, int] = {"chickie-duel": 2, "cross-and-foot": 4, "classic": 4, "double-foot": 4}


def chickenfoot_playout(rules: Rules, players: int) -> Playout:
    """Random rounds of ``rules`` through ``legal_moves()`` and ``apply()``."""

    def play(rng: random.Random, seed: int) -> int:
        rnd = Round.deal(rules, players, seed=seed)
        moves = 0
        while not rnd.is_over:
            legal = rnd.legal_moves()
            rnd = rnd.apply(legal[rng.randrange(len(legal))])
            moves += 1
        return moves

    return play


def dominoes_playout() -> Playout | None:
    """Random games of the ``dominoes`` package (double-6, 4 players, no boneyard)."""
    try:
        import dominoes  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None

    def play(rng: random.Random, seed: int) -> int:
        random.seed(seed)  # the package deals from the global random module
        game = dominoes.Game.new()
        moves = 0
        while game.result is None:
            legal = game.valid_moves
            game.make_move(*legal[rng.randrange(len(legal))])
            moves += 1
        return moves

    return play


def openspiel_playout() -> Playout | None:
    """Random games of OpenSpiel's ``python_block_dominoes``.

    Its deal is a series of chance nodes; each chance outcome applied counts as a move,
    as every ``apply_action`` call does the work of one.
    """
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from open_spiel.python import games  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")

    def play(rng: random.Random, seed: int) -> int:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            moves += 1
        return moves

    return play


def measure(play: Playout, seconds: float, seed: int) -> tuple[float, float]:
    """Rounds per second and moves per second of ``play`` over about ``seconds``."""
    rng = random.Random(seed)
    rounds = moves = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        moves += play(rng, seed + rounds)
        rounds += 1
        elapsed = time.perf_counter() - start
    return rounds / elapsed, moves / elapsed


def scaling_rules() -> list[tuple[str, Rules, int]]:
    """Growing tables: double-6 with 2 players up to double-18 with 20 (classic's knobs)."""
    classic = PRESETS["classic"]
    small = attrs.evolve(classic, name="classic-d6", set_sizes={2: 6}, hand_sizes={2: 7})
    return [
        ("double-6, 2 players", small, 2),
        ("double-9, 4 players", classic, 4),
        ("double-12, 8 players", classic, 8),
        ("double-15, 12 players", classic, 12),
        ("double-18, 20 players", classic, 20),
    ]


def mid_round_states(rules: Rules, players: int, count: int) -> list[Round]:
    """Rounds stopped half-way through, for timing single calls."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        full = []
        rnd = Round.deal(rules, players, seed=seed)
        while not rnd.is_over:
            full.append(rnd)
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        states.append(full[len(full) // 2])
    return states


def time_calls(states: list[Round], repeat: int) -> dict[str, float]:
    """Mean microseconds of ``legal_moves()`` and of ``apply()`` over ``states``."""
    firsts = [s.legal_moves()[0] for s in states]
    best_legal = best_apply = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for s in states:
            s.legal_moves()
        best_legal = min(best_legal, time.perf_counter() - start)
        start = time.perf_counter()
        for s, move in zip(states, firsts, strict=True):
            s.apply(move)
        best_apply = min(best_apply, time.perf_counter() - start)
    return {
        "legal_moves_us": best_legal / len(states) * 1e6,
        "apply_us": best_apply / len(states) * 1e6,
    }


def dominoes_move_generation(count: int, repeat: int) -> float | None:
    """Mean microseconds the ``dominoes`` package takes to list the legal moves mid-game.

    Its ``valid_moves`` is an attribute filled in by ``make_move``; the work is its
    ``_update_valid_moves()``, which is what is timed.
    """
    try:
        import dominoes  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    games = []
    for seed in range(count):
        random.seed(seed)
        rng = random.Random(seed)
        history = []
        game = dominoes.Game.new()
        while game.result is None:
            history.append(game)
            game = copy.deepcopy(game)
            game.make_move(*rng.choice(game.valid_moves))
        games.append(history[len(history) // 2])
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for g in games:
            g._update_valid_moves()
        best = min(best, time.perf_counter() - start)
    return best / len(games) * 1e6


def memory_per_state(rules: Rules, players: int) -> float:
    """Bytes allocated by one ``apply()`` in a retained chain of states (tracemalloc)."""
    rng = random.Random(1)
    rnd = Round.deal(rules, players, seed=1)
    chain = [rnd]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        chain.append(rnd)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / (len(chain) - 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine per trial")
    parser.add_argument("--trials", type=int, default=3, help="A B C rotations")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    parser.add_argument(
        "--markdown",
        type=Path,
        default=RESULTS,
        help="write the figures as Markdown here (default benchmarks/results/playouts.md)",
    )
    args = parser.parse_args(argv)
    command = "python benchmarks/playouts.py " + " ".join(sys.argv[1:] if argv is None else argv)

    engines: dict[str, Playout] = {
        f"chickenfoot {name} ({players}p)": chickenfoot_playout(PRESETS[name], players)
        for name, players in TYPICAL.items()
    }
    peers = {"dominoes (double-6, 4p)": dominoes_playout()}
    peers["openspiel python_block_dominoes (2p)"] = openspiel_playout()
    engines.update({name: play for name, play in peers.items() if play is not None})
    for label, rules, players in scaling_rules():
        engines[f"scaling: {label}"] = chickenfoot_playout(rules, players)

    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for trial in range(args.trials):
        for name, play in engines.items():
            samples[name].append(measure(play, args.seconds, seed=1000 * trial))
    figures = {
        name: {
            "rounds_per_s": statistics.median(r for r, _ in runs),
            "moves_per_s": statistics.median(m for _, m in runs),
            "moves_per_s_trials": [m for _, m in runs],
        }
        for name, runs in samples.items()
    }
    # Ratios are taken trial by trial (the engines ran next to each other), then the median.
    classic = "chickenfoot classic (4p)"
    ratios_trials = {
        f"{classic} / {peer}": [
            a[1] / b[1] for a, b in zip(samples[classic], samples[peer], strict=True)
        ]
        for peer in peers
        if peer in samples
    }
    ratios = {name: statistics.median(values) for name, values in ratios_trials.items()}
    scaling = [n for n in engines if n.startswith("scaling: ")]
    # The cost of a move on table n relative to the smallest: its time per move over the
    # smallest table's, that is the smallest table's moves/s over table n's.
    cost_trials = {
        n: [s[1] / b[1] for s, b in zip(samples[scaling[0]], samples[n], strict=True)]
        for n in scaling
    }
    cost = {n: statistics.median(values) for n, values in cost_trials.items()}
    mid = mid_round_states(PRESETS["classic"], 4, 300)
    calls = time_calls(mid, repeat=20)
    peer_gen = dominoes_move_generation(300, repeat=20)
    memory = memory_per_state(PRESETS["classic"], 4)

    report: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "python": sys.version.split()[0],
        "chickenfoot": chickenfoot.__version__,
        "seconds_per_trial": args.seconds,
        "trials": args.trials,
        "playouts": figures,
        "command": command,
        "ratios": ratios,
        "ratios_trials": ratios_trials,
        "cost_per_move_vs_double_6": cost,
        "cost_per_move_trials": cost_trials,
        "mid_round_classic_4p": calls,
        "dominoes_move_generation_us": peer_gen,
        "bytes_per_retained_state_classic_4p": memory,
    }
    print_report(report)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    args.markdown.parent.mkdir(parents=True, exist_ok=True)
    args.markdown.write_text(markdown_report(report), encoding="utf-8")
    return 0


def print_report(report: dict[str, Any]) -> None:
    print(f"{report['date']}, {report['machine']}, Python {report['python']}")
    print(f"{'engine':<52} {'rounds/s':>10} {'moves/s':>10}")
    for name, fig in report["playouts"].items():
        print(f"{name:<52} {fig['rounds_per_s']:>10.0f} {fig['moves_per_s']:>10.0f}")
    print("\nratios of moves per second, measured side by side:")
    for name, value in report["ratios"].items():
        print(f"  {name}: {value:.2f}x")
    print("\ncost per move relative to double-6 with 2 players:")
    for name, value in report["cost_per_move_vs_double_6"].items():
        print(f"  {name.removeprefix('scaling: ')}: {value:.2f}x")
    calls = report["mid_round_classic_4p"]
    print(
        f"\nmid-round classic 4p: legal_moves() {calls['legal_moves_us']:.1f} us, "
        f"apply() {calls['apply_us']:.1f} us"
    )
    if report["dominoes_move_generation_us"] is not None:
        print(f"dominoes move generation: {report['dominoes_move_generation_us']:.1f} us")
    print(f"memory per retained state: {report['bytes_per_retained_state_classic_4p']:.0f} bytes")


def markdown_report(report: dict[str, Any]) -> str:
    """The figures as the Markdown that docs/performance.md includes."""
    times = "\N{MULTIPLICATION SIGN}"

    def spread(values: list[float], fmt: str) -> str:
        return f"{format(min(values), fmt)} to {format(max(values), fmt)}"

    lines = [
        (
            f"Measured on {report['date']} on {report['machine']}, CPython "
            f"{report['python']}, chickenfoot {report['chickenfoot']}, with "
            f"`{report['command']}` ({report['trials']} trials of "
            f"{report['seconds_per_trial']:g} s per engine; each figure is the median over "
            "the trials, and the range gives the lowest and the highest trial)."
        ),
        "",
        "| engine | rounds/s | moves/s | moves/s, range over trials |",
        "|---|---:|---:|---:|",
    ]
    for name, fig in report["playouts"].items():
        if not name.startswith("scaling: "):
            lines.append(
                f"| {name} | {fig['rounds_per_s']:,.0f} | {fig['moves_per_s']:,.0f} "
                f"| {spread(fig['moves_per_s_trials'], ',.0f')} |"
            )
    lines += [
        "",
        "Ratios of moves per second, taken trial by trial between engines that ran side by side:",
        "",
        "| comparison | ratio | range over trials |",
        "|---|---:|---:|",
    ]
    for name, value in report["ratios"].items():
        trials = spread(report["ratios_trials"][name], ".2f")
        lines.append(f"| {name} | {value:.2f}{times} | {trials} |")
    lines += [
        "",
        (
            "Cost of a move as the table grows (classic's knobs; 1.00 is double-6 with 2 "
            "players, and above 1 a move costs more):"
        ),
        "",
        "| table | cost per move | range over trials |",
        "|---|---:|---:|",
    ]
    for name, value in report["cost_per_move_vs_double_6"].items():
        trials = spread(report["cost_per_move_trials"][name], ".2f")
        lines.append(f"| {name.removeprefix('scaling: ')} | {value:.2f}{times} | {trials} |")
    calls = report["mid_round_classic_4p"]
    peer = report["dominoes_move_generation_us"]
    lines += [
        "",
        (
            "Single calls in `classic` rounds for 4 players stopped half-way (best of 20): "
            f"`legal_moves()` takes {calls['legal_moves_us']:.1f} µs and `apply()` "
            f"{calls['apply_us']:.1f} µs"
            + (
                f"; the `dominoes` package's own move generation takes {peer:.1f} µs."
                if peer is not None
                else "."
            )
        ),
        (
            "Keeping every position of a round costs "
            f"{report['bytes_per_retained_state_classic_4p']:.0f} bytes per position."
        ),
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
