"""What both adapters share: the observation of a round, piece by piece, written once.

Internal. :func:`round_pieces` names the pieces of what a seat sees of a round in play
and their shapes; :func:`encode_round` fills them from a :class:`~chickenfoot.RoundView`
alone. PettingZoo's ``observation_layout`` (seats counted from the observer, the pieces
flat in one vector) and OpenSpiel's observer (absolute seats, the pieces its observation
type asks for) are two choices of pieces and seat order over these. The action codes
(``_actions``), OpenSpiel's game parameters (``_rules``) and the bounds of a round's
scores (:func:`score_bounds`) come through here too, so that the adapters import no other
private module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import numpy as np
import numpy.typing as npt

from ._actions import action_count, action_to_move, move_to_action, set_tiles
from ._book import book_of
from ._engine import Obligation
from ._house import score_bounds as _score_bounds
from ._round import RoundView
from ._rules import Rules, knobs_of_parameters, round_parameters

__all__ = [
    "OBLIGATIONS",
    "PRIVATE",
    "PUBLIC",
    "action_count",
    "action_to_move",
    "encode_round",
    "knobs_of_parameters",
    "move_to_action",
    "round_parameters",
    "round_pieces",
    "score_bounds",
    "set_tiles",
]

#: The obligations in definition order, the slots of the ``obligation`` piece.
OBLIGATIONS: Final = tuple(Obligation)
#: The pieces only the observing seat sees, in order.
PRIVATE: Final = ("hand", "drawn")
#: The pieces every seat sees, in order.
PUBLIC: Final = (
    "table",
    "played_by",
    "open_ends",
    "pending",
    "obligation",
    "round_double",
    "hand_counts",
    "boneyard",
    "to_move",
)


def round_pieces(n: int, players: int) -> dict[str, tuple[int, ...]]:
    """The shape of every piece of :data:`PRIVATE` and :data:`PUBLIC`, in that order, for
    the double-``n`` set and ``players`` seats (T tiles, P seats):

    ``hand`` (T) the seat's tiles; ``drawn`` (T) the tile it just drew and must play or
    pass (R13); ``table`` (T) the tiles on the table; ``played_by`` (P, T) who played each
    of them; ``open_ends`` (N + 1) the places showing each number (R2, R3); ``pending``
    (N + 2) one-hot, the number of the double whose places come first (R7, R9) or the last
    slot for none; ``obligation`` (6) one-hot, :data:`OBLIGATIONS`; ``round_double``
    (N + 1) one-hot, its number; ``hand_counts`` (P) the tiles of each seat;
    ``boneyard`` (1) its tiles; ``to_move`` (P + 1) one-hot, the seat to move or the last
    slot for nobody.
    """
    tiles = len(set_tiles(n))
    return {
        "hand": (tiles,),
        "drawn": (tiles,),
        "table": (tiles,),
        "played_by": (players, tiles),
        "open_ends": (n + 1,),
        "pending": (n + 2,),
        "obligation": (len(OBLIGATIONS),),
        "round_double": (n + 1,),
        "hand_counts": (players,),
        "boneyard": (1,),
        "to_move": (players + 1,),
    }


def encode_round(
    out: Mapping[str, npt.NDArray[np.float32]],
    view: RoundView,
    *,
    relative: bool,
    to_move: int | None,
) -> None:
    """Fill the pieces of ``out`` (zeros, shaped as :func:`round_pieces` says) from
    ``view``; a piece ``out`` leaves out is skipped.

    With ``relative`` the seats are counted from the view's seat (0 is itself, 1 the
    next to play), else they are absolute. ``to_move`` is the seat the ``to_move`` piece
    marks (absolute), ``None`` for its last slot.
    """
    players, seat = view.players, view.seat
    shift = seat if relative else 0
    piece = out.get("hand")
    if piece is not None:
        for tile in view.hand:
            piece[tile.index] = 1.0
    piece = out.get("drawn")
    drawn = view.drawn_tile
    if piece is not None and drawn is not None:
        piece[drawn.index] = 1.0
    if "table" not in out:
        return
    table, played_by = out["table"], out["played_by"]
    for placement in view.layout:
        table[placement.tile.index] = 1.0
        if placement.seat is not None:
            played_by[(placement.seat - shift) % players, placement.tile.index] = 1.0
    open_ends = out["open_ends"]
    for end in view.open_ends:
        open_ends[end.number] += end.places
    pending = view.pending_double
    n = view.rules.set_size(players)
    out["pending"][n + 1 if pending is None else pending.high] = 1.0
    out["obligation"][OBLIGATIONS.index(view.obligation)] = 1.0
    out["round_double"][view.round_double.high] = 1.0
    counts = out["hand_counts"]
    for other, count in enumerate(view.hand_counts):
        counts[(other - shift) % players] = count
    out["boneyard"][0] = view.boneyard_count
    out["to_move"][players if to_move is None else (to_move - shift) % players] = 1.0


def score_bounds(rules: Rules, tiles: int) -> tuple[int, int]:
    """The lowest and highest points one seat can score for a round of ``rules`` played
    with a set of ``tiles`` tiles (R17, R17c), the house rules' bounds in
    (:meth:`HouseRule.score_bounds <chickenfoot.HouseRule.score_bounds>`).

    Raises:
        RulesError: a house rule changes the scores but cannot bound them.
    """
    return _score_bounds(book_of(rules), tiles)
