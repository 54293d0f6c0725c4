"""Chicken Foot dominoes: exact rules for every variant, as immutable, typed values.

A round is dealt from the rules and a seed; each seat sees only its own view of it, and
a move returns the next round:

>>> from chickenfoot import PRESETS, Round
>>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
>>> seen = rnd.view(0)
>>> len(seen.hand), seen.hand_counts, seen.boneyard_count
(7, (7, 7, 7, 7), 27)
>>> rnd = rnd.apply(seen.legal_moves()[0])
>>> [str(move) for move in rnd.legal_moves()]
['9-5@9-9']
>>> Round.from_json(rnd.to_json()) == rnd
True
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from . import _table as _hot_module
from ._annotated import Record
from ._annotations import Annotation, Evaluation, Mark
from ._beliefs import Beliefs
from ._engine import Ending, Obligation, Outcome
from ._house import HouseRule, Table, Turn, find_house_rule, house_rule
from ._match import Match, MatchView, load_record
from ._moves import Draw, Event, Move, Pass, Play
from ._notation import parse_move
from ._pictures import (
    Bounds,
    TilePosition,
    beliefs_svg,
    beliefs_text,
    layout_text,
    table_bounds,
    table_geometry,
    table_svg,
)
from ._round import Round, RoundView
from ._rules import (
    PRESET_ALIASES,
    PRESETS,
    KnobHelp,
    PlayDrawn,
    RoundOrder,
    Rules,
    Start,
    TargetMode,
    TieBreak,
    find_preset,
)
from ._schedule import round_seed
from ._schemas import schema
from ._scoring import Standing
from ._table import Layout, OpenEnd, Placement
from ._tiles import MAX_PIPS, Tile, tile_set
from .errors import (
    ChickenFootError,
    DealError,
    EngineError,
    EngineMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalMoveError,
    InvalidMoveError,
    PositionError,
    RecordError,
    RulesError,
    SamplingError,
    SimulationError,
    StaleMoveError,
    ViewError,
)

__version__ = "0.1.0"

#: Whether the engine runs compiled by mypyc (a platform wheel) rather than as pure Python.
#: Both behave the same; the compiled engine is faster.
#:
#: .. versionadded:: 0.1
COMPILED: bool = (_hot_module.__file__ or "").endswith(tuple(_EXTENSION_SUFFIXES))

__all__ = [
    "COMPILED",
    "MAX_PIPS",
    "PRESETS",
    "PRESET_ALIASES",
    "Annotation",
    "Beliefs",
    "Bounds",
    "ChickenFootError",
    "DealError",
    "Draw",
    "Ending",
    "EngineError",
    "EngineMoveError",
    "EngineProtocolError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "Evaluation",
    "Event",
    "HouseRule",
    "IllegalMoveError",
    "InvalidMoveError",
    "KnobHelp",
    "Layout",
    "Mark",
    "Match",
    "MatchView",
    "Move",
    "Obligation",
    "OpenEnd",
    "Outcome",
    "Pass",
    "Placement",
    "Play",
    "PlayDrawn",
    "PositionError",
    "Record",
    "RecordError",
    "Round",
    "RoundOrder",
    "RoundView",
    "Rules",
    "RulesError",
    "SamplingError",
    "SimulationError",
    "StaleMoveError",
    "Standing",
    "Start",
    "Table",
    "TargetMode",
    "TieBreak",
    "Tile",
    "TilePosition",
    "Turn",
    "ViewError",
    "beliefs_svg",
    "beliefs_text",
    "find_house_rule",
    "find_preset",
    "house_rule",
    "layout_text",
    "load_record",
    "parse_move",
    "round_seed",
    "schema",
    "table_bounds",
    "table_geometry",
    "table_svg",
    "tile_set",
]
