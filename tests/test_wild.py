"""The rule sets from the wild (docs/guide/wild.md) play, record and simulate.

The recipes are read from the page itself: every doctest block of it is run, and every
:class:`Rules` value it leaves behind is a wild variant. So a recipe added to the page is
tested here without a second copy. Each variant must play whole matches through
:class:`Match` at its smallest and largest tables, load back from its record and replay,
and run from ``chickenfoot simulate --rules FILE``, with a file holding the knobs that
differ from a preset (as a reader would write one) and with a game record's rules.
"""

from __future__ import annotations

import doctest
import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from chickenfoot import (
    PRESETS,
    Draw,
    Ending,
    IllegalMoveError,
    Match,
    Obligation,
    Outcome,
    Pass,
    Play,
    PositionError,
    Round,
    Rules,
    Tile,
    load_record,
    tile_set,
)
from chickenfoot.cli import main

PAGE = Path(__file__).resolve().parents[1] / "docs" / "guide" / "wild.md"
_BLOCK = re.compile(r"^```\{doctest\}\n(.*?)^```", re.MULTILINE | re.DOTALL)


def wild_variants() -> dict[str, Rules]:
    """Every Rules value the page's doctest blocks make, by variant name."""
    found: dict[str, Rules] = {}
    parser = doctest.DocTestParser()
    for block in _BLOCK.findall(PAGE.read_text(encoding="utf-8")):
        namespace: dict[str, Any] = {}
        for example in parser.get_examples(block):
            if example.exc_msg is not None:
                continue  # a refusal, shown on purpose
            exec(compile(example.source, str(PAGE), "exec"), namespace)
        for value in namespace.values():
            if isinstance(value, Rules) and value.name not in PRESETS:
                found[value.name] = value
    return found


WILD = wild_variants()


def test_the_page_has_the_wild_variants() -> None:
    """At least the rule sets of the clauses R6b, R12b, R13b, R17b and R19b."""
    assert len(WILD) >= 5
    knobs = {name: attrs.asdict(rules) for name, rules in WILD.items()}
    assert any(k["blank_value"] for k in knobs.values())
    assert any(k["round_order"] == "down_up" for k in knobs.values())
    assert any(k["play_drawn"] == "may" for k in knobs.values())
    assert any(k["play_drawn"] == "never" for k in knobs.values())
    assert any(k["start"] == "highest_held" for k in knobs.values())
    assert any(not k["must_play"] for k in knobs.values())
    assert any(k["out_on_double"] for k in knobs.values())


def knobs_file(rules: Rules, path: Path) -> Path:
    """A rules file as a reader writes one: a preset and the knobs that differ from it."""
    base = min(
        PRESETS.values(),
        key=lambda p: sum(
            getattr(p, a.name) != getattr(rules, a.name) for a in attrs.fields(Rules)
        ),
    )
    knobs: dict[str, Any] = {}
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            knobs[field.name] = {str(p): v for p, v in value} if isinstance(value, tuple) else value
    path.write_text(json.dumps({"preset": base.name, "knobs": knobs}), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(WILD))
def test_wild_variant_plays_and_replays_from_its_record(name: str) -> None:
    """A match of each wild variant, played to the end at its smallest table and for three
    rounds at its largest, loads back from its record, equal and replayed."""
    rules = WILD[name]
    rng = random.Random(name)
    for players, cap in ((rules.player_counts[0], None), (rules.player_counts[-1], 3)):
        match = Match.new(rules, players, seed=rng.randrange(2**32))
        while not match.is_over and (cap is None or len(match.finished) < cap):
            match = match.apply(rng.choice(match.legal_moves()))
        text = match.to_json()
        assert Match.from_json(text) == match
        assert load_record(text) == match
        assert match.to_record()["rules"]["knobs"]["name"] == name
        if cap is None:
            assert len(match.finished) == rules.round_count(players)


@pytest.mark.parametrize("name", sorted(WILD))
def test_wild_variant_simulates_from_a_rules_file(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """chickenfoot simulate --rules FILE runs each wild variant, and its summary names the
    variant; the records it writes replay under the same rules."""
    rules = WILD[name]
    path = knobs_file(rules, tmp_path / f"{name}.json")
    records = tmp_path / "records"
    args = ["simulate", "--rules", str(path), "--games", "2", "--jobs", "1"]
    args += ["--players", str(rules.player_counts[0]), "--json", "--records", str(records)]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2
    assert name in json.dumps(summary["rules"])
    written = sorted(records.iterdir())
    assert len(written) == 2
    for record in written:
        match = load_record(record.read_text(encoding="utf-8"))
        assert isinstance(match, Match)
        assert match.rules == rules
        assert match.is_over
    # a game record is a rules file too
    assert (
        main(
            [
                "simulate",
                "--rules",
                str(written[0]),
                "--games",
                "1",
                "--jobs",
                "1",
                "--players",
                str(rules.player_counts[0]),
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["games"] == 1


# -- R12b: draw instead of playing ---------------------------------------------------------


def test_a_seat_with_a_play_may_draw_instead_r12b() -> None:
    """R12b (the page's may-draw): in classic's seed-1 round seat 1 holds 9-5, which fits
    9-9; it may play it or draw, the draw listed after the plays, and not pass. It draws
    7-1, which has no play, so it passes (R13) and may not play 9-5 in that turn."""
    rules = WILD["may-draw"]
    assert not rules.must_play
    rnd = Round.deal(rules, 4, seed=1).apply(Play(Tile(9, 9)))
    assert rnd.legal_moves() == [Play(Tile(9, 5), Tile(9, 9)), Draw()]
    with pytest.raises(IllegalMoveError) as info:
        rnd.apply(Pass())
    assert (info.value.rule, info.value.reason) == (
        "R12b",
        "seat 1 has a legal play and may draw instead, but not pass",
    )
    drew = rnd.apply(Draw())
    assert drew.drawn_tile == Tile(7, 1)
    assert drew.legal_moves() == [Pass()]
    with pytest.raises(IllegalMoveError) as info:
        drew.apply(Play(Tile(9, 5), Tile(9, 9)))
    assert info.value.rule == "R13"
    strict = Round.deal(PRESETS["classic"], 4, seed=1).apply(Play(Tile(9, 9)))
    assert strict.legal_moves() == [Play(Tile(9, 5), Tile(9, 9))]  # R12


def test_a_drawn_tile_that_fits_is_played_after_a_draw_beside_a_play_r12b_r13() -> None:
    """R12b with R13's "must": a seat that drew beside a play and drew a tile that fits
    plays that tile, and only that one."""
    rules = WILD["may-draw"]
    rng = random.Random(12)
    found = 0
    for seed in range(40):
        rnd = Round.deal(rules, 4, seed=seed)
        while not rnd.is_over and found < 5:
            moves = rnd.legal_moves()
            plays = [m for m in moves if isinstance(m, Play)]
            if plays and Draw() in moves and rnd.obligation is not Obligation.DRAWN_TILE:
                drew = rnd.apply(Draw())
                drawn = drew.drawn_tile
                assert drawn is not None
                after = drew.legal_moves()
                if any(isinstance(m, Play) for m in after):
                    assert all(isinstance(m, Play) and m.tile == drawn for m in after)
                    found += 1
                else:
                    assert after in ([Pass()], [Draw()])
            rnd = rnd.apply(rng.choice(moves))
    assert found == 5


def test_positions_and_samples_after_a_draw_beside_a_play_r12b() -> None:
    """A position taken just after a seat drew while holding a tile that fits reads back
    under R12b (it is refused under R12), and every other seat's view samples back."""
    rules = WILD["may-draw"]
    rnd = Round.deal(rules, 4, seed=1).apply(Play(Tile(9, 9))).apply(Draw())
    text = rnd.to_position()
    again = Round.from_position(rules, text)
    assert again.drawn_tile == Tile(7, 1)
    assert again.legal_moves() == [Pass()]
    with pytest.raises(PositionError, match=r"seat 1 drew while holding 9-5.*\(R12\)"):
        Round.from_position(attrs.evolve(rules, must_play=True), text)
    for seat in (0, 2, 3):
        view = again.view(seat)
        for seed in range(5):
            assert view.sample_state(random.Random(seed)).view(seat) == view


# -- R17c: going out on a double scores ------------------------------------------------------


def test_going_out_on_a_double_scores_but_still_wins_r17c_r18() -> None:
    """R17c (the page's out-on-double): a seat dealt the round double 6-6 alone places it,
    goes out (R16) and wins the round (R18), scoring 50 instead of 0; going out with 5-4
    scores 0. The finished position reads back with the same scores."""
    rules = WILD["out-on-double"]
    assert rules.out_on_double == 50
    one = attrs.evolve(rules, set_sizes={2: 6}, hand_sizes={2: 1})
    boneyard = [t for t in tile_set(6) if t not in (Tile(6, 6), Tile(5, 4))]
    rnd = Round.from_deal(one, [[Tile(6, 6)], [Tile(5, 4)]], boneyard, round_double=6)
    out = rnd.apply(Play(Tile(6, 6)))
    assert out.outcome == Outcome(Ending.WENT_OUT, 0, (50, 9))
    finished = Round.from_position(one, out.to_position())
    assert finished.outcome == out.outcome
    two = attrs.evolve(one, hand_sizes={2: 2})
    hands = [[Tile(6, 6), Tile(6, 5)], [Tile(6, 4), Tile(2, 1)]]
    rest = [t for t in tile_set(6) if t not in hands[0] + hands[1]]
    won = Round.from_deal(two, hands, rest, round_double=6).apply(Play(Tile(6, 6)))
    won = won.apply(Play(Tile(6, 4), Tile(6, 6))).apply(Play(Tile(6, 5), Tile(6, 6)))
    assert won.outcome == Outcome(Ending.WENT_OUT, 0, (0, 3))  # 6-5 is no double


def test_a_round_won_on_a_double_counts_in_the_match_r21_r22() -> None:
    """R21, R22: the 50 of a round won on a double count in the winner's total, and with
    zero_rounds that round is not one of his rounds at 0."""
    rules = attrs.evolve(
        WILD["out-on-double"], set_sizes={2: 6}, hand_sizes={2: 5}, tie_break="zero_rounds"
    )
    checked = 0
    for seed in range(20):
        match = Match.new(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            match = match.apply(rng.choice(match.legal_moves()))
        for rnd in match.finished:
            outcome = rnd.outcome
            assert outcome is not None
            last = rnd.layout.placements[-1].tile
            on_double = outcome.ending is Ending.WENT_OUT and last.high == last.low
            if outcome.ending is Ending.WENT_OUT:
                assert outcome.scores[outcome.winner] == (50 if on_double else 0)
            checked += on_double
        for standing in match.standings:
            scores = [result[standing.seat] for result in match.results]
            assert standing.total == sum(scores) == match.totals[standing.seat]
            assert standing.zero_rounds == scores.count(0)
        assert Match.from_json(match.to_json()) == match
    assert checked >= 3
