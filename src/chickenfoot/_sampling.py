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
hoping; the facts are read by ``_facts`` from the view's ``Seen`` and asked of its
rulebook, so every knob is respected:

* a tile played by a seat sat in one of its slots before the play;
* what each move tells of the mover's hand (``Book.reveal``): a seat that drew or passed
  held nothing it could play then (R6, R12-R15), a drawn tile it drew again or passed
  on had no play (R13, R13b), a play just after a draw played the drawn tile (R13);
* the start's cases (``Opening.start_cases``): who placed or searched for the round
  double first (R6, R6b), one plan each, mixed by their counts; what a position's turn
  says (R12); and, while the boneyard is closed (``Drawing.may_draw``, R14), that
  somebody could still play (R16);
* once a round is over, every seat's penalty points (R17), less the scoring's public
  points, and, for a blocked round, that nobody could play (R16).

A move whose ``Reveal`` is not complete (a house rule that declares nothing, R12-R17
under it) leaves facts out: the plans then cover more deals than replay the view, still
drawn uniformly, and a sample whose replay refuses a move or does not give the view back
is dropped and drawn again (:data:`TRIES` at most, then
:class:`~chickenfoot.errors.SamplingError`), so the samples kept are uniform over the
deals that replay the view.

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
the round and replays every move with the engine's checks. The counts are kept per
view, so repeated samples of one view are cheap.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from collections.abc import Iterator
from math import comb, factorial
from threading import Lock
from typing import Final

from ._book import book_of
from ._engine import Ending, Seen, State, history_moves
from ._facts import START_DRAWN, Facts, SeatFacts, facts_of
from ._house import undeclared
from ._moves import Event
from ._positions import checked_state, dealt_state
from ._rule import StartCase
from ._tiles import TILES, mask_of
from .errors import IllegalMoveError, PositionError, SamplingError

__all__ = ["count_deals", "sample_state"]

#: How many views keep their counting tables.
_CACHE_SIZE: Final = 16
_cache: OrderedDict[Seen, _Mixture] = OrderedDict()
_cache_lock = Lock()


class _SamplingError(RuntimeError):
    """No deal fits the view, or a sample failed its replay: a fault of the sampler."""


#: How many samples a plan that leaves facts out may drop in one call (see
#: :func:`sample_state`).
TRIES: Final = 10_000


def sample_state(view: Seen, rng: random.Random) -> State:
    """A state drawn uniformly among the deals that replay ``view`` (see the module).

    When a house rule cannot say what a move tells, the plan covers more deals than
    replay the view (still drawn uniformly), and a sample is replayed as a state
    (``State.step`` move by move): one that refuses a move, or whose ``seen_by`` of the
    view's seat is not ``view``, is dropped and drawn again, so the samples kept are
    uniform over the deals that replay the view. After :data:`TRIES` dropped samples,
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
    rules = undeclared(view.rules.house) or view.rules.house
    names = ", ".join(f"{r.name} ({r.rule})" for r in rules)
    raise SamplingError(
        f"no sample of this view replayed under {names} in {TRIES:,} tries: give the rule "
        f"reveal() or declare it separable"
    )


def count_deals(view: Seen) -> int:
    """How many deals (other hands as dealt, boneyard order) replay ``view`` exactly.

    Raises:
        SamplingError: a house rule cannot say what a move of the view tells, so the
            plan counts more deals than replay it.
    """
    plan = _plan_of(view)
    if plan.loose:
        raise SamplingError("the house rules do not say what every move tells: no exact count")
    return plan.count()


def _plan_of(view: Seen) -> _Mixture:
    with _cache_lock:
        plan = _cache.get(view)
        if plan is not None:
            _cache.move_to_end(view)
            return plan
    plan = _mixture(view)
    with _cache_lock:
        _cache[view] = plan
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return plan


def _mixture(view: Seen) -> _Mixture:
    """The plans of ``view``, one for each case of its start (R6, R6b), from what its
    history tells under its rulebook."""
    outcome = view.outcome
    blocked = outcome is not None and outcome.ending is Ending.BLOCKED
    facts = facts_of(view, book_of(view.rules), blocked)
    # A rule that could not say all that a move tells (a Reveal with complete=False, a
    # house rule that declares nothing) leaves its facts out: the plans then count a
    # superset of the deals that replay the view, and sample_state replays each sample
    # and drops the wrong ones (the fallback of "What a rule must declare for exact
    # sampling" in the internals page). No family of the library leaves a fact out.
    return _Mixture([_Plan(view, facts, case) for case in facts.cases], not facts.exact)


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
    """Plans of the disjoint cases of one view's start (``Opening.start_cases``), sampled
    by count."""

    def __init__(self, plans: list[_Plan], loose: bool = False) -> None:
        self.plans = plans
        #: Whether a fact was left out, so that samples are checked by replay.
        self.loose = loose

    def count(self) -> int:
        return sum(plan.count() for plan in self.plans)

    def sample(self, rng: random.Random) -> State:
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
    """Everything a view's samples share in one case of its start (see
    :class:`~chickenfoot._rule.StartCase`): the slots, the classes and the counts."""

    def __init__(self, view: Seen, facts: Facts, case: StartCase) -> None:
        self.view = view
        self.rules = view.rules
        self.events = [Event(seat, move, None) for seat, move in history_moves(view.history)]
        self.facts = facts
        self.mover = facts.mover
        self.draw_events = facts.draw_moves
        self.mine_drawn = facts.mine_drawn
        lacks, forced = self._start_lacks(case)
        self.void = self._void(lacks[view.seat], forced)
        self._check_hidden()
        label_of = self._slots(lacks, forced)
        self._stages(label_of)
        self._classes(forced)

    # -- what the start's case adds, and whether the viewer's own hand fits it --------

    def _start_lacks(self, case: StartCase) -> tuple[list[list[tuple[float, int]]], dict[int, int]]:
        """Every seat's (time, tiles its hand held none of then), the start's case among
        them, and the tiles the case puts in a dealt hand (tile -> seat) (R6, R6b)."""
        facts = self.facts
        lacks = [list(seat.lacks) for seat in facts.seats]
        if case.nobody_held:
            for seat_lacks in lacks:
                seat_lacks.append((START_DRAWN, case.nobody_held))
        forced: dict[int, int] = {}
        if case.mover_held >= 0 and facts.mover >= 0:
            forced[case.mover_held] = facts.mover
        return lacks, forced

    def _void(self, mine: list[tuple[float, int]], forced: dict[int, int]) -> bool:
        """Whether the viewer's own dealt hand breaks what the start tells (R6, R6b, R12):
        then no deal of this case replays the view."""
        me, dealt = self.view.seat, self.facts.mine_dealt
        if any(x & dealt for at, x in mine if at < 0):
            return True
        return any((seat == me) != bool(dealt >> t & 1) for t, seat in forced.items())

    def _check_hidden(self) -> None:
        """The hidden tiles are the other hands and the boneyard; a blocked round's tiles
        with a play are none of the viewer's (R16)."""
        view, facts = self.view, self.facts
        others = sum(c for s, c in enumerate(view.hand_counts) if s != view.seat)
        if facts.hidden.bit_count() != view.left + others:
            raise _SamplingError("the hidden tiles do not add up")
        if facts.blocked & ~facts.hidden:
            raise _SamplingError("a blocked round with a playable tile in a hand")

    # -- every hidden seat's slots and every tile's labels ---------------------------------

    def _slots(
        self, lacks: list[list[tuple[float, int]]], forced: dict[int, int]
    ) -> dict[int, dict[int, int]]:
        """The slots of every other seat (:class:`_SeatSlots`) and the label of each
        hidden tile in each (seat -> tile -> label index)."""
        view, facts = self.view, self.facts
        label_of: dict[int, dict[int, int]] = {}
        self.seat_slots: dict[int, _SeatSlots] = {}
        self.slot_map: dict[int, list[int]] = {}  # seat -> original slot of each draw slot
        self.pinned: dict[int, dict[int, int]] = {}
        self.slot_event: dict[int, list[int | None]] = {}
        self.played_counts: dict[int, tuple[int, ...]] = {}
        self.played_tiles: dict[int, list[tuple[int, int]]] = {}
        for seat in range(len(view.hand_counts)):
            if seat != view.seat:
                label_of[seat] = self._seat_labels(seat, facts.seats[seat], lacks[seat], forced)
        return label_of

    def _seat_labels(
        self, seat: int, slots: SeatFacts, lacks: list[tuple[float, int]], forced: dict[int, int]
    ) -> dict[int, int]:
        """One seat's slots, the labels of the tiles it played and of the hidden tiles
        it may hold (tile -> label index)."""
        facts = self.facts
        full = facts.full
        pinned = slots.pinned
        free = [k for k in range(len(slots.arrivals)) if k not in pinned]
        allowed = _Allowed(
            [slots.arrivals[k] for k in free],
            [slots.allowed.get(k, full) for k in free],
            lacks,
        )
        labels: list[int] = []
        index: dict[int, int] = {}

        def index_of(label: int) -> int:
            found = index.get(label)
            if found is None:
                found = index[label] = len(labels)
                labels.append(label)
            return found

        pinned_tiles = set(pinned.values())
        own: list[tuple[int, int]] = []
        for t, at in slots.played:
            if t in pinned_tiles:
                continue
            label = allowed(t, float(at))
            if not label:
                raise _SamplingError(f"{TILES[t]} cannot have been in seat {seat}'s hand")
            own.append((t, index_of(label)))
        seat_labels: dict[int, int] = {}
        for t in _bits(facts.hidden):
            if (t in forced and forced[t] != seat) or facts.blocked >> t & 1:
                continue
            label = allowed(t, float("inf"))
            if t in forced:
                label &= 1  # in the dealt hand (R6, R6b)
            if label:
                seat_labels[t] = index_of(label)
        dealt = self.view.hand_counts[seat] + len(slots.played) - (len(slots.arrivals) - 1)
        if dealt < 0:
            raise _SamplingError(f"seat {seat} drew more tiles than it holds and played")
        self.seat_slots[seat] = _SeatSlots(dealt, len(free) - 1, labels)
        self.slot_map[seat] = free
        self.pinned[seat] = pinned
        self.slot_event[seat] = slots.draw_moves
        counts = [0] * len(labels)
        for _, i in own:
            counts[i] += 1
        self.played_counts[seat] = tuple(counts)
        self.played_tiles[seat] = own
        return seat_labels

    # -- the stages of the hand DP and every hidden tile's class key ----------------------

    def _forbidden(self) -> set[int]:
        """The sets of tiles the undrawn boneyard may not hold all of: while it was closed
        and the round went on, some hand held a tile with a play (R14, R16)."""
        hidden, r = self.facts.hidden, self.view.left
        out: set[int] = set()
        for q in self.facts.closed:
            if q & ~hidden or q.bit_count() > r:
                continue  # a hand the viewer sees, or too many for the boneyard
            if not q:
                raise _SamplingError("nobody could play while the round went on")
            out.add(q)
        return out

    def _stages(self, label_of: dict[int, dict[int, int]]) -> None:
        """The stages of the hand DP in order: the seats whose points leave the fewest
        hands first in a finished round (R17), the boneyard first if anything is
        forbidden to it, else last."""
        view, facts = self.view, self.facts
        outcome = view.outcome
        hidden = facts.hidden
        self.r = view.left
        self.value_of = {t: facts.values[t] for t in _bits(hidden)} if outcome is not None else {}
        forbidden = self._forbidden()
        self.tagged = 0
        for q in forbidden:
            self.tagged |= q
        boneyard = _Stage(-1, self.r, None, (), None)
        boneyard.forbidden = [tuple(_bits(q)) for q in sorted(forbidden)]
        stages: list[_Stage] = [boneyard] if forbidden else []
        order = _stage_order(list(label_of), label_of, hidden)
        points = facts.points
        if points:  # the fewest hands first: the points leave few (R17)
            value_of = self.value_of
            order.sort(
                key=lambda seat: _hands_with(
                    [value_of[t] for t in label_of[seat]], view.hand_counts[seat], points[seat]
                )
            )
        for seat in order:
            score = points[seat] if points else None
            slots, played = self.seat_slots[seat], self.played_counts[seat]
            stages.append(_Stage(seat, view.hand_counts[seat], slots, played, score))
        if not forbidden:
            stages.append(boneyard)
        self.stages = stages
        self.label_of = label_of

    def _classes(self, forced: dict[int, int]) -> None:
        """Every hidden tile's class key (its label at each stage, then its points) and
        the classes of each stage of the DP: a key projected on the stages from ``i`` on
        (equal projections merge), and where each goes at the next stage."""
        stages, label_of, tagged = self.stages, self.label_of, self.tagged
        hidden = self.facts.hidden
        keys: dict[int, tuple[int, ...]] = {}
        for t in _bits(hidden):
            key: list[int] = []
            for stage in stages:
                if stage.seat >= 0:
                    key.append(label_of[stage.seat].get(t, -1))
                elif t in forced:
                    key.append(-1)
                else:
                    key.append(t + 1 if tagged >> t & 1 else 0)
            key.append(self.value_of.get(t, 0))
            keys[t] = tuple(key)
        self.keys = keys
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

    def sample(self, rng: random.Random) -> State:
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
    ) -> State:
        """The state of a sample, replayed move by move with the engine's checks: it must
        give the view back."""
        view = self.view
        me = view.seat
        events = self.events
        start = view.start
        mover = self.mover
        next_slot = dict.fromkeys(drawn_by, 1)
        if start.turn_draws and mover != me:
            next_slot[mover] = 2  # slot 1 is the tile it drew before the position
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
        hands = [
            self.facts.mine_dealt if seat == me else mask_of(TILES[t] for t in dealt[seat])
            for seat in range(len(view.hand_counts))
        ]
        if not start.position:
            n = view.table.n
            state = dealt_state(
                self.rules, n, tuple(hands), tuple(boneyard), view.table.dealt, view.first, None
            )
        else:
            drawn_tile = None
            if start.turn_draws:  # the tile drawn just before, in the mover's hand there
                t = self.facts.mine_start_drawn if mover == me else drawn_by[mover][1]
                hands[mover] |= 1 << t
                drawn_tile = TILES[t]
            lead = None if start.lead < 0 else start.lead
            state = checked_state(
                self.rules, start.table, start.placements, tuple(hands), tuple(boneyard),
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


# -- for the beliefs (``_beliefs``): counts with a deadline, and the tiles a hand holds --


class _Timed(dict[tuple[int, _Pool], int]):
    """A plan's memo that gives up (``TimeoutError``) once ``time.monotonic()`` passes
    ``deadline``: every count the DP finishes is stored here, so it is asked often."""

    def __init__(self, deadline: float) -> None:
        super().__init__()
        self.deadline = deadline

    def __setitem__(self, key: tuple[int, _Pool], value: int) -> None:
        if time.monotonic() > self.deadline:
            raise TimeoutError("the count ran out of time")
        super().__setitem__(key, value)


def deals_holding(
    view: Seen, seat: int | None, deadline: float | None
) -> tuple[int, dict[int, int]]:
    """How many deals replay ``view`` and, for each hidden tile, how many of them put it
    in ``seat``'s hand now (``{}`` for ``seat=None``). The seat's stage is counted first,
    so that the tiles of each of its classes, interchangeable, share its expected count.

    Raises:
        SamplingError: the facts are not exact (see :func:`count_deals`).
        TimeoutError: ``time.monotonic()`` passed ``deadline`` (``None``: no limit).
    """
    mixture = _mixture(view)
    if mixture.loose:
        raise SamplingError("the house rules do not say what every move tells: no exact count")
    total, held = 0, dict[int, int]()
    for plan in mixture.plans:
        if plan.void:
            continue
        if seat is not None:
            bone = next(i for i, stage in enumerate(plan.stages) if stage.seat < 0)
            forced = {t: -1 for t, key in plan.keys.items() if key[bone] < 0}
            first = next(i for i, stage in enumerate(plan.stages) if stage.seat == seat)
            plan.stages.insert(0, plan.stages.pop(first))
            plan._classes(forced)
        if deadline is not None:
            plan._memo = _Timed(deadline)
        total += plan._completions(0, plan.start_pool) * factorial(plan.r)
        if seat is None:
            continue
        by_class = [0] * len(plan.levels[0])
        for weight, picks, rest in plan._choices(0, plan.start_pool):
            weight *= plan._completions(1, rest) * factorial(plan.r)
            for j, x in picks:
                by_class[j] += weight * x
        for t, key in plan.keys.items():
            j = plan.levels[0].index(key)
            held[t] = held.get(t, 0) + by_class[j] // plan.start_pool[j]
    return total, held
