"""What a view's public moves tell of the hidden hands under house rules (internal).

The exact sampler (``_sampling``) works out the facts a history holds by asking the
engine about one-tile hands. With house rules in the book it asks the book instead,
through :class:`Telling`: :meth:`Book.reveal <chickenfoot._book.Book.reveal>` for each
draw, pass and play once the round double is on the table (a house rule's own
``reveal``, or for a separable rule the one-tile hands asked of the book, or nothing),
which tiles have a play for the closed-boneyard facts (R14, R16), and the scores less
the house rules' bonuses (R17). Where a rule cannot say, the fact is left out and the
telling is ``loose``: the plan then covers more deals than replay the view, and the
sampler keeps only the samples whose replay gives the view back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._book import Book, book_of
from ._house import house_bonus, scores_known
from ._moves import DRAW, Draw, Move, Play
from ._rule import PublicTurn, Reveal
from ._table import TableState

if TYPE_CHECKING:
    from ._views import RoundView

__all__ = ["Telling"]


class Telling:
    """The book's answers about the moves of one view's history (see the module): the
    set's tiles ``full`` as a bitmask, ``last`` the tile index the winner went out with
    (or -1)."""

    def __init__(self, view: RoundView, full: int, last: int) -> None:
        book: Book = book_of(view.rules)
        self.book = book
        self.full = full
        self.last = last
        self._probes: dict[tuple[int, int, int, bool], int] = {}
        self._keep: list[TableState] = []
        #: Whether the book has house rules: without them the sampler asks as before.
        self.house = bool(book.house)
        #: Whether some fact was left out, so that samples are checked by replay.
        self.loose = False
        counts = list(view.hand_counts)
        events = view.history
        for e in events:
            if type(e.move) is Play:
                counts[e.seat] += 1
            elif type(e.move) is Draw:
                counts[e.seat] -= 1
        self.start_counts = tuple(counts)
        before: list[tuple[int, ...]] = []
        for e in events:
            before.append(tuple(counts))
            if type(e.move) is Play:
                counts[e.seat] -= 1
            elif type(e.move) is Draw:
                counts[e.seat] += 1
        self.before = before
        self.now = tuple(counts)
        self.players = view.players
        self.outcome = view.outcome

    def asks(self, table: TableState) -> bool:
        """Whether the book, not the one-tile probe, says what a move on ``table`` tells:
        with house rules, once the round double is on the table."""
        return self.house and table.placed

    def said(
        self, i: int, table: TableState, seat: int, turn_draws: int, left: int, move: Move
    ) -> Reveal:
        """What event ``i``'s ``move`` tells of the mover's hand (``Book.reveal``)."""
        counts = self.before[i] if 0 <= i < len(self.before) else self.now
        said = self.book.reveal(PublicTurn(table, seat, turn_draws, left, move, counts), move)
        if not said.complete:
            self.loose = True
        return said

    def lacks(
        self, i: int, table: TableState, seat: int, turn_draws: int, left: int, move: Move
    ) -> int:
        """The tiles whose holding (``turn_draws == 0``) or drawing (``turn_draws > 0``)
        would have made event ``i``'s draw or pass ``move`` illegal (R6, R12-R15): with
        house rules the book's revelation, else the one-tile hands asked of the book."""
        if self.asks(table):
            said = self.said(i, table, seat, turn_draws, left, move)
            return said.drawn_lacks if turn_draws else said.lacks
        kind = type(move)
        key = (id(table), turn_draws, left, kind is Draw)
        found = self._probes.get(key)
        if found is not None:
            return found
        self._keep.append(table)  # ids stay unique while the probes are kept
        moves_of = self.book.moves
        bad = 0
        off = self.full & ~table.on
        while off:
            low = off & -off
            t = low.bit_length() - 1
            off ^= low
            if not any(
                type(m) is kind
                for m in moves_of(table, low, turn_draws, t if turn_draws else -1, left)
            ):
                bad |= low
        if not turn_draws and not any(type(m) is kind for m in moves_of(table, 0, 0, -1, left)):
            raise RuntimeError(f"{kind.__name__} is never legal at this point")
        self._probes[key] = bad
        return bad

    def _playable(self, table: TableState, left: int, counts: tuple[int, ...]) -> list[int]:
        out = []
        for seat in range(self.players):
            found = self.book.playable(table, seat, left, counts)
            if found < 0:
                self.loose = True
            out.append(found)
        return out

    def some_play(self, table: TableState, left: int, i: int) -> int | None:
        """The tiles of which some hand held one, the boneyard closed after event ``i``
        and the round going on (R14, R16): every seat's playable tiles together; ``None``
        when a rule cannot say."""
        counts = self.before[i + 1] if i + 1 < len(self.before) else self.now
        found = self._playable(table, left, counts)
        if min(found) < 0:
            return None
        if len(set(found)) > 1:
            self.loose = True  # a seat's own plays are not all the others'
        union = 0
        for mask in found:
            union |= mask
        return union

    def no_play(self, table: TableState, left: int) -> int:
        """The tiles no hand held at the end of a blocked round (R16): those that have a
        play for every seat (what a rule cannot say is left out)."""
        found = [mask for mask in self._playable(table, left, self.now) if mask >= 0]
        if len(set(found)) > 1:
            self.loose = True
        if not found:
            return 0
        common = found[0]
        for mask in found[1:]:
            common &= mask
        return common

    def drew_at_start(self, table: TableState, seat: int, left: int) -> int:
        """The tiles a position's mover, which had drawn before it with ``left`` tiles in
        the boneyard, held none of (R12): those with a play."""
        if self.asks(table):
            return self.said(-1, table, seat, 0, left, DRAW).lacks
        return table.playable(self.full & ~table.on)

    def value(self, tile: int) -> int:
        """The points of tile index ``tile`` left in a hand (R17, house tile points in)."""
        return self.book.values[tile]

    def scored(self) -> bool:
        """Whether a finished round's scores are facts the plan can use (no house rule
        overrides hand_points); else they are left to the replay."""
        if self.outcome is None:
            return False
        if scores_known(self.book.house):
            return True
        self.loose = True
        return False

    def score(self, seat: int) -> int:
        """``seat``'s points from its tiles: its score less the house rules' bonuses."""
        outcome = self.outcome
        assert outcome is not None
        if not self.house:
            return outcome.scores[seat]
        bonus = house_bonus(self.book, seat, outcome.ending, outcome.winner, self.last)
        return outcome.scores[seat] - bonus
