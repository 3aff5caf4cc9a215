"""RL environments side by side in one run: decisions per second with observation and mask.

    python bench/rl.py --seconds 5 --json build/bench-rl.json

Every row plays uniformly random 2-player games for the same wall-clock budget, one after the
other, in this process, and builds at every decision what a learner needs: the deciding
player's observation vector and its legal actions (mask). A *decision* is one action chosen
by a player (chance nodes and PettingZoo's dead steps are not counted).

- solocards UNO, AEC env: ``solocards_uno_v0.raw_env`` and the wrapped ``env()``: ``last()``
  (observation + mask), a random legal action, ``step``.
- solocards UNO, batched env: ``BatchedEnv`` with ``--envs`` rounds, masks sampled in numpy,
  measured after an untimed warm-up that leaves its rounds at every stage.
- RLCard UNO ``env.step`` (its observation is built inside ``step``).
- OpenSpiel ``crazy_eights(players=2)``: ``observation_tensor`` and ``legal_actions``.
- Reference: the solocards engine alone (``legal_action_ids`` / ``apply_id``, no observation),
  and ``state.view`` alone, to show where the time goes.

Figures vary with the machine and its load: compare the ratios from one run, never absolute
numbers across runs.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import solocards


@dataclass
class Measure:
    """One row's figures."""

    name: str
    decisions: int
    games: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds


Runner = Callable[[float, int], Measure]


def aec_runner(wrapped: bool) -> Runner:
    """Our UNO AEC environment (2 players), raw or in PettingZoo's wrappers."""

    def run(budget: float, seed: int) -> Measure:
        import numpy as np

        from solocards.rl import solocards_uno_v0

        env = solocards_uno_v0.env(players=2) if wrapped else solocards_uno_v0.raw_env(players=2)
        rng = np.random.default_rng(seed)
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        env.reset(seed=seed)
        while time.perf_counter() < deadline:
            obs, _reward, done, truncated, _info = env.last()
            if done or truncated:
                env.step(None)
                if not env.agents:
                    games += 1
                    env.reset()
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        label = "solocards uno AEC env()" if wrapped else "solocards uno AEC raw_env()"
        return Measure(label, decisions, games, time.perf_counter() - start)

    return run


def batched_runner(envs: int) -> Runner:
    """Our batched UNO environment (2 players, self-play), ``envs`` rounds at once."""

    def run(budget: float, seed: int) -> Measure:
        import numpy as np

        from solocards.rl.batched import BatchedEnv, sample_actions

        env = BatchedEnv("uno", num_envs=envs, players=2, seed=seed)
        rng = np.random.default_rng(seed)
        batch = env.reset()
        # Warm up untimed until the slots are at every stage of a round, as in steady use:
        # fresh rounds are cheaper per decision (a view grows with the round's history).
        warm, until = 0, time.perf_counter() + 120
        while warm < envs and time.perf_counter() < until:
            batch = env.step(sample_actions(batch.masks, rng))
            warm += int(batch.dones.sum())
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        while time.perf_counter() < deadline:
            batch = env.step(sample_actions(batch.masks, rng))
            decisions += envs
            games += int(batch.dones.sum())
        return Measure(
            f"solocards uno batched ({envs} envs)", decisions, games, time.perf_counter() - start
        )

    return run


def rlcard_runner() -> Runner:
    """RLCard's UNO environment (2 players): ``env.step`` with its encoded observations."""

    def run(budget: float, seed: int) -> Measure:
        import rlcard

        env = rlcard.make("uno", config={"seed": seed})
        rng = random.Random(seed)
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        while time.perf_counter() < deadline:
            state, _player = env.reset()
            while not env.is_over():
                state, _player = env.step(rng.choice(list(state["legal_actions"])))
                decisions += 1
            games += 1
        return Measure("RLCard uno env.step", decisions, games, time.perf_counter() - start)

    return run


def openspiel_runner() -> Runner:
    """OpenSpiel's crazy eights (2 players) with ``observation_tensor`` at every decision."""

    def run(budget: float, seed: int) -> Measure:
        import pyspiel

        game = pyspiel.load_game("crazy_eights(players=2)")
        rng = random.Random(seed)
        choice = rng.choice
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                    continue
                player = state.current_player()
                state.observation_tensor(player)
                state.apply_action(choice(state.legal_actions(player)))
                decisions += 1
            games += 1
        return Measure(
            "OpenSpiel crazy_eights + observation_tensor",
            decisions,
            games,
            time.perf_counter() - start,
        )

    return run


def engine_runner(with_view: bool) -> Runner:
    """Reference: the UNO engine alone, or with ``state.view`` at every decision."""

    def run(budget: float, seed: int) -> Measure:
        game = solocards.make("uno", players=2)
        rng = random.Random(seed)
        choice = rng.choice
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        while time.perf_counter() < deadline:
            state = game.deal(seed=rng.getrandbits(32))
            while True:
                to_act = state.to_act
                if not to_act:
                    break
                seat = to_act[0] if len(to_act) == 1 else choice(to_act)
                if with_view:
                    state.view(seat)
                state.apply_id(seat, choice(state.legal_action_ids(seat)))
                decisions += 1
            games += 1
        label = "ref: uno engine + view()" if with_view else "ref: uno engine, no observation"
        return Measure(label, decisions, games, time.perf_counter() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="budget per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=16, help="rounds in the batched env")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    rows: list[tuple[str, Runner]] = [
        ("rlcard", rlcard_runner()),
        ("aec-raw", aec_runner(wrapped=False)),
        ("aec-wrapped", aec_runner(wrapped=True)),
        ("batched", batched_runner(args.envs)),
        ("openspiel", openspiel_runner()),
        ("engine", engine_runner(with_view=False)),
        ("engine-view", engine_runner(with_view=True)),
    ]
    measured: dict[str, Measure] = {}
    for key, runner in rows:
        try:
            measured[key] = runner(args.seconds, args.seed)
        except ImportError as error:
            print(f"  {key}: not installed ({error.name}); install solocards[bench,rl]")
    base = measured.get("rlcard")
    print(
        f"\n{'environment (2 players, random play)':46} {'decisions/s':>12} {'dec/game':>9}  "
        "vs RLCard env.step"
    )
    report: dict[str, Any] = {}
    for key, measure in measured.items():
        ratio = measure.per_second / base.per_second if base else None
        per_game = measure.decisions / max(measure.games, 1)
        print(
            f"{measure.name:46} {measure.per_second:12,.0f} {per_game:9.0f}  "
            f"{'' if ratio is None else f'{ratio:.2f}x'}"
        )
        report[key] = {**asdict(measure), "per_second": measure.per_second, "ratio": ratio}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
