"""Rewards at the end of a round, from its result.

- ``"win"`` (the default): +1 for each winner, -1 for every other seat; 0 for everybody when a
  round has no winner (a frog deal thrown in).
- ``"score"``: the round's score of each seat as the game defines it (``result["scores"]``).

>>> round_rewards({"scores": [10, -5, -5], "winners": [0]}, 3, "win")
[1.0, -1.0, -1.0]
>>> round_rewards({"scores": [10, -5, -5], "winners": [0]}, 3, "score")
[10.0, -5.0, -5.0]
"""

from __future__ import annotations

from typing import Any

REWARDS = ("win", "score")


def check_reward(mode: str) -> str:
    """``mode`` if it is a reward mode, else a ``ValueError`` naming the modes."""
    if mode not in REWARDS:
        raise ValueError(f"unknown reward {mode!r}; rewards: {', '.join(REWARDS)}")
    return mode


def round_rewards(result: dict[str, Any] | None, players: int, mode: str) -> list[float]:
    """Each seat's reward for a finished round (all 0 for ``None``: an unfinished round)."""
    if result is None:
        return [0.0] * players
    if mode == "score":
        return [float(score) for score in result["scores"]]
    winners = result["winners"]
    if not winners:
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


__all__ = ["REWARDS", "check_reward", "round_rewards"]
