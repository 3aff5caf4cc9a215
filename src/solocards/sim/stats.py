"""Statistics for tournaments: cluster means with 95% intervals, and Bradley-Terry (Elo) ratings.

Duplicate play makes the rounds of one deal depend on each other (the same cards, the bots in
other seats), so intervals are computed over *deals*: each deal contributes one number per bot
(its mean over that deal's rounds), and the interval is the t interval of those numbers.

>>> mean, (lo, hi) = mean_ci([0.5, 1.0, 0.5, 0.0, 1.0, 0.5])
>>> round(mean, 3), round(lo, 3), round(hi, 3)
(0.583, 0.188, 0.978)
>>> ratings = bradley_terry(["a", "b"], {("a", "b"): 30.0, ("b", "a"): 10.0})
>>> round(ratings["a"] - ratings["b"])
185
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom; 1.96 beyond.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t975(degrees: int) -> float:
    """The 97.5% quantile of Student's t (1.96 from 31 degrees of freedom on).

    >>> t975(1), t975(30), t975(1000)
    (12.706, 2.042, 1.96)
    """
    if degrees < 1:
        return math.inf
    return _T975[degrees - 1] if degrees <= len(_T975) else 1.96


def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` and its 95% t interval (infinite with fewer than two values)."""
    count = len(values)
    if count == 0:
        return math.nan, (math.nan, math.nan)
    mean = sum(values) / count
    if count < 2:
        return mean, (-math.inf, math.inf)
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = t975(count - 1) * math.sqrt(variance / count)
    return mean, (mean - half, mean + half)


def bradley_terry(
    players: Sequence[str],
    wins: Mapping[tuple[str, str], float],
    prior: float = 0.5,
    iterations: int = 500,
) -> dict[str, float]:
    """Elo-style ratings (mean 1500) fitted to pairwise results by the MM algorithm.

    ``wins[(a, b)]`` is how often ``a`` beat ``b`` (a draw counts half to each). ``prior``
    adds that many virtual wins each way to every pair that met, so a bot that won every
    game still gets a finite rating. A rating difference ``d`` means an expected score of
    ``1 / (1 + 10 ** (-d / 400))``, as in Elo.
    """
    names = list(players)
    if not names:
        return {}
    won = {
        (a, b): wins.get((a, b), 0.0) + prior
        for a in names
        for b in names
        if a != b and (wins.get((a, b), 0.0) + wins.get((b, a), 0.0)) > 0
    }
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        updated = {}
        for a in names:
            total_won = sum(count for (x, _), count in won.items() if x == a)
            denominator = sum(
                (won[(a, b)] + won[(b, a)]) / (strength[a] + strength[b])
                for b in names
                if (a, b) in won
            )
            updated[a] = total_won / denominator if denominator > 0 else strength[a]
        logs = [math.log(value) for value in updated.values()]
        centre = sum(logs) / len(logs)
        strength = {a: math.exp(math.log(value) - centre) for a, value in updated.items()}
    return {a: 1500.0 + 400.0 * math.log10(strength[a]) for a in names}


def bootstrap_ratings(
    players: Sequence[str],
    per_deal: Sequence[Mapping[tuple[str, str], float]],
    samples: int = 200,
    seed: int = 0,
) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of the ratings, resampling whole deals with replacement."""
    if len(per_deal) < 2:
        return {name: (-math.inf, math.inf) for name in players}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in players}
    for _ in range(samples):
        total: dict[tuple[str, str], float] = {}
        for deal in (rng.choice(per_deal) for _ in per_deal):
            for pair, count in deal.items():
                total[pair] = total.get(pair, 0.0) + count
        for name, rating in bradley_terry(players, total, iterations=100).items():
            draws[name].append(rating)
    intervals = {}
    for name, values in draws.items():
        values.sort()
        intervals[name] = (values[int(0.025 * samples)], values[int(0.975 * samples) - 1])
    return intervals


__all__ = ["bootstrap_ratings", "bradley_terry", "mean_ci", "t975"]
