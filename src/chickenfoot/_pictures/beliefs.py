"""Where a view's hidden tiles may be, as a text table and as SVG (see
:class:`~chickenfoot.Beliefs`)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from .._tiles import Tile
from .geometry import Bounds, TilePosition
from .svg import _EM_WIDTH, _TEXT, _document, _escape, _Frame, _num, _tile_svg

if TYPE_CHECKING:
    from .._beliefs import Beliefs, Place

#: The most tiles in one line of a place's row in the picture.
_PER_LINE: Final = 12
#: The distance between the centres of two tiles side by side.
_PITCH: Final = 1.3
#: How faint a tile with the least probability above 0 is drawn (its opacity).
_FAINTEST: Final = 0.12
#: The title line's font size.
_TITLE_FONT: Final = 0.55


def percent(p: Fraction) -> str:
    """``p`` as a whole percentage; ``<1%`` and ``>99%`` for what rounds to 0 or 100.

    >>> from fractions import Fraction
    >>> from chickenfoot._pictures.beliefs import percent
    >>> percent(Fraction(1, 3)), percent(Fraction(1, 500)), percent(Fraction(0)), percent(Fraction(1))
    ('33%', '<1%', '0%', '100%')
    """
    if p in (0, 1):
        return f"{int(p) * 100}%"
    shown = round(p * 100)
    return "<1%" if shown < 1 else ">99%" if shown > 99 else f"{shown}%"


def place_name(place: Place) -> str:
    """``seat 2``, or ``boneyard`` for ``None``."""
    return "boneyard" if place is None else f"seat {place}"


def _heading(beliefs: Beliefs) -> str:
    hidden = len(beliefs.tiles)
    what = f"seat {beliefs.seat}'s view, {hidden} hidden tile{'s' if hidden != 1 else ''}"
    deals = beliefs.deals
    if not beliefs.exact:
        return f"{what}: estimated from {beliefs.samples:,} samples"
    if deals is None:  # made by hand, without its count
        return f"{what}: exact"
    return f"{what}: exact, over {deal_count(deals)}"


def deal_count(deals: int) -> str:
    """A count of deals for a line of text: ``1 deal``, ``12,345 deals`` in full up to a
    billion, ``1.4e+12 deals`` in three figures from there."""
    many = f"{deals:,}" if deals < 10**9 else f"{deals:.3g}"
    return f"{many} deal{'s' if deals != 1 else ''}"


def beliefs_text(beliefs: Beliefs) -> str:
    """The beliefs as a text table: one row a hidden tile, one column a place (the other
    seats, then the boneyard), each cell the probability that the tile is there now as a
    whole percentage, and a last row with each place's tile count. An estimate gives each
    cell's standard error after ``±`` in percentage points.

    >>> import random
    >>> from chickenfoot import PRESETS, Round, beliefs_text
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=4)
    >>> rng = random.Random(4)
    >>> for _ in range(10):
    ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    >>> print(beliefs_text(rnd.view(1).tile_probabilities()))  # doctest: +ELLIPSIS
    seat 1's view, 17 hidden tiles: exact, over 1.4e+12 deals
    tile   seat 0  boneyard
    0-0       40%       60%
    1-0       40%       60%
    ...
    5-5       40%       60%
    6-2        0%      100%
    6-3        0%      100%
    tiles       6        11

    Args:
        beliefs: what :meth:`RoundView.tile_probabilities
            <chickenfoot.RoundView.tile_probabilities>` returns.

    .. versionadded:: 0.2
    """
    head = ["tile", *(place_name(p) for p in beliefs.places)]
    rows = [head]
    for tile, row in zip(beliefs.tiles, beliefs.probabilities, strict=True):
        cells = [str(tile)]
        for j, p in enumerate(row):
            cell = percent(p)
            if not beliefs.exact:
                error = beliefs.standard_error(tile, beliefs.places[j])
                cell += f"±{error * 100:.1f}"
            cells.append(cell)
        rows.append(cells)
    rows.append(["tiles", *map(str, beliefs.counts)])
    widths = [max(len(row[k]) for row in rows) for k in range(len(head))]
    lines = [_heading(beliefs)]
    for cells in rows:
        first = cells[0].ljust(widths[0])
        rest = [cell.rjust(w) for cell, w in zip(cells[1:], widths[1:], strict=True)]
        lines.append("  ".join([first, *rest]).rstrip())
    return "\n".join(lines)


def beliefs_svg(beliefs: Beliefs, *, size: float | None = None, title: bool = True) -> str:
    """The beliefs as a standalone SVG document: a row for each other seat and one for
    the boneyard, each holding the hidden tiles that may be there now, drawn with the
    table's domino faces, as solid as the tile is likely to be there (faint when it
    hardly ever is) and with the probability written below. A tile that cannot be in a
    place is left out of its row; every hidden tile is in some row.

    Every tile drawn is a ``<g class="belief" data-tile="6-5" data-place="1"
    data-probability="0.5">`` group (``data-place="boneyard"`` in the boneyard's row)
    holding a ``<g class="hidden-tile">`` face; the probability is a decimal of at most
    6 places, the exact fraction being in :class:`~chickenfoot.Beliefs`.

    >>> import random
    >>> from chickenfoot import PRESETS, Round, beliefs_svg
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=4)
    >>> rng = random.Random(4)
    >>> for _ in range(10):
    ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    >>> svg = beliefs_svg(rnd.view(1).tile_probabilities())
    >>> svg.startswith("<svg"), svg.count('class="belief"'), svg.count('data-tile="6-2"')
    (True, 32, 2)

    (15 tiles in seat 0's row, all 17 in the boneyard's; 6-2 only in the boneyard's, as a
    belief and as its face.)

    Args:
        beliefs: what :meth:`RoundView.tile_probabilities
            <chickenfoot.RoundView.tile_probabilities>` returns.
        size: the longer side of the picture in pixels; by default 30 pixels a tile
            width, and at most 960.
        title: show the title line (whose view, how many tiles, exact or estimated).

    .. versionadded:: 0.2
    """
    columns = [
        [(tile, row[j]) for tile, row in zip(beliefs.tiles, beliefs.probabilities, strict=True)]
        for j in range(len(beliefs.places))
    ]
    widest = max([1, *(min(_PER_LINE, sum(1 for _, p in col if p)) for col in columns)])
    frame = _Frame(Bounds(0.0, 0.0, _PITCH * widest, 1.0))
    frame.font = 0.5
    head = _heading(beliefs)
    body: list[str] = []
    y = 0.0
    if title:
        body.append(_label(head, 0.0, y + 0.4, _TITLE_FONT, "title"))
        y += 1.2
    for place, count, col in zip(beliefs.places, beliefs.counts, columns, strict=True):
        likely = [(tile, p) for tile, p in col if p]
        name = f"{place_name(place)} ({count} tile{'s' if count != 1 else ''})"
        body.append(_label(name, 0.0, y + 0.4, 0.45, "place"))
        y += 0.8
        lines = max(1, math.ceil(len(likely) / _PER_LINE))
        for k, (tile, p) in enumerate(likely):
            x = _PITCH * (k % _PER_LINE) + 0.5
            ty = y + (k // _PER_LINE) * 2.7 + 1.0
            body.append(_belief_svg(tile, p, place, x, ty))
        if not likely:
            body.append(_label("no hidden tile", 0.0, y + 0.6, 0.4, "empty"))
        y += 2.7 * lines + 0.3
    frame.left, frame.top = -frame.margin, -frame.margin
    frame.right = max(frame.right, _PITCH * widest + frame.margin)
    frame.bottom = y + frame.margin
    if title:
        frame.right = max(frame.right, _EM_WIDTH * _TITLE_FONT * len(head) + frame.margin)
    return _document(frame, head, body, size)


def _belief_svg(tile: Tile, p: Fraction, place: Place, x: float, y: float) -> str:
    """One hidden tile in a place's row, upright at ``(x, y)``, with its probability."""
    where = "boneyard" if place is None else str(place)
    opacity = _FAINTEST + (1 - _FAINTEST) * float(p)
    face = _tile_svg(TilePosition(tile, None, x, y, 90.0, tile.high), "hidden-tile", "", "", False)
    text = (
        f'<text x="{_num(x)}" y="{_num(y + 1.45)}" font-family="sans-serif" font-size="0.38" '
        f'text-anchor="middle" fill="{_TEXT}">{percent(p)}</text>'
    )
    return (
        f'<g class="belief" data-tile="{tile}" data-place="{where}" '
        f'data-probability="{_num6(p)}"><g opacity="{_num(opacity)}">{face}</g>{text}</g>'
    )


def _num6(p: Fraction) -> str:
    text = f"{float(p):.6f}".rstrip("0").rstrip(".")
    return text or "0"


def _label(text: str, x: float, y: float, font: float, css: str) -> str:
    return (
        f'<text class="{css}" x="{_num(x)}" y="{_num(y)}" font-family="sans-serif" '
        f'font-size="{_num(font)}" fill="{_TEXT}">{_escape(text)}</text>'
    )
