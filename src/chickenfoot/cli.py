"""The ``chickenfoot`` command: play against bots, simulate matches, replay records, show
positions, list rules, serve bots over the engine protocol.

Run ``chickenfoot --help`` (or ``python -m chickenfoot --help``) for the subcommands;
:doc:`/cli` describes them. Tables and the progress bar use `rich
<https://rich.readthedocs.io/>`_ when it is installed (``pip install "chickenfoot[cli]"``);
without it, or with ``--plain``, everything is plain text.

Exit codes: 0 when all went well, 1 for a record or a position that cannot be read or an
engine that fails (``engine:COMMAND`` bots), 2 for a usage
error (an unknown option, preset or bot, a player count the rules do not cover, a file
that cannot be read), 130 when interrupted with Ctrl-C, and 141 when the output pipe is
closed early (as by ``| head``).

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

from . import (
    PRESET_ALIASES,
    PRESETS,
    Annotation,
    Draw,
    Ending,
    Event,
    Match,
    Move,
    Obligation,
    Pass,
    Play,
    Record,
    Round,
    RoundView,
    Rules,
    Standing,
    Tile,
    __version__,
    beliefs_svg,
    beliefs_text,
    find_preset,
    layout_text,
    parse_move,
    table_svg,
)
from .errors import (
    EngineError,
    IllegalMoveError,
    InvalidMoveError,
    PositionError,
    RecordError,
    RulesError,
)

if TYPE_CHECKING:
    from rich.console import Console

    from .bots import Player
    from .tournament import Entrant

__all__ = ["main"]

#: The bots the command knows, by the name ``--bots`` takes: the bots of
#: :mod:`chickenfoot.bots` with their defaults, and the levels of :func:`~chickenfoot.bots.level`.
BOT_NAMES: Final = (
    "random",
    "greedy",
    "search",
    "tree-search",
    "level1",
    "level2",
    "level3",
    "level4",
    "level5",
)

#: The strongest of :data:`BOT_NAMES`, as the bots page measures them: level 5 at the top of
#: the ratings, and ``search``, which a duel with level 5 does not tell apart from it.
STRONGEST: Final = "level5 and search are the strongest"

_PROG: Final = "chickenfoot"
_QUIT: Final = frozenset({"q", "quit", "exit"})
_HELP: Final = frozenset({"h", "help", "?"})
_TABLE: Final = frozenset({"t", "table"})


class UsageError(Exception):
    """A command line that asks for something impossible; ``main`` returns 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chickenfoot`` command with ``argv`` (``sys.argv[1:]`` by default).

    Returns the exit code: 0 when all went well, 1 for a record or a position that cannot be read
    or an engine that fails,
    2 for a usage error, 130 when interrupted, 141 when the output pipe closes early.

    >>> from chickenfoot.cli import main
    >>> main(["rules", "chickie", "--plain"])  # doctest: +ELLIPSIS
    chickie-duel (aliases: chickie, kurczak)
    ...
    0

    .. versionadded:: 0.1
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already reported
        return exc.code if isinstance(exc.code, int) else 2
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    out = _Output(plain=args.plain)
    try:
        _load(args.load)
        code: int = args.run(args, out)
    except EngineError as exc:
        print(f"{_PROG} {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except UsageError as exc:
        print(f"{_PROG} {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\n{_PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader left, as ``| head`` does: stop without a word
        _silence_stdout()
        return 141
    finally:
        while _STARTED:
            _STARTED.pop().close()
    return code


def _load(scripts: Sequence[Path]) -> None:
    """Import each ``--load`` script as a module named after its file, its folder put on
    the module path, so that the house rules it registers are found by name (records,
    ``--rules`` files) and pickled by reference to the processes of a simulation."""
    import importlib.util

    for path in scripts:
        if not path.is_file():
            raise UsageError(f"--load {path}: no such file")
        name = path.stem
        if not name.isidentifier():
            raise UsageError(f"--load {path}: the file name is not a Python module name")
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise UsageError(f"--load {path}: not a Python script")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise UsageError(f"--load {path}: {type(exc).__name__}: {exc}") from None


def _silence_stdout() -> None:
    """Point stdout at the null device, so that flushing it at exit cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


# -- the command line ---------------------------------------------------------------------


#: Adds a subcommand to the command line: its name, its help line and its description.
_AddCommand = Callable[[str, str, str], argparse.ArgumentParser]


def _parser() -> argparse.ArgumentParser:
    """The command line: its own options, and each subcommand from its builder below."""
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="Chicken Foot dominoes: play against bots, simulate matches, "
        "replay game records, list the rules.",
        epilog="Exit codes: 0 ok, 1 bad record or position or a failing engine, 2 usage error.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.set_defaults(command=None, plain=False)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--plain", action="store_true", help="plain text output, even when rich is installed"
    )
    common.add_argument(
        "--load",
        metavar="SCRIPT",
        type=Path,
        action="append",
        default=[],
        help="a Python script to import first, which registers house rules with @house_rule "
        "(may be given more than once)",
    )

    def add(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        command = sub.add_parser(name, parents=[common], help=summary, description=description)
        command.set_defaults(command=name)
        return command

    for build in (
        _play_command,
        _simulate_command,
        _tournament_command,
        _replay_command,
        _analyse_command,
        _show_command,
        _rules_command,
        _engine_command,
    ):
        build(add)
    return parser


def _play_command(add: _AddCommand) -> None:
    """``chickenfoot play``: a match in the terminal against bots."""
    play = add(
        "play",
        "play a match in the terminal against bots",
        "Play a match against bots. On your turn, type the number of a "
        "legal move or the move itself (9-4@9-9, 9-9, draw, pass); 'help' for more.",
    )
    _rules_options(play)
    play.add_argument("--players", type=_whole(2), help="seats at the table (default 4)")
    play.add_argument("--seat", type=_whole(0), default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots",
        default="greedy",
        help=f"the bots in the other seats, in seat order, one for all or one each: "
        f"{', '.join(BOT_NAMES)}, or engine:COMMAND for an engine of the engine protocol "
        f"(default greedy; {STRONGEST})",
    )
    play.add_argument(
        "--seed", type=int, help="deal from this seed (default: a random one, not shown)"
    )
    play.add_argument(
        "--show-seed",
        action="store_true",
        help="print the seed at the start (it decides every hand and the boneyard)",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        help="write the game's record into FILE when it ends or stops (for 'replay')",
    )
    _engine_options(play)
    play.set_defaults(run=_play)


def _simulate_command(add: _AddCommand) -> None:
    """``chickenfoot simulate``: many matches between bots, summarized."""
    simulate = add(
        "simulate",
        "play many matches between bots and summarize them",
        "Play many matches between bots on all CPUs and print a summary.",
    )
    _rules_options(simulate)
    simulate.add_argument("--players", type=_whole(2), help="seats (default: one per bot, or 4)")
    simulate.add_argument(
        "--bots",
        default="random",
        help=f"one bot per seat or one for all: {', '.join(BOT_NAMES)}, or engine:COMMAND "
        "for an engine of the engine protocol (default random)",
    )
    simulate.add_argument("--games", type=_whole(1), default=100, help="matches (default 100)")
    simulate.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    simulate.add_argument("--jobs", type=_whole(1), help="worker processes (default: one per CPU)")
    simulate.add_argument(
        "--json", action="store_true", help="print the summary as JSON, and nothing else"
    )
    simulate.add_argument(
        "--records", metavar="DIR", type=Path, help="write every game's record into DIR"
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    _engine_options(simulate)
    simulate.set_defaults(run=_simulate)


def _tournament_command(add: _AddCommand) -> None:
    """``chickenfoot tournament``: bots rated on duplicate deals, or an SPRT."""
    tour = add(
        "tournament",
        "rate bots in a tournament on duplicate deals, or run an SPRT",
        "Play a round robin (or a gauntlet) between bots on duplicate deals, every deal "
        "once per rotation of the seats, and print their penalty points per round and "
        "their ratings with 95% intervals; with --sprt, test the first bot against the "
        "second until the test decides.",
    )
    _rules_options(tour)
    tour.add_argument(
        "--bots",
        default="random,greedy",
        help=f"the entrants, by name, comma-separated: {', '.join(BOT_NAMES)}, or "
        "engine:COMMAND for an engine of the engine protocol (named by the engine; a game "
        "it fails is forfeited); a name given twice enters twice, the second as NAME-2 "
        "(default random,greedy)",
    )
    tour.add_argument("--seats", type=_whole(2), help="seats at each table (default: one per bot)")
    tour.add_argument(
        "--gauntlet", metavar="BOT", help="a gauntlet of this entrant against the others"
    )
    tour.add_argument("--deals", type=_whole(1), default=100, help="deals per table (default 100)")
    tour.add_argument("--matches", action="store_true", help="play whole matches, not rounds")
    tour.add_argument(
        "--sprt",
        nargs=4,
        type=float,
        metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
        help="an SPRT of the first bot against the second at two seats; --deals is the most "
        "deals it plays",
    )
    tour.add_argument(
        "--bootstrap",
        metavar="N",
        type=_whole(1),
        help="rating intervals from N resamples of the deals (default: the Fisher information)",
    )
    tour.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    tour.add_argument("--jobs", type=_whole(1), help="worker processes (default: one per CPU)")
    tour.add_argument(
        "--json", action="store_true", help="print the results as JSON, and nothing else"
    )
    tour.add_argument("--out", metavar="FILE", type=Path, help="write the results as JSON")
    tour.add_argument("--svg", metavar="FILE", type=Path, help="draw the ratings into FILE")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")
    _engine_options(tour)
    tour.set_defaults(run=_tournament)


def _replay_command(add: _AddCommand) -> None:
    """``chickenfoot replay``: a game record, round by round."""
    replay = add(
        "replay",
        "print a game record round by round",
        "Load a game record (a round or a match), replaying every move, and "
        "print it round by round with the scores. Exits with 1 if it cannot be loaded.",
    )
    replay.add_argument("file", type=Path, help="the record, a JSON file")
    replay.add_argument("--brief", action="store_true", help="results only, without the moves")
    replay.add_argument("--table", action="store_true", help="show the table after each round")
    replay.set_defaults(run=_replay)


def _analyse_command(add: _AddCommand) -> None:
    """``chickenfoot analyse``: every move of a game record judged from its seat's view."""
    analyse = add(
        "analyse",
        "judge every move of a game record, as an engine reviews a game",
        "Judge every move of a game record (a round or a match) from its seat's view: each "
        "legal move's expected margin over exact samples of the hidden tiles, the played "
        "move's loss in points, a mark (?! from 2, ? from 5, ?? from 10 points), each seat's "
        "accuracy and the loss in hindsight, with every hand known. Exits with 1 if the "
        "record cannot be loaded.",
    )
    analyse.add_argument("file", type=Path, help="the record, a JSON file")
    analyse.add_argument(
        "--seat",
        type=_whole(0),
        action="append",
        help="judge this seat's moves (may be given more than once; default every seat)",
    )
    analyse.add_argument(
        "--samples",
        type=_whole(2),
        default=12,
        help="samples of the hidden tiles per move (default 12)",
    )
    analyse.add_argument("--seed", type=int, default=0, help="the seed of the samples (default 0)")
    analyse.add_argument(
        "--nodes",
        type=_whole(1),
        default=100_000,
        help="the solver's limit per sample, in positions; a sample it does not solve is "
        "played out with the greedy heuristic (default 100000)",
    )
    analyse.add_argument(
        "--playouts",
        type=_whole(1),
        default=4,
        help="playouts from each move of a sample the solver does not solve (default 4)",
    )
    analyse.add_argument(
        "--out", metavar="FILE", type=Path, help="write the annotated record into FILE"
    )
    analyse.add_argument(
        "--report", metavar="FILE", type=Path, help="write the text report into FILE"
    )
    analyse.add_argument(
        "--html", metavar="FILE", type=Path, help="write the report as a web page into FILE"
    )
    analyse.add_argument("--quiet", action="store_true", help="no progress bar")
    analyse.set_defaults(run=_analyse)


def _show_command(add: _AddCommand) -> None:
    """``chickenfoot show``: a position, its legal moves and a bot's choice."""
    show = add(
        "show",
        "show a position: the table, the hands, the legal moves, a bot's choice",
        "Read a position in the position notation (cf1 ...) and show the layout "
        "tree, the hands, the boneyard, what the rules demand and the legal moves. With "
        "--best, a bot chooses a move for the seat to move, seeing only what that seat "
        "sees; with --analyse, it also shows what it found each move worth. Exits with 1 "
        "if the text is not a position of the rules.",
    )
    show.add_argument("position", help="the position, in quotes: 'cf1 9-9 ...'")
    _rules_options(show)
    show.add_argument("--svg", metavar="FILE", type=Path, help="also draw the table into FILE")
    show.add_argument(
        "--seat",
        type=_whole(0),
        help="show and draw the table as this seat sees it (default: everything)",
    )
    show.add_argument(
        "--best", action="store_true", help="ask a bot for the move of the seat to move"
    )
    show.add_argument(
        "--analyse",
        "--analyze",
        action="store_true",
        help="with --best or alone: also show what the bot found each legal move worth, "
        "and how many playouts it spent on it (search, tree-search, level3 to level5, "
        "or an engine)",
    )
    show.add_argument(
        "--bot",
        default="search",
        help=f"the bot for --best: {', '.join(BOT_NAMES)} "
        f"(default search; {STRONGEST}, search the faster)",
    )
    show.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the random numbers of the bot and of --beliefs samples (default 0)",
    )
    show.add_argument(
        "--beliefs",
        action="store_true",
        help="also show where the tiles hidden from --seat (default: the seat to move) "
        "may be; with --svg, FILE gets that picture instead of the table",
    )
    _engine_options(show)
    show.set_defaults(run=_show)


def _rules_command(add: _AddCommand) -> None:
    """``chickenfoot rules``: the presets, or every knob of one."""
    rules = add(
        "rules",
        "list the presets and their knobs",
        "List the presets, or every knob of one preset.",
    )
    rules.add_argument("name", nargs="?", help="a preset or an alias")
    rules.set_defaults(run=_rules)


def _engine_command(add: _AddCommand) -> None:
    """``chickenfoot engine``: a bot of the library served over the engine protocol."""
    engine = add(
        "engine",
        "serve a bot over the engine protocol on standard input and output",
        "Serve one of the library's bots over the Chicken Foot engine protocol (cfep 1): "
        "JSON requests a line on standard input, answers on standard output, until "
        "'quit' or the end of the input.",
    )
    engine.add_argument(
        "--bot",
        default="level5",
        help=f"the bot to serve: {', '.join(BOT_NAMES)} (default level5)",
    )
    engine.add_argument("--name", help="the name the engine gives (default: the bot's)")
    engine.set_defaults(run=_engine)


def _rules_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--preset", default="classic", help="the rules (default classic)")
    group.add_argument(
        "--rules",
        metavar="FILE",
        type=Path,
        help='a JSON file of knobs, {"preset": "classic", "knobs": {"double_blank": 25}}',
    )


def _engine_options(parser: argparse.ArgumentParser) -> None:
    """The limits of every ``engine:COMMAND`` bot of the command."""
    group = parser.add_argument_group("engines (engine:COMMAND bots)")
    group.add_argument(
        "--engine-playouts",
        metavar="N",
        type=_whole(1),
        help="the most playouts an engine may spend on a move (default: the engine's own)",
    )
    group.add_argument(
        "--engine-seconds",
        metavar="S",
        type=_seconds(none=False),
        help="the most seconds an engine may think about a move; past them it is told to "
        "stop (default: the engine's own)",
    )
    group.add_argument(
        "--engine-timeout",
        metavar="S",
        type=_seconds(none=True),
        default=30.0,
        help="seconds to wait for an engine's hello, and for a move when --engine-seconds "
        "is not given, before it is stopped; 'none' waits without end (default 30)",
    )


def _engine_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of an engine of the command's options (``engine.popen``'s)."""
    from .engine import Limit

    playouts, seconds = args.engine_playouts, args.engine_seconds
    limit = None if playouts is None and seconds is None else Limit(playouts, seconds)
    return {"limit": limit, "timeout": args.engine_timeout}


def _seconds(*, none: bool) -> Callable[[str], float | None]:
    def convert(text: str) -> float | None:
        if none and text.strip().lower() == "none":
            return None
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
        if not (value > 0 and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {text}")
        return value

    convert.__name__ = "seconds"
    return convert


def _whole(minimum: int) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"at least {minimum}, not {value}")
        return value

    convert.__name__ = "number"
    return convert


# -- output -------------------------------------------------------------------------------


class _Output:
    """Lines and tables on stdout, drawn by rich when it is there and wanted."""

    def __init__(self, *, plain: bool) -> None:
        self.console = None if plain else _console()

    def line(self, text: str = "") -> None:
        print(text, flush=True)

    def table(
        self,
        title: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[object]],
        *,
        left: int = 1,
    ) -> None:
        """A table; the first ``left`` columns are text, the others numbers."""
        cells = [[_cell(value) for value in row] for row in rows]
        if self.console is not None:
            from rich import box
            from rich.table import Table

            table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
            for i, name in enumerate(columns):
                table.add_column(name, justify="left" if i < left else "right")
            for row in cells:
                table.add_row(*row)
            self.console.print(table)
            return
        widths = [max(len(str(c)) for c in column) for column in zip(columns, *cells, strict=True)]

        def fit(row: Sequence[str]) -> str:
            parts = (
                c.ljust(w) if i < left else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
            return "  ".join(parts).rstrip()

        lines = [title, fit(columns), fit(["-" * w for w in widths]), *map(fit, cells)]
        print("\n".join(lines), flush=True)


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _console(*, stderr: bool = False) -> Console | None:
    """A rich console, or ``None`` when rich is not installed."""
    try:
        from rich.console import Console
    except ImportError:
        return None

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            # rich exits with 1 here, the code of a bad record; main() returns 141 instead.
            self.quiet = True
            raise BrokenPipeError

    console = _Console(stderr=stderr, highlight=False)
    if not console.is_terminal:  # a pipe or a file: no need to wrap at 80 columns
        console = _Console(stderr=stderr, highlight=False, width=120)
    return console


@contextmanager
def _progress_bar(
    total: int | None, *, show: bool, plain: bool, unit: str = "games"
) -> Iterator[Callable[[int, int], None]]:
    """A progress callback drawing a bar on stderr; silent when ``show`` is false. Each
    call of the callback gives the total again; ``total`` is the bar's until the first
    (``None``: not known yet)."""
    if not show:
        yield lambda done, total: None
        return
    console = None if plain else _console(stderr=True)
    if console is None:
        stream: TextIO = sys.stderr

        def plain_bar(done: int, total: int) -> None:
            width = 30
            full = width * done // total
            stream.write(f"\r[{'#' * full}{'.' * (width - full)}] {done}/{total} {unit}")
            stream.flush()

        try:
            yield plain_bar
        finally:
            stream.write("\n")
            stream.flush()
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn(unit),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(unit, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)


# -- shared pieces ------------------------------------------------------------------------


def _rules_of(args: argparse.Namespace) -> Rules:
    """The rules named by ``--preset`` or read from ``--rules FILE``."""
    if args.rules is None:
        try:
            return find_preset(args.preset)
        except RulesError as exc:
            raise UsageError(str(exc)) from None
    path: Path = args.rules
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        record = _record_of(text)
        return Rules.from_json(text) if record is None else Rules.from_dict(record.get("rules"))
    except RulesError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _record_of(text: bytes) -> dict[str, Any] | None:
    """``text`` as JSON if it is a game record, whose rules ``--rules`` takes; ``None`` for
    anything else, which :meth:`Rules.from_json` reads and checks."""
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except _TwiceError as exc:
        # A record with a key twice is refused, as loading a record refuses it; anything
        # else with a key twice is left to Rules.from_json, which says the same.
        if b"chickenfoot-record" in text:
            raise RulesError(f"not a record: {exc}") from None
        return None
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict) and data.get("format") == "chickenfoot-record":
        return data
    return None


class _TwiceError(Exception):
    """A JSON object names one key twice."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refusing a key given twice (the last would silently win)."""
    value: dict[str, Any] = {}
    for key, item in pairs:
        if key in value:
            raise _TwiceError(f"the key {json.dumps(key)} appears twice")
        value[key] = item
    return value


def _rules_line(args: argparse.Namespace, rules: Rules) -> str | None:
    """For ``--rules FILE``: the rules' name, their preset and the knobs changed from it."""
    if args.rules is None:
        return None
    value = rules.to_dict()
    changed = [f"{name}={json.dumps(v)}" for name, v in value["knobs"].items() if name != "name"]
    preset = value["preset"]
    if not changed:
        differ = f"the {preset} preset, no knob changed"
    else:
        differ = f"the {preset} preset with {', '.join(changed)}"
    return f"Rules from {args.rules}: {rules.name}, {differ}"


def _player_count(rules: Rules, wanted: int | None, bots: int) -> int:
    """``wanted``, checked against the rules; by default one per bot, or 4, or the least."""
    counts = rules.player_counts
    if wanted is None:
        wanted = bots if bots > 1 else 4 if 4 in counts else counts[0]
    try:
        rules.check_players(wanted)
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    return wanted


def _bot_names(spec: str) -> list[str]:
    names = [name.strip() if _is_engine(name) else name.strip().lower() for name in spec.split(",")]
    for name in names:
        if _is_engine(name):
            if not name[len(_ENGINE) :].strip():
                raise UsageError(f"{name!r} names no command: write engine:COMMAND")
        elif name not in BOT_NAMES:
            raise UsageError(
                f"no bot {name!r}; the bots are {', '.join(BOT_NAMES)}, or engine:COMMAND"
            )
    return names


#: The prefix of a bot name that is an engine's command: ``engine:./mybot --fast``.
_ENGINE: Final = "engine:"
#: The engines the command started, closed when it ends.
_STARTED: list[Any] = []


def _is_engine(name: str) -> bool:
    return name.strip().lower().startswith(_ENGINE)


def _bots(names: Sequence[str], seats: int, engine: dict[str, Any] | None = None) -> list[Player]:
    """One bot per seat from ``names``: one name each, or one name for all; an engine is
    started with the keyword arguments ``engine`` (:func:`_engine_settings`)."""
    if len(names) == 1:
        names = list(names) * seats
    elif len(names) != seats:
        raise UsageError(
            f"--bots names {len(names)} bots for {seats} seats: name one for all, or one each"
        )
    makers = _makers()
    for name in names:
        if _is_engine(name) and name not in makers:
            makers[name] = functools.partial(_engine_player, name[len(_ENGINE) :], **(engine or {}))
    made = {name: makers[name]() for name in dict.fromkeys(names)}  # one engine a command
    return [made[name] for name in names]


def _makers() -> dict[str, Callable[[], Player]]:
    """A picklable factory of every bot of :data:`BOT_NAMES`, by its name."""
    from . import bots

    makers: dict[str, Callable[[], Player]] = {
        "random": bots.RandomPlayer,
        "greedy": bots.GreedyPlayer,
        "search": bots.SearchPlayer,
        "tree-search": bots.TreeSearchPlayer,
    }
    for n in range(1, len(bots.LEVELS) + 1):
        makers[f"level{n}"] = functools.partial(bots.level, n)
    return makers


def _engine_player(command: str, **settings: Any) -> Player:
    """An engine started from ``command`` (split as a shell would) with the keyword
    arguments ``settings`` of :meth:`SimpleEngine.popen`, closed at the end."""
    import shlex

    from .engine import SimpleEngine
    from .errors import EngineError

    try:
        engine = SimpleEngine.popen(shlex.split(command), **settings)
    except (EngineError, ValueError) as exc:
        raise UsageError(f"engine:{command}: {exc}") from None
    _STARTED.append(engine)
    return engine


def _seats(values: Sequence[object]) -> str:
    return ", ".join(f"seat {seat} {value}" for seat, value in enumerate(values))


def _ending(rnd: Round | RoundView, who: Callable[[int], str]) -> str:
    outcome = rnd.outcome
    assert outcome is not None
    if outcome.ending is Ending.WENT_OUT:
        return f"{who(outcome.winner)} went out"
    return f"blocked; {_wins(who(outcome.winner))} the round with the lowest score"


def _standings_table(
    out: _Output, title: str, standings: Sequence[Standing], who: Callable[[int], str]
) -> None:
    rows = [
        (s.place, who(s.seat), s.total, s.zero_rounds)
        for s in sorted(standings, key=lambda s: (s.place, s.seat))
    ]
    out.table(title, ("place", "player", "total", "rounds at 0"), rows, left=2)


def _wins(name: str) -> str:
    """``name`` and its verb: ``you win``, ``seat 2 (greedy) wins``."""
    return f"{name} win" if name == "you" else f"{name} wins"


def _winners(winners: Sequence[int], who: Callable[[int], str]) -> str:
    if len(winners) == 1:
        return f"{_wins(who(winners[0]))} the match"
    return f"{', '.join(who(s) for s in winners[:-1])} and {who(winners[-1])} share the win"


# -- chickenfoot play ---------------------------------------------------------------------

_PLAY_HELP: Final = """\
On your turn, type one of:
  a number       the move of that number in the list
  9-4@9-9        play 9-4 onto 9-9 (a tile, @, the tile it goes onto)
  9-9            place the round double
  draw, pass     draw a tile, or pass, when the rules allow it
  table          show the table, your hand and your moves again
  help           this text
  quit           stop the game"""


def _play(args: argparse.Namespace, out: _Output) -> int:
    if args.save is None:
        return _play_match(args, out, None)
    existed = args.save.exists()
    try:  # refuse a path that cannot be written before the game, not after it
        args.save.touch()
    except OSError as exc:
        raise UsageError(f"cannot write {args.save}: {exc.strerror or exc}") from None
    saved: list[Match] = []
    try:
        return _play_match(args, out, saved)
    finally:
        if saved:
            try:
                args.save.write_text(saved[-1].to_json(indent=2) + "\n", encoding="utf-8")
            except OSError as exc:
                raise UsageError(f"cannot write {args.save}: {exc.strerror or exc}") from None
            out.line(f"Saved the game to {args.save}.")
        elif not existed:
            args.save.unlink(missing_ok=True)


class _Seats:
    """Who sits where in ``play``: the human's seat and a bot in every other one."""

    def __init__(self, human: int, bots: dict[int, Player]) -> None:
        self.human = human
        self.bots = bots

    def who(self, seat: int) -> str:
        """The seat as the story of the game names it: ``you`` or ``seat 2 (greedy)``."""
        return "you" if seat == self.human else f"seat {seat} ({self.bots[seat].name})"

    def whose(self, seat: int) -> str:
        """The seat as a list of every seat names it: ``seat 0 (you)``, ``seat 2 (greedy)``."""
        return f"seat {seat} (you)" if seat == self.human else self.who(seat)


def _play_match(args: argparse.Namespace, out: _Output, saved: list[Match] | None) -> int:
    """The match of ``play``; ``saved`` (if given) holds the match as it stands."""
    rules = _rules_of(args)
    names = _bot_names(args.bots)
    players = _player_count(rules, args.players, len(names) + 1 if len(names) > 1 else 1)
    if not args.seat < players:
        raise UsageError(f"--seat is 0 to {players - 1} at a table of {players}, not {args.seat}")
    others = [seat for seat in range(players) if seat != args.seat]
    seats = _Seats(
        args.seat, dict(zip(others, _bots(names, len(others), _engine_settings(args)), strict=True))
    )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    match = Match.new(rules, players, seed=seed)
    if saved is not None:
        saved.append(match)
    rng = random.Random(seed)
    seen = f", seed {seed}" if args.show_seed else ""
    out.line(
        f"{rules.name}, {players} players{seen}. You are seat {seats.human}; "
        + ", ".join(seats.who(s) for s in others)
        + "."
    )
    described = _rules_line(args, rules)
    if described is not None:
        out.line(described)
    out.line("Type a move's number or the move (9-4@9-9, draw, pass); 'help' for more.")
    shown = -1
    while not match.is_over:
        if match.round_index != shown:
            shown = match.round_index
            _round_header(out, match, seats)
        turn = _turn(out, match, seats, rng)
        if turn is None:
            out.line(f"Game abandoned. Replay this deal with --seed {seed}.")
            return 0
        seat, move, forced = turn
        before = len(match.finished)
        match = match.apply(move)
        if saved is not None:
            saved[-1] = match
        if seat == seats.human:
            played = match.round if len(match.finished) == before else match.finished[-1]
            drawn = played.history[-1].drawn if isinstance(move, Draw) else None
            out.line(f"you: {_said(move, drawn)}" + (" (your only move)" if forced else ""))
        if len(match.finished) > before:
            _round_over(out, match, seats)
            if not match.is_over and not _go_on(out, before + 2):
                out.line(f"Game stopped. Replay this deal with --seed {seed}.")
                return 0
    winners = match.winners
    out.line(
        f"\nMatch over: {_winners(winners, seats.who)}."
        + (" Well played!" if seats.human in winners else "")
    )
    out.line(f"Play this deal again with --seed {seed}.")
    return 0


def _round_header(out: _Output, match: Match, seats: _Seats) -> None:
    """The line that opens a round: its number, its double and, at a centre start, who
    plays first (R6, R23)."""
    count = match.round_count
    of = f" of {count}" if count is not None else ""
    first = match.round.first
    starts = f", {seats.whose(first)} first" if match.rules.start == "centre" else ""
    out.line(
        f"\n== Round {match.round_index + 1}{of}: round double {match.round.round_double}"
        f"{starts} =="
    )


def _turn(
    out: _Output, match: Match, seats: _Seats, rng: random.Random
) -> tuple[int, Move, bool] | None:
    """The seat to move, its move, and whether it was the human's only move (played for
    him unless it is a play); ``None`` when the human stops."""
    seat = match.to_move
    assert seat is not None
    view = match.round.view(seat)
    if seat != seats.human:
        move = seats.bots[seat].choose(view, rng)
        out.line(f"{seats.who(seat)}: {_said(move)}")
        return seat, move, False
    moves = view.legal_moves()
    forced = len(moves) == 1 and not isinstance(moves[0], Play)
    chosen = moves[0] if forced else _ask(out, view, match.round)
    return None if chosen is None else (seat, chosen, forced)


def _round_over(out: _Output, match: Match, seats: _Seats) -> None:
    """The end of the round just finished: how it ended, the hands, scores, standings."""
    number = len(match.finished)
    ended = match.finished[-1]
    out.line(f"\nRound {number} over: {_ending(ended, seats.who)}.")
    out.line("Tiles left in hand:")
    for seat, hand in enumerate(ended.hands):
        out.line(f"  {seats.whose(seat)}: {' '.join(map(str, hand)) or '- (went out)'}")
    scores = ended.scores or ()
    out.line("Scores: " + ", ".join(f"{seats.whose(s)} {v}" for s, v in enumerate(scores)))
    _standings_table(out, f"Standings after round {number}", match.standings, seats.whose)


def _go_on(out: _Output, number: int) -> bool:
    """Wait at the end of a round until the player goes on; ``False`` to stop.

    Only a terminal is waited for: piped input, or input that has ended, goes on at once.
    """
    if sys.stdin is None or not sys.stdin.isatty():
        return True
    try:
        answer = input(f"Press Enter for round {number} (or type quit)> ")
    except EOFError:
        out.line()
        return True
    return answer.strip().lower() not in _QUIT


def _said(move: Move, drawn: Tile | None = None) -> str:
    if isinstance(move, Draw):
        return "draws" if drawn is None else f"draws {drawn}"
    if isinstance(move, Pass):
        return "passes"
    return f"plays {move}"


def _show_turn(out: _Output, view: RoundView) -> list[Move]:
    out.line()
    out.line(layout_text(view))
    counts = ", ".join(
        f"seat {s} (you) {n}" if s == view.seat else f"seat {s} {n}"
        for s, n in enumerate(view.hand_counts)
    )
    out.line(f"Tiles in hand: {counts}; boneyard {view.boneyard_count}")
    out.line(f"Your hand: {' '.join(map(str, view.hand))}")
    drawn = view.drawn_tile
    if drawn is not None:
        out.line(f"You drew {drawn}.")
    if view.obligation not in (Obligation.NONE, Obligation.DRAWN_TILE):
        out.line(f"Rule in force: {_OBLIGATIONS[view.obligation]}")
    moves = view.legal_moves()
    out.line("Your moves:")
    for number, move in enumerate(moves, 1):
        out.line(f"  {number:>2}. {_move_text(move)}")
    return moves


_OBLIGATIONS: Final = {
    Obligation.ROUND_DOUBLE: "the round double comes first (R6)",
    Obligation.OPENING: "the round double's places come first (R7)",
    Obligation.FIRST_FOOT: "the first foot, a double onto an arm, comes first (R8)",
    Obligation.TOES: "the toes of the last double come first (R9)",
}


def _move_text(move: Move) -> str:
    if isinstance(move, Play) and move.onto is None:
        return f"{move}  (place the round double)"
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Pass):
        return "pass"
    return str(move)


def _numbers(moves: Sequence[Move]) -> str:
    """The numbers a player may type for ``moves``: ``1`` alone, or ``a number from 1 to 5``."""
    return "1, the only move" if len(moves) == 1 else f"a number from 1 to {len(moves)}"


def _ask(out: _Output, view: RoundView, rnd: Round) -> Move | None:
    """The human's move, asked until it is legal; ``None`` to stop (quit or end of input)."""
    moves = _show_turn(out, view)
    while True:
        try:
            text = input("Your move> ")
        except EOFError:
            out.line("\nInput ended.")
            return None
        word = text.strip().lower()
        if not word:
            out.line(f"Type {_numbers(moves)}, or a move like {moves[0]}.")
            continue
        if word in _QUIT:
            return None
        if word in _HELP:
            out.line(_PLAY_HELP)
            continue
        if word in _TABLE:
            moves = _show_turn(out, view)
            continue
        if word.isdigit():
            number = int(word)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            out.line(f"There is no move {number}: choose {_numbers(moves)}.")
            continue
        try:
            move = parse_move(text, set_size=rnd.set_size)
        except InvalidMoveError as exc:
            out.line(f"{exc}.")
            continue
        if move in moves:
            return move
        try:
            rnd.apply(move)
        except IllegalMoveError as exc:
            out.line(f"{move} is not legal now: {exc.reason} ({exc.rule}).")
        else:  # pragma: no cover - legal moves are all listed
            return move


# -- chickenfoot simulate -----------------------------------------------------------------


def _simulate(args: argparse.Namespace, out: _Output) -> int:
    from .simulation import default_jobs, simulate

    rules = _rules_of(args)
    names = _bot_names(args.bots)
    players = _player_count(rules, args.players, len(names))
    bots = _bots(names, players, _engine_settings(args))
    jobs = args.jobs or default_jobs()
    show = not args.quiet and sys.stderr.isatty()
    started = time.perf_counter()
    with _progress_bar(args.games, show=show, plain=args.plain) as bar:
        summary = simulate(
            rules,
            bots,
            games=args.games,
            seed=args.seed,
            jobs=jobs,
            progress=bar,
            records=args.records is not None,
        )
    elapsed = time.perf_counter() - started
    if args.records is not None:
        _write_records(args.records, summary.records)
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
        return 0
    described = _rules_line(args, rules)
    if described is not None:
        out.line(described)
    out.line(
        f"{rules.name}, {players} players, {summary.games} games, seed {summary.seed}: "
        f"{summary.rounds} rounds in {elapsed:.1f} s on {jobs} worker{'s' * (jobs != 1)}"
    )
    out.table(
        "By seat",
        ("seat", "bot", "wins", "shared", "win %", "mean total", "penalty / round"),
        [
            (s.seat, s.bot, s.wins, s.shared_wins, 100 * s.win_rate, s.mean_total, s.mean_penalty)
            for s in summary.seats
        ],
        left=2,
    )
    out.table(
        "By bot",
        ("bot", "seats", "wins", "shared", "win % / seat", "mean total", "penalty / round"),
        [
            (
                b.name,
                " ".join(map(str, b.seats)),
                b.wins,
                b.shared_wins,
                100 * b.win_rate,
                b.mean_total,
                b.mean_penalty,
            )
            for b in summary.bots
        ],
        left=2,
    )
    out.line(
        f"Rounds: {summary.moves_per_round:.1f} moves and {summary.draws_per_round:.1f} draws "
        f"a round; {100 * summary.went_out_rate:.1f}% went out, "
        f"{100 * summary.blocked_rate:.1f}% blocked."
    )
    if args.records is not None:
        out.line(f"Wrote {len(summary.records)} records to {args.records}.")
    return 0


def _write_records(folder: Path, records: Sequence[str]) -> None:
    width = max(4, len(str(len(records))))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for index, text in enumerate(records):
            (folder / f"game-{index:0{width}d}.json").write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write the records into {folder}: {exc.strerror or exc}") from None


# -- chickenfoot tournament ---------------------------------------------------------------


def _tournament(args: argparse.Namespace, out: _Output) -> int:
    import attrs

    from .simulation import default_jobs
    from .tournament import Entrant, Sprt, _forfeit_notes, play_tournament

    rules = _rules_of(args)
    names = _bot_names(args.bots)
    makers = _makers()
    settings = _engine_settings(args)
    entered = [
        _engine_entrant(n, settings) if _is_engine(n) else Entrant(n, makers[n]) for n in names
    ]
    bases = [e.name for e in entered]
    labels = [
        name if not bases[:i].count(name) else f"{name}-{bases[:i].count(name) + 1}"
        for i, name in enumerate(bases)
    ]
    field = [attrs.evolve(e, name=label) for e, label in zip(entered, labels, strict=True)]
    gauntlet = args.gauntlet  # an engine by its name, or by its engine:COMMAND
    if gauntlet is not None and gauntlet.strip() in names and _is_engine(gauntlet):
        gauntlet = labels[names.index(gauntlet.strip())]
    seats = _player_count(rules, args.seats, len(names))
    jobs = args.jobs or default_jobs()
    show = not args.quiet and sys.stderr.isatty()
    try:
        test = None if args.sprt is None else Sprt(*args.sprt)
        with _progress_bar(None, show=show, plain=args.plain) as bar:  # the runner says how many
            results = play_tournament(
                field,
                rules,
                seats=seats,
                deals=args.deals,
                seed=args.seed,
                schedule="round-robin" if args.gauntlet is None else "gauntlet",
                challenger=gauntlet,
                matches=args.matches,
                sprt=test,
                jobs=jobs,
                progress=bar,
            )
    except ValueError as exc:  # the schedule or the test cannot be made
        raise UsageError(str(exc)) from None
    ratings = results.ratings(bootstrap=args.bootstrap or 0)
    _write_text(args.out, results.to_json(indent=2) + "\n")
    _write_text(args.svg, results.svg(ratings))
    if args.json:
        print(results.to_json(indent=2))
        return 0
    described = _rules_line(args, rules)
    if described is not None:
        out.line(described)
    out.line(results.title())
    header, rows = results.rows(ratings)
    out.table("Standings", header, rows)
    for note in _forfeit_notes(results):
        out.line(note)
    verdict = results.sprt_result()
    if verdict is not None:
        out.line(str(verdict))
    for path in (args.out, args.svg):
        if path is not None:
            out.line(f"Wrote {path}.")
    return 0


def _engine_entrant(name: str, settings: dict[str, Any]) -> Entrant:
    """The entrant of an ``engine:COMMAND`` name, named by the engine (it is started once
    to shake hands) and started with ``settings`` (:func:`_engine_settings`), which plays
    in the worker processes."""
    import shlex

    from .tournament import Entrant

    command = name[len(_ENGINE) :]
    try:
        return Entrant.engine(shlex.split(command), **settings)
    except (EngineError, ValueError) as exc:
        raise UsageError(f"engine:{command}: {exc}") from None


def _write_text(path: Path | None, text: str) -> None:
    if path is None:
        return
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- chickenfoot replay -------------------------------------------------------------------


def _read_record(path: Path, command: str) -> Record | None:
    """The record in the file ``path``, or ``None`` once the reason it is not one is
    printed; a file that cannot be read is a usage error."""
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return Record.from_json(text)
    except RecordError as exc:
        print(f"{_PROG} {command}: {path}: {exc}", file=sys.stderr)
        return None


def _replay(args: argparse.Namespace, out: _Output) -> int:
    record = _read_record(args.file, "replay")
    if record is None:
        return 1
    game = record.game
    notes = {(index, step): note for index, step, note in record.items()}
    rounds: list[Round]
    if isinstance(game, Round):
        rounds = [game]
        kind = "round"
    else:
        rounds = list(game.finished)
        if not game.round.is_over:
            rounds.append(game.round)
        kind = "match"
    first = rounds[0]
    seed = "explicit deals" if first.seed is None else f"seed {game.seed}"
    out.line(f"{first.rules.name} {kind}, {first.players} players, {seed}")

    def who(seat: int) -> str:
        return f"seat {seat}"

    totals = [0] * first.players
    for number, rnd in enumerate(rounds, 1):
        out.line(
            f"\n== Round {number}: round double {rnd.round_double}, first seat {rnd.first}, "
            f"{len(rnd.moves)} moves =="
        )
        if not args.brief:
            for step, event in enumerate(rnd.history, 1):
                note = notes.get((number - 1, step - 1))
                mark = "" if note is None or note.mark is None else f" {note.mark.symbol}"
                out.line(f"  {step:>3}. {_event_text(event)}{mark}")
                if note is not None:
                    for line in _note_lines(note):
                        out.line(f"         {line}")
        if args.table:
            out.line(layout_text(rnd))
        if rnd.outcome is None:
            out.line(f"In play: seat {rnd.to_move} to move.")
            continue
        totals = [t + s for t, s in zip(totals, rnd.outcome.scores, strict=True)]
        out.line(f"Result: {_ending(rnd, who)}.")
        out.line(f"Scores: {_seats(rnd.outcome.scores)}")
        if kind == "match":
            out.line(f"Totals: {_seats(totals)}")
    if isinstance(game, Match):
        if game.results:
            title = "Final standings" if game.is_over else "Standings so far"
            _standings_table(out, title, game.standings, who)
        if game.is_over:
            out.line(f"{_winners(game.winners, who).capitalize()}.")
        else:
            out.line(f"The match is not over: {len(game.results)} rounds finished.")
    return 0


def _note_lines(note: Annotation) -> list[str]:
    """The lines ``replay`` shows under an annotated move: its evaluation and comment (the
    mark is shown beside the move)."""
    lines = []
    value = note.evaluation
    if value is not None:
        text = f"eval {value.margin:+.2f}"
        if value.stderr is not None:
            text += f" +- {value.stderr:.2f}"
        if value.best is not None:
            text += f", best {value.best}"
            if value.best_margin is not None:
                text += f" {value.best_margin:+.2f}"
        lines.append(text)
    if note.comment is not None:
        lines.extend(line.expandtabs(4) for line in note.comment.splitlines() if line.strip())
    return lines


def _event_text(event: Event) -> str:
    move = event.move
    if isinstance(move, Draw):
        text = "draw" if event.drawn is None else f"draw {event.drawn}"
    else:
        text = str(move)
    return f"seat {event.seat}: {text}"


# -- chickenfoot analyse ------------------------------------------------------------------


def _analyse(args: argparse.Namespace, out: _Output) -> int:
    from .analysis import analyse_game

    record = _read_record(args.file, "analyse")
    if record is None:
        return 1
    players = record.game.players
    for seat in args.seat or ():
        if seat >= players:
            raise UsageError(f"--seat {seat}: the record's table has seats 0 to {players - 1}")
    show = not args.quiet and sys.stderr.isatty()
    with _progress_bar(1, show=show, plain=args.plain, unit="moves") as bar:
        analysis = analyse_game(
            record,
            seats=args.seat,
            samples=args.samples,
            seed=args.seed,
            nodes=args.nodes,
            playouts=args.playouts,
            progress=bar,
        )
    out.line(analysis.report(every_move=False))
    _write_text(args.out, analysis.record().to_json(indent=1) + "\n")
    _write_text(args.report, analysis.report() + "\n")
    _write_text(args.html, analysis.html())
    for name, where in (
        ("annotated record", args.out),
        ("report", args.report),
        ("web page", args.html),
    ):
        if where is not None:
            out.line(f"Wrote the {name} to {where}.")
    return 0


# -- chickenfoot show ---------------------------------------------------------------------


_DEMANDS: Final = {
    Obligation.ROUND_DOUBLE: "the round double {double} is placed first, or searched for (R6)",
    Obligation.OPENING: "the places of the round double {double} come first (R7)",
    Obligation.FIRST_FOOT: "the first foot: a double onto an arm (R8)",
    Obligation.TOES: "the toes of {pending} come first (R9)",
    Obligation.DRAWN_TILE: "only the drawn tile {drawn} may be played (R13)",
    Obligation.NONE: "any matching tile onto any open end (R10)",
}


def _show(args: argparse.Namespace, out: _Output) -> int:
    rules = _rules_of(args)
    try:
        rnd = Round.from_position(rules, args.position)
    except PositionError as exc:
        print(f"{_PROG} show: {exc}", file=sys.stderr)
        return 1
    seat: int | None = args.seat
    if seat is not None and seat >= rnd.players:
        raise UsageError(f"--seat {seat}: the position has seats 0 to {rnd.players - 1}")
    table: Round | RoundView = rnd if seat is None else rnd.view(seat)
    names = _bot_names(args.bot) if args.best or args.analyse else []
    if len(names) > 1:
        raise UsageError("--bot names one bot")
    if args.analyse and names[0] in _NOT_SEARCHING:
        raise UsageError(
            f"--analyse: the {names[0]} bot does not search, so it gives moves no values; "
            f"choose search, tree-search, level3 to level5, or engine:COMMAND"
        )
    state = "over" if rnd.to_move is None else f"seat {rnd.to_move} to move"
    lead = "" if rnd.lead is None or rnd.lead == rnd.first else f", lead seat {rnd.lead}"
    out.line(
        f"{rules.name}, {rnd.players} players, round double {rnd.round_double}: {state} "
        f"(first seat {rnd.first}{lead})"
    )
    out.line(layout_text(table) if len(rnd.layout) else "(the table is empty)")
    out.line()
    for s, count in enumerate(rnd.hand_counts):
        tiles = rnd.hand(s) if seat is None or seat == s else ()
        shown = " ".join(map(str, tiles)) if tiles or not count else "hidden"
        out.line(f"seat {s} ({count}): {shown or '-'}")
    pile = " ".join(map(str, rnd.boneyard)) if seat is None else "hidden"
    out.line(f"boneyard ({len(rnd.boneyard)}): {pile or '-'}")
    if rnd.outcome is not None:
        out.line(f"Result: {_ending(rnd, lambda s: f'seat {s}')}.")
        out.line(f"Scores: {_seats(rnd.outcome.scores)}")
    else:
        demand = _DEMANDS[rnd.obligation].format(
            double=rnd.round_double, pending=rnd.pending_double, drawn=rnd.drawn_tile
        )
        out.line(f"Now: {demand}.")
        if seat is None or seat == rnd.to_move:
            out.line(f"Legal moves: {' '.join(map(str, rnd.legal_moves()))}")
    picture = _show_beliefs(args, rnd, out) if args.beliefs else None
    if args.svg is not None:
        try:
            args.svg.write_text(picture or table_svg(table), encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {args.svg}: {exc.strerror or exc}") from None
    if names and rnd.to_move is not None:
        (bot,) = _bots(names, 1, _engine_settings(args))
        view = rnd.view(rnd.to_move)
        if args.analyse:
            move = _show_analysis(out, bot, view, random.Random(args.seed))
        else:
            move = bot.choose(view, random.Random(args.seed))
        out.line(f"Best move for seat {rnd.to_move} ({bot.name} bot): {move}")
    return 0


#: The bots of :data:`BOT_NAMES` that do not search, and so cannot analyse a move.
_NOT_SEARCHING: Final = frozenset({"random", "greedy", "level1", "level2"})


def _show_analysis(out: _Output, bot: Player, view: RoundView, rng: random.Random) -> Move:
    """Show what ``bot`` found every legal move of ``view`` worth; the move it plays (the
    one its ``choose`` plays with ``rng``)."""
    from .bots import SearchPlayer, TreeSearchPlayer
    from .engine import SimpleEngine

    seat = view.seat
    rows: list[tuple[str, str, str, str, str]] = []
    objective: str | None
    playouts: int | None
    if isinstance(bot, (SearchPlayer, TreeSearchPlayer)):
        analysis = bot.analyse(view, rng)
        move, objective, playouts = analysis.move, analysis.objective, analysis.playouts
        for line in analysis.moves:
            value = _worth(line.value, objective)
            error = _worth(line.stderr, objective, signed=False)
            same = " ".join(map(str, line.equivalent))
            rows.append((str(line.move), same, value, error, str(line.playouts)))
    else:
        assert isinstance(bot, SimpleEngine)  # the others are refused before
        answer = bot.analyse(view, seed=rng.getrandbits(64))
        move = answer.move
        rated = [info for info in answer.info if info.moves]
        if not rated:
            out.line(f"The {bot.name} engine sent no values of moves.")
            return move
        info = rated[-1]
        objective, playouts = info.objective, info.playouts
        for item in info.moves:
            value = _worth(item.value, objective)
            error = _worth(item.stderr, objective, signed=False)
            visits = "-" if item.visits is None else str(item.visits)
            same = " ".join(map(str, item.equivalent))
            rows.append((str(item.move), same, value, error, visits))
    scale = {
        "margin": "the margin in points, R17",
        "win": "the chance of winning the round, R18",
    }.get(objective or "", f"in the engine's scale ({objective})" if objective else "")
    spent = "a forced move, not searched" if playouts == 0 else f"{playouts} playouts"
    if playouts is None:
        spent = "playouts not said"
    title = f"What the {bot.name} bot finds each move worth for seat {seat}, best first"
    title += f" ({spent}; value: {scale})" if scale else f" ({spent})"
    out.table(title, ["move", "same game as", "value", "+-", "playouts"], rows, left=2)
    return move


def _worth(value: float | None, objective: str | None, *, signed: bool = True) -> str:
    """A value of an analysis for people: points, or a chance in percent."""
    if value is None:
        return "-"
    if objective == "win":
        return f"{100 * value:.1f}%"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


# -- chickenfoot engine -------------------------------------------------------------------


def _engine(args: argparse.Namespace, out: _Output) -> int:
    from .engine import serve

    names = _bot_names(args.bot)
    if len(names) > 1 or _is_engine(names[0]):
        raise UsageError("--bot names one bot of the library")
    (bot,) = _bots(names, 1)
    serve(bot, sys.stdin, sys.stdout, name=args.name)
    return 0


def _show_beliefs(args: argparse.Namespace, rnd: Round, out: _Output) -> str:
    """``show --beliefs``: where the tiles the seat does not see may be, as a table on
    the output; the picture of them, as SVG."""
    seat: int | None = args.seat if args.seat is not None else rnd.to_move
    if seat is None:
        raise UsageError("--beliefs: the round is over, so say whose view with --seat")
    beliefs = rnd.view(seat).tile_probabilities(rng=random.Random(args.seed))
    out.line()
    out.line(beliefs_text(beliefs))
    return beliefs_svg(beliefs)


# -- chickenfoot rules --------------------------------------------------------------------


def _rules(args: argparse.Namespace, out: _Output) -> int:
    if args.name is None:
        import attrs

        presets = list(PRESETS.values())
        # One row for every knob (the name heads the columns), under its own name.
        shown: dict[str, Callable[[Rules], object]] = {
            "set_sizes": lambda r: "double-" + "/".join(map(str, _distinct(r.set_sizes))),
            "hand_sizes": lambda r: _span(_distinct(r.hand_sizes)),
            "first_foot_required": lambda r: "required" if r.first_foot_required else "no",
            "draws_per_turn": lambda r: r.draws_per_turn or "until playable",
            "target": lambda r: "none" if r.target is None else r.target,
        }
        lines: list[tuple[str, Callable[[Rules], object]]] = [
            ("players", lambda r: _span(r.player_counts))
        ]
        for field in attrs.fields(Rules):
            if field.name != "name":
                default: Callable[[Rules], object] = attrgetter(field.name)
                lines.append((field.name, shown.get(field.name, default)))
        rows = [(label, *(show(r) for r in presets)) for label, show in lines]
        out.table("Presets", ("knob", *(r.name for r in presets)), rows, left=len(presets) + 1)
        for r in presets:
            aliases = [alias for alias, name in PRESET_ALIASES.items() if name == r.name]
            if aliases:
                out.line(f"{r.name} is also called {', '.join(aliases)}")
        out.line("Every knob of one preset, by player count: chickenfoot rules NAME")
        return 0
    try:
        rules = find_preset(args.name)
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    aliases = [alias for alias, name in PRESET_ALIASES.items() if name == rules.name]
    out.line(f"{rules.name}" + (f" (aliases: {', '.join(aliases)})" if aliases else ""))
    knobs = _knobs(rules)
    rows = [(k.name, knobs[k.name], k.rule, k.values, k.summary) for k in Rules.knob_help()]
    out.table("Knobs", ("knob", "value", "rules", "values", "what it does"), rows, left=5)
    return 0


def _distinct(pairs: Sequence[tuple[int, int]]) -> list[int]:
    """The values of a player table, each once, in order."""
    return sorted({value for _, value in pairs})


def _knobs(rules: Rules) -> dict[str, Any]:
    import attrs

    values: dict[str, Any] = {}
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if field.name == "set_sizes":
            value = _table_text(value, "double-")
        elif field.name == "hand_sizes":
            value = _table_text(value)
        values[field.name] = value
    return values


def _span(values: Sequence[int]) -> str:
    return f"{values[0]}" if len(values) == 1 else f"{values[0]}-{values[-1]}"


def _table_text(pairs: Sequence[tuple[int, int]], prefix: str = "") -> str:
    """A player table as text, runs of equal values joined: ``2-6: double-9, 7-10: double-12``."""
    runs: list[tuple[int, int, int]] = []
    for players, value in pairs:
        if runs and runs[-1][2] == value and runs[-1][1] == players - 1:
            runs[-1] = (runs[-1][0], players, value)
        else:
            runs.append((players, players, value))
    if len(runs) == 1:
        return f"{prefix}{runs[0][2]}"
    return ", ".join(f"{a}: {prefix}{v}" if a == b else f"{a}-{b}: {prefix}{v}" for a, b, v in runs)
