"""Tiles, sets and moves as values (RULES.md §1 "Words", R4).

§1: a tile has two ends of 0..N pips, ``9-4`` and ``4-9`` are the same tile, written high
end first; the double-N set holds every such tile once (double-6 = 28, double-9 = 55,
double-12 = 91, double-15 = 136, double-18 = 190). R4: a move is ``Play(tile, onto)``,
``Draw()`` or ``Pass()``.
"""

from __future__ import annotations

import copy
import operator
import pickle
from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

from chickenfoot import MAX_PIPS, Draw, Move, Pass, Play, Tile, _tiles, tile_set
from chickenfoot._tiles import TILES, a_number, mask_of, tiles_of

# Names a repr may use, for eval round trips.
NAMESPACE: dict[str, object] = {"Tile": Tile, "Play": Play, "Draw": Draw, "Pass": Pass}


# -- Tile: equality, hashing, ends (§1) ---------------------------------------------------


def test_tile_ends_either_way_round_are_the_same_tile_s1() -> None:
    """§1: ``9-4`` and ``4-9`` are the same tile, written high end first."""
    assert Tile(4, 9) == Tile(9, 4)
    assert hash(Tile(4, 9)) == hash(Tile(9, 4))
    assert (Tile(4, 9).high, Tile(4, 9).low) == (9, 4)
    assert str(Tile(4, 9)) == "9-4"
    assert len({Tile(4, 9), Tile(9, 4), Tile(9, 4)}) == 1


def test_tiles_with_different_ends_differ_s1() -> None:
    """§1: a tile is its pair of ends; different pairs are different tiles."""
    assert Tile(9, 4) != Tile(9, 5)
    assert Tile(9, 4) != Tile(8, 5)  # same pip count, different tile
    assert Tile(1, 0) != Tile(0, 0)
    assert len({Tile(a, b) for a in range(7) for b in range(7)}) == 28


def test_tile_is_not_equal_to_a_tuple_s1() -> None:
    """A tile is its own value type: it does not compare equal to a plain pair."""
    pair: object = (9, 4)
    text: object = "9-4"
    assert Tile(9, 4) != pair
    assert Tile(9, 4) != text


def test_tile_is_frozen() -> None:
    """§1: Tiles are immutable values (usable as dict keys)."""
    tile = Tile(9, 4)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        tile.high = 3  # type: ignore[misc]
    assert {tile: "x"}[Tile(4, 9)] == "x"


def test_tile_pips_s1_r17() -> None:
    """§1, R17: the pips of a tile are the sum of both ends."""
    assert Tile(9, 4).pips == 13
    assert Tile(0, 0).pips == 0
    assert Tile(6, 6).pips == 12
    assert Tile(18, 17).pips == 35


def test_tile_is_double_s1() -> None:
    """§1: a double is a tile with equal ends."""
    assert Tile(5, 5).is_double
    assert Tile(0, 0).is_double
    assert not Tile(5, 4).is_double
    assert not Tile(1, 0).is_double


def test_tile_has_and_other_s1() -> None:
    """§1: a tile shows two numbers; the other end of a double is the same number."""
    tile = Tile(9, 4)
    assert tile.has(9)
    assert tile.has(4)
    assert not tile.has(5)
    assert tile.other(9) == 4
    assert tile.other(4) == 9
    assert Tile(5, 5).other(5) == 5
    with pytest.raises(ValueError, match="5"):
        tile.other(5)


class Pips(int):
    """An integer type of its own, as numpy's integers are."""


def test_has_and_other_take_any_integer_type_s1() -> None:
    """§1: ends are compared by value, so any integer type names them (as in Tile())."""
    tile = Tile(Pips(9), Pips(4))
    assert tile == Tile(9, 4)
    assert tile.has(Pips(9))
    assert Tile(9, 4).other(Pips(9)) == 4
    assert Tile(9, 4).other(Pips(4)) == 9
    assert Tile(5, 5).other(Pips(5)) == 5
    with pytest.raises(ValueError, match="5"):
        Tile(9, 4).other(Pips(5))


def test_tile_iterates_high_end_first_s1() -> None:
    """§1: a tile is written high end first; iterating gives (high, low)."""
    assert tuple(Tile(4, 9)) == (9, 4)
    assert Tile(4, 9).ends == (9, 4)


def test_tile_index_formula() -> None:
    """§1 (set order): The documented index is high * (high + 1) // 2 + low (tile_set order)."""
    assert Tile(0, 0).index == 0
    assert Tile(1, 0).index == 1
    assert Tile(1, 1).index == 2
    assert Tile(2, 0).index == 3
    assert Tile(6, 6).index == 27
    assert Tile(9, 4).index == 49
    assert Tile(4, 9).index == 49


# -- Tile: order ---------------------------------------------------------------------------


def test_tiles_sort_in_set_order() -> None:
    """§1 (set order): Tiles sort by high end, then low end: the order of ``tile_set``."""
    shuffled = [Tile(6, 6), Tile(0, 0), Tile(3, 1), Tile(2, 2), Tile(3, 0), Tile(6, 0)]
    assert sorted(shuffled) == [
        Tile(0, 0),
        Tile(2, 2),
        Tile(3, 0),
        Tile(3, 1),
        Tile(6, 0),
        Tile(6, 6),
    ]
    assert Tile(2, 2) < Tile(3, 0)  # high end decides first, even with fewer pips
    assert Tile(3, 0) > Tile(2, 2)
    assert not Tile(3, 0) < Tile(3, 0)
    assert max(tile_set(6)) == Tile(6, 6)
    assert min(tile_set(6)) == Tile(0, 0)


def test_tile_order_is_complete() -> None:
    """§1 (set order): An ordered value supports all four comparisons consistently with ``<``."""
    low, high = Tile(1, 0), Tile(2, 0)
    assert operator.le(low, high)
    assert operator.le(low, Tile(0, 1))
    assert operator.ge(high, low)
    assert not operator.le(high, low)


def test_all_four_comparisons_follow_the_set_order() -> None:
    """§1 (set order): for every pair of tiles, ``<``, ``<=``, ``>`` and ``>=`` compare
    their places in ``tile_set``; a tile is neither above nor below itself."""
    tiles = tile_set(4)
    for i, a in enumerate(tiles):
        for j, b in enumerate(tiles):
            assert (a < b, a <= b, a > b, a >= b) == (i < j, i <= j, i > j, i >= j), (a, b)
    assert not Tile(3, 1) > Tile(1, 3)
    assert Tile(3, 1) >= Tile(1, 3)


@pytest.mark.parametrize("other", [3, (1, 0), "1-0", None, 1.5])
@pytest.mark.parametrize("compare", [operator.lt, operator.le, operator.gt, operator.ge])
def test_tile_does_not_order_against_other_types(
    compare: Callable[[object, object], bool], other: object
) -> None:
    """§1: Comparing a tile with a non-tile is a TypeError, not a silent answer, on
    either side of the comparison."""
    with pytest.raises(TypeError, match="not supported between instances of"):
        compare(Tile(1, 0), other)
    with pytest.raises(TypeError, match="not supported between instances of"):
        compare(other, Tile(1, 0))


def test_tile_masks_hold_exactly_their_tiles() -> None:
    """The engine keeps hands as bitmasks by tile index: a mask holds its tiles and no
    other, and gives them back in set order."""
    assert mask_of([]) == 0
    assert tiles_of(0) == ()
    assert mask_of([Tile(0, 0)]) == 1
    tiles = [Tile(6, 6), Tile(0, 0), Tile(3, 1), Tile(9, 2)]
    assert tiles_of(mask_of(tiles)) == tuple(sorted(tiles))
    assert tiles_of(mask_of(tiles[2:])) == (Tile(3, 1), Tile(9, 2))
    assert tiles_of(mask_of(tile_set(6))) == tuple(tile_set(6))


# -- Tile: str and repr ----------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b", "text"), [(9, 4, "9-4"), (4, 9, "9-4"), (0, 0, "0-0")])
def test_tile_str_high_end_first_s1(a: int, b: int, text: str) -> None:
    """§1: a tile is written high end first, ends joined by ``-``."""
    assert str(Tile(a, b)) == text


def test_tile_repr_is_code_that_round_trips() -> None:
    """§1: The repr of a tile is valid code for an equal tile."""
    for tile in (Tile(4, 9), Tile(0, 0), Tile(18, 17), Tile(MAX_PIPS, 0)):
        text = repr(tile)
        assert eval(text, NAMESPACE) == tile
    assert repr(Tile(4, 9)) == "Tile(9, 4)"


def test_tile_parse_either_end_first_s1() -> None:
    """§1: ``Tile.parse`` reads ``"9-4"`` and ``"4-9"`` as the same tile."""
    assert Tile.parse("9-4") == Tile(9, 4)
    assert Tile.parse("4-9") == Tile(9, 4)
    assert Tile.parse(" 12-0 ") == Tile(12, 0)
    for tile in tile_set(9):
        assert Tile.parse(str(tile)) == tile


@pytest.mark.parametrize("text", ["", "9", "9-4-1", "a-b", "-1-2", "9 4", "9-", "9-x", "9.0-4"])
def test_tile_parse_rejects_malformed_text(text: str) -> None:
    """§1 (written like 9-4): Text that is not two whole numbers joined by ``-`` is a ValueError."""
    with pytest.raises(ValueError, match="tile"):
        Tile.parse(text)


def test_tile_parse_rejects_too_large_end() -> None:
    """§1: An end above the largest allowed is refused when parsing too."""
    with pytest.raises(ValueError, match=str(MAX_PIPS + 1)):
        Tile.parse(f"{MAX_PIPS + 1}-0")


# -- Tile: bad ends --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [-1, -9, MAX_PIPS + 1, 1000, 1.0, 2.5, Fraction(1, 1), True, False, "4", None, (1,)],
    ids=repr,
)
def test_tile_bad_end_is_value_error(bad: object) -> None:
    """§1: ends are whole numbers of pips (0..N); negatives, too large, floats, bools and
    strings are refused with a ValueError naming the bad value, on either end."""
    with pytest.raises(ValueError, match="not") as first:
        Tile(bad, 0)  # type: ignore[arg-type]
    assert repr(bad) in str(first.value)
    with pytest.raises(ValueError, match="not") as second:
        Tile(3, bad)  # type: ignore[arg-type]
    assert repr(bad) in str(second.value)


def test_tile_largest_end_is_accepted() -> None:
    """§1: The documented bound MAX_PIPS (63) is itself a valid end."""
    assert MAX_PIPS == 63
    assert Tile(MAX_PIPS, MAX_PIPS).is_double
    assert Tile(0, MAX_PIPS).high == MAX_PIPS
    assert Tile.parse(f"{MAX_PIPS}-{MAX_PIPS}") == Tile(MAX_PIPS, MAX_PIPS)
    largest = tile_set(MAX_PIPS)
    assert len(largest) == (MAX_PIPS + 1) * (MAX_PIPS + 2) // 2
    assert largest[-2:] == (Tile(MAX_PIPS, MAX_PIPS - 1), Tile(MAX_PIPS, MAX_PIPS))


# -- tile_set (§1) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "size"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_tile_set_sizes_s1(n: int, size: int) -> None:
    """§1: double-6 = 28, double-9 = 55, double-12 = 91, double-15 = 136, double-18 = 190."""
    tiles = tile_set(n)
    assert len(tiles) == size
    assert len(set(tiles)) == size  # each once
    assert all(t.high <= n for t in tiles)
    # every tile with both ends in 0..n is there
    assert set(tiles) == {Tile(a, b) for a in range(n + 1) for b in range(n + 1)}


def test_tile_set_order_by_high_then_low() -> None:
    """§1: The documented order: by high end, then by low end, from 0-0 up to n-n."""
    assert tile_set(2) == (
        Tile(0, 0),
        Tile(1, 0),
        Tile(1, 1),
        Tile(2, 0),
        Tile(2, 1),
        Tile(2, 2),
    )
    expected = tuple(Tile(h, lo) for h in range(7) for lo in range(h + 1))
    assert tile_set(6) == expected
    assert [t.index for t in tile_set(9)] == list(range(55))


def test_tile_sets_nest() -> None:
    """§1: Double-6 is the beginning of double-9, which begins double-12."""
    assert tile_set(9)[:28] == tile_set(6)
    assert tile_set(12)[:55] == tile_set(9)
    assert tile_set(0) == (Tile(0, 0),)


@pytest.mark.parametrize("bad", [-1, MAX_PIPS + 1, 6.0, True, "6", None], ids=repr)
def test_tile_set_bad_size_is_value_error(bad: object) -> None:
    """§1: A set is double-0 to double-MAX_PIPS, named by a whole number."""
    with pytest.raises(ValueError, match="double"):
        tile_set(bad)  # type: ignore[arg-type]


# -- Moves (R4) -----------------------------------------------------------------------------------


def test_play_equality_and_hash_r4() -> None:
    """R4: a play is named by the tile played and the tile it goes onto."""
    a = Play(Tile(9, 4), onto=Tile(9, 9))
    b = Play(Tile(4, 9), Tile(9, 9))
    assert a == b
    assert hash(a) == hash(b)
    assert a != Play(Tile(9, 4), onto=Tile(4, 4))
    assert a != Play(Tile(9, 3), onto=Tile(9, 9))
    assert a != Play(Tile(9, 4))
    assert len({a, b, Play(Tile(9, 4), onto=Tile(4, 4))}) == 2


def test_play_of_round_double_has_no_onto_r4() -> None:
    """R4: placing the round double itself is ``Play(double, onto=None)``."""
    assert Play(Tile(9, 9)).onto is None
    assert Play(Tile(9, 9)) == Play(Tile(9, 9), onto=None)
    assert Play(Tile(9, 9)).tile == Tile(9, 9)


def test_play_is_frozen() -> None:
    """R4: Moves are immutable values."""
    move = Play(Tile(9, 4), onto=Tile(9, 9))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        move.tile = Tile(1, 0)  # type: ignore[misc]


def test_play_needs_tiles() -> None:
    """R4: A play names tiles, not text or tuples."""
    with pytest.raises(TypeError, match="Tile"):
        Play("9-4")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Tile"):
        Play(Tile(9, 4), onto=(9, 9))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Tile"):
        Play(None)  # type: ignore[arg-type]


def test_draw_and_pass_are_values_r4() -> None:
    """R4: ``Draw()`` and ``Pass()`` are the other moves; equal to themselves only."""
    assert Draw() == Draw()
    assert Pass() == Pass()
    assert hash(Draw()) == hash(Draw())
    assert hash(Pass()) == hash(Pass())
    draw: object = Draw()
    pass_: object = Pass()
    assert draw != pass_
    assert draw != Play(Tile(0, 0))
    assert pass_ != Play(Tile(0, 0))
    moves: set[Move] = {Draw(), Draw(), Pass(), Pass(), Play(Tile(1, 0), onto=Tile(1, 1))}
    assert len(moves) == 3


@pytest.mark.parametrize(
    "move",
    [
        Play(Tile(9, 4), onto=Tile(9, 9)),
        Play(Tile(4, 9), onto=Tile(4, 4)),
        Play(Tile(6, 6)),
        Play(Tile(0, 0), onto=Tile(6, 0)),
        Draw(),
        Pass(),
    ],
    ids=str,
)
def test_move_repr_round_trips_through_eval(move: Move) -> None:
    """R4: A move's repr is valid code that builds an equal move."""
    again = eval(repr(move), NAMESPACE)
    assert again == move
    assert type(again) is type(move)


def test_move_reprs_exact() -> None:
    """R4: Reprs name the class and the tiles as code."""
    assert repr(Play(Tile(4, 9), onto=Tile(9, 9))) == "Play(Tile(9, 4), onto=Tile(9, 9))"
    assert repr(Play(Tile(9, 9))) == "Play(Tile(9, 9), onto=None)"
    assert repr(Draw()) == "Draw()"
    assert repr(Pass()) == "Pass()"


def test_move_str_forms() -> None:
    """R4: Moves print short: ``9-4@9-9`` for a play, the tile alone for the round double."""
    assert str(Play(Tile(4, 9), onto=Tile(9, 9))) == "9-4@9-9"
    assert str(Play(Tile(0, 5), onto=Tile(5, 5))) == "5-0@5-5"
    assert str(Play(Tile(9, 9))) == "9-9"
    assert str(Draw()) == "draw"
    assert str(Pass()) == "pass"


def test_values_survive_copy_and_pickle() -> None:
    """§1, R4: Tiles and moves copy and pickle to equal values."""
    values: list[object] = [Tile(9, 4), Play(Tile(9, 4), onto=Tile(9, 9)), Draw(), Pass()]
    for value in values:
        assert copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value


def test_numbers_in_messages_take_the_article_they_are_read_with() -> None:
    """The article of "play an 8", "an 11", "an 18", "an 80" follows the spoken number
    (eight, eleven, eighteen, eighty); every other end a tile can have takes "a"."""
    spoken_an = {8, 11, 18, *range(80, 90), 800, 11_000, 18_500}
    for k in [*range(MAX_PIPS + 1), 80, 89, 100, 110, 180, 800, 1100, 11_000, 18_500]:
        assert a_number(k) == (f"an {k}" if k in spoken_an else f"a {k}"), k


def test_tile_hands_out_the_shared_tile_of_either_order() -> None:
    """``tile(a, b)`` is the engine's one object for the tile, whichever end comes first."""
    for a in range(MAX_PIPS + 1):
        for b in range(MAX_PIPS + 1):
            shared = _tiles.tile(a, b)
            assert shared is _tiles.tile(b, a)
            assert shared is TILES[shared.index]
            assert shared == Tile(a, b)
