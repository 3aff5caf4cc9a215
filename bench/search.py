"""ISMCTS iterations per second, today's search against the old one, in one run.

    python bench/search.py                       # every game, 5 repeats
    python bench/search.py --games uno --repeats 9 --json build/search.json

For each game the same positions (seeded deals, a few moves in, then every decision of a
heuristic round) are searched with an iteration budget by the current :class:`ISMCTSBot` and by
the frozen copy of the old search loop in ``bench/search_baseline.py`` (for UNO also its old
fast playout), alternating, ``--repeats`` times. The figure is iterations per CPU second
(``time.process_time``, so other load on a shared machine counts less); the report gives the
median and the range over the repeats, the ratio of the medians and whether both chose the same
moves. They do in every game but UNO, whose fast playout now picks among equal candidates with
one ``random()`` instead of ``choice`` (the same policy, other random numbers), so its playouts
and at times its moves differ; the tree, the paired comparison and the other playouts draw the
same numbers as before.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import solocards
from search_baseline import BaselineISMCTSBot
from solocards.bots.ismcts import ISMCTSBot, make_ismcts
from solocards.core.bot import Bot
from solocards.core.compiled import is_compiled

CASES: dict[str, tuple[int, str]] = {
    "uno": (2, "iterations=800,paired=1,trust=2"),
    "uno-tree": (2, "iterations=800"),
    "amigo-solo": (2, "iterations=350"),
    "german-solo": (4, "iterations=400,depth=1"),
    "frog": (3, "iterations=400"),
}
"""Bench case -> (players, ismcts parameters): the settings of docs/bots.md's matches."""


@dataclass
class Figure:
    """One case's figures: iterations per CPU second, new and old."""

    case: str
    spec: str
    positions: int
    new_median: float
    new_range: tuple[float, float]
    old_median: float
    old_range: tuple[float, float]
    ratio: float
    same_moves: bool


def parse(spec: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for part in spec.split(","):
        name, value = part.split("=")
        params[name] = float(value) if "." in value else int(value)
    return params


def positions(game_id: str, players: int, count: int, seed: int) -> list[tuple[Any, list[str]]]:
    """Views and legal actions of ``count`` decisions with a choice, from heuristic rounds."""
    game = solocards.make(game_id, players=players)
    policy: Bot = game.heuristic_bot()
    rng = random.Random(seed)
    found: list[tuple[Any, list[str]]] = []
    deal = seed
    while len(found) < count:
        state = game.deal(seed=deal)
        deal += 1
        steps = 0
        while not state.is_over and len(found) < count:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            if len(legal) > 1 and steps >= 3 and rng.random() < 0.3:
                found.append((view, legal))
            state.apply(seat, policy.choose(view, legal, rng))
            steps += 1
    return found


def measure(bot: ISMCTSBot, cases: list[tuple[Any, list[str]]]) -> tuple[float, list[str]]:
    """Iterations per CPU second over ``cases`` and the moves chosen."""
    iterations = 0
    moves: list[str] = []
    started = time.process_time()
    for index, (view, legal) in enumerate(cases):
        moves.append(bot.choose(view, legal, random.Random(index)))
        iterations += bot.last_stats["iterations"]
    return iterations / (time.process_time() - started), moves


def run_case(case: str, repeats: int, count: int, seed: int) -> Figure:
    players, spec = CASES[case]
    game_id = "uno" if case == "uno-tree" else case
    game = solocards.make(game_id, players=players)
    cases = positions(game_id, players, count, seed)
    params = parse(spec)
    new_bot = make_ismcts(game, **params)
    old_bot = BaselineISMCTSBot(game, **params)
    new_rates: list[float] = []
    old_rates: list[float] = []
    same = True
    for _ in range(repeats):
        rate, new_moves = measure(new_bot, cases)
        new_rates.append(rate)
        rate, old_moves = measure(old_bot, cases)
        old_rates.append(rate)
        same = same and new_moves == old_moves
    new_median, old_median = statistics.median(new_rates), statistics.median(old_rates)
    return Figure(
        case,
        spec,
        len(cases),
        new_median,
        (min(new_rates), max(new_rates)),
        old_median,
        (min(old_rates), max(old_rates)),
        new_median / old_median,
        same,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", choices=sorted(CASES), help="only these cases")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--positions", type=int, default=6, help="decisions searched per repeat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    build = "mypyc" if is_compiled() else "plain"
    print(f"ISMCTS iterations per CPU second ({build}), median (range) of {args.repeats} repeats")
    figures = []
    for case in args.games or list(CASES):
        figure = run_case(case, args.repeats, args.positions, args.seed)
        figures.append(figure)
        print(
            f"{case:12} {figure.spec:34} new {figure.new_median:8.0f} "
            f"({figure.new_range[0]:.0f}-{figure.new_range[1]:.0f})  old {figure.old_median:8.0f} "
            f"({figure.old_range[0]:.0f}-{figure.old_range[1]:.0f})  ratio {figure.ratio:.2f}x  "
            f"same moves: {'yes' if figure.same_moves else 'NO'}",
            flush=True,
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"build": build, "figures": [asdict(f) for f in figures]}))


if __name__ == "__main__":
    main()
