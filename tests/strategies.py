"""Hypothesis strategies for variants, deals and rounds in play.

Every strategy takes keyword-only options and shrinks toward the plainest case: a preset's
own knobs, its smallest table, the default round double and the first legal move::

    @given(rnd=played_rounds(preset="chickie-duel"))
    def test_something(rnd: Round) -> None: ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

import attrs
from hypothesis import strategies as st

from chickenfoot import PRESETS, PlayDrawn, Round, Rules, Start

__all__ = [
    "PRESET_NAMES",
    "Deal",
    "deals",
    "decisions",
    "move_bound",
    "played_rounds",
    "rounds",
    "rules",
    "to_decision",
]

T = TypeVar("T")

#: The preset names, in the order of the presets page of the rules guide.
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)


def _set_length(n: int) -> int:
    return (n + 1) * (n + 2) // 2


def _base_first(base: T, options: Sequence[T]) -> list[T]:
    """``options`` with ``base`` first, so that a drawn knob shrinks to the preset's value."""
    return [base, *(o for o in options if o != base)]


def _undealt(rules: Rules, start: Start) -> int:
    """The smallest boneyard over the variant's player counts, for a given start (R5, R6)."""
    sets = dict(rules.set_sizes)
    centre = 1 if start == "centre" else 0
    return min(_set_length(sets[p]) - p * hand - centre for p, hand in rules.hand_sizes)


@st.composite
def rules(draw: st.DrawFn, *, preset: str | None = None, custom: bool | None = None) -> Rules:
    """A preset, or a preset with some knobs changed that still make a valid variant.

    Args:
        preset: the preset to start from; drawn from :data:`PRESET_NAMES` when ``None``.
        custom: ``False`` gives the preset itself, ``True`` always changes knobs, ``None``
            draws either.

    The changed knobs are ``start`` (with ``"highest_held"``, R6b), ``opening_toes`` (3 to 6, as far as the smallest set
    of the variant allows), ``first_foot_required``, ``toes_per_double`` (1 to 3), a small
    ``boneyard_reserve`` that leaves something to draw at every player count,
    ``draws_per_turn`` (1, 2 or unlimited), ``play_drawn`` (with ``"never"``, R13b, one
    draw a turn), ``double_blank``,
    ``blank_value`` (R17b) and ``round_order`` (R19b).
    """
    name = preset if preset is not None else draw(st.sampled_from(PRESET_NAMES))
    base = PRESETS[name]
    if custom is None:
        custom = draw(st.booleans())
    if not custom:
        return base
    start_options: list[Start] = ["holder", "centre", "highest_held"]
    starts = [s for s in _base_first(base.start, start_options) if _undealt(base, s) >= 0]
    start = draw(st.sampled_from(starts))
    smallest_set = min(n for _, n in base.set_sizes)
    toes = [t for t in range(3, 7) if t <= smallest_set]
    reserves = list(range(min(3, _undealt(base, start) - 1) + 1))
    draw_limits: list[int | None] = [1, 2, None]
    keep_options: list[PlayDrawn] = ["must", "may", "never"]

    def knob(base_value: T, options: list[T]) -> T:
        return draw(st.sampled_from(_base_first(base_value, options)))

    opening_toes = knob(base.opening_toes, toes)
    first_foot = knob(base.first_foot_required, [False, True])
    toes_per_double = knob(base.toes_per_double, [1, 2, 3])
    reserve = knob(base.boneyard_reserve, reserves)
    draws = knob(base.draws_per_turn, draw_limits)
    play_drawn = knob(base.play_drawn, keep_options)  # "never": one draw a turn (R13b)
    return attrs.evolve(
        base,
        name=f"{name}-custom",
        start=start,
        opening_toes=opening_toes,
        first_foot_required=first_foot,
        toes_per_double=toes_per_double,
        boneyard_reserve=reserve,
        draws_per_turn=draws if play_drawn != "never" else 1,
        play_drawn=play_drawn,
        double_blank=knob(base.double_blank, [0, 25, 50]),
        blank_value=knob(base.blank_value, [0, 25]),
        round_order=knob(base.round_order, ["down", "down_up"]),
    )


# ``deals`` has an option called ``rules``; this is the strategy under another name.
_rules_strategy = rules


@attrs.frozen
class Deal:
    """Everything :meth:`Round.deal` needs; its repr pastes back into a test."""

    rules: Rules
    players: int
    seed: int
    round_double: int | None
    first: int

    def round(self) -> Round:
        """The round this deal gives."""
        return Round.deal(
            self.rules,
            self.players,
            seed=self.seed,
            round_double=self.round_double,
            first=self.first,
        )


@st.composite
def deals(
    draw: st.DrawFn,
    *,
    rules: Rules | None = None,
    preset: str | None = None,
    players: int | None = None,
) -> Deal:
    """A deal: a variant, a player count it covers, a seed, a round double and a first seat.

    Args:
        rules: the variant; drawn with :func:`rules` (from ``preset``) when ``None``.
        preset: the preset to draw the variant from when ``rules`` is ``None``.
        players: the player count; drawn from the variant's counts when ``None``.
    """
    if rules is None:
        rules = draw(_rules_strategy(preset=preset))
    if players is None:
        players = draw(st.sampled_from(rules.player_counts))
    n = rules.set_size(players)
    return Deal(
        rules=rules,
        players=players,
        seed=draw(st.integers(0, 2**32 - 1)),
        round_double=draw(st.none() | st.integers(0, n)),
        first=draw(st.integers(0, players - 1)),
    )


def rounds(
    *, rules: Rules | None = None, preset: str | None = None, players: int | None = None
) -> st.SearchStrategy[Round]:
    """A freshly dealt round (see :func:`deals` for the options)."""
    return deals(rules=rules, preset=preset, players=players).map(Deal.round)


def move_bound(rnd: Round) -> int:
    """An upper bound on the number of moves of any round with ``rnd``'s deal (R6-R16).

    * Every play moves one tile from a hand to the table, and every tile that is ever in a
      hand was dealt or drawn: at most ``H + B`` plays, for ``H`` tiles dealt to the hands
      and ``B`` in the boneyard.
    * Every draw takes one tile of the boneyard: at most ``B`` draws.
    * A pass changes nothing but the seat to move. Passes in a row are at most
      ``players``: one right after a draw (R6 search, R13), then passes at the start of a
      turn, which need a closed boneyard (R12-R15). With the boneyard closed and the state
      unchanged, a seat that has a play moves within ``players - 1`` turns, and if none
      has one the round is blocked at once (R16).

    So ``N = H + 2B`` non-pass moves, each followed by at most ``players`` passes, plus
    at most ``players`` passes before the first of them: ``N + players * (N + 1)``.
    """
    dealt = sum(len(h) for h in rnd.dealt_hands)
    boneyard = len(rnd.dealt_boneyard)
    plain = dealt + 2 * boneyard
    return plain + rnd.players * (plain + 1)


@st.composite
def played_rounds(
    draw: st.DrawFn,
    *,
    rules: Rules | None = None,
    preset: str | None = None,
    players: int | None = None,
    max_moves: int = 300,
    finished: bool = False,
    unfinished: bool = False,
) -> Round:
    """A round advanced by random legal moves, each move chosen by a drawn integer.

    Args:
        rules, preset, players: as for :func:`deals`.
        max_moves: the most moves to play; the number is drawn from 0 to this.
        finished: play on until the round is over (or :func:`move_bound` is reached,
            which only a broken engine allows; the caller should check ``is_over``).
        unfinished: stop before a move that would end the round, so the round returned is
            never over (no example is filtered out for being over, as with ``assume``).
    """
    rnd = draw(rounds(rules=rules, preset=preset, players=players))
    limit = move_bound(rnd) + 1 if finished else draw(st.integers(0, max_moves))
    for _ in range(limit):
        if rnd.is_over:
            break
        moves = rnd.legal_moves()
        if not moves:
            break  # a round that is not over always has a move; the tests say so
        choice = draw(st.integers(0, len(moves) - 1)) if len(moves) > 1 else 0
        after = rnd.apply(moves[choice])
        if unfinished and after.is_over:
            break
        rnd = after
    return rnd


def to_decision(rnd: Round, rng: random.Random, *, options: int = 2) -> Round | None:
    """``rnd`` played on at random until its player to move has ``options`` moves or more."""
    while not rnd.is_over:
        moves = rnd.legal_moves()
        if len(moves) >= options and rng.random() < 0.3:
            return rnd
        rnd = rnd.apply(rng.choice(moves))
    return None


def decisions(preset: str, players: int, count: int) -> list[Round]:
    """``count`` seeded rounds of ``preset``, each stopped at a choice of moves."""
    out: list[Round] = []
    seed = 0
    while len(out) < count:
        rnd = Round.deal(PRESETS[preset], players, seed=seed)
        found = to_decision(rnd, random.Random(seed))
        if found is not None:
            out.append(found)
        seed += 1
    return out
