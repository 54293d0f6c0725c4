"""The engine: the round's flow on bare values, written once (R6, R12-R18).

Internal. :class:`State` is a round reduced to what the rules read: the table, the hands
as bitmasks of tile indices, the dealt boneyard with a count of tiles drawn, whose turn
it is and how many tiles that seat drew this turn. Its methods are the turn:

* :meth:`State.legal_moves`: the legal moves of the seat to move (R6, R12-R15);
* :meth:`State.refusal`: why a move is not legal, naming the rule;
* :meth:`State.after`: the state after a legal move, ending the round when a seat goes
  out or nobody can move (R13-R16), scored by the book's
  :class:`~chickenfoot._scoring.Scoring` (R17, R18);
* :meth:`State.play_out`: a policy at every seat to the end of the round.

:meth:`Round.apply <chickenfoot.Round.apply>` is ``State.refusal`` then ``State.after``
plus the history, so bots, simulations, benchmarks and adapters that step a
:class:`State` play exactly the rounds :class:`~chickenfoot.Round` plays. They reach a
round's state and build rounds through the named functions of ``chickenfoot._round``
(:func:`~chickenfoot._round.state_of`, :func:`~chickenfoot._round.round_from_state`,
:func:`~chickenfoot._round.apply_unchecked`), never through private attributes.

The turn's rules are the state's ``book`` (:class:`~chickenfoot._book.Book`), chosen
once at the deal and shared by every state of the round: the engine reads no knob in the
turn, it asks the book's opening (R6, R6b), drawing rules (R12-R15, R13b) and scoring
(R17, R18).

A state's value never changes: every field but the two memos is set in the constructor,
and the memos hold values derived from the fields; every step returns a new state,
sharing the table and the boneyard. Methods trust their arguments unless they say
otherwise. The state is a plain class with ``__slots__`` (no attrs, no recursive types),
to suit compilers such as mypyc.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

import attrs

from ._book import Book, book_of
from ._house import counts_of
from ._moves import Draw, Move, Pass, Play
from ._rule import Obligation, PublicTurn, Refusal
from ._rule import obligation_of as _obligation
from ._rules import Rules
from ._table import DRAW_KEY, Layout, TableState

__all__ = [
    "Ending",
    "History",
    "Obligation",
    "Outcome",
    "Policy",
    "PublicStart",
    "PublicTurn",
    "Seen",
    "Start",
    "State",
    "new_state",
]


# Module constants declared Final are C statics in the compiled build, where a name
# imported from an interpreted module is looked up in a dict at every use.
_PLAY: Final[type[Play]] = Play
_DRAW_TYPE: Final[type[Draw]] = Draw
_PASS_TYPE: Final[type[Pass]] = Pass


class Ending(enum.Enum):
    """How a round ended (R16).

    .. versionadded:: 0.1
    """

    #: A player played his last tile.
    WENT_OUT = "went out"
    #: Nobody could play and nobody could draw.
    BLOCKED = "blocked"

    def __repr__(self) -> str:
        return f"Ending.{self.name}"


@attrs.frozen
class Outcome:
    """How a round ended, who won it and the penalty points of every seat (R16-R18).

    .. versionadded:: 0.1
    """

    #: Went out or blocked.
    ending: Ending
    #: The seat that went out, or in a blocked round the lowest score (R18).
    winner: int
    #: Penalty points by seat (R17).
    scores: tuple[int, ...]

    def margin(self, seat: int) -> float:
        """How far ``seat`` finished ahead: the mean of the other seats' penalty points
        minus its own (R17). Positive is good; the margins of all seats add up to 0.

        It is the reward of the bots' playouts, of :meth:`ChickenFootState.returns
        <chickenfoot.openspiel.ChickenFootState.returns>` and of the PettingZoo
        environment's ``reward="margin"``.

        >>> from chickenfoot import Ending, Outcome
        >>> outcome = Outcome(Ending.WENT_OUT, winner=0, scores=(0, 12, 30))
        >>> outcome.margin(0), outcome.margin(1), outcome.margin(2)
        (21.0, 3.0, -24.0)

        .. versionadded:: 0.2
        """
        scores = self.scores
        return (sum(scores) - scores[seat]) / (len(scores) - 1) - scores[seat]


#: The history as a linked list, newest first: ``(seat, move, older, length)``, where
#: ``length`` counts the moves up to this one. ``older`` is typed ``Any``: the compilers
#: the engine suits take no recursive types.
History: TypeAlias = "tuple[int, Move, Any, int] | None"


class Start:
    """Where a round starts: its deal, or the position it was set up from (internal).

    Made once per round and shared by every state of it. ``n`` is N of the double-N set,
    ``dealt_for`` the index of the double the round was dealt for (R19), ``first`` the
    round's first seat (R23), ``seed`` the seed of the deal or ``None``; ``placements``
    the tiles on the table at the start as ``(tile, onto)`` index pairs, the first placed
    first (``onto`` is -1 for the round double: the centre double alone in a dealt centre
    start, nothing in a dealt holder start), and ``table`` the table they make; ``hands``
    the hands at the start (bitmasks), ``boneyard`` the boneyard at the start (the
    undrawn tiles only, as tile indices in draw order); ``to_move`` (-1 if the round is
    over at once), ``lead``, ``turn_draws`` and ``last_drawn`` the turn at the start, as
    :class:`State` keeps them: a position in the middle of a turn says how many tiles
    the seat to move drew in it and the last of them, which is in its hand (R13).
    ``position`` tells a round set up from a position (:meth:`Round.from_position
    <chickenfoot.Round.from_position>`) from a dealt one.
    """

    __slots__ = ("boneyard", "dealt_for", "first", "hands", "last_drawn", "lead", "n",
                 "placements", "position", "seed", "table", "to_move", "turn_draws")  # fmt: skip

    def __init__(
        self,
        n: int,
        dealt_for: int,
        first: int,
        seed: int | None,
        placements: tuple[tuple[int, int], ...],
        table: TableState,
        hands: tuple[int, ...],
        boneyard: tuple[int, ...],
        to_move: int,
        lead: int,
        turn_draws: int,
        last_drawn: int,
        position: bool,
    ) -> None:
        self.n = n
        self.dealt_for = dealt_for
        self.first = first
        self.seed = seed
        self.placements = placements
        self.table = table
        self.hands = hands
        self.boneyard = boneyard
        self.to_move = to_move
        self.lead = lead
        self.turn_draws = turn_draws
        self.last_drawn = last_drawn
        self.position = position

    def _key(self) -> tuple[object, ...]:
        return (self.n, self.dealt_for, self.first, self.seed, self.placements, self.hands,
                self.boneyard, self.to_move, self.lead, self.turn_draws, self.last_drawn,
                self.position, self.table.double)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Start):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.hands, self.boneyard, self.first, self.to_move))

    def __reduce__(self) -> tuple[type[Start], tuple[object, ...]]:
        # Explicit, so that a compiled (native) Start pickles too.
        return Start, (
            self.n, self.dealt_for, self.first, self.seed, self.placements, self.table,
            self.hands, self.boneyard, self.to_move, self.lead, self.turn_draws,
            self.last_drawn, self.position,
        )  # fmt: skip

    def public(self) -> PublicStart:
        """What every seat sees of this start."""
        return PublicStart(
            self.position, self.placements, self.table, self.to_move, self.lead, self.turn_draws
        )


class PublicStart:
    """The part of a :class:`Start` every seat sees (internal): what a view holds of it.

    ``position``, ``placements``, ``table``, ``to_move``, ``lead`` and ``turn_draws`` are
    the start's; the hands, the boneyard and the tile the seat to move drew last are
    hidden (a view of that seat holds its drawn tile apart).
    """

    __slots__ = ("lead", "placements", "position", "table", "to_move", "turn_draws")

    def __init__(
        self,
        position: bool,
        placements: tuple[tuple[int, int], ...],
        table: TableState,
        to_move: int,
        lead: int,
        turn_draws: int,
    ) -> None:
        self.position = position
        self.placements = placements
        self.table = table
        self.to_move = to_move
        self.lead = lead
        self.turn_draws = turn_draws

    def _key(self) -> tuple[object, ...]:
        return (self.position, self.placements, self.table.double, self.to_move, self.lead,
                self.turn_draws)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PublicStart):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[PublicStart], tuple[object, ...]]:
        # Explicit, so that a compiled (native) PublicStart pickles too.
        return PublicStart, (
            self.position,
            self.placements,
            self.table,
            self.to_move,
            self.lead,
            self.turn_draws,
        )


class State:
    """A round in play as the engine keeps it (internal, trusted).

    ``start`` is where the round started (a ``Start``), shared by all its states, and
    ``history`` the moves since then (a ``History``), each node shared with the earlier
    states. The other fields are what folding the history over the start gives, kept
    because a move changes them: ``table``; ``hands[s]`` the bitmask of seat ``s``'s
    tiles; ``boneyard`` the start's boneyard (the same tuple), of which the first
    ``taken`` are drawn; ``lead`` the seat that leads the round (R18 ties), -1 while the
    round double is searched for (R6); ``to_move`` the seat to move, -1 once the round
    is over; ``turn_draws`` the tiles it drew this turn (R13) and ``last_drawn`` the
    index of the last one, or -1; ``outcome`` the ending once there is one; ``book`` the
    rulebook of ``rules``, the deal's, shared by every state of the round (``None`` as
    an argument: :func:`~chickenfoot._book.book_of` of ``rules``).

    A state's value never changes: every field but the two memos (``known``, the moves
    ``offer()`` handed out, and ``_layout``, see ``layout()``) is set in the
    constructor, and the memos hold immutable values derived from the fields, left out of
    equality, hashes and pickles; two threads that fill one at once write equal values.
    Two states are equal when they have the same rules, start (its seed aside: it says
    where a deal came from, not what it is) and history, and so the same kept fields.

    Public through :mod:`chickenfoot.state`, for bots and searches: :meth:`legal_moves`,
    :meth:`after`, :meth:`play_out`, :meth:`info_key`, :meth:`drawn_key`,
    :meth:`position_key`, ``outcome``, ``to_move``, ``hands``, ``table`` and ``rules``; the
    rest is the engine's own.

    .. versionadded:: 0.2
    """

    __slots__ = ("_layout", "boneyard", "book", "hands", "history", "known", "last_drawn",
                 "lead", "outcome", "rules", "start", "table", "taken", "to_move",
                 "turn_draws")  # fmt: skip

    def __init__(
        self,
        rules: Rules,
        table: TableState,
        hands: tuple[int, ...],
        boneyard: tuple[int, ...],
        taken: int,
        lead: int,
        to_move: int,
        turn_draws: int,
        outcome: Outcome | None,
        last_drawn: int,
        history: History,
        start: Start,
        book: Book | None = None,
    ) -> None:
        self.rules = rules
        self.book: Book = book_of(rules) if book is None else book
        self.table = table
        self.hands = hands
        self.boneyard = boneyard
        self.taken = taken
        self.lead = lead
        self.to_move = to_move
        self.turn_draws = turn_draws
        self.outcome = outcome
        self.last_drawn = last_drawn
        self.history = history
        self.start = start
        #: The legal moves once :meth:`offer` has listed them, else ``None``: a memo, so
        #: that :meth:`refusal` knows the moves it handed out.
        self.known: tuple[Move, ...] | None = None
        self._layout: Layout | None = None

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Explicit, so that a compiled (native) State pickles too; the history as a list
        # (unpickling a long linked list would exhaust the stack).
        return _restored, (
            self.rules, self.table, self.hands, self.boneyard, self.taken, self.lead,
            self.to_move, self.turn_draws, self.outcome, self.last_drawn,
            history_moves(self.history), self.start,
        )  # fmt: skip

    def _facts(self) -> tuple[object, ...]:
        """All that two equal states share, but the moves of their histories."""
        start = self.start
        return (self.ply, self.hands, self.taken, self.to_move, self.lead, self.turn_draws,
                self.last_drawn, self.table.double, self.outcome, self.boneyard, start.n,
                start.dealt_for, start.first, start.placements, start.hands, start.to_move,
                start.lead, start.turn_draws, start.last_drawn, start.position,
                start.table.double, self.rules)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        if self._facts() != other._facts():
            return False
        if self.history is None and other.history is None:  # playout states: the table
            a, b = self.table, other.table
            return (a.on, a.ends, a.pending, a.free, a.need_foot) == (
                b.on, b.ends, b.pending, b.free, b.need_foot
            )  # fmt: skip
        return same_history(self.history, other.history)

    def __hash__(self) -> int:
        return hash((self.hands, self.taken, self.to_move, self.ply, self.start.first))

    def layout(self, build: Callable[[State], Layout]) -> Layout:
        """The layout of this state: ``build(self)`` the first time, the same value after
        (a memo: the layout is derived from the start and the history)."""
        layout = self._layout
        if layout is None:
            layout = self._layout = build(self)
        return layout

    @property
    def ply(self) -> int:
        """How many moves the history holds."""
        history = self.history
        return 0 if history is None else history[3]

    # -- what the rules read -----------------------------------------------------------------

    @property
    def left(self) -> int:
        """How many tiles the boneyard holds."""
        return len(self.boneyard) - self.taken

    @property
    def can_draw(self) -> bool:
        """Whether the boneyard holds more than the reserve (R14)."""
        return self.book.drawing.can_draw(len(self.boneyard) - self.taken)

    @property
    def round_double(self) -> int:
        """The index of the round double now: the table's, or in a ``highest_held``
        search the lower double the seat to move has just drawn, which it places at once
        (R6b)."""
        table = self.table
        if self.turn_draws and not table.placed:
            drawn = self.last_drawn
            if self.book.opening.drawn_opens(table, drawn):
                return drawn
        return table.double

    @property
    def obligation(self) -> Obligation:
        """What the rules demand of the next play (none once the round is over)."""
        if self.outcome is not None:
            return Obligation.NONE
        return _obligation(self.book.drawing, self.table, self.turn_draws)

    def pips_left(self) -> tuple[int, ...]:
        """What every hand would score now (R17)."""
        return self.book.scoring.scores(self.hands)

    # -- the turn (R6, R12-R15) --------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in the engine's fixed order; empty once
        the round is over (see :meth:`Round.legal_moves <chickenfoot.Round.legal_moves>`).
        """
        if self.outcome is not None:
            return []
        table = self.table  # Book.moves, without its call
        if not table.placed:  # R6: the round double is placed or searched for
            return self.book.opening.moves(
                table, self.hands[self.to_move], self.turn_draws, self.last_drawn
            )
        if self.book.house:
            return self.book.moves(
                table, self.hands[self.to_move], self.turn_draws, self.last_drawn,
                len(self.boneyard) - self.taken, self.to_move, counts_of(self.hands),
            )  # fmt: skip
        return self.book.drawing.moves(
            table, self.hands[self.to_move], self.turn_draws, self.last_drawn,
            len(self.boneyard) - self.taken,
        )  # fmt: skip

    def offer(self) -> list[Move]:
        """:meth:`legal_moves`, kept on the state (a new list every call), so that
        :meth:`refusal` accepts the moves it handed out at once; for
        :meth:`Round.legal_moves <chickenfoot.Round.legal_moves>`."""
        known = self.known
        if known is None:
            moves = self.legal_moves()
            self.known = tuple(moves)
            return moves
        return list(known)

    def refusal(self, move: Move) -> Refusal | None:
        """Why ``move`` is illegal now, as ``(reason, rule)``, or ``None`` if it is legal:
        the book's answer (R4, R6, R6b, R7-R15, R13b), or R16 once the round is over.

        Checks its argument: ``move`` may be anything.

        Raises:
            TypeError: ``move`` is not a Play, Draw or Pass.
        """
        kind = type(move)
        if kind is not _PLAY and kind is not _DRAW_TYPE and kind is not _PASS_TYPE:
            raise TypeError(f"a move is a Play, Draw or Pass, not {move!r}")
        if self._handed_out(move):
            return None
        if self.outcome is not None:
            return f"the round is over ({self.outcome.ending.value})", "R16"
        seat = self.to_move
        return self.book.refusal(
            self.table, seat, self.hands[seat], self.turn_draws, self.last_drawn,
            len(self.boneyard) - self.taken, move, self.known,
            counts_of(self.hands) if self.book.house else (),
        )  # fmt: skip

    # -- the next state (R6, R13-R18) --------------------------------------------------------

    def _handed_out(self, move: Move) -> bool:
        """Whether :meth:`offer` listed ``move``: the same object, or a draw or pass."""
        known = self.known
        if known is not None:
            kind = type(move)
            for m in known:
                if m is move or (type(m) is kind and kind is not _PLAY):
                    return True
        return False

    def step(self, move: Move) -> State | None:
        """:meth:`after` if ``move`` is legal now, else ``None`` (:meth:`refusal` says
        why): the check and the move in one call, for :meth:`Round.apply
        <chickenfoot.Round.apply>`.

        Checks its argument as :meth:`refusal` does.
        """
        if self.refusal(move) is None:  # a move offer() listed is accepted at once
            return self.after(move)
        return None

    def after(self, move: Move, keep: bool = True) -> State:
        """The state after ``move`` by the seat to move; ``move`` must be legal.

        With ``keep=False`` the move is not added to the history, which is left ``None``:
        for playouts (:meth:`play_out`), whose states no round holds.
        """
        book, seat, history = self.book, self.to_move, self.history
        node = (seat, move, history, 1 if history is None else history[3] + 1) if keep else None
        if type(move) is _PLAY:
            t = move.tile.index
            hands = list(self.hands)
            hands[seat] &= ~(1 << t)
            onto = move.onto
            if onto is None:  # R6, R6b: the round double is placed, and its placer leads
                lead, table = seat, self.table.with_round_double(book.opening_toes, t)
            else:
                lead = self.lead
                table = self.table.after(t, onto.index, book.toes_per_double, book.first_foot)
            if not hands[seat]:  # R16: went out
                kept = tuple(hands)
                outcome = _scored(book, kept, Ending.WENT_OUT, seat, t, lead)
                return _ended(self, table, kept, lead, outcome, node)
            return State(
                self.rules, table, tuple(hands), self.boneyard, self.taken, lead,
                (seat + 1) % len(hands), 0, None, -1, node, self.start, book,
            )._settled()  # fmt: skip
        if type(move) is _DRAW_TYPE:  # R13: the drawer moves again
            hands = list(self.hands)
            drawn = self.boneyard[self.taken]
            hands[seat] |= 1 << drawn
            return State(
                self.rules, self.table, tuple(hands), self.boneyard, self.taken + 1, self.lead,
                seat, self.turn_draws + 1, None, drawn, node, self.start, book,
            )._settled()  # fmt: skip
        return State(  # R15: a pass ends the turn
            self.rules, self.table, self.hands, self.boneyard, self.taken, self.lead,
            (seat + 1) % len(self.hands), 0, None, -1, node, self.start, book,
        )._settled()  # fmt: skip

    def _settled(self) -> State:
        """This state, or the round blocked if nobody can play or draw (R16, R18)."""
        book = self.book
        if self.lead < 0 or len(self.boneyard) - self.taken > book.drawing.reserve:  # R14
            return self
        if book.house:  # R16 asks every seat's moves, the house rules' included
            if not book.blocked(self.table, self.hands, len(self.boneyard) - self.taken):
                return self
        else:
            everyone = 0
            for hand in self.hands:
                everyone |= hand
            if self.table.playable(everyone):
                return self
        outcome = _scored(book, self.hands, Ending.BLOCKED, -1, -1, self.lead)
        return _ended(self, self.table, self.hands, self.lead, outcome, self.history)

    def seen_by(self, seat: int) -> Seen:
        """What ``seat`` sees of this state: the public start, the history and table, its
        own hand and the tiles it drew (the start's own drawn tile first), every seat's
        tile count and the boneyard's size; nothing hidden from it."""
        mine: list[int] = []
        index = self.taken  # walking back from the newest move, the draws count down
        node = self.history
        while node is not None:
            if type(node[1]) is _DRAW_TYPE:
                index -= 1
                if node[0] == seat:
                    mine.append(self.boneyard[index])
            node = node[2]
        start = self.start
        if start.turn_draws and start.to_move == seat:
            # set up from a position in the middle of a turn: the mover knows its last draw
            mine.append(start.last_drawn)
        mine.reverse()
        # R6b: a lower double drawn in the search is the round double at once, but only
        # its drawer knows it until it is placed
        double = self.round_double if seat == self.to_move else self.table.double
        return Seen(
            self.rules, seat, start.public(), self.history, self.table, self.hands[seat],
            tuple([h.bit_count() for h in self.hands]), len(self.boneyard) - self.taken,
            self.to_move, double, start.first, self.turn_draws, self.outcome, tuple(mine),
        )  # fmt: skip

    def play_out(self, policy: Policy, rng: random.Random) -> State:
        """The end of the round, ``policy`` choosing at every seat where there is a choice.

        A seat with one legal move makes it without asking ``policy`` (or ``rng``). The
        states after this one keep no history (``history`` is ``None``): a playout is not
        a round.
        """
        state = self
        while state.outcome is None:
            moves = state.legal_moves()
            move = moves[0] if len(moves) == 1 else policy(state, moves, rng)
            state = state.after(move, False)
        return state

    # -- keys of what a seat knows (the tree search) ---------------------------------------

    def info_key(self, move: Move) -> int:
        """A number for the legal ``move`` of the seat to move, equal for two moves exactly
        when they lead to the same game as every seat can know it.

        A play is its tile and what it covers: the number of the open end (a tile onto
        either of two ends showing the same number leaves the same numbers open, R2, R10),
        the double whose places come first (R7, R9), or nothing for the round double (R6).
        Plays have keys of 0 and up; a :class:`~chickenfoot.Draw` is -1 (which tile it
        draws is hidden from the other seats, see :meth:`drawn_key`) and a
        :class:`~chickenfoot.Pass` -2.

        .. versionadded:: 0.2
        """
        return self.table.info_key(move)

    def drawn_key(self, seat: int) -> int:
        """The key of the :class:`~chickenfoot.Draw` the seat to move makes now, as ``seat``
        knows it: for the drawer itself, which sees the tile, a number of the tile it
        draws (-3 and down, apart from every :meth:`info_key`); for any other seat
        :meth:`info_key` of a draw, the same whatever the tile. A draw must be legal now.

        .. versionadded:: 0.2
        """
        if seat == self.to_move:
            return -3 - self.boneyard[self.taken]
        return DRAW_KEY

    def position_key(self) -> tuple[object, ...]:
        """A value, equal for two states of one round (one deal) in play only when the rest
        of the round is the same game from both: the key of a solver's transposition table
        (:func:`chickenfoot.analysis.solve`).

        It holds every hand, how many tiles are drawn, the seat to move and where its turn
        stands (its draws this turn and the last tile drawn, R13), the seat that leads
        (R18), the tiles on the table, the double whose places come first and how many
        are free (R7, R9), whether the first foot comes first (R8), and how many open
        ends show each number (R2): which tiles show them does not matter, as a tile onto
        either of two ends showing the same number leads to the same game (R10, see
        :meth:`info_key`). With house rules, which may read the open ends themselves,
        the open ends are in the key as they are.

        .. versionadded:: 0.2
        """
        table = self.table
        if self.book.house:
            ends: object = table.ends
        else:
            ends = tuple([len(e) for e in table.ends])
        return (self.hands, self.taken, self.to_move, self.turn_draws, self.last_drawn,
                self.lead, table.on, table.pending, table.free, table.need_foot, table.double,
                ends)  # fmt: skip

    def with_next_draw(self, tile: int) -> State:
        """This state with tile index ``tile``, which the boneyard holds, the next to be
        drawn: the undrawn tiles of the boneyard (and of the start's, the same tuple) in
        another order, ``tile`` first and the others in their order. Nothing any seat
        sees changes: for games that deal the boneyard as it is drawn (OpenSpiel's chance
        nodes), with no replay.
        """
        taken, boneyard = self.taken, self.boneyard
        at = boneyard.index(tile, taken)
        if at == taken:
            return self
        order = (*boneyard[:taken], tile, *boneyard[taken:at], *boneyard[at + 1 :])
        start = self.start
        if start.boneyard == boneyard:
            start = Start(
                start.n, start.dealt_for, start.first, start.seed, start.placements,
                start.table, start.hands, order, start.to_move, start.lead, start.turn_draws,
                start.last_drawn, start.position,
            )  # fmt: skip
        return State(
            self.rules, self.table, self.hands, order, taken, self.lead, self.to_move,
            self.turn_draws, self.outcome, self.last_drawn, self.history, start, self.book,
        )  # fmt: skip


class Seen:
    """A round as one seat sees it, computed by the engine (:meth:`State.seen_by`;
    internal): what a :class:`~chickenfoot.RoundView` shows.

    ``rules``; ``seat``, whose view it is; ``start``, the :class:`PublicStart`;
    ``history``, shared with the state (it holds no drawn tile); ``table``; ``hand``, the
    seat's tiles (a bitmask); ``hand_counts``; ``left``, the boneyard's size; ``to_move``
    (-1 once the round is over); ``round_double``, as this seat knows it (R6b);
    ``first`` (R23); ``turn_draws`` of the seat to move (R13); ``outcome``; and ``mine``,
    the tiles this seat drew, in order, the start's own drawn tile first. A value: equal
    for the same fields and history, never changed once made.
    """

    __slots__ = ("first", "hand", "hand_counts", "history", "left", "mine", "outcome",
                 "round_double", "rules", "seat", "start", "table", "to_move", "turn_draws")  # fmt: skip

    def __init__(
        self,
        rules: Rules,
        seat: int,
        start: PublicStart,
        history: History,
        table: TableState,
        hand: int,
        hand_counts: tuple[int, ...],
        left: int,
        to_move: int,
        round_double: int,
        first: int,
        turn_draws: int,
        outcome: Outcome | None,
        mine: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.start = start
        self.history = history
        self.table = table
        self.hand = hand
        self.hand_counts = hand_counts
        self.left = left
        self.to_move = to_move
        self.round_double = round_double
        self.first = first
        self.turn_draws = turn_draws
        self.outcome = outcome
        self.mine = mine

    @property
    def ply(self) -> int:
        """How many moves the history holds."""
        history = self.history
        return 0 if history is None else history[3]

    @property
    def drawn(self) -> int:
        """The tile this seat has just drawn, while it is still its turn (R13), or -1."""
        if self.turn_draws and self.to_move == self.seat:
            return self.mine[-1]
        return -1

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves, from what it sees; empty when it is not its turn."""
        if self.to_move != self.seat:
            return []
        if self.rules.house:  # house rules read the seat and every seat's tile count
            return turn_moves(
                self.rules, self.table, self.hand, self.turn_draws, self.drawn, self.left,
                self.seat, self.hand_counts,
            )  # fmt: skip
        return turn_moves(self.rules, self.table, self.hand, self.turn_draws, self.drawn, self.left)

    def timeline(self) -> list[PublicTurn]:
        """The public turn before every move of the history, the first first: the table,
        the seat to move, its draws this turn and the boneyard's size, and the move; with
        house rules, which read them, every seat's tile counts before the move too."""
        moves = history_moves(self.history)
        left = self.left
        rules = self.rules
        counted = bool(rules.house)
        counts = list(self.hand_counts)
        for seat, move in moves:
            if type(move) is _DRAW_TYPE:
                left += 1
                counts[seat] -= 1
            elif counted and type(move) is _PLAY:
                counts[seat] += 1
        table, turn_draws = self.start.table, self.start.turn_draws
        out: list[PublicTurn] = []
        for seat, move in moves:
            out.append(
                PublicTurn(table, seat, turn_draws, left, move, tuple(counts) if counted else ())
            )
            if counted and type(move) is _PLAY:
                counts[seat] -= 1
            elif counted and type(move) is _DRAW_TYPE:
                counts[seat] += 1
            if type(move) is _PLAY:
                assert isinstance(move, Play)
                onto = move.onto
                t = move.tile.index
                if onto is None:
                    table = table.with_round_double(rules.opening_toes, t)
                else:
                    table = table.after(
                        t, onto.index, rules.toes_per_double, rules.first_foot_required
                    )
                turn_draws = 0
            elif type(move) is _DRAW_TYPE:
                turn_draws += 1
                left -= 1
            else:
                turn_draws = 0
        return out

    def _facts(self) -> tuple[object, ...]:
        """All that two equal views share, but the moves of their histories."""
        return (self.ply, self.seat, self.hand, self.hand_counts, self.left, self.to_move,
                self.round_double, self.table.dealt, self.first, self.outcome, self.mine,
                self.start, self.rules)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Seen):
            return NotImplemented
        return self is other or (
            self._facts() == other._facts() and same_history(self.history, other.history)
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.hand, self.hand_counts, self.to_move, self.ply))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Explicit, so that a compiled (native) Seen pickles too; the history as a list
        # (unpickling a long linked list would exhaust the stack).
        return _seen_restored, (
            self.rules, self.seat, self.start, history_moves(self.history), self.table,
            self.hand, self.hand_counts, self.left, self.to_move, self.round_double,
            self.first, self.turn_draws, self.outcome, self.mine,
        )  # fmt: skip


def _seen_restored(
    rules: Rules,
    seat: int,
    start: PublicStart,
    moves: list[tuple[int, Move]],
    table: TableState,
    hand: int,
    hand_counts: tuple[int, ...],
    left: int,
    to_move: int,
    round_double: int,
    first: int,
    turn_draws: int,
    outcome: Outcome | None,
    mine: tuple[int, ...],
) -> Seen:
    """A seen round from its pickled fields (see :meth:`Seen.__reduce__`)."""
    return Seen(
        rules, seat, start, linked_history(moves), table, hand, hand_counts, left, to_move,
        round_double, first, turn_draws, outcome, mine,
    )  # fmt: skip


#: A playout policy: the move, among the legal ``moves`` of ``state``, of its seat to move.
#:
#: .. versionadded:: 0.2
Policy: TypeAlias = Callable[[State, list[Move], random.Random], Move]


def _scored(
    book: Book, hands: tuple[int, ...], ending: Ending, winner: int, last: int, lead: int
) -> Outcome:
    """The outcome of a round ended with ``hands`` (R17, R18): ``winner`` the seat that went
    out with tile index ``last`` (-1 if unknown), or -1 for a blocked round, whose winner
    is the lowest score from ``lead``. The scoring's public points count (R17c), and
    the house rules' points."""
    if book.house:
        winner, scores = book.house_scores(hands, ending, winner, last, lead)
        return Outcome(ending, winner, scores)
    scoring = book.scoring
    scores = scoring.scores(hands, winner, last)
    if winner < 0:
        winner = scoring.blocked_winner(scores, lead)
    return Outcome(ending, winner, scores)


def _ended(
    state: State,
    table: TableState,
    hands: tuple[int, ...],
    lead: int,
    outcome: Outcome,
    history: History,
) -> State:
    return State(
        state.rules, table, hands, state.boneyard, state.taken, lead, -1, 0, outcome, -1,
        history, state.start, state.book,
    )  # fmt: skip


def same_history(a: History, b: History) -> bool:
    """Whether two histories hold the same moves by the same seats, compared without
    recursion (a long round would exhaust the stack) and stopping at a shared tail."""
    while a is not None and b is not None:
        if a is b:
            return True
        if a[0] != b[0] or a[1] != b[1]:
            return False
        a, b = a[2], b[2]
    return a is b


def history_moves(history: History) -> list[tuple[int, Move]]:
    """``(seat, move)`` of every move in ``history``, the first first."""
    out: list[tuple[int, Move]] = []
    while history is not None:
        out.append((history[0], history[1]))
        history = history[2]
    out.reverse()
    return out


def linked_history(moves: Sequence[tuple[int, Move]]) -> History:
    """The linked history of ``(seat, move)`` pairs, the first first."""
    history: History = None
    for length, (seat, move) in enumerate(moves, 1):
        history = (seat, move, history, length)
    return history


def _restored(
    rules: Rules,
    table: TableState,
    hands: tuple[int, ...],
    boneyard: tuple[int, ...],
    taken: int,
    lead: int,
    to_move: int,
    turn_draws: int,
    outcome: Outcome | None,
    last_drawn: int,
    moves: list[tuple[int, Move]],
    start: Start,
) -> State:
    """A state from its pickled fields (see :meth:`State.__reduce__`)."""
    return State(
        rules, table, hands, boneyard, taken, lead, to_move, turn_draws, outcome, last_drawn,
        linked_history(moves), start,
    )  # fmt: skip


def new_state(
    rules: Rules,
    table: TableState,
    hands: tuple[int, ...],
    boneyard: tuple[int, ...],
    *,
    lead: int,
    to_move: int,
    turn_draws: int = 0,
    last_drawn: int = -1,
    first: int = -1,
    seed: int | None = None,
    placements: tuple[tuple[int, int], ...] = (),
    position: bool = False,
    book: Book | None = None,
) -> State:
    """A state at the start of a round, its :class:`Start` made of these values, ended at
    once if a seat holds no tile (it went out) or nobody can move (R16); trusted.
    ``book`` is the rulebook of ``rules`` (:func:`~chickenfoot._book.book_of`, by default).

    The values must describe a position the rules can reach: every tile of the set once
    in a hand, on ``table`` (the tiles of ``placements``) or in ``boneyard`` (the undrawn
    tiles), ``to_move`` a seat, ``lead`` a seat once the round double is on the table
    (else -1), at most one empty hand, which went out with the last tile of
    ``placements`` (its scores ask the book with that tile); ``turn_draws`` the tiles
    ``to_move`` drew this turn and ``last_drawn`` the last of them, in its hand (R13).
    ``first`` is the round's first seat (R23), ``to_move`` by default; ``position`` is set
    for a round set up from a position. A round over at once has -1 for the start's
    ``to_move``, as its state.
    """
    if first < 0:
        first = to_move
    start = Start(
        table.n, table.dealt, first, seed, placements, table, hands, boneyard, to_move, lead,
        turn_draws, last_drawn, position,
    )  # fmt: skip
    state = _begun(start, rules, book)
    if state.outcome is not None:  # over at once: nobody is to move at the start either
        start = Start(
            table.n, table.dealt, first, seed, placements, table, hands, boneyard, -1, lead,
            0, -1, position,
        )  # fmt: skip
        state = _begun(start, rules, book)
    return state


def _begun(start: Start, rules: Rules, book: Book | None = None) -> State:
    """The state at ``start``, ended at once if a seat holds no tile or nobody can move."""
    hands, lead, table = start.hands, start.lead, start.table
    state = State(
        rules, table, hands, start.boneyard, 0, lead, start.to_move, start.turn_draws, None,
        start.last_drawn, None, start, book_of(rules) if book is None else book,
    )  # fmt: skip
    for seat, hand in enumerate(hands):
        if not hand:  # R16: went out, with the last tile the placements name
            placements = start.placements
            last = placements[-1][0] if placements else -1
            outcome = _scored(state.book, hands, Ending.WENT_OUT, seat, last, lead)
            return _ended(state, table, hands, lead, outcome, None)
    return state._settled()


def turn_moves(
    rules: Rules,
    table: TableState,
    hand: int,
    turn_draws: int,
    drawn: int,
    left: int,
    seat: int = -1,
    counts: tuple[int, ...] = (),
) -> list[Move]:
    """The legal moves of the seat to move (R6, R12-R15), from what that seat can see:
    :meth:`Book.moves <chickenfoot._book.Book.moves>` of the book of ``rules``.

    ``hand`` is its bitmask, ``turn_draws`` how many tiles it drew this turn, ``drawn``
    the index of the last one (or -1), ``left`` how many tiles the boneyard holds; house
    rules read the ``seat`` and every seat's tile ``counts`` too.
    """
    return book_of(rules).moves(table, hand, turn_draws, drawn, left, seat, counts)


def drawn_opens(rules: Rules, table: TableState, drawn: int) -> bool:
    """Whether tile index ``drawn``, drawn in the search for the round double of
    ``table``, is a lower double that opens the round instead (R6b): the opening's
    answer."""
    return book_of(rules).opening.drawn_opens(table, drawn)


def may_draw_again(rules: Rules, turn_draws: int, left: int) -> bool:
    """Whether a seat that drew ``turn_draws`` tiles without a play draws again (R13,
    R14): the drawing rules' answer."""
    return book_of(rules).drawing.may_draw(turn_draws, left)


def obligation(rules: Rules, table: TableState, turn_draws: int) -> Obligation:
    """What the rules demand of the next play in a round in play (R6-R9, R13).

    With ``play_drawn="never"`` a drawn tile is not played (R13b): the seat passes, and the
    next play, by the next seat, is under the table's own obligation.
    """
    return _obligation(book_of(rules).drawing, table, turn_draws)


def shuffle(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation from the same generator state, drawn
    the way :meth:`random.Random.shuffle` draws it (Python 3.10 to 3.13), without a
    Python call per tile in the compiled build; for the deal (R5).

    ``rng`` must be a :class:`random.Random` itself, whose ``shuffle`` draws from
    ``getrandbits``; ``tests/test_engine.py`` holds the two to the same results.
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j: int = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def deal_tiles(
    order: list[int], rng: random.Random, players: int, size: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (bitmasks) and the boneyard (tile indices, in draw order) of a deal
    (R5): ``order`` shuffled by :func:`shuffle`, seat 0 dealt its first ``size`` tiles,
    seat 1 the next, and so on, the rest the boneyard. ``order`` is shuffled in place.
    """
    shuffle(order, rng)
    hands = []
    for seat in range(players):
        mask = 0
        for i in range(seat * size, (seat + 1) * size):
            mask |= 1 << order[i]
        hands.append(mask)
    return tuple(hands), tuple(order[players * size :])
