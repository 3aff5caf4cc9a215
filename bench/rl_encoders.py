"""Each game's observation encoder alone: nanoseconds per fast-path observation.

    python bench/rl_encoders.py --seconds 1 --json build/bench-rl-encoders.json

``bench/rl.py`` times whole UNO environments; this times only the encoders, for every game, so
that a change to them shows in each. For each case it plays seeded random rounds and keeps a
clone of the state at every decision (``--positions`` of them), then calls
``encoder.observation(state, seat, legal_ids)`` (the fast path the AEC, parallel and Gymnasium
environments use) over all of them, again and again for ``--seconds``, and prints the mean time
per observation. The positions depend only on the seed, so two builds (or two trees, through
``PYTHONPATH``) time the very same observations.

Figures vary with the machine and its load: compare runs made side by side, alternated.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import solocards
from solocards.core.compiled import is_compiled
from solocards.core.game import Game, State
from solocards.rl.observations import encoder_for

CASES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("uno", 2, {}),
    ("uno", 4, {"seven_zero": True, "jump_in": True}),
    ("amigo-solo", 4, {}),
    ("german-solo", 4, {}),
    ("frog", 3, {}),
)
"""(game, players, options) of each row."""


def positions(game: Game, count: int, seed: int) -> list[tuple[State, int, list[int]]]:
    """``count`` decisions of seeded random rounds: a clone of the state, the deciding seat
    and its legal action ids."""
    rng = random.Random(seed)
    found: list[tuple[State, int, list[int]]] = []
    while len(found) < count:
        state = game.deal(seed=rng.getrandbits(32))
        steps = 0
        while state.to_act and steps < 400 and len(found) < count:
            seat = rng.choice(state.to_act)
            legal = state.legal_action_ids(seat)
            found.append((state.clone(), seat, legal))
            state.apply_id(seat, rng.choice(legal))
            steps += 1
    return found


def time_case(game: Game, count: int, seed: int, seconds: float) -> float:
    """Nanoseconds per ``encoder.observation`` over ``count`` positions of ``game``."""
    encoder = encoder_for(game)
    found = positions(game, count, seed)
    observation = encoder.observation
    for state, seat, legal in found:  # warm-up
        observation(state, seat, legal)
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state, seat, legal in found:
            observation(state, seat, legal)
        calls += len(found)
    return (time.perf_counter() - start) / calls * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="budget per row")
    parser.add_argument("--positions", type=int, default=2000, help="positions per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    report: dict[str, Any] = {"compiled": is_compiled(), "ns_per_observation": {}}
    print(f"{'encoder (fast path)':24} {'ns/observation':>15}  compiled: {is_compiled()}")
    for game_id, players, options in CASES:
        game = solocards.make(game_id, players=players, **options)
        nanoseconds = time_case(game, args.positions, args.seed, args.seconds)
        name = f"{game_id} {players}p"
        report["ns_per_observation"][name] = nanoseconds
        print(f"{name:24} {nanoseconds:15,.0f}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
