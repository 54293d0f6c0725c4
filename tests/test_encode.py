"""One observation encoder for both adapters: PettingZoo's vector and OpenSpiel's observer
tensor hold the same pieces of the same view, piece by piece.

PettingZoo counts seats from the observer and lays every piece flat in one vector;
OpenSpiel counts them from seat 0 and shapes the pieces. On random states of OpenSpiel
games, every piece of a round in play is the same in both once the seats are turned,
but ``to_move`` while a draw waits for its tile (a chance node to OpenSpiel, the drawer's
move in the view).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("numpy")

import numpy as np
import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st

import chickenfoot.openspiel  # noqa: F401  (registers the game)
from chickenfoot import PRESETS
from chickenfoot._encode import PRIVATE, PUBLIC
from chickenfoot.pettingzoo import encode_view, observation_layout

#: The pieces whose first axis is a seat.
BY_SEAT = {"played_by", "hand_counts"}


def turned(piece: np.ndarray, seat: int, players: int, name: str) -> np.ndarray:
    """PettingZoo's ``piece`` of the view of ``seat`` with its seats counted from seat 0."""
    if name in BY_SEAT:
        return np.stack([piece[(s - seat) % players] for s in range(players)])
    if name == "to_move":
        out = np.zeros_like(piece)
        out[players] = piece[players]
        for s in range(players):
            out[s] = piece[(s - seat) % players]
        return out
    return piece


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(["chickie-duel", "classic", "double-foot"]),
    extra=st.integers(0, 2),
    seed=st.integers(0, 2**32 - 1),
    stop=st.floats(0.0, 1.0),
)
def test_both_adapters_encode_a_view_alike(preset: str, extra: int, seed: int, stop: float) -> None:
    rules = PRESETS[preset]
    players = min(rules.player_counts) + (extra if preset == "classic" else 0)
    game = pyspiel.load_game(f"chickenfoot(preset={preset},players={players})")
    kinds = [  # the seat's tiles and the public pieces; the public alone; its tiles alone
        pyspiel.IIGObservationType(perfect_recall=False),
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
        ),
        pyspiel.IIGObservationType(
            perfect_recall=True,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    ]
    observers = [game.make_py_observer(kind) for kind in kinds]
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = []
    while not state.is_terminal():
        if state.round is not None:
            states.append(state.clone())
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    states.append(state)
    state = states[min(len(states) - 1, int(stop * len(states)))]
    layout = observation_layout(rules, players)
    compared = 0
    for seat in range(players):
        vector = encode_view(state.view(seat))
        for observer in observers:
            observer.set_from(state, seat)
            for name in (*PRIVATE, *PUBLIC):
                if name not in observer.dict:
                    continue
                theirs = observer.dict[name]
                mine = turned(vector[layout[name]].reshape(theirs.shape), seat, players, name)
                if name == "to_move" and state.is_chance_node():
                    drawer = state.round.to_move
                    assert mine[drawer] == 1.0
                    assert theirs[players] == 1.0
                    continue
                assert np.array_equal(mine, theirs), (name, seat)
                compared += 1
    assert compared >= players * (len(PRIVATE) + len(PUBLIC))
