"""Where the hidden tiles are: RoundView.tile_probabilities and RoundView.count_deals
against every deal listed by brute force (R5, R6, R12-R17), their estimate from samples
within a few standard errors, their properties, the picture and the command.

The brute force lists every deal of a tiny table consistent with a view (the other
seats' dealt hands, a tile for every draw the view did not see, the undrawn boneyard as
a set, weighted by its orders), replays each through ``Round.apply`` and keeps those that
give the view back; a tile's probability of being in a place is the weight of the deals
whose replay puts it there now over the weight of them all.
"""

from __future__ import annotations

import itertools
import math
import random
import time
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from house_rules import CostlyDoubles, NoBlankOnTheDouble, WildDoubleBlank
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played_rounds
from test_sampling import _combinations_for, _finished, _prefixes, _won_on_a_double, played, tiny

from chickenfoot import (
    PRESETS,
    Beliefs,
    Draw,
    HouseRule,
    Round,
    RoundView,
    SamplingError,
    Tile,
    beliefs_svg,
    beliefs_text,
    tile_set,
)
from chickenfoot._pictures.beliefs import percent
from chickenfoot._pictures.svg import _EM_WIDTH
from chickenfoot.cli import main

Place = int | None


# -- brute force --------------------------------------------------------------------------


def brute_force(rnd: Round, seat: int) -> tuple[int, Counter[tuple[Tile, Place]]]:
    """The weight of every deal whose replay gives ``rnd.view(seat)``, and for each
    (tile, place) the weight of those that leave the tile there (a seat's hand, or the
    boneyard: ``None``); a deal weighs the orders of its undrawn boneyard."""
    view = rnd.view(seat)
    mine = rnd.dealt_hands[seat]
    centre = rnd.rules.start == "centre"
    pool = [
        t
        for t in tile_set(rnd.set_size)
        if t not in mine and not (centre and t == rnd.round_double)
    ]
    draws = [e.drawn for e in view.history if isinstance(e.move, Draw)]
    others = [s for s in range(rnd.players) if s != seat]
    total = 0
    where: Counter[tuple[Tile, Place]] = Counter()
    for hands, rest in _combinations_for(others, pool, len(mine)):
        for prefix, undrawn in _prefixes(draws, rest):
            dealt = [mine if s == seat else hands[s] for s in range(rnd.players)]
            trial = Round.from_deal(
                rnd.rules, dealt, prefix + undrawn, round_double=rnd.dealt_for, first=rnd.first
            )
            replayed = _replay(trial, view)
            if replayed is None:
                continue
            weight = math.factorial(len(undrawn))
            total += weight
            for s in others:
                for t in replayed.hand(s):
                    where[t, s] += weight
            for t in replayed.boneyard:
                where[t, None] += weight
    return total, where


def _replay(trial: Round, view: RoundView) -> Round | None:
    """``trial`` after the moves of ``view``'s history, if it takes them all and gives
    the view back."""
    for e in view.history:
        if trial.to_move != e.seat or not trial.is_legal(e.move):
            return None
        trial = trial.apply(e.move)
    return trial if trial.view(view.seat) == view else None


def assert_exact(rnd: Round, seat: int, **where: Any) -> Beliefs:
    """The beliefs of ``seat``'s view are exact and equal to the brute force's, and so is
    its count of deals."""
    view = rnd.view(seat)
    total, counts = brute_force(rnd, seat)
    assert total >= 1  # the real deal is one of them
    beliefs = view.tile_probabilities(method="exact", time_limit=None)
    assert beliefs.exact
    assert beliefs.samples == 0
    assert beliefs.deals == total == view.count_deals(), where
    hidden = {t for t, _ in counts}
    assert set(beliefs.tiles) == hidden, where
    for tile in beliefs.tiles:
        for place in beliefs.places:
            expected = Fraction(counts[tile, place], total)
            assert beliefs.probability(tile, place) == expected, (where, seat, tile, place)
    return beliefs


# -- exact beliefs against the brute force ------------------------------------------------

KNOBS: list[dict[str, Any]] = [
    {},  # the search for the round double (R6)
    {"start": "centre"},
    {"start": "highest_held"},  # R6b
    {"must_play": False},  # R12b: a draw beside a play
    {"play_drawn": "may"},  # R13
    {"start": "centre", "play_drawn": "never"},  # R13b
    {"draws_per_turn": 2},  # R12
    {"boneyard_reserve": 1},  # R14
    {"start": "centre", "must_play": False, "play_drawn": "may", "draws_per_turn": 2},
]
TABLES = [(2, 3, 3), (3, 3, 2)]


def _cases() -> list[tuple[dict[str, Any], tuple[int, int, int], int]]:
    return [
        (knobs, table, 31 * k + 7 * table[0] + seed)
        for k, knobs in enumerate(KNOBS)
        for table in TABLES
        for seed in range(2)
    ]


@pytest.mark.parametrize(("knobs", "table", "seed"), _cases())
def test_exact_beliefs_equal_the_brute_force(
    knobs: dict[str, Any], table: tuple[int, int, int], seed: int
) -> None:
    """R5, R6, R6b, R12-R15, R12b, R13b: every seat's beliefs, a few moves into a tiny
    round, are the brute force's fractions."""
    players, n, hand = table
    rnd = played(tiny(players, n, hand, **knobs), players, seed, seed % 11 + 1)
    for seat in range(players):
        assert_exact(rnd, seat, knobs=knobs, table=table, seed=seed)


def test_exact_beliefs_of_finished_rounds_equal_the_brute_force() -> None:
    """R16, R17: once the round is over, the scores are the hands' points and, when it
    is blocked, nobody could play; the beliefs take both in."""
    endings: Counter[str] = Counter()
    for rnd, knobs in itertools.islice(_finished([(2, 3, 3), (3, 3, 2)]), 12):
        assert rnd.outcome is not None
        endings[rnd.outcome.ending.name] += 1
        for seat in range(rnd.players):
            assert_exact(rnd, seat, knobs=knobs)
    assert set(endings) == {"WENT_OUT", "BLOCKED"}


def test_exact_beliefs_of_a_round_won_on_a_double_r17c() -> None:
    """R17c: the winner went out with a double and scores 50 with an empty hand; the
    other seats' points are still their hands', and the beliefs match the brute force."""
    checked = 0
    for rnd in itertools.islice(_won_on_a_double(3, 3, 2), 2):
        assert rnd.outcome is not None
        winner = rnd.outcome.winner
        assert rnd.outcome.scores[winner] == 50
        for seat in range(rnd.players):
            beliefs = assert_exact(rnd, seat)
            if seat != winner:
                assert beliefs.expected_count(winner) == 0
        checked += 1
    assert checked == 2


def _house_round(house: tuple[HouseRule, ...], seed: int, **knobs: Any) -> Round:
    rules = attrs.evolve(tiny(3, 3, 2, **knobs), house=house)
    return played(rules, 3, seed, seed % 7 + 3)


@pytest.mark.parametrize(
    "house",
    [(NoBlankOnTheDouble(),), (CostlyDoubles(factor=2, bonus_points=5),)],
    ids=["H1", "H3"],
)
def test_exact_beliefs_under_a_house_rule_equal_the_brute_force(
    house: tuple[HouseRule, ...],
) -> None:
    """A house rule a user writes that declares what it tells (H1 separable, H3 a scoring
    rule): exact beliefs, as the brute force replays them under the rule (R12, R17)."""
    for seed in range(4):
        for knobs in ({}, {"start": "centre"}):
            rnd = _house_round(house, seed, **knobs)
            for seat in range(3):
                assert_exact(rnd, seat, seed=seed, knobs=knobs)
    finished = played(attrs.evolve(tiny(2, 3, 3), house=house), 2, 3, 80)
    assert finished.is_over
    for seat in range(2):
        assert_exact(finished, seat)


# -- the estimate from samples ------------------------------------------------------------

#: How many standard errors an estimate may be off. A cell's estimate is the frequency of
#: the tile in the place among independent samples, a binomial count: for the cells of
#: these tests (1,500 samples each; probabilities from 13% to 80%) the exact binomial
#: chance of a cell landing more than 6 standard errors off is at most 6e-9, and below
#: 2e-7 summed over every cell, so a failure means a wrong estimate, not an unlucky seed.
SIGMAS = 6.0


def _assert_estimate_fits(exact: Beliefs, estimate: Beliefs) -> None:
    """Every cell of ``estimate`` is within :data:`SIGMAS` standard errors of the exact
    probability (the standard error worked out from the exact value); a tile that cannot
    be in a place never is in a sample; the reported standard errors are those of the
    estimate."""
    n = estimate.samples
    assert n > 0
    assert not estimate.exact
    assert estimate.deals is None
    assert estimate.tiles == exact.tiles
    assert estimate.places == exact.places
    for tile in exact.tiles:
        for place in exact.places:
            p = exact.probability(tile, place)
            q = estimate.probability(tile, place)
            sigma = math.sqrt(p * (1 - p) / n)
            if p in (0, 1):
                assert q == p, (tile, place)
            else:
                assert abs(q - p) <= SIGMAS * sigma, (tile, place, p, q, sigma)
            reported = estimate.standard_error(tile, place)
            assert reported == pytest.approx(math.sqrt(q * (1 - q) / n))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_estimate_is_within_a_few_standard_errors(seed: int) -> None:
    """R12-R14: samples of a three-seat view of classic rules after draws and passes."""
    rnd = played(tiny(3, 4, 3, boneyard_reserve=1), 3, 40 + seed, 9)
    view = rnd.view(seed % 3)
    exact = view.tile_probabilities(method="exact")
    estimate = view.tile_probabilities(method="sample", samples=1500, rng=random.Random(seed))
    _assert_estimate_fits(exact, estimate)
    assert beliefs_text(estimate).splitlines()[0].endswith("estimated from 1,500 samples")


def _is_loose(view: RoundView) -> bool:
    """Whether ``view.count_deals()`` refuses: a house rule left out what a move tells."""
    try:
        view.count_deals()
    except SamplingError as exc:
        return "no exact count" in str(exc)
    return False


def test_a_rule_that_declares_nothing_is_estimated_from_samples() -> None:
    """H2 (a wild double-blank) declares nothing of what its moves tell: no count is
    exact, so the default estimates from samples, checked by replay, and those fit the
    brute force; asking for exact beliefs or the count says why not (R12)."""
    rules = attrs.evolve(tiny(2, 3, 3), house=(WildDoubleBlank(),))
    for seed in range(100):
        rnd = played(rules, 2, seed, 6)
        view = rnd.view(0)
        if not _is_loose(view):
            continue  # the rule had no say in this history
        total, counts = brute_force(rnd, 0)
        if any(0 < counts[key] < total for key in counts):  # a tile of uncertain place
            break
    else:
        raise AssertionError("no view found")
    with pytest.raises(SamplingError, match="no exact count"):
        view.tile_probabilities(method="exact")
    estimate = view.tile_probabilities(samples=1500, rng=random.Random(seed))
    tiles = tuple(sorted({t for t, _ in counts}))
    places = (1, None)
    table = tuple(tuple(Fraction(counts[t, p], total) for p in places) for t in tiles)
    exact = Beliefs(0, tiles, places, estimate.counts, table, deals=total)
    _assert_estimate_fits(exact, estimate)


def test_the_default_falls_back_on_samples_when_the_count_runs_out_of_time() -> None:
    """A time limit the count cannot meet: the default estimates, ``method="exact"``
    raises after the limit, and so does :meth:`count_deals` with a limit (R16, R17 make
    the count of a finished eight-seat round slow)."""
    rnd = Round.deal(PRESETS["double-foot"], 8, seed=0)
    rng = random.Random(0)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    view = rnd.view(0)
    started = time.monotonic()
    with pytest.raises(TimeoutError, match=r"took over 0\.05 s"):
        view.tile_probabilities(method="exact", time_limit=0.05)
    with pytest.raises(TimeoutError, match="counting the deals of seat 0's view"):
        view.count_deals(time_limit=0.05)
    assert time.monotonic() - started < 10


def test_auto_estimates_when_the_exact_beliefs_run_out_of_time() -> None:
    """The default is exact within its time limit, else estimated: a finished round of
    seven seats, whose count is quick but whose beliefs take seconds to count (R16,
    R17), is estimated when the limit is short."""
    rnd = Round.deal(PRESETS["double-foot"], 7, seed=2)
    rng = random.Random(2)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    rushed = rnd.view(0).tile_probabilities(time_limit=0.1, samples=50, rng=random.Random(0))
    assert not rushed.exact
    assert rushed.samples == 50
    _assert_consistent(rushed, rnd, 0)


# -- properties ---------------------------------------------------------------------------


def _assert_consistent(beliefs: Beliefs, rnd: Round, seat: int) -> None:
    view = rnd.view(seat)
    hidden = set(tile_set(rnd.set_size)) - set(view.hand) - {p.tile for p in rnd.layout}
    if rnd.rules.start == "centre" and rnd.round_double not in {p.tile for p in rnd.layout}:
        hidden.discard(rnd.round_double)
    assert set(beliefs.tiles) == hidden
    assert beliefs.seat == seat
    assert seat not in beliefs.places
    assert beliefs.places == (*(s for s in range(rnd.players) if s != seat), None)
    assert beliefs.counts == (
        *(c for s, c in enumerate(view.hand_counts) if s != seat),
        view.boneyard_count,
    )
    for tile, row in zip(beliefs.tiles, beliefs.probabilities, strict=True):
        assert sum(row) == 1, tile
        assert all(0 <= p <= 1 for p in row)
    for place, count in zip(beliefs.places, beliefs.counts, strict=True):
        assert beliefs.expected_count(place) == count, place
    # where every hidden tile really is has a chance; the seat's own tiles have none
    for s in range(rnd.players):
        for tile in rnd.hand(s):
            if s == seat:
                assert beliefs.where(tile) == {}
                assert beliefs.probability(tile, s) == 0
            elif beliefs.exact:
                assert beliefs.probability(tile, s) > 0
    for tile in rnd.boneyard if beliefs.exact else ():
        assert beliefs.probability(tile, None) > 0


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_tile_is_somewhere_and_every_hand_is_full(data: st.DataObject) -> None:
    """Each hidden tile's probabilities sum to 1; each place's expected count of hidden
    tiles is its tile count; the tile's true place has a chance (R5)."""
    preset = data.draw(st.sampled_from(["chickie-duel", "cross-and-foot", "classic"]))
    players = data.draw(st.integers(2, 4)) if preset != "chickie-duel" else 2
    rnd = data.draw(played_rounds(preset=preset, players=players, max_moves=60))
    seat = data.draw(st.integers(0, rnd.players - 1))
    _assert_consistent(rnd.view(seat).tile_probabilities(time_limit=None), rnd, seat)


def test_the_estimate_keeps_every_hand_full() -> None:
    """Every sample fills every hand, so an estimate's expected counts are exact too."""
    rnd = played(tiny(3, 4, 3), 3, 9, 10)
    estimate = rnd.view(2).tile_probabilities(method="sample", samples=50, rng=random.Random(2))
    _assert_consistent(estimate, rnd, 2)
    assert repr(estimate) == (
        f"<Beliefs of seat 2: {len(estimate.tiles)} hidden tiles in seat 0, seat 1, "
        f"boneyard; estimated from 50 samples>"
    )


def test_exact_beliefs_say_over_how_many_deals() -> None:
    """An exact belief names its count of deals in full up to a billion, and in three
    figures from there."""
    for table, below in (((3, 4, 3), True), ((3, 5, 4), False)):
        rnd = played(tiny(*table), 3, 3, 2)
        view = rnd.view(0)
        count = view.count_deals()
        assert (count < 10**9) == below
        shown = f"{count:,}" if below else f"{count:.3g}"
        if below:
            assert count >= 1000  # its commas are seen
        beliefs = view.tile_probabilities(time_limit=None)
        assert repr(beliefs).endswith(f"; exact over {shown} deals>"), repr(beliefs)


def test_exact_beliefs_made_by_hand_without_a_count_say_only_exact() -> None:
    """Beliefs made by hand with no samples are exact; without their count of deals the
    repr, the text and the picture's title say "exact" and name no count."""
    estimate = played(tiny(3, 4, 3), 3, 3, 2).view(0).tile_probabilities(samples=20)
    made = Beliefs(0, estimate.tiles, estimate.places, estimate.counts, estimate.probabilities)
    assert made.exact
    assert made.deals is None
    hidden = len(made.tiles)
    assert repr(made).endswith("; exact>"), repr(made)
    first = f"seat 0's view, {hidden} hidden tiles: exact"
    assert beliefs_text(made).splitlines()[0] == first
    assert f">{first}</text>" in beliefs_svg(made)
    counted = attrs.evolve(made, deals=1)
    assert repr(counted).endswith("; exact over 1 deal>"), repr(counted)
    assert beliefs_text(counted).splitlines()[0] == f"{first}, over 1 deal"


def test_a_finished_round_and_a_view_with_nothing_hidden() -> None:
    """R16, R17: a finished round's view that hides nothing has beliefs with no tiles,
    over the deals that replay it."""
    rules = tiny(2, 3, 3, boneyard_reserve=0)
    found = None
    for seed in range(300):
        rnd = played(rules, 2, seed, 60)
        if rnd.is_over and not rnd.boneyard and not all(rnd.hand_counts):
            found = rnd
            break
    assert found is not None
    assert found.outcome is not None
    seat = found.outcome.winner ^ 1  # the loser sees its own hand; the winner's is empty
    beliefs = found.view(seat).tile_probabilities()
    assert beliefs.tiles == ()
    assert beliefs.probabilities == ()
    # which tiles the winner was dealt and which it drew may still be open
    assert beliefs.deals == found.view(seat).count_deals() == brute_force(found, seat)[0]
    assert beliefs.counts == (0, 0)
    assert beliefs_text(beliefs).splitlines()[0] == (
        f"seat {seat}'s view, 0 hidden tiles: exact, over {beliefs.deals} deals"
    )
    assert 'class="belief"' not in beliefs_svg(beliefs)


def test_bad_arguments_are_refused() -> None:
    view = Round.deal(PRESETS["chickie-duel"], 2, seed=7).view(0)
    with pytest.raises(ValueError, match="method is one of 'auto', 'exact', 'sample'"):
        view.tile_probabilities(method="guess")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples is a whole number of at least 1, not 0"):
        view.tile_probabilities(samples=0)
    with pytest.raises(ValueError, match="time_limit is a number of seconds above 0"):
        view.tile_probabilities(time_limit=0)
    with pytest.raises(ValueError, match="time_limit is a number of seconds above 0"):
        view.count_deals(time_limit=-1.0)
    beliefs = view.tile_probabilities()
    with pytest.raises(ValueError, match="the seats are 0 to 1, and None is the boneyard"):
        beliefs.probability(Tile(5, 2), 2)
    assert beliefs.probability(Tile(5, 2), 0) == 0  # the seat's own hand: seen, not believed


# -- the picture and the text --------------------------------------------------------------


def test_the_picture_shows_each_hidden_tile_where_it_may_be() -> None:
    """Well-formed SVG: one group a (tile, place) with a chance, its probability written
    in, every hidden tile in some row, none where it cannot be (R12: the drawer held no
    tile that had a play)."""
    rnd = played(tiny(3, 4, 3), 3, 5, 8)
    beliefs = rnd.view(1).tile_probabilities()
    assert any(p == 0 for row in beliefs.probabilities for p in row)  # something excluded
    svg = beliefs_svg(beliefs)
    assert svg == beliefs._repr_svg_()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    groups = [g for g in root.iter(f"{ns}g") if g.get("class") == "belief"]
    drawn = {(g.get("data-tile"), g.get("data-place")): g for g in groups}
    assert len(drawn) == len(groups)
    expected = {
        (str(tile), "boneyard" if place is None else str(place)): p
        for tile, row in zip(beliefs.tiles, beliefs.probabilities, strict=True)
        for place, p in zip(beliefs.places, row, strict=True)
        if p
    }
    assert set(drawn) == set(expected)
    assert {tile for tile, _ in drawn} == {str(t) for t in beliefs.tiles}
    for key, p in expected.items():
        assert float(drawn[key].get("data-probability", "")) == pytest.approx(float(p), abs=1e-6)
    assert sum(1 for g in root.iter(f"{ns}g") if g.get("class") == "hidden-tile") == len(groups)
    title = root.find(f"{ns}title")
    assert title is not None
    assert title.text == beliefs_text(beliefs).splitlines()[0]


def test_the_text_table_has_a_row_a_tile() -> None:
    rnd = played(tiny(3, 4, 3), 3, 5, 8)
    beliefs = rnd.view(1).tile_probabilities()
    lines = beliefs_text(beliefs).splitlines()
    assert lines[1].split() == ["tile", "seat", "0", "seat", "2", "boneyard"]
    assert [line.split()[0] for line in lines[2:-1]] == [str(t) for t in beliefs.tiles]
    assert lines[-1].split() == ["tiles", *map(str, beliefs.counts)]
    assert len(lines) == len(beliefs.tiles) + 3


# -- the command --------------------------------------------------------------------------

#: chickie-duel: the first foot 4-4 waits for its last toe; seat 1 holds the only 4 left.
POSITION = (
    "cf1 6-6 6-6,6-1@6-6,6-3@6-6,6-4@6-6,6-5@6-6,4-4@6-4,4-0@4-4,4-2@4-4 "
    "1-0,3-2,5-5/2-2,4-3,5-1,6-0 6-2,5-4,5-3,5-2,5-0,4-1,3-3,3-1,3-0,2-1,2-0,1-1,0-0 1 0 1 -"
)


def test_show_beliefs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``show --beliefs``: the beliefs of the seat to move as a table; with ``--seat``
    that seat's; with ``--svg`` their picture (the position says nothing of the hands
    but their sizes, so every hidden tile is as likely anywhere: 3 of 16 in seat 0)."""
    svg = tmp_path / "beliefs.svg"
    args = ["show", POSITION, "--preset", "chickie", "--beliefs", "--svg", str(svg)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "seat 1's view, 16 hidden tiles: exact, over 3.49e+12 deals" in out
    assert "tile   seat 0  boneyard" in out
    assert "5-5       19%       81%" in out  # 3 / 16 and 13 / 16
    assert "tiles       3        13" in out
    picture = svg.read_text(encoding="utf-8")
    assert picture.count('class="belief"') == 32
    assert 'class="tile"' not in picture
    assert main(["show", POSITION, "--preset", "chickie", "--beliefs", "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert "seat 0's view, 17 hidden tiles" in out
    assert "4-3       24%       76%" in out  # 4 / 17 and 13 / 17


def test_show_beliefs_of_a_finished_round_needs_a_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rnd = played(PRESETS["chickie-duel"], 2, 3, 200)
    assert rnd.is_over
    position = rnd.to_position()
    assert main(["show", position, "--preset", "chickie", "--beliefs"]) == 2
    assert "say whose view with --seat" in capsys.readouterr().err
    assert main(["show", position, "--preset", "chickie", "--beliefs", "--seat", "1"]) == 0
    assert "seat 1's view" in capsys.readouterr().out


def test_chances_are_whole_percentages_and_certainty_is_exact() -> None:
    """A chance shows as a whole percentage; a tile a place surely holds, or surely does
    not, is 100% or 0%, and a chance that would round to one of them is >99% or <1%."""
    assert [percent(Fraction(k)) for k in (0, 1)] == ["0%", "100%"]
    assert percent(Fraction(1, 3)) == "33%"
    assert percent(Fraction(1, 500)) == "<1%"
    assert percent(Fraction(499, 500)) == ">99%"


def test_a_place_of_many_tiles_takes_more_lines_and_the_next_one_starts_below() -> None:
    """A place with more possible tiles than a line holds (12) lays them on more lines,
    and the next place's name, and the picture's bottom, come below the last of them."""
    rnd = Round.from_position(PRESETS["chickie-duel"], POSITION)
    beliefs = rnd.view(1).tile_probabilities()
    root = ET.fromstring(beliefs_svg(beliefs))
    ns = "{http://www.w3.org/2000/svg}"
    names = [float(t.attrib["y"]) for t in root.iter(f"{ns}text") if t.get("class") == "place"]
    assert len(names) == len(beliefs.places) == 2
    lows: dict[str, list[float]] = {}
    for group in root.iter(f"{ns}g"):
        if group.get("class") == "belief":
            chance = group.find(f"{ns}text")
            assert chance is not None
            lows.setdefault(group.attrib["data-place"], []).append(float(chance.attrib["y"]))
    assert {len(ys) for ys in lows.values()} == {16}  # every hidden tile in both places
    assert len(set(lows["0"])) == 2  # two lines of tiles
    assert max(lows["0"]) < names[1] < min(lows["boneyard"])
    _, y0, _, height = (float(v) for v in root.attrib["viewBox"].split())
    assert y0 + height > max(lows["boneyard"])


@pytest.mark.parametrize("title", [True, False])
def test_the_beliefs_picture_holds_every_line_of_its_text(title: bool) -> None:
    """Every line of text of the picture (its title, the places' names, the chances) lies
    inside its view box, from the top of its letters to its baseline."""
    rnd = Round.from_position(PRESETS["chickie-duel"], POSITION)
    root = ET.fromstring(beliefs_svg(rnd.view(1).tile_probabilities(), title=title))
    _, y0, _, height = (float(v) for v in root.attrib["viewBox"].split())
    texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
    assert texts
    for text in texts:
        y, size = float(text.attrib["y"]), float(text.attrib["font-size"])
        assert y0 <= y - size, (text.text, y, size, y0)
        assert y <= y0 + height, (text.text, y, y0, height)


def _tiles_and_right_edge(beliefs: Beliefs) -> tuple[list[float], float]:
    """The x of every hidden tile in the picture without a title, and its right edge."""
    root = ET.fromstring(beliefs_svg(beliefs, title=False))
    x0, _, width, _ = (float(v) for v in root.attrib["viewBox"].split())
    xs = [
        float(g.attrib["transform"].split("(")[1].split()[0])
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") == "hidden-tile"
    ]
    return xs, x0 + width


def test_the_picture_is_as_wide_as_its_longest_row() -> None:
    """Without a title, a beliefs picture ends a margin after its longest row of tiles,
    however few tiles that row holds: the space right of the last tile is the same in
    every picture."""
    gaps: dict[int, float] = {}
    for moves in range(0, 40, 2):
        rnd = played(tiny(2, 4, 6, boneyard_reserve=0), 2, 7, moves)
        xs, right = _tiles_and_right_edge(rnd.view(0).tile_probabilities())
        if xs:
            gaps[len(set(xs))] = right - max(xs)
    # a row of one tile: beliefs made by hand, each tile sure of its place
    one, two = tile_set(4)[:2]
    sure = Beliefs(
        0, (one, two), (1, None), (1, 1), ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)))
    )
    xs, right = _tiles_and_right_edge(sure)
    assert len(xs) == 2
    assert len(set(xs)) == 1
    gaps[1] = right - max(xs)
    assert {1, 2, 3, 4} <= set(gaps)  # rows of one to four tiles, and longer ones
    assert max(gaps) >= 5
    assert max(gaps.values()) - min(gaps.values()) < 1e-6


def test_a_long_title_widens_the_picture_to_fit_it() -> None:
    """With few hidden tiles the title is the longest line: the picture ends a margin
    after it, its width reckoned at the board pictures' width of a character (in ems of
    the title's font size); without the title the picture is narrower."""
    ns = "{http://www.w3.org/2000/svg}"
    one, two = tile_set(4)[:2]
    half = Fraction(1, 2)
    made = Beliefs(3, (one, two), (0, None), (1, 1), ((half, half), (half, half)), deals=2)
    root = ET.fromstring(beliefs_svg(made))
    x0, _, width, _ = (float(v) for v in root.attrib["viewBox"].split())
    title = next(t for t in root.iter(f"{ns}text") if t.get("class") == "title")
    assert title.text is not None
    assert float(title.attrib["x"]) == 0.0
    font = float(title.attrib["font-size"])
    needed = _EM_WIDTH * font * len(title.text)
    assert x0 < 0
    assert x0 + width == pytest.approx(needed - x0)  # a margin each side of the title
    bare = ET.fromstring(beliefs_svg(made, title=False))
    assert float(bare.attrib["viewBox"].split()[2]) < width - 1


def test_each_tile_is_shaded_by_its_chance_and_labelled_below() -> None:
    """In the picture a tile's face is the fainter the less likely it is: its opacity
    goes from 0.12 for a chance near 0 to 1 for a sure tile, in proportion; its chance
    is written under the tile, at the tile's x and 1.45 below its centre; a place that
    can hold no hidden tile says so in its row."""
    ns = "{http://www.w3.org/2000/svg}"
    seen: set[Fraction] = set()
    empty = 0
    # mid-round views, and finished rounds (the winner's row holds no hidden tile)
    views = [(5, moves) for moves in (0, 4, 8, 12)] + [(seed, 80) for seed in range(6)]
    for seed, moves in views:
        beliefs = played(tiny(3, 4, 3), 3, seed, moves).view(1).tile_probabilities()
        root = ET.fromstring(beliefs_svg(beliefs))
        chances = {
            (str(tile), "boneyard" if place is None else str(place)): p
            for tile, row in zip(beliefs.tiles, beliefs.probabilities, strict=True)
            for place, p in zip(beliefs.places, row, strict=True)
        }
        for group in (g for g in root.iter(f"{ns}g") if g.get("class") == "belief"):
            p = chances[(group.get("data-tile", ""), group.get("data-place", ""))]
            seen.add(p)
            (shade,) = [g for g in group if g.tag == f"{ns}g" and g.get("opacity")]
            assert float(shade.get("opacity", "")) == pytest.approx(
                0.12 + 0.88 * float(p), abs=1e-3
            )
            (face,) = [g for g in shade.iter(f"{ns}g") if g.get("class") == "hidden-tile"]
            x, y = (float(v) for v in face.attrib["transform"].split("(")[1].split(")")[0].split())
            (label,) = group.findall(f"{ns}text")
            assert label.text == percent(p)
            assert float(label.get("x", "")) == pytest.approx(x, abs=1e-3)
            assert float(label.get("y", "")) == pytest.approx(y + 1.45, abs=1e-3)
        texts = list(root.iter(f"{ns}text"))
        for before, text in itertools.pairwise(texts):
            if text.text == "no hidden tile":  # a row's label, then this line under it
                empty += 1
                assert (before.text or "").endswith(" tiles)") or "(1 tile)" in (before.text or "")
                assert float(text.get("y", "")) == pytest.approx(float(before.get("y", "")) + 1.0)
    assert empty
    assert 1 in seen
    assert any(0 < p < 1 for p in seen)
    assert percent(Fraction(1, 100)) == "1%"  # shown as 1, not below it
    assert percent(Fraction(1, 199)) == "1%"
    assert percent(Fraction(1, 201)) == "<1%"


def test_each_hidden_tile_stands_upright_its_higher_end_on_top() -> None:
    """The hidden tiles stand upright in their rows, as a hand is shown under the table:
    each face is turned a quarter turn from lying along the x axis (y grows down, so its
    first end, the higher number, is on top), and the pips of that end are the top half's."""
    ns = "{http://www.w3.org/2000/svg}"
    faces = 0
    for seed, moves in [(5, 0), (5, 8), (2, 80)]:
        beliefs = played(tiny(3, 4, 3), 3, seed, moves).view(1).tile_probabilities()
        root = ET.fromstring(beliefs_svg(beliefs))
        for group in (g for g in root.iter(f"{ns}g") if g.get("class") == "belief"):
            tile = Tile.parse(group.get("data-tile", ""))
            (face,) = [g for g in group.iter(f"{ns}g") if g.get("class") == "hidden-tile"]
            turn = face.attrib["transform"].split(" rotate(")[1].removesuffix(")")
            assert float(turn) == 90.0, tile
            # before the turn the first end lies at x < 0; a quarter turn puts it on top
            top = [c for c in face.iter(f"{ns}circle") if float(c.attrib["cx"]) < 0]
            assert len(top) == tile.high, tile
            faces += 1
    assert faces > 20


def test_the_heading_writes_every_digit_of_a_count_below_a_billion() -> None:
    """The picture's heading gives the exact beliefs' number of deals in full, with
    thousands separators, up to a billion, and in three significant digits above."""
    rnd = played(tiny(3, 4, 3), 3, 5, 4)
    beliefs = rnd.view(1).tile_probabilities()
    assert beliefs.exact
    for deals, shown in ((123_456_789, "123,456,789"), (999_999_999, "999,999,999"),
                         (10**9, "1e+09"), (2_345_678_901, "2.35e+09")):  # fmt: skip
        heading = beliefs_text(attrs.evolve(beliefs, deals=deals)).splitlines()[0]
        assert heading.endswith(f"exact, over {shown} deals"), heading


@pytest.mark.parametrize("hidden", [1, 2, 3])
def test_the_text_names_the_hidden_tiles_and_deals_in_words(hidden: int) -> None:
    """One hidden tile, two hidden tiles; one deal, two deals: the heading counts them
    in words, on the text table and atop the picture."""
    tiles = tuple(tile_set(6)[:hidden])
    half = Fraction(1, 2)
    exact = Beliefs(0, tiles, (1, None), (1, hidden - 1), ((half, half),) * hidden, deals=hidden)
    words = f"{hidden} hidden tile{'s' if hidden > 1 else ''}: exact, over {hidden} deal"
    heading = f"seat 0's view, {words}{'s' if hidden > 1 else ''}"
    assert beliefs_text(exact).splitlines()[0] == heading
    assert heading in beliefs_svg(exact)


def test_an_estimate_gives_each_cells_standard_error_in_percentage_points() -> None:
    """An estimate's cell is its percentage, then ``±`` and its standard error times 100,
    to a tenth of a point."""
    tiles = tuple(tile_set(6)[:3])
    rows = ((Fraction(1, 4), Fraction(3, 4)), (Fraction(1, 2), Fraction(1, 2)), (1, 0))
    estimate = Beliefs(0, tiles, (1, None), (1, 2), rows, samples=40)  # type: ignore[arg-type]
    lines = beliefs_text(estimate).splitlines()
    assert lines[0] == "seat 0's view, 3 hidden tiles: estimated from 40 samples"
    for tile, line in zip(tiles, lines[2:5], strict=True):
        cells = line.split()
        assert cells[0] == str(tile)
        for place, cell in zip((1, None), cells[1:], strict=True):
            p = estimate.probability(tile, place)
            error = estimate.standard_error(tile, place)
            assert cell == f"{percent(p)}±{error * 100:.1f}"
    assert "±6.8" in lines[2]  # sqrt(1/4 * 3/4 / 40) = 0.068...
