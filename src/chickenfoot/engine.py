"""Engines: bots in any language, playing over the Chicken Foot engine protocol.

An engine is any program that speaks the protocol on its standard input and output: one
JSON object a line (:doc:`/engine-protocol` specifies it). :class:`SimpleEngine` starts
one and is a :class:`~chickenfoot.bots.Player`, so an engine plays wherever a bot of
:mod:`chickenfoot.bots` does: :func:`~chickenfoot.bots.play_match`,
:func:`~chickenfoot.simulation.simulate` and the ``chickenfoot`` command. :func:`serve`
is the other side: it serves any player over the protocol, as ``chickenfoot engine
--bot level5`` does.

Here the library's greedy bot is served by the command in a process of its own, and plays
a match through the client:

>>> import sys
>>> from chickenfoot import PRESETS
>>> from chickenfoot.bots import RandomPlayer, play_match
>>> from chickenfoot.engine import SimpleEngine
>>> command = [sys.executable, "-m", "chickenfoot", "engine", "--bot", "greedy"]
>>> with SimpleEngine.popen(command) as engine:
...     match = play_match(PRESETS["chickie-duel"], [engine, RandomPlayer()], seed=5)
>>> engine.name, match.is_over
('greedy', True)

The client leaves no process behind: :meth:`SimpleEngine.close` (and the end of the
``with`` block) sends ``quit``, kills the engine if it has not exited after a grace
period, and reaps it; so does every :exc:`~chickenfoot.errors.EngineError` it raises (a
crash, a hang, a line that is not the protocol, an illegal move).

.. versionadded:: 0.2
"""

from __future__ import annotations

import collections
import contextlib
import json
import math
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import IO, Any, Final, Literal, NoReturn

import attrs

from chickenfoot import Move, RoundView, __version__, parse_move

from .bots import Player, SearchAnalysis, SearchPlayer, TreeSearchPlayer
from .errors import (
    ChickenFootError,
    EngineError,
    EngineMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
    IllegalMoveError,
    InvalidMoveError,
)

__all__ = [
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "Analysis",
    "EngineOption",
    "Info",
    "Limit",
    "MoveInfo",
    "SimpleEngine",
    "serve",
]

#: The protocol's name, sent in both ``hello`` messages.
#:
#: .. versionadded:: 0.2
PROTOCOL: Final = "cfep"
#: The version of the protocol this module speaks.
#:
#: .. versionadded:: 0.2
PROTOCOL_VERSION: Final = 1
#: The longest line, in characters, the client reads from an engine.
_MAX_LINE: Final = 1 << 22
#: How many lines of an engine's standard error the client keeps for its error messages.
_STDERR_LINES: Final = 20
_OPTION_TYPES: Final = ("int", "float", "bool", "string")


def _check_playouts(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"playouts must be a whole number of at least 1 or None, not {value!r}")


def _check_seconds(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
        raise ValueError(f"seconds must be a number above 0 or None, not {value!r}")


@attrs.frozen
class Limit:
    """How long an engine may think about one move: playouts, seconds, or both.

    Sent with every request as the ``limit`` object; an engine stops at whichever comes
    first. With neither, the engine thinks as long as it is built to. With
    :attr:`seconds`, the client sends ``stop`` once they have passed without a move.

    >>> from chickenfoot.engine import Limit
    >>> Limit(playouts=400).to_dict(), Limit(seconds=0.5).to_dict()
    ({'playouts': 400}, {'seconds': 0.5})

    .. versionadded:: 0.2
    """

    #: The most playouts (search iterations) for the move, or ``None``.
    playouts: int | None = attrs.field(default=None, validator=_check_playouts)
    #: The most wall time for the move, in seconds, or ``None``.
    seconds: float | None = attrs.field(default=None, validator=_check_seconds)

    def to_dict(self) -> dict[str, Any]:
        """The ``limit`` object of a request: the limits that are set."""
        out: dict[str, Any] = {}
        if self.playouts is not None:
            out["playouts"] = self.playouts
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out


@attrs.frozen
class MoveInfo:
    """What an engine thinks of one legal move, from an ``info`` line.

    .. versionadded:: 0.2
    """

    #: The move.
    move: Move
    #: The playouts (visits) the engine spent on it, if it said.
    visits: int | None = None
    #: Its value for the engine's seat, higher better, in the engine's own scale
    #: (:attr:`Info.objective` names it, if the engine said).
    value: float | None = None
    #: The standard error of :attr:`value`, if the engine gave one.
    stderr: float | None = None
    #: The other legal moves the engine counts as the same move (they lead to the same
    #: game, R2, R10), which share its value.
    equivalent: tuple[Move, ...] = ()


@attrs.frozen
class Info:
    """One ``info`` line of an engine: what it has done and thinks so far.

    Every field is optional in the protocol; those the engine left out are ``None``
    (or empty).

    .. versionadded:: 0.2
    """

    #: The playouts done so far for this move.
    playouts: int | None = None
    #: The seconds spent so far.
    seconds: float | None = None
    #: What it thinks of each move it looked at, best first when the engine ranks them.
    moves: tuple[MoveInfo, ...] = ()
    #: Free text, for people.
    text: str | None = None
    #: What the values of :attr:`moves` measure, if the engine said: the library's
    #: server sends ``"margin"`` (penalty points, R17) or ``"win"`` (a chance of winning
    #: the round, R18).
    objective: str | None = None


@attrs.frozen
class Analysis:
    """An engine's answer to one request: the move and every ``info`` line before it.

    .. versionadded:: 0.2
    """

    #: The move the engine chose, one of the view's legal moves.
    move: Move
    #: The ``info`` lines it sent for this move, first first.
    info: tuple[Info, ...] = ()
    #: Whether the client had to send ``stop`` to get the move.
    stopped: bool = False


@attrs.frozen
class EngineOption:
    """An option an engine declares in its ``hello`` (set it with
    :meth:`SimpleEngine.configure`).

    .. versionadded:: 0.2
    """

    #: Its name.
    name: str
    #: ``"int"``, ``"float"``, ``"bool"`` or ``"string"``.
    type: Literal["int", "float", "bool", "string"]
    #: Its value until it is set.
    default: object = None


# -- the engine's process ---------------------------------------------------------------


class _Process:
    """An engine's process with a thread reading each of its two outputs (trusted
    internals of :class:`SimpleEngine`)."""

    def __init__(
        self, command: Sequence[str], cwd: str | None, env: Mapping[str, str] | None
    ) -> None:
        self.popen = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=None if env is None else dict(env),
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self.threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for thread in self.threads:
            thread.start()

    def _read_stdout(self) -> None:
        stream = self.popen.stdout
        assert stream is not None
        try:
            while line := stream.readline(_MAX_LINE + 1):
                self.lines.put(line)
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_stderr(self) -> None:
        stream = self.popen.stderr
        assert stream is not None
        try:
            for line in stream:
                self.stderr.append(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    def send(self, message: Mapping[str, Any]) -> bool:
        """Write ``message`` as one line; ``False`` if the engine no longer reads."""
        stream = self.popen.stdin
        assert stream is not None
        try:
            stream.write(json.dumps(message, separators=(",", ":")) + "\n")
            stream.flush()
        except (OSError, ValueError):
            return False
        return True

    def receive(self, deadline: float | None) -> str | None:
        """The next line, ``None`` at the end of the output; :exc:`queue.Empty` when
        ``deadline`` (a :func:`time.monotonic` time) passes first."""
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        return self.lines.get(timeout=wait)

    def exit_code(self, wait: float) -> int | None:
        try:
            return self.popen.wait(wait)
        except subprocess.TimeoutExpired:
            return None

    def last_words(self) -> str:
        for thread in self.threads[1:]:
            thread.join(0.5)
        if not self.stderr:
            return "it wrote nothing to standard error"
        return "its last words on standard error: " + " / ".join(self.stderr)

    def close(self, grace: float) -> None:
        """Ask the engine to quit, kill it if it is still running after ``grace`` seconds,
        and reap it."""
        if self.popen.poll() is None:
            self.send({"type": "quit"})
            if self.exit_code(grace) is None:
                self.kill()
        self.kill()

    def kill(self) -> None:
        """Kill the engine if it runs, reap it and close the pipes."""
        _kill(self.popen)
        for thread in self.threads:
            thread.join(1.0)
        for stream in (self.popen.stdout, self.popen.stderr):
            if stream is not None:
                stream.close()


def _kill(popen: subprocess.Popen[str]) -> None:
    """Kill and reap ``popen`` (the finalizer of a :class:`SimpleEngine` too)."""
    if popen.poll() is None:
        with contextlib.suppress(OSError):  # it exited between poll and kill
            popen.kill()
    popen.wait()
    if popen.stdin is not None:
        with contextlib.suppress(OSError):  # a pipe whose reader is gone
            popen.stdin.close()


# -- the client ---------------------------------------------------------------------------


class SimpleEngine:
    """An engine in a process of its own, speaking the engine protocol: a
    :class:`~chickenfoot.bots.Player`.

    Start one with :meth:`popen`, best in a ``with`` block, which closes it at the end:

    >>> import random, sys
    >>> from chickenfoot import PRESETS, Round
    >>> from chickenfoot.engine import Limit, SimpleEngine
    >>> command = [sys.executable, "-m", "chickenfoot", "engine", "--bot", "level3"]
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    >>> with SimpleEngine.popen(command, limit=Limit(playouts=50)) as engine:
    ...     view = rnd.view(rnd.to_move)
    ...     analysis = engine.analyse(view, seed=1)
    ...     move = engine.choose(view, random.Random(1))
    >>> analysis.move in view.legal_moves(), move in view.legal_moves()
    (True, True)
    >>> engine.author.startswith("chickenfoot")
    True

    :meth:`choose` draws one 64-bit seed from its ``rng`` for every move and sends it,
    so a seeded match replays exactly when the engine uses the seed for its randomness
    (the library's own server does). It asks the engine on every turn of its seat,
    forced moves included.

    The engine answers each request within the :attr:`limit`'s seconds, or within
    ``timeout`` seconds when the limit has none: past that, the client sends ``stop``,
    and an engine that still gives no move within ``grace`` seconds is killed
    (:exc:`~chickenfoot.errors.EngineTimeoutError`). ``timeout=None`` waits as long as
    the engine thinks.

    A :class:`SimpleEngine` pickles as its command and settings, so it goes to the
    worker processes of :func:`~chickenfoot.simulation.simulate`: each copy starts its
    own engine when it is first asked for a move, and that engine quits when the worker
    exits and closes its input. One engine may sit at several seats: every request
    names the seat and carries the whole view, so the engine keeps nothing from one
    request to the next.

    Raises (every method that talks to the engine, after stopping it):
        EngineTerminatedError: the engine could not be started or exited.
        EngineTimeoutError: it did not answer in time.
        EngineProtocolError: it wrote a line that is not the protocol.
        EngineMoveError: its move is not in the notation, or not legal now.
        EngineError: it answered a request with an ``error`` message, or it was closed.

    .. versionadded:: 0.2
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        limit: Limit | None = None,
        options: Mapping[str, object] | None = None,
        timeout: float | None = 30.0,
        grace: float = 2.0,
        name: str | None = None,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Set up the engine ``command`` without starting it (:meth:`popen` starts it;
        a request starts it otherwise).

        Args:
            command: the program and its arguments (a string is one program without
                arguments).
            limit: the limit sent with every request that gives none.
            options: option values to set right after the handshake.
            timeout: seconds to wait for the ``hello`` and for a move when the limit
                has no seconds, or ``None`` to wait without end for a move.
            grace: seconds an engine has to answer ``stop`` or ``quit`` before it is
                killed.
            name: the name shown in tables and errors; by default the engine's own.
            cwd: the working directory of the engine.
            env: the environment of the engine (by default this process's).
        """
        argv = [command] if isinstance(command, str) else list(command)
        if not argv or not all(isinstance(part, str) for part in argv):
            raise TypeError(f"an engine command is a program and its arguments, not {command!r}")
        pairs: tuple[tuple[object, str], ...] = ((timeout, "timeout"), (grace, "grace"))
        for value, what in pairs:
            if value is None and what == "timeout":
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"{what} must be a number of seconds above 0, not {value!r}")
        #: The program and its arguments.
        self.command: tuple[str, ...] = tuple(argv)
        #: The limit sent with every request that gives none.
        self.limit: Limit = Limit() if limit is None else limit
        #: Seconds to wait for the ``hello`` and for a move when the limit has no
        #: seconds (``None``: no end).
        self.timeout = timeout
        #: Seconds an engine has to answer ``stop`` or ``quit`` before it is killed.
        self.grace = grace
        self._settings: dict[str, object] = dict(options or {})
        self._name = name
        self._cwd = cwd
        self._env = None if env is None else dict(env)
        self._hello: dict[str, Any] = {}
        self._process: _Process | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._closed = False
        self._requests = 0

    @classmethod
    def popen(
        cls,
        command: str | Sequence[str],
        *,
        limit: Limit | None = None,
        options: Mapping[str, object] | None = None,
        timeout: float | None = 30.0,
        grace: float = 2.0,
        name: str | None = None,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> SimpleEngine:
        """Start the engine ``command``, shake hands and set ``options``; the arguments
        are those of the constructor.

        Raises:
            EngineTerminatedError: the command cannot be started, or exits at once.
            EngineTimeoutError: no ``hello`` came back within ``timeout`` seconds.
            EngineProtocolError: the ``hello`` is not the protocol, or another version.
            EngineError: the engine refused an option.
            ValueError: an option the engine does not declare.
        """
        engine = cls(
            command,
            limit=limit,
            options=options,
            timeout=timeout,
            grace=grace,
            name=name,
            cwd=cwd,
            env=env,
        )
        try:
            engine._start()
        except BaseException:  # an option refused here, or Ctrl-C: leave no process
            engine.close()
            raise
        return engine

    # -- what the handshake told ----------------------------------------------------------

    @property
    def name(self) -> str:
        """The engine's name: the one given, or the one its ``hello`` gave, or its
        command line before the handshake."""
        if self._name is not None:
            return self._name
        told = self._hello.get("name")
        return told if isinstance(told, str) else shlex.join(self.command)

    @property
    def pid(self) -> int | None:
        """The process id of the engine while it runs, else ``None``."""
        return None if self._process is None else self._process.popen.pid

    @property
    def author(self) -> str | None:
        """The author its ``hello`` gave, if any."""
        told = self._hello.get("author")
        return told if isinstance(told, str) else None

    @property
    def options(self) -> Mapping[str, EngineOption]:
        """The options its ``hello`` declared, by name."""
        options: dict[str, EngineOption] = self._hello.get("options", {})
        return dict(options)

    # -- requests ------------------------------------------------------------------------

    def configure(self, options: Mapping[str, object]) -> None:
        """Set options the engine declared, one ``setoption`` request each.

        Raises:
            ValueError: an option the engine does not declare, or a value not of its type.
            EngineError: the engine refused a value (and was stopped).
        """
        self._ensure_started()
        for key, value in options.items():
            self._set_option(key, value)
            self._settings[key] = value

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """The engine's move for ``view``: the :class:`~chickenfoot.bots.Player` method.

        Draws the request's seed from ``rng`` and uses the default :attr:`limit`.

        Raises:
            ValueError: ``view.seat`` has no move to choose (another seat's turn, or a
                finished round).
        """
        return self.analyse(view, seed=rng.getrandbits(64)).move

    def play(self, view: RoundView, *, limit: Limit | None = None, seed: int = 0) -> Move:
        """The engine's move for ``view`` under ``limit`` (by default :attr:`limit`),
        its randomness seeded by ``seed``."""
        return self.analyse(view, limit=limit, seed=seed).move

    def analyse(self, view: RoundView, *, limit: Limit | None = None, seed: int = 0) -> Analysis:
        """Ask the engine for its move for ``view``, with every ``info`` line it sends.

        Args:
            view: the view of the seat to move.
            limit: how long it may think; by default :attr:`limit`.
            seed: the seed of its randomness, a whole number from 0 to 2**64 - 1.

        Raises:
            ValueError: ``view.seat`` has no move to choose, or ``seed`` is out of range.
        """
        moves = view.legal_moves()
        if not moves:
            now = "the round is over" if view.to_move is None else f"seat {view.to_move} is to move"
            raise ValueError(f"seat {view.seat} has no move to choose: {now} (R11)")
        given: object = seed
        if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < 1 << 64:
            raise ValueError(f"seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        limit = self.limit if limit is None else limit
        process = self._ensure_started()
        self._requests += 1
        number = self._requests
        request = {
            "type": "go",
            "id": number,
            "seat": view.seat,
            "legal": [str(move) for move in moves],
            "limit": limit.to_dict(),
            "seed": seed,
            "rules": view.rules.to_dict(),
            "view": view.to_dict(),
        }
        doing = f"choosing a move for seat {view.seat}"
        self._send(process, request, doing)
        soft = limit.seconds if limit.seconds is not None else self.timeout
        started = time.monotonic()
        deadline = None if soft is None else started + soft
        stopped = False
        infos: list[Info] = []
        while True:
            message = self._receive(process, deadline, doing, number)
            if message is None:  # the deadline passed
                if stopped:
                    waited = time.monotonic() - started
                    self._fail(
                        EngineTimeoutError(
                            f"engine {self.name!r} gave no move for seat {view.seat} in "
                            f"{waited:.1f} s, nor within {self.grace:g} s of being told to "
                            f"stop; it was killed"
                        )
                    )
                self._send(process, {"type": "stop", "id": number}, doing)
                stopped = True
                deadline = time.monotonic() + self.grace
                continue
            kind = message["type"]
            if kind == "info":
                infos.append(self._info(message, view))
            elif kind == "move":
                move = self._move(message.get("move"), view, moves)
                return Analysis(move, tuple(infos), stopped)
            else:
                self._unexpected(message, doing)

    # -- the process -------------------------------------------------------------------------

    def close(self) -> None:
        """Send ``quit``, kill the engine if it has not exited within :attr:`grace`
        seconds, and reap it. Closing twice does nothing; a closed engine refuses
        requests."""
        self._closed = True
        process, self._process = self._process, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if process is not None:
            process.close(self.grace)

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "running" if self._process else "not started"
        return f"<SimpleEngine {self.name!r} {list(self.command)!r} ({state})>"

    def __getstate__(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "limit": self.limit,
            "timeout": self.timeout,
            "grace": self.grace,
            "options": self._settings,
            "name": self.name,
            "cwd": self._cwd,
            "env": self._env,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc]
            state["command"],
            limit=state["limit"],
            options=state["options"],
            timeout=state["timeout"],
            grace=state["grace"],
            name=state["name"],
            cwd=state["cwd"],
            env=state["env"],
        )

    def _ensure_started(self) -> _Process:
        if self._closed:
            raise EngineError(f"engine {self.name!r} is closed")
        if self._process is None:
            self._start()
        assert self._process is not None
        return self._process

    def _start(self) -> None:
        try:
            process = _Process(self.command, self._cwd, self._env)
        except OSError as exc:
            self._closed = True
            raise EngineTerminatedError(
                f"engine {self.name!r} could not be started: {exc.strerror or exc}"
            ) from None
        self._process = process
        self._finalizer = weakref.finalize(self, _kill, process.popen)
        doing = "shaking hands"
        self._send(
            process, {"type": "hello", "protocol": PROTOCOL, "version": PROTOCOL_VERSION}, doing
        )
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        message = self._receive(process, deadline, doing, None)
        if message is None:
            self._fail(
                EngineTimeoutError(
                    f"engine {self.name!r} did not answer hello within {self.timeout:g} s; "
                    "it was killed"
                )
            )
        if message["type"] != "hello":
            self._unexpected(message, doing)
        told = message.get("name")
        self._hello = {"name": told if isinstance(told, str) else None}
        protocol, version = message.get("protocol"), message.get("version")
        if protocol != PROTOCOL or version != PROTOCOL_VERSION:
            self._fail(
                EngineProtocolError(
                    f"engine {self.name!r} speaks {json.dumps(protocol)} version "
                    f"{json.dumps(version)}, not {PROTOCOL!r} version {PROTOCOL_VERSION}"
                )
            )
        self._hello = {
            "name": message.get("name"),
            "author": message.get("author"),
            "options": self._declared(message.get("options", [])),
        }
        for key, value in self._settings.items():
            self._set_option(key, value)

    def _declared(self, value: object) -> dict[str, EngineOption]:
        if not isinstance(value, list):
            self._fail(EngineProtocolError(f"engine {self.name!r}: hello.options is not a list"))
        out: dict[str, EngineOption] = {}
        for index, item in enumerate(value):
            kind = item.get("type") if isinstance(item, dict) else None
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str) or kind not in _OPTION_TYPES:
                self._fail(
                    EngineProtocolError(
                        f"engine {self.name!r}: hello.options[{index}] is not an option "
                        f"with a name and a type ({', '.join(_OPTION_TYPES)}): {item!r}"
                    )
                )
            assert isinstance(item, dict)
            out[name] = EngineOption(name, kind, item.get("default"))
        return out

    def _set_option(self, key: str, value: object) -> None:
        declared = self.options
        if key not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise ValueError(f"engine {self.name!r} has no option {key!r}; its options: {known}")
        if not _fits(declared[key].type, value):
            raise ValueError(
                f"option {key!r} of engine {self.name!r} is of type {declared[key].type}, "
                f"not {value!r}"
            )
        process = self._ensure_started()
        self._requests += 1
        doing = f"setting option {key!r}"
        self._send(
            process, {"type": "setoption", "id": self._requests, "name": key, "value": value}, doing
        )
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        message = self._receive(process, deadline, doing, self._requests)
        if message is None:
            self._fail(
                EngineTimeoutError(
                    f"engine {self.name!r} did not answer setoption {key!r} within "
                    f"{self.timeout:g} s; it was killed"
                )
            )
        if message["type"] != "ok":
            self._unexpected(message, doing)

    def _send(self, process: _Process, message: Mapping[str, Any], doing: str) -> None:
        if not process.send(message):
            self._terminated(process, doing)

    def _receive(
        self, process: _Process, deadline: float | None, doing: str, number: int | None
    ) -> dict[str, Any] | None:
        """The next message of the engine, checked; ``None`` when ``deadline`` passes."""
        while True:
            try:
                line = process.receive(deadline)
            except queue.Empty:
                return None
            if line is None:
                self._terminated(process, doing)
            if line.strip():
                break
        message = self._parse(line)
        if number is not None and message["type"] != "error" and message.get("id") != number:
            self._fail(
                EngineProtocolError(
                    f"engine {self.name!r} answered request {json.dumps(message.get('id'))} "
                    f"while {doing} (request {number}): {_quoted(line)}"
                )
            )
        return message

    def _parse(self, line: str) -> dict[str, Any]:
        if len(line) > _MAX_LINE:
            self._fail(
                EngineProtocolError(
                    f"engine {self.name!r} wrote a line over {_MAX_LINE} characters"
                )
            )
        try:
            message = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError) as exc:
            self._fail(
                EngineProtocolError(
                    f"engine {self.name!r} wrote a line that is not JSON ({exc}): {_quoted(line)}"
                )
            )
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self._fail(
                EngineProtocolError(
                    f"engine {self.name!r} wrote a line that is not a message (a JSON object "
                    f'with a "type"): {_quoted(line)}'
                )
            )
        return message

    def _unexpected(self, message: dict[str, Any], doing: str) -> NoReturn:
        if message["type"] == "error":
            said = message.get("message")
            self._fail(
                EngineError(
                    f"engine {self.name!r} reported an error while {doing}: "
                    f"{said if isinstance(said, str) else json.dumps(message)}"
                )
            )
        self._fail(
            EngineProtocolError(
                f"engine {self.name!r} sent a {json.dumps(message['type'])} message while "
                f"{doing}: {_quoted(json.dumps(message))}"
            )
        )

    def _terminated(self, process: _Process, doing: str) -> NoReturn:
        code = process.exit_code(self.grace)
        how = "closed its output" if code is None else f"exited with code {code}"
        words = process.last_words()
        self._fail(EngineTerminatedError(f"engine {self.name!r} {how} while {doing}; {words}"))

    def _fail(self, error: ChickenFootError) -> NoReturn:
        """Stop the engine at once, and raise ``error``."""
        self._closed = True
        process, self._process = self._process, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if process is not None:
            process.kill()
        raise error

    def _info(self, message: dict[str, Any], view: RoundView) -> Info:
        playouts, seconds, text = (message.get(k) for k in ("playouts", "seconds", "text"))
        objective = message.get("objective")
        moves: list[MoveInfo] = []
        listed = message.get("moves", [])
        size = view.rules.set_size(view.players)
        ok = isinstance(listed, list)
        ok = ok and (playouts is None or (type(playouts) is int and playouts >= 0))
        ok = ok and (seconds is None or (type(seconds) in (int, float) and seconds >= 0))
        ok = ok and (text is None or isinstance(text, str))
        ok = ok and (objective is None or isinstance(objective, str))
        for item in listed if ok else ():
            try:
                move = parse_move(item["move"], set_size=size)
                same = item.get("equivalent", [])
                if not isinstance(same, list):
                    raise TypeError("equivalent is a list")
                equivalent = tuple(parse_move(m, set_size=size) for m in same)
            except (InvalidMoveError, TypeError, KeyError, AttributeError):
                ok = False
                break
            visits, value, stderr = item.get("visits"), item.get("value"), item.get("stderr")
            if not (
                (visits is None or (type(visits) is int and visits >= 0))
                and (value is None or type(value) in (int, float))
                and (stderr is None or (type(stderr) in (int, float) and stderr >= 0))
            ):
                ok = False
                break
            moves.append(
                MoveInfo(
                    move,
                    visits,
                    None if value is None else float(value),
                    None if stderr is None else float(stderr),
                    equivalent,
                )
            )
        if not ok:
            self._fail(
                EngineProtocolError(
                    f"engine {self.name!r} wrote an info line that is not the protocol's: "
                    f"{_quoted(json.dumps(message))}"
                )
            )
        return Info(
            playouts, None if seconds is None else float(seconds), tuple(moves), text, objective
        )

    def _move(self, text: object, view: RoundView, moves: list[Move]) -> Move:
        seat = view.seat
        legal = ", ".join(map(str, moves))
        if not isinstance(text, str):
            self._fail(
                EngineMoveError(
                    f"engine {self.name!r} answered {json.dumps(text)} for seat {seat}, which "
                    f"is not a move in the move notation; the legal moves were {legal}",
                    json.dumps(text),
                    seat,
                )
            )
        try:
            move = parse_move(text, set_size=view.rules.set_size(view.players))
        except InvalidMoveError as exc:
            self._fail_move(f"{exc}", text, seat, legal, exc)
        if move not in moves:
            self._fail_move(_refusal(view, move), text, seat, legal, None)
        return move

    def _fail_move(
        self, why: str, text: str, seat: int, legal: str, cause: Exception | None
    ) -> NoReturn:
        error = EngineMoveError(
            f"engine {self.name!r} answered {text!r} for seat {seat}, which is not legal: "
            f"{why}; the legal moves were {legal}",
            text,
            seat,
        )
        try:
            self._fail(error)
        except EngineMoveError as raised:
            raise raised from cause


def _refusal(view: RoundView, move: Move) -> str:
    """Why ``move`` is not legal for ``view``'s seat, in the rules' words (asked of a
    round dealt consistently with the view: the refusal reads only what the seat sees)."""
    try:
        view.sample_state(random.Random(0)).apply(move)
    except IllegalMoveError as exc:
        return str(exc)
    except ChickenFootError:  # a view whose deals cannot be sampled
        pass
    return "it is not one of the legal moves"


def _fits(kind: str, value: object) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "int":
        return isinstance(value, int)
    if kind == "float":
        return isinstance(value, (int, float)) and math.isfinite(value)
    return isinstance(value, str)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _quoted(line: str) -> str:
    line = line.rstrip("\r\n")
    return repr(line if len(line) <= 200 else line[:200] + "...")


# -- the server ---------------------------------------------------------------------------


def serve(
    player: Player,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    *,
    name: str | None = None,
) -> None:
    """Serve ``player`` over the engine protocol until ``quit`` or the end of ``stdin``.

    Reads requests from ``stdin`` (by default :data:`sys.stdin`) and writes the answers
    to ``stdout`` (by default :data:`sys.stdout`), one JSON object a line, flushed after
    each: the ``chickenfoot engine`` command is this function. Every ``go`` request's
    view is read back with :meth:`RoundView.from_dict
    <chickenfoot.RoundView.from_dict>` (which checks it) and the player chooses with
    ``random.Random(seed)``, so the served bot plays the same moves as in this process
    for the same seeds. A limit sets the budget of a
    :class:`~chickenfoot.bots.TreeSearchPlayer` (playouts and seconds) or a
    :class:`~chickenfoot.bots.SearchPlayer` (playouts); other players have none. The
    player's attrs fields of type ``int``, ``float``, ``bool`` or ``str`` (the weights of
    :class:`~chickenfoot.bots.GreedyPlayer`, the budget of the search bots) are its
    options. A request it cannot answer (a line that is not JSON, a view that does not
    read) gets an ``error`` answer, and it reads on.

    Before each move it sends one ``info`` line with the seconds it spent. For a search
    bot, which analyses its decision (:meth:`SearchPlayer.analyse
    <chickenfoot.bots.SearchPlayer.analyse>`), the line also carries the playouts, the
    ``objective`` and every legal move's visits, value and standard error, best first:
    what :meth:`SimpleEngine.analyse` reads back as an :class:`Info`.

    >>> import io, json
    >>> from chickenfoot.bots import GreedyPlayer
    >>> from chickenfoot.engine import serve
    >>> out = io.StringIO()
    >>> serve(GreedyPlayer(), io.StringIO('{"type": "hello", "protocol": "cfep", "version": 1}\\n'), out)
    >>> hello = json.loads(out.getvalue())
    >>> hello["name"], hello["version"], hello["options"][0]
    ('greedy', 1, {'name': 'pips', 'type': 'float', 'default': 1.0})

    It answers ``go`` requests one after the other, in order, and so cannot be stopped in
    the middle of one: a ``stop`` is answered by the move of the request it names, which
    has been sent already.

    .. versionadded:: 0.2
    """
    reader = sys.stdin if stdin is None else stdin
    writer = sys.stdout if stdout is None else stdout
    server = _Server(player, writer, name)
    while line := reader.readline():
        if not line.strip():
            continue
        if not server.answer(line):
            return


class _Server:
    """The state of :func:`serve`: the player as its options have set it."""

    def __init__(self, player: Player, out: IO[str], name: str | None) -> None:
        self.player = player
        self.out = out
        self.name = player.name if name is None else name

    def write(self, message: Mapping[str, Any]) -> None:
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    def error(self, number: object, text: str) -> None:
        answer: dict[str, Any] = {"type": "error", "message": text}
        if number is not None:
            answer["id"] = number
        self.write(answer)

    def answer(self, line: str) -> bool:
        """Answer one request; ``False`` for ``quit``."""
        try:
            message = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError) as exc:
            self.error(None, f"not JSON: {exc}")
            return True
        if not isinstance(message, dict):
            self.error(None, 'a request is a JSON object with a "type"')
            return True
        kind, number = message.get("type"), message.get("id")
        if kind == "quit":
            return False
        if kind == "hello":
            self.write(
                {
                    "type": "hello",
                    "protocol": PROTOCOL,
                    "version": PROTOCOL_VERSION,
                    "name": self.name,
                    "author": f"chickenfoot {__version__}",
                    "options": _options_of(self.player),
                }
            )
        elif kind == "setoption":
            self.set_option(number, message.get("name"), message.get("value"))
        elif kind == "go":
            self.go(number, message)
        elif kind != "stop":  # a stop names a request answered already
            self.error(number, f"no request of type {json.dumps(kind)}")
        return True

    def set_option(self, number: object, key: object, value: object) -> None:
        declared = {option["name"]: option["type"] for option in _options_of(self.player)}
        if not isinstance(key, str) or key not in declared:
            known = ", ".join(declared) or "none"
            self.error(number, f"no option {json.dumps(key)}; the options are {known}")
            return
        if not _fits(declared[key], value):
            self.error(number, f"option {key} is of type {declared[key]}, not {json.dumps(value)}")
            return
        try:
            self.player = attrs.evolve(self.player, **{key: value})  # type: ignore[misc]
        except (ValueError, TypeError) as exc:
            self.error(number, f"option {key}: {exc}")
            return
        self.write({"type": "ok", "id": number})

    def go(self, number: object, message: dict[str, Any]) -> None:
        seed, limit = message.get("seed", 0), message.get("limit", {})
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            self.error(
                number, f"seed is a whole number from 0 to 2**64 - 1, not {json.dumps(seed)}"
            )
            return
        analysis: SearchAnalysis | None = None
        try:
            view = RoundView.from_dict(message.get("view"))
            player = _limited(self.player, limit)
            started = time.perf_counter()
            if isinstance(player, (SearchPlayer, TreeSearchPlayer)):
                analysis = player.analyse(view, random.Random(seed))
                move = analysis.move
            else:
                move = player.choose(view, random.Random(seed))
        except (ChickenFootError, ValueError, TypeError) as exc:
            self.error(number, f"{type(exc).__name__}: {exc}")
            return
        elapsed = round(time.perf_counter() - started, 6)
        info: dict[str, Any] = {"type": "info", "id": number, "seconds": elapsed}
        if analysis is not None:
            info.update(_info_of(analysis))
        self.write(info)
        self.write({"type": "move", "id": number, "move": str(move)})


def _info_of(analysis: SearchAnalysis) -> dict[str, Any]:
    """The fields of an ``info`` line that carry ``analysis``: the playouts, what the
    values measure, and every move's visits, value and standard error, best first."""
    moves: list[dict[str, Any]] = []
    for line in analysis.moves:
        item: dict[str, Any] = {"move": str(line.move), "visits": line.playouts}
        if line.value is not None:
            item["value"] = line.value
        if line.stderr is not None:
            item["stderr"] = line.stderr
        if line.equivalent:
            item["equivalent"] = [str(m) for m in line.equivalent]
        moves.append(item)
    return {"playouts": analysis.playouts, "objective": analysis.objective, "moves": moves}


def _options_of(player: Player) -> list[dict[str, Any]]:
    """The options of ``player``: its attrs fields whose defaults are of an option type."""
    if not attrs.has(type(player)):
        return []
    out: list[dict[str, Any]] = []
    kind_of: Any = type(player)
    for field in attrs.fields(kind_of):
        value = getattr(player, field.name)
        if field.name in ("name", "max_tries"):
            continue
        kind = (
            "bool"
            if isinstance(value, bool)
            else "int"
            if isinstance(value, int)
            else "float"
            if isinstance(value, float)
            else "string"
            if isinstance(value, str)
            else None
        )
        if kind is not None:
            out.append({"name": field.name, "type": kind, "default": value})
    return out


def _limited(player: Player, limit: object) -> Player:
    """``player`` with the budget of a request's ``limit`` object."""
    if not isinstance(limit, dict):
        raise TypeError(f"limit is a JSON object, not {json.dumps(limit)}")
    playouts, seconds = limit.get("playouts"), limit.get("seconds")
    Limit(playouts, seconds)  # checks them
    if playouts is None and seconds is None:
        return player
    if isinstance(player, TreeSearchPlayer):
        return attrs.evolve(player, playouts=playouts, seconds=seconds)
    if isinstance(player, SearchPlayer) and playouts is not None:
        return attrs.evolve(player, playouts=playouts)
    return player
