"""ISMCTS against the heuristic in 2-player UNO: the share of rounds won, with its interval.

    python bench/uno_duel.py --spec "ismcts:iterations=6000,paired=1,trust=2" --rounds 400
    python bench/uno_duel.py --spec "ismcts:seconds=0.25,paired=1,trust=2" --jobs 2

Duplicate play, as ``solocards tournament`` plays it (``sim.tournament.Table``): each deal (a
round fixed by its seed) is played twice, the seats swapped, so both bots hold both hands, and
the same ``--seed`` gives the same deals and the same bots' random numbers as
``solocards tournament uno --bots SPEC,heuristic --seed S``. Deals are spread over ``--jobs``
processes; each finished deal is printed with the running tally (and appended to ``--log`` as
one JSON line), so a stopped run still says what it measured (``--report LOG...`` reports on
logs alone, for instance two runs over different ranges of deals, ``--first-deal``;
``--compare BEFORE AFTER`` compares two runs deal by deal). The
report: rounds won by the search, the Wilson 95% score interval of that share, the t interval
over deals (the two rounds of a deal are not independent), the search's CPU seconds per
decision and its iterations per CPU second (``last_stats``; each process counts its own).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import solocards
from solocards.core.compiled import is_compiled
from solocards.sim.tournament import Table

_TABLE: Table | None = None
_SEARCH: Any = None


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials.

    >>> [round(x, 3) for x in wilson(222, 400)]
    [0.506, 0.603]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class _Counting:
    """The search bot, counting the iterations of its searches (``last_stats``)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.iterations_done = 0

    def choose(self, view: Any, legal: list[str], rng: Any) -> str:
        action: str = self.bot.choose(view, legal, rng)
        self.iterations_done += int(self.bot.last_stats.get("iterations", 0))
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def _init(spec: str, seed: int) -> None:
    global _TABLE, _SEARCH
    game = solocards.make("uno", players=2)
    _TABLE = Table(game, [spec, "heuristic"], seed)
    _SEARCH = _TABLE.bots[0] = _Counting(_TABLE.bots[0])  # type: ignore[assignment]


def _play(deal: int) -> dict[str, Any]:
    assert _TABLE is not None
    before = _SEARCH.iterations_done
    cpu = time.process_time()
    rounds = _TABLE.play_deal(deal)
    wins = 0.0
    moves = 0
    search_cpu = 0.0
    for result in rounds:
        seat = result.lineup.index(0)
        if seat in result.winners:
            wins += 1.0 / len(result.winners)
        moves += result.moves[seat]
        search_cpu += result.cpu_seconds[seat]
    return {
        "deal": deal,
        "wins": wins,
        "rounds": len(rounds),
        "moves": moves,
        "search_cpu": search_cpu,
        "iterations": _SEARCH.iterations_done - before,
        "cpu": time.process_time() - cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", help="the search bot's spec")
    parser.add_argument("--rounds", type=int, default=400, help="rounds (two per deal)")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", type=Path, help="append each deal's result here (JSON lines)")
    parser.add_argument(
        "--compare",
        type=Path,
        nargs=2,
        metavar=("BEFORE", "AFTER"),
        help="compare two logs deal by deal over the deals both played (seed --seed)",
    )
    parser.add_argument(
        "--report",
        type=Path,
        nargs="+",
        help="only report on these logs (deals of --spec and --seed, each deal counted once)",
    )
    args = parser.parse_args()
    if args.compare:
        before, after = (read_logs([path], None, args.seed) for path in args.compare)
        deals, first, second, low, high = compare(before, after)
        print(
            f"{deals} deals both played: {100 * first:.1f}% then {100 * second:.1f}%, "
            f"difference {100 * (second - first):+.1f} points (95% {100 * low:+.1f} to "
            f"{100 * high:+.1f}, t over deals)"
        )
        return
    if args.report:
        report(read_logs(args.report, args.spec, args.seed))
        return
    if not args.spec:
        parser.error("--spec is needed to play")
    deals = range(args.first_deal, args.first_deal + math.ceil(args.rounds / 2))
    build = "mypyc" if is_compiled() else "plain"
    print(f"{args.spec} vs heuristic, uno 2p, seed {args.seed}, {len(deals)} deals ({build})")
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs, initializer=_init, initargs=(args.spec, args.seed)) as pool:
        futures = [pool.submit(_play, deal) for deal in deals]
        for future in as_completed(futures):
            found = future.result()
            results.append(found)
            if args.log:
                with args.log.open("a") as log:
                    log.write(json.dumps({"spec": args.spec, "seed": args.seed, **found}) + "\n")
            wins = sum(r["wins"] for r in results)
            n = sum(r["rounds"] for r in results)
            tally = f"total {wins:.0f}/{n}"
            print(f"deal {found['deal']:4}: {found['wins']:.0f}/2  {tally}", flush=True)
    report(results)


def read_logs(paths: list[Path], spec: str | None, seed: int) -> list[dict[str, Any]]:
    """The deals logged in ``paths`` (of ``spec``, any spec if ``None``, and ``seed``), each
    deal once (a deal played by two runs counts as the first run logged it)."""
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            entry = json.loads(line)
            if entry["seed"] == seed and spec in (None, entry["spec"]):
                found.setdefault((entry["spec"], entry["deal"]), entry)
    specs = {spec for spec, _ in found}
    print(f"{', '.join(sorted(specs))}: {len(found)} deals from {len(paths)} logs, seed {seed}")
    return sorted(found.values(), key=lambda entry: (entry["spec"], entry["deal"]))


def compare(
    before: list[dict[str, Any]], after: list[dict[str, Any]]
) -> tuple[int, float, float, float, float]:
    """Two runs deal by deal, over the deals both played: ``(deals, share won before, share
    won after, low, high)``, the last two the 95% t interval of the difference in share won
    per round. Both runs play each deal's rounds with the same cards and the heuristic the
    same, and most rounds play out alike, so this is far sharper than two separate intervals.

    >>> one = [{"deal": d, "wins": w, "rounds": 2} for d, w in enumerate([1, 2, 1, 0])]
    >>> two = [{"deal": d, "wins": w, "rounds": 2} for d, w in enumerate([1, 2, 2, 1, 2])]
    >>> deals, first, second, low, high = compare(one, two)
    >>> deals, first, second, round(low, 3), round(high, 3)
    (4, 0.5, 0.75, -0.033, 0.533)
    """
    won_before = {r["deal"]: r["wins"] / r["rounds"] for r in before}
    won_after = {r["deal"]: r["wins"] / r["rounds"] for r in after}
    deals = sorted(set(won_before) & set(won_after))
    if not deals:
        raise SystemExit("the two logs have no deal in common")
    gaps = [won_after[d] - won_before[d] for d in deals]
    gap = statistics.fmean(gaps)
    half = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else 1.0
    first = statistics.fmean(won_before[d] for d in deals)
    return len(deals), first, first + gap, gap - half, gap + half


def report(results: list[dict[str, Any]]) -> None:
    """Print the share won with both intervals, CPU per decision and iterations per CPU s."""
    wins = sum(r["wins"] for r in results)
    n = sum(r["rounds"] for r in results)
    low, high = wilson(wins, n)
    shares = [r["wins"] / r["rounds"] for r in results]
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 1.0
    moves = sum(r["moves"] for r in results)
    search_cpu = sum(r["search_cpu"] for r in results)
    iterations = sum(r["iterations"] for r in results)
    print(
        f"won {wins:.0f}/{n} = {100 * wins / n:.1f}% "
        f"(Wilson 95% {100 * low:.1f}-{100 * high:.1f}; t over deals "
        f"{100 * (mean - half):.1f}-{100 * (mean + half):.1f})"
    )
    print(
        f"search: {moves} decisions, {search_cpu / max(moves, 1):.3f} CPU s each, "
        f"{iterations / max(search_cpu, 1e-9):,.0f} iterations per CPU s; "
        f"total CPU {sum(r['cpu'] for r in results) / 60:.1f} min"
    )


if __name__ == "__main__":
    sys.exit(main())
