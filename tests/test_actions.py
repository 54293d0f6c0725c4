"""The adapters' action codes (chickenfoot._actions): one code per move of a set (R4)."""

from __future__ import annotations

import importlib.util

import pytest

from chickenfoot import Draw, Pass, Play, Round, Tile, tile_set
from chickenfoot._actions import action_count, action_to_move, move_to_action, set_tiles
from chickenfoot._rules import PRESETS


@pytest.mark.parametrize("n", [0, 1, 6, 9, 12])
def test_action_codes_round_trip(n: int) -> None:
    """Every code names at most one move and every move of the set has one code (R4)."""
    count = action_count(n)
    moves = {}
    for code in range(count):
        try:
            move = action_to_move(code, n)
        except ValueError:
            continue
        assert move_to_action(move, n) == code
        moves[move] = code
    tiles = tile_set(n)
    plays = sum(1 for t in tiles for o in tiles if o != t and (o.has(t.high) or o.has(t.low)))
    doubles = sum(1 for t in tiles if t.is_double)
    assert len(moves) == plays + doubles + 2  # plays, round-double placements, draw, pass
    assert move_to_action(Draw(), n) == count - 2
    assert move_to_action(Pass(), n) == count - 1
    with pytest.raises(ValueError, match="not a code"):
        action_to_move(count, n)
    with pytest.raises(ValueError, match="not a code"):
        action_to_move(-1, n)


def test_documented_codes() -> None:
    """The layout the docs give: ``(2 * t + side) * W + j``, Draw and Pass at the end."""
    assert action_count(6) == 394
    assert action_count(9) == 1102
    t = Tile(6, 3).index
    assert move_to_action(Play(Tile(6, 3), Tile(6, 6)), 6) == 2 * t * 7 + 6
    assert move_to_action(Play(Tile(6, 3), Tile(3, 1)), 6) == (2 * t + 1) * 7 + 1
    assert move_to_action(Play(Tile(6, 6)), 6) == 2 * Tile(6, 6).index * 7 + 6
    assert set_tiles(6) == tile_set(6)
    assert len(set_tiles(9)) == 55


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Play(Tile(7, 1), Tile(1, 1)), "not a move of the double-6 set"),
        (Play(Tile(6, 3)), "only the round double is placed onto nothing"),
        (Play(Tile(6, 3), Tile(6, 3)), "not played onto itself"),
        (Play(Tile(6, 3), Tile(5, 1)), "share no number"),
    ],
)
def test_moves_without_a_code(move: Play, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        move_to_action(move, 6)


def test_codes_that_name_no_move() -> None:
    """The low side of a double and a non-double onto itself are refused by name."""
    d = Tile(6, 6).index
    with pytest.raises(ValueError, match="a double has no low side"):
        action_to_move((2 * d + 1) * 7, 6)
    t = Tile(6, 3).index
    with pytest.raises(ValueError, match="onto itself"):
        action_to_move(2 * t * 7 + 3, 6)


def test_every_legal_move_of_a_round_has_a_code() -> None:
    """The codes of a round's legal moves are distinct and decode back to them."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=3)
    n = rnd.set_size
    while not rnd.is_over:
        moves = rnd.legal_moves()
        codes = [move_to_action(m, n) for m in moves]
        assert len(set(codes)) == len(codes)
        assert [action_to_move(c, n) for c in codes] == moves
        rnd = rnd.apply(moves[-1])


@pytest.mark.parametrize("adapter", ["pettingzoo", "openspiel"])
def test_adapters_share_the_codes(adapter: str) -> None:
    """Both adapters re-export these very functions, so their codes cannot drift apart."""
    if (
        importlib.util.find_spec({"pettingzoo": "pettingzoo", "openspiel": "pyspiel"}[adapter])
        is None
    ):
        pytest.skip(f"{adapter} is not installed")
    module = importlib.import_module(f"chickenfoot.{adapter}")
    assert module.action_count is action_count
    assert module.move_to_action is move_to_action
    assert module.action_to_move is action_to_move
