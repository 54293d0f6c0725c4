"""Variants as data: the presets of RULES.md §6 and the checks on custom knobs (R3, R5,
R6, R7, R13, R14, R17, R19, R20, R22).

The preset table below is transcribed by hand from RULES.md §6; nothing in it is read
from the engine.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import attrs
import pytest

from chickenfoot import (
    PRESET_ALIASES,
    PRESETS,
    ChickenFootError,
    Rules,
    RulesError,
    find_preset,
)

# -- §6, transcribed -------------------------------------------------------------------------


def _span(first: int, last: int, value: int) -> dict[int, int]:
    return dict.fromkeys(range(first, last + 1), value)


#: §6 "set" column: players -> N of the double-N set.
SETS: dict[str, dict[int, int]] = {
    "chickie-duel": {2: 6},
    "cross-and-foot": _span(2, 10, 9),
    "classic": {**_span(2, 6, 9), **_span(7, 10, 12), **_span(11, 14, 15), **_span(15, 20, 18)},
    "double-foot": {**_span(2, 6, 9), **_span(7, 8, 12)},
}

#: §6 "hand size" column: players -> tiles dealt to each.
HANDS: dict[str, dict[int, int]] = {
    "chickie-duel": {2: 7},
    "cross-and-foot": {2: 21, 3: 13, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5, 9: 5, 10: 4},
    "classic": _span(2, 20, 7),
    "double-foot": {2: 20, 3: 14, 4: 11, 5: 9, 6: 7, 7: 10, 8: 9},
}

#: §6 columns start, opening, first foot, reserve, double-blank, ties.
KNOBS: dict[str, dict[str, object]] = {
    "chickie-duel": {
        "start": "holder",
        "opening_toes": 4,
        "first_foot_required": True,
        "boneyard_reserve": 2,
        "double_blank": 0,
        "tie_break": "shared",
    },
    "cross-and-foot": {
        "start": "holder",
        "opening_toes": 4,
        "first_foot_required": True,
        "boneyard_reserve": 0,
        "double_blank": 0,
        "tie_break": "shared",
    },
    "classic": {
        "start": "holder",
        "opening_toes": 4,
        "first_foot_required": False,
        "boneyard_reserve": 0,
        "double_blank": 50,
        "tie_break": "zero_rounds",
    },
    "double-foot": {
        "start": "centre",
        "opening_toes": 6,
        "first_foot_required": False,
        "boneyard_reserve": 0,
        "double_blank": 50,
        "tie_break": "shared",
    },
}

#: §6 "All presets: 3 toes per double, draws_per_turn 1, must play a playable drawn tile,
#: a full match of rounds from the highest double down."
COMMON: dict[str, object] = {
    "toes_per_double": 3,
    "draws_per_turn": 1,
    "play_drawn": "must",
    "rounds": "full",
    "target": None,
}

NAMES = ("chickie-duel", "cross-and-foot", "classic", "double-foot")


def custom(**changes: Any) -> Rules:
    """A small custom variant: double-6, two players with hands of 7, holder start."""
    base: dict[str, Any] = {"name": "probe", "set_sizes": {2: 6}, "hand_sizes": {2: 7}}
    base.update(changes)
    return Rules(**base)


# -- §6 presets --------------------------------------------------------------------------------


def test_presets_are_exactly_the_four_of_s6() -> None:
    """§6 lists four presets: chickie-duel, cross-and-foot, classic, double-foot."""
    assert set(PRESETS) == set(NAMES)
    for name, rules in PRESETS.items():
        assert rules.name == name


@pytest.mark.parametrize("name", NAMES)
def test_preset_knobs_match_s6(name: str) -> None:
    """§6: start, opening toes (R3), first foot (R8), reserve (R14), double-blank (R17) and
    ties (R22) of each preset, plus the knobs common to all presets."""
    rules = PRESETS[name]
    for knob, value in {**KNOBS[name], **COMMON}.items():
        assert getattr(rules, knob) == value, knob


@pytest.mark.parametrize("name", NAMES)
def test_preset_player_counts_match_s6(name: str) -> None:
    """§6 "players" column: chickie-duel 2, cross-and-foot 2-10, classic 2-20,
    double-foot 2-8."""
    assert rules_counts(name) == tuple(sorted(HANDS[name]))
    expected_span = {
        "chickie-duel": (2, 2),
        "cross-and-foot": (2, 10),
        "classic": (2, 20),
        "double-foot": (2, 8),
    }[name]
    counts = PRESETS[name].player_counts
    assert (counts[0], counts[-1]) == expected_span
    assert counts == tuple(range(expected_span[0], expected_span[1] + 1))


def rules_counts(name: str) -> tuple[int, ...]:
    return PRESETS[name].player_counts


@pytest.mark.parametrize(
    ("name", "players"), [(name, p) for name in NAMES for p in sorted(HANDS[name])]
)
def test_preset_hand_and_set_sizes_match_s6(name: str, players: int) -> None:
    """§6 "set" and "hand size" columns (R5), for every player count of every preset."""
    rules = PRESETS[name]
    assert rules.hand_size(players) == HANDS[name][players]
    assert rules.set_size(players) == SETS[name][players]
    rules.check_players(players)  # covered: no error


@pytest.mark.parametrize("name", NAMES)
def test_preset_tables_name_only_their_player_counts(name: str) -> None:
    """§6: a preset's set and hand tables are its rows and nothing more (R5)."""
    rules = PRESETS[name]
    assert dict(rules.set_sizes) == SETS[name]
    assert dict(rules.hand_sizes) == HANDS[name]


@pytest.mark.parametrize(
    ("name", "players"), [(name, p) for name in NAMES for p in sorted(HANDS[name])]
)
def test_preset_full_match_has_one_round_per_double_r19(name: str, players: int) -> None:
    """R19: by default one round per double from the highest down to 0-0 (N + 1)."""
    assert PRESETS[name].round_count(players) == SETS[name][players] + 1


def test_preset_spot_values_from_s6() -> None:
    """A few cells of §6 spelled out, including the deliberately odd ones."""
    assert PRESETS["cross-and-foot"].hand_size(3) == 13  # seed 001's 13, not 14
    assert PRESETS["double-foot"].hand_size(2) == 20  # seed 004's 20, not 21
    assert PRESETS["double-foot"].hand_size(5) == 9  # seed 004's 9, not 8
    assert PRESETS["double-foot"].set_size(7) == 12
    assert PRESETS["classic"].set_size(6) == 9
    assert PRESETS["classic"].set_size(7) == 12
    assert PRESETS["classic"].set_size(10) == 12
    assert PRESETS["classic"].set_size(11) == 15
    assert PRESETS["classic"].set_size(14) == 15
    assert PRESETS["classic"].set_size(15) == 18
    assert PRESETS["classic"].set_size(20) == 18
    assert PRESETS["chickie-duel"].round_count(2) == 7  # R19: double-6, 7 rounds


def test_presets_are_read_only() -> None:
    """§6: The preset registry cannot be changed by accident."""
    with pytest.raises(TypeError):
        PRESETS["mine"] = PRESETS["classic"]  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        PRESETS["classic"].double_blank = 0  # type: ignore[misc]


# -- find_preset --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_find_preset_by_exact_name(name: str) -> None:
    """Every §6 preset is found by its own name."""
    assert find_preset(name) is PRESETS[name]


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("CLASSIC", "classic"),
        ("Chickie Duel", "chickie-duel"),
        ("chickie_duel", "chickie-duel"),
        ("  cross and foot  ", "cross-and-foot"),
        ("Double-Foot", "double-foot"),
    ],
)
def test_find_preset_ignores_case_spaces_and_underscores(query: str, name: str) -> None:
    """§6: Names are matched ignoring case, spaces and underscores."""
    assert find_preset(query) is PRESETS[name]


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("kurczak", "chickie-duel"),  # §7: seed 000's "kurczak"
        ("Double Chicken Foot", "double-foot"),  # R3: six toes = double chicken foot
        ("double_chicken_foot", "double-foot"),
        ("six toes", "double-foot"),
        ("chickie", "chickie-duel"),
        ("cross", "cross-and-foot"),
        ("chicken foot", "classic"),
        ("chickenfoot", "classic"),
    ],
)
def test_find_preset_aliases(alias: str, name: str) -> None:
    """The documented aliases lead to their presets (R3, §7 names)."""
    assert find_preset(alias) is PRESETS[name]


def test_preset_aliases_are_what_find_preset_reads() -> None:
    """PRESET_ALIASES lists every alias with the preset it names: find_preset reads each to
    that preset, no alias is a preset's own name, and the error for an unknown name lists
    them all."""
    assert set(PRESET_ALIASES.values()) <= set(PRESETS)
    assert not set(PRESET_ALIASES) & set(PRESETS)
    for alias, name in PRESET_ALIASES.items():
        assert find_preset(alias) is PRESETS[name]
    with pytest.raises(RulesError) as info:
        find_preset("dominoes")
    assert f"(aliases: {', '.join(PRESET_ALIASES)})" in str(info.value)
    assert PRESET_ALIASES["kurczak"] == "chickie-duel"
    with pytest.raises(TypeError):
        PRESET_ALIASES["x"] = "classic"  # type: ignore[index]


@pytest.mark.parametrize("query", ["dominoes", "", "classic-9", "mexican train"])
def test_find_preset_unknown_lists_the_names(query: str) -> None:
    """§6: An unknown name is a RulesError that names the query and lists every preset."""
    with pytest.raises(RulesError) as info:
        find_preset(query)
    message = str(info.value)
    assert repr(query) in message
    for name in NAMES:
        assert name in message
    assert "kurczak" in message  # aliases are listed too
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, ChickenFootError)


# -- validation: numbers that clash (§6, R5, R14, R3/R7, R19, R20) ------------------------------


def test_too_many_tiles_for_the_set_names_the_numbers_r5() -> None:
    """§6/R5: 4 players with hands of 20 need 80 tiles; double-9 has 55."""
    with pytest.raises(RulesError) as info:
        attrs.evolve(PRESETS["classic"], hand_sizes={4: 20})
    message = str(info.value)
    for number in ("4", "20", "80", "55", "double-9"):
        assert number in message, number


def test_a_variant_may_seat_hundreds_of_players_r5() -> None:
    """R5: with one tile each, double-63's 2080 tiles seat up to 2079 players (and the
    centre double) at a custom table; every count is its own row."""
    counts = range(2, 400)
    rules = custom(
        start="centre", set_sizes=dict.fromkeys(counts, 63), hand_sizes=dict.fromkeys(counts, 1)
    )
    assert rules.player_counts == tuple(counts)
    assert rules.set_size(399) == 63
    with pytest.raises(RulesError, match="twice"):
        custom(hand_sizes=[(2, 7), (3, 7), (2, 6)], set_sizes={2: 6, 3: 6})


def test_whole_set_may_be_dealt_r5() -> None:
    """R5: 4 hands of 7 use all 28 tiles of double-6; that is allowed (no boneyard)."""
    rules = custom(hand_sizes={4: 7}, set_sizes={4: 6})
    assert rules.hand_size(4) == 7
    with pytest.raises(RulesError, match="29"):
        custom(hand_sizes={29: 1}, set_sizes={29: 6})


def test_centre_double_counts_against_the_set_r5_r6() -> None:
    """R6 centre: the round double is not dealt, so 2 hands of 27 + 1 = 55 fit double-9,
    2 hands of 28 (56 + 1) do not."""
    ok = attrs.evolve(PRESETS["double-foot"], hand_sizes={2: 27})
    assert ok.hand_size(2) == 27
    with pytest.raises(RulesError) as info:
        attrs.evolve(PRESETS["double-foot"], hand_sizes={2: 28})
    message = str(info.value)
    assert "56" in message
    assert "55" in message
    assert "centre" in message
    # The same 28 fits in a holder start? No: 56 > 55 either way.
    with pytest.raises(RulesError, match="56"):
        attrs.evolve(PRESETS["classic"], hand_sizes={2: 28})


def test_hand_of_zero_refused_r5() -> None:
    """§6: a hand of 0 cannot be dealt."""
    with pytest.raises(RulesError, match="hands of 0"):
        custom(hand_sizes={2: 0})
    with pytest.raises(RulesError, match="-3"):
        custom(hand_sizes={2: -3})


@pytest.mark.parametrize("players", [1, 0, -2])
def test_fewer_than_two_players_refused(players: int) -> None:
    """§6: fewer than 2 players cannot be dealt; the message names the count."""
    with pytest.raises(RulesError) as info:
        custom(hand_sizes={players: 3}, set_sizes={players: 6})
    assert "2" in str(info.value)
    assert str(players) in str(info.value)


def test_no_player_count_refused() -> None:
    """§6, R5: A variant must cover at least one player count."""
    with pytest.raises(RulesError):
        custom(hand_sizes={})


@pytest.mark.parametrize("table", [{"two": 7}, {2: "seven"}, {2: None}, [(2,)], 7])
def test_a_player_table_of_what_is_not_numbers_refused_r5(table: object) -> None:
    """R5: a table maps player counts to numbers; words, nothing or a bad shape are
    refused as such, not with Python's own error."""
    with pytest.raises(RulesError, match="a player table maps player counts to numbers"):
        custom(hand_sizes=table)


def test_hand_sizes_without_a_set_refused() -> None:
    """§6, R5: Every covered player count needs a set size."""
    with pytest.raises(RulesError, match="3"):
        custom(hand_sizes={2: 7, 3: 5})


def test_reserve_that_leaves_no_boneyard_refused_r14() -> None:
    """§6/R14: 2 hands of 13 leave 2 tiles of double-6; a reserve of 2 closes them all."""
    with pytest.raises(RulesError) as info:
        attrs.evolve(PRESETS["chickie-duel"], hand_sizes={2: 13})
    message = str(info.value)
    for number in ("13", "2", "double-6", "reserve"):
        assert number in message, number
    # 2 hands of 12 leave 4 > 2: fine.
    assert attrs.evolve(PRESETS["chickie-duel"], hand_sizes={2: 12}).hand_size(2) == 12


def test_reserve_boundary_r14() -> None:
    """R14: 14 undealt tiles with a reserve of 13 allow one draw; a reserve of 14 none."""
    assert custom(boneyard_reserve=13).boneyard_reserve == 13
    with pytest.raises(RulesError) as info:
        custom(boneyard_reserve=14)
    assert "14" in str(info.value)
    # a reserve above what is left closes the boneyard all the more
    with pytest.raises(RulesError) as info:
        custom(boneyard_reserve=15)
    message = str(info.value)
    for part in ("leave 14 tiles", "the reserve is 15", "nobody could ever draw (R14)"):
        assert part in message, (part, message)


def test_the_centre_double_is_not_in_the_boneyard_r6_r14() -> None:
    """R6, R14: with the centre start the round double is on the table, not undealt: of
    double-6's 28 tiles, two hands of 7 and the centre double leave 13, so a reserve of 12
    allows one draw and a reserve of 13 none."""
    assert custom(start="centre", boneyard_reserve=12).boneyard_reserve == 12
    with pytest.raises(RulesError) as info:
        custom(start="centre", boneyard_reserve=13)
    message = str(info.value)
    for part in ("leave 13 tiles", "the reserve is 13", "nobody could ever draw (R14)"):
        assert part in message, (part, message)


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("start", "middle"),
        ("start", "Centre"),
        ("start", True),
        ("play_drawn", "might"),
        ("tie_break", "coin"),
        ("target_mode", "passes"),
        ("rounds", "quarter"),
        ("first_foot_required", "yes"),
        ("first_foot_required", 1),
        ("round_order", "up"),
        ("round_order", "down-up"),
    ],
)
def test_unknown_choice_refused(knob: str, value: object) -> None:
    """Closed choices (R6 start, R13 play_drawn, R22 tie_break, R20 target_mode, R19
    rounds, R8 first foot) refuse anything else, naming the knob and the value."""
    with pytest.raises(RulesError) as info:
        custom(**{knob: value})
    assert knob in str(info.value)
    assert repr(value) in str(info.value)


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("boneyard_reserve", -1),
        ("double_blank", -25),
        ("opening_toes", -4),
        ("opening_toes", 0),
        ("toes_per_double", 0),
        ("toes_per_double", -3),
        ("draws_per_turn", 0),
        ("draws_per_turn", -1),
        ("target", -100),
        ("target", 0),
        ("rounds", 0),
        ("rounds", -1),
        ("boneyard_reserve", 1.5),
        ("double_blank", True),
        ("blank_value", -25),
        ("blank_value", 2.5),
        ("blank_value", None),
    ],
)
def test_bad_numbers_refused(knob: str, value: object) -> None:
    """§6 (R3, R13, R14, R17, R19, R20): Counts are whole numbers in range; the message names the knob and the value."""
    with pytest.raises(RulesError) as info:
        custom(**{knob: value})
    assert knob in str(info.value)
    assert repr(value) in str(info.value)


def test_negative_set_size_refused() -> None:
    """§1, R5: A double-N set needs N >= 0."""
    with pytest.raises(RulesError, match="-1"):
        custom(set_sizes={2: -1})


def test_opening_toes_larger_than_the_set_allows_r3_r7() -> None:
    """R3/R7: double-6 has 6 tiles of any number besides its double, so 6 opening toes
    fit and 7 can never be filled."""
    assert custom(opening_toes=6).opening_toes == 6
    with pytest.raises(RulesError) as info:
        custom(opening_toes=7)
    assert "7" in str(info.value)
    assert "double-6" in str(info.value)
    # double-foot's six toes do not fit a double-5 set either.
    with pytest.raises(RulesError) as six:
        attrs.evolve(PRESETS["double-foot"], set_sizes={2: 5}, hand_sizes={2: 3})
    assert "6" in str(six.value)
    assert "double-5" in str(six.value)


def test_rounds_out_of_range_r19() -> None:
    """R19: double-6 has 7 doubles, so at most 7 rounds."""
    assert custom(rounds=7).round_count(2) == 7
    with pytest.raises(RulesError) as info:
        custom(rounds=8).round_count(2)
    assert "8" in str(info.value)
    assert "7" in str(info.value)


@pytest.mark.parametrize("rounds", ["half", 3, 1])
def test_target_with_rounds_refused_r20(rounds: object) -> None:
    """R20: a target decides when the match ends, so rounds cannot also be set."""
    with pytest.raises(RulesError) as info:
        custom(target=100, rounds=rounds)
    assert "100" in str(info.value)
    assert repr(rounds) in str(info.value)


# -- check_players -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "players", "numbers"),
    [
        ("chickie-duel", 3, ("2", "3")),
        ("chickie-duel", 1, ("2", "1")),
        ("classic", 21, ("2", "20", "21")),
        ("classic", 1, ("2", "20", "1")),
        ("double-foot", 9, ("2", "8", "9")),
        ("cross-and-foot", 11, ("2", "10", "11")),
    ],
)
def test_check_players_names_the_counts(name: str, players: int, numbers: tuple[str]) -> None:
    """§6 "players" column: a count outside it is refused, naming the preset and counts."""
    rules = PRESETS[name]
    with pytest.raises(RulesError) as info:
        rules.check_players(players)
    message = str(info.value)
    assert name in message
    for number in numbers:
        assert number in message
    with pytest.raises(RulesError):
        rules.hand_size(players)
    with pytest.raises(RulesError):
        rules.set_size(players)


@pytest.mark.parametrize("players", [4.0, True, "4"])
def test_a_player_count_that_is_not_an_int_refused_r5(players: object) -> None:
    """R5: the tables are of whole numbers of players; 4.0 equals 4 but is not one."""
    rules = PRESETS["classic"]
    for ask in (rules.hand_size, rules.set_size, rules.check_players):
        with pytest.raises(RulesError, match=f"not {players!r}$"):
            ask(players)  # type: ignore[arg-type]


def test_a_double_0_set_is_a_set_too_small_to_deal_r5() -> None:
    """R5: double-0 is a set of one tile: too few for two hands, which is what the error
    says (not that there is no such set)."""
    with pytest.raises(RulesError, match=r"need 2 tiles, but double-0 has 1 \(R5\)"):
        custom(set_sizes={2: 0}, hand_sizes={2: 1})
    with pytest.raises(RulesError, match=r"double--1 is not a set \(0 to 63\)"):
        custom(set_sizes={2: -1}, hand_sizes={2: 1})


def test_check_players_with_gaps() -> None:
    """§6, R5: A custom variant for 2 and 4 players only refuses 3."""
    rules = custom(hand_sizes={2: 5, 4: 5}, set_sizes={2: 6, 4: 6})
    assert rules.player_counts == (2, 4)
    rules.check_players(2)
    rules.check_players(4)
    with pytest.raises(RulesError) as info:
        rules.check_players(3)
    assert "3" in str(info.value)
    assert "2" in str(info.value)
    assert "4" in str(info.value)


@pytest.mark.parametrize(
    ("counts", "said"),
    [((2,), "2"), ((3, 4), "3 to 4"), ((2, 3, 4), "2 to 4"), ((2, 4), "2, 4")],
)
def test_check_players_says_the_counts_as_a_player_would(
    counts: tuple[int, ...], said: str
) -> None:
    """R5: one count alone, a run of counts from its first to its last, and counts with
    gaps one by one."""
    sizes = dict.fromkeys(counts, 5)
    rules = custom(hand_sizes=sizes, set_sizes=dict.fromkeys(counts, 6))
    with pytest.raises(RulesError, match=f"^{rules.name} is for {said} players, not 9$"):
        rules.check_players(9)


@pytest.mark.parametrize("bad", [2.0, "2", True], ids=repr)
def test_check_players_needs_a_whole_number(bad: object) -> None:
    """§6, R5: Player counts are whole numbers."""
    with pytest.raises(RulesError):
        PRESETS["chickie-duel"].check_players(bad)  # type: ignore[arg-type]


# -- round_count (R19, R20) ----------------------------------------------------------------------


@pytest.mark.parametrize(("n", "full", "half"), [(6, 7, 3), (9, 10, 5), (12, 13, 6), (15, 16, 8)])
def test_round_count_full_and_half_r19(n: int, full: int, half: int) -> None:
    """R19: a full match is N + 1 rounds; a half match the first ceil(N / 2)."""
    assert half == math.ceil(n / 2)
    rules = custom(set_sizes={2: n})
    assert rules.round_count(2) == full
    assert attrs.evolve(rules, rounds="half").round_count(2) == half


def test_round_count_half_of_classic_by_players_r19() -> None:
    """R19 with §6: classic with 7 players uses double-12, so half is 6 rounds."""
    half = attrs.evolve(PRESETS["classic"], rounds="half")
    assert half.round_count(4) == 5
    assert half.round_count(7) == 6
    assert half.round_count(12) == 8
    assert half.round_count(20) == 9


def test_round_count_explicit_and_single_r19() -> None:
    """R19: rounds may be a count, down to a single round."""
    assert custom(rounds=4).round_count(2) == 4
    assert custom(rounds=1).round_count(2) == 1


def test_round_count_with_target_is_open_r20() -> None:
    """R20: with a target the number of rounds is not fixed."""
    rules = custom(target=100)
    assert rules.round_count(2) is None
    assert rules.target == 100
    assert rules.target_mode == "exceeds"  # R20: seed 004's reading is the default
    assert attrs.evolve(rules, target_mode="reaches").target_mode == "reaches"


# -- values ------------------------------------------------------------------------------------


def test_rules_are_hashable_values() -> None:
    """§6: Rules are frozen values: equal knobs make equal, equally hashed rules."""
    a = custom(double_blank=25)
    b = custom(double_blank=25)
    assert a == b
    assert hash(a) == hash(b)
    assert a != custom(double_blank=50)
    assert len({a, b, PRESETS["classic"], PRESETS["classic"]}) == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.double_blank = 0  # type: ignore[misc]


def test_player_tables_accept_mappings_and_pairs() -> None:
    """§6, R5: A {players: n} table may be a dict or pairs in any order; it is kept sorted."""
    a = custom(hand_sizes={3: 5, 2: 7}, set_sizes={2: 6, 3: 6})
    b = custom(hand_sizes=[(2, 7), (3, 5)], set_sizes=((3, 6), (2, 6)))
    assert a == b
    assert hash(a) == hash(b)
    assert a.hand_size(3) == 5
    assert a.player_counts == (2, 3)


def test_evolve_changes_one_knob_and_keeps_the_rest() -> None:
    """§6 (every knob can be changed on its own): A custom variant is a preset with knobs changed by attrs.evolve."""
    base = PRESETS["classic"]
    changed = attrs.evolve(base, name="classic-25", double_blank=25, boneyard_reserve=2)
    assert changed.double_blank == 25
    assert changed.boneyard_reserve == 2
    assert changed.name == "classic-25"
    for knob in ("set_sizes", "hand_sizes", "start", "opening_toes", "tie_break"):
        assert getattr(changed, knob) == getattr(base, knob)
    assert base.double_blank == 50  # the preset is untouched
    assert changed.hand_size(12) == 7


def test_rules_are_keyword_only() -> None:
    """§6: Knobs are named, never positional."""
    with pytest.raises(TypeError):
        Rules("x", {2: 6}, {2: 7})  # type: ignore[call-arg]


# -- R17b, R19b: blank ends and the way back up -------------------------------------------------


@pytest.mark.parametrize(("n", "full", "half"), [(3, 7, 4), (6, 13, 7), (9, 19, 10), (12, 25, 13)])
def test_round_count_down_up_r19b(n: int, full: int, half: int) -> None:
    """R19b: down and up, a full match plays 2N + 1 rounds and a half match the N + 1 of the
    way down; a count of rounds may go up to 2N + 1 and no further."""
    rules = custom(set_sizes={2: n}, hand_sizes={2: 2}, opening_toes=3, round_order="down_up")
    assert rules.round_count(2) == full
    assert attrs.evolve(rules, rounds="half").round_count(2) == half
    assert attrs.evolve(rules, rounds=full).round_count(2) == full
    message = rf"{full + 1} rounds, .* only {full} rounds down and up again \(R19, R19b\)"
    with pytest.raises(RulesError, match=message):
        attrs.evolve(rules, rounds=full + 1).round_count(2)


@pytest.mark.parametrize("order", ["down", "down_up"])
@pytest.mark.parametrize("n", [3, 6, 9])
def test_round_double_schedule_r19_r19b_r20(order: str, n: int) -> None:
    """R19, R19b, R20: the doubles of a match, written out by hand for each order, and
    cycling on (as a target match does) without the same double twice in a row."""
    rules = custom(set_sizes={2: n}, hand_sizes={2: 2}, opening_toes=3, round_order=order)
    down = list(range(n, -1, -1))
    if order == "down":
        expected = down * 3
    else:
        cycle = down + list(range(1, n))  # n .. 0 .. n-1, then n again
        expected = cycle * 3
    got = [rules.round_double(2, i) for i in range(len(expected))]
    assert [d.high for d in got] == expected
    assert all(d.is_double for d in got)
    count = rules.round_count(2)
    assert count is not None
    assert [d.high for d in got[:count]] == (down if order == "down" else down + down[::-1][1:])
    if order == "down_up":
        assert all(a != b for a, b in itertools.pairwise(expected))


def test_round_double_index_must_be_a_whole_number() -> None:
    rules = custom()
    for bad in (-1, 1.0, "0"):
        with pytest.raises(ValueError, match="round index"):
            rules.round_double(2, bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        rules.round_double(3, 0)


# -- the knob help: one place, three readers ----------------------------------------------------


def test_every_knob_has_help_with_values_and_rules() -> None:
    """Every field of Rules has a help line naming its values and (but for the name) its
    rules, and the closed choices list exactly the values the type and validator allow."""
    import typing

    from chickenfoot import KnobHelp, PlayDrawn, RoundOrder, Start, TargetMode, TieBreak

    help_ = Rules.knob_help()
    assert [k.name for k in help_] == [a.name for a in attrs.fields(Rules)]
    assert all(type(k) is KnobHelp for k in help_)
    assert all(k.values and k.summary for k in help_)
    assert all(k.rule for k in help_ if k.name not in ("name", "house"))  # house: the user's
    by_name = {k.name: k for k in help_}
    assert by_name["blank_value"].rule == "R17b"
    assert "R19b" in by_name["round_order"].rule
    for knob, alias in [
        ("start", Start),
        ("play_drawn", PlayDrawn),
        ("round_order", RoundOrder),
        ("target_mode", TargetMode),
        ("tie_break", TieBreak),
    ]:
        allowed = typing.get_args(alias)
        for value in allowed:
            assert repr(value) in by_name[knob].values
            custom(**{knob: value})  # every value the type names is accepted
        text = by_name[knob].values
        assert text.count("'") == 2 * len(allowed), (knob, text)
    booleans = [a.name for a in attrs.fields(Rules) if a.type in (bool, "bool")]
    assert {"first_foot_required", "must_play"} <= set(booleans)
    for knob in booleans:  # both values, once each
        text = by_name[knob].values
        assert sorted(text.split(" or ")) == ["False", "True"], (knob, text)


def test_help_rules_shows_one_line_per_knob() -> None:
    """help(Rules) (the class docstring, which the API page renders too) holds each knob's
    help line, generated from the same fields."""
    doc = Rules.__doc__
    assert doc is not None
    assert "{knobs}" not in doc
    for k in Rules.knob_help():
        line = f"- ``{k.name}``: {str(k)[len(k.name) + 2 :]}"
        assert doc.count(line) == 1, line
        assert f"({k.rule})" in line or not k.rule


def test_cli_rules_shows_the_same_help(capsys: pytest.CaptureFixture[str]) -> None:
    """chickenfoot rules NAME shows every knob with its value, rules, values and summary,
    the same text as the class docstring."""
    from chickenfoot.cli import main

    assert main(["rules", "classic", "--plain"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    for k in Rules.knob_help():
        row = rows[k.name]
        for part in (k.values, k.summary, k.rule):
            assert part in row, (k.name, part, row)


def test_api_page_renders_the_class_docstring() -> None:
    """The API page documents Rules with autodoc and its docstring, not a copy."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "api.md").read_text(encoding="utf-8")
    block = page[page.index(".. autoclass:: Rules") :].split("\n\n")[0]
    assert ":no-docstring:" not in block
    assert ":members:" in block
