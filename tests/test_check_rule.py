"""chickenfoot.testing.check_rule: sound rules pass, unsound ones are caught."""

from __future__ import annotations

import re

import attrs
import pytest
from house_rules import CostlyDoubles, NoBlankOnTheDouble, WildDoubleBlank

from chickenfoot import PRESETS, Draw, HouseRule, Move, Pass, Play, Round, Tile, Turn, house_rule
from chickenfoot.state import PublicTurn, Reveal
from chickenfoot.testing import check_rule


@pytest.mark.parametrize("rule", [NoBlankOnTheDouble(), WildDoubleBlank(), CostlyDoubles()])
def test_the_rules_of_the_tests_pass(rule: HouseRule) -> None:
    check_rule(rule, rounds=1)


def _blanks(turn: Turn) -> int:
    return sum(1 for t in turn.hand if t.has(0))


@house_rule
@attrs.frozen
class FalselySeparable(HouseRule):
    """A seat holding two tiles with a blank or more may not play them: legality reads
    the rest of the hand, so the rule is not separable, though it says it is."""

    name = "blank-pairs-stay-home"
    rule = "H5"
    separable = True

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        if _blanks(turn) < 2:
            return moves
        return [m for m in moves if not (isinstance(m, Play) and m.tile.has(0))]

    def refusal(self, turn: Turn, move: Move) -> str | None:
        if _blanks(turn) >= 2 and isinstance(move, Play) and move.tile.has(0):
            return "a seat with two blanks keeps them"
        return None


def test_a_rule_that_claims_to_be_separable_but_is_not_is_caught() -> None:
    with pytest.raises(AssertionError, match="separable promise\\) is unsound"):
        check_rule(FalselySeparable(), PRESETS["classic"], rounds=30)


@house_rule
@attrs.frozen
class ClaimsTooMuch(HouseRule):
    """Says a draw tells the mover held no double at all: false."""

    name = "claims-too-much"
    rule = "H6"

    def reveal(self, turn: PublicTurn, move: Move, base: Reveal) -> Reveal | None:
        doubles = sum(1 << (k * (k + 3) // 2) for k in range(turn.table.n + 1))
        return Reveal(lacks=base.lacks | doubles, drawn_lacks=base.drawn_lacks)


def test_a_reveal_that_claims_too_much_is_caught() -> None:
    with pytest.raises(AssertionError, match="unsound"):
        check_rule(ClaimsTooMuch(), PRESETS["classic"], rounds=30)


@house_rule
@attrs.frozen
class ForgetsItsRefusal(HouseRule):
    """Removes every play onto the round double and accepts them all the same."""

    name = "forgets-its-refusal"
    rule = "H7"
    separable = True

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        root = turn.table.round_double
        return [m for m in moves if not (isinstance(m, Play) and m.onto == root)]


def test_a_removed_move_is_refused_with_the_book_s_words() -> None:
    """Without the rule's own words the book still refuses, naming the house rules."""
    check_rule(ForgetsItsRefusal(), PRESETS["chickie-duel"], rounds=4)


def test_a_rule_no_variant_accepts_is_reported() -> None:
    @house_rule
    @attrs.frozen
    class Never(HouseRule):
        name = "never-fits"
        rule = "H8"

        def check(self, rules: object) -> None:
            from chickenfoot import RulesError

            raise RulesError("never")

    from chickenfoot import RulesError

    with pytest.raises(RulesError, match="no variant accepts the house rule never-fits"):
        check_rule(Never())


@house_rule
@attrs.frozen
class SaysNoDoubleSix(HouseRule):
    """Says every move tells that the mover held no 6-6: false for any seat holding it."""

    name = "says-no-double-six"
    rule = "H9"

    def reveal(self, turn: PublicTurn, move: Move, base: Reveal) -> Reveal | None:
        lacks = base.lacks | 1 << Tile(6, 6).index
        return Reveal(lacks, base.drawn_lacks, base.drawn_is, base.complete)


def test_an_unsound_reveal_is_reported_with_the_tile_the_seat_holds() -> None:
    """The message names the tile the reveal wrongly says the mover lacks, and the move."""
    with pytest.raises(AssertionError) as caught:
        check_rule(SaysNoDoubleSix(), PRESETS["classic"], rounds=10)
    assert re.search(
        r": \S+ is said to tell that the seat held none of some tiles, but it holds 6-6:",
        str(caught.value),
    )


#: The positions check_position is asked at a deal (nothing placed, nothing drawn).
DEALS: list[str] = []


@house_rule
@attrs.frozen
class NotesTheDeals(HouseRule):
    """Accepts every position, and notes those of a deal, one a round."""

    name = "notes-the-deals"
    rule = "H10"

    def check_position(self, position: Round) -> str | None:
        dealt = position.rules.hand_size(position.players) * position.players
        if not position.layout.placements and sum(position.hand_counts) == dealt:
            DEALS.append(position.to_position())
        return None


def test_check_rule_plays_five_rounds_of_each_player_count_by_default() -> None:
    """The documented default: five rounds (chickie-duel has one player count, 2), each
    dealt from the run's seed, so each round is another deal."""
    DEALS.clear()
    check_rule(NotesTheDeals(), PRESETS["chickie-duel"])
    assert len(DEALS) == len(set(DEALS)) == 5
    first = list(DEALS)
    DEALS.clear()
    check_rule(NotesTheDeals(), PRESETS["chickie-duel"], rounds=2)
    assert first[:2] == DEALS


@house_rule
@attrs.frozen
class NoWordsForADraw(HouseRule):
    """No play onto the round double, said in its refusal; but the refusal has no words
    for the other moves it is asked about and fails on them instead of returning None."""

    name = "no-words-for-a-draw"
    rule = "H11"
    separable = True

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        root = turn.table.round_double
        return [m for m in moves if not (isinstance(m, Play) and m.onto == root)]

    def refusal(self, turn: Turn, move: Move) -> str | None:
        if isinstance(move, Play) and move.onto == turn.table.round_double:
            return "nothing onto the round double"
        raise LookupError(f"no words for {move}")


def test_check_rule_asks_the_rule_to_refuse_every_move_that_is_not_legal() -> None:
    """Every play of a held tile onto an open place that is not legal, and every draw or
    pass that is not, goes to the rule's refusal: a refusal that fails on one is found."""
    with pytest.raises(LookupError, match="no words for"):
        check_rule(NoWordsForADraw(), PRESETS["chickie-duel"], rounds=2)


@house_rule
@attrs.frozen
class NoWordsForAPass(HouseRule):
    """Has words for every play it is asked about, but none for a draw (``kind="draw"``)
    or none for a pass (``kind="pass"``)."""

    name = "no-words-for-a-pass"
    rule = "H12"
    separable = True
    kind: str = "pass"

    def refusal(self, turn: Turn, move: Move) -> str | None:
        if isinstance(move, Draw if self.kind == "draw" else Pass):
            raise LookupError(f"no words for {move}")
        return None


@pytest.mark.parametrize("kind", ["draw", "pass"])
def test_check_rule_asks_the_rule_to_refuse_a_draw_and_a_pass_that_are_not_legal(
    kind: str,
) -> None:
    """A draw with a play in hand (R12) and a pass before the draws run out (R14) go to
    the rule's refusal too, not only the plays."""
    with pytest.raises(LookupError, match=f"^no words for {kind}$"):
        check_rule(NoWordsForAPass(kind), PRESETS["chickie-duel"], rounds=2)
