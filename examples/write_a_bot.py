"""Write a bot of your own and play it against the greedy bot.

A bot is any object with a ``name`` and a ``choose(view, rng)`` method that returns one of
``view.legal_moves()``. This one sheds doubles first (they are the hardest tiles to place),
then its heaviest tile. It plays forty seeded matches of chickie-duel against
:class:`~chickenfoot.bots.GreedyPlayer`, swapping seats every other match, and prints the
first few and the match wins; the output is the same on every run. Forty matches are
too few to rank two bots this close: over a thousand, they are about even.
"""

from __future__ import annotations

import random

import attrs

from chickenfoot import PRESETS, Move, Play, RoundView
from chickenfoot.bots import GreedyPlayer, Player, play_match


@attrs.frozen
class DoublesFirst:
    """Plays a double if it can, else its heaviest playable tile; draws only when it must."""

    name: str = "doubles-first"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        moves = view.legal_moves()
        plays = [move for move in moves if isinstance(move, Play)]
        if not plays:
            return moves[0]  # the only move: a draw or a pass (R13, R15)
        best = max((play.tile.is_double, play.tile.pips) for play in plays)
        return rng.choice([p for p in plays if (p.tile.is_double, p.tile.pips) == best])


def main() -> None:
    mine, greedy = DoublesFirst(), GreedyPlayer()
    assert isinstance(mine, Player)
    wins = {mine.name: 0.0, greedy.name: 0.0}
    for seed in range(40):
        players: list[Player] = [mine, greedy] if seed % 2 == 0 else [greedy, mine]
        match = play_match(PRESETS["chickie-duel"], players, seed=seed)
        for seat in match.winners:
            wins[players[seat].name] += 1 / len(match.winners)
        if seed < 4:
            totals = ", ".join(f"{p.name} {t}" for p, t in zip(players, match.totals, strict=True))
            print(f"match {seed}: {totals}")
    print(f"match wins: {mine.name} {wins[mine.name]:g}, {greedy.name} {wins[greedy.name]:g}")


if __name__ == "__main__":
    main()
