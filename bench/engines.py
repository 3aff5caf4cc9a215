"""Random playouts, side by side with the peers, in one run: decisions per second and ratios.

    make bench                      # the `bench` extra (rlcard, open-spiel); plain, then compiled
    python bench/engines.py --seconds 5 --json build/bench.json

Every engine plays uniformly random games for the same wall-clock budget, one after the other,
in this process. A *decision* is one action chosen by a player (chance nodes are not counted).
Memory is the resident-set growth per live mid-game state (2,000 states kept alive), so C++ peers
are measured the same way as Python ones.

Our rows say ``[mypyc]`` when the compiled build runs (``PYTHONPATH=build/mypyc``, built by
``make compiled``; see ``solocards.core.compiled``). Figures vary with the machine and its load:
compare the ratios from one run, never absolute numbers across runs. Time is this process's CPU
time (``time.process_time``), so other work on a shared machine slows no engine's figures.
"per slice" gives the median and the range of the ratio over the pairs of slices that ran back
to back: a burst of load elsewhere moves one pair, not the median.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import solocards
from solocards.core.compiled import is_compiled


@dataclass
class Measure:
    """One engine's figures."""

    engine: str
    decisions: int
    games: int
    seconds: float
    kib_per_state: float | None = None

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


Runner = Callable[[float, int, bool], Measure]


def rss_kib() -> int:
    """The resident set size of this process in KiB (Linux)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * 4


def kib_per_state(make_states: Callable[[int], list[Any]], count: int = 2000) -> float:
    """Resident memory growth per state when ``count`` states are alive at once."""
    gc.collect()
    before = rss_kib()
    states = make_states(count)
    after = rss_kib()
    del states
    return (after - before) / count


clock = time.process_time
"""The CPU time of this process: on a machine shared with other work, the time this process was
given, not the time it waited (every engine here runs in this process, C++ peers included)."""


# -- solocards ----------------------------------------------------------------------------------

BUILD_TAG = " [mypyc]" if is_compiled() else ""
"""Marks our rows when the compiled build runs (``PYTHONPATH=build/mypyc``, ``make bench``)."""


def solocards_runner(game_id: str, players: int, **options: Any) -> Runner:
    """Random playouts of a solocards game through the integer-id API."""

    def run(budget: float, seed: int, memory: bool = True) -> Measure:
        game = solocards.make(game_id, players=players, **options)
        rng = random.Random(seed)
        choice = rng.choice
        decisions = games = 0
        start = clock()
        deadline = start + budget
        while clock() < deadline:
            state = game.deal(seed=rng.getrandbits(32))
            while True:
                to_act = state.to_act
                if not to_act:
                    break
                seat = to_act[0] if len(to_act) == 1 else choice(to_act)
                state.apply_id(seat, choice(state.legal_action_ids(seat)))
                decisions += 1
            games += 1
        seconds = clock() - start

        def states(count: int) -> list[Any]:
            kept = []
            for i in range(count):
                state = game.deal(seed=i)
                for _ in range(10):
                    to_act = state.to_act
                    if not to_act:
                        break
                    seat = to_act[0]
                    state.apply_id(seat, choice(state.legal_action_ids(seat)))
                kept.append(state)
            return kept

        label = f"solocards {game_id} ({players}p){BUILD_TAG}"
        return Measure(label, decisions, games, seconds, kib_per_state(states) if memory else None)

    return run


# -- RLCard -------------------------------------------------------------------------------------


def rlcard_game_runner(players: int) -> Runner:
    """RLCard's UNO at game level: ``game.get_legal_actions()`` and ``game.step``."""

    def run(budget: float, seed: int, memory: bool = True) -> Measure:
        import numpy as np
        from rlcard.games.uno.game import UnoGame

        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
        rng = random.Random(seed)
        decisions = games = 0
        start = clock()
        deadline = start + budget
        while clock() < deadline:
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.get_legal_actions()))
                decisions += 1
            games += 1
        seconds = clock() - start

        def states(count: int) -> list[Any]:
            kept = []
            for _ in range(count):
                one = UnoGame(num_players=players)
                one.np_random = np.random.RandomState(rng.getrandbits(31))
                one.init_game()
                for _ in range(10):
                    if one.is_over():
                        break
                    one.step(rng.choice(one.get_legal_actions()))
                kept.append(one)
            return kept

        label = f"RLCard uno game ({players}p)"
        return Measure(label, decisions, games, seconds, kib_per_state(states) if memory else None)

    return run


def rlcard_env_runner() -> Runner:
    """RLCard's UNO environment (2 players): ``env.step`` with its encoded observations."""

    def run(budget: float, seed: int, memory: bool = True) -> Measure:
        import rlcard

        env = rlcard.make("uno", config={"seed": seed})
        rng = random.Random(seed)
        decisions = games = 0
        start = clock()
        deadline = start + budget
        while clock() < deadline:
            state, _player = env.reset()
            while not env.is_over():
                state, _player = env.step(rng.choice(list(state["legal_actions"])))
                decisions += 1
            games += 1
        return Measure("RLCard uno env.step (2p)", decisions, games, clock() - start)

    return run


# -- OpenSpiel ----------------------------------------------------------------------------------


def openspiel_runner(label: str, game_string: str) -> Runner:
    """An OpenSpiel game played from a Python loop (chance outcomes sampled by the loop)."""

    def run(budget: float, seed: int, memory: bool = True) -> Measure:
        import pyspiel

        game = pyspiel.load_game(game_string)
        rng = random.Random(seed)
        choice = rng.choice
        decisions = games = 0
        start = clock()
        deadline = start + budget
        while clock() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(choice(outcomes)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
            games += 1
        seconds = clock() - start

        def states(count: int) -> list[Any]:
            kept = []
            for _ in range(count):
                state = game.new_initial_state()
                moves = 0
                while not state.is_terminal() and moves < 10:
                    if state.is_chance_node():
                        state.apply_action(choice(state.chance_outcomes())[0])
                    else:
                        state.apply_action(choice(state.legal_actions()))
                        moves += 1
                kept.append(state)
            return kept

        return Measure(label, decisions, games, seconds, kib_per_state(states) if memory else None)

    return run


CRAZY_EIGHTS = (
    "crazy_eights(players=4,use_special_cards=True,reshuffle=True,max_draw_cards=1,"
    "max_turns=100000)"
)

CRAZY_EIGHTS_RUNNER = openspiel_runner("OpenSpiel crazy_eights (4p)", CRAZY_EIGHTS)

# (ours, [peers]) — each group is printed with the ratios of ours against every peer.
GROUPS: list[tuple[str, Runner, list[tuple[str, Runner]]]] = [
    (
        "uno",
        solocards_runner("uno", 4),
        [
            ("rlcard-game-4p", rlcard_game_runner(4)),
            ("rlcard-game-2p", rlcard_game_runner(2)),
            ("rlcard-env-2p", rlcard_env_runner()),
            ("openspiel-crazy-eights", CRAZY_EIGHTS_RUNNER),
        ],
    ),
]


def optional_groups() -> list[tuple[str, Runner, list[tuple[str, Runner]]]]:
    """The groups of the games that are registered (each game lands on its own)."""
    registered = set(solocards.games())
    groups = [group for group in GROUPS if group[0] in registered]
    skat = ("openspiel-skat", openspiel_runner("OpenSpiel skat (3p)", "skat"))
    euchre = ("openspiel-euchre", openspiel_runner("OpenSpiel euchre (4p)", "euchre"))
    if "amigo-solo" in registered:
        groups.append(
            (
                "amigo-solo",
                solocards_runner("amigo-solo", 4),
                [
                    ("solocards-uno-4p", solocards_runner("uno", 4)),
                    ("openspiel-crazy-eights", CRAZY_EIGHTS_RUNNER),
                ],
            )
        )
    if "german-solo" in registered:
        groups.append(("german-solo", solocards_runner("german-solo", 4), [skat, euchre]))
    if "frog" in registered:
        groups.append(("frog", solocards_runner("frog", 3), [skat]))
    return groups


def slice_ratios(ours: list[float], theirs: list[float]) -> tuple[float, float, float]:
    """Median, lowest and highest ratio of ours to theirs over the slices (each pair of slices
    ran back to back, so a burst of load elsewhere moves one pair, not the median)."""
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    return statistics.median(ratios), ratios[0], ratios[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="budget per engine")
    parser.add_argument("--slices", type=int, default=6, help="interleaved slices per engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", help="only these solocards games")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    build = "compiled with mypyc" if is_compiled() else "plain Python"
    print(f"solocards engine: {build}")
    report: dict[str, Any] = {"build": build}
    for name, ours, peers in optional_groups():
        if args.games and name not in args.games:
            continue
        engines: list[tuple[str, Runner]] = [(name, ours), *peers]
        totals: dict[str, Measure] = {}
        rates: dict[str, list[float]] = {}
        # Interleaved slices: every engine runs a short slice in turn, so a change in the
        # machine's load during the run falls on all of them alike.
        for index in range(args.slices):
            for key, runner in list(engines):
                try:
                    part = runner(args.seconds / args.slices, args.seed + index, index == 0)
                except ImportError as error:
                    print(f"  {key}: not installed ({error.name}); install solocards[bench]")
                    engines.remove((key, runner))
                    continue
                rates.setdefault(key, []).append(part.decisions_per_second)
                if key in totals:
                    total = totals[key]
                    total.decisions += part.decisions
                    total.games += part.games
                    total.seconds += part.seconds
                else:
                    totals[key] = part
        mine = totals[name]
        rows = [
            (
                key,
                measure,
                None if key == name else mine.decisions_per_second / measure.decisions_per_second,
            )
            for key, measure in totals.items()
        ]
        print(f"\n== {name} ==")
        header = ("engine", "decisions/s", "games/s", "dec/game", "KiB/state", "ours vs it")
        print("{:38} {:>12} {:>9} {:>9} {:>9}  {:>10}  {}".format(*header, "per slice"))
        for key, measure, ratio in rows:
            memory = "" if measure.kib_per_state is None else f"{measure.kib_per_state:9.2f}"
            per_game = measure.decisions / max(measure.games, 1)
            spread = slice_ratios(rates[name], rates[key]) if key != name else None
            print(
                f"{measure.engine:38} {measure.decisions_per_second:12,.0f} "
                f"{measure.games_per_second:9,.1f} {per_game:9.1f} "
                f"{memory:>9}  {'' if ratio is None else f'{ratio:9.2f}x'}  "
                f"{'' if spread is None else '{:.2f}x median, {:.2f}-{:.2f}'.format(*spread)}"
            )
        report[name] = [
            {
                **asdict(m),
                "decisions_per_second": m.decisions_per_second,
                "ratio": r,
                "slice_ratios": None if k == name else slice_ratios(rates[name], rates[k]),
            }
            for k, m, r in rows
        ]
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
