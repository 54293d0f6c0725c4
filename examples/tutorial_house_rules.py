"""House rules of your own: a wild double-blank and doubles that cost more.

The script of the "House rules of your own" guide page: two HouseRule classes,
registered by name, played through a round, a view's samples, a record, bots and a
simulation on a process pool.
"""

from __future__ import annotations

import random

import attrs

from chickenfoot import (
    PRESETS,
    HouseRule,
    Move,
    Obligation,
    Pass,
    Play,
    Round,
    Rules,
    RulesError,
    Tile,
    Turn,
    house_rule,
)
from chickenfoot.bots import GreedyPlayer, level, play_match
from chickenfoot.simulation import simulate
from chickenfoot.testing import check_rule

BLANK = Tile(0, 0)


@house_rule
@attrs.frozen
class WildDoubleBlank(HouseRule):
    """The double-blank is wild: it goes onto any place open now, whatever its number."""

    name = "wild-double-blank"
    rule = "H1"
    separable = True  # a hand has a play exactly when one of its tiles has one

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        if BLANK not in turn.hand:
            return moves
        if turn.draws and (turn.drawn != BLANK or turn.obligation is not Obligation.DRAWN_TILE):
            return moves  # R13: after a draw, the drawn tile alone; R13b: the drawer passes
        plays = [m for m in moves if isinstance(m, Play)]
        already = {m.onto for m in plays if m.tile == BLANK}
        wild = [Play(BLANK, onto) for onto in turn.table.places() if onto not in already]
        if not wild:
            return moves
        # A seat with a play plays (R12): the draw goes; a drawn tile may still be kept
        # with a pass where the rules allow it (R13, play_drawn="may").
        keep = turn.draws and turn.rules.play_drawn == "may"
        kept: list[Move] = [m for m in moves if isinstance(m, Pass) and keep]
        return [*plays, *wild, *kept]


@house_rule
@attrs.frozen
class HeavyDoubles(HouseRule):
    """Every double left in a hand costs ``factor`` times its points (R17)."""

    name = "heavy-doubles"
    rule = "H2"
    factor: int = 2

    def check(self, rules: Rules) -> None:
        if self.factor < 1:
            raise RulesError(f"{rules.name}: heavy-doubles needs a factor of 1 or more")

    def tile_points(self, tile: Tile, points: int) -> int:
        return points * self.factor if tile.is_double else points


def a_wild_play(rules: Rules) -> tuple[Round, Play]:
    """A round just before a wild play onto an end that shows another number."""
    for seed in range(100):
        rng = random.Random(seed)
        rnd = Round.deal(rules, 4, seed=seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            for move in moves:
                onto = move.onto if isinstance(move, Play) else None
                if isinstance(move, Play) and move.tile == BLANK and onto and not onto.has(0):
                    return rnd, move
            rnd = rnd.apply(rng.choice(moves))
    raise AssertionError("no wild play in 100 rounds")


def main() -> None:
    rules = attrs.evolve(
        PRESETS["classic"], name="wild-and-heavy", house=[WildDoubleBlank(), HeavyDoubles(3)]
    )
    print(rules.to_json())

    # A round: the double-blank goes onto an end that does not show a blank (H1).
    rnd, move = a_wild_play(rules)
    mover = rnd.to_move
    rnd = rnd.apply(move)
    ends = ", ".join(f"{end.onto} shows {end.number}" for end in rnd.open_ends)
    print(f"seat {mover} played {move}; open now: {ends}")

    # A view, and a full round it could be looking at: exact, as H1 is separable.
    seat = (rnd.to_move or 0) + 1
    view = rnd.view(seat % 4)
    sample = view.sample_state(random.Random(1))
    assert sample.view(seat % 4) == view

    # The round to its end, scored with heavy doubles (H2), and its record read back.
    rng = random.Random(2)
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert rnd.outcome is not None
    print(f"{rnd.outcome.ending.value}: scores {rnd.outcome.scores}")
    assert Round.from_json(rnd.to_json()) == rnd

    # Bots play by the house rules without knowing them: their moves come from the rules.
    duel = attrs.evolve(PRESETS["chickie-duel"], house=rules.house, rounds=1)
    match = play_match(duel, [level(2), level(3)], seed=4)
    print(f"level 2 against level 3: totals {match.totals}")

    # A simulation on a process pool: the rules pickle by reference, and each worker
    # imports this script (its top level, not main), which registers them again.
    summary = simulate(duel, [GreedyPlayer(), level(1)], games=8, seed=1, jobs=2)
    print(f"{summary.games} games: greedy wins {summary.seats[0].wins}")

    # The library's checks of a rule: refusals, and what each move tells the sampler.
    check_rule(WildDoubleBlank(), PRESETS["chickie-duel"], rounds=3)
    print("check_rule: wild-double-blank is sound")


if __name__ == "__main__":
    main()
