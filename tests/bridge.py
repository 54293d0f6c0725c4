"""Translate between the engine's values and the reference round's plain tuples.

The reference (tests/reference.py) writes a tile as ``(high, low)`` and a move as
``("play", tile, onto)``, ``("draw",)`` or ``("pass",)``. This module turns engine values
into those, rebuilds a reference round from an engine round's deal, and counts move
sequences (perft) on the reference.
"""

from __future__ import annotations

import copy

from reference import DRAW, PASS, ReferenceRound
from reference import Move as RefMove
from reference import Tile as RefTile

from chickenfoot import Draw, Ending, Move, Play, Round, Rules, Tile

__all__ = [
    "ENDINGS",
    "RefMove",
    "RefTile",
    "ref_move",
    "ref_tile",
    "reference_divide",
    "reference_of",
    "reference_perft",
    "sorted_moves",
]

#: The engine's endings as the reference names them.
ENDINGS: dict[Ending, str] = {Ending.WENT_OUT: "went_out", Ending.BLOCKED: "blocked"}


def ref_tile(tile: Tile) -> RefTile:
    """``Tile(9, 4)`` as ``(9, 4)``."""
    return (tile.high, tile.low)


def ref_move(move: Move) -> RefMove:
    """An engine move as the reference's tuple."""
    if isinstance(move, Play):
        return ("play", ref_tile(move.tile), None if move.onto is None else ref_tile(move.onto))
    return DRAW if isinstance(move, Draw) else PASS


def reference_of(rnd: Round, rules: Rules | None = None) -> ReferenceRound:
    """A fresh reference round with ``rnd``'s deal: hands, boneyard, round double, first seat.

    ``rnd`` may have moves already; only its deal is used.
    """
    return ReferenceRound(
        rnd.rules if rules is None else rules,
        hands=[[ref_tile(t) for t in hand] for hand in rnd.dealt_hands],
        boneyard=[ref_tile(t) for t in rnd.dealt_boneyard],
        round_double=rnd.dealt_for.high,
        first=rnd.first,
    )


def sorted_moves(game: ReferenceRound) -> list[RefMove]:
    """The reference's legal moves in a fixed order (a set's order varies between runs)."""
    return sorted(game.legal_moves(), key=repr)


def reference_perft(game: ReferenceRound, depth: int) -> list[int]:
    """Move sequences from ``game`` of every length 1 to ``depth``, by the reference.

    ``result[d - 1]`` counts the sequences of ``d`` moves; Draw and Pass are moves, and a
    sequence that ends the round early counts once at every greater length (a leaf).
    """
    if game.over:
        return [1] * depth
    counts = [0] * depth
    for move in sorted_moves(game):
        child = copy.deepcopy(game)
        child.apply(move)
        counts[0] += 1
        if depth > 1:
            for d, n in enumerate(reference_perft(child, depth - 1), start=1):
                counts[d] += n
    return counts


def reference_divide(game: ReferenceRound, depth: int) -> dict[RefMove, int]:
    """For each first move, the sequences of ``depth`` moves that start with it."""
    out: dict[RefMove, int] = {}
    for move in sorted_moves(game):
        child = copy.deepcopy(game)
        child.apply(move)
        out[move] = 1 if depth == 1 else reference_perft(child, depth - 1)[-1]
    return out
