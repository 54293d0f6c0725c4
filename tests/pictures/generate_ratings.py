"""Write tests/pictures/ratings.svg: the picture of made-up ratings that
:meth:`chickenfoot.tournament.Results.svg` draws.

Run it from anywhere when the picture of the ratings is changed on purpose::

    python tests/pictures/generate_ratings.py

and look at the picture before committing the new file. tests/test_tournament.py draws
the same ratings and checks that the picture is the one the file holds.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from test_tournament import pictured_ratings  # noqa: E402


def main() -> None:
    path = HERE / "ratings.svg"
    path.write_text(pictured_ratings(), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
