"""A PNG of a tournament: ratings and win rates per bot, with their 95% intervals.

Needs matplotlib (the ``sim`` extra: ``pip install solocards[sim]``); without it
:func:`plot_summary` draws nothing and returns ``False``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot_summary(summary: dict[str, Any], path: str | Path) -> bool:
    """Draw the ratings and win rates of ``summary`` (``TournamentResult.summary()``) to a PNG.

    Returns ``False`` (and writes nothing) when matplotlib is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    bots = summary["bots"]
    names = [entry["bot"] for entry in bots]
    positions = list(range(len(bots)))
    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 0.6 * len(bots) + 2.2))
    _points(left, positions, [e["rating"] for e in bots], [e["rating_ci95"] for e in bots])
    left.set_xlabel("rating (Elo scale, mean 1500)")
    left.axvline(1500, color="grey", linewidth=0.8)
    left.set_xlim(min(e["rating"] for e in bots) - 300, max(e["rating"] for e in bots) + 300)
    _points(right, positions, [e["win_rate"] for e in bots], [e["win_rate_ci95"] for e in bots])
    right.set_xlabel("share of rounds won")
    right.set_xlim(0, 1)
    for axes in (left, right):
        axes.set_yticks(positions)
        axes.set_yticklabels(names)
        axes.set_ylim(len(bots) - 0.5, -0.5)
    right.set_yticklabels([])
    figure.suptitle(
        f"{summary['game']}, {summary['players']} players: {summary['rounds']} rounds "
        f"({summary['deals']} deals x {summary['seat_orders']} seat orders)"
    )
    figure.tight_layout()
    figure.savefig(str(path), dpi=110)
    plt.close(figure)
    return True


def _points(axes: Any, positions: list[int], values: list[Any], intervals: list[Any]) -> None:
    heights = [0.0 if value is None else value for value in values]
    below = [h - ci[0] if ci else 0.0 for h, ci in zip(heights, intervals, strict=True)]
    above = [ci[1] - h if ci else 0.0 for h, ci in zip(heights, intervals, strict=True)]
    axes.errorbar(heights, positions, xerr=[below, above], fmt="o", color="#4c78a8", capsize=4)
    axes.grid(axis="x", alpha=0.3)


__all__ = ["plot_summary"]
