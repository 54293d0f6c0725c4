"""Play a round from Python: deal, look at the table, move, make mistakes, finish.

The script of the "Play a round from Python" tutorial. Every choice is the first legal
move, so the output is the same on every run.
"""

from __future__ import annotations

from chickenfoot import (
    PRESETS,
    ChickenFootError,
    Draw,
    IllegalMoveError,
    Match,
    Play,
    Round,
    Tile,
    parse_move,
)


def show(rnd: Round) -> None:
    """Print whose turn it is, what the rules demand and the legal moves."""
    moves = " ".join(str(move) for move in rnd.legal_moves())
    print(f"  seat {rnd.to_move} to move ({rnd.obligation.value}): {moves}")


def main() -> None:
    rnd = Round.deal(PRESETS["classic"], 3, seed=42)
    print(rnd)
    print(
        f"  round double {rnd.round_double}, hands {rnd.hand_counts}, boneyard {len(rnd.boneyard)}"
    )
    show(rnd)

    # apply() returns the next round; the old one is unchanged.
    after = rnd.apply(Play(Tile(9, 9)))
    assert rnd.to_move == 2
    assert after.to_move == 0
    show(after)

    rnd = after
    for _ in range(6):
        rnd = rnd.apply(rnd.legal_moves()[0])
    print("open ends:", ", ".join(f"{end.number} on {end.onto}" for end in rnd.open_ends))
    show(rnd)

    # Mistakes: the error names the move, the seat and the rule; the round stays as it was.
    for move in (Play(Tile(6, 2), onto=Tile(9, 8)), Draw()):
        try:
            rnd.apply(move)
        except IllegalMoveError as error:
            print(f"refused ({error.rule}): {error}")
    for text in ("5-5 on 9-5", "5-5@9-5"):
        try:
            rnd = rnd.apply(parse_move(text))
        except ChickenFootError as error:
            print(f"refused: {error}")
        else:
            print(f"played {text}")
    show(rnd)

    while not rnd.is_over:
        rnd = rnd.apply(rnd.legal_moves()[0])
    print(rnd)
    print(f"  {rnd.outcome}")

    match = Match.new(PRESETS["chickie-duel"], 2, seed=7)
    while not match.is_over:
        match = match.apply(match.legal_moves()[0])
    print(match)
    print(f"  {len(match.results)} rounds, winners {match.winners}")


if __name__ == "__main__":
    main()
