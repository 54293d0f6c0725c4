"""Ratings of the bot levels, with OpenSpiel's IS-MCTS bot as an outside anchor.

Every pairing plays one-round games of ``chickie-duel`` (two players, the round from 6-6):
deal ``i`` is :meth:`Round.deal <chickenfoot.Round.deal>` ``(rules, 2, seed=i)``, played
twice with the seats swapped. A game counts 1 for the lower penalty total (R17), 1/2 for
equal totals. The pairings are the neighbouring levels (1-2, 2-3, 3-4, 4-5) and every
level against the anchor: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` on the
``chickenfoot.openspiel`` adapter, with random rollouts and as many simulations as take it
the time per decision of level 5 (calibrated at the start of the run). A Bradley-Terry
model fitted by maximum likelihood to all games (ties as half a win each way) gives every
level an Elo-scale rating, the anchor fixed at 0, with 95% intervals from the inverse of
the Fisher information. A smaller check seats levels 2 to 5 at a four-player ``classic``
table, every deal played in all four rotations of the seats.

It writes ``benchmarks/results/ratings.md`` (the tables) and ``ratings.svg`` (rating
against time per decision) there. The full measurement, 250 deals (500 games) per
pairing, takes about 2.5 CPU hours; ``--jobs`` spreads it over worker processes without
changing a single game::

    python benchmarks/ratings.py --deals 250 --four-player 25 --jobs 2

Needs the ``bench`` dependency group (open_spiel, numpy).
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import random
import re
import resource
import shlex
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from chickenfoot import Move, Round, RoundView, find_preset
from chickenfoot.bots import LEVELS, Player, SearchPlayer, play_round

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


RESULTS = Path(__file__).parent / "results"
ANCHOR = "openspiel-ismcts"
WALL0 = time.perf_counter()


class Timed:
    """A player that records the process time of each of its decisions with a choice."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        start = time.process_time()
        move = self.player.choose(view, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return move

    def add(self, other: Timed) -> None:
        """Count ``other``'s decisions and time as this player's."""
        self.seconds += other.seconds
        self.decisions += other.decisions

    @property
    def per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)


def ismcts(simulations: int) -> Player:
    """The anchor: :class:`chickenfoot.openspiel.ISMCTSPlayer` (OpenSpiel's IS-MCTS bot
    on the seat's view, random rollouts, uct_c=20) with ``simulations`` per decision; its
    search is seeded from the game's ``rng``, so games replay exactly."""
    from chickenfoot.openspiel import ISMCTSPlayer

    return ISMCTSPlayer(simulations=max(2, simulations), name=ANCHOR)


def _duel_games(a: Player, b: Player, seed: int) -> tuple[list[float], Timed, Timed]:
    """``a``'s score in the two games of deal ``seed`` against ``b`` (seats swapped)."""
    rules = attrs.evolve(find_preset("chickie-duel"), rounds=1)
    ta, tb = Timed(a), Timed(b)
    scores = []
    for swap in (False, True):
        seats: list[Player] = [tb, ta] if swap else [ta, tb]
        done = play_round(Round.deal(rules, 2, seed=seed), seats, random.Random(seed))
        assert done.outcome is not None
        first, second = done.outcome.scores
        mine, theirs = (second, first) if swap else (first, second)
        scores.append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    return scores, ta, tb


def duel(
    a: Player, b: Player, deals: range, pool: Executor | None = None
) -> tuple[list[float], Timed, Timed]:
    """``a``'s score in every game of ``a`` against ``b`` (two per deal, seats swapped).

    With a ``pool`` the deals are played in its worker processes; every game is seeded by
    its deal, so the scores are the same either way.
    """
    if pool is None:
        parts = [_duel_games(a, b, seed) for seed in deals]
    else:
        parts = list(pool.map(_duel_games, [a] * len(deals), [b] * len(deals), deals))
    ta, tb = Timed(a), Timed(b)
    scores: list[float] = []
    for part, pa, pb in parts:
        scores += part
        ta.add(pa)
        tb.add(pb)
    return scores, ta, tb


def fit(
    names: Sequence[str], games: Sequence[tuple[int, int, float]], anchor: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Bradley-Terry ratings (Elo scale) and 95% half-widths; ``games`` are (i, j, score of i)."""
    import numpy as np

    k = len(names)
    theta = np.zeros(k)
    free = [i for i in range(k) if i != anchor]
    for _ in range(100):
        grad = np.zeros(k)
        hess = np.zeros((k, k))
        for i, j, s in games:
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            grad[i] += s - p
            grad[j] -= s - p
            w = p * (1 - p)
            hess[i, i] += w
            hess[j, j] += w
            hess[i, j] -= w
            hess[j, i] -= w
        h = hess[np.ix_(free, free)] + 1e-9 * np.eye(len(free))
        step = np.linalg.solve(h, grad[free])
        step = np.clip(step, -2, 2)
        theta[free] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    cov = np.linalg.inv(hess[np.ix_(free, free)] + 1e-9 * np.eye(len(free)))
    scale = 400 / math.log(10)
    half = np.zeros(k)
    half[free] = 1.96 * np.sqrt(np.diag(cov)) * scale
    return theta * scale, half


#: Times per decision below this are shown at the left edge of the plot, as "under" it:
#: the process clock does not resolve them, and the table prints them as 0.
RESOLUTION = 1e-4


def cpu_seconds(value: float) -> str:
    """CPU seconds per decision as the tables print them."""
    return f"{value:.4f}"


def svg(points: Sequence[tuple[str, float, float, float]]) -> str:
    """Rating (with its interval) against seconds per decision, log scale, as SVG.

    A time under :data:`RESOLUTION` (the random and greedy levels take microseconds) is
    drawn at the left edge, over a tick that says so, not at a made-up time.
    """
    width, height, pad, right = 680, 400, 60, 140
    shown = [p[1] for p in points if p[1] >= RESOLUTION]
    under = len(shown) < len(points)
    lo_x = math.log10(min(shown, default=RESOLUTION)) - 0.3
    if under:
        lo_x = min(lo_x, math.log10(RESOLUTION) - 0.5)
    hi_x = math.log10(max(shown, default=RESOLUTION)) + 0.3
    ys = [p[2] - p[3] for p in points] + [p[2] + p[3] for p in points]
    lo_y, hi_y = min(ys) - 50, max(ys) + 50

    def x(v: float) -> float:
        at = lo_x + 0.2 if v < RESOLUTION else math.log10(v)
        return pad + (at - lo_x) / (hi_x - lo_x) * (width - pad - right)

    def y(v: float) -> float:
        return height - pad - (v - lo_y) / (hi_y - lo_y) * (height - 2 * pad)

    axis = width - right
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">'
        ),
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<line x1="{pad}" y1="{height - pad}" x2="{axis}" y2="{height - pad}" stroke="black"/>',
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
        (
            f'<text x="{(pad + axis) / 2}" y="{height - 15}" text-anchor="middle">'
            "CPU seconds per decision (log scale)</text>"
        ),
        (
            f'<text x="15" y="{height / 2}" transform="rotate(-90 15 {height / 2})" '
            'text-anchor="middle">rating (Elo, anchor 0)</text>'
        ),
    ]
    first = math.ceil(lo_x)
    if under:
        out.append(
            f'<text x="{x(0.0):.1f}" y="{height - pad + 16}" text-anchor="middle">'
            f"under 1e{round(math.log10(RESOLUTION))}</text>"
        )
        first = max(first, round(math.log10(RESOLUTION)) + 1)
    for e in range(first, math.floor(hi_x) + 1):
        out.append(
            f'<text x="{x(10**e):.1f}" y="{height - pad + 16}" text-anchor="middle">1e{e}</text>'
        )
    step = 100 if hi_y - lo_y < 1200 else 200
    for v in range(int(lo_y // step + 1) * step, int(hi_y) + 1, step):
        out.append(f'<text x="{pad - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    for name, sec, rating, half in points:
        cx, cy = x(sec), y(rating)
        colour = "crimson" if name == ANCHOR else "steelblue"
        out.append(
            f'<line x1="{cx:.1f}" y1="{y(rating - half):.1f}" x2="{cx:.1f}" '
            f'y2="{y(rating + half):.1f}" stroke="{colour}"/>'
        )
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4" fill="{colour}"/>')
        out.append(f'<text x="{cx + 7:.1f}" y="{cy - 6:.1f}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def points_of(text: str) -> list[tuple[str, float, float, float]]:
    """The plotted points, read back from the ratings table of a ``ratings.md``."""
    points = []
    row = re.compile(
        r"^\| (\S+) \| (?:([+-]\d+) \(([+-]\d+) to ([+-]\d+)\)|0 \(anchor\)) \| ([\d.]+) \|$"
    )
    for line in text.splitlines():
        found = row.match(line)
        if found is None:
            continue
        name, rating, low, high, sec = found.groups()
        if rating is None:
            points.append((name, float(sec), 0.0, 0.0))
        else:
            points.append((name, float(sec), float(rating), (float(high) - float(low)) / 2))
    if not points:
        raise SystemExit("no ratings table to replot")
    return points


def calibrate(target: float, probe: int = 20) -> int:
    """Simulations that take the anchor about ``target`` CPU seconds per decision."""
    _, timed, _ = duel(ismcts(probe), LEVELS[1], range(900_000, 900_002))
    return max(2, round(probe * target / max(timed.per_decision, 1e-9)))


def _four_player_round(seed: int, shift: int) -> tuple[list[int], int, list[Timed]]:
    """The penalty of each level and the winning level of deal ``seed``, seats rotated."""
    rules = attrs.evolve(find_preset("classic"), rounds=1)
    bots = [Timed(LEVELS[i]) for i in (1, 2, 3, 4)]
    seats = [bots[(s + shift) % 4] for s in range(4)]
    done = play_round(Round.deal(rules, 4, seed=seed), seats, random.Random(seed))
    assert done.outcome is not None
    penalty = [0] * 4
    for s in range(4):
        penalty[(s + shift) % 4] = done.outcome.scores[s]
    return penalty, (done.outcome.winner + shift) % 4, bots


def four_player(deals: int, pool: Executor | None = None) -> list[str]:
    """Levels 2 to 5 at a four-player classic table, every deal in all four rotations."""
    tasks = [(seed, shift) for seed in range(deals) for shift in range(4)]
    seeds, shifts = [t[0] for t in tasks], [t[1] for t in tasks]
    if pool is None:
        parts = list(map(_four_player_round, seeds, shifts))
    else:
        parts = list(pool.map(_four_player_round, seeds, shifts))
    bots = [Timed(LEVELS[i]) for i in (1, 2, 3, 4)]
    penalty = [0.0] * 4
    wins = [0.0] * 4
    for part_penalty, winner, part_bots in parts:
        for b in range(4):
            penalty[b] += part_penalty[b]
            bots[b].add(part_bots[b])
        wins[winner] += 1
    rounds = len(parts)
    lines = [
        f"Four-player check: `classic`, 4 players, {deals} deals x 4 rotations = {rounds} rounds.",
        "",
        "| level | round wins | mean penalty per round | CPU s per decision |",
        "|---|---:|---:|---:|",
    ]
    for b, bot in enumerate(bots):
        lines.append(
            f"| {bot.name} | {wins[b]:.0f} ({wins[b] / rounds:.0%}) | {penalty[b] / rounds:.1f} "
            f"| {cpu_seconds(bot.per_decision)} |"
        )
    return lines


#: The bots ``--versus`` can seat, by name: the levels, and the search player's defaults.
BOTS: dict[str, Player] = {bot.name: bot for bot in (*LEVELS, SearchPlayer())}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Ratings of the bot levels.")
    parser.add_argument("--deals", type=int, default=250, help="deals per pairing (2 games each)")
    parser.add_argument("--four-player", type=int, default=25, help="deals of the 4-player check")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (the results do not depend on it)"
    )
    parser.add_argument(
        "--versus",
        nargs=2,
        metavar="BOT",
        choices=sorted(BOTS),
        help="play only these two bots against each other on the --deals and write "
        "versus.md instead of the ratings (no OpenSpiel needed)",
    )
    parser.add_argument(
        "--replot",
        action="store_true",
        help="draw ratings.svg again from the ratings.md in --out, without playing a game",
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.replot:
        text = (args.out / "ratings.md").read_text(encoding="utf-8")
        (args.out / "ratings.svg").write_text(svg(points_of(text)), encoding="utf-8")
        return
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        text = versus(args, pool) if args.versus else measure(args, pool)
    cpu = time.process_time() + _children_cpu()
    wall = time.perf_counter() - WALL0
    text += f"\nThe run took {cpu / 60:.1f} CPU minutes ({wall / 60:.1f} minutes of wall time).\n"
    name = "versus.md" if args.versus else "ratings.md"
    (args.out / name).write_text(text, encoding="utf-8")
    print(text)


def header(args: argparse.Namespace) -> list[str]:
    """The date, the machine and the command, as the first lines of a results file."""
    return [
        f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, "
            f"{args.jobs} worker process{'es' if args.jobs > 1 else ''}"
        ),
        f"- command: `python benchmarks/ratings.py {shlex.join(sys.argv[1:])}`",
    ]


def versus(args: argparse.Namespace, pool: Executor | None) -> str:
    """Two bots on the same duplicate deals of ``chickie-duel``; the table as Markdown."""
    a, b = (BOTS[name] for name in args.versus)
    scores, ta, tb = duel(a, b, range(args.deals), pool)
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    h = 1.96 * math.sqrt(var / n)
    wins = sum(1 for s in scores if s == 1.0)
    ties = sum(1 for s in scores if s == 0.5)
    lines = [
        *header(args),
        (
            f"- games: one round of `chickie-duel`, deals 0 to {args.deals - 1}, each played "
            f"twice with the seats swapped ({n} games); the lower penalty total wins, equal "
            "totals count half"
        ),
        f"- bots: {', '.join(f'`{bot!r}`' for bot in (a, b))}",
        "",
        "| pairing | games | first won | equal | second won | first's score (95% CI) |",
        "|---|---:|---:|---:|---:|---|",
        (
            f"| {a.name} vs {b.name} | {n} | {wins} | {ties} | {n - wins - ties} "
            f"| {mean:.1%} ({max(0.0, mean - h):.1%} to {min(1.0, mean + h):.1%}) |"
        ),
        "",
        "| bot | decisions with a choice | CPU s per decision |",
        "|---|---:|---:|",
    ]
    for t in (ta, tb):
        lines.append(f"| {t.name} | {t.decisions} | {cpu_seconds(t.per_decision)} |")
    return "\n".join(lines) + "\n"


def _children_cpu() -> float:
    """CPU seconds of the worker processes that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(args: argparse.Namespace, pool: Executor | None) -> str:
    """Play every pairing and the four-player check; the tables as Markdown."""
    deals = range(args.deals)
    # the time per decision of level 5, on deals outside the measured ones
    _, probe, _ = duel(LEVELS[4], LEVELS[1], range(800_000, 800_004), pool)
    simulations = calibrate(probe.per_decision)
    anchor = ismcts(simulations)
    print(
        f"level5: {probe.per_decision:.3f} s/decision; anchor: {simulations} simulations",
        file=sys.stderr,
        flush=True,
    )
    players: list[Player] = [*LEVELS, anchor]
    names = [p.name for p in players]
    pairings = [(i, i + 1) for i in range(4)] + [(i, 5) for i in range(5)]
    games: list[tuple[int, int, float]] = []
    rows = []
    seconds = [0.0] * 6
    decisions = [0] * 6
    for i, j in pairings:
        scores, ti, tj = duel(players[i], players[j], deals, pool)
        for s in scores:
            games.append((i, j, s))
        for k, t in ((i, ti), (j, tj)):
            seconds[k] += t.seconds
            decisions[k] += t.decisions
        n = len(scores)
        mean = sum(scores) / n
        var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
        rows.append((names[i], names[j], n, mean, 1.96 * math.sqrt(var / n)))
        print(f"{names[i]} vs {names[j]}: {mean:.1%} of {n}", file=sys.stderr, flush=True)
    ratings, half = fit(names, games, anchor=5)
    per = [seconds[k] / max(1, decisions[k]) for k in range(6)]
    lines = [
        *header(args),
        (
            f"- games: one round of `chickie-duel`, {args.deals} deals per pairing, each played twice "
            f"with the seats swapped ({2 * args.deals} games per pairing)"
        ),
        (
            f"- anchor: OpenSpiel `ISMCTSBot`, random rollouts, uct_c=20, {simulations} simulations "
            f"(calibrated to level 5's {probe.per_decision:.3f} s per decision)"
        ),
        "",
        "| bot | rating (Elo, 95% CI) | CPU s per decision |",
        "|---|---|---:|",
    ]
    for k in range(6):
        ci = (
            "0 (anchor)"
            if k == 5
            else (f"{ratings[k]:+.0f} ({ratings[k] - half[k]:+.0f} to {ratings[k] + half[k]:+.0f})")
        )
        lines.append(f"| {names[k]} | {ci} | {cpu_seconds(per[k])} |")
    lines += [
        "",
        "| pairing | games | first's score (95% CI) |",
        "|---|---:|---|",
    ]
    for a, b, n, mean, h in rows:
        low, high = max(0.0, mean - h), min(1.0, mean + h)
        lines.append(f"| {a} vs {b} | {n} | {mean:.1%} ({low:.1%} to {high:.1%}) |")
    lines.append("")
    if args.four_player:
        lines += four_player(args.four_player, pool)
    points = [(names[k], per[k], float(ratings[k]), float(half[k])) for k in range(6)]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ratings.svg").write_text(svg(points))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main(sys.argv[1:])
