"""Scenario tests of the reference round itself (tests/reference.py), double-6 tiles."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference import DRAW, PASS, Move, ReferenceRound, ReferenceSchedule, Tile

D6: Tile = (6, 6)


@dataclass(frozen=True)
class Knobs:
    """A tiny stand-in for the library's rules object."""

    start: str = "centre"
    opening_toes: int = 4
    first_foot_required: bool = False
    toes_per_double: int = 3
    boneyard_reserve: int = 0
    draws_per_turn: int | None = 1
    play_drawn: str = "must"
    must_play: bool = True
    double_blank: int = 0
    blank_value: int = 0
    out_on_double: int = 0


@dataclass(frozen=True)
class MatchKnobs:
    """A tiny stand-in for the library's rules object, its match knobs."""

    start: str = "holder"
    rounds: int | str = "full"
    round_order: str = "down"
    target: int | None = None
    target_mode: str = "exceeds"


def play(tile: Tile, onto: Tile | None) -> Move:
    return ("play", tile, onto)


def run(game: ReferenceRound, moves: list[Move]) -> None:
    """Apply moves one after the other, each of which must be legal."""
    for move in moves:
        game.apply(move)


# ---------------------------------------------------------------------------
# R7 opening
# ---------------------------------------------------------------------------


def test_cross_opening_needs_four_tiles_of_six() -> None:
    """R7: until the round double has its 4 arms, only 6-tiles onto 6-6 are legal."""
    game = ReferenceRound(
        Knobs(),
        hands=[[(6, 1), (6, 2), (5, 3)], [(6, 3), (6, 4), (1, 0)]],
        boneyard=[(2, 2), (4, 0)],
        round_double=6,
        first=0,
    )
    assert game.table == [(D6, None)]
    assert game.to_move == 0
    assert game.legal_moves() == {play((6, 1), D6), play((6, 2), D6)}
    game.apply(play((6, 1), D6))
    # (1, 0) would match the new arm's 1, but the cross is not finished.
    assert game.legal_moves() == {play((6, 3), D6), play((6, 4), D6)}
    run(game, [play((6, 3), D6), play((6, 2), D6)])
    assert game.legal_moves() == {play((6, 4), D6)}
    game.apply(play((6, 4), D6))
    # Cross finished: free play on the arms' open ends 1, 3, 2, 4.
    assert sorted(p.needs for p in game.free_places()) == [1, 2, 3, 4]
    assert game.legal_moves() == {play((5, 3), (6, 3))}
    assert game.scores() is None


def test_six_toe_opening_keeps_asking_for_sixes() -> None:
    """R7 with opening_toes=6: after 4 arms, still only tiles of 6 onto 6-6."""
    game = ReferenceRound(
        Knobs(opening_toes=6),
        hands=[[(6, 1), (6, 2), (6, 5), (1, 0)], [(6, 3), (6, 4), (6, 0), (3, 2)]],
        boneyard=[(5, 5)],
        round_double=6,
        first=0,
    )
    run(game, [play((6, 1), D6), play((6, 3), D6), play((6, 2), D6), play((6, 4), D6)])
    assert game.legal_moves() == {play((6, 5), D6)}
    game.apply(play((6, 5), D6))
    assert game.legal_moves() == {play((6, 0), D6)}
    game.apply(play((6, 0), D6))
    assert game.legal_moves() == {play((1, 0), (6, 1)), play((1, 0), (6, 0))}


# ---------------------------------------------------------------------------
# R8 first foot (worked example of RULES.md section 7) and R9 toes
# ---------------------------------------------------------------------------


def test_first_foot_worked_example() -> None:
    """R8/R9: cross, then a double onto an arm, its three toes, then six open ends."""
    game = ReferenceRound(
        Knobs(first_foot_required=True),
        hands=[
            [(6, 1), (6, 4), (4, 4), (1, 1), (3, 0), (4, 2)],
            [(6, 3), (6, 5), (4, 0), (5, 4), (5, 2)],
        ],
        boneyard=[(2, 1), (0, 0)],
        round_double=6,
        first=0,
    )
    run(game, [play((6, 1), D6), play((6, 3), D6), play((6, 4), D6), play((6, 5), D6)])
    # R8: only doubles matching an arm; (3, 0) and (4, 2) match arms but are not doubles.
    assert game.to_move == 0
    assert game.legal_moves() == {play((4, 4), (6, 4)), play((1, 1), (6, 1))}
    game.apply(play((4, 4), (6, 4)))
    # R9: only toes of 4 onto 4-4; (5, 2) would match arm 5.
    assert game.legal_moves() == {play((4, 0), (4, 4)), play((5, 4), (4, 4))}
    game.apply(play((4, 0), (4, 4)))
    assert game.legal_moves() == {play((4, 2), (4, 4))}
    game.apply(play((4, 2), (4, 4)))
    assert game.legal_moves() == {play((5, 4), (4, 4))}
    game.apply(play((5, 4), (4, 4)))
    # The "chicken": open ends are the arms 1, 3, 5 and the toes 0, 2, 5.
    assert sorted(p.needs for p in game.free_places()) == [0, 1, 2, 3, 5, 5]
    assert game.legal_moves() == {
        play((1, 1), (6, 1)),
        play((3, 0), (6, 3)),
        play((3, 0), (4, 0)),
    }
    game.apply(play((1, 1), (6, 1)))
    # R9 again for the new foot: seat 1 has no 1, so it draws and must play 2-1.
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.to_move == 1
    assert game.legal_moves() == {play((2, 1), (1, 1))}


def test_toe_obligation_without_first_foot_rule() -> None:
    """R9/R10: a double in free play must get all toes before anything else."""
    game = ReferenceRound(
        Knobs(),
        hands=[
            [(6, 1), (6, 2), (1, 1), (1, 0), (3, 1), (2, 0)],
            [(6, 3), (6, 4), (4, 1), (3, 0), (4, 0), (5, 0)],
        ],
        boneyard=[(5, 5)],
        round_double=6,
        first=0,
    )
    run(game, [play((6, 1), D6), play((6, 3), D6), play((6, 2), D6), play((6, 4), D6)])
    # R10: free play, a double included, and a tile may fit two open ends.
    assert game.legal_moves() == {
        play((1, 1), (6, 1)),
        play((1, 0), (6, 1)),
        play((3, 1), (6, 1)),
        play((3, 1), (6, 3)),
        play((2, 0), (6, 2)),
    }
    game.apply(play((1, 1), (6, 1)))
    # R9: only tiles of 1, onto 1-1 (one move per tile, though there are 3 places).
    assert game.legal_moves() == {play((4, 1), (1, 1))}
    game.apply(play((4, 1), (1, 1)))
    assert game.legal_moves() == {play((1, 0), (1, 1)), play((3, 1), (1, 1))}
    game.apply(play((3, 1), (1, 1)))
    # Seat 1 has no 1 left: it may only draw even though 3-0 fits arm 3.
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.legal_moves() == {PASS}
    game.apply(PASS)
    game.apply(play((1, 0), (1, 1)))
    # Foot finished: open ends are arms 2, 3, 4 and toes 4, 3, 0.
    assert sorted(p.needs for p in game.free_places()) == [0, 2, 3, 3, 4, 4]
    assert game.unfinished_double() is None
    assert game.legal_moves() == {
        play((3, 0), (6, 3)),
        play((3, 0), (3, 1)),
        play((3, 0), (1, 0)),
        play((4, 0), (6, 4)),
        play((4, 0), (4, 1)),
        play((4, 0), (1, 0)),
        play((5, 0), (1, 0)),
    }


# ---------------------------------------------------------------------------
# R13 drawing: must vs may, draws_per_turn
# ---------------------------------------------------------------------------


def opening_draw_game(knobs: Knobs, boneyard: list[Tile]) -> ReferenceRound:
    """Seat 0 holds no 6 during the opening, so it must draw."""
    return ReferenceRound(
        knobs,
        hands=[[(5, 1), (4, 3)], [(6, 1), (6, 2)]],
        boneyard=boneyard,
        round_double=6,
        first=0,
    )


def test_drawn_tile_must_be_played() -> None:
    """R13 must: a playable drawn tile is the only legal move."""
    game = opening_draw_game(Knobs(), [(6, 3), (2, 0)])
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.hands[0] == [(5, 1), (4, 3), (6, 3)]
    assert game.boneyard == [(2, 0)]
    assert game.to_move == 0
    assert game.legal_moves() == {play((6, 3), D6)}
    with pytest.raises(ValueError, match="illegal move"):
        game.apply(PASS)
    game.apply(play((6, 3), D6))
    assert game.to_move == 1


def test_drawn_tile_may_be_kept() -> None:
    """R13 may: a playable drawn tile may be played or the player passes."""
    game = opening_draw_game(Knobs(play_drawn="may"), [(6, 3), (2, 0)])
    game.apply(DRAW)
    assert game.legal_moves() == {play((6, 3), D6), PASS}
    game.apply(PASS)
    assert game.to_move == 1
    assert (6, 3) in game.hands[0]


def test_unplayable_drawn_tile_then_pass_or_draw_again() -> None:
    """R13: one draw a turn by default; draws_per_turn None or 2 allows more."""
    boneyard: list[Tile] = [(3, 0), (2, 0), (6, 3), (5, 0)]
    game = opening_draw_game(Knobs(), boneyard)
    game.apply(DRAW)
    assert game.legal_moves() == {PASS}

    game = opening_draw_game(Knobs(draws_per_turn=None), boneyard)
    run(game, [DRAW, DRAW])
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.drawn_tile == (6, 3)
    assert game.legal_moves() == {play((6, 3), D6)}

    game = opening_draw_game(Knobs(draws_per_turn=2), boneyard)
    game.apply(DRAW)
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.legal_moves() == {PASS}
    game.apply(PASS)
    assert game.to_move == 1
    assert game.draws_this_turn == 0


def test_a_seat_with_a_play_may_draw_instead_r12b() -> None:
    """R12b: with must_play false seat 1, who holds 6-1 and 6-2, may draw instead; the
    drawn tile is then the only one it may play (R13), and an empty boneyard leaves it the
    plays alone (R12, R14)."""
    game = ReferenceRound(
        Knobs(must_play=False),
        hands=[[(5, 1), (4, 3)], [(6, 1), (6, 2)]],
        boneyard=[(2, 0), (6, 3)],
        round_double=6,
        first=1,
    )
    assert game.legal_moves() == {play((6, 1), D6), play((6, 2), D6), DRAW}
    game.apply(DRAW)
    assert game.drawn_tile == (2, 0)
    assert game.legal_moves() == {PASS}  # 2-0 has no play, and one draw a turn
    game.apply(PASS)
    game.apply(DRAW)  # seat 0 has no 6: it draws 6-3 and must play it
    game.apply(play((6, 3), D6))
    assert game.boneyard == []
    assert game.legal_moves() == {play((6, 1), D6), play((6, 2), D6)}
    strict = ReferenceRound(
        Knobs(),
        hands=[[(5, 1), (4, 3)], [(6, 1), (6, 2)]],
        boneyard=[(2, 0), (6, 3)],
        round_double=6,
        first=1,
    )
    assert DRAW not in strict.legal_moves()  # R12


# ---------------------------------------------------------------------------
# R14 reserve
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("draws_per_turn", [1, None])
def test_reserve_stops_drawing(draws_per_turn: int | None) -> None:
    """R14: nobody draws while the boneyard holds reserve tiles or fewer."""
    game = ReferenceRound(
        Knobs(boneyard_reserve=2, draws_per_turn=draws_per_turn),
        hands=[[(5, 1), (4, 3)], [(6, 1), (6, 2), (6, 3)]],
        boneyard=[(3, 1), (2, 0), (5, 0)],
        round_double=6,
        first=0,
    )
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert len(game.boneyard) == 2
    assert game.legal_moves() == {PASS}
    game.apply(PASS)
    game.apply(play((6, 1), D6))
    assert game.legal_moves() == {PASS}
    assert not game.over  # seat 1 still has plays


# ---------------------------------------------------------------------------
# R6 holder start
# ---------------------------------------------------------------------------


def test_holder_places_round_double_first() -> None:
    """R6: the holder moves first whatever ``first`` says; the next seat follows."""
    game = ReferenceRound(
        Knobs(start="holder"),
        hands=[[(6, 1), (2, 0)], [(3, 3), (6, 2)], [(6, 6), (6, 3), (1, 0)]],
        boneyard=[(5, 5)],
        round_double=6,
        first=0,
    )
    assert game.table == []
    assert game.to_move == 2
    assert game.legal_moves() == {play(D6, None)}
    game.apply(play(D6, None))
    assert game.table == [(D6, None)]
    assert game.lead_seat == 2
    assert game.to_move == 0
    assert game.legal_moves() == {play((6, 1), D6)}


def test_holder_search_draws_in_turn_past_the_reserve() -> None:
    """R6: nobody holds 6-6, so seats draw in turn from ``first``; reserve ignored."""
    game = ReferenceRound(
        Knobs(start="holder", boneyard_reserve=2),
        hands=[[(6, 1), (2, 0)], [(6, 2), (3, 1)], [(6, 3), (1, 0)]],
        boneyard=[(4, 0), (6, 6)],
        round_double=6,
        first=1,
    )
    assert game.to_move == 1
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.hands[1] == [(6, 2), (3, 1), (4, 0)]
    assert game.legal_moves() == {PASS}
    game.apply(PASS)
    assert game.to_move == 2
    assert game.legal_moves() == {DRAW}
    game.apply(DRAW)
    assert game.boneyard == []
    assert game.legal_moves() == {play(D6, None)}
    game.apply(play(D6, None))
    assert game.lead_seat == 2
    assert game.to_move == 0
    assert not game.over
    assert game.legal_moves() == {play((6, 1), D6)}


# ---------------------------------------------------------------------------
# R16 blocked, R18 tie-break
# ---------------------------------------------------------------------------


def test_blocked_at_start_tie_goes_to_first_seat_in_turn_order() -> None:
    """R16/R18: centre start, no 6 anywhere, empty boneyard: blocked at once."""
    game = ReferenceRound(
        Knobs(),
        hands=[[(3, 2)], [(5, 4)], [(4, 1)]],
        boneyard=[],
        round_double=6,
        first=1,
    )
    assert game.over
    assert game.ending == "blocked"
    assert game.to_move is None
    assert game.legal_moves() == set()
    assert game.scores() == [5, 9, 5]
    assert game.winner == 2  # order from the lead seat 1: 1, 2, 0


def test_blocked_tie_in_holder_start_counts_from_the_placer() -> None:
    """R18: in a holder start the lead seat is the seat that placed the round double."""
    game = ReferenceRound(
        Knobs(start="holder"),
        hands=[[(3, 0)], [(6, 6), (2, 1)], [(5, 4)]],
        boneyard=[],
        round_double=6,
        first=0,
    )
    assert not game.over  # never blocked before the round double is down
    game.apply(play(D6, None))
    assert game.ending == "blocked"
    assert game.scores() == [3, 3, 9]
    assert game.winner == 1


def test_blocked_right_after_a_draw() -> None:
    """R16: a draw that empties the boneyard can block the round at once."""
    game = ReferenceRound(
        Knobs(),
        hands=[[(5, 1)], [(4, 2)]],
        boneyard=[(3, 0)],
        round_double=6,
        first=0,
    )
    assert not game.over
    game.apply(DRAW)
    assert game.ending == "blocked"
    assert game.scores() == [9, 6]
    assert game.winner == 1


def test_not_blocked_while_someone_else_can_play() -> None:
    """R16: a player who cannot play passes; the round goes on while others can."""
    game = ReferenceRound(
        Knobs(),
        hands=[[(5, 1)], [(6, 2), (6, 3)]],
        boneyard=[],
        round_double=6,
        first=0,
    )
    assert not game.over
    assert game.legal_moves() == {PASS}
    game.apply(PASS)
    assert game.legal_moves() == {play((6, 2), D6), play((6, 3), D6)}


# ---------------------------------------------------------------------------
# R16 going out, R17 scoring
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("double_blank", [0, 25, 50])
def test_going_out_on_a_double_missing_its_toes(double_blank: int) -> None:
    """R16/R17: the last tile may be a double without toes; 0-0 scores double_blank."""
    game = ReferenceRound(
        Knobs(double_blank=double_blank),
        hands=[[(6, 1), (6, 2), (1, 1)], [(6, 3), (6, 4), (0, 0), (2, 0)]],
        boneyard=[(5, 0)],
        round_double=6,
        first=0,
    )
    run(game, [play((6, 1), D6), play((6, 3), D6), play((6, 2), D6), play((6, 4), D6)])
    game.apply(play((1, 1), (6, 1)))
    assert game.unfinished_double() == (1, 1)
    assert game.over
    assert game.ending == "went_out"
    assert game.winner == 0
    assert game.to_move is None
    assert game.scores() == [0, double_blank + 2]
    with pytest.raises(ValueError, match="illegal move"):
        game.apply(PASS)


@pytest.mark.parametrize("last", [(1, 1), (2, 1)])
def test_going_out_on_a_double_scores_out_on_double_r17c(last: Tile) -> None:
    """R17c: with out_on_double 50, going out with the double 1-1 scores 50 for the
    winner, who still wins (R18); going out with 2-1 scores 0."""
    game = ReferenceRound(
        Knobs(out_on_double=50),
        hands=[[(6, 1), (6, 2), last], [(6, 3), (6, 4), (0, 0), (2, 0)]],
        boneyard=[(5, 0)],
        round_double=6,
        first=0,
    )
    run(game, [play((6, 1), D6), play((6, 3), D6), play((6, 2), D6), play((6, 4), D6)])
    game.apply(play(last, (6, 1) if last == (1, 1) else (6, 2)))
    assert (game.ending, game.winner) == ("went_out", 0)
    assert game.scores() == [50 if last == (1, 1) else 0, 2]


# ---------------------------------------------------------------------------
# General sanity: random legal play always ends, tiles are conserved
# ---------------------------------------------------------------------------


def random_deal(rng: random.Random, knobs: Knobs, players: int, hand: int) -> ReferenceRound:
    tiles = [(h, low) for h in range(7) for low in range(h + 1)]
    rng.shuffle(tiles)
    if knobs.start == "centre":
        tiles.remove(D6)
    hands = [tiles[i * hand : (i + 1) * hand] for i in range(players)]
    return ReferenceRound(knobs, hands, tiles[players * hand :], 6, rng.randrange(players))


@pytest.mark.parametrize("seed", range(40))
def test_random_rounds_end_and_conserve_tiles(seed: int) -> None:
    rng = random.Random(seed)
    base = [
        Knobs(start="holder", first_foot_required=True, boneyard_reserve=2),
        Knobs(start="centre", opening_toes=6, play_drawn="may", double_blank=50),
        Knobs(start="holder", draws_per_turn=None),
    ][seed % 3]
    knobs = replace(base)
    game = random_deal(rng, knobs, players=2 + seed % 3, hand=5 + seed % 3)
    total = sum(len(h) for h in game.hands) + len(game.boneyard) + len(game.table)
    for _ in range(500):
        if game.over:
            break
        moves = sorted(game.legal_moves(), key=repr)
        assert moves
        game.apply(rng.choice(moves))
        now = sum(len(h) for h in game.hands) + len(game.boneyard) + len(game.table)
        assert now == total
    assert game.over
    assert game.ending in ("went_out", "blocked")
    scores = game.scores()
    assert scores is not None
    assert game.winner is not None
    if game.ending == "went_out":
        assert game.hands[game.winner] == []
    else:
        assert scores[game.winner] == min(scores)
        assert all(not game.legal_plays(hand) for hand in game.hands)


# ---------------------------------------------------------------------------
# The match schedule (R19-R23), worked out by hand
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "order", "n", "count"),
    [
        ("full", "down", 6, 7),  # R19: double-6, 7 rounds
        ("full", "down", 9, 10),
        ("half", "down", 9, 5),  # ceil(9 / 2)
        ("half", "down", 6, 3),
        ("half", "down", 1, 1),
        ("half", "down", 0, 1),  # at least 1
        (4, "down", 9, 4),
        ("full", "down_up", 9, 19),  # R19b: 9..0..9
        ("half", "down_up", 9, 10),  # the way down
        (12, "down_up", 9, 12),
    ],
)
def test_schedule_counts_rounds(rounds: int | str, order: str, n: int, count: int) -> None:
    oracle = ReferenceSchedule(MatchKnobs(rounds=rounds, round_order=order), n, 4)
    assert oracle.count() == count
    assert not oracle.over([[0] * 4] * (count - 1))
    assert oracle.over([[0] * 4] * count)


def test_schedule_doubles_go_down_and_round_again() -> None:
    """R19, R20: N down to 0, then N again; R19b: down and back up, never twice in a row."""
    down = ReferenceSchedule(MatchKnobs(target=100), 3, 2)
    assert down.count() is None
    assert down.doubles(9) == [3, 2, 1, 0, 3, 2, 1, 0, 3]
    up = ReferenceSchedule(MatchKnobs(target=100, round_order="down_up"), 3, 2)
    assert up.doubles(11) == [3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1]
    assert ReferenceSchedule(MatchKnobs(round_order="down_up"), 0, 2).doubles(3) == [0, 0, 0]


@pytest.mark.parametrize(("mode", "ends_at"), [("exceeds", 3), ("reaches", 1)])
def test_schedule_target_ends_the_match(mode: str, ends_at: int) -> None:
    """R20: totals (0, 5), (1, 5), (1, 6) against a target of 5."""
    oracle = ReferenceSchedule(MatchKnobs(target=5, target_mode=mode), 6, 2)
    results = [[0, 5], [1, 0], [0, 1]]
    assert not oracle.over([])
    assert [oracle.over(results[:k]) for k in (1, 2, 3)] == [k >= ends_at for k in (1, 2, 3)]


def test_schedule_first_seats() -> None:
    """R23: round 1 from seat 0; centre: one seat on each round; holder: the winner."""
    centre = ReferenceSchedule(MatchKnobs(start="centre"), 6, 3)
    assert [centre.first_seat(i, 2) for i in range(5)] == [0, 1, 2, 0, 1]
    for start in ("holder", "highest_held"):
        holder = ReferenceSchedule(MatchKnobs(start=start), 6, 3)
        assert holder.first_seat(0, None) == 0
        assert holder.first_seat(3, 2) == 2
        assert holder.first_seat(3, None) is None
