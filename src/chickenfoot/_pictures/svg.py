"""The table drawn as a standalone SVG document with real domino faces."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from .._table import Layout
from .._tiles import Tile
from .geometry import Bounds, TilePosition, table_bounds, table_geometry
from .plane import _Point
from .reading import _Pictured, _read

# -- SVG --------------------------------------------------------------------------------

_FELT: Final = "#1d5c3a"
_INK: Final = "#262626"
_IVORY: Final = "#fffbea"
_EDGE: Final = "#55504a"
_GOLD: Final = "#f3d27a"
_GOLD_EDGE: Final = "#9a6a00"
_OPEN: Final = "#2fb36a"
_WAITING: Final = "#f0a020"
_TEXT: Final = "#f4f1e6"
#: A character's width in sans-serif text, in ems, as the titles' room is reckoned.
_EM_WIDTH: Final = 0.58
#: The spacing of the 3 by 3 grid of pips on half a tile.
_GRID: Final = 0.27
#: The standard faces 0 to 9 on that grid, as ``(column, row)`` from -1 to 1.
_FACES: Final[tuple[tuple[tuple[int, int], ...], ...]] = (
    (),
    ((0, 0),),
    ((-1, -1), (1, 1)),
    ((-1, -1), (0, 0), (1, 1)),
    ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (0, 0), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    ((-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
)
#: The largest number drawn as pips; larger numbers are written as numerals.
_MOST_PIPS: Final = 18


def _pips(n: int) -> tuple[list[_Point], float]:
    """Pip centres of ``n`` on a half tile centred at ``(0, 0)``, and the pip radius.

    0 to 9 are the standard faces on a 3 by 3 grid. 10 to 18 are three rows along the
    tile: the outer two full, the middle one holding the rest, centred (10 is 4, 2, 4;
    18 is 6, 6, 6).

    >>> from chickenfoot._pictures.svg import _pips
    >>> len(_pips(7)[0]), len(_pips(10)[0]), len(_pips(18)[0])
    (7, 10, 18)
    """
    if n <= 9:
        return [(_GRID * i, _GRID * j) for i, j in _FACES[n]], 0.085
    per_row = math.ceil(n / 3)
    middle = n - 2 * per_row
    pitch = 0.64 / (per_row - 1)
    out: list[_Point] = []
    for row, count in ((-1, per_row), (0, middle), (1, per_row)):
        for i in range(count):
            out.append(((i - (count - 1) / 2) * pitch, row * _GRID))
    return out, min(0.085, pitch * 0.36)


def _escape(text: str) -> str:
    """``text`` as SVG character data: ``&``, ``<`` and ``>`` written as entities.

    (Written here rather than imported from :mod:`xml.sax.saxutils`, whose import pulls in
    :mod:`urllib.request` and the :mod:`email` package, and slows down the start of every
    program that imports ``chickenfoot``, the command's among them.)

    >>> from chickenfoot._pictures.svg import _escape
    >>> _escape("a < b & c > d")
    'a &lt; b &amp; c &gt; d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _num(value: float) -> str:
    """``value`` for an SVG attribute: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _face(number: int, cx: float, angle: float) -> list[str]:
    """One end's pips, centred on ``(cx, 0)`` of a tile turned by ``angle``.

    A number above ``_MOST_PIPS`` is written as a numeral, turned back upright.
    """
    if number > _MOST_PIPS:
        x = _num(cx)
        return [
            (
                f'<text x="{x}" y="0" transform="rotate({_num(-angle)} {x} 0)" font-size="0.5" '
                f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                f'dominant-baseline="central" fill="{_INK}">{number}</text>'
            )
        ]
    pips, radius = _pips(number)
    r = _num(radius)
    return [f'<circle cx="{_num(cx + x)}" cy="{_num(y)}" r="{r}" fill="{_INK}"/>' for x, y in pips]


def _tile_svg(pos: TilePosition, css: str, data: str, mark: str, centre: bool) -> str:
    """One tile as a ``<g>`` of class ``css``: its face, dividing line, pips and mark.

    ``data`` holds extra attributes; ``mark`` is ``"open"`` for an open end,
    ``"waiting"`` for a double with toe places left, or empty.
    """
    fill, edge, stroke = (_GOLD, _GOLD_EDGE, 0.08) if centre else (_IVORY, _EDGE, 0.045)
    parts = [
        (
            f'<g class="{css}" data-tile="{pos.tile}"{data} '
            f'transform="translate({_num(pos.x)} {_num(pos.y)}) rotate({_num(pos.angle)})">'
        ),
        (
            f'<rect class="face" x="-0.98" y="-0.48" width="1.96" height="0.96" rx="0.13" '
            f'fill="{fill}" stroke="{edge}" stroke-width="{stroke}"/>'
        ),
        f'<line x1="0" y1="-0.36" x2="0" y2="0.36" stroke="{_EDGE}" stroke-width="0.035"/>',
        *_face(pos.first, -0.5, pos.angle),
        *_face(pos.second, 0.5, pos.angle),
    ]
    if mark == "open":
        parts.append(
            f'<rect class="open-end" x="0.84" y="-0.3" width="0.09" height="0.6" rx="0.04" '
            f'fill="{_OPEN}"/>'
        )
    elif mark == "waiting":
        parts.append(
            f'<rect class="open-end" x="-0.9" y="-0.4" width="1.8" height="0.8" rx="0.1" '
            f'fill="none" stroke="{_WAITING}" stroke-width="0.07" stroke-dasharray="0.2 0.12"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _title(table: _Pictured, layout: Layout) -> str:
    """The title line: the variant, the players, whose turn it is or how it ended."""
    tiles = f"{len(layout)} tile{'s' if len(layout) != 1 else ''} on the table"
    if isinstance(table, Layout):
        return tiles.capitalize()
    text = f"{table.rules.name}, {table.players} players"
    seat = getattr(table, "seat", None)
    if isinstance(seat, int):
        text += f", seat {seat}'s view"
    outcome = getattr(table, "outcome", None)
    if table.to_move is not None:
        text += f": seat {table.to_move} to move"
    elif outcome is not None:
        went_out = getattr(outcome.ending, "name", "") == "WENT_OUT"
        text += f": seat {outcome.winner} {'went out' if went_out else 'wins, blocked'}"
    return f"{text} ({tiles})"


def _role(tile: Tile, onto: Tile | None) -> str:
    """``centre``, ``foot`` (a double on a line), ``toe`` (on a double) or ``line``."""
    if onto is None:
        return "centre"
    if tile.is_double:
        return "foot"
    return "toe" if onto.is_double else "line"


def table_svg(
    table: _Pictured,
    *,
    size: float | None = None,
    hand: bool = True,
    title: bool = True,
) -> str:
    """The table as a standalone SVG document, drawn from :func:`table_geometry`.

    Every tile on the table is a ``<g class="tile" data-tile="9-4">`` group holding a
    ``<rect class="face">`` and its pips: the standard faces up to 9, three rows of pips
    up to 18, a numeral above that. ``data-onto`` names the tile's parent and
    ``data-role`` says what it is: ``centre``, ``foot``, ``toe`` or ``line``. The round
    double is gold, an open end carries a green mark and a double with toe places left
    a dashed orange outline (R2, R3, R7, R9). A title line names the variant and whose
    turn it is; a view shows its own hand below the table as
    ``<g class="hand-tile">`` groups.

    >>> from chickenfoot import PRESETS, Round, table_svg
    >>> rnd = Round.deal(PRESETS["double-foot"], 4, seed=1)
    >>> svg = table_svg(rnd.view(0))
    >>> svg.startswith("<svg"), svg.count('class="tile"'), svg.count('class="hand-tile"')
    (True, 1, 11)

    Args:
        table: a :class:`~chickenfoot.Round`, a :class:`~chickenfoot.RoundView` or a
            :class:`~chickenfoot.Layout`.
        size: the longer side of the picture in pixels; by default 30 pixels a tile
            width, and at most 960.
        hand: show a view's own hand below the table.
        title: show the title line.

    .. versionadded:: 0.1
    """
    layout, _, _, places = _read(table)
    positions = table_geometry(table)
    frame = _Frame(table_bounds(positions) if positions else Bounds(-1.0, -1.0, 1.0, 1.0))
    body = _table_tiles(positions, layout.root, places)
    own = _own_hand(table) if hand else ()
    head = _title(table, layout)
    hand_x = frame.fit_hand(len(own))
    if title:
        frame.fit_title(head)
    if own:
        body.extend(_hand_svg(own, hand_x, f"seat {getattr(table, 'seat', '')}'s hand", frame))
    if title:
        body.insert(0, _title_svg(head, frame))
    return _document(frame, head, body, size)


#: The distance between the centres of two tiles of a hand drawn below the table.
_HAND_PITCH: Final = 1.3


class _Frame:
    """The edges of the picture in tile widths, and its font size: the table's bounds and
    a margin, grown as the hand below and the title line above need room."""

    def __init__(self, box: Bounds) -> None:
        self.box = box
        self.span = max(box.width, box.height, 8.0)
        self.margin = max(1.0, self.span / 30)
        self.left, self.right = box.min_x - self.margin, box.max_x + self.margin
        self.top, self.bottom = box.min_y - self.margin, box.max_y + self.margin
        self.font = max(0.5, self.span / 45)

    def fit_hand(self, count: int) -> float:
        """Widen the picture for a hand of ``count`` tiles centred below the table; the
        centre of its first tile."""
        x0 = (self.box.min_x + self.box.max_x - _HAND_PITCH * (count - 1)) / 2
        if count:
            self.left = min(self.left, x0 - _HAND_PITCH / 2 - self.margin)
            self.right = max(self.right, x0 + _HAND_PITCH * (count - 0.5) + self.margin)
        return x0

    def fit_title(self, head: str) -> None:
        """Shrink the font for the title line ``head`` to fit the table, down to a least
        size, and widen the picture for what is still too long."""
        room = self.right - self.left
        self.font = max(0.45, min(self.font, (room - self.margin) / (_EM_WIDTH * len(head))))
        extra = max(0.0, self.margin + _EM_WIDTH * self.font * len(head) - room)
        self.left, self.right = self.left - extra / 2, self.right + extra / 2


def _table_tiles(
    positions: Sequence[TilePosition], root: Tile | None, places: dict[Tile, int]
) -> list[str]:
    """Every tile on the table, marked where it is an open end or a double waiting for
    its toes (R2, R3, R7, R9), with its parent and its role."""
    body = []
    for pos in positions:
        mark = ""
        if places.get(pos.tile, 0):
            mark = "waiting" if pos.tile.is_double else "open"
        data = f' data-role="{_role(pos.tile, pos.onto)}"'
        if pos.onto is not None:
            data = f' data-onto="{pos.onto}"' + data
        body.append(_tile_svg(pos, "tile", data, mark, centre=pos.tile == root))
    return body


def _own_hand(table: _Pictured) -> tuple[Tile, ...]:
    """The hand a view shows of its own seat; nothing for a round or a layout."""
    if isinstance(table, Layout):
        return ()
    seat_hand = getattr(table, "hand", None)
    if not isinstance(seat_hand, tuple):
        return ()
    return tuple(t for t in seat_hand if isinstance(t, Tile))


def _hand_svg(own: tuple[Tile, ...], x0: float, label: str, frame: _Frame) -> list[str]:
    """The hand below the table under its label, upright tiles from ``x0`` on; the
    picture grows down to hold it."""
    label_y = frame.bottom + frame.font * 0.3
    y = label_y + frame.font * 0.4 + 1.3
    parts = [
        (
            f'<text class="hand-label" x="{_num(x0 - 0.5)}" y="{_num(label_y)}" '
            f'font-family="sans-serif" font-size="{_num(frame.font * 0.8)}" fill="{_TEXT}">'
            f"{_escape(label)}</text>"
        )
    ]
    for i, tile in enumerate(own):
        pos = TilePosition(tile, None, x0 + i * _HAND_PITCH, y, 90.0, tile.high)
        parts.append(_tile_svg(pos, "hand-tile", "", "", centre=False))
    frame.bottom = y + 1.0 + frame.margin
    return parts


def _title_svg(head: str, frame: _Frame) -> str:
    """The title line above the table; the picture grows up to hold it."""
    frame.top -= frame.font * 1.6
    x, y = frame.left + frame.margin * 0.6, frame.top + frame.font * 1.2
    return (
        f'<text class="title" x="{_num(x)}" y="{_num(y)}" '
        f'font-family="sans-serif" font-size="{_num(frame.font)}" fill="{_TEXT}">'
        f"{_escape(head)}</text>"
    )


def _document(frame: _Frame, head: str, body: list[str], size: float | None) -> str:
    """The SVG document: its size in pixels (``size`` the longer side, or 30 pixels a
    tile width up to 960), its title, the felt and ``body``."""
    left, top = frame.left, frame.top
    width, height = frame.right - left, frame.bottom - top
    scale = min(30.0, 960 / max(width, height)) if size is None else size / max(width, height)
    return "\n".join(
        [
            (
                f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
                f'width="{_num(width * scale)}" height="{_num(height * scale)}" '
                f'viewBox="{_num(left)} {_num(top)} {_num(width)} {_num(height)}">'
            ),
            f"<title>{_escape(head)}</title>",
            (
                f'<rect class="felt" x="{_num(left)}" y="{_num(top)}" width="{_num(width)}" '
                f'height="{_num(height)}" fill="{_FELT}"/>'
            ),
            *body,
            "</svg>\n",
        ]
    )
