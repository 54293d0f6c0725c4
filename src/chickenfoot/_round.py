"""One round of Chicken Foot: the deal, the turn, the legal moves and the end (R5-R18).

A :class:`Round` is an immutable value. :meth:`Round.apply` checks a move against the
rules and returns the next round; :meth:`Round.legal_moves` lists every move the rules
allow now. Internally hands are bitmasks of tile indices, the boneyard is the dealt
draw order with a count of tiles drawn, and the history is a linked list shared with
every earlier state, so each move adds only a few hundred bytes.

A :class:`RoundView` is what one seat sees of a round: a face over the engine's ``Seen``,
as a round is a face over its ``State``. The two live together because each makes the
other (:meth:`Round.view`, :meth:`RoundView.sample_state`); positions, records, view JSON
and the sampler below them read and return engine values, which these faces wrap.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeAlias

import attrs

from ._beliefs import Beliefs, Method, beliefs_of, deals_of
from ._book import book_of
from ._engine import (
    Ending,
    Outcome,
    PublicStart,
    Seen,
    Start,
    State,
    deal_tiles,
    history_moves,
    linked_history,
)
from ._house import deal_refusal, position_refusal
from ._moves import Draw, Event, Move, Pass, Play
from ._positions import dealt_state, position_of, state_from_position
from ._records import _Entry, _Parsed, parse_kind, read_json, round_to_record, to_json
from ._rules import Rules
from ._sampling import sample_state
from ._shown import TableShown, dealt_start, layout_of_events, seen_events
from ._table import Layout, TableState
from ._tiles import DOUBLES, TILES, Tile, mask_of, set_length, tiles_of
from ._wire import dumps, parse_view, round_seen_from_dict, round_view_dict
from .errors import (
    ChickenFootError,
    DealError,
    IllegalMoveError,
    PositionError,
    RecordError,
    RulesError,
    StaleMoveError,
)

__all__ = ["Round", "RoundView"]


class _UnusedTries(int):
    """The default of the deprecated ``max_tries``: 100, told apart from a passed 100."""


_UNUSED_TRIES: Final = _UnusedTries(100)
#: The most tiles of its hand a view's repr lists.
_REPR_HAND: Final = 10


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
            RulesError: the variant does not cover ``players``, or a house rule cannot
                play a round of this set for this double (:meth:`HouseRule.deal_needs
                <chickenfoot.HouseRule.deal_needs>`).
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
        _check_deal(rules, n, double, players)
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
            RulesError: the variant does not cover this many players, or a house rule
                cannot play a round of this set for this double
                (:meth:`HouseRule.deal_needs <chickenfoot.HouseRule.deal_needs>`).

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
        _check_deal(rules, n, double, players)
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
        state = dealt_state(rules, n, hands, boneyard, double, first, seed)
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
        return _round_view(self, seat)

    def to_record(self) -> dict[str, Any]:
        """This round as a version 1 game record: a dict of JSON values (see :doc:`/records`).

        The record holds the rules, the seed (or the deal, for :meth:`from_deal`), the
        round double, the first seat and every move in the move notation.

        Raises:
            RecordError: the round does not fit the format's limits (a variant name
                longer than 64 characters).

        .. versionadded:: 0.1
        """
        return round_to_record(self._state)

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
        .. versionchanged:: 0.2
           Reads version 2 records too, and leaves their annotations out (see
           :class:`~chickenfoot.Record`).
        """
        return replay_round(parse_kind(record, "round"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """The round a round record's JSON text describes, every move replayed.

        The text is read with the limits of :doc:`/records` before any move is replayed, so
        a server may hand it text from the network.

        Raises:
            RecordError: as for :meth:`from_record`, or the text is not JSON, is not UTF-8
                or is longer than 2 MiB.

        .. versionadded:: 0.1
        .. versionchanged:: 0.2
           Reads version 2 records too, and leaves their annotations out (see
           :class:`~chickenfoot.Record`).
        """
        return replay_round(parse_kind(read_json(text), "round"))

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
        return position_of(self._state, self.layout)

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
                reach it (a house rule's own check of a position included,
                :meth:`HouseRule.check_position <chickenfoot.HouseRule.check_position>`);
                the message names the field, the tile and the rule.

        .. versionadded:: 0.1
        """
        rnd = _make(rules, state_from_position(rules, text))
        if rules.house:
            why = position_refusal(rnd)
            if why is not None:
                raise PositionError(why)
        return rnd

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


# -- what one seat can see ---------------------------------------------------------------


class _Face:
    """A read-only attribute of a view, read from the round as its seat sees it."""

    __slots__ = ("read",)

    def __init__(self, read: Callable[[RoundView], object]) -> None:
        self.read = read

    def __get__(self, view: RoundView | None, owner: type | None = None) -> object:
        if view is None:
            return self
        return self.read(view)

    def __set__(self, view: RoundView, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError


class RoundView(TableShown):
    """A round as seat :attr:`seat` sees it (hidden information left out).

    Made by :meth:`Round.view <chickenfoot.Round.view>` (or :meth:`Match.view
    <chickenfoot.Match.view>`), or rebuilt from its JSON by :meth:`from_json`, never by
    calling the class.

    >>> from chickenfoot import PRESETS, Round
    >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    >>> view = rnd.view(0)
    >>> view.hand == rnd.hand(0), view.hand_counts, view.boneyard_count
    (True, (7, 7, 7, 7), 27)
    >>> view.legal_moves() == rnd.legal_moves()
    True
    >>> rnd.view(1).legal_moves()  # not seat 1's turn
    []

    Two rounds that differ only in what this seat cannot see give equal views.

    A view's repr is one short line: the seat, the variant, the round double, where
    play stands and the seat's hand (its first ten tiles and a count of the rest, if it
    holds more). Hypothesis and IPython print the same line; rich's pretty printer lists
    the public fields.

    >>> view
    <RoundView of seat 0, classic, double 9-9: seat 0 to move after 0 moves, hand 1-1 3-3 4-1 6-5 8-2 8-3 9-9>

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Hypothesis and IPython print the repr, not every inner field; a hand of more than
       ten tiles shows ten and a count.
    """

    __slots__ = ("_hand", "_seen")

    _seen: Seen
    _hand: tuple[Tile, ...]  # the seat's hand as tiles, read often

    #: The variant.
    #:
    #: :meta hide-value:
    rules: Rules
    #: The seat whose view this is.
    #:
    #: :meta hide-value:
    seat: int
    #: The seat's own tiles, in :func:`~chickenfoot.tile_set` order.
    #:
    #: :meta hide-value:
    hand: tuple[Tile, ...]
    #: How many tiles every seat holds.
    #:
    #: :meta hide-value:
    hand_counts: tuple[int, ...]
    #: How many tiles the boneyard holds (not which, nor their order).
    #:
    #: :meta hide-value:
    boneyard_count: int
    #: The seat to move, or ``None`` once the round is over.
    #:
    #: :meta hide-value:
    to_move: int | None
    #: The double that opens the round (see :attr:`Round.round_double
    #: <chickenfoot.Round.round_double>`). A lower double drawn in a ``highest_held``
    #: search is the round double at once in its drawer's view; the other seats see it
    #: when it is placed, the next move (R6b).
    #:
    #: :meta hide-value:
    round_double: Tile
    #: The round's first seat as dealt (R23).
    #:
    #: :meta hide-value:
    first: int
    #: The ending, winner and scores once the round is over.
    #:
    #: :meta hide-value:
    outcome: Outcome | None

    def __init__(
        self,
        rules: Rules,
        seat: int,
        hand: tuple[Tile, ...],
        hand_counts: tuple[int, ...],
        boneyard_count: int,
        to_move: int | None,
        round_double: Tile,
        first: int,
        outcome: Outcome | None,
        moves: _History,
        mine: tuple[Tile, ...],
        length: int,
        table: TableState,
        turn_draws: int,
        start: PublicStart | None = None,
    ) -> None:
        history_length = 0 if moves is None else moves[3]
        if length != history_length:
            raise ValueError(f"length is the history's, {history_length}, not {length}")
        if start is None:
            start = dealt_start(rules, table, moves, to_move, first)
        seen = Seen(
            rules, seat, start, moves, table, mask_of(hand), hand_counts, boneyard_count,
            -1 if to_move is None else to_move, round_double.index, first, turn_draws,
            outcome, tuple(t.index for t in mine),
        )  # fmt: skip
        object.__setattr__(self, "_seen", seen)
        object.__setattr__(self, "_hand", tiles_of(seen.hand))

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    @property
    def _table(self) -> TableState:
        return self._seen.table

    @property
    def _turn_draws(self) -> int:
        return self._seen.turn_draws

    @property
    def _at_start(self) -> PublicStart:
        return self._seen.start

    @property
    def history(self) -> tuple[Event, ...]:
        """The moves so far, the first first; another seat's draws show no tile."""
        return seen_events(self._seen)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundView):
            return NotImplemented
        return self is other or self._seen == other._seen

    def __hash__(self) -> int:
        return hash(self._seen)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return view_of, (self._seen,)

    def __rich_repr__(self) -> Iterator[tuple[str, object]]:
        """What rich's pretty printer shows: the view's public facts."""
        for name in _FACES:
            yield name, getattr(self, name)

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self._seen.hand_counts)

    @property
    def ply(self) -> int:
        """How many moves the round has had (:attr:`Round.ply <chickenfoot.Round.ply>`):
        a client sends it back with its move, so that the server can refuse a move sent
        for a position that is gone (:meth:`Round.apply <chickenfoot.Round.apply>`).

        .. versionadded:: 0.2
        """
        return self._seen.ply

    @property
    def dealt_for(self) -> Tile:
        """The double the round was dealt for: :attr:`round_double`, except in a
        ``highest_held`` start that opens on a lower double (R6b)."""
        return TILES[self._seen.table.dealt]

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile this seat has just drawn, when it is still this seat's turn (R13)."""
        drawn = self._seen.drawn
        return None if drawn < 0 else TILES[drawn]

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves, worked out from the view alone; empty when it is
        not this seat's turn. Equal to :meth:`Round.legal_moves` on its turn.
        """
        return self._seen.legal_moves()

    def sample_state(self, rng: random.Random, *, max_tries: int = _UNUSED_TRIES) -> Round:
        """A full round this view could be looking at, the hidden tiles dealt at random.

        The round is drawn uniformly at random among the *deals* (the other seats' hands
        as dealt and the boneyard's order; for a round set up from a position, the hands
        and boneyard of that position) that replay this view's history move by move, so
        :meth:`Round.view` of it always equals this view. Every fact the history holds is
        used: the tiles each seat played came from its hand, a seat that drew or passed
        held nothing it could play then (R12-R15, R6 in the search for the round
        double), a drawn tile played at once was the one drawn (R13), and while the
        boneyard is closed somebody could still play (R14, R16). Tiles no fact tells apart
        are equally likely anywhere they may be, and the undrawn boneyard is in uniformly
        random order. Search players use it to play out the hidden information honestly.

        The counts behind a view's samples are kept for the last few views, so asking
        for many samples of one view is fast. ``rng`` alone decides the sample. The first
        sample of a view does the counting, or lays out the rejection sampler that takes
        over where counting is slow: milliseconds at any table size while the round is in
        play. In finished rounds from about eight seats on (where every seat's penalty
        points must match, R17) it can still take seconds, at times minutes. The bots
        page of the documentation gives measured times.

        .. deprecated:: 0.1
           ``max_tries`` is ignored: sampling never fails and never retries. Passing it
           warns; it goes away in 0.2.0.

        >>> import random
        >>> from chickenfoot import PRESETS, Round
        >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
        >>> rng = random.Random(0)
        >>> for _ in range(12):
        ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        >>> view = rnd.view(rnd.to_move)
        >>> guess = view.sample_state(random.Random(5))
        >>> guess.view(view.seat) == view, guess.hand(view.seat) == rnd.hand(view.seat)
        (True, True)
        """
        if max_tries is not _UNUSED_TRIES:
            warnings.warn(
                "RoundView.sample_state(max_tries=...) is deprecated and ignored: sampling "
                "is exact and never retries; the parameter goes away in 0.2.0",
                DeprecationWarning,
                stacklevel=2,
            )
        return _make(self.rules, sample_state(self._seen, rng))

    def tile_probabilities(
        self,
        *,
        method: Method = "auto",
        time_limit: float | None = 1.0,
        samples: int = 1000,
        rng: random.Random | None = None,
    ) -> Beliefs:
        """Where each tile this seat cannot see is now: for every hidden tile, the
        probability that it is in each other seat's hand or in the boneyard.

        Every deal that replays this view (see :meth:`sample_state`) is equally likely,
        so a probability is the share of those deals that put the tile there. Every fact
        the history holds counts: a tile a seat could have played when it drew or passed
        is not in its hand (R12-R15), a finished round's scores are its hands' points
        (R17), and so on.

        ``method`` says how they are worked out:

        * ``"exact"``: counted, as exact fractions of :meth:`count_deals`. Raises
          :class:`TimeoutError` after ``time_limit`` seconds (``None``: no limit), and
          :class:`~chickenfoot.errors.SamplingError` when a house rule does not say what
          its moves tell, so that no count is exact.
        * ``"sample"``: the frequencies in ``samples`` samples of :meth:`sample_state`
          drawn with ``rng`` (a fresh unseeded generator when ``None``), each with its
          standard error (:meth:`Beliefs.standard_error`).
        * ``"auto"`` (the default): exact if the counting takes at most ``time_limit``
          seconds (1 by default) and no house rule stands in the way, else sampled.
          Counting takes milliseconds in most rounds of up to eight seats; the sample
          needs the sampler's own count of the view first (see :meth:`sample_state`),
          which ``time_limit`` does not bound.

        A finished round and a view with nothing hidden have beliefs too (the latter
        with no tiles).

        Seat 0 below drew and passed while 6-2 and 6-3 would have gone onto the round
        double (R12), so seat 1 knows both are in the boneyard:

        >>> import random
        >>> from fractions import Fraction
        >>> from chickenfoot import PRESETS, Round, Tile
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=4)
        >>> rng = random.Random(4)
        >>> for _ in range(10):
        ...     rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        >>> beliefs = rnd.view(1).tile_probabilities()
        >>> beliefs.exact, beliefs.places, beliefs.counts
        (True, (0, None), (6, 11))
        >>> beliefs.where(Tile(6, 2)), beliefs.where(Tile(5, 5))
        ({None: Fraction(1, 1)}, {0: Fraction(2, 5), None: Fraction(3, 5)})
        >>> estimate = rnd.view(1).tile_probabilities(method="sample", rng=random.Random(1))
        >>> estimate.samples, abs(estimate.probability(Tile(5, 5), 0) - Fraction(2, 5)) < 0.1
        (1000, True)

        Raises:
            ValueError: ``method`` is not one of the three, ``samples`` is below 1 or
                ``time_limit`` is not above 0.

        .. versionadded:: 0.2
        """
        return beliefs_of(self._seen, method, time_limit, samples, rng)

    def count_deals(self, *, time_limit: float | None = None) -> int:
        """How many deals replay this view: the other seats' hands as dealt (for a round
        set up from a position, their hands there) and the boneyard's order, as
        :meth:`sample_state` draws them (a number that grows fast: every order of the
        undrawn boneyard is a deal of its own).

        Before any move here, seat 1 is to move, so it holds the round double 6-6 (R6):
        any 6 of the other 20 tiles seat 0 cannot see may be the rest of its hand, and
        the other 14 the boneyard in any order, 20! / 6! deals in all.

        >>> import math
        >>> from chickenfoot import PRESETS, Round
        >>> view = Round.deal(PRESETS["chickie-duel"], 2, seed=7).view(0)
        >>> view.count_deals() == math.factorial(20) // math.factorial(6)
        True

        Raises:
            TimeoutError: the count took over ``time_limit`` seconds (``None``, the
                default: no limit).
            SamplingError: a house rule does not say what its moves tell, so that no
                count is exact (:class:`~chickenfoot.errors.SamplingError`).
            ValueError: ``time_limit`` is not above 0.

        .. versionadded:: 0.2
        """
        return deals_of(self._seen, time_limit)

    def to_dict(self) -> dict[str, Any]:
        """What a client draws, as a dict of JSON values (see :doc:`/views`).

        It holds the seat's own hand, every seat's tile count, the boneyard's count, the
        table (placements and open ends in the move notation), the obligation, the legal
        moves, the public history and the outcome: nothing the seat cannot see.

        >>> from chickenfoot import PRESETS, Round
        >>> view = Round.deal(PRESETS["chickie-duel"], 2, seed=5).view(0)
        >>> data = view.to_dict()
        >>> data["kind"], data["hand"], data["legal_moves"], data["to_move"]
        ('round', ['1-1', '2-1', '3-3', '4-0', '4-3', '6-3', '6-6'], ['6-6'], 0)

        .. versionadded:: 0.1
        """
        return round_view_dict(self._seen)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text with sorted keys and no spaces.

        Equal views give the same bytes, so two rounds that differ only in tiles this
        seat cannot see give it identical text.

        .. versionadded:: 0.1
        """
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> RoundView:
        """The view that :meth:`to_dict` wrote, rebuilt: equal to it, with the same legal
        moves, and ready for a bot or for :meth:`sample_state`.

        A client that gets its view as JSON from a server can rebuild it and play it with
        the library's bots, or work out the same facts the server shows. Every field is
        checked; the table is replayed from the history, and the fields that follow from
        the others (the table, the obligation, the drawn tile, the legal moves) must be
        the ones the view gives. What the seat cannot see is not in the JSON, so it is
        taken on trust: a sample is drawn among the deals that fit the history.

        >>> from chickenfoot import PRESETS, Round, RoundView
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
        >>> rnd = rnd.apply(rnd.legal_moves()[0])
        >>> view = rnd.view(1)
        >>> RoundView.from_dict(view.to_dict()) == view
        True

        Raises:
            ViewError: ``data`` is not a round view: a key missing or unknown, a value of
                the wrong type or out of range, another format, version or kind, or
                fields that disagree; the message names the field.

        .. versionadded:: 0.2
        """
        return view_of(round_seen_from_dict(data))

    @classmethod
    def from_json(cls, text: str | bytes) -> RoundView:
        """The view that :meth:`to_json` wrote, rebuilt (see :meth:`from_dict`).

        >>> import random
        >>> from chickenfoot import PRESETS, Round, RoundView
        >>> from chickenfoot.bots import level
        >>> rnd = Round.deal(PRESETS["classic"], 3, seed=2)
        >>> text = rnd.view(0).to_json()  # what a server sends seat 0
        >>> view = RoundView.from_json(text)  # what its client rebuilds
        >>> view == rnd.view(0), view.legal_moves() == rnd.legal_moves()
        (True, True)
        >>> level(1).choose(view, random.Random(0))  # seat 0 searches for 9-9 (R6)
        Draw()

        Raises:
            ViewError: ``text`` is not JSON, is not UTF-8, is longer than 2 MiB, or is
                not a round view (as for :meth:`from_dict`).

        .. versionadded:: 0.2
        """
        return view_of(round_seen_from_dict(parse_view(text)))

    def __repr__(self) -> str:
        state = "over" if self.to_move is None else f"seat {self.to_move} to move"
        hand = " ".join(map(str, self.hand[:_REPR_HAND]))
        if len(self.hand) > _REPR_HAND:
            hand += f" and {len(self.hand) - _REPR_HAND} more"
        return (
            f"<RoundView of seat {self.seat}, {self.rules.name}, double {self.round_double}: "
            f"{state} after {self.ply} moves, hand {hand}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


#: How each public attribute of a view reads the round as its seat sees it.
_FACES: Final[dict[str, Callable[[RoundView], object]]] = {
    "rules": lambda view: view._seen.rules,
    "seat": lambda view: view._seen.seat,
    "hand": lambda view: view._hand,
    "hand_counts": lambda view: view._seen.hand_counts,
    "boneyard_count": lambda view: view._seen.left,
    "to_move": lambda view: None if view._seen.to_move < 0 else view._seen.to_move,
    "round_double": lambda view: TILES[view._seen.round_double],
    "first": lambda view: view._seen.first,
    "outcome": lambda view: view._seen.outcome,
}
for _name, _read in _FACES.items():
    setattr(RoundView, _name, _Face(_read))


def _round_view(rnd: Round, seat: int) -> RoundView:
    """The view of ``rnd`` from ``seat`` (see :meth:`Round.view`)."""
    return view_of(state_of(rnd).seen_by(check_seat(seat, rnd.players)))


def view_of(seen: Seen) -> RoundView:
    """The view that shows ``seen`` (trusted)."""
    view: RoundView = object.__new__(RoundView)
    object.__setattr__(view, "_seen", seen)
    object.__setattr__(view, "_hand", tiles_of(seen.hand))
    return view


def seen_of(view: RoundView) -> Seen:
    """The round as the seat of ``view`` sees it, which the view shows."""
    return view._seen


def _check_deal(rules: Rules, n: int, double: int, players: int) -> None:
    """Refuse a deal that a house rule of ``rules`` cannot play (``deal_needs``)."""
    if rules.house:
        why = deal_refusal(rules, n, double, players)
        if why is not None:
            raise RulesError(why)


# -- replaying a record ------------------------------------------------------------------


def refused(where: str, text: str, exc: IllegalMoveError) -> RecordError:
    seat = "" if exc.seat is None else f"seat {exc.seat}: "
    if exc.reason.startswith(f"seat {exc.seat} "):  # the reason names the seat already
        seat = ""
    return RecordError(f"{where} {text!r}: {seat}{exc.reason} ({exc.rule})")


def replay_round(parsed: _Parsed) -> Round:
    """The round a round record's values describe, replayed move by move."""
    entry = parsed.rounds[0]
    rnd = _position_round(parsed, entry) if entry.position is not None else _dealt_round(parsed)
    for number, (text, move) in enumerate(entry.moves, 1):
        try:
            rnd = rnd.apply(move)
        except IllegalMoveError as exc:
            raise refused(f"round 1, move {number}", text, exc) from exc
    check_opened(rnd, entry, 1)
    return rnd


def check_opened(rnd: Round, entry: _Entry, number: int) -> None:
    """Refuse an entry whose round double is not the one its moves opened the round on."""
    if rnd.round_double == entry.round_double:
        return
    table = rnd._state.table
    if entry.dealt_for is None and not table.placed and entry.round_double == TILES[table.double]:
        return  # 0.1 named the double searched for until a lower double drawn was placed (R6b)
    raise RecordError(
        f"round {number}: round_double is {entry.round_double} in the record, but the "
        f"round dealt for {rnd.dealt_for} opens on {rnd.round_double} after its moves "
        f"(R6, R6b)"
    )


def _dealt_round(parsed: _Parsed) -> Round:
    """The round a round record's seed or deal gives, before any move."""
    entry = parsed.rounds[0]
    try:
        if entry.deal is None:
            return Round.deal(
                parsed.rules,
                parsed.players,
                seed=parsed.seed,
                round_double=entry.dealt,
                first=entry.first,
            )
        return Round.from_deal(
            parsed.rules,
            *entry.deal,
            round_double=entry.dealt,
            first=entry.first,
        )
    except (ChickenFootError, ValueError, TypeError) as exc:
        raise RecordError(f"round 1: {exc}") from exc


def _position_round(parsed: _Parsed, entry: _Entry) -> Round:
    """The round at the position of a round record's entry, checked against the entry."""
    assert entry.position is not None
    try:
        rnd = Round.from_position(parsed.rules, entry.position)
    except PositionError as exc:
        raise RecordError(f"round 1, position: {exc}") from exc
    if rnd.players != parsed.players:
        raise RecordError(
            f"round 1, position: {rnd.players} hands, but the record has {parsed.players} players"
        )
    if rnd.dealt_for != entry.dealt:
        key = "round_double" if entry.dealt_for is None else "dealt_for"
        raise RecordError(
            f"round 1, {key}: {entry.dealt}, but the position's round is dealt for {rnd.dealt_for}"
        )
    if rnd.first != entry.first:
        raise RecordError(
            f"round 1, first: seat {entry.first}, but the position's first seat is {rnd.first}"
        )
    return rnd
