"""Golden move-sequence counts (perft): the engine against counts made by the reference.

tests/perft/*.perft hold, for fixed positions (a seeded deal and some moves from it), the
number of move sequences of every length up to 4-6, computed by the plain reference round
with tests/perft/generate.py. Here the engine deals the same tiles, plays the same moves
and must count the same. On a mismatch the failure lists, for every first move, the
count of the engine and of the reference (a "divide"), to find the move that differs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from bridge import ref_move, reference_divide, reference_of

from chickenfoot import PRESETS, IllegalMoveError, Move, Round, Rules, Tile, parse_move

PERFT_DIR = Path(__file__).resolve().parent / "perft"


@attrs.frozen
class PerftPosition:
    """One position of a .perft file and its counts."""

    name: str
    rules: Rules
    players: int
    seed: int
    round_double: int
    first: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    moves: tuple[Move, ...]
    #: The moves as the file writes them.
    words: tuple[str, ...]
    counts: tuple[int, ...]

    def deal(self) -> Round:
        """The round as the engine deals it from the seed, before any move."""
        return Round.deal(
            self.rules,
            self.players,
            seed=self.seed,
            round_double=self.round_double,
            first=self.first,
        )


def parse_rules(words: list[str]) -> Rules:
    """``classic start='centre' draws_per_turn=None``: a preset and changed knobs."""
    preset, *knobs = words
    changes: dict[str, Any] = {}
    for knob in knobs:
        key, _, value = knob.partition("=")
        changes[key] = ast.literal_eval(value)
    base = PRESETS[preset]
    return attrs.evolve(base, **changes) if changes else base


def load(path: Path) -> tuple[list[str], list[PerftPosition]]:
    """The words of the ``rules`` line and the positions of a .perft file."""
    rules_words: list[str] = []
    blocks: list[dict[str, list[str]]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, *words = line.split()
        if key == "rules":
            rules_words = words
        elif key == "position":
            blocks.append({"position": words})
        elif key == "hand":
            hands = blocks[-1].setdefault("hands", [])
            assert words[0] == str(len(hands)), f"{path.name}: hands out of seat order"
            hands.append(" ".join(words[1:]))
        else:  # a repeated key goes on with the same list
            blocks[-1].setdefault(key, []).extend(words)
    rules = parse_rules(rules_words)
    positions = []
    for block in blocks:
        deal = dict(word.split("=") for word in block["deal"])
        perft = block.get("perft", [])
        depths = [int(d) for d in perft[0::2]]
        assert depths == list(range(1, len(depths) + 1)), f"{path.name}: depths {depths}"
        positions.append(
            PerftPosition(
                name=block["position"][0],
                rules=rules,
                players=int(deal["players"]),
                seed=int(deal["seed"]),
                round_double=int(deal["round_double"]),
                first=int(deal["first"]),
                hands=tuple(tuple(map(Tile.parse, h.split())) for h in block["hands"]),
                boneyard=tuple(map(Tile.parse, block.get("boneyard", []))),
                moves=tuple(map(parse_move, block.get("moves", []))),
                words=tuple(block.get("moves", [])),
                counts=tuple(int(c) for c in perft[1::2]),
            )
        )
    return rules_words, positions


def all_positions() -> Iterator[PerftPosition]:
    for path in sorted(PERFT_DIR.glob("*.perft")):
        yield from load(path)[1]


POSITIONS = list(all_positions())


def engine_perft(rnd: Round, depth: int) -> list[int]:
    """Move sequences from ``rnd`` of every length 1 to ``depth``, by the engine.

    ``result[d - 1]`` counts the sequences of ``d`` moves; a sequence that ends the round
    early counts once at every greater length.
    """
    if rnd.is_over:
        return [1] * depth
    counts = [0] * depth
    for move in rnd.legal_moves():
        child = rnd.apply(move)
        counts[0] += 1
        if depth > 1:
            for d, n in enumerate(engine_perft(child, depth - 1), start=1):
                counts[d] += n
    return counts


def divide_report(rnd: Round, position: PerftPosition, depth: int) -> str:
    """Engine and reference counts of ``depth`` moves after each first move."""
    ref = reference_of(rnd)
    for move in position.moves:
        ref.apply(ref_move(move))
    expected = reference_divide(ref, depth)
    lines = [f"divide at depth {depth} (move: engine / reference):"]
    seen = set()
    for move in rnd.legal_moves():
        got = engine_perft(rnd.apply(move), depth - 1)[-1] if depth > 1 else 1
        want = expected.get(ref_move(move))
        seen.add(ref_move(move))
        mark = "" if got == want else "   <-- differs"
        lines.append(f"  {move}: {got} / {want}{mark}")
    lines += [
        f"  {move}: not listed by the engine / {n}"
        for move, n in expected.items()
        if move not in seen
    ]
    return "\n".join(lines)


def test_every_preset_has_a_perft_file() -> None:
    """Golden counts cover every preset, each in its own file with its own knobs."""
    for name in PRESETS:
        path = PERFT_DIR / f"{name}.perft"
        assert path.is_file(), f"no golden counts for {name}: run tests/perft/generate.py"
        words, positions = load(path)
        assert words == [name], f"{path.name} should count the preset itself, not {words}"
        assert positions, f"{path.name} has no position"


def test_perft_files_are_complete() -> None:
    """Every position is counted to a depth from 4 to 6 and names a distinct deal."""
    assert len(POSITIONS) >= 2 * len(PRESETS)
    for position in POSITIONS:
        assert 4 <= len(position.counts) <= 6, position.name
        assert position.counts[-1] >= 1, position.name
    assert len({p.name for p in POSITIONS}) == len(POSITIONS)


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_deal_matches_the_listed_tiles(position: PerftPosition) -> None:
    """R5: the seeded deal gives the tiles the file lists, and from_deal the same round."""
    rnd = position.deal()
    assert rnd.dealt_hands == position.hands
    assert rnd.dealt_boneyard == position.boneyard
    explicit = Round.from_deal(
        position.rules,
        position.hands,
        position.boneyard,
        round_double=position.round_double,
        first=position.first,
    )
    assert explicit == rnd


def test_listed_moves_are_written_as_the_engine_writes_them() -> None:
    """R4: generate.py writes moves in the move notation: each reads and writes back."""
    words = [word for position in POSITIONS for word in position.words]
    assert {"draw", "pass"} <= set(words)
    assert any("@" in word for word in words)
    for position in POSITIONS:
        assert [str(move) for move in position.moves] == list(position.words), position.name


@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_perft(position: PerftPosition) -> None:
    """R6-R16: the engine counts the move sequences the reference counted."""
    rnd = position.deal()
    for number, move in enumerate(position.moves, start=1):
        try:
            rnd = rnd.apply(move)
        except IllegalMoveError as error:
            pytest.fail(f"{position.name}: the engine refuses listed move {number}: {error}")
    got = engine_perft(rnd, len(position.counts))
    if got != list(position.counts):
        depth = next(
            d for d, (a, b) in enumerate(zip(got, position.counts, strict=True), 1) if a != b
        )
        pytest.fail(
            f"{position.name}: engine counts {got}, expected {list(position.counts)}\n"
            + divide_report(rnd, position, depth)
        )
