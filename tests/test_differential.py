"""The engine against the plain reference round (tests/reference.py), move by move.

Each round is dealt by the engine and rebuilt in the reference from the dealt hands, the
boneyard, the round double and the first seat. Both then play the same random moves to
the end. At every step they must agree on the legal moves, the seat to move, whether the
round is over, the hands and the boneyard, and both must refuse a few moves that are not
legal. At the end they must agree on the ending, the winner, the scores and the layout.

Every preset is played at every player count it covers, and a dozen custom variants
change one knob or a few, so that every knob of R3-R17b is played with. Whole matches are
played too, every round against the reference round and the schedule, totals and end
against the reference match rules (R19-R23), for every value of the match knobs.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from bridge import ENDINGS, ref_move, ref_tile, reference_of
from hypothesis import given
from hypothesis import strategies as st
from reference import ReferenceRound, ReferenceSchedule
from strategies import Deal, deals

from chickenfoot import (
    PRESETS,
    Draw,
    IllegalMoveError,
    Match,
    Move,
    Pass,
    Play,
    Round,
    Rules,
    RulesError,
    Tile,
    tile_set,
)
from chickenfoot._schedule import schedule_of

#: Random rounds for every preset and player count: 18 for each of the 26 tables of up to
#: 10 players, 8 for each of the 10 long-round tables of 11 to 20 (548 rounds).
ROUNDS_PER_TABLE = 18
ROUNDS_PER_BIG_TABLE = 8
#: Random rounds for every custom variant, over its player counts up to 8 and its largest
#: (12 variants: 456 rounds). With the hypothesis test below: over 1100 rounds in all.
ROUNDS_PER_VARIANT = 38
#: Moves that are not legal, tried at every step.
REFUSALS_PER_STEP = 3
#: No round comes near this many moves (see strategies.move_bound); it stops a runaway loop.
MAX_STEPS = 5000

TABLES = [(name, players) for name, rules in PRESETS.items() for players in rules.player_counts]

_DUEL, _CROSS = PRESETS["chickie-duel"], PRESETS["cross-and-foot"]
_CLASSIC, _FOOT = PRESETS["classic"], PRESETS["double-foot"]

VARIANTS: dict[str, Rules] = {
    "classic-centre": attrs.evolve(_CLASSIC, start="centre"),
    "double-foot-holder": attrs.evolve(_FOOT, start="holder"),
    "classic-y-opening": attrs.evolve(_CLASSIC, opening_toes=3),
    "cross-six-toes": attrs.evolve(_CROSS, opening_toes=6),
    "classic-first-foot": attrs.evolve(_CLASSIC, first_foot_required=True),
    "duel-no-first-foot": attrs.evolve(_DUEL, first_foot_required=False, boneyard_reserve=0),
    "classic-draw-until": attrs.evolve(_CLASSIC, draws_per_turn=None),
    "double-foot-draw-two": attrs.evolve(_FOOT, draws_per_turn=2),
    "classic-may-keep": attrs.evolve(_CLASSIC, play_drawn="may"),
    "classic-never-play-drawn": attrs.evolve(_CLASSIC, play_drawn="never"),
    "classic-highest-held": attrs.evolve(_CLASSIC, start="highest_held"),
    "duel-five-highest-held": attrs.evolve(
        _DUEL,
        start="highest_held",
        hand_sizes={2: 5},
        boneyard_reserve=0,
        play_drawn="never",
    ),
    "cross-highest-held-reserve": attrs.evolve(_CROSS, start="highest_held", boneyard_reserve=2),
    "duel-never-play-drawn": attrs.evolve(_DUEL, play_drawn="never", first_foot_required=False),
    "cross-reserve-3": attrs.evolve(_CROSS, boneyard_reserve=3, double_blank=25),
    "double-foot-blanks-25": attrs.evolve(_FOOT, blank_value=25),
    "duel-blanks-1": attrs.evolve(_DUEL, blank_value=1, double_blank=50),
    "double-foot-two-toes": attrs.evolve(_FOOT, toes_per_double=2, opening_toes=4),
    "duel-centre-one-toe": attrs.evolve(
        _DUEL,
        start="centre",
        toes_per_double=1,
        draws_per_turn=None,
        play_drawn="may",
        first_foot_required=False,
    ),
}


def describe(rnd: Round) -> str:
    """How to deal ``rnd`` again, and the moves so far, for a failure message."""
    moves = " ".join(map(str, rnd.moves))
    return (
        f"Round.deal({rnd.rules.name!r} rules, {rnd.players}, seed={rnd.seed}, "
        f"round_double={rnd.dealt_for.high}, first={rnd.first}) then: {moves}"
    )


def not_legal_moves(
    rnd: Round, legal: list[Move], table: list[Tile], rng: random.Random, count: int
) -> list[Move]:
    """Up to ``count`` moves the engine must refuse now (``table``: the tiles on the table).

    Draw and Pass when they are not legal; plays of tiles of the hand onto open ends (the
    near misses: right place, wrong obligation) or onto any tile on the table or onto
    nothing; and now and then a tile from outside the hand.
    """
    seat = rnd.to_move
    assert seat is not None
    allowed = set(legal)
    pool: list[Move] = [m for m in (Draw(), Pass()) if m not in allowed]
    hand = rnd.hand(seat)
    everything = tile_set(rnd.set_size)
    ends = [end.onto for end in rnd.open_ends]
    for _ in range(3 * count):
        tile = rng.choice(everything) if rng.random() < 0.2 or not hand else rng.choice(hand)
        targets = ends if ends and rng.random() < 0.5 else table
        onto = rng.choice(targets) if targets and rng.random() < 0.95 else None
        move = Play(tile, onto)
        if move not in allowed:
            allowed.add(move)  # not twice in the pool
            pool.append(move)
    return rng.sample(pool, min(count, len(pool)))


def check_same_state(rnd: Round, ref: ReferenceRound) -> None:
    """The seat to move, the end, the mover's hand and the boneyard's size agree.

    Only the mover's hand can change with the next move, so checking it at every step and
    every hand at the end covers all of them.
    """
    assert rnd.to_move == ref.to_move, describe(rnd)
    assert rnd.is_over == ref.over, describe(rnd)
    assert list(rnd.hand_counts) == [len(h) for h in ref.hands], describe(rnd)
    assert len(rnd.boneyard) == len(ref.boneyard), describe(rnd)
    if rnd.to_move is not None:
        mover = [ref_tile(t) for t in rnd.hand(rnd.to_move)]
        assert mover == sorted(ref.hands[rnd.to_move]), describe(rnd)


def play_both(rnd: Round, rng: random.Random) -> int:
    """Play ``rnd`` and its reference twin to the end with the same random moves.

    Returns the number of moves played.
    """
    ref = reference_of(rnd)
    table = list(rnd.layout.tiles)
    for step in itertools.count():
        assert step < MAX_STEPS, f"no end after {MAX_STEPS} moves: {describe(rnd)}"
        check_same_state(rnd, ref)
        legal = rnd.legal_moves()
        assert len(set(legal)) == len(legal), f"duplicates in {legal}: {describe(rnd)}"
        assert {ref_move(m) for m in legal} == ref.legal_moves(), describe(rnd)
        if rnd.is_over:
            break
        for move in legal:
            assert rnd.is_legal(move), f"{move!r} listed but not legal: {describe(rnd)}"
        refused = not_legal_moves(rnd, legal, table, rng, REFUSALS_PER_STEP)
        for move in refused:
            assert not rnd.is_legal(move), f"{move!r} is_legal: {describe(rnd)}"
            with pytest.raises(IllegalMoveError):
                rnd.apply(move)
        if refused:  # the reference is slow: one refusal a step, a different kind each time
            with pytest.raises(ValueError, match="illegal move"):
                ref.apply(ref_move(refused[step % len(refused)]))
        move = rng.choice(legal)
        rnd = rnd.apply(move)
        ref.apply(ref_move(move))
        if isinstance(move, Play):
            table.append(move.tile)
    assert rnd.ending is not None
    assert ENDINGS[rnd.ending] == ref.ending, describe(rnd)
    assert rnd.winner == ref.winner, describe(rnd)
    assert rnd.scores is not None
    assert list(rnd.scores) == ref.scores(), describe(rnd)
    assert [sorted(map(ref_tile, h)) for h in rnd.hands] == [sorted(h) for h in ref.hands]
    assert [ref_tile(t) for t in rnd.boneyard] == ref.boneyard, describe(rnd)
    layout = [(ref_tile(p.tile), None if p.onto is None else ref_tile(p.onto)) for p in rnd.layout]
    assert layout == ref.table, describe(rnd)
    return step


def random_round(rules: Rules, players: int, rng: random.Random) -> Round:
    """A round of ``rules`` for ``players`` with a random seed, first seat and round double."""
    n = rules.set_size(players)
    return Round.deal(
        rules,
        players,
        seed=rng.randrange(2**32),
        round_double=None if rng.random() < 0.5 else rng.randint(0, n),
        first=rng.randrange(players),
    )


@pytest.mark.parametrize(("preset", "players"), TABLES, ids=[f"{n}-{p}" for n, p in TABLES])
def test_presets_agree_with_reference(preset: str, players: int) -> None:
    """R5-R18 on every preset and table: engine and reference agree move by move."""
    rng = random.Random(f"{preset}/{players}")
    for _ in range(ROUNDS_PER_TABLE if players <= 10 else ROUNDS_PER_BIG_TABLE):
        play_both(random_round(PRESETS[preset], players, rng), rng)


@pytest.mark.parametrize("variant", VARIANTS)
def test_variants_agree_with_reference(variant: str) -> None:
    """R6-R17 with changed knobs: engine and reference agree move by move."""
    rules = VARIANTS[variant]
    rng = random.Random(variant)
    # Every table size is met by the presets above; here the small tables and the largest.
    counts = itertools.cycle(
        [p for p in rules.player_counts if p <= 8] + [max(rules.player_counts)]
    )
    for _ in range(ROUNDS_PER_VARIANT):
        play_both(random_round(rules, next(counts), rng), rng)


@given(deal=deals(), moves_seed=st.integers(0, 2**32 - 1))
def test_random_variants_agree_with_reference(deal: Deal, moves_seed: int) -> None:
    """R5-R18 on variants drawn by strategies.rules(): engine and reference agree."""
    play_both(deal.round(), random.Random(moves_seed))


def test_rounds_reach_every_ending_and_move() -> None:
    """The random rounds above are worth something: they draw, pass, go out and block."""
    rng = random.Random("coverage")
    seen: set[object] = set()
    for name, players in TABLES:
        rnd = random_round(PRESETS[name], players, rng)
        while not rnd.is_over:
            move = rng.choice(rnd.legal_moves())
            seen.add(type(move))
            rnd = rnd.apply(move)
        seen.add(rnd.ending)
    assert seen >= {Play, Draw, Pass, *ENDINGS}


#: The match knobs (R19, R19b, R20), every value of each.
SCHEDULES: list[dict[str, str | int]] = [
    {"rounds": rounds, "round_order": order}
    for order in ("down", "down_up")
    for rounds in ("full", "half", 3)
] + [
    {"target": 150, "target_mode": mode, "round_order": order}
    for order in ("down", "down_up")
    for mode in ("exceeds", "reaches")
]


@pytest.mark.parametrize(
    "schedule", SCHEDULES, ids=["-".join(map(str, s.values())) for s in SCHEDULES]
)
@pytest.mark.parametrize("preset", ["chickie-duel", "double-foot", "highest-held"])
def test_matches_agree_with_reference(preset: str, schedule: dict[str, str | int]) -> None:
    """R19-R21, R23 and R17b: a whole match by the engine; every round replayed in the
    reference (the scores), the doubles the rounds are dealt for against the reference
    schedule (R6b: not the lower doubles a highest_held start may open on), the first seats,
    the count of rounds, and the end of the match and its totals against the reference."""
    if preset == "highest-held":
        base = attrs.evolve(_DUEL, start="highest_held", hand_sizes={2: 5}, boneyard_reserve=0)
    else:
        base = attrs.evolve(PRESETS[preset], blank_value=5 if preset == "double-foot" else 0)
    rules = attrs.evolve(base, **schedule)  # type: ignore[arg-type]
    players = rules.player_counts[0]
    schedule_of = ReferenceSchedule(rules, rules.set_size(players), players)
    rng = random.Random(f"{preset}/{schedule}")
    match = Match.new(rules, players, seed=rng.randrange(2**32))
    steps = 0
    while not match.is_over:
        steps += 1
        assert steps < 100_000, "the match does not end"
        match = match.apply(rng.choice(match.legal_moves()))
    results: list[list[int]] = []
    for index, rnd in enumerate(match.finished):
        assert not schedule_of.over(results), f"round {index + 1} was one too many"
        previous = match.finished[index - 1].winner if index else None
        assert rnd.first == schedule_of.first_seat(index, previous)  # R23
        ref = reference_of(rnd)
        for move in rnd.moves:
            ref.apply(ref_move(move))
        scores = ref.scores()
        assert scores is not None
        assert list(rnd.scores or ()) == scores
        results.append(scores)
    assert schedule_of.over(results)
    assert match.round_count == schedule_of.count()
    doubles = [rnd.dealt_for.high for rnd in match.finished]
    if preset == "highest-held":  # R6b: some rounds open below the double dealt for
        assert any(rnd.round_double != rnd.dealt_for for rnd in match.finished)
    assert doubles == schedule_of.doubles(len(doubles))
    assert list(match.totals) == [sum(column) for column in zip(*results, strict=True)]


#: Any value of the match knobs (R19, R19b, R20), counts of rounds past the set's included.
SCHEDULE_KNOBS = st.one_of(
    st.fixed_dictionaries(
        {
            "rounds": st.sampled_from(["full", "half"]) | st.integers(1, 45),
            "round_order": st.sampled_from(["down", "down_up"]),
        }
    ),
    st.fixed_dictionaries(
        {
            "target": st.integers(1, 300),
            "target_mode": st.sampled_from(["exceeds", "reaches"]),
            "round_order": st.sampled_from(["down", "down_up"]),
        }
    ),
)


def _past_the_set(rules: Rules, players: int) -> bool:
    """Whether ``rules`` asks for more rounds than ``players`` players' set has (R19, R19b):
    its doubles once down (and up again with ``"down_up"``)."""
    n = rules.set_size(players)
    full = n + 1 if rules.round_order == "down" else 2 * n + 1
    return isinstance(rules.rounds, int) and rules.target is None and rules.rounds > full


@given(
    preset=st.sampled_from(sorted(PRESETS)),
    start=st.sampled_from(["holder", "centre", "highest_held"]),
    knobs=SCHEDULE_KNOBS,
    data=st.data(),
)
def test_schedule_agrees_with_reference(
    preset: str, start: str, knobs: dict[str, str | int], data: st.DataObject
) -> None:
    """R19, R19b, R20, R23: the match's schedule against the reference schedule for any
    match knobs, and beyond the few paths whole matches take: at every seat count, the
    count of rounds (a count past the set's rounds refused, R19) and the doubles dealt for
    over three turns of the set; at one, whether the match is over after any scores (and
    scores at the target, R20), and the first seat of any round after any winner, as
    known at once and once the round before is won."""
    rules = attrs.evolve(PRESETS[preset], start=start, **knobs)  # type: ignore[arg-type]
    schedule = schedule_of(rules)
    assert schedule_of(rules) is schedule  # chosen once per variant
    for players in rules.player_counts:
        n = rules.set_size(players)
        reference = ReferenceSchedule(rules, n, players)
        if _past_the_set(rules, players):
            full = n + 1 if rules.round_order == "down" else 2 * n + 1
            with pytest.raises(RulesError, match=rf"only {full} rounds.*\(R19, R19b\)"):
                schedule.round_count(players)
            continue
        assert schedule.round_count(players) == reference.count() == rules.round_count(players)
        turns = 3 * (2 * n + 1)
        doubles = [schedule.dealt_for(players, index) for index in range(turns)]
        assert doubles == reference.doubles(turns)
        assert [rules.round_double(players, i).high for i in range(turns)] == doubles
    players = data.draw(st.sampled_from(rules.player_counts), label="players")
    reference = ReferenceSchedule(rules, rules.set_size(players), players)
    count = reference.count()
    if _past_the_set(rules, players):
        return  # refused above
    played = data.draw(st.integers(0, (count or 6) + 1), label="rounds played")
    row = st.lists(st.integers(0, 120), min_size=players, max_size=players)
    results = data.draw(st.lists(row, min_size=played, max_size=played), label="results")
    if rules.target is not None and data.draw(st.booleans(), label="at the target"):
        # R20: one round that puts seat 0 at the target, one below or one above it
        results = [[rules.target + data.draw(st.integers(-1, 1))] + [0] * (players - 1)]
    totals = [sum(column) for column in zip(*results, strict=True)] or [0] * players
    assert schedule.is_over(len(results), totals) == reference.over(results)
    index = data.draw(st.integers(0, 3 * players), label="round index")
    winner = None if index == 0 else data.draw(st.integers(0, players - 1), label="winner")
    assert schedule.first_seat(index, players, winner) == reference.first_seat(index, winner)
    assert schedule.first_seat_ahead(index, players) == reference.first_seat(index, None)
