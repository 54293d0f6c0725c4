"""Helpers for the chickenfoot docs: pictures of real positions, the presets table, the
``{rule}`` role, and tile names that do not break across lines.

Pictures of real positions for the rules guide are drawn by ``chickenfoot`` itself.

At ``builder-inited`` every position below is dealt with :meth:`Round.from_deal
<chickenfoot.Round.from_deal>` and played move by move with :meth:`Round.apply
<chickenfoot.Round.apply>`, checked against what the guide says about it, and written to
``docs/_generated/NAME.svg`` (the table, by ``table_svg``) and ``NAME.txt`` (the layout
tree, by ``layout_text``). Pages show them with ``{figure} /_generated/NAME.svg``.

A position that no longer shows what its check expects stops the build: a rule change
cannot leave a stale picture in the guide.

It also writes ``_generated/presets.md``, the table of every knob of every preset, read
from :data:`chickenfoot.PRESETS` and :class:`chickenfoot.Rules` so that it cannot drift
from the code, and adds the ``{rule}`` role: ``{rule}`R7``` links to the rule's anchor
``(r7)=`` in the guide and reads "R7". Inline code that is a tile or a move in the move
notation (``9-4``, ``9-4@9-9``) gets the class ``cf-tile``, which the stylesheet keeps on
one line.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.nodes import Node, system_message
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from chickenfoot import (
    PRESET_ALIASES,
    PRESETS,
    Ending,
    Obligation,
    Round,
    RoundView,
    Rules,
    Tile,
    beliefs_svg,
    layout_text,
    parse_move,
    table_svg,
    tile_set,
)

GENERATED = "_generated"
DASH = "\N{EN DASH}"
#: An en dash that a line may not break after, for ranges such as 8-9 in table cells.
RANGE_DASH = "\N{EN DASH}\N{WORD JOINER}"


def tiles(text: str) -> list[Tile]:
    """``"9-9 9-2"`` as tiles."""
    return [Tile.parse(word) for word in text.split()]


@dataclass(frozen=True)
class Position:
    """A scripted position: a deal, moves in the move notation, and what it must show."""

    #: The file name, without the suffix.
    name: str
    #: The preset.
    preset: str
    #: Each seat's hand, as tiles in the move notation.
    hands: Sequence[str]
    #: The round double's number.
    round_double: int
    #: The moves, in the move notation, separated by spaces.
    moves: str
    #: The boneyard in draw order; by default every other tile, in ``tile_set`` order.
    boneyard: str | None = None
    #: What the position must show, as ``(description, test)`` pairs.
    checks: Sequence[tuple[str, Callable[[Round], bool]]] = ()
    #: Draw the table as this seat sees it (with its hand) instead of the whole round.
    seat: int | None = None
    #: Stop after this many moves (default: all of them); lets positions share a script.
    stop: int | None = field(default=None)

    def play(self) -> Round:
        rules = PRESETS[self.preset]
        hands = [tiles(h) for h in self.hands]
        n = rules.set_size(len(hands))
        if self.boneyard is None:
            dealt = {t for h in hands for t in h}
            centre = Tile(self.round_double, self.round_double) if rules.start == "centre" else None
            pile = [t for t in tile_set(n) if t not in dealt and t != centre]
        else:
            pile = tiles(self.boneyard)
        rnd = Round.from_deal(rules, hands, pile, round_double=self.round_double)
        moves = self.moves.split()
        for text in moves[: self.stop]:
            rnd = rnd.apply(parse_move(text))
        return rnd


def _pending(tile: str, toes: int) -> Callable[[Round], bool]:
    """The double ``tile`` is the pending double and has ``toes`` tiles played onto it."""
    double = Tile.parse(tile)
    return lambda r: r.pending_double == double and len(r.layout.children(double)) == toes


# -- the positions of the guide ------------------------------------------------------------

#: classic, 2 players: the cross on 9-9, then a foot on the 9-6 arm, toed one by one.
_FOOT_HANDS = (
    "9-9 9-2 9-6 6-1 6-5 3-0 5-2",
    "9-4 9-7 6-6 6-3 8-1 7-5 2-1",
)
_FOOT_MOVES = "9-9 9-4@9-9 9-2@9-9 9-7@9-9 9-6@9-9 6-6@9-6 6-1@6-6 6-3@6-6 6-5@6-6"

#: chickie-duel, the worked example of the rules: the cross, the first foot 4-4 and its toes.
_KURCZAK_HANDS = (
    "6-6 6-3 6-5 4-0 4-5 2-0 1-1",
    "6-1 6-4 4-4 4-2 5-3 3-0 2-1",
)
_KURCZAK_MOVES = "6-6 6-1@6-6 6-3@6-6 6-4@6-6 6-5@6-6 4-4@6-4 4-0@4-4 4-2@4-4 4-5@4-4"

#: classic, 3 players, seed 116: the whole round of guide/a-whole-round.md.
_ROUND_HANDS = (
    "4-0 4-3 7-7 8-7 9-3 9-5 9-9",
    "3-0 5-3 6-2 7-4 8-4 9-0 9-4",
    "1-1 3-3 4-1 6-1 6-3 8-6 9-6",
)
_ROUND_BONEYARD = (
    "7-1 6-0 2-2 4-4 4-2 2-0 5-1 6-4 9-8 1-0 7-3 7-5 5-5 8-3 7-0 2-1 8-0 6-6 8-1 6-5 5-2 "
    "5-0 8-8 7-2 3-2 3-1 8-5 0-0 5-4 9-1 7-6 8-2 9-2 9-7"
)
_ROUND_MOVES = (
    "9-9 9-4@9-9 9-6@9-9 9-3@9-9 9-0@9-9 3-3@9-3 4-3@3-3 5-3@3-3 6-3@3-3 9-5@5-3 "
    "8-4@4-3 8-6@8-4 4-0@9-0 7-4@9-4 4-1@4-0 7-7@7-4 draw 7-1@7-7 draw pass 8-7@7-7"
)


def _whole_round(
    name: str, stop: int | None, *checks: tuple[str, Callable[[Round], bool]]
) -> Position:
    return Position(
        name,
        "classic",
        _ROUND_HANDS,
        9,
        _ROUND_MOVES,
        boneyard=_ROUND_BONEYARD,
        stop=stop,
        checks=checks,
    )


POSITIONS: tuple[Position, ...] = (
    Position(
        "cross",
        "classic",
        _FOOT_HANDS,
        9,
        _FOOT_MOVES,
        stop=5,
        checks=[
            ("four arms on 9-9", lambda r: len(r.layout.children(Tile(9, 9))) == 4),
            ("free play after the cross", lambda r: r.obligation is Obligation.NONE),
        ],
    ),
    Position(
        "foot-no-toes",
        "classic",
        _FOOT_HANDS,
        9,
        _FOOT_MOVES,
        stop=6,
        checks=[("6-6 waits for three toes", _pending("6-6", 0))],
    ),
    Position(
        "foot-one-toe",
        "classic",
        _FOOT_HANDS,
        9,
        _FOOT_MOVES,
        stop=7,
        checks=[
            ("6-6 has one toe", _pending("6-6", 1)),
            ("toes come first", lambda r: r.obligation is Obligation.TOES),
        ],
    ),
    Position(
        "foot-two-toes",
        "classic",
        _FOOT_HANDS,
        9,
        _FOOT_MOVES,
        stop=8,
        checks=[("6-6 has two toes", _pending("6-6", 2))],
    ),
    Position(
        "foot-done",
        "classic",
        _FOOT_HANDS,
        9,
        _FOOT_MOVES,
        checks=[
            ("6-6 has three toes", lambda r: len(r.layout.children(Tile(6, 6))) == 3),
            ("free play again", lambda r: r.obligation is Obligation.NONE),
        ],
    ),
    Position(
        "six-toes",
        "double-foot",
        (
            "9-0 9-1 9-2 8-0 8-1 8-2 8-3 8-4 8-5 8-6 8-7 7-0 7-1 7-2 7-3 7-4 7-5 7-6 6-0 6-1",
            "9-3 9-4 9-5 6-2 6-3 6-4 6-5 5-0 5-1 5-2 5-3 5-4 4-0 4-1 4-2 4-3 3-0 3-1 3-2 2-0",
        ),
        9,
        "9-0@9-9 9-3@9-9 9-1@9-9 9-4@9-9 9-2@9-9 9-5@9-9",
        checks=[
            ("six tiles on 9-9", lambda r: len(r.layout.children(Tile(9, 9))) == 6),
            ("the opening is over", lambda r: r.obligation is Obligation.NONE),
        ],
    ),
    Position(
        "kurczak-cross",
        "chickie-duel",
        _KURCZAK_HANDS,
        6,
        _KURCZAK_MOVES,
        stop=5,
        checks=[("the first foot is due", lambda r: r.obligation is Obligation.FIRST_FOOT)],
    ),
    Position(
        "kurczak-foot",
        "chickie-duel",
        _KURCZAK_HANDS,
        6,
        _KURCZAK_MOVES,
        stop=6,
        checks=[("4-4 waits for its toes", _pending("4-4", 0))],
    ),
    Position(
        "kurczak",
        "chickie-duel",
        _KURCZAK_HANDS,
        6,
        _KURCZAK_MOVES,
        checks=[
            ("free play", lambda r: r.obligation is Obligation.NONE),
            (
                "six open ends: 1, 3, 5 on the arms and 0, 2, 5 on the toes",
                lambda r: sorted(e.number for e in r.open_ends) == [0, 1, 2, 3, 5, 5],
            ),
        ],
    ),
    Position(
        "kurczak-view",
        "chickie-duel",
        _KURCZAK_HANDS,
        6,
        _KURCZAK_MOVES,
        seat=1,
        checks=[("seat 1 to move", lambda r: r.to_move == 1)],
    ),
    Position(
        "blocked",
        "chickie-duel",
        ("0-0 2-0 2-2 4-1 4-2 5-2 5-5", "1-1 3-2 4-0 5-0 6-2 6-4 6-5"),
        6,
        "draw 6-6 6-4@6-6 draw 6-3@6-6 6-2@6-6 draw 6-1@6-6 1-1@6-1 4-1@1-1 draw pass draw "
        "pass draw pass draw pass draw 3-1@1-1 draw 1-0@1-1 3-2@6-3 3-3@3-1 draw pass 5-3@3-3 "
        "draw pass draw 4-3@3-3",
        boneyard="6-6 6-3 6-1 5-4 5-3 6-0 3-3 3-1 1-0 4-4 5-1 4-3 3-0 2-1",
        checks=[
            ("the round is blocked", lambda r: r.ending is Ending.BLOCKED),
            ("3-3 still waits for a toe", _pending("3-3", 2)),
            ("two tiles left, the reserve", lambda r: len(r.boneyard) == 2),
            ("seat 0 wins on points", lambda r: r.outcome is not None and r.winner == 0),
        ],
    ),
    _whole_round(
        "round-cross",
        5,
        ("the cross is complete", lambda r: len(r.layout.children(Tile(9, 9))) == 4),
        ("play is free", lambda r: r.obligation is Obligation.NONE),
    ),
    _whole_round(
        "round-foot",
        9,
        ("3-3 has its three toes", lambda r: len(r.layout.children(Tile(3, 3))) == 3),
        ("play is free", lambda r: r.obligation is Obligation.NONE),
    ),
    _whole_round(
        "round-second-foot",
        16,
        ("7-7 waits for three toes", _pending("7-7", 0)),
        ("every seat holds 1 or 2 tiles", lambda r: r.hand_counts == (1, 2, 2)),
    ),
    _whole_round(
        "round-end",
        None,
        ("seat 0 went out", lambda r: r.outcome is not None and r.outcome.winner == 0),
        ("the scores", lambda r: r.scores == (0, 11, 15)),
        ("7-7 has a place free", lambda r: len(r.layout.children(Tile(7, 7))) == 2),
    ),
)

#: Pictures of several positions side by side: name -> (positions, captions).
STRIPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "openings": (("cross", "six-toes"), ("the cross: 4 places", "double chicken foot: 6 places")),
    "foot-steps": (
        ("foot-no-toes", "foot-one-toe", "foot-two-toes", "foot-done"),
        ("6-6 played", "one toe", "two toes", "three toes"),
    ),
    "kurczak-steps": (
        ("kurczak-cross", "kurczak-foot", "kurczak"),
        ("the cross", "the first foot", "the chicken"),
    ),
}


# -- the presets table ---------------------------------------------------------------------

#: The source text each preset follows, by preset name, as the Sources section of the
#: rules guide names them.
SOURCES: dict[str, str] = {
    "chickie-duel": 'the Polish rules "Chickie"',
    "cross-and-foot": 'the Polish rules "Kurza Stopa!"',
    "classic": "a Slovak translation of The Spruce's article",
    "double-foot": 'the German rules of a Chicken Foot app ("Was ist Chicken Foot?")',
}

#: The rules each knob of :class:`~chickenfoot.Rules` carries out, from the knob help
#: (:meth:`chickenfoot.Rules.knob_help`), the one place they are written.
KNOB_RULES: dict[str, str] = {k.name: k.rule for k in Rules.knob_help()}


def _span(counts: Sequence[int]) -> str:
    """``[2, 3, 4]`` as ``"2-4"`` with an unbreakable en dash; gaps as a list."""
    if len(counts) == 1:
        return str(counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}{RANGE_DASH}{counts[-1]}"
    return ", ".join(map(str, counts))


def _by_value(table: Sequence[tuple[int, int]]) -> list[tuple[int, list[int]]]:
    """Runs of player counts with the same value, in order."""
    runs: list[tuple[int, list[int]]] = []
    for players, value in table:
        if runs and runs[-1][0] == value and runs[-1][1][-1] == players - 1:
            runs[-1][1].append(players)
        else:
            runs.append((value, [players]))
    return runs


def _cell(knob: str, value: object) -> str:
    if knob == "set_sizes":
        assert isinstance(value, tuple)
        runs = _by_value(value)
        if len(runs) == 1:
            return f"double-{runs[0][0]}"
        return "<br>".join(f"{_span(p)}:&nbsp;double-{n}" for n, p in runs)
    if knob == "hand_sizes":
        assert isinstance(value, tuple)
        runs = _by_value(value)
        if len(runs) == 1:
            return str(runs[0][0])
        return ", ".join(f"{_span(p)}:&nbsp;{n}" for n, p in runs)
    return f"`{value!r}`"


def _rule_links(rules: str) -> str:
    return ", ".join(f"{{rule}}`{r}`" for r in rules.replace(",", " ").split())


def presets_table() -> str:
    """Every knob of every preset as a MyST table, with the source text of each preset."""
    missing = set(PRESETS) - set(SOURCES)
    if missing:
        raise ExtensionError(f"presets table: no source text named for {sorted(missing)}")
    aliases = PRESET_ALIASES
    names = list(PRESETS)
    head = "| knob | rules | " + " | ".join(f"`{n}`" for n in names) + " |"
    rows = [head, "|" + "---|" * (len(names) + 2)]
    rows.append(
        "| source text | [sources](#sources) | " + " | ".join(SOURCES[n] for n in names) + " |"
    )
    alias_cells = [
        ", ".join(f"`{a}`" for a, n in aliases.items() if n == name) or DASH for name in names
    ]
    rows.append(
        "| aliases ({func}`~chickenfoot.find_preset`) | | " + " | ".join(alias_cells) + " |"
    )
    players = [_span(PRESETS[n].player_counts) for n in names]
    rows.append("| players | {rule}`R5` | " + " | ".join(players) + " |")
    for field_ in attrs.fields(Rules):
        knob = field_.name
        if knob == "name":
            continue
        cells = [_cell(knob, getattr(PRESETS[n], knob)) for n in names]
        link = f"{{attr}}`~chickenfoot.Rules.{knob}`"
        rows.append(
            f"| {link} | {_rule_links(KNOB_RULES.get(knob, ''))} | " + " | ".join(cells) + " |"
        )
    table = "\n".join(rows)
    return f"```{{table}}\n:class: cf-presets\n\n{table}\n```\n"


# -- the {rule} role -----------------------------------------------------------------------


def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[Node], list[system_message]]:
    """``{rule}`R7``` (or ``{rule}`7```, or a lettered clause ``{rule}`R4b```): a link to
    the rule's anchor in the guide, reading "R7"."""
    number = text.strip().removeprefix("R").removeprefix("r").lower()
    if not re.fullmatch(r"\d+[a-z]?", number):
        msg = inliner.reporter.error(f"{{rule}} takes a rule number like R7, not {text!r}")
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    ref = addnodes.pending_xref(
        rawtext,
        nodes.inline(rawtext, f"R{number}", classes=["rule-ref"]),
        refdomain="std",
        reftype="ref",
        reftarget=f"r{number}",
        refexplicit=True,
        refwarn=True,
    )
    return [ref], []


# -- writing -------------------------------------------------------------------------------


def _view_box(svg: str) -> tuple[float, float, float, float]:
    """The ``viewBox`` of an SVG document: x, y, width, height."""
    head = svg[: svg.index(">")]
    found = re.search(r'viewBox="([^"]+)"', head)
    if found is None:
        raise ExtensionError("table_svg wrote an SVG without a viewBox")
    x, y, w, h = (float(v) for v in found.group(1).split())
    return x, y, w, h


def strip(svgs: Sequence[str], captions: Sequence[str], height: float = 300.0) -> str:
    """Several SVG documents side by side, each with a caption below.

    Every panel shows the same part of the table at the same scale, the union of their
    view boxes, so in pictures of one round a tile keeps its place from one panel to the
    next, as it does at the table.
    """
    boxes = [_view_box(svg) for svg in svgs]
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[0] + b[2] for b in boxes)
    bottom = max(b[1] + b[3] for b in boxes)
    scale = height / (bottom - top)
    width = (right - left) * scale
    view = f"{left:g} {top:g} {right - left:g} {bottom - top:g}"
    gap, label = 16.0, 28.0
    parts: list[str] = []
    for i, (svg, caption) in enumerate(zip(svgs, captions, strict=True)):
        x = i * (width + gap)
        body = svg[svg.index(">") + 1 : svg.rindex("</svg>")]
        felt = re.search(r'class="felt"[^>]*fill="([^"]+)"', body)
        parts.append(
            f'<svg x="{x:.1f}" y="0" width="{width:.1f}" height="{height:.1f}" viewBox="{view}">'
            f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{bottom - top:g}" '
            f'fill="{felt.group(1) if felt else "#1d5c3a"}"/>{body}</svg>'
            f'<text x="{x + width / 2:.1f}" y="{height + 20:.1f}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="16" fill="#555">{html.escape(caption)}</text>'
        )
    total = len(svgs) * (width + gap) - gap
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{total:.1f}" '
        f'height="{height + label:.1f}" viewBox="0 0 {total:.1f} {height + label:.1f}">\n'
        + "\n".join(parts)
        + "\n</svg>\n"
    )


def _write(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (keeps incremental builds quiet)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


# -- the puzzles of the positions page ------------------------------------------------------

#: chickie-duel with the house rule that a playable drawn tile may be kept (R13).
_DUEL_MAY = attrs.evolve(PRESETS["chickie-duel"], name="chickie-duel-may", play_drawn="may")

#: name: (rules, position, the obligation it shows). The page quotes the same texts.
PUZZLES: dict[str, tuple[Rules, str, Obligation]] = {
    "puzzle-opening": (
        PRESETS["chickie-duel"],
        (
            "cf1 6-6 6-6,6-2@6-6,6-3@6-6 5-5,6-1,6-5/6-0 6-4,5-4,5-3,5-2,5-1,5-0,4-4,4-3,4-2,4-1,"
            "4-0,3-3,3-2,3-1,3-0,2-2,2-1,2-0,1-1,1-0,0-0 0 0 1 -"
        ),
        Obligation.OPENING,
    ),
    "puzzle-toes": (
        PRESETS["chickie-duel"],
        (
            "cf1 6-6 6-6,6-1@6-6,6-3@6-6,6-4@6-6,6-5@6-6,4-4@6-4,4-0@4-4,4-2@4-4 4-1,5-4,5-5/3-0 "
            "6-2,6-0,5-3,5-2,5-1,5-0,4-3,3-3,3-2,3-1,2-2,2-1,2-0,1-1,1-0,0-0 0 0 1 -"
        ),
        Obligation.TOES,
    ),
    "puzzle-drawn": (
        _DUEL_MAY,
        (
            "cf1 6-6 6-6,6-1@6-6,6-2@6-6,6-3@6-6,6-4@6-6,3-3@6-3,3-0@3-3,3-2@3-3,5-3@3-3,1-0@6-1,"
            "4-0@6-4,5-2@5-3 4-4,6-0,6-5/2-1 5-5,5-4,5-1,5-0,4-3,4-2,4-1,3-1,2-2,2-0,1-1,0-0 0 0 1 "
            "1:6-0"
        ),
        Obligation.DRAWN_TILE,
    ),
}


def render_puzzles(out: Path) -> None:
    """Read every puzzle, check its obligation, and draw it as its seat to move sees it."""
    for name, (rules, text, obligation) in PUZZLES.items():
        try:
            rnd = Round.from_position(rules, text)
        except Exception as exc:  # a position that no longer reads
            raise ExtensionError(f"puzzle {name!r} does not read: {exc}") from exc
        if rnd.obligation is not obligation or rnd.to_move is None:
            raise ExtensionError(f"puzzle {name!r} should show {obligation}, not {rnd.obligation}")
        _write(out / f"{name}.svg", table_svg(rnd.view(rnd.to_move), title=False))


def render_beliefs(out: Path) -> None:
    """Seat 1's beliefs in the round of the bots page's example (R12)."""
    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=4)
    rng = random.Random(4)
    for _ in range(10):
        rnd = rnd.apply(rng.choice(rnd.legal_moves()))
    beliefs = rnd.view(1).tile_probabilities()
    if beliefs.where(Tile(6, 2)) != {None: 1}:
        raise ExtensionError("beliefs: 6-2 should be in the boneyard for sure (R12)")
    _write(out / "beliefs.svg", beliefs_svg(beliefs, title=False))


def review_game() -> Round:
    """The round the analysis page reviews: a random player (seat 0) against the greedy
    bot, dealt and played from seed 2."""
    from chickenfoot.bots import GreedyPlayer, RandomPlayer, play_round

    rnd = Round.deal(PRESETS["chickie-duel"], 2, seed=2)
    return play_round(rnd, [RandomPlayer(), GreedyPlayer()], random.Random(2))


def render_review(out: Path) -> None:
    """The analysis page's pictures: the table before the worst move of its game, as its
    seat saw it, and the whole analysis as a web page."""
    from chickenfoot.analysis import analyse_game

    analysis = analyse_game(review_game(), samples=8)
    worst = analysis.worst(1)
    if not worst or worst[0].mark is None:
        raise ExtensionError("review: the example game should have a marked move")
    move = worst[0]
    rnd = review_game()
    at = Round.deal(PRESETS["chickie-duel"], 2, seed=2)
    for played in rnd.moves[: move.index]:
        at = at.apply(played)
    _write(out / "review-worst.svg", table_svg(at.view(move.seat), title=False))
    _write(out / "review.html", analysis.html())


def render(out: Path) -> dict[str, str]:
    """Play every position, check it, and write its SVG and text; the SVGs by name."""
    out.mkdir(exist_ok=True)
    svgs: dict[str, str] = {}
    for pos in POSITIONS:
        try:
            rnd = pos.play()
        except Exception as exc:  # a script that no longer plays
            raise ExtensionError(f"picture {pos.name!r}: the script fails: {exc}") from exc
        for description, check in pos.checks:
            if not check(rnd):
                raise ExtensionError(f"picture {pos.name!r} should show: {description}")
        table: Round | RoundView = rnd if pos.seat is None else rnd.view(pos.seat)
        svgs[pos.name] = table_svg(table, title=False)
        _write(out / f"{pos.name}.svg", svgs[pos.name])
        _write(out / f"{pos.name}.txt", layout_text(table) + "\n")
    for name, (names, captions) in STRIPS.items():
        _write(out / f"{name}.svg", strip([svgs[n] for n in names], captions))
    _write(out / "presets.md", presets_table())
    render_puzzles(out)
    render_beliefs(out)
    render_review(out)
    return svgs


# -- tile names on one line ----------------------------------------------------------------

_TILE_TEXT = re.compile(r"\d{1,2}-\d{1,2}(?:@\d{1,2}-\d{1,2})?")


def _mark_tiles(app: Sphinx, doctree: nodes.document) -> None:
    for node in doctree.findall(nodes.literal):
        if _TILE_TEXT.fullmatch(node.astext()):
            node["classes"].append("cf-tile")


# -- examples that cannot run here --------------------------------------------------------


def _show_only(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Turn the ``>>>`` examples of a docstring into plain code when they cannot run.

    An object of a module that needs a mocked package (``autodoc_mock_imports``, the
    adapters' extras when they are not installed), or documented as a name of such a
    module, keeps its examples on the page, as
    ``pycon`` code, but the doctest builder does not run them.
    """
    mocked = app.config.autodoc_mock_imports
    module = getattr(obj, "__module__", None) or (name if what == "module" else "")
    # A name re-exported by such a module is shown there too (its examples use its names).
    owner = name if what == "module" else name.rpartition(".")[0]
    if not mocked or not (_needs_mocked(str(module), mocked) or _needs_mocked(owner, mocked)):
        return
    out: list[str] = []
    inside = False
    for line in lines:
        stripped = line.lstrip()
        if not inside and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out += [f"{indent}.. code-block:: pycon", ""]
            inside = True
        elif inside and not stripped:
            inside = False
        out.append(f"   {line}" if inside else line)
    lines[:] = out


def _needs_mocked(module: str, mocked: Sequence[str]) -> bool:
    """Whether ``module`` imports one of the ``mocked`` packages."""
    import sys

    loaded = sys.modules.get(module)
    if loaded is None:
        return False
    source = getattr(loaded, "__file__", None)
    if source is None:
        return False
    text = Path(source).read_text(encoding="utf-8")
    return any(
        re.search(rf"^\s*(?:import|from)\s+{re.escape(package)}\b", text, re.MULTILINE)
        for package in mocked
    )


# -- setup ---------------------------------------------------------------------------------

STATIC = Path(__file__).parent / "static"


def _builder_inited(app: Sphinx) -> None:
    render(Path(app.srcdir) / GENERATED)


def _config_inited(app: Sphinx, config: Any) -> None:
    config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _config_inited)
    app.connect("builder-inited", _builder_inited)
    app.connect("doctree-read", _mark_tiles)
    app.connect("autodoc-process-docstring", _show_only, priority=350)
    app.add_css_file("chickenfoot_docs.css")
    app.add_role("rule", rule_role)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
