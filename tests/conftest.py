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
from pathlib import Path

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
