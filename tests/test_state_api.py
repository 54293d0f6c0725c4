"""chickenfoot.state, the fast API of bots and searches: its keys, its table questions
and its draws.

The tree search keys its nodes on ``State.info_key`` and ``State.drawn_key``, and the
search players group their candidates by ``TableState.info_key``: the keys are held to the
key the search used before them (a tile and what it covers, R2, R10), written here
separately, so that the bots make the same moves for the same seeds. The greedy heuristic
asks ``TableState.opens`` and ``places``: they are held to the ends worked out from the
table's own fields, and the greedy bot and the search's playouts to the heuristic written
with them.
"""

from __future__ import annotations

import random

import attrs
import pytest
from house_rules import WildDoubleBlank
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played_rounds

import chickenfoot.bots
from chickenfoot import MAX_PIPS, PRESETS, Draw, Move, Pass, Play, Round, Rules, Tile, tile_set
from chickenfoot.bots import GreedyPlayer, level, play_round
from chickenfoot.state import State, TableState, hand_score, round_of, state_of, table_of

#: Every tile by index.
TILES = tile_set(MAX_PIPS)


# -- the keys (R2, R10) -------------------------------------------------------------------


def covered_key(table: TableState, move: Move) -> tuple[int, int]:
    """The key of a move before ``info_key``: the tile and the number it covers (-3 for
    the round double, -1 for the pending double's places), or a draw or a pass."""
    if isinstance(move, Play):
        if move.onto is None:
            return (move.tile.index, -3)
        if move.onto.index == table.pending:
            return (move.tile.index, -1)
        ends = [k for k, tiles in enumerate(table.ends) if move.onto.index in tiles]
        return (move.tile.index, ends[0] if ends else -2)
    return (-1, 1 if isinstance(move, Draw) else 0)


@settings(max_examples=150, deadline=None)
@given(rnd=played_rounds(in_play=True))
def test_info_key_tells_moves_apart_as_the_covered_number_does(rnd: Round) -> None:
    """Two legal moves have equal keys exactly when they play one tile over one number
    (or are both draws or both passes); plays have keys of 0 and up, a draw -1, a pass
    -2, and a view's table gives the state's keys."""
    state = state_of(rnd)
    seen = table_of(rnd.view(state.to_move))
    moves = state.legal_moves()
    for a in moves:
        key = state.info_key(a)
        assert key == seen.info_key(a) == state.table.info_key(a)
        assert (key >= 0) == isinstance(a, Play)
        if not isinstance(a, Play):
            assert key == (-1 if isinstance(a, Draw) else -2)
        for b in moves:
            same = covered_key(state.table, a) == covered_key(state.table, b)
            assert (state.info_key(a) == state.info_key(b)) == same


def _pair_keys(
    state: State,
    rng: random.Random,
    to_key: dict[tuple[int, int], int],
    to_covered: dict[int, tuple[int, int]],
) -> None:
    """Play ``state`` out at random, pairing every legal move's key with its covered key
    (each must have one partner only) and checking that a key is an int, of 0 and up for
    a play alone."""
    while state.outcome is None:
        moves = state.legal_moves()
        for move in moves:
            covered, key = covered_key(state.table, move), state.info_key(move)
            assert type(key) is int
            assert (key >= 0) == isinstance(move, Play), move
            assert to_key.setdefault(covered, key) == key
            assert to_covered.setdefault(key, covered) == covered
        state = state.after(rng.choice(moves))


def test_info_key_is_one_number_for_each_covered_key() -> None:
    """Across the states of many rounds, the keys and the covered keys pair one to one, so
    a tree keyed on either has the same nodes."""
    to_key: dict[tuple[int, int], int] = {}
    to_covered: dict[int, tuple[int, int]] = {}
    rng = random.Random(5)
    for seed in range(60):
        preset = ("classic", "chickie-duel", "double-foot")[seed % 3]
        rules = PRESETS[preset]
        players = min(rules.player_counts) + (seed % 2 if preset == "classic" else 0)
        _pair_keys(state_of(Round.deal(rules, players, seed=seed)), rng, to_key, to_covered)
    assert len(to_key) > 100  # many tiles over many numbers were seen


def test_a_house_rules_wild_play_has_a_key_of_0_and_up() -> None:
    """A house rule's play of a tile over a number it does not show (the wild double-blank
    over any open end) has a key of 0 and up like every play, apart from the drawer's
    keys of its draws (-3 and down), and the keys still pair one to one with the tile and
    the number it covers."""
    rules = attrs.evolve(PRESETS["classic"], house=(WildDoubleBlank(),))
    to_key: dict[tuple[int, int], int] = {}
    to_covered: dict[int, tuple[int, int]] = {}
    rng = random.Random(11)
    for seed in range(40):
        _pair_keys(state_of(Round.deal(rules, 4, seed=seed)), rng, to_key, to_covered)
    wild = {number for tile, number in to_key if tile == Tile(0, 0).index and number > 0}
    assert len(wild) >= 5  # the double-blank went wild over many other numbers


@pytest.mark.parametrize(("double_blank", "blank_value"), [(0, 0), (25, 0), (50, 10)])
def test_a_hands_score_counts_each_tile_r17(double_blank: int, blank_value: int) -> None:
    """R17, R17b: a hand scores the pips of its tiles, the double-blank what the rules
    say and every other tile with a blank end the blank's value more, over random hands
    of the double-12 set."""
    rules = attrs.evolve(PRESETS["classic"], double_blank=double_blank, blank_value=blank_value)
    tiles = tile_set(12)
    rng = random.Random(double_blank)

    def points(t: Tile) -> int:
        if t == Tile(0, 0):
            return double_blank
        return t.high + t.low + (blank_value if t.low == 0 else 0)

    for _ in range(50):
        hand = rng.sample(tiles, rng.randrange(len(tiles)))
        mask = sum(1 << t.index for t in hand)
        assert hand_score(rules, mask) == sum(points(t) for t in hand)


def test_the_round_doubles_placement_has_a_key_of_its_own_r6() -> None:
    """R6: placing the round double is a move of its own: whichever double of the set it
    is, its key is an int that no play over a number shares, across rounds of every
    round double of double-12 (the classic set of 7 players)."""
    to_key: dict[tuple[int, int], int] = {}
    to_covered: dict[int, tuple[int, int]] = {}
    rng = random.Random(7)
    rules = PRESETS["classic"]
    assert rules.set_size(7) == 12
    for double in range(13):
        for seed in range(2):
            rnd = Round.deal(rules, 7, seed=seed, round_double=double)
            _pair_keys(state_of(rnd), rng, to_key, to_covered)
    assert {(Tile(k, k).index, -3) for k in range(13)} <= set(to_key)


@settings(max_examples=100, deadline=None)
@given(rnd=played_rounds(in_play=True), data=st.data())
def test_drawn_key_shows_the_tile_to_the_drawer_alone(rnd: Round, data: st.DataObject) -> None:
    """The drawer's key of a draw names the tile it draws, apart from every move's key;
    every other seat's key of it is the key of a draw, whatever the tile."""
    state = state_of(rnd)
    if not any(isinstance(m, Draw) for m in state.legal_moves()):
        return
    drawer = state.to_move
    drawn = rnd.apply(Draw()).history[-1].drawn  # the round shows the drawn tile
    assert drawn is not None
    assert state.drawn_key(drawer) == -3 - drawn.index
    assert state.drawn_key(drawer) < min(state.info_key(m) for m in state.legal_moves())
    for seat in range(len(state.hands)):
        if seat != drawer:
            assert state.drawn_key(seat) == state.info_key(Draw()) == -1
    other = data.draw(st.sampled_from(rnd.boneyard)).index
    moved = state.with_next_draw(other)
    assert moved.drawn_key(drawer) == -3 - other
    assert moved.drawn_key((drawer + 1) % len(state.hands)) == -1


# -- the table's questions (R2, R3, R7, R9) -------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(rnd=played_rounds(in_play=True))
def test_opens_and_places_read_the_open_ends(rnd: Round) -> None:
    """``opens`` is the number a legal play leaves open (a double its own, R3; any other
    tile the end that does not match what it covers, R2) and ``places`` counts the open
    ends showing a number and the free places of a pending double of it (R7, R9)."""
    state = state_of(rnd)
    table = state.table
    ends = {end.onto.index: end for end in rnd.open_ends}
    for number in range(len(table.ends)):
        assert table.places(number) == sum(e.places for e in ends.values() if e.number == number)
    for move in state.legal_moves():
        if not isinstance(move, Play) or move.onto is None:
            continue
        tile = move.tile
        end = ends[move.onto.index]
        opened = tile.high if tile.is_double else tile.other(end.number)
        assert table.opens(tile.index, move.onto.index) == opened
        after = state.after(move).table
        assert after.places(opened) >= 1 or after.pending >= 0


# -- the bots make the moves they made before -----------------------------------------------


def greedy_pick_before(
    weights: GreedyPlayer,
    rules: Rules,
    table: TableState,
    hand: int,
    moves: list[Move],
    rng: random.Random,
) -> Move:
    """The greedy heuristic written on the table's fields, as before ``opens`` and
    ``places``: the reference the bots are held to."""
    best: list[Move] = []
    top = 0.0
    for move in moves:
        if not isinstance(move, Play) or move.onto is None:
            score = -weights.pass_penalty if isinstance(move, Pass) else 0.0
        else:
            t, high, low = move.tile.index, move.tile.high, move.tile.low
            score = weights.pips * hand_score(rules, 1 << t)
            fits = len(table.ends[high]) + (len(table.ends[low]) if low != high else 0)
            if table.pending >= 0 and TILES[table.pending].high in (high, low):
                fits += table.free
            score -= weights.flexible * fits
            o = move.onto.index
            if high == low:
                score += weights.double
                if table.pending < 0:
                    left = (table.suit[high] & ~table.on & ~(1 << t)).bit_count()
                    if left < rules.toes_per_double:
                        score -= weights.dead_foot
                opened = high
            elif o == table.pending:
                opened = low if move.onto.high == high else high
            else:
                opened = low if o in table.ends[high] else high
            score += weights.follow * (hand & ~(1 << t) & table.suit[opened]).bit_count()
        if not best or score > top:
            best, top = [move], score
        elif score == top:
            best.append(move)
    return best[0] if len(best) == 1 else rng.choice(best)


@settings(max_examples=150, deadline=None)
@given(rnd=played_rounds(in_play=True), seed=st.integers(0, 2**32 - 1))
def test_the_greedy_pick_is_the_heuristic_on_the_ends(rnd: Round, seed: int) -> None:
    """The greedy choice of every decision is the heuristic's on the table's own fields,
    random ties split the same way."""
    state = state_of(rnd)
    moves = state.legal_moves()
    hand = state.hands[state.to_move]
    weights = GreedyPlayer()
    chosen = chickenfoot.bots._greedy_pick(
        weights, state.rules, state.table, hand, moves, random.Random(seed)
    )
    assert chosen is greedy_pick_before(
        weights, state.rules, state.table, hand, moves, random.Random(seed)
    )


@pytest.mark.parametrize("number", [2, 3])
def test_seeded_games_by_level_play_as_the_reference_heuristic(
    monkeypatch: pytest.MonkeyPatch, number: int
) -> None:
    """Levels 2 (greedy) and 3 (a tree search with greedy playouts) play the same seeded
    rounds, move for move, with the heuristic as written on the table's fields."""
    bots = [level(number)] * 3
    deals = [Round.deal(PRESETS["classic"], 3, seed=seed) for seed in range(3)]
    played = [play_round(rnd, bots, random.Random(i)).history for i, rnd in enumerate(deals)]
    monkeypatch.setattr(chickenfoot.bots, "_greedy_pick", greedy_pick_before)
    again = [play_round(rnd, bots, random.Random(i)).history for i, rnd in enumerate(deals)]
    assert again == played
    assert all(len(history) > 10 for history in played)


# -- the next draw (R13) ------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(rnd=played_rounds(in_play=True), data=st.data())
def test_with_next_draw_changes_what_nobody_sees(rnd: Round, data: st.DataObject) -> None:
    """The state with a boneyard tile next: that tile is drawn next, the undrawn tiles are
    the same, every view is unchanged, and its round is the deal with that boneyard order
    replayed."""
    if not rnd.boneyard:
        return
    state = state_of(rnd)
    tile = data.draw(st.sampled_from(rnd.boneyard))
    moved = state.with_next_draw(tile.index)
    again = round_of(moved)
    assert again.boneyard[0] == tile
    assert sorted(again.boneyard) == sorted(rnd.boneyard)
    assert [t for t in again.boneyard if t != tile] == [t for t in rnd.boneyard if t != tile]
    for seat in range(rnd.players):
        assert again.view(seat) == rnd.view(seat)
    assert again.history == rnd.history
    assert moved.start.boneyard == moved.boneyard
    if any(isinstance(m, Draw) for m in moved.legal_moves()):
        assert again.apply(Draw()).history[-1].drawn == tile
    order = [*rnd.dealt_boneyard[: state.taken], tile]
    order += [t for t in rnd.boneyard if t != tile]
    if rnd.layout.placements and rnd.layout.placements[0].seat is None:
        return  # a centre double (R6): from_deal puts it back itself
    replayed = Round.from_deal(
        rnd.rules, rnd.dealt_hands, order, round_double=rnd.round_double, first=rnd.first
    )
    for event in rnd.history:
        replayed = replayed.apply(event.move)
    assert replayed.history == again.history  # the drawn tiles too
    assert replayed.dealt_boneyard == again.dealt_boneyard
    assert replayed.hands == again.hands
    assert replayed.legal_moves() == again.legal_moves()


def test_a_state_round_trips_through_its_round() -> None:
    """``round_of(state_of(rnd))`` is ``rnd``; ``after`` and ``Round.apply`` agree."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=8)
    rng = random.Random(8)
    while not rnd.is_over:
        state: State = state_of(rnd)
        assert round_of(state) == rnd
        move = rng.choice(rnd.legal_moves())
        assert round_of(state.after(move)) == rnd.apply(move)
        rnd = rnd.apply(move)
