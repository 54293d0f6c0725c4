"""A web table for Chicken Foot: one match, people in the browser, bots in the other seats.

The server keeps the full :class:`~chickenfoot.Match`; each browser connects to a seat over
a WebSocket and gets only that seat's view (``MatchView.to_json``) with a picture of its
table (``table_svg``). A move is played with ``Match.apply(move, seat=...)``, so a move
sent for a seat whose turn it is not is refused, as is any message that is not a move.
The record can be saved at any time and loaded back, mid-round too, and the server can
start from one (``--record FILE``).

Run it (from the repository root, with the ``webapp`` dependency group installed)::

    python examples/webapp/server.py --preset chickie-duel --players 2 --humans 0

and open http://127.0.0.1:8000/?seat=0. Messages from the browser are JSON objects:
``{"type": "move", "move": "9-4@9-9"}``, ``{"type": "save"}``,
``{"type": "load", "record": "..."}`` and ``{"type": "new"}``. The server answers with
``{"type": "state", ...}``, ``{"type": "record", "record": "..."}`` or
``{"type": "error", "message": "..."}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from chickenfoot import (
    ChickenFootError,
    IllegalMoveError,
    Match,
    RecordError,
    Rules,
    find_preset,
    parse_move,
    table_svg,
)
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, SearchPlayer

PAGE = Path(__file__).with_name("index.html")
#: The longest message a browser may send: a record is at most 2 MiB of JSON, quoted.
MAX_MESSAGE = 5 * 1024 * 1024
BOTS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": SearchPlayer,
}


class Table:
    """One match, the seats people play in, and the bots that play the others."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        humans: Sequence[int],
        *,
        seed: int | None = None,
        bot: str = "greedy",
        bot_delay: float = 0.0,
        match: Match | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.match = match if match is not None else Match.new(rules, players, seed=seed)
        self.humans = frozenset(humans)
        self.bots: dict[int, Player] = {
            seat: BOTS[bot]() for seat in range(players) if seat not in self.humans
        }
        self.bot_name = bot
        self.bot_delay = bot_delay
        self.rng = random.Random(self.match.seed)
        self.clients: dict[int, set[WebSocket]] = {seat: set() for seat in self.humans}
        self.lock = asyncio.Lock()
        self.bots_running: asyncio.Task[None] | None = None

    # -- what a client sees ---------------------------------------------------------------

    def state(self, seat: int) -> dict[str, Any]:
        """The message for ``seat``: its view, its table as SVG, and who sits where."""
        view = self.match.view(seat)
        return {
            "type": "state",
            "view": view.to_dict(),
            "svg": table_svg(view.round, size=720),
            "humans": sorted(self.humans),
            "bots": {str(seat): self.bot_name for seat in sorted(self.bots)},
        }

    async def broadcast(self) -> None:
        for seat, sockets in self.clients.items():
            message = self.state(seat)
            for socket in list(sockets):
                try:
                    await socket.send_json(message)
                except (RuntimeError, WebSocketDisconnect):
                    sockets.discard(socket)

    # -- what a client does ---------------------------------------------------------------

    async def handle(self, seat: int, text: str) -> dict[str, Any] | None:
        """Act on one message from the client at ``seat``; the reply to it alone, if any.

        A change to the match is broadcast to every client instead.
        """
        if len(text) > MAX_MESSAGE:
            return _error(f"a message is at most {MAX_MESSAGE} characters")
        try:
            message = json.loads(text)
        except ValueError:
            return _error('a message is a JSON object, such as {"type": "move", ...}')
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return _error('a message is a JSON object with a "type"')
        kind = message["type"]
        if kind == "move":
            return await self._move(seat, message.get("move"))
        if kind == "save":
            return {"type": "record", "record": self.match.to_json()}
        if kind == "load":
            return await self._load(message.get("record"))
        if kind == "new":
            async with self.lock:
                self.match = Match.new(self.rules, self.players)
            await self._changed()
            return None
        return _error(f"unknown message type {kind!r}: move, save, load or new")

    async def _move(self, seat: int, text: object) -> dict[str, Any] | None:
        if not isinstance(text, str):
            return _error('a move message has a "move" in the move notation, such as "draw"')
        async with self.lock:
            try:
                self.match = self.match.apply(parse_move(text), seat=seat)
            except ChickenFootError as error:
                rule = error.rule if isinstance(error, IllegalMoveError) else None
                return _error(str(error), rule)
        await self._changed()
        return None

    async def _load(self, text: object) -> dict[str, Any] | None:
        if not isinstance(text, str):
            return _error('a load message has the "record" as JSON text')
        try:
            match = Match.from_json(text)
        except RecordError as error:
            return _error(f"this record does not load: {error}")
        if match.players != self.players:
            return _error(f"this table has {self.players} seats; the record has {match.players}")
        if match.seed is None:
            return _error("this table deals from a seed: load the record of a seeded match")
        async with self.lock:
            self.match = match
            self.rules = match.rules
            self.rng = random.Random(match.seed)
        await self._changed()
        return None

    async def _changed(self) -> None:
        await self.broadcast()
        self.start_bots()

    # -- the bots ---------------------------------------------------------------------------

    def start_bots(self) -> None:
        """Let the bots play until a person is to move (in the background)."""
        if self.bots_running is None or self.bots_running.done():
            self.bots_running = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while True:
            async with self.lock:
                seat = self.match.to_move
                if seat is None or seat not in self.bots:
                    return
                view = self.match.view(seat)
                move = self.bots[seat].choose(view.round, self.rng)
                self.match = self.match.apply(move, seat=seat)
            await self.broadcast()
            await asyncio.sleep(self.bot_delay)


def _error(message: str, rule: str | None = None) -> dict[str, Any]:
    return {"type": "error", "message": message, "rule": rule}


def create_app(table: Table) -> Starlette:
    """The web app of ``table``: the page at ``/`` and a WebSocket per seat at ``/ws/N``."""

    async def page(request: Request) -> Response:
        return FileResponse(PAGE, media_type="text/html")

    async def config(request: Request) -> Response:
        return JSONResponse(
            {
                "variant": table.rules.name,
                "players": table.players,
                "humans": sorted(table.humans),
            }
        )

    async def seat_socket(socket: WebSocket) -> None:
        seat = socket.path_params["seat"]
        await socket.accept()
        if seat not in table.humans:
            await socket.send_json(_error(f"seat {seat} is not a seat for people here"))
            await socket.close(code=4403)
            return
        table.clients[seat].add(socket)
        try:
            await socket.send_json(table.state(seat))
            table.start_bots()
            while True:
                text = await socket.receive_text()
                reply = await table.handle(seat, text)
                if reply is not None:
                    await socket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            table.clients[seat].discard(socket)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/config", config),
            WebSocketRoute("/ws/{seat:int}", seat_socket),
        ]
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="chickie-duel", help="the variant (a preset name)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--humans", default="0", help="the seats people play, comma-separated (default 0)"
    )
    parser.add_argument("--bot", choices=sorted(BOTS), default="greedy")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds between bot moves")
    parser.add_argument("--seed", type=int, default=None, help="the match seed (random if unset)")
    parser.add_argument("--record", type=Path, help="start from this saved match record")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    humans = [int(seat) for seat in args.humans.split(",") if seat.strip()]
    match = None
    if args.record is not None:
        match = Match.from_json(args.record.read_text(encoding="utf-8"))
        if match.seed is None:
            parser.error("--record: this table deals from a seed; give a seeded match's record")
    rules = find_preset(args.preset) if match is None else match.rules
    players = args.players if match is None else match.players
    if not humans or any(not 0 <= seat < players for seat in humans):
        parser.error(f"--humans: seats from 0 to {players - 1}")
    table = Table(
        rules,
        players,
        humans,
        seed=args.seed,
        bot=args.bot,
        bot_delay=args.bot_delay,
        match=match,
    )
    print(f"seed {table.match.seed}; open http://{args.host}:{args.port}/?seat={humans[0]}")
    uvicorn.run(create_app(table), host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
