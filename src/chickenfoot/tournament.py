"""Tournaments between bots on duplicate deals, with ratings and an SPRT.

:func:`play_tournament` seats the entrants at tables of ``seats`` seats (every set of
``seats`` entrants, a round robin, or one challenger against every set of the others, a
gauntlet) and plays each deal at each table once per rotation of the seats, so that every
entrant plays every hand of every deal (duplicate deals): the luck of the deal cancels.
A game is one round (:func:`chickenfoot.bots.play_round`) or, with ``matches=True``, a
whole match (:func:`chickenfoot.bots.play_match`).

Deal ``d`` of a tournament seeded ``seed`` is dealt from :func:`deal_seed` ``(seed, d)``
at every table and in every rotation. The deals are cut into chunks, each one task for
a :mod:`concurrent.futures` executor (a process pool of ``jobs`` workers, or a Dask
cluster's), exactly as :func:`chickenfoot.simulation.simulate` runs its games; the
results are the same, game for game, whatever the executor:

>>> from chickenfoot import PRESETS
>>> from chickenfoot.bots import GreedyPlayer, RandomPlayer
>>> from chickenfoot.tournament import play_tournament
>>> rules = PRESETS["chickie-duel"]
>>> results = play_tournament([GreedyPlayer(), RandomPlayer()], rules, deals=30, seed=1, jobs=1)
>>> len(results.games), [r.name for r in results.ratings()]
(60, ['greedy', 'random'])
>>> greedy, rand = results.ratings()
>>> greedy.low > rand.high
True

:meth:`Results.ratings` fits a Plackett-Luce model (Bradley-Terry at two seats) to the
seats of every game ranked by penalty points, and :class:`Sprt` tests one bot against
another on pairs of games. :doc:`/tournaments` explains both.

.. versionadded:: 0.2
"""

from __future__ import annotations

import concurrent.futures
import copy
import itertools
import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from typing import Any, Final, Literal, TypeAlias

import attrs

from chickenfoot import Match, Move, Round, RoundView, Rules

from . import _ratings
from ._seeds import seed_path
from .bots import Player, _checked, play_round
from .engine import Limit, SimpleEngine
from .errors import EngineError
from .simulation import Progress, _checked_run, _execute, _process_pool
from .state import hand_score

__all__ = [
    "Entrant",
    "EntrantResult",
    "Game",
    "Rating",
    "Results",
    "Sprt",
    "SprtResult",
    "deal_seed",
    "forfeit_penalty",
    "play_tournament",
]

#: The ``"format"`` of :meth:`Results.to_dict`.
FORMAT: Final = "chickenfoot-tournament"
#: The version of that format.
VERSION: Final = 1
#: :func:`play_tournament` cuts a run into about this many chunks by default.
CHUNKS: Final = 64
#: The most deals (at one table) a chunk holds by default.
MAX_CHUNK: Final = 25


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` (0 for the first) of a tournament seeded ``seed``.

    It is the library's one seed derivation, the BLAKE2b digest of
    ``"tournament/{seed}/{deal}"`` read as a 63-bit number: every table and every rotation
    of the seats deals the round (or the match) of deal ``deal`` from it with
    :meth:`Round.deal <chickenfoot.Round.deal>` (or :meth:`Match.new
    <chickenfoot.Match.new>`), and the bots share ``random.Random`` of it.

    >>> from chickenfoot.tournament import deal_seed
    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True

    .. versionadded:: 0.2
    """
    return seed_path("tournament", seed, deal) >> 1


@attrs.frozen
class _Same:
    """A factory that hands out one player value (a stateless bot) every time."""

    player: Player

    def __call__(self) -> Player:
        return self.player


@attrs.frozen
class _Copied:
    """A factory of engines: a new, unstarted copy of one engine's command and settings
    every time (it pickles as them)."""

    engine: SimpleEngine

    def __call__(self) -> Player:
        made: SimpleEngine = copy.copy(self.engine)
        return made


@attrs.frozen
class Entrant:
    """A named entrant: a zero-argument factory of the player that plays its seats.

    A :class:`~chickenfoot.bots.Player` value given to :func:`play_tournament` is an
    entrant of its own name that plays every game itself. A player that keeps state, or
    holds something that cannot be pickled (an engine's process), is given as a factory
    instead, a picklable callable such as a class or a :func:`functools.partial`: the
    worker processes call it to make their players. With ``fresh="game"`` every game gets
    a new player; with ``fresh="chunk"`` one player plays every game of a chunk of deals
    (for players slow to start), so the results may depend on the chunking if it keeps
    state from one game to the next. A made player that has a ``close()`` method is
    closed when it is done.

    >>> import functools
    >>> from chickenfoot.bots import GreedyPlayer
    >>> from chickenfoot.tournament import Entrant
    >>> Entrant("heavy", functools.partial(GreedyPlayer, pips=3.0)).make().pips
    3.0

    An engine of the engine protocol enters with :meth:`engine`, or as a
    :class:`~chickenfoot.engine.SimpleEngine` value, which :meth:`of` copies: every chunk
    of deals starts its own engine from the command and closes it when done, and a game
    in which the engine fails is forfeited (:doc:`/tournaments`).

    .. versionadded:: 0.2
    """

    #: The name in the tables, the ratings and the JSON; entrants' names differ.
    name: str
    #: Makes the player (called in the worker process that plays).
    make: Callable[[], Player]
    #: A new player for every ``"game"``, or one for every ``"chunk"`` of deals.
    fresh: Literal["game", "chunk"] = attrs.field(
        default="game", validator=attrs.validators.in_(("game", "chunk"))
    )

    @classmethod
    def of(cls, entrant: Player | Entrant) -> Entrant:
        """``entrant`` itself, or a player value as the entrant of its name.

        A :class:`~chickenfoot.engine.SimpleEngine` is entered as a copy (its command
        and settings, as it pickles): each chunk of deals starts one of its own, which
        is closed at the end of the chunk or replaced after a game it forfeits. The
        engine given is neither started nor closed by the tournament.
        """
        if isinstance(entrant, Entrant):
            return entrant
        if isinstance(entrant, SimpleEngine):
            return cls(entrant.name, _Copied(entrant), "chunk")
        if not isinstance(entrant, Player):
            raise TypeError(f"an entrant is a Player or an Entrant(name, factory), not {entrant!r}")
        return cls(entrant.name, _Same(entrant), "chunk")

    @classmethod
    def engine(
        cls,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        limit: Limit | None = None,
        options: Mapping[str, object] | None = None,
        timeout: float | None = 30.0,
        grace: float = 2.0,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        fresh: Literal["game", "chunk"] = "chunk",
    ) -> Entrant:
        """The engine ``command`` as an entrant, named ``name`` or by the engine itself.

        The engine is started here once, to shake hands and set its ``options``, and
        closed: an engine that cannot start fails now, not in every game. In the
        tournament each chunk of deals starts the engine again (``fresh="chunk"``; an
        engine keeps nothing from one request to the next, so the results do not depend
        on the chunks), or every game does (``fresh="game"``, for an engine that keeps
        state between requests all the same). After a game it forfeits, the next game
        gets a new engine. The arguments are those of
        :meth:`SimpleEngine.popen <chickenfoot.engine.SimpleEngine.popen>`.

        >>> import sys
        >>> from chickenfoot.tournament import Entrant
        >>> command = [sys.executable, "-m", "chickenfoot", "engine", "--bot", "greedy"]
        >>> Entrant.engine(command).name
        'greedy'

        Raises:
            EngineError: the engine could not start, shake hands or take its options
                (as :meth:`SimpleEngine.popen <chickenfoot.engine.SimpleEngine.popen>`).
            ValueError: an option the engine does not declare.

        .. versionadded:: 0.2
        """
        settings: dict[str, Any] = {
            "limit": limit,
            "options": options,
            "timeout": timeout,
            "grace": grace,
            "cwd": cwd,
            "env": env,
        }
        with SimpleEngine.popen(command, name=name, **settings) as probe:
            label = probe.name
        return cls(label, _Copied(SimpleEngine(command, name=label, **settings)), fresh)


@attrs.frozen(kw_only=True)
class Game:
    """One game of a tournament: a deal at a table, the seats rotated ``rotation`` times.

    .. versionadded:: 0.2
    """

    #: The table, an index of :attr:`Results.tables`.
    table: int
    #: The deal, from 0 (see :func:`deal_seed`).
    deal: int
    #: The rotation: seat ``s`` is played by member ``(s + rotation) % seats`` of the table.
    rotation: int
    #: The entrant of each seat, an index of :attr:`Results.names`.
    seats: tuple[int, ...]
    #: Each seat's penalty points (R17), or its match total (R21) in a match.
    penalties: tuple[int, ...]
    #: The rounds played: 1, or the match's rounds.
    rounds: int
    #: The seats that won: the round's winner (R18), or the match's (R21, R22); in a
    #: forfeited game, every seat but the one that forfeited.
    winners: tuple[int, ...]
    #: The seat that forfeited the game, its engine having failed (:doc:`/tournaments`),
    #: or ``None`` for a game played to its end.
    #:
    #: .. versionadded:: 0.2
    forfeit: int | None = None
    #: The error that forfeited it, in words (``None`` for a game played to its end). It
    #: is not compared: a timeout's message says how long the engine took.
    #:
    #: .. versionadded:: 0.2
    error: str | None = attrs.field(default=None, eq=False)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The entrants of the seats ranked by penalty points, fewest first, in groups of
        equal points."""
        points = sorted(set(self.penalties))
        return tuple(
            tuple(e for e, p in zip(self.seats, self.penalties, strict=True) if p == level)
            for level in points
        )


@attrs.frozen
class Sprt:
    """A sequential probability ratio test of the first entrant against the second.

    H0 says the first is ``elo0`` Elo stronger, H1 ``elo1``; ``alpha`` is the chance of
    accepting H1 when H0 holds, ``beta`` the other way. The test reads pairs of games
    (a deal played twice at two seats, the seats swapped), each pair scoring 0, 1/2, 1,
    3/2 or 2 points for the first (a game's point for fewer penalty points, half for
    equal), and its log-likelihood ratio is the generalized SPRT on that pentanomial
    model, as fishtest computes it: under each hypothesis the most likely distribution of
    the five outcomes whose expected score per game is the logistic one of its Elo,
    ``1 / (1 + 10 ** (-elo / 400))``. The tournament stops at the first deal after which
    the ratio leaves the bounds ``log(beta / (1 - alpha))`` and ``log((1 - beta) /
    alpha)``, and accepts H0 below, H1 above.

    >>> from chickenfoot.tournament import Sprt
    >>> test = Sprt(0, 50)
    >>> round(test.lower, 3), round(test.upper, 3)
    (-2.944, 2.944)
    >>> test.result((0, 2, 10, 30, 20)).verdict
    'H1'

    .. versionadded:: 0.2
    """

    #: The first entrant's Elo advantage under H0.
    elo0: float
    #: Its Elo advantage under H1.
    elo1: float
    #: The chance of a false H1.
    alpha: float = 0.05
    #: The chance of a false H0.
    beta: float = 0.05

    def __attrs_post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError(f"alpha and beta are between 0 and 1, not {self.alpha}, {self.beta}")
        null, alternative = self.elo0, self.elo1
        if not null < alternative:
            raise ValueError(f"elo0 is below elo1, not {null} and {alternative}")

    @property
    def lower(self) -> float:
        """The bound below which H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound above which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def result(self, pairs: Sequence[int]) -> SprtResult:
        """The state of the test after ``pairs``: how many pairs scored 0, 1/2, ... 2."""
        counts = tuple(pairs)
        if len(counts) != 5 or any(type(c) is not int or c < 0 for c in counts):
            raise ValueError(f"pairs are five counts of 0 or more, not {pairs!r}")
        llr = _ratings.pentanomial_llr(counts, self.elo0, self.elo1)
        verdict: Literal["H0", "H1", "running"] = (
            "H1" if llr >= self.upper else "H0" if llr <= self.lower else "running"
        )
        return SprtResult(test=self, pairs=counts, llr=llr, verdict=verdict)


@attrs.frozen(kw_only=True)
class SprtResult:
    """Where an :class:`Sprt` stands.

    .. versionadded:: 0.2
    """

    #: The test.
    test: Sprt
    #: How many pairs of games the first entrant scored 0, 1/2, 1, 3/2 and 2 points in.
    pairs: tuple[int, ...]
    #: The log-likelihood ratio of H1 to H0.
    llr: float
    #: ``"H1"`` or ``"H0"`` once a bound is crossed, ``"running"`` before.
    verdict: Literal["H0", "H1", "running"]

    @property
    def score(self) -> float:
        """The first entrant's mean score per game (0 with no pair yet)."""
        games = 2 * sum(self.pairs)
        return sum(i * c for i, c in enumerate(self.pairs)) / 2 / games if games else 0.0

    def __str__(self) -> str:
        t = self.test
        state = "still running" if self.verdict == "running" else f"{self.verdict} accepted"
        return (
            f"SPRT elo0={t.elo0:g} elo1={t.elo1:g} alpha={t.alpha:g} beta={t.beta:g}: "
            f"LLR {self.llr:.2f} (bounds {t.lower:.2f}, {t.upper:.2f}) after "
            f"{sum(self.pairs)} pairs, pentanomial {' '.join(map(str, self.pairs))}, "
            f"score {self.score:.1%}: {state}"
        )


@attrs.frozen(kw_only=True)
class EntrantResult:
    """How one entrant did: games, wins and penalty points per round.

    .. versionadded:: 0.2
    """

    #: The entrant's name.
    name: str
    #: The games it played (one seat each).
    games: int
    #: The rounds of those games.
    rounds: int
    #: The games it won; a shared match win (R22) counts for every winner, and so does
    #: a game another seat forfeited.
    wins: int
    #: Its penalty points per round (R17), over all its games.
    mean_penalty: float
    #: The 95% interval of :attr:`mean_penalty`, computed on its duplicate deals: the
    #: penalty per round of each deal at each table (all rotations together) is one
    #: value, and the interval is the normal one of their mean; ``None`` with one deal.
    penalty_low: float | None
    #: The upper end of that interval.
    penalty_high: float | None
    #: The games it forfeited (counted in :attr:`games` too).
    #:
    #: .. versionadded:: 0.2
    forfeits: int = 0

    @property
    def win_rate(self) -> float:
        """:attr:`wins` divided by :attr:`games`."""
        return self.wins / self.games


@attrs.frozen(kw_only=True)
class Rating:
    """An entrant's rating on an Elo scale, with its 95% interval.

    .. versionadded:: 0.2
    """

    #: The entrant's name.
    name: str
    #: The rating: 400 times the base-10 log of its Plackett-Luce strength, the entrants'
    #: mean (or the anchor) at 0. Two seats apart by ``d`` points: the higher wins with
    #: probability ``1 / (1 + 10 ** (-d / 400))``.
    elo: float
    #: The lower end of the 95% interval.
    low: float
    #: The upper end.
    high: float


@attrs.frozen(kw_only=True)
class Results:
    """Every game of a tournament, and what they say: standings, ratings, the SPRT.

    .. versionadded:: 0.2
    """

    #: The variant played.
    rules: Rules
    #: The entrants' names; a game's seats are indexes of it.
    names: tuple[str, ...]
    #: Seats at every table.
    seats: int
    #: ``"round-robin"`` or ``"gauntlet"``.
    schedule: Literal["round-robin", "gauntlet"]
    #: The challenger of a gauntlet, an index of :attr:`names`; ``None`` in a round robin.
    challenger: int | None
    #: Whether a game is a whole match rather than one round.
    matches: bool
    #: The seed of the tournament (see :func:`deal_seed`).
    seed: int
    #: The deals played at every table: those asked for, or fewer when an SPRT stopped.
    deals: int
    #: The tables: each the entrants at it, in the order of the seats of rotation 0.
    tables: tuple[tuple[int, ...], ...]
    #: Every game, by deal, then table, then rotation.
    games: tuple[Game, ...] = attrs.field(repr=False)
    #: The SPRT the tournament ran, if any.
    sprt: Sprt | None = None

    def standings(self) -> tuple[EntrantResult, ...]:
        """Every entrant's games, wins and penalty per round, in the order of :attr:`names`."""
        points: dict[tuple[int, int, int], list[int]] = {}  # (entrant, table, deal)
        out = []
        for e, name in enumerate(self.names):
            games = rounds = wins = penalty = forfeits = 0
            for game in self.games:
                if e not in game.seats:
                    continue
                seat = game.seats.index(e)
                games += 1
                forfeits += game.forfeit == seat
                rounds += game.rounds
                wins += seat in game.winners
                penalty += game.penalties[seat]
                cell = points.setdefault((e, game.table, game.deal), [0, 0])
                cell[0] += game.penalties[seat]
                cell[1] += game.rounds
            if not games:
                raise ValueError(f"entrant {name!r} played no game")
            per_deal = [p / r for (who, _, _), (p, r) in points.items() if who == e]
            mean, half = _ratings.mean_interval(per_deal)
            out.append(
                EntrantResult(
                    name=name,
                    games=games,
                    rounds=rounds,
                    wins=wins,
                    mean_penalty=penalty / rounds,
                    penalty_low=None if half is None else mean - half,
                    penalty_high=None if half is None else mean + half,
                    forfeits=forfeits,
                )
            )
        return tuple(out)

    def ratings(
        self,
        *,
        prior: float = 1.0,
        anchor: str | None = None,
        bootstrap: int = 0,
        seed: int = 0,
    ) -> tuple[Rating, ...]:
        """Every entrant's rating with its 95% interval, best first.

        The seats of each game are ranked by penalty points (fewest first; seats with
        equal points tie, and a tie stands for every order of the tied seats, each with an
        equal share of the game, so a tie of two is half a win each way) and a
        Plackett-Luce model, Bradley-Terry at two seats, is fitted to the rankings by
        maximum likelihood by Newton's method. By default the intervals
        are 1.96 standard errors from the inverse of the observed Fisher information,
        which treats the games as independent (the rotations of a duplicate deal are not
        quite); with ``bootstrap=n`` they are the 2.5th and 97.5th percentiles of the
        ratings fitted to ``n`` resamples of the deals (each deal with all its tables and
        rotations, drawn with replacement by ``random.Random(seed)``), which do not.

        Args:
            prior: virtual drawn two-seat games each entrant plays against a reference
                of the entrants' strength, as in BayesElo: they keep every rating finite
                when an entrant wins or loses every game, and pull the ratings a little
                towards 0. With 0, the plain maximum likelihood.
            anchor: the entrant rated 0, its interval of no width; by default the
                entrants' mean is 0, and each interval is that of the rating minus the
                mean.
            bootstrap: resamples of the deals for the intervals; 0 for the Fisher ones.
            seed: the seed of the resampling.

        Raises:
            ValueError: ``anchor`` is not an entrant, or ``prior`` is 0 and an entrant
                came first or last in every game (of the games or of a resample).
        """
        if prior < 0:
            raise ValueError(f"prior is 0 or more, not {prior!r}")
        if type(bootstrap) is not int or bootstrap < 0:
            raise ValueError(f"bootstrap is a whole number of resamples, not {bootstrap!r}")
        if anchor is not None and anchor not in self.names:
            raise ValueError(f"the anchor {anchor!r} is not an entrant: {', '.join(self.names)}")
        k = len(self.names)
        # each rating is a contrast of the strengths: an entrant's less the mean, or
        # less the anchor's
        base = [1 / k] * k
        if anchor is not None:
            base = [0.0] * k
            base[self.names.index(anchor)] = 1.0
        contrasts = []
        for i in range(k):
            row = [-b for b in base]
            row[i] += 1.0
            contrasts.append(row)

        def rated(theta: Sequence[float]) -> list[float]:
            return [
                sum(a * t for a, t in zip(c, theta, strict=True)) * _ratings.ELO for c in contrasts
            ]

        weighted = _stages_of([g.ranking() for g in self.games])
        theta = _ratings.fit(weighted, k, prior=prior)
        elos = rated(theta)
        if bootstrap:
            spans = _bootstrap(self.games, k, prior, bootstrap, seed, rated)
        else:
            info = _ratings.reduced_information(weighted, theta, prior=prior)
            cov = _ratings.covariance(info)
            halves = [
                1.96 * math.sqrt(max(0.0, _ratings.variance(cov, c))) * _ratings.ELO
                for c in contrasts
            ]
            spans = [(e - h, e + h) for e, h in zip(elos, halves, strict=True)]
        out = [
            Rating(name=name, elo=elo, low=low, high=high)
            for name, elo, (low, high) in zip(self.names, elos, spans, strict=True)
        ]
        return tuple(sorted(out, key=lambda r: -r.elo))

    def sprt_result(self) -> SprtResult | None:
        """Where the tournament's :attr:`sprt` stands after its games (``None`` without
        one)."""
        if self.sprt is None:
            return None
        return self.sprt.result(_pairs(self.games))

    def text(self, ratings: Sequence[Rating] | None = None) -> str:
        """The tournament as plain text: a line about it, a table of the standings and
        the ``ratings`` (see :meth:`rows`), and the SPRT's state."""
        header, rows = self.rows(ratings)
        cells = [header, *rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
        lines = [self.title()]
        for n, row in enumerate(cells):
            line = "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
            lines.append(line.rstrip())
            if n == 0:
                lines.append("  ".join("-" * w for w in widths))
        lines += _forfeit_notes(self)
        test = self.sprt_result()
        if test is not None:
            lines.append(str(test))
        return "\n".join(lines) + "\n"

    def title(self) -> str:
        """One line about the tournament: rules, seats, schedule, deals, seed."""
        kind = (
            f"gauntlet of {self.names[self.challenger]} against {len(self.names) - 1}"
            if self.challenger is not None
            else f"round robin of {len(self.names)}"
        )
        game = "matches" if self.matches else "rounds"
        return (
            f"{self.rules.name}, {self.seats} seats, {kind} entrants at {len(self.tables)} "
            f"table{'s' * (len(self.tables) != 1)}, {self.deals} deals x {self.seats} "
            f"rotations = {len(self.games)} {game}, seed {self.seed}"
        )

    def rows(self, ratings: Sequence[Rating] | None = None) -> tuple[list[str], list[list[str]]]:
        """The header and the rows of the standings table, a row for each of
        ``ratings`` in the order given (by default :meth:`ratings` with its defaults, best
        rating first); when a game was forfeited, a column counts each entrant's
        forfeits."""
        rated = {r.name: r for r in (self.ratings() if ratings is None else ratings)}
        standings = {s.name: s for s in self.standings()}
        forfeits = any(g.forfeit is not None for g in self.games)
        header = ["bot", "games", "wins", "win %", "penalty / round (95% CI)", "rating (95% CI)"]
        if forfeits:
            header.insert(2, "forfeits")
        rows = []
        for name, r in rated.items():
            s = standings[name]
            ci = "" if s.penalty_low is None else f" ({s.penalty_low:.1f} to {s.penalty_high:.1f})"
            row = [
                name,
                str(s.games),
                str(s.wins),
                f"{100 * s.win_rate:.1f}",
                f"{s.mean_penalty:.1f}{ci}",
                f"{r.elo:+.0f} ({r.low:+.0f} to {r.high:+.0f})",
            ]
            if forfeits:
                row.insert(2, str(s.forfeits))
            rows.append(row)
        return header, rows

    def svg(self, ratings: Sequence[Rating] | None = None) -> str:
        """The ``ratings`` (by default :meth:`ratings` with its defaults) as an SVG
        picture: a dot and an interval bar for each entrant, best at the top."""
        return _svg(self.ratings() if ratings is None else ratings, self.title())

    def to_dict(self) -> dict[str, Any]:
        """The tournament as a dict of JSON values (:meth:`from_dict` reads it back).

        A game is written as ``[table, deal, rotation, penalties, rounds, winners]``,
        and a forfeited one with a seventh item, ``{"seat": ..., "error": ...}``; its
        seats follow from the table and the rotation. ``"forfeits"`` counts the games
        each entrant forfeited, in the order of ``"names"``.
        """
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "seats": self.seats,
            "schedule": self.schedule,
            "challenger": self.challenger,
            "matches": self.matches,
            "seed": self.seed,
            "deals": self.deals,
            "tables": [list(t) for t in self.tables],
            "sprt": None if self.sprt is None else attrs.asdict(self.sprt),
            "forfeits": _forfeits(self.games, len(self.names)),
            "games": [_game_row(g) for g in self.games],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """:meth:`to_dict` as JSON text; ``indent`` as for :func:`json.dumps`."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, value: object) -> Results:
        """The tournament :meth:`to_dict` wrote.

        Raises:
            ValueError: ``value`` is not a tournament's results (the message says what
                is wrong).
            RulesError: its rules cannot be read.
        """
        try:
            return _results_of(value)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"not the results of a tournament: {exc!r}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Results:
        """The tournament :meth:`to_json` wrote (see :meth:`from_dict`)."""
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the results are not JSON: {exc}") from None
        return cls.from_dict(value)


def _results_of(value: object) -> Results:
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise ValueError(f'the results of a tournament have "format": "{FORMAT}"')
    if value.get("version") != VERSION:
        raise ValueError(f"this version reads version {VERSION} of the results")
    seats = value["seats"]
    names = tuple(value["names"])
    if type(seats) is not int or seats < 2 or not all(isinstance(n, str) for n in names):
        raise ValueError("the results need their seats, at least 2, and the entrants' names")
    tables = tuple(tuple(t) for t in value["tables"])
    for t in tables:
        if len(t) != seats or not set(t) <= set(range(len(names))):
            raise ValueError(f"a table is {seats} entrants of the {len(names)}, not {list(t)}")
    games = [_game_of(row, tables, seats) for row in value["games"]]
    schedule, challenger = value["schedule"], value["challenger"]
    if (schedule, challenger is None) not in (("round-robin", True), ("gauntlet", False)) or (
        challenger is not None and challenger not in range(len(names))
    ):
        raise ValueError(f"not a schedule: {schedule!r} with the challenger {challenger!r}")
    counted = value.get("forfeits")
    if counted is not None and counted != _forfeits(games, len(names)):
        raise ValueError(f"the forfeits {counted!r} are not those of the games")
    test = value["sprt"]
    return Results(
        rules=Rules.from_dict(value["rules"]),
        names=names,
        seats=seats,
        schedule=schedule,
        challenger=challenger,
        matches=value["matches"],
        seed=value["seed"],
        deals=value["deals"],
        tables=tables,
        games=tuple(games),
        sprt=None if test is None else Sprt(**test),
    )


def _game_row(game: Game) -> list[Any]:
    """A game as :meth:`Results.to_dict` writes it."""
    row: list[Any] = [
        game.table,
        game.deal,
        game.rotation,
        list(game.penalties),
        game.rounds,
        list(game.winners),
    ]
    if game.forfeit is not None:
        row.append({"seat": game.forfeit, "error": game.error})
    return row


def _forfeits(games: Sequence[Game], entrants: int) -> list[int]:
    """How many of ``games`` each entrant forfeited."""
    counts = [0] * entrants
    for game in games:
        if game.forfeit is not None:
            counts[game.seats[game.forfeit]] += 1
    return counts


def _forfeit_notes(results: Results) -> list[str]:
    """A line for each entrant that forfeited games: how many, and the first error."""
    notes = []
    for e, name in enumerate(results.names):
        lost = [g for g in results.games if g.forfeit is not None and g.seats[g.forfeit] == e]
        if lost:
            first = lost[0]
            notes.append(
                f"{name} forfeited {len(lost)} game{'s' * (len(lost) != 1)}; the first, "
                f"deal {first.deal} at table {first.table} (rotation {first.rotation}): "
                f"{first.error}"
            )
    return notes


def _game_of(row: list[Any], tables: tuple[tuple[int, ...], ...], seats: int) -> Game:
    """A game as :meth:`Results.to_dict` writes it, checked against the tables."""
    table, deal, rotation, penalties, rounds, winners, *rest = row
    forfeit = rest[0] if rest else {"seat": None, "error": None}
    seat, error = forfeit["seat"], forfeit["error"]
    if not (
        type(table) is int
        and 0 <= table < len(tables)
        and type(rotation) is int
        and 0 <= rotation < seats
        and len(penalties) == seats
        and all(type(w) is int and 0 <= w < seats for w in winners)
        and len(rest) <= 1
        and (seat is None) == (not rest)
        and (seat is None or (type(seat) is int and 0 <= seat < seats))
        and (error is None or isinstance(error, str))
    ):
        raise ValueError(f"not a game of these tables at {seats} seats: {row!r}")
    members = tables[table]
    return Game(
        table=table,
        deal=deal,
        rotation=rotation,
        seats=tuple(members[(s + rotation) % seats] for s in range(seats)),
        penalties=tuple(penalties),
        rounds=rounds,
        winners=tuple(winners),
        forfeit=seat,
        error=error,
    )


def _stages_of(rankings: Sequence[tuple[tuple[int, ...], ...]]) -> dict[_ratings.Stage, float]:
    """The Plackett-Luce choices of the rankings, equal rankings counted together."""
    counted: dict[tuple[tuple[int, ...], ...], float] = {}
    for ranking in rankings:
        counted[ranking] = counted.get(ranking, 0.0) + 1.0
    return _ratings.stages(counted.items())


def _bootstrap(
    games: Sequence[Game],
    entrants: int,
    prior: float,
    resamples: int,
    seed: int,
    rated: Callable[[Sequence[float]], list[float]],
) -> list[tuple[float, float]]:
    """The 95% percentile interval of every rating over resamples of the deals."""
    by_deal: dict[int, list[tuple[tuple[int, ...], ...]]] = {}
    for game in games:
        by_deal.setdefault(game.deal, []).append(game.ranking())
    deals = list(by_deal.values())
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(entrants)]
    for _ in range(resamples):
        picked = [r for _ in deals for r in deals[rng.randrange(len(deals))]]
        theta = _ratings.fit(_stages_of(picked), entrants, prior=prior)
        for i, elo in enumerate(rated(theta)):
            samples[i].append(elo)
    return [(_quantile(s, 0.025), _quantile(s, 0.975)) for s in samples]


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values``, linearly interpolated between order statistics."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def _pairs(games: Sequence[Game]) -> tuple[int, ...]:
    """The pentanomial counts of entrant 0 against entrant 1, one pair per deal."""
    points: dict[int, int] = {}  # half points of entrant 0, by deal
    for game in games:
        mine, theirs = (game.penalties[game.seats.index(e)] for e in (0, 1))
        points[game.deal] = points.get(game.deal, 0) + (2 if mine < theirs else mine == theirs)
    counts = [0] * 5
    for half_points in points.values():
        counts[half_points] += 1
    return tuple(counts)


def play_tournament(
    entrants: Sequence[Player | Entrant],
    rules: Rules,
    *,
    deals: int,
    seed: int,
    seats: int | None = None,
    schedule: Literal["round-robin", "gauntlet"] = "round-robin",
    challenger: str | None = None,
    matches: bool = False,
    sprt: Sprt | None = None,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
) -> Results:
    """Play a tournament of ``rules`` between ``entrants`` on duplicate deals.

    The tables are every set of ``seats`` entrants (a round robin; one table when
    ``seats`` is their number), or with ``schedule="gauntlet"`` the ``challenger`` with
    every set of ``seats - 1`` others. Deal ``d`` (from 0 to ``deals - 1``) is dealt from
    :func:`deal_seed` ``(seed, d)`` at every table, once per rotation of the seats: in
    rotation ``r`` seat ``s`` is played by member ``(s + r) % seats`` of the table, so
    every entrant of a table plays every hand of the deal. The results depend only on the
    rules, the entrants, the schedule, ``deals`` and ``seed``, not on the executor.

    >>> from chickenfoot import PRESETS
    >>> from chickenfoot.bots import GreedyPlayer, RandomPlayer
    >>> from chickenfoot.tournament import play_tournament
    >>> bots = [GreedyPlayer(), RandomPlayer(), RandomPlayer(name="random2")]
    >>> results = play_tournament(bots, PRESETS["classic"], seats=2, deals=2, seed=0, jobs=1)
    >>> results.tables, len(results.games)
    (((0, 1), (0, 2), (1, 2)), 12)
    >>> [g.seats for g in results.games[:2]]
    [(0, 1), (1, 0)]

    Args:
        entrants: the players (each an entrant of its name) or :class:`Entrant` values,
            their names all different. With an executor of other processes, they are
            pickled, so their classes must be importable there.
        rules: the variant; it must cover ``seats`` players.
        deals: the deals per table, at least 1; with an ``sprt``, the most to play.
        seed: the seed of the tournament.
        seats: the seats at each table (default: one per entrant).
        schedule: ``"round-robin"`` or ``"gauntlet"``.
        challenger: the name of the gauntlet's challenger.
        matches: play whole matches (R19-R21), not single rounds.
        sprt: test the first entrant against the second, stopping at the first deal
            where the test decides; it takes two entrants at two seats.
        executor, jobs, progress, chunk_size: as for :func:`~chickenfoot.simulation.simulate`,
            counting games (``progress``) and deals per table (``chunk_size``).

    Raises:
        RulesError: the variant does not cover ``seats`` players.
        ValueError: no such schedule (too few entrants, names that repeat, an unknown
            challenger, an SPRT of three), or ``deals``, ``jobs`` or ``chunk_size`` below 1.
        SimulationError: the worker processes could not start or died.

    .. versionadded:: 0.2
    """
    field = tuple(Entrant.of(e) for e in entrants)
    seats = len(field) if seats is None else seats
    tables, index = _tables(tuple(e.name for e in field), seats, schedule, challenger)
    _check(rules, seats, deals, sprt, len(field))
    games = _run(
        (rules, field, tables, seed, matches), deals, sprt, executor, jobs, progress, chunk_size
    )
    return Results(
        rules=rules,
        names=tuple(e.name for e in field),
        seats=seats,
        schedule=schedule,
        challenger=index,
        matches=matches,
        seed=seed,
        deals=max((g.deal for g in games), default=-1) + 1,
        tables=tables,
        games=tuple(games),
        sprt=sprt,
    )


def _run(
    setup: _Setup,
    deals: int,
    sprt: Sprt | None,
    executor: concurrent.futures.Executor | None,
    jobs: int | None,
    progress: Progress | None,
    chunk_size: int | None,
) -> list[Game]:
    """Every game of a tournament, on the executor, or on ``jobs`` processes or here."""
    tables, seed = setup[2], setup[3]
    per_chunk, workers = _checked_run(deals, seed, jobs, chunk_size)
    if chunk_size is None:
        per_chunk = min(MAX_CHUNK, max(1, deals * len(tables) // CHUNKS))
    total = deals * len(tables) * len(tables[0])
    if progress is not None:
        progress(0, total)
    pool = (
        _process_pool(workers)
        if sprt is not None and executor is None and workers > 1
        else nullcontext(executor)
    )
    with pool as runner:
        return _play_all(setup, deals, per_chunk, sprt, runner, workers, _Counted(progress, total))


def _check(rules: Rules, seats: int, deals: object, sprt: Sprt | None, entrants: int) -> None:
    """Refuse a player count the rules do not cover, a count of deals that is not one, or
    an SPRT not of two entrants at two seats."""
    if sprt is not None and (entrants != 2 or seats != 2):
        raise ValueError("an SPRT tests two entrants at two seats")
    rules.round_count(seats)  # checks the player count before any work (R19)
    if type(deals) is not int or deals < 1:
        raise ValueError(f"deals is a whole number of at least 1, not {deals!r}")


def _tables(
    names: tuple[str, ...], seats: int, schedule: str, challenger: str | None
) -> tuple[tuple[tuple[int, ...], ...], int | None]:
    """The tables of a schedule, and the challenger's index."""
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"the entrants' names repeat: {', '.join(twice)}; give each its own")
    if type(seats) is not int or seats < 2:
        raise ValueError(f"seats is a whole number of at least 2, not {seats!r}")
    if schedule == "round-robin":
        if challenger is not None:
            raise ValueError("a challenger is for a gauntlet, not a round robin")
        if seats > len(names):
            raise ValueError(f"{len(names)} entrants cannot fill tables of {seats} seats")
        return tuple(itertools.combinations(range(len(names)), seats)), None
    if schedule != "gauntlet":
        raise ValueError(f"the schedules are round-robin and gauntlet, not {schedule!r}")
    if challenger not in names:
        raise ValueError(f"the gauntlet's challenger {challenger!r} is not an entrant")
    c = names.index(challenger)
    others = [i for i in range(len(names)) if i != c]
    if seats - 1 > len(others):
        raise ValueError(f"{len(others)} opponents cannot fill tables of {seats} seats")
    return tuple((c, *rest) for rest in itertools.combinations(others, seats - 1)), c


@attrs.define
class _Counted:
    """A progress callback over several runs: the games of earlier runs added."""

    progress: Progress | None
    total: int
    before: int = 0

    def __call__(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(self.before + done, self.total)


_Setup: TypeAlias = tuple[Rules, tuple[Entrant, ...], tuple[tuple[int, ...], ...], int, bool]


def _play_all(
    setup: _Setup,
    deals: int,
    per_chunk: int,
    sprt: Sprt | None,
    executor: concurrent.futures.Executor | None,
    workers: int,
    progress: _Counted,
) -> list[Game]:
    """Every game of the tournament, in order; with an SPRT, in batches of chunks until
    the test decides, cut after the deal that decided it."""
    tables = len(setup[2])
    groups = [(t, d) for d in range(deals) for t in range(tables)]
    step = per_chunk * tables
    tasks = [(*setup, groups[a : a + step]) for a in range(0, len(groups), step)]
    if sprt is None:
        parts = _execute(_play_groups, tasks, len, progress.total, executor, workers, progress)
        return [game for part in parts for game in part]
    batch = max(2, 2 * workers)
    games: list[Game] = []
    counts = [0] * 5
    for start in range(0, len(tasks), batch):
        chunk = tasks[start : start + batch]
        parts = _execute(_play_groups, chunk, len, progress.total, executor, workers, progress)
        for part in parts:
            for first, second in zip(part[::2], part[1::2], strict=True):
                games += (first, second)
                counts[_pairs((first, second)).index(1)] += 1
                if sprt.result(counts).verdict != "running":
                    return games
        progress.before = len(games)
    return games


def _play_groups(
    rules: Rules,
    entrants: tuple[Entrant, ...],
    tables: tuple[tuple[int, ...], ...],
    seed: int,
    matches: bool,
    groups: list[tuple[int, int]],
) -> list[Game]:
    """Play every rotation of the (table, deal) ``groups``; the task an executor runs."""
    with _Players(entrants) as players:
        out = []
        for table, deal in groups:
            members = tables[table]
            n = len(members)
            for rotation in range(n):
                at = tuple(members[(seat + rotation) % n] for seat in range(n))
                where = f"deal {deal} of table {table}, rotation {rotation}"
                played = _play_game(rules, players, at, deal_seed(seed, deal), matches, where)
                penalties, rounds, winners, forfeit, error = played
                players.game_over()
                out.append(
                    Game(
                        table=table,
                        deal=deal,
                        rotation=rotation,
                        seats=at,
                        penalties=tuple(penalties),
                        rounds=rounds,
                        winners=tuple(winners),
                        forfeit=forfeit,
                        error=error,
                    )
                )
        return out


def _play_game(
    rules: Rules, players: _Players, at: tuple[int, ...], seed: int, matches: bool, where: str
) -> tuple[Sequence[int], int, Sequence[int], int | None, str | None]:
    """One game of the entrants ``at`` the seats: the round or the match of ``seed``
    played to its end, as :func:`~chickenfoot.bots.play_round` and
    :func:`~chickenfoot.bots.play_match` play it, or forfeited by the seat whose engine
    failed; its penalties, rounds, winners, the seat that forfeited and why. Any other
    error is raised with a note (from Python 3.11) of the entrant and the game."""
    n = len(at)
    game: Round | Match = (
        Match.new(rules, n, seed=seed) if matches else Round.deal(rules, n, seed=seed)
    )
    rng = random.Random(seed)
    turn = [0]  # the seat being made or asked for a move
    try:
        bots: list[Player] = []
        while len(bots) < n:
            turn[0] = len(bots)
            bots.append(players.get(at[turn[0]]))
        if isinstance(game, Round):  # the fast way, the seat asked watched
            game = play_round(game, [_Watched(bot, turn) for bot in bots], rng)
        while not game.is_over:  # a match, as play_match plays it, its round known
            assert isinstance(game, Match)
            rnd = game.round
            assert rnd.to_move is not None
            turn[0] = seat = rnd.to_move
            bot = bots[seat]
            game = game.apply(_checked(rnd, bot, seat, bot.choose(rnd.view(seat), rng)))
    except EngineError as exc:
        seat = turn[0]
        players.discard(at[seat])
        rounds = len(game.finished) + 1 if isinstance(game, Match) else 1
        worst = forfeit_penalty(rules, n) * rounds
        penalties = [worst if s == seat else 0 for s in range(n)]
        return penalties, rounds, [s for s in range(n) if s != seat], seat, str(exc)
    except Exception as exc:  # not an engine's failure: a bug, which stops the tournament
        add_note = getattr(exc, "add_note", None)  # Python 3.11 on
        if add_note is not None:
            name = players.entrants[at[turn[0]]].name
            add_note(f"in the tournament: {name!r} at seat {turn[0]}, {where}")
        raise
    if isinstance(game, Match):
        return game.totals, len(game.finished), game.winners, None, None
    assert game.outcome is not None
    return game.outcome.scores, 1, (game.outcome.winner,), None, None


def forfeit_penalty(rules: Rules, players: int) -> int:
    """The penalty points a forfeiting seat is charged for each round of the game it
    forfeits: the points of every tile of the set ``players`` players use, as the end of
    a round counts them (R17, R17b), so more than the seat could hold in its hand.

    >>> from chickenfoot import PRESETS
    >>> from chickenfoot.tournament import forfeit_penalty
    >>> forfeit_penalty(PRESETS["chickie-duel"], 2), forfeit_penalty(PRESETS["classic"], 4)
    (168, 545)

    .. versionadded:: 0.2
    """
    top = rules.set_size(players)
    tiles = (top + 1) * (top + 2) // 2
    return max(1, hand_score(rules, (1 << tiles) - 1))


@attrs.frozen
class _Watched:
    """A player that notes the seat it is asked to move for (to know who forfeits)."""

    player: Player
    turn: list[int]

    @property
    def name(self) -> str:
        return self.player.name

    def choose(self, view: RoundView, rng: random.Random) -> Move:
        self.turn[0] = view.seat
        return self.player.choose(view, rng)


class _Players:
    """The players of a task: made by their entrants' factories when first needed, again
    after every game for ``fresh="game"``, and closed when done with."""

    def __init__(self, entrants: tuple[Entrant, ...]) -> None:
        self.entrants = entrants
        self.made: dict[int, Player] = {}

    def __enter__(self) -> _Players:
        return self

    def __exit__(self, *exc: object) -> None:
        for e in list(self.made):
            self._close(e)

    def get(self, e: int) -> Player:
        if e not in self.made:
            self.made[e] = self.entrants[e].make()
        return self.made[e]

    def game_over(self) -> None:
        for e in list(self.made):
            if self.entrants[e].fresh == "game":
                self._close(e)

    def discard(self, e: int) -> None:
        """Close the player of ``e``, if made, for a new one in the next game."""
        if e in self.made:
            self._close(e)

    def _close(self, e: int) -> None:
        player = self.made.pop(e)
        close = getattr(player, "close", None)
        if not isinstance(self.entrants[e].make, _Same) and callable(close):
            close()


def _svg(ratings: Sequence[Rating], title: str) -> str:
    """Ratings as dots with interval bars, one row each, on a shared Elo axis."""
    ratings = sorted(ratings, key=lambda r: -r.elo)
    left, right, top, row = 150, 30, 50, 30
    width = 720
    height = top + row * len(ratings) + 50
    low = min(min(r.low for r in ratings), 0.0)
    high = max(max(r.high for r in ratings), 0.0)
    span = max(high - low, 1.0)
    low, high = low - 0.05 * span, high + 0.05 * span

    def x(v: float) -> float:
        return left + (v - low) / (high - low) * (width - left - right)

    axis = top + row * len(ratings) + 5
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">'
        ),
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="20">{_escape(title)}</text>',
        (
            f'<line x1="{x(0):.1f}" y1="{top - 10}" x2="{x(0):.1f}" y2="{axis}" '
            'stroke="#bbb" stroke-dasharray="4 3"/>'
        ),
        f'<line x1="{left}" y1="{axis}" x2="{width - right}" y2="{axis}" stroke="black"/>',
        (
            f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
            "rating (Elo, 95% interval)</text>"
        ),
    ]
    step = _tick(high - low)
    for tick in range(math.ceil(low / step) * step, math.floor(high / step) * step + 1, step):
        out.append(f'<text x="{x(tick):.1f}" y="{axis + 16}" text-anchor="middle">{tick:+d}</text>')
    for i, r in enumerate(ratings):
        y = top + row * i + row / 2
        out += [
            f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end">{_escape(r.name)}</text>',
            (
                f'<line x1="{x(r.low):.1f}" y1="{y:.1f}" x2="{x(r.high):.1f}" y2="{y:.1f}" '
                'stroke="steelblue" stroke-width="2"/>'
            ),
            f'<circle cx="{x(r.elo):.1f}" cy="{y:.1f}" r="4" fill="steelblue"/>',
            f'<text x="{x(r.elo):.1f}" y="{y - 7:.1f}" text-anchor="middle">{r.elo:+.0f}</text>',
        ]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _tick(span: float) -> int:
    """A round step between ticks, for about five to ten ticks over ``span``."""
    for step in (10, 20, 50, 100, 200, 500, 1000, 2000, 5000):
        if span / step <= 10:
            return step
    return 10_000


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
