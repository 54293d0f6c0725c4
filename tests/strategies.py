"""Hypothesis strategies for variants, deals and rounds in play.

Every strategy takes keyword-only options and shrinks toward the plainest case: a preset's
own knobs, its smallest table, the default round double and the first legal move::

    @given(rnd=played_rounds(preset="chickie-duel"))
    def test_something(rnd: Round) -> None: ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs
from hypothesis import strategies as st

from chickenfoot import PRESETS, Round, Rules, RulesError

__all__ = [
    "PRESET_NAMES",
    "Deal",
    "deals",
    "decisions",
    "drawn_knobs",
    "move_bound",
    "played_rounds",
    "rounds",
    "rules",
    "to_decision",
]

T = TypeVar("T")

#: The preset names, in the order of the presets page of the rules guide.
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)


#: The most seats at which property tests sample views of R12b rounds (``must_play=False``).
#: There a draw tells nothing, random play draws often, and every drawn tile adds a slot
#: of its own to the exact sampler's count; past its budget the rejection sampler takes
#: over, whatever a seat drew, and a first sample at 8 seats takes a fraction of a
#: second. Tests that sample views at more seats keep R12 for those seats.
QUICK_R12B = 8


def _base_first(base: T, options: Sequence[T]) -> list[T]:
    """``options`` with ``base`` first, so that a drawn knob shrinks to the preset's value."""
    return [base, *(o for o in options if o != base)]


def _deals(base: Rules, knobs: dict[str, Any]) -> bool:
    """Whether ``base`` with ``knobs`` changed is a variant: the library's own checks say,
    raising :class:`RulesError` when the knobs clash or cannot be dealt (R5, R7, R13b, R14)."""
    try:
        attrs.evolve(base, **knobs)
    except RulesError:
        return False
    return True


#: The knobs :func:`rules` leaves at the preset's values: the name (it writes its own), the
#: player tables (the players of a deal are drawn from them) and the length of a match
#: (``rounds`` and ``target``, which callers set to their own schedules), and the house
#: rules (the tests of house rules give their own). Every other knob
#: of :class:`Rules` is drawn, a new one too, among the ``examples`` of its metadata.
LEFT_TO_CALLERS: frozenset[str] = frozenset(
    {"name", "set_sizes", "hand_sizes", "rounds", "target", "house"}
)
#: Knobs drawn after the others, in this order, because the values they may take depend
#: on other knobs: the reserve on the tiles the start leaves (R6, R14), the draws a turn
#: on ``play_drawn`` (R13b).
DRAWN_LAST: tuple[str, ...] = ("boneyard_reserve", "draws_per_turn")


def drawn_knobs() -> list[attrs.Attribute[Any]]:
    """The fields :func:`rules` draws, in the order it draws them."""
    fields = [f for f in attrs.fields(Rules) if f.name not in LEFT_TO_CALLERS]
    return sorted(fields, key=lambda f: DRAWN_LAST.index(f.name) if f.name in DRAWN_LAST else -1)


@st.composite
def rules(draw: st.DrawFn, *, preset: str | None = None, custom: bool | None = None) -> Rules:
    """A preset, or a preset with some knobs changed that still make a valid variant.

    Which knob values make a variant is not restated here: each knob is drawn among the
    values that :class:`Rules` accepts with the knobs drawn before it and the preset's
    values of those after it (it raises :class:`RulesError` for the others); a knob that
    may clash with another is drawn after it (:data:`DRAWN_LAST`).

    Args:
        preset: the preset to start from; drawn from :data:`PRESET_NAMES` when ``None``.
        custom: ``False`` gives the preset itself, ``True`` always changes knobs, ``None``
            draws either.

    The changed knobs are every knob but :data:`LEFT_TO_CALLERS`, each among the
    ``examples`` of its field's metadata: ``start`` (with ``"highest_held"``, R6b),
    ``opening_toes`` (3 to 6), ``first_foot_required``, ``toes_per_double`` (1 to 3),
    ``play_drawn`` (with ``"never"``, R13b), ``double_blank``, ``blank_value`` (R17b),
    ``round_order`` (R19b), ``target_mode``, ``tie_break``, a ``boneyard_reserve`` of 0 to
    3 and ``draws_per_turn`` (1, 2 or unlimited).
    """
    name = preset if preset is not None else draw(st.sampled_from(PRESET_NAMES))
    base = PRESETS[name]
    if custom is None:
        custom = draw(st.booleans())
    if not custom:
        return base
    changes: dict[str, Any] = {}
    for field in drawn_knobs():
        options = field.metadata["examples"]
        fitting = [
            option
            for option in _base_first(getattr(base, field.name), options)
            if _deals(base, {**changes, field.name: option})
        ]
        assert fitting, f"no value of {field.name} in {options} makes {base.name} a variant"
        changes[field.name] = draw(st.sampled_from(fitting))
    return attrs.evolve(base, name=f"{name}-custom", **changes)


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
    in_play: bool = False,
) -> Round:
    """A round advanced by random legal moves, each move chosen by a drawn integer.

    Args:
        rules, preset, players: as for :func:`deals`.
        max_moves: the most moves to play; the number is drawn from 0 to this.
        finished: play on until the round is over (or :func:`move_bound` is reached,
            which only a broken engine allows; the caller should check ``is_over``).
        in_play: never play a move that ends the round, so that a seat is always to
            move; the round stops just before its end instead (rather than a test
            filtering out finished rounds, which in a short variant are most of them).
    """
    if finished and in_play:
        raise ValueError("a round cannot be both finished and in play")
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
        if in_play and after.is_over:
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
