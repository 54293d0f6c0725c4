"""Chicken Foot as an OpenSpiel game, for OpenSpiel's search and learning algorithms.

Needs the ``openspiel`` extra: ``pip install "chickenfoot[openspiel]"``. Importing this
module registers the game ``"chickenfoot"`` with ``pyspiel``:

>>> import pyspiel
>>> import chickenfoot.openspiel
>>> game = pyspiel.load_game("chickenfoot(preset=classic,players=3)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 1102, 55)

One game is one round (R5-R18). Its parameters are ``preset`` (a preset name or alias,
default ``"chickie-duel"``), ``players`` (default 2), the knobs of a round that override the
preset: ``opening_toes``, ``toes_per_double``, ``boneyard_reserve``, ``double_blank``,
``blank_value`` and ``draws_per_turn`` (-1 keeps the preset's value; ``draws_per_turn=0``
means no limit), ``first_foot_required`` (-1 keeps it, else 0 or 1), ``play_drawn`` (``""``
keeps it, else ``"must"``, ``"may"`` or ``"never"``), ``start`` (``""`` keeps it, else
``"holder"``, ``"centre"`` or ``"highest_held"``), then ``round_double`` (its number; -1 for
the set's highest) and ``first`` (the round's first seat, R23).

**Chance.** The deal is one chance node per tile dealt: seat 0's hand first, then seat
1's, and so on (R5), each tile drawn uniformly from those not dealt yet. The boneyard is
not ordered in advance: every :class:`~chickenfoot.Draw` is a decision node followed by a
chance node that picks the drawn tile uniformly from the boneyard (R13). Chance outcomes
are tile indices (:attr:`Tile.index <chickenfoot.Tile.index>`).

**Actions** are the codes of :func:`move_to_action`, the same as in
:mod:`chickenfoot.pettingzoo`; :meth:`ChickenFootState.action_to_move` decodes them.

**Returns** are zero-sum: when the round ends each seat gets the mean of the other seats'
penalty points minus its own (R17).

**Players.** :class:`PlayerBot` seats a chickenfoot player at an OpenSpiel table, and
:class:`ISMCTSPlayer` seats OpenSpiel's IS-MCTS bot at a chickenfoot one, on the seat's
view alone.

**Information.** The information state of a seat is what it has seen: its dealt tiles
in deal order, every move with its seat, and the tiles it drew itself; the observation is
the table as it stands, its hand and the public counts. Both come as strings and as
tensors (:class:`ChickenFootObserver`), and states serialize as their action history.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from chickenfoot import (
    MAX_PIPS,
    Draw,
    Event,
    Move,
    Play,
    Round,
    RoundView,
    Rules,
    Tile,
    find_house_rule,
    find_preset,
    tile_set,
)

from ._encode import (
    PRIVATE,
    PUBLIC,
    action_count,
    action_to_move,
    encode_round,
    knobs_of_parameters,
    move_to_action,
    round_parameters,
    round_pieces,
    score_bounds,
    set_tiles,
)
from .state import round_of, state_of

__all__ = [
    "GAME_TYPE",
    "PARAMETERS",
    "SAMPLE_ATTEMPTS",
    "ChickenFootGame",
    "ChickenFootObserver",
    "ChickenFootState",
    "ISMCTSPlayer",
    "PlayerBot",
    "action_count",
    "action_to_move",
    "move_to_action",
]

#: The parameters of the game and their defaults: ``preset`` and ``players``, then every
#: knob of :class:`~chickenfoot.Rules` that decides a round and takes one number or word
#: (-1 or ``""`` keeps the preset's value), then ``round_double`` and ``first``.
#:
#: .. versionadded:: 0.1
#: .. versionchanged:: 0.2
#:    ``opening_toes``, ``first_foot_required`` and ``toes_per_double`` too, and ``house``:
#:    registered house rules by name, joined by ``+`` (OpenSpiel writes a game
#:    with commas), each with its own defaults.
PARAMETERS: Final[Mapping[str, int | str]] = {
    "preset": "chickie-duel",
    "players": 2,
    **round_parameters(),
    "house": "",
    "round_double": -1,
    "first": 0,
}

#: The game's type, as registered with ``pyspiel``.
#:
#: .. versionadded:: 0.1
GAME_TYPE: Final = pyspiel.GameType(
    short_name="chickenfoot",
    long_name="Chicken Foot dominoes",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=20,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(PARAMETERS),
)

#: Every tile by index, and the one draw.
_TILES: Final = tile_set(MAX_PIPS)
_DRAW: Final = Draw()
#: Deprecated since 0.1.0, unused: :meth:`ChickenFootState.resample_from_infostate` takes
#: one sample, which always agrees with every move. It goes away in 0.2.0.
#:
#: .. versionadded:: 0.1
SAMPLE_ATTEMPTS: Final = 20
#: Columns of a row of the ``history`` tensor piece (see :class:`ChickenFootObserver`).
_ROW: Final = 13


# -- the game's parameters ----------------------------------------------------------------


@attrs.frozen
class _Config:
    """Everything fixed for a game: the variant, the table and the sizes."""

    params: tuple[tuple[str, int | str], ...]
    rules: Rules
    players: int
    n: int
    hand: int
    round_double: Tile
    first: int

    @property
    def tiles(self) -> int:
        return len(set_tiles(self.n))

    @property
    def centre(self) -> bool:
        return self.rules.start == "centre"

    @property
    def dealt(self) -> int:
        """Tiles dealt to the hands: the deal's chance nodes."""
        return self.players * self.hand

    @property
    def boneyard(self) -> int:
        """Tiles left for the boneyard after the deal."""
        return self.tiles - self.dealt - self.centre

    @property
    def max_game_length(self) -> int:
        """A bound on the decisions of a round.

        Every tile is played once and every boneyard tile drawn once; a turn with a draw
        ends in a play or a pass; and a pass without a draw comes at most ``players - 1``
        times in a row (then nobody can move and the round is blocked, R16).
        """
        return self.tiles * self.players + 2 * self.boneyard + self.players

    @property
    def max_return(self) -> float:
        """A bound on the size of one seat's return, the mean of the others' points less
        its own (:meth:`Outcome.margin <chickenfoot.Outcome.margin>`): the widest gap
        between two seats' round scores (R17, R17c, and the house rules' own bounds,
        :meth:`HouseRule.score_bounds <chickenfoot.HouseRule.score_bounds>`)."""
        low, high = score_bounds(self.rules, self.tiles)
        return float(high - low)


@functools.cache
def _config(params: tuple[tuple[str, int | str], ...]) -> _Config:
    unknown = sorted(set(dict(params)) - set(PARAMETERS))
    if unknown:
        raise ValueError(f"unknown parameters {unknown}; the parameters are {list(PARAMETERS)}")
    values = {**PARAMETERS, **dict(params)}
    rules = find_preset(str(values["preset"]))
    knobs: dict[str, Any] = knobs_of_parameters(values)
    names = [name.strip() for name in str(values["house"]).split("+") if name.strip()]
    if names:  # registered house rules, each with its own defaults
        knobs["house"] = (*rules.house, *(find_house_rule(name)() for name in names))
    if knobs:
        rules = attrs.evolve(rules, **knobs)
    players = int(values["players"])
    n = rules.set_size(players)
    number = int(values["round_double"])
    if number > n:
        raise ValueError(f"round_double is -1 or 0 to {n} for double-{n}, not {number}")
    first = int(values["first"])
    if not 0 <= first < players:
        raise ValueError(f"first is a seat from 0 to {players - 1}, not {first}")
    double = Tile(n, n) if number < 0 else Tile(number, number)
    return _Config(
        tuple(sorted(values.items())), rules, players, n, rules.hand_size(players), double, first
    )


def _config_of(params: Mapping[str, Any] | None) -> _Config:
    return _config(tuple(sorted((params or {}).items())))


# -- the state's contents -----------------------------------------------------------------


@attrs.frozen
class _Core:
    """A state's contents, immutable: cloning shares it, serializing replays its history.

    ``history`` is OpenSpiel's action list, the deal's actions first (R5); ``round`` the
    round in play once the deal is complete, which holds its moves and draws (its
    state's start and history); ``awaiting`` is set between a :class:`Draw` and the
    chance node that picks its tile. Nothing else is kept: :attr:`deal` is read from the
    history and the undealt tiles from the round. ``hint`` is a boneyard order to try
    first when the deal is complete, so that replaying a sampled round needs no rebuilds;
    it changes nothing a player can see.
    """

    config: _Config
    history: tuple[int, ...] = ()
    round: Round | None = None
    awaiting: bool = False
    hint: tuple[int, ...] = attrs.field(default=(), eq=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self

    def __copy__(self) -> _Core:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Core], tuple[Any, ...]]:
        return _replay, (self.config.params, self.history)

    @property
    def dealing(self) -> bool:
        return self.round is None

    @property
    def deal(self) -> tuple[int, ...]:
        """The tiles dealt so far, by position (R5): the history's first actions."""
        return self.history[: self.config.dealt]

    def current_player(self) -> int:
        if self.round is None or self.awaiting:
            return int(pyspiel.PlayerId.CHANCE)
        to_move = self.round.to_move
        return int(pyspiel.PlayerId.TERMINAL) if to_move is None else to_move

    def undealt(self) -> list[int]:
        """The tiles no hand holds yet, nor the table (the chance outcomes): during the
        deal those not dealt yet, then the boneyard's tiles not drawn yet (R5, R13)."""
        if self.round is not None:
            state = state_of(self.round)
            return sorted(state.boneyard[state.taken :])
        gone = set(self.history)
        if self.config.centre:
            gone.add(self.config.round_double.index)
        return [t for t in range(self.config.tiles) if t not in gone]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.undealt()
        return [(t, 1.0 / len(outcomes)) for t in outcomes]

    def legal_moves(self) -> list[Move]:
        if self.round is None or self.awaiting:
            return []
        return self.round.legal_moves()

    def apply(self, action: int) -> _Core:
        history = (*self.history, action)
        if self.round is None:
            done = len(history) == self.config.dealt
            rnd = _start(self.config, history, self.hint) if done else None
            return self._then(history, rnd, False)
        if self.awaiting:
            rnd = self.round
            if rnd.boneyard[0].index != action:
                # The boneyard's order is dealt as it is drawn: ``action`` goes next.
                rnd = round_of(state_of(rnd).with_next_draw(action))
            return self._then(history, rnd.apply(_DRAW), False)
        move = action_to_move(action, self.config.n)
        if isinstance(move, Draw):
            if not self.round.is_legal(move):
                self.round.apply(move)  # raises the IllegalMoveError
            return self._then(history, self.round, True)
        return self._then(history, self.round.apply(move), False)

    def _then(self, history: tuple[int, ...], rnd: Round | None, awaiting: bool) -> _Core:
        return _Core(self.config, history, rnd, awaiting, self.hint)


def _start(config: _Config, deal: Sequence[int], hint: Sequence[int]) -> Round:
    """The round after ``deal``, its boneyard in the order of ``hint`` where it can."""
    hand = config.hand
    hands = [[_TILES[t] for t in deal[s * hand : (s + 1) * hand]] for s in range(config.players)]
    used = set(deal)
    if config.centre:
        used.add(config.round_double.index)
    rest = [t for t in hint if t not in used] if hint else []
    rest += [t for t in range(config.tiles) if t not in used and t not in rest]
    boneyard = [_TILES[t] for t in rest]
    return Round.from_deal(
        config.rules, hands, boneyard, round_double=config.round_double, first=config.first
    )


def _replay(
    params: tuple[tuple[str, int | str], ...], history: tuple[int, ...], *old: bool
) -> _Core:
    """The contents of the state reached by ``history`` (how a pickled state comes back).

    States pickled by 0.1 pass one more value, always ``False``, which is ignored.
    """
    core = _Core(_config(params))
    for action in history:
        core = core.apply(action)
    return core


# -- the game ---------------------------------------------------------------------------


class ChickenFootGame(pyspiel.Game):  # type: ignore[misc]
    """The ``"chickenfoot"`` game: one round of a variant (see the module's documentation).

    Load it with ``pyspiel.load_game("chickenfoot(preset=classic,players=4)")``, or make
    it directly with a dict of parameters.

    Raises:
        RulesError: no preset has that name, the variant does not cover the players, a
            knob clashes with the others, or a house rule changes the scores without
            bounding them (:meth:`HouseRule.score_bounds
            <chickenfoot.HouseRule.score_bounds>`): the game's utility bounds come from
            the rules' bounds on a round's scores.

    .. versionadded:: 0.1
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        config = _config_of(params)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(config.n),
            max_chance_outcomes=config.tiles,
            num_players=config.players,
            min_utility=-config.max_return,
            max_utility=config.max_return,
            utility_sum=0.0,
            max_game_length=config.max_game_length,
        )
        super().__init__(GAME_TYPE, info, dict(config.params))
        self.config = config

    @property
    def rules(self) -> Rules:
        """The variant."""
        return self.config.rules

    def new_initial_state(self) -> ChickenFootState:
        """The state before the deal."""
        return ChickenFootState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> ChickenFootObserver:
        """An observer of states of this game (OpenSpiel's Python observer interface)."""
        return ChickenFootObserver(
            self.config, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    def max_chance_nodes_in_history(self) -> int:
        """The deal's chance nodes and one per boneyard tile."""
        return self.config.dealt + self.config.boneyard


class ChickenFootState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`ChickenFootGame`: the deal so far, then a round in play.

    .. versionadded:: 0.1
    """

    def __init__(self, game: ChickenFootGame) -> None:
        super().__init__(game)
        self._core = _Core(game.config)

    # -- OpenSpiel's interface -------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        return self._core.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        n = self._core.config.n
        return sorted(move_to_action(m, n) for m in self._core.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles the next chance node may deal or draw, each as likely."""
        return self._core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._core = self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            if core.dealing:
                return f"deal {_TILES[action]} to seat {len(core.deal) // core.config.hand}"
            return f"draw {_TILES[action]}"
        return str(action_to_move(action, self._core.config.n))

    def is_terminal(self) -> bool:
        """Whether the round is over (R16)."""
        rnd = self._core.round
        return rnd is not None and rnd.is_over

    def returns(self) -> list[float]:
        """Each seat's mean of the others' penalty points minus its own, once over
        (:meth:`Outcome.margin <chickenfoot.Outcome.margin>`)."""
        rnd = self._core.round
        outcome = None if rnd is None else rnd.outcome
        if outcome is None:
            return [0.0] * self._core.config.players
        return [outcome.margin(seat) for seat in range(len(outcome.scores))]

    def __str__(self) -> str:
        core = self._core
        config = core.config
        if core.round is None:
            lines = [f"dealing {len(core.deal)} of {config.dealt}"]
            for seat in range(config.players):
                lines.append(
                    f"seat {seat}: {' '.join(map(str, _seat_dealt(config, core.deal, seat)))}"
                )
            return "\n".join(lines)
        rnd = core.round
        lines = [f"{config.rules.name}, {config.players} players, double {rnd.round_double}"]
        for seat, hand in enumerate(rnd.hands):
            lines.append(f"seat {seat}: {' '.join(map(str, hand))}")
        lines.append(f"boneyard: {' '.join(map(str, sorted(rnd.boneyard)))}")
        lines.append(f"moves: {_events_text(_events(self, None))}")
        return "\n".join(lines)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> ChickenFootState:
        """A state that ``player_id`` cannot tell from this one, hidden tiles sampled.

        The other hands and the drawn tiles it has not seen are drawn at random,
        consistent with every move (:meth:`RoundView.sample_state
        <chickenfoot.RoundView.sample_state>`). ``probability_sampler`` is called once
        for a float in [0, 1) that seeds the sample.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        core = self._core
        hand = core.config.hand
        mine = core.deal[player_id * hand : (player_id + 1) * hand]
        if core.round is None:
            pool = [t for t in core.undealt() if t not in mine]
            pool += [t for i, t in enumerate(core.deal) if i // hand != player_id]
            rng.shuffle(pool)
            deal = []
            for position in range(len(core.deal)):
                seat, k = divmod(position, hand)
                deal.append(mine[k] if seat == player_id else pool.pop())
            return self._replayed(deal, (), ())
        if core.awaiting and core.round.to_move != player_id:
            # The draw under way is public: its drawer had no play (R12), so the sample
            # is drawn from the view after it, and the draw is made again by _replayed.
            sample = core.round.apply(Draw()).view(player_id).sample_state(rng)
            events = sample.history[:-1]
        else:  # the drawer itself holds its own hand: any sample leaves it no play
            sample = core.round.view(player_id).sample_state(rng)
            events = sample.history
        deal = []
        for seat, dealt in enumerate(sample.dealt_hands):
            deal.extend(mine if seat == player_id else (t.index for t in dealt))
        return self._replayed(deal, events, tuple(t.index for t in sample.dealt_boneyard))

    def _replayed(
        self,
        deal: Sequence[int],
        events: Sequence[Event],
        hint: tuple[int, ...],
    ) -> ChickenFootState:
        """A new state of this game after ``deal`` and ``events`` (and this state's draw in
        progress, if any)."""
        n = self._core.config.n
        actions = list(deal)
        for event in events:
            actions.append(move_to_action(event.move, n))
            if event.drawn is not None:
                actions.append(event.drawn.index)
        if self._core.awaiting:
            actions.append(move_to_action(Draw(), n))
        state: ChickenFootState = self.get_game().new_initial_state()
        state._core = attrs.evolve(state._core, hint=hint)
        for action in actions:
            state.apply_action(action)
        return state

    # -- chickenfoot's view of the state --------------------------------------------

    @property
    def round(self) -> Round | None:
        """The round in play, ``None`` during the deal. It holds every hand: use it to
        inspect, never as a player's input. Between a :class:`~chickenfoot.Draw` and the
        chance node of its tile, the round is the one before the draw.
        """
        return self._core.round

    def view(self, seat: int) -> RoundView:
        """What ``seat`` sees of the round (:meth:`Round.view <chickenfoot.Round.view>`).

        Raises:
            ValueError: the deal is not complete.
        """
        if self._core.round is None:
            raise ValueError("the tiles are still being dealt: no round to view yet")
        return self._core.round.view(seat)

    def action_to_move(self, action: int) -> Move:
        """The move of a player's action code (see :func:`action_to_move`)."""
        return action_to_move(action, self._core.config.n)

    def move_to_action(self, move: Move) -> int:
        """The action code of a move (see :func:`move_to_action`)."""
        return move_to_action(move, self._core.config.n)


def _events_text(events: Sequence[Event]) -> str:
    out = []
    for e in events:
        text = f"{e.seat}:{e.move}"
        if e.drawn is not None:
            text += f"={e.drawn}"
        out.append(text)
    return " ".join(out)


# -- observations ---------------------------------------------------------------------------


class ChickenFootObserver:
    """Observations of Chicken Foot states as tensors and strings (OpenSpiel's Python
    observer interface: ``tensor``, ``dict``, ``set_from`` and ``string_from``).

    Made by :meth:`ChickenFootGame.make_py_observer`; ``pyspiel`` uses it for
    ``observation_tensor``, ``information_state_tensor`` and their strings. Which pieces
    are in the tensor depends on the observation type (N the set size, T its tile count,
    P the players, L the game's ``max_game_length``); seats are absolute:

    ============  =======  =========================================================
    piece         shape    content
    ============  =======  =========================================================
    player        P        one-hot: the observing seat
    hand          T        the seat's tiles (private info of a single player)
    drawn         T        the tile it just drew and must play or pass (R13)
    hands         P, T     every seat's tiles (private info of all players)
    table         T        tiles on the table (public info)
    played_by     P, T     who played each tile
    open_ends     N + 1    places showing each number (R2, R3)
    pending       N + 2    one-hot: the double whose places come first, or none
    obligation    6        one-hot :class:`~chickenfoot.Obligation`
    round_double  N + 1    one-hot: the round double's number
    hand_counts   P        tiles held by each seat
    boneyard      1        tiles in the boneyard
    to_move       P + 1    one-hot: the seat to move, or the last slot for chance or end
    dealt         1        tiles dealt so far
    history       L, 13    with perfect recall, one row a move: valid, seat, play, draw,
                           pass, tile high and low, onto given, onto high and low,
                           drawn tile known, its high and low
    ============  =======  =========================================================

    Raises:
        ValueError: ``params`` is not empty (the observer takes none).

    .. versionadded:: 0.1
    """

    def __init__(
        self,
        config: _Config,
        iig_obs_type: pyspiel.IIGObservationType,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {dict(params)!r}")
        self._config = config
        self._recall = bool(iig_obs_type.perfect_recall)
        self._public = bool(iig_obs_type.public_info)
        private = iig_obs_type.private_info
        self._single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._everyone = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        tiles, players = config.tiles, config.players
        shapes = round_pieces(config.n, players)
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (players,))]
        if self._single:
            pieces += [(name, shapes[name]) for name in PRIVATE]
        if self._everyone:
            pieces.append(("hands", (players, tiles)))
        if self._public:
            pieces += [(name, shapes[name]) for name in PUBLIC]
            pieces.append(("dealt", (1,)))
            if self._recall:
                pieces.append(("history", (config.max_game_length, _ROW)))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        #: The flat observation tensor.
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        #: Named views of :attr:`tensor`, by piece.
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + count].reshape(shape)
            start += count

    def set_from(self, state: ChickenFootState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` observes it."""
        config = self._config
        self.tensor.fill(0.0)
        d = self.dict
        d["player"][player] = 1.0
        dealt = _dealt(state, config)
        if state.round is None:  # the deal
            if "hand" in d:
                for tile in _seat_dealt(config, dealt, player):
                    d["hand"][tile.index] = 1.0
            if "hands" in d:
                for seat in range(config.players):
                    for tile in _seat_dealt(config, dealt, seat):
                        d["hands"][seat, tile.index] = 1.0
            if self._public:
                for seat in range(config.players):
                    d["hand_counts"][seat] = len(_seat_dealt(config, dealt, seat))
                d["boneyard"][0] = config.tiles - config.centre - len(dealt)
                d["round_double"][config.round_double.high] = 1.0
                d["to_move"][config.players] = 1.0
                d["dealt"][0] = len(dealt)
            return
        view = state.view(player)
        current = state.current_player()
        encode_round(d, view, relative=False, to_move=current if current >= 0 else None)
        if "hands" in d:
            for seat in range(config.players):
                for tile in (view if seat == player else state.view(seat)).hand:
                    d["hands"][seat, tile.index] = 1.0
        if not self._public:
            return
        d["dealt"][0] = len(dealt)
        if self._recall:
            shown = self._shown(player)
            for i, event in enumerate(_events(state, shown, view if shown == player else None)):
                d["history"][i] = _row(event)

    def string_from(self, state: ChickenFootState, player: int) -> str:
        """``state`` as ``player`` observes it, as text."""
        if self._recall:
            return self._information_string(state, player)
        return self._observation_string(state, player)

    def _shown(self, player: int) -> int | None:
        """Whose drawn tiles the observer sees: ``player``'s, everyone's or nobody's."""
        if self._everyone:
            return None
        return player if self._single else -1

    def _information_string(self, state: ChickenFootState, player: int) -> str:
        config = self._config
        dealt = _dealt(state, config)
        lines = [f"seat {player}"]
        if self._single:
            lines.append(f"dealt {' '.join(map(str, _seat_dealt(config, dealt, player)))}")
        if self._everyone:
            for seat in range(config.players):
                lines.append(f"dealt {seat} {' '.join(map(str, _seat_dealt(config, dealt, seat)))}")
        if self._public:
            lines.append(f"deal {len(dealt)} of {config.dealt}")
            lines.append(f"moves {_events_text(_events(state, self._shown(player)))}")
        return "\n".join(lines)

    def _observation_string(self, state: ChickenFootState, player: int) -> str:
        config = self._config
        parts = [f"seat {player}"]
        if state.round is None:
            dealt = _dealt(state, config)
            if self._single:
                parts.append(f"hand {' '.join(map(str, _seat_dealt(config, dealt, player)))}")
            if self._everyone:
                for seat in range(config.players):
                    hand = _seat_dealt(config, dealt, seat)
                    parts.append(f"hand {seat} {' '.join(map(str, hand))}")
            if self._public:
                parts.append(f"dealing {len(dealt)} of {config.dealt}")
            return "; ".join(parts)
        view = state.view(player)
        if self._single:
            parts.append(f"hand {' '.join(map(str, view.hand))}")
            if view.drawn_tile is not None:
                parts.append(f"drew {view.drawn_tile}")
        if self._everyone:
            for seat in range(config.players):
                hand = (view if seat == player else state.view(seat)).hand
                parts.append(f"hand {seat} {' '.join(map(str, hand))}")
        if self._public:
            parts.append(f"table {' '.join(map(str, view.layout))}")
            pending = view.pending_double
            if pending is not None:
                parts.append(f"pending {pending}")
            parts.append(f"obligation {view.obligation.value}")
            parts.append(f"counts {' '.join(map(str, view.hand_counts))}")
            parts.append(f"boneyard {view.boneyard_count}")
            current = state.current_player()
            if current >= 0:
                parts.append(f"to move {current}")
            elif view.to_move is not None:  # a draw waits for its tile
                parts.append(f"{view.to_move} draws")
            else:
                parts.append("over")
        return "; ".join(parts)


def _dealt(state: ChickenFootState, config: _Config) -> list[int]:
    """The tiles dealt so far, in deal order: the first actions of the public history."""
    history: list[int] = state.history()
    return history[: config.dealt]


def _seat_dealt(config: _Config, dealt: Sequence[int], seat: int) -> tuple[Tile, ...]:
    """The tiles of ``dealt`` (tile indices, in deal order) dealt to ``seat`` (R5)."""
    hand = config.hand
    return tuple(_TILES[t] for t in dealt[seat * hand : (seat + 1) * hand])


def _events(
    state: ChickenFootState, seat: int | None, view: RoundView | None = None
) -> list[Event]:
    """The moves of ``state`` so far, showing the drawn tiles of ``seat`` (all for
    ``None``, none for -1), with the draw in progress last. ``view`` is ``seat``'s view,
    if at hand."""
    rnd = state.round
    if rnd is None:
        return []
    if seat is None:
        events = list(rnd.history)
    elif seat < 0:
        events = [attrs.evolve(e, drawn=None) for e in rnd.history]
    else:
        events = list((view or state.view(seat)).history)
    if rnd.to_move is not None and state.is_chance_node():  # a draw waits for its tile
        events.append(Event(rnd.to_move, Draw()))
    return events


def _row(event: Event) -> list[float]:
    move = event.move
    row = [0.0] * _ROW
    row[0] = 1.0
    row[1] = float(event.seat)
    if isinstance(move, Play):
        row[2] = 1.0
        row[5], row[6] = float(move.tile.high), float(move.tile.low)
        if move.onto is not None:
            row[7] = 1.0
            row[8], row[9] = float(move.onto.high), float(move.onto.low)
    elif isinstance(move, Draw):
        row[3] = 1.0
    else:
        row[4] = 1.0
    if event.drawn is not None:
        row[10] = 1.0
        row[11], row[12] = float(event.drawn.high), float(event.drawn.low)
    return row


# -- bots ---------------------------------------------------------------------------------


class _Chooser(Protocol):
    """What :class:`PlayerBot` needs of a chickenfoot player (see :mod:`chickenfoot.bots`)."""

    def choose(self, view: RoundView, rng: random.Random) -> Move: ...


class PlayerBot(pyspiel.Bot):  # type: ignore[misc]
    """A chickenfoot player (anything with ``choose(view, rng)``, such as
    :class:`chickenfoot.bots.SearchPlayer`) as an OpenSpiel bot.

    It hands the player its seat's view of the round, never the state, and returns the
    action code of the move it chooses; ``seed`` seeds its :class:`random.Random`.

    .. versionadded:: 0.1
    """

    def __init__(self, player: _Chooser, *, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.player = player
        self._rng = random.Random(seed)

    def step(self, state: ChickenFootState) -> int:
        """The action code of the move the player chooses in ``state``."""
        move = self.player.choose(state.view(state.current_player()), self._rng)
        return state.move_to_action(move)

    def restart_at(self, state: ChickenFootState) -> None:
        """Nothing to forget: the player decides from the view alone."""

    def inform_action(self, state: ChickenFootState, player_id: int, action: int) -> None:
        """Nothing to remember: the view holds the history."""


def _check_simulations(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise ValueError(
            f"simulations is the budget of IS-MCTS per decision, a whole number of at "
            f"least 2 (the first only adds the root to the tree), not {value!r}"
        )


def _check_uct_c(value: object) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value < 0
    ):
        raise ValueError(f"uct_c is a finite number of 0 or more, not {value!r}")


def _parameters_of(rules: Rules, view: RoundView) -> dict[str, int | str]:
    """The parameters of the game whose round is the one ``view`` looks at."""
    params: dict[str, int | str] = {
        "preset": rules.name,
        "players": view.players,
        "round_double": view.round_double.high,
        "first": view.first,
    }
    for name in round_parameters():
        value = getattr(rules, name)
        params[name] = 0 if value is None else int(value) if isinstance(value, bool) else value
    if rules.house:
        params["house"] = "+".join(type(rule).name for rule in rules.house)
    return params


@functools.lru_cache(maxsize=16)
def _game_of(params: tuple[tuple[str, int | str], ...]) -> ChickenFootGame:
    return ChickenFootGame(dict(params))


def _game_for(view: RoundView) -> ChickenFootGame:
    """The game of the round of ``view``, with its rules; a clear error for rules the
    game's parameters cannot give."""
    rules = view.rules
    try:
        game = _game_of(tuple(sorted(_parameters_of(rules, view).items())))
    except Exception as exc:
        raise ValueError(
            f"ISMCTSPlayer plays the rounds the OpenSpiel game can load, a preset with its "
            f"knobs and registered house rules; not the rules {rules.name!r}: {exc}"
        ) from None
    differ = [
        field.name
        for field in attrs.fields(Rules)
        if field.metadata["scope"] == "round"
        and getattr(game.rules, field.name) != getattr(rules, field.name)
    ]
    if differ:
        raise ValueError(
            f"ISMCTSPlayer cannot play the rules {rules.name!r}: the OpenSpiel game's "
            f"parameters cannot give their {', '.join(differ)}"
        )
    return game


def _state_for(game: ChickenFootGame, view: RoundView, rng: random.Random) -> ChickenFootState:
    """A state of ``game`` in which ``view.seat`` has the information state of ``view``.

    The hidden tiles come from :meth:`RoundView.sample_state
    <chickenfoot.RoundView.sample_state>` (any of its samples replays the view's history,
    so every move of it is an action of the game too); they are only a starting point,
    as IS-MCTS samples them again for every simulation.
    """
    sample = view.sample_state(rng)
    deal = [t.index for hand in sample.dealt_hands for t in hand]
    hint = tuple(t.index for t in sample.dealt_boneyard)
    refused = ValueError(
        "ISMCTSPlayer plays rounds dealt as the OpenSpiel game deals them (R5); the round "
        f"seat {view.seat} is viewing was not (a round set up from a position?)"
    )
    try:
        state = game.new_initial_state()._replayed(deal, sample.history, hint)
    except ValueError as exc:  # a move of the history that does not follow from a deal
        raise refused from exc
    # The views' rules may differ in knobs of the match (R19-R22), which the game has not.
    seen = state.view(view.seat) if state.current_player() == view.seat else None
    if seen is None or (seen.history, seen.hand, seen.layout) != (
        view.history,
        view.hand,
        view.layout,
    ):
        raise refused
    return state


@attrs.frozen
class ISMCTSPlayer:
    """A chickenfoot player that decides with OpenSpiel's information-set Monte Carlo
    tree search (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random rollouts).

    For a decision with more than one legal move, the view is turned into a state of the
    :class:`ChickenFootGame` of its rules in which the seat has the same information
    state, and OpenSpiel's bot searches it for :attr:`simulations` simulations. Each
    simulation starts from a world that the bot's resampler draws with
    :meth:`ChickenFootState.resample_from_infostate`, that is with
    :meth:`RoundView.sample_state <chickenfoot.RoundView.sample_state>`: the other hands
    and the boneyard dealt uniformly among the deals that replay the view. The search
    never sees the hidden tiles of the round being played, only samples of them, so the
    move depends on the view and ``rng`` alone. A lone legal move is returned at once,
    without touching ``rng``.

    ``rng`` seeds everything the search draws (its first state, its resampler, its
    rollouts and its ties), so seeded games replay exactly on any machine; the budget is
    counted in simulations, not seconds, for that reason.

    >>> import random
    >>> from chickenfoot import PRESETS, Round
    >>> from chickenfoot.openspiel import ISMCTSPlayer
    >>> rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=22)
    >>> for _ in range(11):
    ...     rnd = rnd.apply(rnd.legal_moves()[0])
    ...
    >>> view = rnd.view(rnd.to_move)
    >>> bot = ISMCTSPlayer(simulations=30)
    >>> move = bot.choose(view, random.Random(1))
    >>> move in view.legal_moves()
    True
    >>> other = view.sample_state(random.Random(9))  # other hidden tiles, same view
    >>> bot.choose(other.view(view.seat), random.Random(1)) == move
    True

    Raises:
        ValueError: at construction, ``simulations`` is not a whole number of at least 2
            (OpenSpiel's first simulation only adds the root to the tree) or ``uct_c`` is not a finite number of 0 or more; in :meth:`choose`, the view
            has no move to choose (R11), or its round is not one the OpenSpiel game can
            play (rules its parameters cannot give, a round set up from a position).

    .. versionadded:: 0.2
    """

    #: The budget: simulations of IS-MCTS per decision (each one resampled world, one
    #: walk down the tree and one random rollout).
    simulations: int = 100
    #: The exploration constant of UCT. The returns are penalty points (the mean of
    #: the other seats' points minus the seat's own, R17), tens of them, not +-1.
    uct_c: float = 20.0
    #: The name shown in tables and error messages.
    name: str = "ismcts"

    # Checked here, not by attrs validators: attrs' generated ``__init__`` would look its
    # helpers up among this module's globals, where ``_config`` is the game's.
    def __attrs_post_init__(self) -> None:
        _check_simulations(self.simulations)
        _check_uct_c(self.uct_c)

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        """The move of ``view`` that OpenSpiel's IS-MCTS bot chooses."""
        moves = view.legal_moves()
        if not moves:
            now = "the round is over" if view.to_move is None else f"seat {view.to_move} is to move"
            raise ValueError(f"seat {view.seat} has no move to choose: {now} (R11)")
        if len(moves) == 1:
            return moves[0]
        game = _game_for(view)
        state = _state_for(game, view, rng)
        sampler = random.Random(rng.getrandbits(32))

        def resample(world: ChickenFootState, player: int) -> ChickenFootState:
            return world.resample_from_infostate(player, sampler.random)

        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(rng.getrandbits(32))),
            uct_c=float(self.uct_c),
            max_simulations=self.simulations,
            random_state=np.random.RandomState(rng.getrandbits(32)),
        )
        bot.set_resampler(resample)
        move = state.action_to_move(int(bot.step(state)))
        if move not in moves:  # pragma: no cover - the game's actions are the legal moves
            raise AssertionError(f"IS-MCTS chose {move}, not a legal move of seat {view.seat}")
        return move


pyspiel.register_game(GAME_TYPE, ChickenFootGame)
