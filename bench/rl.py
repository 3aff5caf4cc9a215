"""RL environments side by side in one run: decisions per second with observation and mask.

    python bench/rl.py --seconds 5 --json build/bench-rl.json

Every row plays uniformly random 2-player games for the same wall-clock budget, in this process,
and builds at every decision what a learner needs: the deciding player's observation vector and
its legal actions (mask). A *decision* is one action chosen by a player (chance nodes and
PettingZoo's dead steps are not counted). The rows run in interleaved slices (``--slices``): each
row plays a short slice in turn, keeping its environment from slice to slice, so a change in the
machine's load during the run falls on every row alike.

- solocards UNO, AEC env: ``solocards_uno_v0.raw_env`` and the wrapped ``env()``: ``last()``
  (observation + mask), a uniformly random legal action read from the mask, ``step``.
- solocards UNO, batched env: ``BatchedEnv`` with ``--envs`` rounds (and a row with
  ``--many-envs``), one random legal action per slot from ``random_actions`` (the legal actions
  the env holds, as RLCard's row draws from its ``legal_actions``), measured after an untimed
  warm-up that leaves its rounds at every stage; a row with ``--many-envs`` rounds that draws
  from the masks in numpy instead (``sample_actions``, about 0.7 µs per row: what a
  vectorised policy pays); and ``ProcessBatchedEnv`` over ``--many-envs`` rounds on
  ``--workers`` processes (default: the CPU count). The workers wait while the other rows run;
  their figure is bounded by the cores the machine has free.
- RLCard UNO ``env.step`` (its observation is built inside ``step``), a random legal action.
- OpenSpiel ``crazy_eights(players=2)``: ``observation_tensor`` and ``legal_actions``.
- Reference: the solocards engine alone (``legal_action_ids`` / ``apply_id``, no observation),
  and with ``state.view`` (the round's whole log) or ``state.view(seat, log=False)`` (the current
  state only) at every decision, to show where the time goes.

The random legal actions of the AEC, batched, RLCard and reference rows come from Python's
``random`` (one ``choice`` or ``random`` per decision) alike, and every row reads the clock
once a round (the batched rows once a step of all their rounds), never once a decision.

Each row's ratio to RLCard is printed for the whole run and per slice (each slice against the
RLCard slice run just before it): the median and range of the per-slice ratios show how much the
machine's load moved them. ``--rows`` runs only some rows (``rlcard`` is needed for ratios).

Figures vary with the machine and its load: compare the ratios from one run, never absolute
numbers across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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


CLEANUP: list[Callable[[], None]] = []
"""Called once the runs are over (stops the worker processes)."""

Runner = Callable[[float], Measure]
"""Plays for about ``budget`` seconds and returns that slice's figures; a runner keeps its
environment from one slice to the next."""


def aec_runner(wrapped: bool, seed: int) -> Runner:
    """Our UNO AEC environment (2 players), raw or in PettingZoo's wrappers."""
    from solocards.rl import solocards_uno_v0

    env = solocards_uno_v0.env(players=2) if wrapped else solocards_uno_v0.raw_env(players=2)
    choice = random.Random(seed).choice
    env.reset(seed=seed)
    label = "solocards uno AEC env()" if wrapped else "solocards uno AEC raw_env()"

    def run(budget: float) -> Measure:
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        while time.perf_counter() < deadline:  # (once a round, as in the RLCard row)
            while True:
                obs, _reward, done, truncated, _info = env.last()
                if done or truncated:
                    env.step(None)
                    if not env.agents:
                        games += 1
                        env.reset()
                        break
                    continue
                env.step(choice(obs["action_mask"].nonzero()[0].tolist()))
                decisions += 1
        return Measure(label, decisions, games, time.perf_counter() - start)

    return run


def batched_runner(envs: int, seed: int, workers: int = 0, from_masks: bool = False) -> Runner:
    """Our batched UNO environment (2 players, self-play), ``envs`` rounds at once; with
    ``workers``, stepped by that many processes (``ProcessBatchedEnv``). The random legal
    actions come from the environment's ``random_actions`` (Python's ``random``, as the other
    rows), or with ``from_masks`` from the masks by numpy (``sample_actions``)."""
    import numpy as np

    from solocards.rl.batched import BatchedEnv, sample_actions
    from solocards.rl.vector import ProcessBatchedEnv

    env: BatchedEnv | ProcessBatchedEnv
    if workers:
        env = ProcessBatchedEnv("uno", num_envs=envs, players=2, seed=seed, workers=workers)
        CLEANUP.append(env.close)
        label = f"solocards uno batched ({envs} envs, {workers} workers)"
        from_masks = True  # the workers' legal actions are in their processes
    else:
        env = BatchedEnv("uno", num_envs=envs, players=2, seed=seed)
        label = f"solocards uno batched ({envs} envs)"
    if from_masks:
        label += ", numpy sample_actions"
    np_rng = np.random.default_rng(seed)
    rng = random.Random(seed)
    batch = env.reset()

    def pick() -> Any:
        if from_masks or not isinstance(env, BatchedEnv):
            return sample_actions(batch.masks, np_rng)
        return env.random_actions(rng)

    # Warm up untimed until the slots are at every stage of a round, as in steady use.
    warm, until = 0, time.perf_counter() + 120
    while warm < envs and time.perf_counter() < until:
        batch = env.step(pick())
        warm += int(batch.dones.sum())

    def run(budget: float) -> Measure:
        nonlocal batch
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + budget
        while time.perf_counter() < deadline:
            batch = env.step(pick())
            decisions += envs
            games += int(batch.dones.sum())
        return Measure(label, decisions, games, time.perf_counter() - start)

    return run


def rlcard_runner(seed: int) -> Runner:
    """RLCard's UNO environment (2 players): ``env.step`` with its encoded observations."""
    import rlcard

    env = rlcard.make("uno", config={"seed": seed})
    rng = random.Random(seed)

    def run(budget: float) -> Measure:
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


def openspiel_runner(seed: int) -> Runner:
    """OpenSpiel's crazy eights (2 players) with ``observation_tensor`` at every decision."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights(players=2)")
    rng = random.Random(seed)
    choice = rng.choice

    def run(budget: float) -> Measure:
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


def engine_runner(with_view: bool, seed: int, log: bool = True) -> Runner:
    """Reference: the UNO engine alone, or with ``state.view`` at every decision (with the
    round's log, or ``view(seat, log=False)``: the current state only)."""
    game = solocards.make("uno", players=2)
    rng = random.Random(seed)
    choice = rng.choice
    label = (
        ("ref: uno engine + view()" if log else "ref: uno engine + view(log=False)")
        if with_view
        else "ref: uno engine, no observation"
    )

    def run(budget: float) -> Measure:
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
                    state.view(seat, log=log)
                state.apply_id(seat, choice(state.legal_action_ids(seat)))
                decisions += 1
            games += 1
        return Measure(label, decisions, games, time.perf_counter() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="budget per row")
    parser.add_argument("--slices", type=int, default=5, help="interleaved slices per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=16, help="rounds in the batched env")
    parser.add_argument(
        "--many-envs", type=int, default=256, help="rounds in the second batched row (0: none)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes of the multi-process batched row, over --many-envs rounds "
        "(0: no such row; default: the CPU count)",
    )
    parser.add_argument(
        "--rows",
        help="comma-separated row keys to run (default: all): rlcard, aec-raw, aec-wrapped, "
        "batched, batched-many, batched-masks, batched-workers, openspiel, engine, engine-view, "
        "engine-view-nolog",
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    seed = args.seed
    makers: list[tuple[str, Callable[[], Runner]]] = [
        ("rlcard", lambda: rlcard_runner(seed)),
        ("aec-raw", lambda: aec_runner(False, seed)),
        ("aec-wrapped", lambda: aec_runner(True, seed)),
        ("batched", lambda: batched_runner(args.envs, seed)),
    ]
    if args.many_envs:
        makers.append(("batched-many", lambda: batched_runner(args.many_envs, seed)))
        makers.append(
            ("batched-masks", lambda: batched_runner(args.many_envs, seed, from_masks=True))
        )
    if args.workers:
        many = args.many_envs or args.envs
        makers.append(("batched-workers", lambda: batched_runner(many, seed, workers=args.workers)))
    makers += [
        ("openspiel", lambda: openspiel_runner(seed)),
        ("engine", lambda: engine_runner(False, seed)),
        ("engine-view", lambda: engine_runner(True, seed)),
        ("engine-view-nolog", lambda: engine_runner(True, seed, log=False)),
    ]
    if args.rows:
        wanted = set(args.rows.split(","))
        unknown = wanted - {key for key, _ in makers}
        if unknown:
            parser.error(f"unknown rows: {', '.join(sorted(unknown))}")
        makers = [(key, make) for key, make in makers if key in wanted]
    runners: list[tuple[str, Runner]] = []
    for key, make in makers:
        try:
            runners.append((key, make()))
        except ImportError as error:
            print(f"  {key}: not installed ({error.name}); install solocards[bench,rl]")
    measured: dict[str, Measure] = {}
    slices: dict[str, list[float]] = {}  # per row: decisions per second in each slice
    try:
        for _ in range(args.slices):
            for key, runner in runners:
                part = runner(args.seconds / args.slices)
                total = measured.setdefault(key, Measure(part.name, 0, 0, 0.0))
                total.decisions += part.decisions
                total.games += part.games
                total.seconds += part.seconds
                slices.setdefault(key, []).append(part.per_second)
    finally:
        for cleanup in CLEANUP:
            cleanup()
    base = measured.get("rlcard")
    print(
        f"\n{'environment (2 players, random play)':46} {'decisions/s':>12} {'dec/game':>9}  "
        "vs RLCard env.step (all; per slice: median, range)"
    )
    report: dict[str, Any] = {}
    for key, measure in measured.items():
        ratio = measure.per_second / base.per_second if base else None
        per_slice = (
            [mine / theirs for mine, theirs in zip(slices[key], slices["rlcard"], strict=True)]
            if base
            else []
        )
        per_game = measure.decisions / max(measure.games, 1)
        spread = (
            f"  {statistics.median(per_slice):.2f}x, {min(per_slice):.2f}..{max(per_slice):.2f}"
            if per_slice
            else ""
        )
        print(
            f"{measure.name:46} {measure.per_second:12,.0f} {per_game:9.0f}  "
            f"{'' if ratio is None else f'{ratio:.2f}x'}{spread}"
        )
        report[key] = {
            **asdict(measure),
            "per_second": measure.per_second,
            "ratio": ratio,
            "slice_ratios": per_slice,
        }
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
