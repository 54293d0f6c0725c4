"""The game logic of a Chicken Foot server: one full match, one view per client.

The script of the "Embed the library in a game server" tutorial, without the networking:
clients are stand-ins that send their first legal move as JSON, and a few bad messages on
purpose. The record is saved when the match is over, loaded back and checked.
"""

from __future__ import annotations

import json

from chickenfoot import (
    ChickenFootError,
    IllegalMoveError,
    Match,
    RecordError,
    find_preset,
    parse_move,
)


class GameServer:
    """One table: the whole match lives here; each client sees its own view."""

    def __init__(self, preset: str, players: int, seed: int | None = None) -> None:
        self.match = Match.new(find_preset(preset), players, seed=seed)

    def state(self, seat: int) -> str:
        """What the client at ``seat`` may see, as JSON text."""
        return self.match.view(seat).to_json()

    def handle(self, seat: int, message: str) -> str:
        """Play the move a client sent, ``{"move": "9-4@9-9"}``; reply in JSON."""
        try:
            text = json.loads(message)["move"]
        except (ValueError, KeyError, TypeError):
            return json.dumps({"error": "expected an object with a move"})
        try:
            move = parse_move(text)
            self.match = self.match.apply(move, seat=seat)
        except ChickenFootError as error:
            rule = error.rule if isinstance(error, IllegalMoveError) else None
            return json.dumps({"error": str(error), "rule": rule})
        return json.dumps({"ok": str(move)})

    def record(self) -> str:
        """The match record, for the players once the match is over (it holds the seed)."""
        if not self.match.is_over:
            raise RuntimeError("a record of a match in play would show every hand")
        return self.match.to_json()


def main() -> None:
    server = GameServer("classic", 3, seed=42)
    print("seat 0 sees:", server.state(0))
    for seat, message in [
        (1, '{"move": "9-3@9-9"}'),  # not seat 1's turn
        (0, '{"move": "9-9"}'),
        (1, "hello"),  # not JSON
        (1, '{"move": "9-3 9-9"}'),  # not a move (InvalidMoveError)
        (1, '{"move": "1-0@9-9"}'),  # not allowed now (IllegalMoveError, R7)
        (1, '{"move": "9-3@9-9"}'),
    ]:
        print(f"seat {seat} sends {message} -> {server.handle(seat, message)}")

    moves = 0
    while not server.match.is_over:
        mover = server.match.to_move
        assert mover is not None
        legal = json.loads(server.state(mover))["round"]["legal_moves"]
        reply = json.loads(server.handle(mover, json.dumps({"move": legal[0]})))
        assert "ok" in reply, reply
        moves += 1
    print(f"{moves} more moves: {server.match}, winners {server.match.winners}")

    saved = server.record()
    assert Match.from_json(saved) == server.match
    print(f"record: {len(saved)} characters, loads back equal")

    data = json.loads(saved)
    data["rounds"][0]["moves"][2] = "9-2@9-9"
    try:
        Match.from_json(json.dumps(data))
    except RecordError as error:
        print(f"tampered record refused: {error}")


if __name__ == "__main__":
    main()
