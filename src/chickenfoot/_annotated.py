"""A game record with notes on its moves: :class:`Record`, a round or a match and the
:class:`~chickenfoot.Annotation` of any of its moves, written as a version 2 record.

The game is replayed from the record as :meth:`Round.from_json
<chickenfoot.Round.from_json>` and :meth:`Match.from_json <chickenfoot.Match.from_json>`
replay it (they read an annotated record too, and leave the notes out); the notes are
read and checked by ``_records`` and ``_annotations``, and kept here by ply: the count of
the game's moves before the move, over every round of a match.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from ._annotations import Annotation
from ._json import _describe
from ._match import Match, replay_match
from ._moves import Move, Play
from ._records import _Parsed, annotated_record, parse_record, read_json, to_json
from ._round import Round, replay_round

__all__ = ["Record"]


def _frozen(value: Mapping[int, Annotation]) -> Mapping[int, Annotation]:
    if not isinstance(value, Mapping):
        raise TypeError(f"annotations is a mapping of plies to annotations, not {value!r}")
    return MappingProxyType(dict(sorted(value.items(), key=lambda item: _sort_key(item[0]))))


def _sort_key(ply: object) -> int:
    return ply if type(ply) is int else -1  # the check after sorting names a bad key


@attrs.frozen(repr=False)
class Record:
    """A round or a match with notes on its moves: the record a game review saves.

    :attr:`annotations` maps a move's **ply** to its :class:`~chickenfoot.Annotation`: the
    number of moves the game had before it, as :attr:`Round.ply <chickenfoot.Round.ply>`
    and :attr:`Match.ply <chickenfoot.Match.ply>` count them, from 0 for the first move
    (over every round, for a match). A loop that analyses each move before it is made
    annotates ``game.ply``, or ``-1`` (the last move) once it is made. :meth:`annotate`
    returns a new record; nothing is changed in place.

    >>> from chickenfoot import PRESETS, Annotation, Evaluation, Record, Round
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
    >>> rnd = rnd.apply(rnd.legal_moves()[0])
    >>> record = Record(rnd).annotate(0, Annotation("the only move", mark="!"))
    >>> print(record.to_json())  # doctest: +NORMALIZE_WHITESPACE
    {"format": "chickenfoot-record", "version": 2, "kind": "round",
     "rules": {"preset": "chickie-duel", "knobs": {}}, "players": 2, "seed": 5,
     "rounds": [{"round_double": "6-6", "first": 0, "moves": ["6-6"],
                 "annotations": [{"move": 1, "comment": "the only move", "mark": "good"}]}]}
    >>> Record.from_json(record.to_json()) == record
    True
    >>> Round.from_json(record.to_json()) == rnd  # the game alone, as without the notes
    True

    A record without annotations is written as the game writes itself, a version 1
    record (:meth:`Round.to_json <chickenfoot.Round.to_json>`), so an older reader loads
    it; with annotations it is a version 2 record (see :doc:`/records`). Two records are
    equal when their games and their annotations are.

    Raises:
        TypeError: ``game`` is not a :class:`~chickenfoot.Round` or a
            :class:`~chickenfoot.Match`, a ply is not an int, or an annotation is not an
            :class:`~chickenfoot.Annotation`.
        ValueError: a ply is not a move of the game (the message gives the game's
            plies), or an evaluation's best move holds a tile outside the game's set.

    .. versionadded:: 0.2
    """

    #: The round or the match, its moves and everything else a record holds.
    game: Round | Match
    #: Each annotated move's ply and its annotation, in the order of the moves.
    annotations: Mapping[int, Annotation] = attrs.field(factory=dict, converter=_frozen, hash=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.game, (Round, Match)):
            raise TypeError(f"a Record holds a Round or a Match, not {_describe(self.game)}")
        moves = self.game.ply
        n = self.game.round.set_size if isinstance(self.game, Match) else self.game.set_size
        for ply, note in self.annotations.items():
            self._check_ply(ply, moves)
            if not isinstance(note, Annotation):
                raise TypeError(f"ply {ply}: an annotation is an Annotation, not {note!r}")
            best = None if note.evaluation is None else note.evaluation.best
            if best is not None and _too_high(best, n):
                raise ValueError(
                    f"ply {ply}: the best move {best} holds a tile outside the "
                    f"double-{n} set of this game (R5)"
                )

    def _check_ply(self, ply: object, moves: int) -> None:
        if type(ply) is not int:
            raise TypeError(f"a ply is an int, the count of moves before the move, not {ply!r}")
        if not 0 <= ply < moves:
            what = "round" if isinstance(self.game, Round) else "match"
            if moves == 0:
                plies = "no moves yet"
            elif moves == 1:
                plies = "1 move, at ply 0"
            else:
                plies = f"{moves} moves, at plies 0 to {moves - 1}"
            raise ValueError(f"ply {ply} is not a move of this {what}: it has {plies}")

    @property
    def kind(self) -> Literal["round", "match"]:
        """``"round"`` or ``"match"``: the kind of game the record holds."""
        return "round" if isinstance(self.game, Round) else "match"

    def annotate(self, ply: int, annotation: Annotation | None) -> Record:
        """This record with ``annotation`` on the move at ``ply`` (in place of any it had),
        or with none there for ``None``.

        ``ply`` counts the moves before the move, from 0; a negative ply counts back from
        the end, as a list's index does: ``-1`` is the last move.

        >>> from chickenfoot import PRESETS, Annotation, Mark, Record, Round
        >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=5)
        >>> rnd = rnd.apply(rnd.legal_moves()[0])
        >>> record = Record(rnd).annotate(-1, Annotation(mark=Mark.GOOD))
        >>> dict(record.annotations)
        {0: Annotation(comment=None, mark=Mark.GOOD, evaluation=None)}
        >>> record.annotate(5, Annotation(mark="?"))
        Traceback (most recent call last):
        ...
        ValueError: ply 5 is not a move of this round: it has 1 move, at ply 0

        Raises:
            TypeError: ``ply`` is not an int, or ``annotation`` is not an Annotation.
            ValueError: ``ply`` is not a move of the game, or the evaluation's best move
                is not of the game's set.
        """
        moves = self.game.ply
        if type(ply) is int and -moves <= ply < 0:
            ply += moves
        self._check_ply(ply, moves)
        notes = dict(self.annotations)
        if annotation is None:
            notes.pop(ply, None)
        else:
            notes[ply] = annotation
        return Record(self.game, notes)

    def items(self) -> Iterator[tuple[int, int, Annotation]]:
        """Each annotation with where its move is: ``(round_index, move_index,
        annotation)``, both indices from 0 (``rnd.history[move_index]`` is the move of
        round ``round_index``), in the order of the moves."""
        rounds = [self.game] if isinstance(self.game, Round) else _rounds_started(self.game)
        notes = iter(self.annotations.items())
        start = 0
        pending = next(notes, None)
        for index, rnd in enumerate(rounds):
            end = start + rnd.ply
            while pending is not None and pending[0] < end:
                yield index, pending[0] - start, pending[1]
                pending = next(notes, None)
            start = end

    # -- JSON -------------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """This record as a dict of JSON values: the game's own record
        (:meth:`Round.to_record <chickenfoot.Round.to_record>`), version 1, when there are
        no annotations; else a version 2 record whose round entries list them.

        Raises:
            RecordError: the game does not fit the format's limits.
        """
        return annotated_record(self.game.to_record(), list(self.annotations.items()))

    def to_json(self, *, indent: int | None = None) -> str:
        """This record (:meth:`to_record`) as JSON text, one line unless ``indent``
        (passed to :func:`json.dumps`) asks for more.

        Raises:
            RecordError: as for :meth:`to_record`, or the text would exceed 2 MiB.
        """
        return to_json(self.to_record(), indent)

    @classmethod
    def from_record(cls, record: object) -> Record:
        """The record a dict of JSON values describes, a round or a match, version 1 or 2,
        every move replayed and every annotation checked.

        Raises:
            RecordError: as for :meth:`Round.from_record
                <chickenfoot.Round.from_record>`; a bad annotation is named by its round
                and move (``round 1, move 4, annotation.mark: expected one of ...``).
        """
        return _replayed(parse_record(record))

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """The record a record's JSON text describes (see :meth:`from_record`), read with
        the limits of :doc:`/records` before any move is replayed.

        Raises:
            RecordError: as for :meth:`from_record`, or the text is not JSON, is not UTF-8
                or is longer than 2 MiB.
        """
        return _replayed(parse_record(read_json(text)))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return Record, (self.game, dict(self.annotations))

    def __repr__(self) -> str:
        return f"Record({self.game!r}, annotations={dict(self.annotations)!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The repr, for IPython's and Hypothesis's pretty printers."""
        printer.text(repr(self))


def _too_high(move: Move, n: int) -> bool:
    if not isinstance(move, Play):
        return False
    return move.tile.high > n or (move.onto is not None and move.onto.high > n)


def _rounds_started(match: Match) -> list[Round]:
    """The rounds a match record lists: the finished ones and the one in play."""
    rounds = list(match.finished)
    if not match.round.is_over:
        rounds.append(match.round)
    return rounds


def _replayed(parsed: _Parsed) -> Record:
    game: Round | Match = replay_round(parsed) if parsed.kind == "round" else replay_match(parsed)
    notes: dict[int, Annotation] = {}
    start = 0
    for entry in parsed.rounds:
        for index, note in entry.annotations:
            notes[start + index] = note
        start += len(entry.moves)
    return Record(game, notes)
