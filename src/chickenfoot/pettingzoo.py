"""Chicken Foot as a PettingZoo AEC environment, for multi-agent reinforcement learning.

Needs the ``pettingzoo`` extra: ``pip install "chickenfoot[pettingzoo]"``.

>>> from chickenfoot.pettingzoo import env
>>> game = env(rules="classic", players=3)
>>> game.reset(seed=1)
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = game.action_space(agent).sample(observation["action_mask"])
...     game.step(action)

One episode is one round (R5-R18), or a whole match (R19-R23) with ``match=True``. The
agents are ``"player_0"`` to ``"player_{P-1}"``, one per seat; the agent to move is the
seat to move, and it stays the same after a :class:`~chickenfoot.Draw` (R13).

**Actions** are the ``Discrete`` codes of :func:`move_to_action`: a play is named by its
tile, the end of the tile that matches, and the other end of the tile it goes onto, so the
space has ``2 * T * (N + 1) + 2`` codes for the double-N set of T tiles (394 for
double-6, 1102 for double-9). The ``"action_mask"`` marks the codes of
:meth:`RoundView.legal_moves <chickenfoot.RoundView.legal_moves>`.

>>> from chickenfoot import Play, Tile
>>> from chickenfoot.pettingzoo import action_to_move, move_to_action
>>> move_to_action(Play(Tile(6, 3), onto=Tile(6, 6)), 6), action_to_move(393, 6)
(342, Pass())

**Observations** are a dict of ``"observation"``, a ``float32`` vector laid out by
:func:`observation_layout` and built by :func:`encode_view` from the seat's view alone
(never another hand or the boneyard's order), and ``"action_mask"``, an ``int8`` vector.

**Rewards** come when a round ends: with ``reward="margin"`` (the default, zero-sum) each
seat gets the mean of the other seats' penalty points minus its own (R17,
:meth:`Outcome.margin <chickenfoot.Outcome.margin>`); with
``reward="penalty"`` minus its own penalty points. A match gives each round's reward when
that round ends.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Literal, TypeAlias

import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from chickenfoot import (
    Match,
    MatchView,
    Move,
    Outcome,
    Round,
    RoundView,
    Rules,
    find_preset,
    layout_text,
)

from ._encode import (
    PRIVATE,
    PUBLIC,
    action_count,
    action_to_move,
    encode_round,
    move_to_action,
    round_pieces,
)

__all__ = [
    "ChickenFootEnv",
    "action_count",
    "action_to_move",
    "encode_view",
    "env",
    "move_to_action",
    "observation_layout",
    "raw_env",
]

#: How rewards are computed when a round ends.
Reward: TypeAlias = Literal["margin", "penalty"]
Observation: TypeAlias = dict[str, npt.NDArray[Any]]

#: The largest value of the unbounded counters (match totals and round index).
_BIG: Final = float(2**24)


# -- observations -----------------------------------------------------------------------------


@functools.cache
def _fields(rules: Rules, players: int) -> tuple[tuple[str, tuple[int, ...], float], ...]:
    """Each piece of the vector: its name, its shape and the highest value it takes."""
    n = rules.set_size(players)
    shapes = round_pieces(n, players)
    tiles = shapes["hand"][0]
    counts = {"open_ends", "hand_counts", "boneyard"}  # counts of tiles, the rest 0 or 1
    return (
        *((name, shapes[name], float(tiles) if name in counts else 1.0) for name in PRIVATE),
        *((name, shapes[name], float(tiles) if name in counts else 1.0) for name in PUBLIC),
        ("round_index", (1,), _BIG),
        ("totals", (players,), _BIG),
    )


@functools.cache
def observation_layout(rules: Rules, players: int) -> Mapping[str, slice]:
    """Where each part of the observation vector lies, by name, for ``players`` seats.

    Seats are counted from the observing seat (0 is itself, 1 the next to play, ...).
    With N the set size, T its tile count and P the players:

    ============  ======  =================================================================
    name          size    content
    ============  ======  =================================================================
    hand          T       1 for each tile in the seat's hand, by tile index
    drawn         T       1 for the tile the seat just drew and must play or pass (R13)
    table         T       1 for each tile on the table
    played_by     P * T   row r: 1 for each tile that seat r (relative) played
    open_ends     N + 1   for each number, the places showing it (R2, R3)
    pending       N + 2   one-hot: the number of the double whose places come first
                          (R7, R9), or the last slot for none
    obligation    6       one-hot :class:`~chickenfoot.Obligation`, in definition order
    round_double  N + 1   one-hot: the number of the round double
    hand_counts   P       tiles held by each seat (relative)
    boneyard      1       tiles in the boneyard
    to_move       P + 1   one-hot: the seat to move (relative), or the last slot once over
    round_index   1       rounds started before this one (0 outside a match)
    totals        P       match totals by seat (relative; 0 outside a match)
    ============  ======  =================================================================

    >>> from chickenfoot import PRESETS
    >>> from chickenfoot.pettingzoo import observation_layout
    >>> layout = observation_layout(PRESETS["chickie-duel"], 2)
    >>> layout["hand"], layout["totals"]
    (slice(0, 28, None), slice(175, 177, None))

    .. versionadded:: 0.1
    """
    out: dict[str, slice] = {}
    start = 0
    for name, shape, _ in _fields(rules, players):
        size = int(np.prod(shape))
        out[name] = slice(start, start + size)
        start += size
    return out


def _bounds(rules: Rules, players: int) -> npt.NDArray[np.float32]:
    return np.concatenate(
        [
            np.full(int(np.prod(shape)), high, dtype=np.float32)
            for _, shape, high in _fields(rules, players)
        ]
    )


def encode_view(view: RoundView | MatchView) -> npt.NDArray[np.float32]:
    """The observation vector of a seat's view (see :func:`observation_layout`).

    It reads nothing but the view, so two rounds that give a seat equal views give it
    equal observations.

    .. versionadded:: 0.1
    """
    if isinstance(view, MatchView):
        rnd, totals, round_index = view.round, view.totals, view.round_index
    else:
        rnd, totals, round_index = view, (0,) * view.players, 0
    rules, players, seat = rnd.rules, rnd.players, rnd.seat
    at = observation_layout(rules, players)
    out = np.zeros(at["totals"].stop, dtype=np.float32)
    pieces = {name: out[at[name]].reshape(shape) for name, shape, _ in _fields(rules, players)}
    encode_round(pieces, rnd, relative=True, to_move=rnd.to_move)
    out[at["round_index"].start] = round_index
    for other, total in enumerate(totals):
        out[at["totals"].start + (other - seat) % players] = total
    return out


# -- the environment --------------------------------------------------------------------------


class ChickenFootEnv(AECEnv):  # type: ignore[misc]
    """Chicken Foot as a PettingZoo AEC environment (see the module's documentation).

    Make one with :func:`env` (wrapped) or :func:`raw_env` (bare). The keyword arguments
    are those of :func:`raw_env`.

    Raises:
        RulesError: the variant does not cover ``players``, or no preset has that name.
        ValueError: ``reward`` or ``render_mode`` is not one of the documented values.

    .. versionadded:: 0.1
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "chickenfoot_v0",
        "is_parallelizable": False,
    }

    rules: Rules
    players: int
    set_size: int
    match: bool
    reward: Reward
    render_mode: str | None
    possible_agents: list[str]
    agents: list[str]
    action_spaces: dict[str, spaces.Discrete]
    observation_spaces: dict[str, spaces.Dict]
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: str

    def __init__(
        self,
        *,
        rules: Rules | str = "chickie-duel",
        players: int | None = None,
        match: bool = False,
        reward: Reward = "margin",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = find_preset(rules) if isinstance(rules, str) else rules
        self.players = min(self.rules.player_counts) if players is None else players
        self.set_size = self.rules.set_size(self.players)  # checks the player count
        if match:
            self.rules.round_count(self.players)  # checks the rounds of a match (R19)
        if reward not in ("margin", "penalty"):
            raise ValueError(f"reward is 'margin' or 'penalty', not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        self.match = bool(match)
        self.reward = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = action_count(self.set_size)
        high = _bounds(self.rules, self.players)
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._np_random, _ = seeding.np_random(None)
        self._game: Round | Match | None = None

    # -- the PettingZoo API ------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round (or start a new match).

        The deal is drawn from the environment's generator, which ``seed`` resets: the
        same seed gives the same deal. ``options`` is accepted and ignored.
        """
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        deal_seed = int(self._np_random.integers(0, 2**63 - 1))
        if self.match:
            self._game = Match.new(self.rules, self.players, seed=deal_seed)
        else:
            self._game = Round.deal(self.rules, self.players, seed=deal_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def step(self, action: int | None) -> None:
        """Play the move of ``action`` for the agent to move.

        Raises:
            ValueError: the code names no move.
            IllegalMoveError: the move is not legal now (the action mask excludes it).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: None is only for finished agents")
        move = action_to_move(int(action), self.set_size)
        game = self._current()
        before = len(game.finished) if isinstance(game, Match) else 0
        after = game.apply(move)
        self._game = after
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if isinstance(after, Match):
            ended = after.finished[-1] if len(after.finished) > before else None
            over = after.is_over
        else:
            ended = after if after.is_over else None
            over = after.is_over
        if ended is not None and ended.outcome is not None:
            for seat, value in enumerate(self._round_rewards(ended.outcome)):
                self.rewards[self.possible_agents[seat]] = value
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees: its observation vector and its action mask."""
        view = self._current().view(self._seats[agent])
        mask = np.zeros(action_count(self.set_size), dtype=np.int8)
        for move in view.legal_moves():
            mask[move_to_action(move, self.set_size)] = 1
        return {"observation": encode_view(view), "action_mask": mask}

    def render(self) -> str | None:
        """The table as text (``"ansi"``), or print it (``"human"``).

        The text shows every hand: it is for people watching, not for agents.
        """
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers -----------------------------------------------------------------------

    @property
    def round(self) -> Round:
        """The round in play (once a round ends, the next one in a match).

        It holds every hand and the boneyard: use it to inspect or render, never as an
        agent's input.
        """
        game = self._current()
        return game.round if isinstance(game, Match) else game

    def action_to_move(self, action: int) -> Move:
        """The move of an action code in this environment's set."""
        return action_to_move(action, self.set_size)

    def move_to_action(self, move: Move) -> int:
        """The action code of a move in this environment's set."""
        return move_to_action(move, self.set_size)

    def _current(self) -> Round | Match:
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game

    def _agent_to_move(self) -> str:
        seat = self.round.to_move
        return self.possible_agents[0 if seat is None else seat]

    def _round_rewards(self, outcome: Outcome) -> list[float]:
        if self.reward == "penalty":
            return [-float(score) for score in outcome.scores]
        return [outcome.margin(seat) for seat in range(len(outcome.scores))]

    def _text(self) -> str:
        game = self._current()
        rnd = self.round
        head = f"{self.rules.name}, {self.players} players"
        if isinstance(game, Match):
            count = game.round_count
            head += f", round {game.round_index + 1}" + (f" of {count}" if count else "")
            head += f", totals {list(game.totals)}"
        if rnd.outcome is not None:
            state = f"{rnd.outcome.ending.value}, seat {rnd.outcome.winner} won"
        else:
            state = f"seat {rnd.to_move} to move ({rnd.obligation.value})"
        lines = [f"{head}: {state}", layout_text(rnd)]
        for seat, hand in enumerate(rnd.hands):
            lines.append(f"seat {seat}: {' '.join(map(str, hand)) or '(no tiles)'}")
        lines.append(f"boneyard: {len(rnd.boneyard)} tiles")
        return "\n".join(lines)


def raw_env(**kwargs: Any) -> ChickenFootEnv:
    """The bare environment, without wrappers.

    Keyword arguments:
        rules: a :class:`~chickenfoot.Rules` value or a preset name (default
            ``"chickie-duel"``).
        players: the number of seats (default: the fewest the variant allows).
        match: ``True`` for a whole match per episode, ``False`` (default) for one round.
        reward: ``"margin"`` (default) or ``"penalty"``, see the module's documentation.
        render_mode: ``None``, ``"ansi"`` (:meth:`~ChickenFootEnv.render` returns text) or
            ``"human"`` (it prints the text). No ``"rgb_array"`` is offered.

    .. versionadded:: 0.1
    """
    return ChickenFootEnv(**kwargs)


def env(*, illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo's classic games are.

    An illegal action ends the episode with ``illegal_reward`` for the agent that made it
    (``TerminateIllegalWrapper``); an action outside the space fails an assertion
    (``AssertOutOfBoundsWrapper``); calls out of order raise (``OrderEnforcingWrapper``).
    Other keyword arguments go to :func:`raw_env`.

    .. versionadded:: 0.1
    """
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
