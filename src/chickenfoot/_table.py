"""The table: the layout tree of played tiles, its open ends, and where a tile may go.

Every tile but the round double is played *onto* one tile already on the table, so the
layout is a tree rooted at the round double (R1). A line's last tile offers one open end
(R2); a double offers toe places (R3). What must be filled first lives here too: the
round double's places (R7), the first foot (R8) and a double's toes (R9); otherwise any
matching tile goes onto any open end (R10).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import attrs

from ._moves import Draw, Move, Play
from ._tiles import DOUBLES as _DOUBLES
from ._tiles import HIGH as _HIGH
from ._tiles import LOW as _LOW
from ._tiles import TILES as _TILES
from ._tiles import Tile, a_number, suit_masks

__all__ = ["Layout", "OpenEnd", "Placement"]


@attrs.frozen
class Placement:
    """One tile on the table: ``tile`` was played onto ``onto`` by ``seat``.

    ``onto`` is ``None`` only for the round double, and ``seat`` is ``None`` only for a
    round double put in the centre before the deal (R6) and for the tiles of a position a
    round was set up from.

    .. versionadded:: 0.1
    """

    #: The tile on the table.
    tile: Tile
    #: Its parent in the layout tree, or ``None`` for the round double.
    onto: Tile | None
    #: The seat that played it, or ``None`` for a centre double and for the tiles that
    #: were on the table when a round was set up from a position
    #: (:meth:`Round.from_position <chickenfoot.Round.from_position>`).
    seat: int | None

    def __str__(self) -> str:
        """The move that put the tile here, in the move notation: ``5-1@1-0``, or ``9-9``
        for the round double; :func:`~chickenfoot.parse_move` reads it back.

        >>> from chickenfoot import Placement, Tile
        >>> str(Placement(Tile(1, 5), onto=Tile(1, 0), seat=2))
        '5-1@1-0'
        """
        return f"{self.tile}" if self.onto is None else f"{self.tile}@{self.onto}"


@attrs.frozen
class OpenEnd:
    """A place where a tile may go: onto ``onto``, showing ``number`` (R2, R3).

    A line's last tile offers one place; a double offers toe places, all needing its
    number, so ``places`` counts them.

    >>> from chickenfoot import PRESETS, Round
    >>> Round.deal(PRESETS["double-foot"], 4, seed=1).open_ends
    (OpenEnd(onto=Tile(9, 9), number=9, places=6),)

    .. versionadded:: 0.1
    """

    #: The tile to play onto.
    onto: Tile
    #: The number a tile needs to go here.
    number: int
    #: How many tiles can still go here, 1 on a line, the free toe places on a double.
    places: int

    def __str__(self) -> str:
        """The place in the move notation, ``@`` and the tile to play onto: ``@9-4``.

        A tile's text followed by it is a move, so a client can offer ``f"{tile}{end}"``
        for every tile that carries :attr:`number`.

        >>> from chickenfoot import OpenEnd, Tile, parse_move
        >>> end = OpenEnd(onto=Tile(9, 4), number=4, places=1)
        >>> str(end), parse_move(f"{Tile(4, 2)}{end}")
        ('@9-4', Play(Tile(4, 2), onto=Tile(9, 4)))
        """
        return f"@{self.onto}"


@attrs.frozen
class Layout:
    """The tiles on the table, as a tree rooted at the round double (R1).

    ``placements`` are in the order the tiles were played, the round double first.

    >>> from chickenfoot import PRESETS, Round
    >>> layout = Round.deal(PRESETS["double-foot"], 4, seed=1).layout
    >>> layout.root, len(layout)
    (Tile(9, 9), 1)

    .. versionadded:: 0.1
    """

    #: Every tile on the table with its parent, in play order.
    placements: tuple[Placement, ...] = ()

    @property
    def root(self) -> Tile | None:
        """The round double, or ``None`` before it is placed."""
        return self.placements[0].tile if self.placements else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles on the table, in play order."""
        return tuple(p.tile for p in self.placements)

    def parent(self, tile: Tile) -> Tile | None:
        """The tile ``tile`` was played onto (``None`` for the round double).

        Raises:
            KeyError: ``tile`` is not on the table.
        """
        for p in self.placements:
            if p.tile == tile:
                return p.onto
        raise KeyError(f"{tile} is not on the table")

    def children(self, tile: Tile) -> tuple[Tile, ...]:
        """The tiles played onto ``tile``, in play order."""
        return tuple(p.tile for p in self.placements if p.onto == tile)

    def __contains__(self, tile: object) -> bool:
        return any(p.tile == tile for p in self.placements)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __len__(self) -> int:
        return len(self.placements)


# Module constants declared Final are C statics in the compiled build, where a name
# imported from an interpreted module is looked up in a dict at every use.
HIGH: Final[tuple[int, ...]] = _HIGH
LOW: Final[tuple[int, ...]] = _LOW
DOUBLES: Final[tuple[int, ...]] = _DOUBLES
TILES: Final[list[Tile]] = _TILES

ROOT: Final = 4095  # the onto code of the round double's placement
_PLAY: Final[type[Play]] = Play
_DRAW: Final[type[Draw]] = Draw

#: :meth:`TableState.info_key` of a draw and of a pass; a play's key is its tile index
#: times ``_KEY_SLOTS`` plus the number it covers (0 to ``MAX_PIPS``) or a slot below.
DRAW_KEY: Final = -1
PASS_KEY: Final = -2
_KEY_SLOTS: Final = 128
_KEY_PENDING: Final = 64
_KEY_ROOT: Final = 65
_KEY_CLOSED: Final = 66
#: The shared plays: ``_ROWS[t][o]`` is tile index ``t`` onto index ``o`` once made (a list
#: per tile, grown as needed: no boxed key to hash); the round doubles' plays are kept apart.
_ROWS: Final[list[list[Play | None]]] = [[] for _ in _TILES]
_ROOTS: Final[dict[int, Play]] = {}


def play_of(tile: int, onto: int) -> Play:
    """The shared :class:`Play` of tile index ``tile`` onto index ``onto`` (or ``ROOT``)."""
    if onto == ROOT:
        move = _ROOTS.get(tile)
        if move is None:
            move = _ROOTS[tile] = Play(TILES[tile], None)
        return move
    row = _ROWS[tile]
    if onto >= len(row):
        row.extend([None] * (onto + 1 - len(row)))
    found = row[onto]
    if found is None:
        found = row[onto] = Play(TILES[tile], TILES[onto])
    return found


class TableState:
    """The table as the engine keeps it: where tiles may go and what must come first.

    Internal and trusted: methods assume their arguments were checked. A new state is
    made for every tile played; draws and passes share it.

    ``ends[k]`` lists the tiles on the table whose open end shows ``k`` (R2), oldest
    first. ``pending`` is the index of the double whose places must be filled first
    (the round double in the opening, R7, or a double wanting its toes, R9), with
    ``free`` places left, or -1. ``need_foot`` is set between a finished cross and the
    first foot (R8). ``on`` is the bitmask of the tiles on the table. ``double`` is the index of the round double; ``dealt`` that of the double
    the round was dealt for, the same but in a ``highest_held`` start that opens on a
    lower double (R6b). In that start's search for a double, ``double`` is ``dealt`` until
    a drawn double is placed.

    Public through :mod:`chickenfoot.state` (``State.table``), for heuristics that read
    the table as bitmasks: ``suit[k]`` is the bitmask of the tiles of the set that show
    ``k``, and :meth:`opens`, :meth:`places` and :meth:`playable` answer what a play
    leaves open, how many places show a number and which tiles have a play.

    .. versionadded:: 0.2
    """

    __slots__ = ("dealt", "double", "ends", "free", "n", "need_foot", "on", "pending", "suit")

    n: int
    suit: tuple[int, ...]
    double: int
    ends: tuple[tuple[int, ...], ...]
    pending: int
    free: int
    need_foot: bool
    on: int
    dealt: int

    def __init__(
        self,
        n: int,
        suit: tuple[int, ...],
        double: int,
        ends: tuple[tuple[int, ...], ...],
        pending: int,
        free: int,
        need_foot: bool,
        on: int,
        dealt: int,
    ) -> None:
        self.n, self.suit, self.double, self.ends = n, suit, double, ends
        self.pending, self.free, self.need_foot, self.on = pending, free, need_foot, on
        self.dealt = dealt

    def __reduce__(self) -> tuple[type[TableState], tuple[object, ...]]:
        # Pickled through the constructor: a class compiled by mypyc has no empty __new__.
        fields = (self.n, self.suit, self.double, self.ends, self.pending, self.free)
        return TableState, (*fields, self.need_foot, self.on, self.dealt)

    @classmethod
    def empty(cls, n: int, double: int, dealt: int) -> TableState:
        """The table of double-``n`` before the round double ``double`` is placed, in a
        round dealt for the double ``dealt`` (the same but in a R6b start)."""
        return TableState(n, suit_masks(n), double, ((),) * (n + 1), -1, 0, False, 0, dealt)

    def with_round_double(self, opening_toes: int, d: int) -> TableState:
        """The round double, index ``d``, placed, offering ``opening_toes`` places (R3, R6,
        R6b: a search may place a lower double than the one searched for)."""
        return TableState(
            self.n, self.suit, d, self.ends, d, opening_toes, False, 1 << d, self.dealt
        )

    @property
    def placed(self) -> bool:
        """Whether the round double is on the table."""
        return self.on != 0

    # -- the placement rules (R7-R10) ------------------------------------------------------

    def plays(self, mask: int) -> list[Move]:
        """The plays of the tiles in bitmask ``mask`` (R7-R10), in a fixed order."""
        out: list[Move] = []
        rows = _ROWS
        pending = self.pending
        if pending >= 0:  # R7, R9: the pending double's places first
            m = mask & self.suit[HIGH[pending]]
            while m:
                low = m & -m
                t = low.bit_length() - 1
                row = rows[t]
                found = row[pending] if pending < len(row) else None
                out.append(play_of(t, pending) if found is None else found)
                m ^= low
            return out
        if self.need_foot:  # R8: a double onto an arm
            for k, ends in enumerate(self.ends):
                d = DOUBLES[k]
                if ends and mask >> d & 1:
                    out.extend(play_of(d, e) for e in ends)
            return out
        suit = self.suit
        for k, ends in enumerate(self.ends):  # R10: any match onto any open end
            if ends:
                m = mask & suit[k]
                while m:
                    low = m & -m
                    t = low.bit_length() - 1
                    row = rows[t]
                    for e in ends:
                        found = row[e] if e < len(row) else None
                        out.append(play_of(t, e) if found is None else found)
                    m ^= low
        return out

    def playable(self, mask: int) -> int:
        """The tiles of bitmask ``mask`` that have a play on this table (R7-R10)."""
        if self.pending >= 0:
            return mask & self.suit[HIGH[self.pending]]
        found = 0
        if self.need_foot:
            for k, ends in enumerate(self.ends):
                if ends:
                    found |= 1 << DOUBLES[k]
        else:
            for k, ends in enumerate(self.ends):
                if ends:
                    found |= self.suit[k]
        return mask & found

    def refusal(self, tile: Tile, onto: Tile, opening_toes: int) -> tuple[str, str] | None:
        """Why ``tile`` may not go onto ``onto`` now, as ``(reason, rule)``, or ``None``."""
        o = onto.index
        pending = self.pending
        if pending >= 0:
            double = TILES[pending]
            k = double.high
            if o != pending or not tile.has(k):
                if pending == self.double:
                    places = f"the {opening_toes} places of {double}"
                    return f"{places} come first: play {a_number(k)} onto {double}", "R7"
                return f"the toes of {double} come first: play {a_number(k)} onto {double}", "R9"
            return None
        number = self.open_number(o)
        if number is None:
            if not self.on >> o & 1:
                return f"{onto} is not on the table", "R1"
            if onto.is_double:
                return f"{onto} has no free toe places", "R3"
            return f"the end of {onto} is closed", "R2"
        if self.need_foot and not tile.is_double:
            return "the first foot comes first: play a double onto an arm", "R8"
        if not tile.has(number):
            return f"{tile} does not match the open {number} of {onto}", "R1"
        return None

    def opens(self, tile: int, onto: int) -> int:
        """The number that tile index ``tile`` leaves open when played onto index ``onto``
        (``ROOT`` for the round double): a double its own number, which its toes need
        (R3); any other tile the end it does not cover (R2). The play must be legal.

        .. versionadded:: 0.2
        """
        high, low = HIGH[tile], LOW[tile]
        if high == low:
            return high
        if onto == self.pending:  # a toe: it covers the double's number
            return low if HIGH[onto] == high else high
        return low if onto in self.ends[high] else high

    def places(self, number: int) -> int:
        """How many places show ``number`` now: the open ends showing it (R2) and, if the
        double whose places come first is of ``number``, its free places (R3, R7, R9).

        .. versionadded:: 0.2
        """
        count = len(self.ends[number])
        pending = self.pending
        if pending >= 0 and HIGH[pending] == number:
            count += self.free
        return count

    def info_key(self, move: Move) -> int:
        """A number for a legal ``move`` on this table, equal for two moves exactly when
        they lead to the same game as every seat can know it (see
        :meth:`State.info_key <chickenfoot.state.State.info_key>`, which it answers).

        .. versionadded:: 0.2
        """
        if type(move) is _PLAY:
            t = move.tile.index
            onto = move.onto
            if onto is None:
                return t * _KEY_SLOTS + _KEY_ROOT
            o = onto.index
            if o == self.pending:
                return t * _KEY_SLOTS + _KEY_PENDING
            number = self.open_number(o)
            return t * _KEY_SLOTS + (_KEY_CLOSED if number is None else number)
        return DRAW_KEY if type(move) is _DRAW else PASS_KEY

    def open_number(self, tile: int) -> int | None:
        """The number the open end of tile index ``tile`` shows, or ``None`` (R2)."""
        for k, ends in enumerate(self.ends):
            if tile in ends:
                return k
        return None

    def after(self, t: int, o: int, toes_per_double: int, first_foot: bool) -> TableState:
        """The table after tile index ``t`` is played onto index ``o`` (R2, R3, R7-R10).

        A tile that does not show the number of the end it covers (a house rule's wild
        play) covers that end all the same: a double closes the line and wants its toes
        (R3), another tile leaves its high number open."""
        pending, free, need_foot = self.pending, self.free, self.need_foot
        high, low = HIGH[t], LOW[t]
        ends = list(self.ends)  # one copy, changed in place: only the numbers that move
        if pending >= 0:  # a toe (R7, R9)
            k = low if high == HIGH[pending] else high
            ends[k] = ends[k] + (t,)
            free -= 1
            if free == 0:
                need_foot = pending == self.double and first_foot
                pending = -1
        else:
            if o in ends[high]:
                k = high
            elif o in ends[low]:
                k = low
            else:  # a house rule's play onto an end it does not match (a wild tile)
                k = next(number for number, es in enumerate(ends) if o in es)
            ends[k] = _without(ends[k], o)
            if high == low:  # R3: a double closes the line and wants its toes
                pending, free, need_foot = t, toes_per_double, False
            else:  # R2: the other end opens
                k = low if high == k else high
                ends[k] = ends[k] + (t,)
        return TableState(
            self.n, self.suit, self.double, tuple(ends), pending, free, need_foot,
            self.on | 1 << t, self.dealt,
        )  # fmt: skip

    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every place a tile could go, ignoring what must come first, by tile index."""
        out = [OpenEnd(TILES[e], k, 1) for k, es in enumerate(self.ends) for e in es]
        if self.pending >= 0:
            out.append(OpenEnd(TILES[self.pending], HIGH[self.pending], self.free))
        return tuple(sorted(out, key=lambda end: end.onto.index))


def _without(ends: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """``ends`` without ``tile``, which it holds."""
    if len(ends) == 1:  # the usual case: the shared empty tuple, nothing allocated
        return ()
    return tuple([e for e in ends if e != tile])
