"""Write tests/pictures/layouts.json: where every tile of some finished rounds lies.

Run it from anywhere when the layout of the pictures is changed on purpose::

    python tests/pictures/generate_layouts.py

and look at the pictures of the rounds whose positions moved before committing the new
file (``git diff`` names them; ``chickenfoot show`` or :func:`chickenfoot.table_svg`
draws them). tests/test_pictures.py replays each round's moves and checks that
:func:`chickenfoot.table_geometry` puts every tile where the file says.

The rounds are finished rounds of every preset at every table size it deals for (2 to
8 seats), each dealt by ``Round.deal(rules, players, seed=seed)`` and played to its end by
moves chosen with ``random.Random(seed)`` from the legal moves; a few crowded tables of
eight seats of ``double-foot`` where a branch has to be turned or laid again to make
room; and the rounds of ``CROWDED_ROUNDS`` in tests/test_pictures.py, whose tables the
first layouts tried cannot lay out. The moves are written down, so the file does not
depend on the order of the legal moves or the choices of the random generator.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from chickenfoot import PRESETS, Round, parse_move, table_geometry  # noqa: E402

#: Decimal places the positions are written with; the test allows twice the last place.
PLACES = 4
#: Seeds of each preset at each table size it deals for (``chickie-duel`` deals for 2).
SEEDS = range(2)
DUEL_SEEDS = range(8)
#: More seeds of ``double-foot`` at 8 seats: tables where a branch is turned or laid
#: again to make room for a tile (``_Layouter.repair``), some of them more than once; on
#: the last two, some of those tiles are toes whose own place their siblings have taken.
CROWDED_SEEDS = (37, 118, 119, 134, 154, 561, 756)
#: More tables by preset and table size: on ``classic`` at 6 seats with seed 35, a foot's
#: toe has part of the room it wants, and how much of it (not only whether all of it is
#: there) decides where the toe lies; on ``double-foot`` at 6 seats with seed 5, a tile in
#: the way of another spans rows of the grid of places below the first it starts in, and
#: is found there (``_Placer.hits``); on ``double-foot`` at 8 seats with seed 541, a branch
#: turned to make room would bring a tile beyond its first too near the tile the branch
#: grows from, which only the first may touch.
MORE_SEEDS = {("classic", 6): (35,), ("double-foot", 6): (5,), ("double-foot", 8): (541,)}
#: Tables part of the way through the rounds of ``CROWDED_ROUNDS`` (by round double and
#: first seat: how many moves are played) that the first layout tried cannot lay out,
#: laid out by the second, the fourth and the sixth of ``_pictures.plane._TRIES``.
CROWDED_CUTS = {(0, 3): (74,), (7, 2): (86,), (None, 3): (109,)}


def _played(preset: str, players: int, seed: int) -> tuple[Round, list[str]]:
    rnd = Round.deal(PRESETS[preset], players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not rnd.is_over:
        move = rng.choice(rnd.legal_moves())
        moves.append(str(move))
        rnd = rnd.apply(move)
    return rnd, moves


def _entry(rnd: Round, deal: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    return {
        **deal,
        "moves": " ".join(moves),
        "positions": [
            [
                str(p.tile),
                round(p.x, PLACES) + 0.0,
                round(p.y, PLACES) + 0.0,
                round(p.angle, 2) + 0.0,
            ]
            for p in table_geometry(rnd)
        ],
    }


def deal_args(deal: dict[str, Any]) -> dict[str, Any]:
    """The keywords of ``Round.deal`` that a round of the file was dealt with."""
    return {k: deal[k] for k in ("seed", "round_double", "first") if k in deal}


def rounds() -> list[dict[str, Any]]:
    """Every table of the file, with its deal, its moves and its tiles' positions."""
    out = []
    for preset, rules in PRESETS.items():
        for players in range(2, 9):
            if players not in rules.player_counts:
                continue
            seeds = [*(DUEL_SEEDS if preset == "chickie-duel" else SEEDS)]
            if (preset, players) == ("double-foot", 8):
                seeds.extend(CROWDED_SEEDS)
            seeds.extend(MORE_SEEDS.get((preset, players), ()))
            for seed in seeds:
                rnd, moves = _played(preset, players, seed)
                deal = {"preset": preset, "players": players, "seed": seed}
                out.append(_entry(rnd, deal, moves))
    from test_pictures import CROWDED_ROUNDS, CROWDED_SEED

    for round_double, first, played in CROWDED_ROUNDS:
        for cut in (*CROWDED_CUTS.get((round_double, first), ()), None):
            moves = played.split()[:cut]
            deal = {
                "preset": "double-foot",
                "players": 8,
                "seed": CROWDED_SEED,
                "round_double": round_double,
                "first": first,
            }
            rnd = Round.deal(PRESETS["double-foot"], 8, **deal_args(deal))
            for text in moves:
                rnd = rnd.apply(parse_move(text))
            out.append(_entry(rnd, deal, moves))
    return out


def main() -> None:
    path = HERE / "layouts.json"
    data: dict[str, Any] = {
        "about": (
            "Where table_geometry lays every tile of these finished rounds: [tile, x, y, "
            "angle] in play order. Written by tests/pictures/generate_layouts.py; checked by "
            "tests/test_pictures.py."
        ),
        "places": PLACES,
        "rounds": rounds(),
    }
    # one round a block and one tile a line, so that a diff names the tiles that moved
    lines = ["{"]
    lines.append(f' "about": {json.dumps(data["about"])},')
    lines.append(f' "places": {PLACES},')
    lines.append(' "rounds": [')
    blocks = []
    for entry in data["rounds"]:
        head = {k: v for k, v in entry.items() if k != "positions"}
        tiles = ",\n".join(f"   {json.dumps(p)}" for p in entry["positions"])
        blocks.append(f'  {json.dumps(head)[:-1]},\n  "positions": [\n{tiles}\n  ]}}')
    lines.append(",\n".join(blocks))
    lines.append(" ]")
    lines.append("}")
    text = "\n".join(lines)
    json.loads(text)  # the file is JSON
    path.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {path} ({len(data['rounds'])} rounds)")


if __name__ == "__main__":
    main()
