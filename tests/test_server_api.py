"""What a game server relies on: moves checked against the seat that sent them, seeds
that a record can hold, and error messages a player can read.
"""

from __future__ import annotations

import json
import pickle
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played_rounds

import chickenfoot
import chickenfoot.errors
from chickenfoot import (
    PRESETS,
    Draw,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Pass,
    Play,
    RecordError,
    Round,
    SimulationError,
    StaleMoveError,
    Tile,
    parse_move,
    tile_set,
)

ROOT = Path(__file__).resolve().parents[1]


# -- apply(move, seat=...) ----------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(rnd=played_rounds(max_moves=60), data=st.data())
def test_a_move_from_the_seat_to_move_is_applied_as_without_a_seat(
    rnd: Round, data: st.DataObject
) -> None:
    moves = rnd.legal_moves()
    if rnd.to_move is None:
        assert moves == []
        return
    move = data.draw(st.sampled_from(moves), label="move")
    assert rnd.apply(move, seat=rnd.to_move) == rnd.apply(move)


@settings(max_examples=80, deadline=None)
@given(rnd=played_rounds(max_moves=60), data=st.data())
def test_a_move_from_another_seat_is_refused_naming_both_seats(
    rnd: Round, data: st.DataObject
) -> None:
    """Even a move that would be legal for the seat to move (R11)."""
    to_move = rnd.to_move
    if to_move is None:
        return
    seat = data.draw(st.sampled_from([s for s in range(rnd.players) if s != to_move]))
    move = data.draw(st.sampled_from(rnd.legal_moves()), label="move")
    before = rnd.to_json()
    with pytest.raises(IllegalMoveError) as caught:
        rnd.apply(move, seat=seat)
    error = caught.value
    assert (error.seat, error.move, error.rule) == (seat, move, "R11")
    assert error.reason == f"it is seat {to_move}'s turn, not seat {seat}'s"
    assert str(error).startswith(f"seat {seat} cannot ")
    assert str(error).endswith(f": it is seat {to_move}'s turn, not seat {seat}'s (R11)")
    assert rnd.to_json() == before  # nothing changed
    assert rnd.apply(move, seat=to_move) == rnd.apply(move)


def test_the_seat_is_checked_in_a_match_too() -> None:
    match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
    seat = match.to_move
    assert seat is not None
    move = match.legal_moves()[0]
    with pytest.raises(IllegalMoveError, match=r"it is seat \d's turn, not seat \d's \(R11\)"):
        match.apply(move, seat=1 - seat)
    assert match.apply(move, seat=seat) == match.apply(move)
    assert match.view(1 - seat).to_move == seat == match.view(seat).to_move


def test_a_finished_match_refuses_moves_from_any_seat() -> None:
    match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
    while not match.is_over:
        match = match.apply(match.legal_moves()[0])
    assert match.view(0).to_move is None
    for seat in (0, 1):
        with pytest.raises(
            IllegalMoveError, match=rf"seat {seat} cannot draw: the match is over \(R19\)"
        ):
            match.apply(Draw(), seat=seat)


@pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.0])
def test_a_seat_that_is_not_one_is_a_value_error(seat: object) -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    with pytest.raises(ValueError, match=r"seat is a seat from 0 to 1, not") as caught:
        rnd.apply(rnd.legal_moves()[0], seat=seat)  # type: ignore[arg-type]
    assert not isinstance(caught.value, IllegalMoveError)
    with pytest.raises(ValueError, match=r"seat is a seat from 0 to 1, not"):
        Match.new(PRESETS["chickie-duel"], 2, seed=1).apply(Draw(), seat=seat)  # type: ignore[arg-type]


def test_a_junk_move_with_a_seat_is_a_type_error() -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    with pytest.raises(TypeError, match="a move is a Play, Draw or Pass"):
        rnd.apply("draw", seat=1)  # type: ignore[arg-type]


# -- apply(move, ply=...): the move counter ------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(rnd=played_rounds(max_moves=60), data=st.data())
def test_a_round_counts_its_moves_and_refuses_a_move_sent_at_another_count(
    rnd: Round, data: st.DataObject
) -> None:
    """``ply`` is the length of the history; a move sent at another count is refused
    whoever sends it, before the turn is checked (R11), and nothing is applied."""
    assert rnd.ply == len(rnd.moves) == len(rnd.history)
    assert all(rnd.view(s).ply == rnd.ply for s in range(rnd.players))
    if rnd.to_move is None:
        return
    move = data.draw(st.sampled_from(rnd.legal_moves()), label="move")
    after = rnd.apply(move, seat=rnd.to_move, ply=rnd.ply)
    assert after == rnd.apply(move)
    assert after.ply == rnd.ply + 1
    sent = data.draw(st.integers(0, rnd.ply + 3).filter(lambda n: n != rnd.ply), label="sent")
    seat = data.draw(st.integers(0, rnd.players - 1), label="seat")
    before = rnd.to_json()
    with pytest.raises(StaleMoveError) as caught:
        rnd.apply(move, seat=seat, ply=sent)
    error = caught.value
    assert isinstance(error, IllegalMoveError)
    assert (error.move, error.seat, error.rule, error.sent, error.ply) == (
        move, seat, "R11", sent, rnd.ply,
    )  # fmt: skip
    assert str(error).startswith(f"seat {seat} cannot ")
    assert str(error).endswith(
        f": it was sent at move {sent}, but the round is at move {rnd.ply} now (R11)"
    )
    assert rnd.to_json() == before
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.sent, again.ply) == (
        StaleMoveError, str(error), sent, rnd.ply,
    )  # fmt: skip


def test_a_doubled_message_is_refused_as_stale() -> None:
    """Seat 0 sends its move twice: the second copy is stale, not a move out of turn."""
    match = Match.new(PRESETS["classic"], 3, seed=42)
    opening = Play(Tile(9, 9))
    assert match.legal_moves() == [opening]
    match = match.apply(opening, seat=0, ply=0)
    for game, name in ((match, "match"), (match.round, "round")):
        with pytest.raises(StaleMoveError, match=rf"sent at move 0, but the {name} is at move 1"):
            game.apply(opening, seat=0, ply=0)
        with pytest.raises(IllegalMoveError, match=r"it is seat 1's turn, not seat 0's \(R11\)"):
            game.apply(opening, seat=0, ply=1)


def test_a_match_counts_the_moves_of_every_round() -> None:
    """The match's count never goes back, so a move sent in one round cannot land in the
    next (R19) when that round reaches the same count of its own."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
    rng = random.Random(3)
    seen = []
    while not match.is_over:
        seen.append(match.ply)
        assert match.ply == sum(r.ply for r in match.finished) + match.round.ply
        assert match.view(0).ply == match.view(1).ply == match.ply
        assert match.view(0).round.ply == match.round.ply
        previous = match
        match = match.apply(rng.choice(match.legal_moves()), ply=match.ply)
        if match.round_index > previous.round_index:
            stale = previous.legal_moves()[0]
            assert match.round.ply == 0 < match.ply
            with pytest.raises(StaleMoveError, match="but the match is at move"):
                match.apply(stale, ply=previous.ply)
    assert seen == list(range(len(seen)))
    assert match.ply == len(seen) == sum(r.ply for r in match.finished)


def test_a_dealt_match_counts_a_finished_round_once() -> None:
    tiles = list(tile_set(6))
    random.Random(1).shuffle(tiles)
    match = Match.dealt(PRESETS["chickie-duel"], [tiles[:7], tiles[7:14]], tiles[14:])
    while not match.awaiting_deal:
        match = match.apply(match.legal_moves()[0])
    assert match.round is match.finished[-1]
    assert match.ply == match.round.ply == match.view(0).ply


@pytest.mark.parametrize("ply", [True, "0", 0.0, None])
def test_a_ply_that_is_not_an_int_is_a_type_error(ply: object) -> None:
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    move = rnd.legal_moves()[0]
    if ply is None:  # no count: not checked
        assert rnd.apply(move, ply=None) == rnd.apply(move)
        return
    with pytest.raises(TypeError, match=r"^ply is an int, the move count the move was sent at"):
        rnd.apply(move, ply=ply)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^ply is an int"):
        Match.new(PRESETS["chickie-duel"], 2, seed=1).apply(move, ply=ply)  # type: ignore[arg-type]


# -- seeds --------------------------------------------------------------------------------


def test_match_new_picks_a_seed_when_given_none() -> None:
    """As Round.deal does: the seed picked is reported and replays the match."""
    match = Match.new(PRESETS["classic"], 4)
    other = Match.new(PRESETS["classic"], 4, seed=None)
    assert isinstance(match.seed, int)
    assert isinstance(other.seed, int)
    assert match.seed != other.seed  # 63 random bits each
    assert Match.new(PRESETS["classic"], 4, seed=match.seed) == match
    assert Match.from_json(match.to_json()) == match


def test_the_largest_seeds_a_record_holds_are_accepted() -> None:
    for seed in (2**64 - 1, -(2**63)):
        match = Match.new(PRESETS["chickie-duel"], 2, seed=seed)
        assert Match.from_json(match.to_json()) == match


# -- messages -----------------------------------------------------------------------------


def test_an_illegal_move_reads_as_a_sentence_and_keeps_the_move_in_the_repr() -> None:
    rnd = Round.deal(PRESETS["classic"], 4, seed=1).apply(Play(Tile(9, 9)))
    with pytest.raises(IllegalMoveError) as caught:
        rnd.apply(Play(Tile(5, 4), onto=Tile(9, 9)))
    error = caught.value
    assert str(error).startswith("seat 1 cannot play 5-4 onto 9-9: ")
    assert str(error).endswith(" (R7)") or str(error).endswith(" (R4)")
    assert "Play(" not in str(error)
    assert repr(error).startswith("IllegalMoveError(Play(Tile(5, 4), onto=Tile(9, 9)), seat=1,")
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.move, copy.seat, copy.rule) == (
        str(error),
        error.move,
        error.seat,
        error.rule,
    )


def test_the_sentence_names_each_kind_of_move() -> None:
    def sentence(move: Play | Draw | Pass, seat: int | None) -> str:
        return str(IllegalMoveError(move, seat, "why", "R1"))

    assert sentence(Play(Tile(9, 9)), 0) == "seat 0 cannot place 9-9: why (R1)"
    assert sentence(Play(Tile(5, 1), Tile(1, 0)), 2) == "seat 2 cannot play 5-1 onto 1-0: why (R1)"
    assert sentence(Draw(), 1) == "seat 1 cannot draw: why (R1)"
    assert sentence(Pass(), 3) == "seat 3 cannot pass: why (R1)"
    assert sentence(Pass(), None) == "no seat can pass now: why (R1)"
    error = IllegalMoveError(Draw(), 1, "seat 1 has a legal play and may not draw", "R12")
    assert str(error) == "seat 1 cannot draw: it has a legal play and may not draw (R12)"
    assert error.reason == "seat 1 has a legal play and may not draw"


def _public(cls: type[BaseException]) -> bool:
    """Whether ``cls`` can be named by a user: a builtin, or public in a public module."""
    if cls.__name__.startswith("_"):
        return False
    if cls.__module__ == "builtins":
        return True
    module = sys.modules[cls.__module__]
    if cls.__module__.startswith("chickenfoot"):
        return getattr(chickenfoot.errors, cls.__name__, None) is cls
    return not any(part.startswith("_") for part in cls.__module__.split(".")) and (
        getattr(module, cls.__name__, None) is cls
    )


_BAD_RECORDS: list[str | bytes] = [
    '{"format": NaN}',
    '{"a": 1, "a": 2}',
    "{",
    b"\xff\xfe",
    "[" * 100_000,
    '{"format": "chickenfoot-record", "version": 1e400}',
]


def _record_errors() -> list[RecordError]:
    errors = []
    good = Match.new(PRESETS["chickie-duel"], 2, seed=4)
    for _ in range(10):
        good = good.apply(good.legal_moves()[0])
    texts = list(_BAD_RECORDS)
    record = good.to_record()
    record["rounds"][0]["moves"][3] = "9-4"
    texts.append(json.dumps(record))
    record = good.to_record()
    record["rounds"][0]["moves"][3] = "pass"
    texts.append(json.dumps(record))
    record = good.to_record()
    record["rules"]["knobs"] = {"hand_sizes": {"2": 99}}
    texts.append(json.dumps(record))
    record = good.to_record()
    record["rounds"][0]["round_double"] = "0-0"
    texts.append(json.dumps(record))
    for text in texts:
        with pytest.raises(RecordError) as caught:
            Match.from_json(text)
        errors.append(caught.value)
    return errors


def test_every_chained_cause_of_a_record_error_is_public() -> None:
    for error in _record_errors():
        cause: BaseException | None = error.__cause__
        while cause is not None:
            assert _public(type(cause)), (str(error), type(cause))
            cause = cause.__cause__
    assert _public(IllegalMoveError)
    assert not _public(type("_UnreadableError", (Exception,), {}))


def test_record_errors_count_rounds_and_moves_from_1() -> None:
    """A malformed move and a refused move are numbered the same way."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=4)
    for _ in range(10):
        match = match.apply(match.legal_moves()[0])
    record = match.to_record()
    record["rounds"][0]["moves"][3] = 12
    with pytest.raises(RecordError) as malformed_error:
        Match.from_record(record)
    record["rounds"][0]["moves"][3] = "pass"
    with pytest.raises(RecordError) as refused_error:
        Match.from_record(record)
    malformed, refused = str(malformed_error.value), str(refused_error.value)
    assert malformed.startswith("round 1, move 4: ")
    assert refused.startswith("round 1, move 4 'pass': ")
    for message in _record_errors():
        assert not re.search(r"\[0\]|moves\[|rounds\[", str(message)), str(message)


@pytest.mark.parametrize(
    "text", ["5-1", "9-4", "5-5 on 9-5", "play 9-4", "9-4@", "@9-9", "1-2-3", "draw 2"]
)
def test_move_notation_hints_name_no_move_unless_as_an_example(text: str) -> None:
    """A hint cannot know the position, so any move it shows is marked as an example."""
    with pytest.raises(InvalidMoveError) as caught:
        parse_move(text)
    message = str(caught.value)
    hint = message.removeprefix(f"{text!r} is not a move")
    for found in re.finditer(r"'(\d+-\d+(?:@\d+-\d+)?)'", hint):
        assert hint[: found.start()].endswith("for example "), message


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "None"),
        (94, "94"),
        (b"9-4@9-9", "b'9-4@9-9'"),
        (["draw"] * 9, "['draw', 'draw', 'draw',..."),  # cut short
    ],
)
def test_a_move_that_is_not_a_string_is_told_what_a_move_looks_like(
    value: object, shown: str
) -> None:
    """A server handing on what a client sent gets the form of a move back, not a type."""
    with pytest.raises(InvalidMoveError) as caught:
        parse_move(value)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"a move is a string such as '9-4@9-9', '9-9', 'draw' or 'pass', not {shown}"
    )


def test_a_move_is_at_most_40_characters() -> None:
    """A move text of 40 characters, spaces around it included, is read; one of 41 is
    refused as too long, showing its first 40 (a record's moves have the same limit)."""
    text = "9-4@9-9".center(40)
    assert parse_move(text) == Play(Tile(9, 4), onto=Tile(9, 9))
    with pytest.raises(InvalidMoveError) as caught:
        parse_move(text + " ")
    assert str(caught.value) == f"{text!r}... is not a move: too long"


def test_tile_ends_beyond_the_set_are_named_by_the_set_where_it_is_known_r5() -> None:
    """parse_move knows no set: ends go up to the notation's limit. A record knows its
    set (classic at 4 seats: double-9), and names it for a move beyond it (R5)."""
    with pytest.raises(InvalidMoveError, match=r"tile ends go up to 63$"):
        parse_move("99-1@9-9")
    with pytest.raises(InvalidMoveError, match=r"tile ends go up to 63$"):
        parse_move("64-64")
    assert parse_move("12-1@9-9") == Play(Tile(12, 1), onto=Tile(9, 9))
    # The largest ends the notation allows are moves.
    assert parse_move("63-63") == Play(Tile(63, 63), onto=None)
    assert parse_move("63-0@63-63") == Play(Tile(63, 0), onto=Tile(63, 63))
    record = Round.deal(PRESETS["classic"], 4, seed=1).to_record()
    for text in ("99-1@9-9", "12-1@9-9", "10-10"):
        record["rounds"][0]["moves"] = [text]
        with pytest.raises(RecordError) as caught:
            Round.from_record(record)
        assert str(caught.value) == (
            f"round 1, move 1: {text!r} is not a move: this game plays the double-9 set, "
            f"whose tile ends go up to 9 (R5)"
        )
        assert isinstance(caught.value.__cause__, InvalidMoveError)


@given(st.integers(0, 18), st.integers(0, 63), st.integers(0, 63))
def test_parse_move_with_a_set_size_refuses_exactly_the_ends_above_it_r5(
    n: int, high: int, low: int
) -> None:
    """Given the set (double-n), parse_move refuses a tile with an end above n, naming the
    set as a record does (R5), and reads every other move as it does without a set."""
    text = f"{high}-{low}@{n}-{n}"
    if max(high, low) > n:
        with pytest.raises(InvalidMoveError) as caught:
            parse_move(text, set_size=n)
        assert str(caught.value) == (
            f"{text!r} is not a move: this game plays the double-{n} set, "
            f"whose tile ends go up to {n} (R5)"
        )
    else:
        assert parse_move(text, set_size=n) == parse_move(text)
    assert parse_move("draw", set_size=n) == parse_move("draw")


def test_a_move_missing_its_target_is_not_given_one() -> None:
    with pytest.raises(InvalidMoveError) as caught:
        parse_move("5-1")
    assert "'5-1@9-9'" not in str(caught.value)
    assert "'5-1@' and that tile" in str(caught.value)


# -- simulations whose workers cannot start -----------------------------------------------


def test_a_simulation_from_standard_input_explains_why_its_workers_fail() -> None:
    """Worker processes import the main script, which a script on standard input is not."""
    script = textwrap.dedent(
        """
        from chickenfoot import PRESETS, SimulationError
        from chickenfoot.bots import RandomPlayer
        from chickenfoot.simulation import simulate

        try:
            simulate(PRESETS["chickie-duel"], [RandomPlayer(), RandomPlayer()],
                     games=4, seed=1, jobs=2, chunk_size=1)
        except SimulationError as exc:
            print("caught:", type(exc.__cause__).__name__, exc)
        """
    )
    done = subprocess.run(
        [sys.executable, "-"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("caught: BrokenProcessPool "), done.stdout + done.stderr
    assert 'if __name__ == "__main__":' in done.stdout
    assert "jobs=1" in done.stdout
    assert issubclass(SimulationError, chickenfoot.ChickenFootError)
