"""Fit and score the colour-split model of UNO's worlds (``games/uno/colours.py``).

    python bench/uno_colours.py fit --first 10000 --rounds 2000
    python bench/uno_colours.py score --first 20000 --rounds 500 --worlds 60
    python bench/uno_colours.py score --rounds 60 --viewer "ismcts:iterations=300"

Seeded 2-player rounds of the heuristic bot against itself, under the standard rules. At each
of seat 0's decisions in the play phase, seat 1's hidden hand is split into colours (red,
yellow, green, blue, wilds) and set beside the model's features of that position
(:func:`~solocards.games.uno.colours.features`) and the unseen cards of each colour.

- ``fit``: the coefficients by maximum likelihood (a conditional logit: each card of the hand
  is of colour ``c`` with chance ``n[c] * w[c] / sum(n[k] * w[k])``, ``w = exp(features @
  beta)``, by Newton's method with a little ridge), printed with the fit on the rounds used
  and the squared error of the expected colour counts against dealing by the counts alone;
  paste them into ``COEFFICIENTS``.
- ``score``: how near the worlds come to the hand's colour counts: the squared error of the
  expected count of each colour (the mean over ``--worlds`` worlds), summed over colours and
  averaged over positions, for the worlds as shipped (the model), for the hand-set readings
  (``sampling.MODEL`` off) and for worlds that read nothing. Positions and random numbers are
  the same for each, so the differences are paired. Use other seeds than the fit's.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

import numpy as np

import solocards
from solocards.bots.registry import make_bot
from solocards.games.uno import colours, sampling
from solocards.games.uno.cards import KIND_INDEX
from solocards.sim.runner import choose_actor


def positions(first: int, rounds: int, viewer: str = "heuristic") -> Any:
    """Yield ``(game, view of seat 0, seat 1's hidden colour counts)`` at each of seat 0's
    play-phase decisions of rounds ``first`` on, seat 1 the heuristic bot and seat 0
    ``viewer`` (a bot spec)."""
    game = solocards.make("uno", players=2)
    bots = [make_bot(viewer, game), make_bot("heuristic", game)]
    for seed in range(first, first + rounds):
        state = game.deal(seed=seed)
        rngs = [random.Random(seed * 1009 + seat) for seat in range(2)]
        while not state.is_over:
            seat, action = choose_actor(state, bots, rngs)
            if seat == 0:
                view = state.view(0)
                if view["phase"] == "play":
                    hidden = Counter(state.view(1)["hand"])
                    hidden.subtract(view["known_hands"][1])
                    split = [0] * colours.CATEGORIES
                    for name, count in hidden.items():
                        split[colours.category(KIND_INDEX[name])] += max(count, 0)
                    yield game, view, split
            state.apply(seat, action)


def table(first: int, rounds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The unseen counts, the hidden counts and the features of every position."""
    unseen_rows, hidden_rows, feature_rows = [], [], []
    for game, view, split in positions(first, rounds):
        unseen = [0] * colours.CATEGORIES
        for kind in sampling._Template(game, view).unseen:
            unseen[colours.category(kind)] += 1
        unseen_rows.append(unseen)
        hidden_rows.append(split)
        feature_rows.append(colours.features(game, view, 1))
    return np.array(unseen_rows, float), np.array(hidden_rows, float), np.array(feature_rows)


def _chances(beta: np.ndarray, unseen: np.ndarray, feats: np.ndarray) -> np.ndarray:
    z = feats @ beta + np.log(np.maximum(unseen, 1e-300))
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z) * (unseen > 0)
    return e / e.sum(axis=1, keepdims=True)


def fit(
    unseen: np.ndarray, hidden: np.ndarray, feats: np.ndarray, ridge: float = 1e-3
) -> np.ndarray:
    """The coefficients that maximise the likelihood of ``hidden`` (less ``ridge`` * |beta|^2
    per card), by Newton's method."""
    cards = hidden.sum()
    size = hidden.sum(axis=1, keepdims=True)
    beta = np.zeros(feats.shape[2])
    for _ in range(50):
        p = _chances(beta, unseen, feats)
        mean = np.einsum("rc,rck->rk", p, feats)
        grad = np.einsum("rc,rck->k", hidden - size * p, feats) / cards - 2 * ridge * beta
        centred = feats - mean[:, None, :]
        hess = np.einsum("r,rc,rck,rcl->kl", size[:, 0], p, centred, centred) / cards
        hess += 2 * ridge * np.eye(len(beta))
        step = np.linalg.solve(hess, grad)
        beta += step
        if np.abs(step).max() < 1e-7:
            break
    return beta


def summary(beta: np.ndarray, unseen: np.ndarray, hidden: np.ndarray, feats: np.ndarray) -> str:
    """Log-likelihood per card and squared error of the expected colour counts."""
    p = _chances(beta, unseen, feats)
    loglik = (hidden * np.log(np.maximum(p, 1e-300))).sum() / hidden.sum()
    error = ((hidden.sum(axis=1, keepdims=True) * p - hidden) ** 2).sum(axis=1).mean()
    return f"log-likelihood a card {loglik:.4f}, colour sq.err {error:.3f}"


def score(
    first: int, rounds: int, worlds: int, viewer: str = "heuristic"
) -> dict[str, tuple[float, int]]:
    """Each kind of world's mean squared error of the expected colour counts, at the decisions
    of ``viewer`` (a bot spec) against the heuristic bot."""
    kinds = {
        "model (shipped)": {"MODEL": True},
        "model, no draw reading": {"MODEL": True, "MODEL_DRAWS": False},
        "hand-set readings": {"MODEL": False},
        "nothing read": {"MODEL": False, "TRUST": 0.0, "NAMED": 0.0, "SWITCH_LEAN": 0.0},
    }
    names = ("MODEL", "MODEL_DRAWS", "TRUST", "NAMED", "SWITCH_LEAN")
    shipped = {name: getattr(sampling, name) for name in names}
    totals = {name: [0.0, 0] for name in kinds}
    try:
        for index, (game, view, split) in enumerate(positions(first, rounds, viewer)):
            for name, settings in kinds.items():
                for key, value in {**shipped, **settings}.items():
                    setattr(sampling, key, value)
                sampling._LAST.clear()
                rng = random.Random(index)
                expected = [0.0] * colours.CATEGORIES
                known = [KIND_INDEX[card] for card in view["known_hands"][1]]
                for _ in range(worlds):
                    hand = Counter(game.sample_world(view, rng).hands[1])
                    hand.subtract(known)
                    for kind, count in hand.items():
                        expected[colours.category(kind)] += count / worlds
                total = totals[name]
                total[0] += sum((e - t) ** 2 for e, t in zip(expected, split, strict=True))
                total[1] += 1
    finally:
        for key, value in shipped.items():
            setattr(sampling, key, value)
        sampling._LAST.clear()
    return {name: (error / n, int(n)) for name, (error, n) in totals.items() if n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("fit", "score"))
    parser.add_argument("--first", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=60)
    parser.add_argument(
        "--viewer", default="heuristic", help="score: the bot whose decisions are scored"
    )
    args = parser.parse_args()
    if args.what == "fit":
        unseen, hidden, feats = table(args.first, args.rounds)
        beta = fit(unseen, hidden, feats)
        print(f"{len(unseen)} positions of {args.rounds} rounds from seed {args.first}")
        print("by the counts alone:", summary(np.zeros_like(beta), unseen, hidden, feats))
        print("the model:          ", summary(beta, unseen, hidden, feats))
        for name, value in zip(colours.FEATURES, beta, strict=True):
            print(f"    {value:+.3f},  # {name}")
        return
    results = score(args.first, args.rounds, args.worlds, args.viewer)
    print(
        f"uno 2p, {args.rounds} rounds of {args.viewer} against the heuristic from seed "
        f"{args.first}, {args.worlds} worlds"
    )
    base = results["nothing read"][0]
    for name, (error, n) in results.items():
        print(f"{name:20s} {n:6d} positions  colour sq.err {error:.3f}  ({error / base:.3f}x)")


if __name__ == "__main__":
    main()
