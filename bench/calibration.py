"""Are the analysis's win chances calibrated? Brier score, expected calibration error, diagrams.

    python bench/calibration.py --decisions 2000 --worlds 40 --out build/calibration

Rounds are played by the games' heuristic bots in every seat. At every ``--stride``-th decision
a seat takes alone, :func:`solocards.analysis.analyse` gives the win chance of the action that
seat then plays, from its view only; when the round ends, the prediction is scored against
what happened (1 if the seat won the round, else 0). Per game:

- the Brier score, ``mean((p - y)^2)``, beside the Brier score of always predicting the base
  rate (a forecast that knows nothing but how often a seat wins);
- the expected calibration error over ten equal-width bins, ``sum_b n_b / N * |mean p_b -
  mean y_b|``; a chance that says 70% should win about 70% of the time;
- a reliability diagram (``<game>.png``): each bin's mean prediction against its win rate, with
  a 95% Wilson interval, and the count of predictions per bin.

``summary.json`` holds every figure; ``predictions-<game>.jsonl`` every prediction (written as
each round ends, so a run cut short keeps what it measured). Decisions within one round are not
independent, so the intervals of the diagram are somewhat too narrow.

``--merge A.jsonl B.jsonl ...`` plays nothing: it pools saved predictions of one game (runs over
different ``--seed`` ranges, say) and writes their figures and diagram under ``--out``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import solocards
from solocards.analysis import analyse, wilson_interval
from solocards.analysis.belief import (
    DEFAULT_BURN,
    DEFAULT_CANDIDATES,
    DEFAULT_CHAINS,
    DEFAULT_FLOOR,
    DEFAULT_STEPS,
)
from solocards.core.game import Game

BINS = 10


def predictions(
    game: Game,
    decisions: int,
    worlds: int,
    stride: int,
    seed: int,
    belief: float | None = DEFAULT_FLOOR,
    candidates: int = DEFAULT_CANDIDATES,
    steps: int = DEFAULT_STEPS,
    burn: int = DEFAULT_BURN,
    chains: int = DEFAULT_CHAINS,
    sink: Callable[[list[tuple[float, int]]], None] | None = None,
) -> list[tuple[float, int]]:
    """``(predicted win chance of the action played, 1 if its seat won the round)`` pairs;
    ``sink`` gets each round's pairs as soon as the round is over."""
    bot = game.heuristic_bot()
    found: list[tuple[float, int]] = []
    round_seed = seed
    while len(found) < decisions:
        state = game.deal(seed=round_seed, dealer=round_seed % game.players)
        rng = random.Random(round_seed)
        pending: list[tuple[float, int]] = []
        count = 0
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            legal = state.legal_actions(seat)
            action = bot.choose(state.view(seat), legal, rng)
            if len(to_act) == 1:
                count += 1
                if count % stride == 0 and len(legal) > 1:
                    view = state.view(seat)
                    estimate = analyse(
                        game,
                        view,
                        worlds=worlds,
                        seed=round_seed * 1000 + count,
                        belief=belief,
                        candidates=candidates,
                        steps=steps,
                        burn=burn,
                        chains=chains,
                    ).of(action)
                    pending.append((estimate.win, seat))
            state.apply(seat, action)
        winners = (state.result or {}).get("winners") or []
        scored = [(chance, int(seat in winners)) for chance, seat in pending]
        found.extend(scored)
        if sink is not None:
            sink(scored)
        round_seed += 1
    return found[:decisions]


def calibration(pairs: list[tuple[float, int]]) -> dict[str, Any]:
    """Brier score, base-rate Brier score, expected calibration error and the bins."""
    total = len(pairs)
    base = sum(y for _p, y in pairs) / total
    brier = sum((p - y) ** 2 for p, y in pairs) / total
    bins: list[list[tuple[float, int]]] = [[] for _ in range(BINS)]
    for p, y in pairs:
        bins[min(int(p * BINS), BINS - 1)].append((p, y))
    rows = []
    ece = 0.0
    for index, members in enumerate(bins):
        if not members:
            continue
        mean_p = sum(p for p, _y in members) / len(members)
        wins = sum(y for _p, y in members)
        rate = wins / len(members)
        ece += len(members) / total * abs(mean_p - rate)
        rows.append(
            {
                "bin": [index / BINS, (index + 1) / BINS],
                "count": len(members),
                "mean_prediction": mean_p,
                "win_rate": rate,
                "ci95": list(wilson_interval(wins, len(members))),
            }
        )
    return {
        "decisions": total,
        "base_rate": base,
        "brier": brier,
        "brier_base_rate": base * (1 - base),
        "ece": ece,
        "bins": rows,
    }


def diagram(game_id: str, figures: dict[str, Any], path: Path) -> None:
    """The reliability diagram of one game (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (top, bottom) = plt.subplots(
        2, 1, figsize=(5, 6), sharex=True, gridspec_kw={"height_ratios": [3, 1]}
    )
    rows = figures["bins"]
    xs = [row["mean_prediction"] for row in rows]
    ys = [row["win_rate"] for row in rows]
    lows = [max(0.0, row["win_rate"] - row["ci95"][0]) for row in rows]
    highs = [max(0.0, row["ci95"][1] - row["win_rate"]) for row in rows]
    top.plot([0, 1], [0, 1], color="grey", linewidth=0.8, linestyle="--")
    top.errorbar(xs, ys, yerr=[lows, highs], fmt="o-", capsize=3, color="#4c78a8")
    top.set_ylabel("rounds won")
    top.set_title(
        f"{game_id}: ECE {figures['ece']:.3f}, Brier {figures['brier']:.3f} "
        f"({figures['decisions']} decisions)",
        fontsize=9,
    )
    top.grid(alpha=0.3)
    bottom.bar(
        [(row["bin"][0] + row["bin"][1]) / 2 for row in rows],
        [row["count"] for row in rows],
        width=0.09,
        color="#4c78a8",
    )
    bottom.set_xlabel("predicted win chance of the action played")
    bottom.set_ylabel("decisions")
    figure.tight_layout()
    figure.savefig(str(path), dpi=100)
    plt.close(figure)


def merge(game_id: str, paths: list[Path], out: Path) -> None:
    """Pool the saved predictions of one game and write their figures and diagram."""
    pairs = []
    for path in paths:
        with path.open() as handle:
            pairs += [(row["win"], row["won"]) for row in map(json.loads, handle)]
    figures = calibration(pairs)
    figures["merged"] = [str(path) for path in paths]
    diagram(game_id, figures, out / f"{game_id}.png")
    (out / f"summary-{game_id}.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(
        f"{game_id:12} {figures['decisions']:5} decisions  ECE {figures['ece']:.3f}  "
        f"Brier {figures['brier']:.3f} (base rate {figures['brier_base_rate']:.3f})"
    )


def main() -> None:
    """Run the calibration for the games asked and write the figures under ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(solocards.games()))
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--stride", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--belief",
        default=str(DEFAULT_FLOOR),
        help="weight a world keeps per earlier choice the model would not have made, or 'off'",
    )
    parser.add_argument("--out", type=Path, default=Path("build/calibration"))
    parser.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        help="pool these predictions files of one game (--games) instead of playing",
    )
    parser.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES)
    parser.add_argument(
        "--steps",
        type=int,
        default=DEFAULT_STEPS,
        help="swaps of two unseen cards the belief's chain proposes between worlds (0: none)",
    )
    parser.add_argument(
        "--burn",
        type=int,
        default=DEFAULT_BURN,
        help="swaps each of the belief's chains proposes before its first world",
    )
    parser.add_argument(
        "--chains", type=int, default=DEFAULT_CHAINS, help="chains the belief walks per view"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.merge:
        merge(args.games, args.merge, args.out)
        return
    belief = None if args.belief == "off" else float(args.belief)
    summary: dict[str, Any] = {
        "worlds": args.worlds,
        "stride": args.stride,
        "belief": belief,
        "candidates": args.candidates,
        "steps": args.steps,
        "burn": args.burn,
        "chains": args.chains,
        "games": {},
    }
    for game_id in args.games.split(","):
        game = solocards.make(game_id)
        started = time.perf_counter()
        cpu_started = time.process_time()
        with (args.out / f"predictions-{game_id}.jsonl").open("w") as handle:

            def write(scored: list[tuple[float, int]], handle: TextIO = handle) -> None:
                for p, y in scored:
                    handle.write(json.dumps({"win": p, "won": y}) + "\n")
                handle.flush()

            pairs = predictions(
                game,
                args.decisions,
                args.worlds,
                args.stride,
                args.seed,
                belief,
                args.candidates,
                args.steps,
                args.burn,
                args.chains,
                write,
            )
        figures = calibration(pairs)
        figures["players"] = game.players
        figures["seconds"] = round(time.perf_counter() - started, 1)
        figures["cpu_seconds"] = round(time.process_time() - cpu_started, 1)
        summary["games"][game_id] = figures
        diagram(game_id, figures, args.out / f"{game_id}.png")
        print(
            f"{game_id:12} {figures['decisions']:5} decisions  ECE {figures['ece']:.3f}  "
            f"Brier {figures['brier']:.3f} (base rate {figures['brier_base_rate']:.3f})  "
            f"{figures['seconds']} s ({figures['cpu_seconds']} s of CPU)",
            flush=True,
        )
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    main()
