"""One round of Chicken Foot: the deal, the turn, the legal moves and the end (R5-R18).

A :class:`Round` is an immutable value. :meth:`Round.apply` checks a move against the
rules and returns the next round; :meth:`Round.legal_moves` lists every move the rules
allow now. Internally hands are bitmasks of tile indices, the boneyard is the dealt
draw order with a count of tiles drawn, and the history is a linked list shared with
every earlier state, so each move adds only a few hundred bytes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs

from ._book import book_of
from ._engine import (
    Ending,
    Outcome,
    Start,
    State,
    deal_tiles,
    history_moves,
    linked_history,
    new_state,
)
from ._moves import Draw, Event, Move, Pass, Play
from ._rules import Rules
from ._shown import TableShown, layout_of_events
from ._table import Layout, TableState
from ._tiles import DOUBLES, TILES, Tile, set_length, tiles_of
from .errors import DealError, IllegalMoveError, StaleMoveError

if TYPE_CHECKING:
    from ._views import RoundView

__all__ = ["Round"]

#: The history as a linked list, newest first: ``(seat, move, older, length)``, where
#: ``length`` counts the moves up to this one (so that a round needs no field for it).
_History: TypeAlias = "tuple[int, Move, _History, int] | None"


@attrs.frozen(init=False, repr=False, eq=False, getstate_setstate=False)
class Round(TableShown):
    """One round: the hands, the boneyard, the table and whose turn it is.

    Make one with :meth:`deal` (shuffled from a seed) or :meth:`from_deal` (an explicit
    deal), then move with :meth:`apply`, which returns the next round and leaves this
    one as it was:

    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    >>> rnd.to_move, rnd.legal_moves()
    (0, [Play(Tile(9, 9), onto=None)])
    >>> rng = random.Random(1)
    >>> while not rnd.is_over:
    ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    >>> rnd.outcome
    Outcome(ending=Ending.WENT_OUT, winner=2, scores=(16, 33, 0, 75))

    Rounds are equal when they have the same rules, deal and moves; they are hashable,
    safe to share between threads and cheap to keep: successive rounds share their
    history and boneyard.

    A round's repr is one short line however long the round: the variant, the seats,
    the round double and where play stands. Hypothesis (in a failing example) and
    IPython print the same line; rich's pretty printer lists the public facts (rules,
    hands, boneyard, turn, round double, first seat, outcome). To keep a round whole,
    save :meth:`to_json` or :meth:`to_position`.

    >>> Round.deal(PRESETS["classic"], 4, seed=1)
    <Round classic, 4 players, double 9-9: seat 0 to move after 0 moves>
    >>> rnd
    <Round classic, 4 players, double 9-9: went out, seat 2 won after 44 moves>

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Hypothesis and IPython print the repr, not every inner field.
    """

    rules: Rules
    _state: State

    def __init__(self) -> None:
        raise TypeError("make a Round with Round.deal() or Round.from_deal()")

    # -- making a round -------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        players: int,
        *,
        seed: int | None,
        round_double: Tile | int | None = None,
        first: int = 0,
    ) -> Round:
        """Shuffle and deal a round (R5, R6).

        The double-N set of ``rules`` for ``players`` is shuffled by
        ``random.Random(seed).shuffle`` from :func:`~chickenfoot.tile_set` order (without
        the round double in a ``centre`` start); seat 0 gets the first
        ``hand_size`` tiles, seat 1 the next, and so on; the rest is the boneyard in draw
        order. The same seed always gives the same deal. ``seed=None`` picks a random
        seed, which :attr:`seed` then reports.

        Args:
            rules: the variant.
            players: how many seats; the variant must cover this count.
            seed: the shuffle's seed, an int from ``-2**63`` to ``2**64 - 1`` (what a
                game record holds), or ``None`` to pick one.
            round_double: the round double as a tile or its number; the set's highest
                double by default. In a ``highest_held`` start it is the double the round
                is dealt for (:attr:`dealt_for`), and it may open on a lower one (R6b).
            first: the round's first seat (R23): who moves first in a ``centre`` start,
                and who begins the search draws in a ``holder`` start (R6).

        Raises:
            RulesError: the variant does not cover ``players``.
            ValueError: ``seed``, ``round_double`` or ``first`` is out of range.
            TypeError: ``seed`` is not an int or ``None``.

        >>> from chickenfoot import PRESETS, Round
        >>> rnd = Round.deal(PRESETS["double-foot"], 3, seed=1, round_double=5, first=2)
        >>> rnd.round_double, rnd.to_move, [len(h) for h in rnd.hands], len(rnd.boneyard)
        (Tile(5, 5), 2, [14, 14, 14], 12)
        """
        n = rules.set_size(players)
        size = rules.hand_size(players)
        double = _round_double(round_double, n)
        check_seat(first, players, "first")
        seed = checked_seed(seed)
        order = list(range(set_length(n)))
        if book_of(rules).deal_needs(n, double).on_table:  # the centre double (R6)
            order.remove(double)
        # random.Random(seed).shuffle(order), then cut into hands and the boneyard.
        hands, boneyard = deal_tiles(order, random.Random(seed), players, size)
        return cls._start(rules, n, hands, boneyard, double, first, seed)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Tile]],
        boneyard: Iterable[Tile],
        *,
        round_double: Tile | int,
        first: int = 0,
    ) -> Round:
        """Start a round from an explicit deal, as shuffled at a real table (R5, R6).

        Args:
            rules: the variant.
            hands: each seat's tiles; as many hands as players, each of the variant's
                hand size.
            boneyard: the undealt tiles in draw order, the first drawn first.
            round_double: the round double as a tile or its number (in a
                ``highest_held`` start the double it is dealt for, R6b). In a ``centre``
                start it is on the table, so in no hand and not in the boneyard.
            first: the round's first seat (R23), as in :meth:`deal`.

        Raises:
            DealError: the hands and boneyard are not the whole set exactly once (a tile
                twice, one missing, one from outside the set) or a hand has the wrong size.
            RulesError: the variant does not cover this many players.

        >>> from chickenfoot import PRESETS, Round, Tile, tile_set
        >>> tiles = list(tile_set(6))
        >>> hands = [tiles[14:21], tiles[21:]]
        >>> rnd = Round.from_deal(PRESETS["chickie-duel"], hands, tiles[:14], round_double=6)
        >>> rnd.hand(1)[-1], rnd.to_move, rnd.legal_moves()
        (Tile(6, 6), 1, [Play(Tile(6, 6), onto=None)])
        """
        players = len(hands)
        if players < 2:
            raise DealError(f"a deal needs 2 hands or more, not {players}")
        n = rules.set_size(players)
        size = rules.hand_size(players)
        double = _round_double(round_double, n)
        check_seat(first, players, "first")
        where: dict[Tile, str] = {}
        masks = []
        for seat, hand in enumerate(hands):
            tiles = list(hand)
            if len(tiles) != size:
                raise DealError(
                    f"seat {seat} is dealt {len(tiles)} tiles; "
                    f"{rules.name} deals {size} to each of {players} players (R5)"
                )
            masks.append(_place_tiles(tiles, f"seat {seat}", where, n))
        pile = list(boneyard)
        _place_tiles(pile, "the boneyard", where, n)
        centre = TILES[double]
        on_table = book_of(rules).deal_needs(n, double).on_table  # the centre double (R6)
        if on_table and centre in where:
            raise DealError(
                f"{centre} is the centre double, on the table, but is dealt to {where[centre]} (R6)"
            )
        expected = set_length(n) - on_table
        if len(where) != expected:
            missing = [t for t in TILES[: set_length(n)] if t not in where and t != centre]
            if not on_table and centre not in where:
                missing.insert(0, centre)
            raise DealError(f"{', '.join(map(str, missing))} missing from the deal (R5)")
        return cls._start(rules, n, tuple(masks), tuple(t.index for t in pile), double, first, None)

    @classmethod
    def _start(
        cls,
        rules: Rules,
        n: int,
        hands: tuple[int, ...],
        boneyard: tuple[int, ...],
        double: int,
        first: int,
        seed: int | None,
    ) -> Round:
        book = book_of(rules)  # the round's rules, chosen once (R6, R6b: the opening)
        table, lead, to_move, placements = book.opening.begin(
            n, double, hands, first, book.opening_toes
        )
        state = new_state(
            rules, table, hands, boneyard, lead=lead, to_move=to_move, first=first, seed=seed,
            placements=placements, book=book,
        )  # fmt: skip
        return _make(rules, state)

    # -- what everybody can see -------------------------------------------------------------

    @property
    def _table(self) -> TableState:
        return self._state.table

    @property
    def _turn_draws(self) -> int:
        return self._state.turn_draws

    @property
    def _at_start(self) -> Start:
        return self._state.start

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self._state.hands)

    @property
    def set_size(self) -> int:
        """N of the double-N set in play."""
        return self._state.table.n

    @property
    def round_double(self) -> Tile:
        """The double that opens the round. In a ``highest_held`` start it may be lower
        than :attr:`dealt_for`: the highest double held at or below that one, or while
        nobody holds one, :attr:`dealt_for` until a search draw turns up a double, which
        is the round double from that draw on (R6b).

        .. versionchanged:: 0.2
           A lower double drawn in the search is the round double as soon as it is
           drawn, not only once it is placed.
        """
        return TILES[self._state.round_double]

    @property
    def dealt_for(self) -> Tile:
        """The double the round was dealt for (R19): the :attr:`round_double`, except in a
        ``highest_held`` start that opens on a lower double (R6b). A match deals its next
        round for the next double after this one.

        >>> import attrs
        >>> from chickenfoot import PRESETS, Round
        >>> small = attrs.evolve(PRESETS["chickie-duel"], start="highest_held")
        >>> rnd = Round.deal(small, 2, seed=5, round_double=4)
        >>> rnd.dealt_for, rnd.round_double, rnd.legal_moves()
        (Tile(4, 4), Tile(3, 3), [Play(Tile(3, 3), onto=None)])
        """
        return TILES[self._state.table.dealt]

    @property
    def first(self) -> int:
        """The round's first seat as dealt (R23).

        In a ``centre`` start it moves first; in a ``holder`` start it begins the search
        draws when nobody holds the round double (R6). See :attr:`lead` for the seat that
        made the round's first play.
        """
        return self._state.start.first

    @property
    def lead(self) -> int | None:
        """The seat that leads the round, the placer of the round double in a ``holder``
        start, :attr:`first` in a ``centre`` start; ``None`` before the round double is
        placed. Ties in a blocked round are broken in turn order from this seat (R18).
        """
        lead = self._state.lead
        return None if lead < 0 else lead

    @property
    def seed(self) -> int | None:
        """The seed this round was dealt from, or ``None`` for an explicit deal."""
        return self._state.start.seed

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` once the round is over."""
        to_move = self._state.to_move
        return None if to_move < 0 else to_move

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles, in :func:`~chickenfoot.tile_set` order."""
        return tuple(tiles_of(h) for h in self._state.hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles of ``seat``, in :func:`~chickenfoot.tile_set` order.

        Raises:
            ValueError: ``seat`` is not a seat of this round (an ``int`` from 0 to
                ``players - 1``).
        """
        return tiles_of(self._state.hands[check_seat(seat, self.players)])

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many tiles every seat holds."""
        return tuple(h.bit_count() for h in self._state.hands)

    @property
    def dealt_hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles as dealt, before the first move; for a round set up from a
        position (:meth:`from_position`), the hands of that position."""
        return tuple(tiles_of(h) for h in self._state.start.hands)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left to draw, in draw order (the next one first)."""
        state = self._state
        return tuple(TILES[t] for t in state.boneyard[state.taken :])

    @property
    def dealt_boneyard(self) -> tuple[Tile, ...]:
        """The boneyard as dealt, in draw order; for a round set up from a position
        (:meth:`from_position`), the boneyard of that position."""
        return tuple(TILES[t] for t in self._state.start.boneyard)

    @property
    def can_draw(self) -> bool:
        """Whether the boneyard holds more than the reserve (R14)."""
        return self._state.can_draw

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far, the first first; for a round set up from a position
        (:meth:`from_position`), every move since that position."""
        return tuple(move for _, move in history_moves(self._state.history))

    @property
    def history(self) -> tuple[Event, ...]:
        """Every move so far with the seat that made it and each drawn tile, first first."""
        return _events(self._state.history, self._state.boneyard)

    @property
    def ply(self) -> int:
        """How many moves this round has had: ``len(rnd.moves)``, every play, draw and
        pass counted (since the position, for a round set up from one).

        It goes up by one with every move, so it names the position a move answers: a
        server sends it with each view (:attr:`RoundView.ply
        <chickenfoot.RoundView.ply>`) and passes the count a client sends back to
        :meth:`apply` as ``ply=``, which refuses a move sent at another count.

        >>> from chickenfoot import PRESETS, Round
        >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
        >>> rnd.ply, rnd.apply(rnd.legal_moves()[0]).ply
        (0, 1)

        .. versionadded:: 0.2
        """
        return self._state.ply

    @property
    def layout(self) -> Layout:
        """The tiles on the table as a tree (R1)."""
        return self._state.layout(_layout_of)

    def view(self, seat: int) -> RoundView:
        """What ``seat`` can see of this round: its hand, the table, the public history.

        Raises:
            ValueError: ``seat`` is not a seat of this round (an ``int`` from 0 to
                ``players - 1``).
        """
        from ._views import round_view

        return round_view(self, seat)

    def to_record(self) -> dict[str, Any]:
        """This round as a version 1 game record: a dict of JSON values (see :doc:`/records`).

        The record holds the rules, the seed (or the deal, for :meth:`from_deal`), the
        round double, the first seat and every move in the move notation.

        Raises:
            RecordError: the round does not fit the format's limits (a variant name
                longer than 64 characters).

        .. versionadded:: 0.1
        """
        from ._records import round_to_record

        return round_to_record(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """This round's record (:meth:`to_record`) as JSON text.

        ``indent`` is passed to :func:`json.dumps`: ``None`` writes one line.

        >>> from chickenfoot import PRESETS, Play, Round, Tile
        >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1).apply(Play(Tile(9, 9)))
        >>> Round.from_json(rnd.to_json()) == rnd
        True

        Raises:
            RecordError: as for :meth:`to_record`, or the text would exceed 2 MiB.

        .. versionadded:: 0.1
        """
        from ._records import to_json

        return to_json(self.to_record(), indent)

    @classmethod
    def from_record(cls, record: object) -> Round:
        """The round a round record (a dict of JSON values) describes, every move replayed.

        A record can be built by hand, say by a server that keeps its own game log: the
        seed (or the deal), the round double, the first seat and the moves are enough.

        >>> from chickenfoot import PRESETS, Round
        >>> record = Round.deal(PRESETS["classic"], 4, seed=1).to_record()
        >>> record["rounds"][0]["moves"] = ["9-9", "9-5@9-9"]
        >>> Round.from_record(record).history[-1].move
        Play(Tile(9, 5), onto=Tile(9, 9))

        Raises:
            RecordError: the record is malformed, is a match record, or a move in it is not
                legal; the message names the JSON path or the move and the rule.

        .. versionadded:: 0.1
        """
        from ._records import round_from_record

        return round_from_record(record)

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """The round a round record's JSON text describes, every move replayed.

        The text is read with the limits of :doc:`/records` before any move is replayed, so
        a server may hand it text from the network.

        Raises:
            RecordError: as for :meth:`from_record`, or the text is not JSON, is not UTF-8
                or is longer than 2 MiB.

        .. versionadded:: 0.1
        """
        from ._records import round_from_json

        return round_from_json(text)

    def to_position(self) -> str:
        """This round's position: one line of text from which :meth:`from_position`
        sets up a round that goes on exactly as this one (see :doc:`/positions`).

        It holds the round double, the layout in play order, every hand, the boneyard in
        draw order, the seat to move, the first seat, the leading seat where a tie
        needs it (R18) and the draws of the turn (R13); a round has one position text.

        >>> from chickenfoot import PRESETS, Play, Round, Tile
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
        >>> rnd = rnd.apply(Play(Tile(6, 6))).apply(Play(Tile(6, 5), onto=Tile(6, 6)))
        >>> print(rnd.to_position())  # doctest: +NORMALIZE_WHITESPACE
        cf1 6-6 6-6,6-5@6-6 1-1,2-1,3-3,4-0,4-3,6-3/3-0,4-2,5-0,5-2,5-3,6-4
        6-0,2-0,2-2,1-0,3-1,4-4,0-0,5-1,5-5,6-1,4-1,6-2,3-2,5-4 0 0 0 -
        >>> Round.from_position(rnd.rules, rnd.to_position()).legal_moves() == rnd.legal_moves()
        True

        .. versionadded:: 0.1
        """
        from ._positions import position_of

        return position_of(self)

    @classmethod
    def from_position(cls, rules: Rules, text: str) -> Round:
        """The round at the position ``text`` (see :meth:`to_position` and
        :doc:`/positions`), played under ``rules``.

        The new round goes on exactly as the round the position was written from: the
        same legal moves now and after any moves, the same scores at the end. Its history
        starts at the position: :attr:`moves` and :attr:`history` are empty,
        :attr:`dealt_hands` and :attr:`dealt_boneyard` are the position's hands and
        boneyard, :attr:`seed` is ``None``, and the tiles already on the table have no
        seat in :attr:`layout`. Two rounds read from the same text are equal.

        >>> from chickenfoot import PRESETS, Round
        >>> text = (
        ...     "cf1 6-6 6-6,6-5@6-6 1-1,2-1,3-3,4-0,4-3,6-3/3-0,4-2,5-0,5-2,5-3,6-4 "
        ...     "6-0,2-0,2-2,1-0,3-1,4-4,0-0,5-1,5-5,6-1,4-1,6-2,3-2,5-4 0 0 0 -"
        ... )
        >>> rnd = Round.from_position(PRESETS["chickie-duel"], text)
        >>> rnd.legal_moves(), rnd.moves, rnd.hand_counts
        ([Play(Tile(6, 3), onto=Tile(6, 6))], (), (6, 6))
        >>> Round.from_position(PRESETS["chickie-duel"], text.replace("6-5@", "5-5@"))
        Traceback (most recent call last):
          ...
        chickenfoot.errors.PositionError: layout, tile 2: 5-5@6-6: the 4 places of 6-6 come
        first: play a 6 onto 6-6 (R7)

        Raises:
            PositionError: ``text`` is not a position, or no game under ``rules`` could
                reach it; the message names the field, the tile and the rule.

        .. versionadded:: 0.1
        """
        from ._positions import round_from_position

        return round_from_position(rules, text)

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile the player to move has just drawn this turn, if any (R13)."""
        drawn = self._state.last_drawn
        return None if drawn < 0 else TILES[drawn]

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Penalty points by seat once the round is over (R17), else ``None``."""
        outcome = self._state.outcome
        return None if outcome is None else outcome.scores

    def pips_left(self) -> tuple[int, ...]:
        """What every hand would score now (R17), the double-blank counting its value."""
        return self._state.pips_left()

    @property
    def ending(self) -> Ending | None:
        """How the round ended, or ``None`` while it goes on."""
        outcome = self._state.outcome
        return None if outcome is None else outcome.ending

    @property
    def winner(self) -> int | None:
        """The seat that won the round (R18), or ``None`` while it goes on."""
        outcome = self._state.outcome
        return None if outcome is None else outcome.winner

    @property
    def outcome(self) -> Outcome | None:
        """The ending, the winner and the scores, or ``None`` while the round goes on."""
        return self._state.outcome

    @property
    def is_over(self) -> bool:
        """Whether somebody went out or the round is blocked (R16)."""
        # TableShown's, without the outcome property in between: loops ask it every move.
        return self._state.outcome is not None

    # -- the rules ----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow the seat to move, in a fixed order.

        Plays come first, grouped by the number they match (lowest first), then by tile
        index, then by how long the end has been open. A player with no play has
        exactly ``[Draw()]`` while he may draw, else ``[Pass()]`` (R12-R15). After a
        draw the same seat moves again, with the plays of the drawn tile (and
        ``Pass()`` when the rules say ``may``), or ``[Draw()]``/``[Pass()]`` when it
        cannot go (R13). Empty once the round is over.
        """
        return self._state.offer()

    def is_legal(self, move: Move) -> bool:
        """Whether :meth:`apply` would accept ``move`` now.

        >>> from chickenfoot import PRESETS, Round, Draw
        >>> Round.deal(PRESETS["classic"], 4, seed=1).is_legal(Draw())
        False
        """
        return self._state.refusal(move) is None

    def apply(self, move: Move, *, seat: int | None = None, ply: int | None = None) -> Round:
        """The round after ``move`` by the seat to move; this round is left unchanged.

        A game server passes the ``seat`` of the client that sent the move: a move from a
        seat whose turn it is not is refused, naming both seats (R11), so a client cannot
        move for another. Without ``seat`` the move is made for the seat to move.

        It may also pass the :attr:`ply` the client saw when it chose the move: if the
        round has had another number of moves since (the message was sent twice, or
        another move came first), the move answers a position that is gone and is
        refused with a :class:`~chickenfoot.errors.StaleMoveError`.

        Raises:
            StaleMoveError: ``ply`` is given and is not :attr:`ply`.
            IllegalMoveError: the rules do not allow ``move`` now, or it is not ``seat``'s
                turn; the message names the seat, the move and the rule.
            TypeError: ``move`` is not a :class:`~chickenfoot.Play`,
                :class:`~chickenfoot.Draw` or :class:`~chickenfoot.Pass`, or ``ply`` is
                not an int.
            ValueError: ``seat`` is not a seat of this round.

        >>> from chickenfoot import PRESETS, Round, Play, Tile
        >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
        >>> rnd.apply(Play(Tile(9, 9)))
        <Round classic, 4 players, double 9-9: seat 1 to move after 1 move>
        >>> rnd.apply(Play(Tile(9, 3), onto=Tile(9, 9)))
        Traceback (most recent call last):
          ...
        chickenfoot.errors.IllegalMoveError: seat 0 cannot play 9-3 onto 9-9: the round
        double 9-9 is placed first (R6)
        >>> rnd.apply(Play(Tile(9, 9)), seat=2)
        Traceback (most recent call last):
          ...
        chickenfoot.errors.IllegalMoveError: seat 2 cannot place 9-9: it is seat 0's turn,
        not seat 2's (R11)
        >>> rnd.apply(Play(Tile(9, 9)), seat=0, ply=1)
        Traceback (most recent call last):
          ...
        chickenfoot.errors.StaleMoveError: seat 0 cannot place 9-9: it was sent at move 1,
        but the round is at move 0 now (R11)

        .. versionchanged:: 0.2
           ``ply``.
        """
        if ply is not None:
            check_ply(self, move, seat, ply, self._state.ply, "round")
        if seat is not None:
            check_turn(self, move, seat)
        state = self._state
        after = state.step(move)
        if after is None:
            refusal = state.refusal(move)
            assert refusal is not None  # what step() refused
            reason, rule = refusal
            raise IllegalMoveError(move, self.to_move if seat is None else seat, reason, rule)
        rnd: Round = _new(Round)  # _make, inlined: this is every move's path
        _set_rules(rnd, self.rules)
        _set_state(rnd, after)
        return rnd

    # -- values -----------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self is other or self._state == other._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __getstate__(self) -> dict[str, Any]:
        return {"rules": self.rules, "_state": self._state}

    def __setstate__(self, pickled: dict[str, Any]) -> None:
        object.__setattr__(self, "rules", pickled["rules"])
        object.__setattr__(self, "_state", pickled["_state"])

    def __rich_repr__(self) -> Iterator[tuple[str, object]]:
        """What rich's pretty printer shows: the round's public facts, not its inner state."""
        yield "rules", self.rules
        yield "hands", self.hands
        yield "boneyard", self.boneyard
        yield "to_move", self.to_move
        yield "round_double", self.round_double
        yield "first", self.first
        yield "outcome", self.outcome

    def __repr__(self) -> str:
        where = f"double {self.round_double}"
        length = self._state.ply
        count = f"{length} move{'' if length == 1 else 's'}"
        outcome = self._state.outcome
        if outcome is not None:
            state = f"{outcome.ending.value}, seat {outcome.winner} won after {count}"
        else:
            state = f"seat {self._state.to_move} to move after {count}"
        return f"<Round {self.rules.name}, {self.players} players, {where}: {state}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


_FIELDS: Final = tuple(a.name for a in attrs.fields(Round))


_new = object.__new__
# Each field's slot setter, to fill a new round without going through the frozen
# __setattr__ (and faster than object.__setattr__ by name).
_set_rules, _set_state = (getattr(Round, name).__set__ for name in _FIELDS)


def _make(rules: Rules, state: State) -> Round:
    """A round holding ``state`` (trusted, unchecked)."""
    rnd: Round = _new(Round)
    _set_rules(rnd, rules)
    _set_state(rnd, state)
    return rnd


# -- the engine's ways in (internal) ----------------------------------------------------------


def state_of(rnd: Round) -> State:
    """The engine state of ``rnd``: its start, history, table, hands, boneyard and turn
    (see ``_engine``)."""
    return rnd._state


def history_of(rnd: Round) -> tuple[_History, int]:
    """The history of ``rnd`` as its linked list ``(seat, move, older, length)``, and its
    length."""
    state = rnd._state
    return state.history, state.ply


def apply_unchecked(rnd: Round, move: Move) -> Round:
    """The round after ``move``, which must be legal: :meth:`Round.apply` unchecked, for
    replaying moves already known to be legal."""
    return _make(rnd.rules, rnd._state.after(move))


def round_from_state(state: State) -> Round:
    """A round holding ``state`` (trusted, unchecked), for building rounds from positions:
    its start and history are the state's."""
    return _make(state.rules, state)


def _linked(moves: Iterable[tuple[int, Move]]) -> _History:
    """The linked history of ``(seat, move)`` pairs, the first first."""
    return linked_history(list(moves))


def moves_of(history: _History) -> list[tuple[int, Move]]:
    """``(seat, move)`` of every move in ``history``, the first first."""
    return history_moves(history)


def _events(history: _History, boneyard: tuple[int, ...]) -> tuple[Event, ...]:
    """The events of ``history``, every drawn tile shown: the k-th draw drew
    ``boneyard[k]``, the start's boneyard."""
    out = []
    drawn = 0
    for mover, move in moves_of(history):
        tile = None
        if type(move) is Draw:
            tile = TILES[boneyard[drawn]]
            drawn += 1
        out.append(Event(mover, move, tile))
    return tuple(out)


def _layout_of(state: State) -> Layout:
    """The layout the start's placements and the plays of ``state``'s history make (R1),
    for its memo."""
    return layout_of_events(_events(state.history, state.boneyard), state.start.placements)


def _round_double(value: Tile | int | None, n: int) -> int:
    if value is None:
        return DOUBLES[n]
    if isinstance(value, Tile):
        if not value.is_double or value.high > n:
            raise ValueError(f"the round double is a double of the double-{n} set, not {value}")
        return value.index
    if type(value) is not int or not 0 <= value <= n:
        raise ValueError(f"the round double of a double-{n} set is 0 to {n}, not {value!r}")
    return DOUBLES[value]


def check_seat(seat: object, players: int, name: str = "seat") -> int:
    """``seat`` itself if it is a seat of a ``players``-seat game, else ``ValueError``.

    Every seat argument of the public API goes through here: a seat is an ``int`` from 0
    to ``players - 1``; a ``bool``, a negative index or anything else is refused.
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"{name} is a seat from 0 to {players - 1}, not {seat!r}")
    return seat


#: Seeds lie in ``-SEED_LOW`` to ``SEED_HIGH - 1``: a game record holds a signed or an
#: unsigned 64-bit integer, and :func:`~chickenfoot.round_seed` gives up to ``2**64 - 1``.
SEED_LOW: Final = 2**63
SEED_HIGH: Final = 2**64


def checked_seed(seed: int | None) -> int:
    """``seed`` checked to fit a game record, or a random one for ``None``."""
    if seed is None:
        return random.SystemRandom().randrange(SEED_LOW)
    if type(seed) is not int:
        raise TypeError(f"seed is an int or None, not {seed!r}")
    if not -SEED_LOW <= seed < SEED_HIGH:
        shown = str(seed) if seed.bit_length() <= 128 else f"an int of {seed.bit_length()} bits"
        raise ValueError(
            f"seed is an int from -2**63 to 2**64 - 1, so that a game record can hold it, "
            f"not {shown}"
        )
    return seed


def check_turn(rnd: Round, move: Move, seat: int) -> None:
    """Refuse ``move`` sent by ``seat`` when it is another seat's turn (R11)."""
    kind = type(move)
    if kind is not Play and kind is not Draw and kind is not Pass:
        raise TypeError(f"a move is a Play, Draw or Pass, not {move!r}")
    check_seat(seat, rnd.players)
    to_move = rnd.to_move
    if to_move is not None and seat != to_move:
        raise IllegalMoveError(move, seat, f"it is seat {to_move}'s turn, not seat {seat}'s", "R11")


def check_ply(rnd: Round, move: Move, seat: int | None, sent: object, ply: int, game: str) -> None:
    """Refuse ``move`` sent at move count ``sent`` when the ``game`` (a round or a match
    whose round is ``rnd``) is at ``ply`` (see :class:`~chickenfoot.errors.StaleMoveError`)."""
    kind = type(move)
    if kind is not Play and kind is not Draw and kind is not Pass:
        raise TypeError(f"a move is a Play, Draw or Pass, not {move!r}")
    if type(sent) is not int:
        raise TypeError(f"ply is an int, the move count the move was sent at, not {sent!r}")
    if seat is not None:
        check_seat(seat, rnd.players)
    if sent != ply:
        raise StaleMoveError(move, rnd.to_move if seat is None else seat, sent, ply, game)


def _place_tiles(tiles: list[Tile], owner: str, where: dict[Tile, str], n: int) -> int:
    mask = 0
    for t in tiles:
        if not isinstance(t, Tile):
            raise DealError(f"{owner} is dealt {t!r}, which is not a Tile")
        if t.high > n:
            raise DealError(f"{t} in {owner} is not in the double-{n} set (R5)")
        if t in where:
            if where[t] == owner:
                raise DealError(f"{t} is dealt twice to {owner} (R5)")
            raise DealError(f"{t} is dealt twice: to {where[t]} and {owner} (R5)")
        where[t] = owner
        mask |= 1 << t.index
    return mask
