"""Estimating each legal action's chance to win the round from a seat's view (see the package)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..bots.ismcts import bot_playout
from ..bots.playout import Outcome, random_playout
from ..core.errors import OptionError
from ..core.game import Game, State
from ..core.messages import msg
from ..core.rng import derive_seed
from ..core.types import View
from .belief import (
    DEFAULT_BURN,
    DEFAULT_CANDIDATES,
    DEFAULT_CHAINS,
    DEFAULT_FLOOR,
    DEFAULT_STEPS,
    PolicyBelief,
)

Playout = Callable[[State, random.Random], State]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(wins: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% by default); ``(0, 1)`` with no trials.

    >>> low, high = wilson_interval(7, 10)
    >>> round(low, 3), round(high, 3)
    (0.397, 0.892)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> all(wilson_interval(k, n)[0] <= k / n <= wilson_interval(k, n)[1]
    ...     for n in range(1, 60) for k in (0, n))
    True
    """
    if trials <= 0:
        return (0.0, 1.0)
    rate = wins / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    # in floating point centre - half can land a hair above a rate of 0 (or + half below 1)
    return (max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half)))


@dataclass(frozen=True)
class ActionEstimate:
    """One action's estimate: win chance with its 95% interval, mean score with its interval.

    >>> ActionEstimate("R5", 0.5, (0.4, 0.6), 3.0, (1.0, 5.0), 100).to_json()["ci95"]
    [0.4, 0.6]
    """

    action: str
    win: float
    ci95: tuple[float, float]
    score: float
    score_ci95: tuple[float, float]
    playouts: int

    def to_json(self) -> dict[str, Any]:
        """The estimate as JSON (``{"action", "win", "ci95", "score", "score_ci95", ...}``)."""
        return {
            "action": self.action,
            "win": self.win,
            "ci95": list(self.ci95),
            "score": self.score,
            "score_ci95": list(self.score_ci95),
            "playouts": self.playouts,
        }


@dataclass(frozen=True)
class Analysis:
    """Every legal action of a seat at one decision, in the order of its legal actions."""

    seat: int
    actions: tuple[ActionEstimate, ...]
    worlds: int

    @property
    def best(self) -> ActionEstimate:
        """The action with the highest win chance (ties: the higher mean score, then first)."""
        return max(self.actions, key=lambda estimate: (estimate.win, estimate.score))

    def of(self, action: str) -> ActionEstimate:
        """The estimate of ``action``; :class:`KeyError` if it was not a legal action."""
        for estimate in self.actions:
            if estimate.action == action:
                return estimate
        raise KeyError(f"{action!r} was not one of the actions analysed")

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON: the seat, the worlds sampled, the best action, every action."""
        return {
            "seat": self.seat,
            "worlds": self.worlds,
            "best": self.best.action,
            "actions": [estimate.to_json() for estimate in self.actions],
        }


def playout_policy(game: Game) -> Playout:
    """The strongest cheap way to play a round out: the heuristic's fast playout on integer
    ids where the game has one, else the heuristic bot through views, else random play."""
    if not game.info.has_heuristic:
        return random_playout
    policy: Any = game.heuristic_bot()
    fast: Playout | None = getattr(policy, "playout", None)
    if fast is not None:
        return fast
    return partial(_bot_playout, policy)


def _bot_playout(policy: Any, state: State, rng: random.Random) -> State:
    return bot_playout(state, policy, rng)


class _Tally:
    """Running sums of one action's wins and scores."""

    __slots__ = ("count", "score_squares", "score_sum", "wins")

    def __init__(self) -> None:
        self.count = 0
        self.wins = 0.0
        self.score_sum = 0.0
        self.score_squares = 0.0

    def add(self, win: float, score: float) -> None:
        self.count += 1
        self.wins += win
        self.score_sum += score
        self.score_squares += score * score

    def estimate(self, action: str) -> ActionEstimate:
        count = self.count
        mean = self.score_sum / count if count else 0.0
        variance = (self.score_squares / count - mean * mean) if count > 1 else 0.0
        half = Z95 * math.sqrt(max(variance, 0.0) / max(count - 1, 1)) if count > 1 else 0.0
        return ActionEstimate(
            action=action,
            win=self.wins / count if count else 0.0,
            ci95=wilson_interval(self.wins, count),
            score=mean,
            score_ci95=(mean - half, mean + half),
            playouts=count,
        )


def analyse(
    game: Game,
    view: View,
    *,
    worlds: int = 200,
    seconds: float | None = None,
    seed: int = 0,
    playout: Playout | None = None,
    belief: float | None = DEFAULT_FLOOR,
    candidates: int = DEFAULT_CANDIDATES,
    steps: int = DEFAULT_STEPS,
    burn: int = DEFAULT_BURN,
    chains: int = DEFAULT_CHAINS,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """Estimate every legal action of ``view``'s seat from ``worlds`` sampled worlds.

    Only ``view`` is read: two rounds the seat cannot tell apart get the same numbers for the
    same ``seed``. ``seconds`` stops sampling earlier (at least one world is always played);
    with it the figures depend on the machine's speed, with ``worlds`` alone they do not.
    ``belief``: in the games whose worlds can be weighted by the other seats' earlier choices
    (:mod:`.belief`), the weight a world keeps per choice the model would not have made there
    (each world is drawn from ``candidates`` weighted ones; where the game hands out its
    deals, the worlds come from ``chains`` Markov chains over deals instead, ``burn`` proposed
    swaps of two unseen cards before a chain's first world and ``steps`` between two, see
    :meth:`.PolicyBelief.worlds`); ``None`` deals every world uniformly. ``stop`` (asked
    between two worlds, after the first) ends sampling early when it answers ``True``.
    :class:`OptionError` if the seat has no decision to make or the budget makes no sense.
    """
    seat = view.get("seat")
    legal: list[str] = list(view.get("legal_actions") or [])
    if seat is None or not view.get("can_act") or not legal:
        raise OptionError(msg("no decision to analyse: this seat has no legal action now"))
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise OptionError(
            msg("worlds must be a whole number >= 1, not {worlds}", worlds=repr(worlds))
        )
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        raise OptionError(
            msg("seconds must be a positive finite number, not {seconds}", seconds=repr(seconds))
        )
    if not game.info.samples_worlds:
        raise OptionError(
            msg("{game} does not sample worlds, so it cannot be analysed", game=game.id)
        )
    play_out = playout or playout_policy(game)
    weigh = (
        PolicyBelief(
            game, floor=belief, candidates=candidates, steps=steps, burn=burn, chains=chains
        )
        if belief is not None and game.info.belief_sampling and game.info.has_heuristic
        else None
    )
    chain = (
        weigh.worlds(view, random.Random(derive_seed(seed, "chain")))
        if weigh is not None and weigh.chained
        else None
    )
    tallies = [_Tally() for _ in legal]
    deadline = None if seconds is None else time.perf_counter() + seconds
    sampled = 0
    for index in range(worlds):
        if deadline is not None and sampled and time.perf_counter() > deadline:
            break
        if stop is not None and sampled and stop():
            break
        if chain is not None:
            world = next(chain)
        else:
            world_rng = random.Random(derive_seed(seed, "world", index))
            world = (
                game.sample_world(view, world_rng) if weigh is None else weigh.draw(view, world_rng)
            )
        playout_seed = derive_seed(seed, "playout", index)
        for action, tally in zip(legal, tallies, strict=True):
            copy = world.clone()
            copy.apply(seat, action)
            if not copy.is_over:
                play_out(copy, random.Random(playout_seed))
            outcome = Outcome.of(copy)
            tally.add(outcome.wins[seat], outcome.scores[seat])
        sampled += 1
    estimates = tuple(tally.estimate(action) for action, tally in zip(legal, tallies, strict=True))
    return Analysis(seat=seat, actions=estimates, worlds=sampled)


def hint(
    state: State,
    seat: int,
    *,
    worlds: int = 200,
    seconds: float | None = None,
    seed: int = 0,
) -> Analysis:
    """A hint for ``seat`` at a table that holds the true ``state``: :func:`analyse` of the
    seat's view only, so the hint never depends on cards the seat has not seen.

    >>> import solocards
    >>> state = solocards.make("uno", players=2).deal(seed=5)
    >>> hint(state, state.to_act[0], worlds=4).worlds
    4
    """
    return analyse(state.game, state.view(seat), worlds=worlds, seconds=seconds, seed=seed)


__all__ = [
    "ActionEstimate",
    "Analysis",
    "Playout",
    "analyse",
    "hint",
    "playout_policy",
    "wilson_interval",
]
