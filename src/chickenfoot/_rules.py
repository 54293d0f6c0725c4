"""Variants as data: every knob of the rules in one frozen value, and the presets (§6).

A variant is a :class:`Rules` value. The engine reads its knobs and nothing else, so a
custom variant is a preset with some knobs changed::

    import attrs
    from chickenfoot import PRESETS
    rules = attrs.evolve(PRESETS["classic"], boneyard_reserve=2, double_blank=25)
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Literal, TypeAlias

import attrs

from ._tiles import MAX_PIPS, set_length
from .errors import RulesError

__all__ = [
    "PRESETS",
    "PlayDrawn",
    "Rules",
    "Start",
    "TargetMode",
    "TieBreak",
    "find_preset",
]

#: How a round starts (R6), ``"holder"`` placing the dealt round double and ``"centre"``
#: putting it on the table before the deal.
Start: TypeAlias = Literal["holder", "centre"]
#: Whether a playable drawn tile must be played (R13).
PlayDrawn: TypeAlias = Literal["must", "may"]
#: How equal lowest totals are decided (R22).
TieBreak: TypeAlias = Literal["shared", "zero_rounds"]
#: When a target ends the match (R20).
TargetMode: TypeAlias = Literal["exceeds", "reaches"]
#: A ``{players: number}`` table, kept as a sorted tuple of pairs.
PlayerTable: TypeAlias = tuple[tuple[int, int], ...]
_Validator: TypeAlias = Callable[[Any, Any, Any], None]


def _player_table(value: Mapping[int, int] | Iterable[tuple[int, int]]) -> PlayerTable:
    """A ``{players: number}`` table as a sorted tuple of pairs (hashable, immutable)."""
    items = value.items() if isinstance(value, Mapping) else value
    try:
        pairs = [(int(p), int(n)) for p, n in items]
    except (TypeError, ValueError):
        raise RulesError(f"a player table maps player counts to numbers, not {value!r}") from None
    table = tuple(sorted(pairs))
    if len({p for p, _ in table}) != len(table):
        raise RulesError(f"a player table names a player count twice: {value!r}")
    return table


def _choice(*allowed: object) -> _Validator:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            names = ", ".join(repr(a) for a in allowed)
            raise RulesError(f"{attribute.name} is one of {names}, not {value!r}")

    return check


def _whole(minimum: int, *, none: bool = False) -> _Validator:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if none and value is None:
            return
        if type(value) is not int or value < minimum:
            extra = " or None" if none else ""
            raise RulesError(
                f"{attribute.name} is a whole number of at least {minimum}{extra}, not {value!r}"
            )

    return check


def _rounds(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value in ("full", "half"):
        return
    if type(value) is not int or value < 1:
        raise RulesError(f"rounds is 'full', 'half' or a whole number of at least 1, not {value!r}")


@attrs.frozen(kw_only=True)
class Rules:
    """Every knob of a Chicken Foot variant (the rules guide, §6).

    Use a preset from :data:`PRESETS`, or change one with :func:`attrs.evolve`:

    >>> import attrs
    >>> from chickenfoot import PRESETS
    >>> rules = attrs.evolve(PRESETS["classic"], name="classic-25", double_blank=25)
    >>> rules.double_blank, rules.hand_size(4), rules.set_size(8)
    (25, 7, 12)

    Knobs are checked together when the value is made, and a clash raises
    :class:`~chickenfoot.errors.RulesError` naming the numbers:

    >>> attrs.evolve(PRESETS["chickie-duel"], hand_sizes={2: 13})
    Traceback (most recent call last):
      ...
    chickenfoot.errors.RulesError: chickie-duel: 2 players with hands of 13 leave 2 tiles
    in the boneyard of double-6, but the reserve is 2: nobody could ever draw (R14)

    .. versionadded:: 0.1
    """

    #: A name for the variant, shown in messages and records.
    name: str = attrs.field(default="custom", validator=attrs.validators.instance_of(str))
    #: The set by player count, as ``{players: N}`` for the double-N set (R5). Any
    #: mapping or iterable of pairs is accepted and kept as a sorted tuple of pairs.
    set_sizes: PlayerTable = attrs.field(converter=_player_table)
    #: Tiles dealt to each player, by player count (R5). The player counts of this
    #: table are the ones the variant supports.
    hand_sizes: PlayerTable = attrs.field(converter=_player_table)
    #: How a round starts (R6).
    start: Start = attrs.field(default="holder", validator=_choice("holder", "centre"))
    #: Places on the round double, 4 for the cross and 6 for the double chicken foot (R3).
    opening_toes: int = attrs.field(default=4, validator=_whole(1))
    #: Whether the first play after the cross must be a double onto an arm (R8).
    first_foot_required: bool = attrs.field(default=False, validator=_choice(False, True))
    #: Toe places on every double played onto an open end (R3, R9).
    toes_per_double: int = attrs.field(default=3, validator=_whole(1))
    #: Nobody may draw while the boneyard holds this many tiles or fewer (R14).
    boneyard_reserve: int = attrs.field(default=0, validator=_whole(0))
    #: Tiles a player without a play may draw in one turn; ``None`` draws until a tile
    #: can be played or drawing stops (R13).
    draws_per_turn: int | None = attrs.field(default=1, validator=_whole(1, none=True))
    #: Whether a playable drawn tile ``"must"`` be played at once or ``"may"`` be kept (R13).
    play_drawn: PlayDrawn = attrs.field(default="must", validator=_choice("must", "may"))
    #: What the double-blank counts in a hand at the end of a round (R17).
    double_blank: int = attrs.field(default=0, validator=_whole(0))
    #: How many rounds a match has (R19), ``"full"`` (one per double of the double-N
    #: set, N + 1 rounds), ``"half"`` (the first ceil(N / 2), at least 1) or a count.
    rounds: int | Literal["full", "half"] = attrs.field(default="full", validator=_rounds)
    #: Instead of a count of rounds, play until a total passes this target (R20).
    target: int | None = attrs.field(default=None, validator=_whole(1, none=True))
    #: Whether the match ends when a total ``"exceeds"`` or ``"reaches"`` the target (R20).
    target_mode: TargetMode = attrs.field(
        default="exceeds", validator=_choice("exceeds", "reaches")
    )
    #: How equal lowest totals are decided (R22).
    tie_break: TieBreak = attrs.field(default="shared", validator=_choice("shared", "zero_rounds"))

    def __attrs_post_init__(self) -> None:
        self._check_tables()
        if self.target is not None and self.rounds != "full":
            raise RulesError(
                f"{self.name}: a target of {self.target} decides when the match ends, "
                f"so rounds must stay 'full', not {self.rounds!r} (R19, R20)"
            )

    def _check_tables(self) -> None:
        sets = dict(self.set_sizes)
        if not self.hand_sizes:
            raise RulesError(f"{self.name}: hand_sizes names no player count (R5)")
        for players, hand in self.hand_sizes:
            if players < 2:
                raise RulesError(f"{self.name}: a round needs 2 players or more, not {players}")
            if hand < 1:
                raise RulesError(f"{self.name}: {players} players get hands of {hand} (R5)")
            if players not in sets:
                raise RulesError(
                    f"{self.name}: hand_sizes covers {players} players but set_sizes does not"
                )
            n = sets[players]
            if not 0 <= n <= MAX_PIPS:
                raise RulesError(f"{self.name}: double-{n} is not a set (0 to {MAX_PIPS})")
            self._check_deal(players, n, hand)

    def _check_deal(self, players: int, n: int, hand: int) -> None:
        size = set_length(n)
        centre = 1 if self.start == "centre" else 0
        dealt = players * hand
        if dealt + centre > size:
            also = " and the centre double" if centre else ""
            raise RulesError(
                f"{self.name}: {players} players with hands of {hand} need {dealt} tiles{also}, "
                f"but double-{n} has {size} (R5)"
            )
        left = size - dealt - centre
        if self.boneyard_reserve and left <= self.boneyard_reserve:
            raise RulesError(
                f"{self.name}: {players} players with hands of {hand} leave {left} tiles in the "
                f"boneyard of double-{n}, but the reserve is {self.boneyard_reserve}: "
                f"nobody could ever draw (R14)"
            )
        if self.opening_toes > n:
            raise RulesError(
                f"{self.name}: the round double needs {self.opening_toes} tiles of its number, "
                f"but double-{n} has only {n} such tiles besides the double (R3, R7)"
            )

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts this variant supports, in increasing order.

        >>> from chickenfoot import PRESETS
        >>> PRESETS["double-foot"].player_counts
        (2, 3, 4, 5, 6, 7, 8)
        """
        return tuple(p for p, _ in self.hand_sizes)

    def check_players(self, players: int) -> None:
        """Raise :class:`~chickenfoot.errors.RulesError` unless the variant covers ``players``.

        >>> from chickenfoot import PRESETS
        >>> PRESETS["chickie-duel"].check_players(3)
        Traceback (most recent call last):
          ...
        chickenfoot.errors.RulesError: chickie-duel is for 2 players, not 3
        """
        counts = self.player_counts
        if type(players) is not int or players not in counts:
            if counts == tuple(range(counts[0], counts[-1] + 1)):
                span = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
            else:
                span = ", ".join(map(str, counts))
            raise RulesError(f"{self.name} is for {span} players, not {players!r}")

    def set_size(self, players: int) -> int:
        """N of the double-N set used by ``players`` players (R5).

        >>> from chickenfoot import PRESETS
        >>> PRESETS["classic"].set_size(4), PRESETS["classic"].set_size(20)
        (9, 18)
        """
        self.check_players(players)
        return dict(self.set_sizes)[players]

    def hand_size(self, players: int) -> int:
        """How many tiles each of ``players`` players is dealt (R5).

        >>> from chickenfoot import PRESETS
        >>> PRESETS["cross-and-foot"].hand_size(3)
        13
        """
        self.check_players(players)
        return dict(self.hand_sizes)[players]

    def round_count(self, players: int) -> int | None:
        """Rounds in a match of ``players`` players, or ``None`` when a target decides (R19, R20).

        Raises:
            RulesError: the variant does not cover ``players``, or asks more rounds than
                the set used by ``players`` players has doubles.

        >>> from chickenfoot import PRESETS
        >>> PRESETS["classic"].round_count(4)
        10
        >>> import attrs
        >>> attrs.evolve(PRESETS["classic"], rounds="half").round_count(4)
        5
        >>> duel = PRESETS["chickie-duel"]
        >>> duel.round_count(2), attrs.evolve(duel, rounds="half").round_count(2)
        (7, 3)
        """
        if self.target is not None:
            return None
        doubles = self.set_size(players) + 1
        if self.rounds == "full":
            return doubles
        if self.rounds == "half":
            return max(1, math.ceil((doubles - 1) / 2))
        if self.rounds > doubles:
            raise RulesError(
                f"{self.name}: {self.rounds} rounds, but {players} players use double-{doubles - 1}, "
                f"which has only {doubles} doubles (R19)"
            )
        return self.rounds


def _everyone(players: Iterable[int], value: int) -> dict[int, int]:
    return dict.fromkeys(players, value)


_PRESET_LIST: Final = (
    Rules(
        name="chickie-duel",
        set_sizes={2: 6},
        hand_sizes={2: 7},
        start="holder",
        opening_toes=4,
        first_foot_required=True,
        boneyard_reserve=2,
        double_blank=0,
        tie_break="shared",
    ),
    Rules(
        name="cross-and-foot",
        set_sizes=_everyone(range(2, 11), 9),
        hand_sizes={2: 21, 3: 13, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5, 9: 5, 10: 4},
        start="holder",
        opening_toes=4,
        first_foot_required=True,
        double_blank=0,
        tie_break="shared",
    ),
    Rules(
        name="classic",
        set_sizes={
            **_everyone(range(2, 7), 9),
            **_everyone(range(7, 11), 12),
            **_everyone(range(11, 15), 15),
            **_everyone(range(15, 21), 18),
        },
        hand_sizes=_everyone(range(2, 21), 7),
        start="holder",
        opening_toes=4,
        double_blank=50,
        tie_break="zero_rounds",
    ),
    Rules(
        name="double-foot",
        set_sizes={**_everyone(range(2, 7), 9), **_everyone(range(7, 9), 12)},
        hand_sizes={2: 20, 3: 14, 4: 11, 5: 9, 6: 7, 7: 10, 8: 9},
        start="centre",
        opening_toes=6,
        double_blank=50,
        tie_break="shared",
    ),
)

#: The presets of the rules guide (§6) by name, ``"chickie-duel"``,
#: ``"cross-and-foot"``, ``"classic"`` and ``"double-foot"``. Read-only.
PRESETS: Final[Mapping[str, Rules]] = types.MappingProxyType({r.name: r for r in _PRESET_LIST})

_ALIASES: Final[Mapping[str, str]] = types.MappingProxyType(
    {
        "chickie": "chickie-duel",
        "kurczak": "chickie-duel",
        "cross": "cross-and-foot",
        "chicken-foot": "classic",
        "chickenfoot": "classic",
        "double-chicken-foot": "double-foot",
        "six-toes": "double-foot",
    }
)


def find_preset(name: str) -> Rules:
    """The preset called ``name``, ignoring case, spaces and underscores, or an alias.

    >>> from chickenfoot import find_preset
    >>> find_preset("Double Chicken Foot").name
    'double-foot'
    >>> find_preset("dominoes")
    Traceback (most recent call last):
      ...
    chickenfoot.errors.RulesError: no preset 'dominoes'; the presets are chickie-duel,
    cross-and-foot, classic, double-foot (aliases: chickie, kurczak, cross, chicken-foot,
    chickenfoot, double-chicken-foot, six-toes)

    Raises:
        RulesError: no preset or alias has that name.

    .. versionadded:: 0.1
    """
    key = "-".join(str(name).lower().replace("_", " ").replace("-", " ").split())
    key = _ALIASES.get(key, key)
    if key in PRESETS:
        return PRESETS[key]
    raise RulesError(
        f"no preset {name!r}; the presets are {', '.join(PRESETS)} (aliases: {', '.join(_ALIASES)})"
    )
