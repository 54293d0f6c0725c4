"""What a seat's view of a round tells of the tiles it does not see (internal): the facts
the exact sampler (``_sampling``) conditions on, read from the view's ``Seen`` and asked
of its rulebook, with no probing.

Every seat has *slots*: its dealt hand (for a round set up from a position, its hand
there, less the tile it had just drawn), then one tile for each draw it made, that tile
first if the position was in the middle of its turn. Each slot's tile *arrives* at a
time: the deal before everything (:data:`DEALT`), the position's drawn tile at the start
(:data:`START_DRAWN`), a tile drawn by the move of index ``i`` of the history just after
it (``i + 0.5``). The history is read turn by turn from ``Seen.timeline()``, and what
each move tells is the book's ``Reveal`` of it (``Book.reveal``, R6, R6b, R12-R15,
R13b): the tiles the mover's hand held none of just before it (``lacks``, at the time
``i``), what the tile it drew last this turn was not (``drawn_lacks``) or was
(``drawn_is``, R13).

Besides, the start tells its cases (``Opening.start_cases``, R6, R6b); a position in the
middle of a turn tells what the first draw of that turn told of the hand (R6, R12), as
positions check it (``Book.check_turn``); while the boneyard is closed (``Drawing.may_draw``,
R14) and the round goes on, some hand held a tile with a play (R16); and once the round is
over its scores, less the scoring's public points, are the points of the hands (R17,
R17b), in a blocked round with every tile that has a play in the boneyard (R16).

With house rules the book answers for them too: a move's ``Reveal`` folds each rule's
(a separable rule's one-tile hands, a rule's own ``reveal``), the tiles with a play while
the boneyard is closed are asked of every seat (``Book.playable``), the tiles are worth
the house rules' tile points and the scores are less their bonuses too. What a rule
cannot say is left out and the facts are not ``exact``: the sampler then replays its
samples and drops those that do not give the view back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ._book import Book
from ._house import house_bonus, scores_known
from ._moves import DRAW, Draw, Play
from ._rule import PublicTurn, StartCase, off_table
from ._table import TableState
from ._tiles import set_length

if TYPE_CHECKING:
    from ._engine import Seen

__all__ = ["BEFORE_START", "DEALT", "START_DRAWN", "Facts", "SeatFacts", "facts_of"]

#: When a dealt tile arrives: before everything.
DEALT: Final = -1.0
#: When the tiles a position's seat to move held before its last draw were checked (R12).
BEFORE_START: Final = -0.75
#: When the tile a position's seat to move had just drawn arrives, and when the start's
#: cases hold (R6, R6b).
START_DRAWN: Final = -0.5


class SeatFacts:
    """One seat's slots and what the history tells of them: ``arrivals`` (when each
    slot's tile arrives: the deal's first, then each draw's), ``allowed`` (slot -> the
    tiles it may hold), ``pinned`` (slot -> the tile it holds: a drawn tile played at once, R13),
    ``lacks`` ((time, tiles the hand held none of then)) and ``played`` ((tile, index of
    the move that played it))."""

    __slots__ = ("allowed", "arrivals", "lacks", "pinned", "played")

    def __init__(self) -> None:
        self.arrivals: list[float] = [DEALT]
        self.allowed: dict[int, int] = {}
        self.pinned: dict[int, int] = {}
        self.lacks: list[tuple[float, int]] = []
        self.played: list[tuple[int, int]] = []

    def add_slot(self, arrives: float) -> None:
        """A slot for a tile drawn at time ``arrives``."""
        self.arrivals.append(arrives)

    def drawn_reveals(self, full: int, drawn_lacks: int, drawn_is: int, played: int) -> None:
        """What a move tells of the tile this seat drew last this turn (its last slot):
        none of ``drawn_lacks``, or ``drawn_is``, pinned if it is the tile ``played``."""
        last = len(self.arrivals) - 1
        if drawn_lacks:
            self.allowed[last] = self.allowed.get(last, full) & ~drawn_lacks
        if drawn_is >= 0:
            if drawn_is == played:
                self.pinned[last] = drawn_is
            else:
                self.allowed[last] = self.allowed.get(last, full) & 1 << drawn_is


class Facts:
    """What one seat's view tells of the tiles it does not see (see the module)."""

    __slots__ = ("blocked", "cases", "closed", "draw_moves", "exact", "full", "hidden",
                 "mine_dealt", "mine_drawn", "mine_start_drawn", "mover", "points", "seats", "values")  # fmt: skip

    def __init__(self, seen: Seen, book: Book, blocked: bool) -> None:
        start = seen.start
        players = len(seen.hand_counts)
        self.full = (1 << set_length(seen.table.n)) - 1
        #: the first seat to move, -1 for a round over at its start
        self.mover = start.to_move
        self.seats = [SeatFacts() for _ in range(players)]
        if start.turn_draws:
            self.seats[self.mover].add_slot(START_DRAWN)
        #: False if a rule could not say all a move tells (then the sampler must replay)
        self.exact = True
        turns = seen.timeline()
        self.draw_moves = [i for i, turn in enumerate(turns) if type(turn.move) is Draw]
        self._read(turns, book)
        self.closed = closed_boneyards(seen, turns, book) if not book.house else []
        if book.house:
            self._house_closed(seen, turns, book)
        self.cases = start_cases(seen, turns, book)
        self._position_turn(seen, turns, book)
        self._mine(seen)
        self.hidden = self.full & ~seen.table.on & ~seen.hand
        #: the tiles that only the boneyard may hold: a blocked round's playable ones (R16)
        self.blocked = 0
        if blocked and book.house:
            self.blocked = self._house_blocked(seen, book)
        elif blocked:
            self.blocked = seen.table.playable(off_table(seen.table))
        #: the points of each tile left in a hand, by tile index (R17, R17b, house rules)
        self.values: tuple[int, ...] = book.values
        #: the points of each hand at the end of the round, or () while it goes on (R17)
        self.points: tuple[int, ...] = ()
        if seen.outcome is not None and not book.house:
            self.points = hand_points(seen, book, blocked)
        elif seen.outcome is not None and scores_known(book.house):
            self.points = house_points(seen, book, blocked)
        elif seen.outcome is not None:  # a house rule's hand points: left to the replay
            self.exact = False

    def _read(self, turns: list[PublicTurn], book: Book) -> None:
        """The slots and facts of every seat, move by move, as the book reveals them."""
        full, seats = self.full, self.seats
        for i, turn in enumerate(turns):
            move = turn.move
            facts = seats[turn.seat]
            reveal = book.reveal(turn, move)
            if not reveal.complete:
                self.exact = False  # what it says still holds: the sampler replays the rest
            played = move.tile.index if isinstance(move, Play) else -1
            if reveal.lacks:
                facts.lacks.append((float(i), reveal.lacks))
            if turn.turn_draws:
                facts.drawn_reveals(full, reveal.drawn_lacks, reveal.drawn_is, played)
            if played >= 0:
                facts.played.append((played, i))
            elif type(move) is Draw:
                facts.add_slot(i + 0.5)

    def _position_turn(self, seen: Seen, turns: list[PublicTurn], book: Book) -> None:
        """A round set up from a position in the middle of a turn: the seat to move drew
        its tiles of this turn for want of a play, so its hand there less the tile drawn
        last held none of what the turn's first draw reveals (R6, R12; what
        ``Book.check_turn`` asks of a position's turn)."""
        start = seen.start
        if not start.turn_draws:
            return
        left = (turns[0].left if turns else seen.left) + start.turn_draws
        counts: tuple[int, ...] = ()
        if book.house:  # every seat's tile count at the turn's first draw
            now = list(turns[0].hand_counts if turns else seen.hand_counts)
            now[self.mover] -= start.turn_draws
            counts = tuple(now)
        first_draw = PublicTurn(start.table, self.mover, 0, left, DRAW, counts)
        reveal = book.reveal(first_draw, DRAW)
        if not reveal.complete:
            self.exact = False
        self.seats[self.mover].lacks.append((BEFORE_START, reveal.lacks))

    def _playable(
        self, book: Book, table: TableState, left: int, counts: tuple[int, ...]
    ) -> list[int]:
        """The tiles off ``table`` with a play for each seat at the start of a turn, the
        boneyard closed (R14, R16), with house rules; -1 for a seat the book cannot say,
        which leaves the facts not exact."""
        found = [book.playable(table, seat, left, counts) for seat in range(len(self.seats))]
        if min(found) < 0:
            self.exact = False
        return found

    def _house_closed(self, seen: Seen, turns: list[PublicTurn], book: Book) -> None:
        """:func:`closed_boneyards` with house rules: some hand held a tile with a play
        for its own seat; the fact kept is that some hand held one of the tiles with a
        play for any seat (all of it when every seat's are the same)."""
        going_on = [(turn.table, turn.left, turn.hand_counts) for turn in turns]
        if seen.outcome is None:
            going_on.append((seen.table, seen.left, seen.hand_counts))
        drawing = book.drawing
        for table, left, counts in going_on:
            if not table.placed or drawing.may_draw(0, left):
                continue
            found = self._playable(book, table, left, counts)
            if min(found) < 0:
                continue  # a house rule cannot say which tiles had a play
            if len(set(found)) > 1:
                self.exact = False  # a seat's own plays are not every seat's
            union = 0
            for mask in found:
                union |= mask
            self.closed.append(union)

    def _house_blocked(self, seen: Seen, book: Book) -> int:
        """The tiles only the boneyard may hold at the end of a blocked round with house
        rules (R16): those with a play for every seat (what a rule cannot say is left
        out, and so are the tiles with a play for some seats only)."""
        found = [m for m in self._playable(book, seen.table, seen.left, seen.hand_counts) if m >= 0]
        if len(set(found)) != 1 or len(found) < len(self.seats):
            self.exact = False
        if not found:
            return 0
        common = found[0]
        for mask in found[1:]:
            common &= mask
        return common

    def _mine(self, seen: Seen) -> None:
        """The viewer's own dealt hand (for a position, its hand there less the tile it had
        just drawn), that tile, and the tiles it drew after the start, in order."""
        start = seen.start
        own = seen.hand
        for t, _ in self.seats[seen.seat].played:
            own |= 1 << t
        for t in seen.mine:
            own &= ~(1 << t)
        self.mine_dealt = own
        shown = start.turn_draws > 0 and start.to_move == seen.seat
        #: the tile the viewer had just drawn at its round's position, or -1
        self.mine_start_drawn = seen.mine[0] if shown else -1
        self.mine_drawn = list(seen.mine[1:] if shown else seen.mine)


def facts_of(seen: Seen, book: Book, blocked: bool) -> Facts:
    """What ``seen`` tells of the tiles its seat does not see, under ``book``; ``blocked``
    whether its round is over and blocked (R16)."""
    return Facts(seen, book, blocked)


def start_cases(seen: Seen, turns: list[PublicTurn], book: Book) -> tuple[StartCase, ...]:
    """The disjoint cases of what the start tells of the hands, as the opening says
    (R6, R6b)."""
    start = seen.start
    first_move = turns[0].move if turns else None
    return book.opening.start_cases(
        start.table, start.position, start.turn_draws, first_move, start.to_move, seen.first
    )


def closed_boneyards(seen: Seen, turns: list[PublicTurn], book: Book) -> list[int]:
    """The tiles off the table that had a play at each turn the round went on with the
    boneyard closed (R14): some hand held one of them, else the round was blocked (R16)."""
    going_on: list[tuple[TableState, int]] = [(turn.table, turn.left) for turn in turns]
    if seen.outcome is None:
        going_on.append((seen.table, seen.left))
    drawing = book.drawing
    out: list[int] = []
    for table, left in going_on:
        # the turn's mover has drawn nothing yet: the boneyard is open if it may draw
        if table.placed and not drawing.may_draw(0, left):
            out.append(table.playable(off_table(table)))
    return out


def hand_points(seen: Seen, book: Book, blocked: bool) -> tuple[int, ...]:
    """The points of the tiles left in each hand of a finished round (R17, R17b): its
    scores less the points the scoring gives beside the hands, which every seat can work
    out (R17c: the scoring's ``public_points``); () while the round
    goes on."""
    outcome = seen.outcome
    if outcome is None:
        return ()
    last = last_tile(seen, blocked)
    scoring = book.scoring
    return tuple(
        [p - scoring.public_points(s, outcome.winner, last) for s, p in enumerate(outcome.scores)]
    )


def house_points(seen: Seen, book: Book, blocked: bool) -> tuple[int, ...]:
    """:func:`hand_points` with house rules: less each rule's bonus too (R17)."""
    outcome = seen.outcome
    assert outcome is not None
    last = last_tile(seen, blocked)
    ending, winner = outcome.ending, outcome.winner
    return tuple(
        [
            p - house_bonus(book, s, ending, winner, last)
            for s, p in enumerate(hand_points(seen, book, blocked))
        ]
    )


def last_tile(seen: Seen, blocked: bool) -> int:
    """The index of the tile the winner of a finished round went out with, or -1 for a
    blocked round."""
    if blocked:
        return -1
    history = seen.history
    if history is not None:
        move = history[1]
        assert isinstance(move, Play)
        return move.tile.index
    if seen.start.placements:  # a position over at its start
        return seen.start.placements[-1][0]
    return -1
