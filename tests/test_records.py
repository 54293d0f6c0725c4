"""Game records (docs/records.md): round trips, the JSON Schema, and corrupt records.

Round trips play random matches of every preset, seeded (``Match.new``) and dealt by hand
(``Match.dealt`` and ``Match.deal``), and random rounds of random variants, then check that
``from_json(to_json())`` gives an equal value and that every record matches
the shipped record schema (``chickenfoot.schema("record")``). Corruptions check that each problem raises ``RecordError`` and
nothing else, with a message that says where: the JSON path of a bad field, or the round,
move, seat and rule of a move the rules refuse.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played_rounds
from strategies import rules as variants

from chickenfoot import (
    PRESETS,
    DealError,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Obligation,
    Play,
    RecordError,
    Round,
    Rules,
    RulesError,
    Tile,
    load_record,
    parse_move,
    schema,
    tile_set,
)
from chickenfoot._records import MAX_MOVES, MAX_PLAYERS, MAX_ROUNDS, MAX_TEXT, MAX_TILES

DOCS = Path(__file__).resolve().parent.parent / "docs"
SCHEMA: dict[str, Any] = schema("record")
RULES_SCHEMA: dict[str, Any] = schema("rules")
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
KNOBS = tuple(a.name for a in attrs.fields(Rules))


def _at_most(count: int) -> int:
    """``count`` examples, or fewer if the active profile asks for fewer."""
    active = settings.default
    return count if active is None else min(active.max_examples, count)


#: Whole matches are replayed twice in every example: cap the examples.
_FEW = settings(max_examples=_at_most(15), deadline=None)


# ---------------------------------------------------------------------------
# playing
# ---------------------------------------------------------------------------


def shuffled_deal(
    rules: Rules, players: int, double: Tile, rng: random.Random
) -> tuple[list[list[Tile]], list[Tile]]:
    """A random deal by hand: hands of the variant's size, the rest the boneyard (R5, R6)."""
    tiles = [t for t in tile_set(rules.set_size(players)) if rules.start != "centre" or t != double]
    rng.shuffle(tiles)
    size = rules.hand_size(players)
    hands = [tiles[seat * size : (seat + 1) * size] for seat in range(players)]
    return hands, tiles[players * size :]


def play_match(
    rules: Rules,
    players: int,
    rng: random.Random,
    *,
    seed: int | None,
    moves: int | None = None,
    round_cap: int = 40,
) -> Match:
    """A match with random legal moves: seeded, or dealt by hand when ``seed`` is None.

    Stops after ``moves`` moves, after ``round_cap`` rounds, or when the match is over.
    """
    if seed is None:
        n = rules.set_size(players)
        match = Match.dealt(rules, *shuffled_deal(rules, players, Tile(n, n), rng))
    else:
        match = Match.new(rules, players, seed=seed)
    played = 0
    while not match.is_over and (moves is None or played < moves):
        if match.awaiting_deal:
            if len(match.finished) >= round_cap:
                break
            double = match.next_round_double
            assert double is not None
            match = match.deal(*shuffled_deal(rules, players, double, rng))
            continue
        if len(match.finished) >= round_cap:
            break
        match = match.apply(rng.choice(match.legal_moves()))
        played += 1
    return match


def play_round(rnd: Round, rng: random.Random, moves: int | None = None) -> Round:
    played = 0
    while not rnd.is_over and (moves is None or played < moves):
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        played += 1
    return rnd


def redealt(rnd: Round) -> Round:
    """The same round started from its deal by hand (``Round.from_deal``), moves replayed."""
    again = Round.from_deal(
        rnd.rules,
        rnd.dealt_hands,
        rnd.dealt_boneyard,
        round_double=rnd.dealt_for,
        first=rnd.first,
    )
    for move in rnd.moves:
        again = again.apply(move)
    return again


def assert_round_trip(game: Round | Match) -> dict[str, Any]:
    """Every way of writing ``game`` reads back equal, and its record fits the schema."""
    record = game.to_record()
    VALIDATOR.validate(record)
    text = game.to_json()
    assert json.loads(text) == record
    cls = type(game)
    loaded = cls.from_json(text)
    assert loaded == game
    assert loaded.to_json() == text  # the text is canonical
    assert cls.from_json(game.to_json(indent=2).encode()) == game
    assert cls.from_record(record) == game
    return record


# ---------------------------------------------------------------------------
# round trips
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealt", [False, True], ids=["seeded", "dealt"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_match_round_trip_every_preset(preset: str, dealt: bool) -> None:
    """Whole matches and matches stopped part way, at the smallest and largest tables."""
    rules = PRESETS[preset]
    rng = random.Random(f"{preset}/{dealt}")
    smallest, largest = rules.player_counts[0], rules.player_counts[-1]
    # the whole match at the smallest table; the first 3 rounds at the largest
    for players, cap in sorted({(smallest, 40), (largest, 3)}):
        seed = None if dealt else rng.randrange(2**63)
        whole = play_match(rules, players, rng, seed=seed, round_cap=cap)
        assert whole.is_over or len(whole.finished) == cap
        record = assert_round_trip(whole)
        assert len(record["rounds"]) == len(whole.finished) + (not whole.is_over and not dealt)
        assert record["seed"] == seed
        assert record["rules"] == {"preset": preset, "knobs": {}}
        assert all(("deal" in entry) is dealt for entry in record["rounds"])
        assert load_record(json.dumps(record)) == whole
    players = rules.player_counts[0]
    for stop in (0, 1, 37, 150):
        seed = None if dealt else stop
        part = play_match(rules, players, random.Random(stop), seed=seed, moves=stop)
        assert_round_trip(part)


def test_match_round_trip_between_rounds() -> None:
    """A dealt match waiting for its next deal, and a seeded match whose next round was
    dealt when the last ended (R19): the record lists every round started."""
    rules = PRESETS["chickie-duel"]
    rng = random.Random(5)
    match = Match.dealt(rules, *shuffled_deal(rules, 2, Tile(6, 6), rng))
    while not match.round.is_over:
        match = match.apply(rng.choice(match.legal_moves()))
    assert match.awaiting_deal
    assert len(assert_round_trip(match)["rounds"]) == 1

    seeded = Match.new(rules, 2, seed=5)
    while not seeded.finished:
        seeded = seeded.apply(rng.choice(seeded.legal_moves()))
    record = assert_round_trip(seeded)
    assert len(record["rounds"]) == 2
    assert record["rounds"][1]["moves"] == []


#: Knobs of the match schedule (R19, R20); a count of 2 fits every preset's smallest set.
SCHEDULES: list[dict[str, Any]] = [
    {"rounds": "full"},
    {"rounds": "half"},
    {"rounds": 1},
    {"rounds": 2},
    {"target": 300, "target_mode": "exceeds"},
    {"target": 1000, "target_mode": "reaches"},
    {"rounds": "full", "round_order": "down_up"},
    {"rounds": "half", "round_order": "down_up"},
    {"target": 400, "round_order": "down_up"},
]


@_FEW
@given(
    rules=variants(),
    data=st.data(),
    schedule=st.sampled_from(SCHEDULES),
    dealt=st.booleans(),
)
def test_match_round_trip_random_variants(
    rules: Rules, data: st.DataObject, schedule: dict[str, Any], dealt: bool
) -> None:
    """Custom knobs (written from the closest preset), schedules and targets."""
    rules = attrs.evolve(rules, **schedule)
    players = data.draw(st.sampled_from(rules.player_counts), label="players")
    seed = None if dealt else data.draw(st.integers(-(2**63), 2**64 - 1), label="seed")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="moves"))
    match = play_match(
        rules,
        players,
        rng,
        seed=seed,
        moves=data.draw(st.none() | st.integers(0, 400)),
        round_cap=12,
    )
    record = assert_round_trip(match)
    assert record["rules"] == rules.to_dict()
    base = PRESETS[record["rules"]["preset"]]
    changed = {k for k in KNOBS if getattr(rules, k) != getattr(base, k)}
    assert set(record["rules"]["knobs"]) == changed


@settings(max_examples=_at_most(30), deadline=None)
@given(rnd=played_rounds(max_moves=400))
def test_round_round_trip(rnd: Round) -> None:
    """Random rounds of random variants, seeded and started from the same deal by hand."""
    record = assert_round_trip(rnd)
    assert record["seed"] == rnd.seed
    assert "deal" not in record["rounds"][0]
    by_hand = redealt(rnd)
    record = assert_round_trip(by_hand)
    assert record["seed"] is None
    deal = record["rounds"][0]["deal"]
    assert deal["hands"] == [[str(t) for t in h] for h in rnd.dealt_hands]
    assert deal["boneyard"] == [str(t) for t in rnd.dealt_boneyard]
    assert record["rounds"][0]["moves"] == [str(m) for m in rnd.moves]


def test_a_record_of_a_position_of_a_large_set_reads_back() -> None:
    """A round set up from a position of a double-24 set, dealt for 24-24 (tile 324 of
    the set, R1, R6), is written and read back whole: the reader compares the round
    double it reads with the position's by value."""
    rules = attrs.evolve(PRESETS["classic"], name="big", set_sizes={2: 24}, hand_sizes={2: 12})
    rnd = Round.deal(rules, 2, seed=3)
    for _ in range(3):
        rnd = rnd.apply(rnd.legal_moves()[0])
    started = Round.from_position(rules, rnd.to_position())
    assert started.dealt_for == Tile(24, 24)
    assert Round.from_json(started.to_json()) == started


def test_round_record_keeps_round_double_and_first() -> None:
    """A round record passes round_double and first to Round.deal as given."""
    rnd = Round.deal(PRESETS["double-foot"], 3, seed=1, round_double=5, first=2)
    rnd = play_round(rnd, random.Random(1), moves=20)
    record = assert_round_trip(rnd)
    assert record["rounds"][0]["round_double"] == "5-5"
    assert record["rounds"][0]["first"] == 2
    assert Round.from_record(record).round_double == Tile(5, 5)


def test_knobs_differing_from_the_preset() -> None:
    rules = attrs.evolve(PRESETS["classic"], double_blank=25, boneyard_reserve=2)
    match = Match.new(rules, 4, seed=1)
    record = assert_round_trip(match)
    assert record["rules"] == {
        "preset": "classic",
        "knobs": {"boneyard_reserve": 2, "double_blank": 25},
    }
    # renamed, the variant is still written from the preset it was made from
    renamed = attrs.evolve(PRESETS["chickie-duel"], name="duel-25", double_blank=25)
    record = assert_round_trip(Match.new(renamed, 2, seed=1))
    assert record["rules"] == {
        "preset": "chickie-duel",
        "knobs": {"name": "duel-25", "double_blank": 25},
    }
    # every knob with preset null, as a record may give them, reads the same variant
    every = {name: getattr(renamed, name) for name in KNOBS}
    every["set_sizes"], every["hand_sizes"], every["house"] = {"2": 6}, {"2": 7}, []
    record["rules"] = {"preset": None, "knobs": every}
    assert Match.from_record(record).rules == renamed


def test_a_preset_record_may_rename_the_variant() -> None:
    """Knobs of a preset record may include name (a reader accepts what no writer needs)."""
    match = Match.new(PRESETS["classic"], 3, seed=2)
    record = match.to_record()
    record["rules"]["knobs"]["name"] = "house"
    loaded = Match.from_record(record)
    assert loaded.rules == attrs.evolve(PRESETS["classic"], name="house")


def test_reading_is_lenient_only_about_notation() -> None:
    """Moves and tiles may be written either end first, in any case, with spaces."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    rnd = play_round(rnd, random.Random(2), moves=30)
    record = rnd.to_record()
    moves = record["rounds"][0]["moves"]
    record["rounds"][0]["moves"] = [_loosely(m) for m in moves]
    assert Round.from_record(record) == rnd
    hand = redealt(rnd).to_record()
    hand["rounds"][0]["deal"]["hands"][0] = [
        _swap(t) for t in hand["rounds"][0]["deal"]["hands"][0]
    ]
    hand["rounds"][0]["round_double"] = " 9-9 "
    assert Round.from_record(hand) == rnd


def _swap(tile: str) -> str:
    high, low = tile.split("-")
    return f"{low}-{high}"


def _loosely(move: str) -> str:
    if "@" in move:
        tile, onto = move.split("@")
        return f" {_swap(tile)} @ {onto} "
    return move.upper()


def test_docs_examples_load() -> None:
    """The records shown in docs/records.md load and write back the same JSON."""
    page = (DOCS / "records.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", page, re.DOTALL)
    assert len(blocks) == 3
    for block in blocks:
        VALIDATOR.validate(json.loads(block))
        game = load_record(block)
        assert game.to_record() == json.loads(block)


# ---------------------------------------------------------------------------
# the schema
# ---------------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_schema_knows_every_knob_and_preset() -> None:
    """The schema, the reader and Rules name the same knobs; the schema every preset."""
    from chickenfoot._records import _KNOBS, _LATER_KNOBS

    knobs = RULES_SCHEMA["$defs"]["knobs"]["properties"]
    assert tuple(knobs) == KNOBS
    assert tuple(_KNOBS) == KNOBS
    rules = RULES_SCHEMA
    required = [k for k in KNOBS if k not in _LATER_KNOBS]
    assert rules["then"]["properties"]["knobs"]["required"] == required
    for name, knob in knobs.items():  # the enums of the schema are the values of Rules
        allowed = attrs.fields_dict(Rules)[name].metadata["values"]
        for value in knob.get("enum", []):
            assert repr(value) in allowed, (name, value)
    assert rules["properties"]["preset"]["oneOf"][0]["enum"] == list(PRESETS)
    assert all(knob.get("description") for knob in knobs.values())


def test_schema_refuses_what_the_reader_refuses() -> None:
    """Shape problems are caught by both the schema and the reader."""
    base = Match.new(PRESETS["classic"], 4, seed=1).to_record()
    dealt = Match.dealt(
        PRESETS["chickie-duel"],
        *shuffled_deal(PRESETS["chickie-duel"], 2, Tile(6, 6), random.Random(1)),
    ).to_record()
    cases: list[tuple[dict[str, Any], Callable[[dict[str, Any]], None]]] = [
        (base, lambda r: r.update(version=3)),
        (base, lambda r: r.update(players=True)),
        (base, lambda r: r.update(players=101)),
        (base, lambda r: r.update(seed=2**64)),
        (base, lambda r: r["rounds"][0].update(first=2**63)),
        (base, lambda r: r.update(extra=1)),
        (base, lambda r: r.pop("seed")),
        (base, lambda r: r["rules"].update(preset="chess")),
        (base, lambda r: r["rules"].update(preset=None)),
        (base, lambda r: r["rules"]["knobs"].update(toes=3)),
        (base, lambda r: r["rules"]["knobs"].update(first_foot_required=1)),
        (base, lambda r: r["rules"]["knobs"].update(hand_sizes={"04": 7})),
        (base, lambda r: r["rounds"][0].update(deal={"hands": [], "boneyard": []})),
        (base, lambda r: r["rounds"][0]["moves"].append(12)),
        (base, lambda r: r["rounds"][0]["moves"].append("9-9@9-9@9-9")),
        (base, lambda r: r["rounds"][0]["moves"].append("x" * 41)),
        (base, lambda r: r.update(kind="game")),
        (base, lambda r: r.update(rounds=[])),
        (dealt, lambda r: r["rounds"][0].pop("deal")),
        (dealt, lambda r: r["rounds"][0]["deal"]["hands"][0].append("6-x")),
        (dealt, lambda r: r["rounds"][0]["deal"].update(seats=2)),
    ]
    for record, corrupt in cases:
        bad = copy.deepcopy(record)
        corrupt(bad)
        assert not VALIDATOR.is_valid(bad), bad
        with pytest.raises(RecordError):
            Match.from_record(bad)


# ---------------------------------------------------------------------------
# corrupt records: moves and the schedule
# ---------------------------------------------------------------------------


def _seeded(preset: str = "classic", players: int = 4, seed: int = 7, moves: int = 400) -> Match:
    return play_match(PRESETS[preset], players, random.Random(seed), seed=seed, moves=moves)


def _error(load: Callable[[Any], object], record: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        load(record)
    return info.value


def test_an_illegal_move_names_round_move_seat_and_rule() -> None:
    """A play that breaks the toe obligation (R9) is refused with the rule's words."""
    match = _seeded(moves=2000)
    found = _toe_obligation(match)
    assert found is not None, "no toe obligation in the match"
    index, number, replay, stray, double = found
    bad = Play(stray, onto=replay.round_double)
    record = match.to_record()
    record["rounds"][index]["moves"][number - 1] = str(bad)
    error = _error(Match.from_record, record)
    k = double.high
    article = "an" if k in (8, 11, 18) else "a"  # as the number is read (eight, eleven...)
    assert str(error) == (
        f"round {index + 1}, move {number} '{bad}': seat {replay.to_move}: "
        f"the toes of {double} come first: play {article} {k} onto {double} (R9)"
    )
    cause = error.__cause__
    assert isinstance(cause, IllegalMoveError)
    assert (cause.seat, cause.rule) == (replay.to_move, "R9")


def _toe_obligation(match: Match) -> tuple[int, int, Round, Tile, Tile] | None:
    """The first position of ``match`` where a double waits for its toes (R9) and the seat
    to move holds a tile without its number: (round index, move number, the round before
    that move, the tile, the double)."""
    for index, rnd in enumerate(match.finished):
        replay = Round.deal(
            rnd.rules, rnd.players, seed=rnd.seed, round_double=rnd.dealt_for, first=rnd.first
        )
        for number, move in enumerate(rnd.moves, 1):
            double, seat = replay.pending_double, replay.to_move
            if replay.obligation is Obligation.TOES and double is not None and seat is not None:
                stray = [t for t in replay.hand(seat) if not t.has(double.high)]
                if stray:
                    return index, number, replay, stray[0], double
            replay = replay.apply(move)
    return None


def test_a_replaced_move_is_refused_like_apply_refuses_it() -> None:
    match = _seeded("cross-and-foot", 3, seed=3)
    rounds = match.to_record()["rounds"]
    rng = random.Random(3)
    checked = 0
    for index, entry in enumerate(rounds):
        rnd = match.finished[index] if index < len(match.finished) else match.round
        replay = Round.deal(
            rnd.rules, 3, seed=rnd.seed, round_double=rnd.dealt_for, first=rnd.first
        )
        for number, text in enumerate(entry["moves"], 1):
            if rng.random() < 0.1:
                for other in ("draw", "pass", "0-0@0-0", f"{replay.round_double}"):
                    if replay.is_legal(parse_move(other)):
                        continue
                    record = match.to_record()
                    record["rounds"][index]["moves"][number - 1] = other
                    with pytest.raises(IllegalMoveError) as expected:
                        replay.apply(parse_move(other))
                    error = _error(Match.from_record, record)
                    seat = expected.value.seat
                    reason = expected.value.reason
                    who = "" if reason.startswith(f"seat {seat} ") else f"seat {seat}: "
                    assert str(error) == (
                        f"round {index + 1}, move {number} {other!r}: {who}{reason} "
                        f"({expected.value.rule})"
                    )
                    assert error.__cause__ is not None
                    checked += 1
                    break
            replay = replay.apply(parse_move(text))
    assert checked > 10


def test_a_dropped_move() -> None:
    """Dropping the round double's placement leaves the next play before it (R6)."""
    match = _seeded("classic", 4, seed=11)
    record = match.to_record()
    moves = record["rounds"][1]["moves"]
    placed = next(i for i, m in enumerate(moves) if "@" not in m and m not in ("draw", "pass"))
    del moves[placed]
    error = _error(Match.from_record, record)
    assert str(error).startswith(f"round 2, move {placed + 1} ")
    assert str(error).endswith("(R6)")


def test_moves_after_the_round_ended() -> None:
    match = _seeded("chickie-duel", 2, seed=1, moves=10_000)
    record = match.to_record()
    ended = len(record["rounds"][0]["moves"])
    record["rounds"][0]["moves"].append("draw")
    error = _error(Match.from_record, record)
    assert str(error).startswith(f"round 1, move {ended + 1} 'draw': the round is already over (")
    assert str(error).endswith(f"after move {ended} (R16)")
    rnd = match.finished[0]
    assert rnd.ending is not None
    single = rnd.to_record()
    single["rounds"][0]["moves"].append("pass")
    error = _error(Round.from_record, single)
    assert str(error) == (
        f"round 1, move {ended + 1} 'pass': the round is over ({rnd.ending.value}) (R16)"
    )


def test_wrong_round_double_and_first() -> None:
    match = _seeded("classic", 4, seed=2, moves=600)
    assert len(match.finished) >= 2
    record = match.to_record()
    record["rounds"][2]["round_double"] = "9-9"
    error = _error(Match.from_record, record)
    assert str(error) == (
        "round 3: round_double is 9-9 in the record, but the match deals 7-7 for round 3 (R19)"
    )
    # Every other seat is refused, below the right one or above it (round 2: seat 0
    # first; round 3: seat 3).
    for number in (2, 3):
        record = match.to_record()
        right = record["rounds"][number - 1]["first"]
        assert right == {2: 0, 3: 3}[number]
        for wrong in (seat for seat in range(4) if seat != right):
            record["rounds"][number - 1]["first"] = wrong
            error = _error(Match.from_record, record)
            assert str(error) == (
                f"round {number}: first is seat {wrong} in the record, "
                f"but seat {right} is first in round {number} (R23)"
            )
    record = match.to_record()
    record["rounds"][1]["first"] = 4
    assert "(R23)" in str(_error(Match.from_record, record))
    record = match.to_record()
    record["rounds"][0]["round_double"] = "9-4"
    assert str(_error(Match.from_record, record)) == "round 1, round_double: 9-4 is not a double"


def test_dealt_for_is_a_double_above_the_round_double_r6b() -> None:
    """R6b: a record writes ``dealt_for`` only for a round that opened on a lower double
    than it was dealt for; a tile that is not a double, or a double not above the round
    double, is refused, naming the tile, the round double and the rule."""
    lower = attrs.evolve(PRESETS["chickie-duel"], start="highest_held")
    rnd = Round.deal(lower, 2, seed=5, round_double=4)  # opens on 3-3
    record = rnd.to_record()
    assert (record["rounds"][0]["round_double"], record["rounds"][0]["dealt_for"]) == (
        "3-3",
        "4-4",
    )
    assert Round.from_record(record) == rnd
    for wrong in ("4-3", "6-5", "3-3", "2-2"):
        record["rounds"][0]["dealt_for"] = wrong
        assert str(_error(Round.from_record, record)) == (
            f"round 1, dealt_for: {wrong} is not a double above the round double 3-3; a "
            f"record writes dealt_for only for a round that opened on a lower double (R6b)"
        )


def test_round_double_out_of_the_set_in_a_round_record() -> None:
    record = Round.deal(PRESETS["chickie-duel"], 2, seed=1).to_record()
    record["rounds"][0]["round_double"] = "9-9"
    error = _error(Round.from_record, record)
    assert str(error).startswith("round 1: the round double is a double of the double-6 set")
    assert isinstance(error.__cause__, ValueError)
    record["rounds"][0]["round_double"] = "5-5"
    record["rounds"][0]["first"] = 2
    assert "first is a seat from 0 to 1, not 2" in str(_error(Round.from_record, record))


def test_rounds_that_cannot_follow() -> None:
    """An entry after an unfinished round, after the end of the match, or missing (R19)."""
    match = _seeded("chickie-duel", 2, seed=4, moves=10_000)
    assert match.is_over
    record = match.to_record()
    record["rounds"].append(copy.deepcopy(record["rounds"][-1]))
    assert str(_error(Match.from_record, record)) == (
        f"round {len(match.finished) + 1}: the match is over after round {len(match.finished)} (R19)"
    )
    record = match.to_record()
    record["rounds"][0]["moves"].pop()
    error = _error(Match.from_record, record)
    moves = len(record["rounds"][0]["moves"])
    assert str(error) == (
        f"round 2: round 1 is not over after its {moves} moves, so round 2 cannot start (R16)"
    )
    # the same for a later round: the count is the moves of the round before it
    record = match.to_record()
    record["rounds"][1]["moves"].pop()
    moves = len(record["rounds"][1]["moves"])
    assert moves != len(record["rounds"][0]["moves"])
    assert str(_error(Match.from_record, record)) == (
        f"round 3: round 2 is not over after its {moves} moves, so round 3 cannot start (R16)"
    )
    # a seeded match deals the next round when one ends: the record must list it
    partial = _seeded("chickie-duel", 2, seed=4, moves=10_000)
    record = partial.to_record()
    del record["rounds"][3:]
    error = _error(Match.from_record, record)
    assert (
        str(error)
        == "rounds: round 4 was dealt when round 3 ended (R19), but the record has no entry for it"
    )


def test_a_bad_deal() -> None:
    rules = PRESETS["chickie-duel"]
    match = play_match(rules, 2, random.Random(1), seed=None, moves=200)
    record = match.to_record()
    hands = record["rounds"][1]["deal"]["hands"]
    hands[0][0] = hands[1][0]
    error = _error(Match.from_record, record)
    assert str(error).startswith("round 2: ")
    assert "dealt twice" in str(error)
    assert isinstance(error.__cause__, DealError)
    record = match.to_record()
    record["rounds"][0]["deal"]["hands"].pop()
    assert str(_error(Match.from_record, record)) == (
        "round 1, deal.hands: 1 hands, but the record has 2 players"
    )


# ---------------------------------------------------------------------------
# corrupt records: shape, types and limits
# ---------------------------------------------------------------------------

BASE = Round.deal(PRESETS["classic"], 4, seed=1).apply(Play(Tile(9, 9)))


def _corrupted(change: Callable[[dict[str, Any]], object]) -> str:
    record = BASE.to_record()
    change(record)
    return str(_error(Round.from_record, record))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r.update(version=3),
            (
                "record version 3 is not supported: "
                "this version of chickenfoot reads version 1 and 2 records"
            ),
        ),
        (lambda r: r.update(version="1"), 'version: expected an integer, got "1"'),
        (lambda r: r.update(version=True), "version: expected an integer, got true"),
        (lambda r: r.pop("version"), 'a chickenfoot record needs a "version" key'),
        (
            lambda r: r.update(format="pgn"),
            'not a chickenfoot record: format is "pgn", expected "chickenfoot-record"',
        ),
        (
            lambda r: r.pop("format"),
            'not a chickenfoot record: no "format" key (expected "chickenfoot-record")',
        ),
        (lambda r: r.update(comment="hi"), 'the record: unknown key "comment"'),
        (lambda r: r.pop("players"), 'the record: missing key "players"'),
        (lambda r: r.update(kind="game"), 'kind: expected "match" or "round", got "game"'),
        (lambda r: r.update(kind="match"), "kind: this is a match record, not a round record"),
        (lambda r: r.update(players=True), "players: expected an integer, got true"),
        (lambda r: r.update(players=4.0), "players: expected an integer, got 4.0"),
        (lambda r: r.update(players=101), "players: a record has 2 to 100 players, not 101"),
        (lambda r: r.update(players=1), "players: a record has 2 to 100 players, not 1"),
        (lambda r: r.update(players=30), "players: classic is for 2 to 20 players, not 30"),
        (lambda r: r.update(seed="1"), 'seed: expected an integer or null, got "1"'),
        (lambda r: r.update(seed=False), "seed: expected an integer or null, got false"),
        (
            lambda r: r.update(seed=2**64),
            "seed: 18446744073709551616 is out of range (-2**63 to 2**64 - 1)",
        ),
        (
            lambda r: r["rounds"][0].update(first=2**63),
            "round 1, first: 9223372036854775808 is out of range (-2**63 to 2**63 - 1)",
        ),
        (
            lambda r: r.update(seed=10**400),
            "seed: an integer of 1329 bits is out of range (-2**63 to 2**64 - 1)",
        ),
        (lambda r: r.update(seed=None), 'round 1: missing key "deal"'),
        (lambda r: r.update(rules=[]), "rules: expected an object, got an empty array"),
        (
            lambda r: r["rules"].update(preset="Classic"),
            'rules.preset: no preset "Classic"; the presets are chickie-duel, cross-and-foot, classic, double-foot, or null for a variant given knob by knob',
        ),
        (
            lambda r: r["rules"].update(preset=None),
            'rules.knobs: missing knob "name": without a preset, every knob is given',
        ),
        (lambda r: r["rules"].update(version=1), 'rules: unknown key "version"'),
        (lambda r: r["rules"]["knobs"].update(toes=3), 'rules.knobs: unknown key "toes"'),
        (
            lambda r: r["rules"]["knobs"].update(opening_toes=True),
            "rules.knobs.opening_toes: expected an integer, got true",
        ),
        (
            lambda r: r["rules"]["knobs"].update(first_foot_required=0),
            "rules.knobs.first_foot_required: expected true or false, got 0",
        ),
        (
            lambda r: r["rules"]["knobs"].update(start="middle"),
            'rules.knobs.start: expected one of "holder", "centre", "highest_held", got "middle"',
        ),
        (
            lambda r: r["rules"]["knobs"].update(rounds="all"),
            'rules.knobs.rounds: expected "full", "half" or an integer, got "all"',
        ),
        (
            lambda r: r["rules"]["knobs"].update(name="x" * 65),
            'rules.knobs.name: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... is too long: at most 64 characters',
        ),
        (
            lambda r: r["rules"]["knobs"].update(hand_sizes={"4": 7, "four": 7}),
            'rules.knobs.hand_sizes: a key is a player count written in decimal, like "4", not "four"',
        ),
        (
            lambda r: r["rules"]["knobs"].update(hand_sizes={"4": "7"}),
            'rules.knobs.hand_sizes["4"]: expected an integer, got "7"',
        ),
        (
            lambda r: r["rules"]["knobs"].update(hand_sizes={"4": 20}),
            "rules: classic: 4 players with hands of 20 need 80 tiles, but double-9 has 55 (R5)",
        ),
        (lambda r: r.update(rounds={}), "rounds: expected an array, got an object"),
        (lambda r: r.update(rounds=[]), "rounds: a round record has exactly 1 entry, not 0"),
        (
            lambda r: r["rounds"].append(r["rounds"][0]),
            "rounds: a round record has exactly 1 entry, not 2",
        ),
        (
            lambda r: r["rounds"][0].update(deal={}),
            "round 1, deal: a record with a seed has no deals: the seed deals",
        ),
        (lambda r: r["rounds"][0].update(note=""), 'round 1: unknown key "note"'),
        (lambda r: r["rounds"][0].pop("moves"), 'round 1: missing key "moves"'),
        (
            lambda r: r["rounds"][0].update(first=True),
            "round 1, first: expected an integer, got true",
        ),
        (
            lambda r: r["rounds"][0].update(round_double=99),
            "round 1, round_double: expected a string, got 99",
        ),
        (
            lambda r: r["rounds"][0].update(round_double="9-x"),
            "round 1, round_double: a tile is written like '9-4', not '9-x'",
        ),
        (
            lambda r: r["rounds"][0].update(round_double="99-99"),
            "round 1, round_double: a tile's ends are whole numbers from 0 to 63, not 99",
        ),
        (
            lambda r: r["rounds"][0].update(moves="9-9"),
            'round 1, moves: expected an array, got "9-9"',
        ),
        (
            lambda r: r["rounds"][0]["moves"].extend(["draw", "pass", 12]),
            "round 1, move 4: expected a string, got 12",
        ),
        (
            lambda r: r["rounds"][0]["moves"].append(None),
            "round 1, move 2: expected a string, got null",
        ),
        (
            lambda r: r["rounds"][0]["moves"].append(["draw"]),
            "round 1, move 2: expected a string, got an array of 1 item",
        ),
        (
            lambda r: r["rounds"][0]["moves"].append("9-4"),
            "round 1, move 2: '9-4' is not a move: only the round double is written without '@'; add the tile on the table it goes onto, as '9-4@' and that tile",
        ),
        (
            lambda r: r["rounds"][0]["moves"].append("9" * 41),
            'round 1, move 2: "9999999999999999999999999999999999999999"... is too long: at most 40 characters',
        ),
        (
            lambda r: r["rounds"][0]["moves"].append("draw"),
            "round 1, move 2 'draw': seat 1 has a legal play and may not draw (R12)",
        ),
    ],
)
def test_corrupt_fields(change: Callable[[dict[str, Any]], object], message: str) -> None:
    got = _corrupted(change)
    assert got.startswith(message), got


def test_causes_are_chained() -> None:
    def cause(change: Callable[[dict[str, Any]], object]) -> BaseException | None:
        record = BASE.to_record()
        change(record)
        return _error(Round.from_record, record).__cause__

    assert isinstance(cause(lambda r: r["rounds"][0]["moves"].append("x")), InvalidMoveError)
    assert isinstance(cause(lambda r: r["rounds"][0]["moves"].append("draw")), IllegalMoveError)
    assert isinstance(cause(lambda r: r["rules"]["knobs"].update(hand_sizes={"4": 20})), RulesError)
    assert isinstance(cause(lambda r: r.update(players=30)), RulesError)


def test_kind_must_match_the_class() -> None:
    match_text = Match.new(PRESETS["classic"], 4, seed=1).to_json()
    error = _error(Round.from_json, match_text)
    assert str(error) == (
        "kind: this is a match record, not a round record; "
        "read it with Match.from_json or chickenfoot.load_record"
    )
    assert "read it with Round.from_json" in str(_error(Match.from_json, BASE.to_json()))
    assert isinstance(load_record(match_text), Match)
    assert isinstance(load_record(BASE.to_json()), Round)


def test_not_json() -> None:
    text = BASE.to_json()
    cases = {
        text[:-1]: "not JSON: ",
        text.replace('"players": 4', '"players": NaN'): "not JSON: NaN is not a JSON value",
        text.replace(
            '"players": 4', '"players": 4, "players": 4'
        ): 'not JSON: the key "players" appears twice in one object',
        "[" * 100_000 + "]" * 100_000: "not a record: arrays or objects nested too deeply",
        "[]": "a record is a JSON object, not an empty array",
        "12": "a record is a JSON object, not 12",
        "": "not JSON: ",
        text.replace(
            '"seed": 1', '"seed": 1' + "0" * 5000
        ): "seed: the 5001-digit number 100000000000... is out of range",
        text.replace('"seed": 1', '"seed": 1e400'): "seed: expected an integer or null, got inf",
    }
    for bad, message in cases.items():
        got = str(_error(Round.from_json, bad))
        assert got.startswith(message), (got, message)
    assert str(_error(Round.from_json, b"\xff" + text.encode())).startswith(
        "a record is UTF-8 text: "
    )
    assert str(_error(Round.from_json, 12)) == "a record is JSON text (str or bytes), not 12"
    assert str(_error(load_record, None)) == "a record is JSON text (str or bytes), not null"


def test_from_record_refuses_python_values_json_cannot_hold() -> None:
    for change, message in [
        (
            lambda r: r["rounds"][0].update(moves=("9-9",)),
            "round 1, moves: expected an array, got a Python tuple",
        ),
        (lambda r: r.update(players=float("nan")), "players: expected an integer, got nan"),
        (lambda r: r["rules"].update({1: 2}), "rules: keys are strings, not 1"),
        (
            lambda r: r["rounds"][0]["moves"].append(b"draw"),
            "round 1, move 2: expected a string, got a Python bytes",
        ),
    ]:
        assert _corrupted(change) == message
    assert str(_error(Round.from_record, "{}")) == 'a record is a JSON object, not "{}"'


def test_limits_are_checked_before_the_work() -> None:
    text = BASE.to_json()
    padded = text[:-1] + " " * (MAX_TEXT - len(text) + 1) + "}"
    assert str(_error(Round.from_json, padded)) == (
        f"a record is at most {MAX_TEXT} bytes of UTF-8, not {MAX_TEXT + 1}"
    )
    assert str(_error(Round.from_json, padded.encode())) == (
        f"a record is at most {MAX_TEXT} bytes, not {MAX_TEXT + 1}"
    )
    # characters outside ASCII count as their UTF-8 bytes
    tail = ', "x": "\u00e9"}'
    wide = text[:-1] + " " * (MAX_TEXT - len(text) + 1 - len(tail)) + tail
    assert len(wide) == MAX_TEXT
    assert str(_error(Round.from_json, wide)) == (
        f"a record is at most {MAX_TEXT} bytes of UTF-8, not {MAX_TEXT + 1}"
    )
    # past the limit in characters, the count of bytes is a bound: at least as many
    longer = "\u00e9" * (MAX_TEXT + 1)
    assert str(_error(Round.from_json, longer)) == (
        f"a record is at most {MAX_TEXT} bytes of UTF-8, not {MAX_TEXT + 1} or more"
    )
    assert str(_error(Round.from_json, "[" * (MAX_TEXT + 1))).startswith("a record is at most")

    record = Match.new(PRESETS["classic"], 4, seed=1).to_record()
    record["rounds"] = [record["rounds"][0]] * (MAX_ROUNDS + 1)
    assert str(_error(Match.from_record, record)) == (
        f"rounds: {MAX_ROUNDS + 1} items, but a record allows at most {MAX_ROUNDS}"
    )
    record = BASE.to_record()
    record["rounds"][0]["moves"] = ["draw"] * (MAX_MOVES + 1)
    assert str(_error(Round.from_record, record)) == (
        f"round 1, moves: {MAX_MOVES + 1} items, but a record allows at most {MAX_MOVES}"
    )
    record["rounds"][0]["moves"] = ["9-9"] + ["draw"] * (MAX_MOVES - 1)
    assert str(_error(Round.from_record, record)).startswith("round 1, move 2 'draw': ")
    record = redealt(BASE).to_record()
    record["rounds"][0]["deal"]["boneyard"] = ["0-0"] * (MAX_TILES + 1)
    assert str(_error(Round.from_record, record)) == (
        f"round 1, deal.boneyard: {MAX_TILES + 1} items, but a record allows at most {MAX_TILES}"
    )
    record["rules"] = {
        "preset": "classic",
        "knobs": {"hand_sizes": dict.fromkeys(map(str, range(MAX_TILES + 1)), 1)},
    }
    assert str(_error(Round.from_record, record)) == (
        f"rules.knobs.hand_sizes: {MAX_TILES + 1} player counts, "
        f"but a record allows at most {MAX_TILES}"
    )


def test_text_over_the_size_limit_is_not_written() -> None:
    """What to_json writes, from_json reads: text longer than MAX_TEXT is refused on
    writing too, naming its size, for a round and a match; the longest text within the
    limit is written and reads back. (json.dumps puts ``indent`` spaces a level before
    every line, so a wide indent makes a short record long.)"""
    match = Match.new(PRESETS["classic"], 4, seed=1)
    for game, kind in ((BASE, "round"), (match, "match")):
        flat = len(game.to_json(indent=0))
        per_space = len(game.to_json(indent=1)) - flat
        fits = (MAX_TEXT - flat) // per_space
        text = game.to_json(indent=fits)
        assert MAX_TEXT - per_space < len(text) <= MAX_TEXT
        assert type(game).from_json(text) == game
        size = flat + (fits + 1) * per_space
        with pytest.raises(RecordError) as info:
            game.to_json(indent=fits + 1)
        assert str(info.value) == (
            f"this {kind} cannot be written as a record: {size} bytes, "
            f"and a record is at most {MAX_TEXT}"
        )


def test_limits_are_inclusive() -> None:
    """Each limit is the most a record may hold: a record exactly at a limit is read on."""
    text = BASE.to_json()
    exact = text[:-1] + " " * (MAX_TEXT - len(text)) + "}"
    assert len(exact.encode()) == MAX_TEXT
    assert Round.from_json(exact) == BASE
    assert Round.from_json(exact.encode()) == BASE
    # exactly MAX_TEXT characters, one of them two bytes long in UTF-8: one byte too many
    wide = text[:-1] + " " * (MAX_TEXT - len(text) - 10) + ', "x": "\u00e9"}'
    assert len(wide) == MAX_TEXT
    assert str(_error(Round.from_json, wide)) == (
        f"a record is at most {MAX_TEXT} bytes of UTF-8, not {MAX_TEXT + 1}"
    )

    # players: a record of MAX_PLAYERS players passes the record's limit and meets the rules'
    record = BASE.to_record()
    record["players"] = MAX_PLAYERS
    assert str(_error(Round.from_record, record)) == (
        f"players: classic is for 2 to 20 players, not {MAX_PLAYERS}"
    )
    # as many hands as the limit: read, then compared with the record's players
    record = redealt(BASE).to_record()
    record["rounds"][0]["deal"]["hands"] = [["0-0"]] * MAX_PLAYERS
    assert str(_error(Round.from_record, record)) == (
        f"round 1, deal.hands: {MAX_PLAYERS} hands, but the record has 4 players"
    )
    # as many tiles as the limit: read, then checked as a deal
    record = redealt(BASE).to_record()
    record["rounds"][0]["deal"]["boneyard"] = ["0-0"] * MAX_TILES
    assert "items, but a record allows" not in str(_error(Round.from_record, record))
    # as many player counts as the limit: read, then checked as rules
    record = BASE.to_record()
    record["rules"] = {
        "preset": "classic",
        "knobs": {"hand_sizes": dict.fromkeys(map(str, range(MAX_TILES)), 1)},
    }
    assert str(_error(Round.from_record, record)) == (
        "rules: classic: a round needs 2 players or more, not 0"
    )


def test_writing_refuses_what_reading_would_refuse() -> None:
    """A record written is a record that reads: the limits hold for writing too."""
    named = attrs.evolve(PRESETS["classic"], name="n" * 65)
    assert "rules.knobs.name" in str(_error(lambda m: m.to_record(), Match.new(named, 4, seed=1)))
    assert Round.deal(PRESETS["classic"], 4, seed=-(2**63)).to_json()


@pytest.mark.parametrize("seed", [2**64, 2**70, -(2**63) - 1])
def test_seeds_a_record_cannot_hold_are_refused_when_the_game_is_made(seed: int) -> None:
    """A seed beyond what a record holds fails at once, not when the game is saved."""
    message = "seed is an int from -2**63 to 2**64 - 1, so that a game record can hold it"
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        Round.deal(PRESETS["classic"], 4, seed=seed)
    assert str(seed) in str(caught.value)
    with pytest.raises(ValueError, match=re.escape(message)):
        Match.new(PRESETS["classic"], 4, seed=seed)
    with pytest.raises(TypeError, match="seed is an int or None"):
        Match.new(PRESETS["classic"], 4, seed=1.5)  # type: ignore[arg-type]


def test_every_round_of_a_seeded_match_writes_a_round_record() -> None:
    """Round seeds of a match (round_seed) are unsigned 64-bit numbers: a record holds them."""
    match = _seeded("classic", 3, seed=1, moves=10_000)
    assert any(r.seed is not None and r.seed >= 2**63 for r in match.finished)
    for rnd in match.finished:
        assert_round_trip(rnd)
    for seed in (2**64 - 1, 2**63, -(2**63)):
        assert_round_trip(Round.deal(PRESETS["chickie-duel"], 2, seed=seed))


def test_quoted_names_are_cut_after_40_characters() -> None:
    """Messages quote a bad key whole up to 40 characters, and its first 40 then "..."."""
    cut, whole = "c" * 41, "c" * 40
    assert _corrupted(lambda r: r.update({whole: 1})) == f'the record: unknown key "{whole}"'
    assert _corrupted(lambda r: r.update({cut: 1})) == f'the record: unknown key "{whole}"...'
    key = "x" * 50
    assert _corrupted(lambda r: r["rules"]["knobs"].update(hand_sizes={"4": 7, key: 7})) == (
        'rules.knobs.hand_sizes: a key is a player count written in decimal, like "4", '
        f'not "{"x" * 40}"...'
    )


def test_a_match_to_a_target_replays_hundreds_of_rounds() -> None:
    """R20: a match to a target deals the set's doubles again and again until a total
    passes it; a record of more than 256 rounds (well under the reader's limit) loads
    back to the same match, every round replayed in its place."""
    rules = attrs.evolve(PRESETS["chickie-duel"], target=6000)
    match = play_match(rules, 2, random.Random(1), seed=1, round_cap=MAX_ROUNDS)
    assert match.is_over
    assert 256 < len(match.finished) < MAX_ROUNDS
    assert max(match.totals) > 6000
    again = Match.from_json(match.to_json())
    assert again == match
    assert again.finished[-1].history == match.finished[-1].history
