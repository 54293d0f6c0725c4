"""Write the golden move-sequence counts (perft) of tests/perft/*.perft with the reference.

Run it from anywhere when a position is added or a rule changes on purpose::

    python tests/perft/generate.py

Every count is computed by the plain reference round (tests/reference.py); the engine is
not used, not even to deal: the deal is rebuilt here as ``Round.deal`` documents it (the
set in index order, without a centre double, shuffled by ``random.Random(seed).shuffle``,
then seat 0's hand, seat 1's, ..., and the rest as the boneyard in draw order).
tests/test_perft.py checks that the engine deals the same tiles and counts the same.

A position is a deal, then some moves chosen at random (seeded, from the reference's
legal moves) to reach the middle or the end of a round, where draws, passes and blocks
happen. The depth of each position goes from 4 up to 6 while the count stays small.
"""

from __future__ import annotations

import copy
import random
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import attrs

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bridge import reference_perft, sorted_moves  # noqa: E402
from reference import Move as RefMove  # noqa: E402
from reference import ReferenceRound  # noqa: E402
from reference import Tile as RefTile  # noqa: E402

# The presets' knobs are data; only their values are read here.
from chickenfoot import PRESETS, Rules  # noqa: E402

MIN_DEPTH = 4
MAX_DEPTH = 6
#: Go one level deeper only while the deepest count is expected to stay below this.
LEAF_BUDGET = 25_000
#: A position is worth counting when it has at least this many sequences of MIN_DEPTH.
MIN_LEAVES = 10


@dataclass(frozen=True)
class Position:
    """A deal (as for ``Round.deal``) and how much of a random round to play from it.

    ``part`` is the share of the round's moves played before counting: 0 counts from the
    deal, 0.9 from near the end (the round is played once to learn its length).
    """

    players: int
    seed: int
    first: int = 0
    round_double: int | None = None
    part: float = 0.0


@dataclass(frozen=True)
class PerftFile:
    """One .perft file: a preset, knobs changed from it (none for the preset's own file)."""

    preset: str
    knobs: dict[str, Any] = field(default_factory=dict)
    positions: tuple[Position, ...] = ()

    def rules(self) -> Rules:
        base = PRESETS[self.preset]
        return attrs.evolve(base, **self.knobs) if self.knobs else base


FILES: dict[str, PerftFile] = {
    "chickie-duel": PerftFile(
        "chickie-duel",
        positions=(
            Position(2, seed=1),
            Position(2, seed=2, first=1, part=0.2),
            Position(2, seed=3, part=0.5),
            Position(2, seed=4, first=1, round_double=3, part=0.7),
            Position(2, seed=5, part=0.9),
        ),
    ),
    "cross-and-foot": PerftFile(
        "cross-and-foot",
        positions=(
            Position(2, seed=1),
            Position(3, seed=2, first=2, part=0.3),
            Position(4, seed=3, round_double=5, part=0.5),
            Position(6, seed=4, first=3, part=0.7),
            Position(10, seed=5, first=9, part=0.9),
        ),
    ),
    "classic": PerftFile(
        "classic",
        positions=(
            Position(2, seed=1),
            Position(4, seed=2, first=1, part=0.3),
            Position(5, seed=3, round_double=0, part=0.5),
            Position(8, seed=4, first=5, part=0.7),
            Position(14, seed=5, first=13, part=0.9),
        ),
    ),
    "double-foot": PerftFile(
        "double-foot",
        positions=(
            Position(2, seed=1),
            Position(3, seed=2, first=2, part=0.2),
            Position(4, seed=3, round_double=7, part=0.9),
            Position(6, seed=4, first=4, part=0.5),
            Position(8, seed=5, first=7, part=0.7),
        ),
    ),
    "classic-centre-draw-until": PerftFile(
        "classic",
        knobs={"start": "centre", "draws_per_turn": None},
        positions=(
            Position(2, seed=1),
            Position(3, seed=2, first=1, part=0.9),
            Position(4, seed=3, first=3, round_double=2, part=0.9),
            Position(6, seed=4, first=2, part=0.7),
        ),
    ),
    "classic-highest-held": PerftFile(
        "classic",
        knobs={"start": "highest_held"},
        positions=(
            Position(2, seed=1),
            Position(4, seed=2, first=1),
            Position(3, seed=3, first=2, round_double=5, part=0.4),
            Position(6, seed=4, first=4, round_double=8, part=0.8),
        ),
    ),
    "classic-never-play-drawn": PerftFile(
        "classic",
        knobs={"play_drawn": "never"},
        positions=(
            Position(2, seed=1, part=0.3),
            Position(4, seed=2, first=1, part=0.6),
            Position(5, seed=3, first=3, round_double=4, part=0.9),
        ),
    ),
    "classic-may-draw": PerftFile(
        "classic",
        knobs={"must_play": False},
        positions=(
            Position(2, seed=1),
            Position(3, seed=2, first=1, part=0.4),
            Position(4, seed=3, first=2, round_double=6, part=0.7),
            Position(2, seed=4, part=0.9),
        ),
    ),
    "duel-may-two-draws": PerftFile(
        "chickie-duel",
        knobs={
            "play_drawn": "may",
            "draws_per_turn": 2,
            "opening_toes": 3,
            "toes_per_double": 2,
            "first_foot_required": False,
            "double_blank": 25,
        },
        positions=(
            Position(2, seed=1, first=1),
            Position(2, seed=2, part=0.3),
            Position(2, seed=3, first=1, round_double=0, part=0.7),
            Position(2, seed=4, part=0.95),
        ),
    ),
}


def tile_text(tile: RefTile) -> str:
    return f"{tile[0]}-{tile[1]}"


def move_text(move: RefMove) -> str:
    """A move written as the engine's ``str(move)``: ``9-9``, ``9-4@9-9``, draw, pass."""
    if move[0] != "play":
        return str(move[0])
    tile, onto = move[1], move[2]
    assert isinstance(tile, tuple)
    if onto is None:
        return tile_text(tile)
    assert isinstance(onto, tuple)
    return f"{tile_text(tile)}@{tile_text(onto)}"


def deal(rules: Rules, position: Position) -> tuple[list[list[RefTile]], list[RefTile], int]:
    """The hands, the boneyard and the round double of a seeded deal (R5, R6)."""
    n = rules.set_size(position.players)
    size = rules.hand_size(position.players)
    double = n if position.round_double is None else position.round_double
    tiles = [(high, low) for high in range(n + 1) for low in range(high + 1)]
    order = [t for t in tiles if rules.start != "centre" or t != (double, double)]
    random.Random(position.seed).shuffle(order)
    hands = [order[seat * size : (seat + 1) * size] for seat in range(position.players)]
    return hands, order[position.players * size :], double


def random_moves(game: ReferenceRound, rng: random.Random) -> list[RefMove]:
    """The moves of ``game`` played to the end, each chosen at random."""
    moves: list[RefMove] = []
    while not game.over:
        moves.append(rng.choice(sorted_moves(game)))
        game.apply(moves[-1])
    return moves


def informative_stop(game: ReferenceRound, moves: list[RefMove], part: float) -> int:
    """How many of ``moves`` to play: from ``part`` of them on (or back, near the end), the
    first position with at least :data:`MIN_LEAVES` sequences of :data:`MIN_DEPTH` moves.

    Forced stretches (the search for the round double, a single legal move after another)
    have counts of 1 that test little.
    """
    start = int(part * len(moves))
    order: list[int] = [*range(start, len(moves)), *range(start - 1, -1, -1)]
    for stop in order:
        position = copy.deepcopy(game)
        for move in moves[:stop]:
            position.apply(move)
        if reference_perft(position, MIN_DEPTH)[-1] >= MIN_LEAVES:
            return stop
    raise SystemExit("no position of this round branches enough; choose another seed")


def counts_for(game: ReferenceRound) -> list[int]:
    """Perft counts from depth 1 to the deepest that stays in budget (4 to 6)."""
    counts = reference_perft(game, MIN_DEPTH)
    while len(counts) < MAX_DEPTH:
        growth = counts[-1] / max(1, counts[-2])
        if counts[-1] * growth > LEAF_BUDGET:
            break
        counts = reference_perft(game, len(counts) + 1)
    return counts


def wrapped(key: str, words: list[str]) -> list[str]:
    """``key`` and its words on lines of at most 100 characters; the key starts each one."""
    lines = textwrap.wrap(" ".join(words), width=100 - len(key) - 1) or [""]
    return [f"{key} {line}".rstrip() for line in lines]


def render(name: str, spec: PerftFile) -> str:
    rules = spec.rules()
    knobs = " ".join(f"{key}={value!r}" for key, value in spec.knobs.items())
    lines = [
        f"# Move-sequence counts (perft) for {name}:",
        f"# the preset {spec.preset}" + (" with the knobs changed below." if knobs else "."),
        "# Written by tests/perft/generate.py with the reference round (tests/reference.py);",
        "# checked against the engine by tests/test_perft.py. Do not edit by hand.",
        "#",
        "# A position is a seeded deal, Round.deal(rules, players, seed=, round_double=, first=),",
        "# listed tile by tile (hands in tile order, the boneyard in draw order), then the",
        "# moves played from it (a long list goes on over lines that repeat its key).",
        "# 'perft D C': C sequences of D moves from there, counting Draw and Pass as moves",
        "# and a sequence that ends the round as one leaf.",
        "",
        f"rules {spec.preset}" + (f" {knobs}" if knobs else ""),
    ]
    for number, position in enumerate(spec.positions, start=1):
        hands, boneyard, double = deal(rules, position)
        game = ReferenceRound(rules, hands, boneyard, round_double=double, first=position.first)
        whole = random_moves(copy.deepcopy(game), random.Random(f"{name}/{number}"))
        played = whole[: informative_stop(game, whole, position.part)]
        for move in played:
            game.apply(move)
        started = time.perf_counter()
        counts = counts_for(game)
        seconds = time.perf_counter() - started
        print(f"{name} #{number}: {counts} in {seconds:.1f}s", file=sys.stderr)
        lines += [
            "",
            f"position {name}-{number}",
            (
                f"deal players={position.players} seed={position.seed} "
                f"round_double={double} first={position.first}"
            ),
        ]
        lines += [
            f"hand {seat} {' '.join(map(tile_text, sorted(hand)))}"
            for seat, hand in enumerate(hands)
        ]
        lines += wrapped("boneyard", list(map(tile_text, boneyard)))
        lines += wrapped("moves", list(map(move_text, played)))
        lines += [f"perft {depth} {count}" for depth, count in enumerate(counts, start=1)]
    return "\n".join(lines) + "\n"


def main() -> None:
    only = set(sys.argv[1:])
    for name, spec in FILES.items():
        if only and name not in only:
            continue
        (HERE / f"{name}.perft").write_text(render(name, spec), encoding="utf-8")


if __name__ == "__main__":
    main()
