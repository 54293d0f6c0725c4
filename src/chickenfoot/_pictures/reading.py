"""What the pictures read of a round, a view or a bare layout."""

from __future__ import annotations

from typing import Protocol, TypeAlias

from .._rules import Rules
from .._table import Layout, OpenEnd
from .._tiles import Tile


class _Table(Protocol):
    """What the pictures read of a :class:`~chickenfoot.Round` or a
    :class:`~chickenfoot.RoundView`.
    """

    @property
    def rules(self) -> Rules:
        """The variant."""

    @property
    def layout(self) -> Layout:
        """The tiles on the table (R1)."""

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every place a tile could go (R2, R3)."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` once the round is over."""

    @property
    def players(self) -> int:
        """How many seats play."""


#: What the picture functions accept: a round, a view or a bare layout.
_Pictured: TypeAlias = "_Table | Layout"


def _read(table: _Pictured) -> tuple[Layout, int, int, dict[Tile, int]]:
    """``table``'s layout, opening places, toe places and free places by tile."""
    if isinstance(table, Layout):
        layout = table
        opening, toes = _guess_places(layout)
        return layout, opening, toes, _free_places(layout, opening, toes)
    layout = table.layout
    rules = table.rules
    places = {end.onto: end.places for end in table.open_ends}
    return layout, rules.opening_toes, rules.toes_per_double, places


def _guess_places(layout: Layout) -> tuple[int, int]:
    """Opening and toe places for a layout without rules: a cross (or six) and 3 toes."""
    counts: dict[Tile, int] = {}
    for p in layout.placements:
        if p.onto is not None:
            counts[p.onto] = counts.get(p.onto, 0) + 1
    root = layout.root
    opening = counts.get(root, 0) if root is not None else 0
    opening = 4 if opening <= 4 else 6 if opening <= 6 else opening
    toes = max([3, *(n for t, n in counts.items() if t != root and t.is_double)])
    return opening, toes


def _free_places(layout: Layout, opening: int, toes: int) -> dict[Tile, int]:
    counts: dict[Tile, int] = {p.tile: 0 for p in layout.placements}
    for p in layout.placements:
        if p.onto is not None:
            counts[p.onto] = counts.get(p.onto, 0) + 1
    root = layout.root
    free: dict[Tile, int] = {}
    for tile, n in counts.items():
        if tile == root and tile.is_double:
            left = opening - n
        elif tile.is_double:
            left = toes - n
        else:
            left = 1 - n
        if left > 0:
            free[tile] = left
    return free


def _firsts(layout: Layout) -> dict[Tile, int]:
    """The number on the end of each tile that touches its parent (the high end at root)."""
    firsts: dict[Tile, int] = {}
    for p in layout.placements:
        tile, onto = p.tile, p.onto
        shows = tile.high
        if onto is not None and onto in firsts:
            shows = onto.high if onto.is_double else onto.other(firsts[onto])
        firsts[tile] = shows if tile.has(shows) else tile.high
    return firsts
