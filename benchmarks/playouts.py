"""Random playouts of chickenfoot, pure and compiled, and of peer domino engines, side by side.

Every engine plays whole rounds through its public API: list the legal moves, pick one
with a seeded ``random.Random``, apply it; draws and passes count as moves. Engines are
run in turns (A B C A B C ...), so the ratios hold on a noisy machine even when the
absolute figures drift. Every build of chickenfoot runs in a worker process of its own,
one request at a time, in turns with the others: this interpreter's build (pure or
compiled) in a second process of this interpreter; with ``--compiled PYTHON``, the
mypyc-compiled wheel installed in that interpreter's environment; with ``--baseline
REV``, the library of that git revision, as the baseline: its sources, written into a
temporary folder by ``git archive``, on ``PYTHONPATH`` (pure), and with ``--compiled``
its compiled wheel too, built with that interpreter into a temporary environment (or
installed in the environment of ``--baseline-python PYTHON``). Peers are optional: the
``dominoes`` package and OpenSpiel's ``python_block_dominoes`` are measured when they are
installed (the ``bench`` dependency group installs them).

Run ``nox -s bench`` (which builds the compiled wheel and its environment itself, and
measures against the revision it names) or ``python benchmarks/playouts.py --help``. The figures are written to
``benchmarks/results/playouts.md`` (``--markdown``), which docs/performance.md
includes, with the machine, the command and the range over the trials.

Every time is the CPU time of the process that plays (``time.process_time``), not the
wall time: on a machine shared with other work, a process waiting for a core would
otherwise count the wait as its own.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import functools
import io
import json
import os
import pickle
import platform
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import chickenfoot
from chickenfoot import PRESETS, Round, Rules

#: Moves and rounds per second of one engine, for (seconds, seed).
Measure = Callable[[float, int], tuple[float, float]]

#: One playout: plays one round with the seeded random choices and returns its moves.
Playout = Callable[[random.Random, int], int]

#: The checkout this script belongs to.
ROOT = Path(__file__).resolve().parents[1]

#: The Markdown that docs/performance.md includes.
RESULTS = ROOT / "benchmarks" / "results" / "playouts.md"

#: The build hook's switch: 1 builds the mypyc-compiled wheel (hatch_build.py).
MYPYC = "CHICKENFOOT_MYPYC"

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
    """Rounds and moves per CPU second of ``play`` over about ``seconds`` of CPU time."""
    rng = random.Random(seed)
    rounds = moves = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        moves += play(rng, seed + rounds)
        rounds += 1
        elapsed = time.process_time() - start
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


@functools.cache
def classic_mid_round_states() -> list[Round]:
    """The 300 rounds of ``classic`` for 4 players whose single calls are timed, made once
    per process."""
    return mid_round_states(PRESETS["classic"], 4, 300)


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
    """Mean microseconds of ``legal_moves()`` and of ``apply()`` over ``states``.

    Each repetition times copies of the rounds (pickled and read back) whose moves were
    never listed, since a round keeps the moves it listed; ``apply()`` is then given a move
    that ``legal_moves()`` handed out, as a player's loop does.
    """
    blob = pickle.dumps(states)
    best_legal = best_apply = float("inf")
    for _ in range(repeat):
        fresh: list[Round] = pickle.loads(blob)
        start = time.process_time()
        firsts = [s.legal_moves()[0] for s in fresh]
        best_legal = min(best_legal, time.process_time() - start)
        start = time.process_time()
        for s, move in zip(fresh, firsts, strict=True):
            s.apply(move)
        best_apply = min(best_apply, time.process_time() - start)
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
        start = time.process_time()
        for g in games:
            g._update_valid_moves()
        best = min(best, time.process_time() - start)
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


def bot_decision_ms(count: int) -> float:
    """Mean CPU milliseconds of one decision of the strongest level (``level(5)``, a tree search
    of 400 playouts) over ``count`` positions of ``classic`` rounds for 4 players."""
    from chickenfoot.bots import level

    bot = level(5)
    views = []
    for seed in range(count):
        rng = random.Random(seed)
        rnd = Round.deal(PRESETS["classic"], 4, seed=seed)
        # A few moves in, where the seat to move has a choice.
        while rnd.to_move is not None and (len(rnd.moves) < 8 or len(rnd.legal_moves()) < 2):
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.to_move is not None:
            views.append(rnd.view(rnd.to_move))
    start = time.process_time()
    for i, view in enumerate(views):
        bot.choose(view, random.Random(i))
    return (time.process_time() - start) / len(views) * 1e3


def chickenfoot_engines() -> dict[str, Playout]:
    """The presets at their usual player counts, by name."""
    return {name: chickenfoot_playout(PRESETS[name], players) for name, players in TYPICAL.items()}


def run_op(request: dict[str, Any], engines: dict[str, Playout]) -> Any:
    """One piece of work for a build, in its worker process: see :class:`Build`."""
    op = request["op"]
    if op == "info":
        return {"compiled": chickenfoot.COMPILED, "version": chickenfoot.__version__,
                "python": sys.version.split()[0], "file": chickenfoot.__file__}  # fmt: skip
    if op == "measure":
        return measure(engines[request["engine"]], request["seconds"], request["seed"])
    if op == "calls":
        return time_calls(classic_mid_round_states(), repeat=20)
    if op == "memory":
        return memory_per_state(PRESETS["classic"], 4)
    if op == "bot":
        return bot_decision_ms(request["count"])
    raise ValueError(f"unknown request {op!r}")


def worker() -> int:
    """Serve requests of the benchmark: one JSON object a line on stdin, each answered by
    one JSON line on stdout."""
    engines = chickenfoot_engines()
    for line in sys.stdin:
        print(json.dumps(run_op(json.loads(line), engines)), flush=True)
    return 0


class Build:
    """A build of chickenfoot to measure, in a worker process of its own (this script run
    with ``--worker``), asked one request at a time, so that only one build runs at any
    moment. Every build plays in a process of its own, the one of this interpreter too:
    a process that also holds the peers and the other figures would collect its garbage
    over more objects.

    ``python`` is the interpreter of an environment where a build is installed, run
    isolated (``-I``) and without ``PYTHONPATH``, so that it imports that build, never a
    checkout's sources; without it, this interpreter runs the worker, with ``src`` (a
    checkout's ``src`` folder) as its ``PYTHONPATH`` if given, or else with this process's
    environment, so that it imports the build this process imports. ``baseline`` names the
    revision a baseline build was made from. ``script`` is the benchmark whose
    ``--worker`` serves the requests (this one by default); it must answer ``info`` as
    :func:`run_op` does."""

    def __init__(
        self,
        python: str | None = None,
        src: Path | None = None,
        baseline: str | None = None,
        script: Path | None = None,
    ) -> None:
        self.baseline = baseline
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        program = str((script or Path(__file__)).resolve())
        if python is not None:
            command = [python, "-I", program, "--worker"]
        elif src is not None:
            command = [sys.executable, program, "--worker"]
            env["PYTHONPATH"] = str(src)
        else:
            command = [sys.executable, program, "--worker"]
            env = dict(os.environ)
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        self.name = "baseline" if baseline else "build"  # until the worker says which
        try:
            info = self.ask({"op": "info"})
        except RuntimeError:
            self.close()
            raise
        self.compiled: bool = info["compiled"]
        self.version: str = info["version"]
        self.python: str = info["python"]
        self.file = Path(info["file"])
        kind = "compiled" if self.compiled else "pure"
        self.name = f"{kind}, baseline {baseline}" if baseline else kind
        wrong = None
        if src is not None and not self.file.is_relative_to(src):
            wrong = f"the {self.name} build imported {self.file}, not from {src}"
        if python is None and src is None and self.file != Path(chickenfoot.__file__):
            wrong = f"the worker imported {self.file}, not {chickenfoot.__file__}"
        if wrong:
            self.close()
            raise SystemExit(wrong)

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} worker stopped (exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait()
        self.process.stdout.close()


def git(*args: str) -> str:
    """The output of ``git ARGS`` in the checkout this script belongs to."""
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        raise SystemExit(f"git {' '.join(args)} failed: {detail.strip()}") from None
    return done.stdout.strip()


def export_revision(revision: str, dest: Path) -> str:
    """Write the files of ``revision`` of this checkout into ``dest`` (``git archive``, so
    the checkout and its worktrees are left as they are); return the full commit."""
    commit = git("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
        capture_output=True,
        check=True,
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(dest, filter="data")
    return commit


def compiled_environment(source: Path, python: str, work: Path) -> str:
    """Build the mypyc-compiled wheel of the checkout at ``source`` (``CHICKENFOOT_MYPYC=1``),
    install it in a new environment of ``python`` under ``work``, and return that
    environment's interpreter. The build's output goes to ``work/build.log``."""
    log = work / "build.log"
    env_dir = work / "env"
    env_python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    dist = work / "dist"
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with log.open("w", encoding="utf-8") as out:

        def step(*command: str, **extra: str) -> None:
            done = subprocess.run(
                command, stdout=out, stderr=subprocess.STDOUT, env={**environ, **extra}
            )
            if done.returncode:
                raise SystemExit(f"{' '.join(command)} failed; its output is in {log}")

        step(python, "-m", "venv", str(env_dir))
        step(str(env_python), "-m", "pip", "wheel", str(source), "--no-deps",
             "--wheel-dir", str(dist), **{MYPYC: "1"})  # fmt: skip
        wheels = sorted(dist.glob("chickenfoot-*.whl"))
        if len(wheels) != 1 or wheels[0].name.endswith("-none-any.whl"):
            raise SystemExit(f"no compiled wheel was built from {source}: {wheels}")
        step(str(env_python), "-m", "pip", "install", "--quiet", str(wheels[0]))
    return str(env_python)


def shown_command(argv: list[str], script: str = "benchmarks/playouts.py") -> str:
    """The command as run, with paths inside the current directory made relative."""
    here = Path.cwd()
    words = []
    for word in argv:
        path = Path(word)
        if path.is_absolute() and path.is_relative_to(here):
            word = path.relative_to(here).as_posix()
        words.append(word)
    return " ".join([f"python {script}", *words])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine per trial")
    parser.add_argument("--trials", type=int, default=3, help="rotations over the engines")
    parser.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="the interpreter of an environment where the mypyc-compiled wheel is installed: "
        "its engine is measured in turns with this one (nox -s bench builds one)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="a git revision of this checkout to measure against, in turns with the others: "
        "its sources (git archive) as the pure baseline and, with --compiled, its "
        "mypyc-compiled wheel, built with the --compiled interpreter into a new environment "
        "(unless --baseline-python names one); the ratios now / baseline are reported",
    )
    parser.add_argument(
        "--baseline-python",
        metavar="PYTHON",
        help="the interpreter of an environment where the compiled wheel of --baseline REV "
        "is installed (instead of building it)",
    )
    parser.add_argument(
        "--bot-positions",
        type=int,
        default=5,
        help="positions the strongest level, level(5), decides in each trial (0 to skip)",
    )
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    parser.add_argument(
        "--markdown",
        type=Path,
        default=RESULTS,
        help="write the figures as Markdown here (default benchmarks/results/playouts.md)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    if args.baseline_python and not args.baseline:
        parser.error("--baseline-python needs --baseline REV, the revision it was built from")
    command = shown_command(sys.argv[1:] if argv is None else argv)

    builds: list[Build] = []
    with tempfile.TemporaryDirectory(prefix="chickenfoot-baseline-") as tmp:
        try:
            builds.append(Build())
            if args.compiled:
                builds.append(Build(args.compiled))
            baseline = None
            if args.baseline:
                baseline = add_baseline(args, builds, Path(tmp))
            report = run(args, builds, command, baseline)
        finally:
            for build in builds:
                build.close()
    print_report(report)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    args.markdown.parent.mkdir(parents=True, exist_ok=True)
    args.markdown.write_text(markdown_report(report), encoding="utf-8")
    return 0


def add_baseline(args: argparse.Namespace, builds: list[Build], tmp: Path) -> dict[str, Any]:
    """Append the builds of ``args.baseline`` to ``builds``: its sources as the pure
    baseline and, if a compiled build is measured, its compiled wheel; what was measured."""
    source = tmp / "source"
    commit = export_revision(args.baseline, source)
    print(f"baseline {args.baseline}: commit {commit}", file=sys.stderr, flush=True)
    builds.append(Build(src=source / "src", baseline=args.baseline))
    python = args.baseline_python
    if python is None and args.compiled:
        print(f"building the compiled wheel of {args.baseline}", file=sys.stderr, flush=True)
        work = tmp / "compiled"
        work.mkdir()
        python = compiled_environment(source, args.compiled, work)
    if python is not None:
        builds.append(Build(python, baseline=args.baseline))
    mine = [b for b in builds if b.baseline]
    return {
        "revision": args.baseline,
        "commit": commit,
        "date": git("show", "-s", "--format=%cs", commit),
        "chickenfoot": mine[0].version,
        "builds": [b.name for b in mine],
    }


def run(
    args: argparse.Namespace,
    builds: list[Build],
    command: str,
    baseline: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Every figure, the builds and the peers measured in turns; ``baseline`` says what
    the baseline builds among ``builds`` were made from (see :func:`add_baseline`)."""
    names = [b.name for b in builds]
    if len(set(names)) != len(names):
        raise SystemExit(f"two builds of the same kind ({', '.join(names)}): nothing to compare")
    now = [b for b in builds if not b.baseline]
    if len({b.version for b in now}) != 1:
        raise SystemExit(f"the builds are different versions: {[b.version for b in now]}")
    local = builds[0]
    # How busy the machine was when the run began: other work slows the absolute figures.
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    # Each entry: the row's name, and how to measure it for (seconds, seed).
    engines: dict[str, Measure] = {}

    def on(build: Build, engine: str) -> Measure:
        def go(seconds: float, seed: int) -> tuple[float, float]:
            rounds, moves = build.ask({"op": "measure", "engine": engine, "seconds": seconds,
                                       "seed": seed})  # fmt: skip
            return rounds, moves

        return go

    def here(play: Playout) -> Measure:
        return lambda seconds, seed: measure(play, seconds, seed)

    # A build next to the one it is compared with most closely: pure, its baseline,
    # compiled, its baseline.
    kinds = sorted(builds, key=lambda b: (b.compiled, b.baseline is not None))
    for name, players in TYPICAL.items():
        for build in kinds:
            engines[f"chickenfoot {name} ({players}p, {build.name})"] = on(build, name)
    peers = {"dominoes (double-6, 4p)": dominoes_playout()}
    peers["openspiel python_block_dominoes (2p)"] = openspiel_playout()
    engines.update({name: here(play) for name, play in peers.items() if play is not None})
    for label, rules, players in scaling_rules():
        engines[f"scaling: {label} ({local.name})"] = here(chickenfoot_playout(rules, players))

    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    bot_trials: dict[str, list[float]] = {b.name: [] for b in builds}
    # Single calls are timed in every trial too, build after build, so that their figures
    # are medians with a range like the others: one timing per build, taken once after the
    # trials, gave whatever load the machine had at that moment, and no range to show it.
    call_trials: dict[str, list[dict[str, float]]] = {b.name: [] for b in builds}
    for trial in range(args.trials):
        # Every other trial runs the engines in the opposite order, so that no engine
        # always runs right after the same one, nor always first or last.
        order = -1 if trial % 2 else 1
        for name, go in list(engines.items())[::order]:
            samples[name].append(go(args.seconds, 1000 * trial))
        for build in builds[::order]:
            call_trials[build.name].append(build.ask({"op": "calls"}))
        if args.bot_positions:
            for build in builds[::order]:
                bot_trials[build.name].append(build.ask({"op": "bot", "count": args.bot_positions}))
        print(f"trial {trial + 1} of {args.trials} done", file=sys.stderr, flush=True)
    figures = {
        name: {
            "rounds_per_s": statistics.median(r for r, _ in runs),
            "moves_per_s": statistics.median(m for _, m in runs),
            "moves_per_s_trials": [m for _, m in runs],
        }
        for name, runs in samples.items()
    }

    def per_trial(a: str, b: str) -> list[float]:
        return [x[1] / y[1] for x, y in zip(samples[a], samples[b], strict=True)]

    # Ratios are taken trial by trial (the engines ran next to each other), then the median.
    ratios_trials: dict[str, list[float]] = {}
    classic = {b.name: f"chickenfoot classic (4p, {b.name})" for b in builds}
    for build in reversed(now):
        for peer in peers:
            if peer in samples:
                key = f"{classic[build.name]} / {peer}"
                ratios_trials[key] = per_trial(classic[build.name], peer)
    if len(now) == 2:
        for name, players in TYPICAL.items():
            a, b = (f"chickenfoot {name} ({players}p, {x})" for x in ("compiled", "pure"))
            ratios_trials[f"{a} / {b}"] = per_trial(a, b)
    # Now against the baseline, build by build of the same kind, preset by preset.
    for build in now:
        for old in builds:
            if old.baseline and old.compiled == build.compiled:
                for name, players in TYPICAL.items():
                    a, b = (f"chickenfoot {name} ({players}p, {x.name})" for x in (build, old))
                    ratios_trials[f"{a} / {b}"] = per_trial(a, b)
    ratios = {name: statistics.median(values) for name, values in ratios_trials.items()}
    scaling = [n for n in engines if n.startswith("scaling: ")]
    # The cost of a move on table n relative to the smallest: its time per move over the
    # smallest table's, that is the smallest table's moves/s over table n's.
    cost_trials = {n: per_trial(scaling[0], n) for n in scaling}
    cost = {n: statistics.median(values) for n, values in cost_trials.items()}
    calls: dict[str, dict[str, Any]] = {}
    for name, trials in call_trials.items():
        calls[name] = {}
        for key in ("legal_moves_us", "apply_us"):
            calls[name][key] = statistics.median(t[key] for t in trials)
            calls[name][f"{key}_trials"] = [t[key] for t in trials]
    memory = {b.name: b.ask({"op": "memory"}) for b in builds}
    bot = {
        name: {"ms": statistics.median(values), "ms_trials": values}
        for name, values in bot_trials.items()
        if values
    }
    return {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "load_average": load,
        "python": local.python,
        "chickenfoot": local.version,
        "builds": [b.name for b in now],
        "baseline": baseline,
        "seconds_per_trial": args.seconds,
        "trials": args.trials,
        "playouts": figures,
        "command": command,
        "ratios": ratios,
        "ratios_trials": ratios_trials,
        "scaling_build": local.name,
        "cost_per_move_vs_double_6": cost,
        "cost_per_move_trials": cost_trials,
        "mid_round_classic_4p": calls,
        "dominoes_move_generation_us": dominoes_move_generation(300, repeat=20),
        "bytes_per_retained_state_classic_4p": memory,
        "bot_positions": args.bot_positions,
        "bot_decision_ms": bot,
    }


def print_report(report: dict[str, Any]) -> None:
    print(f"{report['date']}, {report['machine']}, Python {report['python']}")
    baseline = report.get("baseline")
    if baseline:
        print(f"baseline {baseline['revision']}: commit {baseline['commit']}, {baseline['date']}")
    print(f"{'engine':<64} {'rounds/s':>10} {'moves/s':>10}")
    for name, fig in report["playouts"].items():
        print(f"{name:<64} {fig['rounds_per_s']:>10.0f} {fig['moves_per_s']:>10.0f}")
    print("\nratios of moves per second, measured side by side (range over trials):")
    for name, value in report["ratios"].items():
        trials = report["ratios_trials"][name]
        print(f"  {name}: {value:.2f}x ({min(trials):.2f} to {max(trials):.2f})")
    print(f"\ncost per move relative to double-6 with 2 players ({report['scaling_build']}):")
    for name, value in report["cost_per_move_vs_double_6"].items():
        print(f"  {_table_name(name)}: {value:.2f}x")
    for build, calls in report["mid_round_classic_4p"].items():
        print(
            f"\nmid-round classic 4p, {build}: legal_moves() {calls['legal_moves_us']:.1f} us, "
            f"apply() {calls['apply_us']:.1f} us, "
            f"{report['bytes_per_retained_state_classic_4p'][build]:.0f} bytes per kept state"
        )
    if report["dominoes_move_generation_us"] is not None:
        print(f"dominoes move generation: {report['dominoes_move_generation_us']:.1f} us")
    for build, bot in report["bot_decision_ms"].items():
        print(f"level(5) decision, {build}: {bot['ms']:.0f} ms")


def _table_name(name: str) -> str:
    """``scaling: double-6, 2 players (pure)`` as ``double-6, 2 players``."""
    return name.removeprefix("scaling: ").rsplit(" (", 1)[0]


def _load(load: float | None) -> str:
    """The machine's load when the run began, as a sentence (nothing where unknown)."""
    if load is None:
        return ""
    return f" The load average was {load:.1f} when the run began."


#: A row of chickenfoot's playouts: the preset, the players and the build.
ROW = re.compile(r"chickenfoot (\S+) \((\d+)p, (.+)\)")


def _against_baseline(ratio: str) -> bool:
    """Whether ``ratio`` is one of now / baseline."""
    return ratio.endswith(")") and ", baseline " in ratio.rsplit(" / ", 1)[-1]


def _baseline_table(report: dict[str, Any]) -> list[str]:
    """The Markdown of now against the baseline, preset by preset and build by build."""
    baseline = report["baseline"]
    playouts = report["playouts"]
    lines = [
        "",
        (
            f"Now against the baseline, revision `{baseline['revision']}` (commit "
            f"`{baseline['commit'][:12]}` of {baseline['date']}), each build against the "
            "baseline's build of the same kind, run side by side: moves per CPU second (the "
            "median over the trials of each), and the median of their ratios taken trial "
            "by trial, which is not the ratio of the two medians (above 1, now is faster):"
        ),
        "",
        (
            "| preset | build | now, moves per CPU s | baseline, moves per CPU s "
            "| now / baseline | range over trials |"
        ),
        "|---|---|---:|---:|---:|---:|",
    ]
    for name, value in report["ratios"].items():
        if not _against_baseline(name):
            continue
        new, old = name.split(" / ")
        found = ROW.fullmatch(new)
        assert found is not None, new
        preset, players, build = found.groups()
        trials = report["ratios_trials"][name]
        lines.append(
            f"| {preset} ({players}p) | {build} | {playouts[new]['moves_per_s']:,.0f} "
            f"| {playouts[old]['moves_per_s']:,.0f} | {value:.2f}\N{MULTIPLICATION SIGN} "
            f"| {min(trials):.2f} to {max(trials):.2f} |"
        )
    return lines


def markdown_report(report: dict[str, Any]) -> str:
    """The figures as the Markdown that docs/performance.md includes."""
    times = "\N{MULTIPLICATION SIGN}"

    def spread(values: list[float], fmt: str) -> str:
        return f"{format(min(values), fmt)} to {format(max(values), fmt)}"

    builds = report["builds"]
    baseline = report.get("baseline")
    against = ""
    if baseline:
        builds = [*builds, *baseline["builds"]]
        kinds = " and ".join(b.split(",")[0] for b in baseline["builds"])
        against = (
            f" against the baseline, revision `{baseline['revision']}` of the repository "
            f"(chickenfoot {baseline['chickenfoot']}, {kinds}),"
        )
    lines = [
        (
            f"Measured on {report['date']} on {report['machine']}, CPython "
            f"{report['python']}, chickenfoot {report['chickenfoot']} "
            f"({' and '.join(report['builds'])}),{against} with `{report['command']}` "
            f"({report['trials']} trials of "
            f"{report['seconds_per_trial']:g} s of CPU time per engine, the engines in turns; "
            "every time is CPU time, each figure is the median over the trials, and the range "
            "gives the lowest and the highest "
            f"trial).{_load(report.get('load_average'))}"
        ),
        "",
        "| engine | rounds per CPU s | moves per CPU s | moves per CPU s, range over trials |",
        "|---|---:|---:|---:|",
    ]
    for name, fig in report["playouts"].items():
        if not name.startswith("scaling: "):
            lines.append(
                f"| {name} | {fig['rounds_per_s']:,.0f} | {fig['moves_per_s']:,.0f} "
                f"| {spread(fig['moves_per_s_trials'], ',.0f')} |"
            )
    ratios = {k: v for k, v in report["ratios"].items() if not _against_baseline(k)}
    if ratios:
        lines += [
            "",
            (
                "Ratios of moves per CPU second, taken trial by trial between engines run "
                "side by side:"
            ),
            "",
            "| comparison | ratio | range over trials |",
            "|---|---:|---:|",
        ]
    for name, value in ratios.items():
        trials = spread(report["ratios_trials"][name], ".2f")
        lines.append(f"| {name} | {value:.2f}{times} | {trials} |")
    if baseline:
        lines += _baseline_table(report)
    lines += [
        "",
        (
            f"Cost of a move as the table grows ({report['scaling_build']} build, classic's "
            "knobs; 1.00 is double-6 with 2 players, and above 1 a move costs more):"
        ),
        "",
        "| table | cost per move | range over trials |",
        "|---|---:|---:|",
    ]
    for name, value in report["cost_per_move_vs_double_6"].items():
        trials = spread(report["cost_per_move_trials"][name], ".2f")
        lines.append(f"| {_table_name(name)} | {value:.2f}{times} | {trials} |")
    lines += [
        "",
        (
            "Single calls in `classic` rounds for 4 players stopped half-way (the best of 20 "
            "repetitions in each trial, the median over the trials, and the range over the "
            "trials), and the bytes one more kept position costs:"
        ),
        "",
        "| build | `legal_moves()` | range | `apply()` | range | bytes per kept position |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for build in builds:
        calls = report["mid_round_classic_4p"][build]
        memory = report["bytes_per_retained_state_classic_4p"][build]
        lines.append(
            f"| {build} | {calls['legal_moves_us']:.1f} µs "
            f"| {spread(calls['legal_moves_us_trials'], '.1f')} "
            f"| {calls['apply_us']:.1f} µs | {spread(calls['apply_us_trials'], '.1f')} "
            f"| {memory:,.0f} |"
        )
    peer = report["dominoes_move_generation_us"]
    if peer is not None:
        lines += ["", f"The `dominoes` package's own move generation takes {peer:.1f} µs."]
    bot = report["bot_decision_ms"]
    if bot:
        lines += [
            "",
            (
                "One decision of the strongest level, `level(5)` (a tree search of 400 "
                f"playouts), over {report['bot_positions']} positions of `classic` rounds for "
                "4 players, mean per decision:"
            ),
            "",
            "| build | CPU ms per decision | range over trials |",
            "|---|---:|---:|",
        ]
        for build, fig in bot.items():
            lines.append(f"| {build} | {fig['ms']:.0f} | {spread(fig['ms_trials'], '.0f')} |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
