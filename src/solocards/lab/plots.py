"""The lab's PNG plots: effects with their intervals, round-length distributions, seat advantage.

Needs matplotlib (the ``sim`` extra); without it nothing is drawn and the functions return
``False``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

COLOURS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#ff9da6")


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def plot_effects(summary: dict[str, Any], path: Path) -> bool:
    """Each variant's difference to the baseline per metric, as a share of the baseline's value
    (a dot and its 95% interval); metrics whose baseline is zero are left out."""
    plt = _pyplot()
    if plt is None or not summary["differences"]:
        return False
    baseline = summary["variants"][0]["metrics"]
    names = [
        m["name"]
        for m in summary["metrics"]
        if baseline.get(m["name"], {}).get("value") not in (None, 0)
    ]
    others = list(summary["differences"])
    figure, axes = plt.subplots(figsize=(9, 0.32 * len(names) * max(1, len(others)) ** 0.5 + 2))
    step = 0.8 / max(1, len(others))
    for index, variant in enumerate(others):
        ys, xs, lows, highs = [], [], [], []
        for row, name in enumerate(names):
            diff = summary["differences"][variant][name]
            base = abs(baseline[name]["value"])
            if diff["diff"] is None:
                continue
            ys.append(row + (index - (len(others) - 1) / 2) * step)
            xs.append(diff["diff"] / base)
            ci = diff["ci95"] or [diff["diff"], diff["diff"]]
            lows.append(diff["diff"] / base - ci[0] / base)
            highs.append(ci[1] / base - diff["diff"] / base)
        axes.errorbar(
            xs, ys, xerr=[lows, highs], fmt="o", capsize=3, label=variant,
            color=COLOURS[index % len(COLOURS)],
        )  # fmt: skip
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_yticks(range(len(names)))
    axes.set_yticklabels(names, fontsize=8)
    axes.set_ylim(len(names) - 0.5, -0.5)
    axes.set_xlabel(f"difference to the baseline ({summary['baseline']}), share of its value")
    axes.legend(fontsize=8, loc="best")
    axes.grid(axis="x", alpha=0.3)
    figure.suptitle(f"{summary['game']}, {summary['players']} players: effects with 95% intervals")
    figure.tight_layout()
    figure.savefig(str(path), dpi=100)
    plt.close(figure)
    return True


def plot_lengths(summary: dict[str, Any], path: Path) -> bool:
    """The distribution of round lengths (decisions) per variant, as step histograms."""
    plt = _pyplot()
    if plt is None:
        return False
    figure, axes = plt.subplots(figsize=(8, 4))
    for index, variant in enumerate(summary["variants"]):
        values = [int(k) for k, count in variant["length_histogram"].items() for _ in range(count)]
        if values:
            axes.hist(
                values, bins=30, histtype="step", linewidth=1.5, label=variant["name"],
                color=COLOURS[index % len(COLOURS)],
            )  # fmt: skip
    axes.set_xlabel("round length (decisions)")
    axes.set_ylabel("rounds")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(str(path), dpi=100)
    plt.close(figure)
    return True


def plot_seats(summary: dict[str, Any], path: Path) -> bool:
    """Win share by position relative to the dealer, per variant, with 95% intervals."""
    plt = _pyplot()
    if plt is None:
        return False
    players = summary["players"]
    figure, axes = plt.subplots(figsize=(8, 4))
    step = 0.8 / len(summary["variants"])
    for index, variant in enumerate(summary["variants"]):
        xs, ys, lows, highs = [], [], [], []
        for position in range(players):
            metric = variant["metrics"][f"win_share_pos{position}"]
            if metric["value"] is None:
                continue
            xs.append(position + (index - (len(summary["variants"]) - 1) / 2) * step)
            ys.append(metric["value"])
            ci = metric["ci95"] or [metric["value"], metric["value"]]
            lows.append(metric["value"] - ci[0])
            highs.append(ci[1] - metric["value"])
        axes.errorbar(
            xs, ys, yerr=[lows, highs], fmt="o", capsize=3, label=variant["name"],
            color=COLOURS[index % len(COLOURS)],
        )  # fmt: skip
    axes.set_xticks(range(players))
    axes.set_xticklabels(["dealer"] + [f"dealer+{p}" for p in range(1, players)])
    axes.set_ylabel("share of rounds won")
    axes.legend(fontsize=8)
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    figure.savefig(str(path), dpi=100)
    plt.close(figure)
    return True


PLOTS = {"effects.png": plot_effects, "lengths.png": plot_lengths, "seats.png": plot_seats}
"""The plot files of a report and what draws them."""

__all__ = ["PLOTS", "plot_effects", "plot_lengths", "plot_seats"]
