"""Properties of rounds that hold for every variant, deal and sequence of legal moves.

Each test's docstring quotes the rule of RULES.md it checks. Rounds come from
tests/strategies.py: presets and presets with changed knobs, dealt with a drawn seed, round
double and first seat, and advanced by drawn legal moves.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import Deal, deals, move_bound, played_rounds

from chickenfoot import (
    PRESETS,
    Draw,
    Ending,
    IllegalMoveError,
    Move,
    Obligation,
    Pass,
    Play,
    Round,
    Rules,
    Tile,
    tile_set,
)

DOUBLE_BLANK = Tile(0, 0)


def replay(rnd: Round) -> Iterator[Round]:
    """Every state of ``rnd`` from its seeded deal, the deal first and ``rnd`` itself last."""
    assert rnd.seed is not None
    state = Round.deal(
        rnd.rules, rnd.players, seed=rnd.seed, round_double=rnd.dealt_for, first=rnd.first
    )
    yield state
    for move in rnd.moves:
        state = state.apply(move)
        yield state


def snapshot(rnd: Round) -> tuple[object, ...]:
    """What a reader of ``rnd`` can see, read through the public properties."""
    return (
        rnd.hands,
        rnd.boneyard,
        rnd.moves,
        rnd.to_move,
        rnd.is_over,
        rnd.outcome,
        rnd.layout,
        rnd.open_ends,
        rnd.obligation,
        tuple(rnd.legal_moves()),
    )


def penalty(hand: tuple[Tile, ...], double_blank: int, blank_value: int = 0) -> int:
    """R17, written out: the pips of every tile, the double-blank counting ``double_blank``;
    R17b: every other tile with a blank end ``blank_value`` more."""
    return sum(
        double_blank if t == DOUBLE_BLANK else t.high + t.low + (blank_value if t.low == 0 else 0)
        for t in hand
    )


# -- the table and the tiles -----------------------------------------------------------------


@given(rnd=played_rounds())
def test_every_tile_is_in_exactly_one_place(rnd: Round) -> None:
    """R5: "each player gets hand_size(players) tiles" from the set; R1: every other tile is
    on the table; R6: in a centre start "the round double is put in the centre before the
    deal". So every tile of the set is in exactly one hand, the boneyard or the layout."""
    places = Counter[Tile]()
    for hand in rnd.hands:
        places.update(hand)
    places.update(rnd.boneyard)
    places.update(rnd.layout.tiles)
    assert places == Counter(tile_set(rnd.set_size))
    assert rnd.hand_counts == tuple(len(hand) for hand in rnd.hands)
    if rnd.rules.start == "centre":
        assert rnd.layout.placements[0].tile == rnd.round_double
        assert rnd.layout.placements[0].onto is None
    dealt = sum(len(h) for h in rnd.dealt_hands)
    assert dealt == rnd.players * rnd.rules.hand_size(rnd.players)


@given(rnd=played_rounds())
def test_layout_is_a_tree_with_the_open_ends_it_shows(rnd: Round) -> None:
    """R1: "The layout is a tree rooted at the round double. Every other tile is played
    onto exactly one tile already on the table (its parent), the touching ends equal."
    R2: a non-double "offers one open end"; R3: a double offers toes_per_double places,
    the round double opening_toes. open_ends lists the places left, by the tile onto."""
    rules = rnd.rules
    placements = rnd.layout.placements
    if not placements:
        assert rnd.lead is None
        assert rnd.open_ends == ()
        return
    root = placements[0]
    assert (root.tile, root.onto) == (rnd.round_double, None)
    free_end: dict[Tile, int] = {}  # the free end of each non-double on the table (R2)
    children = Counter[Tile]()
    on_table = {root.tile}
    for p in placements[1:]:
        assert p.onto in on_table, f"{p} is played onto a tile not yet on the table"
        assert p.tile not in on_table
        needs = p.onto.high if p.onto.is_double else free_end[p.onto]
        assert p.tile.has(needs), f"{p}: the touching ends differ"
        if not p.tile.is_double:
            free_end[p.tile] = p.tile.other(needs)
        children[p.onto] += 1
        on_table.add(p.tile)
    expected = []
    for p in placements:
        tile = p.tile
        if tile.is_double:
            places = rules.opening_toes if p.onto is None else rules.toes_per_double
            assert children[tile] <= places
            if children[tile] < places:
                expected.append((tile.index, tile.high, places - children[tile]))
        else:
            assert children[tile] <= 1
            if not children[tile]:
                expected.append((tile.index, free_end[tile], 1))
    shown = [(end.onto.index, end.number, end.places) for end in rnd.open_ends]
    assert sorted(shown) == sorted(expected)


@given(rnd=played_rounds())
def test_obligation_is_what_the_legal_plays_obey(rnd: Round) -> None:
    """R6: the round double is placed first. R13: after a draw only the drawn tile may be
    played (R13b: none, and the table's obligation stands). R7: "Until the round double has all its opening_toes places filled, the only
    legal plays are tiles carrying its number, onto it." R9: "while a double has free toe
    places, the only legal plays are tiles carrying its number, onto that double." R8:
    "only doubles matching an arm's open end are legal until one is played"."""
    rules = rnd.rules
    plays = [m for m in rnd.legal_moves() if isinstance(m, Play)]
    placements = rnd.layout.placements
    children = Counter(p.onto for p in placements)
    unfinished = [
        p.tile
        for p in placements
        if p.tile.is_double
        and children[p.tile] < (rules.opening_toes if p.onto is None else rules.toes_per_double)
    ]
    if rnd.lead is not None and rnd.drawn_tile is not None and rules.play_drawn == "never":
        assert plays == []  # R13b: no play after a draw; the table's obligation stands
    if rnd.is_over:
        expected = Obligation.NONE
    elif rnd.lead is None:
        expected = Obligation.ROUND_DOUBLE
        assert all(m == Play(rnd.round_double) for m in plays)
    elif rnd.drawn_tile is not None and rules.play_drawn != "never":
        expected = Obligation.DRAWN_TILE
        assert all(m.tile == rnd.drawn_tile for m in plays)
    elif unfinished:
        assert len(unfinished) == 1  # R9: "at most one double is unfinished at a time"
        double = unfinished[0]
        expected = Obligation.OPENING if double == rnd.round_double else Obligation.TOES
        assert all(m.onto == double and m.tile.has(double.high) for m in plays)
    elif rules.first_foot_required and not any(p.tile.is_double for p in placements[1:]):
        expected = Obligation.FIRST_FOOT
        assert all(m.tile.is_double for m in plays)
    else:
        expected = Obligation.NONE
    assert rnd.obligation is expected


# -- moves -------------------------------------------------------------------------------------


@given(rnd=played_rounds())
def test_every_legal_move_applies_and_leaves_the_round_alone(rnd: Round) -> None:
    """R4/R11: a move is a Play, a Draw or a Pass, and a legal one can be made. Rounds are
    values: apply returns the next round and the round it was called on is unchanged."""
    before = snapshot(rnd)
    twin = pickle.loads(pickle.dumps(rnd))
    key = hash(rnd)
    legal = rnd.legal_moves()
    assert (legal == []) == rnd.is_over
    for move in legal:
        assert rnd.is_legal(move)
        after = rnd.apply(move)
        assert after != rnd
        assert after.moves == (*rnd.moves, move)
        event = after.history[-1]
        assert (event.seat, event.move) == (rnd.to_move, move)
        if isinstance(move, Draw):
            assert event.drawn == rnd.boneyard[0]
    assert snapshot(rnd) == before
    assert rnd == twin
    assert hash(rnd) == key
    # Different moves give different rounds, even when only the history tells them apart
    # (one tile played onto two ends leaves the same hands, boneyard and seat to move).
    children = [rnd.apply(move) for move in legal]
    assert len(set(children)) == len(children)
    assert all(a != b for a, b in itertools.combinations(children, 2))


def candidate_moves(rnd: Round) -> st.SearchStrategy[Move]:
    """Any move at all: Draw, Pass, or a tile of the set onto a tile on the table or none."""
    tiles = st.sampled_from(tile_set(rnd.set_size))
    table = list(rnd.layout.tiles)
    onto = (st.none() | st.sampled_from(table)) if table else st.none()
    return st.just(Draw()) | st.just(Pass()) | st.builds(Play, tiles, onto)


@given(rnd=played_rounds(), data=st.data())
def test_other_moves_are_refused_and_change_nothing(rnd: Round, data: st.DataObject) -> None:
    """R4-R16 and the errors module: a move the rules do not allow now raises
    IllegalMoveError, whose message names the move, the seat and the rule, "and nothing
    is changed when one is raised"."""
    before = snapshot(rnd)
    legal = set(rnd.legal_moves())
    for move in data.draw(st.lists(candidate_moves(rnd), min_size=1, max_size=8)):
        if move in legal:
            assert rnd.is_legal(move)
            continue
        assert not rnd.is_legal(move)
        with pytest.raises(IllegalMoveError) as caught:
            rnd.apply(move)
        error = caught.value
        assert error.move == move
        assert error.seat == rnd.to_move
        assert re.fullmatch(r"R\d+[a-z]?", error.rule)
        assert repr(move) in repr(error)
        who = "no seat can" if rnd.to_move is None else f"seat {rnd.to_move} cannot"
        assert str(error).startswith(f"{who} ")
        assert f"({error.rule})" in str(error)
        assert snapshot(rnd) == before


@given(rnd=played_rounds(finished=True))
def test_a_finished_round_refuses_every_move(rnd: Round) -> None:
    """R16: "The round ends at once"; after it there is no move to make."""
    assert rnd.is_over
    assert rnd.to_move is None
    assert rnd.legal_moves() == []
    moves: list[Move] = [Draw(), Pass(), Play(rnd.round_double)]
    for move in moves + [Play(t, None) for t in rnd.hand(0)]:
        assert not rnd.is_legal(move)
        with pytest.raises(IllegalMoveError, match="R16"):
            rnd.apply(move)


@given(rnd=played_rounds())
def test_without_a_play_the_only_move_is_draw_or_pass(rnd: Round) -> None:
    """R12: "A player with a legal play must play; he may not draw instead." R13: "a player
    with no legal play draws"; R15: "A player who has no legal play and may not draw
    passes." Passing beside a play is exactly the play_drawn="may" choice after a draw.
    R12b: with must_play false "a player who may draw (R14) may draw instead of playing":
    a draw beside plays comes last, at the start of a turn."""
    for state in replay(rnd):
        moves = state.legal_moves()
        if state.is_over:
            assert moves == []
            continue
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:
            assert moves in ([Draw()], [Pass()])
        else:
            if Draw() in moves:  # R12b
                assert not state.rules.must_play
                assert moves[-1] == Draw()
                assert state.drawn_tile is None
            if Pass() in moves:
                assert state.rules.play_drawn == "may"
                assert state.drawn_tile is not None
                assert all(m.tile == state.drawn_tile for m in plays)
            elif state.drawn_tile is not None and state.lead is not None:
                # R13: "may lets him pass instead"; R6: the round double drawn in the
                # search is placed at once, so there is no choice before it is down.
                assert state.rules.play_drawn == "must"
        if Draw() in moves and state.lead is not None:
            assert len(state.boneyard) > state.rules.boneyard_reserve  # R14


@given(rnd=played_rounds())
def test_after_a_draw_the_same_seat_moves(rnd: Round) -> None:
    """R11: "A turn is one play, or a draw followed by at most one play, or a pass." R13:
    the drawn tile is the boneyard's first, and after drawing the same player goes on.
    R6: a search draw is followed by placing the round double or by a pass."""
    states = list(replay(rnd))
    for before, after in itertools.pairwise(states):
        move = after.moves[-1]
        if isinstance(move, Draw):
            seat = before.to_move
            assert seat is not None
            drawn = before.boneyard[0]
            assert after.boneyard == before.boneyard[1:]
            assert Counter(after.hand(seat)) == Counter(before.hand(seat)) + Counter([drawn])
            if after.is_over:  # R16: drawing the last tile may block the round
                assert after.ending is Ending.BLOCKED
            else:
                assert after.to_move == seat
                assert after.drawn_tile == drawn
        elif not after.is_over:
            assert before.to_move is not None
            assert after.to_move == (before.to_move + 1) % rnd.players


# -- the end of a round ------------------------------------------------------------------------


@given(rnd=played_rounds(finished=True))
def test_rounds_end_within_the_derived_bound(rnd: Round) -> None:
    """R16: a round ends when a player goes out or nobody can play or draw. Plays take
    tiles from hands, draws from the boneyard, and passes in a row are at most one per
    seat (see strategies.move_bound for the derivation), so every round ends in at most
    move_bound moves."""
    assert rnd.is_over, f"not over after {len(rnd.moves)} moves, the bound"
    moves = rnd.moves
    assert len(moves) <= move_bound(rnd)
    draws = sum(isinstance(m, Draw) for m in moves)
    plays = sum(isinstance(m, Play) for m in moves)
    assert draws <= len(rnd.dealt_boneyard)
    assert draws == len(rnd.dealt_boneyard) - len(rnd.boneyard)
    assert plays == sum(len(h) for h in rnd.dealt_hands) + draws - sum(rnd.hand_counts)
    run = longest = 0
    for move in moves:
        run = run + 1 if isinstance(move, Pass) else 0
        longest = max(longest, run)
    assert longest <= rnd.players


@given(rnd=played_rounds(finished=True))
def test_scores_are_the_pips_left(rnd: Round) -> None:
    """R17: "each player scores the pips left in his hand; the double-blank counts
    double_blank instead of 0". R17c: "a player who goes out (R16) by playing a double as
    his last tile scores out_on_double points for that round instead of 0". R18: "The
    round's winner is the player who went out; in a blocked round, the lowest score, ties
    going to the tied player who comes first in turn order from the round's first seat"
    (the seat that led the round)."""
    assert rnd.is_over
    rules = rnd.rules
    last_tile = rnd.layout.placements[-1].tile if rnd.layout.placements else None
    on_double = rnd.ending is Ending.WENT_OUT and last_tile is not None and last_tile.is_double
    scores = tuple(
        penalty(rnd.hand(seat), rules.double_blank, rules.blank_value)
        + (rules.out_on_double if on_double and seat == rnd.winner else 0)
        for seat in range(rnd.players)
    )
    assert rnd.scores == scores
    assert rnd.outcome is not None
    assert (rnd.outcome.ending, rnd.outcome.winner, rnd.outcome.scores) == (
        rnd.ending,
        rnd.winner,
        scores,
    )
    if rnd.ending is Ending.WENT_OUT:
        last = rnd.history[-1]
        last_seat = last.seat
        assert rnd.winner == last_seat
        assert isinstance(last.move, Play)
        assert rnd.hand(last_seat) == ()
        assert all(rnd.hand(seat) for seat in range(rnd.players) if seat != last_seat)
    else:
        assert rnd.ending is Ending.BLOCKED
        assert rnd.lead is not None
        order = [(rnd.lead + i) % rnd.players for i in range(rnd.players)]
        assert rnd.winner == next(seat for seat in order if scores[seat] == min(scores))


@pytest.mark.parametrize(("preset", "players"), [("chickie-duel", 2), ("double-foot", 8)])
def test_blocked_ties_go_to_the_first_tied_seat_from_the_lead(preset: str, players: int) -> None:
    """R18: "in a blocked round, the lowest score, ties going to the tied player who comes
    first in turn order from the round's first seat" (checked on blocked rounds whose tie
    this order decides: the lowest tied seat number is not the winner)."""
    rules = PRESETS[preset]
    decided = 0
    for seed in range(400):
        rnd = Round.deal(rules, players, seed=seed, first=seed % players)
        rng = random.Random(seed)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        if rnd.ending is not Ending.BLOCKED:
            continue
        scores = [
            penalty(rnd.hand(seat), rules.double_blank, rules.blank_value)
            for seat in range(players)
        ]
        tied = [seat for seat in range(players) if scores[seat] == min(scores)]
        assert rnd.lead is not None
        order = [(rnd.lead + i) % players for i in range(players)]
        winner = next(seat for seat in order if seat in tied)
        assert rnd.winner == winner, f"seed {seed}: scores {scores}, lead {rnd.lead}"
        decided += winner != tied[0]
    assert decided >= 2


@given(rnd=played_rounds())
def test_no_scores_while_the_round_goes_on(rnd: Round) -> None:
    """R17: scores are taken "when a round ends"; before that there are none."""
    assert (rnd.scores is None) == (not rnd.is_over)
    assert (rnd.outcome is None) == (not rnd.is_over)
    assert (rnd.winner is None) == (not rnd.is_over)
    assert (rnd.to_move is None) == rnd.is_over


@pytest.mark.parametrize("double_blank", [0, 25, 50])
def test_the_double_blank_counts_its_value(double_blank: int) -> None:
    """R17: "the double-blank counts double_blank instead of 0" (checked on rounds that
    end with the double-blank in a hand, so the rule is met, not only the sum of pips)."""
    rules = attrs.evolve(PRESETS["classic"], double_blank=double_blank)
    met = 0
    for seed in range(200):
        rnd = Round.deal(rules, 4, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        assert rnd.scores is not None
        for seat in range(4):
            hand = rnd.hand(seat)
            if DOUBLE_BLANK in hand:
                met += 1
                pips = sum(t.high + t.low for t in hand)
                assert rnd.scores[seat] == pips + double_blank
    assert met >= 5


# -- dealing -----------------------------------------------------------------------------------


@given(deal=deals())
def test_deal_is_reproducible(deal: Deal) -> None:
    """R5: "The boneyard is shuffled"; Round.deal: "The same seed always gives the same
    deal"."""
    one, two = deal.round(), deal.round()
    assert one == two
    assert hash(one) == hash(two)
    assert (one.hands, one.boneyard, one.to_move) == (two.hands, two.boneyard, two.to_move)
    assert one.seed == deal.seed


@given(deal=deals())
def test_deal_hands_the_rules_ask_for(deal: Deal) -> None:
    """R5: "each player gets hand_size(players) tiles"; R6: the round double is dealt like
    any tile in a holder start and lies in the centre in a centre start, which the first
    seat moves in; in a holder start the holder places it first."""
    rnd = deal.round()
    rules, n = deal.rules, deal.rules.set_size(deal.players)
    assert rnd.hand_counts == (rules.hand_size(deal.players),) * deal.players
    double = Tile(n, n) if deal.round_double is None else Tile(deal.round_double, deal.round_double)
    assert rnd.dealt_for == double
    assert rnd.first == deal.first
    if rules.start == "centre":
        assert rnd.layout.tiles == (double,)
        assert rnd.to_move == deal.first or rnd.is_over
    elif rules.start == "highest_held":  # R6b: the highest double held at or below it
        held = [t for hand in rnd.hands for t in hand if t.is_double and t <= double]
        opens = max(held, default=double)
        assert rnd.round_double == opens
        holders = [seat for seat, hand in enumerate(rnd.hands) if opens in hand]
        assert rnd.to_move == (holders[0] if holders else deal.first)
        assert rnd.legal_moves() == ([Play(opens)] if holders else [Draw()])
    else:
        assert rnd.round_double == double
        holders = [seat for seat, hand in enumerate(rnd.hands) if double in hand]
        assert rnd.to_move == (holders[0] if holders else deal.first)
        assert rnd.legal_moves() == ([Play(double)] if holders else [Draw()])


def test_seed_none_deals_a_reproducible_random_seed() -> None:
    """Round.deal: "seed=None picks a random seed, which seed then reports"."""
    rules = PRESETS["classic"]
    rounds = [Round.deal(rules, 4, seed=None) for _ in range(5)]
    assert len({r.seed for r in rounds}) == 5
    for rnd in rounds:
        assert rnd.seed is not None
        assert Round.deal(rules, 4, seed=rnd.seed) == rnd


@pytest.mark.parametrize("preset", PRESETS)
def test_different_seeds_deal_different_rounds(preset: str) -> None:
    """R5: the shuffle depends on the seed: 50 seeds give 50 different deals."""
    rules = PRESETS[preset]
    players = rules.player_counts[0]
    dealt = {
        (r.dealt_hands, r.dealt_boneyard)
        for r in (Round.deal(rules, players, seed=seed) for seed in range(50))
    }
    assert len(dealt) == 50


# -- values --------------------------------------------------------------------------------------


def long_round_rules() -> Rules:
    """Two players and a double-45 set (1081 tiles): a round of well over 1000 moves."""
    return Rules(name="long", set_sizes={2: 45}, hand_sizes={2: 500})


@given(rnd=played_rounds())
def test_pickle_round_trips(rnd: Round) -> None:
    """Rounds are values: a pickled round comes back equal, with the same hash, and plays
    on exactly as the original."""
    back = pickle.loads(pickle.dumps(rnd))
    assert back == rnd
    assert hash(back) == hash(rnd)
    assert snapshot(back) == snapshot(rnd)
    assert copy.deepcopy(rnd) == rnd
    for move in rnd.legal_moves():
        assert back.apply(move) == rnd.apply(move)


def test_pickle_round_trips_a_long_round() -> None:
    """A finished round of more than 1000 moves pickles, copies and compares."""
    rnd = Round.deal(long_round_rules(), 2, seed=7)
    rng = random.Random(7)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert len(rnd.moves) > 1000
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(rnd, protocol=protocol))
        assert back == rnd
        assert hash(back) == hash(rnd)
        assert back.moves == rnd.moves
        assert back.outcome == rnd.outcome
    assert copy.deepcopy(rnd) == rnd


@given(rnd=played_rounds())
def test_equality_and_hash_agree(rnd: Round) -> None:
    """Rounds are equal when they have the same rules, deal and moves, and equal rounds
    hash alike; a round is never equal to another kind of value."""
    states = list(replay(rnd))
    rebuilt = states[-1]
    assert rebuilt == rnd
    assert rnd == rebuilt
    assert hash(rebuilt) == hash(rnd)
    assert len({rnd, rebuilt}) == 1
    assert {rnd: 1}[rebuilt] == 1
    # Every earlier state differs from the round and from each other (their move counts).
    assert len(set(states)) == len(states)
    assert all(earlier != rnd for earlier in states[:-1])
    assert rnd != "a round"
    assert rnd.__eq__(object()) is NotImplemented
    other_rules = attrs.evolve(rnd.rules, name=rnd.rules.name + "-renamed")
    renamed = Round.deal(
        other_rules, rnd.players, seed=rnd.seed, round_double=rnd.dealt_for, first=rnd.first
    )
    assert renamed != states[0]


@given(rnd=played_rounds())
def test_a_seat_can_draw_while_the_boneyard_holds_more_than_the_reserve(rnd: Round) -> None:
    """R14: drawing is open exactly while the boneyard holds more than the reserve."""
    assert rnd.can_draw == (len(rnd.boneyard) > rnd.rules.boneyard_reserve)
    if rnd.is_over:
        return
    if Draw() in rnd.legal_moves():
        assert rnd.can_draw
