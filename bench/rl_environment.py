"""Our games through OpenSpiel's own ``rl_environment.Environment``, beside OpenSpiel's native ones.

    python bench/rl_environment.py [--seconds 6] [--slices 3]

Every row runs ``rl_environment.Environment(game)`` (observation tensors for every player at
every step, as the environment builds them) with one uniformly random agent per player, and
counts the agents' steps per second of this process's CPU time (``time.process_time``: other
work on a shared machine slows no row). The shedding games (UNO, AMIGO's SOLO, 4 players) run
beside OpenSpiel's ``crazy_eights`` (4 players), the trick games (German Solo 4 players, Frog 3)
beside ``skat``; the rows run in interleaved slices, and each ratio is printed for the whole run
and per slice (median and range). Needs the ``bench`` and ``rl`` extras.

Figures vary with the machine and its load: compare the ratios from one run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel
from open_spiel.python import rl_environment

import solocards.rl.openspiel_game  # noqa: F401 (registers our games with pyspiel)
from solocards.core.compiled import is_compiled

ROWS = {
    "uno": "python_solocards_uno(players=4)",
    "amigo-solo": "python_solocards_amigo_solo(players=4)",
    "crazy_eights": "crazy_eights(players=4)",
    "german-solo": "python_solocards_german_solo(players=4)",
    "frog": "python_solocards_frog(players=3)",
    "skat": "skat",
}
PEERS = {"uno": "crazy_eights", "amigo-solo": "crazy_eights", "german-solo": "skat", "frog": "skat"}


class Row:
    """One environment, kept from slice to slice."""

    def __init__(self, game_string: str, seed: int) -> None:
        self.env = rl_environment.Environment(pyspiel.load_game(game_string))
        self.env.seed(seed)  # (the constructor drops a seed given beside a game object)
        self.rng = random.Random(seed)
        self.step = self.env.reset()

    def run(self, budget: float) -> tuple[int, float]:
        """Random steps for ``budget`` CPU seconds: (steps, seconds)."""
        env, choice, step = self.env, self.rng.choice, self.step
        steps = 0
        start = time.process_time()
        deadline = start + budget
        while time.process_time() < deadline:
            if step.last():
                step = env.reset()
                continue
            player = step.observations["current_player"]
            step = env.step([choice(step.observations["legal_actions"][player])])
            steps += 1
        self.step = step
        return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per row")
    parser.add_argument("--slices", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = {key: Row(game, args.seed) for key, game in ROWS.items()}
    rates: dict[str, list[float]] = {key: [] for key in rows}
    totals = dict.fromkeys(rows, (0, 0.0))
    for _ in range(args.slices):
        for key, row in rows.items():
            steps, seconds = row.run(args.seconds / args.slices)
            rates[key].append(steps / seconds)
            done, spent = totals[key]
            totals[key] = (done + steps, spent + seconds)
    build = "compiled with mypyc" if is_compiled() else "plain Python"
    print(f"OpenSpiel rl_environment, random agents (solocards {build})")
    print(f"{'game':14} {'steps/s':>10}  vs peer (all; per slice: median, range)")
    for key, (steps, seconds) in totals.items():
        peer = PEERS.get(key)
        line = f"{key:14} {steps / seconds:10,.0f}"
        if peer:
            theirs = totals[peer][0] / totals[peer][1]
            ratios = [a / b for a, b in zip(rates[key], rates[peer], strict=True)]
            line += (
                f"  {steps / seconds / theirs:.2f}x {peer}; "
                f"{statistics.median(ratios):.2f}x, {min(ratios):.2f}..{max(ratios):.2f}"
            )
        print(line)


if __name__ == "__main__":
    main()
