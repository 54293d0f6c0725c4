"""Checks for a user's house rules, to call from the user's own tests.

:func:`check_rule` plays random rounds under a :class:`~chickenfoot.HouseRule` and holds
it to what the library relies on: every legal move is accepted, every other move is
refused with a reason and a rule, what the rulebook says each move tells of the
mover's hand (the exact sampler's facts, from the rule's ``reveal`` or its
``separable`` promise) holds of the mover's real hand, and the rule's own check of a
written position (``check_position``) accepts every position its rounds reach.

>>> import attrs
>>> from chickenfoot import PRESETS, HouseRule, Move, Play, Turn, house_rule
>>> from chickenfoot.testing import check_rule
>>> @house_rule
... @attrs.frozen
... class NoSixOnSix(HouseRule):
...     name = "no-six-on-six"
...     rule = "H1"
...     separable = True  # each tile's plays are kept or removed on its own
...
...     def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
...         return [m for m in moves if not _six_on_six(m)]
...
...     def refusal(self, turn: Turn, move: Move) -> str | None:
...         return "no six onto the double-six" if _six_on_six(move) else None
>>> def _six_on_six(move: Move) -> bool:
...     return isinstance(move, Play) and move.onto is not None and move.onto.is_double \\
...         and move.onto.high == 6 and move.tile.has(6)
>>> check_rule(NoSixOnSix(), PRESETS["chickie-duel"], rounds=3)

.. versionadded:: 0.2
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from ._engine import State
from ._house import HouseRule, Table, counts_of, deal_refusal
from ._moves import DRAW, PASS, Move, Play
from ._round import Round, _make, state_of
from ._rule import PublicTurn
from ._rules import PRESETS, Rules
from ._table import TableState
from ._tiles import DOUBLES, TILES
from .errors import PositionError, RulesError

__all__ = ["check_rule"]


def check_rule(
    rule: HouseRule,
    rules: Rules | Iterable[Rules] | None = None,
    *,
    rounds: int = 5,
    seed: int = 0,
) -> None:
    """Play ``rounds`` random rounds of every variant of ``rules`` with ``rule`` added to
    its house rules, and check every turn.

    ``rules`` is a variant or several (by default every preset that the rule's
    :meth:`~chickenfoot.HouseRule.check` accepts); each is played at each of its player
    counts whose deal the rule can play (:meth:`~chickenfoot.HouseRule.deal_needs`, asked
    of the set's highest double). At every turn, every legal move must be accepted by the
    round's refusal check; every play of a held tile onto a place on the table that is
    not legal, and a draw or a pass that is not legal, must be refused with a reason and
    a rule; the rulebook's revelation of each legal move (what the exact sampler takes as
    fact) must hold of the mover's hand; and, for a rule that overrides
    :meth:`~chickenfoot.HouseRule.check_position`, the round's position must be read back
    (:meth:`Round.from_position <chickenfoot.Round.from_position>`): a rule may refuse
    only positions its rounds cannot reach. Rounds are drawn from ``seed``, so a failure
    repeats.

    Raises:
        AssertionError: a check failed; the message names the variant, the seed, the seat,
            the move and what went wrong.
        RulesError: no variant accepts the rule, or the rule can play no deal of those
            that accept it.

    .. versionadded:: 0.2
    """
    if not isinstance(rule, HouseRule):
        raise TypeError(f"check_rule checks a HouseRule instance, not {rule!r}")
    variants = _variants(rule, rules)
    if not variants:
        raise RulesError(f"no variant accepts the house rule {rule.name}")
    rng = random.Random(seed)
    positions = type(rule).check_position is not HouseRule.check_position
    dealt = False
    for variant in variants:
        for players in variant.player_counts:
            n = variant.set_size(players)
            if deal_refusal(variant, n, DOUBLES[n], players) is not None:
                continue  # the rule cannot play this deal (deal_needs)
            dealt = True
            for k in range(rounds):
                where = f"{variant.name}/{k}"
                _check_round(variant, players, rng.randrange(2**32), where, positions)
    if not dealt:
        raise RulesError(f"the house rule {rule.name} can play no deal of the variants given")


def _variants(rule: HouseRule, rules: Rules | Iterable[Rules] | None) -> list[Rules]:
    given = PRESETS.values() if rules is None else [rules] if isinstance(rules, Rules) else rules
    out = []
    for base in given:
        try:
            out.append(attrs.evolve(base, house=(*base.house, rule)))
        except RulesError:
            if rules is not None:
                raise
    return out


def _check_round(rules: Rules, players: int, seed: int, where: str, positions: bool) -> None:
    rng = random.Random(seed)
    state = state_of(Round.deal(rules, players, seed=seed))
    book = state.book
    while True:
        if positions:
            _check_position(rules, state, f"{where} (seed {seed}), move {state.ply}")
        if state.outcome is not None:
            break
        seat = state.to_move
        hand = state.hands[seat]
        moves = state.legal_moves()
        at = f"{where} (seed {seed}), seat {seat}, move {state.ply}"
        if not moves:
            raise AssertionError(f"{at}: no legal move")
        left = state.left
        counts = counts_of(state.hands)
        for move in moves:
            fresh = Play(move.tile, move.onto) if isinstance(move, Play) else move
            why = state.refusal(fresh)
            if why is not None:
                raise AssertionError(f"{at}: {move} is listed as legal but refused: {why}")
            told = book.reveal(
                PublicTurn(state.table, seat, state.turn_draws, left, move, counts), move
            )
            held = hand & told.lacks
            if held:
                shown = TILES[(held & -held).bit_length() - 1]
                raise AssertionError(
                    f"{at}: {move} is said to tell that the seat held none of some tiles, "
                    f"but it holds {shown}: the rule's reveal (or its separable promise) is unsound"
                )
            drawn = state.last_drawn if state.turn_draws else -1
            if drawn >= 0 and told.drawn_lacks >> drawn & 1:
                raise AssertionError(
                    f"{at}: {move} is said to tell the drawn tile is not {TILES[drawn]}, but "
                    f"it is: the rule's reveal (or its separable promise) is unsound"
                )
            if told.drawn_is >= 0 and told.drawn_is != drawn:
                raise AssertionError(
                    f"{at}: {move} is said to tell the drawn tile is {TILES[told.drawn_is]}, "
                    f"but it is not: the rule's reveal is unsound"
                )
        for move in _others(state.table, hand, moves):
            why = state.refusal(move)
            if why is None:
                raise AssertionError(f"{at}: {move} is not listed as legal but is accepted")
            reason, cited = why
            if not reason or not cited:
                raise AssertionError(f"{at}: {move} is refused without a reason or a rule: {why}")
        state = state.after(rng.choice(moves))


def _check_position(rules: Rules, state: State, at: str) -> None:
    """The position a round reached must be read back (the rule's check_position)."""
    text = _make(rules, state).to_position()
    try:
        Round.from_position(rules, text)
    except PositionError as exc:
        raise AssertionError(
            f"{at}: the round reached {text!r}, but reading it back is refused: {exc}: the "
            f"rule's check_position refuses a position its rounds reach"
        ) from exc


def _others(table: TableState, hand: int, moves: list[Move]) -> list[Move]:
    """The moves to try that are not legal: a draw, a pass, and every held tile onto
    every tile on the table that has a place now."""
    places = Table(table).places() if table.placed else ()
    out: list[Move] = [m for m in (DRAW, PASS) if m not in moves]
    bits = hand
    while bits:
        low = bits & -bits
        bits ^= low
        tile = TILES[low.bit_length() - 1]
        out.extend(Play(tile, onto) for onto in places if Play(tile, onto) not in moves)
    return out
