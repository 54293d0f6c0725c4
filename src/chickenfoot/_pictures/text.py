"""The layout as a text tree, for terminals (R1)."""

from __future__ import annotations

from .._tiles import Tile
from .reading import _firsts, _Pictured, _read

# -- the layout as text -------------------------------------------------------------------


def layout_text(table: _Pictured) -> str:
    """The layout tree as indented text, rooted at the round double (R1).

    Each tile is written ``[a|b]`` with ``a`` the end that touches its parent. The round
    double and the doubles played on the lines (the feet) are named, a tile whose end is
    still open says ``open``, and a double with toe places left says how many (R2, R3).
    Children come in play order.

    >>> from chickenfoot import PRESETS, Round, layout_text
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=7)
    >>> for _ in range(14):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    >>> print(layout_text(rnd))
    [6|6] round double
    ├── [6|1] open
    ├── [6|0]
    │   └── [0|0] foot, 2 places open
    │       └── [0|3] open
    ├── [6|5] open
    └── [6|3]
        └── [3|3] foot
            ├── [3|4] open
            ├── [3|1] open
            └── [3|2] open

    Args:
        table: a :class:`~chickenfoot.Round`, a :class:`~chickenfoot.RoundView` or a
            :class:`~chickenfoot.Layout`. A bare layout does not know the variant, so a
            double's free places are counted as if it had 3 toe places and the round
            double 4 (6 once it has more than 4 tiles).

    .. versionadded:: 0.1
    """
    layout, _, _, places = _read(table)
    if not layout.placements:
        return "(no tiles on the table)"
    kids: dict[Tile, list[Tile]] = {}
    roots: list[Tile] = []  # the round double, then any tile of a hand-made layout
    for p in layout.placements:  # whose parent is not on the table before it
        if p.onto is None or (p.onto not in kids and p.onto not in roots):
            roots.append(p.tile)
        else:
            kids.setdefault(p.onto, []).append(p.tile)
        kids.setdefault(p.tile, [])
    root = roots[0]
    firsts = _firsts(layout)
    lines: list[str] = []

    def label(tile: Tile) -> str:
        first = firsts[tile]
        text = f"[{first}|{tile.other(first) if tile.has(first) else tile.low}]"
        free = places.get(tile, 0)
        if tile == root:
            text += " round double"
        elif tile.is_double:
            text += " foot"
        if tile.is_double:
            if free:
                text += f", {free} place{'s' if free != 1 else ''} open"
        elif free:
            text += " open"
        return text

    stack: list[tuple[Tile, str, str]] = [(tile, "", "") for tile in reversed(roots)]
    while stack:
        tile, lead, indent = stack.pop()
        lines.append(lead + label(tile))
        children = kids.get(tile, [])
        for i in reversed(range(len(children))):
            last = i == len(children) - 1
            stack.append(
                (
                    children[i],
                    indent + ("└── " if last else "├── "),
                    indent + ("    " if last else "│   "),
                )
            )
    return "\n".join(lines)
