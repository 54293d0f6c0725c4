"""Figures in the docs come from the benchmarks' own results files, never copied by hand.

Each benchmark writes ``benchmarks/results/NAME.md``, with the date, the machine, the
command and the spread of its figures, and the docs page that gives those figures
includes the file (see ``benchmarks/results/README.md``).
"""

from __future__ import annotations

import importlib.util
import re
import sys
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
}


@pytest.mark.parametrize(("results", "page"), PAGES.items())
def test_the_page_includes_the_results_file(results: str, page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert f"```{{include}} ../benchmarks/results/{results}\n" in text
    written = (RESULTS / results).read_text(encoding="utf-8")
    assert re.search(r"20\d\d-\d\d-\d\d", written), "the date"
    assert "cores" in written, "the machine"
    assert "`python benchmarks/" in written, "the command"
    assert " to " in written, "the spread: a range or an interval"


def test_performance_copies_no_figure() -> None:
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "\N{MULTIPLICATION SIGN}" not in page
    assert "µs" not in page
    assert not re.search(r"\|\s*[\d ,.]+\s*\|", page), "a table of numbers"


def test_bots_copies_no_strength_table() -> None:
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert not re.search(r"\d+\.\d%", page), "a match score"


def _playouts() -> ModuleType:
    spec = importlib.util.spec_from_file_location("playouts", ROOT / "benchmarks" / "playouts.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("playouts", module)
    spec.loader.exec_module(module)
    return module


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
        assert re.search(rf"^\| {build} \| [\d.]+ µs \| [\d.]+ µs \| [\d,]+ \|$", written, re.M)
        assert re.search(rf"^\| {build} \| \d+ \| \d+ to \d+ \|$", written, re.M), "the bot"
    assert re.search(
        r"^\| chickenfoot classic \(4p, compiled\) / chickenfoot classic \(4p, pure\) \| ",
        written,
        re.M,
    )


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
            "pure": {"legal_moves_us": 1.25, "apply_us": 2.5},
            "compiled": {"legal_moves_us": 0.5, "apply_us": 1.0},
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
    assert "| pure | 1.2 µs | 2.5 µs | 358 |" in text
    assert "| compiled | 0.5 µs | 1.0 µs | 340 |" in text
    assert "| compiled | 400 | 390 to 410 |" in text
    assert "scaling:" not in text
    assert "dominoes` package's own" not in text


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
