"""The lab's metrics: per variant with 95% intervals, and paired differences to the baseline.

A deal is the unit of independence: it is played in several seatings, and variants whose deck
is the same play the same deals. So a *round metric* (one number per round, or ``None`` where
it does not apply) is first averaged within each deal; its value is the mean over deals with a
t interval, and a difference to the baseline is the mean of the per-deal differences, with the
paired t interval (the cards cancel out). A *deal-set metric* (a spread, a variance share)
gets percentile bootstrap intervals, resampling the same deals for both variants. Variants
whose deck differs from the baseline's cannot be paired: their differences are unpaired (Welch
or independent resamples).

>>> rounds = [{"deal": d, "decisions": 10 + d % 2, "turns": 8, "scores": [1.0, 0.0],
...            "winners": [0], "dealer": 0, "lineup": [0, 0], "mid_leader": 0,
...            "events": {}} for d in range(6)]
>>> value, (lo, hi) = round_metric(by_deal(rounds), round_length_decisions)
>>> value, round(lo, 2), round(hi, 2)
(10.5, 9.93, 11.07)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..sim.stats import mean_ci, t975
from .chunks import RoundOutcome

Deals = dict[int, list[RoundOutcome]]
RoundValue = Callable[[RoundOutcome], float | None]
Digest = Callable[[list[RoundOutcome]], list[tuple[float, float, float]]]
DealSetValue = Callable[[Sequence[list[tuple[float, float, float]]]], float | None]
Interval = tuple[float, float]

BOOTSTRAP_SAMPLES = 300


def by_deal(rounds: Sequence[RoundOutcome]) -> Deals:
    """The rounds grouped by their deal."""
    deals: Deals = {}
    for item in rounds:
        deals.setdefault(int(item["deal"]), []).append(item)
    return deals


# -- round metrics ------------------------------------------------------------------------------


def round_length_decisions(item: RoundOutcome) -> float:
    """Actions applied in the round (every draw, pass, bid, play, reaction)."""
    return float(item["decisions"])


def round_length_turns(item: RoundOutcome) -> float:
    """Turns: runs of consecutive actions by one seat."""
    return float(item["turns"])


def score_spread(item: RoundOutcome) -> float:
    """The best seat's score minus the worst's."""
    scores = item["scores"]
    return float(max(scores) - min(scores))


def decisive(item: RoundOutcome) -> float | None:
    """1 when the one seat leading at mid-round won, 0 when it did not; ``None`` when nobody
    led alone at mid-round or nobody won."""
    if item["mid_leader"] is None or not item["winners"]:
        return None
    return 1.0 if item["mid_leader"] in item["winners"] else 0.0


def _outcome(item: RoundOutcome, seat: int) -> tuple[float, float]:
    return (1.0 if seat in item["winners"] else 0.0, float(item["scores"][seat]))


def skill_share(item: RoundOutcome) -> float | None:
    """The first bot's share of its meetings with the other bots in this round: 1 for each
    other-bot seat it finished ahead of (won, or scored more), a half for a tie; ``None``
    when only one bot kind sits at the table."""
    lineup = item["lineup"]
    shares = []
    for one, bot in enumerate(lineup):
        if bot != 0:
            continue
        for two, other in enumerate(lineup):
            if other == 0:
                continue
            mine, theirs = _outcome(item, one), _outcome(item, two)
            shares.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    return sum(shares) / len(shares) if shares else None


def position_win(position: int) -> RoundValue:
    """1 when the seat ``position`` places after the dealer (0: the dealer, 1: eldest) won."""

    def value(item: RoundOutcome) -> float:
        seat = (item["dealer"] + position) % len(item["scores"])
        return 1.0 if seat in item["winners"] else 0.0

    return value


def position_score(position: int) -> RoundValue:
    """The score of the seat ``position`` places after the dealer."""

    def value(item: RoundOutcome) -> float:
        return float(item["scores"][(item["dealer"] + position) % len(item["scores"])])

    return value


def event_count(name: str) -> RoundValue:
    """How often the event ``name`` happened in the round."""

    def value(item: RoundOutcome) -> float:
        return float(item["events"].get(name, 0))

    return value


# -- deal-set metrics ---------------------------------------------------------------------------

Moments = tuple[float, float, float]
"""``(count, sum, sum of squares)`` of some values: enough for means and variances."""


def moments(values: Sequence[float]) -> Moments:
    """The count, sum and sum of squares of ``values``.

    >>> moments([1.0, 2.0, 3.0])
    (3.0, 6.0, 14.0)
    """
    return float(len(values)), float(sum(values)), float(sum(v * v for v in values))


def _add(parts: Sequence[Moments]) -> Moments:
    return (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts))


def _squares(part: Moments) -> float:
    """The sum of squared deviations from the mean."""
    count, total, squares = part
    return max(0.0, squares - total * total / count) if count else 0.0


def length_digest(rounds: list[RoundOutcome]) -> list[Moments]:
    """A deal's round lengths (decisions), as moments."""
    return [moments([float(item["decisions"]) for item in rounds])]


def length_sd(digests: Sequence[list[Moments]]) -> float | None:
    """The standard deviation of the round length in decisions, over every round."""
    whole = _add([part for digest in digests for part in digest])
    if whole[0] < 2:
        return None
    return math.sqrt(_squares(whole) / (whole[0] - 1))


def score_digest(rounds: list[RoundOutcome]) -> list[Moments]:
    """A deal's scores per seat over its seatings, as moments (one cell per seat)."""
    seats = len(rounds[0]["scores"]) if rounds else 0
    return [moments([float(item["scores"][seat]) for item in rounds]) for seat in range(seats)]


def luck_share(digests: Sequence[list[Moments]]) -> float | None:
    """The share of the score variance that the deal explains: the adjusted R² of each
    score on its (deal, seat) cell, over the seatings of each deal. Near 1: the cards decide
    the scores whoever holds them; near 0: the choices made (and the bots' dice) do."""
    cells = [cell for digest in digests for cell in digest if cell[0] >= 1]
    whole = _add(cells)
    count = whole[0]
    within = sum(_squares(cell) for cell in cells)
    spread = _squares(whole)
    if len(cells) < 2 or count - len(cells) < 1 or spread == 0:
        return None
    return 1.0 - (within / (count - len(cells))) / (spread / (count - 1))


# -- the catalogue ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    """A named metric: either a round value (``per_round``) or a deal-set value (``per_set``)."""

    name: str
    help: str
    per_round: RoundValue | None = None
    per_set: tuple[Digest, DealSetValue] | None = None
    share: bool = False  # a share of rounds: intervals lie in [0, 1], differences in [-1, 1]


def catalogue(players: int, events: Sequence[str]) -> list[Metric]:
    """Every metric of a lab at a ``players``-seat table that saw ``events``."""
    metrics = [
        Metric("round_length_decisions", "actions per round", round_length_decisions),
        Metric(
            "round_length_turns", "turns per round (runs of one seat's actions)", round_length_turns
        ),
        Metric(
            "round_length_sd",
            "standard deviation of the round length (actions)",
            per_set=(length_digest, length_sd),
        ),
        Metric(
            "decisiveness", "share of rounds won by the seat leading alone at mid-round", decisive
        ),
        Metric("score_spread", "best seat's score minus the worst's, per round", score_spread),
        Metric(
            "skill_share",
            "the first bot's share of meetings against the others",
            skill_share,
            share=True,
        ),
        Metric(
            "luck_share",
            "share of score variance explained by the deal (adjusted R²)",
            per_set=(score_digest, luck_share),
        ),
    ]
    for position in range(players):
        where = "the dealer" if position == 0 else f"{position} after the dealer"
        metrics.append(
            Metric(
                f"win_share_pos{position}",
                f"share of rounds won by the seat {where}",
                position_win(position),
                share=True,
            )
        )
        metrics.append(
            Metric(
                f"mean_score_pos{position}",
                f"mean score of the seat {where}",
                position_score(position),
            )
        )
    for name in sorted(events):
        metrics.append(
            Metric(f"events_{name}", f"{name.replace('_', ' ')} per round", event_count(name))
        )
    return metrics


# -- values and differences ---------------------------------------------------------------------


def _deal_means(deals: Deals, value: RoundValue) -> dict[int, float]:
    means = {}
    for deal, rounds in deals.items():
        values = [v for v in (value(item) for item in rounds) if v is not None]
        if values:
            means[deal] = sum(values) / len(values)
    return means


def round_metric(deals: Deals, value: RoundValue) -> tuple[float, Interval]:
    """A round metric's mean over deals and its 95% t interval."""
    return mean_ci(list(_deal_means(deals, value).values()))


def round_difference(
    deals: Deals, baseline: Deals, value: RoundValue, paired: bool
) -> tuple[float, Interval]:
    """The difference of a round metric to the baseline: paired over the deals both played
    (t interval of the per-deal differences), or Welch's interval when not ``paired``."""
    mine, theirs = _deal_means(deals, value), _deal_means(baseline, value)
    if paired:
        common = sorted(set(mine) & set(theirs))
        return mean_ci([mine[deal] - theirs[deal] for deal in common])
    return _welch(list(mine.values()), list(theirs.values()))


def _welch(one: list[float], two: list[float]) -> tuple[float, Interval]:
    if len(one) < 2 or len(two) < 2:
        return math.nan, (math.nan, math.nan)
    mean_one, mean_two = sum(one) / len(one), sum(two) / len(two)
    var_one = sum((v - mean_one) ** 2 for v in one) / (len(one) - 1) / len(one)
    var_two = sum((v - mean_two) ** 2 for v in two) / (len(two) - 1) / len(two)
    spread = var_one + var_two
    diff = mean_one - mean_two
    if spread == 0:
        return diff, (diff, diff)
    degrees = spread**2 / (var_one**2 / max(1, len(one) - 1) + var_two**2 / max(1, len(two) - 1))
    half = t975(int(degrees)) * math.sqrt(spread)
    return diff, (diff - half, diff + half)


def _percentiles(draws: list[float]) -> Interval:
    if len(draws) < 20:
        return (math.nan, math.nan)
    draws.sort()
    count = len(draws)
    return draws[int(0.025 * count)], draws[min(count - 1, int(0.975 * count))]


def _digests(deals: Deals, digest: Digest) -> dict[int, list[Moments]]:
    return {deal: digest(rounds) for deal, rounds in deals.items()}


def set_metric(
    deals: Deals, per_set: tuple[Digest, DealSetValue], seed: int
) -> tuple[float, Interval]:
    """A deal-set metric and its 95% percentile bootstrap interval over deals."""
    digest, value = per_set
    parts = _digests(deals, digest)
    keys = sorted(parts)
    point = value([parts[k] for k in keys])
    if point is None:
        return math.nan, (math.nan, math.nan)
    rng = random.Random(seed)
    draws = []
    for _ in range(BOOTSTRAP_SAMPLES):
        sample = value([parts[rng.choice(keys)] for _ in keys])
        if sample is not None:
            draws.append(sample)
    return point, _percentiles(draws)


def set_difference(
    deals: Deals,
    baseline: Deals,
    per_set: tuple[Digest, DealSetValue],
    paired: bool,
    seed: int,
) -> tuple[float, Interval]:
    """The difference of a deal-set metric to the baseline, with a bootstrap interval that
    resamples the same deals for both (``paired``) or each variant's own deals."""
    digest, value = per_set
    mine_parts, theirs_parts = _digests(deals, digest), _digests(baseline, digest)
    if paired:
        mine_keys = theirs_keys = sorted(set(mine_parts) & set(theirs_parts))
    else:
        mine_keys, theirs_keys = sorted(mine_parts), sorted(theirs_parts)
    if not mine_keys or not theirs_keys:
        return math.nan, (math.nan, math.nan)
    mine = value([mine_parts[k] for k in mine_keys])
    theirs = value([theirs_parts[k] for k in theirs_keys])
    if mine is None or theirs is None:
        return math.nan, (math.nan, math.nan)
    rng = random.Random(seed)
    draws = []
    for _ in range(BOOTSTRAP_SAMPLES):
        picks = [rng.choice(mine_keys) for _ in mine_keys]
        other = picks if paired else [rng.choice(theirs_keys) for _ in theirs_keys]
        one = value([mine_parts[k] for k in picks])
        two = value([theirs_parts[k] for k in other])
        if one is not None and two is not None:
            draws.append(one - two)
    return mine - theirs, _percentiles(draws)


def clean(value: float, digits: int = 6) -> float | None:
    """A finite value rounded for JSON, else ``None``."""
    return round(value, digits) if math.isfinite(value) else None


def clean_interval(bounds: Interval, digits: int = 6) -> list[float] | None:
    """A finite interval rounded for JSON, else ``None``."""
    low, high = bounds
    if not (math.isfinite(low) and math.isfinite(high)):
        return None
    return [round(low, digits), round(high, digits)]


def excludes_zero(interval: list[float] | None) -> bool:
    """Whether an interval lies wholly above or below zero."""
    return interval is not None and (interval[0] > 0 or interval[1] < 0)


def _clip(bounds: Interval, low: float) -> Interval:
    """A finite interval cut to ``[low, 1]`` (an infinite one, from one deal, stays so)."""
    if not (math.isfinite(bounds[0]) and math.isfinite(bounds[1])):
        return bounds
    return max(low, bounds[0]), min(1.0, bounds[1])


def measure(metric: Metric, deals: Deals, seed: int) -> dict[str, Any]:
    """``{"value": x, "ci95": [lo, hi]}`` of ``metric`` over ``deals``."""
    if metric.per_round is not None:
        value, bounds = round_metric(deals, metric.per_round)
    else:
        assert metric.per_set is not None
        value, bounds = set_metric(deals, metric.per_set, seed)
    if metric.share:
        bounds = _clip(bounds, 0.0)
    return {"value": clean(value), "ci95": clean_interval(bounds)}


def compare(
    metric: Metric, deals: Deals, baseline: Deals, paired: bool, seed: int
) -> dict[str, Any]:
    """``{"diff": x, "ci95": [lo, hi]}``: ``metric`` of ``deals`` minus the baseline's."""
    if metric.per_round is not None:
        diff, bounds = round_difference(deals, baseline, metric.per_round, paired)
    else:
        assert metric.per_set is not None
        diff, bounds = set_difference(deals, baseline, metric.per_set, paired, seed)
    if metric.share:
        bounds = _clip(bounds, -1.0)
    return {"diff": clean(diff), "ci95": clean_interval(bounds)}


def events_seen(rounds: Sequence[RoundOutcome]) -> list[str]:
    """Every event name that occurs in ``rounds``."""
    names: set[str] = set()
    for item in rounds:
        names.update(name for name, count in item["events"].items() if count)
    return sorted(names)


def histogram(values: Sequence[float]) -> dict[str, int]:
    """How many rounds had each length (``{"23": 4, ...}``), for the length plots."""
    counts: dict[str, int] = {}
    for value in values:
        key = str(int(value))
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda pair: int(pair[0])))


__all__ = [
    "Metric",
    "by_deal",
    "catalogue",
    "clean",
    "clean_interval",
    "compare",
    "events_seen",
    "excludes_zero",
    "histogram",
    "luck_share",
    "measure",
    "round_difference",
    "round_metric",
]
