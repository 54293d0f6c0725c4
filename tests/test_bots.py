"""Tests of the bots and the helpers that seat them (chickenfoot.bots).

Every bot must return one of ``view.legal_moves()`` (R4, R12-R15) on any view of any
variant; the search player must decide from its view alone, never from hidden tiles;
whole matches of every preset must play to the end (R19); bots must pickle; and a bot
that breaks the rules must be named in the error.
"""

from __future__ import annotations

import functools
import itertools
import math
import pickle
import random
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import PRESET_NAMES, QUICK_R12B, decisions, played_rounds, to_decision
from strategies import rules as rule_sets

from chickenfoot import (
    PRESETS,
    Draw,
    IllegalMoveError,
    Match,
    Move,
    Obligation,
    Pass,
    Play,
    Round,
    RoundView,
    Rules,
    RulesError,
    tile_set,
)
from chickenfoot.bots import (
    GreedyPlayer,
    MoveValue,
    Player,
    RandomPlayer,
    SearchPlayer,
    TreeSearchPlayer,
    play_match,
    play_round,
    play_until,
)
from chickenfoot.state import State

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: A search budget small enough for property tests.
SMALL_SEARCH = SearchPlayer(samples=2, playouts=6, name="small-search")
RANDOM_SEARCH = SearchPlayer(samples=1, playouts=4, rollout="random", objective="win")
BOTS: tuple[Player, ...] = (RandomPlayer(), GreedyPlayer(), SMALL_SEARCH, RANDOM_SEARCH)


# -- every bot plays legal moves --------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=40)
@given(data=st.data())
def test_every_bot_returns_a_legal_move(preset: str, data: st.DataObject) -> None:
    """A bot returns one of ``view.legal_moves()`` on any view of its seat's turn (R4,
    R12-R15), in the preset and in variants with other knobs.
    """
    counts = [p for p in PRESETS[preset].player_counts if p <= 8]  # first samples stay quick
    players = data.draw(st.sampled_from(counts), label="players")
    variant = data.draw(rule_sets(preset=preset), label="rules")
    if players > QUICK_R12B and not variant.must_play:
        variant = attrs.evolve(variant, must_play=True)
    rnd = data.draw(
        played_rounds(rules=variant, players=players, max_moves=120, in_play=True), label="round"
    )
    seat = rnd.to_move
    assert seat is not None
    view = rnd.view(seat)
    legal = view.legal_moves()
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    for bot in BOTS:
        assert bot.choose(view, random.Random(seed)) in legal, bot


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_greedy_with_only_the_pips_weight_sheds_the_heaviest_tile(preset: str) -> None:
    """With every other weight at 0, the greedy player plays a tile of the most penalty
    points (R17) at every choice of plays in 30 random rounds.
    """
    rules = PRESETS[preset]
    bot = GreedyPlayer(double=0, follow=0, flexible=0, dead_foot=0)
    checked = 0
    for rnd, moves, rng in _random_turns(rules, 2, range(30)):
        plays = [m for m in moves if isinstance(m, Play)]
        if len(plays) > 1:
            move = bot.choose(rnd.view(rnd.to_move or 0), rng)
            assert isinstance(move, Play)
            assert _penalty(move, rules.double_blank) == max(
                _penalty(p, rules.double_blank) for p in plays
            )
            checked += 1
    assert checked > 30


def _random_turns(
    rules: Rules, players: int, seeds: range
) -> Iterator[tuple[Round, list[Move], random.Random]]:
    """Every turn of rounds dealt with each seed and played by random legal moves (drawn
    from ``random.Random(seed)``): the round, its legal moves and the generator, which
    the caller may draw from before the next move is chosen."""
    for seed in seeds:
        rnd = Round.deal(rules, players, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            yield rnd, moves, rng
            rnd = rnd.apply(rng.choice(moves))


def _follow_ups(view: RoundView, play: Play) -> int:
    """Tiles left in the hand after ``play`` that show the number it opens: a double's
    own number (its toes, R3), or the other end of a tile on a line (R2)."""
    tile = play.tile
    assert play.onto is not None
    shown = {end.onto: end.number for end in view.open_ends}[play.onto]
    opened = tile.high if tile.is_double else tile.other(shown)
    return sum(t != tile and t.has(opened) for t in view.hand)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_greedy_with_only_the_follow_weight_keeps_a_next_play(preset: str) -> None:
    """With every other weight at 0, the greedy player makes a play after which most of
    its hand fits the number the play opens (R2, R3), at every choice of plays in 30
    random rounds."""
    bot = GreedyPlayer(pips=0, double=0, follow=1, flexible=0, dead_foot=0, pass_penalty=0)
    checked = 0
    for seed in range(30):
        rnd = Round.deal(PRESETS[preset], 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            view = rnd.view(rnd.to_move or 0)
            plays = [m for m in moves if isinstance(m, Play) and m.onto is not None]
            if len(plays) > 1 and len(plays) == len(moves):
                move = bot.choose(view, rng)
                assert isinstance(move, Play)
                assert _follow_ups(view, move) == max(_follow_ups(view, p) for p in plays)
                checked += 1
            rnd = rnd.apply(rng.choice(moves))
    assert checked > 30


def test_greedy_weights_are_the_documented_defaults() -> None:
    """The bots page's table of the greedy heuristic's terms gives each weight's default."""
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    table = text[text.index("| term | weight (default) |") :].split("\n\n")[0]
    rows = re.findall(r"^\| `(\w+)` \| ([\d.]+)", table, re.MULTILINE)
    weights = [a.name for a in attrs.fields(GreedyPlayer) if a.name != "name"]
    assert [name for name, _ in rows] == weights
    for name, value in rows:
        assert getattr(GreedyPlayer(), name) == float(value), name


def _penalty(play: Play, double_blank: int) -> int:
    return double_blank if play.tile.index == 0 else play.tile.pips


def test_greedy_counts_the_double_blank_at_its_penalty() -> None:
    """The double-blank weighs ``rules.double_blank`` (R17): with 50 it goes before 6-5."""
    classic = PRESETS["classic"]
    for seed in range(400):
        rnd = to_decision(Round.deal(classic, 2, seed=seed), random.Random(seed))
        if rnd is None:
            continue
        plays = [m for m in rnd.legal_moves() if isinstance(m, Play)]
        blank = [m for m in plays if m.tile.index == 0]
        if blank and any(m.tile.pips > 0 for m in plays):
            bot = GreedyPlayer(double=0, follow=0, flexible=0, dead_foot=0)
            move = bot.choose(rnd.view(rnd.to_move or 0), random.Random(0))
            assert isinstance(move, Play)
            assert move.tile.index == 0
            return
    pytest.fail("no position with a choice of the double-blank found")


def test_greedy_plays_a_drawn_tile_it_may_keep() -> None:
    """With ``play_drawn="may"`` the greedy player plays the drawn tile rather than pass (R13)."""
    rules = attrs.evolve(PRESETS["chickie-duel"], play_drawn="may")
    found = 0
    for seed in range(200):
        rnd = Round.deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            if rnd.obligation is Obligation.DRAWN_TILE and Pass() in moves and len(moves) > 1:
                move = GreedyPlayer().choose(rnd.view(rnd.to_move or 0), rng)
                assert isinstance(move, Play)
                found += 1
            rnd = rnd.apply(rng.choice(moves))
    assert found


@pytest.mark.parametrize("pips", [1.0, -0.01])
def test_greedy_draws_beside_plays_when_they_score_below_nothing_r12b(pips: float) -> None:
    """R12b (``must_play=False``): a draw offered next to plays scores 0; with only the
    pips weight, plays of tiles worth points score above 0 when it is positive (and are
    made), below 0 when it is negative (and the draw is made)."""
    rules = attrs.evolve(PRESETS["classic"], must_play=False)
    bot = GreedyPlayer(pips=pips, double=0, follow=0, flexible=0, dead_foot=0)
    found = 0
    for rnd, moves, rng in _random_turns(rules, 3, range(20)):
        plays = [m for m in moves if isinstance(m, Play)]
        if Draw() in moves and plays and all(m.tile.pips for m in plays):
            move = bot.choose(rnd.view(rnd.to_move or 0), rng)
            assert isinstance(move, Play) if pips > 0 else move == Draw()
            found += 1
    assert found > 20


def _starts_a_live_foot(view: RoundView, play: Play) -> bool:
    """Whether ``play`` is a double starting a foot (no double pending) whose toes can
    all be found: enough tiles of its number are off the table besides itself (R9)."""
    tile = play.tile
    if not tile.is_double or view.pending_double is not None:
        return False
    on_table = set(view.layout.tiles)
    left = [
        t
        for t in tile_set(view.rules.set_size(view.players))
        if tile.high in (t.high, t.low) and t != tile and t not in on_table
    ]
    return len(left) >= view.rules.toes_per_double


def test_greedy_plays_a_double_whose_foot_can_be_finished() -> None:
    """With only the double bonus and the dead-foot penalty weighed, the greedy player
    sheds a double that starts a foot when enough tiles of its number are off the table
    to give it all its toes (R9): at every such choice of 60 random rounds it plays a
    live double, never another tile."""
    bot = GreedyPlayer(pips=0, double=1, follow=0, flexible=0, dead_foot=2, pass_penalty=0)
    checked = 0
    for seed in range(60):
        rnd = Round.deal(PRESETS["classic"], 3, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            view = rnd.view(rnd.to_move or 0)
            live = [m for m in moves if isinstance(m, Play) and m.onto is not None]
            live = [m for m in live if _starts_a_live_foot(view, m)]
            if live and len(moves) > 1:
                move = bot.choose(view, random.Random(seed))
                assert isinstance(move, Play)
                assert _starts_a_live_foot(view, move), (move, live)
                checked += 1
            rnd = rnd.apply(rng.choice(moves))
    assert checked > 20


def test_greedy_is_deterministic_given_the_view() -> None:
    """Equal views and equal random seeds give the same greedy move."""
    for rnd in decisions("classic", 3, 10):
        view = rnd.view(rnd.to_move or 0)
        copy = pickle.loads(pickle.dumps(view))
        assert GreedyPlayer().choose(view, random.Random(3)) == GreedyPlayer().choose(
            copy, random.Random(3)
        )


# -- the search player reads only its view ----------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_search_decides_from_the_view_alone(preset: str) -> None:
    """Two rounds with equal views for a seat but other hidden tiles (other hands, another
    boneyard order) get the same search move from the same random seed.
    """
    bot = SearchPlayer(samples=3, playouts=24)
    checked = 0
    for rnd in decisions(preset, 2, 8):
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        first = view.sample_state(random.Random(1))
        second = view.sample_state(random.Random(2))
        assert first.view(seat) == view == second.view(seat)
        assert first.hand(seat) == second.hand(seat) == rnd.hand(seat)
        if (first.hands, first.boneyard) == (second.hands, second.boneyard):
            continue  # nothing hidden is left to differ
        moves = [bot.choose(r.view(seat), random.Random(11)) for r in (rnd, first, second)]
        assert moves[0] == moves[1] == moves[2]
        assert moves[0] in rnd.legal_moves()
        checked += 1
    assert checked >= 4


def test_search_returns_a_forced_move_without_sampling() -> None:
    """A single legal move is returned at once; the random source is not touched."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)  # the holder must place 9-9 (R6)
    rng = random.Random(5)
    state = rng.getstate()
    assert SearchPlayer().choose(rnd.view(rnd.to_move or 0), rng) == rnd.legal_moves()[0]
    assert rng.getstate() == state


def test_the_analysis_of_a_forced_move_names_it_with_no_value() -> None:
    """The analysis of a single legal move (placing the round double, R6) has one line:
    that move, with no value, no playouts and no equivalent; no playout is run."""
    rnd = Round.deal(PRESETS["classic"], 4, seed=1)
    (only,) = rnd.legal_moves()
    rng = random.Random(5)
    state = rng.getstate()
    analysis = SearchPlayer().analyse(rnd.view(rnd.to_move or 0), rng)
    assert (analysis.move, analysis.playouts) == (only, 0)
    assert analysis.moves == (MoveValue(only, None, 0, None, ()),)
    assert rng.getstate() == state


def test_search_searches_one_of_equivalent_moves() -> None:
    """Plays of one tile onto two open ends of the same number are one candidate, so
    with nothing else to choose the search returns at once without sampling (R2, R10).
    """
    for seed in range(500):
        rnd = Round.deal(PRESETS["double-foot"], 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            plays = [m for m in moves if isinstance(m, Play)]
            if len(moves) > 1 and len(moves) == len(plays) and len({p.tile for p in plays}) == 1:
                numbers = {
                    end.number for end in rnd.open_ends if end.onto in {p.onto for p in plays}
                }
                if len(numbers) == 1 and rnd.pending_double is None:
                    view = rnd.view(rnd.to_move or 0)
                    state = rng.getstate()
                    assert SearchPlayer().choose(view, rng) == moves[0]
                    assert rng.getstate() == state
                    # the analysis names the same move, the others as its equivalents
                    analysis = SearchPlayer().analyse(view, rng)
                    assert (analysis.move, analysis.playouts) == (moves[0], 0)
                    assert analysis.moves == (MoveValue(moves[0], None, 0, None, tuple(moves[1:])),)
                    assert rng.getstate() == state
                    return
            rnd = rnd.apply(rng.choice(moves))
    pytest.fail("no position with one tile for two equal open ends found")


# -- driving bots -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_play_match_plays_whole_matches_with_mixed_bots(preset: str) -> None:
    """A match of every preset plays to its end (R19) with different bots at the seats,
    and replays exactly from its seed.
    """
    rules = PRESETS[preset]
    players = min(3, max(rules.player_counts))
    bots: list[Player] = [SearchPlayer(samples=1, playouts=3), GreedyPlayer(), RandomPlayer()]
    match = play_match(rules, bots[:players], seed=7)
    assert match.is_over
    assert len(match.results) == rules.round_count(players)
    assert match.winners
    assert Match.from_json(match.to_json()) == match
    assert play_match(rules, bots[:players], seed=7) == match


def test_play_round_gives_each_bot_its_own_view() -> None:
    """Every bot is called on its seat's turn with that seat's view, and nothing else."""
    calls: list[tuple[int, int | None]] = []

    @attrs.frozen
    class Watcher:
        name: str = "watcher"

        def choose(self, view: RoundView, rng: random.Random) -> Move:
            assert isinstance(view, RoundView)
            calls.append((view.seat, view.to_move))
            return view.legal_moves()[0]

    rnd = play_round(Round.deal(PRESETS["classic"], 3, seed=4), [Watcher()] * 3, random.Random(0))
    assert rnd.is_over
    assert calls
    assert all(seat == to_move for seat, to_move in calls)
    assert len(calls) == len(rnd.moves)


def test_play_round_of_a_finished_round_returns_it() -> None:
    rnd = play_round(
        Round.deal(PRESETS["chickie-duel"], 2, seed=1), [RandomPlayer()] * 2, random.Random(1)
    )
    assert play_round(rnd, [RandomPlayer()] * 2, random.Random(2)) is rnd


@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_bots_pickle(bot: Player) -> None:
    """Bots survive pickling (for process pools) and choose the same moves afterwards."""
    copy = pickle.loads(pickle.dumps(bot))
    assert copy == bot
    assert isinstance(copy, Player)
    for rnd in decisions("chickie-duel", 2, 3):
        view = rnd.view(rnd.to_move or 0)
        assert copy.choose(view, random.Random(1)) == bot.choose(view, random.Random(1))


def test_bots_are_players() -> None:
    for bot in BOTS:
        assert isinstance(bot, Player)
    assert not isinstance(object(), Player)


# -- play_until: bots at a table with people -------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(rnd=played_rounds(max_moves=40), data=st.data())
def test_play_until_stops_at_the_first_seat_without_a_bot(rnd: Round, data: st.DataObject) -> None:
    """Only bots move, each move is legal and in turn (R11), and the round stops when a
    seat without a bot is to move or the round is over (R16)."""
    seats = data.draw(st.sets(st.integers(0, rnd.players - 1)), label="bot seats")
    bots: dict[int, Player] = {s: GreedyPlayer() for s in seats}
    after, moves = play_until(rnd, bots, random.Random(0))
    assert after.is_over or after.to_move not in bots
    assert after.ply - rnd.ply == len(moves)
    assert after.moves[: rnd.ply] == rnd.moves
    replayed = rnd
    for event in moves:
        assert event.seat in bots
        assert event.drawn is None  # a draw's tile is not for the other seats
        replayed = replayed.apply(event.move, seat=event.seat)
    assert replayed == after
    if not rnd.is_over and rnd.to_move not in bots:
        assert (after, moves) == (rnd, ())


def test_play_until_with_every_seat_a_bot_plays_as_play_round_and_play_match() -> None:
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(), SMALL_SEARCH]
    rnd = Round.deal(PRESETS["classic"], 3, seed=4)
    done, moves = play_until(rnd, dict(enumerate(bots)), random.Random(4))
    assert done.is_over
    assert done == play_round(rnd, bots, random.Random(4))
    assert [(e.seat, e.move) for e in moves] == [(e.seat, e.move) for e in done.history]
    duel: list[Player] = [GreedyPlayer(), RandomPlayer()]
    start = Match.new(PRESETS["chickie-duel"], 2, seed=6)
    match, moves = play_until(start, dict(enumerate(duel)), random.Random(6))
    assert match.is_over
    assert match == play_match(PRESETS["chickie-duel"], duel, seed=6)
    assert len(moves) == match.ply > match.round.ply  # into the later rounds (R19)


def test_play_until_in_a_match_moves_on_into_the_next_round() -> None:
    """A person at seat 0 and a bot at seat 1: the bot's moves carry on after the round
    ends (R19), and stop at seat 0's first turn in the next round."""
    match = Match.new(PRESETS["chickie-duel"], 2, seed=3)
    bots: dict[int, Player] = {1: GreedyPlayer()}
    rng = random.Random(3)
    crossed = False
    while not match.is_over:
        assert match.to_move == 0 or match.to_move is None
        index = match.round_index
        match = match.apply(match.legal_moves()[0], seat=0, ply=match.ply)
        before = match.ply
        match, moves = play_until(match, bots, rng)
        assert match.ply - before == len(moves)
        assert all(e.seat == 1 for e in moves)
        crossed = crossed or match.round_index > index
    assert crossed


def test_play_until_stops_between_the_rounds_of_a_dealt_match() -> None:
    """A dealt match waits for its next deal (R19): no seat is to move."""
    tiles = list(tile_set(6))
    random.Random(2).shuffle(tiles)
    match = Match.dealt(PRESETS["chickie-duel"], [tiles[:7], tiles[7:14]], tiles[14:])
    match, _ = play_until(match, {0: GreedyPlayer(), 1: GreedyPlayer()}, random.Random(2))
    assert match.awaiting_deal
    assert play_until(match, {0: GreedyPlayer()}, random.Random(2)) == (match, ())


@pytest.mark.skipif(sys.version_info < (3, 11), reason="typing.get_overloads is new in Python 3.11")
def test_play_until_declares_what_it_returns_for_a_round_and_for_a_match() -> None:
    """Its two overloads, as type checkers and ``typing.get_overloads`` read them: a
    round in gives a round back, a match a match."""
    import typing

    overloads = typing.get_overloads(play_until)  # type: ignore[attr-defined]  # 3.10's typing
    declared = [(f.__annotations__["game"], f.__annotations__["return"]) for f in overloads]
    assert declared == [
        ("Round", "tuple[Round, tuple[Event, ...]]"),
        ("Match", "tuple[Match, tuple[Event, ...]]"),
    ]


def test_play_until_checks_its_bots() -> None:
    rnd = Round.deal(PRESETS["classic"], 3, seed=1)
    with pytest.raises(ValueError, match="a key of bots is a seat from 0 to 2, not 3"):
        play_until(rnd, {3: GreedyPlayer()}, random.Random(0))
    with pytest.raises(TypeError, match="the player of seat 1 is 'greedy'"):
        play_until(rnd, {1: "greedy"}, random.Random(0))  # type: ignore[dict-item]
    after = rnd.apply(rnd.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match=r"bot 'cheater' chose it, but .*\(R\d+[a-z]?\)"):
        play_until(after, {1: Cheater(), 2: Cheater()}, random.Random(0))
    assert play_until(rnd, {}, random.Random(0)) == (rnd, ())


# -- errors -----------------------------------------------------------------------------------


@attrs.frozen
class Cheater:
    """Draws whenever it can find no better idea: illegal when it holds a play (R12)."""

    name: str = "cheater"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        return Draw()


@attrs.frozen
class Broken:
    """Returns something that is not a move at all."""

    name: str = "broken"

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        return "9-4@9-9"  # type: ignore[return-value]


def test_an_illegal_move_names_the_bot_and_seat() -> None:
    rnd = Round.deal(PRESETS["classic"], 2, seed=1)
    seat = rnd.to_move
    players: list[Player] = [RandomPlayer(), RandomPlayer()]
    players[seat or 0] = Cheater()
    with pytest.raises(
        IllegalMoveError, match=rf"^seat {seat} cannot .*: bot 'cheater' chose it, but "
    ):
        play_round(rnd, players, random.Random(0))
    with pytest.raises(
        IllegalMoveError, match=r"^seat \d cannot .*: bot 'cheater' chose it, but .*\(R\d+[a-z]?\)"
    ):
        play_match(PRESETS["chickie-duel"], [Cheater(), Cheater()], seed=1)


def test_a_non_move_names_the_bot_and_seat() -> None:
    with pytest.raises(TypeError, match=r"bot 'broken' at seat \d returned '9-4@9-9'"):
        play_match(PRESETS["chickie-duel"], [Broken(), Broken()], seed=1)


def test_the_number_of_bots_must_match_the_seats() -> None:
    rnd = Round.deal(PRESETS["classic"], 3, seed=1)
    with pytest.raises(ValueError, match="the round has 3 seats, but 2 players were given"):
        play_round(rnd, [RandomPlayer()] * 2, random.Random(0))
    with pytest.raises(ValueError, match="the round has 3 seats, but 4 players were given"):
        play_round(rnd, [RandomPlayer()] * 4, random.Random(0))
    with pytest.raises(RulesError):
        play_match(PRESETS["chickie-duel"], [RandomPlayer()] * 3, seed=1)


def test_a_non_player_is_refused() -> None:
    with pytest.raises(TypeError, match="the player of seat 1 is 'greedy'"):
        play_match(PRESETS["chickie-duel"], [RandomPlayer(), "greedy"], seed=1)  # type: ignore[list-item]


def test_search_knobs_are_checked() -> None:
    with pytest.raises(ValueError, match="playouts"):
        SearchPlayer(playouts=0)
    with pytest.raises(ValueError, match="samples"):
        SearchPlayer(samples=0)
    dealt = Round.deal(PRESETS["classic"], 3, seed=1)
    rnd = dealt.apply(dealt.legal_moves()[0])
    least = SearchPlayer(playouts=1, samples=1)  # one playout decides
    assert least.choose(rnd.view(rnd.to_move or 0), random.Random(0)) in rnd.legal_moves()
    with pytest.raises(ValueError, match="rollout"):
        SearchPlayer(rollout="smart")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bot",
    [RandomPlayer(), GreedyPlayer(), SearchPlayer(playouts=20), TreeSearchPlayer(playouts=20)],
    ids=lambda bot: type(bot).__name__,
)
def test_a_bot_asked_out_of_turn_says_so(bot: Player) -> None:
    """A bot asked to choose on another seat's turn or in a finished round names the seat
    and whose turn it is (R11), instead of failing on an empty list of moves."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=3)
    assert rnd.to_move is not None
    waiting = 1 - rnd.to_move
    with pytest.raises(
        ValueError, match=f"seat {waiting} has no move to choose: seat {rnd.to_move} is to move"
    ):
        bot.choose(rnd.view(waiting), random.Random(0))
    over = play_round(rnd, [RandomPlayer(), RandomPlayer()], random.Random(1))
    assert over.is_over
    with pytest.raises(ValueError, match="seat 0 has no move to choose: the round is over"):
        bot.choose(over.view(0), random.Random(0))


# -- the search player's objective and schedule -----------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players"), [("classic", 3), ("classic", 4), ("double-foot", 5)]
)
def test_the_margin_is_the_others_mean_penalty_minus_ones_own_r17(
    preset: str, players: int
) -> None:
    """``objective="margin"`` scores a finished round, for each seat, by the mean of the
    other seats' penalty points minus its own (R17)."""
    from chickenfoot._round import state_of
    from chickenfoot.bots import _value

    for seed in range(3):
        rnd = Round.deal(PRESETS[preset], players, seed=seed)
        end = play_round(rnd, [RandomPlayer()] * players, random.Random(seed))
        assert end.scores is not None
        for seat, own in enumerate(end.scores):
            others = [s for i, s in enumerate(end.scores) if i != seat]
            margin = _value(state_of(end), seat, "margin")
            assert margin == pytest.approx(sum(others) / len(others) - own)


def _schedule(
    bot: SearchPlayer, view: RoundView, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, list[int]]:
    """How many rounds ``bot`` samples for ``view``, and the size of each batch of
    playouts: every candidate in the running plays out one sample with one seed."""
    import types

    import chickenfoot.bots

    seeds: list[int] = []
    samples = 0
    sample = RoundView.sample_state

    class Seeded(random.Random):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            seeds.append(seed)

    def counted(self: RoundView, rng: random.Random, **options: object) -> Round:
        nonlocal samples
        samples += 1
        return sample(self, rng)

    monkeypatch.setattr(chickenfoot.bots, "random", types.SimpleNamespace(Random=Seeded))
    monkeypatch.setattr(RoundView, "sample_state", counted)
    bot.choose(view, random.Random(7))
    monkeypatch.undo()
    batches: list[int] = []
    for i, seed in enumerate(seeds):
        if i and seed == seeds[i - 1]:
            batches[-1] += 1
        else:
            batches.append(1)
    return samples, batches


#: Candidate counts around powers of two, where ceil(log2(candidates)) steps.
CANDIDATES = (3, 4, 5, 8, 9)


@functools.cache
def _views_by_candidates() -> dict[int, RoundView]:
    """A view of the seat to move for each count of :data:`CANDIDATES`: legal moves
    that lead to that many different games."""
    from chickenfoot.bots import _distinct

    found: dict[int, RoundView] = {}
    rng = random.Random(3)
    for seed in range(400):
        rnd: Round | None = Round.deal(PRESETS["classic"], 2, seed=seed)
        while rnd is not None and not rnd.is_over:
            rnd = to_decision(rnd, rng, options=3)
            if rnd is None:
                break
            view = rnd.view(rnd.to_move or 0)
            found.setdefault(len(_distinct(view, view.legal_moves())), view)
            if all(c in found for c in CANDIDATES):
                return {c: found[c] for c in CANDIDATES}
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    raise AssertionError(f"views found for {sorted(found)} candidates only")


@pytest.mark.parametrize("count", CANDIDATES)
@pytest.mark.parametrize(("samples", "playouts"), [(16, 120), (3, 120), (16, 30), (4, 2)])
def test_sequential_halving_spends_the_budget_in_halving_phases(
    monkeypatch: pytest.MonkeyPatch, count: int, samples: int, playouts: int
) -> None:
    """The playouts are split over ceil(log2(candidates)) phases; each phase plays
    batches of every candidate still in the running, as many as its share allows (one at
    least), and keeps the better half, rounded up. Rounds are sampled for the batches,
    up to ``samples`` and to one for every ``candidates`` playouts of the budget."""
    bot = SearchPlayer(samples=samples, playouts=playouts)
    sampled, batches = _schedule(bot, _views_by_candidates()[count], monkeypatch)
    candidates = batches[0]
    assert candidates == count
    phases = math.ceil(math.log2(candidates))
    expected: list[int] = []
    alive = candidates
    for phase in range(phases):
        if phase:
            alive = (alive + 1) // 2
        expected += [alive] * max(1, playouts // phases // alive)
    assert batches == expected
    assert sampled == min(samples, max(1, playouts // candidates), len(batches))
    if playouts >= candidates * phases:
        assert sum(batches) <= playouts


@pytest.mark.parametrize("count", CANDIDATES)
@pytest.mark.parametrize("playouts", [120, 3])
def test_without_halving_every_candidate_gets_an_equal_share(
    monkeypatch: pytest.MonkeyPatch, count: int, playouts: int
) -> None:
    view = _views_by_candidates()[count]
    sampled, batches = _schedule(SearchPlayer(playouts=playouts, halving=False), view, monkeypatch)
    candidates = batches[0]
    assert candidates == count
    assert batches == [candidates] * max(1, playouts // candidates)
    assert sampled == min(16, max(1, playouts // candidates), len(batches))


@pytest.mark.parametrize("shift", [0.0, -5.0])
def test_sequential_halving_keeps_the_better_half(
    monkeypatch: pytest.MonkeyPatch, shift: float
) -> None:
    """Each phase keeps the candidates with the best means so far: with playouts rigged to
    give each of five candidates its own value in the first phase and nothing after, the
    best of the first phase is the one played, values below zero too (a seat's margin is
    negative when it loses, R17)."""
    import chickenfoot.bots
    from chickenfoot.bots import _distinct

    view = _views_by_candidates()[5]
    options = list(_distinct(view, view.legal_moves()).values())
    bot = SearchPlayer(samples=4, playouts=60)
    first_phase = 5 * (60 // 3 // 5)  # three phases; every candidate, batch by batch
    rigged = [2.0, 4.0, 0.0, 3.0, 1.0]  # candidate 1, then 3, then 0 are the best
    calls = 0

    def value(end: object, seat: int, objective: str) -> float:
        nonlocal calls
        calls += 1
        return rigged[(calls - 1) % 5] + shift if calls <= first_phase else 0.0

    monkeypatch.setattr(chickenfoot.bots, "_value", value)
    assert bot.choose(view, random.Random(3)) == options[1]
    assert calls > first_phase  # the later phases were played


def test_the_deprecated_max_tries_still_refuses_less_than_one_try() -> None:
    """``SearchPlayer(max_tries=...)`` is ignored with a warning until it goes, but a
    count of tries below 1 is refused, as it always was."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for tries in (0, -1):
            with pytest.raises(ValueError, match="max_tries"):
                SearchPlayer(max_tries=tries)
        assert SearchPlayer(max_tries=1).max_tries == 1


def test_a_tie_is_drawn_at_random_and_the_move_drawn_is_listed_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With every playout rigged to the same value, the last phase ends in a tie of its
    candidates: the move played is drawn among them, and the analysis lists the move
    played first whichever it is, then the others best first."""
    import chickenfoot.bots

    view = _views_by_candidates()[4]
    monkeypatch.setattr(chickenfoot.bots, "_value", lambda end, seat, objective: 0.0)
    bot = SearchPlayer(samples=2, playouts=16, halving=False)
    played = set()
    for seed in range(12):
        analysis = bot.analyse(view, random.Random(seed))
        assert analysis.moves[0].move == analysis.move
        assert all(line.value == 0.0 for line in analysis.moves)
        played.add(analysis.move)
    assert len(played) > 1  # the draw is not always the first candidate


@pytest.mark.parametrize(("halving", "playouts"), [(False, 24), (True, 96)])
def test_the_flat_search_plays_out_every_sample_it_draws(
    halving: bool, playouts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The playouts go round the samples in turn, the newest as soon as it is drawn: each
    sampled state is played on from, none drawn for nothing, even when there are just
    as many rounds of playouts as samples (4 moves, 6 samples, 24 playouts)."""
    import chickenfoot.bots

    drawn: list[int] = []
    used: set[int] = set()
    sample_of = chickenfoot.state.state_of
    after = State.after

    def recorded(rnd: Round) -> State:
        state = sample_of(rnd)
        drawn.append(id(state))
        return state

    def played_from(self: State, *args: Any, **kwargs: Any) -> State:
        used.add(id(self))
        return after(self, *args, **kwargs)

    monkeypatch.setattr(chickenfoot.bots, "state_of", recorded)
    monkeypatch.setattr(State, "after", played_from)
    view = _views_by_candidates()[4]
    SearchPlayer(samples=6, playouts=playouts, halving=halving).analyse(view, random.Random(3))
    assert len(drawn) == 6
    assert set(drawn) <= used


@pytest.mark.parametrize("halving", [True, False])
def test_the_standard_error_of_a_share_of_wins_is_that_of_a_proportion(halving: bool) -> None:
    """With ``objective="win"`` every playout scores 1 or 0 (R18): a move that won a share
    p of its n playouts has the sample variance n p (1 - p) / (n - 1) around its mean, so
    the standard error of its value is sqrt(p (1 - p) / (n - 1))."""
    bot = SearchPlayer(samples=4, playouts=120, objective="win", halving=halving)
    analysis = bot.analyse(_views_by_candidates()[4], random.Random(2))
    between = 0
    for line in analysis.moves:
        assert line.value is not None
        assert line.stderr is not None
        n, p = line.playouts, line.value
        assert n > 1
        assert line.stderr == pytest.approx(math.sqrt(p * (1 - p) / (n - 1)), abs=1e-12)
        between += 0 < p < 1
    assert between > 0  # some move both won and lost playouts


@pytest.mark.parametrize("halving", [True, False])
def test_the_flat_search_spends_its_playouts_evenly_among_the_moves_it_keeps(
    halving: bool,
) -> None:
    """Four candidates and 120 playouts: without halving each move gets 30; with it, two
    phases of 60, the first 15 each, the second 30 each for the better two (45 in all)."""
    bot = SearchPlayer(samples=4, playouts=120, halving=halving)
    analysis = bot.analyse(_views_by_candidates()[4], random.Random(3))
    counts = [line.playouts for line in analysis.moves]
    assert sum(counts) == analysis.playouts == 120
    assert sorted(counts) == ([15, 15, 45, 45] if halving else [30, 30, 30, 30])


@pytest.mark.parametrize("tries", [1, 99, 101, 1000])
def test_max_tries_warns_unless_it_is_left_at_its_default(tries: int) -> None:
    with pytest.warns(DeprecationWarning, match=r"max_tries=\.\.\.\) is deprecated"):
        SearchPlayer(max_tries=tries)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert SearchPlayer().max_tries == SearchPlayer(max_tries=100).max_tries == 100


def test_the_analysis_lists_the_moves_by_how_far_they_went_then_by_value() -> None:
    """After the move played, the analysis lists the other candidates as the sequential
    halving ranked them: those kept longer (more playouts) first, and among those kept as
    long the better mean first, to the fraction of a point."""
    checked = 0
    rng = random.Random(11)
    for seed in range(6):
        rnd = Round.deal(PRESETS["classic"], 4, seed=seed)
        while not rnd.is_over:
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
            view = rnd.view(rnd.to_move) if rnd.to_move is not None else None
            if view is None or len(view.legal_moves()) < 4:
                continue
            rest = SearchPlayer(playouts=64, samples=4).analyse(view, rng).moves[1:]
            keys = [(-m.playouts, -(m.value or 0.0)) for m in rest]
            assert keys == sorted(keys), rest
            checked += sum(a[0] == b[0] and a != b for a, b in itertools.pairwise(keys))
    assert checked  # some neighbours went as far and differ in value
