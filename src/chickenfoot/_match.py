"""A match: rounds from the highest double down (and up), totals, winners, ties (R19-R23).

:class:`MatchView` is what one seat sees of a match; :func:`load_record` replays a record
of either kind, as :meth:`Round.from_json <chickenfoot.Round.from_json>` and
:meth:`Match.from_json` do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ._engine import Seen
from ._house import deal_refusal
from ._moves import Move
from ._records import _Parsed, match_to_record, parse_kind, read_json, read_record, to_json
from ._round import (
    Round,
    RoundView,
    check_opened,
    check_ply,
    check_turn,
    checked_seed,
    refused,
    replay_round,
    seen_of,
    state_of,
    view_of,
)
from ._rules import Rules
from ._schedule import Schedule, schedule_of
from ._scoring import Standing, standings
from ._tiles import DOUBLES, Tile
from ._wire import dumps, match_view_dict, match_view_from_dict, parse_view
from .errors import ChickenFootError, DealError, IllegalMoveError, RecordError, RulesError

__all__ = ["Match", "MatchView", "load_record"]


@attrs.frozen(repr=False)
class Match:
    """A match of rounds with running totals (R19-R23), as an immutable value.

    :meth:`new` deals every round from one seed; :meth:`dealt` takes each round's deal
    from the caller, for apps that shuffle real tiles. :meth:`apply` plays a move in the
    current round and starts the next round by itself when one ends.

    >>> import random
    >>> from chickenfoot import PRESETS, Match
    >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
    >>> rng = random.Random(3)
    >>> while not match.is_over:
    ...     match = match.apply(rng.choice(match.legal_moves()))
    >>> len(match.results), match.totals, match.winners
    (7, (165, 142), (1,))

    A match's repr is one short line, however many rounds it has played: the variant,
    the seats, the round in play (or ``over``) and the totals. Hypothesis and IPython
    print the same line; to keep a match whole, save :meth:`to_json`.

    >>> match
    <Match chickie-duel, 2 players, over, totals [165, 142]>

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Hypothesis and IPython print the repr, not every round.
    """

    #: The variant.
    rules: Rules
    #: How many seats play.
    players: int
    #: The seed every round is dealt from, or ``None`` when the caller deals.
    seed: int | None
    #: Every finished round, in order.
    finished: tuple[Round, ...]
    #: The round in play; once a round ends it stays here until the next one starts
    #: (at once for a seeded match, at :meth:`deal` for a dealt one).
    round: Round

    def __attrs_post_init__(self) -> None:
        if self.round.rules != self.rules or self.round.players != self.players:
            raise ValueError("a Match is made with Match.new() or Match.dealt()")

    @classmethod
    def new(cls, rules: Rules, players: int, *, seed: int | None = None) -> Match:
        """A match whose rounds are dealt from ``seed`` (round ``i`` from
        :func:`round_seed` ``(seed, i)``), so it replays from the seed and moves alone.

        ``seed`` is an int from ``-2**63`` to ``2**64 - 1``, what a game record holds;
        ``None`` (the default) picks one at random, which :attr:`seed` then reports.

        >>> from chickenfoot import PRESETS, Match
        >>> match = Match.new(PRESETS["classic"], 4)
        >>> Match.new(PRESETS["classic"], 4, seed=match.seed) == match
        True

        Raises:
            RulesError: the variant does not cover ``players``, asks for more rounds
                than the set has doubles (R19), or has a house rule that cannot play a
                round the match may deal (:meth:`HouseRule.deal_needs
                <chickenfoot.HouseRule.deal_needs>`).
            ValueError: ``seed`` is out of range.
            TypeError: ``seed`` is not an int or ``None``.
        """
        seed = checked_seed(seed)
        schedule = schedule_of(rules)
        schedule.round_count(players)  # checks the player count and the rounds (R19)
        _check_deals(rules, players, schedule)
        first = Round.deal(
            rules,
            players,
            seed=schedule.round_seed(seed, 0),
            round_double=schedule.dealt_for(players, 0),
            first=schedule.first_seat(0, players, None),
        )
        return cls(rules, players, seed, (), first)

    @classmethod
    def dealt(
        cls, rules: Rules, hands: Sequence[Iterable[Tile]], boneyard: Iterable[Tile]
    ) -> Match:
        """A match whose first round is this deal; later rounds come from :meth:`deal`.

        The round double and first seat follow R19 and R23 (:attr:`next_round_double`,
        :attr:`next_first`).

        Raises:
            DealError: the deal is not the whole set exactly once.
            RulesError: a house rule cannot play a round the match may deal
                (:meth:`HouseRule.deal_needs <chickenfoot.HouseRule.deal_needs>`).
        """
        players = len(hands)
        schedule = schedule_of(rules)
        schedule.round_count(players)  # checks the player count and the rounds (R19)
        _check_deals(rules, players, schedule)
        first = Round.from_deal(
            rules,
            hands,
            boneyard,
            round_double=schedule.dealt_for(players, 0),
            first=schedule.first_seat(0, players, None),
        )
        return cls(rules, players, None, (), first)

    # -- the schedule -------------------------------------------------------------------

    @property
    def _schedule(self) -> Schedule:
        """The schedule of the rules: every answer of this section is its (R19-R23)."""
        return schedule_of(self.rules)

    @property
    def round_index(self) -> int:
        """The number of rounds started before :attr:`round` (0 in the first round)."""
        return len(self.finished) - (1 if self.round.is_over else 0)

    @property
    def round_count(self) -> int | None:
        """How many rounds the match has, or ``None`` when a target decides (R19, R20)."""
        return self._schedule.round_count(self.players)

    @property
    def is_over(self) -> bool:
        """Whether the last round has been played (R19) or a total passed the target (R20)."""
        if not self.round.is_over:
            return False
        return self._schedule.is_over(len(self.finished), self.totals)

    @property
    def awaiting_deal(self) -> bool:
        """Whether a dealt match waits for :meth:`deal` to start the next round."""
        return self.round.is_over and not self.is_over

    @property
    def next_round_double(self) -> Tile | None:
        """The double the next round is dealt for (R19, R20), or ``None`` once the match is
        over: its round double, or in a ``highest_held`` start the double it searches down
        from (R6b).

        Doubles go from the set's highest down to 0-0 (and back up with
        :attr:`Rules.round_order <chickenfoot.Rules.round_order>` ``"down_up"``, R19b) and,
        with a target, round again (:meth:`Rules.round_double <chickenfoot.Rules.round_double>`).
        """
        index = len(self.finished) + (0 if self.round.is_over else 1)
        count = self.round_count
        if self.is_over or (count is not None and index >= count):
            return None
        value = self._schedule.dealt_for(self.players, index)
        return Tile(value, value)

    @property
    def next_first(self) -> int | None:
        """The first seat of the next round (R23), or ``None`` while it is not known.

        ``centre`` start: one seat on each round. ``holder`` start: the winner of the
        round before, who begins the search draws if nobody holds the round double; so it
        is known once the current round is over.
        """
        if self.next_round_double is None:
            return None
        index = len(self.finished) + (0 if self.round.is_over else 1)
        if self.round.is_over:
            return self._schedule.first_seat(index, self.players, self.round.winner)
        return self._schedule.first_seat_ahead(index, self.players)

    # -- playing ------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` between rounds and once the match is over."""
        return self.round.to_move

    def legal_moves(self) -> list[Move]:
        """The legal moves of the current round (:meth:`Round.legal_moves`)."""
        return self.round.legal_moves()

    @property
    def ply(self) -> int:
        """How many moves the whole match has had, in every round so far: the sum of
        :attr:`Round.ply` over the rounds started.

        It goes up by one with every move and never goes back, not even when the next
        round starts, so it names the position a move answers across the whole match: a
        server sends it with each view (:attr:`MatchView.ply
        <chickenfoot.MatchView.ply>`) and passes the count a client sends back to
        :meth:`apply` as ``ply=``.

        >>> from chickenfoot import PRESETS, Match
        >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
        >>> while not match.finished:
        ...     match = match.apply(match.legal_moves()[0])
        >>> match.ply == match.finished[0].ply + match.round.ply, match.round.ply
        (True, 0)

        .. versionadded:: 0.2
        """
        done = sum(r.ply for r in self.finished)
        return done if self.round.is_over else done + self.round.ply

    def apply(self, move: Move, *, seat: int | None = None, ply: int | None = None) -> Match:
        """The match after ``move`` in the current round.

        When the move ends the round, its scores are added, and in a seeded match the
        next round is dealt at once (R19, R23). A server passes the ``seat`` that sent the
        move, as for :meth:`Round.apply`: a move from a seat whose turn it is not is
        refused (R11). It may also pass the match's :attr:`ply` the client saw: a move
        sent at another count (sent twice, or overtaken by another move) is refused.

        >>> from chickenfoot import PRESETS, Match, Play, Tile
        >>> match = Match.new(PRESETS["classic"], 3, seed=42)
        >>> match.to_move, match.ply
        (0, 0)
        >>> match.apply(Play(Tile(9, 9)), seat=0, ply=0).ply
        1

        Raises:
            StaleMoveError: ``ply`` is given and is not :attr:`ply`.
            IllegalMoveError: the move is not legal now, it is not ``seat``'s turn, or the
                round is over and the next one has not been dealt yet.
            TypeError: ``ply`` is not an int.
            ValueError: ``seat`` is not a seat of this match.

        .. versionchanged:: 0.2
           ``ply``.
        """
        if ply is not None:
            check_ply(self.round, move, seat, ply, self.ply, "match")
        if seat is not None:
            check_turn(self.round, move, seat)
        if self.round.is_over:
            why = "the match is over" if self.is_over else "deal the next round first"
            raise IllegalMoveError(move, seat, why, "R19")
        played = self.round.apply(move, seat=seat)
        if not played.is_over:
            return attrs.evolve(self, round=played)
        ended = attrs.evolve(self, finished=(*self.finished, played), round=played)
        if ended.is_over or self.seed is None:
            return ended
        index = len(ended.finished)
        schedule = self._schedule
        following = Round.deal(
            self.rules,
            self.players,
            seed=schedule.round_seed(self.seed, index),
            round_double=schedule.dealt_for(self.players, index),
            first=schedule.first_seat(index, self.players, played.winner),
        )
        return attrs.evolve(ended, round=following)

    def deal(self, hands: Sequence[Iterable[Tile]], boneyard: Iterable[Tile]) -> Match:
        """Start the next round of a dealt match from an explicit deal.

        Raises:
            DealError: the deal is not the whole set exactly once, or no round is due (the
                round in play is not over, or the match is over).
        """
        if not self.awaiting_deal:
            why = "the match is over" if self.is_over else "the round in play is not over"
            raise DealError(f"no round to deal now: {why} (R19)")
        if len(hands) != self.players:
            raise DealError(f"this match has {self.players} seats, not {len(hands)} hands (R5)")
        index = len(self.finished)
        schedule = self._schedule
        following = Round.from_deal(
            self.rules,
            hands,
            boneyard,
            round_double=schedule.dealt_for(self.players, index),
            first=schedule.first_seat(index, self.players, self.finished[-1].winner),
        )
        return attrs.evolve(self, round=following)

    def view(self, seat: int) -> MatchView:
        """What ``seat`` can see of the match: the scores and its view of the round.

        >>> from chickenfoot import PRESETS, Match
        >>> seen = Match.new(PRESETS["chickie-duel"], 2, seed=3).view(1)
        >>> seen.totals, len(seen.round.hand), seen.round.hand_counts
        ((0, 0), 7, (7, 7))

        Raises:
            ValueError: ``seat`` is not a seat of this match (an ``int`` from 0 to
                ``players - 1``).
        """
        return match_view(self, seat)

    def to_record(self) -> dict[str, Any]:
        """This match as a version 1 game record: a dict of JSON values (see :doc:`/records`).

        The record holds the rules, the seed (or every round's deal, for :meth:`dealt`) and
        one entry per round started, with its round double, first seat and moves.

        Raises:
            RecordError: the match does not fit the format's limits (a variant name
                longer than 64 characters, more than 1000 rounds).

        .. versionadded:: 0.1
        """
        rounds = list(self.finished)
        if not self.round.is_over:
            rounds.append(self.round)
        return match_to_record(self.rules, self.players, self.seed, [state_of(r) for r in rounds])

    def to_json(self, *, indent: int | None = None) -> str:
        """This match's record (:meth:`to_record`) as JSON text, one line unless ``indent``
        (passed to :func:`json.dumps`) asks for more.

        Raises:
            RecordError: as for :meth:`to_record`, or the text would exceed 2 MiB.

        A match saved between two moves plays on as if it had never stopped:

        >>> import random
        >>> from chickenfoot import PRESETS, Match
        >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
        >>> for move in random.Random(3).choices(range(99), k=5):
        ...     match = match.apply(match.legal_moves()[move % len(match.legal_moves())])
        >>> saved = match.to_json(indent=2)
        >>> Match.from_json(saved) == match
        True

        .. versionadded:: 0.1
        """
        record = self.to_record()
        return to_json(record, indent)

    @classmethod
    def from_record(cls, record: object) -> Match:
        """The match a match record (a dict of JSON values) describes, every move replayed.

        Each round's double and first seat must be the ones the match gives (R19, R23).
        A match stopped in the middle of a round resumes where it stopped:

        >>> from chickenfoot import PRESETS, Match
        >>> record = Match.new(PRESETS["chickie-duel"], 2, seed=3).to_record()
        >>> record["rounds"][0]["moves"]
        []
        >>> Match.from_record(record).to_move
        0

        Raises:
            RecordError: the record is malformed, is a round record, or a move in it is not
                legal; the message names the JSON path or the round, the move and the rule.

        .. versionadded:: 0.1
        .. versionchanged:: 0.2
           Reads version 2 records too, and leaves their annotations out (see
           :class:`~chickenfoot.Record`).
        """
        return replay_match(parse_kind(record, "match"))

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """The match a match record's JSON text describes, every move replayed.

        The inverse of :meth:`to_json`: the rounds, their moves and the standings all come
        back, and the match plays on from its current round.

        Raises:
            RecordError: as for :meth:`from_record`, or the text is not JSON, is not UTF-8
                or is longer than 2 MiB.

        .. versionadded:: 0.1
        .. versionchanged:: 0.2
           Reads version 2 records too, and leaves their annotations out (see
           :class:`~chickenfoot.Record`).
        """
        return replay_match(parse_kind(read_json(text), "match"))

    # -- scores -------------------------------------------------------------------------

    @property
    def results(self) -> tuple[tuple[int, ...], ...]:
        """The scores of every finished round, in order (R17)."""
        return tuple(r.scores for r in self.finished if r.scores is not None)

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's sum of round scores so far (R21)."""
        results = self.results
        if not results:
            return (0,) * self.players
        return tuple(sum(column) for column in zip(*results, strict=True))

    @property
    def standings(self) -> tuple[Standing, ...]:
        """The match table by seat, with totals, rounds at 0, best non-zero round and place (R21, R22)."""
        return standings(self.results, self.players, self.rules.tie_break)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (R21, R22); empty until it is over."""
        if not self.is_over:
            return ()
        return tuple(s.seat for s in self.standings if s.place == 1)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self.round_index + 1}"
        return (
            f"<Match {self.rules.name}, {self.players} players, {state}, "
            f"totals {list(self.totals)}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


@attrs.frozen(repr=False)
class MatchView:
    """A match as seat :attr:`seat` sees it: the scores so far and its view of the round.

    Made by :meth:`Match.view <chickenfoot.Match.view>`, or rebuilt from its JSON by
    :meth:`from_json`. Its repr is one short line, the seat, the variant, the round and the
    totals; Hypothesis and IPython print the same.

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Hypothesis and IPython print the repr, not every field.
    """

    #: The variant.
    rules: Rules
    #: The seat whose view this is.
    seat: int
    #: The scores of every finished round (R17).
    results: tuple[tuple[int, ...], ...]
    #: The match table (R21, R22).
    standings: tuple[Standing, ...]
    #: The number of rounds started before the current one.
    round_index: int
    #: Whether the match is over.
    is_over: bool
    #: The seat's view of the current round.
    round: RoundView
    #: How many moves the whole match has had (:attr:`Match.ply
    #: <chickenfoot.Match.ply>`): a client sends it back with its move, so that the
    #: server can refuse a move sent for a position that is gone.
    #:
    #: .. versionadded:: 0.2
    ply: int

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's total so far (R21)."""
        return tuple(s.total for s in self.standings)

    @property
    def to_move(self) -> int | None:
        """The seat to move in the current round, or ``None`` between rounds and once the
        match is over (as :attr:`Match.to_move <chickenfoot.Match.to_move>`)."""
        return self.round.to_move

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves in the current round."""
        return self.round.legal_moves()

    def to_dict(self) -> dict[str, Any]:
        """What a client draws, as a dict of JSON values (see :doc:`/views`): the round
        number, the scores and standings so far, and :meth:`RoundView.to_dict` of the
        current round under ``"round"``.

        .. versionadded:: 0.1
        """
        return match_view_dict(self, seen_of(self.round))

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text with sorted keys and no spaces; equal views give
        the same bytes.

        >>> from chickenfoot import PRESETS, Match
        >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=5)
        >>> match.view(1).to_json()[:60]
        '{"format":"chickenfoot-view","is_over":false,"kind":"match",'

        .. versionadded:: 0.1
        """
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> MatchView:
        """The view that :meth:`to_dict` wrote, rebuilt and equal to it: the scores, and
        the round's view as :meth:`RoundView.from_dict` rebuilds it. The totals, the
        standings and the winners must be the ones the results give (R21, R22).

        Raises:
            ViewError: ``data`` is not a match view; the message names the field.

        .. versionadded:: 0.2
        """
        return _match_view(*match_view_from_dict(data))

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchView:
        """The view that :meth:`to_json` wrote, rebuilt (see :meth:`from_dict`).

        >>> from chickenfoot import PRESETS, Match, MatchView
        >>> match = Match.new(PRESETS["chickie-duel"], 2, seed=5)
        >>> view = MatchView.from_json(match.view(1).to_json())
        >>> view == match.view(1), view.ply, view.round.legal_moves()
        (True, 0, [])

        Raises:
            ViewError: ``text`` is not JSON, is not UTF-8, is longer than 2 MiB, or is
                not a match view (as for :meth:`from_dict`).

        .. versionadded:: 0.2
        """
        return _match_view(*match_view_from_dict(parse_view(text)))

    def __repr__(self) -> str:
        return (
            f"<MatchView of seat {self.seat}, {self.rules.name}, round {self.round_index + 1}, "
            f"totals {list(self.totals)}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


def _check_deals(rules: Rules, players: int, schedule: Schedule) -> None:
    """Refuse a match whose house rules cannot play one of the rounds it may deal
    (``deal_needs``), each round double once, before any round is dealt (R19, R19b, R20)."""
    if not rules.house:
        return
    count = schedule.round_count(players)
    n = rules.set_size(players)
    asked: set[int] = set()
    for index in range(2 * n + 1 if count is None else count):  # every double comes in 2n + 1
        double = DOUBLES[schedule.dealt_for(players, index)]
        if double in asked:
            continue
        asked.add(double)
        why = deal_refusal(rules, n, double, players)
        if why is not None:
            raise RulesError(f"round {index + 1} of the match: {why}")


def match_view(match: Match, seat: int) -> MatchView:
    """The view of ``match`` from ``seat`` (see :meth:`Match.view`)."""
    return MatchView(
        match.rules,
        seat,
        match.results,
        match.standings,
        match.round_index,
        match.is_over,
        match.round.view(seat),
        match.ply,
    )


def _match_view(
    rules: Rules,
    seat: int,
    results: tuple[tuple[int, ...], ...],
    table: tuple[Standing, ...],
    round_index: int,
    is_over: bool,
    seen: Seen,
    ply: int,
) -> MatchView:
    """The match view of values read from its JSON (see :func:`_wire.match_view_from_dict`)."""
    return MatchView(rules, seat, results, table, round_index, is_over, view_of(seen), ply)


# -- replaying a record ------------------------------------------------------------------


def replay_match(parsed: _Parsed) -> Match:
    """The match a match record's values describe, replayed move by move."""
    match: Match | None = None
    for index, entry in enumerate(parsed.rounds):
        number = index + 1
        match = _start(parsed, match, index)
        rnd = match.round
        if rnd.dealt_for != entry.dealt:
            key = "round_double" if entry.dealt_for is None else "dealt_for"
            raise RecordError(
                f"round {number}: {key} is {entry.dealt} in the record, "
                f"but the match deals {rnd.dealt_for} for round {number} (R19)"
            )
        if rnd.first != entry.first:
            raise RecordError(
                f"round {number}: first is seat {entry.first} in the record, "
                f"but seat {rnd.first} is first in round {number} (R23)"
            )
        for count, (text, move) in enumerate(entry.moves, 1):
            if len(match.finished) > index:
                ending = match.finished[index].ending
                what = "" if ending is None else f" ({ending.value})"
                raise RecordError(
                    f"round {number}, move {count} {text!r}: the round is already over{what} "
                    f"after move {count - 1} (R16)"
                )
            try:
                match = match.apply(move)
            except IllegalMoveError as exc:
                raise refused(f"round {number}, move {count}", text, exc) from exc
        played = match.finished[index] if len(match.finished) > index else match.round
        check_opened(played, entry, number)
    if match is None:  # _read refuses a record without rounds; this is for mypy
        raise RecordError("rounds: a match record has at least 1 entry")
    started = len(parsed.rounds)
    if parsed.seed is not None and len(match.finished) == started and not match.is_over:
        raise RecordError(
            f"rounds: round {started + 1} was dealt when round {started} ended (R19), "
            f"but the record has no entry for it"
        )
    return match


def _start(parsed: _Parsed, match: Match | None, index: int) -> Match:
    """The match with round ``index`` dealt, as the record's entry says (R19, R23)."""
    number = index + 1
    entry = parsed.rounds[index]
    if match is not None:
        if len(match.finished) < index:
            raise RecordError(
                f"round {number}: round {index} is not over after its "
                f"{len(parsed.rounds[index - 1].moves)} moves, so round {number} cannot start (R16)"
            )
        if match.is_over:
            rule = "R19" if parsed.rules.target is None else "R20"
            raise RecordError(f"round {number}: the match is over after round {index} ({rule})")
        if parsed.seed is not None:
            return match  # Match.apply dealt it when the round before ended
    try:
        if entry.deal is None:
            if parsed.seed is None:  # _read refuses this; the check is for mypy
                raise RecordError(f"round {number}: no seed and no deal")
            return Match.new(parsed.rules, parsed.players, seed=parsed.seed)
        if match is None:
            return Match.dealt(parsed.rules, *entry.deal)
        return match.deal(*entry.deal)
    except (ChickenFootError, ValueError, TypeError) as exc:
        raise RecordError(f"round {number}: {exc}") from exc


def load_record(text: str | bytes) -> Round | Match:
    """The round or match that a record's JSON text describes, whichever it holds.

    Use :meth:`Round.from_json <chickenfoot.Round.from_json>` or
    :meth:`Match.from_json <chickenfoot.Match.from_json>` when you know the kind.

    >>> from chickenfoot import PRESETS, Match, load_record
    >>> match = Match.new(PRESETS["classic"], 3, seed=8)
    >>> load_record(match.to_json()) == match
    True

    Raises:
        RecordError: the text is not a valid record, or a move in it is not legal; the
            message says where.

    .. versionadded:: 0.1
    .. versionchanged:: 0.2
       Reads version 2 records too, and leaves their annotations out (see
       :class:`~chickenfoot.Record`).
    """
    parsed = read_record(text)
    if parsed.kind == "round":
        return replay_round(parsed)
    return replay_match(parsed)
