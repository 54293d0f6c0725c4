"""A web table for Chicken Foot: one match, people in the browser, bots in the other seats.

The server keeps the full :class:`~chickenfoot.Match` and every secret of it: each browser
joins a seat with a token the server issued, and is sent only that seat's view
(``MatchView.to_dict``, the data of ``MatchView.to_json``) with a picture of its table
(``table_svg``). The record, which holds the seed and so every hand, is given out only
once the match is over.

Run it (from the repository root, with the ``webapp`` dependency group installed)::

    python examples/webapp/server.py --preset chickie-duel --players 2 --humans 0

It prints one join link per person's seat, such as
``http://127.0.0.1:8000/#token=...``; the first link also holds the host token, which
lets its holder load a record or start a new match. Give each player their own link.

Messages from the browser are JSON text:

- ``{"type": "join", "token": "...", "host": "..."}`` first, on every connection
  (``host`` only for the host);
- ``{"type": "move", "move": "9-4@9-9"}``: a move in the move notation, for the seat of
  the token;
- ``{"type": "state"}``: the seat's state again;
- ``{"type": "hint"}``: the best move for the seat to move and what it is worth, found by
  a search bot from that seat's view alone;
- ``{"type": "save"}``: the match record, once the match is over;
- ``{"type": "load", "record": "..."}`` and ``{"type": "new"}``: the host's only.

The server answers with ``{"type": "joined", ...}``, ``{"type": "state", ...}``,
``{"type": "hint", ...}``, ``{"type": "record", "record": "..."}`` or
``{"type": "error", "message": "..."}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import secrets
import sys
import threading
from collections.abc import Mapping, Sequence
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
    Move,
    RecordError,
    Round,
    RoundView,
    Rules,
    find_preset,
    parse_move,
    table_svg,
)
from chickenfoot.bots import GreedyPlayer, Player, RandomPlayer, SearchPlayer, level

PAGE = Path(__file__).with_name("index.html")
#: The longest message the server reads: a record is at most 2 MiB of JSON, and quoted
#: inside a load message it may grow to about twice that.
MAX_MESSAGE = 5 * 1024 * 1024
#: The longest WebSocket message uvicorn accepts at all; a longer one closes the
#: connection (code 1009), as the protocol must: the server cannot read it to refuse it.
MAX_FRAME = 16 * 1024 * 1024
#: The close code of a connection that shows a token this table did not issue.
BAD_TOKEN = 4401
BOTS: dict[str, type[Player] | int] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": 5,  # chickenfoot.bots.level(5), the strongest ready-made opponent
}
TYPES = "join, move, state, hint, save, load or new"
#: The search behind the Hint button: its playouts bound the time a hint takes.
HINT_PLAYOUTS = 400
log = logging.getLogger("chickenfoot.webapp")


def hint_of(search: SearchPlayer, view: RoundView) -> dict[str, Any]:
    """The hint message for the seat of ``view``, which is to move: the move ``search``
    finds best and what every move is worth to the seat, in penalty points (R17).

    It reads the view and nothing else, not even a random number that the server keeps:
    the search's random numbers are seeded from the view's JSON, so two rounds that give
    the seat equal views give it the same hint, whatever the hidden tiles are."""
    analysis = search.analyse(view, random.Random(view.to_json()))
    return {
        "type": "hint",
        "ply": view.ply,
        "move": str(analysis.move),
        "value": analysis.moves[0].value,
        "stderr": analysis.moves[0].stderr,
        "playouts": analysis.playouts,
        "moves": [
            {"move": str(line.move), "value": line.value, "stderr": line.stderr}
            for line in analysis.moves
        ],
    }


def make_bot(name: str) -> Player:
    """The bot called ``name`` (one of :data:`BOTS`)."""
    kind = BOTS[name]
    return level(kind) if isinstance(kind, int) else kind()


class Table:
    """One match, the seats people play in, and the bots that play the others.

    Every person's seat has a token, made by :func:`secrets.token_urlsafe`, that a
    connection shows to act for that seat; the host token lets its holder load a record
    or start a new match. Bots choose their moves in a worker thread, so the server
    answers every socket while they think.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        humans: Sequence[int],
        *,
        seed: int | None = None,
        bot: str | Mapping[int, Player] = "greedy",
        bot_delay: float = 0.0,
        match: Match | None = None,
        save: Path | None = None,
        hint_playouts: int = HINT_PLAYOUTS,
    ) -> None:
        self.rules = rules
        self.players = players
        self.match = match if match is not None else Match.new(rules, players, seed=seed)
        self.humans = frozenset(humans)
        if isinstance(bot, str):
            self.bots = {seat: make_bot(bot) for seat in range(players) if seat not in humans}
        else:
            self.bots = dict(bot)
        if set(self.bots) | self.humans != set(range(players)) or set(self.bots) & self.humans:
            raise ValueError("every seat is either a person's or a bot's")
        self.bot_delay = bot_delay
        self.hinter = SearchPlayer(playouts=hint_playouts)
        self.save_path = save
        self.rng = random.Random(secrets.randbits(64))
        self.tokens = {seat: secrets.token_urlsafe(24) for seat in sorted(self.humans)}
        self.host_token = secrets.token_urlsafe(24)
        self.clients: dict[int, set[WebSocket]] = {seat: set() for seat in self.humans}
        self.lock = asyncio.Lock()
        self.bots_running: asyncio.Task[None] | None = None
        #: The threads the bots last chose a move in (for tests of the event loop).
        self.bot_threads: set[int] = set()

    # -- who is who -------------------------------------------------------------------------

    def links(self, base: str, host_seat: int | None = None) -> dict[int, str]:
        """Every person's join link; the host seat's link (the first seat's by default)
        also holds the host token. The tokens are in the fragment, which browsers do not
        send to the server, so they stay out of access logs."""
        host_seat = min(self.humans) if host_seat is None else host_seat
        links = {}
        for seat, token in self.tokens.items():
            link = f"{base}/#token={token}"
            if seat == host_seat:
                link += f"&host={self.host_token}"
            links[seat] = link
        return links

    def seat_of(self, token: object) -> int | None:
        """The seat whose token is ``token``, or ``None``."""
        if not isinstance(token, str):
            return None
        found = None
        for seat, mine in self.tokens.items():
            if secrets.compare_digest(mine.encode(), token.encode()):
                found = seat
        return found

    def is_host(self, token: object) -> bool:
        return isinstance(token, str) and secrets.compare_digest(
            self.host_token.encode(), token.encode()
        )

    # -- what a client sees ---------------------------------------------------------------

    def state(self, seat: int, host: bool = False) -> dict[str, Any]:
        """The message for ``seat``: its view, its table as SVG, who sits where, and the
        last finished round as every seat saw it at its end (the hands are shown, R17)."""
        view = self.match.view(seat)
        return {
            "type": "state",
            "view": view.to_dict(),
            "svg": table_svg(view.round, size=720),
            "start": self.rules.start,
            "humans": sorted(self.humans),
            "bots": {str(s): player.name for s, player in sorted(self.bots.items())},
            "host": host,
            "last_round": self._last_round(seat),
        }

    def _last_round(self, seat: int) -> dict[str, Any] | None:
        if not self.match.finished:
            return None
        ended: Round = self.match.finished[-1]
        outcome = ended.outcome
        assert outcome is not None
        return {
            "number": len(self.match.finished),
            "ending": outcome.ending.value,
            "winner": outcome.winner,
            "scores": list(outcome.scores),
            "hands": [[str(tile) for tile in ended.hand(s)] for s in range(self.players)],
            "last": str(ended.history[-1].move) if ended.history else None,
            "view": ended.view(seat).to_dict(),
            "svg": table_svg(ended.view(seat), size=560, hand=False),
        }

    async def broadcast(self) -> None:
        for seat, sockets in self.clients.items():
            for socket in list(sockets):
                message = self.state(seat, getattr(socket.state, "host", False))
                try:
                    await socket.send_json(message)
                except (RuntimeError, WebSocketDisconnect, OSError):
                    sockets.discard(socket)

    # -- what a client does ---------------------------------------------------------------

    def join(self, text: str) -> tuple[int, bool] | dict[str, Any]:
        """The seat and host right of a join message, or the error to send."""
        message = _parse(text)
        if message["type"] == "error":
            return message
        if message["type"] != "join":
            return _error('join first: send {"type": "join", "token": "..."} from your link')
        seat = self.seat_of(message.get("token"))
        if seat is None:
            return _error("this link's token is not a seat's at this table", code="token")
        host = message.get("host")
        if host is not None and not self.is_host(host):
            return _error("this link's host token is not this table's", code="token")
        return seat, host is not None

    async def handle(self, seat: int, host: bool, text: str) -> dict[str, Any] | None:
        """Act on one message from ``seat`` (the host if ``host``); the reply to the
        sender alone, if any. A change to the match is broadcast to every seat instead."""
        message = _parse(text)
        if message["type"] == "error":
            return message
        kind = message["type"]
        if kind == "join":
            return _error(f"this connection has joined already, as seat {seat}")
        if kind == "state":
            return self.state(seat, host)
        if kind == "move":
            return await self._move(seat, message.get("move"))
        if kind == "hint":
            return await self.hint(seat)
        if kind == "save":
            if not self.match.is_over:
                return _error(
                    "the record is given out once the match is over: it holds the seed, "
                    "from which every hand and the boneyard can be worked out"
                )
            return {"type": "record", "record": self.match.to_json()}
        if kind in ("load", "new") and not host:
            what = "load a record" if kind == "load" else "start a new match"
            return _error(f"only the table's host may {what}", code="host")
        if kind == "load":
            return await self._load(message.get("record"))
        if kind == "new":
            async with self.lock:
                self.match = Match.new(self.rules, self.players)
                self._save()
            await self._changed()
            return None
        return _error(f"unknown message type {kind!r}: {TYPES}")

    async def hint(self, seat: int) -> dict[str, Any]:
        """The hint for ``seat`` (:func:`hint_of`), worked out in a worker thread from the
        seat's view alone; an error unless the seat is to move."""
        async with self.lock:
            view = self.match.view(seat).round
        if view.to_move != seat:
            now = "the round is over" if view.to_move is None else f"seat {view.to_move} is to move"
            return _error(f"a hint is for your own turn, and {now} (R11)", rule="R11")
        return await asyncio.to_thread(hint_of, self.hinter, view)

    async def _move(self, seat: int, text: object) -> dict[str, Any] | None:
        if not isinstance(text, str):
            return _error('a move message has a "move" in the move notation, such as "draw"')
        async with self.lock:
            try:
                self.match = self.match.apply(parse_move(text), seat=seat)
            except ChickenFootError as error:
                rule = error.rule if isinstance(error, IllegalMoveError) else None
                return _error(str(error), rule=rule)
            self._save()
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
            self._save()
        await self._changed()
        return None

    def _save(self) -> None:
        """Write the record to the server's save file, if it has one (never to a client)."""
        if self.save_path is None:
            return
        spare = self.save_path.with_name(self.save_path.name + ".tmp")
        spare.write_text(self.match.to_json(), encoding="utf-8")
        os.replace(spare, self.save_path)

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
                match = self.match
                seat = match.to_move
                if seat is None or seat not in self.bots:
                    return
                view = match.view(seat).round
            # The bot thinks in a worker thread, the lock released: every socket is
            # answered meanwhile, and nobody else can move, for it is the bot's turn.
            move = await asyncio.to_thread(self._choose, self.bots[seat], view)
            async with self.lock:
                if self.match is not match:  # a new match or a loaded record meanwhile
                    continue
                try:
                    self.match = match.apply(move, seat=seat)
                except ChickenFootError:
                    log.exception("the bot at seat %d chose %s, which is refused", seat, move)
                    return
                self._save()
            await self.broadcast()
            await asyncio.sleep(self.bot_delay)

    def _choose(self, bot: Player, view: RoundView) -> Move:
        self.bot_threads.add(threading.get_ident())
        return bot.choose(view, self.rng)


def _error(message: str, *, rule: str | None = None, code: str | None = None) -> dict[str, Any]:
    return {"type": "error", "message": message, "rule": rule, "code": code}


def _parse(text: str) -> dict[str, Any]:
    """A message as a dict with a string ``"type"``, or an error message."""
    if len(text) > MAX_MESSAGE:
        return _error(f"a message is at most {MAX_MESSAGE} characters", code="size")
    try:
        message = json.loads(text)
    except ValueError:
        return _error('a message is a JSON object, such as {"type": "move", ...}')
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return _error('a message is a JSON object with a "type"')
    if message["type"] == "error":
        return _error(f"unknown message type 'error': {TYPES}")
    return message


def create_app(table: Table) -> Starlette:
    """The web app of ``table``: the page at ``/``, the table's public facts at
    ``/config`` and the WebSocket at ``/ws``."""

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

    async def send(socket: WebSocket, message: dict[str, Any]) -> None:
        await socket.send_json(message)

    async def seat_socket(socket: WebSocket) -> None:
        await socket.accept()
        seat: int | None = None
        try:
            while True:
                received = await socket.receive()
                if received["type"] == "websocket.disconnect":
                    return
                text = received.get("text")
                if not isinstance(text, str):
                    await send(socket, _error("this table reads JSON text, not binary frames"))
                    continue
                if seat is None:
                    joined = table.join(text)
                    if isinstance(joined, dict):
                        await send(socket, joined)
                        if joined.get("code") == "token":
                            await socket.close(code=BAD_TOKEN)
                            return
                        continue
                    seat, socket.state.host = joined
                    table.clients[seat].add(socket)
                    await send(socket, {"type": "joined", "seat": seat, "host": joined[1]})
                    await send(socket, table.state(seat, joined[1]))
                    table.start_bots()
                    continue
                try:
                    reply = await table.handle(seat, socket.state.host, text)
                except Exception:  # the table stays up whatever one message does
                    log.exception("a message from seat %d failed", seat)
                    reply = _error("the server could not act on this message")
                if reply is not None:
                    await send(socket, reply)
        except WebSocketDisconnect:
            pass
        finally:
            if seat is not None:
                table.clients[seat].discard(socket)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/config", config),
            WebSocketRoute("/ws", seat_socket),
        ]
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="chickie-duel", help="the variant (a preset name)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--humans", default="0", help="the seats people play, comma-separated (default 0)"
    )
    parser.add_argument(
        "--host-seat", type=int, help="the seat whose link holds the host token (the first)"
    )
    parser.add_argument(
        "--bot", choices=sorted(BOTS), default="greedy", help="search is bots.level(5)"
    )
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds between bot moves")
    parser.add_argument("--seed", type=int, default=None, help="the match seed (random if unset)")
    parser.add_argument("--record", type=Path, help="start from this saved match record")
    parser.add_argument(
        "--save", type=Path, help="keep the match record in this file after every move"
    )
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
    if args.host_seat is not None and args.host_seat not in humans:
        parser.error("--host-seat: one of the seats people play")
    table = Table(
        rules,
        players,
        humans,
        seed=args.seed,
        bot=args.bot,
        bot_delay=args.bot_delay,
        match=match,
        save=args.save,
    )
    base = f"http://{args.host}:{args.port}"
    host_seat = min(humans) if args.host_seat is None else args.host_seat
    print(f"{rules.name}, {players} seats; give each player their own link:")
    for seat, link in table.links(base, host_seat).items():
        role = " (the host)" if seat == host_seat else ""
        print(f"seat {seat}{role}: {link}")
    sys.stdout.flush()
    uvicorn.run(
        create_app(table),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=MAX_FRAME,
    )


if __name__ == "__main__":
    main()
