"""Two house rules through every client: a separable one (H1) and one that declares
nothing (H2), with a scoring rule (H3) beside them.

Round and views, sample_state, positions, records and rules files (which name the rules
and refuse an unregistered one, saying how to register it), the bots (a level-2 bot and
a search bot), simulate over processes, and the command line with ``--load``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from house_rules import CostlyDoubles, NoBlankOnTheDouble, WildDoubleBlank

from chickenfoot import (
    PRESETS,
    Match,
    RecordError,
    Round,
    Rules,
    RulesError,
    load_record,
)
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, SearchPlayer, level, play_match
from chickenfoot.simulation import simulate

DUEL = PRESETS["chickie-duel"]
VARIANTS = {
    "H1": attrs.evolve(PRESETS["classic"], house=[NoBlankOnTheDouble()]),
    "H2": attrs.evolve(DUEL, house=[WildDoubleBlank()]),
    "H1+H3": attrs.evolve(DUEL, house=[NoBlankOnTheDouble(), CostlyDoubles(factor=3)]),
}
SHORT = {name: attrs.evolve(rules, rounds=2) for name, rules in VARIANTS.items()}


def _played(rules: Rules, seed: int) -> list[Round]:
    rng = random.Random(seed)
    rnd = Round.deal(rules, rules.player_counts[0], seed=seed)
    out = [rnd]
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        out.append(rnd)
    return out


@pytest.mark.parametrize("name", VARIANTS)
def test_positions_and_records_round_trip(name: str) -> None:
    rules = VARIANTS[name]
    for seed in range(4):
        rounds = _played(rules, seed)
        for rnd in [*rounds[:: max(1, len(rounds) // 6)], rounds[-1]]:
            again = Round.from_position(rules, rnd.to_position())
            assert again.to_position() == rnd.to_position()
            assert again.legal_moves() == rnd.legal_moves()
            assert Round.from_json(rnd.to_json()) == rnd


@pytest.mark.parametrize("name", VARIANTS)
def test_views_and_their_samples(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(3)
    for seed in range(3):
        rounds = _played(rules, seed)
        # H2 declares nothing, so its samples are checked by replay, and the replay drops
        # more of them the more draws and passes a view holds: its views are early ones
        for rnd in rounds[: 12 if name != "H1+H3" else None : 3]:
            for seat in range(rnd.players):
                view = rnd.view(seat)
                if rnd.to_move == seat:
                    assert view.legal_moves() == rnd.legal_moves()
                assert view.sample_state(rng).view(seat) == view


def test_records_name_the_house_rules_and_their_knobs() -> None:
    rules = VARIANTS["H1+H3"]
    assert rules.to_dict()["knobs"]["house"] == [
        {"name": "no-blank-on-the-double", "knobs": {}},
        {"name": "costly-doubles", "knobs": {"factor": 3, "bonus_points": 10}},
    ]
    assert Rules.from_json(rules.to_json()) == rules
    match = play_match(SHORT["H1+H3"], [RandomPlayer(), GreedyPlayer()], seed=4)
    assert Match.from_json(match.to_json()) == match


def test_a_record_naming_an_unregistered_rule_says_how_to_register_it() -> None:
    record = Round.deal(VARIANTS["H2"], 2, seed=1).to_record()
    record["rules"]["knobs"]["house"] = [{"name": "nobody-wrote-this"}]
    with pytest.raises(RecordError) as info:
        Round.from_record(record)
    message = str(info.value)
    assert "rules.knobs.house[0].name" in message
    assert "no house rule is registered as 'nobody-wrote-this'" in message
    assert "--load SCRIPT" in message
    assert "@house_rule" in message
    with pytest.raises(RulesError, match="nobody-wrote-this"):
        Rules.from_dict(record["rules"])


def test_a_rules_file_refuses_a_knob_the_rule_lacks() -> None:
    value = {
        "preset": "classic",
        "knobs": {"house": [{"name": "costly-doubles", "knobs": {"size": 2}}]},
    }
    with pytest.raises(RulesError, match='house rule costly-doubles has no knob "size"'):
        Rules.from_dict(value)
    value["knobs"]["house"] = [{"name": "costly-doubles", "knobs": {"factor": 4}}]  # type: ignore[index]
    assert Rules.from_dict(value).house == (CostlyDoubles(factor=4),)


@pytest.mark.parametrize("name", ["H1+H3", "H2"])
def test_bots_play_under_house_rules(name: str) -> None:
    rules = SHORT[name]
    match = play_match(rules, [level(2), RandomPlayer()], seed=2)
    assert match.is_over
    assert load_record(match.to_json()) == match
    search = SearchPlayer(playouts=8, samples=2)
    match = play_match(attrs.evolve(rules, rounds=1), [search, level(2)], seed=3)
    assert match.is_over


def test_simulate_over_processes_imports_the_rules() -> None:
    """The default run (a process pool): the rules pickle by reference, and importing
    ``house_rules`` in each worker registers them; the result is the single process's."""
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    rules = SHORT["H1+H3"]
    pooled = simulate(rules, bots, games=4, seed=5, jobs=2)
    alone = simulate(rules, bots, games=4, seed=5, jobs=1)
    assert pooled == alone
    assert pooled.games == 4


SCRIPT = """
import attrs
from chickenfoot import HouseRule, Play, house_rule


@house_rule
@attrs.frozen
class NoDoublesOntoDoubles(HouseRule):
    name = "no-doubles-onto-doubles"
    rule = "H4"
    separable = True

    def moves(self, turn, moves):
        return [m for m in moves if not (isinstance(m, Play) and m.tile.is_double
                                         and m.onto is not None and m.onto.is_double)]
"""


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "chickenfoot", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=300,
        check=False,
    )


def test_the_command_line_loads_a_script_that_registers_rules(tmp_path: Path) -> None:
    script = tmp_path / "my_rules.py"
    script.write_text(SCRIPT, encoding="utf-8")
    rules = tmp_path / "rules.json"
    house = [{"name": "no-doubles-onto-doubles"}]
    rules.write_text(
        json.dumps({"preset": "chickie-duel", "knobs": {"rounds": 1, "house": house}}),
        encoding="utf-8",
    )
    done = _cli("simulate", "--rules", str(rules), "--games", "2", "--jobs", "2", "--json")
    assert done.returncode == 2
    assert "no house rule is registered as 'no-doubles-onto-doubles'" in done.stderr
    assert "--load SCRIPT" in done.stderr
    done = _cli(
        "simulate", "--load", str(script), "--rules", str(rules), "--games", "2", "--jobs", "2",
        "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["rules"]["knobs"]["house"] == [{"name": "no-doubles-onto-doubles", "knobs": {}}]
    assert summary["games"] == 2
    done = _cli("simulate", "--load", str(tmp_path / "missing.py"), "--games", "1")
    assert done.returncode == 2
    assert "no such file" in done.stderr


def test_openspiel_takes_house_rules_by_name() -> None:
    """The adapters' ``house`` parameter: registered rules by name, with their defaults."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("numpy")
    import chickenfoot.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(
        "chickenfoot", {"house": "no-blank-on-the-double+costly-doubles", "players": 2}
    )
    rules = game.rules
    assert rules.house == (NoBlankOnTheDouble(), CostlyDoubles())
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(RulesError, match="no house rule is registered as 'no-such'"):
        pyspiel.load_game("chickenfoot", {"house": "no-such"})
