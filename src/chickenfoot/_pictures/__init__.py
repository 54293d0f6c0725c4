"""Pictures of the table: the layout as text, as geometry for apps, and as SVG.

:func:`layout_text` prints the layout tree (R1) for a terminal. :func:`table_geometry`
places every tile on a plane the way players lay them on a real table: the round double in
the centre with its cross (or six toes, or other opening) around it, lines running
straight out, and each double lying across its line with its toes fanned out (R3).
:func:`table_svg` draws that geometry as a standalone SVG document with real domino faces.

The geometry is built in play order, each tile placed from the tiles before it, so a
tile keeps its position as the round goes on and an app can animate each new tile
without moving the others. Only when a tile finds no room beside its parent is a branch
of the table bent or laid again, or on a crowded table the whole table laid out afresh;
random rounds need that in a few moves in a thousand.

The package holds one module per idea: ``text`` (the tree), ``geometry`` (the public
positions and bounds), ``placing`` (the search that lays tiles out), ``plane``
(rectangles, angles and the fixed choices of that search) and ``svg`` (the drawing);
``reading`` is what they all read of a round, a view or a layout.
"""

from __future__ import annotations

from .beliefs import beliefs_svg, beliefs_text
from .geometry import Bounds, TilePosition, table_bounds, table_geometry
from .svg import table_svg
from .text import layout_text

__all__ = [
    "Bounds",
    "TilePosition",
    "beliefs_svg",
    "beliefs_text",
    "layout_text",
    "table_bounds",
    "table_geometry",
    "table_svg",
]
