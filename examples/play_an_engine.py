"""Drive engines over the engine protocol: one written without the library, and a bot
of the library served by ``chickenfoot engine``, through a match and an analysis.

Run it as ``python examples/play_an_engine.py``; it prints the same lines on every run.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from chickenfoot import PRESETS, Round
from chickenfoot.bots import play_match
from chickenfoot.engine import Limit, SimpleEngine
from chickenfoot.errors import EngineError

FIRST_LEGAL = [sys.executable, str(Path(__file__).parent / "engines" / "first_legal.py")]
SERVED = [sys.executable, "-m", "chickenfoot", "engine", "--bot", "level3"]


def main() -> None:
    rules = PRESETS["chickie-duel"]
    with SimpleEngine.popen(FIRST_LEGAL) as first, SimpleEngine.popen(SERVED) as served:
        match = play_match(rules, [first, served], seed=1)
        print(f"{first.name} vs {served.name}: totals {match.totals}, winners {match.winners}")
        rnd = Round.deal(rules, 2, seed=22)
        for _ in range(11):
            rnd = rnd.apply(rnd.legal_moves()[0])
        assert rnd.to_move is not None
        view = rnd.view(rnd.to_move)
        analysis = first.analyse(view)
        print(f"{first.name} plays {analysis.move}: {analysis.info[0].text}")
        move = served.choose(view, random.Random(1))
        print(f"{served.name} plays {move} with its 25 playouts")
        print(f"with 200 playouts: {served.play(view, limit=Limit(playouts=200), seed=1)}")
    try:  # a command that is no engine: a clear error, and no process left behind
        SimpleEngine.popen([sys.executable, "-c", "print('hello')"], name="echo", timeout=5)
    except EngineError as error:
        print(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
