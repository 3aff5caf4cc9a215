"""Duplicate tournaments between bots: the same deals, the bots in every seat order, in parallel.

A tournament plays *deals*. Each deal is one round (a match's first round, fixed by its seed:
the same cards and the same dealer) played once for every seat order of the bots (a *lineup*),
so every bot holds every hand: luck of the deal cancels out. The unit of the results is the
round; intervals are computed over deals (see :mod:`solocards.sim.stats`).

Lineups, for ``k`` bots at a ``p``-player table:

- ``k == p``: every permutation of the bots;
- ``k < p``: every bot gets ``p // k`` seats and ``p % k`` bots one more, taking turns at
  being the ones with more (``a a b c``, ``a b b c``, ``a b c c``), in every distinct order;
- ``k > p``: every ordered choice of ``p`` different bots.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> result = run_tournament(game, ["random", "random"], rounds=4, seed=1)
>>> len(result.rounds), result.deals, [bot["bot"] for bot in result.summary()["bots"]]
(4, 2, ['random', 'random#2'])
"""

from __future__ import annotations

import itertools
import math
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..core.bot import Bot
from ..core.errors import OptionError
from ..core.game import Game, View
from ..core.messages import msg
from ..core.rng import derive_seed
from . import runner
from .runner import choose_actor
from .stats import bootstrap_ratings, bradley_terry, mean_ci

Progress = Callable[[int], None]


def split_bot_specs(text: str) -> list[str]:
    """Split ``--bots``: commas separate bots, except before another ``key=value`` parameter.

    >>> split_bot_specs("heuristic,ismcts:iterations=200,c=0.5,random")
    ['heuristic', 'ismcts:iterations=200,c=0.5', 'random']
    """
    specs: list[str] = []
    for part in (piece.strip() for piece in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def bot_labels(specs: Sequence[str]) -> list[str]:
    """A unique label per bot: its spec, with ``#2``, ``#3`` for repeats.

    >>> bot_labels(["random", "ismcts", "random"])
    ['random', 'ismcts', 'random#2']
    """
    labels: list[str] = []
    for spec in specs:
        count = sum(1 for earlier in specs[: len(labels)] if earlier == spec)
        labels.append(spec if count == 0 else f"{spec}#{count + 1}")
    return labels


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every seat order of ``bots`` bots at a ``players``-player table (bot indexes per seat).

    >>> lineups(2, 2)
    [(0, 1), (1, 0)]
    >>> len(lineups(3, 2)), len(lineups(3, 4)), lineups(1, 3)
    (6, 36, [(0, 0, 0)])
    """
    if bots < 1 or players < 1:
        raise OptionError(msg("a tournament needs at least one bot and one seat"))
    if bots >= players:
        return list(itertools.permutations(range(bots), players))
    share, extra = divmod(players, bots)
    orders: set[tuple[int, ...]] = set()
    for lucky in itertools.combinations(range(bots), extra):
        base = [bot for bot in range(bots) for _ in range(share + (bot in lucky))]
        orders.update(itertools.permutations(base))
    return sorted(orders)


@dataclass
class RoundResult:
    """One round of a tournament: where it stands, who sat where, and what came of it."""

    deal: int
    order: int
    lineup: tuple[int, ...]
    scores: list[float]
    winners: list[int]
    moves: list[int]
    seconds: list[float]
    record: dict[str, Any]
    cpu_seconds: list[float] = field(default_factory=list)
    abandoned: bool = False
    """Whether the round was stopped unfinished at the action limit (no winner, no score)."""


class TimedBot:
    """A bot wrapper that counts the decisions of one seat and the time they take: wall-clock
    seconds, and the CPU seconds of this process (the same on an idle machine; on a loaded
    one the wall clock runs on while other programs have the CPU)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.reads_log = bool(getattr(bot, "reads_log", True))
        """Whether the wrapped bot reads the view's log (``solocards.core.bot.view_for``)."""
        self.moves = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def choose(self, view: View, legal_actions: list[str], rng: random.Random) -> str:
        """The wrapped bot's choice, timed."""
        started, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, legal_actions, rng)
        self.seconds += time.perf_counter() - started
        self.cpu_seconds += time.process_time() - cpu
        self.moves += 1
        return action


@dataclass
class Table:
    """What playing a deal needs: the game, the bots (built once per process), the lineups."""

    game: Game
    specs: list[str]
    seed: int
    orders: list[tuple[int, ...]] = field(default_factory=list)
    bots: list[Bot] = field(default_factory=list)
    max_round_actions: int | None = None
    """A round still going after this many actions is abandoned (``None``:
    :data:`~solocards.sim.runner.ROUND_ACTION_LIMIT`, read as each deal is played)."""

    def __post_init__(self) -> None:
        if not self.orders:
            self.orders = lineups(len(self.specs), self.game.players)
        if not self.bots:
            self.bots = [make_bot(spec, self.game) for spec in self.specs]

    def play_deal(self, deal: int) -> list[RoundResult]:
        """Play one deal in every lineup."""
        labels = bot_labels(self.specs)
        match_seed = derive_seed(self.seed, "deal", deal)
        limit = self.max_round_actions or runner.ROUND_ACTION_LIMIT
        rounds = []
        for order, lineup in enumerate(self.orders):
            seats = [TimedBot(self.bots[index]) for index in lineup]
            rngs = [
                random.Random(derive_seed(self.seed, "bot", deal, order, seat))
                for seat in range(len(lineup))
            ]
            match = self.game.match(seed=match_seed, names=[labels[i] for i in lineup])
            actions = 0
            while not match.results and actions < limit:
                seat, action = choose_actor(match.state, seats, rngs)
                match.apply(seat, action)
                actions += 1
            record: dict[str, Any] = dict(match.record())
            record["rounds"] = record["rounds"][:1]
            if match.results:
                result = match.results[0]
                scores = [float(score) for score in result["scores"]]
                winners = list(result["winners"])
            else:  # abandoned: the record holds the unfinished round, no result
                scores, winners = [0.0] * len(lineup), []
            rounds.append(
                RoundResult(
                    deal=deal,
                    order=order,
                    lineup=tuple(lineup),
                    scores=scores,
                    winners=winners,
                    moves=[bot.moves for bot in seats],
                    seconds=[bot.seconds for bot in seats],
                    record=record,
                    cpu_seconds=[bot.cpu_seconds for bot in seats],
                    abandoned=not match.results,
                )
            )
        return rounds


_WORKER: Table | None = None


def _init_worker(game: Game, specs: list[str], seed: int) -> None:
    global _WORKER
    _WORKER = Table(game, specs, seed)


def _play_in_worker(deal: int) -> list[RoundResult]:
    assert _WORKER is not None
    return _WORKER.play_deal(deal)


@dataclass
class TournamentResult:
    """Every round of a tournament, and the summary computed from them."""

    game: Game
    specs: list[str]
    seed: int
    deals: int
    orders: int
    rounds: list[RoundResult]

    @property
    def labels(self) -> list[str]:
        """The bots' unique labels, in the order given."""
        return bot_labels(self.specs)

    def records(self) -> list[dict[str, Any]]:
        """The record of every round, by deal and lineup (for ``solocards.save``)."""
        return [item.record for item in self.rounds]

    def summary(self) -> dict[str, Any]:
        """Win rate, mean score and rating per bot with 95% intervals, and head-to-head rates.

        Bots are listed best rating first. Intervals that cannot be computed (one deal) are
        ``None``. Time per decision comes wall-clock (``seconds_per_move``) and in CPU seconds
        of the process that played (``cpu_seconds_per_move``, the figure to trust on a loaded
        machine). ``abandoned_rounds`` counts the rounds stopped at the action limit; they
        count as won by nobody, with every seat scoring 0.
        """
        labels = self.labels
        per_deal_win: dict[int, dict[int, list[float]]] = {b: {} for b in range(len(labels))}
        per_deal_score: dict[int, dict[int, list[float]]] = {b: {} for b in range(len(labels))}
        pairs_by_deal: dict[int, dict[tuple[str, str], float]] = {}
        moves = [0] * len(labels)
        seconds = [0.0] * len(labels)
        cpu = [0.0] * len(labels)
        for item in self.rounds:
            pairs = pairs_by_deal.setdefault(item.deal, {})
            outcome = [
                (1.0 if seat in item.winners else 0.0, item.scores[seat])
                for seat in range(len(item.lineup))
            ]
            for seat, bot in enumerate(item.lineup):
                per_deal_win[bot].setdefault(item.deal, []).append(outcome[seat][0])
                per_deal_score[bot].setdefault(item.deal, []).append(outcome[seat][1])
                moves[bot] += item.moves[seat]
                seconds[bot] += item.seconds[seat]
                cpu[bot] += item.cpu_seconds[seat] if item.cpu_seconds else 0.0
            for one, two in itertools.combinations(range(len(item.lineup)), 2):
                a, b = labels[item.lineup[one]], labels[item.lineup[two]]
                if a == b:
                    continue
                if outcome[one] == outcome[two]:
                    pairs[(a, b)] = pairs.get((a, b), 0.0) + 0.5
                    pairs[(b, a)] = pairs.get((b, a), 0.0) + 0.5
                else:
                    winner, loser = (a, b) if outcome[one] > outcome[two] else (b, a)
                    pairs[(winner, loser)] = pairs.get((winner, loser), 0.0) + 1.0
        totals: dict[tuple[str, str], float] = {}
        for pairs in pairs_by_deal.values():
            for pair, count in pairs.items():
                totals[pair] = totals.get(pair, 0.0) + count
        ratings = bradley_terry(labels, totals)
        rating_ci = bootstrap_ratings(labels, list(pairs_by_deal.values()), seed=self.seed)
        bots: list[dict[str, Any]] = []
        for index, label in enumerate(labels):
            win, win_ci = mean_ci([_mean(v) for v in per_deal_win[index].values()])
            score, score_ci = mean_ci([_mean(v) for v in per_deal_score[index].values()])
            bots.append(
                {
                    "bot": label,
                    "win_rate": _finite(win),
                    "win_rate_ci95": _interval(win_ci, 0.0, 1.0),
                    "mean_score": _finite(score),
                    "mean_score_ci95": _interval(score_ci),
                    "rating": round(ratings[label], 1),
                    "rating_ci95": _interval(rating_ci[label], digits=1),
                    "rounds": sum(len(v) for v in per_deal_win[index].values()),
                    "seconds_per_move": seconds[index] / moves[index] if moves[index] else None,
                    "cpu_seconds_per_move": cpu[index] / moves[index] if moves[index] else None,
                }
            )
        bots.sort(key=lambda entry: -entry["rating"])
        head_to_head = {
            a: {
                b: totals.get((a, b), 0.0) / (totals.get((a, b), 0.0) + totals.get((b, a), 0.0))
                for b in labels
                if b != a and totals.get((a, b), 0.0) + totals.get((b, a), 0.0) > 0
            }
            for a in labels
        }
        head_to_head_ci = {
            a: {b: _pair_interval(a, b, pairs_by_deal.values()) for b in rates}
            for a, rates in head_to_head.items()
        }
        return {
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "seed": self.seed,
            "rounds": len(self.rounds),
            "deals": self.deals,
            "seat_orders": self.orders,
            "abandoned_rounds": sum(item.abandoned for item in self.rounds),
            "bots": bots,
            "head_to_head": head_to_head,
            "head_to_head_ci95": head_to_head_ci,
        }


def _pair_interval(
    a: str, b: str, deals: Iterable[dict[tuple[str, str], float]]
) -> list[float] | None:
    """The 95% interval of the share of meetings ``a`` finished ahead of ``b``, over deals (the
    share in each deal where they met; the rounds of a deal are not independent)."""
    shares = []
    for pairs in deals:
        ahead, behind = pairs.get((a, b), 0.0), pairs.get((b, a), 0.0)
        if ahead + behind > 0:
            shares.append(ahead / (ahead + behind))
    return _interval(mean_ci(shares)[1], 0.0, 1.0)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _interval(
    bounds: tuple[float, float], lo: float = -math.inf, hi: float = math.inf, digits: int = 6
) -> list[float] | None:
    low, high = max(bounds[0], lo), min(bounds[1], hi)
    if not (math.isfinite(low) and math.isfinite(high)):
        return None
    return [round(low, digits), round(high, digits)]


def run_tournament(
    game: Game,
    specs: Sequence[str],
    rounds: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play at least ``rounds`` rounds (whole deals, every lineup) and collect the results.

    ``jobs`` processes play deals in parallel (``0`` or less: every core). ``progress`` is
    called with the number of rounds finished so far.
    """
    specs = list(specs)
    table = Table(game, specs, seed)  # builds the bots once here: bad specs fail early
    orders = len(table.orders)
    deals = max(1, math.ceil(rounds / orders))
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    played: list[RoundResult] = []
    if jobs == 1:
        for deal in range(deals):
            played.extend(table.play_deal(deal))
            if progress is not None:
                progress(len(played))
    else:
        with ProcessPoolExecutor(
            max_workers=min(jobs, deals), initializer=_init_worker, initargs=(game, specs, seed)
        ) as pool:
            futures = [pool.submit(_play_in_worker, deal) for deal in range(deals)]
            for future in as_completed(futures):
                played.extend(future.result())
                if progress is not None:
                    progress(len(played))
    played.sort(key=lambda item: (item.deal, item.order))
    return TournamentResult(game, specs, seed, deals, orders, played)


__all__ = [
    "RoundResult",
    "Table",
    "TimedBot",
    "TournamentResult",
    "bot_labels",
    "lineups",
    "run_tournament",
    "split_bot_specs",
]
