"""Is every level stronger than the one below it? Paired penalty differences on duplicate deals.

Each pairing seats a level and the level below it at one table of ``seats`` seats, half
the seats each, the two bots taking turns around the table (``upper, lower, upper, lower,
...``). Every deal (:func:`chickenfoot.tournament.deal_seed`) is played once per rotation
of the seats (:func:`chickenfoot.tournament.play_tournament`), so each bot plays every hand
of every deal from every place at the table: the luck of the deal cancels. A deal's
difference is the upper level's mean penalty per round (R17) over its seats of the deal's
games minus the lower level's; the table gives the mean of those differences over the
deals with a 95% interval (normal approximation, the deals independent). A negative
difference is the upper level's lead; it is shown with 95% confidence when the whole
interval lies below 0. "Deals for 95%" is how many deals such a difference would need, at
the spread measured, for its interval to stop short of 0.

It writes ``benchmarks/results/ladder.md`` (``--out`` another file), after every pairing,
so a long run keeps what it has measured. ``--tables`` names the tables
(``classic:4,chickie-duel:2``), ``--pairs`` the pairings, each with its own count of deals
if it is given one (the search levels' games take longer the higher the level); or
``--plan`` gives one table its own pairings, once per table (the deals a pairing needs
differ from table to table). ``--jobs`` plays the deals in worker processes (the games are
the same with any number of jobs)::

    python benchmarks/ladder.py --tables classic:4 --pairs 3-2:200,4-3:80,5-4:20
    python benchmarks/ladder.py --plan classic:6=2-1:20,3-2:400 --plan chickie-duel:2
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from chickenfoot import Rules, find_preset
from chickenfoot.bots import Player, level
from chickenfoot.tournament import Entrant, Results, play_tournament

RESULTS = Path(__file__).parent / "results" / "ladder.md"
#: The default tables: (preset, seats).
TABLES = ("classic:4",)
#: The default pairings: (upper level, lower level).
PAIRS = ("2-1", "3-2", "4-3", "5-4")


@attrs.frozen
class _Bot:
    """A factory handing out one stateless bot (picklable, unlike a lambda)."""

    bot: Player

    def __call__(self) -> Player:
        return self.bot


@attrs.frozen
class Pairing:
    """One pairing measured at one table: the per-deal differences and the means."""

    rules: Rules
    seats: int
    upper: str
    lower: str
    #: Upper's mean penalty minus lower's, one per deal.
    differences: tuple[float, ...]
    upper_mean: float
    lower_mean: float
    cpu_seconds: float

    @property
    def mean(self) -> float:
        """The mean difference over the deals."""
        return statistics.fmean(self.differences)

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval of :attr:`mean`."""
        n = len(self.differences)
        return 1.96 * statistics.stdev(self.differences) / math.sqrt(n) if n > 1 else math.inf

    @property
    def needed(self) -> int | None:
        """The deals a difference of this size and spread needs for a 95% result in the
        upper level's favour; ``None`` if the difference is not in its favour."""
        if len(self.differences) < 2 or self.mean >= 0:
            return None
        sd = statistics.stdev(self.differences)
        return max(2, math.ceil((1.96 * sd / self.mean) ** 2))

    def row(self) -> list[str]:
        """The pairing as a row of the results table."""
        low, high = self.mean - self.half_width, self.mean + self.half_width
        verdict = "upper" if high < 0 else "lower" if low > 0 else "not separated"
        needed = self.needed
        return [
            f"{self.rules.name}, {self.seats}",
            f"{self.upper} vs {self.lower}",
            str(len(self.differences)),
            f"{self.upper_mean:.2f} / {self.lower_mean:.2f}",
            f"{self.mean:+.2f} ({low:+.2f} to {high:+.2f})",
            verdict,
            "-" if needed is None else str(needed),
            f"{self.cpu_seconds:.0f}",
        ]


def differences(results: Results, upper: str) -> tuple[list[float], float, float]:
    """The per-deal differences (entrants whose name starts with ``upper`` against the
    rest) and each side's mean penalty per round over all games."""
    by_deal: dict[int, list[list[int]]] = {}
    totals: list[list[int]] = [[], []]
    for game in results.games:
        sides = by_deal.setdefault(game.deal, [[], []])
        for seat, entrant in enumerate(game.seats):
            side = 0 if results.names[entrant].split("#")[0] == upper else 1
            sides[side].append(game.penalties[seat])
            totals[side].append(game.penalties[seat])
    diffs = [statistics.fmean(a) - statistics.fmean(b) for a, b in by_deal.values()]
    return diffs, statistics.fmean(totals[0]), statistics.fmean(totals[1])


def _cpu() -> float:
    """CPU seconds of this process and of its worker processes that have ended (the
    tournament's pool ends its workers before it returns)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def measure(
    upper: tuple[str, Player],
    lower: tuple[str, Player],
    rules: Rules,
    seats: int,
    *,
    deals: int,
    seed: int,
    jobs: int = 1,
) -> Pairing:
    """Play ``deals`` duplicate deals of ``upper`` against ``lower`` at one table of
    ``seats`` seats, the two taking turns around it, and return the pairing."""
    field = [
        Entrant(f"{name}#{i // 2}", _Bot(bot))
        for i, (name, bot) in enumerate(upper if s % 2 == 0 else lower for s in range(seats))
    ]
    started = _cpu()
    results = play_tournament(field, rules, seats=seats, deals=deals, seed=seed, jobs=jobs)
    cpu = _cpu() - started
    diffs, up, low = differences(results, upper[0])
    return Pairing(rules, seats, upper[0], lower[0], tuple(diffs), up, low, cpu)


def _plans(args: argparse.Namespace) -> list[tuple[str, int, list[tuple[int, int, int]]]]:
    """Each table to measure, ``(preset, seats, [(upper, lower, deals), ...])``: the
    ``--plan`` ones if any are given, else every ``--tables`` table with every ``--pairs``
    pairing."""
    texts = args.plan or [f"{table}={args.pairs}" for table in args.tables.split(",")]
    plans = []
    for text in texts:
        table, _, pairs = text.partition("=")
        preset, _, seats = table.partition(":")
        pairings = []
        for pair in (pairs or args.pairs).split(","):
            levels, _, count = pair.partition(":")
            a, b = (int(n) for n in levels.split("-"))
            pairings.append((a, b, int(count) if count else args.deals))
        plans.append((preset, int(seats), pairings))
    return plans


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Paired differences of neighbouring levels.")
    parser.add_argument("--deals", type=int, default=40, help="deals per pairing (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="the deals' seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--tables", default=",".join(TABLES), help="comma-separated PRESET:SEATS (classic:4)"
    )
    parser.add_argument(
        "--pairs",
        default=",".join(PAIRS),
        help="comma-separated UPPER-LOWER levels, each with :DEALS for its own count (3-2:200)",
    )
    parser.add_argument(
        "--plan",
        action="append",
        metavar="PRESET:SEATS=PAIRS",
        help="one table with pairings of its own, as classic:6=2-1:20,3-2:400 (repeatable; "
        "replaces --tables and --pairs)",
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="the file to write")
    args = parser.parse_args(argv)
    command = shlex.join(sys.argv[1:] if argv is None else argv)
    started = time.perf_counter()
    plans = _plans(args)
    total = sum(len(pairings) for _, _, pairings in plans)
    rows: list[list[str]] = []
    for preset, seats, pairings in plans:
        rules = find_preset(preset)
        for a, b, count in pairings:
            up, low = level(a), level(b)
            result = measure(
                (up.name, up), (low.name, low), rules, seats,
                deals=count, seed=args.seed, jobs=args.jobs,
            )  # fmt: skip
            print(" | ".join(result.row()), file=sys.stderr, flush=True)
            rows.append(result.row())
            # written after every pairing, so that a long run's figures are kept as they come
            _write(args, command, rows, total, time.perf_counter() - started)


def _write(
    args: argparse.Namespace, command: str, rows: list[list[str]], total: int, seconds: float
) -> None:
    """The results file, with the ``rows`` measured so far of ``total`` pairings."""
    header = [
        "table (preset, seats)",
        "pairing",
        "deals",
        "mean penalty (upper / lower)",
        "upper minus lower (95% CI)",
        "better with 95% confidence",
        "deals for 95%",
        "CPU seconds",
    ]
    done = len(rows) == total
    lines = [
        f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        (
            f"- machine: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, {args.jobs} worker process{'es' if args.jobs != 1 else ''}"
        ),
        f"- command: `python benchmarks/ladder.py {command}`",
        (
            f"- games: one round each; every deal (seed {args.seed}) played in every rotation "
            "of the seats, the two levels taking turns around the table; the difference is "
            "the upper level's mean penalty per round minus the lower's, per deal, with a "
            "95% interval over the deals (negative: the upper level scores fewer points)"
        ),
        "",
        "| " + " | ".join(header) + " |",
        "|---|---|---:|---|---|---|---:|---:|",
        *("| " + " | ".join(row) + " |" for row in rows),
        "",
        (
            f"The run took {seconds / 60:.1f} minutes of wall time."
            if done
            else f"The run is under way: {len(rows)} of {total} pairings measured, "
            f"{seconds / 60:.1f} minutes of wall time so far."
        ),
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
