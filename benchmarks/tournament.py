"""The bot levels rated in tournaments at two, four and six seats.

The entrants are the five levels of :func:`chickenfoot.bots.level` and ``SearchPlayer``
with its defaults (``search``), so that six seats can be filled. Each tournament is a
round robin of :func:`chickenfoot.tournament.play_tournament` on duplicate deals (every
set of ``seats`` entrants at a table, every deal once per rotation of the seats), one
round a game: ``classic`` at 2, 4 and 6 seats and ``chickie-duel`` at 2. The ratings are
Plackett-Luce ones (Bradley-Terry at two seats) with 95% intervals from the Fisher
information; the penalty per round has its 95% interval over the duplicate deals.

Each tournament's section also gives the paired differences of the levels: level
``k + 1``'s penalty points per round minus level ``k``'s, on the games where both sat at
one table, one value per deal (the tables holding both and every rotation, together), with
the 95% interval of their mean.

It writes ``benchmarks/results/tournament.md`` (``--out`` chooses the folder) and, beside
it, each tournament's games as JSON (``tournament-classic-4.json``, ...), both again as
each tournament finishes. ``--tables classic-4,chickie-duel-2`` plays those tournaments
only. The full run, ``nox -s tournament`` (100 deals a table), takes many CPU hours;
``--jobs`` spreads it over worker processes without changing a game, and ``--deals 2`` is
a quick look::

    python benchmarks/tournament.py --deals 100 --jobs 2
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from chickenfoot import find_preset
from chickenfoot.bots import LEVELS, Player, SearchPlayer
from chickenfoot.tournament import Entrant, Results, play_tournament

RESULTS = Path(__file__).parent / "results"
#: The tournaments: (preset, seats).
PLAN = (("classic", 2), ("classic", 4), ("classic", 6), ("chickie-duel", 2))
#: The name of each tournament for ``--tables``: ``PRESET-SEATS``.
NAMES = {f"{preset}-{seats}": (preset, seats) for preset, seats in PLAN}
#: The bots ``--entrants`` names.
BOTS: dict[str, Player] = {bot.name: bot for bot in (*LEVELS, SearchPlayer())}


def entrants(spec: str) -> list[Entrant]:
    """The entrants a comma-separated list of names gives; a name given again enters
    again, as ``NAME-2``, ``NAME-3``, ..."""
    names = spec.split(",")
    out = []
    for i, name in enumerate(names):
        copies = names[:i].count(name)
        out.append(Entrant(name if not copies else f"{name}-{copies + 1}", _Bot(BOTS[name])))
    return out


@attrs.frozen
class _Bot:
    """A factory handing out one stateless bot (picklable, unlike a lambda)."""

    bot: Player

    def __call__(self) -> Player:
        return self.bot


def chosen(spec: str | None) -> list[tuple[str, int]]:
    """The tournaments ``--tables`` names (comma-separated ``PRESET-SEATS``), in the
    order of :data:`PLAN`; all of them for ``None``."""
    if spec is None:
        return list(PLAN)
    names = [name.strip() for name in spec.split(",") if name.strip()]
    unknown = [name for name in names if name not in NAMES]
    if unknown or not names:
        raise SystemExit(
            f"--tables names tournaments of {', '.join(NAMES)}, not {', '.join(unknown) or spec!r}"
        )
    return [plan for name, plan in NAMES.items() if name in names]


def paired(results: Results, better: str, worse: str) -> tuple[int, float, float | None]:
    """``better``'s penalty points per round minus ``worse``'s where both sat at one table:
    the deals, the mean of one value per deal (every such table and rotation together)
    and the half-width of its 95% interval (``None`` with one deal)."""
    a, b = results.names.index(better), results.names.index(worse)
    per_deal: dict[int, list[float]] = {}
    for game in results.games:
        if a in game.seats and b in game.seats:
            points = game.penalties[game.seats.index(a)] - game.penalties[game.seats.index(b)]
            per_deal.setdefault(game.deal, []).append(points / game.rounds)
    values = [sum(v) / len(v) for v in per_deal.values()]
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return n, mean, None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return n, mean, 1.96 * sd / math.sqrt(n)


def paired_rows(results: Results) -> list[str]:
    """The paired differences of consecutive levels among the entrants, as Markdown."""
    levels = [f"level{k}" for k in range(1, 6) if f"level{k}" in results.names]
    pairs = [
        (f"level{k + 1}", f"level{k}")
        for k in range(1, 5)
        if f"level{k}" in levels and f"level{k + 1}" in levels
    ]
    if not pairs:
        return []
    lines = [
        (
            "Paired differences: the first level's penalty points per round minus the second's, "
            "where both sat at one table (negative: the first takes fewer), one value per deal, "
            "95% interval of the mean:"
        ),
        "",
        "| levels | deals | difference (95% CI) |",
        "|---|---:|---|",
    ]
    for better, worse in pairs:
        n, mean, half = paired(results, better, worse)
        ci = "" if half is None else f" ({mean - half:+.2f} to {mean + half:+.2f})"
        lines.append(f"| {better} - {worse} | {n} | {mean:+.2f}{ci} |")
    return [*lines, ""]


def markdown(results: Results) -> list[str]:
    """One tournament as a Markdown section: its line, its table and the paired
    differences of the levels."""
    header, rows = results.rows()
    lines = [f"## {results.rules.name}, {results.seats} seats", "", results.title(), ""]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|---|" + "---:|" * (len(header) - 1))
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, "", *paired_rows(results)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Ratings of the bot levels in tournaments.")
    parser.add_argument("--deals", type=int, default=100, help="deals per table (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the tournaments' seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the folder to write into")
    parser.add_argument(
        "--entrants",
        default=",".join(BOTS),
        help=f"comma-separated, of {', '.join(BOTS)}; at least six (default all of them)",
    )
    parser.add_argument(
        "--tables",
        help=f"the tournaments to play, comma-separated, of {', '.join(NAMES)} (default all)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    field = entrants(args.entrants)
    plan = chosen(args.tables)
    lines = [
        "# Tournaments of the levels",
        "",
        f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, {args.jobs} worker processes"
        ),
        f"- command: `python benchmarks/tournament.py {shlex.join(sys.argv[1:])}`",
        f"- entrants: {', '.join(f'{e.name} `{e.make()!r}`' for e in field)}",
        (
            "- one round a game; ratings: Plackett-Luce on the seats ranked by penalty points "
            "(ties as every order of the tied seats), 95% intervals from the Fisher information, "
            "the entrants' mean at 0; penalty per round: 95% interval over the duplicate deals"
        ),
        "",
    ]
    args.out.mkdir(parents=True, exist_ok=True)
    for number, (preset, seats) in enumerate(plan, 1):
        results = play_tournament(
            field, find_preset(preset), seats=seats, deals=args.deals, seed=args.seed,
            jobs=args.jobs,
        )  # fmt: skip
        (args.out / f"tournament-{preset}-{seats}.json").write_text(
            results.to_json() + "\n", encoding="utf-8"
        )
        lines += markdown(results)
        print(results.text(), file=sys.stderr, flush=True)
        minutes = (time.perf_counter() - started) / 60
        so_far = "" if number == len(plan) else f" so far ({number} of {len(plan)} tournaments)"
        tail = f"The run took {minutes:.1f} minutes of wall time{so_far}."
        (args.out / "tournament.md").write_text("\n".join([*lines, tail]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
