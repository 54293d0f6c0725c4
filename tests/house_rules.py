"""House rules written the way a user writes them, for the tests of every client.

Importing this module registers them (as importing a user's script does):

* :class:`NoBlankOnTheDouble` (H1) removes plays and declares itself separable: each
  tile's plays are kept or removed on its own;
* :class:`WildDoubleBlank` (H2) adds plays and declares nothing, so the sampler checks
  its samples by replay;
* :class:`CostlyDoubles` (H3) changes the scoring alone: doubles left in a hand count
  ``factor`` times their pips, and going out on a double costs every other seat
  ``bonus`` points more; it bounds its points for OpenSpiel (``score_bounds``);
* :class:`NoNumberOnTheDouble` (H4) removes plays, as H1 does, for the tiles showing its
  ``number`` (9 by default), and says what it needs of the deal (``deal_needs``: a set
  with that number, a round double of another) and which written positions it cannot
  reach (``check_position``: a tile with the number on the round double).
"""

from __future__ import annotations

import attrs

from chickenfoot import (
    Ending,
    HouseRule,
    Move,
    Obligation,
    Pass,
    Play,
    Round,
    Tile,
    Turn,
    house_rule,
)

BLANK: Tile = Tile(0, 0)


def blank_onto_root(move: Move, root: Tile | None) -> bool:
    """Whether ``move`` plays a tile with a blank end onto the round double ``root``."""
    if not isinstance(move, Play) or root is None or move.onto != root:
        return False
    return move.tile.has(0)


@house_rule
@attrs.frozen
class NoBlankOnTheDouble(HouseRule):
    """No tile with a blank end is played onto the round double."""

    name = "no-blank-on-the-double"
    rule = "H1"
    separable = True

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        root = turn.table.round_double
        return [m for m in moves if not blank_onto_root(m, root)]

    def refusal(self, turn: Turn, move: Move) -> str | None:
        if blank_onto_root(move, turn.table.round_double):
            assert isinstance(move, Play)
            return f"no tile with a blank goes onto the round double {move.onto}"
        return None


@house_rule
@attrs.frozen
class WildDoubleBlank(HouseRule):
    """The double-blank is wild: it may go onto any place a tile may go now, whatever the
    number there (R7-R9 still say which places come first); it then wants blank toes like
    any double-blank (R3, R9). A seat holding it has a play, so it does not draw (R12)."""

    name = "wild-double-blank"
    rule = "H2"

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        if BLANK not in turn.hand:
            return moves
        if turn.draws and (turn.drawn != BLANK or turn.obligation is not Obligation.DRAWN_TILE):
            return moves  # R13: after a draw only the drawn tile; R13b: the drawer passes
        plays = [m for m in moves if isinstance(m, Play)]
        known = {m.onto for m in plays if m.tile == BLANK}
        wild = [Play(BLANK, onto) for onto in turn.table.places() if onto not in known]
        if not wild:
            return moves
        keep = turn.draws and turn.rules.play_drawn == "may"  # R13: it may keep the tile
        kept: list[Move] = [m for m in moves if isinstance(m, Pass) and keep]
        return [*plays, *wild, *kept]


@house_rule
@attrs.frozen
class CostlyDoubles(HouseRule):
    """Doubles left in a hand count ``factor`` times their pips; going out on a double
    costs every other seat ``bonus`` points more."""

    name = "costly-doubles"
    rule = "H3"
    factor: int = 2
    bonus_points: int = 10

    def tile_points(self, tile: Tile, points: int) -> int:
        return points * self.factor if tile.is_double and tile != BLANK else points

    def bonus(self, seat: int, ending: Ending, winner: int, last: Tile | None) -> int:
        if ending is Ending.WENT_OUT and seat != winner and last is not None and last.is_double:
            return self.bonus_points
        return 0

    def score_bounds(self, low: int, high: int) -> tuple[int, int]:
        return low + min(0, self.bonus_points), high + max(0, self.bonus_points)


def number_onto_root(move: Move, root: Tile | None, number: int) -> bool:
    """Whether ``move`` plays a tile showing ``number`` onto the round double ``root``."""
    if not isinstance(move, Play) or root is None or move.onto != root:
        return False
    return move.tile.has(number)


@house_rule
@attrs.frozen
class NoNumberOnTheDouble(HouseRule):
    """No tile showing ``number`` goes onto the round double."""

    name = "no-number-on-the-double"
    rule = "H4"
    separable = True
    number: int = 9

    def deal_needs(self, set_size: int, dealt_for: Tile, players: int) -> str | None:
        if self.number > set_size:
            return f"no tile of the double-{set_size} set shows a {self.number}"
        if dealt_for.high == self.number:
            return f"no tile may go onto the round double {dealt_for}, as every one shows a {self.number}"
        return None

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        root = turn.table.round_double
        return [m for m in moves if not number_onto_root(m, root, self.number)]

    def refusal(self, turn: Turn, move: Move) -> str | None:
        if number_onto_root(move, turn.table.round_double, self.number):
            assert isinstance(move, Play)
            return (
                f"seat {turn.seat} may not play {move.tile} onto the round double "
                f"{move.onto}: no {self.number} goes there"
            )
        return None

    def check_position(self, position: Round) -> str | None:
        root = position.round_double
        for placement in position.layout.placements:
            if placement.onto == root and placement.tile.has(self.number):
                played = "" if placement.seat is None else f", played by seat {placement.seat},"
                return (
                    f"layout: {placement.tile}{played} lies on the round double {root}, "
                    f"where no {self.number} goes"
                )
        return None
