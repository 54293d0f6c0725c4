"""Variants as data: every knob of the rules in one frozen value, and the presets.

A variant is a :class:`Rules` value. The engine reads its knobs and nothing else, so a
custom variant is a preset with some knobs changed::

    import attrs
    from chickenfoot import PRESETS
    rules = attrs.evolve(PRESETS["classic"], boneyard_reserve=2, double_blank=25)
"""

from __future__ import annotations

import functools
import json
import re
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Literal, TypeAlias

import attrs

from ._house import HouseRule, check_house, find_house_rule, house_of
from ._json import (
    MAX_NAME,
    MAX_TILES,
    _array,
    _at,
    _BigNumber,
    _boolean,
    _describe,
    _fail,
    _integer,
    _Json,
    _object,
    _one_of,
    _shown,
    _string,
    read_json,
)
from ._schedule import schedule_of
from ._tiles import MAX_PIPS, Tile, set_length
from .errors import ChickenFootError, RecordError, RulesError

__all__ = [
    "PRESETS",
    "PRESET_ALIASES",
    "KnobHelp",
    "PlayDrawn",
    "RoundOrder",
    "Rules",
    "Start",
    "TargetMode",
    "TieBreak",
    "find_preset",
]

#: How a round starts (R6), ``"holder"`` placing the dealt round double and ``"centre"``
#: putting it on the table before the deal; ``"highest_held"`` opens on the highest double
#: held at or below it (R6b).
#:
#: .. versionadded:: 0.1
Start: TypeAlias = Literal["holder", "centre", "highest_held"]
#: Whether a playable drawn tile must be played (R13), may be kept, or is never played in
#: the turn it was drawn (R13b).
#:
#: .. versionadded:: 0.1
PlayDrawn: TypeAlias = Literal["must", "may", "never"]
#: How equal lowest totals are decided (R22).
#:
#: .. versionadded:: 0.1
TieBreak: TypeAlias = Literal["shared", "zero_rounds"]
#: When a target ends the match (R20).
#:
#: .. versionadded:: 0.1
TargetMode: TypeAlias = Literal["exceeds", "reaches"]
#: The order of the round doubles in a match (R19, R19b): ``"down"`` from the highest to
#: 0-0, ``"down_up"`` down to 0-0 and back up to the highest.
#:
#: .. versionadded:: 0.1
RoundOrder: TypeAlias = Literal["down", "down_up"]
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


#: The values of each knob with a fixed set of them; the validators, the records and the
#: knob help all read them from here.
STARTS: Final[tuple[Start, ...]] = ("holder", "centre", "highest_held")
PLAY_DRAWN: Final[tuple[PlayDrawn, ...]] = ("must", "may", "never")
ROUND_ORDERS: Final[tuple[RoundOrder, ...]] = ("down", "down_up")
TARGET_MODES: Final[tuple[TargetMode, ...]] = ("exceeds", "reaches")
TIE_BREAKS: Final[tuple[TieBreak, ...]] = ("shared", "zero_rounds")


#: The release the first knobs came in: a record written since then may hold any of them.
FIRST_RELEASE: Final = "0.1"
#: What a knob is to the records, the schema and the adapters: a ``"text"``, a player
#: ``"table"``, a ``"boolean"``, a ``"word"`` of a fixed list, or an ``"integer"`` (which
#: may also take words, or ``None``).
KnobKind: TypeAlias = Literal["text", "table", "boolean", "word", "integer", "house"]


def _about(
    rule: str,
    values: str | tuple[object, ...],
    summary: str,
    *,
    scope: Literal["round", "match"],
    examples: tuple[object, ...],
    kind: KnobKind | None = None,
    minimum: int | None = None,
    none: bool = False,
    words: tuple[str, ...] = (),
    since: str = FIRST_RELEASE,
    optional: bool = False,
) -> dict[str, object]:
    """A knob's metadata, kept in its field: everything the library derives from a knob.

    ``rule``, ``values`` (in words, or the tuple of the values it takes) and ``summary``
    are its help (:meth:`Rules.knob_help`). ``scope`` says whether it decides how one round
    is played and scored (``"round"``: the adapters' game parameters) or the match around
    it (``"match"``: the name, the schedule, the standings). ``examples`` are
    representative values, drawn by the tests' variants. ``kind``, ``minimum``, ``none``
    and ``words`` say what its values are, for the records' readers and the schema (a
    tuple of ``values`` gives the kind: the booleans, or the words). ``since`` is the
    release the knob came in; a knob of a later release than :data:`FIRST_RELEASE` is
    ``optional`` (a rules object without a preset may leave it out, and it keeps its
    default), since records written before it lack it.
    """
    if isinstance(values, tuple):
        if all(isinstance(v, bool) for v in values):
            kind = "boolean"
        else:
            kind, words = "word", tuple(str(v) for v in values)
        shown = [repr(v) if isinstance(v, str) else str(v) for v in values]
        values = ", ".join(shown[:-1]) + " or " + shown[-1]
    assert kind is not None, "a knob whose values are given in words names its kind"
    return {
        "rule": rule,
        "values": values,
        "summary": summary,
        "scope": scope,
        "examples": examples,
        "kind": kind,
        "minimum": minimum,
        "none": none,
        "words": words,
        "since": since,
        "optional": optional or since != FIRST_RELEASE,
    }


@attrs.frozen(kw_only=True)
class KnobHelp:
    """What one knob of :class:`Rules` means, as the help shows it.

    .. versionadded:: 0.1
    """

    #: The knob's name, an attribute of :class:`Rules`.
    name: str
    #: The values it takes, in words (``"'must', 'may' or 'never'"``).
    values: str
    #: The rules it decides, as the rules guide numbers them (``"R13, R13b"``).
    rule: str
    #: What it does, in one sentence.
    summary: str

    def __str__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.name}: {self.values}{rule}. {self.summary}"


@attrs.frozen(kw_only=True)
class Rules:
    """Every knob of a Chicken Foot variant (the rules guide, R1 to R23).

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

    The knobs, each with its values and the rules it decides
    (:func:`Rules.knob_help <chickenfoot.Rules.knob_help>` gives the same lines):

    {knobs}

    .. versionadded:: 0.1
    """

    #: A name for the variant, shown in messages and records.
    name: str = attrs.field(
        default="custom",
        validator=attrs.validators.instance_of(str),
        metadata=_about(
            "",
            "any text",
            "A name for the variant, shown in messages and records.",
            scope="match",
            kind="text",
            examples=("custom", "house rules"),
        ),
    )
    #: The set by player count, as ``{players: N}`` for the double-N set (R5). Any
    #: mapping or iterable of pairs is accepted and kept as a sorted tuple of pairs.
    set_sizes: PlayerTable = attrs.field(
        converter=_player_table,
        metadata=_about(
            "R5",
            f"{{players: N}}, N from 0 to {MAX_PIPS}",
            "The double-N set, by player count.",
            scope="round",
            kind="table",
            examples=(((2, 6),), ((2, 9), (3, 9), (4, 12))),
        ),
    )
    #: Tiles dealt to each player, by player count (R5). The player counts of this
    #: table are the ones the variant supports.
    hand_sizes: PlayerTable = attrs.field(
        converter=_player_table,
        metadata=_about(
            "R5",
            "{players: tiles}, 2 players or more, 1 tile or more",
            "Tiles dealt to each player; its player counts are the ones the variant covers.",
            scope="round",
            kind="table",
            examples=(((2, 7),), ((2, 15), (3, 10), (4, 9))),
        ),
    )
    #: How a round starts (R6): the holder of the round double places it (``"holder"``),
    #: it lies in the centre before the deal (``"centre"``), or the holder of the highest
    #: double at or below it places that one, which becomes the round double (R6b,
    #: ``"highest_held"``).
    start: Start = attrs.field(
        default="holder",
        validator=_choice(*STARTS),
        metadata=_about(
            "R6, R6b, R23",
            STARTS,
            "Who places the round double (or the highest double held below it), who moves first.",
            scope="round",
            examples=STARTS,
        ),
    )
    #: Places on the round double, 4 for the cross and 6 for the double chicken foot (R3).
    opening_toes: int = attrs.field(
        default=4,
        validator=_whole(1),
        metadata=_about(
            "R3, R7",
            "a whole number, 1 or more",
            "Places on the round double: 4 the cross, 6 the double chicken foot, 3 the Y.",
            scope="round",
            kind="integer",
            minimum=1,
            examples=(3, 4, 5, 6),
        ),
    )
    #: Whether the first play after the cross must be a double onto an arm (R8).
    first_foot_required: bool = attrs.field(
        default=False,
        validator=_choice(False, True),
        metadata=_about(
            "R8",
            (False, True),
            "Whether the first play after the opening is a double.",
            scope="round",
            examples=(False, True),
        ),
    )
    #: Toe places on every double played onto an open end (R3, R9).
    toes_per_double: int = attrs.field(
        default=3,
        validator=_whole(1),
        metadata=_about(
            "R3, R9",
            "a whole number, 1 or more",
            "Toe places on a double played onto an end.",
            scope="round",
            kind="integer",
            minimum=1,
            examples=(1, 2, 3),
        ),
    )
    #: Nobody may draw while the boneyard holds this many tiles or fewer (R14).
    boneyard_reserve: int = attrs.field(
        default=0,
        validator=_whole(0),
        metadata=_about(
            "R14",
            "a whole number, 0 or more",
            "Tiles left in the boneyard that nobody may draw.",
            scope="round",
            kind="integer",
            minimum=0,
            examples=(0, 1, 2, 3),
        ),
    )
    #: Tiles a player without a play may draw in one turn; ``None`` draws until a tile
    #: can be played or drawing stops (R13).
    draws_per_turn: int | None = attrs.field(
        default=1,
        validator=_whole(1, none=True),
        metadata=_about(
            "R13",
            "a whole number, 1 or more, or None",
            "Tiles a player without a play may draw in one turn; None: until one plays.",
            scope="round",
            kind="integer",
            minimum=1,
            none=True,
            examples=(1, 2, None),
        ),
    )
    #: Whether a playable drawn tile ``"must"`` be played at once or ``"may"`` be kept
    #: (R13), or is ``"never"`` played in the turn it was drawn: the drawer passes (R13b).
    play_drawn: PlayDrawn = attrs.field(
        default="must",
        validator=_choice(*PLAY_DRAWN),
        metadata=_about(
            "R13, R13b",
            PLAY_DRAWN,
            "Whether a playable drawn tile is played at once, may be kept, or waits a turn.",
            scope="round",
            examples=PLAY_DRAWN,
        ),
    )
    #: Whether a player with a legal play must play (R12), or may draw instead while he
    #: may draw (``False``, R12b): the drawn tile is then the only one he may play that
    #: turn, as ``play_drawn`` says (R13).
    #:
    #: .. versionadded:: 0.2
    must_play: bool = attrs.field(
        default=True,
        validator=_choice(True, False),
        metadata=_about(
            "R12, R12b",
            (True, False),
            "Whether a player with a play must play; False lets him draw instead.",
            scope="round",
            examples=(True, False),
            since="0.2",
        ),
    )
    #: What the double-blank counts in a hand at the end of a round (R17).
    double_blank: int = attrs.field(
        default=0,
        validator=_whole(0),
        metadata=_about(
            "R17",
            "a whole number, 0 or more",
            "What the double-blank counts left in a hand.",
            scope="round",
            kind="integer",
            minimum=0,
            examples=(0, 25, 50),
        ),
    )
    #: What each blank end of a tile other than the double-blank counts in a hand at the
    #: end of a round, on top of the tile's pips (R17b): with 25, ``5-0`` counts 30.
    blank_value: int = attrs.field(
        default=0,
        validator=_whole(0),
        metadata=_about(
            "R17b",
            "a whole number, 0 or more",
            "What a blank end of any other tile counts left in a hand (5-0 is 5 + this).",
            scope="round",
            kind="integer",
            minimum=0,
            examples=(0, 25),
            optional=True,  # the first records, before 0.1.0, lack it
        ),
    )
    #: What a player scores for a round that he goes out of by playing a double as his
    #: last tile, the round double too, instead of 0 (R17c); he still wins the round (R18).
    #:
    #: .. versionadded:: 0.2
    out_on_double: int = attrs.field(
        default=0,
        validator=_whole(0),
        metadata=_about(
            "R17c",
            "a whole number, 0 or more",
            "What a player scores who goes out by playing a double as his last tile.",
            scope="round",
            kind="integer",
            minimum=0,
            examples=(0, 50),
            since="0.2",
        ),
    )
    #: How many rounds a match has (R19), ``"full"`` (every round of
    #: :attr:`round_order`: N + 1 rounds going down, 2N + 1 down and up), ``"half"``
    #: (the first ceil(N / 2) going down, the N + 1 of the way down going down and up)
    #: or a count.
    rounds: int | Literal["full", "half"] = attrs.field(
        default="full",
        validator=_rounds,
        metadata=_about(
            "R19",
            "'full', 'half' or a whole number, 1 or more",
            "How many rounds a match plays, in the order of round_order.",
            scope="match",
            kind="integer",
            minimum=1,
            words=("full", "half"),
            examples=("full", "half", 3),
        ),
    )
    #: The order of the round doubles in a match (R19b): ``"down"`` from the set's
    #: highest to 0-0, ``"down_up"`` down to 0-0 and back up to the highest.
    round_order: RoundOrder = attrs.field(
        default="down",
        validator=_choice(*ROUND_ORDERS),
        metadata=_about(
            "R19, R19b",
            ROUND_ORDERS,
            "The round doubles, highest to 0-0 (and back up).",
            scope="match",
            examples=ROUND_ORDERS,
            optional=True,  # the first records, before 0.1.0, lack it
        ),
    )
    #: Instead of a count of rounds, play until a total passes this target (R20).
    target: int | None = attrs.field(
        default=None,
        validator=_whole(1, none=True),
        metadata=_about(
            "R20",
            "a whole number, 1 or more, or None",
            "Play rounds until a total passes it, instead of a count of rounds.",
            scope="match",
            kind="integer",
            minimum=1,
            none=True,
            examples=(None, 100, 300),
        ),
    )
    #: Whether the match ends when a total ``"exceeds"`` or ``"reaches"`` the target (R20).
    target_mode: TargetMode = attrs.field(
        default="exceeds",
        validator=_choice(*TARGET_MODES),
        metadata=_about(
            "R20",
            TARGET_MODES,
            "Whether a total must exceed or reach the target.",
            scope="match",
            examples=TARGET_MODES,
        ),
    )
    #: How equal lowest totals are decided (R22).
    tie_break: TieBreak = attrs.field(
        default="shared",
        validator=_choice(*TIE_BREAKS),
        metadata=_about(
            "R22",
            TIE_BREAKS,
            "How equal lowest totals are told apart.",
            scope="match",
            examples=TIE_BREAKS,
        ),
    )
    #: The house rules, in the order the rulebook asks them after its own: instances of
    #: registered :class:`~chickenfoot.HouseRule` classes (see :func:`~chickenfoot.house_rule`).
    #: Any iterable is accepted and kept as a tuple.
    #:
    #: .. versionadded:: 0.2
    house: tuple[HouseRule, ...] = attrs.field(
        default=(),
        converter=house_of,
        metadata=_about(
            "",
            "a list of registered house rules",
            "Rules the knobs lack, each a registered HouseRule, asked after the library's.",
            scope="round",
            kind="house",
            examples=((),),
            since="0.2",
        ),
    )

    def __attrs_post_init__(self) -> None:
        self._check_tables()
        if self.play_drawn == "never" and self.draws_per_turn != 1:
            raise RulesError(
                f"{self.name}: with play_drawn='never' a player who cannot play draws one "
                f"tile and passes, so draws_per_turn is 1, not {self.draws_per_turn!r} "
                f"(R13, R13b)"
            )
        if self.target is not None and self.rounds != "full":
            raise RulesError(
                f"{self.name}: a target of {self.target} decides when the match ends, "
                f"so rounds must stay 'full', not {self.rounds!r} (R19, R20)"
            )
        if self.house:
            check_house(self)

    @staticmethod
    def knob_help() -> tuple[KnobHelp, ...]:
        """Every knob with its values, its rules and one line on what it does.

        The class docstring, the ``chickenfoot rules`` command and the API reference
        show these lines.

        >>> from chickenfoot import Rules
        >>> print(next(k for k in Rules.knob_help() if k.name == "tie_break"))
        tie_break: 'shared' or 'zero_rounds' (R22). How equal lowest totals are told apart.
        """
        return _KNOB_HELP

    def to_dict(self) -> dict[str, Any]:
        """These rules as a dict of JSON values: a preset and the knobs that differ from it.

        The preset is the one these rules differ from in the fewest knobs (on a tie, the
        one they are named after), so a preset changed with :func:`attrs.evolve` writes
        only what was changed. The player tables are objects keyed by the player count in
        decimal. This is the ``"rules"`` object of game records and views, and the shape
        the ``--rules`` files of the ``chickenfoot`` command take; the ``"rules"`` schema
        of :func:`~chickenfoot.schema` describes it:

        >>> import attrs
        >>> from chickenfoot import PRESETS
        >>> PRESETS["classic"].to_dict()
        {'preset': 'classic', 'knobs': {}}
        >>> attrs.evolve(PRESETS["classic"], name="classic-25", double_blank=25).to_dict()
        {'preset': 'classic', 'knobs': {'name': 'classic-25', 'double_blank': 25}}
        >>> attrs.evolve(PRESETS["chickie-duel"], hand_sizes={2: 8}).to_dict()
        {'preset': 'chickie-duel', 'knobs': {'hand_sizes': {'2': 8}}}

        Raises:
            RulesError: a value :meth:`from_dict` could not read back: a name longer than
                64 characters, or a number beyond a signed 64-bit integer.

        .. versionadded:: 0.2
        """
        return rules_to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """These rules (:meth:`to_dict`) as JSON text; ``indent`` as for :func:`json.dumps`.

        >>> import attrs
        >>> from chickenfoot import PRESETS, Rules
        >>> rules = attrs.evolve(PRESETS["double-foot"], start="highest_held", rounds="half")
        >>> print(rules.to_json())
        {"preset": "double-foot", "knobs": {"start": "highest_held", "rounds": "half"}}
        >>> Rules.from_json(rules.to_json()) == rules
        True

        Raises:
            RulesError: as for :meth:`to_dict`.

        .. versionadded:: 0.2
        """
        import json

        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, value: object) -> Rules:
        """The rules a dict of JSON values describes, as :meth:`to_dict` writes them.

        ``value`` is ``{"preset": NAME, "knobs": {...}}``: the preset and the knobs that
        change it, or ``"preset": None`` and every knob (``blank_value``, ``round_order``,
        ``must_play`` and ``out_on_double`` may be left out, and keep their defaults).
        Written by hand, it may spell the preset as :func:`~chickenfoot.find_preset` reads
        it (an alias, any case, spaces or ``_`` for ``-``), spell the words of the knobs
        the same way (``"highest-held"`` or ``"Highest held"`` for ``"highest_held"``),
        and leave ``"knobs"`` out:

        >>> from chickenfoot import Rules
        >>> rules = Rules.from_dict({"preset": "Chickie", "knobs": {"start": "highest-held"}})
        >>> rules.name, rules.start
        ('chickie-duel', 'highest_held')
        >>> Rules.from_dict({"preset": "classic"}).double_blank
        50

        Knobs alone, without the preset they change, are refused with the shape to use,
        and a value a knob cannot take with the values it can:

        >>> Rules.from_dict({"double_blank": 25})
        Traceback (most recent call last):
          ...
        chickenfoot.errors.RulesError: rules: "double_blank" is a knob, and knobs go under
        "knobs", beside the "preset" they change (null to give every knob):
        {"preset": "classic", "knobs": {"double_blank": 25}}
        >>> Rules.from_dict({"preset": "classic", "knobs": {"tie_break": "coin"}})
        Traceback (most recent call last):
          ...
        chickenfoot.errors.RulesError: rules.knobs.tie_break: expected one of "shared",
        "zero_rounds", got "coin"

        Raises:
            RulesError: ``value`` is not a rules object: the message names the key, the
                shape or the values allowed, or the knobs clash (as :class:`Rules` says).

        .. versionadded:: 0.2
        """
        return rules_from_value(value)

    @classmethod
    def from_json(cls, text: str | bytes) -> Rules:
        """The rules a rules object's JSON text describes, as :meth:`from_dict` reads it.

        The text is bounded as a game record's is (2 MiB of UTF-8), every value is checked
        for its JSON type and a key given twice is refused.

        Raises:
            RulesError: the text is not JSON, or not a rules object (see :meth:`from_dict`).

        .. versionadded:: 0.2
        """
        return rules_from_json(text)

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
        self.hand_size(players)  # the check: hand_sizes covers no count set_sizes does not
        return _entry(self.set_sizes, players)

    def hand_size(self, players: int) -> int:
        """How many tiles each of ``players`` players is dealt (R5).

        >>> from chickenfoot import PRESETS
        >>> PRESETS["cross-and-foot"].hand_size(3)
        13
        """
        if type(players) is int:  # a search of a few pairs, before the check's messages
            for count, size in self.hand_sizes:
                if count == players:
                    return size
        self.check_players(players)
        return _entry(self.hand_sizes, players)

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
        return schedule_of(self).round_count(players)

    def round_double(self, players: int, index: int) -> Tile:
        """The double that round ``index`` (0 for the first) of a match is dealt for (R19,
        R19b, R20).

        Going ``"down"``: the set's highest, then each lower double to 0-0, and with a
        target round again from the highest. Going ``"down_up"``: down to 0-0 and back up
        to the highest, and with a target down again, never the same double twice in a row.

        >>> import attrs
        >>> from chickenfoot import PRESETS
        >>> down_up = attrs.evolve(PRESETS["chickie-duel"], round_order="down_up")
        >>> [down_up.round_double(2, i).high for i in range(15)]
        [6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 5, 4]
        >>> [PRESETS["chickie-duel"].round_double(2, i).high for i in range(9)]
        [6, 5, 4, 3, 2, 1, 0, 6, 5]

        Raises:
            RulesError: the variant does not cover ``players``.
            ValueError: ``index`` is not a whole number, 0 or more.
        """
        k = schedule_of(self).dealt_for(players, index)
        return Tile(k, k)


_KNOB_HELP: Final = tuple(
    KnobHelp(
        name=field.name,
        values=field.metadata["values"],
        rule=field.metadata["rule"],
        summary=field.metadata["summary"],
    )
    for field in attrs.fields(Rules)
)
if Rules.__doc__ is not None:  # None under python -OO
    Rules.__doc__ = Rules.__doc__.replace(
        "{knobs}", "\n    ".join(f"- ``{k.name}``: {str(k)[len(k.name) + 2 :]}" for k in _KNOB_HELP)
    )


def _is_parameter(field: attrs.Attribute[Any]) -> bool:
    """Whether a knob is a game parameter: it decides a round, and one number or one word
    (a boolean or a whole number from 0, or from 1 if it may be ``None``) gives it."""
    about = field.metadata
    if about["scope"] != "round" or about["kind"] not in ("boolean", "word", "integer"):
        return False
    if about["kind"] != "integer":
        return True
    floor = 1 if about["none"] else 0
    return not about["words"] and about["minimum"] is not None and about["minimum"] >= floor


def round_parameters() -> dict[str, int | str]:
    """The knobs that are game parameters of the adapters, each with the value that keeps
    the preset's: ``""`` for a word, -1 for a boolean or a number (0 for ``None``).

    Every knob of scope ``"round"`` whose value is one boolean, word or whole number is
    one, in field order, so a new knob of a round is a parameter at once.
    """
    return {
        field.name: "" if field.metadata["kind"] == "word" else -1
        for field in attrs.fields(Rules)
        if _is_parameter(field)
    }


def knobs_of_parameters(values: Mapping[str, object]) -> dict[str, object]:
    """The knobs that game parameters (:func:`round_parameters`) change, as
    :func:`attrs.evolve` takes them; a parameter left at its default keeps the preset's.

    A word is given as itself; a boolean as 0 or 1; a number as itself, 0 giving ``None``
    for a knob that takes it; a negative number keeps the preset's. A value the knob
    cannot take is passed on for :class:`Rules` to refuse.
    """
    knobs: dict[str, object] = {}
    for field in attrs.fields(Rules):
        if field.name not in values or not _is_parameter(field):
            continue
        value = values[field.name]
        kind = field.metadata["kind"]
        if kind == "word":
            if value != "":
                knobs[field.name] = value
            continue
        number = int(value)  # type: ignore[call-overload]
        if number < 0:
            continue
        if kind == "boolean":
            knobs[field.name] = bool(number) if number in (0, 1) else number
        elif number == 0 and field.metadata["none"]:
            knobs[field.name] = None
        else:
            knobs[field.name] = number
    return knobs


def _entry(table: PlayerTable, players: int) -> int:
    """The value of ``table`` for ``players``, which it covers."""
    for count, value in table:
        if count == players:
            return value
    raise KeyError(players)


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

#: The presets of the rules guide by name, ``"chickie-duel"``,
#: ``"cross-and-foot"``, ``"classic"`` and ``"double-foot"``. Read-only.
#:
#: .. versionadded:: 0.1
PRESETS: Final[Mapping[str, Rules]] = types.MappingProxyType({r.name: r for r in _PRESET_LIST})

#: The other names of the presets, each alias with the preset it names, as
#: :func:`find_preset` reads them: ``PRESET_ALIASES["chickie"] == "chickie-duel"``. Read-only.
#:
#: .. versionadded:: 0.2
PRESET_ALIASES: Final[Mapping[str, str]] = types.MappingProxyType(
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
    key = PRESET_ALIASES.get(key, key)
    if key in PRESETS:
        return PRESETS[key]
    raise RulesError(
        f"no preset {name!r}; the presets are {', '.join(PRESETS)} (aliases: {', '.join(PRESET_ALIASES)})"
    )


# -- rules as JSON: the knobs read and written from their metadata --------------------------

_PLAYER_KEY: Final = re.compile(r"0|[1-9][0-9]{0,18}", re.ASCII)
_Record: TypeAlias = dict[str, Any]


def _name(value: _Json, path: str) -> str:
    return _string(value, path, MAX_NAME)


def _read_player_table(value: _Json, path: str) -> dict[int, int]:
    """A ``{"<players>": number}`` table of the rules (``set_sizes``, ``hand_sizes``)."""
    if not isinstance(value, dict):
        _fail(path, f"expected an object, got {_describe(value)}")
    if len(value) > MAX_TILES:
        _fail(path, f"{len(value)} player counts, but a record allows at most {MAX_TILES}")
    table: dict[int, int] = {}
    for key, number in value.items():
        if not isinstance(key, str) or not _PLAYER_KEY.fullmatch(key):
            shown = _shown(key) if isinstance(key, str) else _describe(key)
            _fail(path, f'a key is a player count written in decimal, like "4", not {shown}')
        players = _integer(int(key), _at(path, key))
        table[players] = _integer(number, _at(path, key))
    return table


#: The most house rules a rules object lists.
MAX_HOUSE: Final = 16


def _house_rules(value: _Json, path: str) -> tuple[HouseRule, ...]:
    """``[{"name": "wild-double-blank", "knobs": {...}}, ...]``: registered house rules,
    each made from its own knobs."""
    rules: list[HouseRule] = []
    for k, entry in enumerate(_array(value, path, MAX_HOUSE)):
        where = f"{path}[{k}]"
        obj = _object(entry, where, ("name",), ("knobs",))
        name = _string(obj["name"], _at(where, "name"), MAX_NAME)
        try:
            cls = find_house_rule(name)
        except RulesError as exc:
            _fail(_at(where, "name"), str(exc))
        knobs = obj.get("knobs", {})
        if not isinstance(knobs, dict):
            _fail(_at(where, "knobs"), f"expected an object, got {_describe(knobs)}")
        fields = {f.name for f in attrs.fields(cls)}
        for key, v in knobs.items():
            if key not in fields:
                known = ", ".join(sorted(fields)) or "none"
                _fail(
                    _at(where, "knobs"),
                    f"house rule {name} has no knob {_shown(key)} (its knobs: {known})",
                )
            if isinstance(v, bool | str) or v is None:
                continue
            _integer(v, _at(_at(where, "knobs"), key))
        try:
            rules.append(cls(**knobs))
        except (ChickenFootError, ValueError, TypeError) as exc:
            _fail(where, f"house rule {name}: {exc}")
    return tuple(rules)


def house_json(rules: tuple[HouseRule, ...]) -> list[_Json]:
    """House rules as records write them: each its name and the knobs it sets."""
    out: list[_Json] = []
    for rule in rules:
        knobs = {f.name: getattr(rule, f.name) for f in attrs.fields(type(rule))}
        out.append({"name": rule.name, "knobs": knobs})
    return out


def _whole_knob(words: tuple[str, ...], none: bool) -> Callable[[_Json, str], object]:
    """The reader of a whole-number knob that may also take ``words`` or null."""
    if not words and not none:
        return _integer
    said = [json.dumps(w) for w in words] + ["an integer"] + (["null"] if none else [])
    expected = ", ".join(said[:-1]) + " or " + said[-1]

    def read(value: _Json, path: str) -> object:
        if isinstance(value, str) and value in words:
            return value
        if value is None and none:
            return None
        if type(value) is not int and not isinstance(value, _BigNumber):
            _fail(path, f"expected {expected}, got {_describe(value)}")
        return _integer(value, path)

    return read


def _knob_reader(field: attrs.Attribute[Any]) -> Callable[[_Json, str], object]:
    """How a record's value of the knob ``field`` is read, from the field's metadata."""
    about = field.metadata
    kind = about["kind"]
    if kind == "text":
        return _name
    if kind == "table":
        return _read_player_table
    if kind == "boolean":
        return _boolean
    if kind == "word":
        return _one_of(*about["words"])
    if kind == "integer":
        return _whole_knob(about["words"], about["none"])
    if kind == "house":
        return _house_rules
    raise AssertionError(f"knob {field.name} has no reader for kind {kind!r}")


#: How each knob of :class:`Rules` is read, in field order; the writer writes the same
#: knobs. Read from the fields' metadata, so a new knob is read and written at once.
_KNOBS: Final[Mapping[str, Callable[[_Json, str], object]]] = types.MappingProxyType(
    {field.name: _knob_reader(field) for field in attrs.fields(Rules)}
)
#: Knobs a record without a preset may leave out, keeping their defaults: those added
#: after the first records were written (R17b, R19b), and every knob of a later release.
_LATER_KNOBS: Final = frozenset(
    field.name for field in attrs.fields(Rules) if field.metadata["optional"]
)


def read_rules(value: _Json) -> Rules:
    obj = _object(value, "rules", ("preset", "knobs"))
    preset = obj["preset"]
    if preset is not None:
        preset = _string(preset, "rules.preset", MAX_NAME)
        if preset not in PRESETS:
            _fail(
                "rules.preset",
                f"no preset {_shown(preset)}; the presets are {', '.join(PRESETS)}, "
                "or null for a variant given knob by knob",
            )
    knobs = _object(obj["knobs"], "rules.knobs", (), tuple(_KNOBS))
    if preset is None:
        for name in _KNOBS:
            if name not in knobs and name not in _LATER_KNOBS:
                _fail(
                    "rules.knobs",
                    f"missing knob {_shown(name)}: without a preset, every knob is given",
                )
    values: dict[str, Any] = {
        name: _KNOBS[name](v, _at("rules.knobs", name)) for name, v in knobs.items()
    }
    try:
        if preset is None:
            return Rules(**values)
        return attrs.evolve(PRESETS[preset], **values)
    except (ChickenFootError, ValueError, TypeError) as exc:
        raise RecordError(f"rules: {exc}") from exc


def _knob_json(value: object) -> _Json:
    if isinstance(value, tuple) and value and isinstance(value[0], HouseRule):
        return house_json(value)
    if isinstance(value, tuple):  # a player table, as sorted pairs
        return {str(players): number for players, number in value}
    return value


def _changed(rules: Rules, base: Rules) -> list[str]:
    """The knobs of ``rules`` whose values differ from those of ``base``, in field order."""
    return [name for name in _KNOBS if getattr(rules, name) != getattr(base, name)]


@functools.lru_cache(maxsize=256)
def closest_preset(rules: Rules) -> str:
    """The preset ``rules`` differs from in the fewest knobs; on a tie, the one it is
    named after, then the first in :data:`PRESETS`."""
    ranked = sorted(
        (len(_changed(rules, base)), name != rules.name, index, name)
        for index, (name, base) in enumerate(PRESETS.items())
    )
    return ranked[0][3]


def rules_record(rules: Rules) -> _Record:
    """``{"preset": ..., "knobs": {...}}``: the closest preset and the knobs that differ."""
    preset = closest_preset(rules)
    base = PRESETS[preset]
    knobs = {name: _knob_json(getattr(rules, name)) for name in _changed(rules, base)}
    return {"preset": preset, "knobs": knobs}


def rules_to_dict(rules: Rules) -> _Record:
    """:func:`rules_record`, checked to read back (a name of at most 64 characters, ...)."""
    value = rules_record(rules)
    try:
        read_rules(value)
    except RecordError as exc:
        raise RulesError(f"these rules cannot be written as JSON: {exc}") from exc
    return value


# -- rules as data, written by hand ----------------------------------------------------------

#: The knobs whose values are words, each with the words it takes: a rules file may spell
#: them as preset names may be spelt (``"Highest-Held"`` for ``"highest_held"``).
_WORDS: Final[Mapping[str, tuple[str, ...]]] = types.MappingProxyType(
    {
        field.name: field.metadata["words"]
        for field in attrs.fields(Rules)
        if field.metadata["words"]
    }
)
#: The shape of a rules object, as errors show it.
RULES_SHAPE: Final = '{"preset": "classic", "knobs": {"double_blank": 25}}'


def _word(value: _Json, words: tuple[str, ...]) -> _Json:
    """``value`` as the word of ``words`` it spells, ignoring case, spaces, ``-`` and ``_``;
    anything else unchanged, for the reader to refuse with the list of words."""
    if not isinstance(value, str) or len(value) > MAX_NAME:
        return value
    key = "_".join(value.lower().replace("-", " ").replace("_", " ").split())
    return key if key in words else value


def rules_from_value(value: _Json) -> Rules:
    """The rules of a rules object written by hand, as :meth:`Rules.from_dict` reads it."""
    if not isinstance(value, dict):
        raise RulesError(f"rules: expected an object like {RULES_SHAPE}, got {_describe(value)}")
    loose = [key for key in value if isinstance(key, str) and key in _KNOBS]
    if loose:
        raise RulesError(
            f'rules: {_shown(loose[0])} is a knob, and knobs go under "knobs", beside the '
            f'"preset" they change (null to give every knob): {RULES_SHAPE}'
        )
    if "preset" not in value:
        raise RulesError(
            f'rules: missing key "preset": name the preset the knobs change, or null to give '
            f"every knob: {RULES_SHAPE}"
        )
    data = {"knobs": {}, **value}
    preset = data["preset"]
    if isinstance(preset, str) and len(preset) <= MAX_NAME:
        try:
            data["preset"] = find_preset(preset).name
        except RulesError as exc:
            raise RulesError(f"rules.preset: {exc}") from None
    knobs = data["knobs"]
    if isinstance(knobs, dict):
        data["knobs"] = {
            name: _word(v, _WORDS[name]) if name in _WORDS else v for name, v in knobs.items()
        }
    try:
        return read_rules(data)
    except RecordError as exc:
        raise RulesError(str(exc)) from exc


def rules_from_json(text: str | bytes) -> Rules:
    """The rules of a rules object's JSON text, as :meth:`Rules.from_json` reads it."""
    try:
        value = read_json(text, "rules object")
    except RecordError as exc:
        raise RulesError(str(exc)) from exc
    return rules_from_value(value)
