"""House rules: the rules the knobs lack, as small classes in a user's own script.

A house rule is a frozen attrs subclass of :class:`HouseRule`, registered by name with
:func:`house_rule` and listed in :attr:`Rules.house <chickenfoot.Rules.house>`. The
rulebook (``_book``) runs the library's families first and then each house rule in
order: its :meth:`~HouseRule.moves` filter or extend the legal moves once the round
double is on the table, its :meth:`~HouseRule.refusal` says why a move it removed is not
legal, and :meth:`~HouseRule.tile_points`, :meth:`~HouseRule.bonus` and
:meth:`~HouseRule.hand_points` change the scoring (R17), which
:meth:`~HouseRule.score_bounds` bounds. Before any move, :meth:`~HouseRule.deal_needs`
says what the rule needs of a deal and :meth:`~HouseRule.check_position` which written
positions it cannot reach. A rule reads a :class:`Turn`: what the seat to move knows of
its turn, the table through the read-only :class:`Table`.

This module is interpreted (never compiled), so a user's subclass needs nothing of the
compiler; the compiled book calls house rules as Python objects, and a book without
house rules never calls one. The functions after the classes are the book's answers when
it has house rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, TypeVar

import attrs

from ._moves import DRAW, PASS, Draw, Move, Pass, Play
from ._rule import UNKNOWN, Obligation, PublicTurn, Refusal, Reveal, obligation_of, off_table
from ._table import OpenEnd, TableState
from ._tiles import TILES, Tile, tiles_of
from .errors import RulesError

if TYPE_CHECKING:
    from ._book import Book
    from ._engine import Ending
    from ._round import Round
    from ._rules import Rules

__all__ = [
    "HouseRule",
    "Table",
    "Turn",
    "find_house_rule",
    "house_rule",
    "registered_house_rules",
]


class Table:
    """The table as a house rule reads it: a read-only face of the engine's table.

    .. versionadded:: 0.2
    """

    __slots__ = ("_state",)

    def __init__(self, state: TableState) -> None:
        self._state = state

    @property
    def engine(self) -> TableState:
        """The engine's table (:class:`chickenfoot.state.TableState`), for rules that
        read bitmasks."""
        return self._state

    @property
    def round_double(self) -> Tile | None:
        """The round double, or ``None`` before it is placed (R6)."""
        state = self._state
        return TILES[state.double] if state.placed else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles on the table, by index."""
        return tiles_of(self._state.on)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self._state.on >> tile.index & 1)

    @property
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Every place a tile could go, ignoring what must come first (R2, R3)."""
        return self._state.open_ends()

    @property
    def first(self) -> Tile | None:
        """The double whose places come first now: the round double's (R7) or a double
        wanting its toes (R9), or ``None``."""
        pending = self._state.pending
        return TILES[pending] if pending >= 0 else None

    @property
    def needs_foot(self) -> bool:
        """Whether the first foot, a double onto an arm, comes first (R8)."""
        return self._state.need_foot

    def places(self) -> tuple[Tile, ...]:
        """The tiles a play may go onto now, whatever its numbers: the double whose places
        come first (R7, R9), else every tile with an open end (R2, R8, R10)."""
        state = self._state
        if state.pending >= 0:
            return (TILES[state.pending],)
        return tuple(sorted({TILES[e] for ends in state.ends for e in ends}))

    def plays(self, tile: Tile) -> list[Play]:
        """The plays of ``tile`` on this table by the placement rules (R7-R10)."""
        return [m for m in self._state.plays(1 << tile.index) if isinstance(m, Play)]

    def __repr__(self) -> str:
        return f"Table(round_double={self.round_double!r}, open_ends={self.open_ends!r})"


@attrs.frozen
class Turn:
    """What the seat to move knows of its turn: all a house rule reads.

    .. versionadded:: 0.2
    """

    #: The seat to move.
    seat: int
    #: Its tiles, by index.
    hand: tuple[Tile, ...]
    #: The tile it drew last this turn (R13), or ``None``.
    drawn: Tile | None
    #: How many tiles it drew this turn.
    draws: int
    #: How many tiles the boneyard holds.
    boneyard_count: int
    #: How many tiles every seat holds, by seat.
    hand_counts: tuple[int, ...]
    #: Whether the drawing rules let it draw now, were it without a play (R13, R14).
    can_draw: bool
    #: The table.
    table: Table
    #: What the rules demand of the next play (R7-R9, R13).
    obligation: Obligation
    #: The rules of the round.
    rules: Rules


@attrs.frozen
class HouseRule:
    """A rule the knobs lack: subclass it in a frozen attrs class, register the class with
    :func:`house_rule`, and list an instance in :attr:`Rules.house
    <chickenfoot.Rules.house>`.

    The class's attrs fields are the rule's own knobs (whole numbers, text, booleans or
    ``None``; a knob whose default is one of the first three takes only values of that
    kind), written in records and rules files by name. ``name`` is how records,
    rules files and the command line name the rule (lowercase words joined by ``-``),
    ``rule`` how refusals cite it (``"H1"``), and ``separable`` a promise for the exact
    sampler: each tile's plays are kept or removed on its own, so that what a draw or a
    pass tells of the mover's hand can be worked out tile by tile. Every method has a
    default that changes nothing; override those the rule needs.

    .. versionadded:: 0.2
    """

    #: How records, rules files and the command line name the rule.
    name: ClassVar[str] = ""
    #: How refusals and errors cite the rule, as ``"H1"``.
    rule: ClassVar[str] = ""
    #: Whether each tile's plays are kept or removed on its own (see above).
    separable: ClassVar[bool] = False

    def check(self, rules: Rules) -> None:
        """Raise :class:`~chickenfoot.errors.RulesError` if the rule cannot work with the
        knobs of ``rules``; called when a :class:`~chickenfoot.Rules` listing it is made."""

    def deal_needs(self, set_size: int, dealt_for: Tile, players: int) -> str | None:
        """What this rule needs that a round dealt from the double-``set_size`` set to
        ``players`` seats for the double ``dealt_for`` (the round double, R6; in a
        ``highest_held`` start the double searched for, R6b) lacks, in a player's words
        (``"the 9-9 is not in the double-6 set"``), or ``None`` (the default) when the
        rule can play that round.

        Asked before a round is dealt (:meth:`Round.deal <chickenfoot.Round.deal>`,
        :meth:`Round.from_deal <chickenfoot.Round.from_deal>`, every round of a match),
        for every round a match may deal when it starts (:meth:`Match.new
        <chickenfoot.Match.new>`, :meth:`Match.dealt <chickenfoot.Match.dealt>`), and
        when a position or a record is read; a need the deal lacks refuses it with a
        :class:`~chickenfoot.errors.RulesError` (a
        :class:`~chickenfoot.errors.PositionError` for a position) that ends with the
        rule's number and name.

        .. versionadded:: 0.2
        """
        return None

    def moves(self, turn: Turn, moves: list[Move]) -> list[Move]:
        """The legal moves of ``turn``, given ``moves``, the legal moves of the rules
        before this one: filter them or extend them. Asked once the round double is on the
        table (the opening, R6, is the library's). A list left empty becomes a draw if the
        drawing rules allow one, else a pass (R13-R15).

        A play listed is of a tile the seat holds, onto one of ``turn.table.places()``
        (whatever the numbers there: a rule may make a tile wild, but the places are the
        placement rules', R7-R10); any other is refused with a
        :class:`~chickenfoot.errors.RulesError` naming the rule."""
        return moves

    def refusal(self, turn: Turn, move: Move) -> str | None:
        """Why ``move``, which this rule removed, is not legal, in a player's words (the
        book adds the rule's number), or ``None`` to leave the reason to the others."""
        return None

    def reveal(self, turn: PublicTurn, move: Move, base: Reveal) -> Reveal | None:
        """What ``move``, made in the public ``turn``, tells of the mover's hand with this
        rule in the book, given ``base``, what the rules before it say; ``None`` (the
        default) when the rule cannot say. For the exact sampler."""
        return None

    def check_position(self, position: Round) -> str | None:
        """Why this rule could not have reached ``position``, a round set up from a
        written position (:meth:`Round.from_position <chickenfoot.Round.from_position>`,
        a record's position), in a player's words naming the tile and the seat; or
        ``None`` (the default) to accept it.

        Asked once the library's own checks of the position pass (R1-R18: the layout,
        the hands, the turn); the round is whole, so the rule reads its layout
        (:attr:`Round.layout <chickenfoot.Round.layout>`), hands, turn and table as any
        caller does. A reason refuses the position with a
        :class:`~chickenfoot.errors.PositionError` that ends with the rule's number and
        name. The library asks no house rule's :meth:`moves` of the layout's plays: a
        layout says where each tile lies, not who played it, holding what, after which
        draws, with how many tiles left in the boneyard and in every hand (all that a
        :class:`Turn` holds), so a rule whose plays are not allowed everywhere checks its
        layout here. :func:`chickenfoot.testing.check_rule` holds the check to accepting
        every position its random rounds reach.

        .. versionadded:: 0.2
        """
        return None

    def tile_points(self, tile: Tile, points: int) -> int:
        """The penalty points of ``tile`` left in a hand, given ``points``, what the rules
        before this one count (R17)."""
        return points

    def bonus(self, seat: int, ending: Ending, winner: int, last: Tile | None) -> int:
        """Points ``seat`` scores beyond its tiles, read from the ending alone: how the
        round ended, its winner, and the tile the winner went out with (``None`` for a
        blocked round)."""
        return 0

    def hand_points(self, hand: tuple[Tile, ...], points: int) -> int:
        """The penalty points of a whole ``hand``, given ``points``, what the rules before
        this one count; for what tile points cannot say (it makes the sampler check by
        replay)."""
        return points

    def score_bounds(self, low: int, high: int) -> tuple[int, int] | None:
        """The lowest and highest points one seat can score for a round with this rule,
        given ``low`` and ``high``, the bounds before it; ``None`` when the rule cannot
        bound them. The round's points are counted in the order of
        :meth:`hand_points`: for a rule that overrides it, ``low`` and ``high`` bound a
        hand's points as the rules before it count them (the whole set's tile points at
        most, :meth:`tile_points` counted in); for any other rule, the whole score before
        its bonus (the scoring's own points for going out on a double, R17c, in). A rule
        that overrides both bounds both.

        OpenSpiel states its game's bounds on the returns from these
        (:mod:`chickenfoot.openspiel`); a rule that cannot bound its points cannot be
        played there. The default keeps the bounds of a rule that overrides neither
        :meth:`bonus` nor :meth:`hand_points` (its tile points are counted already), and
        is ``None`` for one that does: override it with the bounds of your points.

        .. versionadded:: 0.2
        """
        if _overrides(self, "bonus") or _overrides(self, "hand_points"):
            return None
        return low, high


H = TypeVar("H", bound=type[HouseRule])

#: The registered house rules, by name.
_REGISTRY: Final[dict[str, type[HouseRule]]] = {}
_NAME: Final = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_SCALARS: Final = (int, str, bool, type(None))


def house_rule(cls: H) -> H:
    """Register the house rule ``cls`` under ``cls.name``: records, rules files, the
    command line's ``--rules`` and the adapters' ``house`` parameter find it by that name.

    Registering a class again under its name (its module imported twice) replaces it;
    another class under a name already taken is refused.

    Raises:
        RulesError: ``cls`` is not a frozen attrs subclass of :class:`HouseRule`, or its
            ``name`` or ``rule`` is missing or taken.

    .. versionadded:: 0.2
    """
    given: object = cls
    if not isinstance(given, type) or not issubclass(given, HouseRule) or given is HouseRule:
        raise RulesError(f"a house rule is a subclass of HouseRule, not {given!r}")
    where = f"house rule {cls.__qualname__}"
    if "__attrs_attrs__" not in given.__dict__ or cls.__hash__ is None:
        raise RulesError(f"{where}: decorate the class with @attrs.frozen, below @house_rule")
    name: object = cls.name
    if not isinstance(name, str) or not _NAME.fullmatch(name) or len(name) > 64:
        raise RulesError(
            f"{where}: name is lowercase words joined by '-', as 'wild-double-blank', not {name!r}"
        )
    rule: object = cls.rule
    if not isinstance(rule, str) or not rule or len(rule) > 16:
        raise RulesError(f"{where}: rule is how refusals cite it, as 'H1', not {rule!r}")
    old = _REGISTRY.get(name)
    if old is not None and (old.__module__, old.__qualname__) != (cls.__module__, cls.__qualname__):
        raise RulesError(
            f"{where}: the name {name!r} is taken by {old.__module__}.{old.__qualname__}"
        )
    _REGISTRY[name] = cls
    return cls


def find_house_rule(name: str) -> type[HouseRule]:
    """The house rule registered under ``name``.

    Raises:
        RulesError: no house rule is registered under ``name``; the message says how to
            register one.

    .. versionadded:: 0.2
    """
    found = _REGISTRY.get(name)
    if found is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise RulesError(
            f"no house rule is registered as {name!r} (registered: {known}): import the "
            f"script that defines it (chickenfoot ... --load SCRIPT on the command line), "
            f"or decorate its class with @house_rule"
        )
    return found


def registered_house_rules() -> dict[str, type[HouseRule]]:
    """Every registered house rule, by name (a copy).

    .. versionadded:: 0.2
    """
    return dict(sorted(_REGISTRY.items()))


def check_house(rules: Rules) -> None:
    """Check the house rules of ``rules``: registered instances, each name once, fields of
    plain values, and each rule's own :meth:`HouseRule.check`."""
    seen: set[str] = set()
    for rule in rules.house:
        if not isinstance(rule, HouseRule):
            raise RulesError(f"{rules.name}: house lists HouseRule instances, not {rule!r}")
        cls = type(rule)
        if _REGISTRY.get(cls.name) is not cls:
            raise RulesError(
                f"{rules.name}: the house rule {cls.__qualname__} is not registered: "
                f"decorate its class with @house_rule"
            )
        if cls.name in seen:
            raise RulesError(f"{rules.name}: the house rule {cls.name!r} is listed twice")
        seen.add(cls.name)
        for field in attrs.fields(cls):
            value = getattr(rule, field.name)
            if not isinstance(value, _SCALARS) or isinstance(value, float):
                raise RulesError(
                    f"{rules.name}: house rule {cls.name}: {field.name} is a whole number, "
                    f"text, a boolean or None, not {value!r}"
                )
            kind = _kind(field.default)
            if kind is not None and _kind(value) != kind:
                raise RulesError(
                    f"{rules.name}: house rule {cls.name}: {field.name} is {kind} like its "
                    f"default {field.default!r}, not {value!r}"
                )
        rule.check(rules)


def _kind(value: object) -> str | None:
    """The kind of a knob's value a player would name: ``None`` for no default (or a
    default of ``None``), which leaves the knob any plain value."""
    if type(value) is bool:
        return "true or false"
    if type(value) is int:
        return "a whole number"
    if type(value) is str:
        return "text"
    return None


def house_text(rule: HouseRule) -> str:
    """How refusals cite ``rule``: ``"H1, house rule wild-double-blank"``."""
    return f"{rule.rule}, house rule {rule.name}"


# -- the deal, positions and the bounds of the scores ---------------------------------------


def deal_refusal(rules: Rules, n: int, dealt_for: int, players: int) -> str | None:
    """Why the house rules of ``rules`` cannot play a round dealt from the double-``n``
    set to ``players`` seats for double index ``dealt_for``: the first rule's unmet
    :meth:`HouseRule.deal_needs`, cited; ``None`` when every rule can."""
    for rule in rules.house:
        why = rule.deal_needs(n, TILES[dealt_for], players)
        if why:
            return (
                f"{rules.name} cannot deal a round of the double-{n} set to {players} "
                f"players for {TILES[dealt_for]}: {why} ({house_text(rule)})"
            )
    return None


def position_refusal(position: Round) -> str | None:
    """Why a house rule of ``position``'s rules could not have reached it (its
    :meth:`HouseRule.check_position`), cited; ``None`` when none objects."""
    for rule in position.rules.house:
        why = rule.check_position(position)
        if why:
            return f"{why} ({house_text(rule)})"
    return None


def score_bounds(book: Book, tiles: int) -> tuple[int, int]:
    """The lowest and highest points one seat can score for a round (R17, R17c): tiles
    left in a hand, the set's ``tiles`` at most, counted by the book's values (the house
    rules' tile points in), then, in the order :func:`house_scores` counts, the
    :meth:`HouseRule.score_bounds` of the rules with ``hand_points``, the scoring's
    public points, and the other rules' bounds.

    Raises:
        RulesError: a house rule cannot bound its points.
    """
    values = book.values[:tiles]
    low = sum(v for v in values if v < 0)
    high = sum(v for v in values if v > 0)
    public_low, public_high = book.scoring.public_bounds()
    first = [rule for rule in book.house if _overrides(rule, "hand_points")]
    then = [rule for rule in book.house if not _overrides(rule, "hand_points")]
    for rule in [*first, None, *then]:  # as house_scores counts: None, the public points
        if rule is None:
            low, high = low + public_low, high + public_high
            continue
        bounds = rule.score_bounds(low, high)
        if bounds is None:
            raise RulesError(
                f"{book.rules.name}: the rule changes the scores with bonus() or "
                f"hand_points() but does not bound them: give it score_bounds() "
                f"({house_text(rule)})"
            )
        low, high = bounds
        if low > high:
            raise RulesError(
                f"{book.rules.name}: score_bounds() gives {low} to {high}, the lowest "
                f"above the highest ({house_text(rule)})"
            )
    return low, high


# -- the book's answers with house rules --------------------------------------------------


def _overrides(rule: HouseRule, method: str) -> bool:
    return getattr(type(rule), method) is not getattr(HouseRule, method)


def book_exact(house: tuple[HouseRule, ...]) -> bool:
    """Whether every house rule says what each move tells (``reveal``, ``separable``, or
    no change to the moves) and scores by tile points and bonuses alone."""
    return all(
        (rule.separable or _overrides(rule, "reveal") or not _overrides(rule, "moves"))
        and not _overrides(rule, "hand_points")
        for rule in house
    )


def undeclared(house: tuple[HouseRule, ...]) -> tuple[HouseRule, ...]:
    """The house rules that do not say what each move tells (see :func:`book_exact`)."""
    return tuple(rule for rule in house if not book_exact((rule,)))


def scores_known(house: tuple[HouseRule, ...]) -> bool:
    """Whether a finished round's scores are tile points plus bonuses (no hand_points)."""
    return not any(_overrides(rule, "hand_points") for rule in house)


def tile_values(house: tuple[HouseRule, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """The points of each tile left in a hand, by index: the scoring family's ``values``
    passed through every rule's :meth:`HouseRule.tile_points` (R17)."""
    changing = [rule for rule in house if _overrides(rule, "tile_points")]
    if not changing:
        return values
    out = []
    for t, points in enumerate(values):
        for rule in changing:
            points = rule.tile_points(TILES[t], points)
        out.append(points)
    return tuple(out)


def counts_of(hands: tuple[int, ...]) -> tuple[int, ...]:
    """How many tiles each bitmask of ``hands`` holds."""
    return tuple(hand.bit_count() for hand in hands)


def turn_of(
    book: Book,
    table: TableState,
    seat: int,
    hand: int,
    turn_draws: int,
    last_drawn: int,
    left: int,
    counts: tuple[int, ...],
) -> Turn:
    """The :class:`Turn` a house rule reads."""
    drawing = book.drawing
    return Turn(
        seat=seat,
        hand=tiles_of(hand),
        drawn=TILES[last_drawn] if turn_draws and last_drawn >= 0 else None,
        draws=turn_draws,
        boneyard_count=left,
        hand_counts=counts,
        can_draw=drawing.may_draw(turn_draws, left),
        table=Table(table),
        obligation=obligation_of(drawing, table, turn_draws),
        rules=book.rules,
    )


def house_moves(
    book: Book,
    table: TableState,
    seat: int,
    hand: int,
    turn_draws: int,
    last_drawn: int,
    left: int,
    counts: tuple[int, ...],
) -> list[Move]:
    """The legal moves once the round double is on the table: the drawing rules', then
    each house rule's :meth:`HouseRule.moves`; none left is a draw if the drawing rules
    allow one, else a pass (R13-R15)."""
    drawing = book.drawing
    moves = drawing.moves(table, hand, turn_draws, last_drawn, left)
    turn = turn_of(book, table, seat, hand, turn_draws, last_drawn, left, counts)
    places: tuple[Tile, ...] | None = None
    for rule in book.house:
        moves = list(rule.moves(turn, list(moves)))
        for move in moves:
            if type(move) not in (Play, Draw, Pass):
                raise TypeError(f"house rule {rule.name} listed {move!r}, not a Play, Draw or Pass")
            if type(move) is not Play:
                continue
            if not hand >> move.tile.index & 1:
                raise RulesError(
                    f"house rule {rule.name} listed {move}, but seat {seat} does not hold "
                    f"{move.tile}"
                )
            if places is None:
                places = turn.table.places()
            if move.onto not in places:
                raise RulesError(_off_the_places(rule, move, places))
    if not moves:
        moves = [DRAW] if drawing.may_draw(turn_draws, left) else [PASS]
    return moves


def _off_the_places(rule: HouseRule, move: Play, places: tuple[Tile, ...]) -> str:
    """Why a play a house rule listed cannot be made: it goes onto no place of the table
    now (a house rule chooses the tiles, the placement rules the places, R7-R10)."""
    where = "no tile" if move.onto is None else f"{move.onto}, which is not a place now"
    return (
        f"house rule {rule.name} listed {move}, but it goes onto {where}: a tile may go onto "
        f"{' or '.join(map(str, places))} (R7-R10)"
    )


def house_refusal(
    book: Book,
    table: TableState,
    seat: int,
    hand: int,
    turn_draws: int,
    last_drawn: int,
    left: int,
    move: Move,
    known: Sequence[Move] | None,
    counts: tuple[int, ...],
) -> Refusal | None:
    """Why ``move`` is not legal once the round double is on the table, with house rules:
    the house rules last first, then the families; ``None`` for a legal move."""
    if known is None:
        known = house_moves(book, table, seat, hand, turn_draws, last_drawn, left, counts)
    if any(m == move for m in known):
        return None
    if isinstance(move, Play) and (move.onto is None or not hand >> move.tile.index & 1):
        return book.base_refusal(table, seat, hand, turn_draws, last_drawn, left, move, known)
    turn = turn_of(book, table, seat, hand, turn_draws, last_drawn, left, counts)
    for rule in reversed(book.house):
        why = rule.refusal(turn, move)
        if why:
            return why, house_text(rule)
    base = book.base_refusal(table, seat, hand, turn_draws, last_drawn, left, move, known)
    if base is not None:
        return base
    return (
        "the house rules do not allow it now",
        ", ".join(house_text(rule) for rule in book.house),
    )


def house_check_turn(
    book: Book, table: TableState, seat: int, hand_before: int, turn_draws: int
) -> Refusal | None:
    """Why a position cannot have ``seat`` draw ``turn_draws`` tiles this turn, holding
    ``hand_before`` before the last, with house rules: the draws a turn (R13), then a
    draw among the book's moves for that hand at the start of a turn: beside its plays
    with ``must_play`` false (R12b), else for want of a play (R12)."""
    limit = book.drawing.check_turn(table, seat, 0, turn_draws, book.rules.name)
    if limit is not None:
        return limit
    moves = house_moves(book, table, seat, hand_before, 0, -1, 1 << 30, ())
    if any(type(m) is Draw for m in moves):
        return None
    for m in moves:
        if isinstance(m, Play):
            return f"seat {seat} drew while holding {m.tile}, which has a play", "R12"
    return None


def layout_refusal(rules: Rules, table: TableState, tile: Tile, onto: Tile) -> Refusal | None:
    """Why a written layout (a position's, a view's JSON) cannot place ``tile`` onto
    ``onto`` (R1-R10); with house rules, which may play a tile onto a place whatever its
    numbers (a wild tile), only a place that is not open now is refused."""
    refusal = table.refusal(tile, onto, rules.opening_toes)
    if refusal is not None and rules.house and onto in Table(table).places():
        return None
    return refusal


def house_blocked(book: Book, table: TableState, hands: tuple[int, ...], left: int) -> bool:
    """Whether nobody can play (R16), asked of every seat's moves at the start of a turn,
    the house rules' included."""
    counts = counts_of(hands)
    for seat, hand in enumerate(hands):
        for m in house_moves(book, table, seat, hand, 0, -1, left, counts):
            if type(m) is Play:
                return False
    return True


def house_scores(
    book: Book, hands: tuple[int, ...], ending: Ending, winner: int, last: int, lead: int
) -> tuple[int, tuple[int, ...]]:
    """The winner and every seat's points at the end of a round (R17, R18) with house
    rules: tile points (:meth:`HouseRule.tile_points`), then :meth:`HouseRule.hand_points`;
    the winner of a blocked round is the lowest of these (R18); then the scoring's public
    points (R17c) and each rule's :meth:`HouseRule.bonus`. ``winner`` is the seat that
    went out, or -1 for a blocked round; ``last`` the index of the tile it went out with,
    or -1."""
    values = book.values
    points: list[int] = []
    for hand in hands:
        score = 0
        for t in tiles_of(hand):
            score += values[t.index]
        points.append(score)
    for rule in book.house:
        if _overrides(rule, "hand_points"):
            points = [rule.hand_points(tiles_of(h), p) for h, p in zip(hands, points, strict=True)]
    scoring = book.scoring
    if winner < 0:
        winner = scoring.blocked_winner(points, lead)
    elif last >= 0:  # R17c: the scoring's public points of a round gone out
        points = [p + scoring.public_points(s, winner, last) for s, p in enumerate(points)]
    tile = TILES[last] if last >= 0 else None
    for rule in book.house:
        if _overrides(rule, "bonus"):
            points = [p + rule.bonus(s, ending, winner, tile) for s, p in enumerate(points)]
    return winner, tuple(points)


def house_bonus(book: Book, seat: int, ending: Ending, winner: int, last: int) -> int:
    """The points the house rules' bonuses give ``seat`` (for the sampler, which takes
    them off the scores before it matches hands to points)."""
    tile = TILES[last] if last >= 0 else None
    return sum(rule.bonus(seat, ending, winner, tile) for rule in book.house)


def house_reveal(book: Book, turn: PublicTurn, move: Move) -> Reveal:
    """What ``move`` tells of the mover's hand with house rules, once the round double is
    on the table: the families' answer, then each rule in order: its own
    :meth:`HouseRule.reveal`, else for a separable rule the one-tile hands asked of the
    book up to it, else (a rule that changes the moves and says nothing) unknown."""
    reveal = book.base_reveal(turn, move)
    house = book.house
    probing = True  # every rule so far is separable or leaves the moves alone
    for i, rule in enumerate(house):
        if _overrides(rule, "reveal"):
            said = rule.reveal(turn, move, reveal)
            reveal = UNKNOWN if said is None else said
            probing = probing and not _overrides(rule, "moves")
        elif not _overrides(rule, "moves"):
            continue
        elif rule.separable and probing:
            reveal = _probed(book.prefix(i + 1), turn, move, reveal)
        else:
            reveal = UNKNOWN
            probing = False
    return reveal


def _probed(book: Book, turn: PublicTurn, move: Move, base: Reveal) -> Reveal:
    """What a draw or pass tells, found by asking ``book`` the moves of one-tile hands (a
    separable book); a play tells what ``base`` says (the drawn tile it is, R13)."""
    if isinstance(move, Play):
        return base
    table, td, left = turn.table, turn.turn_draws, turn.left
    kind = type(move)
    counts = turn.hand_counts
    bad = 0
    off = off_table(table)
    while off:
        low = off & -off
        t = low.bit_length() - 1
        off ^= low
        moves = book.moves(table, low, td, t if td else -1, left, turn.seat, counts)
        if not any(type(m) is kind for m in moves):
            bad |= low
    if td:
        return Reveal(drawn_lacks=bad)
    return Reveal(lacks=bad)


def house_playable(
    book: Book, table: TableState, seat: int, left: int, counts: tuple[int, ...]
) -> int:
    """The tiles off ``table`` that have a play for ``seat`` at the start of a turn with
    the boneyard closed (R14, R16), as the book's revelation of a pass says; -1 when the
    book cannot say."""
    said = book.reveal(PublicTurn(table, seat, 0, left, PASS, counts), PASS)
    return said.lacks if said.complete else -1


def house_of(values: object) -> tuple[HouseRule, ...]:
    """``Rules.house`` as a tuple (any iterable but text is accepted; the items are checked
    with the other knobs)."""
    if isinstance(values, HouseRule | str | bytes) or not isinstance(values, Iterable):
        raise RulesError(f"house is a list of house rules, not {values!r}")
    return tuple(values)
