"""An engine of the Chicken Foot engine protocol written without the library.

It plays the first legal move of each request, after one info line that rates every
legal move. The tests run it to drive the client through whole matches, and, with one
word on its command line, to misbehave in one way each (it writes its process id into
the file named by the environment variable ``FIRST_ENGINE_PIDS``, if set):

- ``crash-at-start``: exits with code 3 before answering ``hello``;
- ``crash-mid-game``: exits with code 4 at its third move;
- ``hang``: sleeps on its second move, reading nothing;
- ``illegal``: answers ``0-0@0-0``, never a legal move, at its second move;
- ``malformed``: writes half a JSON object at its second move;
- ``version``, ``old-version``: answers ``hello`` with version 99, or 0;
- ``wait-for-stop``: thinks until it is told to stop, then plays;
- ``silent``: reads every request and answers none;
- ``deaf``: does not quit when told to, nor at the end of its input;
- ``refuse-hello``: answers ``hello`` with an ``error`` message;
- ``refuse-go``: answers every ``go`` with an ``error`` message that names no request;
- ``other-id``: answers its first ``go`` with a move for the request after it;
- ``win-chances``: rates the legal moves as chances of winning the round (the
  objective ``win``): 3/4 for the first, 1/4 for the others, each give or take 1/8;
- ``negative-seconds``, ``unknown-move``, ``negative-visits``, ``long-info``: writes an
  info line that is not the protocol's at its first move: a negative time, a move that
  is no move, a move with visits below 0, or a time that is not a number in a line of
  over 200 characters;
- ``long-lines``: answers ``hello`` with a line of 4 MiB (the longest an engine may
  write, its newline counted), then writes a line one character longer at its first move.
"""

from __future__ import annotations

import json
import os
import sys
import time

#: The longest line an engine may write, its newline counted (the protocol's limit).
LONGEST = 1 << 22


def write(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "play"
    pids = os.environ.get("FIRST_ENGINE_PIDS")
    if pids:  # the tests check that every engine they started is gone
        with open(pids, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
    if mode == "crash-at-start":
        print("first_engine: crashing at the start, as asked", file=sys.stderr)
        return 3
    moves = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        kind = request["type"]
        if mode == "silent":
            continue
        if kind == "hello" and mode == "refuse-hello":
            write({"type": "error", "message": "first_engine: no hello, as asked"})
        elif kind == "hello":
            version = {"version": 99, "old-version": 0}.get(mode, 1)
            hello: dict[str, object] = {
                "type": "hello",
                "protocol": "cfep",
                "version": version,
                "name": "first",
                "author": "the tests",
                "options": [{"name": "style", "type": "string", "default": "first"}],
            }
            if mode == "long-lines":  # the author padded to a line of LONGEST characters
                hello["author"] = ""
                pad = LONGEST - len(json.dumps(hello) + "\n")
                hello["author"] = "x" * pad
            write(hello)
        elif kind == "setoption":
            write({"type": "ok", "id": request["id"]})
        elif kind == "go":
            moves += 1
            legal = request["legal"]
            if mode == "crash-mid-game" and moves == 3:
                print("first_engine: crashing mid-game, as asked", file=sys.stderr)
                return 4
            if mode == "hang" and moves == 2:
                time.sleep(3600)
            if mode == "malformed" and moves == 2:
                sys.stdout.write('{"type": "move", "id": \n')
                sys.stdout.flush()
                continue
            if mode == "refuse-go":
                write({"type": "error", "message": "first_engine: no move, as asked"})
                continue
            if mode == "wait-for-stop":
                stop = json.loads(sys.stdin.readline())
                assert stop == {"type": "stop", "id": request["id"]}, stop
            if mode == "long-lines":
                info = {"type": "info", "id": request["id"], "string": ""}
                info["string"] = "x" * (LONGEST + 1 - len(json.dumps(info) + "\n"))
                write(info)
            rated = [{"move": m, "visits": 1, "value": -i} for i, m in enumerate(legal)]
            info = {"type": "info", "id": request["id"], "playouts": len(legal), "moves": rated}
            bad: dict[str, dict[str, object]] = {
                "negative-seconds": {"seconds": -1.0},
                "unknown-move": {"moves": [{"move": "nowhere"}]},
                "negative-visits": {"moves": [{"move": legal[0], "visits": -1}]},
                "long-info": {"seconds": "x" * 300},
            }
            if mode in bad:
                info = {"type": "info", "id": request["id"], **bad[mode]}
            if mode == "win-chances":
                info["objective"] = "win"
                for i, line in enumerate(rated):
                    line.update(value=0.75 if i == 0 else 0.25, stderr=0.125)
            write(info)
            move = "0-0@0-0" if mode == "illegal" and moves == 2 else legal[0]
            answered = request["id"] + 1 if mode == "other-id" and moves == 1 else request["id"]
            write({"type": "move", "id": answered, "move": move})
        elif kind == "quit" and mode != "deaf":
            return 0
    if mode == "deaf":
        time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
