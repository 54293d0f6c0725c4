"""A Chicken Foot engine that plays the first legal move, written without the library.

It speaks the engine protocol (cfep 1) on its standard input and output: any language
with a JSON reader could do the same. Run it through the library with
``examples/play_an_engine.py``, or seat it in the command line:
``chickenfoot simulate --bots "engine:python3 examples/engines/first_legal.py,greedy"``.
"""

import json
import sys


def send(message: dict[str, object]) -> None:
    print(json.dumps(message), flush=True)


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    if request["type"] == "hello":
        send({"type": "hello", "protocol": "cfep", "version": 1, "name": "first-legal"})
    elif request["type"] == "go":
        legal = request["legal"]  # the controller lists the legal moves
        send({"type": "info", "id": request["id"], "text": f"{len(legal)} legal moves"})
        send({"type": "move", "id": request["id"], "move": legal[0]})
    elif request["type"] == "quit":
        break
