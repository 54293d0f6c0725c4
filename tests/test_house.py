"""House rules: registration, Rules.house, and the rulebook running them after its own.

The rules of ``house_rules`` are written as a user writes them: a play filter (H1), a wild
tile (H2) and a scoring change (H3). Scenario tests cite the rules they touch.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest
import strategies
from house_rules import (
    BLANK,
    CostlyDoubles,
    NoBlankOnTheDouble,
    WildDoubleBlank,
    blank_onto_root,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot import (
    PRESETS,
    Draw,
    Ending,
    HouseRule,
    IllegalMoveError,
    Move,
    Pass,
    Play,
    PositionError,
    Round,
    RoundView,
    Rules,
    RulesError,
    Table,
    Tile,
    Turn,
    find_house_rule,
    house_rule,
    tile_set,
)
from chickenfoot._book import book_of
from chickenfoot._house import counts_of, house_moves
from chickenfoot.state import hand_score, state_of

CLASSIC = PRESETS["classic"]
H1 = attrs.evolve(CLASSIC, house=[NoBlankOnTheDouble()])
H2 = attrs.evolve(CLASSIC, house=(WildDoubleBlank(),))
H3 = attrs.evolve(CLASSIC, house=(CostlyDoubles(factor=3, bonus_points=7),))


def play_randomly(rules: Rules, players: int, seed: int) -> list[Round]:
    """Every round of a random playout, the deal first."""
    rng = random.Random(seed)
    rnd = Round.deal(rules, players, seed=seed)
    out = [rnd]
    while not rnd.is_over:
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
        out.append(rnd)
    return out


def seat_of(rnd: Round) -> int:
    """The seat to move of a round in play."""
    assert rnd.to_move is not None
    return rnd.to_move


# -- registering -------------------------------------------------------------------------


def test_a_registered_rule_is_found_by_name() -> None:
    assert find_house_rule("no-blank-on-the-double") is NoBlankOnTheDouble
    assert find_house_rule("wild-double-blank") is WildDoubleBlank


def test_an_unknown_name_says_how_to_register() -> None:
    with pytest.raises(RulesError, match="no house rule is registered as 'no-such-rule'") as info:
        find_house_rule("no-such-rule")
    assert "--load SCRIPT" in str(info.value)
    assert "@house_rule" in str(info.value)


def test_a_class_that_is_not_a_frozen_house_rule_is_refused() -> None:
    class Plain(HouseRule):
        name = "plain-class"
        rule = "H9"

    with pytest.raises(RulesError, match=r"@attrs\.frozen"):
        house_rule(Plain)
    with pytest.raises(RulesError, match="subclass of HouseRule"):
        house_rule(int)  # type: ignore[type-var]


def test_a_bad_or_taken_name_is_refused() -> None:
    @attrs.frozen
    class Shouting(HouseRule):
        name = "Shouting Rule"
        rule = "H9"

    with pytest.raises(RulesError, match="lowercase words joined by '-'"):
        house_rule(Shouting)

    @attrs.frozen
    class Copy(HouseRule):
        name = "wild-double-blank"
        rule = "H9"

    with pytest.raises(RulesError, match=r"taken by house_rules\.WildDoubleBlank"):
        house_rule(Copy)
    assert find_house_rule("wild-double-blank") is WildDoubleBlank


def _reloaded() -> type[HouseRule]:
    """A house rule's class as a script that is run again (a notebook cell, a reload)
    makes it: another class object of the same module and name."""

    @house_rule
    @attrs.frozen
    class Reloaded(HouseRule):
        name = "reloaded-rule"
        rule = "H9"

    return Reloaded


def test_a_rule_defined_again_by_its_own_script_takes_its_name_again() -> None:
    first = _reloaded()
    second = _reloaded()
    assert first is not second
    assert find_house_rule("reloaded-rule") is second


def test_rules_check_their_house_rules() -> None:
    @attrs.frozen
    class Unregistered(HouseRule):
        name = "never-registered"
        rule = "H9"

    with pytest.raises(RulesError, match="Unregistered is not registered"):
        attrs.evolve(CLASSIC, house=[Unregistered()])
    with pytest.raises(RulesError, match="listed twice"):
        attrs.evolve(CLASSIC, house=[NoBlankOnTheDouble(), NoBlankOnTheDouble()])
    with pytest.raises(RulesError, match="house lists HouseRule instances"):
        attrs.evolve(CLASSIC, house=["wild-double-blank"])
    with pytest.raises(RulesError, match="house is a list of house rules"):
        attrs.evolve(CLASSIC, house=WildDoubleBlank())
    with pytest.raises(RulesError, match="factor is a whole number, text, a boolean or None"):
        attrs.evolve(CLASSIC, house=[CostlyDoubles(factor=1.5)])  # type: ignore[arg-type]
    # a knob keeps the kind of its default: text or a boolean for a number would be
    # taken for one in the middle of a round
    for bad in ("2", True, None):
        with pytest.raises(
            RulesError, match=f"factor is a whole number like its default 2, not {bad!r}"
        ):
            attrs.evolve(CLASSIC, house=[CostlyDoubles(factor=bad)])  # type: ignore[arg-type]


def test_a_rule_refuses_knobs_it_cannot_work_with() -> None:
    @house_rule
    @attrs.frozen
    class NeedsReserve(HouseRule):
        name = "needs-a-reserve"
        rule = "H8"

        def check(self, rules: Rules) -> None:
            if rules.boneyard_reserve == 0:
                raise RulesError(f"{rules.name}: needs-a-reserve wants a boneyard reserve (R14)")

    with pytest.raises(RulesError, match="wants a boneyard reserve"):
        attrs.evolve(CLASSIC, house=[NeedsReserve()])
    assert attrs.evolve(CLASSIC, boneyard_reserve=2, house=[NeedsReserve()]).house


def test_house_rules_are_part_of_the_value() -> None:
    assert attrs.evolve(CLASSIC, house=(NoBlankOnTheDouble(),)) == H1
    assert H1 != CLASSIC
    assert attrs.evolve(CLASSIC, house=(CostlyDoubles(),)) != H3
    assert book_of(CLASSIC).house == ()
    assert book_of(H1).house == (NoBlankOnTheDouble(),)


def test_a_house_rule_is_a_frozen_slotted_value() -> None:
    # like every value of the library: no attribute is set on it and none is added, so
    # a rule listed in Rules cannot change under the rounds that use it
    for rule in (HouseRule(), NoBlankOnTheDouble(), CostlyDoubles()):
        assert not hasattr(rule, "__dict__")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            rule.extra = 1  # type: ignore[attr-defined]
    assert HouseRule() == HouseRule()
    assert attrs.fields(HouseRule) == ()


# -- the turn ------------------------------------------------------------------------------


def test_a_filter_rule_removes_its_plays_and_says_why() -> None:
    """H1 after R7: a blank end never goes onto the round double; refused with its number."""
    checked = 0
    for seed in range(40):
        for rnd in play_randomly(H1, 4, seed)[:-1]:
            root = rnd.layout.root
            moves = rnd.legal_moves()
            assert moves
            assert not any(blank_onto_root(m, root) for m in moves)
            if root is None:
                continue
            for tile in rnd.hand(seat_of(rnd)):
                if tile.has(0):
                    with pytest.raises(IllegalMoveError) as info:
                        rnd.apply(Play(tile, root))
                    assert info.value.rule == "H1, house rule no-blank-on-the-double"
                    assert "blank goes onto the round double" in str(info.value)
                    checked += 1
    assert checked > 10


def test_a_seat_whose_plays_are_all_removed_draws() -> None:
    """A seat whose only plays H1 removes has no play: it draws (R12, R13)."""

    @house_rule
    @attrs.frozen
    class NoPlays(HouseRule):
        name = "no-plays-after-the-double"
        rule = "H7"

        def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
            return [m for m in moves if not isinstance(m, Play)]

    rules = attrs.evolve(CLASSIC, house=[NoPlays()])
    rnd = Round.deal(rules, 4, seed=3)
    rnd = rnd.apply(rnd.legal_moves()[0])  # the round double (R6), not a house matter
    assert rnd.legal_moves() == [Draw()]
    rng = random.Random(1)
    while not rnd.is_over:
        moves = rnd.legal_moves()
        assert moves in ([Draw()], [Pass()])
        rnd = rnd.apply(rng.choice(moves))
    assert rnd.outcome is not None
    assert rnd.outcome.ending is Ending.BLOCKED


def test_a_turn_names_the_tile_drawn_this_turn_r13() -> None:
    """R13: the turn a house rule reads after a draw names the tile drawn: a rule that
    keeps a drawn double off the table leaves the drawer, who may not draw again, a pass;
    without it the same turn has the double's play."""

    @house_rule
    @attrs.frozen
    class DrawnDoublesWait(HouseRule):
        name = "drawn-doubles-wait"
        rule = "H7"

        def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
            if turn.drawn is not None and turn.drawn.is_double:
                return [m for m in moves if not isinstance(m, Play)]
            return moves

    duel = PRESETS["chickie-duel"]
    rules = attrs.evolve(duel, house=[DrawnDoublesWait()])
    assert rules.draws_per_turn == 1
    waited = 0
    for seed in range(60):
        for rnd in play_randomly(rules, 2, seed):
            last = rnd.history[-1] if rnd.history else None
            if rnd.is_over or last is None or last.drawn is None or not last.drawn.is_double:
                continue
            if rnd.to_move != last.seat or not rnd.layout.placements:
                continue  # a search draw found the round double (R6), or the turn is over
            assert rnd.legal_moves() == [Pass()]
            plain = Round.from_position(duel, rnd.to_position()).legal_moves()
            waited += any(isinstance(m, Play) and m.tile == last.drawn for m in plain)
    assert waited >= 3


def test_a_blocked_rounds_bonus_has_no_last_tile_r18() -> None:
    """R18: a blocked round has no tile the winner went out with, so a bonus given for
    that tile is not given; a round gone out gives it to every other seat (R16). Each
    seat's view samples rounds that give it back."""

    @house_rule
    @attrs.frozen
    class OutTileBonus(HouseRule):
        name = "out-tile-bonus"
        rule = "H8"

        def bonus(self, seat: int, ending: Ending, winner: int, last: Tile | None) -> int:
            return 0 if last is None or seat == winner else 1

    rules = attrs.evolve(CLASSIC, house=[OutTileBonus()])
    endings = set()
    for seed in range(80):
        end = play_randomly(rules, 4, seed)[-1]
        outcome = end.outcome
        assert outcome is not None
        endings.add(outcome.ending)
        for seat in range(4):
            points = hand_score(rules, sum(1 << t.index for t in end.hand(seat)))
            if outcome.ending is Ending.WENT_OUT and seat != outcome.winner:
                points += 1
            assert outcome.scores[seat] == points, (seed, seat)
            view = end.view(seat)  # the sampler takes the bonus off the score
            assert view.sample_state(random.Random(seed)).view(seat) == view
        if endings == {Ending.WENT_OUT, Ending.BLOCKED}:
            return
    raise AssertionError(f"80 rounds ended only so: {endings}")


def test_the_wild_double_blank_goes_onto_any_open_end() -> None:
    """H2: 0-0 onto an end showing another number covers it and wants blank toes (R3)."""
    seen = 0
    for seed in range(60):
        for before, after in zip(rounds := play_randomly(H2, 4, seed), rounds[1:], strict=False):
            if BLANK in after.layout and BLANK not in before.layout:
                onto = after.layout.parent(BLANK)
                if onto is not None and not onto.has(0):
                    seen += 1
                    assert any(e.onto == BLANK and e.number == 0 for e in after.open_ends)
                    assert after.open_ends == (
                        Round.from_position(H2, after.to_position()).open_ends
                    )
                    view = after.view(1)
                    assert RoundView.from_json(view.to_json()) == view
    assert seen > 3


def test_the_view_lists_the_same_moves_as_the_round() -> None:
    for rules in (H1, H2):
        for seed in range(15):
            for rnd in play_randomly(rules, 3, seed)[:-1]:
                assert rnd.view(seat_of(rnd)).legal_moves() == rnd.legal_moves()


def test_every_listed_move_is_accepted_and_others_refused_with_a_reason() -> None:
    for rules in (H1, H2):
        for seed in range(10):
            for rnd in play_randomly(rules, 4, seed)[:-1]:
                state = state_of(rnd)
                moves = state.legal_moves()
                for move in moves:
                    assert state.refusal(move) is None
                for tile in rnd.hand(seat_of(rnd)):
                    for end in rnd.open_ends:
                        move = Play(tile, end.onto)
                        why = state.refusal(move)
                        assert (why is None) == (move in moves), (move, why)
                        if why is not None:
                            assert why[0]
                            assert why[1]


def test_blocked_asks_every_seats_moves() -> None:
    """R16 with house rules: blocked exactly when no seat's moves hold a play."""
    for rules in (H1, H2):
        for seed in range(40):
            end = play_randomly(rules, 4, seed)[-1]
            assert end.outcome is not None
            if end.outcome.ending is not Ending.BLOCKED:
                continue
            state = state_of(end)
            book = book_of(rules)
            counts = counts_of(state.hands)
            for seat, hand in enumerate(state.hands):
                moves = house_moves(book, state.table, seat, hand, 0, -1, state.left, counts)
                assert not any(isinstance(m, Play) for m in moves)


def test_a_wild_tile_keeps_a_round_going_that_the_table_alone_would_block() -> None:
    """The double-blank has a play wherever a place is open, so a round is not blocked
    while a seat holds it (R16)."""
    for seed in range(80):
        end = play_randomly(H2, 2, seed)[-1]
        assert end.outcome is not None
        if end.outcome.ending is Ending.BLOCKED:
            assert all(BLANK not in end.hand(s) for s in range(2)) or not end.open_ends


# -- scoring -------------------------------------------------------------------------------


def test_tile_points_and_bonus_score_the_round() -> None:
    """H3 over R17: doubles count 3 times, and going out on a double costs 7 more."""
    went_out_on_double = 0
    for seed in range(60):
        end = play_randomly(H3, 4, seed)[-1]
        outcome = end.outcome
        assert outcome is not None
        last = end.history[-1].move
        for seat in range(4):
            points = 0
            for tile in end.hand(seat):
                pips = tile.high + tile.low if tile != BLANK else CLASSIC.double_blank
                points += pips * 3 if tile.is_double and tile != BLANK else pips
            if outcome.ending is Ending.WENT_OUT and seat != outcome.winner:
                assert isinstance(last, Play)
                if last.tile.is_double:
                    points += 7
                    went_out_on_double += seat == (outcome.winner + 1) % 4
            assert outcome.scores[seat] == points
        if outcome.ending is Ending.BLOCKED:  # R18: the lowest score wins
            assert outcome.scores[outcome.winner] == min(outcome.scores)
    assert went_out_on_double >= 1


def test_a_rule_that_lists_what_is_not_a_move_is_named() -> None:
    """A house rule chooses the tiles, the placement rules the places: a listed move
    that is no move, a tile the seat does not hold, or a play onto a tile that is not a
    place now (R7-R10) is refused with the rule's name."""

    @house_rule
    @attrs.frozen
    class Sloppy(HouseRule):
        name = "sloppy-lister"
        rule = "H9"
        lists: str = "text"

        def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
            if self.lists == "text":
                return [*moves, "9-9"]  # type: ignore[list-item]
            if self.lists == "unheld":
                return [Play(BLANK, turn.table.places()[0])]
            if self.lists == "root":
                return [Play(turn.hand[0])]  # a second round double
            return [Play(turn.hand[0], turn.hand[1])]  # onto a tile of its own hand

    rnd = Round.deal(CLASSIC, 4, seed=1)
    rnd = rnd.apply(rnd.legal_moves()[0])  # the round double (R6): no house rule yet
    seat = seat_of(rnd)
    assert BLANK not in rnd.hand(seat)  # so the second rule lists a tile not held
    first, second = rnd.hand(seat)[:2]
    cases = [
        ("text", TypeError, "'9-9', not a Play, Draw or Pass"),
        ("unheld", RulesError, f"0-0@{rnd.round_double}, but seat {seat} does not hold 0-0"),
        (
            "root",
            RulesError,
            f"{first}, but it goes onto no tile: a tile may go onto {rnd.round_double} (R7-R10)",
        ),
        (
            "off",
            RulesError,
            (
                f"{first}@{second}, but it goes onto {second}, which is not a place now: "
                f"a tile may go onto {rnd.round_double} (R7-R10)"
            ),
        ),
    ]
    for lists, error, text in cases:
        rules = attrs.evolve(CLASSIC, house=[Sloppy(lists=lists)])
        state = state_of(Round.from_position(rules, rnd.to_position()))
        with pytest.raises(error, match=f"house rule sloppy-lister listed {re.escape(text)}"):
            state.legal_moves()


HOUSES = [
    (NoBlankOnTheDouble(),),
    (WildDoubleBlank(),),
    (CostlyDoubles(factor=2, bonus_points=3),),
    (WildDoubleBlank(), NoBlankOnTheDouble(), CostlyDoubles()),
]


@settings(max_examples=25, deadline=None)
@given(
    base=strategies.rules(),
    house=st.sampled_from(HOUSES),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_variant_with_house_rules_plays_to_an_end(
    base: Rules, house: tuple[HouseRule, ...], seed: int
) -> None:
    """Whatever the knobs: every seat always has a legal move, the round and the mover's
    view list the same moves, each is accepted, the round ends (R16), and its record reads
    back (R11, R16)."""
    rules = attrs.evolve(base, house=house)
    players = rules.player_counts[seed % len(rules.player_counts)]
    rng = random.Random(seed)
    rnd = Round.deal(rules, players, seed=seed)
    for _ in range(2000):
        if rnd.is_over:
            break
        moves = rnd.legal_moves()
        assert moves
        assert rnd.view(seat_of(rnd)).legal_moves() == moves
        state = state_of(rnd)
        assert all(state.refusal(m) is None for m in moves)
        rnd = rnd.apply(rng.choice(moves))
    assert rnd.is_over
    assert Round.from_json(rnd.to_json()) == rnd


def test_the_engine_counts_house_tile_points() -> None:
    """``chickenfoot.state.hand_score`` (the greedy bot's weights, OpenSpiel's bound)
    counts the house rules' tile points (R17): H3's doubles three times."""
    hand = 1 << Tile(4, 4).index | 1 << Tile(5, 3).index | 1 << BLANK.index
    assert hand_score(CLASSIC, hand) == 8 + 8 + 50
    assert hand_score(H3, hand) == 3 * 8 + 8 + 50


@pytest.mark.parametrize(
    ("seats", "table"),
    [
        (4, {}),
        # a reserve over 30 (R14): the check of a turn's draw is not the reserve's to refuse
        (2, {"set_sizes": {2: 12}, "hand_sizes": {2: 7}, "boneyard_reserve": 40}),
    ],
)
def test_r12b_a_position_after_a_draw_beside_a_play_reads_back_under_house_rules(
    seats: int, table: dict[str, Any]
) -> None:
    """With ``must_play`` false a seat may draw though it holds a play (R12b), under house
    rules too, whatever the reserve (R14): the position taken after that draw reads back,
    and the same position under ``must_play`` true is refused, the seat having drawn while
    it held a play (R12)."""
    rules = attrs.evolve(CLASSIC, must_play=False, house=(NoBlankOnTheDouble(),), **table)
    strict = attrs.evolve(rules, must_play=True)
    for seed in range(60):
        rng = random.Random(seed)
        rnd = Round.deal(rules, seats, seed=seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            placed = rnd.round_double in rnd.layout.tiles
            if placed and Draw() in moves and any(isinstance(m, Play) for m in moves):
                text = rnd.apply(Draw()).to_position()
                assert Round.from_position(rules, text).to_position() == text
                with pytest.raises(PositionError, match=r"drew while holding .*\(R12\)"):
                    Round.from_position(strict, text)
                return
            rnd = rnd.apply(rng.choice(moves))
    raise AssertionError("no draw beside a play in 60 rounds")


def test_r17c_going_out_on_a_double_and_a_house_bonus_both_count() -> None:
    """A winner who goes out on a double scores ``out_on_double`` (R17c); every other seat
    scores its tiles at the house rule's points plus its bonus (H3), and each seat's view
    samples rounds that give it back (the sampler takes both off the scores). The round
    found goes out on a double other than 0-0, the set's first tile."""
    rules = attrs.evolve(
        CLASSIC, out_on_double=25, house=(CostlyDoubles(factor=3, bonus_points=7),)
    )
    for seed in range(300):
        end = play_randomly(rules, 3, seed)[-1]
        outcome = end.outcome
        assert outcome is not None
        last = end.history[-1].move
        if outcome.ending is not Ending.WENT_OUT or not isinstance(last, Play):
            continue
        if not last.tile.is_double or last.tile.index == 0:
            continue
        for seat in range(3):
            if seat == outcome.winner:
                assert outcome.scores[seat] == 25
            else:
                hand = sum(1 << t.index for t in end.hand(seat))
                assert outcome.scores[seat] == hand_score(rules, hand) + 7
            view = end.view(seat)
            assert view.sample_state(random.Random(seed)).view(seat) == view
        return
    raise AssertionError("no round went out on a double past 0-0 in 300 rounds")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_house_rule_s_table_plays_a_tile_where_the_placement_rules_allow(preset: str) -> None:
    """Once the round double is down (R6), ``Table.plays(tile)`` for a tile the seat to
    move holds is that seat's legal plays of it (R7-R10), at the start of its turn (after
    a draw, the drawing rules choose among them, R13): the same plays, no more, no fewer,
    at every such turn of random rounds."""
    rules = attrs.evolve(PRESETS[preset], rounds=1)
    players = max(n for n in rules.player_counts if n <= 3)
    checked = 0
    for seed in range(4):
        rnd = Round.deal(rules, players, seed=seed)
        rng = random.Random(seed)
        while rnd.to_move is not None:
            seat = rnd.to_move
            drew = bool(rnd.history) and isinstance(rnd.history[-1].move, Draw)
            if rnd.layout.tiles and not (drew and rnd.history[-1].seat == seat):
                table = Table(state_of(rnd).table)
                legal = [m for m in rnd.legal_moves() if isinstance(m, Play)]
                for tile in rnd.hand(seat):
                    mine = sorted(str(m) for m in legal if m.tile == tile)
                    assert sorted(map(str, table.plays(tile))) == mine, (seed, rnd.history)
                    checked += bool(mine)
            rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    assert checked > 20


@given(strategies.played_rounds())
@settings(max_examples=30)
def test_a_house_rule_s_table_holds_the_tiles_on_the_table(rnd: Round) -> None:
    """``tile in table`` for a house rule's table is whether the tile lies on the table
    (R2): the tiles the layout shows, and no other tile of the set."""
    table = Table(state_of(rnd).table)
    on = set(rnd.layout.tiles)
    assert set(table.tiles) == on
    for tile in tile_set(rnd.rules.set_size(rnd.players)):
        assert (tile in table) == (tile in on)
    assert "6-6" not in table
    assert None not in table
