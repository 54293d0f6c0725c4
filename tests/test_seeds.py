"""The seeds of rounds and games: the values a seed gives are part of the library's promise.

A match seeded ``s`` deals round ``i`` from ``round_seed(s, i)``, and a simulation seeded
``s`` plays game ``i`` from ``game_seed(s, i)``. Records, saved runs and bug reports name
these seeds, so their values never change: the tables below were computed once and are
held here, and each value is also worked out again from its published definition
(BLAKE2b, 8 bytes, big-endian).
"""

from __future__ import annotations

import hashlib
from typing import Final

import pytest

from chickenfoot import round_seed
from chickenfoot.simulation import game_seed

#: ``(seed, index, round_seed(seed, index), game_seed(seed, index))``.
PINNED: Final = (
    (0, 0, 3153696582655363665, 8326458110051644525),
    (7, 0, 11503480967311697123, 6550435825114667819),
    (7, 1, 15287739843744312862, 3496412658592296879),
    (-5, 3, 17819677156420184950, 3097738711413576096),
    (2**64 - 1, 12, 16372401340986741586, 9056990012846942155),
    (1234, 5, 3367871459703741114, 4552732357102866347),
)


def _blake(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@pytest.mark.parametrize(("seed", "index", "expected", "_"), PINNED)
def test_round_seeds_keep_their_values(seed: int, index: int, expected: int, _: int) -> None:
    assert round_seed(seed, index) == expected
    assert round_seed(seed, index) == _blake(f"{seed}/{index}")


@pytest.mark.parametrize(("seed", "index", "_", "expected"), PINNED)
def test_game_seeds_keep_their_values(seed: int, index: int, _: int, expected: int) -> None:
    assert game_seed(seed, index) == expected
    assert game_seed(seed, index) == _blake(f"simulate/{seed}/{index}") >> 1
