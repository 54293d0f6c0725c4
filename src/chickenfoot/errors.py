"""The exceptions ``chickenfoot`` raises.

Every error is a :class:`ChickenFootError`; those caused by a bad value are also
:class:`ValueError`, so code that already catches ``ValueError`` keeps working.

* :class:`RulesError`: a variant whose knobs clash, or a table that cannot be dealt
  with them (too many tiles asked of the set, a hand of 0, an unknown player count).
* :class:`DealError`: an explicit deal that is not the whole set exactly once.
* :class:`InvalidMoveError`: text that is not a move in the move notation.
* :class:`IllegalMoveError`: a well-formed move that the rules do not allow now.
* :class:`StaleMoveError`: a move sent for another position than the game's (a
  doubled message, or one overtaken by another move).
* :class:`RecordError`: a game record that cannot be read, or whose moves do not replay.
* :class:`ViewError`: a view's JSON that cannot be read back into a view.
* :class:`PositionError`: text that is not a position, or a position no game could reach.
* :class:`SimulationError`: a simulation whose worker processes could not run.
* :class:`SamplingError`: a view whose hidden tiles could not be sampled under house
  rules that do not say what a move tells.
* :class:`EngineError`: an engine playing over the engine protocol
  (:mod:`chickenfoot.engine`) that broke it: :class:`EngineTerminatedError` (it exited),
  :class:`EngineTimeoutError` (it did not answer in time), :class:`EngineProtocolError`
  (a line that is not the protocol), :class:`EngineMoveError` (a move that is not legal).

Each message names the tile, the seat and the rule (R-number of the rules guide), and
nothing is changed when one is raised: game states are immutable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._moves import Play

if TYPE_CHECKING:
    from ._moves import Move

__all__ = [
    "ChickenFootError",
    "DealError",
    "EngineError",
    "EngineMoveError",
    "EngineProtocolError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PositionError",
    "RecordError",
    "RulesError",
    "SamplingError",
    "SimulationError",
    "StaleMoveError",
    "ViewError",
]


class ChickenFootError(Exception):
    """The base of every exception raised on purpose by ``chickenfoot``.

    .. versionadded:: 0.1
    """


class RulesError(ChickenFootError, ValueError):
    """A variant's knobs clash, or a table cannot be dealt with them (R5).

    Raised by :class:`~chickenfoot.Rules` itself for knobs that can never work
    together, and by :meth:`Round.deal <chickenfoot.Round.deal>` for a player count
    the variant does not cover.

    >>> import attrs
    >>> from chickenfoot import PRESETS
    >>> attrs.evolve(PRESETS["classic"], hand_sizes={4: 20})
    Traceback (most recent call last):
      ...
    chickenfoot.errors.RulesError: classic: 4 players with hands of 20 need 80 tiles,
    but double-9 has 55 (R5)

    .. versionadded:: 0.1
    """


class DealError(ChickenFootError, ValueError):
    """An explicit deal is not the whole set exactly once (R5).

    Raised by :meth:`Round.from_deal <chickenfoot.Round.from_deal>` for a tile dealt
    twice, a tile missing, a tile from outside the set, or hands of the wrong sizes.

    .. versionadded:: 0.1
    """


class InvalidMoveError(ChickenFootError, ValueError):
    """Text that is not a move in the move notation (see :func:`~chickenfoot.parse_move`).

    Unlike :class:`IllegalMoveError`, this says nothing about the position: ``"9-4@9-9"``
    parses whether or not the play is legal now.

    .. versionadded:: 0.1
    """


class IllegalMoveError(ChickenFootError, ValueError):
    """A move that the rules do not allow in this position.

    Raised by :meth:`Round.apply <chickenfoot.Round.apply>` and
    :meth:`Match.apply <chickenfoot.Match.apply>`, which leave the round or match unchanged.
    The message is a sentence for the player: the seat, the move in words, why not, and the
    rule broken; the :func:`repr` holds the move itself:

    ``seat 2 cannot play 7-3 onto 9-9: the cross needs a 9 (R7)``

    A move sent for the wrong seat (``apply(move, seat=...)``) names both seats:

    ``seat 1 cannot draw: it is seat 0's turn, not seat 1's (R11)``

    .. versionadded:: 0.1
    """

    def __init__(self, move: Move, seat: int | None, reason: str, rule: str) -> None:
        super().__init__(_sentence(move, seat, reason, rule))
        #: The move that was refused.
        self.move = move
        #: The seat that tried it (``None`` once the round is over and no seat was given).
        self.seat = seat
        #: Why, in words.
        self.reason = reason
        #: The rule broken, as ``"R9"``.
        self.rule = rule

    def __repr__(self) -> str:
        return (
            f"IllegalMoveError({self.move!r}, seat={self.seat!r}, "
            f"reason={self.reason!r}, rule={self.rule!r})"
        )

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[Move, int | None, str, str]]:
        return (type(self), (self.move, self.seat, self.reason, self.rule))


class StaleMoveError(IllegalMoveError):
    """A move sent for another position than the game's: its ``ply`` is not the game's.

    :meth:`Round.apply <chickenfoot.Round.apply>` and :meth:`Match.apply
    <chickenfoot.Match.apply>` take the :attr:`~chickenfoot.Match.ply` the client saw with
    ``ply=``; when another move came first (a message sent twice, or one overtaken by a
    bot's move), the move answers a position that is gone, and it is refused, naming both
    counts:

    >>> from chickenfoot import PRESETS, Match, Play, Tile
    >>> match = Match.new(PRESETS["classic"], 3, seed=42)
    >>> match = match.apply(Play(Tile(9, 9)), seat=0, ply=0)
    >>> match.apply(Play(Tile(9, 9)), seat=0, ply=0)
    Traceback (most recent call last):
      ...
    chickenfoot.errors.StaleMoveError: seat 0 cannot place 9-9: it was sent at move 0, but the
    match is at move 1 now (R11)

    It is an :class:`IllegalMoveError` (its :attr:`~IllegalMoveError.rule` is ``"R11"``:
    one move a turn), so code that handles refused moves handles it too.

    .. versionadded:: 0.2
    """

    def __init__(self, move: Move, seat: int | None, sent: int, ply: int, game: str) -> None:
        reason = f"it was sent at move {sent}, but the {game} is at move {ply} now"
        super().__init__(move, seat, reason, "R11")
        #: The move count the move was sent at.
        self.sent = sent
        #: The game's move count when it arrived.
        self.ply = ply
        #: ``"round"`` or ``"match"``: the game whose count it is.
        self.game = game

    def __repr__(self) -> str:
        return (
            f"StaleMoveError({self.move!r}, seat={self.seat!r}, sent={self.sent!r}, "
            f"ply={self.ply!r}, game={self.game!r})"
        )

    def __reduce__(  # type: ignore[override]
        self,
    ) -> tuple[type[StaleMoveError], tuple[Move, int | None, int, int, str]]:
        return (type(self), (self.move, self.seat, self.sent, self.ply, self.game))


def _sentence(move: Move, seat: int | None, reason: str, rule: str) -> str:
    """``seat 0 cannot play 5-1 onto 1-0: the toes of 4-4 come first (R9)``."""
    if isinstance(move, Play):
        done = f"place {move.tile}" if move.onto is None else f"play {move.tile} onto {move.onto}"
    else:
        done = str(move)
    if seat is None:
        return f"no seat can {done} now: {reason} ({rule})"
    named = f"seat {seat} "
    if reason.startswith(named):  # "seat 0 does not hold 5-1": once is enough
        reason = "it " + reason[len(named) :]
    return f"seat {seat} cannot {done}: {reason} ({rule})"


class SimulationError(ChickenFootError, RuntimeError):
    """A simulation that could not run: its worker processes could not start or died.

    Raised by :func:`~chickenfoot.simulation.simulate` and
    :func:`~chickenfoot.tournament.play_tournament` when the process pool breaks,
    typically because the script that called it is read from standard input or starts
    the simulation outside an ``if __name__ == "__main__":`` block, so the worker
    processes cannot import it. The pool's own error is chained as ``__cause__``.

    .. versionadded:: 0.1
    """


class SamplingError(ChickenFootError, RuntimeError):
    """No sample of a view replayed in 10,000 tries under house rules that do not say
    what a move tells of the mover's hand.

    Raised by :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>` when the
    rulebook is not exact (a :class:`~chickenfoot.HouseRule` that changes the legal moves
    and neither overrides ``reveal`` nor declares ``separable = True``, or one that
    overrides ``hand_points``): the sampler then draws among the deals the other rules
    allow and keeps those whose replay gives the view back. The message names the house
    rules that declare nothing, and what to declare.

    .. versionadded:: 0.2
    """


class RecordError(ChickenFootError, ValueError):
    """A game record that cannot be loaded (see :meth:`Round.from_json
    <chickenfoot.Round.from_json>` and :meth:`Match.from_json <chickenfoot.Match.from_json>`).

    Raised for text that is not JSON or too large, a field of the wrong type or out of
    bounds, an unknown key, a record version this library does not read, rules that
    clash, a deal that is not the whole set, a round double or first seat that the match
    schedule would not give (R19, R23), and a move that does not parse or that the rules
    refuse when the record is replayed. It is the only error loading raises: the public
    error that caused it, if any, is chained as ``__cause__``. The message says where,
    with rounds and moves counted from 1 as people count them:

    ``round 1, move 4: expected a string, got 12``

    ``round 3, move 17 '9-4@9-9': seat 2: the toes of 4-4 come first: play a 4 onto 4-4 (R9)``

    Writing raises it too, for a game that the format's limits cannot hold (a variant
    name longer than 64 characters); a seed it cannot hold is refused earlier, when the
    game is dealt.

    .. versionadded:: 0.1
    """


class PositionError(ChickenFootError, ValueError):
    """Text that is not a position, or a position no game could reach (see
    :meth:`Round.from_position <chickenfoot.Round.from_position>`).

    Raised for text that does not follow the position notation (a missing field, a word
    that is not a tile or a seat) and for a position that breaks the rules: a tile twice
    or missing from the set, a tile that does not match the end it is played onto, more
    toes on a double than it takes, two unfinished doubles, a drawn tile that is not in
    the hand of the seat to move, a seat out of range. The message names the field, the
    tile and the rule:

    ``layout, tile 7: 3-2@4-4: the toes of 4-4 come first: play a 4 onto 4-4 (R9)``

    It is the only error reading a position raises.

    .. versionadded:: 0.1
    """


class ViewError(ChickenFootError, ValueError):
    """A view's JSON that cannot be read back into a view (see :meth:`RoundView.from_json
    <chickenfoot.RoundView.from_json>` and :meth:`MatchView.from_json
    <chickenfoot.MatchView.from_json>`).

    Raised for text that is not JSON, a field missing, of the wrong type or out of range,
    an unknown key, another format, version or kind, and for fields that disagree with
    each other: a table, an obligation or legal moves that the history does not give. The
    message names the field by its JSON path:

    ``round.hand[2]: expected a string, got 12``

    .. versionadded:: 0.2
    """


class EngineError(ChickenFootError, RuntimeError):
    """An engine played over the engine protocol failed: the base of the four errors below.

    Raised by :class:`~chickenfoot.engine.SimpleEngine`, which has stopped the engine's
    process (asked it to quit, killed it after a grace period, and reaped it) before
    raising, so that no process is left behind; the engine cannot be used again. Raised
    as itself when the engine answered a request with an ``error`` message (an option it
    refuses, a view it cannot read), or when a closed engine is asked for a move.

    .. versionadded:: 0.2
    """


class EngineTerminatedError(EngineError):
    """The engine's process exited, or could not be started: a crash at the start or in
    the middle of a game. The message names the engine, what it was asked, its exit code
    and the last lines it wrote to its standard error.

    .. versionadded:: 0.2
    """


class EngineTimeoutError(EngineError):
    """The engine did not answer in time: no ``hello`` within the timeout, or no move
    within the grace period after ``stop`` was sent. The engine has been killed.

    .. versionadded:: 0.2
    """


class EngineProtocolError(EngineError):
    """The engine wrote a line that is not the protocol: not a JSON object, a message of
    an unknown type, a field missing or of the wrong type, another protocol or version
    in its ``hello``. The message quotes the line.

    .. versionadded:: 0.2
    """


class EngineMoveError(EngineError):
    """The engine answered a move that is not in the move notation, or not legal for its
    seat now. The message names the engine, the seat, the move it wrote, why it is not
    legal (with the rule) and the legal moves; the error the library raised for the move
    (:class:`InvalidMoveError` or :class:`IllegalMoveError`), if any, is chained as
    ``__cause__``.

    .. versionadded:: 0.2
    """

    def __init__(self, message: str, move: str, seat: int) -> None:
        super().__init__(message)
        #: The move as the engine wrote it.
        self.move = move
        #: The seat the engine was choosing for.
        self.seat = seat

    def __reduce__(self) -> tuple[type[EngineMoveError], tuple[str, str, int]]:
        return (type(self), (str(self), self.move, self.seat))
