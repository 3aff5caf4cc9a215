"""How near UNO's sampled worlds come to the opponent's real hand, under several readings.

    python bench/uno_worlds.py --rounds 200 --worlds 60

Seeded 2-player rounds of the heuristic bot against itself. At seat 0's decisions in the play
phase where the sampler reads something of seat 1 (it drew, laid a Wild Draw Four, named a
colour or changed it by a card's rank), seat 0's view is sampled ``--worlds`` times under each
reading, with the same random numbers, and each reading is scored against seat 1's real hand:

- ``overlap``: the share of the real hand that a world deals it (cards matched by kind), the
  mean over worlds and positions; higher is better;
- ``sq.err``: the squared error of the expected count of each card kind against the real count,
  summed over kinds, the mean over positions; lower is better.

The readings (``games/uno/sampling.py``'s settings): ``now`` (as shipped), ``model, no draw
reading`` (the colour-split model of ``games/uno/colours.py`` alone, without the draws' reading
of ranks, ``MODEL_DRAWS``), ``hand-set readings`` (``MODEL`` off: the readings that follow,
which rounds the model was not fitted for use), and, each with ``MODEL`` off: ``wilds too`` (a
drawer is dealt no wild either in every world that reads its draw: the reading before
2026-12-02, but for the pass), ``no wild-four read``, ``no lean to a switched colour``, ``no lean
to the named colour`` (a card of it, no more), ``no named colour`` and ``nothing read``
(every world dealt freely). Positions and worlds are the same for each reading, so the
differences are paired.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import solocards
from solocards.bots.registry import make_bot
from solocards.games.uno import sampling
from solocards.games.uno.cards import KIND_INDEX, NUM_KINDS
from solocards.sim.runner import choose_actor

SETTINGS = (
    "MODEL",
    "MODEL_DRAWS",
    "TRUST",
    "NO_WILD",
    "WD4_READ",
    "NAMED",
    "NAMED_LEAN",
    "SWITCH_LEAN",
)
_HAND_SET: dict[str, Any] = {"MODEL": False}
READINGS: dict[str, dict[str, Any]] = {
    "now": {},
    "model, no draw reading": {"MODEL_DRAWS": False},
    "hand-set readings": _HAND_SET,
    "wilds too": {**_HAND_SET, "NO_WILD": 1.0},
    "no wild-four read": {**_HAND_SET, "WD4_READ": False},
    "no lean to a switched colour": {**_HAND_SET, "SWITCH_LEAN": 0.0},
    "no lean to the named colour": {**_HAND_SET, "NAMED_LEAN": 0.0},
    "no named colour": {**_HAND_SET, "NAMED": 0.0},
    "nothing read": {**_HAND_SET, "TRUST": 0.0, "NAMED": 0.0, "SWITCH_LEAN": 0.0},
}


def score(rounds: int, worlds: int) -> dict[str, tuple[float, float, int]]:
    """Each reading's mean overlap, mean squared error and the number of positions scored."""
    game = solocards.make("uno", players=2)
    bots = [make_bot("heuristic", game) for _ in range(2)]
    shipped = {name: getattr(sampling, name) for name in SETTINGS}
    totals = {name: [0.0, 0.0, 0] for name in READINGS}
    try:
        for seed in range(rounds):
            state = game.deal(seed=seed)
            rngs = [random.Random(seed * 1009 + seat) for seat in range(2)]
            step = 0
            while not state.is_over:
                seat, action = choose_actor(state, bots, rngs)
                step += 1
                view = state.view(0)
                mine = seat == 0 and view["phase"] == "play"
                reading = sampling._Log.of(game, view) if mine else None
                if reading is not None and (
                    1 in reading.reads or 1 in reading.named or 1 in reading.switched
                ):
                    truth = [0] * NUM_KINDS
                    for card in state.view(1)["hand"]:
                        truth[KIND_INDEX[card]] += 1
                    for name, settings in READINGS.items():
                        for key, value in {**shipped, **settings}.items():
                            setattr(sampling, key, value)
                        overlap, error = _one(game, view, truth, worlds, seed * 7919 + step)
                        total = totals[name]
                        total[0] += overlap
                        total[1] += error
                        total[2] += 1
                state.apply(seat, action)
    finally:
        for key, value in shipped.items():
            setattr(sampling, key, value)
        sampling._LAST.clear()
    return {name: (o / n, e / n, int(n)) for name, (o, e, n) in totals.items() if n}


def _one(game: Any, view: Any, truth: list[int], worlds: int, seed: int) -> tuple[float, float]:
    sampling._LAST.clear()  # the reading is made when the view's template is
    rng = random.Random(seed)
    expected = [0.0] * NUM_KINDS
    overlap = 0
    for _ in range(worlds):
        count = [0] * NUM_KINDS
        for kind in game.sample_world(view, rng).hands[1]:
            count[kind] += 1
        overlap += sum(min(a, b) for a, b in zip(count, truth, strict=True))
        for kind in range(NUM_KINDS):
            expected[kind] += count[kind] / worlds
    error = sum((e - t) ** 2 for e, t in zip(expected, truth, strict=True))
    return overlap / worlds / sum(truth), error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=60)
    args = parser.parse_args()
    results = score(args.rounds, args.worlds)
    base_overlap, base_error, _ = results["nothing read"]
    print(f"uno 2p, {args.rounds} heuristic rounds, {args.worlds} worlds a position")
    header = ("reading", "positions", "overlap", "sq.err", "vs nothing read")
    print("{:29s} {:>9s} {:>8s} {:>7s} {:>16s}".format(*header))
    for name, (overlap, error, positions) in results.items():
        gain = f"{overlap / base_overlap:.3f}x / {error / base_error:.3f}x"
        print(f"{name:29s} {positions:9d} {overlap:8.4f} {error:7.3f} {gain:>16s}")


if __name__ == "__main__":
    main()
