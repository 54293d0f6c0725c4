"""Tests of the solver of rounds whose every tile is known (``chickenfoot.analysis``).

The solver's values, the root's and every legal move's, must be those of the plain
minimax of ``tests/minimax.py`` (the whole tree through the public ``Round`` API, no
pruning, no table) on tiny rounds of many variants: double-three and double-four sets at
two and three seats, the start, draw, reserve and scoring knobs (R6, R6b, R7, R8, R12b,
R13, R13b, R14, R17, R17b, R17c) and the house rules of ``tests/house_rules.py``; and on
the last moves of rounds of every preset. Its best line must replay to its value, its
limits must say when they stopped it, and scenarios check what the rules make of a move
(R17c: going out on a double costs its points).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from house_rules import CostlyDoubles, NoBlankOnTheDouble, WildDoubleBlank
from hypothesis import given, settings
from hypothesis import strategies as st
from minimax import move_values
from strategies import played_rounds

from chickenfoot import PRESETS, Draw, Ending, Move, Pass, Play, Round, Rules, Tile
from chickenfoot._solver import INF, NO_MOVE, TwoSeats
from chickenfoot.analysis import Solution, _weights, par, solve
from chickenfoot.state import State, state_of


def tiny(players: int, n: int, hand: int, **knobs: Any) -> Rules:
    """A tiny variant of ``chickie-duel``: the double-``n`` set, ``hand`` tiles each, the
    round double's three places (R3, R7), no first foot (R8) and no reserve (R14), then
    ``knobs``."""
    base = attrs.evolve(
        PRESETS["chickie-duel"],
        name="tiny",
        set_sizes={players: n},
        hand_sizes={players: hand},
        opening_toes=3,
        first_foot_required=False,
        boneyard_reserve=0,
    )
    return attrs.evolve(base, **knobs)


#: Tiny variants whose whole game trees the minimax walks in a moment, by name, with
#: their player count.
VARIANTS: dict[str, tuple[Rules, int]] = {
    "double-3": (tiny(2, 3, 3), 2),
    "double-4": (tiny(2, 4, 3), 2),
    "cross and first foot (R7, R8)": (tiny(2, 4, 3, opening_toes=4, first_foot_required=True), 2),
    "draw beside a play (R12b)": (tiny(2, 3, 3, must_play=False), 2),
    "keep the drawn tile (R13 may)": (tiny(2, 4, 3, play_drawn="may"), 2),
    "never play the drawn tile (R13b)": (tiny(2, 4, 3, play_drawn="never"), 2),
    "draw until a play (R13)": (tiny(2, 4, 3, draws_per_turn=None), 2),
    "reserve (R14)": (tiny(2, 4, 3, boneyard_reserve=2), 2),
    "blanks count (R17, R17b)": (tiny(2, 4, 3, blank_value=25, double_blank=50), 2),
    "out on a double (R17c)": (tiny(2, 4, 3, out_on_double=50), 2),
    "centre start (R6)": (tiny(2, 4, 3, start="centre"), 2),
    "highest held (R6b)": (tiny(2, 4, 3, start="highest_held"), 2),
    "house rule H1": (tiny(2, 4, 3, house=[NoBlankOnTheDouble()]), 2),
    "house rule H2": (tiny(2, 3, 3, house=[WildDoubleBlank()]), 2),
    "house rule H3": (tiny(2, 4, 3, house=[CostlyDoubles()]), 2),
    "3 seats, double-4": (tiny(3, 4, 3), 3),
    "3 seats, double-3": (tiny(3, 3, 2), 3),
    "3 seats, out on a double (R17c)": (tiny(3, 4, 3, out_on_double=50), 3),
    "3 seats, draw beside a play (R12b)": (tiny(3, 3, 2, must_play=False), 3),
    "3 seats, house rule H3": (tiny(3, 4, 3, house=[CostlyDoubles()]), 3),
}


def check_against_minimax(rnd: Round, solution: Solution) -> None:
    """``solution`` of ``rnd`` is the minimax's: every move's value, the best value and
    moves; and its best line replays to that value."""
    expected = move_values(rnd)
    assert solution.complete
    assert solution.seat == rnd.to_move
    assert list(solution.values) == expected
    best = max(value for _, value in expected)
    assert solution.value == best
    assert solution.moves == tuple(move for move, value in expected if value == best)
    end = rnd
    for move in solution.principal:
        end = end.apply(move)
    assert end.outcome is not None
    assert solution.principal[0] in solution.moves
    assert end.outcome.margin(solution.seat) == solution.value
    if rnd.players == 2:
        assert type(solution.value) is int


def positions(rules: Rules, players: int, seed: int) -> Iterator[Round]:
    """Every position in play of the round dealt from ``seed``, played at random."""
    rng = random.Random(seed)
    rnd = Round.deal(rules, players, seed=seed, first=rng.randrange(players))
    while not rnd.is_over:
        yield rnd
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))


@pytest.mark.parametrize("name", VARIANTS)
def test_the_solver_agrees_with_minimax_on_every_position_of_seeded_rounds(name: str) -> None:
    rules, players = VARIANTS[name]
    compared = 0
    for seed in range(8):
        for rnd in positions(rules, players, seed):
            check_against_minimax(rnd, solve(rnd))
            compared += 1
    assert compared >= 40  # a round of these variants has several positions in play


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=30)
@given(data=st.data())
def test_the_solver_agrees_with_minimax_on_tiny_rounds(name: str, data: st.DataObject) -> None:
    rules, players = VARIANTS[name]
    rnd = data.draw(played_rounds(rules=rules, players=players, max_moves=30, in_play=True))
    if rnd.is_over:  # over at the deal: a seat's whole hand went onto the table
        with pytest.raises(ValueError, match="the round is over"):
            solve(rnd)
        return
    check_against_minimax(rnd, solve(rnd))


def tree_size(rnd: Round, cap: int) -> int:
    """How many positions the game tree from ``rnd`` holds, counted up to ``cap``."""
    count = 1
    for move in rnd.legal_moves():
        if count > cap:
            break
        count += tree_size(rnd.apply(move), cap - count)
    return count


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("chickie-duel", 2),
        ("cross-and-foot", 2),
        ("classic", 3),
        ("double-foot", 2),
        ("double-foot", 3),
    ],
)
def test_the_solver_agrees_with_minimax_at_the_end_of_preset_rounds(
    preset: str, players: int
) -> None:
    compared = 0
    for seed in range(4):
        played = list(positions(PRESETS[preset], players, seed))
        for rnd in reversed(played):  # from the last position back, while the tree is small
            if tree_size(rnd, 2000) > 2000:
                break
            check_against_minimax(rnd, solve(rnd))
            compared += 1
    assert compared >= 8


# -- the keys ---------------------------------------------------------------------------


@given(rnd=played_rounds(preset="classic", players=3, max_moves=60, in_play=True))
def test_moves_lead_to_positions_of_equal_keys_exactly_when_their_info_keys_are_equal(
    rnd: Round,
) -> None:
    """A tile onto either of two ends showing the same number leads to the same game (R2,
    R10): the states after two legal moves have equal position keys exactly when the
    moves have equal info keys."""
    state = state_of(rnd)
    moves = state.legal_moves()
    for a in moves:
        for b in moves:
            same = state.info_key(a) == state.info_key(b)
            assert (state.after(a).position_key() == state.after(b).position_key()) is same


def test_under_house_rules_the_key_holds_the_open_ends_themselves() -> None:
    """Seat 0's 3-1 onto the arm 6-3 or onto the toe 2-3 leaves the same numbers open,
    and the same position key; with house rules, which may tell the two ends apart, the
    keys differ."""
    arm, toe = Play(Tile(3, 1), onto=Tile(6, 3)), Play(Tile(3, 1), onto=Tile(3, 2))
    for house, same in (((), True), ((CostlyDoubles(),), False)):
        rules = attrs.evolve(PRESETS["chickie-duel"], house=house)
        state = state_of(Round.from_position(rules, f"{FOOT_TABLE} {TWO_THREES_REST}"))
        assert state.info_key(arm) == state.info_key(toe)
        assert (state.after(arm).position_key() == state.after(toe).position_key()) is same


# -- scenarios ------------------------------------------------------------------------------

#: A ``chickie-duel`` table after the cross and the first foot (R7-R9): the arms 6-3,
#: 6-5, 6-4 and 6-2, which carries the foot 2-2 with the toes 2-5, 2-3 and 2-4; open ends
#: show 3, 4 and 5 twice each.
FOOT_TABLE = "cf1 6-6 6-6,6-3@6-6,6-5@6-6,6-2@6-6,6-4@6-6,2-2@6-2,2-5@2-2,2-3@2-2,2-4@2-2"
#: Seat 0 holds 3-1 and 3-3, seat 1 holds 0-0 and 2-0, for which no end is open; the
#: boneyard's first tile, 6-0, is no use to it either, and with a reserve of 13 (R14) it
#: is the last tile anyone may draw. Seat 0 to move.
TWO_THREES_REST = (
    "3-1,3-3/0-0,2-0 6-0,1-0,1-1,2-1,3-0,4-0,4-1,4-3,4-4,5-0,5-1,5-3,5-4,5-5,6-1 0 0 0 -"
)


def two_threes(out_on_double: int) -> Round:
    rules = attrs.evolve(PRESETS["chickie-duel"], boneyard_reserve=13, out_on_double=out_on_double)
    return Round.from_position(rules, f"{FOOT_TABLE} {TWO_THREES_REST}")


def test_going_out_on_a_double_costs_its_points_so_the_solver_ends_on_the_other_tile_r17c() -> None:
    """Seat 0 goes out in two turns either way, seat 1 drawing the dead 6-0 and passing
    in between (R13, R15): 3-1 first and then 3-3 goes out on a double, which costs 50
    points under R17c; 3-3 first (its toes come first, R9, so seat 1 has no play) and
    then 3-1 onto it goes out on a plain tile. Without R17c both ways are worth the same:
    seat 1's 0-0, 2-0 and 6-0, 8 points (R17)."""
    double_first = (Play(Tile(3, 3), onto=Tile(6, 3)), Play(Tile(3, 3), onto=Tile(3, 2)))
    plain_first = (Play(Tile(3, 1), onto=Tile(6, 3)), Play(Tile(3, 1), onto=Tile(3, 2)))
    free = solve(two_threes(0))
    assert free.value == 8
    assert set(free.moves) == {*double_first, *plain_first}
    costly = solve(two_threes(50))
    assert costly.value == 8
    assert costly.moves == double_first
    assert [costly.value_of(move) for move in plain_first] == [8 - 50, 8 - 50]
    assert costly.principal == (double_first[0], Draw(), Pass(), Play(Tile(3, 1), onto=Tile(3, 3)))


def test_a_blocked_round_is_scored_as_it_stands_r16_r18() -> None:
    """Seat 0's only play is 5-5 (R12), whose toes come first (R9); nobody holds a 5,
    and seat 1's draw of the dead 6-0 leaves the reserve (R14): nobody can play or draw,
    and the round blocks at once (R16), each seat scoring its hand (R17): 1-0 for seat
    0, 0-0, 2-0, 1-1 and 6-0 for seat 1."""
    rules = attrs.evolve(PRESETS["chickie-duel"], boneyard_reserve=13)
    rest = "1-0,5-5/0-0,1-1,2-0 6-0,2-1,3-0,3-1,4-0,4-1,4-3,4-4,5-0,5-1,5-3,5-4,6-1,3-3 0 0 0 -"
    rnd = Round.from_position(rules, f"{FOOT_TABLE} {rest}")
    solution = solve(rnd)
    assert solution.principal == (Play(Tile(5, 5), onto=Tile(6, 5)), Draw())
    end = rnd.apply(solution.principal[0]).apply(Draw())
    assert (end.ending, end.scores, end.winner) == (Ending.BLOCKED, (1, 10), 0)
    assert solution.value == 10 - 1


def solved_in_turn(rest: str) -> Iterator[Move]:
    """The moves solved under node limits that grow from 1 to the whole search, in turn,
    of the duel's position ``FOOT_TABLE`` and ``rest`` (a reserve of 12, R14)."""
    rules = attrs.evolve(PRESETS["chickie-duel"], boneyard_reserve=12)
    rnd = Round.from_position(rules, f"{FOOT_TABLE} {rest}")
    full = solve(rnd)
    assert full.complete
    for limit in range(1, full.nodes + 1):
        for move, _ in solve(rnd, nodes=limit).values:
            yield move


def test_the_solver_tries_doubles_first_then_heavier_tiles() -> None:
    """Seat 0 holds 3-3, 4-3 and 5-4, each playable onto two ends that show its number,
    and seat 1 holds no 3, 4 or 5, so every play leaves it no tile for what it opens. The
    solver tries the double first, then the heavier tiles (R17: 5-4 is 9 points, 4-3 is
    7): with a node limit that grows, the moves it has solved come in that order."""
    rest = "3-3,4-3,5-4/0-0,1-0 6-0,1-1,2-0,2-1,3-0,3-1,4-0,4-1,4-4,5-0,5-1,5-3,5-5,6-1 0 0 0 -"
    order: list[Tile] = []
    for move in solved_in_turn(rest):
        assert isinstance(move, Play)
        if move.tile not in order:
            order.append(move.tile)
    assert order == [Tile(3, 3), Tile(5, 4), Tile(4, 3)]


def test_the_solver_tries_first_the_plays_that_leave_the_other_seat_no_tile() -> None:
    """Seat 0 holds 4-3 and 5-4; seat 1 holds 0-0, 5-0 and 1-0, so only a play that opens
    5 leaves it a tile to answer. Among the plays that leave it none the heavier tile
    comes first (5-4 onto an end showing 5, then 4-3 onto any end), and the plays of 5-4
    that open 5 come last, though 5-4 is the heavier tile (R17: 9 points to 7)."""
    rest = "4-3,5-4/0-0,5-0,1-0 6-0,1-1,2-0,2-1,3-0,3-1,4-0,4-1,4-4,5-1,5-3,5-5,6-1,3-3 0 0 0 -"
    order = list(dict.fromkeys(str(move) for move in solved_in_turn(rest)))
    assert len(order) == 8
    assert set(order[:2]) == {"5-4@6-5", "5-4@5-2"}
    assert {m.split("@")[0] for m in order[2:6]} == {"4-3"}
    assert set(order[6:]) == {"5-4@6-4", "5-4@4-2"}


def textbook_value(
    search: TwoSeats, state: State, alpha: int, beta: int, seen: set[tuple[object, ...]]
) -> tuple[int, int] | None:
    """The fail-soft alpha-beta value of seat 0's margin at ``state`` in the window
    (``alpha``, ``beta``), written out with no table, in the move order of ``search``,
    and the positions it visits; ``None`` if it reaches a position twice."""
    key = state.position_key()
    if key in seen:
        return None
    seen.add(key)
    if state.outcome is not None:
        scores = state.outcome.scores
        return scores[1] - scores[0], 1
    seat_zero = state.to_move == 0
    best = -INF if seat_zero else INF
    visited = 1
    for _, move in search.ordered(state, NO_MOVE):
        found = textbook_value(search, state.after(move, False), alpha, beta, seen)
        if found is None:
            return None
        v, nodes = found
        visited += nodes
        if seat_zero:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best, visited


def test_the_two_seat_search_is_a_fail_soft_alpha_beta() -> None:
    """On a tree where no position comes twice (so its table never answers), a fresh
    two-seat search of a window returns the textbook fail-soft alpha-beta value and visits
    exactly the positions that search visits in the same move order: a move raises the
    bound of its seat only past the bound it had, and a reply that refutes a move cuts
    off the others."""
    rules, _ = VARIANTS["double-3"]
    windows = [(-INF, INF), (-6, -5), (-3, -2), (-1, 0), (0, 1), (2, 3), (5, 6)]
    compared = 0
    for seed in range(8):
        for rnd in positions(rules, 2, seed):
            state = state_of(rnd)
            for alpha, beta in windows:
                search = TwoSeats(_weights(state), -1, 0.0)
                expected = textbook_value(search, state, alpha, beta, set())
                if expected is None:
                    continue
                assert (search.value(state, alpha, beta), search.budget.nodes) == expected
                compared += 1
    assert compared >= 200


# -- limits ---------------------------------------------------------------------------------


def chickie_middle() -> Round:
    """A ``chickie-duel`` round after its first 11 moves (engine order): a search of a few
    hundred thousand positions."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=0)
    for _ in range(11):
        rnd = rnd.apply(rnd.legal_moves()[0])
    return rnd


def duel_decision() -> Round:
    """A ``chickie-duel`` position with a choice of moves, a few thousand positions deep."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    for _ in range(13):
        rnd = rnd.apply(rnd.legal_moves()[0])
    assert len(rnd.legal_moves()) > 1
    return rnd


def test_a_node_limit_stops_the_search_and_says_so() -> None:
    rnd = duel_decision()
    full = solve(rnd)
    assert full.complete
    assert full.nodes > 200
    cut = solve(rnd, nodes=full.nodes // 2)
    assert not cut.complete
    assert cut.nodes == full.nodes // 2
    assert cut == solve(rnd, nodes=full.nodes // 2)  # the same on every run
    # what it solved is exact, and its best is a lower bound on the value (two seats)
    assert set(cut.values) <= set(full.values)
    assert len(cut.values) < len(full.values)
    assert cut.value <= full.value
    if cut.values:
        end = rnd
        for move in cut.principal:
            end = end.apply(move)
        assert end.outcome is not None
        assert end.outcome.margin(cut.seat) == cut.value
    assert solve(rnd, nodes=full.nodes) == full


def test_a_limit_before_any_move_is_solved_gives_no_move() -> None:
    cut = solve(duel_decision(), nodes=1)
    assert (cut.complete, cut.value, cut.moves, cut.values, cut.principal, cut.nodes) == (
        False,
        -math.inf,
        (),
        (),
        (),
        1,
    )
    with pytest.raises(ValueError, match="was not solved"):
        cut.value_of(duel_decision().legal_moves()[0])


def test_a_time_limit_stops_a_long_search() -> None:
    cut = solve(chickie_middle(), seconds=1e-6)  # the clock is read every 1024 positions
    assert not cut.complete
    assert 0 < cut.nodes < 5000


def test_three_seats_stop_at_their_limit_too() -> None:
    rnd = Round.deal(tiny(3, 4, 3), 3, seed=5)
    full = solve(rnd)
    cut = solve(rnd, nodes=full.nodes // 2)
    assert full.complete
    assert not cut.complete
    assert set(cut.values) <= set(full.values)


@pytest.mark.parametrize(
    ("limits", "error", "words"),
    [
        ({"nodes": 10, "seconds": 1.0}, ValueError, "not both"),
        ({"nodes": 0}, ValueError, "nodes is 1 or more"),
        ({"nodes": 2.5}, TypeError, "nodes is a whole number"),
        ({"nodes": True}, TypeError, "nodes is a whole number"),
        ({"seconds": 0}, ValueError, "seconds is a positive number"),
        ({"seconds": math.nan}, ValueError, "seconds is a positive number"),
        ({"seconds": "1"}, TypeError, "seconds is a number"),
    ],
)
def test_bad_limits_are_refused(limits: dict[str, object], error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        solve(duel_decision(), **limits)  # type: ignore[arg-type]


def test_a_finished_round_and_other_values_are_refused() -> None:
    rnd = duel_decision()
    while not rnd.is_over:
        rnd = rnd.apply(rnd.legal_moves()[0])
    with pytest.raises(ValueError, match=r"the round is over \(.*\): there is no move"):
        solve(rnd)
    with pytest.raises(TypeError, match="takes a Round, not RoundView"):
        solve(duel_decision().view(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not legal here: seat"):
        solve(duel_decision()).value_of(Play(Tile(6, 6)))


# -- par ------------------------------------------------------------------------------------


def test_par_solves_the_first_decision_after_the_forced_moves() -> None:
    """In ``chickie-duel`` the holder places 6-6 (R6); the first choice comes in the cross
    (R7) or later: par is the solution there."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=1)
    at = rnd
    while len({state_of(at).info_key(move) for move in at.legal_moves()}) == 1:
        at = at.apply(at.legal_moves()[0])
    assert at.ply > 0
    found = par(rnd, nodes=2_000_000)
    assert found == solve(at, nodes=2_000_000)
    assert par(at, nodes=2_000_000) == found


def test_par_plays_the_first_of_a_forced_tile_two_ends_take() -> None:
    """Seat 0 must play its 3-1 (R12), onto the arm 6-3 or the toe 2-3: the same game
    (R2, R10), so it has no choice, and the first choice is seat 1's, between its 3-3
    onto the 3 left open and 5-0 onto a 5. Par plays the first legal move, as the bots
    do, and solves the round after it, naming the moves of that round: 3-3 goes onto the
    toe 2-3 that 3-1 left open. Onto the other end the value is the same."""
    rules = attrs.evolve(PRESETS["chickie-duel"], boneyard_reserve=13)
    rest = "3-1,0-0/3-3,5-0 6-0,1-0,1-1,2-1,2-0,3-0,4-0,4-1,4-3,4-4,5-1,5-3,5-4,5-5,6-1 0 0 0 -"
    rnd = Round.from_position(rules, f"{FOOT_TABLE} {rest}")
    first, second = rnd.legal_moves()
    assert (first, second) == (Play(Tile(3, 1), onto=Tile(6, 3)), Play(Tile(3, 1), onto=Tile(3, 2)))
    found = par(rnd)
    assert found == solve(rnd.apply(first))
    assert found.seat == 1
    assert Play(Tile(3, 3), onto=Tile(3, 2)) in dict(found.values)
    other = solve(rnd.apply(second))
    assert Play(Tile(3, 3), onto=Tile(6, 3)) in dict(other.values)
    assert other.value == found.value


def test_par_of_a_round_without_a_choice_left_is_its_solution() -> None:
    rnd = two_threes(50).apply(Play(Tile(3, 3), onto=Tile(6, 3)))  # only draws, passes, 3-1
    assert par(rnd) == solve(rnd)
    assert (par(rnd).seat, par(rnd).value) == (1, -8)


def test_solutions_name_moves_the_round_offers() -> None:
    rnd = duel_decision()
    solution = solve(rnd)
    legal: list[Move] = rnd.legal_moves()
    assert [move for move, _ in solution.values] == legal
    assert all(solution.value_of(move) <= solution.value for move in legal)
    assert isinstance(solution.principal[0], Play | Draw | Pass)
