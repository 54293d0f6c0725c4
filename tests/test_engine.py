"""The engine (chickenfoot._engine): the round's flow on bare values, as Round plays it.

Round.apply is State.refusal then State.after, so these tests check the ways into the
engine the bots, simulation and adapters use: playouts, unchecked replays, states read
from and made into rounds, and the one scoring function (R13-R18).
"""

from __future__ import annotations

import itertools
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PRESET_NAMES, played_rounds

from chickenfoot import PRESETS, Draw, Ending, Move, Outcome, Play, Round, Tile
from chickenfoot._engine import State, new_state, shuffle
from chickenfoot._round import apply_unchecked, history_of, round_from_state, state_of
from chickenfoot._scoring import hand_score, hand_scores
from chickenfoot._tiles import mask_of


def _random_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=25)
@given(data=st.data())
def test_play_out_plays_the_round_round_plays(preset: str, data: st.DataObject) -> None:
    """A playout picks the same moves as a loop over Round.apply fed the same random
    numbers (a lone legal move is made without asking the policy), so it ends the same
    way with the same scores (R12-R18).
    """
    rnd = data.draw(played_rounds(preset=preset, max_moves=80, in_play=True), label="round")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    engine_rng = random.Random(seed)
    end = rnd
    while not end.is_over:
        moves = end.legal_moves()
        end = end.apply(moves[0] if len(moves) == 1 else engine_rng.choice(moves))
    state = state_of(rnd)
    final = state.play_out(_random_policy, random.Random(seed))
    assert final.outcome == end.outcome
    assert final.hands == state_of(end).hands
    assert state_of(rnd) is state  # the playout left the round's state as it was


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_unchecked_replay_and_rebuilt_rounds_equal_the_checked_ones(preset: str) -> None:
    """apply_unchecked is apply without the check; a round rebuilt from its state (which
    holds its start and history) equals it (the trusted constructor for positions)."""
    rules = PRESETS[preset]
    players = min(rules.player_counts)
    rng = random.Random(preset)
    rnd = fast = Round.deal(rules, players, seed=11)
    while not rnd.is_over:
        move = rng.choice(rnd.legal_moves())
        rnd, fast = rnd.apply(move), apply_unchecked(fast, move)
        assert fast == rnd
        history, length = history_of(rnd)
        assert length == len(rnd.moves)
        assert history is not None
        assert history[:2] == (rnd.history[-1].seat, move)
        rebuilt = round_from_state(state_of(rnd))
        start = state_of(rnd).start
        assert start.hands == tuple(mask_of(h) for h in rnd.dealt_hands)
        assert (start.first, start.seed) == (rnd.first, rnd.seed)
        assert rebuilt == rnd
        assert rebuilt.to_json() == rnd.to_json()
        assert pickle.loads(pickle.dumps(rebuilt)) == rnd


def test_states_are_never_changed() -> None:
    """Every step returns a new state; the old one keeps its hands, boneyard and turn."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=5)
    rng = random.Random(5)
    while not rnd.is_over:
        state = state_of(rnd)
        before = (state.hands, state.taken, state.to_move, state.turn_draws, state.table)
        move = rng.choice(state.legal_moves())
        after = state.after(move)
        assert after is not state
        assert (state.hands, state.taken, state.to_move, state.turn_draws, state.table) == before
        rnd = rnd.apply(move)


def test_refusal_checks_its_argument() -> None:
    state = state_of(Round.deal(PRESETS["classic"], 4, seed=1))
    with pytest.raises(TypeError, match="a move is a Play, Draw or Pass"):
        state.refusal("draw")  # type: ignore[arg-type]
    assert state.refusal(Draw()) == (
        "seat 0 holds the round double 9-9 and must place it",
        "R6",
    )


def test_new_state_blocks_a_round_nobody_can_move() -> None:
    """A state made with no play anywhere and a closed boneyard ends at once (R16, R18)."""
    state = state_of(Round.deal(PRESETS["classic"], 4, seed=1))
    hands = (
        mask_of([Tile(1, 0)]),
        mask_of([Tile(2, 0)]),
        mask_of([Tile(0, 0)]),
        mask_of([Tile(3, 1)]),
    )
    blocked = new_state(state.rules, state.table, hands, (), lead=1, to_move=1)
    assert blocked.outcome is not None
    assert blocked.outcome.ending is Ending.BLOCKED
    assert blocked.outcome.scores == (1, 2, 50, 4)  # classic: 0-0 counts 50 (R17)
    assert blocked.outcome.winner == 0
    assert blocked.to_move == -1
    assert blocked.legal_moves() == []


def test_new_state_with_an_empty_hand_has_gone_out() -> None:
    """A seat with no tile went out, even where nobody else could move (R16, R17)."""
    state = state_of(Round.deal(PRESETS["classic"], 4, seed=1))
    hands = (mask_of([Tile(1, 0)]), 0, mask_of([Tile(0, 0)]), mask_of([Tile(3, 1)]))
    out = new_state(state.rules, state.table, hands, (), lead=1, to_move=2)
    assert out.outcome is not None
    assert out.outcome.ending is Ending.WENT_OUT
    assert (out.outcome.winner, out.outcome.scores) == (1, (1, 0, 50, 4))


def test_the_margin_is_the_others_mean_minus_ones_own_r17() -> None:
    """Outcome.margin: seat 1 went out with 0; the others' mean is worked out by hand."""
    outcome = Outcome(Ending.WENT_OUT, 1, (1, 0, 50, 4))
    assert outcome.margin(1) == 55 / 3
    assert outcome.margin(2) == 5 / 3 - 50
    assert [outcome.margin(s) for s in (0, 3)] == [54 / 3 - 1, 51 / 3 - 4]
    assert Outcome(Ending.BLOCKED, 0, (7, 9)).margin(0) == 2.0


@given(scores=st.lists(st.integers(0, 2000), min_size=2, max_size=8))
def test_margins_add_up_to_zero_and_follow_the_scores_r17(scores: list[int]) -> None:
    """The margin is zero-sum, and fewer penalty points always mean a larger margin."""
    outcome = Outcome(Ending.BLOCKED, scores.index(min(scores)), tuple(scores))
    margins = [outcome.margin(seat) for seat in range(len(scores))]
    assert sum(margins) == pytest.approx(0.0, abs=1e-9)
    for a, b in itertools.combinations(range(len(scores)), 2):
        assert (scores[a] < scores[b]) == (margins[a] > margins[b])
        assert (scores[a] == scores[b]) == (margins[a] == margins[b])


@pytest.mark.parametrize("double_blank", [0, 25, 50])
def test_one_scoring_function_reads_the_knobs(double_blank: int) -> None:
    """R17: pips, the double-blank counting its knob; every scorer goes through it."""
    rules = attrs.evolve(PRESETS["classic"], double_blank=double_blank)
    hand = mask_of([Tile(0, 0), Tile(6, 5), Tile(2, 0)])
    assert hand_score(rules, hand) == double_blank + 11 + 2
    assert hand_score(rules, 0) == 0
    assert hand_scores(rules, [hand, 1]) == (double_blank + 13, double_blank)


@given(seed=st.integers(-(2**63), 2**64 - 1), length=st.integers(0, 2080))
@settings(max_examples=200)
def test_the_deal_shuffle_is_random_shuffle_r5(seed: int, length: int) -> None:
    """The deal's shuffle gives exactly random.Random(seed).shuffle's order (R5: a seed
    always deals the same round, as documented), and leaves the generator in the same
    state, for every set size up to double-63."""
    ours, theirs = random.Random(seed), random.Random(seed)
    items, expected = list(range(length)), list(range(length))
    shuffle(items, ours)
    theirs.shuffle(expected)
    assert items == expected
    assert ours.getstate() == theirs.getstate()


def test_a_deal_is_the_documented_shuffle_r5() -> None:
    """Round.deal's hands and boneyard are random.Random(seed).shuffle of the set's
    indices, cut in hand-size slices (R5)."""
    rules = PRESETS["classic"]
    for seed in range(50):
        order = list(range(55))
        random.Random(seed).shuffle(order)
        rnd = Round.deal(rules, 4, seed=seed)
        assert [mask_of(h) for h in rnd.hands] == [
            sum(1 << t for t in order[s * 7 : (s + 1) * 7]) for s in range(4)
        ]
        assert [t.index for t in rnd.boneyard] == order[28:]


def test_the_layout_memo_is_left_out_of_the_value() -> None:
    """A round's layout (R1) is built once per state and is the layout of its moves; a
    round whose state has filled its memos equals, hashes and pickles as a fresh copy."""
    rng = random.Random(7)
    rnd = Round.deal(PRESETS["classic"], 4, seed=7)
    for _ in range(40):
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    fresh = pickle.loads(pickle.dumps(rnd))
    layout = rnd.layout
    assert rnd.layout is layout  # the memo
    rnd.legal_moves()  # fills the other memo, the moves offered
    played = [e.move.tile for e in rnd.history if isinstance(e.move, Play)]
    assert [p.tile for p in layout.placements] == played
    assert fresh == rnd
    assert hash(fresh) == hash(rnd)
    again = pickle.loads(pickle.dumps(rnd))
    assert again == fresh
    assert state_of(again).layout(lambda state: layout) is layout  # the copy's memo is empty
    assert fresh.layout == layout
    assert fresh.layout is not layout
