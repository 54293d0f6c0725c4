"""Shared test setup: hypothesis settings profiles and an importable tests/ folder.

Choose a profile with the ``HYPOTHESIS_PROFILE`` environment variable:

* ``default`` (used when the variable is unset): 100 examples a property, no deadline
  (a whole round is played inside some examples, and its time varies a lot).
* ``ci``: derandomized, so a run is repeatable from the code alone, with the failing
  example's blob printed for ``@reproduce_failure``.
* ``dev``: a quick pass of 20 examples while editing.
* ``mutants``: what mutation testing runs (``tests/mutants/run.py``): derandomized, so
  every mutant meets the same examples, 25 of them, no example database shared
  between mutants, and no shrinking of a failing example. Hypothesis also mixes into
  its examples the numbers and strings written in the modules it has seen imported
  (those outside site-packages and outside tests/): which test files are collected, and
  a mutant's own literals, would change what every test meets. This profile turns that
  off (:func:`_fix_local_constants`), so a test meets the same examples whatever runs
  beside it and whatever the mutant changed.
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


def _fix_local_constants() -> None:
    """Stop Hypothesis from drawing the literals of the imported modules.

    Hypothesis has no setting for it (6.170): it reads the constants of every local module
    in ``sys.modules`` through ``providers._get_local_constants``, which this replaces by
    an empty pool (its built-in constants, the same on every run, stay). Should a release
    move that function, the ``mutants`` profile stops with this error rather than let
    the examples drift unseen.
    """
    from hypothesis.internal.conjecture import providers
    from hypothesis.internal.constants_ast import Constants

    if not callable(getattr(providers, "_get_local_constants", None)):
        raise RuntimeError(
            "the mutants profile cannot turn off Hypothesis's local constants in this "
            "release: update tests/conftest.py"
        )
    empty = Constants()

    def no_local_constants() -> Constants:
        return empty

    providers._get_local_constants = no_local_constants


_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
settings.load_profile(_PROFILE)
if _PROFILE == "mutants":
    _fix_local_constants()


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
