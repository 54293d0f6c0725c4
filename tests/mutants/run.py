"""Mutation testing of the library: a seeded sample of cosmic-ray's mutants of every
module of ``src/chickenfoot``, each run against the fast tests of the module it changes.

Run it as ``nox -s mutants -- 300`` or, in a development environment::

    python tests/mutants/run.py 300 --seed 16 --jobs 2

Every mutant is one small change to one module (cosmic-ray's core operators: a comparison
flipped, a number shifted by one, ``and`` swapped for ``or``, a ``not`` added, a decorator
removed...). A mutant is *killed* when its module's fast tests fail (or run past the
per-mutant timeout), and *survives* when they pass. Mutants listed in
``tests/mutants/equivalent.toml`` change nothing a caller can observe; they are not run and
not counted. The last line reads ``mutation score: X% (K of N killed, E equivalent)``: K of
the N sampled mutants that are not equivalent were killed, and E sampled mutants were
equivalent.

The unchanged fast tests of each module run first, under coverage with the test that
ran each line; a mutant then runs the fast tests that ran its statement, and all its
module's fast tests only if those pass (``covering.py``); a mutant whose statement no fast
test ran survives without a run. ``--all-tests`` runs all of them on every mutant.

The tests run in copies of ``src/``, ``tests/``, ``docs/`` and ``benchmarks/`` (one a job)
under a temporary folder, so the work tree is never changed. The survivors and the full results go to
``.mutants/last.json``, which is written after every mutant, so a run stopped part way
keeps what it found: ``--resume`` runs the rest of that sample, and ``--again`` runs only
the survivors of the last run.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import importlib
import json
import os
import queue
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

import cosmic_ray.plugins
from cosmic_ray.ast import ast_nodes, get_ast
from cosmic_ray.ast.ast_query import ASTQuery
from cosmic_ray.mutating import mutate_code
from covering import COVERAGE_RC, Lines, covering_tests, read_coverage, statement_lines
from report import results_markdown, summary

ROOT: Final = Path(__file__).resolve().parents[2]
EQUIVALENT: Final = Path(__file__).resolve().parent / "equivalent.toml"
REPORT: Final = ROOT / ".mutants" / "last.json"

#: The fast tests of each module of ``src/chickenfoot``, most direct first (pytest stops at
#: the first failure). A module of a package is named with a dot (``_pictures.svg``), the
#: package's ``__init__.py`` by the package (``_pictures``). Tests marked ``slow`` are left
#: out, and hypothesis runs its ``mutants`` profile (see tests/conftest.py). Every module
#: must be here: the run stops if one is missing.
FAST_TESTS: Final[dict[str, tuple[str, ...]]] = {
    # -- the engine
    "_tiles": ("tests/test_tiles.py", "tests/test_round_scenarios.py"),
    "_seeds": ("tests/test_seeds.py",),
    "_rules": (
        "tests/test_rules.py",
        "tests/test_knob_wiring.py",
        "tests/test_rules_json.py",
        "tests/test_round_scenarios.py",
        "tests/test_match.py",
        "tests/test_house_clients.py::test_a_record_naming_an_unregistered_rule_says_how_to_register_it",
        "tests/test_records.py::test_schema_refuses_what_the_reader_refuses",
        "tests/test_house_clients.py::test_a_rules_file_refuses_a_knob_the_rule_lacks",
        "tests/test_records.py::test_limits_are_checked_before_the_work",
    ),
    "_table": (
        "tests/test_round_scenarios.py",
        "tests/test_perft.py",
        "tests/test_properties.py",
        "tests/test_differential.py::test_random_variants_agree_with_reference",
        "tests/test_state_api.py::test_opens_and_places_read_the_open_ends",
        "tests/test_state_api.py::test_info_key_is_one_number_for_each_covered_key",
        "tests/test_state_api.py::test_a_house_rules_wild_play_has_a_key_of_0_and_up",
        "tests/test_state_api.py::test_the_round_doubles_placement_has_a_key_of_its_own_r6",
        "tests/test_engine_protocol.py::test_a_served_bot_plays_the_moves_it_plays_here",
    ),
    "_rule": ("tests/test_book.py", "tests/test_round_scenarios.py", "tests/test_wild.py"),
    "_opening": (
        "tests/test_book.py",
        "tests/test_round_scenarios.py",
        "tests/test_wild.py",
        "tests/test_match.py",
        "tests/test_perft.py",
        "tests/test_positions.py::test_the_double_blank_opens_when_no_higher_double_is_held_r6b",
        "tests/test_sampling.py::test_exact_count_equals_the_brute_force_count",
    ),
    "_drawing": (
        "tests/test_book.py",
        "tests/test_round_scenarios.py",
        "tests/test_wild.py",
        "tests/test_perft.py",
        "tests/test_differential.py::test_random_variants_agree_with_reference",
        "tests/test_rejection.py::test_the_tangents_touch_where_the_likeliest_patterns_put_each_tile",
    ),
    "_book": (
        "tests/test_book.py",
        "tests/test_round_scenarios.py",
        "tests/test_engine.py",
        "tests/test_perft.py",
        "tests/test_house_sampling.py::test_exact_count_under_a_declared_rule_equals_the_brute_force_count",
        "tests/test_house_clients.py::test_positions_and_records_round_trip",
    ),
    "_scoring": (
        "tests/test_book.py",
        "tests/test_round_scenarios.py",
        "tests/test_match.py",
        "tests/test_properties.py",
        "tests/test_openspiel.py::test_the_knob_parameters_change_the_preset",
        "tests/test_engine.py::test_one_scoring_function_reads_the_knobs",
        "tests/test_state.py::test_a_mid_turn_position_folds_the_same_for_every_seed",
    ),
    "_round": (
        "tests/test_round_scenarios.py",
        "tests/test_views.py",
        "tests/test_engine.py",
        "tests/test_server_api.py",
        "tests/test_perft.py",
        "tests/test_properties.py",
        "tests/test_differential.py::test_random_variants_agree_with_reference",
        "tests/test_sampling.py::test_max_tries_is_deprecated_and_ignored",
        "tests/test_records.py::test_a_record_of_a_position_of_a_large_set_reads_back",
        "tests/test_positions.py::test_records_of_positions_are_checked",
        "tests/test_house_clients.py::test_positions_and_records_round_trip",
        "tests/test_beliefs.py::test_exact_beliefs_equal_the_brute_force",
        "tests/test_records.py::test_limits_are_inclusive",
        "tests/test_view_json.py::test_bad_view_json_is_a_view_error_naming_the_field",
        "tests/test_ismcts.py::test_rules_the_game_cannot_load_are_refused",
        "tests/test_view_json.py::test_a_view_whose_tiles_do_not_add_up_says_how_many_it_holds",
        "tests/test_house_hooks.py::test_a_set_without_the_number_is_refused_at_each_count_r5",
        "tests/test_house_hooks.py::test_a_position_the_rule_cannot_reach_is_refused_naming_tile_and_rule_r7",
        "tests/test_match.py::test_match_seed_is_an_int",
    ),
    "_engine": (
        "tests/test_round_scenarios.py",
        "tests/test_engine.py",
        "tests/test_views.py",
        "tests/test_house.py",
        "tests/test_perft.py",
        "tests/test_properties.py",
        "tests/test_differential.py::test_random_variants_agree_with_reference",
        "tests/test_state_api.py::test_drawn_key_shows_the_tile_to_the_drawer_alone",
        "tests/test_state.py::test_states_differ_where_their_starts_or_histories_do",
        "tests/test_house_sampling.py::test_exact_count_under_a_declared_rule_equals_the_brute_force_count[H4]",
        "tests/test_openspiel.py::test_observation_strings_show_a_seat_its_own_hand_only",
        "tests/test_analysis.py::test_show_analyse_lists_every_move_with_its_value_and_playouts",
        "tests/test_solver.py::test_under_house_rules_the_key_holds_the_open_ends_themselves",
        "tests/test_book.py::test_the_turn_never_looks_the_book_up",
    ),
    "_shown": (
        "tests/test_round_scenarios.py",
        "tests/test_views.py",
        "tests/test_positions.py",
        "tests/test_properties.py",
        "tests/test_view_json.py",
    ),
    "_schedule": ("tests/test_match.py", "tests/test_rules.py", "tests/test_match_properties.py"),
    "_match": (
        "tests/test_match.py",
        "tests/test_match_properties.py",
        "tests/test_views.py",
        "tests/test_records.py",
        "tests/test_house_hooks.py::test_a_match_is_refused_when_it_starts_for_a_round_it_would_deal_later_r19",
        "tests/test_view_json.py::test_a_match_view_reads_back_from_its_json",
        "tests/test_bots.py::test_play_until_in_a_match_moves_on_into_the_next_round",
        "tests/test_server_api.py::test_the_seat_is_checked_in_a_match_too",
        "tests/test_view_json.py::test_bad_view_json_is_a_view_error_naming_the_field",
    ),
    "_views": ("tests/test_views.py",),
    "_records": (
        "tests/test_records.py",
        "tests/test_annotations.py",
        "tests/test_records_fuzz.py",
        "tests/test_positions.py",
        "tests/test_rules_json.py",
    ),
    "_json": ("tests/test_records.py", "tests/test_rules_json.py", "tests/test_view_json.py"),
    "_annotations": ("tests/test_annotations.py", "tests/test_records.py"),
    "_annotated": ("tests/test_annotations.py", "tests/test_records.py"),
    "_house": (
        "tests/test_house.py",
        "tests/test_house_sampling.py",
        "tests/test_check_rule.py",
        "tests/test_house_clients.py",
        "tests/test_house_hooks.py",
    ),
    # -- around the engine
    "__init__": ("tests/test_api_stability.py", "tests/test_server_api.py"),
    "__main__": ("tests/test_cli.py",),
    "errors": (
        "tests/test_docs_errors.py",
        "tests/test_server_api.py",
        "tests/test_records.py",
        "tests/test_engine_protocol.py::test_an_illegal_move_names_the_rule_and_the_legal_moves",
    ),
    "_schemas": ("tests/test_rules_json.py", "tests/test_records.py"),
    "_moves": (
        "tests/test_server_api.py",
        "tests/test_records.py",
        "tests/test_round_scenarios.py",
        "tests/test_tiles.py::test_play_needs_tiles",
    ),
    "_notation": (
        "tests/test_server_api.py",
        "tests/test_records.py",
        "tests/test_round_scenarios.py",
    ),
    "_actions": ("tests/test_actions.py", "tests/test_pettingzoo.py", "tests/test_openspiel.py"),
    "_positions": (
        "tests/test_positions.py",
        "tests/test_round_scenarios.py",
        "tests/test_view_json.py::test_a_view_of_a_position_that_starts_mid_draw_reads_back",
        "tests/test_house_hooks.py::test_a_position_and_a_record_of_a_deal_the_rule_cannot_play_are_refused_r6",
    ),
    "_facts": (
        "tests/test_sampling.py",
        "tests/test_house_sampling.py::test_samples_of_a_blocked_round_let_a_seat_keep_what_only_it_could_not_play",
        "tests/test_house_sampling.py::test_exact_count_of_finished_rounds_under_a_declared_rule",
        "tests/test_house_sampling.py::test_samples_under_a_rule_that_declares_nothing_fall_on_the_brute_force_deals",
    ),
    "_sampling": (
        "tests/test_sampling.py",
        "tests/test_beliefs.py",
        "tests/test_house_sampling.py::test_the_sampler_gives_up_naming_the_rule_that_declares_nothing",
        "tests/test_house_clients.py::test_bots_play_under_house_rules",
    ),
    "_beliefs": ("tests/test_beliefs.py",),
    "_counting": (
        "tests/test_sampling.py",
        "tests/test_bots.py::test_the_analysis_lists_the_moves_by_how_far_they_went_then_by_value",
        "tests/test_beliefs.py::test_bad_arguments_are_refused",
    ),
    "_rejection": ("tests/test_rejection.py", "tests/test_sampling.py"),
    "_replay": (
        "tests/test_sampling.py",
        "tests/test_house_sampling.py::test_samples_under_a_rule_that_declares_nothing_fall_on_the_brute_force_deals",
    ),
    "_wire": ("tests/test_view_json.py",),
    "_pictures": ("tests/test_pictures.py", "tests/test_internals.py"),
    "_pictures.geometry": ("tests/test_pictures.py", "tests/test_internals.py"),
    "_pictures.placing": (
        "tests/test_pictures.py",
        "tests/test_plane.py",
        "tests/test_internals.py",
    ),
    "_pictures.plane": ("tests/test_plane.py", "tests/test_pictures.py", "tests/test_internals.py"),
    "_pictures.reading": ("tests/test_pictures.py", "tests/test_internals.py", "tests/test_cli.py"),
    "_pictures.svg": ("tests/test_pictures.py", "tests/test_internals.py"),
    "_pictures.text": ("tests/test_pictures.py", "tests/test_internals.py", "tests/test_cli.py"),
    "_pictures.beliefs": ("tests/test_beliefs.py", "tests/test_internals.py"),
    "_encode": ("tests/test_encode.py", "tests/test_pettingzoo.py", "tests/test_openspiel.py"),
    # -- the public modules on top
    "state": ("tests/test_state_api.py",),
    "bots": (
        "tests/test_bots.py",
        "tests/test_tree_search.py",
        "tests/test_annotations.py::test_an_evaluation_from_a_search_bot_s_analysis",
        "tests/test_analysis.py::test_a_served_level4_streams_its_analysis_and_the_client_reads_it",
        "tests/test_review.py::test_the_command_judges_the_seats_asked_for",
    ),
    "engine": (
        "tests/test_engine_protocol.py",
        "tests/test_analysis.py::test_a_served_level5_and_search_bot_stream_their_analysis_in_process",
        "tests/test_analysis.py::test_an_info_line_with_a_bad_move_field_is_refused",
    ),
    "simulation": ("tests/test_simulation.py",),
    "tournament": ("tests/test_tournament.py", "tests/test_tournament_engines.py"),
    "_ratings": ("tests/test_tournament.py",),
    "cli": (
        "tests/test_cli.py",
        "tests/test_engine_protocol.py",
        "tests/test_tournament.py::test_the_command_writes_json_and_svg",
        "tests/test_review.py::test_the_command_refuses_bad_input",
        "tests/test_review.py::test_the_command_prints_the_marks_and_writes_the_record_and_reports",
        "tests/test_analysis.py::test_show_analyse_shows_an_engine_s_values_and_a_forced_move",
        "tests/test_analysis.py::test_show_analyse_lists_every_move_with_its_value_and_playouts",
        "tests/test_analysis.py::test_show_analyse_refuses_a_bot_that_does_not_search",
        "tests/test_review.py::test_the_command_judges_the_seats_asked_for",
        "tests/test_tournament.py::test_the_command_prints_the_standings",
        "tests/test_tournament.py::test_the_command_runs_an_sprt",
        "tests/test_tournament.py::test_the_command_usage_errors",
        "tests/test_tournament_engines.py",
        "tests/test_beliefs.py::test_show_beliefs",
        "tests/test_beliefs.py::test_show_beliefs_of_a_finished_round_needs_a_seat",
        "tests/test_wild.py::test_wild_variant_simulates_from_a_rules_file",
        "tests/test_house_clients.py::test_the_command_line_loads_a_script_that_registers_rules",
        "tests/test_rules.py::test_cli_rules_shows_the_same_help",
    ),
    "pettingzoo": ("tests/test_pettingzoo.py",),
    "openspiel": ("tests/test_openspiel.py", "tests/test_ismcts.py"),
    "testing": ("tests/test_check_rule.py", "tests/test_house_hooks.py"),
    "_solver": ("tests/test_solver.py",),
    "_review": ("tests/test_review.py",),
    "analysis": ("tests/test_solver.py", "tests/test_review.py"),
}

#: The packages of ``src/chickenfoot``: their ``__init__.py`` is named by the package.
PACKAGES: Final = frozenset({"_pictures"})

#: Modules whose tests need the extras (``.[pettingzoo,openspiel]``): for them a skipped
#: test is a failure (CHICKENFOOT_REQUIRE_EXTRAS=1), so no mutant survives by a skip.
NEEDS_EXTRAS: Final = frozenset({"_actions", "_encode", "pettingzoo", "openspiel"})


def module_path(module: str) -> Path:
    """The source file of ``module`` (a key of FAST_TESTS), from the tree's root."""
    parts = module.split(".")
    if module in PACKAGES:
        parts.append("__init__")
    return Path("src", "chickenfoot", *parts[:-1], f"{parts[-1]}.py")


def _module_name(path: Path) -> str:
    """The key of FAST_TESTS for the source file ``path`` (under ``src/chickenfoot``)."""
    parts = list(path.with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def check_map(base: Path) -> None:
    """Stop unless FAST_TESTS names every module of ``src/chickenfoot``, and only those."""
    package = base / "src" / "chickenfoot"
    found = {_module_name(p.relative_to(package)) for p in package.rglob("*.py")}
    if found != set(FAST_TESTS):
        missing, extra = sorted(found - set(FAST_TESTS)), sorted(set(FAST_TESTS) - found)
        raise SystemExit(
            f"tests/mutants/run.py: FAST_TESTS must map every module of src/chickenfoot; "
            f"missing {missing}, unknown {extra}"
        )


#: Operators that take arguments (and so have no default mutants) are left out.
OPERATORS: Final = tuple(
    name
    for name in cosmic_ray.plugins.operator_names()
    if not cosmic_ray.plugins.get_operator(name).arguments()
)


@dataclass(frozen=True)
class Mutant:
    """One mutation: cosmic-ray's (module, operator, occurrence) and a stable description."""

    module: str
    operator: str
    occurrence: int
    line: int
    scope: str
    before: str
    after: str = ""
    column: int = 0

    @property
    def key(self) -> tuple[str, str, str, str, str]:
        """What names the mutant across edits elsewhere in the module (no line numbers)."""
        return (self.module, self.scope, self.operator, self.before, self.after)

    @property
    def path(self) -> Path:
        return module_path(self.module)

    @property
    def file(self) -> str:
        """The source file under ``src/chickenfoot``, as ``_pictures/svg.py``."""
        return self.path.relative_to("src/chickenfoot").as_posix()

    def describe(self) -> str:
        return (
            f"{self.file}:{self.line} in {self.scope} ({self.operator})\n"
            f"    - {self.before}\n    + {self.after}"
        )


@dataclass
class Result:
    """What happened to one mutant."""

    mutant: Mutant
    outcome: str  # "killed", "timeout", "survived" or "equivalent"
    seconds: float = 0.0
    failed: str = ""
    output: str = field(default="", repr=False)
    #: which fast tests ran: "all" of the module's; "covering", those that run the
    #: mutant's statement, and no more as they failed; "covering+all", those and then all,
    #: as they passed; "none", as no fast test runs the statement
    tests: str = "all"


# -- finding mutants ---------------------------------------------------------------------


def _annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The (line, column) spans of every annotation: never evaluated (PEP 563)."""
    spans = []
    for node in ast.walk(ast.parse(source)):
        notes: list[ast.expr | None] = []
        if isinstance(node, ast.arg):
            notes.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            notes.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        for note in notes:
            if note is not None and note.end_lineno is not None and note.end_col_offset is not None:
                spans.append(
                    ((note.lineno, note.col_offset), (note.end_lineno, note.end_col_offset))
                )
    return spans


def find_mutants(base: Path, module: str) -> Iterator[Mutant]:
    """Every mutant cosmic-ray makes of ``module`` in the tree ``base``, outside annotations."""
    source = (base / module_path(module)).read_text(encoding="utf-8")
    if "from __future__ import annotations" not in source:
        raise SystemExit(f"{module_path(module)} evaluates its annotations; mutate them too")
    lines = source.splitlines()
    spans = _annotation_spans(source)
    nodes = list(ast_nodes(get_ast(source)))
    for name in OPERATORS:
        operator = cosmic_ray.plugins.get_operator(name)()
        occurrence = 0
        for node in nodes:
            for start, _end in operator.mutation_positions(node):
                if not any(low <= start < high for low, high in spans):
                    yield Mutant(
                        module,
                        name,
                        occurrence,
                        start[0],
                        ASTQuery(node).get_definition_name() or "<module>",
                        lines[start[0] - 1].strip(),
                        column=start[1],
                    )
                occurrence += 1


def mutated_source(base: Path, mutant: Mutant) -> tuple[str, str]:
    """The module's source in the tree ``base`` and the mutant's."""
    source = (base / mutant.path).read_text(encoding="utf-8")
    operator = cosmic_ray.plugins.get_operator(mutant.operator)()
    changed = mutate_code(source, operator, mutant.occurrence)
    if changed is None:
        raise SystemExit(f"cosmic-ray made no mutant for {mutant}")
    return source, changed


def describe_change(source: str, changed: str) -> tuple[str, str]:
    """The lines the mutant removes and adds, each joined by `` / ``."""
    removed: list[str] = []
    added: list[str] = []
    for line in difflib.unified_diff(source.splitlines(), changed.splitlines(), n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        (removed if line.startswith("-") else added).append(line[1:].strip())
    return " / ".join(removed), " / ".join(added)


# -- equivalents -------------------------------------------------------------------------


def load_equivalents() -> dict[tuple[str, str, str, str, str], str]:
    """The reviewed equivalent mutants, by key, with the reason each changes nothing."""
    # tomllib is new in Python 3.11 (this script needs it; mypy checks for 3.10).
    tomllib = importlib.import_module("tomllib")
    with EQUIVALENT.open("rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    found = {}
    for entry in data.get("equivalent", []):
        key = (entry["module"], entry["scope"], entry["operator"], entry["before"], entry["after"])
        if not entry.get("why", "").strip():
            raise SystemExit(f"{EQUIVALENT.name}: say why {key} is equivalent")
        found[key] = entry["why"]
    return found


# -- running -----------------------------------------------------------------------------


def _copy_tree(into: Path, origin: Path = ROOT) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "mutants", "_build")
    # The tests read docs pages, and the command's tests the benchmarks' ratings page.
    for name in ("src", "tests", "docs", "benchmarks"):
        shutil.copytree(origin / name, into / name, ignore=ignore)
    shutil.copy2(origin / "pyproject.toml", into / "pyproject.toml")


def _environment(tree: Path, module: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree / "src")
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a mutant and the original may share mtime and size
    env["HYPOTHESIS_PROFILE"] = "mutants"
    env.pop("CHICKENFOOT_REQUIRE_EXTRAS", None)
    if module in NEEDS_EXTRAS:
        env["CHICKENFOOT_REQUIRE_EXTRAS"] = "1"
    return env


def _pytest(
    tree: Path,
    module: str,
    timeout: float,
    tests: Sequence[str] | None = None,
    options: Sequence[str] = (),
) -> tuple[str, float, str, str]:
    """Run the module's fast tests in ``tree`` (or only ``tests``, pytest node ids):
    (outcome, seconds, first failure, output)."""
    command = [
        sys.executable,
        *("-m", "pytest", "-x", "-q", "--tb=line", "--no-header"),
        *("-p", "no:cacheprovider", "-p", "no:xdist", "-m", "not slow"),
        *options,
        *(FAST_TESTS[module] if tests is None else tests),
    ]
    start = time.perf_counter()
    with subprocess.Popen(
        command,
        cwd=tree,
        env=_environment(tree, module),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            return "timeout", time.perf_counter() - start, "", output
    seconds = time.perf_counter() - start
    failed = re.search(r"^(?:FAILED|ERROR) (\S+)", output, re.MULTILINE)
    outcome = "survived" if process.returncode == 0 else "killed"
    return outcome, seconds, failed.group(1) if failed else "", output


def baseline(
    trees: Sequence[Path], modules: Sequence[str], coverage: Path | None = None
) -> tuple[dict[str, float], dict[str, Lines | None]]:
    """Run each module's fast tests unchanged, one run at a time in each of ``trees`` (one
    run for modules with the same fast tests): they must pass; return their times and,
    given a folder for ``coverage``'s data, who ran each line of each module
    (:func:`covering.read_coverage`)."""
    for tree in trees:
        check = subprocess.run(
            [sys.executable, "-c", "import chickenfoot; print(chickenfoot.__file__)"],
            cwd=tree,
            env=_environment(tree),
            capture_output=True,
            text=True,
            check=True,
        )
        if not Path(check.stdout.strip()).is_relative_to(tree):
            raise SystemExit(f"the tests would import chickenfoot from {check.stdout.strip()}")
    # Modules with the same fast tests share one run, measuring all their files.
    groups: dict[tuple[tuple[str, ...], bool], list[str]] = {}
    for module in modules:
        groups.setdefault((FAST_TESTS[module], module in NEEDS_EXTRAS), []).append(module)
    todo: queue.Queue[list[str]] = queue.Queue()
    for group in groups.values():
        todo.put(group)
    times: dict[str, float] = {}
    ran: dict[str, Lines | None] = {}
    failed: dict[str, str] = {}
    lock = threading.Lock()

    def worker(tree: Path) -> None:
        while not failed:
            try:
                group = todo.get_nowait()
            except queue.Empty:
                return
            options: list[str] = []
            folder = None if coverage is None else coverage / group[0]
            if folder is not None:
                folder.mkdir(parents=True)
                settings = folder / "coveragerc"
                paths = "\n    ".join(str(tree / module_path(m)) for m in group)
                settings.write_text(
                    COVERAGE_RC.format(paths=paths, data=folder / "data"), encoding="utf-8"
                )
                options = [
                    *("--cov", f"--cov-config={settings}", "--cov-context=test"),
                    "--cov-report=",
                ]
            # coverage slows some tests threefold (the solver's): a long limit for the measure
            outcome, seconds, _, output = _pytest(tree, group[0], timeout=1800, options=options)
            with lock:
                if outcome != "survived":
                    failed[group[0]] = output
                    return
                measured = {} if folder is None else read_coverage(folder)
                for module in group:
                    times[module] = seconds
                    if measured is None:  # unknown: its mutants run all their fast tests
                        ran[module] = None
                    else:
                        ran[module] = measured.get((tree / module_path(module)).resolve(), {})
                tests = " ".join(FAST_TESTS[group[0]])
                unread = " (coverage not read: every fast test)" if measured is None else ""
                print(f"  {', '.join(group):<18} {seconds:5.1f} s  ({tests}){unread}", flush=True)

    _in_threads(worker, trees)
    for module, output in failed.items():
        print(output)
        extras = (
            " (they need the extras: pip install '.[pettingzoo,openspiel]', Python 3.11+)"
            if module in NEEDS_EXTRAS
            else ""
        )
        raise SystemExit(f"the fast tests of {module} fail without any mutant{extras}")
    return times, ran


def run_mutant(
    tree: Path, mutant: Mutant, timeout: float, tests: tuple[str, ...] | None = None
) -> Result:
    """Run the fast tests of ``mutant``'s module in ``tree``, where it is written: all of
    them (``tests`` None), or first ``tests``, the fast tests that run its statement, and
    all of them only when those pass (so a survivor has met every fast test). With no
    test that runs it (``tests`` empty) the tests would meet the unchanged code: nothing
    runs and it survives."""
    if tests == ():
        return Result(mutant, "survived", output="no fast test runs this line", tests="none")
    if tests is not None:
        outcome, seconds, failed, output = _pytest(tree, mutant.module, timeout, tests)
        if outcome != "survived":
            return Result(mutant, outcome, seconds, failed, output, tests="covering")
        again = _pytest(tree, mutant.module, timeout)
        return Result(mutant, again[0], seconds + again[1], *again[2:], tests="covering+all")
    return Result(mutant, *_pytest(tree, mutant.module, timeout))


def run_all(
    mutants: Sequence[Mutant],
    jobs: int,
    timeouts: dict[str, float],
    work: Path,
    progress: Callable[[Sequence[Result]], None] = lambda results: None,
    ran: dict[str, Lines | None] | None = None,
) -> list[Result]:
    """Run the mutants on ``jobs`` copies of ``work / "base"``, one thread a copy, calling
    ``progress`` with the results so far after each mutant. Given the coverage of the
    unchanged runs (``ran``), each mutant runs the fast tests that run its statement first
    (:func:`run_mutant`)."""
    todo: queue.Queue[tuple[int, Mutant]] = queue.Queue()
    for item in enumerate(mutants):
        todo.put(item)
    results: list[Result | None] = [None] * len(mutants)
    lock = threading.Lock()
    done = 0

    def worker(tree: Path) -> None:
        nonlocal done
        while True:
            try:
                index, mutant = todo.get_nowait()
            except queue.Empty:
                return
            target = tree / mutant.path
            source, changed = mutated_source(work / "base", mutant)
            tests = None
            covered = None if ran is None else ran.get(mutant.module)
            if covered is not None:
                lines = statement_lines(source, mutant.line, mutant.column)
                tests = covering_tests(lines, covered, FAST_TESTS[mutant.module])
            target.write_text(changed, encoding="utf-8")
            try:
                result = run_mutant(tree, mutant, timeouts[mutant.module], tests)
            finally:
                target.write_text(source, encoding="utf-8")
            with lock:
                results[index] = result
                done += 1
                mark = "SURVIVED" if result.outcome == "survived" else result.outcome
                ran_tests = "" if result.tests == "all" else f" ({result.tests})"
                print(
                    f"[{done:>4}/{len(mutants)}] {mark:<8} {result.seconds:5.1f} s  "
                    f"{mutant.file}:{mutant.line} {mutant.before} -> {mutant.after}{ran_tests}",
                    flush=True,
                )
                progress([r for r in results if r is not None])

    trees = [work / f"tree{job}" for job in range(jobs)]
    for tree in trees:
        if not tree.exists():
            _copy_tree(tree, work / "base")
    _in_threads(worker, trees)
    return [r for r in results if r is not None]


def _in_threads(worker: Callable[[Path], None], trees: Sequence[Path]) -> None:
    """Run ``worker`` on each of ``trees`` in a thread of its own; if one fails, the
    others go on with the rest of the work, and its error is raised here once they are
    done, so that nothing is dropped unseen (the report keeps what was done)."""
    errors: list[BaseException] = []

    def guarded(tree: Path) -> None:
        try:
            worker(tree)
        except BaseException as exc:  # raised again below
            errors.append(exc)

    threads = [threading.Thread(target=guarded, args=(tree,)) for tree in trees]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


# -- reporting ---------------------------------------------------------------------------


def _write_report(
    results: Sequence[Result],
    args: argparse.Namespace,
    total: int,
    modules: Sequence[str],
    finished: bool = True,
) -> None:
    """Write the report; an unfinished one (a run under way or stopped) can be resumed."""
    REPORT.parent.mkdir(exist_ok=True)
    (REPORT.parent / ".gitignore").write_text("*\n", encoding="utf-8")
    data = {
        "size": args.size,
        "seed": args.seed,
        "population": total,
        "modules": list(modules),
        "finished": finished,
        "results": [
            {**asdict(r), "output": r.output if r.outcome == "survived" else ""} for r in results
        ],
    }
    partial = REPORT.with_suffix(".tmp")
    partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
    partial.replace(REPORT)  # never half a report, even if the run is stopped here


def _result_of(data: dict[str, Any]) -> Result:
    """A result as the report holds it."""
    return Result(
        Mutant(**data["mutant"]),
        data["outcome"],
        data["seconds"],
        data["failed"],
        data["output"],
        data.get("tests", "all"),
    )


def _merge(
    previous: Sequence[Result],
    again: Sequence[Result],
    equivalents: dict[tuple[str, str, str, str, str], str],
) -> list[Result]:
    """The last run's results with its survivors replaced by their new outcome. Killing is
    for good: tests are added, not weakened, so only survivors need running again. A
    survivor that no longer exists (its code changed) still counts as a survivor. Two
    mutants of one line written twice in a function share a key, and both run again: the
    survivor counts if either survives."""
    new: dict[tuple[str, str, str, str, str], Result] = {}
    for r in again:
        if r.mutant.key not in new or r.outcome == "survived":
            new[r.mutant.key] = r
    merged = []
    for result in previous:
        if result.outcome == "survived":
            if result.mutant.key in equivalents:
                result = Result(result.mutant, "equivalent")
            else:
                result = new.get(result.mutant.key, result)
        merged.append(result)
    return merged


def _arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("size", type=int, nargs="?", default=100, help="mutants to sample")
    parser.add_argument("--seed", type=int, default=16, help="seed of the sample (16)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel runs")
    parser.add_argument(
        "--module",
        action="append",
        type=lambda name: name.removeprefix("chickenfoot."),
        choices=list(FAST_TESTS),
        metavar="MODULE",
        help="sample from this module only, as `_positions`, `chickenfoot.bots` or "
        "`_pictures.svg` (repeatable; default: every module)",
    )
    parser.add_argument(
        "--timeout-factor",
        type=float,
        default=4.0,
        help="a mutant's tests time out after this many times the unchanged run (4), "
        "and never before 20 s",
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="run the last run's survivors (of the --module ones, if given)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="run the rest of the last run's sample, when that run was stopped part way",
    )
    parser.add_argument(
        "--all-tests",
        action="store_true",
        help="run every mutant on all its module's fast tests, with no coverage run to "
        "choose the tests that run its statement first",
    )
    parser.add_argument("--list", action="store_true", help="print the sample; run nothing")
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="also write the results (date, machine, command, table, score) to FILE, "
        "as benchmarks/results/mutants.md",
    )
    args = parser.parse_args(argv)
    if args.again and args.resume:
        parser.error("--again and --resume do not go together: resume first, then --again")
    args.command = shlex.join(["python", "tests/mutants/run.py", *argv])
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory(prefix="chickenfoot-mutants-") as tmp:
        # Everything is read from one copy of the work tree, taken now: the sources may
        # change while the mutants run (a rebase, an edit) without mixing two versions.
        work = Path(tmp)
        _copy_tree(work / "base")
        return _run(args, work)


def _run(args: argparse.Namespace, work: Path) -> int:
    base = work / "base"
    check_map(base)
    previous: list[Result] = []
    last: dict[str, Any] = {}
    if args.again or args.resume:
        if not REPORT.exists():
            raise SystemExit(f"no last run to take up: {REPORT} is missing")
        last = json.loads(REPORT.read_text(encoding="utf-8"))
        previous = [_result_of(r) for r in last["results"]]
    if args.resume:
        if last.get("finished", True):
            raise SystemExit(
                "the last run finished: nothing to resume (--again runs its survivors)"
            )
        args.size, args.seed, args.module = last["size"], last["seed"], last["modules"]
    modules = args.module or list(FAST_TESTS)
    population = [m for module in modules for m in find_mutants(base, module)]
    if args.resume and len(population) != last["population"]:
        # the seed's sample is drawn from the mutants in order: other code, other sample
        raise SystemExit(
            f"the code has changed since the run stopped ({len(population)} mutants, then "
            f"{last['population']}): seed {args.seed} draws another sample now, so the run "
            f"cannot be resumed; start a sample afresh"
        )
    wanted: set[tuple[str, str, str, str, str]] = set()
    if args.again:
        # The survivors by their stable description: edits elsewhere in a module renumber
        # cosmic-ray's occurrences, not the function, operator and lines of a mutant.
        args.size, args.seed = last["size"], last["seed"]
        wanted = {r.mutant.key for r in previous if r.outcome == "survived"}
        places = {key[:3] for key in wanted}
        sample = [m for m in population if (m.module, m.scope, m.operator) in places]
    else:
        sample = random.Random(args.seed).sample(population, len(population))
    described: list[Mutant] = []
    for mutant in sample:
        if not args.again and len(described) == args.size:
            break
        source, changed = mutated_source(base, mutant)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # `x is 0` and the like
                compile(changed, str(mutant.path), "exec")
        except SyntaxError:
            continue  # not Python (cosmic-ray turns the `*` of `def f(a, *, b)` into `+`)
        before, after = describe_change(source, changed)
        if (
            args.again
            and (mutant.module, mutant.scope, mutant.operator, before, after) not in wanted
        ):
            continue
        described.append(
            Mutant(
                mutant.module,
                mutant.operator,
                mutant.occurrence,
                mutant.line,
                mutant.scope,
                before,
                after,
                mutant.column,
            )
        )
    described.sort(key=lambda m: (modules.index(m.module), m.line, m.operator, m.occurrence))
    print(
        f"sampled {len(described)} of {len(population)} mutants of "
        f"{', '.join(modules)} (seed {args.seed})",
        flush=True,
    )
    if args.resume:
        # What the stopped run did is kept (a mutant's key may name two mutants: as many of
        # them are skipped as it ran); the rest of its sample runs now.
        ran = Counter(r.mutant.key for r in previous)
        rest = []
        for mutant in described:
            if ran[mutant.key]:
                ran[mutant.key] -= 1
            else:
                rest.append(mutant)
        print(f"resuming: {len(described) - len(rest)} of the sample ran before", flush=True)
        described = rest
    if args.list:
        for mutant in described:
            print(mutant.describe())
        return 0

    equivalents = load_equivalents()
    results = [Result(m, "equivalent") for m in described if m.key in equivalents]
    to_run = [m for m in described if m.key not in equivalents]
    trees = [work / f"tree{job}" for job in range(max(1, args.jobs))]
    for tree in trees:
        _copy_tree(tree, base)
    print("fast tests without mutants:", flush=True)
    coverage = None if args.all_tests else work / "coverage"
    times, covered = baseline(trees, sorted({m.module for m in to_run}), coverage)
    timeouts = {m: max(20.0, args.timeout_factor * t) for m, t in times.items()}
    # The sample is the last run's whole sample, whichever modules run again.
    sampled: list[str] = last.get("modules", list(FAST_TESTS)) if args.again else modules
    total: int = last["population"] if args.again else len(population)
    finished = last.get("finished", True) if args.again else False

    def combined(ran: Sequence[Result]) -> list[Result]:
        if args.again:
            return _merge(previous, ran, equivalents)
        # a resumed run's earlier survivors may have been reviewed as equivalent since
        return [*_merge(previous, (), equivalents), *results, *ran]

    def progress(ran: Sequence[Result]) -> None:
        _write_report(combined(ran), args, total, sampled, finished=finished)

    progress([])
    results = combined(
        run_all(
            to_run, max(1, args.jobs), timeouts, work, progress, None if args.all_tests else covered
        )
    )
    if args.again:
        print(f"re-ran {len(to_run)} survivors of the last run; the sample is as it was")
    # --again with --module keeps the other modules' results of the last run as they were
    order = {m: i for i, m in enumerate([*modules, *FAST_TESTS])}
    results.sort(key=lambda r: (order.get(r.mutant.module, len(order)), r.mutant.line))
    _write_report(results, args, total, sampled, finished=finished if args.again else True)

    survivors = [r for r in results if r.outcome == "survived"]
    if survivors:
        print(f"\n{len(survivors)} surviving mutants:")
        for r in survivors:
            print(r.mutant.describe())
    print()
    print(summary(results, sampled))
    if args.out is not None:
        command = args.command
        if args.again or args.resume:  # the sample's own command, which a rerun needs
            words = ["python", "tests/mutants/run.py", str(args.size), "--seed", str(args.seed)]
            if list(sampled) != list(FAST_TESTS):
                words += [w for m in sampled for w in ("--module", m)]
            words += ["--jobs", str(args.jobs), "--out", str(args.out)]
            command = shlex.join(words)
        text = results_markdown(results, sampled, command, total, args.seed, args.again)
        (ROOT / args.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
