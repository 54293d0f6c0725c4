"""The chickenfoot command: main() in process, and python -m chickenfoot end to end."""

from __future__ import annotations

import argparse
import ast
import errno
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import attrs
import pytest

from chickenfoot import (
    PRESETS,
    Annotation,
    Evaluation,
    Mark,
    Match,
    Play,
    Record,
    Round,
    Rules,
    Tile,
    cli,
    find_preset,
)
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, play_match
from chickenfoot.cli import BOT_NAMES, _parser, _progress_bar, main

#: A rules file for quick matches: two-round duels.
SHORT_RULES: Final = {"preset": "chickie-duel", "knobs": {"rounds": 2}}


@pytest.fixture
def short_rules(tmp_path: Path) -> Path:
    path = tmp_path / "short.json"
    path.write_text(json.dumps(SHORT_RULES), encoding="utf-8")
    return path


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A finished two-round duel, as a record file."""
    rules = attrs.evolve(PRESETS["chickie-duel"], rounds=2)
    match = play_match(rules, [GreedyPlayer(), RandomPlayer()], seed=4)
    path = tmp_path / "game.json"
    path.write_text(match.to_json(indent=2), encoding="utf-8")
    return path


@pytest.fixture
def no_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import rich`` fail, as where rich is not installed."""
    for name in list(sys.modules):
        if name == "rich" or name.startswith("rich."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m chickenfoot ARGS`` in a fresh interpreter."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "chickenfoot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )


# -- rules --------------------------------------------------------------------------------


def test_rules_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in PRESETS:
        assert name in out
    assert "zero_rounds" in out
    assert "kurczak" in out


def test_rules_lists_every_knob_of_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    # R20's target and target_mode too: a table of the presets leaves no knob out.
    assert main(["rules", "--plain"]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()}
    for field in attrs.fields(Rules):
        if field.name != "name":
            assert len(rows.get(field.name, [])) == len(PRESETS), field.name
    assert rows["target"] == ["none"] * len(PRESETS)
    spans = [(min(r.player_counts), max(r.player_counts)) for r in PRESETS.values()]
    assert rows["players"] == [f"{a}-{b}" if a < b else f"{a}" for a, b in spans]
    assert rows["target_mode"] == [PRESETS[n].target_mode for n in PRESETS]
    assert rows["tie_break"] == [PRESETS[n].tie_break for n in PRESETS]


def test_every_exit_code_is_documented() -> None:
    # The codes main() and the commands return, read from the source, are the codes the
    # table of docs/cli.md lists.
    root = Path(__file__).resolve().parents[1]
    tree = ast.parse((root / "src" / "chickenfoot" / "cli.py").read_text(encoding="utf-8"))
    returned = {
        node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Return)
        and isinstance(node.value, ast.Constant)
        and type(node.value.value) is int
    }
    page = (root / "docs" / "cli.md").read_text(encoding="utf-8")
    documented = {int(code) for code in re.findall(r"^\| (\d+) \|", page, re.M)}
    assert returned == documented == {0, 1, 2, 130, 141}


def _plain_table(out: str, title: str) -> tuple[list[tuple[int, int]], list[str]]:
    """The columns (from the line of dashes under the heads) and the lines (the heads,
    then a row for each knob) of the plain-text table ``title`` in ``out``."""
    lines = out.splitlines()
    at = lines.index(title)
    spans = [(m.start(), m.end()) for m in re.finditer(r"-+", lines[at + 2])]
    rows = [lines[at + 1]]
    for line in lines[at + 3 :]:
        if not re.match(r"[a-z_]+  ", line):
            break
        rows.append(line)
    return spans, rows


def _read_from_the_left(spans: list[tuple[int, int]], rows: list[str]) -> bool:
    """Whether every cell of every column starts where its column does (left-aligned)."""
    return all(
        not row[start:end].strip() or not row[start:end].startswith(" ")
        for row in rows
        for start, end in spans
    )


def test_rules_tables_are_text_read_from_the_left(capsys: pytest.CaptureFixture[str]) -> None:
    """Every column of the presets' table (each preset's knobs) and of one preset's
    knobs (value, rules, values, what it does) is text: each cell starts at its column,
    as the knob's name does."""
    assert main(["rules", "--plain"]) == 0
    spans, rows = _plain_table(capsys.readouterr().out, "Presets")
    assert len(spans) == 1 + len(PRESETS)
    assert rows[1].startswith("players  ")
    assert len(rows) == 1 + len(attrs.fields(Rules))  # the heads, players, every knob but name
    assert _read_from_the_left(spans, rows)
    assert main(["rules", "classic", "--plain"]) == 0
    spans, rows = _plain_table(capsys.readouterr().out, "Knobs")
    assert len(spans) == 5
    assert [row.split("  ")[0] for row in rows[1:]] == [k.name for k in Rules.knob_help()]
    assert _read_from_the_left(spans, rows)


def test_rich_and_plain_tables_have_the_same_heads(capsys: pytest.CaptureFixture[str]) -> None:
    """With rich or without, a table's first line names its columns: the presets' table
    the knob and each preset, one preset's the knob and what is said of it."""
    pytest.importorskip("rich")
    for argv, title, heads in (
        (["rules"], "Presets", ["knob", *PRESETS]),
        (["rules", "classic"], "Knobs", ["knob", "value", "rules", "values", "what it does"]),
    ):
        for plain in ([], ["--plain"]):
            assert main([*argv, *plain]) == 0
            lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
            first = lines[[line.strip() for line in lines].index(title) + 1]
            assert first.split() == " ".join(heads).split(), (argv, plain, first)


def test_rules_of_one_preset_by_alias(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Double Chicken Foot", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("double-foot")
    assert "opening_toes" in out
    assert "2-6: double-9, 7-8: double-12" in out


#: The other names of the presets, as the players' own texts call them.
ALIASES = {
    "chickie-duel": ["chickie", "kurczak"],
    "cross-and-foot": ["cross"],
    "classic": ["chicken-foot", "chickenfoot"],
    "double-foot": ["double-chicken-foot", "six-toes"],
}


def test_rules_names_each_preset_s_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    """The list of presets says which other names each answers to, and the page of one
    preset names its own, whichever name it was asked by."""
    assert main(["rules", "--plain"]) == 0
    listed = {
        name: aliases.split(", ")
        for name, aliases in re.findall(
            r"^(\S+) is also called (.+)$", capsys.readouterr().out, re.M
        )
    }
    assert listed == ALIASES
    for name in PRESETS:
        for asked in (name, *ALIASES.get(name, [])):
            assert find_preset(asked) == PRESETS[name]
            assert main(["rules", asked, "--plain"]) == 0
            first = capsys.readouterr().out.splitlines()[0]
            if name in ALIASES:
                assert first == f"{name} (aliases: {', '.join(ALIASES[name])})"
            else:
                assert first == name


def test_rules_of_an_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "dominoes"]) == 2
    err = capsys.readouterr().err
    assert "no preset 'dominoes'" in err
    assert "chickie-duel" in err


@pytest.mark.usefixtures("no_rich")
def test_plain_text_without_rich(short_rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    args = ["simulate", "--rules", str(short_rules), "--games", "2", "--jobs", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "knob" in out
    assert "chickie-duel" in out
    assert "seat  bot" in out
    assert "┃" not in out
    assert "─" not in out
    with _progress_bar(2, show=True, plain=False) as bar:  # falls back to the plain bar
        bar(2, 2)
    assert "2/2 games" in capsys.readouterr().err


def test_rules_end_to_end() -> None:
    done = run("rules")
    assert done.returncode == 0, done.stderr
    assert "cross-and-foot" in done.stdout
    assert done.stderr == ""


# -- simulate -----------------------------------------------------------------------------


def test_simulate_json_end_to_end(short_rules: Path) -> None:
    done = run(
        "simulate",
        *("--rules", str(short_rules)),
        *("--bots", "greedy,random", "--games", "6", "--seed", "3", "--jobs", "1", "--json"),
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)  # stdout holds the JSON and nothing else
    assert set(summary) >= {"rules", "players", "games", "seed", "rounds", "seats", "bots"}
    assert summary["rules"] == SHORT_RULES
    assert (summary["games"], summary["players"], summary["rounds"]) == (6, 2, 12)
    assert [s["bot"] for s in summary["seats"]] == ["greedy", "random"]
    assert set(summary["seats"][0]) >= {"wins", "shared_wins", "mean_total", "mean_penalty"}
    assert summary["blocked_rate"] + summary["went_out_rate"] == pytest.approx(1)


def test_simulate_is_repeatable_whatever_the_jobs(
    short_rules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        args = ["simulate", "--rules", str(short_rules), "--games", "4", "--jobs", jobs]
        assert main([*args, "--json", "--bots", "greedy,random"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("plain", [False, True])
def test_simulate_prints_tables(
    short_rules: Path, capsys: pytest.CaptureFixture[str], plain: bool
) -> None:
    args = ["simulate", "--rules", str(short_rules), "--games", "3", "--jobs", "1"]
    assert main([*args, "--bots", "random,greedy", *(["--plain"] if plain else [])]) == 0
    captured = capsys.readouterr()
    assert "3 games, seed 0: 6 rounds" in captured.out
    assert "By seat" in captured.out
    assert "By bot" in captured.out
    assert "went out" in captured.out
    assert captured.err == ""  # no progress bar when stderr is not a terminal


def test_simulate_gives_each_seat_its_wins_as_a_percentage_of_the_games(
    short_rules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--rules", str(short_rules), "--games", "6", "--jobs", "1", "--plain"]
    assert main([*args, "--bots", "greedy,random", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("By seat")
    heads = lines[at + 1].split()
    assert heads[:5] == ["seat", "bot", "wins", "shared", "win"]
    rows = [line.split() for line in lines[at + 3 : at + 5]]
    assert [row[:2] for row in rows] == [["0", "greedy"], ["1", "random"]]
    assert sum(int(row[2]) for row in rows) > 0
    assert [row[4] for row in rows] == [f"{100 * int(row[2]) / 6:.2f}" for row in rows]


def test_simulate_writes_records(
    short_rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    args = ["simulate", "--rules", str(short_rules), "--games", "3", "--jobs", "1"]
    assert main([*args, "--records", str(folder), "--quiet"]) == 0
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-0000.json", "game-0001.json", "game-0002.json"]
    for path in files:
        assert Match.from_json(path.read_text(encoding="utf-8")).is_over
    assert f"Wrote 3 records to {folder}" in capsys.readouterr().out


def test_simulate_writes_records_into_a_folder_that_is_there(
    short_rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "notes.txt").write_text("kept\n", encoding="utf-8")
    args = ["simulate", "--rules", str(short_rules), "--games", "2", "--jobs", "1", "--quiet"]
    assert main([*args, "--records", str(folder)]) == 0
    assert sorted(f.name for f in folder.iterdir()) == [
        "game-0000.json",
        "game-0001.json",
        "notes.txt",
    ]
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "kept\n"


def test_load_puts_the_script_s_folder_on_the_module_path(
    short_rules: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A --load script runs as a module of its file's name, and may import the modules
    beside it."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "modules", dict(sys.modules))
    (tmp_path / "cf_beside.py").write_text("LOADED = []\n", encoding="utf-8")
    script = tmp_path / "cf_loaded.py"
    script.write_text("import cf_beside\n\ncf_beside.LOADED.append(__name__)\n", "utf-8")
    args = ["simulate", "--rules", str(short_rules), "--games", "1", "--jobs", "1", "--quiet"]
    assert main([*args, "--load", str(script)]) == 0, capsys.readouterr().err
    assert sys.path[0] == str(tmp_path.resolve())
    assert sys.modules["cf_beside"].LOADED == ["cf_loaded"]
    assert main([*args, "--load", str(script)]) == 0  # the folder is put on the path once
    assert sys.path.count(str(tmp_path.resolve())) == 1


def test_simulate_with_one_bot_for_all_and_the_default_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--preset", "chickie", "--games", "1", "--jobs", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == 2  # the duel's only count: 4 is not on offer
    assert [b["name"] for b in summary["bots"]] == ["random"]


def test_simulate_takes_the_levels_and_the_tree_search(
    short_rules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--bots`` names the levels of ``chickenfoot.bots.level`` as ``level1`` to
    ``level5`` (any case), and the tree search with its defaults as ``tree-search``."""
    args = ["simulate", "--rules", str(short_rules), "--games", "1", "--jobs", "1", "--json"]
    assert main([*args, "--bots", "Level3,level1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [s["bot"] for s in summary["seats"]] == ["level3", "level1"]


@pytest.mark.parametrize("n", range(1, 6))
def test_level_names_make_the_levels(n: int) -> None:
    from chickenfoot.bots import TreeSearchPlayer, level
    from chickenfoot.cli import _bot_names, _bots

    assert _bots(_bot_names(f"level{n}"), 2) == [level(n), level(n)]
    assert _bots(_bot_names(f"greedy,level{n}"), 2)[1] is level(n)
    assert _bots(_bot_names("tree-search"), 1) == [TreeSearchPlayer()]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--bots", "clever"],
            (
                "no bot 'clever'; the bots are random, greedy, search, tree-search, level1, "
                "level2, level3, level4, level5"
            ),
        ),
        (["--bots", "level6"], "no bot 'level6'"),
        (["--bots", "random,greedy,random", "--players", "4"], "3 bots for 4 seats"),
        (["--bots", "random,greedy,random", "--players", "2"], "3 bots for 2 seats"),
        (["--preset", "chickie-duel", "--players", "3"], "chickie-duel is for 2 players, not 3"),
        (["--preset", "dominoes"], "no preset 'dominoes'"),
        (["--games", "0"], "at least 1"),
        (["--games", "many"], "not a whole number"),
        (["--rules", "missing.json"], "cannot read missing.json"),
    ],
)
def test_simulate_usage_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not JSON: Expecting property name"),
        ("[1]", "expected an object"),
        ('{"preset": "classic", "knobs": {"double_blank": -1}}', "double_blank"),
        ('{"preset": "classic", "knobs": {"colour": 1}}', "colour"),
        ('{"preset": "dominoes"}', "no preset 'dominoes'"),
        ('{"preset": "classic", "preset": "classic"}', 'the key "preset" appears twice'),
        (
            (
                '{"format": "chickenfoot-record", "rules": {"preset": "classic", '
                '"knobs": {"double_blank": -1}}}'
            ),
            "rules: double_blank is a whole number of at least 0, not -1",
        ),
        (
            (
                '{"format": "chickenfoot-record", "rules": {"preset": "classic", '
                '"preset": "chickie-duel"}}'
            ),
            'not a record: the key "preset" appears twice',
        ),
    ],
)
def test_bad_rules_files(
    tmp_path: Path, content: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rules.json"
    path.write_text(content, encoding="utf-8")
    assert main(["simulate", "--rules", str(path), "--games", "1"]) == 2
    assert message in capsys.readouterr().err


def test_simulate_names_the_rules_of_a_file_and_their_changed_knobs(
    short_rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--games", "1", "--jobs", "1", "--plain"]
    assert main([*args, "--rules", str(short_rules)]) == 0
    out = capsys.readouterr().out
    assert f"Rules from {short_rules}: chickie-duel, the chickie-duel preset with rounds=2\n" in out
    # hand-written spellings are read, and shown as written back
    path = tmp_path / "house.json"
    path.write_text(
        '{"preset": "Chickie", "knobs": {"name": "house", "start": "highest-held", "rounds": 1}}',
        encoding="utf-8",
    )
    assert main([*args, "--rules", str(path)]) == 0
    out = capsys.readouterr().out
    shown = f'Rules from {path}: house, the chickie-duel preset with start="highest_held", rounds=1'
    assert shown in out
    assert "house, 2 players, 1 games" in out
    path.write_text('{"preset": "classic"}', encoding="utf-8")
    assert main([*args, "--rules", str(path)]) == 0
    assert f"Rules from {path}: classic, the classic preset, no knob changed" in (
        capsys.readouterr().out
    )
    assert main([*args, "--preset", "chickie"]) == 0  # a preset needs no such line
    assert "Rules from" not in capsys.readouterr().out


def test_a_rules_file_of_knobs_alone_is_refused_with_the_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "knobs.json"
    path.write_text('{"double_blank": 25}', encoding="utf-8")
    assert main(["simulate", "--rules", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert f'{path}: rules: "double_blank" is a knob, and knobs go under "knobs"' in err
    assert '{"preset": "classic", "knobs": {"double_blank": 25}}' in err
    path.write_text('{"preset": "classic", "knobs": {"start": "middle"}}', encoding="utf-8")
    assert main(["simulate", "--rules", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert 'rules.knobs.start: expected one of "holder", "centre", "highest_held"' in err


def test_rules_file_may_be_a_record(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--rules", str(record), "--games", "1", "--jobs", "1", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == SHORT_RULES


def test_plain_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    with _progress_bar(4, show=True, plain=True) as bar:
        for done in range(5):
            bar(done, 4)
    err = capsys.readouterr().err
    assert "0/4 games" in err
    assert err.endswith("[##############################] 4/4 games\n")


def test_a_terminal_shows_the_bar_unless_quiet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal ``simulate`` and ``tournament`` draw their bar on stderr, and
    ``--quiet`` leaves it out; off a terminal there is none (every other test)."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    commands = (
        ["simulate", "--preset", "chickie", "--games", "2", "--jobs", "1", "--plain"],
        [
            *("tournament", "--bots", "random,greedy", "--preset", "chickie"),
            *("--deals", "1", "--jobs", "1", "--plain"),
        ],
    )
    for argv in commands:
        assert main(argv) == 0
        err = capsys.readouterr().err
        assert "[##############################]" in err, argv
        assert main([*argv, "--quiet"]) == 0
        assert capsys.readouterr().err == "", argv


def test_rich_progress_bar_and_no_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    for show in (True, False):
        for first in (4, None):  # None: the total comes with the first report
            with _progress_bar(first, show=show, plain=False) as bar:
                for done in range(5):
                    bar(done, 4)
    assert capsys.readouterr().out == ""


# -- replay -------------------------------------------------------------------------------


def test_replay_prints_every_round(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record), "--plain", "--table"]) == 0
    out = capsys.readouterr().out
    match = Match.from_json(record.read_text(encoding="utf-8"))
    assert out.startswith(f"chickie-duel match, 2 players, seed {match.seed}")
    assert "== Round 1: round double 6-6" in out
    assert "== Round 2: round double 5-5" in out
    assert "round double" in out
    first = match.finished[0]
    assert f"  1. seat {first.history[0].seat}: {first.moves[0]}" in out
    for total in match.totals:
        assert str(total) in out
    # after each round the scores, then the totals of the rounds so far (R17, R20)
    totals = [0] * match.players
    said = [line for line in out.splitlines() if line.startswith("Totals: ")]
    assert len(said) == len(match.finished)
    for rnd, line in zip(match.finished, said, strict=True):
        assert rnd.outcome is not None
        totals = [t + s for t, s in zip(totals, rnd.outcome.scores, strict=True)]
        assert line == "Totals: " + ", ".join(f"seat {k} {t}" for k, t in enumerate(totals))
    assert "wins the match" in out or "share the win" in out


def test_replay_shows_each_annotation_under_its_move(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The mark beside the move, the evaluation and the comment's lines under it; every
    other line as a record without annotations shows it."""
    match = Match.from_json(record.read_text(encoding="utf-8"))
    assert main(["replay", str(record), "--plain"]) == 0
    plain = capsys.readouterr().out.splitlines()
    first = match.finished[0].ply
    best = Play(Tile(6, 5), onto=Tile(6, 6))
    annotated = (
        Record(match)
        .annotate(0, Annotation(mark=Mark.GOOD))
        .annotate(1, Annotation("opens a 4\n\tthat nobody holds", mark="?!"))
        .annotate(2, Annotation(evaluation=Evaluation(-3.25, 1.5, best, 0.5)))
        .annotate(first + 2, Annotation("a blunder in round 2", Mark.BLUNDER, Evaluation(-12)))
    )
    record.write_text(annotated.to_json(), encoding="utf-8")
    assert main(["replay", str(record), "--plain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    one = plain.index(f"== Round 1: round double 6-6, first seat 0, {first} moves ==") + 1
    two = plain.index(next(line for line in plain if line.startswith("== Round 2:"))) + 1
    assert plain[one].startswith("    1. ")
    assert plain[two + 2].startswith("    3. ")
    expected = [
        *plain[:one],
        plain[one] + " !",
        plain[one + 1] + " ?!",
        "         opens a 4",
        "             that nobody holds",  # a tab as four spaces
        plain[one + 2],
        "         eval -3.25 +- 1.50, best 6-5@6-6 +0.50",
        *plain[one + 3 : two + 2],
        plain[two + 2] + " ??",
        "         eval -12.00",
        "         a blunder in round 2",
        *plain[two + 3 :],
    ]
    assert lines == expected
    assert not [line for line in plain if line.startswith("         ")]


def test_the_annotated_replay_of_the_docs_is_what_replay_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    shown = page.split("$ chickenfoot replay review.json\n", 1)[1].split("```", 1)[0]
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
    for _ in range(6):
        rnd = rnd.apply(rnd.legal_moves()[0])
    best = Play(Tile(6, 5), onto=Tile(6, 6))
    note = Annotation("opens a 4\nthat nobody holds", "?!", Evaluation(-1.5, 0.4, best, 0.75))
    review = Record(rnd, {1: note, 3: Annotation(mark=Mark.EXCELLENT)})
    path = tmp_path / "review.json"
    path.write_text(review.to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--plain"]) == 0
    assert capsys.readouterr().out == shown


def test_tournament_numbers_the_entrants_of_one_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """The second and third entrant of one bot are told apart as NAME-2 and NAME-3."""
    argv = ["tournament", "--preset", "chickie-duel", "--bots", "greedy,random,greedy,greedy"]
    assert main([*argv, "--seats", "2", "--deals", "1", "--jobs", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    names = {line.split()[0] for line in out.splitlines()[3:] if line[:1].isalpha()}
    assert {"greedy", "greedy-2", "greedy-3", "random"} <= names
    assert "greedy-1" not in out
    assert "greedy-0" not in out


def test_replay_of_a_match_won_by_two_seats_names_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R21: seats tied on the lowest total share the win of the match."""
    rules = attrs.evolve(PRESETS["chickie-duel"], rounds=1)
    bots: list[Player] = [GreedyPlayer(), RandomPlayer()]
    tied = next(
        m for seed in range(1000) if len((m := play_match(rules, bots, seed=seed)).winners) == 2
    )
    path = tmp_path / "tied.json"
    path.write_text(tied.to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--plain"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Seat 0 and seat 1 share the win."


def test_replay_end_to_end(record: Path) -> None:
    done = run("replay", str(record), "--brief")
    assert done.returncode == 0, done.stderr
    assert "Result:" in done.stdout
    assert "Final standings" in done.stdout


def test_replay_of_a_corrupted_record_names_the_move(record: Path, tmp_path: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["rounds"][1]["moves"][2] = "pass"  # nobody may pass while he can draw or play
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    done = run("replay", str(bad))
    assert done.returncode == 1
    assert done.stdout == ""
    assert "round 2, move 3 'pass'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"format": "chickenfoot-record"}', "version"),
        ("[]", "a record is a JSON object"),
    ],
)
def test_replay_of_broken_files(
    tmp_path: Path, content: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert message in capsys.readouterr().err


def test_replay_of_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    """The usage error names the file and gives the system's reason in its own words,
    without Python's error number or a repeat of the name."""
    assert main(["replay", "no-such-file.json"]) == 2
    err = capsys.readouterr().err
    assert f"cannot read no-such-file.json: {os.strerror(errno.ENOENT)}\n" in err
    assert "Errno" not in err
    assert err.count("no-such-file.json") == 1


# -- play ---------------------------------------------------------------------------------


def test_play_survives_junk_and_the_end_of_input() -> None:
    junk = "xyz\n99\n\n0\n7-7@9-9\nhelp\ntable\n"
    done = run("play", "--seed", "5", "--players", "3", "--bots", "greedy,random", stdin=junk)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert "'xyz' is not a move" in out
    assert "There is no move 99" in out
    assert "There is no move 0" in out
    assert "Type 1, the only move, or a move like 9-4@9-9." in out  # 9-4 drawn, to play
    assert "7-7@9-9 is not legal now" in out
    assert "On your turn, type one of" in out
    assert "Input ended." in out
    assert "Replay this deal with --seed 5" in out


def test_play_a_whole_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    args = ["play", "--preset", "chickie-duel", "--seed", "2", "--seat", "1", "--plain"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "== Round 1 of 7: round double 6-6" in out
    assert "== Round 7 of 7: round double 0-0" in out
    assert "Standings after round 7" in out
    assert "Match over:" in out
    assert "Your hand:" in out
    # the moves are listed by number: a play as its notation, the round double's placing
    # named (a draw and a pass, when listed, as words)
    listed = re.findall(r"^ +\d+\. (.*)$", out, re.M)
    shapes = {
        "place": r"\d+-\d+  \(place the round double\)",
        "play": r"\d+-\d+@\d+-\d+",
        "draw": "draw",
        "pass": "pass",
    }
    kinds = {next(k for k, shape in shapes.items() if re.fullmatch(shape, m)) for m in listed}
    assert kinds >= {"place", "play"}, listed
    assert "Press Enter" not in out  # piped input: no pause between rounds
    # each round's scores name both seats with their points (R17)
    scores = re.findall(r"^Scores: seat 0 \(greedy\) \d+, seat 1 \(you\) \d+$", out, re.M)
    assert len(scores) == 7
    # a drawn tile that can be played is named on the turn that must play it (R13)
    assert re.search(r"^You drew \d+-\d+\.$", out, re.M)
    assert len(re.findall(r"^You drew ", out, re.M)) == len(re.findall(r"^You drew \d", out, re.M))
    # the standings read names from the left and numbers from the right
    lines = out.splitlines()
    header = lines[lines.index("Standings after round 7") + 1]
    rows = lines[lines.index("Standings after round 7") + 3 :][:2]
    name, total = header.index("player"), header.index("total") + len("total")
    assert sorted(row[name:].split("  ")[0] for row in rows) == ["seat 0 (greedy)", "seat 1 (you)"]
    assert all(row[total - 1].isdigit() and row[total] == " " for row in rows), rows
    assert all(len(row) == len(header) for row in rows), rows  # "rounds at 0" too
    # the human is "you", and the verbs agree with it
    assert "you wins" not in out
    if "Well played!" in out:
        assert re.search(r"^Match over: you (win the match|and .* share the win)\.", out, re.M)
    # a drawn tile is named on the line of the draw
    assert re.search(r"^you: draws \d+-\d+", out, re.M)
    assert len(re.findall(r"^you: draws", out, re.M)) == len(
        re.findall(r"^you: draws \d", out, re.M)
    )


def test_play_takes_a_move_by_its_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Typing a listed move's number plays that move, not only the first: at the first
    turn of seat 0 with two moves or more, "2" plays the move listed second."""
    for seed in range(40):
        monkeypatch.setattr("sys.stdin", io.StringIO("2\nquit\n"))
        assert main(["play", "--preset", "chickie", "--seed", str(seed), "--bots", "random"]) == 0
        out = capsys.readouterr().out
        listed = re.findall(r"^ +(\d+)\. (\S+)", out, re.M)
        if len(listed) < 2 or listed[1][0] != "2":
            continue  # seat 0's first turn had one move: "2" named none
        assert f"you: plays {listed[1][1]}" in out, out
        assert "There is no move 2" not in out
        return
    raise AssertionError("no deal gives seat 0 two moves at its first turn")


def test_play_by_notation_and_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A deal in which seat 0 holds the round double, so its first move is to place it.
    seed = next(s for s in range(100) if Match.new(PRESETS["chickie-duel"], 2, seed=s).to_move == 0)
    (placing,) = Match.new(PRESETS["chickie-duel"], 2, seed=seed).legal_moves()
    monkeypatch.setattr("sys.stdin", io.StringIO(f" {placing} \nquit\n"))
    assert main(["play", "--preset", "chickie", "--seed", str(seed), "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert f"you: plays {placing}" in out
    assert "Game abandoned" in out


def test_play_seats_you_beside_one_bot_a_name_and_marks_your_seat_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two bots named and no --players: a table of three, you and the two (R5). The
    tiles-in-hand line marks your seat, 1, and no other as yours."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--bots", "greedy,random", "--seat", "1", "--seed", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("classic, 3 players. You are seat 1; seat 0 (greedy), seat 2 (random).")
    (counts,) = re.findall(r"^Tiles in hand: (.*); boneyard \d+$", out, re.M)
    seats = counts.split(", ")
    assert [re.sub(r" \d+$", "", seat) for seat in seats] == ["seat 0", "seat 1 (you)", "seat 2"]


def test_play_hides_the_seed_unless_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed decides every hand: the first lines do not show it without --show-seed."""
    for extra in ([], ["--seed", "41"]):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(["play", "--preset", "chickie", "--plain", *extra]) == 0
        head = capsys.readouterr().out.split("== Round 1")[0]
        assert head.startswith("chickie-duel, 2 players. You are seat 0")
        assert "seed" not in head
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--preset", "chickie", "--plain", "--seed", "41", "--show-seed"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("chickie-duel, 2 players, seed 41. You are seat 0")
    assert "Replay this deal with --seed 41" in out  # once the game stops, it may be shown


def test_play_lists_every_seats_leftover_tiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    args = ["play", "--preset", "chickie-duel", "--seed", "2", "--plain", "--save", str(path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    match = Match.from_json(path.read_text(encoding="utf-8"))
    assert len(match.finished) == 7
    for number, rnd in enumerate(match.finished, 1):
        after = out.split(f"Round {number} over: ")[1]
        lines = after.splitlines()[1:4]
        assert lines[0] == "Tiles left in hand:"
        names = ["seat 0 (you)", "seat 1 (greedy)"]
        for seat, line in enumerate(lines[1:]):
            tiles = " ".join(map(str, rnd.hands[seat])) or "- (went out)"
            assert line == f"  {names[seat]}: {tiles}", (number, seat)
    assert any(not hand for rnd in match.finished for hand in rnd.hands)  # someone went out
    assert "- (went out)" in out


class _Terminal(io.StringIO):
    """Standard input that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _answering(monkeypatch: pytest.MonkeyPatch, pause: Callable[[str], str]) -> list[str]:
    """Answer every move with ``1`` and every pause with ``pause(prompt)``, on a terminal;
    the prompts asked are recorded in the list returned."""
    asked: list[str] = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return "1" if prompt == "Your move> " else pause(prompt)

    monkeypatch.setattr("sys.stdin", _Terminal())
    monkeypatch.setattr("builtins.input", answer)
    return asked


def test_play_waits_at_the_end_of_each_round_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = _answering(monkeypatch, lambda prompt: "")
    assert main(["play", "--preset", "chickie-duel", "--seed", "2", "--plain"]) == 0
    out = capsys.readouterr().out
    pauses = [p for p in asked if p != "Your move> "]
    assert pauses == [f"Press Enter for round {n} (or type quit)> " for n in range(2, 8)]
    assert "Match over:" in out


def test_play_stops_when_told_to_at_the_end_of_a_round(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = _answering(monkeypatch, lambda prompt: "quit")
    assert main(["play", "--preset", "chickie-duel", "--seed", "2", "--plain"]) == 0
    out = capsys.readouterr().out
    assert asked[-1] == "Press Enter for round 2 (or type quit)> "
    assert "Round 1 over" in out
    assert "== Round 2" not in out
    assert "Game stopped. Replay this deal with --seed 2." in out


def test_play_goes_on_when_the_input_ends_at_a_pause(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def ended(prompt: str) -> str:
        raise EOFError

    asked = _answering(monkeypatch, ended)
    assert main(["play", "--preset", "chickie-duel", "--seed", "2", "--plain"]) == 0
    assert "Press Enter for round 7 (or type quit)> " in asked
    assert "Match over:" in capsys.readouterr().out


def _strongest_measured() -> list[str]:
    """The bots the published results call the strongest: the top of the ratings, and any
    bot whose duel against it (versus.md) does not tell the two apart at 95%."""
    results = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
    text = (results / "ratings.md").read_text(encoding="utf-8")
    rows = [(m[1], int(m[2])) for m in re.finditer(r"^\| (\S+) \| ([+-]?\d+) ", text, re.M)]
    assert len(rows) >= 5
    top = max(rows, key=lambda row: row[1])[0]
    strongest = [top]
    duels = (results / "versus.md").read_text(encoding="utf-8")
    for first, second, low, high in re.findall(
        r"^\| (\S+) vs (\S+) \|.*\(([\d.]+)% to ([\d.]+)%\) \|$", duels, re.M
    ):
        if top in (first, second) and float(low) <= 50 <= float(high):
            strongest.append(second if first == top else first)
    return strongest


def test_the_help_and_the_docs_name_the_measured_strongest_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    strongest = _strongest_measured()
    assert strongest == ["level5", "search"]
    claim = " and ".join(strongest) + " are the strongest"
    for command in ("show", "play"):
        assert main([command, "--help"]) == 0
        text = " ".join(capsys.readouterr().out.split())
        assert claim in text, command
        assert text.count("strongest") == 1
    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    text = " ".join(page.split())
    claims = re.findall(r"[^.;(]*strongest[^.;)]*", text)
    assert len(claims) == 2
    for sentence in claims:  # each names the strongest bots, and no other bot
        bots = "|".join(re.escape(name) for name in BOT_NAMES)
        assert sorted(set(re.findall(rf"`({bots})`", sentence))) == sorted(strongest), sentence


def test_play_seats_one_bot_a_seat_at_a_table_of_300(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R5: a variant deals to as many seats as its set can hand out; --bots may name one
    bot for each of the other 299 seats of a double-63 set dealt to 300."""
    rules = tmp_path / "crowd.json"
    knobs = {"name": "crowd", "set_sizes": {"300": 63}, "hand_sizes": {"300": 1}}
    rules.write_text(json.dumps({"preset": "classic", "knobs": knobs}), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    bots = ",".join(["random"] * 299)
    assert main(["play", "--rules", str(rules), "--players", "300", "--bots", bots, "--plain"]) == 0
    assert "Game abandoned." in capsys.readouterr().out


def test_play_with_one_legal_move_asks_for_1_alone_r6(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat 0 holds the round double and must place it (R6): its one move is 1, and no
    range "1 to 1" is offered. A tile beyond the double-6 set is named by that set (R5)."""
    seed = next(s for s in range(100) if Match.new(PRESETS["chickie-duel"], 2, seed=s).to_move == 0)
    (placing,) = Match.new(PRESETS["chickie-duel"], 2, seed=seed).legal_moves()
    monkeypatch.setattr("sys.stdin", io.StringIO("7\n\n9-9@6-6\nquit\n"))
    args = ["play", "--preset", "chickie-duel", "--seed", str(seed), "--plain"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "There is no move 7: choose 1, the only move." in out
    assert f"Type 1, the only move, or a move like {placing}." in out
    assert "1 to 1" not in out
    assert (
        "'9-9@6-6' is not a move: this game plays the double-6 set, whose tile ends go up "
        "to 6 (R5)." in out
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat is 0 to 3"),
        (["--seat", "-1"], "at least 0, not -1"),
        (["--players", "4", "--bots", "greedy,random"], "2 bots for 3 seats"),
        (["--players", "3", "--bots", "greedy,random,greedy"], "3 bots for 2 seats"),
        (["--bots", "wizard"], "no bot 'wizard'"),
        (["--players", "1"], "at least 2"),
    ],
)
def test_play_usage_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


def test_play_save_writes_a_record_that_replay_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    args = ["play", "--preset", "chickie-duel", "--seed", "2", "--save", str(path), "--plain"]
    assert main(args) == 0
    assert f"Saved the game to {path}." in capsys.readouterr().out
    match = Match.from_json(path.read_text(encoding="utf-8"))
    assert match.is_over
    assert len(match.finished) == 7
    assert match.seed == 2
    assert main(["replay", str(path), "--brief", "--plain"]) == 0
    replayed = capsys.readouterr().out
    assert "== Round 7: round double 0-0" in replayed
    assert "wins the match" in replayed or "share the match" in replayed


def test_play_save_keeps_an_abandoned_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\n1\nquit\n"))
    assert main(["play", "--seed", "3", "--save", str(path), "--plain"]) == 0
    match = Match.from_json(path.read_text(encoding="utf-8"))
    assert not match.is_over
    assert match.round is not None
    assert len(match.round.moves) > 0
    assert main(["replay", str(path), "--plain"]) == 0
    assert "The match is not over" in capsys.readouterr().out


def test_play_save_refuses_a_path_it_cannot_write_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing" / "game.json"
    assert main(["play", "--save", str(path)]) == 2
    assert f"cannot write {path}" in capsys.readouterr().err


def test_play_save_that_fails_at_the_end_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The path was writable when the game began, but the disk is full at its end: the
    error names the path and the system's reason."""
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("draw\n1\nquit\n"))

    def full(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    assert main(["play", "--seed", "3", "--save", str(path), "--plain"]) == 2
    assert f"cannot write {path}: No space left on device" in capsys.readouterr().err


def test_play_save_leaves_no_file_after_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "--bots", "wizard", "--save", str(path)]) == 2
    assert not path.exists()


def test_an_interrupt_stops_the_command_with_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ctrl-C while a command runs: a line on stderr and 128 + SIGINT, as shells expect.
    def interrupted(names: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_load", interrupted)
    assert main(["rules", "chickie", "--plain"]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "\nchickenfoot: interrupted\n"


# -- the command itself -------------------------------------------------------------------


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="141 is 128 + SIGPIPE, a POSIX convention; Windows has no SIGPIPE",
)
@pytest.mark.parametrize("plain", [False, True], ids=["rich", "plain"])
@pytest.mark.parametrize("command", [["rules"], ["simulate", "--games", "2", "--jobs", "1"]])
def test_a_closed_output_pipe_exits_with_141(command: list[str], plain: bool) -> None:
    # The reader is gone before the command writes a byte, as with `| head -0`.
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "chickenfoot", *command, *(["--plain"] if plain else [])],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.returncode == 141, done.stderr
    assert done.stderr == ""


def _options(parser: argparse.ArgumentParser, command: str = "") -> Iterator[tuple[str, Any]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _options(sub, name)
        else:
            yield command, action


def test_every_default_the_help_names_is_the_default() -> None:
    """Where an option's help says "(default X)", X is what the option takes when it is
    not given (a default worked out later, as --players from the rules, is not checked)."""
    said = 0
    for command, action in _options(_parser()):
        found = re.search(r"\(default ([^;)]+)", action.help or "")
        if found is None or action.default is None:
            continue
        text, default = found.group(1), action.default
        where = (command, action.option_strings)
        if isinstance(default, (int, float)):
            assert float(text) == default, where
        else:
            assert text == default, where
        said += 1
    assert said >= 20


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: chickenfoot" in capsys.readouterr().err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.startswith("chickenfoot ")


# -- show ---------------------------------------------------------------------------------

#: chickie-duel: the first foot 4-4 waits for its last toe; seat 1 holds the only 4 left.
TOES_POSITION: Final = (
    "cf1 6-6 6-6,6-1@6-6,6-3@6-6,6-4@6-6,6-5@6-6,4-4@6-4,4-0@4-4,4-2@4-4 "
    "1-0,3-2,5-5/2-2,4-3,5-1,6-0 6-2,5-4,5-3,5-2,5-0,4-1,3-3,3-1,3-0,2-1,2-0,1-1,0-0 1 0 1 -"
)


def test_show_a_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "table.svg"
    assert main(["show", TOES_POSITION, "--preset", "chickie", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "chickie-duel, 2 players, round double 6-6: seat 1 to move (first seat 0, lead" in out
    assert "[4|4] foot, 1 place open" in out
    assert "seat 0 (3): 1-0 3-2 5-5" in out
    assert "boneyard (13): 6-2 5-4" in out
    assert "Now: the toes of 4-4 come first (R9)." in out
    assert "Legal moves: 4-3@4-4" in out
    assert "Best move" not in out
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    assert svg.read_text(encoding="utf-8").count('class="tile"') == 8


def test_show_names_the_lead_seat_where_it_is_not_the_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In a holder start the seat that placed the round double leads the ties of a
    blocked round (R6, R18): the heading names it beside the first seat, and only where
    the two differ."""
    fields = TOES_POSITION.split()
    for first, lead, said in (
        ("0", "1", "(first seat 0, lead seat 1)"),
        ("1", "0", "(first seat 1, lead seat 0)"),
        ("0", "0", "(first seat 0)"),
        ("1", "1", "(first seat 1)"),
    ):
        position = " ".join([*fields[:6], first, lead, *fields[8:]])
        assert main(["show", position, "--preset", "chickie", "--plain"]) == 0
        heading = capsys.readouterr().out.splitlines()[0]
        assert heading == f"chickie-duel, 2 players, round double 6-6: seat 1 to move {said}"


def test_show_refuses_an_svg_path_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing" / "table.svg"
    assert main(["show", TOES_POSITION, "--preset", "chickie", "--svg", str(path)]) == 2
    assert f"cannot write {path}" in capsys.readouterr().err
    assert not path.parent.exists()


def test_show_as_one_seat_sees_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", TOES_POSITION, "--preset", "chickie", "--seat", "0", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (3): 1-0 3-2 5-5" in out
    assert "seat 1 (4): hidden" in out
    assert "boneyard (13): hidden" in out
    assert "4-3" not in out.split("Now:")[0].split("seat 1")[1]
    assert "Legal moves" not in out  # not seat 0's turn


def test_show_refuses_what_is_not_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", TOES_POSITION, "--preset", "classic"]) == 1
    assert "tiles of the double-9 set:" in capsys.readouterr().err
    assert main(["show", "cf1 6-6", "--preset", "chickie"]) == 1
    assert "1 fields after 'cf1'" in capsys.readouterr().err
    assert main(["show", TOES_POSITION, "--preset", "chickie", "--seat", "2"]) == 2
    assert "seats 0 to 1" in capsys.readouterr().err
    assert main(["show", TOES_POSITION, "--preset", "chickie", "--best", "--bot", "nobody"]) == 2


def test_show_refuses_a_seat_past_the_last_of_the_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for players in (3, 4, 6):
        position = Round.deal(PRESETS["classic"], players, seed=1).to_position()
        for seat in (players, players + 1, 20):
            assert main(["show", position, "--preset", "classic", "--seat", str(seat)]) == 2
            said = f"--seat {seat}: the position has seats 0 to {players - 1}"
            assert said in capsys.readouterr().err


def test_show_analyse_says_a_forced_move_is_not_searched(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R9: the toes of 4-4 come first, and seat 1 has one of them: its one legal move is
    played without a search, and the analysis says so."""
    argv = ["show", TOES_POSITION, "--preset", "chickie", "--plain", "--analyse"]
    assert main([*argv, "--bot", "search"]) == 0
    out = capsys.readouterr().out
    assert "(a forced move, not searched; value: the margin in points, R17)" in out
    assert "Best move for seat 1 (search bot): 4-3@4-4" in out
    position = Round.deal(PRESETS["chickie-duel"], 2, seed=22).apply(Play(Tile(6, 6))).to_position()
    assert main(["show", position, "--preset", "chickie-duel", "--plain", "--analyse"]) == 0
    out = capsys.readouterr().out
    assert "forced move" not in out
    assert re.search(r"\(\d+ playouts; value: the margin in points, R17\)", out)


def test_show_best_end_to_end() -> None:
    done = run("show", TOES_POSITION, "--preset", "chickie", "--best", "--bot", "search")
    assert done.returncode == 0, done.stderr
    assert "Best move for seat 1 (search bot): 4-3@4-4" in done.stdout


def _docs_puzzles() -> list[str]:
    """The positions quoted as puzzles in docs/positions.md, in page order."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "positions.md").read_text(
        encoding="utf-8"
    )
    puzzles = page.split("## Puzzles", 1)[1]
    return re.findall(r"```text\n(cf1 [^\n]*)\n```", puzzles)


def test_the_docs_puzzles_are_solved_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    opening, toes, drawn = _docs_puzzles()
    answers = {opening: "6-5@6-6", toes: "5-4@4-4"}
    for puzzle, answer in answers.items():
        assert main(["show", puzzle, "--preset", "chickie", "--best", "--plain"]) == 0
        assert f"Best move for seat 0 (search bot): {answer}" in capsys.readouterr().out
    rules = tmp_path / "may.json"
    rules.write_text(
        json.dumps({"preset": "chickie-duel", "knobs": {"play_drawn": "may"}}), encoding="utf-8"
    )
    assert main(["show", drawn, "--rules", str(rules), "--best", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "Now: only the drawn tile 6-0 may be played (R13)." in out
    assert "Legal moves: 6-0@3-0 6-0@1-0 6-0@4-0 pass" in out
    assert "Best move for seat 0 (search bot): 6-0@" in out
