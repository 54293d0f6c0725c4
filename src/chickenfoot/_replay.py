"""A sampled deal as a state (internal): the round set up from the deal (or from the
view's position) and replayed move by move with the engine's checks, which must give the
view back.

The replay is done once per plan (a view's case of its start) and kept as a *template*:
every later deal of the plan whose facts are exact (``Facts.exact``) replays the same
public history, so its state is the template's with the deal's hands and boneyard put
in (the start's hands and boneyard, the hands now, the tile drawn last), without the
moves stepped again. A plan whose facts leave some out (a house rule that declares
nothing) replays every sample, and drops those the engine refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._counting import Drawn, _SamplingError
from ._engine import Start, State
from ._positions import checked_state, dealt_state
from ._tiles import TILES, mask_of

if TYPE_CHECKING:
    from ._sampling import _Plan as Replayed

__all__ = ["build_state"]


def build_state(plan: Replayed, drawn: Drawn) -> State:
    """The state of a deal: the plan's template with the deal put in, or (the first
    time, and for plans whose facts are not exact) the deal replayed move by move with
    the engine's checks, which must give the view back (else
    :class:`~chickenfoot._counting._SamplingError`)."""
    hands, boneyard, start_drawn = _deal_of(plan, drawn)
    template = plan.template
    if template is not None and plan.facts.exact:
        return _from_template(plan, template, hands, boneyard, start_drawn)
    state = _replayed(plan, hands, boneyard, start_drawn)
    # kept if the deal put into it gives the replayed state back (a house rule that
    # moves tiles outside the moves would not: its plan replays every sample)
    if plan.facts.exact and _from_template(plan, state, hands, boneyard, start_drawn) == state:
        plan.template = state
    return state


def _deal_of(plan: Replayed, drawn: Drawn) -> tuple[list[int], tuple[int, ...], int]:
    """The hands at the start (bitmasks, the mover's start-drawn tile in its hand), the
    boneyard in draw order, and the tile drawn just before a position (-1: none)."""
    dealt, drawn_by, undrawn = drawn
    view = plan.view
    me = view.seat
    events = plan.events
    start = view.start
    mover = plan.mover
    next_slot = dict.fromkeys(drawn_by, 1)
    if start.turn_draws and mover != me:
        next_slot[mover] = 2  # slot 1 is the tile it drew before the position
    order: list[int] = []
    mine_iter = iter(plan.mine_drawn)
    for i in plan.draw_events:
        seat = events[i].seat
        if seat == me:
            order.append(next(mine_iter))
        else:
            order.append(drawn_by[seat][next_slot[seat]])
            next_slot[seat] += 1
    hands = [
        plan.facts.mine_dealt if seat == me else mask_of(TILES[t] for t in dealt[seat])
        for seat in range(len(view.hand_counts))
    ]
    start_drawn = -1
    if start.position and start.turn_draws:  # drawn just before, in the mover's hand
        start_drawn = plan.facts.mine_start_drawn if mover == me else drawn_by[mover][1]
        hands[mover] |= 1 << start_drawn
    return hands, tuple(order + undrawn), start_drawn


def _replayed(
    plan: Replayed, hands: list[int], boneyard: tuple[int, ...], start_drawn: int
) -> State:
    """The deal set up and replayed move by move with the engine's checks."""
    view = plan.view
    start = view.start
    mover = plan.mover
    if not start.position:
        n = view.table.n
        state = dealt_state(
            plan.rules, n, tuple(hands), boneyard, view.table.dealt, view.first, None
        )
    else:
        drawn_tile = None if start_drawn < 0 else TILES[start_drawn]
        lead = None if start.lead < 0 else start.lead
        state = checked_state(
            plan.rules, start.table, start.placements, tuple(hands), boneyard,
            None if mover < 0 else mover, view.first, lead, start.turn_draws, drawn_tile,
        )  # fmt: skip
    for e in plan.events:
        if state.to_move != e.seat:
            raise _SamplingError(f"the sample has seat {state.to_move} to move, not {e.seat}")
        after = state.step(e.move)
        if after is None:
            raise _SamplingError(f"the sample refuses {e.move} of seat {e.seat}")
        state = after
    if state.seen_by(view.seat) != view:
        raise _SamplingError(f"a sample of {view!r} does not give the view back")
    return state


def _from_template(
    plan: Replayed, template: State, hands: list[int], boneyard: tuple[int, ...], start_drawn: int
) -> State:
    """The template's state with this deal's tiles: the start's hands and boneyard, the
    hands now (a seat's start hand, with its draws, less its plays) and the last tile
    drawn this turn (R13)."""
    t = template.start
    start = Start(
        t.n, t.dealt_for, t.first, t.seed, t.placements, t.table, tuple(hands), boneyard,
        t.to_move, t.lead, t.turn_draws, start_drawn, t.position,
    )  # fmt: skip
    now = list(template.hands)
    me = plan.view.seat
    draws = plan.history_draws
    for seat, hand in enumerate(hands):
        if seat != me:
            for i in draws[seat]:
                hand |= 1 << boneyard[i]
            now[seat] = hand & ~plan.played_mask[seat]
    last = template.last_drawn
    if last >= 0:
        last = boneyard[template.taken - 1] if plan.ends_in_draw else start_drawn
    return State(
        template.rules, template.table, tuple(now), boneyard, template.taken, template.lead,
        template.to_move, template.turn_draws, template.outcome, last, template.history,
        start, template.book,
    )  # fmt: skip
