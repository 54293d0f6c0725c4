"""Script a custom variant: a preset with knobs changed by attrs.evolve.

The script of the "Script a custom variant" tutorial: house rules on top of the classic
game, a three-player "Chickie", a match to a target, and the errors for knobs that clash.
"""

from __future__ import annotations

from typing import Any

import attrs

from chickenfoot import PRESETS, Match, Pass, Round, Rules, RulesError


def play_out(match: Match) -> Match:
    """``match`` played to the end, every seat making its first legal move."""
    while not match.is_over:
        match = match.apply(match.legal_moves()[0])
    return match


def main() -> None:
    # House rules: a Y of three tiles on the round double (R3), the double-blank worth 25
    # (R17), a drawn tile that may be kept (R13), four tiles that stay in the boneyard (R14).
    house = attrs.evolve(
        PRESETS["classic"],
        name="y-house",
        opening_toes=3,
        double_blank=25,
        play_drawn="may",
        boneyard_reserve=4,
    )
    rnd = Round.deal(house, 4, seed=5)
    rnd = rnd.apply(rnd.legal_moves()[0])
    print(f"{house.name}: the round double offers {rnd.open_ends[0].places} places")
    while Pass() not in rnd.legal_moves() or len(rnd.legal_moves()) == 1:
        rnd = rnd.apply(rnd.legal_moves()[0])
    print(f"  seat {rnd.to_move} drew {rnd.drawn_tile} and may keep it: {rnd.legal_moves()}")

    trio = attrs.evolve(
        PRESETS["chickie-duel"],
        name="chickie-trio",
        set_sizes={2: 6, 3: 6},
        hand_sizes={2: 7, 3: 6},
    )
    print(f"{trio.name}: {play_out(Match.new(trio, 3, seed=1))}")

    to_100 = attrs.evolve(PRESETS["double-foot"], name="to-100", target=100)
    match = play_out(Match.new(to_100, 4, seed=1))
    print(f"{to_100.name}: {len(match.results)} round(s), totals {match.totals}")

    clashes: list[dict[str, Any]] = [
        {"hand_sizes": {4: 14}},
        {"boneyard_reserve": 27},
        {"opening_toes": 10},
        {"target": 150, "rounds": 3},
        {"tie_break": "coin toss"},
    ]
    for knobs in clashes:
        try:
            rules: Rules = attrs.evolve(PRESETS["classic"], **knobs)
        except RulesError as error:
            print(f"refused {knobs}: {error}")
        else:
            raise AssertionError(f"{rules.name} accepted {knobs}")

    record = Round.deal(attrs.evolve(PRESETS["classic"], double_blank=25), 4, seed=1).to_record()
    print("in a record:", record["rules"])


if __name__ == "__main__":
    main()
