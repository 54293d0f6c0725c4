"""Every seat argument of the public API takes an int from 0 to players - 1, nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from chickenfoot import PRESETS, Match, Round

RULES = PRESETS["classic"]
ROUND = Round.deal(RULES, 4, seed=1)
MATCH = Match.new(RULES, 4, seed=1)

BAD_SEATS = [4, 7, -1, -4, True, False, 1.0, "1", None]

CALLS: dict[str, Callable[[Any], object]] = {
    "Round.hand": ROUND.hand,
    "Round.view": ROUND.view,
    "Match.view": MATCH.view,
    "Round.deal(first=)": lambda seat: Round.deal(RULES, 4, seed=1, first=seat),
    "Round.from_deal(first=)": lambda seat: Round.from_deal(
        RULES, ROUND.dealt_hands, ROUND.dealt_boneyard, round_double=9, first=seat
    ),
}


@pytest.mark.parametrize("call", CALLS, ids=str)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_seat_out_of_range_a_bool_or_a_non_int_is_a_value_error(call: str, seat: object) -> None:
    with pytest.raises(ValueError, match=r"is a seat from 0 to 3, not "):
        CALLS[call](seat)


@pytest.mark.parametrize("call", CALLS, ids=str)
@pytest.mark.parametrize("seat", range(4))
def test_every_seat_of_the_game_is_accepted(call: str, seat: int) -> None:
    CALLS[call](seat)


def test_the_message_shows_the_value_given() -> None:
    with pytest.raises(ValueError, match=r"^seat is a seat from 0 to 3, not -1$"):
        ROUND.hand(-1)
    with pytest.raises(ValueError, match=r"^first is a seat from 0 to 3, not True$"):
        Round.deal(RULES, 4, seed=1, first=True)


def test_a_valid_seat_gives_that_seats_tiles() -> None:
    assert [ROUND.hand(seat) for seat in range(4)] == list(ROUND.hands)
    assert ROUND.view(2).hand == ROUND.hands[2]
    assert MATCH.view(3).round.seat == 3
