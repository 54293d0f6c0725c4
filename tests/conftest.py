"""Shared test setup: hypothesis settings profiles and an importable tests/ folder.

Choose a profile with the ``HYPOTHESIS_PROFILE`` environment variable:

* ``default`` (used when the variable is unset): 100 examples a property, no deadline
  (a whole round is played inside some examples, and its time varies a lot).
* ``ci``: derandomized, so a run is repeatable from the code alone, with the failing
  example's blob printed for ``@reproduce_failure``.
* ``dev``: a quick pass of 20 examples while editing.
* ``mutants``: what mutation testing runs (``tests/mutants/run.py``): derandomized, so
  every mutant meets the same examples, 25 of them, no example database shared
  between mutants, and no shrinking of a failing example.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

# reference.py, strategies.py and bridge.py are imported as plain top-level modules;
# tests/ stays a folder without __init__.py.
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# Examples that play whole rounds draw many choices and may take a while to generate.
_SLOW_DATA = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "default", deadline=None, max_examples=100, suppress_health_check=_SLOW_DATA
)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    derandomize=True,
    print_blob=True,
    suppress_health_check=_SLOW_DATA,
)
settings.register_profile("dev", deadline=None, max_examples=20, suppress_health_check=_SLOW_DATA)
settings.register_profile(
    "mutants",
    deadline=None,
    max_examples=25,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # a failure kills the mutant: no shrinking
    suppress_health_check=_SLOW_DATA,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# The adapters' tests and examples skip where their extras (pettingzoo, open_spiel, numpy)
# are not installed, as in the README's test command. The `adapters` nox session installs
# them and sets CHICKENFOOT_REQUIRE_EXTRAS=1: there a skip is a failure, so nothing that
# needs an extra can pass unseen by being skipped everywhere.
_REQUIRE_EXTRAS = os.environ.get("CHICKENFOOT_REQUIRE_EXTRAS") == "1"


def _fail_skips(report: pytest.TestReport | pytest.CollectReport) -> None:
    if _REQUIRE_EXTRAS and report.skipped:
        report.outcome = "failed"
        report.longrepr = f"skipped where every extra is installed: {report.longrepr}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    _fail_skips(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    report = yield
    _fail_skips(report)
    return report
