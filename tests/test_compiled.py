"""Which engine runs: the pure Python sources or the mypyc-compiled platform wheel."""

from __future__ import annotations

import importlib
import os
from importlib.machinery import EXTENSION_SUFFIXES

import chickenfoot

# The modules the build hook compiles (pyproject.toml, [tool.hatch.build.targets.wheel.hooks.custom]).
HOT_MODULES = (
    "chickenfoot._table",
    "chickenfoot._rule",
    "chickenfoot._opening",
    "chickenfoot._drawing",
    "chickenfoot._scoring",
    "chickenfoot._book",
    "chickenfoot._engine",
    "chickenfoot._solver",
)


def _is_extension(name: str) -> bool:
    return (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def test_compiled_flag_tells_which_engine_runs() -> None:
    # CHICKENFOOT_EXPECT_COMPILED is set by the nox sessions that know what they installed:
    # 1 for the compiled wheel, 0 for the pure install.
    expected = os.environ.get("CHICKENFOOT_EXPECT_COMPILED")
    if expected is not None:
        assert chickenfoot.COMPILED is (expected == "1")
    # Either every hot module is compiled or none is: a half-compiled install is a broken one.
    kinds = {name: _is_extension(name) for name in HOT_MODULES}
    assert set(kinds.values()) == {chickenfoot.COMPILED}, kinds


def test_compiled_flag_is_a_bool() -> None:
    assert type(chickenfoot.COMPILED) is bool


def test_engine_states_survive_pickling() -> None:
    # Compiled classes have no empty constructor: they pickle through their own.
    import pickle

    from chickenfoot import PRESETS, Round

    rnd = Round.deal(PRESETS["classic"], 4, seed=3)
    rnd = rnd.apply(rnd.legal_moves()[0])
    copy = pickle.loads(pickle.dumps(rnd))
    assert copy == rnd
    assert copy.legal_moves() == rnd.legal_moves()
    assert pickle.loads(pickle.dumps(rnd.view(1))) == rnd.view(1)
