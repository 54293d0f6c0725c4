"""The bot levels rated in tournaments at two, four and six seats.

The entrants are the five levels of :func:`chickenfoot.bots.level` and ``SearchPlayer``
with its defaults (``search``), so that six seats can be filled. Each tournament is a
round robin of :func:`chickenfoot.tournament.play_tournament` on duplicate deals (every
set of ``seats`` entrants at a table, every deal once per rotation of the seats), one
round a game: ``classic`` at 2, 4 and 6 seats and ``chickie-duel`` at 2. The ratings are
Plackett-Luce ones (Bradley-Terry at two seats) with 95% intervals from the Fisher
information; the penalty per round has its 95% interval over the duplicate deals.

It writes ``benchmarks/results/tournament.md`` (``--out`` chooses the folder) and, beside
it, each tournament's games as JSON (``tournament-classic-4.json``, ...). The full run,
``nox -s tournament`` (100 deals a table), takes many CPU hours; ``--jobs`` spreads it
over worker processes without changing a game, and ``--deals 2`` is a quick look::

    python benchmarks/tournament.py --deals 100 --jobs 2
"""

from __future__ import annotations

import argparse
import datetime
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


def markdown(results: Results) -> list[str]:
    """One tournament as a Markdown section: its line and its table."""
    header, rows = results.rows()
    lines = [f"## {results.rules.name}, {results.seats} seats", "", results.title(), ""]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|---|" + "---:|" * (len(header) - 1))
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


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
    args = parser.parse_args(argv)
    started = time.perf_counter()
    field = entrants(args.entrants)
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
    for preset, seats in PLAN:
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
    lines.append(f"The run took {minutes:.1f} minutes of wall time.")
    (args.out / "tournament.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
