"""Development sessions: ``nox`` runs the default list, ``nox -s NAME`` one session."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from pathlib import Path
from typing import Any, Final

import nox

nox.needs_version = ">=2025.2.9"  # first release with nox.project.dependency_groups
nox.options.default_venv_backend = "venv"
nox.options.error_on_external_run = True
nox.options.error_on_missing_interpreters = "CI" in os.environ
nox.options.sessions = ["tests", "typing", "lint", "docs", "examples", "adapters", "webapp"]

ROOT: Final = Path(__file__).parent
PYPROJECT: Final = nox.project.load_toml(ROOT / "pyproject.toml")
PYTHONS: Final = ["3.10", "3.11", "3.12", "3.13"]


def group(*names: str) -> tuple[str, ...]:
    """Return the requirements of the named ``[dependency-groups]`` of pyproject.toml."""
    return nox.project.dependency_groups(PYPROJECT, *names)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite on both cores (pytest-xdist); extra arguments go to pytest."""
    session.install(".", *group("tests"))
    session.run("pytest", "-n", "auto", *session.posargs, env={"CHICKENFOOT_EXPECT_COMPILED": "0"})


@nox.session(python="3.12")
def typing(session: nox.Session) -> None:
    """Type-check src, tests, examples, benchmarks and this file with mypy --strict."""
    session.install(".", *group("typing"))
    session.run("mypy", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Lint with ruff and check that the code is ruff-formatted."""
    session.install(*group("lint"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python="3.12")
def docs(session: nox.Session) -> None:
    """Build the HTML docs and run their doctests, failing on any warning."""
    session.install(".", *group("docs"))
    for builder in ("html", "doctest"):
        session.run(
            "sphinx-build",
            *("-W", "-n", "--keep-going"),
            *("-b", builder),
            "docs",
            f"docs/_build/{builder}",
            *session.posargs,
        )


@nox.session
def examples(session: nox.Session) -> None:
    """Run every script in examples/."""
    scripts = sorted((ROOT / "examples").glob("*.py"))
    if not scripts:
        session.error("no scripts found in examples/")
    session.install(".")
    for script in scripts:
        session.run("python", str(script.relative_to(ROOT)))


# open_spiel 2 publishes wheels for CPython 3.11 to 3.13 only (3.10 gets the old 1.6 line).
@nox.session(python="3.11")
def adapters(session: nox.Session) -> None:
    """Test the PettingZoo and OpenSpiel adapters and run their examples, with the extras
    installed; extra arguments go to pytest."""
    session.install(".[pettingzoo,openspiel]", *group("tests"))
    # Every test file with a test that skips without the extras; here a skip is a failure.
    session.run(
        "pytest",
        *("tests/test_pettingzoo.py", "tests/test_openspiel.py", "tests/test_ismcts.py"),
        "tests/test_api_stability.py",
        *("tests/test_actions.py", "tests/test_docs_api.py", "tests/test_docs_examples.py"),
        *session.posargs,
        env={"CHICKENFOOT_REQUIRE_EXTRAS": "1"},
    )
    session.run("python", "examples/pettingzoo_random.py")
    session.run("python", "examples/openspiel_ismcts.py")


@nox.session(python="3.12")
def compiled(session: nox.Session) -> None:
    """Build the mypyc-compiled wheel (CHICKENFOOT_MYPYC=1), install it in a fresh
    environment and run the whole test suite on it; extra arguments go to pytest."""
    wheel = _compiled_wheel(session, Path(session.create_tmp()) / "compiled-dist")
    session.install(str(wheel), *group("tests"))
    # tests/test_compiled.py checks, in every test process, that the compiled engine runs.
    session.run(
        "pytest", "-n", "auto", "-p", "no:cacheprovider", *session.posargs,
        env={"CHICKENFOOT_EXPECT_COMPILED": "1"},
    )  # fmt: skip


def _compiled_wheel(session: nox.Session, dist: Path) -> Path:
    """Build the mypyc-compiled wheel into ``dist`` (emptied first) and return it."""
    shutil.rmtree(dist, ignore_errors=True)
    session.run(
        "python", "-m", "pip", "wheel", ".", "--no-deps", "--wheel-dir", str(dist),
        env={"CHICKENFOOT_MYPYC": "1"},
    )  # fmt: skip
    (wheel,) = dist.glob("chickenfoot-*.whl")
    if wheel.name.endswith("-none-any.whl"):
        session.error(f"{wheel.name} is a pure wheel: nothing was compiled")
    return wheel


def _version() -> str:
    """The version, from the one place it is written: ``chickenfoot.__version__``."""
    text = (ROOT / "src" / "chickenfoot" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if found is None:
        raise LookupError("no __version__ in src/chickenfoot/__init__.py")
    return found.group(1)


@nox.session(python="3.12")
def package(session: nox.Session) -> None:
    """Build the sdist and the pure wheel and check their metadata with twine."""
    dist = Path(session.create_tmp()) / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.install("build", "twine")
    session.run("python", "-m", "build", "--outdir", str(dist), env={"CHICKENFOOT_MYPYC": "0"})
    session.run("twine", "check", "--strict", *(str(p) for p in sorted(dist.iterdir())))
    wheels = [p.name for p in dist.glob("*.whl")]
    if wheels != [f"chickenfoot-{_version()}-py3-none-any.whl"]:
        session.error(f"expected one pure wheel, built {wheels}")


@nox.session(python="3.11")
def webapp(session: nox.Session) -> None:
    """Test the example web table: its server over WebSockets (tokens, refusals, the host,
    bots thinking off the event loop), then in headless Chromium (a round by clicking, a
    probe seat that is never sent a hidden tile, a restart and a loaded record). Needs
    Debian's ``chromium`` and ``chromium-driver``; screenshots go to
    examples/webapp/screenshots/."""
    session.install(".", *group("webapp"))
    session.run("pytest", "examples/webapp", "-p", "no:cacheprovider", *session.posargs)


def _compiled_env(session: nox.Session) -> Path:
    """An environment of its own with the compiled wheel installed; its interpreter.

    The benchmarks run it as a worker, in turns with the pure build of the session's
    environment."""
    tmp = Path(session.create_tmp())
    wheel = _compiled_wheel(session, tmp / "compiled-dist")
    env = tmp / "compiled-env"
    shutil.rmtree(env, ignore_errors=True)
    session.run("python", "-m", "venv", str(env))
    python = env / ("Scripts" if os.name == "nt" else "bin") / "python"
    session.run(str(python), "-m", "pip", "install", "--quiet", str(wheel), external=True)
    return python


#: The revision ``nox -s bench`` measures against: the last commit of the engine of 0.1,
#: before the rulebook's families (``--baseline REV`` among the arguments chooses another).
BENCH_BASELINE: Final = "63d64b3"


@nox.session(python="3.12")
def bench(session: nox.Session) -> None:
    """Time random playouts of every preset, the pure and the compiled build side by side
    with the peer engines and with both builds of the baseline revision, whose compiled
    wheel the script builds (not in the default list); extra arguments go to the script."""
    python = _compiled_env(session)
    session.install(".", *group("bench"))
    baseline = [] if "--baseline" in session.posargs else ["--baseline", BENCH_BASELINE]
    session.run(
        "python", "benchmarks/playouts.py", "--compiled", str(python), *baseline,
        *session.posargs,
    )  # fmt: skip


@nox.session(python="3.12")
def bench_search(session: nox.Session) -> None:
    """Time the bots' searches, the pure and the compiled build side by side: playouts per
    second inside the tree and the flat search, samples per second of
    ``RoundView.sample_state``, and every level's decision time from 2 to 20 seats (not in
    the default list; about a quarter of an hour); extra arguments go to
    benchmarks/search.py."""
    python = _compiled_env(session)
    session.install(".")
    session.run("python", "benchmarks/search.py", "--compiled", str(python), *session.posargs)


@nox.session(python="3.12")
def figures(session: nox.Session) -> None:
    """Regenerate every results file of benchmarks/results/ that the docs show, each by
    running its benchmark with the command recorded in it (not in the default list; the
    ratings take over an hour and a half of CPU time). Name files to regenerate only
    those: ``nox -s figures -- playouts.md sampling.md``. A file whose command needs another
    session's environment (``mutants.md``: ``nox -s mutants``) is handed to that session,
    with its recorded arguments."""
    figures_py = _figures_script()
    names = list(session.posargs) or [p.name for p in figures_py.results_files()]
    elsewhere = figures_py.elsewhere()
    own = [n for n in names if n not in elsewhere]
    if own:
        python = _compiled_env(session)
        session.install(".", *group("bench"))
        session.run("python", "benchmarks/figures.py", "--compiled", str(python), *own)
    for name in names:
        if name in elsewhere:
            command = figures_py.recorded_command(figures_py.RESULTS / name)
            session.notify(elsewhere[name], posargs=command[1:])


def _figures_script() -> Any:
    """benchmarks/figures.py as a module (it needs nothing but the standard library)."""
    spec = importlib.util.spec_from_file_location("figures", ROOT / "benchmarks" / "figures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Python 3.11, as for the adapters: their tests run under mutation too, with open_spiel 2.
@nox.session(python="3.11")
def mutants(session: nox.Session) -> None:
    """Mutation testing of every module of the library, the adapters too (not in the
    default list): a seeded sample of mutants, 100 unless a size is given
    (``nox -s mutants -- 300``); other arguments go to tests/mutants/run.py (``-- --help``)."""
    session.install(".[pettingzoo,openspiel]", *group("mutants"))
    session.run("python", "tests/mutants/run.py", *session.posargs)


# Python 3.11, as for the adapters: OpenSpiel 2 publishes wheels from it.
@nox.session(python="3.11")
def versus_ismcts(session: nox.Session) -> None:
    """Level 5 against OpenSpiel's IS-MCTS at equal CPU time per decision, at 2 and 4 seats
    of ``classic``, writing benchmarks/results/ismcts.md (not in the default list; the full
    run takes hours). Extra arguments go to benchmarks/versus_ismcts.py,
    ``nox -s versus_ismcts -- --deals2 2 --deals4 1`` for a quick look."""
    session.install(".[openspiel]")
    session.run("python", "benchmarks/versus_ismcts.py", *session.posargs)


@nox.session(python="3.12")
def tournament(session: nox.Session) -> None:
    """Rate the bot levels in round robins at 2, 4 and 6 seats of ``classic`` and at 2 of
    ``chickie-duel``, writing benchmarks/results/tournament.md (not in the default list;
    the full run takes many CPU hours). Extra arguments go to benchmarks/tournament.py,
    ``nox -s tournament -- --deals 2`` for a quick look."""
    session.install(".")
    args = session.posargs or ["--deals", "100", "--jobs", str(os.cpu_count() or 1)]
    session.run("python", "benchmarks/tournament.py", *args)
