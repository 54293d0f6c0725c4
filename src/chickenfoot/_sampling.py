"""Exact sampling of what a view hides: the other hands as dealt and the boneyard's order.

Internal; :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>` calls it.

A *deal* of a view is an assignment of the tiles the view's seat has not seen to *slots*:

* every other seat's dealt hand (as many tiles as it was dealt; for a round set up from a
  position, its hand at that position);
* every draw another seat made (one tile each; draws come from the top of the boneyard in
  turn, so a draw is a boneyard place);
* the boneyard still undrawn, in an order independent of everything else.

The sampler draws uniformly among the deals that replay the view's public history move by
move. It conditions on every fact the history holds instead of dealing at random and
hoping:

* a tile played by a seat sat in one of its slots before the play;
* a draw followed at once by a play of the same seat drew the played tile (R13);
* a seat that drew or passed held nothing that the engine would have let it play then
  (R6, R12-R15): which tiles those are is asked of the engine (``turn_moves``) with a
  hypothetical one-tile hand, so every knob is respected; after a draw the same question
  is asked of the drawn tile alone;
* who placed or searched for the round double first (R6), what a position's turn says
  (R12), and, once the boneyard is closed (R14), that somebody could still play (R16);
* once a round is over, every seat's penalty points (R17) and, for a blocked round, that
  nobody could play (R16).

Given the other seats' current hands, a seat's slots are filled independently of the
other seats: the number of ways is a small dynamic programme over its slots from the
newest back (:class:`_SeatSlots`). Tiles that no fact tells apart are interchangeable
(a *class*), so the hands are chosen seat by seat, as how many tiles of each class each
takes, with exact big-integer counts memoised on what is left (a vector of counts over
the classes the later seats still tell apart; in a finished round the seats whose points
leave the fewest hands come first). The last seat before the undrawn boneyard is counted
without listing its hands: class by class, by how many tiles of each of its labels it
holds and the points still to make (R17), the boneyard taking the rest in one way. A
sample walks those counts with ``rng.randrange`` over exact totals, then picks tiles
uniformly within classes, fills each seat's slots, shuffles the undrawn boneyard, builds
the round and replays every move with the engine's checks. The counts are kept per view, so repeated samples of one
view are cheap.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Iterator
from math import comb, factorial
from threading import Lock
from typing import Final

from ._engine import Ending
from ._house import undeclared
from ._moves import Draw, Play
from ._positions import checked_round, table_after
from ._round import Round
from ._rules import Rules
from ._shown import table_of
from ._table import TableState
from ._telling import Telling
from ._tiles import DOUBLES, HIGH, TILES, mask_of, set_length
from ._views import RoundView, start_drawn_tile
from .errors import IllegalMoveError, PositionError, SamplingError

__all__ = ["count_deals", "sample_state"]

#: How many views keep their counting tables.
_CACHE_SIZE: Final = 16
_cache: OrderedDict[RoundView, _Mixture] = OrderedDict()
_cache_lock = Lock()

# Arrival times: a dealt tile arrives before everything, the tile a position's mover had
# drawn arrives at the position, a tile drawn at event i just after it.
_DEALT: Final = -1.0
_START_DRAWN: Final = -0.5
_BEFORE_START: Final = -0.75


class _SamplingError(RuntimeError):
    """No deal fits the view, or a sample failed its replay: a fault of the sampler."""


#: How many samples a plan that leaves facts out may drop in one call (see
#: :func:`sample_state`).
TRIES: Final = 10_000


def sample_state(view: RoundView, rng: random.Random) -> Round:
    """A round drawn uniformly among the deals that replay ``view`` (see the module).

    When a house rule cannot say what a move tells, the plan covers more deals than
    replay the view (still drawn uniformly), and a sample whose replay refuses a move or
    does not give the view back is dropped and drawn again: the samples kept are uniform
    over the deals that replay the view. After :data:`TRIES` dropped samples,
    :class:`~chickenfoot.errors.SamplingError`.
    """
    plan = _plan_of(view)
    if not plan.loose:
        return plan.sample(rng)
    if not plan.count():
        raise _SamplingError(f"no deal replays {view!r}")
    for _ in range(TRIES):
        try:
            return plan.sample(rng)
        except (_SamplingError, IllegalMoveError, PositionError):
            continue
    names = ", ".join(f"{r.name} ({r.rule})" for r in undeclared(view.rules.house))
    raise SamplingError(
        f"no sample of this view replayed under {names} in {TRIES:,} tries: give the rule "
        f"reveal() or declare it separable"
    )


def count_deals(view: RoundView) -> int:
    """How many deals (other hands as dealt, boneyard order) replay ``view`` exactly.

    Raises:
        SamplingError: a house rule cannot say what a move of the view tells, so the
            plan counts more deals than replay it.
    """
    plan = _plan_of(view)
    if plan.loose:
        raise SamplingError("the house rules do not say what every move tells: no exact count")
    return plan.count()


def _plan_of(view: RoundView) -> _Mixture:
    with _cache_lock:
        plan = _cache.get(view)
        if plan is not None:
            _cache.move_to_end(view)
            return plan
    table = table_of(view)
    origin = table.origin
    placed = table.placed if origin is None else bool(origin.placements)
    split = view.rules.start != "centre" and not placed
    split = split and _start_case(view, _opening(view)) == "split"
    plan = _Mixture([_Plan(view, 0), _Plan(view, 1)] if split else [_Plan(view)])
    with _cache_lock:
        _cache[view] = plan
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return plan


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _SeatSlots:
    """One hidden seat's slots and the count of ways to fill them.

    Slot 0 is the dealt hand (``dealt`` tiles), slots 1.. the seat's draws in time order
    (one tile each). A tile's *label* is the bitmask of the slots it may fill. ``ways``
    counts the assignments of a multiset of labelled tiles to the slots, newest slot
    first: each draw slot takes one tile whose label allows it, and a tile whose label
    allows no older slot must be taken at once.
    """

    def __init__(self, dealt: int, slots: int, labels: list[int]) -> None:
        self.dealt = dealt
        self.slots = slots  # draw slots, numbered 1..slots
        self.labels = labels
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(self, s: int, counts: tuple[int, ...]) -> int:
        """Assignments of the tiles ``counts`` (by label) to slots ``s``..1 and the deal."""
        key = (s, counts)
        memo = self._memo
        found = memo.get(key)
        if found is not None:
            return found
        labels = self.labels
        if sum(counts) != self.dealt + s:
            total = 0
        elif s == 0:
            total = int(all(not c or labels[i] & 1 for i, c in enumerate(counts)))
        else:
            total = 0
            older = (1 << s) - 1
            forced = [i for i, c in enumerate(counts) if c and not labels[i] & older]
            if len(forced) > 1 or (forced and counts[forced[0]] > 1):
                total = 0
            else:
                options = forced or [i for i, c in enumerate(counts) if c]
                for i in options:
                    if labels[i] >> s & 1:
                        rest = (*counts[:i], counts[i] - 1, *counts[i + 1 :])
                        total += counts[i] * self.ways(s - 1, rest)
        memo[key] = total
        return total

    def arrange(
        self, tiles: list[tuple[int, int]], rng: random.Random
    ) -> tuple[list[int], list[int]]:
        """Fill the slots with ``tiles`` (tile, label index) uniformly among the ways:
        the dealt tiles, and the tile of each draw slot 1..slots in order."""
        counts = [0] * len(self.labels)
        pools: list[list[int]] = [[] for _ in self.labels]
        for t, i in tiles:
            counts[i] += 1
            pools[i].append(t)
        drawn = [0] * (self.slots + 1)
        for s in range(self.slots, 0, -1):
            state = tuple(counts)
            total = self.ways(s, state)
            if not total:
                raise _SamplingError("a seat's slots cannot be filled")
            pick = rng.randrange(total)
            for i, c in enumerate(counts):
                if not c or not self.labels[i] >> s & 1:
                    continue
                rest = (*state[:i], c - 1, *state[i + 1 :])
                weight = c * self.ways(s - 1, rest)
                if pick < weight:
                    break
                pick -= weight
            else:  # pragma: no cover - the weights add up to the total
                raise _SamplingError("the slot weights do not add up")
            pool = pools[i]
            k = rng.randrange(len(pool))
            pool[k], pool[-1] = pool[-1], pool[k]
            drawn[s] = pool.pop()
            counts[i] -= 1
        return [t for pool in pools for t in pool], drawn[1:]


class _Allowed:
    """The slots a tile may fill in one seat: its label (see :class:`_SeatSlots`)."""

    def __init__(
        self, arrivals: list[float], masks: list[int], rules: list[tuple[float, int]]
    ) -> None:
        self.arrivals = arrivals  # when each slot's tile arrives in the hand
        self.masks = masks  # the tiles each slot may hold, on its own
        self.rules = rules  # (time, tiles the hand may not hold then)

    def __call__(self, t: int, until: float) -> int:
        """The label of tile ``t`` held until ``until`` (its play, or for ever)."""
        label = 0
        for pos, arrive in enumerate(self.arrivals):
            if arrive >= until:
                break
            if not self.masks[pos] >> t & 1:
                continue
            if any(arrive < at < until and x >> t & 1 for at, x in self.rules):
                continue
            label |= 1 << pos
        return label


class _Stage:
    """One step of the hand DP: a hidden seat's current hand, or the undrawn boneyard."""

    def __init__(
        self,
        seat: int,
        size: int,
        slots: _SeatSlots | None,
        played: tuple[int, ...],
        score: int | None,
    ) -> None:
        self.seat = seat  # -1 for the boneyard
        self.size = size
        self.slots = slots
        self.played = played  # label counts of the tiles the seat played (its own slots)
        self.score = score  # the penalty points its hand ends with, once the round is over
        self.forbidden: list[tuple[int, ...]] = []  # boneyard: entry sets it may not hold


class _Mixture:
    """Plans of disjoint cases of one view (see :func:`_start_case`), sampled by count."""

    def __init__(self, plans: list[_Plan]) -> None:
        self.plans = plans
        #: Whether a fact was left out, so that samples are checked by replay.
        self.loose = any(plan.telling.loose for plan in plans)

    def count(self) -> int:
        return sum(plan.count() for plan in self.plans)

    def sample(self, rng: random.Random) -> Round:
        if len(self.plans) == 1:
            return self.plans[0].sample(rng)
        weights = [plan.count() for plan in self.plans]
        pick = rng.randrange(sum(weights))
        for plan, weight in zip(self.plans, weights, strict=True):
            if pick < weight:
                return plan.sample(rng)
            pick -= weight
        raise _SamplingError("the case weights do not add up")  # pragma: no cover


#: A state of the hand DP: how many tiles of each class of its stage are still to place.
_Pool = tuple[int, ...]
#: A choice of one stage: (class, how many of its tiles) pairs, the classes in order.
_Picks = tuple[tuple[int, int], ...]


class _Plan:
    """Everything a view's samples share: the slots, the classes and the counts."""

    def __init__(self, view: RoundView, branch: int = 0) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        table_now = table_of(view)
        n = table_now.n
        full = (1 << set_length(n)) - 1
        origin = table_now.origin
        events = view.history
        self.events = events
        me = view.seat
        players = view.players
        dealt_for = table_now.dealt
        centre = rules.start == "centre"
        opening = _opening(view)
        told = Telling(view, full, _last_tile(view))  # what each move tells (R6, R12-R17)
        self.telling = told

        # -- the public replay: the table, draws this turn and boneyard at every event --
        if origin is None:
            table = TableState.empty(n, opening, dealt_for)
            if centre:
                table = table.with_round_double(rules.opening_toes, dealt_for)
            turn_draws = 0
        else:
            table = table_after(rules, n, origin.double, dealt_for, origin.placements)
            turn_draws = origin.draws
        draws_total = sum(1 for e in events if type(e.move) is Draw)
        left = view.boneyard_count + draws_total
        mover = events[0].seat if events else view.to_move
        self.mover = mover

        # slots of every seat: arrival time of each, the draw's event index (-1 for the
        # tile drawn before a position, None for the deal)
        arrivals: list[list[float]] = [[_DEALT] for _ in range(players)]
        slot_event: list[list[int | None]] = [[None] for _ in range(players)]
        start_slot = origin is not None and origin.draws > 0
        if start_slot:
            assert mover is not None
            arrivals[mover].append(_START_DRAWN)
            slot_event[mover].append(-1)
        hand_rules: list[list[tuple[float, int]]] = [[] for _ in range(players)]
        slot_allowed: list[dict[int, int]] = [{} for _ in range(players)]
        pinned: list[dict[int, int]] = [{} for _ in range(players)]  # slot -> tile
        played: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # (tile, event)
        closed_checks: list[int | None] = []  # tiles with a play, the boneyard closed

        def closed(tbl: TableState, lft: int) -> bool:
            return tbl.placed and lft <= rules.boneyard_reserve

        start_table = table  # the table when the history starts
        if closed(table, left) and (events or view.outcome is None):
            closed_checks.append(_somebody_plays(table, full, told, left, -1))
        for i, e in enumerate(events):
            seat, move = e.seat, e.move
            kind = type(move)
            if kind is Play:
                assert isinstance(move, Play)
                t = move.tile.index
                played[seat].append((t, i))
                said = told.said(i, table, seat, turn_draws, left, move)  # R13, house rules
                if said.lacks:
                    hand_rules[seat].append((float(i), said.lacks))
                if turn_draws and said.drawn_is == t:
                    pinned[seat][len(arrivals[seat]) - 1] = t
                if move.onto is None:
                    table = table.with_round_double(rules.opening_toes, t)
                else:
                    table = table.after(
                        t, move.onto.index, rules.toes_per_double, rules.first_foot_required
                    )
                turn_draws = 0
            else:
                if turn_draws:
                    bad = told.lacks(i, table, seat, turn_draws, left, move)
                    last = len(arrivals[seat]) - 1
                    slot_allowed[seat][last] = slot_allowed[seat].get(last, full) & ~bad
                else:
                    hand_rules[seat].append((float(i), told.lacks(i, table, seat, 0, left, move)))
                if kind is Draw:
                    arrivals[seat].append(i + 0.5)
                    slot_event[seat].append(i)
                    turn_draws += 1
                    left -= 1
                else:
                    turn_draws = 0
            if closed(table, left) and (i + 1 < len(events) or view.outcome is None):
                closed_checks.append(_somebody_plays(table, full, told, left, i))
        self.draw_events = [i for i, e in enumerate(events) if type(e.move) is Draw]

        # -- who moved first (R6, R6b) and what a position's turn says (R12) ----------
        forced_deal: dict[int, int] = {}  # tile -> the seat whose dealt hand holds it
        eligible = _eligible(rules, dealt_for)
        if not centre and not start_table.placed:
            every = sum(1 << d for d in eligible) | 1 << opening
            case = _start_case(view, opening)
            if case == "search" or (case == "split" and branch == 1):
                nobody = every  # no seat held a double that could open (R6, R6b)
            else:  # the seat to move held the opening double, nobody a higher one
                nobody = sum(1 << d for d in eligible if d > opening)
                if mover is not None:
                    forced_deal[opening] = mover
            for seat in range(players):
                rule = nobody if seat == mover else nobody | 1 << opening
                hand_rules[seat].append((_START_DRAWN, rule))
        if start_slot:  # the mover drew, so it held nothing to play or place (R6, R12)
            assert mover is not None
            if start_table.placed:
                before = told.drew_at_start(start_table, mover, left + draws_total + 1)
            else:
                before = sum(1 << d for d in eligible) | 1 << start_table.double
            hand_rules[mover].append((_BEFORE_START, before))

        # the viewer's own dealt hand (before any draw) must fit the start too (R6, R6b)
        mine_dealt = mask_of(view.hand)
        for e in events:
            if e.seat == me and type(e.move) is Play:
                mine_dealt |= 1 << e.move.tile.index
        for e in events:
            if e.seat == me and e.drawn is not None:
                mine_dealt &= ~(1 << e.drawn.index)
        start_drawn = start_drawn_tile(view)
        if start_drawn is not None:
            mine_dealt &= ~(1 << start_drawn.index)
        self.void = any(x & mine_dealt for at, x in hand_rules[me] if at < 0)
        for t, seat in forced_deal.items():
            if (seat == me) != bool(mine_dealt >> t & 1):
                self.void = True

        # -- what is known and what is hidden ----------------------------------------------
        mine = mask_of(view.hand)
        hidden = full & ~table_now.on & ~mine
        r = view.boneyard_count
        hidden_count = hidden.bit_count()
        if hidden_count != r + sum(c for s, c in enumerate(view.hand_counts) if s != me):
            raise _SamplingError("the hidden tiles do not add up")
        self.mine_drawn = [e.drawn.index for e in events if e.seat == me and e.drawn is not None]

        # the end of the round: scores (R17) and, when blocked, nobody could play (R16)
        outcome = view.outcome
        boneyard_only = 0
        if outcome is not None and outcome.ending is Ending.BLOCKED:
            boneyard_only = told.no_play(table, left) if told.house else tbl_playable(table, full)
            if boneyard_only & ~hidden:
                raise _SamplingError("a blocked round with a playable tile in a hand")
        values = {t: told.value(t) for t in _bits(hidden)} if (scored := told.scored()) else {}

        # closed boneyard: not every playable tile off the table may be undrawn (R14, R16)
        forbidden_sets: set[int] = set()
        for q in closed_checks:
            if q is None:  # a house rule cannot say which tiles had a play
                continue
            if q & ~hidden or q.bit_count() > r:
                continue
            if not q:
                raise _SamplingError("nobody could play while the round went on")
            forbidden_sets.add(q)
        tagged = 0
        for q in forbidden_sets:
            tagged |= q

        # -- every hidden seat's slots and every tile's labels -----------------------------
        others = [s for s in range(players) if s != me]
        label_of: dict[int, dict[int, int]] = {}  # seat -> tile -> label index
        self.seat_slots: dict[int, _SeatSlots] = {}
        self.slot_map: dict[int, list[int]] = {}  # seat -> original slot of each draw slot
        self.pinned = pinned
        self.slot_event = slot_event
        played_counts: dict[int, tuple[int, ...]] = {}
        self.played_tiles: dict[int, list[tuple[int, int]]] = {}
        for seat in others:
            free = [k for k in range(len(arrivals[seat])) if k not in pinned[seat]]
            allowed = _Allowed(
                [arrivals[seat][k] for k in free],
                [slot_allowed[seat].get(k, full) for k in free],
                hand_rules[seat],
            )

            pinned_tiles = set(pinned[seat].values())
            labels: list[int] = []
            index: dict[int, int] = {}

            def index_of(
                label: int, labels: list[int] = labels, index: dict[int, int] = index
            ) -> int:
                found = index.get(label)
                if found is None:
                    found = index[label] = len(labels)
                    labels.append(label)
                return found

            own: list[tuple[int, int]] = []
            for t, at in played[seat]:
                if t in pinned_tiles:
                    continue
                label = allowed(t, float(at))
                if not label:
                    raise _SamplingError(f"{TILES[t]} cannot have been in seat {seat}'s hand")
                own.append((t, index_of(label)))
            seat_labels: dict[int, int] = {}
            for t in _bits(hidden):
                if (t in forced_deal and forced_deal[t] != seat) or boneyard_only >> t & 1:
                    continue
                label = allowed(t, float("inf"))
                if t in forced_deal:
                    label &= 1
                if label:
                    seat_labels[t] = index_of(label)
            label_of[seat] = seat_labels
            dealt = view.hand_counts[seat] + len(played[seat]) - (len(arrivals[seat]) - 1)
            if dealt < 0:
                raise _SamplingError(f"seat {seat} drew more tiles than it holds and played")
            self.seat_slots[seat] = _SeatSlots(dealt, len(free) - 1, labels)
            self.slot_map[seat] = free
            counts = [0] * len(labels)
            for _, i in own:
                counts[i] += 1
            played_counts[seat] = tuple(counts)
            self.played_tiles[seat] = own

        # -- the stages of the hand DP and every hidden tile's class key ------------------
        stages: list[_Stage] = []
        boneyard = _Stage(-1, r, None, (), None)
        boneyard.forbidden = [tuple(_bits(q)) for q in sorted(forbidden_sets)]
        if forbidden_sets:
            stages.append(boneyard)
        order = _stage_order(others, label_of, hidden)
        if scored:  # the fewest hands first: the points leave few (R17)
            order.sort(
                key=lambda seat: _hands_with(
                    [values[t] for t in label_of[seat]], view.hand_counts[seat], told.score(seat)
                )
            )
        for seat in order:
            score = told.score(seat) if scored else None
            stages.append(
                _Stage(
                    seat, view.hand_counts[seat], self.seat_slots[seat], played_counts[seat], score
                )
            )
        if not forbidden_sets:
            stages.append(boneyard)
        self.stages = stages
        keys: dict[int, tuple[int, ...]] = {}
        for t in _bits(hidden):
            key: list[int] = []
            for stage in stages:
                if stage.seat < 0:
                    if t in forced_deal:
                        key.append(-1)
                    else:
                        key.append(t + 1 if tagged >> t & 1 else 0)
                else:
                    key.append(label_of[stage.seat].get(t, -1))
            key.append(values.get(t, 0))
            keys[t] = tuple(key)
        self.keys = keys
        # the classes of each stage of the DP: a class's key projected on the stages
        # from i on (equal projections merge), and where each goes at the next stage
        level = sorted(set(keys.values()))
        self.levels: list[list[tuple[int, ...]]] = []
        self.nexts: list[list[int]] = []
        for _ in range(len(stages) + 1):
            self.levels.append(level)
            following = sorted({key[1:] for key in level})
            where = {key: j for j, key in enumerate(following)}
            self.nexts.append([where[key[1:]] for key in level])
            level = following
        where = {key: j for j, key in enumerate(self.levels[0])}
        start = [0] * len(self.levels[0])
        for t in _bits(hidden):
            start[where[keys[t]]] += 1
        self.start_pool: _Pool = tuple(start)
        self.values = [[key[-1] for key in level] for level in self.levels]
        self._memo: dict[tuple[int, _Pool], int] = {}
        self.r = r
        # a last stage that is the undrawn boneyard with nothing forbidden takes what is
        # left in one way, unless a tile left must be in a dealt hand
        final = stages[-1]
        self.last_size = final.size
        self.last_plain = final.seat < 0 and not final.forbidden
        self.last_barred = [j for j, key in enumerate(self.levels[-2]) if key[0] < 0]

    # -- counting ----------------------------------------------------------------------

    def count(self) -> int:
        """The number of deals: hand assignments times the undrawn boneyard's orders."""
        if self.void:
            return 0
        return self._completions(0, self.start_pool) * factorial(self.r)

    def _choices(self, i: int, pool: _Pool) -> Iterator[tuple[int, _Picks, _Pool]]:
        """Every choice of stage ``i``: (weight, (class, count) taken, what is left)."""
        stage = self.stages[i]
        keys = self.levels[i]
        nexts = self.nexts[i]
        base = [0] * len(self.levels[i + 1])
        for j, c in enumerate(pool):
            if c:
                base[nexts[j]] += c
        if i + 1 == len(self.stages):  # the last stage takes every tile left
            if sum(pool) != stage.size or any(c and keys[j][0] < 0 for j, c in enumerate(pool)):
                return
            choices = [(1, tuple((j, c) for j, c in enumerate(pool) if c))]
        else:
            choices = _walk(pool, [key[0] >= 0 for key in keys], stage, self.values[i])
        for weight, picks in self._weighted(i, choices):
            rest = base.copy()
            for j, x in picks:
                rest[nexts[j]] -= x
            yield weight, picks, tuple(rest)

    def _weighted(self, i: int, choices: list[tuple[int, _Picks]]) -> Iterator[tuple[int, _Picks]]:
        """The choices of stage ``i`` times the ways to fill its slots, the void ones
        (a forbidden boneyard, slots that cannot be filled) left out."""
        stage = self.stages[i]
        keys = self.levels[i]
        slots = stage.slots
        for weight, picks in choices:
            if slots is None:
                if stage.forbidden and self._breaks(keys, picks, stage):
                    continue
            else:
                counts = list(stage.played)
                for j, x in picks:
                    counts[keys[j][0]] += x
                weight *= slots.ways(slots.slots, tuple(counts))
                if not weight:
                    continue
            yield weight, picks

    @staticmethod
    def _breaks(keys: list[tuple[int, ...]], picks: _Picks, stage: _Stage) -> bool:
        """Whether the undrawn boneyard ``picks`` holds every tile of a forbidden set."""
        inside = {keys[j][0] - 1 for j, _ in picks if keys[j][0] > 0}
        return any(all(t in inside for t in q) for q in stage.forbidden)

    def _completions(self, i: int, pool: _Pool) -> int:
        if i + 1 >= len(self.stages):  # the last stage takes every tile left: no memo
            if i == len(self.stages):
                return 0 if any(pool) else 1
            if self.last_plain:
                if sum(pool) != self.last_size or any(pool[j] for j in self.last_barred):
                    return 0
                return 1
            return sum(weight for weight, _, _ in self._choices(i, pool))
        key = (i, pool)
        found = self._memo.get(key)
        if found is not None:
            return found
        total = 0
        if i + 2 == len(self.stages) and self.last_plain:
            total = self._last_seat(i, pool)
        else:
            for weight, _, rest in self._choices(i, pool):
                total += weight * self._completions(i + 1, rest)
        self._memo[key] = total
        return total

    def _last_seat(self, i: int, pool: _Pool) -> int:
        """:meth:`_completions` of the last seat before a plain boneyard, without listing
        its hands: the hands are counted class by class by the seat's label counts (and
        points left, R17), each count times the ways to fill the seat's slots. The seat
        takes every tile the boneyard may not (a dealt tile), and the boneyard the rest."""
        stage = self.stages[i]
        slots = stage.slots
        assert slots is not None
        keys = self.levels[i]
        nexts = self.nexts[i]
        values = self.values[i]
        barred = set(self.last_barred)
        # (tiles still to take, points still to make, label counts) -> hands
        ways: dict[tuple[int, int, tuple[int, ...]], int] = {
            (stage.size, stage.score or 0, stage.played): 1
        }
        # what the classes after each one can still give: tiles, least and most points
        room = [0] * (len(pool) + 1)
        low_v = [0] * (len(pool) + 1)
        high_v = [0] * (len(pool) + 1)
        cheapest, dearest = None, 0
        for j in range(len(pool) - 1, -1, -1):
            if pool[j] and keys[j][0] >= 0:
                room[j] = room[j + 1] + pool[j]
                cheapest = values[j] if cheapest is None else min(cheapest, values[j])
                dearest = max(dearest, values[j])
            else:
                room[j] = room[j + 1]
            low_v[j] = cheapest or 0
            high_v[j] = dearest
        for j, c in enumerate(pool):
            if not c:
                continue
            fits = room[j + 1]
            least, most = low_v[j + 1], high_v[j + 1]
            label = keys[j][0]
            if nexts[j] in barred:
                if label < 0:
                    return 0
                low = c
            else:
                low = 0
            high = c if label >= 0 else 0
            v = values[j]
            step: dict[tuple[int, int, tuple[int, ...]], int] = {}
            for (need, points, counts), w in ways.items():
                for x in range(low, min(high, need) + 1):
                    left = points - x * v
                    rest = need - x
                    if rest > fits or left < rest * least or left > rest * most:
                        continue
                    if x:
                        after = (*counts[:label], counts[label] + x, *counts[label + 1 :])
                    else:
                        after = counts
                    state = (need - x, left, after)
                    step[state] = step.get(state, 0) + w * comb(c, x)
            ways = step
            if not ways:
                return 0
        return sum(
            w * slots.ways(slots.slots, counts)
            for (need, points, counts), w in ways.items()
            if not need and not points
        )

    # -- sampling ----------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Round:
        total = 0 if self.void else self._completions(0, self.start_pool)
        if not total:
            raise _SamplingError(f"no deal replays {self.view!r}")
        tiles: dict[tuple[int, ...], list[int]] = {}
        for t, key in self.keys.items():
            tiles.setdefault(key, []).append(t)
        pool = self.start_pool
        hands: dict[int, list[int]] = {}
        drawn_by: dict[int, list[int]] = {}
        undrawn: list[int] = []
        for i, stage in enumerate(self.stages):
            pick = rng.randrange(self._completions(i, pool))
            for weight, option, after in self._choices(i, pool):
                weight *= self._completions(i + 1, after)
                if pick < weight:
                    choice, rest = option, after
                    break
                pick -= weight
            else:  # pragma: no cover - the weights add up to the total
                raise _SamplingError("the hand weights do not add up")
            chosen: list[tuple[int, int]] = []  # (tile, entry of this stage)
            left_over: dict[tuple[int, ...], list[int]] = {}
            taken = dict(choice)
            for j, (key, c) in enumerate(zip(self.levels[i], pool, strict=True)):
                if not c:
                    continue
                x = taken.get(j, 0)
                group = tiles[key]
                rng.shuffle(group)
                chosen.extend((t, key[0]) for t in group[:x])
                if len(group) > x:
                    left_over.setdefault(key[1:], []).extend(group[x:])
            tiles = left_over
            if stage.seat < 0:
                undrawn = [t for t, _ in chosen]
            else:
                hands[stage.seat], drawn_by[stage.seat] = self._fill(stage, chosen, rng)
            pool = rest
        rng.shuffle(undrawn)
        return self._build(hands, drawn_by, undrawn)

    def _fill(
        self,
        stage: _Stage,
        chosen: list[tuple[int, int]],
        rng: random.Random,
    ) -> tuple[list[int], list[int]]:
        """The seat's dealt tiles, and the tile of each of its slots (by original slot)."""
        seat = stage.seat
        slots = stage.slots
        assert slots is not None
        dealt, drawn = slots.arrange(chosen + self.played_tiles[seat], rng)
        full = [-1] * len(self.slot_event[seat])
        for pos, k in enumerate(self.slot_map[seat][1:], start=1):
            full[k] = drawn[pos - 1]
        for k, t in self.pinned[seat].items():
            full[k] = t
        return dealt, full

    def _build(
        self, dealt: dict[int, list[int]], drawn_by: dict[int, list[int]], undrawn: list[int]
    ) -> Round:
        view = self.view
        rules = self.rules
        me = view.seat
        events = self.events
        # the viewer's own slots are known
        mine_played = [e.move.tile.index for e in events if e.seat == me and type(e.move) is Play]
        mine_dealt_mask = mask_of(view.hand)
        for t in mine_played:
            mine_dealt_mask |= 1 << t
        for t in self.mine_drawn:
            mine_dealt_mask &= ~(1 << t)
        origin = table_of(view).origin
        start_drawn = start_drawn_tile(view)
        next_slot = dict.fromkeys(drawn_by, 1)
        if origin is not None and origin.draws and self.mover is not None and self.mover != me:
            next_slot[self.mover] = 2
        order: list[int] = []
        mine_iter = iter(self.mine_drawn)
        for i in self.draw_events:
            seat = events[i].seat
            if seat == me:
                order.append(next(mine_iter))
            else:
                order.append(drawn_by[seat][next_slot[seat]])
                next_slot[seat] += 1
        boneyard = order + undrawn
        hands: list[int] = []
        for seat in range(view.players):
            if seat == me:
                hands.append(mine_dealt_mask)
            else:
                hands.append(mask_of(TILES[t] for t in dealt[seat]))
        if origin is None:
            rnd = Round.from_deal(
                rules,
                [[TILES[t] for t in _bits(h)] for h in hands],
                [TILES[t] for t in boneyard],
                round_double=view.dealt_for,
                first=view.first,
            )
        else:
            mover = self.mover
            drawn_tile = None
            if origin.draws:
                assert mover is not None
                if mover == me:
                    drawn_tile = start_drawn
                else:
                    t = drawn_by[mover][1]
                    hands[mover] |= 1 << t
                    drawn_tile = TILES[t]
            now = table_of(view)
            table = table_after(rules, now.n, origin.double, now.dealt, origin.placements)
            lead = None if origin.lead < 0 or rules.start == "centre" else origin.lead
            rnd = checked_round(
                rules, table, origin.placements, tuple(hands), tuple(boneyard),
                mover, view.first, lead, origin.draws, drawn_tile,
            )  # fmt: skip
        for e in events:
            if rnd.to_move != e.seat:
                raise _SamplingError(f"the sample has seat {rnd.to_move} to move, not {e.seat}")
            rnd = rnd.apply(e.move)
        if rnd.view(me) != view:
            raise _SamplingError(f"a sample of {view!r} does not give the view back")
        return rnd


def _eligible(rules: Rules, dealt_for: int) -> list[int]:
    """The doubles that may open a round dealt for ``dealt_for`` (R6; R6b: any lower)."""
    if rules.start != "highest_held":
        return [dealt_for]
    return [DOUBLES[k] for k in range(HIGH[dealt_for], -1, -1)]


def _opening(view: RoundView) -> int:
    """The round double the round started with before anything was placed: the double
    placed by the first move if its holder placed it at once, else the one searched for
    (R6, R6b)."""
    table = table_of(view)
    origin = table.origin
    if origin is not None:
        return origin.double
    if table.placed and view.rules.start != "centre":
        events = view.history
        first = events[0].move
        if type(first) is Play and first.onto is None:
            return first.tile.index
        return table.dealt
    return table.double


def _start_case(view: RoundView, opening: int) -> str:
    """What the start of a round whose round double was not placed yet tells (R6, R6b):
    ``"search"`` (nobody held a double that could open), ``"held"`` (the seat to move
    held the opening double) or ``"split"`` (either: the seat to move holds the double
    dealt for, or nobody holds any, which look the same until it moves)."""
    table = table_of(view)
    origin = table.origin
    events = view.history
    if origin is None:
        if events:
            return "search" if type(events[0].move) is Draw else "held"
        if opening != table.dealt or view.to_move != view.first:
            return "held"
        return "split"
    if origin.draws:
        return "search"  # the seat to move drew in the search (R6)
    if events:  # the seat to move placed what it held, or drew for want of it (R6, R6b)
        return "held" if type(events[0].move) is Play else "search"
    return "held" if opening != table.dealt else "split"


def _stage_order(seats: list[int], label_of: dict[int, dict[int, int]], hidden: int) -> list[int]:
    """The seats in an order that merges tile classes early: each time the seat without
    which the others tell the fewest classes apart (fewer states to memoise)."""
    rest = list(seats)
    kinds = {tuple(label_of[s].get(t, -1) for s in rest) for t in _bits(hidden)}
    order: list[int] = []
    while rest:

        def left_classes(p: int, kinds: set[tuple[int, ...]] = kinds) -> tuple[int, int]:
            left = {kind[:p] + kind[p + 1 :] for kind in kinds}
            return len(left), -len(set(label_of[rest[p]].values()))

        best = min(range(len(rest)), key=left_classes)
        order.append(rest.pop(best))
        kinds = {kind[:best] + kind[best + 1 :] for kind in kinds}
    return order


def _walk(
    pool: _Pool, usable: list[bool], stage: _Stage, values: list[int]
) -> list[tuple[int, _Picks]]:
    """Every way for ``stage`` to take its ``size`` tiles from ``pool`` (classes it may
    hold only), worth its score if it has one (R17), each with its weight: the product
    of the binomials of the tiles taken from each class."""
    score = stage.score
    scored = score is not None
    order = [j for j, c in enumerate(pool) if c and usable[j]]
    if scored:  # the dearest first, so that the bounds below are tight
        order.sort(key=lambda j: -values[j])
    width = len(order)
    room = [pool[j] for j in order]
    worth = [values[j] for j in order]
    after = [0] * (width + 1)  # tiles in the classes from m on
    for m in range(width - 1, -1, -1):
        after[m] = after[m + 1] + room[m]
    size = stage.size
    out: list[tuple[int, _Picks]] = []
    if after[0] < size:
        return out
    # points of the dearest and of the cheapest tiles from m on (R17)
    flat = [v for v, c in zip(worth, room, strict=True) for _ in range(c)]
    prefix = [0]
    for v in flat:
        prefix.append(prefix[-1] + v)
    total = len(flat)
    start = [total - a for a in after]
    picks: list[tuple[int, int]] = []

    def go(m: int, need: int, points: int, weight: int) -> None:
        # ``need`` > 0 and the classes from m on hold at least ``need`` tiles
        if scored:
            s = start[m]
            if (
                points > prefix[s + need] - prefix[s]
                or points < prefix[total] - prefix[total - need]
            ):
                return
        c = room[m]
        j = order[m]
        v = worth[m]
        for x in range(min(c, need), max(0, need - after[m + 1]) - 1, -1):
            if x == need:  # the hand is full: it must be worth its points
                if points == x * v:
                    picks.append((j, x))
                    out.append((weight * comb(c, x), tuple(sorted(picks))))
                    picks.pop()
            elif x:
                picks.append((j, x))
                go(m + 1, need - x, points - x * v, weight * comb(c, x))
                picks.pop()
            else:
                go(m + 1, need, points, weight)

    if size == 0:
        return [(1, ())] if not score else out
    go(0, size, score or 0, 1)
    return out


def _hands_with(values: list[int], size: int, points: int) -> int:
    """How many ``size``-tile hands of tiles worth ``values`` are worth ``points``."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in values:
        for (k, p), w in list(ways.items()):
            if k < size and p + v <= points:
                ways[k + 1, p + v] = ways.get((k + 1, p + v), 0) + w
    return ways.get((size, points), 0)


def tbl_playable(table: TableState, full: int) -> int:
    """The tiles off ``table`` that have a play on it (R7-R10)."""
    return table.playable(full & ~table.on)


def _last_tile(view: RoundView) -> int:
    """The index of the tile the winner went out with, or -1 (R17: the house rules'
    bonuses read it)."""
    outcome, events = view.outcome, view.history
    if outcome is None or outcome.ending is not Ending.WENT_OUT or not events:
        return -1
    move = events[-1].move
    if isinstance(move, Play) and events[-1].seat == outcome.winner:
        return move.tile.index
    return -1


def _somebody_plays(table: TableState, full: int, told: Telling, left: int, i: int) -> int | None:
    """The tiles off ``table`` of which a hand held one, the boneyard closed after event
    ``i`` and the round going on (R14, R16); ``None`` when a house rule cannot say."""
    if told.asks(table):
        return told.some_play(table, left, i)
    return tbl_playable(table, full)
