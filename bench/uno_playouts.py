"""What a step of each UNO playout costs: the fast, keeping and planning playouts side by side.

    python bench/uno_playouts.py                         # 2 players, 9 repeats
    PYTHONPATH=build/mypyc python bench/uno_playouts.py  # the compiled build
    python bench/uno_playouts.py --players 4 --repeats 5 --json build/playouts.json

ISMCTS spends almost all of its time in playouts (``ismcts:rollout=fast``, ``auto`` (the
keeping playout) and ``plan``; see docs/bots.md). The same positions (every decision of seeded
heuristic rounds, one in ``--every``) are played out by each playout with the same seeds, the
playouts taking turns within each repeat so that the machine's load falls on all of them alike.
The figure is CPU microseconds per playout step (``time.process_time``; a step is one action
applied); the report gives the median and the range over the repeats and each playout's ratio to
the keeping playout's median.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import solocards
from solocards.core.compiled import is_compiled
from solocards.games.uno.playouts import fast_playout, keeping_playout, planning_playout
from solocards.games.uno.state import UnoState
from solocards.sim.runner import choose_actor

Playout = Callable[[UnoState, random.Random], UnoState]

PLAYOUTS: dict[str, Playout] = {
    "fast": fast_playout,
    "keeping": keeping_playout,
    "planning": planning_playout,
}
"""The playouts measured, by the name the report gives them."""


def positions(players: int, rounds: int, every: int) -> list[UnoState]:
    """One in ``every`` decisions of ``rounds`` seeded heuristic rounds of ``players``."""
    game = solocards.make("uno", players=players)
    bot = game.heuristic_bot()
    found: list[UnoState] = []
    for seed in range(rounds):
        state = game.deal(seed=seed)
        assert isinstance(state, UnoState)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            if len(state.to_act) == 1 and state.vuln < 0 and step % every == 0:
                found.append(state.clone())
            seat, action = choose_actor(state, [bot] * players, [rng] * players)
            state.apply(seat, action)
            step += 1
    return found


def microseconds_per_step(playout: Playout, starts: list[UnoState]) -> float:
    """CPU microseconds per step of ``playout`` from each of ``starts`` (seeded by its index)."""
    steps = 0
    began = time.process_time()
    for index, start in enumerate(starts):
        before = len(start._history)
        steps += len(playout(start.clone(), random.Random(index))._history) - before
    return (time.process_time() - began) / max(steps, 1) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=60, help="seeded heuristic rounds")
    parser.add_argument("--every", type=int, default=3, help="keep one decision in this many")
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    starts = positions(args.players, args.rounds, args.every)
    build = "compiled" if is_compiled() else "plain"
    print(f"UNO, {args.players} players, {len(starts)} positions, {build}, {args.repeats} repeats")
    times: dict[str, list[float]] = {name: [] for name in PLAYOUTS}
    for _ in range(args.repeats):
        for name, playout in PLAYOUTS.items():
            times[name].append(microseconds_per_step(playout, starts))
    keeping = statistics.median(times["keeping"])
    figures = {}
    for name, measured in times.items():
        median = statistics.median(measured)
        figures[name] = {
            "median_us": median,
            "min_us": min(measured),
            "max_us": max(measured),
            "to_keeping": median / keeping,
        }
        print(
            f"  {name:9} {median:6.2f} us a step ({min(measured):.2f}-{max(measured):.2f}), "
            f"{median / keeping:.2f}x the keeping playout's time"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        report = {"players": args.players, "build": build, "positions": len(starts)}
        args.json.write_text(json.dumps({**report, "playouts": figures}, indent=2))


if __name__ == "__main__":
    main()
