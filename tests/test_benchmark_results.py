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


def test_the_playouts_markdown_gives_the_command_and_the_range() -> None:
    report: dict[str, Any] = {
        "date": "2026-01-02",
        "machine": "x86_64, 2 cores, Linux",
        "python": "3.11.7",
        "chickenfoot": "0.1.0",
        "seconds_per_trial": 1.0,
        "trials": 2,
        "command": "python benchmarks/playouts.py --trials 2",
        "playouts": {
            "chickenfoot classic (4p)": {
                "rounds_per_s": 10.0,
                "moves_per_s": 700.0,
                "moves_per_s_trials": [600.0, 800.0],
            },
            "scaling: double-6, 2 players": {
                "rounds_per_s": 1.0,
                "moves_per_s": 2.0,
                "moves_per_s_trials": [2.0, 2.0],
            },
        },
        "ratios": {"a / b": 1.5},
        "ratios_trials": {"a / b": [1.25, 1.75]},
        "cost_per_move_vs_double_6": {"scaling: double-6, 2 players": 1.0},
        "cost_per_move_trials": {"scaling: double-6, 2 players": [1.0, 1.0]},
        "mid_round_classic_4p": {"legal_moves_us": 1.25, "apply_us": 2.5},
        "dominoes_move_generation_us": None,
        "bytes_per_retained_state_classic_4p": 358.0,
    }
    text = _playouts().markdown_report(report)
    assert "`python benchmarks/playouts.py --trials 2`" in text
    assert "x86_64, 2 cores, Linux" in text
    assert "| chickenfoot classic (4p) | 10 | 700 | 600 to 800 |" in text
    assert "| a / b | 1.50\N{MULTIPLICATION SIGN} | 1.25 to 1.75 |" in text
    assert "| double-6, 2 players | 1.00\N{MULTIPLICATION SIGN} | 1.00 to 1.00 |" in text
    assert "scaling:" not in text
