"""Figures in the docs come from the benchmarks' own results files, never copied by hand.

Each benchmark writes ``benchmarks/results/NAME.md``, with the date, the machine, the
command and the spread of its figures, and the docs page that gives those figures
includes the file (see ``benchmarks/results/README.md``). ``nox -s figures`` reruns every
command a results file records (``benchmarks/figures.py``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
import time
import types
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"

#: Each results file and the page that includes it.
PAGES = {
    "playouts.md": "docs/performance.md",
    "strength.md": "docs/bots.md",
    "sampling.md": "docs/bots.md",
    "ratings.md": "docs/bots.md",
    "versus.md": "docs/bots.md",
    "ismcts.md": "docs/bots.md",
    "tune_greedy.md": "docs/bots.md",
    "mutants.md": "docs/testing.md",
    "mutants-302.md": "docs/testing.md",
    "mutants-303.md": "docs/testing.md",
    "mutants-404.md": "docs/testing.md",
    "mutants-505.md": "docs/testing.md",
    "mutants-606.md": "docs/testing.md",
    "mutants-808.md": "docs/testing.md",
    "mutants-1313.md": "docs/testing.md",
    "mutants-1414.md": "docs/testing.md",
    "search.md": "docs/performance.md",
    "decisions.md": "docs/bots.md",
    "solve.md": "docs/analysis.md",
    "review.md": "docs/analysis.md",
    "ladder.md": "docs/bots.md",
    "ladder-2-6.md": "docs/bots.md",
}

#: The scripts that write results files: the benchmarks, and the mutation testing runner.
WRITERS = (ROOT / "benchmarks", ROOT / "tests" / "mutants")

#: Files a benchmark writes beside its Markdown, and the script that writes each.
COMPANIONS = {
    "playouts.json": "playouts.py",
    "ratings.svg": "ratings.py",
    "search.json": "search.py",
    "ismcts.json": "versus_ismcts.py",
}

#: What a figure typed into a page would look like: a measured share, a time, a ratio.
TYPED_FIGURE = re.compile(
    r"\d+\.\d+ ?%|\d+ percent|\d ?µs|\d ?ms\b|\d ?\N{MULTIPLICATION SIGN}|\d+(?:\.\d+)? s per"
    r"|\d+(?:\.\d+)? CPU (?:seconds|minutes|hours)"
)


def _figures() -> ModuleType:
    return _script("figures")


def _included() -> dict[str, set[str]]:
    """Every results file a page of the docs includes or shows, and the pages doing it."""
    found: dict[str, set[str]] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if "_build" in page.parts:
            continue
        text = page.read_text(encoding="utf-8")
        for name in re.findall(r"\.\./benchmarks/results/([\w.-]+)", text):
            found.setdefault(name, set()).add(page.relative_to(ROOT).as_posix())
    return found


def test_every_results_file_is_in_the_index_and_shown_by_a_page() -> None:
    index = (RESULTS / "README.md").read_text(encoding="utf-8")
    included = _included()
    for path in sorted(RESULTS.iterdir()):
        if path.name == "README.md":
            continue
        assert f"`{path.name}`" in index, f"{path.name} is missing from the results index"
        if path.suffix == ".md":
            assert path.name in PAGES, f"{path.name}: no page is known to include it"
            assert PAGES[path.name] in included.get(path.name, set()), path.name
        else:
            assert path.name in COMPANIONS, f"{path.name}: a file no benchmark writes"


@pytest.mark.parametrize("results", sorted(_included()))
def test_every_file_a_page_shows_exists(results: str) -> None:
    assert (RESULTS / results).is_file()


@pytest.mark.parametrize("results", sorted(PAGES))
def test_a_results_file_names_its_date_and_command_and_is_written_by_that_script(
    results: str,
) -> None:
    path = RESULTS / results
    text = path.read_text(encoding="utf-8")
    top = "\n".join(text.splitlines()[:5])
    assert re.search(r"20\d\d-\d\d-\d\d", top), "the date, at the top"
    command = _figures().recorded_command(path)
    script = ROOT / command[0]
    assert script.parent in WRITERS
    assert script.is_file(), f"{command[0]} does not exist"
    source = script.read_text(encoding="utf-8")
    # named by the script itself, or by the recorded command (run.py --out FILE)
    named = f'"{results}"' in source or f"benchmarks/results/{results}" in command
    assert named, f"{command[0]} does not write {results}"


@pytest.mark.parametrize(("companion", "script"), COMPANIONS.items())
def test_a_companion_file_is_written_by_its_script(companion: str, script: str) -> None:
    markdown = companion.split(".")[0] + ".md"
    assert markdown in PAGES
    command = _figures().recorded_command(RESULTS / markdown)
    assert command[0] == f"benchmarks/{script}"
    source = (ROOT / "benchmarks" / script).read_text(encoding="utf-8")
    # named by the script itself, or by the recorded command (playouts.py --out FILE)
    assert f'"{companion}"' in source or f"benchmarks/results/{companion}" in command


def test_no_page_types_a_figure() -> None:
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    for page in pages:
        name = page.relative_to(ROOT).as_posix()
        if "_build" in page.parts:
            continue
        typed = TYPED_FIGURE.findall(page.read_text(encoding="utf-8"))
        assert not typed, f"{name} types figures {typed}: include them from a results file"


def test_the_typed_figure_pattern_finds_figures() -> None:
    for text in ("3.7 µs", "56 percent", "95.5%", "2.03\N{MULTIPLICATION SIGN}", "879 ms",
                 "0.508 s per decision", "93.5 CPU minutes"):  # fmt: skip
        assert TYPED_FIGURE.search(text), text
    for text in ("a 95% interval", "above 60%", "R17", "double-12, 8 players"):
        assert not TYPED_FIGURE.search(text), text


def test_figures_reads_the_recorded_commands(tmp_path: Path) -> None:
    figures = _figures()
    made = tmp_path / "made.md"
    made.write_text(
        "- command: `python benchmarks/playouts.py --compiled env/bin/python --trials 2`"
    )
    command = figures.recorded_command(made)
    assert command == ["benchmarks/playouts.py", "--compiled", "env/bin/python", "--trials", "2"]
    assert figures.with_compiled(command, "other/python")[2] == "other/python"
    made.write_text("no command here")
    with pytest.raises(LookupError):
        figures.recorded_command(made)


@pytest.mark.parametrize(("results", "page"), PAGES.items())
def test_the_page_includes_the_results_file(results: str, page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert f"```{{include}} ../benchmarks/results/{results}\n" in text
    written = (RESULTS / results).read_text(encoding="utf-8")
    assert re.search(r"20\d\d-\d\d-\d\d", written), "the date"
    assert re.search(r"cores|x86_64|aarch64|arm64", written), "the machine"
    assert re.search(r"`python (benchmarks|tests/mutants)/", written), "the command"
    assert " to " in written, "the spread: a range or an interval"


def test_performance_copies_no_figure() -> None:
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "\N{MULTIPLICATION SIGN}" not in page
    assert "µs" not in page
    assert not re.search(r"\|\s*[\d ,.]+\s*\|", page), "a table of numbers"


def test_bots_copies_no_strength_table() -> None:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert not re.search(r"\d+\.\d%", page), "a match score"


def _script(name: str) -> ModuleType:
    """The benchmark script ``benchmarks/NAME.py`` as a module."""
    return _module(ROOT / "benchmarks" / f"{name}.py")


def _module(path: Path) -> ModuleType:
    """The script at ``path`` as a module, loaded once."""
    name = path.stem
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _playouts() -> ModuleType:
    return _script("playouts")


def test_the_playouts_results_compare_the_builds_side_by_side() -> None:
    written = (RESULTS / "playouts.md").read_text(encoding="utf-8")
    assert "--compiled " in written, "the command measured a compiled build"
    for build in ("pure", "compiled"):
        assert re.search(rf"^\| chickenfoot classic \(4p, {build}\) \| [\d,]+ \|", written, re.M)
        assert re.search(
            rf"^\| chickenfoot classic \(4p, {build}\) / dominoes \(double-6, 4p\) "
            r"\| \d+\.\d\d\N{MULTIPLICATION SIGN} \| [\d.]+ to [\d.]+ \|$",
            written,
            re.M,
        )
        assert re.search(
            rf"^\| {build} \| [\d.]+ µs \| [\d.]+ to [\d.]+ \| [\d.]+ µs \| [\d.]+ to [\d.]+ "
            r"\| [\d,]+ \|$",
            written,
            re.M,
        ), "the single calls, with their range over the trials"
        assert re.search(rf"^\| {build} \| \d+ \| \d+ to \d+ \|$", written, re.M), "the bot"
    assert re.search(
        r"^\| chickenfoot classic \(4p, compiled\) / chickenfoot classic \(4p, pure\) \| ",
        written,
        re.M,
    )


def test_the_playouts_results_compare_both_builds_with_the_baseline() -> None:
    """The results file measured the baseline revision that ``nox -s bench`` names, both
    builds, and gives now / baseline for every preset on each build, with its range."""
    written = (RESULTS / "playouts.md").read_text(encoding="utf-8")
    found = re.search(r"`python benchmarks/playouts\.py [^`]*--baseline (\S+)", written)
    assert found, "the command measured a baseline"
    revision = found.group(1)
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert f'BENCH_BASELINE: Final = "{revision}"' in noxfile, "the baseline nox -s bench names"
    ratio = r"\d+\.\d\d\N{MULTIPLICATION SIGN} \| \d+\.\d\d to \d+\.\d\d \|$"
    for build in ("pure", "compiled"):
        row = rf"^\| chickenfoot classic \(4p, {build}, baseline {revision}\) \| [\d,]+ \|"
        assert re.search(row, written, re.M), f"the baseline's {build} build"
        assert re.search(rf"^\| {build}, baseline {revision} \| [\d.]+ µs \|", written, re.M)
        for preset, players in _playouts().TYPICAL.items():
            line = rf"^\| {preset} \({players}p\) \| {build} \| [\d,]+ \| [\d,]+ \| {ratio}"
            assert re.search(line, written, re.M), f"{preset} on the {build} build"


def _report() -> dict[str, Any]:
    """A report as ``benchmarks/playouts.py`` makes it, with made-up figures."""
    compiled = "chickenfoot classic (4p, compiled)"
    pure = "chickenfoot classic (4p, pure)"
    return {
        "date": "2026-01-02",
        "machine": "x86_64, 2 cores, Linux",
        "python": "3.11.7",
        "chickenfoot": "0.1.0",
        "builds": ["pure", "compiled"],
        "seconds_per_trial": 1.0,
        "trials": 2,
        "command": "python benchmarks/playouts.py --trials 2 --compiled env/bin/python",
        "playouts": {
            pure: {
                "rounds_per_s": 10.0,
                "moves_per_s": 700.0,
                "moves_per_s_trials": [600.0, 800.0],
            },
            compiled: {
                "rounds_per_s": 30.0,
                "moves_per_s": 2100.0,
                "moves_per_s_trials": [1900.0, 2300.0],
            },
            "scaling: double-6, 2 players (pure)": {
                "rounds_per_s": 1.0,
                "moves_per_s": 2.0,
                "moves_per_s_trials": [2.0, 2.0],
            },
        },
        "ratios": {f"{compiled} / {pure}": 3.0},
        "ratios_trials": {f"{compiled} / {pure}": [2.5, 3.5]},
        "scaling_build": "pure",
        "cost_per_move_vs_double_6": {"scaling: double-6, 2 players (pure)": 1.0},
        "cost_per_move_trials": {"scaling: double-6, 2 players (pure)": [1.0, 1.0]},
        "mid_round_classic_4p": {
            "pure": {
                "legal_moves_us": 1.25,
                "apply_us": 2.5,
                "legal_moves_us_trials": [1.25, 1.5],
                "apply_us_trials": [2.25, 2.5],
            },
            "compiled": {
                "legal_moves_us": 0.5,
                "apply_us": 1.0,
                "legal_moves_us_trials": [0.5, 0.75],
                "apply_us_trials": [1.0, 1.25],
            },
        },
        "dominoes_move_generation_us": None,
        "bytes_per_retained_state_classic_4p": {"pure": 358.0, "compiled": 340.0},
        "bot_positions": 5,
        "bot_decision_ms": {
            "pure": {"ms": 800.0, "ms_trials": [750.0, 850.0]},
            "compiled": {"ms": 400.0, "ms_trials": [390.0, 410.0]},
        },
    }


def test_the_playouts_markdown_gives_the_command_and_the_range() -> None:
    text = _playouts().markdown_report(_report())
    assert "`python benchmarks/playouts.py --trials 2 --compiled env/bin/python`" in text
    assert "x86_64, 2 cores, Linux" in text
    assert "chickenfoot 0.1.0 (pure and compiled)" in text
    assert "| chickenfoot classic (4p, pure) | 10 | 700 | 600 to 800 |" in text
    assert "| chickenfoot classic (4p, compiled) | 30 | 2,100 | 1,900 to 2,300 |" in text
    ratio = "chickenfoot classic (4p, compiled) / chickenfoot classic (4p, pure)"
    assert f"| {ratio} | 3.00\N{MULTIPLICATION SIGN} | 2.50 to 3.50 |" in text
    assert "| double-6, 2 players | 1.00\N{MULTIPLICATION SIGN} | 1.00 to 1.00 |" in text
    assert "| pure | 1.2 µs | 1.2 to 1.5 | 2.5 µs | 2.2 to 2.5 | 358 |" in text
    assert "| compiled | 0.5 µs | 0.5 to 0.8 | 1.0 µs | 1.0 to 1.2 | 340 |" in text
    assert "| compiled | 400 | 390 to 410 |" in text
    assert "scaling:" not in text
    assert "dominoes` package's own" not in text


def test_the_playouts_markdown_against_a_baseline() -> None:
    """Each build against the baseline's build of the same kind, in a table of its own."""
    report = _report()
    pure = "chickenfoot classic (4p, pure)"
    old = "chickenfoot classic (4p, pure, baseline v0)"
    report["baseline"] = {
        "revision": "v0",
        "commit": "0123456789abcdef0123456789abcdef01234567",
        "date": "2025-12-31",
        "chickenfoot": "0.0.9",
        "builds": ["pure, baseline v0"],
    }
    report["playouts"][old] = {
        "rounds_per_s": 9.0,
        "moves_per_s": 650.0,
        "moves_per_s_trials": [640.0, 660.0],
    }
    report["ratios"][f"{pure} / {old}"] = 1.08
    report["ratios_trials"][f"{pure} / {old}"] = [0.94, 1.21]
    report["mid_round_classic_4p"]["pure, baseline v0"] = report["mid_round_classic_4p"]["pure"]
    report["bytes_per_retained_state_classic_4p"]["pure, baseline v0"] = 300.0
    text = _playouts().markdown_report(report)
    assert "chickenfoot 0.1.0 (pure and compiled), against the baseline, revision `v0`" in text
    assert "(chickenfoot 0.0.9, pure)" in text
    assert f"| {old} | 9 | 650 | 640 to 660 |" in text
    assert "revision `v0` (commit `0123456789ab` of 2025-12-31)" in text
    times = "\N{MULTIPLICATION SIGN}"
    assert f"| classic (4p) | pure | 700 | 650 | 1.08{times} | 0.94 to 1.21 |" in text
    assert f"| {pure} / {old} |" not in text, "in the baseline's table only"
    assert "| pure, baseline v0 | 1.2 µs | 1.2 to 1.5 | 2.5 µs | 2.2 to 2.5 | 300 |" in text
    assert "against the baseline" not in _playouts().markdown_report(_report())


def test_the_playouts_baseline_is_a_revision_exported_and_run_in_a_worker(
    tmp_path: Path,
) -> None:
    """``--baseline REV`` writes the revision's files with ``git archive`` and runs the
    engine of its ``src`` in a worker of this interpreter: here HEAD's."""
    playouts = _playouts()
    commit = playouts.export_revision("HEAD", tmp_path)
    assert re.fullmatch(r"[0-9a-f]{40}", commit)
    shipped = playouts.git("show", f"{commit}:src/chickenfoot/__init__.py")
    exported = (tmp_path / "src" / "chickenfoot" / "__init__.py").read_text(encoding="utf-8")
    assert exported.strip() == shipped
    build = playouts.Build(src=tmp_path / "src", baseline="HEAD")
    try:
        assert build.name == "pure, baseline HEAD"
        assert build.file == tmp_path / "src" / "chickenfoot" / "__init__.py"
        rounds, moves = build.ask({"op": "measure", "engine": "classic", "seconds": 0.05,
                                   "seed": 1})  # fmt: skip
        assert moves > rounds > 0
    finally:
        build.close()
    with pytest.raises(SystemExit, match="rev-parse"):
        playouts.export_revision("no-such-revision-here", tmp_path / "none")


def test_the_playouts_markdown_of_one_build_has_no_compiled_rows() -> None:
    report = _report()
    report["builds"] = ["pure"]
    report["command"] = "python benchmarks/playouts.py"
    report["playouts"].pop("chickenfoot classic (4p, compiled)")
    report["ratios"] = report["ratios_trials"] = {}
    report["bot_decision_ms"] = {}
    text = _playouts().markdown_report(report)
    assert "chickenfoot 0.1.0 (pure)" in text
    assert "compiled" not in text
    assert "ms per decision" not in text


def test_the_ratings_plot_keeps_every_label_inside_and_no_time_made_up() -> None:
    ratings = _script("ratings")
    points = ratings.points_of((RESULTS / "ratings.md").read_text(encoding="utf-8"))
    names = [p[0] for p in points]
    assert names[-1] == "openspiel-ismcts"
    assert "level1" in names
    picture = ratings.svg(points)
    width = float(re.search(r'<svg [^>]*width="(\d+)"', picture).group(1))  # type: ignore[union-attr]
    for x, label in re.findall(r'<text x="([\d.]+)" y="[\d.]+">([\w-]+)</text>', picture):
        # a label starts right of its point, and "openspiel-ismcts" needs about 100 px
        assert float(x) + 7.5 * len(label) <= width, label
    # times under the clock's resolution are shown as such, not placed at a made-up time
    assert ratings.svg([("fast", 0.0, 0.0, 10.0), ("slow", 0.25, 100.0, 10.0)]).count("under 1e-4")
    assert "1e-6" not in picture
    assert "1e-5" not in picture


def test_figures_hands_the_mutation_results_to_their_own_session(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The mutation results need the environment of ``nox -s mutants``: figures.py names
    each one's command and runs nothing, and the recorded command is the runner's with
    ``--out`` naming the file."""
    figures = _figures()
    samples = [
        "mutants.md",
        "mutants-302.md",
        "mutants-303.md",
        "mutants-404.md",
        "mutants-505.md",
        "mutants-606.md",
        "mutants-808.md",
        "mutants-1313.md",
        "mutants-1414.md",
    ]
    assert dict.fromkeys(samples, "mutants") == figures.elsewhere()
    for name in samples:
        command = figures.recorded_command(RESULTS / name)
        assert command[0] == "tests/mutants/run.py"
        assert command[command.index("--out") + 1] == f"benchmarks/results/{name}"
        assert figures.main([name]) == 0
        out = capsys.readouterr().out
        assert f"(run by nox -s mutants -- {' '.join(command[1:])})" in out


def test_the_mutation_results_markdown() -> None:
    """The runner's results file: date, machine, command, the score's interval, the table
    and the score line, from made-up results."""
    report = _module(ROOT / "tests" / "mutants" / "report.py")
    mutant = types.SimpleNamespace(module="bots")
    killed = types.SimpleNamespace(mutant=mutant, outcome="killed", seconds=12.0)
    survived = types.SimpleNamespace(mutant=mutant, outcome="survived", seconds=12.0)
    results = [killed] * 9 + [survived]
    text = report.results_markdown(results, ["bots"], "python tests/mutants/run.py 10", 99, 16)
    assert re.search(r"^- date: 20\d\d-\d\d-\d\d", text)
    assert "- command: `python tests/mutants/run.py 10`" in text
    assert "- sample: 10 of 99 mutants of bots (seed 16); 2 minutes" in text
    assert "| `bots` | 10 | 0 | 9 | 1 | 90% |" in text
    assert text.rstrip().endswith("mutation score: 90% (9 of 10 killed, 0 equivalent)")
    low, high = report.wilson(9, 10)
    assert 0.59 < low < 0.6 < 0.98 < high < 0.99  # Wilson's interval of 9 in 10
    assert f"{100 * low:.1f}% to {100 * high:.1f}%" in text
    assert "--again" not in text
    # survivors run again: the sample's command, said so; a result without its time (a
    # report rebuilt from a log) leaves the minutes out rather than count it as none
    untimed = types.SimpleNamespace(mutant=mutant, outcome="killed", seconds=0.0)
    text = report.results_markdown(
        [untimed, *results], ["bots"], "python tests/mutants/run.py 11", 99, 16, again=True
    )
    assert (
        "- command: `python tests/mutants/run.py 11`, then its survivors again (`--again`)"
        " after tests were added" in text
    )
    assert "- sample: 11 of 99 mutants of bots (seed 16)\n" in text


def _search() -> ModuleType:
    return _script("search")


def test_the_search_statistics() -> None:
    search = _search()
    values = [float(v) for v in range(1, 101)]
    assert search.percentile(values, 0.99) == 99.0
    assert search.percentile(values, 0.5) == 50.0
    assert search.percentile(values[:10], 0.99) == 10.0, "of fewer than 100, the largest"
    assert search.percentile([3.0], 0.99) == 3.0
    assert search.spread(10, 4) == [1, 3, 6, 8]
    assert search.spread(3, 4) == [0, 1, 2]
    # paired decisions: the median of pure / compiled, a pair stopped at the cap left out
    assert search.speedup([2.0, 3.0, 9.0, float("inf")], [1.0, 1.0, 1.0, 1.0]) == 3.0
    assert search.speedup([float("inf")], [1.0]) == 1.0
    assert search.finite({"a": [1.0, float("inf")], "b": float("inf")}) == {
        "a": [1.0, None],
        "b": None,
    }
    assert [search.ms(s) for s in (0.0000123, 0.00456, 0.0789, 0.5, 12.0)] == [
        "0.012", "4.56", "78.9", "500", "12,000"
    ]  # fmt: skip


def test_the_search_decision_points_are_choices_spread_over_the_round() -> None:
    search = _search()
    views = search.decision_points("classic", 4, 7, 4)
    assert len(views) == 4
    assert all(v.to_move == v.seat and len(v.legal_moves()) > 1 for v in views)
    moved = [len(v.history) for v in views]
    assert moved == sorted(moved), "in the order of the round"
    assert len(set(moved)) == 4, "spread over the round"
    assert search.decision_points("classic", 4, 7, 4) == views, "seeded"
    assert search.decision_points("classic", 4, 8, 4) != views


def test_the_search_cap_stops_a_decision() -> None:
    search = _search()
    with pytest.raises(search.StoppedAtCapError), search.capped(0.05):
        time.sleep(2)
    with search.capped(5):  # a block done in time is left alone, and the timer cleared
        pass
    time.sleep(0.01)


def _search_report() -> dict[str, Any]:
    """A report as ``benchmarks/search.py`` makes it, from made-up timings."""
    search = _search()
    tree = [
        [{"playouts": 400, "cpu": 0.2, "wall": 0.25, "samples_cpu": 0.1}],
        [{"playouts": 400, "cpu": 0.1, "wall": 0.1, "samples_cpu": 0.07}],
    ]
    compiled_tree = [
        [{"playouts": 400, "cpu": 0.1, "wall": 0.1, "samples_cpu": 0.06}],
        [{"playouts": 400, "cpu": 0.1, "wall": 0.2, "samples_cpu": 0.06}],
    ]
    samples = [{"first": [0.001, 0.003], "repeated": [0.0002] * 4}] * 2
    pure = [[[0.5, 0.5], [1.5, 1.6]], [[0.75, 0.8], None]]
    compiled = [[[0.25, 0.3], [1.0, 1.0]], [[0.25, 0.3], [2.0, 2.0]]]
    return {
        "date": "2026-01-02 03:04 UTC",
        "machine": "x86_64, 2 cores, Linux",
        "load_average": 1.5,
        "python": "3.11.7",
        "chickenfoot": "0.1.0",
        "commit": "0123456789ab",
        "command": "python benchmarks/search.py --compiled env/bin/python --trials 2",
        "builds": ["pure", "compiled"],
        "trials": 2,
        "minutes": 1.25,
        "settings": {
            "points": 1,
            "search_rounds": 1,
            "sample_rounds": 1,
            "repeats": 2,
            "decide_rounds": 1,
            "cap": 60.0,
        },
        "search": {
            "tree, level(5) | classic, 4 seats": {
                "pure": search.search_figures(tree),
                "compiled": search.search_figures(compiled_tree),
            }
        },
        "sampling": {
            "4": {
                "pure": search.sample_figures(samples),
                "compiled": search.sample_figures(samples),
            }
        },
        "decisions": {
            "level(5)": {
                "20": {
                    "pure": search.decision_figures(pure),
                    "compiled": search.decision_figures(compiled),
                }
            }
        },
    }


def test_the_search_markdown() -> None:
    text = _search().search_markdown(_search_report())
    assert text.startswith("- date: 2026-01-02 03:04 UTC\n")
    assert "- machine: x86_64, 2 cores, Linux, CPython 3.11.7; load average 1.5" in text
    assert "- command: `python benchmarks/search.py --compiled env/bin/python --trials 2`" in text
    assert "- commit: `0123456789ab`" in text
    # 400 playouts in 0.2 and in 0.1 CPU s: 2,000 and 4,000 a second, the median 3,000
    assert (
        "| tree, level(5) | classic, 4 seats | pure | 2 | 3,000 | 2,000 to 4,000 | 2,800 |" in text
    )
    assert "| tree, level(5) | classic, 4 seats | compiled | 2 | 4,000 | 4,000 to 4,000 |" in text
    times = "\N{MULTIPLICATION SIGN}"
    assert f"| tree, level(5) | classic, 4 seats | 1.50{times} | 1.00 to 2.00 |" in text
    assert "| tree, level(5) | classic, 4 seats | pure | 60% | 50% to 70% |" in text
    # two first samples of 1 and 3 ms: 500 a second; repeated ones of 0.2 ms: 5,000
    assert "| 4 | first | pure | 4 | 500 | 500 to 500 | 2.00 | 3.00 |" in text
    assert "| 4 | repeated | compiled | 8 | 5,000 | 5,000 to 5,000 | 0.200 | 0.200 |" in text


def test_the_decisions_markdown() -> None:
    text = _search().decisions_markdown(_search_report())
    assert "- commit: `0123456789ab`" in text
    assert "every decision stopped after 60 s of wall time" in text
    # pure: 0.5, 1.5, 0.75 and one stopped; compiled: 0.25, 1.0, 0.25, 2.0
    row = (
        "| level(5) | 20 | 4 | 1,125 | inf | 1,000 to inf | 625 | 2,000 | 625 to 1,125 "
        "| 2.00\N{MULTIPLICATION SIGN} | 1 / 0 |"
    )
    assert row in text
    one = _search_report()
    one["builds"] = ["pure"]
    one["command"] = "python benchmarks/search.py"
    for by in (one["search"], one["sampling"], one["decisions"]["level(5)"]):
        for cell in by.values():
            del cell["compiled"]
    assert "compiled" not in _search().decisions_markdown(one)
    assert "compiled" not in _search().search_markdown(one)


def test_the_search_results_compare_the_builds_side_by_side() -> None:
    """The committed results measured both builds: every search, table, level and size."""
    search = _search()
    written = (RESULTS / "search.md").read_text(encoding="utf-8")
    assert "--compiled " in written
    for label in search.SEARCHES:
        for preset, seats in search.SEARCH_TABLES:
            for build in ("pure", "compiled"):
                row = rf"^\| {re.escape(label)} \| {preset}, {seats} seats \| {build} \| \d+ \|"
                assert re.search(row, written, re.M), (label, preset, build)
    for seats in search.SAMPLE_SEATS:
        for kind in ("first", "repeated"):
            assert re.search(rf"^\| {seats} \| {kind} \| compiled \| \d+ \|", written, re.M)
    decisions = (RESULTS / "decisions.md").read_text(encoding="utf-8")
    for n in range(1, 6):
        for seats in search.DECISION_SEATS:
            assert re.search(rf"^\| level\({n}\) \| {seats} \| \d+ \|", decisions, re.M)


def test_figures_runs_a_command_that_writes_two_files_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """search.md and decisions.md record one command of benchmarks/search.py."""
    figures = _figures()
    ran: list[list[str]] = []
    monkeypatch.setattr(figures.subprocess, "run", lambda command, **_: ran.append(command))
    assert figures.recorded_command(RESULTS / "search.md") == figures.recorded_command(
        RESULTS / "decisions.md"
    )
    assert figures.main(["--compiled", "env/bin/python", "search.md", "decisions.md"]) == 0
    assert len(ran) == 1
    assert ran[0][1:3] == ["benchmarks/search.py", "--compiled"]
    assert ran[0][3] == "env/bin/python"
    assert "(written by the same command as search.md)" in capsys.readouterr().out
