"""The paired difference per deal of a duplicate tournament: ``solocards tournament``'s
``records.jsonl`` in, one line out.

Each record (one seat order of one deal) gives the mean total of the named bot's seats less the
mean total of the others'; the seat orders of a deal (records whose first round has the same
deck) are averaged, and the deals give a mean with its 95% t interval
(``solocards.sim.stats.mean_ci``, as the tournament's). The luck of the deal cancels out, so
this interval is narrower than the per-bot intervals the tournament prints: the
figure for "scores more per deal", as docs/bots.md quotes it for the learned bot.

    python bench/paired_scores.py OUT/records.jsonl [MORE/records.jsonl ...] [--bot learned]

``--wins`` gives instead the share of rounds the bot's seats won, averaged per deal over its
seat orders, with the same interval over deals: the win rate of several tournaments on other
deals taken together (a seat of the bot that won counts 1, an abandoned round 0).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solocards.sim.stats import mean_ci


def per_deal(paths: list[Path], value: Callable[[dict[str, Any]], float]) -> list[float]:
    """Per deal (records whose first round has the same deck), the mean of ``value`` over its
    seat orders."""
    by_deal: dict[str, list[float]] = defaultdict(list)
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                try:
                    by_deal[json.dumps(record["rounds"][0]["deck"])].append(value(record))
                except ValueError as error:
                    raise SystemExit(f"{path}: {error}") from None
    return [statistics.mean(orders) for orders in by_deal.values()]


def paired_differences(paths: list[Path], bot: str) -> list[float]:
    """Per deal, the mean over its seat orders of ``bot``'s seats' total less the others'."""

    def difference(record: dict[str, Any]) -> float:
        names, totals = record["names"], record["totals"]
        ours = [t for t, name in zip(totals, names, strict=True) if name == bot]
        theirs = [t for t, name in zip(totals, names, strict=True) if name != bot]
        if not ours or not theirs:
            raise ValueError(f"a record without {bot!r} or without another bot")
        return float(statistics.mean(ours) - statistics.mean(theirs))

    return per_deal(paths, difference)


def win_shares(paths: list[Path], bot: str) -> list[float]:
    """Per deal, the mean over its seat orders of the share of ``bot``'s seats that won."""

    def share(record: dict[str, Any]) -> float:
        winners = record["rounds"][0].get("result", {}).get("winners", [])
        ours = [seat in winners for seat, name in enumerate(record["names"]) if name == bot]
        if not ours:
            raise ValueError(f"a record without {bot!r}")
        return statistics.mean(ours)

    return per_deal(paths, share)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path, nargs="+", help="records.jsonl of tournaments")
    parser.add_argument("--bot", default="learned", help="the bot whose seats come first")
    parser.add_argument("--wins", action="store_true", help="the bot's win rate over deals")
    args = parser.parse_args()
    values = (win_shares if args.wins else paired_differences)(args.records, args.bot)
    if len(values) < 2:
        raise SystemExit("need at least two deals")
    mean, (low, high) = mean_ci(values)
    if args.wins:
        print(
            f"{len(values)} deals: {args.bot} won {mean:.1%} "
            f"({low:.1%} to {high:.1%}) of its rounds"
        )
        return
    print(
        f"{len(values)} deals: {args.bot} less the others {mean:+.2f} "
        f"({low:+.2f} to {high:+.2f}) a record"
    )


if __name__ == "__main__":
    main()
