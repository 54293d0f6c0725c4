"""Views: what one seat sees of a round or a match, and nothing more.

A view must agree with the round on everything public (table, counts, turn, outcome),
show its own seat's hand and drawn tiles, hide everyone else's, and be a value: equal
views for rounds that differ only in what the seat cannot see.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty
from rich.pretty import pretty_repr
from strategies import played_rounds

from chickenfoot import (
    PRESETS,
    Draw,
    Ending,
    Match,
    MatchView,
    Obligation,
    Outcome,
    Pass,
    Play,
    Round,
    RoundView,
    Tile,
    tile_set,
)
from chickenfoot._round import state_of
from chickenfoot._tiles import TILES


def t(text: str) -> Tile:
    return Tile.parse(text)


def ts(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


CENTRE_DUEL = attrs.evolve(
    PRESETS["chickie-duel"],
    name="centre-duel",
    start="centre",
    first_foot_required=False,
    hand_sizes={2: 5},
)


def stuck_round(top: str) -> Round:
    """A duel with 6-6 in the centre: after the four plays of the cross (R7) seat 0 holds
    5-5 5-4 4-4, which fit none of the open 0, 1, 2 and 3, and must draw; the boneyard
    starts with ``top``."""
    hands = [
        ts("6-0 6-1 5-5 5-4 4-4"),
        ts("6-2 6-3 3-3 5-3 5-2"),
    ]
    head = ts(top)
    used = {tile for hand in hands for tile in hand} | set(head) | {t("6-6")}
    rest = [tile for tile in tile_set(6) if tile not in used]
    rnd = Round.from_deal(CENTRE_DUEL, hands, [*head, *rest], round_double=6)
    for move in (
        Play(t("6-0"), t("6-6")),
        Play(t("6-2"), t("6-6")),
        Play(t("6-1"), t("6-6")),
        Play(t("6-3"), t("6-6")),
    ):
        rnd = rnd.apply(move)
    assert rnd.legal_moves() == [Draw()]
    return rnd


def _finished(rnd: Round, rng: random.Random) -> Round:
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    return rnd


# == what a view shows ==========================================================================


@given(rnd=played_rounds(), data=st.data())
def test_a_view_shows_the_public_round_and_its_own_hand(rnd: Round, data: st.DataObject) -> None:
    """Everything public agrees with the round; the hand is the seat's own."""
    seat = data.draw(st.integers(0, rnd.players - 1))
    view = rnd.view(seat)
    assert view.seat == seat
    assert view.rules == rnd.rules
    assert view.players == rnd.players
    assert view.hand == rnd.hand(seat)
    assert view.hand_counts == rnd.hand_counts
    assert view.boneyard_count == len(rnd.boneyard)
    assert view.to_move == rnd.to_move
    assert view.round_double == rnd.round_double
    assert view.first == rnd.first
    assert view.outcome == rnd.outcome
    assert view.is_over == rnd.is_over
    assert view.layout == rnd.layout
    assert view.open_ends == rnd.open_ends
    assert view.pending_double == rnd.pending_double
    assert view.obligation is rnd.obligation
    assert [e.move for e in view.history] == list(rnd.moves)
    assert [e.seat for e in view.history] == [e.seat for e in rnd.history]
    if rnd.to_move == seat:
        assert view.legal_moves() == rnd.legal_moves()
        assert view.drawn_tile == rnd.drawn_tile
    else:
        assert view.legal_moves() == []
        assert view.drawn_tile is None


@given(rnd=played_rounds(), data=st.data())
def test_a_view_shows_its_own_draws_and_no_one_elses(rnd: Round, data: st.DataObject) -> None:
    """Drawn tiles show in the history of the seat that drew them, and only there."""
    seat = data.draw(st.integers(0, rnd.players - 1))
    for seen, full in zip(rnd.view(seat).history, rnd.history, strict=True):
        if full.seat == seat:
            assert seen == full
        else:
            assert seen.drawn is None
            assert (seen.seat, seen.move) == (full.seat, full.move)


def test_drawn_tile_and_obligation_after_a_draw_r13() -> None:
    """R13: seat 0 draws 1-0 and must play it: its view shows the tile and the duty; seat
    1's view shows a draw of an unknown tile."""
    rnd = stuck_round("1-0").apply(Draw())
    mine, theirs = rnd.view(0), rnd.view(1)
    assert mine.drawn_tile == t("1-0")
    assert mine.obligation is Obligation.DRAWN_TILE
    assert mine.history[-1].drawn == t("1-0")
    assert set(mine.legal_moves()) == {Play(t("1-0"), t("6-0")), Play(t("1-0"), t("6-1"))}
    assert theirs.drawn_tile is None
    assert theirs.history[-1].move == Draw()
    assert theirs.history[-1].drawn is None
    assert theirs.hand_counts == mine.hand_counts == (4, 3)
    after = rnd.apply(Play(t("1-0"), t("6-1")))
    assert after.view(0).drawn_tile is None  # the turn is over
    assert after.view(0).obligation is Obligation.NONE


def test_at_a_table_of_300_the_seat_to_move_sees_its_moves_r5_r11() -> None:
    """R5, R11: at a table of 300 seats, one tile each from double-30, only the seat to
    move has moves in its view, the round's own, however high its number; a seat that
    has just drawn sees its drawn tile (R13)."""
    crowd = attrs.evolve(
        PRESETS["classic"], name="crowd", set_sizes={300: 30}, hand_sizes={300: 1}, start="centre"
    )
    rnd = Round.deal(crowd, 300, seed=1, first=280)
    rng = random.Random(1)
    for _ in range(12):
        assert rnd.to_move is not None
        views = [rnd.view(seat) for seat in range(300)]
        assert [v.seat for v in views if v.legal_moves()] == [rnd.to_move]
        assert views[rnd.to_move].legal_moves() == rnd.legal_moves()
        last = rnd.history[-1] if rnd.history else None
        drew = last is not None and last.seat == rnd.to_move and last.move == Draw()
        assert views[rnd.to_move].drawn_tile == (last.drawn if last and drew else None)
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.is_over:
            break
    assert rnd.ply >= 2


def test_a_finished_round_shows_its_outcome_and_no_moves() -> None:
    """R16: once the round is over no seat has a move, and every view shows the outcome."""
    rnd = _finished(Round.deal(PRESETS["classic"], 3, seed=4), random.Random(4))
    for seat in range(3):
        view = rnd.view(seat)
        assert view.is_over
        assert view.outcome == rnd.outcome
        assert view.obligation is Obligation.NONE
        assert view.to_move is None
        assert view.legal_moves() == []
        assert view.drawn_tile is None


# == a view is a value ==========================================================================


def test_views_hide_what_the_seat_cannot_see() -> None:
    """Two rounds that differ only in the other hands and the boneyard give equal views of
    seat 0, with equal hashes; the other seat sees them differ."""
    rules = PRESETS["chickie-duel"]
    hands = [
        ts("6-6 6-0 6-1 5-5 4-4 4-2 4-1"),
        ts("6-2 6-3 3-3 5-4 5-3 5-2 5-0"),
    ]
    rest = [tile for tile in tile_set(6) if tile not in {*hands[0], *hands[1]}]
    one = Round.from_deal(rules, hands, rest, round_double=6)
    swapped = [hands[0], [*hands[1][:-1], rest[0]]]
    other = Round.from_deal(rules, swapped, [hands[1][-1], *rest[1:]], round_double=6)
    assert one != other
    assert one.view(0) == other.view(0)
    assert hash(one.view(0)) == hash(other.view(0))
    assert one.view(1) != other.view(1)
    move = Play(t("6-6"))
    assert one.apply(move).view(0) == other.apply(move).view(0)
    assert one.apply(move).view(0) != one.view(0)


@given(rnd=played_rounds(), data=st.data())
def test_views_are_values(rnd: Round, data: st.DataObject) -> None:
    """A view equals itself, its copies and its pickled copy, and hashes alike; views of
    different seats or different moments differ."""
    seat = data.draw(st.integers(0, rnd.players - 1))
    view = rnd.view(seat)
    assert view == view
    for again in (rnd.view(seat), copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        assert again == view
        assert hash(again) == hash(view)
        assert again.history == view.history
    assert view != rnd.view((seat + 1) % rnd.players)
    assert view != object()
    if not rnd.is_over:
        assert rnd.apply(rnd.legal_moves()[0]).view(seat) != view


def test_views_pickled_under_their_old_module_load() -> None:
    """A view pickled when the views had a module of their own names
    ``chickenfoot._views``; such pickles still load, equal to the view (the module names
    have the same length, so the pickle's bytes differ in the name alone)."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=5)
    match = match.apply(match.legal_moves()[0])
    for view in (match.round.view(1), match.view(0)):
        text = pickle.dumps(view)
        old = text.replace(b"chickenfoot._round", b"chickenfoot._views")
        old = old.replace(b"chickenfoot._match", b"chickenfoot._views")
        assert old != text
        assert b"chickenfoot._round" not in old
        assert b"chickenfoot._match" not in old
        again = pickle.loads(old)
        assert again == view
        assert type(again) is type(view)


def _fields_of(rnd: Round, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """What ``RoundView(...)`` takes to make ``rnd.view(seat)``: the fields the view shows,
    and the rest of what its seat has seen."""
    view = rnd.view(seat)
    names = ("seat", "hand", "hand_counts", "boneyard_count", "to_move", "round_double")
    shown: dict[str, Any] = {name: getattr(view, name) for name in names}
    shown.update(first=view.first, outcome=view.outcome, rules=view.rules)
    seen = state_of(rnd).seen_by(seat)
    hidden: dict[str, Any] = {
        "moves": seen.history,
        "mine": tuple(TILES[t] for t in seen.mine),
        "length": seen.ply,
        "table": seen.table,
        "turn_draws": seen.turn_draws,
        "start": seen.start,
    }
    return shown, hidden


def test_views_differ_in_each_thing_they_show() -> None:
    """Each field a view shows takes part in its equality, whichever view is compared
    with which."""
    rnd = stuck_round("6-4")
    view = rnd.view(1)
    fields: dict[str, Any] = {
        "seat": 0,
        "hand": (),
        "hand_counts": (1, 1),
        "boneyard_count": 0,
        "to_move": 1,
        "round_double": t("5-5"),
        "first": 1,
        "outcome": Outcome(Ending.WENT_OUT, 0, (0, 5)),
        "rules": PRESETS["classic"],
    }
    shown, hidden = _fields_of(rnd, 1)
    assert RoundView(**shown, **hidden) == view
    for name, value in fields.items():
        changed = RoundView(**{**shown, name: value}, **hidden)
        assert changed != view, name
        assert view != changed, name
    drew = rnd.apply(Draw()).apply(Pass())
    assert drew.view(1) != view  # two moves more
    assert drew.view(0) != rnd.view(0)  # and seat 0's own draw


def test_repr_shows_the_seat_the_turn_and_the_hand() -> None:
    rnd = stuck_round("6-4")
    assert repr(rnd.view(1)) == (
        "<RoundView of seat 1, centre-duel, double 6-6: seat 0 to move after 4 moves, "
        "hand 3-3 5-2 5-3>"
    )
    assert repr(rnd.view(0)).endswith("seat 0 to move after 4 moves, hand 4-4 5-4 5-5>")
    over = _finished(Round.deal(PRESETS["classic"], 3, seed=4), random.Random(4))
    assert repr(over.view(2)).startswith("<RoundView of seat 2, classic, double 9-9: over after ")


def _drawing(rnd: Round, seat: int, tiles: int) -> Round:
    """``rnd`` played on, ``seat`` drawing whenever it may, until it holds ``tiles``."""
    rng = random.Random(3)
    while len(rnd.hand(seat)) < tiles:
        moves = rnd.legal_moves()
        rnd = rnd.apply(Draw() if rnd.to_move == seat and Draw() in moves else rng.choice(moves))
    return rnd


def test_a_long_hand_shows_ten_tiles_and_a_count() -> None:
    """A view's repr stays one short line when its seat has drawn many tiles (R12)."""
    rnd = _drawing(Round.deal(PRESETS["classic"], 2, seed=2), 1, 14)
    hand = rnd.hand(1)
    text = repr(rnd.view(1))
    shown = " ".join(str(t) for t in hand[:10])
    assert text.endswith(f", hand {shown} and {len(hand) - 10} more>")


def _reprs(rnd: Round, match: Match) -> dict[str, object]:
    return {"round": rnd, "view": rnd.view(0), "match": match, "match view": match.view(0)}


def test_reprs_stay_short_however_long_the_game() -> None:
    """A finished round at 20 seats and a finished match print as one short line, in
    repr and wherever Hypothesis and IPython print them (their ``_repr_pretty_``), so a
    failing example shows its assertion, not megabytes of history."""
    rnd = _finished(Round.deal(PRESETS["classic"], 20, seed=6), random.Random(6))
    match = Match.new(PRESETS["chickie-duel"], 2, seed=6)
    rng = random.Random(6)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_moves()))
    assert len(rnd.history) > 150
    assert len(match.finished) == 7
    for name, value in _reprs(rnd, match).items():
        text = repr(value)
        assert len(text) < 160, name
        assert "\n" not in text, name
        assert text.startswith(f"<{type(value).__name__} "), name
        assert pretty(value) == text, name


def test_a_failing_example_shows_the_short_repr() -> None:
    """Hypothesis's report of a failing example names a round, a view and a match by
    their reprs: no warning about an overly large repr hides the failure."""
    rnd = _finished(Round.deal(PRESETS["classic"], 20, seed=6), random.Random(6))
    match = Match.new(PRESETS["classic"], 20, seed=6)
    match = match.apply(match.legal_moves()[0])
    values = _reprs(rnd, match)

    @settings(database=None, phases=[Phase.generate], max_examples=1)
    @given(value=st.sampled_from(list(values.values())))
    def fails(value: object) -> None:
        raise AssertionError("the example fails")

    with pytest.raises(AssertionError, match="the example fails") as info:
        fails()
    notes = "\n".join(getattr(info.value, "__notes__", ()))
    assert "fails(" in notes  # the example, as a call
    assert any(repr(value) in notes for value in values.values()), notes
    assert len(notes) < 2000


@pytest.mark.parametrize("seat", [-1, 2, True, 0.0, None])
def test_a_view_is_of_a_seat_of_the_table(seat: Any) -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    with pytest.raises(ValueError, match="seat is a seat from 0 to 1") as info:
        rnd.view(seat)
    assert repr(seat) in str(info.value)


# == sampling a full round from a view ==========================================================


@given(data=st.data())
def test_a_sampled_round_has_the_view(data: st.DataObject) -> None:
    """A sampled round is one this view could be looking at: same view, same history.
    (Rounds in play, up to 8 seats: the first sample of a view late in a round at a
    table of a dozen seats or more can take minutes.)"""
    rules = data.draw(st.sampled_from(sorted(PRESETS.values(), key=lambda r: r.name)))
    players = data.draw(st.sampled_from([p for p in rules.player_counts if p <= 8]))
    rnd = data.draw(played_rounds(rules=rules, players=players, in_play=True))
    seat = data.draw(st.integers(0, rnd.players - 1))
    view = rnd.view(seat)
    sample = view.sample_state(random.Random(data.draw(st.integers(0, 99))))
    assert sample.view(seat) == view
    assert sample.moves == rnd.moves
    assert sample.hand(seat) == rnd.hand(seat)


@pytest.mark.parametrize(
    ("shown", "fields"),
    [
        (
            "view",
            "rules seat hand hand_counts boneyard_count to_move round_double first outcome",
        ),
        ("round", "rules hands boneyard to_move round_double first outcome"),
    ],
)
def test_rich_shows_public_facts_only(shown: str, fields: str) -> None:
    """rich's pretty printer (the CLI's console, rich's REPL) shows a view's or a full
    round's public facts, not the history, engine state and drawn tiles kept inside."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    rnd = rnd.apply(rnd.legal_moves()[0])
    value = rnd.view(0) if shown == "view" else rnd
    text = pretty_repr(value)
    assert text.startswith(f"{type(value).__name__}(\n")
    assert re.findall(r"^    (\w+)=", text, re.MULTILINE) == fields.split()
    assert f"    to_move={rnd.to_move},\n" in text
    assert not re.search(r"^\s+_\w+=", text, re.MULTILINE)


# == match views ================================================================================


def test_a_match_view_shows_the_scores_and_the_round() -> None:
    """R21: a match view has the results, standings and totals of the match, and the
    seat's view of the round in play."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=2)
    rng = random.Random(2)
    while not match.finished:
        match = match.apply(rng.choice(match.legal_moves()))
    for seat in range(2):
        view = match.view(seat)
        assert isinstance(view, MatchView)
        assert isinstance(view.round, RoundView)
        assert view.seat == seat
        assert view.rules == match.rules
        assert view.results == match.results
        assert view.standings == match.standings
        assert view.totals == match.totals
        assert view.round_index == match.round_index == 1
        assert view.is_over == match.is_over
        assert view.round == match.round.view(seat)
        assert view.legal_moves() == view.round.legal_moves()
        assert repr(view) == (
            f"<MatchView of seat {seat}, chickie-duel, round 2, totals {list(match.totals)}>"
        )
    to_move = match.round.to_move
    assert to_move is not None
    assert match.view(to_move).legal_moves() == match.legal_moves()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_of_highest_held_rounds_have_the_view_r6b(players: int) -> None:
    """R6b: in rounds that may open on a lower double than the one dealt for, every seat's
    sample, at every one of the first moves, is a round with that seat's view: the same
    round double, the same seat to move, the same history."""
    rules = attrs.evolve(
        PRESETS["chickie-duel"],
        name="highest-held",
        start="highest_held",
        set_sizes={players: 6},
        hand_sizes={players: 5},
        first_foot_required=False,
        boneyard_reserve=0,
    )
    lower = 0
    for seed in range(12):
        rnd = Round.deal(rules, players, seed=seed)
        rng = random.Random(seed)
        for k in range(12):
            if rnd.is_over:
                break
            lower += rnd.round_double != rnd.dealt_for
            for seat in range(players):
                view = rnd.view(seat)
                assert view.sample_state(random.Random(k)).view(seat) == view
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert lower  # some of these rounds opened on a lower double


def test_views_of_positions_with_other_tiles_on_the_table_differ() -> None:
    """R1: the table is in every seat's view. Two positions alike but for one tile on the
    table (6-4 there in one, 6-1 in the other, the other tile in the boneyard) give seat
    0 views that differ, though its hand, the counts and the turn are the same."""
    rules = PRESETS["chickie-duel"]
    one = (
        "cf1 6-6 6-6,6-4@6-6,6-3@6-6,6-5@6-6 1-1,2-1,3-3,4-0,4-3,6-0/3-0,4-2,5-0,5-2,5-3 "
        "2-0,2-2,1-0,3-1,4-4,0-0,5-1,5-5,6-1,4-1,6-2,3-2,5-4 0 0 0 1:6-0"
    )
    other = one.replace("6-4@6-6", "6-1@6-6").replace(",6-1,4-1", ",6-4,4-1")
    a, b = (Round.from_position(rules, text).view(0) for text in (one, other))
    assert (a.hand, a.hand_counts, a.boneyard_count) == (b.hand, b.hand_counts, b.boneyard_count)
    assert a.layout != b.layout
    assert a != b
    assert a == Round.from_position(rules, one).view(0)


def test_a_view_of_a_position_is_made_from_what_it_shows() -> None:
    """A view built from its fields is the view (R1), for a round set up from a position
    too, whose start is its own and not a dealt round's; a history length that is not the
    history's is refused either way."""
    rules = PRESETS["chickie-duel"]
    text = (
        "cf1 6-6 6-6,6-4@6-6,6-3@6-6,6-5@6-6 1-1,2-1,3-3,4-0,4-3,6-0/3-0,4-2,5-0,5-2,5-3 "
        "2-0,2-2,1-0,3-1,4-4,0-0,5-1,5-5,6-1,4-1,6-2,3-2,5-4 0 0 0 1:6-0"
    )
    rnd = Round.from_position(rules, text)
    view = rnd.view(0)
    shown, hidden = _fields_of(rnd, 0)
    ply = hidden["length"]
    assert RoundView(**shown, **hidden) == view
    assert RoundView(**shown, **hidden).layout == view.layout
    for length in (ply - 1, ply + 1):
        with pytest.raises(ValueError, match=f"length is the history's, {ply}, not"):
            RoundView(**shown, **{**hidden, "length": length})
