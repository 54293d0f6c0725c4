"""The game logic of a Chicken Foot server: one full match, one view per client.

The script of the "Embed the library in a game server" tutorial, without the networking:
two people, stand-ins that send their first legal move as JSON with the view's ``ply``
(and a few bad messages on purpose), and a bot in the third chair. A client rebuilds its
view from the JSON and asks a bot for a hint. The record is saved when the match is
over, loaded back and checked.
"""

from __future__ import annotations

import json
import random

from chickenfoot import (
    ChickenFootError,
    IllegalMoveError,
    Match,
    MatchView,
    RecordError,
    find_preset,
    parse_move,
)
from chickenfoot.bots import Player, level, play_until


class GameServer:
    """One table: the whole match lives here; each client sees its own view."""

    def __init__(
        self, preset: str, players: int, bots: dict[int, Player], seed: int | None = None
    ) -> None:
        self.match = Match.new(find_preset(preset), players, seed=seed)
        self.bots = bots
        self.rng = random.Random(seed)
        self.match, _ = play_until(self.match, bots, self.rng)

    def state(self, seat: int) -> str:
        """What the client at ``seat`` may see, as JSON text."""
        return self.match.view(seat).to_json()

    def handle(self, seat: int, message: str) -> str:
        """Play the move a client sent, ``{"move": "9-4@9-9", "ply": 12}``, then the bots'."""
        try:
            sent = json.loads(message)
            text, ply = str(sent["move"]), int(sent["ply"])
        except (ValueError, KeyError, TypeError):
            return json.dumps({"error": "expected an object with a move and a ply"})
        try:
            self.match = self.match.apply(parse_move(text), seat=seat, ply=ply)
        except ChickenFootError as error:
            rule = error.rule if isinstance(error, IllegalMoveError) else None
            return json.dumps({"error": str(error), "rule": rule})
        self.match, moves = play_until(self.match, self.bots, self.rng)
        return json.dumps({"ok": text, "bots": [f"seat {e.seat}: {e.move}" for e in moves]})

    def record(self) -> str:
        """The match record, for the players once the match is over (it holds the seed)."""
        if not self.match.is_over:
            raise RuntimeError("a record of a match in play would show every hand")
        return self.match.to_json()


def main() -> None:
    server = GameServer("classic", 3, {2: level(2)}, seed=42)
    print("seat 0 sees:", server.state(0))
    for seat, message in [
        (1, '{"move": "9-3@9-9", "ply": 0}'),  # not seat 1's turn
        (0, '{"move": "9-9", "ply": 0}'),
        (1, "hello"),  # not JSON
        (1, '{"move": "9-3@9-9"}'),  # no ply
        (1, '{"move": "9-3 9-9", "ply": 1}'),  # not a move (InvalidMoveError)
        (1, '{"move": "1-0@9-9", "ply": 1}'),  # not allowed now (IllegalMoveError, R7)
        (1, '{"move": "9-3@9-9", "ply": 1}'),  # played, and the bot at seat 2 moves
        (1, '{"move": "9-3@9-9", "ply": 1}'),  # the same message again (StaleMoveError)
    ]:
        print(f"seat {seat} sends {message} -> {server.handle(seat, message)}")

    view = MatchView.from_json(server.state(0))  # what a client in Python rebuilds
    assert view == server.match.view(0)
    print(f"seat 0's hint at move {view.ply}: {level(3).choose(view.round, random.Random(0))}")

    moves = 0
    while not server.match.is_over:
        mover = server.match.to_move
        assert mover is not None
        state = json.loads(server.state(mover))
        move = {"move": state["round"]["legal_moves"][0], "ply": state["ply"]}
        reply = json.loads(server.handle(mover, json.dumps(move)))
        assert "ok" in reply, reply
        moves += 1 + len(reply["bots"])
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
