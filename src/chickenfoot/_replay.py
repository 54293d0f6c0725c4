"""A sampled deal as a state (internal): the round set up from the deal (or from the
view's position) and replayed move by move with the engine's checks, which must give the
view back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._counting import Drawn, _SamplingError
from ._positions import checked_state, dealt_state
from ._tiles import TILES, mask_of

if TYPE_CHECKING:
    from ._engine import State
    from ._sampling import _Plan as Replayed

__all__ = ["build_state"]


def build_state(plan: Replayed, drawn: Drawn) -> State:
    """The state of a deal, replayed move by move with the engine's checks: it must give
    the view back (else :class:`~chickenfoot._counting._SamplingError`)."""
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
    boneyard = order + undrawn
    hands = [
        plan.facts.mine_dealt if seat == me else mask_of(TILES[t] for t in dealt[seat])
        for seat in range(len(view.hand_counts))
    ]
    if not start.position:
        n = view.table.n
        state = dealt_state(
            plan.rules, n, tuple(hands), tuple(boneyard), view.table.dealt, view.first, None
        )
    else:
        drawn_tile = None
        if start.turn_draws:  # the tile drawn just before, in the mover's hand there
            t = plan.facts.mine_start_drawn if mover == me else drawn_by[mover][1]
            hands[mover] |= 1 << t
            drawn_tile = TILES[t]
        lead = None if start.lead < 0 else start.lead
        state = checked_state(
            plan.rules, start.table, start.placements, tuple(hands), tuple(boneyard),
            None if mover < 0 else mover, view.first, lead, start.turn_draws, drawn_tile,
        )  # fmt: skip
    for e in events:
        if state.to_move != e.seat:
            raise _SamplingError(f"the sample has seat {state.to_move} to move, not {e.seat}")
        after = state.step(e.move)
        if after is None:
            raise _SamplingError(f"the sample refuses {e.move} of seat {e.seat}")
        state = after
    if state.seen_by(me) != view:
        raise _SamplingError(f"a sample of {view!r} does not give the view back")
    return state
