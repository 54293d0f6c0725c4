"""The engine's fast API, for bots and searches that step many rounds.

A :class:`~chickenfoot.Round` checks every move and keeps its history for records and
views; a search that plays thousands of rounds to their end wants less. This module hands
out the engine's own value of a round, :class:`State`: plain ints and bitmasks of tile
indices (the tile of index ``i`` is ``Tile.index == i``), never changed once made, each
move a new state. Its methods are the rules as :class:`~chickenfoot.Round` plays them:

* :meth:`State.legal_moves` and :meth:`State.after` (a move, trusted to be legal);
* :meth:`State.play_out`: a :data:`Policy` at every seat to the end of the round, where
  ``State.outcome`` scores it (:meth:`Outcome.margin <chickenfoot.Outcome.margin>`);
* :meth:`State.info_key` and :meth:`State.drawn_key`: a number for each move that is the
  same for moves that lead to the same game as a seat knows it, the keys of a search tree;
* ``State.table`` (a :class:`TableState`): :meth:`TableState.opens`,
  :meth:`TableState.places` and ``suit`` for heuristics.

:func:`state_of` gives the state of a round, :func:`round_of` the round of a state, and
:func:`table_of` the table of a round or a seat's view:

>>> import random
>>> from chickenfoot import PRESETS, Round
>>> from chickenfoot.state import round_of, state_of
>>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=3)
>>> state = state_of(rnd)
>>> def first(state, moves, rng):  # a policy: always the first legal move
...     return moves[0]
>>> end = state.play_out(first, random.Random(0))
>>> end.outcome.ending, end.outcome.scores
(Ending.WENT_OUT, (0, 20))
>>> move = state.legal_moves()[0]
>>> round_of(state.after(move)) == rnd.apply(move)
True

Methods of a state trust their arguments: a move handed to :meth:`State.after` must be
one of :meth:`State.legal_moves`. A state holds every hand and the boneyard's order, so a
bot makes one from a seat's view by sampling the hidden tiles
(:meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>`), as the bots of
:mod:`chickenfoot.bots` do.

.. versionadded:: 0.2
"""

from __future__ import annotations

from ._book import book_of
from ._engine import Policy, State
from ._round import Round, RoundView, round_from_state
from ._round import state_of as _state_of
from ._rule import PublicTurn, Reveal
from ._rules import Rules
from ._shown import table_of as _table_of
from ._table import TableState

__all__ = [
    "Policy",
    "PublicTurn",
    "Reveal",
    "State",
    "TableState",
    "hand_score",
    "round_of",
    "state_of",
    "table_of",
]


def state_of(rnd: Round) -> State:
    """The engine's state of ``rnd``: the same round, its hands as bitmasks.

    >>> from chickenfoot import PRESETS, Round
    >>> from chickenfoot.state import state_of
    >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    >>> state_of(rnd).legal_moves() == rnd.legal_moves()
    True

    .. versionadded:: 0.2
    """
    return _state_of(rnd)


def round_of(state: State) -> Round:
    """The round holding ``state``, its history the state's.

    A state made by :meth:`State.play_out` keeps no history; its round has none either.

    .. versionadded:: 0.2
    """
    return round_from_state(state)


def table_of(shown: Round | RoundView) -> TableState:
    """The engine's table of a round or of a seat's view
    (:class:`~chickenfoot.RoundView`): what a heuristic reads of the layout.

    >>> from chickenfoot import PRESETS, Round
    >>> from chickenfoot.state import table_of
    >>> rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    >>> rnd = rnd.apply(rnd.legal_moves()[0])  # the round double, 9-9
    >>> table = table_of(rnd.view(1))
    >>> table.places(9), table.places(5)
    (4, 0)

    .. versionadded:: 0.2
    """
    return _table_of(shown)


def hand_score(rules: Rules, hand: int) -> int:
    """Penalty points of a hand given as a bitmask of tile indices (R17, R17b), each tile
    counting what the rules' house rules make of it (:meth:`HouseRule.tile_points
    <chickenfoot.HouseRule.tile_points>`; bonuses and ``hand_points`` are the round's end
    to decide).

    Every tile counts its pips, the double-blank (index 0) counts :attr:`Rules.double_blank
    <chickenfoot.Rules.double_blank>`, and every other tile with a blank end counts
    :attr:`Rules.blank_value <chickenfoot.Rules.blank_value>` more.

    >>> from chickenfoot import PRESETS, Tile
    >>> from chickenfoot.state import hand_score
    >>> hand_score(PRESETS["classic"], 1 << Tile(0, 0).index | 1 << Tile(5, 3).index)
    58

    .. versionadded:: 0.2
    """
    values = book_of(rules).values
    score = 0
    while hand:
        low = hand & -hand
        score += values[low.bit_length() - 1]
        hand ^= low
    return score
