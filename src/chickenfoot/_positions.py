"""Positions: any moment of a round as one line of text, read back into a round.

A position holds everything the round needs to go on exactly as it would have gone on,
and nothing the rules derive from it (the pending double, the first foot, the ending)::

    cf1 6-6 6-6,6-1@6-6,6-3@6-6 5-5,4-2/6-5,6-4,3-2,1-0 5-1,2-0 1 0 0 -

Nine fields, separated by spaces:

=============  =======================================================================
field          what it says
=============  =======================================================================
``cf1``        the notation and its version
double         the round double (``6-6``), even before it is placed (R6); in a
               ``highest_held`` start that opens on a lower double, the double the
               round was dealt for, ``>`` and the round double (``6-6>4-4``, R6b)
layout         the tiles on the table in an order they were played, each written as a
               move (``6-1@6-6``: 6-1 onto 6-6, R4), the round double first and alone;
               ``-`` before the round double is placed
hands          every seat's tiles, seat 0 first, hands separated by ``/``, tiles by
               ``,``; ``-`` for an empty hand
boneyard       the tiles left to draw, the next one first; ``-`` when empty
to move        the seat to move; ``-`` once the round is over
first          the round's first seat (R23)
lead           the seat that placed the round double in a ``holder`` start (R18 breaks
               ties from it); ``-`` where the rules fix it (a ``centre`` start leads
               from the first seat, and nobody leads before the round double is placed)
turn           ``-``, or how many tiles the seat to move has drawn this turn and the last
               of them, as ``1:5-1`` (R13)
=============  =======================================================================

:func:`position_of` writes the canonical form; :func:`state_from_position` reads it,
checking everything the rules can check without replaying a game (each house rule's
``deal_needs`` of the deal too; ``Round.from_position`` then asks each house rule's
``check_position`` of the round), and raises :class:`~chickenfoot.errors.PositionError`
for anything else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ._book import book_of
from ._engine import new_state
from ._house import deal_refusal, layout_refusal
from ._table import Layout, Placement, TableState
from ._tiles import MAX_PIPS, TILES, Tile, mask_of, set_length, tile, tiles_of
from .errors import ChickenFootError, PositionError

if TYPE_CHECKING:
    from ._book import Book
    from ._engine import State
    from ._rules import Rules

__all__ = ["PREFIX", "position_of", "state_from_position"]

#: The first word of every position: the notation and its version.
PREFIX: Final = "cf1"
#: The longest text read (a double-63 position, the largest set, stays far below).
MAX_TEXT: Final = 100_000
_FIELDS: Final = ("double", "layout", "hands", "boneyard", "to move", "first", "lead", "turn")
_TILE: Final = re.compile(r"(\d{1,2})-(\d{1,2})", re.ASCII)
_SEAT: Final = re.compile(r"\d{1,4}", re.ASCII)
_TURN: Final = re.compile(r"(\d{1,4}):(.*)", re.ASCII | re.DOTALL)


def _tiles_text(tiles: Sequence[Tile]) -> str:
    return ",".join(map(str, tiles)) or "-"


def position_of(state: State, layout: Layout) -> str:
    """The position of ``state``, whose layout is ``layout``, in the canonical form (see
    :meth:`Round.to_position`)."""
    drawn = state.last_drawn
    return _written(
        state,
        TILES[state.round_double],
        layout.placements,
        [tiles_of(h) for h in state.hands],
        [TILES[t] for t in state.boneyard[state.taken :]],
        None if state.to_move < 0 else state.to_move,
        None if state.lead < 0 else state.lead,
        0 if drawn < 0 else state.turn_draws,
        None if drawn < 0 else TILES[drawn],
    )


def start_position(state: State) -> str | None:
    """The position the round of ``state`` was set up from (:meth:`Round.from_position`),
    or ``None`` for a dealt round."""
    start = state.start
    if not start.position:
        return None
    return _written(
        state,
        TILES[start.table.double],
        placements_of(start.placements),
        [tiles_of(h) for h in start.hands],
        [TILES[t] for t in start.boneyard],
        None if start.to_move < 0 else start.to_move,
        None if start.lead < 0 else start.lead,
        start.turn_draws,
        TILES[start.last_drawn] if start.turn_draws else None,
    )


def _written(
    state: State,
    double: Tile,
    placements: Sequence[Placement],
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    to_move: int | None,
    lead: int | None,
    draws: int,
    drawn: Tile | None,
) -> str:
    layout = ",".join(map(str, placements))  # each in the move notation
    lead_text = "-" if lead is None or state.rules.start == "centre" else str(lead)
    dealt = TILES[state.table.dealt]
    return " ".join(
        (
            PREFIX,
            str(double) if dealt == double else f"{dealt}>{double}",
            layout or "-",
            "/".join(_tiles_text(hand) for hand in hands),
            _tiles_text(boneyard),
            "-" if to_move is None else str(to_move),
            str(state.start.first),
            lead_text,
            "-" if drawn is None else f"{draws}:{drawn}",
        )
    )


class _Reader:
    """Reads the fields of one position, keeping every tile's whereabouts."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.where: dict[Tile, str] = {}

    def tile(self, text: str, field: str) -> Tile:
        found = _TILE.fullmatch(text)
        if found is None:
            shown = text if len(text) <= 12 else text[:12] + "..."
            raise PositionError(f"{field}: {shown!r} is not a tile; write tiles as '9-4'")
        a, b = int(found[1]), int(found[2])
        if a > self.n or b > self.n:
            raise PositionError(
                f"{field}: {tile(a, b) if max(a, b) <= MAX_PIPS else text} "
                f"is not in the double-{self.n} set (R5)"
            )
        return tile(a, b)

    def place(self, t: Tile, owner: str) -> None:
        if t in self.where:
            where = self.where[t]
            if where == owner:
                raise PositionError(
                    f"{t} is listed twice in {owner}: every tile is once in the set (R5)"
                )
            raise PositionError(
                f"{t} is in {where} and in {owner}: every tile is once in the set (R5)"
            )
        self.where[t] = owner

    def tiles(self, text: str, field: str, owner: str) -> list[Tile]:
        if text == "-":
            return []
        out = []
        for part in text.split(","):
            t = self.tile(part, field)
            self.place(t, owner)
            out.append(t)
        return out


def _seat(text: str, field: str, players: int, *, optional: bool) -> int | None:
    if optional and text == "-":
        return None
    if _SEAT.fullmatch(text) is None:
        dash = " or '-'" if optional else ""
        raise PositionError(f"{field}: {text[:12]!r} is not a seat; write a number{dash}")
    seat = int(text)
    if seat >= players:
        raise PositionError(
            f"{field}: seat {seat} is not at a table of {players} players "
            f"(seats 0 to {players - 1})"
        )
    return seat


def state_from_position(rules: Rules, text: object) -> State:
    """The state at the position ``text`` under ``rules`` (see :meth:`Round.from_position`)."""
    words = _fields(text)
    double_text, layout_text, hands_text, boneyard_text = words[1:5]
    move_text, first_text, lead_text, turn_text = words[5:]

    hand_texts = hands_text.split("/")
    players = len(hand_texts)
    if players < 2:
        raise PositionError(f"hands: {players} hand; a round has 2 players or more")
    try:
        n = rules.set_size(players)
    except ChickenFootError as exc:
        raise PositionError(f"hands: {players} hands: {exc}") from exc
    read = _Reader(n)
    dealt, double = _read_double(read, double_text, rules)
    if rules.house:
        why = deal_refusal(rules, n, dealt.index, players)  # a house rule's deal_needs
        if why is not None:
            raise PositionError(why)
    to_move = _seat(move_text, "to move", players, optional=True)
    first = _seat(first_text, "first", players, optional=False)
    if first is None:  # not optional: _seat never says None; the check is for mypy
        raise PositionError("first: write the round's first seat")
    lead = _seat(lead_text, "lead", players, optional=True)
    table, placements = _read_layout(read, rules, double, dealt, layout_text)

    hands = [read.tiles(h, "hands", f"seat {s}'s hand") for s, h in enumerate(hand_texts)]
    boneyard = read.tiles(boneyard_text, "boneyard", "the boneyard")
    missing = [t for t in TILES[: set_length(n)] if t not in read.where]
    if missing:
        count = len(missing)
        tiles = "tile" if count == 1 else "tiles"
        shown = ", ".join(map(str, missing[:5])) + (f" and {count - 5} more" if count > 5 else "")
        raise PositionError(
            f"the position is missing {count} {tiles} of the "
            f"double-{n} set: {shown}; every tile is on the table, in a hand or in the "
            f"boneyard (R5)"
        )
    draws, drawn = _read_turn(read, turn_text)
    if dealt != double and drawn == double and not table.placed:
        # R6b: the seat to move has just drawn the lower double in the search for the
        # double dealt for; it is the round double from that draw on, placed next
        table = TableState.empty(n, dealt.index, dealt.index)
    masks = tuple(mask_of(h) for h in hands)
    return checked_state(
        rules, table, placements, masks, tuple(t.index for t in boneyard),
        to_move, first, lead, draws, drawn,
    )  # fmt: skip


def _fields(text: object) -> list[str]:
    """The words of a position: the notation and its eight fields."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"not a position: longer than {MAX_TEXT} characters")
    words = text.split()
    if not words or words[0] != PREFIX:
        word = words[0][:12] if words else ""
        if re.fullmatch(r"cf\d+", word, re.ASCII):
            raise PositionError(
                f"{word!r} positions are not read by this version; it reads {PREFIX!r}"
            )
        raise PositionError(f"not a position: a position starts with {PREFIX!r}, not {word!r}")
    if len(words) != 1 + len(_FIELDS):
        raise PositionError(
            f"not a position: {len(words) - 1} fields after {PREFIX!r}, expected "
            f"{len(_FIELDS)} ({', '.join(_FIELDS)})"
        )
    return words


def _read_double(read: _Reader, text: str, rules: Rules) -> tuple[Tile, Tile]:
    """The double a round was dealt for and its round double (R6, R6b)."""
    dealt_text, lower, double_text = text.rpartition(">")
    double = read.tile(double_text, "double")
    if not double.is_double:
        raise PositionError(f"double: the round double is a double, not {double}")
    dealt = read.tile(dealt_text, "double") if lower else double
    if lower:
        if rules.start != "highest_held":
            raise PositionError(
                f"double: {dealt}>{double} opens a round dealt for {dealt} on a lower double, "
                f"which only a highest_held start does, not {rules.start!r} (R6b)"
            )
        if not dealt.is_double or dealt.high <= double.high:
            raise PositionError(
                f"double: in {dealt}>{double} the round dealt for {dealt} opens on a lower "
                f"double; write the double dealt for, '>' and the lower round double (R6b)"
            )
    return dealt, double


def _read_layout(
    read: _Reader, rules: Rules, double: Tile, dealt: Tile, text: str
) -> tuple[TableState, tuple[tuple[int, int], ...]]:
    """The table the layout makes, replayed tile by tile through the placement rules
    (R1-R3, R7-R9), and its ``(tile, onto)`` index pairs, -1 onto nothing."""
    table = TableState.empty(read.n, double.index, dealt.index)
    placements: list[tuple[int, int]] = []
    if text == "-":
        if rules.start == "centre":
            raise PositionError(
                f"layout: in a centre start the round double {double} is on the "
                f"table from the start (R6); write the layout as '{double}'"
            )
        return table, ()
    for i, part in enumerate(text.split(",")):
        where = f"layout, tile {i + 1}"
        played, at, onto_text = part.partition("@")
        t = read.tile(played, where)
        if i == 0:
            if at:
                raise PositionError(
                    f"{where}: the round double {double} comes first, alone, not {part[:12]!r} (R1)"
                )
            if t != double:
                raise PositionError(
                    f"{where}: the layout starts from the round double {double}, not {t} (R1)"
                )
            read.place(t, "the layout")
            table = table.with_round_double(rules.opening_toes, t.index)
            placements.append((t.index, -1))
            continue
        if not at:
            raise PositionError(
                f"{where}: {t} is written without '@'; only the round "
                f"double is played onto nothing (R4)"
            )
        onto = read.tile(onto_text, where)
        read.place(t, "the layout")
        refusal = layout_refusal(rules, table, t, onto)
        if refusal is not None:
            reason, rule = refusal
            raise PositionError(f"{where}: {t}@{onto}: {reason} ({rule})")
        table = table.after(t.index, onto.index, rules.toes_per_double, rules.first_foot_required)
        placements.append((t.index, onto.index))
    return table, tuple(placements)


def _read_turn(read: _Reader, text: str) -> tuple[int, Tile | None]:
    """How many tiles the seat to move drew this turn, and the last of them (R13)."""
    if text == "-":
        return 0, None
    found = _TURN.fullmatch(text)
    if found is None:
        raise PositionError(
            f"turn: {text[:12]!r} is not a turn; write '-' or the "
            f"draws and the drawn tile, as '1:5-1'"
        )
    draws = int(found[1])
    drawn = read.tile(found[2], "turn")
    if draws == 0:
        raise PositionError("turn: 0 draws; write '-' for a turn without a draw")
    return draws, drawn


def checked_state(
    rules: Rules,
    table: TableState,
    placements: tuple[tuple[int, int], ...],
    masks: tuple[int, ...],
    boneyard: tuple[int, ...],
    to_move: int | None,
    first: int,
    lead: int | None,
    draws: int,
    drawn: Tile | None,
) -> State:
    """The state at a position given as values, checked against the rules (R6, R12-R18).

    ``table`` is the layout ``placements`` (``(tile, onto)`` index pairs) already played
    (checked by the caller), and the hands and the boneyard (the undrawn tiles) hold every
    other tile of the set once; ``draws`` tiles were drawn this turn by ``to_move``, the
    last ``drawn``, which is in its hand. ``lead`` and ``to_move`` are ``None`` where the
    text says ``-``. The state's start is this position.
    """
    placed = table.placed
    lead_seat = _lead_seat(rules, table, first, lead)
    _check_turn(book_of(rules), table, masks, to_move, draws, drawn)
    if draws and drawn is None:  # the caller names the last drawn tile of every draw
        raise PositionError("turn: name the tile drawn last, as '1:5-1'")
    empty = [s for s, h in enumerate(masks) if not h]
    if empty and (len(empty) > 1 or not placed):
        seats = " and ".join(f"seat {s}" for s in empty)
        raise PositionError(
            f"hands: no tile in the hand of {seats}; the round ends when the first "
            f"player goes out, after the round double is placed (R16)"
        )
    state = new_state(
        rules, table, masks, boneyard, lead=lead_seat,
        to_move=-1 if to_move is None else to_move, turn_draws=draws, first=first,
        last_drawn=-1 if drawn is None else drawn.index, placements=placements, position=True,
    )  # fmt: skip
    ending = None if state.outcome is None else state.outcome.ending
    if ending is not None and to_move is not None:
        raise PositionError(f"to move: the round is over ({ending.value}, R16); write '-'")
    if ending is None and to_move is None:
        raise PositionError("to move: the round is not over; write the seat to move")
    return state


def _lead_seat(rules: Rules, table: TableState, first: int, lead: int | None) -> int:
    """The seat that leads the round (R18), as the engine keeps it: -1 before the round
    double is placed."""
    double = TILES[table.double]
    if rules.start == "centre":
        if lead is not None and lead != first:
            raise PositionError(
                f"lead: in a centre start the first seat {first} leads, not seat {lead} (R18)"
            )
        return first
    if not table.placed:
        if lead is not None:
            raise PositionError(
                f"lead: nobody leads before the round double {double} is placed; write '-' (R6)"
            )
        return -1
    if lead is None:
        raise PositionError(
            f"lead: write the seat that placed the round double {double} (R18 breaks ties from it)"
        )
    return lead


def _check_turn(
    book: Book,
    table: TableState,
    masks: tuple[int, ...],
    to_move: int | None,
    draws: int,
    drawn: Tile | None,
) -> None:
    """The turn: tiles drawn this turn, the last one named, in the hand of the seat to
    move, which the rules let draw them (R6, R12, R13); then the start as the opening
    rule sees it (R6, R6b)."""
    if drawn is not None:
        if to_move is None:
            raise PositionError("turn: the round is over; nobody is drawing (write '-')")
        hand = masks[to_move]
        if not hand >> drawn.index & 1:
            raise PositionError(
                f"turn: seat {to_move} drew {drawn}, but it is not in seat {to_move}'s hand (R13)"
            )
        if draws > hand.bit_count():
            raise PositionError(
                f"turn: seat {to_move} drew {draws} tiles but holds {hand.bit_count()} (R13)"
            )
        before = hand & ~(1 << drawn.index)
        why = book.check_turn(table, to_move, before, draws)  # R6, R12, R13
        if why is not None:
            reason, rule = why
            raise PositionError(f"turn: {reason} ({rule})")
    why = book.opening.check_start(  # R6, R6b
        table, masks, -1 if to_move is None else to_move, -1 if drawn is None else drawn.index
    )
    if why is not None:
        reason, rule = why
        raise PositionError(f"{reason} ({rule})")


def dealt_state(
    rules: Rules,
    n: int,
    hands: tuple[int, ...],
    boneyard: tuple[int, ...],
    double: int,
    first: int,
    seed: int | None,
) -> State:
    """The state at the start of a dealt round (trusted: the deal is checked): the
    opening's search for the round double at the deal (R6, R6b)."""
    book = book_of(rules)  # the round's rules, chosen once (R6, R6b: the opening)
    table, lead, to_move, placements = book.opening.begin(
        n, double, hands, first, book.opening_toes
    )
    return new_state(
        rules, table, hands, boneyard, lead=lead, to_move=to_move, first=first, seed=seed,
        placements=placements, book=book,
    )  # fmt: skip


def index_pairs(placements: Sequence[Placement]) -> tuple[tuple[int, int], ...]:
    """``placements`` as the engine's ``(tile, onto)`` index pairs, -1 onto nothing."""
    return tuple((p.tile.index, -1 if p.onto is None else p.onto.index) for p in placements)


def placements_of(pairs: Sequence[tuple[int, int]]) -> tuple[Placement, ...]:
    """The placements, with no seat, of ``(tile, onto)`` index pairs, -1 onto nothing."""
    return tuple(Placement(TILES[t], None if o < 0 else TILES[o], None) for t, o in pairs)


def table_after(
    rules: Rules, n: int, double: int, dealt: int, placements: Sequence[Placement]
) -> TableState:
    """The table after ``placements`` were played in order (trusted: they are legal)."""
    table = TableState.empty(n, double, dealt)
    for p in placements:
        if p.onto is None:
            table = table.with_round_double(rules.opening_toes, p.tile.index)
        else:
            table = table.after(
                p.tile.index, p.onto.index, rules.toes_per_double, rules.first_foot_required
            )
    return table
