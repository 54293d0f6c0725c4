"""A slow, plain reference implementation of one round of Chicken Foot.

It follows ``RULES.md`` (R1-R18) as literally as possible and is meant to be
compared against the real engine in differential tests.  Nothing here is clever:
the table is kept as an explicit list of *places* (a parent tile, the number a
tile must show to go there, and the tile that filled it, if any), and the legal
moves are recomputed from scratch every time they are asked for. At its end,
``ReferenceSchedule`` states the match (R19-R23): the doubles, the count of rounds, the end
and the first seats, the one statement of them that the match tests hold the engine to.

Conventions shared with the engine:

* A tile is a plain tuple ``(high, low)`` with ``high >= low``.
* A move is a plain tuple: ``("play", tile, onto)``, ``("draw",)`` or ``("pass",)``.
  ``onto`` is a tile already on the table, or ``None`` only when the round double
  itself is placed (holder start).
* After a draw the same seat moves again; it may then only play the drawn tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

Tile = tuple[int, int]
Move = tuple[object, ...]

TILE_ENDS = 2
DRAW: Move = ("draw",)
PASS: Move = ("pass",)


class RoundRules(Protocol):
    """The rule knobs one round needs, read by attribute name.

    ``start`` and ``play_drawn`` may be plain strings or enum members whose
    ``value`` is the string.
    """

    @property
    def start(self) -> object: ...  # "holder" | "centre" | "highest_held"

    @property
    def opening_toes(self) -> int: ...

    @property
    def first_foot_required(self) -> bool: ...

    @property
    def toes_per_double(self) -> int: ...

    @property
    def boneyard_reserve(self) -> int: ...

    @property
    def draws_per_turn(self) -> int | None: ...

    @property
    def play_drawn(self) -> object: ...  # "must" | "may" | "never"

    @property
    def must_play(self) -> bool: ...

    @property
    def double_blank(self) -> int: ...

    @property
    def blank_value(self) -> int: ...

    @property
    def out_on_double(self) -> int: ...


@dataclass
class Place:
    """One spot on the table where a tile may be played (R1-R3).

    ``parent`` is the tile on the table the new tile would touch, ``needs`` is
    the number the new tile must show on its touching end, and ``filled_by`` is
    the tile that was played there (``None`` while the place is free).
    """

    parent: Tile
    needs: int
    filled_by: Tile | None = None


# ---------------------------------------------------------------------------
# Small helpers about tiles and knobs
# ---------------------------------------------------------------------------


def make_tile(raw: object) -> Tile:
    """Turn a tile-like pair into a plain ``(high, low)`` tuple, checking it."""
    if not isinstance(raw, (tuple, list)) or len(raw) != TILE_ENDS:
        raise ValueError(f"a tile must be a pair (high, low), got {raw!r}")
    high, low = int(raw[0]), int(raw[1])
    if high < low or low < 0:
        raise ValueError(f"a tile must be written high end first, got {raw!r}")
    return (high, low)


def is_double(tile: Tile) -> bool:
    """A double has equal ends (section 1)."""
    return tile[0] == tile[1]


def carries(tile: Tile, number: int) -> bool:
    """True when one end of ``tile`` shows ``number``."""
    return number in tile


def other_end(tile: Tile, touching: int) -> int:
    """The end of ``tile`` that does not touch its parent (R2)."""
    if tile[0] == touching:
        return tile[1]
    if tile[1] == touching:
        return tile[0]
    raise ValueError(f"tile {tile} does not carry {touching}")


def knob_text(value: object, allowed: tuple[str, ...], name: str) -> str:
    """Read a text knob that may be a string or an enum member with a string value."""
    text = value if isinstance(value, str) else getattr(value, "value", None)
    if not isinstance(text, str) or text not in allowed:
        raise ValueError(f"rules.{name} must be one of {allowed}, got {value!r}")
    return text


def tile_score(tile: Tile, double_blank: int, blank_value: int = 0) -> int:
    """Penalty points of one tile left in a hand (R17, R17b)."""
    if tile == (0, 0):
        return double_blank
    score = tile[0] + tile[1]
    if 0 in tile:  # one blank end: the tile is not the double-blank
        score += blank_value
    return score


# ---------------------------------------------------------------------------
# The round
# ---------------------------------------------------------------------------


class ReferenceRound:
    """One round of Chicken Foot, played move by move."""

    def __init__(
        self,
        rules: RoundRules,
        hands: list[list[Tile]],
        boneyard: list[Tile],
        round_double: int,
        first: int,
    ) -> None:
        # --- the knobs, copied into plain fields ---
        self.start = knob_text(rules.start, ("holder", "centre", "highest_held"), "start")
        self.play_drawn = knob_text(rules.play_drawn, ("must", "may", "never"), "play_drawn")
        self.opening_toes = int(rules.opening_toes)
        self.first_foot_required = bool(rules.first_foot_required)
        self.toes_per_double = int(rules.toes_per_double)
        self.boneyard_reserve = int(rules.boneyard_reserve)
        self.draws_per_turn = None if rules.draws_per_turn is None else int(rules.draws_per_turn)
        self.must_play = bool(rules.must_play)
        self.double_blank = int(rules.double_blank)
        self.blank_value = int(rules.blank_value)
        self.out_on_double = int(rules.out_on_double)

        # --- the deal, copied so the caller's lists are never changed ---
        self.hands: list[list[Tile]] = [[make_tile(t) for t in hand] for hand in hands]
        self.boneyard: list[Tile] = [make_tile(t) for t in boneyard]
        self.players = len(self.hands)
        self.round_double: Tile = (int(round_double), int(round_double))
        # R6b: the double the round is dealt for; the round double may become a lower one
        self.dealt_for: Tile = self.round_double
        if self.players < 1:
            raise ValueError("a round needs at least one hand")
        if not 0 <= first < self.players:
            raise ValueError(f"first seat {first} is not a seat of {self.players} players")
        if any(len(hand) == 0 for hand in self.hands):
            raise ValueError("every hand must hold at least one tile")
        self.check_deal()

        # --- the table ---
        self.table: list[tuple[Tile, Tile | None]] = []
        self.places: list[Place] = []

        # --- turn state ---
        self.to_move: int | None = first
        self.drawn_tile: Tile | None = None  # the tile drawn this turn, if any
        self.draws_this_turn = 0
        self.lead_seat: int | None = None

        # --- outcome ---
        self.over = False
        self.ending: str | None = None
        self.winner: int | None = None
        self.last_tile: Tile | None = None  # the tile the winner went out with

        self.begin_round(first)

    # -- setting up ---------------------------------------------------------

    def check_deal(self) -> None:
        """Every tile at most once; the round double where the start says (R6)."""
        every_tile = [t for hand in self.hands for t in hand] + self.boneyard
        if len(every_tile) != len(set(every_tile)):
            raise ValueError("a tile is dealt twice")
        count = every_tile.count(self.round_double)
        if self.start != "centre" and count != 1:
            raise ValueError("holder start: the round double must be in a hand or the boneyard")
        if self.start == "centre" and count != 0:
            raise ValueError("centre start: the round double must not be dealt")

    def begin_round(self, first: int) -> None:
        """R6: who moves first, and whether the round double is already down."""
        if self.start == "centre":
            self.put_round_double_down()
            self.lead_seat = first
            self.to_move = first
            self.end_if_blocked()
            return
        if self.start == "highest_held":
            # R6b: the holder of the highest double at or below the one dealt for places
            # it, and it is the round double; if nobody holds one, the search begins.
            for number in range(self.dealt_for[0], -1, -1):
                holder = self.seat_holding((number, number))
                if holder is not None:
                    self.round_double = (number, number)
                    self.to_move = holder
                    return
            self.to_move = first
            return
        holder = self.seat_holding(self.round_double)
        if holder is not None:
            self.to_move = holder
        else:
            self.to_move = first

    def seat_holding(self, tile: Tile) -> int | None:
        """The seat whose hand holds ``tile``, if any."""
        for seat, hand in enumerate(self.hands):
            if tile in hand:
                return seat
        return None

    def put_round_double_down(self) -> None:
        """R3: the round double offers ``opening_toes`` places needing its number."""
        self.table.append((self.round_double, None))
        for _ in range(self.opening_toes):
            self.places.append(Place(parent=self.round_double, needs=self.round_double[0]))

    # -- facts about the table -----------------------------------------------

    def round_double_is_down(self) -> bool:
        """True once the round double lies on the table."""
        return any(tile == self.round_double for tile, _ in self.table)

    def free_places(self) -> list[Place]:
        """All places nobody has filled yet."""
        return [place for place in self.places if place.filled_by is None]

    def free_places_of(self, parent: Tile) -> list[Place]:
        """The free places whose parent is ``parent``."""
        return [place for place in self.free_places() if place.parent == parent]

    def opening_unfinished(self) -> bool:
        """R7: the round double still has free places."""
        return len(self.free_places_of(self.round_double)) > 0

    def unfinished_double(self) -> Tile | None:
        """R9: a double (not the round double) that still has free toe places."""
        for tile, _parent in self.table:
            if tile == self.round_double or not is_double(tile):
                continue
            if self.free_places_of(tile):
                return tile
        return None

    def first_foot_played(self) -> bool:
        """R8: some double other than the round double lies on the table."""
        return any(is_double(tile) and tile != self.round_double for tile, _ in self.table)

    # -- legal plays, one rule at a time -------------------------------------

    def opening_plays(self, hand: list[Tile]) -> set[Move]:
        """R7: only tiles carrying the round double's number, onto the round double."""
        number = self.round_double[0]
        return {("play", tile, self.round_double) for tile in hand if carries(tile, number)}

    def toe_plays(self, hand: list[Tile], double: Tile) -> set[Move]:
        """R9: only tiles carrying the unfinished double's number, onto that double."""
        number = double[0]
        return {("play", tile, double) for tile in hand if carries(tile, number)}

    def first_foot_plays(self, hand: list[Tile]) -> set[Move]:
        """R8: only doubles matching an open end (an arm), onto that arm."""
        plays: set[Move] = set()
        for place in self.free_places():
            for tile in hand:
                if is_double(tile) and tile[0] == place.needs:
                    plays.add(("play", tile, place.parent))
        return plays

    def free_plays(self, hand: list[Tile]) -> set[Move]:
        """R10: any tile matching any open end, onto that end's tile (doubles too)."""
        plays: set[Move] = set()
        for place in self.free_places():
            for tile in hand:
                if carries(tile, place.needs):
                    plays.add(("play", tile, place.parent))
        return plays

    def legal_plays(self, hand: list[Tile]) -> set[Move]:
        """The plays ``hand`` could make in the current position (R7-R10).

        Whose turn it is and the after-draw restriction are not looked at here.
        Before the round double is down there are no plays onto the table.
        """
        if not self.round_double_is_down():
            return set()
        if self.opening_unfinished():
            return self.opening_plays(hand)
        double = self.unfinished_double()
        if double is not None:
            return self.toe_plays(hand, double)
        if self.first_foot_required and not self.first_foot_played():
            return self.first_foot_plays(hand)
        return self.free_plays(hand)

    # -- drawing ---------------------------------------------------------------

    def may_draw(self) -> bool:
        """R14: drawing is allowed only while the boneyard holds more than the reserve."""
        return len(self.boneyard) > self.boneyard_reserve

    def may_draw_again(self) -> bool:
        """R13: another draw this turn, within the reserve and ``draws_per_turn``."""
        if not self.may_draw():
            return False
        if self.draws_per_turn is None:
            return True
        return self.draws_this_turn < self.draws_per_turn

    # -- the moves the seat to move has -----------------------------------------

    def holder_search_moves(self, seat: int) -> set[Move]:
        """R6 (holder start, before the round double is down); R6b (highest_held start:
        any double below the one dealt for, drawn in the search, is placed too).

        The holder places it; otherwise the seat draws one tile (the reserve does
        not stop this), and passes if that tile was not the round double.
        """
        if self.round_double in self.hands[seat]:
            return {("play", self.round_double, None)}
        if self.drawn_tile is not None:
            drawn = self.drawn_tile
            if self.start == "highest_held" and is_double(drawn) and drawn < self.dealt_for:
                return {("play", drawn, None)}  # R6b: a lower double drawn in the search
            return {PASS}
        return {DRAW}

    def after_draw_moves(self, seat: int, drawn: Tile) -> set[Move]:
        """R13: after a draw, only the drawn tile may be played.

        ``play_drawn == "may"`` also allows passing instead.  If the drawn tile
        cannot go, draw again when allowed, otherwise pass (R15).
        ``play_drawn == "never"`` (R13b): the drawn tile waits for a later turn, and the
        only move left is to pass.
        """
        if self.play_drawn == "never":
            return {PASS}
        plays = {move for move in self.legal_plays(self.hands[seat]) if move[1] == drawn}
        if plays:
            if self.play_drawn == "may":
                return plays | {PASS}
            return plays
        if self.may_draw_again():
            return {DRAW}
        return {PASS}

    def turn_start_moves(self, seat: int) -> set[Move]:
        """R12, R13, R15: play if you can; else draw if allowed; else pass.

        R12b (``must_play`` false): a seat that can play may also draw, if drawing is
        allowed (R14); after that draw it goes on as after any draw (R13), so the drawn
        tile is the only one it may play this turn.
        """
        plays = self.legal_plays(self.hands[seat])
        if plays:
            if not self.must_play and self.may_draw():
                return plays | {DRAW}
            return plays
        if self.may_draw():
            return {DRAW}
        return {PASS}

    def legal_moves(self) -> set[Move]:
        """Every legal move of the seat to move (empty once the round is over)."""
        if self.over or self.to_move is None:
            return set()
        seat = self.to_move
        if not self.round_double_is_down():
            return self.holder_search_moves(seat)
        if self.drawn_tile is not None:
            return self.after_draw_moves(seat, self.drawn_tile)
        return self.turn_start_moves(seat)

    # -- applying a move ---------------------------------------------------------

    def apply(self, move: tuple[object, ...]) -> None:
        """Make ``move`` for the seat to move; ``ValueError`` if it is not legal."""
        if not isinstance(move, tuple):
            raise ValueError(f"a move must be a tuple, got {move!r}")
        legal = self.legal_moves()
        try:
            known = move in legal
        except TypeError:  # an unhashable part, e.g. a list
            known = False
        if not known:
            raise ValueError(f"illegal move {move!r}; legal moves are {sorted(map(repr, legal))}")
        assert self.to_move is not None
        seat = self.to_move
        kind = move[0]
        if kind == "play":
            self.apply_play(seat, move)
        elif kind == "draw":
            self.apply_draw(seat)
        else:
            self.apply_pass(seat)

    def apply_play(self, seat: int, move: tuple[object, ...]) -> None:
        """R1-R3, R11: put the tile down, then end the turn (or the round, R16)."""
        tile = make_tile(move[1])
        onto = move[2]
        self.hands[seat].remove(tile)
        if onto is None:
            self.round_double = tile  # R6b: the placed double is the round double
            self.put_round_double_down()
            self.lead_seat = seat
        else:
            self.place_tile(tile, make_tile(onto))
        if len(self.hands[seat]) == 0:
            self.last_tile = tile
            self.finish("went_out", seat)
            return
        self.next_turn(seat)

    def place_tile(self, tile: Tile, onto: Tile) -> None:
        """Fill one free place of ``onto`` with ``tile`` and add the places it offers.

        R2: a non-double offers one open end, on its other number.
        R3: a double played onto an open end offers ``toes_per_double`` toe places.
        """
        place = next(p for p in self.free_places_of(onto) if carries(tile, p.needs))
        place.filled_by = tile
        self.table.append((tile, onto))
        if is_double(tile):
            for _ in range(self.toes_per_double):
                self.places.append(Place(parent=tile, needs=tile[0]))
        else:
            self.places.append(Place(parent=tile, needs=other_end(tile, place.needs)))

    def apply_draw(self, seat: int) -> None:
        """R13 (and R6 during the holder search): take the first boneyard tile."""
        tile = self.boneyard.pop(0)
        self.hands[seat].append(tile)
        self.drawn_tile = tile
        self.draws_this_turn += 1
        self.end_if_blocked()

    def apply_pass(self, seat: int) -> None:
        """R15 (and R6 during the holder search): the turn goes to the next seat."""
        self.next_turn(seat)

    def next_turn(self, seat: int) -> None:
        """Play goes up the seat numbers, wrapping round; then look for a block."""
        self.to_move = (seat + 1) % self.players
        self.drawn_tile = None
        self.draws_this_turn = 0
        self.end_if_blocked()

    # -- the end of the round ------------------------------------------------------

    def is_blocked(self) -> bool:
        """R16: round double down, nobody may draw, and no hand has any legal play."""
        if not self.round_double_is_down():
            return False
        if self.may_draw():
            return False
        return all(len(self.legal_plays(hand)) == 0 for hand in self.hands)

    def end_if_blocked(self) -> None:
        """R16: end the round at once when it is blocked."""
        if not self.over and self.is_blocked():
            self.finish("blocked", self.blocked_winner())

    def blocked_winner(self) -> int:
        """R18: lowest score; ties go to the first tied seat in turn order from the lead."""
        points = self.hand_scores()
        assert self.lead_seat is not None
        order = [(self.lead_seat + step) % self.players for step in range(self.players)]
        best = min(points)
        return next(seat for seat in order if points[seat] == best)

    def finish(self, ending: str, winner: int) -> None:
        """Mark the round over."""
        self.over = True
        self.ending = ending
        self.winner = winner
        self.to_move = None
        self.drawn_tile = None

    def hand_scores(self) -> list[int]:
        """R17, R17b: the pips left in each hand, blanks counting their values."""
        return [
            sum(tile_score(t, self.double_blank, self.blank_value) for t in hand)
            for hand in self.hands
        ]

    def scores(self) -> list[int] | None:
        """R17 scores once the round is over, ``None`` while it is still going.

        R17c: a winner who went out by playing a double (the round double too) scores
        ``out_on_double`` instead of the 0 of his empty hand.
        """
        if not self.over:
            return None
        points = self.hand_scores()
        if self.ending == "went_out" and self.last_tile is not None and is_double(self.last_tile):
            assert self.winner is not None
            points[self.winner] += self.out_on_double
        return points


# ---------------------------------------------------------------------------
# The match: which doubles, how many rounds, when it ends, who starts (R19-R23)
# ---------------------------------------------------------------------------


class MatchRules(Protocol):
    """The match knobs, read by attribute name (strings or enum members, as above)."""

    @property
    def start(self) -> object: ...  # "holder" | "centre" | "highest_held"

    @property
    def rounds(self) -> object: ...  # "full" | "half" | a whole number

    @property
    def round_order(self) -> object: ...  # "down" | "down_up"

    @property
    def target(self) -> int | None: ...

    @property
    def target_mode(self) -> object: ...  # "exceeds" | "reaches"


class ReferenceSchedule:
    """The rounds of one match with the double-``n`` set at ``players`` seats.

    The one statement in the tests of which rounds a match plays, when it ends and which
    seat each round starts from; rounds are counted from 0 here (round 1 of R23 is
    index 0).
    """

    def __init__(self, rules: MatchRules, n: int, players: int) -> None:
        self.n = int(n)
        self.players = int(players)
        self.start = knob_text(rules.start, ("holder", "centre", "highest_held"), "start")
        self.order = knob_text(rules.round_order, ("down", "down_up"), "round_order")
        self.target = None if rules.target is None else int(rules.target)
        self.mode = knob_text(rules.target_mode, ("exceeds", "reaches"), "target_mode")
        rounds = rules.rounds
        self.rounds: int | str = (
            rounds if isinstance(rounds, int) else knob_text(rounds, ("full", "half"), "rounds")
        )

    def count(self) -> int | None:
        """R19, R19b: the rounds of the match; ``None`` with a target (R20)."""
        if self.target is not None:
            return None
        if isinstance(self.rounds, int):
            return self.rounds
        down = self.order == "down"
        if self.rounds == "full":
            return self.n + 1 if down else 2 * self.n + 1
        if down:
            return max(1, -(-self.n // 2))  # ceil(n / 2), at least 1
        return self.n + 1  # the way down

    def doubles(self, how_many: int) -> list[int]:
        """R19, R19b, R20: the numbers of the first ``how_many`` doubles dealt for, walking
        down from ``n`` to 0 and, with ``"down_up"``, turning round at each end (with
        ``"down"``, starting again from ``n``)."""
        out: list[int] = []
        double, step = self.n, -1
        while len(out) < how_many:
            out.append(double)
            if self.n == 0:
                continue
            if self.order == "down":
                double = self.n if double == 0 else double - 1
                continue
            if double == 0:
                step = 1
            elif double == self.n:
                step = -1
            double += step
        return out

    def over(self, results: list[list[int]]) -> bool:
        """R19, R20: whether a match with these round scores (a row a round) has ended."""
        if not results:
            return False
        count = self.count()
        if count is not None:
            return len(results) >= count
        assert self.target is not None
        top = max(sum(row[seat] for row in results) for seat in range(len(results[0])))
        return top > self.target if self.mode == "exceeds" else top >= self.target

    def first_seat(self, index: int, previous_winner: int | None) -> int | None:
        """R23: the first seat of round ``index``: seat 0 for the first round; then one
        seat on each round in a centre start, else the previous round's winner (``None``
        while that is not known)."""
        if index == 0:
            return 0
        if self.start == "centre":
            return index % self.players
        return previous_winner
