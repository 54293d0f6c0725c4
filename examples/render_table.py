"""Draw the table of a seeded classic round, mid-round and at the end.

Four players play a classic round with random legal moves (the same on every run). The
table is written as SVG halfway through, once more as seat 0 sees it with its hand, and
again at the end, and each layout is printed as text::

    python examples/render_table.py              # into a new temporary folder
    python examples/render_table.py pictures/    # into pictures/

Open the SVG files in a browser, or show them in Jupyter, where a round draws itself.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from chickenfoot import PRESETS, Round, layout_text, table_svg


def main(argv: list[str]) -> None:
    folder = Path(argv[1]) if len(argv) > 1 else Path(tempfile.mkdtemp(prefix="chickenfoot-"))
    folder.mkdir(parents=True, exist_ok=True)
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    rng = random.Random(1)
    played = [rnd]
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        played.append(rnd)
    middle = played[len(played) // 2]
    pictures = {
        "table-mid.svg": table_svg(middle),
        "table-mid-seat-0.svg": table_svg(middle.view(0)),
        "table-end.svg": table_svg(rnd),
    }
    for name, svg in pictures.items():
        (folder / name).write_text(svg, encoding="utf-8")
    print(f"Halfway, after {len(middle.moves)} moves:")
    print(layout_text(middle))
    print(f"\nAt the end, after {len(rnd.moves)} moves ({rnd.outcome}):")
    print(layout_text(rnd))
    print(f"\nWrote {', '.join(pictures)} to {folder}")


if __name__ == "__main__":
    main(sys.argv)
