"""The versioned PettingZoo modules, ``solocards.rl.solocards_<game>_v0``, one per game.

PettingZoo names an environment by a module (``connect_four_v3``) with ``env()``,
``raw_env()`` and ``parallel_env()``. Here the modules are made from the games registry when
:mod:`solocards.rl` is imported, so that a new game has its module without any change here:
``solocards_uno_v0``, ``solocards_amigo_solo_v0``, ...

>>> from solocards.rl import solocards_uno_v0
>>> env = solocards_uno_v0.env()
>>> env.reset(seed=0)
>>> env.agent_selection in env.possible_agents
True
>>> import solocards.rl.solocards_frog_v0 as frog_v0
>>> frog_v0.GAME
'frog'
"""

from __future__ import annotations

import sys
from functools import partial
from types import ModuleType
from typing import Any

from ..games.registry import game_class, games
from . import pettingzoo_env, pettingzoo_parallel
from .pettingzoo_env import env_name


def _env(game_id: str, players: int | None = None, **kwargs: Any) -> Any:
    """The AEC environment in PettingZoo's order-enforcing wrapper."""
    return pettingzoo_env.env(game_id, players, **kwargs)


def _raw_env(game_id: str, players: int | None = None, **kwargs: Any) -> Any:
    """The AEC environment without wrappers."""
    return pettingzoo_env.raw_env(game_id, players, **kwargs)


def _parallel_env(game_id: str, players: int | None = None, **kwargs: Any) -> Any:
    """The parallel environment (every seat of a reaction window answers at once)."""
    return pettingzoo_parallel.parallel_env(game_id, players, **kwargs)


def versioned_module(game_id: str) -> ModuleType:
    """The module ``solocards.rl.solocards_<game>_v0`` of a registered game (made once).

    >>> versioned_module("frog").__name__
    'solocards.rl.solocards_frog_v0'
    """
    name = f"{__package__}.{env_name(game_id)}"
    module = sys.modules.get(name)
    if isinstance(module, ModuleType) and getattr(module, "GAME", None) == game_id:
        return module
    title = game_class(game_id).info.title
    module = ModuleType(name, f"``{env_name(game_id)}``: {title} (``{game_id}``) for PettingZoo.")
    module.GAME = game_id  # type: ignore[attr-defined]
    module.env = partial(_env, game_id)  # type: ignore[attr-defined]
    module.raw_env = partial(_raw_env, game_id)  # type: ignore[attr-defined]
    module.parallel_env = partial(_parallel_env, game_id)  # type: ignore[attr-defined]
    module.__all__ = ["GAME", "env", "parallel_env", "raw_env"]  # type: ignore[attr-defined]
    sys.modules[name] = module
    return module


def versioned_modules() -> dict[str, ModuleType]:
    """Every registered game's versioned module, by its name (``solocards_uno_v0``)."""
    return {env_name(game_id): versioned_module(game_id) for game_id in games()}


__all__ = ["versioned_module", "versioned_modules"]
