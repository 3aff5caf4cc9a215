"""``solocards_german_solo_v0``: German Solo (``german-solo``) for PettingZoo, a deal an episode.

>>> from solocards.rl import solocards_german_solo_v0
>>> env = solocards_german_solo_v0.env()
>>> env.reset(seed=0)
>>> env.agent_selection in env.possible_agents
True
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from . import pettingzoo_env, pettingzoo_parallel

GAME = "german-solo"


def env(players: int | None = None, **kwargs: Any) -> AECEnv[Any, Any, Any]:
    """The AEC environment in PettingZoo's order-enforcing wrapper."""
    return pettingzoo_env.env(GAME, players, **kwargs)


def raw_env(players: int | None = None, **kwargs: Any) -> pettingzoo_env.SoloCardsAECEnv:
    """The AEC environment without wrappers."""
    return pettingzoo_env.raw_env(GAME, players, **kwargs)


def parallel_env(
    players: int | None = None, **kwargs: Any
) -> pettingzoo_parallel.SoloCardsParallelEnv:
    """The parallel environment (every seat of a reaction window answers at once)."""
    return pettingzoo_parallel.parallel_env(GAME, players, **kwargs)


__all__ = ["GAME", "env", "parallel_env", "raw_env"]
