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

How the deals are drawn, case by case of the start, and why. Counting is exact and its
samples cost little once the count is made, but its time grows with the classes of tiles
the seats' histories tell apart; rejection is exact too, and its time is random, but it
does not grow with the classes. So:

* a case is counted by ``_counting`` (by classes of tiles, in big integers) within a
  budget of steps (:data:`COUNT_BUDGET`, deterministic, so that a seeded ``rng`` gives
  the same sample on any machine), unless it has more than :data:`CLASSES` classes over
  the stages of the count, where no count was seen to finish within the budget: those
  go to rejection at once, without spending the budget;
* past the budget, by the rejection sampler of ``_rejection`` (Huber and Law's bound on
  the permanent, by tiles or by places), unless a seat has more than :data:`PATTERNS`
  patterns, which it lists (then by the exact count, without a budget);
* a finished round's count gets a larger budget (:data:`FINISHED_BUDGET`): its points
  (R17) are met by rejection alone, which rejects most attempts past four seats;
* past :data:`ATTEMPTS` rejected attempts in one sample, the count and the rejection
  take turns (``_Mixture._dovetailed``): count slices of steps and rounds of attempts,
  each twice the last, until one gives the sample, so a sample takes about twice the
  time of the quicker of the two, and neither runs without bound while the other would
  have finished.

Each way draws the deals uniformly, and which one draws a sample depends on nothing but
the view and the attempts so far (an accepted attempt is uniform however many were
rejected before it), so the samples are uniform whichever draws them. With several
cases, one is drawn by its weight (its exact count, or its proposal's bound) and one
attempt made at it, again and again until one is kept: a case's deals come out in
proportion to their number. The counts, the proposals and their matchings are kept per
view (the last :data:`_CACHE_SIZE`), so repeated samples of one view skip the work of the
first. ``_replay`` builds each sample's state: the first sample of a case is replayed
move by move with the engine's checks and kept as a template, and later samples are the
template with their tiles put in (a case whose facts are not exact replays every
sample). What is left slow: the first sample of a finished round from about eight seats
on, where neither the count nor the rejection is quick (the points of every seat's hand
must come out right); the bots page of the documentation gives measured times.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from math import exp, factorial, log
from threading import Lock
from typing import Final

from ._book import book_of
from ._counting import (
    ClassCounts,
    Drawn,
    OverBudgetError,
    Pool,
    SeatSlots,
    Stage,
    _hands_with,
    _SamplingError,
    _stage_order,
    bits,
)
from ._engine import Ending, Seen, State, history_moves
from ._facts import START_DRAWN, Facts, SeatFacts, facts_of
from ._house import undeclared
from ._moves import Event, Play
from ._rejection import Proposal, SeatPatterns, pattern_count
from ._replay import build_state
from ._rule import StartCase
from ._tiles import TILES
from .errors import IllegalMoveError, PositionError, SamplingError

__all__ = ["count_deals", "sample_state"]

#: How many views keep their counting tables.
_CACHE_SIZE: Final = 16
_cache: OrderedDict[Seen, _Mixture] = OrderedDict()
_cache_lock = Lock()


#: The steps the exact count of a case may take before a sample turns to rejection
#: (:meth:`ClassCounts.count <chickenfoot._counting.ClassCounts.count>`).
COUNT_BUDGET: Final = 3_000
#: The most patterns a seat may have for the rejection sampler, which lists them (the
#: draw slots that hold tiles of its hand, see ``_rejection.SeatPatterns``).
PATTERNS: Final = 4_096
#: The classes of tiles (over every stage of the count, ``_Plan.levels``) past which a
#: plan is not counted but sampled by rejection at once: a count of more has not been
#: seen to finish within :data:`COUNT_BUDGET` (``classic`` at 4 to 20 seats).
CLASSES: Final = 64
#: The steps the exact count of a finished round's case may take before its samples
#: turn to rejection (whose points, R17, are met by rejection alone).
FINISHED_BUDGET: Final = 200_000
#: The rejected attempts a sample may make before it counts exactly too, in slices
#: (``_Mixture._dovetailed``).
ATTEMPTS: Final = 10_000


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


class _Mixture:
    """Plans of the disjoint cases of one view's start (``Opening.start_cases``), sampled
    by count, or by bound and rejection (see the module)."""

    def __init__(self, plans: list[_Plan], loose: bool = False) -> None:
        self.plans = plans
        #: Whether a fact was left out, so that samples are checked by replay.
        self.loose = loose
        #: ln of each plan's exact count, or of its rejection bound; None until tried
        self._weights: list[float] | None = None

    def count(self) -> int:
        return sum(plan.count() for plan in self.plans)

    def sample(self, rng: random.Random) -> State:
        if self._weights is None:
            self._weights = [plan.log_weight() for plan in self.plans]
        if all(plan.counted for plan in self.plans):
            return self._exact(rng)
        found = self.by_rejection(rng, ATTEMPTS, self._weights)
        if found is not None:
            return found
        return self._dovetailed(rng, self._weights)

    def _dovetailed(self, rng: random.Random, weights: list[float]) -> State:
        """Past :data:`ATTEMPTS`: the exact counts in slices of steps and rejection in
        rounds of attempts, each twice the last, in turn, until one gives a sample.
        The slices depend on the view alone and an accepted attempt is uniform however
        many were rejected before it, so the sample is uniform either way, in about
        twice the time of the quicker."""
        budget, attempts = 4 * FINISHED_BUDGET, ATTEMPTS
        while True:
            for i, plan in enumerate(self.plans):
                if plan.counted:
                    continue
                try:
                    total = plan.count(budget)
                except OverBudgetError:
                    continue
                plan.counted = True
                weights[i] = log(total) if total else float("-inf")
            if all(plan.counted for plan in self.plans):
                return self._exact(rng)
            found = self.by_rejection(rng, attempts, weights)
            if found is not None:
                return found
            budget, attempts = 2 * budget, 2 * attempts

    def by_rejection(
        self, rng: random.Random, attempts: int, weights: list[float], counted: bool = True
    ) -> State | None:
        """A sample by rejection, or ``None`` after ``attempts`` rejected attempts: a case
        drawn by ``weights`` (ln of its count, or of its proposal's bound), then one
        attempt at it (``counted``: by its count where it is known)."""
        top = max(weights)
        if top == float("-inf"):
            raise _SamplingError("no deal replays the view")
        shares = [exp(w - top) for w in weights]
        total = sum(shares)
        for _ in range(attempts):
            u = rng.random() * total
            plan = self.plans[-1]
            for candidate, share in zip(self.plans, shares, strict=True):
                if u < share:
                    plan = candidate
                    break
                u -= share
            drawn = plan.attempt(rng, counted)
            if drawn is not None:
                return build_state(plan, drawn)
        return None

    def _exact(self, rng: random.Random) -> State:
        if len(self.plans) == 1:
            return self.plans[0].sample(rng)
        weights = [plan.count() for plan in self.plans]
        pick = rng.randrange(sum(weights))
        for plan, weight in zip(self.plans, weights, strict=True):
            if pick < weight:
                return plan.sample(rng)
            pick -= weight
        raise _SamplingError("the case weights do not add up")  # pragma: no cover


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

    def held(self, tiles: int) -> dict[int, int]:
        """The labels of ``tiles`` held for ever (``self(t, inf)`` of each, 0 left out),
        worked out slot by slot: a slot allows the tiles of its mask that no later rule
        says the hand lacked."""
        labels: dict[int, int] = {}
        for pos, arrive in enumerate(self.arrivals):
            lacked = 0
            for at, x in self.rules:
                if arrive < at:
                    lacked |= x
            bit = 1 << pos
            for t in bits(self.masks[pos] & tiles & ~lacked):
                labels[t] = labels.get(t, 0) | bit
        return labels


class _Plan(ClassCounts):
    """Everything a view's samples share in one case of its start (see
    :class:`~chickenfoot._rule.StartCase`): the slots, the classes and the counts (of
    :class:`~chickenfoot._counting.ClassCounts`), and the rejection sampler's proposal."""

    def __init__(self, view: Seen, facts: Facts, case: StartCase) -> None:
        self.view = view
        self.rules = view.rules
        self.events = [Event(seat, move, None) for seat, move in history_moves(view.history)]
        self.facts = facts
        self.mover = facts.mover
        self.draw_events = facts.draw_moves
        self.mine_drawn = facts.mine_drawn
        lacks, forced = self._start_lacks(case)
        self.forced = forced
        self.void = self._void(lacks[view.seat], forced)
        self._check_hidden()
        label_of = self._slots(lacks, forced)
        self._stages(label_of)
        self._classes(forced)
        #: whether the exact count is known (then samples walk it)
        self.counted = False
        self._proposal: Proposal | None = None
        self._public_moves()
        #: the first sample's checked replay, the state later samples are made from
        self.template: State | None = None

    def _public_moves(self) -> None:
        """What the history says of each seat for ``_replay``: the boneyard places of
        its draws, the tiles it played, and whether the newest move is a draw."""
        seats = len(self.view.hand_counts)
        self.history_draws: list[list[int]] = [[] for _ in range(seats)]
        self.played_mask = [0] * seats
        for place, i in enumerate(self.draw_events):
            self.history_draws[self.events[i].seat].append(place)
        for e in self.events:
            if isinstance(e.move, Play):
                self.played_mask[e.seat] |= 1 << e.move.tile.index
        self.ends_in_draw = bool(self.draw_events) and self.draw_events[-1] == len(self.events) - 1

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
        """The slots of every other seat (:class:`SeatSlots`) and the label of each
        hidden tile in each (seat -> tile -> label index)."""
        view, facts = self.view, self.facts
        label_of: dict[int, dict[int, int]] = {}
        self.seat_slots: dict[int, SeatSlots] = {}
        self.slot_map: dict[int, list[int]] = {}  # seat -> original slot of each draw slot
        self.pinned: dict[int, dict[int, int]] = {}
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
        held = allowed.held(facts.hidden & ~facts.blocked)
        for t in bits(facts.hidden):
            if (t in forced and forced[t] != seat) or facts.blocked >> t & 1:
                continue
            label = held.get(t, 0)
            if t in forced:
                label &= 1  # in the dealt hand (R6, R6b)
            if label:
                seat_labels[t] = index_of(label)
        dealt = self.view.hand_counts[seat] + len(slots.played) - (len(slots.arrivals) - 1)
        if dealt < 0:
            raise _SamplingError(f"seat {seat} drew more tiles than it holds and played")
        self.seat_slots[seat] = SeatSlots(dealt, len(free) - 1, labels)
        self.slot_map[seat] = free
        self.pinned[seat] = pinned
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
        self.value_of = {t: facts.values[t] for t in bits(hidden)} if outcome is not None else {}
        forbidden = self._forbidden()
        self.tagged = 0
        for q in forbidden:
            self.tagged |= q
        boneyard = Stage(-1, self.r, None, (), None)
        boneyard.forbidden = [tuple(bits(q)) for q in sorted(forbidden)]
        stages: list[Stage] = [boneyard] if forbidden else []
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
            stages.append(Stage(seat, view.hand_counts[seat], slots, played, score))
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
        for t in bits(hidden):
            key: list[int] = []
            for stage in stages:
                if stage.seat >= 0:
                    key.append(label_of[stage.seat].get(t, -1))
                elif t in forced:
                    key.append(-1)
                else:
                    key.append(t + 1 if tagged >> t & 1 else 0)
            key.append(self.value_of.get(t, 0))
            keys[t] = self._shed(tuple(key))
        self.keys = keys
        level = sorted(set(keys.values()))
        self.levels: list[list[tuple[int, ...]]] = []
        self.nexts: list[list[int]] = []
        for _ in range(len(stages) + 1):
            self.levels.append(level)
            following = sorted({self.next_key(key) for key in level})
            where = {key: j for j, key in enumerate(following)}
            self.nexts.append([where[self.next_key(key)] for key in level])
            level = following
        where = {key: j for j, key in enumerate(self.levels[0])}
        start = [0] * len(self.levels[0])
        for t in bits(hidden):
            start[where[keys[t]]] += 1
        self.start_pool: Pool = tuple(start)
        self.values = [[key[-1] for key in level] for level in self.levels]
        self._memo: dict[tuple[int, Pool], int] = {}
        # a last stage that is the undrawn boneyard with nothing forbidden takes what is
        # left in one way, unless a tile left must be in a dealt hand
        final = stages[-1]
        self.last_size = final.size
        self.last_plain = final.seat < 0 and not final.forbidden
        self.last_barred = [j for j, key in enumerate(self.levels[-2]) if key[0] < 0]

    def next_key(self, key: tuple[int, ...]) -> tuple[int, ...]:
        """A class key of one stage's level projected on the next stage's."""
        return self._shed(key[1:])

    def _shed(self, key: tuple[int, ...]) -> tuple[int, ...]:
        """``key`` (labels at the last stages, then points) with its points 0 if no
        stage left that scores a hand (R17) may hold the tile: tiles told apart by their
        points alone then merge into one class, which a finished round's count needs."""
        if not key or not key[-1]:
            return key
        stages = self.stages
        first = len(stages) - len(key) + 1
        for m, label in enumerate(key[:-1]):
            if label >= 0 and stages[first + m].score is not None:
                return key
        return (*key[:-1], 0)

    # -- for the beliefs (``deals_holding``) --------------------------------------------

    def holding(self, seat: int | None, deadline: float | None, held: dict[int, int]) -> int:
        """This case's deals, adding to ``held`` how many of them put each hidden tile in
        ``seat``'s hand (nothing for ``None``). The seat's stage is moved first, so that
        the tiles of each of its classes, interchangeable, share its expected count; the
        plan is changed, so it must be a fresh one (``_mixture``, not the cached plan)."""
        if seat is not None:
            bone = next(i for i, stage in enumerate(self.stages) if stage.seat < 0)
            forced = {t: -1 for t, key in self.keys.items() if key[bone] < 0}
            first = next(i for i, stage in enumerate(self.stages) if stage.seat == seat)
            self.stages.insert(0, self.stages.pop(first))
            self._classes(forced)
        if deadline is not None:
            self._memo = _Timed(deadline)
        total = self._completions(0, self.start_pool) * factorial(self.r)
        if seat is None:
            return total
        by_class = [0] * len(self.levels[0])
        for weight, picks, rest in self._choices(0, self.start_pool):
            weight *= self._completions(1, rest) * factorial(self.r)
            for j, x in picks:
                by_class[j] += weight * x
        for t, key in self.keys.items():
            j = self.levels[0].index(key)
            held[t] = held.get(t, 0) + by_class[j] // self.start_pool[j]
        return total

    # -- drawing -------------------------------------------------------------------------

    def log_weight(self) -> float:
        """ln of the exact count if it is counted within :data:`COUNT_BUDGET` (a finished
        round's within :data:`FINISHED_BUDGET`; none tried past :data:`CLASSES`), else
        ln of the rejection proposal's bound (``-inf``: no deal)."""
        try:
            # a finished round's points (R17) are met by rejection alone, slower than
            # counting at most tables: a finished round's count has a larger budget
            if self.facts.points:
                total = self.count(FINISHED_BUDGET)
            elif sum(len(level) for level in self.levels) > CLASSES:
                raise OverBudgetError
            else:
                total = self.count(COUNT_BUDGET)
        except OverBudgetError:
            hands = self.view.hand_counts
            if all(
                pattern_count(slots, hands[seat]) <= PATTERNS
                for seat, slots in self.seat_slots.items()
            ):
                return self.proposal().log_bound()
            total = self.count()  # too many patterns for the proposal
        self.counted = True
        return log(total) if total else float("-inf")

    def attempt(self, rng: random.Random, counted: bool = True) -> Drawn | None:
        """One attempt at a deal: drawn by the count if it is known (and ``counted``), else
        a proposal kept or rejected (``None``)."""
        if self.counted and counted:
            return self.draw_hands(rng)
        found = self.proposal().attempt(rng)
        if found is None:
            return None
        chosen, hands, undrawn = found
        dealt: dict[int, list[int]] = {}
        drawn_by: dict[int, list[int]] = {}
        for seat, pats in self.proposal().seats.items():
            mask, sub, _ = pats.patterns[chosen[seat]]
            mine, rest = sub.arrange(self.played_tiles[seat], rng)
            later = iter(rest)
            drawn = [-1] * (pats.slots.slots + 1)
            for k in range(1, pats.slots.slots + 1):
                if not mask >> k & 1:
                    drawn[k] = next(later)
            for t, slot in hands[seat]:
                if slot:
                    drawn[slot] = t
                else:
                    mine.append(t)
            dealt[seat] = mine
            drawn_by[seat] = self.by_slot(seat, drawn[1:])
        rng.shuffle(undrawn)
        return dealt, drawn_by, undrawn

    def proposal(self) -> Proposal:
        """The rejection sampler's proposal for this case (built once)."""
        if self._proposal is None:
            view, facts = self.view, self.facts
            labels: dict[int, dict[int, int]] = {}
            for t in bits(facts.hidden):
                labels[t] = {
                    seat: self.seat_slots[seat].labels[of[t]]
                    for seat, of in self.label_of.items()
                    if t in of
                }
            seats = {
                seat: SeatPatterns(slots, self.played_tiles[seat], view.hand_counts[seat])
                for seat, slots in self.seat_slots.items()
            }
            points = dict(enumerate(facts.points)) if facts.points else {}
            points.pop(view.seat, None)
            forbidden = [q for stage in self.stages if stage.seat < 0 for q in stage.forbidden]
            self._proposal = Proposal(
                seats, labels, (self.r, set(self.forced)), points, self.value_of, forbidden
            )
        return self._proposal

    def sample(self, rng: random.Random) -> State:
        """A deal drawn by the exact count, replayed (``_replay.build_state``)."""
        return build_state(self, self.draw_hands(rng))

    def by_slot(self, seat: int, drawn: list[int]) -> list[int]:
        """The tile of each of a seat's slots by original slot (-1 for the dealt hand),
        from the tiles of its free draw slots in order and its pinned ones."""
        full = [-1] * len(self.facts.seats[seat].arrivals)  # the dealt hand, each draw
        for pos, k in enumerate(self.slot_map[seat][1:], start=1):
            full[k] = drawn[pos - 1]
        for k, t in self.pinned[seat].items():
            full[k] = t
        return full


# -- for the beliefs (``_beliefs``): counts with a deadline, and the tiles a hand holds --


class _Timed(dict[tuple[int, Pool], int]):
    """A plan's memo that gives up (``TimeoutError``) once ``time.monotonic()`` passes
    ``deadline``: every count the DP finishes is stored here, so it is asked often."""

    def __init__(self, deadline: float) -> None:
        super().__init__()
        self.deadline = deadline

    def __setitem__(self, key: tuple[int, Pool], value: int) -> None:
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
        if not plan.void:
            total += plan.holding(seat, deadline, held)
    return total, held
