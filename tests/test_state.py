"""The engine's state (chickenfoot._engine.State): its kept fields are its history folded
over its start.

A state keeps the table, the hands, the tiles taken from the boneyard, the leading seat,
the seat to move, the draws of the turn, the tile drawn last and the outcome, because
folding the history again costs a walk of every move. These tests fold the history of
random rounds, dealt ones and ones set up from positions (in the middle of a turn too,
R13), over their start with the plain loop below, which follows the rules as they read
(R6, R13, R15, R16, R18) and not the engine's code, and compare every kept field. They
also hold the state's memos (the moves offered, the layout) out of its value, and what a
seat sees of a state (``State.seen_by``) to the round it comes from.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import PRESET_NAMES, played_rounds
from strategies import rules as drawn_rules

from chickenfoot import (
    PRESETS,
    Draw,
    Ending,
    Layout,
    Move,
    Outcome,
    Play,
    Round,
    RoundView,
    Rules,
)
from chickenfoot._engine import PublicTurn, Start, State
from chickenfoot._positions import start_position
from chickenfoot._round import seen_of, state_of
from chickenfoot._scoring import hand_scores, round_winner
from chickenfoot._table import TableState
from chickenfoot._tiles import TILES, tiles_of

#: Variants beside the presets: R6b's search, a drawn tile that may be passed or is never
#: played (R13, R13b), several draws a turn and a reserve (R13, R14).
VARIANTS: dict[str, Rules] = {
    **{name: PRESETS[name] for name in PRESET_NAMES},
    "highest-held": attrs.evolve(PRESETS["classic"], name="hh", start="highest_held"),
    "may-pass": attrs.evolve(PRESETS["double-foot"], name="may", play_drawn="may"),
    "never": attrs.evolve(PRESETS["classic"], name="never", play_drawn="never"),
    "three-draws": attrs.evolve(
        PRESETS["chickie-duel"], name="three", draws_per_turn=3, boneyard_reserve=1
    ),
}


def _table_facts(table: TableState) -> tuple[object, ...]:
    """Everything a table holds (the engine's table has no equality of its own)."""
    return (table.n, table.suit, table.double, table.ends, table.pending, table.free,
            table.need_foot, table.on, table.dealt)  # fmt: skip


@attrs.frozen
class Folded:
    """The kept fields of a state, as the fold below gives them."""

    table: tuple[object, ...]
    hands: tuple[int, ...]
    taken: int
    lead: int
    to_move: int
    turn_draws: int
    last_drawn: int
    outcome: Outcome | None


def kept(state: State) -> Folded:
    """The kept fields of ``state``."""
    return Folded(
        _table_facts(state.table), state.hands, state.taken, state.lead, state.to_move,
        state.turn_draws, state.last_drawn, state.outcome,
    )  # fmt: skip


def _blocked(rules: Rules, table: TableState, hands: list[int], left: int, lead: int) -> bool:
    """Nobody can play and nobody may draw, once the round double is down (R14, R16)."""
    if lead < 0 or left > rules.boneyard_reserve:
        return False
    return not any(table.playable(hand) for hand in hands)


def _went_out(rules: Rules, hands: list[int], seat: int, last: int) -> Outcome:
    """The ending when ``seat`` went out with tile index ``last`` (R16): every hand's
    points (R17), and the winner's ``out_on_double`` if the last tile was a double (R17c)."""
    scores = list(hand_scores(rules, hands))
    if last >= 0 and TILES[last].is_double:
        scores[seat] = rules.out_on_double
    return Outcome(Ending.WENT_OUT, seat, tuple(scores))


def fold(rules: Rules, start: Start, moves: list[tuple[int, Move]]) -> Folded:
    """The kept fields after ``moves`` (``(seat, move)``, the first first), from ``start``.

    A play takes its tile from the mover's hand onto the table (the round double placed
    alone makes its placer the leader, R6, R18) and passes the turn on; a draw gives the
    mover the next undrawn tile and the turn again (R13); a pass ends the turn (R15). The
    round ends when a hand is empty or nobody can move (R16), scored by R17, R17c and R18.
    """
    table, hands = start.table, list(start.hands)
    taken, lead, to_move = 0, start.lead, start.to_move
    turn_draws, last_drawn = start.turn_draws, start.last_drawn
    players = len(hands)
    outcome: Outcome | None = None
    if 0 in hands:
        seat = hands.index(0)
        last = start.placements[-1][0] if start.placements else -1
        outcome = _went_out(rules, hands, seat, last)
    elif _blocked(rules, table, hands, len(start.boneyard), lead):
        scores = hand_scores(rules, hands)
        outcome = Outcome(Ending.BLOCKED, round_winner(scores, lead), scores)
    for seat, move in moves:
        assert outcome is None, "a move after the end of the round"
        assert seat == to_move, f"seat {seat} moved in seat {to_move}'s turn"
        if isinstance(move, Play):
            t = move.tile.index
            assert hands[seat] >> t & 1, f"seat {seat} played {move.tile}, which it lacks"
            hands[seat] &= ~(1 << t)
            if move.onto is None:
                lead = seat
                table = table.with_round_double(rules.opening_toes, t)
            else:
                table = table.after(
                    t, move.onto.index, rules.toes_per_double, rules.first_foot_required
                )
            to_move, turn_draws, last_drawn = (seat + 1) % players, 0, -1
            if not hands[seat]:
                outcome = _went_out(rules, hands, seat, t)
        elif isinstance(move, Draw):
            last_drawn = start.boneyard[taken]
            hands[seat] |= 1 << last_drawn
            taken += 1
            turn_draws += 1
        else:
            to_move, turn_draws, last_drawn = (seat + 1) % players, 0, -1
        left = len(start.boneyard) - taken
        if outcome is None and _blocked(rules, table, hands, left, lead):
            scores = hand_scores(rules, hands)
            outcome = Outcome(Ending.BLOCKED, round_winner(scores, lead), scores)
    if outcome is not None:
        to_move, turn_draws, last_drawn = -1, 0, -1
    return Folded(
        _table_facts(table), tuple(hands), taken, lead, to_move, turn_draws, last_drawn, outcome
    )


def _never_built(state: State) -> Layout:
    raise AssertionError("the layout memo was filled, so nothing is built")


def check_fold(rnd: Round) -> None:
    """The state of ``rnd`` keeps what its history folded over its start gives."""
    state = state_of(rnd)
    start = state.start
    moves = [(e.seat, e.move) for e in rnd.history]
    assert kept(state) == fold(rnd.rules, start, moves)
    assert state.boneyard == start.boneyard  # the start's boneyard, undrawn tiles only
    assert state.ply == len(moves)
    # every draw of the history drew the start's next undrawn tile
    drawn = [e.drawn.index for e in rnd.history if e.drawn is not None]
    assert tuple(drawn) == start.boneyard[: len(drawn)]


def _played_on(rnd: Round, data: st.DataObject, most: int) -> Round:
    """``rnd`` after up to ``most`` moves chosen by ``data``."""
    for _ in range(data.draw(st.integers(0, most), label="moves after")):
        moves = rnd.legal_moves()
        if not moves:
            break
        rnd = rnd.apply(moves[data.draw(st.integers(0, len(moves) - 1), label="move")])
    return rnd


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=30)
@given(data=st.data())
def test_a_dealt_rounds_state_is_its_history_folded_over_its_deal(
    variant: str, data: st.DataObject
) -> None:
    """R5-R18: a dealt round of every preset and variant, played at random."""
    rnd = data.draw(played_rounds(rules=VARIANTS[variant], max_moves=150), label="round")
    start = state_of(rnd).start
    assert not start.position
    assert start.hands == tuple(sum(1 << t.index for t in h) for h in rnd.dealt_hands)
    check_fold(rnd)


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=30)
@given(data=st.data())
def test_a_positions_state_is_its_history_folded_over_the_position(
    variant: str, data: st.DataObject
) -> None:
    """A round set up from the position of a random round (R1-R18), then played on: its
    start is the position, and its state the moves since folded over it."""
    rnd = data.draw(played_rounds(rules=VARIANTS[variant], max_moves=150), label="round")
    back = Round.from_position(rnd.rules, rnd.to_position())
    start = state_of(back).start
    assert start.position
    assert start.to_move == (-1 if rnd.to_move is None else rnd.to_move)
    assert start.turn_draws == (state_of(rnd).turn_draws if rnd.drawn_tile else 0)
    check_fold(back)
    check_fold(_played_on(back, data, 60))


@pytest.mark.parametrize("variant", ["classic", "three-draws", "may-pass", "highest-held"])
@settings(max_examples=20)
@given(data=st.data(), custom=st.booleans())
def test_a_position_in_the_middle_of_a_turn_starts_with_its_draws(
    variant: str, data: st.DataObject, custom: bool
) -> None:
    """A position taken just after a draw (R13; R6 in the search): its start says the
    draws and the tile drawn last, which is in the mover's hand; no tile stands in for
    it in the boneyard, which holds the undrawn tiles alone."""
    base = VARIANTS[variant]
    if custom:
        base = data.draw(drawn_rules(preset="classic", custom=True), label="rules")
    rnd = data.draw(played_rounds(rules=base, max_moves=60, in_play=True), label="round")
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    while rnd.drawn_tile is None and not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assume(not rnd.is_over)  # the round ended before anybody drew again
    drawn = rnd.drawn_tile
    back = Round.from_position(rnd.rules, rnd.to_position())
    state = state_of(back)
    start = state.start
    assert drawn is not None
    assert start.last_drawn == drawn.index
    assert start.turn_draws == state_of(rnd).turn_draws > 0
    assert start.hands[start.to_move] >> drawn.index & 1
    assert tuple(t.index for t in back.dealt_boneyard) == start.boneyard
    assert back.dealt_boneyard == rnd.boneyard  # nothing stands in for the drawn tile
    assert state.taken == 0
    assert back.legal_moves() == rnd.legal_moves()
    check_fold(back)
    check_fold(_played_on(back, data, 40))


def test_a_mid_turn_position_folds_the_same_for_every_seed() -> None:
    """The same check on fixed rounds: every position of 40 classic and three-draw rounds
    taken just after a draw (R13), played on to the end."""
    checked = 0
    for seed in range(40):
        for rules_ in (PRESETS["classic"], VARIANTS["three-draws"]):
            rng = random.Random(seed)
            rnd = Round.deal(rules_, 2 if rules_.name == "three" else 4, seed=seed)
            while not rnd.is_over:
                if rnd.drawn_tile is not None:
                    back = Round.from_position(rnd.rules, rnd.to_position())
                    end = back
                    while not end.is_over:
                        end = end.apply(rng.choice(end.legal_moves()))
                    check_fold(end)
                    checked += 1
                rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert checked > 100


def test_a_finished_position_starts_with_nobody_to_move() -> None:
    """A position of a round that is over (R16) starts with nobody to move, as its state."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=3)
    rng = random.Random(3)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    back = Round.from_position(rnd.rules, rnd.to_position())
    start = state_of(back).start
    assert (start.to_move, start.turn_draws, start.last_drawn) == (-1, 0, -1)
    assert back.outcome == rnd.outcome
    check_fold(back)


@pytest.mark.parametrize("variant", ["classic", "double-foot", "three-draws"])
def test_a_states_memos_are_left_out_of_its_value(variant: str) -> None:
    """A state whose memos (the moves offered, the layout) are filled equals, hashes and
    pickles as a fresh copy; the copy's memos are empty."""
    rules_ = VARIANTS[variant]
    rng = random.Random(variant)
    rnd = Round.deal(rules_, min(rules_.player_counts), seed=9)
    for _ in range(30):
        if rnd.is_over:
            break
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    for start_from_position in (False, True):
        if start_from_position:
            rnd = Round.from_position(rules_, rnd.to_position())
        state = state_of(rnd)
        fresh = pickle.loads(pickle.dumps(state))
        assert fresh is not state
        assert fresh.known is None
        rnd.legal_moves()  # fills the moves offered
        layout = rnd.layout  # fills the layout
        assert state.known is not None
        assert state.layout(_never_built) is layout
        assert state == fresh
        assert fresh == state
        assert hash(state) == hash(fresh)
        again = pickle.loads(pickle.dumps(state))
        assert again == fresh
        assert hash(again) == hash(fresh)
        assert again.known is None  # the memos are not pickled
        assert kept(again) == kept(state)
        assert again.start == state.start
        assert pickle.dumps(again) == pickle.dumps(fresh)


def test_states_differ_where_their_starts_or_histories_do() -> None:
    """Equality is the rules, the start and the history: a dealt round and the round set
    up from its first position differ (one is a deal, one a position, R5), and so do
    rounds one move apart."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    back = Round.from_position(rnd.rules, rnd.to_position())
    assert state_of(back) != state_of(rnd)
    assert state_of(back) == state_of(Round.from_position(rnd.rules, rnd.to_position()))
    after = rnd.apply(rnd.legal_moves()[0])
    assert state_of(after) != state_of(rnd)
    assert state_of(after) == state_of(rnd.apply(rnd.legal_moves()[0]))
    # the starts themselves: a deal and its position, two deals, equal copies
    assert state_of(back).start != state_of(rnd).start
    assert state_of(rnd).start != state_of(Round.deal(PRESETS["classic"], 4, seed=2)).start
    assert state_of(rnd).start == state_of(Round.deal(PRESETS["classic"], 4, seed=1)).start
    assert state_of(after).start == state_of(rnd).start


def test_playout_states_differ_where_their_tables_do() -> None:
    """States that keep no history (a search's playouts, ``after(move, False)``) are
    equal only with the same table too: one tile played onto two different ends leaves
    the same hands, boneyard and turn but two layouts (R2, R10), and equal states must
    have the same legal moves."""
    found = 0
    for seed in range(60):
        state = state_of(Round.deal(PRESETS["classic"], 3, seed=seed))
        rng = random.Random(seed)
        for _ in range(40):
            moves = state.legal_moves()
            if not moves or state.outcome is not None:
                break
            plays = [m for m in moves if isinstance(m, Play)]
            twins = [(a, b) for a in plays for b in plays if a.tile == b.tile and a.onto != b.onto]
            if twins:
                a, b = twins[0]
                one, two = state.after(a, False), state.after(b, False)
                assert one != two
                assert one == state.after(a, False)
                found += 1
                break
            state = state.after(rng.choice(moves), False)
    assert found >= 10


def _turn_facts(turn: PublicTurn) -> tuple[object, ...]:
    return (_table_facts(turn.table), turn.seat, turn.turn_draws, turn.left, turn.move)


@pytest.mark.parametrize("variant", list(VARIANTS))
@settings(max_examples=15)
@given(data=st.data())
def test_a_seats_timeline_is_the_public_turn_before_every_move(
    variant: str, data: st.DataObject
) -> None:
    """What a seat sees (State.seen_by) replays its history: before every move, the
    timeline's table, seat to move, draws this turn (R13) and boneyard size are the
    round's, replayed move by move from its deal or position; the view of the round and
    the view its JSON rebuilds show the same."""
    rnd = data.draw(played_rounds(rules=VARIANTS[variant], max_moves=120), label="round")
    if data.draw(st.booleans(), label="from a position"):
        rnd = _played_on(Round.from_position(rnd.rules, rnd.to_position()), data, 60)
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    seen = state_of(rnd).seen_by(seat)
    text = start_position(state_of(rnd))
    if text is None:
        replay = Round.deal(
            rnd.rules, rnd.players, seed=rnd.seed, round_double=rnd.dealt_for, first=rnd.first
        )
    else:
        replay = Round.from_position(rnd.rules, text)
    turns = seen.timeline()
    assert len(turns) == rnd.ply == seen.ply
    for turn, event in zip(turns, rnd.history, strict=True):
        state = state_of(replay)
        assert _turn_facts(turn) == (
            _table_facts(state.table),
            state.to_move,
            state.turn_draws,
            state.left,
            event.move,
        )
        replay = replay.apply(event.move)
    assert replay == rnd
    view = rnd.view(seat)
    assert (view.hand, view.hand_counts, view.boneyard_count) == (
        tiles_of(seen.hand),
        tuple(len(h) for h in rnd.hands),
        len(rnd.boneyard),
    )
    assert view.legal_moves() == seen.legal_moves()
    assert view.legal_moves() == (rnd.legal_moves() if rnd.to_move == seat else [])
    start = state_of(rnd).start
    before = [TILES[start.last_drawn]] if start.turn_draws and start.to_move == seat else []
    mine = [e.drawn for e in rnd.history if e.seat == seat and e.drawn is not None]
    assert [TILES[t] for t in seen.mine] == before + mine
    assert seen_of(view) == seen
    again = RoundView.from_json(view.to_json())
    assert again == view
    assert seen_of(again) == seen
    assert [_turn_facts(t) for t in seen_of(again).timeline()] == [_turn_facts(t) for t in turns]
