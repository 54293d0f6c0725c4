"""The web table's server without a browser: tokens, refusals, the host's actions, bots.

Each test runs the app in uvicorn on 127.0.0.1 at a free port, in a thread of this
process (so a test can seat its own bot and look at the table), and talks to it with the
``websockets`` client, as a browser would. Run by ``nox -s webapp``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import uvicorn
from server import BAD_TOKEN, MAX_FRAME, MAX_MESSAGE, Table, create_app, hint_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from chickenfoot import Match, Move, RoundView, find_preset, parse_move
from chickenfoot.bots import GreedyPlayer, Player, SearchPlayer, level

SEED = 5  # chickie-duel: seat 0 holds the round double 6-6 and places it first (R6)
RULES = find_preset("chickie-duel")


def free_port() -> int:
    """A free port on the loopback address."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Running:
    """``table``'s app served by uvicorn in a thread."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.port = free_port()
        config = uvicorn.Config(
            create_app(table),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=MAX_FRAME,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.links = table.links(f"http://127.0.0.1:{self.port}")

    def token(self, seat: int) -> str:
        return self.table.tokens[seat]

    def socket(self) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws", open_timeout=10, max_size=None)

    @contextlib.contextmanager
    def join(self, seat: int, *, host: bool = False) -> Iterator[ClientConnection]:
        """A connection joined at ``seat`` (as the host if ``host``), its first state read."""
        with self.socket() as sock:
            message: dict[str, Any] = {"type": "join", "token": self.token(seat)}
            if host:
                message["host"] = self.table.host_token
            sock.send(json.dumps(message))
            joined = receive(sock, "joined")
            assert joined == {"type": "joined", "seat": seat, "host": host}
            receive(sock, "state")
            yield sock

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def serve() -> Iterator[Callable[[Table], Running]]:
    running: list[Running] = []

    def serving(table: Table) -> Running:
        server = Running(table)
        running.append(server)
        return server

    yield serving
    for server in running:
        server.stop()


def receive(sock: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on ``sock`` (state messages may come between)."""
    while True:
        message: dict[str, Any] = json.loads(sock.recv(timeout=20))
        if message["type"] == kind:
            return message


def ask(sock: ClientConnection, message: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Send ``message`` and return the reply (an error or a state)."""
    sock.send(json.dumps(message) if isinstance(message, dict) else message)
    reply: dict[str, Any] = json.loads(sock.recv(timeout=20))
    return reply


def two_people(**kwargs: Any) -> Table:
    return Table(RULES, 2, [0, 1], seed=SEED, **kwargs)


# -- tokens ---------------------------------------------------------------------------------


def test_every_seat_has_its_own_unguessable_token_and_only_the_host_link_holds_the_host_token(
    serve: Callable[[Table], Running],
) -> None:
    classic = find_preset("classic")
    table = Table(classic, 4, [0, 2, 3], seed=SEED)
    links = table.links("http://example.test")
    tokens = [*table.tokens.values(), table.host_token]
    assert sorted(links) == [0, 2, 3]
    assert len(set(tokens)) == 4
    assert all(len(token) >= 32 for token in tokens)
    assert [table.host_token in link for link in links.values()] == [True, False, False]
    assert all(link.startswith("http://example.test/#token=") for link in links.values())
    assert Table(classic, 4, [0, 2, 3], seed=SEED).tokens != table.tokens
    server = serve(table)
    for seat in (0, 2, 3):
        with server.join(seat) as sock:
            assert ask(sock, {"type": "state"})["view"]["seat"] == seat


def test_a_connection_acts_for_nobody_until_it_joins_with_a_token(
    serve: Callable[[Table], Running],
) -> None:
    server = serve(two_people())
    with server.socket() as sock:
        for message in (
            {"type": "state"},
            {"type": "move", "move": "6-6"},
            {"type": "save"},
        ):
            error = ask(sock, message)
            assert error["type"] == "error", message
        assert "join first" in ask(sock, {"type": "state"})["message"]
        assert server.table.match.round.history == ()
        sock.send(json.dumps({"type": "join", "token": server.token(0)}))
        assert receive(sock, "joined")["seat"] == 0


@pytest.mark.parametrize(
    "join",
    [
        {"type": "join"},
        {"type": "join", "token": "x" * 32},
        {"type": "join", "token": 7},
        {"type": "join", "token": "TOKEN0", "host": "x" * 32},
    ],
)
def test_a_wrong_token_is_refused_and_the_connection_closed(
    serve: Callable[[Table], Running], join: dict[str, Any]
) -> None:
    server = serve(two_people())
    if join.get("token") == "TOKEN0":
        join = {**join, "token": server.token(0)}
    with server.socket() as sock:
        error = ask(sock, join)
        assert error["code"] == "token"
        assert "token" in error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            sock.recv(timeout=10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == BAD_TOKEN


def test_a_move_acts_only_for_the_token_s_seat(serve: Callable[[Table], Running]) -> None:
    server = serve(two_people())
    with server.join(0) as zero, server.join(1) as one:
        # Seat 0 is to move (R6: it holds the round double); seat 1 names seat 0 in vain.
        error = ask(one, {"type": "move", "move": "6-6", "seat": 0})
        assert error["rule"] == "R11"
        assert "it is seat 0's turn, not seat 1's" in error["message"]
        assert server.table.match.round.history == ()
        zero.send(json.dumps({"type": "move", "move": "6-6"}))
        assert [e["move"] for e in receive(one, "state")["view"]["round"]["history"]] == ["6-6"]


# -- only its own view, and the record at the end --------------------------------------------


def test_a_seat_gets_its_own_view_and_no_record_before_the_match_is_over(
    serve: Callable[[Table], Running],
) -> None:
    server = serve(two_people())
    with server.join(0, host=True) as zero, server.join(1) as one:
        for seat, sock in ((0, zero), (1, one)):
            state = ask(sock, {"type": "state"})
            assert state["view"] == server.table.match.view(seat).to_dict()
            assert state["last_round"] is None
            error = ask(sock, {"type": "save"})
            assert "once the match is over" in error["message"]
            assert "record" not in error


def finished_match() -> Match:
    """The match of seed ``SEED`` played to its end with random moves."""
    match = Match.new(RULES, 2, seed=SEED)
    rng = random.Random(1)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_moves()))
    return match


def test_once_the_match_is_over_every_seat_may_have_the_record(
    serve: Callable[[Table], Running],
) -> None:
    match = finished_match()
    server = serve(Table(RULES, 2, [0, 1], match=match))
    with server.join(1) as one:
        record = ask(one, {"type": "save"})
        assert record["type"] == "record"
        assert Match.from_json(record["record"]) == match
        state = ask(one, {"type": "state"})
        last = state["last_round"]
        ended = match.finished[-1]
        assert last["number"] == len(match.finished)
        assert last["view"] == ended.view(1).to_dict()
        assert last["hands"] == [[str(t) for t in ended.hand(s)] for s in range(2)]
        assert ended.outcome is not None
        assert last["scores"] == list(ended.outcome.scores)


# -- refusals: binary, oversized, malformed, unknown -----------------------------------------


def test_binary_oversized_malformed_and_unknown_messages_are_refused_and_the_socket_stays_open(
    serve: Callable[[Table], Running],
) -> None:
    server = serve(two_people())
    with server.join(0) as sock:
        refusals: list[tuple[str | bytes | dict[str, Any], str]] = [
            (b"\x00\x01binary", "binary"),
            (b'{"type": "state"}', "binary"),
            ("x" * (MAX_MESSAGE + 1), "at most"),
            (json.dumps({"type": "move", "move": "x" * MAX_MESSAGE}), "at most"),
            ("hello", "JSON object"),
            ("{", "JSON object"),
            ("[1, 2]", "JSON object"),
            ("null", "JSON object"),
            ({"type": 3}, '"type"'),
            ({"type": "dance"}, "unknown message type 'dance'"),
            ({"type": "error"}, "unknown message type 'error'"),
            ({"type": "join", "token": server.token(1)}, "joined already, as seat 0"),
            ({"type": "move"}, "move notation"),
            ({"type": "move", "move": 12}, "move notation"),
            ({"type": "move", "move": "9-4x"}, ""),
            ({"type": "move", "move": "6-6@1-1"}, ""),
        ]
        for message, words in refusals:
            reply = ask(sock, message)
            assert reply["type"] == "error", message
            assert words in reply["message"], (message, reply)
        # Still open, still seat 0, nothing played.
        state = ask(sock, {"type": "state"})
        assert state["view"]["seat"] == 0
        assert state["view"]["round"]["history"] == []
        assert server.table.match == Match.new(RULES, 2, seed=SEED)


def test_a_message_beyond_the_frame_limit_closes_that_socket_only(
    serve: Callable[[Table], Running],
) -> None:
    server = serve(two_people())
    with server.join(0) as big, server.join(1) as other:
        big.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            big.recv(timeout=20)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009
        assert ask(other, {"type": "state"})["type"] == "state"


# -- the host ----------------------------------------------------------------------------------


def test_only_the_host_may_load_a_record_or_start_a_new_match(
    serve: Callable[[Table], Running],
) -> None:
    server = serve(two_people())
    start = server.table.match
    other = Match.new(RULES, 2, seed=99).apply(parse_move("6-6"))
    with server.join(0) as guest, server.join(1, host=True) as host:
        for message in ({"type": "new"}, {"type": "load", "record": other.to_json()}):
            error = ask(guest, message)
            assert error["code"] == "host"
            assert "only the table's host" in error["message"]
            assert server.table.match is start
        host.send(json.dumps({"type": "load", "record": other.to_json()}))
        assert receive(guest, "state")["view"] == other.view(0).to_dict()
        assert receive(host, "state")["view"] == other.view(1).to_dict()
        assert server.table.match == other
        host.send(json.dumps({"type": "new"}))
        fresh = receive(guest, "state")["view"]
        receive(host, "state")
        assert fresh["round"]["history"] == []
        assert fresh["results"] == []
        assert server.table.match != other
        assert server.table.match.seed is not None
        for message, words in (
            ({"type": "load"}, '"record"'),
            ({"type": "load", "record": "{}"}, "does not load"),
            (
                {"type": "load", "record": Match.new(find_preset("classic"), 3, seed=1).to_json()},
                "2 seats",
            ),
        ):
            assert words in ask(host, message)["message"]


# -- bots think off the event loop -------------------------------------------------------------


class GatedBot:
    """A greedy bot that waits, in the thread it is called in, until the test lets it go."""

    name = "gated"

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.go = threading.Event()
        self.threads: list[int] = []

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        self.threads.append(threading.get_ident())
        self.thinking.set()
        assert self.go.wait(30), "the test never let the bot go"
        return GreedyPlayer().choose(view, rng)


def test_a_seat_is_answered_while_a_bot_thinks(serve: Callable[[Table], Running]) -> None:
    bot = GatedBot()
    server = serve(Table(RULES, 2, [0], seed=SEED, bot={1: bot}))
    with server.join(0) as sock:
        sock.send(json.dumps({"type": "move", "move": "6-6"}))
        assert receive(sock, "state")["view"]["round"]["to_move"] == 1
        assert bot.thinking.wait(20)
        # The bot is mid-thought: seat 0 is answered, refused and shown the table.
        assert "unknown message type" in ask(sock, {"type": "dance"})["message"]
        assert ask(sock, {"type": "move", "move": "draw"})["rule"] == "R11"
        state = ask(sock, {"type": "state"})
        assert len(state["view"]["round"]["history"]) == 1
        bot.go.set()
        after = receive(sock, "state")["view"]["round"]
        assert len(after["history"]) == 2
        assert after["history"][1]["seat"] == 1
    assert bot.threads
    assert server.thread.ident not in bot.threads


class PausingRandom(random.Random):
    """A random source that stops, once, at its ``pause_at``-th number until ``go`` is set."""

    def __init__(self, seed: int, pause_at: int) -> None:
        super().__init__(seed)
        self.calls = 0
        self.pause_at = pause_at
        self.paused = threading.Event()
        self.go = threading.Event()

    def _count(self) -> None:
        self.calls += 1
        if self.calls == self.pause_at:
            self.paused.set()
            assert self.go.wait(30), "the test never let the search go on"

    def random(self) -> float:
        self._count()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._count()
        return super().getrandbits(k)


class MidSearch:
    """``level(5)`` choosing with a :class:`PausingRandom`: it stops in the middle of its
    search (the 200th random number of 400 playouts) until the test lets it go on."""

    def __init__(self) -> None:
        self.inner: Player = level(5)
        self.name = self.inner.name
        self.rng = PausingRandom(7, pause_at=200)
        self.done = threading.Event()

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        move = self.inner.choose(view, self.rng)
        self.done.set()
        return move


def test_a_seat_is_answered_in_the_middle_of_a_level_5_search(
    serve: Callable[[Table], Running],
) -> None:
    bot = MidSearch()
    server = serve(Table(RULES, 2, [0], seed=SEED, bot={1: bot}))
    with server.join(0) as sock:
        sock.send(json.dumps({"type": "move", "move": "6-6"}))
        view = receive(sock, "state")["view"]["round"]
        assert view["to_move"] == 1
        assert len(server.table.match.legal_moves()) > 1  # a real choice
        assert bot.rng.paused.wait(30), "level 5 drew fewer than 200 random numbers"
        state = ask(sock, {"type": "state"})
        assert not bot.done.is_set()
        assert state["view"]["round"]["to_move"] == 1
        assert ask(sock, {"type": "move", "move": "draw"})["rule"] == "R11"
        bot.rng.go.set()
        after = receive(sock, "state")["view"]["round"]
        assert bot.done.is_set()
        assert after["history"][1]["seat"] == 1
    assert bot.rng.calls > 200  # the search went on after the pause
    assert server.table.bot_threads
    assert server.thread.ident not in server.table.bot_threads


# -- hints ---------------------------------------------------------------------------------


def a_choice_for_seat_0() -> Match:
    """The match of seed ``SEED`` played by the greedy bot until seat 0 is to move with
    moves that lead to different games (a real choice), some moves in."""
    match = Match.new(RULES, 2, seed=SEED)
    rng = random.Random(2)
    while True:
        view = match.view(0).round
        if match.to_move == 0 and view.ply >= 6:
            tiles = {str(m).split("@")[0] for m in view.legal_moves()}
            if len(tiles) > 1:
                return match
        seat = match.to_move
        assert seat is not None, "no choice in round 1"
        assert not match.finished, "no choice in round 1"
        match = match.apply(GreedyPlayer().choose(match.view(seat).round, rng))


def test_a_hint_is_worked_out_from_the_seat_s_view_alone() -> None:
    """Two matches whose hidden tiles differ but that give seat 0 equal views give it the
    same hint: the server reads nothing of the other hand or the boneyard (R5)."""
    match = a_choice_for_seat_0()
    view = match.view(0).round
    other = None
    for seed in range(50):  # a round that seat 0 cannot tell from this one
        sampled = view.sample_state(random.Random(seed))
        if sampled.hand(1) != match.round.hand(1):
            other = Match.dealt(RULES, sampled.dealt_hands, sampled.dealt_boneyard)
            for move in sampled.moves:
                other = other.apply(move)
            break
    assert other is not None, "every deal that gives seat 0 this view is this one"
    assert other.view(0) == match.view(0)
    assert other.round.hand(1) != match.round.hand(1)
    assert other.round.boneyard != match.round.boneyard
    hints = [
        asyncio.run(Table(RULES, 2, [0], match=m, hint_playouts=120).hint(0))
        for m in (match, other)
    ]
    assert hints[0] == hints[1]
    assert hints[0] == hint_of(SearchPlayer(playouts=120), view)
    assert hints[0]["type"] == "hint"
    assert hints[0]["ply"] == view.ply
    legal = {str(m) for m in view.legal_moves()}
    assert hints[0]["move"] in legal
    assert {line["move"] for line in hints[0]["moves"]} <= legal
    assert len(hints[0]["moves"]) > 1
    # The hint is the search's own analysis of the view.
    analysis = SearchPlayer(playouts=120).analyse(view, random.Random(view.to_json()))
    assert hints[0]["move"] == str(analysis.move)
    assert hints[0]["value"] == analysis.moves[0].value


def test_a_hint_is_for_the_seat_to_move_and_names_its_own_moves_only(
    serve: Callable[[Table], Running],
) -> None:
    match = a_choice_for_seat_0()
    server = serve(Table(RULES, 2, [0, 1], match=match, hint_playouts=120))
    with server.join(0) as zero, server.join(1) as one:
        error = ask(one, {"type": "hint"})
        assert error["type"] == "error"
        assert error["rule"] == "R11"
        assert "seat 0 is to move" in error["message"]
        hint = ask(zero, {"type": "hint"})
        assert hint["type"] == "hint"
        view = match.view(0).round
        assert hint == hint_of(SearchPlayer(playouts=120), view)
        legal = {str(m) for m in view.legal_moves()}
        assert hint["move"] in legal
        assert hint["value"] is not None
        assert hint["stderr"] is not None
        assert hint["playouts"] > 0
        assert server.table.match == match  # asking changed nothing
