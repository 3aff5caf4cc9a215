"""Reinforcement learning on solocards: observations, PettingZoo, Gymnasium, OpenSpiel, batches.

Needs the ``rl`` extra (numpy, gymnasium, pettingzoo); OpenSpiel needs the ``openspiel`` extra.

- :mod:`solocards.rl.observations`: per game, a flat ``float32`` observation built from one
  seat's view only, and an ``int8`` action mask (fields in ``docs/rl.md``).
- :mod:`solocards.rl.turns`: reaction windows as one decision per seat, and "no reaction".
- PettingZoo: ``solocards_<game>_v0`` for every registered game (``solocards_uno_v0``,
  ``solocards_frog_v0``, ...: AEC ``env()`` / ``raw_env()``, and ``parallel_env()``).
- Gymnasium: ``solocards/<Name>-v0`` for every registered game (``solocards/UNO-v0``,
  ``solocards/AmigoSolo-v0``, ...; registered by importing this package).
- :mod:`solocards.rl.batched`: N rounds stepped together with numpy arrays in and out;
  :mod:`solocards.rl.vector`: the same on several worker processes (shared memory).
- :mod:`solocards.rl.openspiel_game`: the games registered with OpenSpiel (``pyspiel``).

>>> import gymnasium, solocards.rl
>>> env = gymnasium.make("solocards/UNO-v0", players=2, opponents="random")
>>> obs, info = env.reset(seed=0)
>>> sorted(obs)
['action_mask', 'observation']
"""

from __future__ import annotations

from types import ModuleType

from .gym_env import GYM_IDS, SoloCardsEnv, register
from .observations import Encoder, encoder_for
from .pettingzoo_env import SoloCardsAECEnv
from .pettingzoo_parallel import SoloCardsParallelEnv
from .turns import Turns, action_space_size, has_windows
from .versioned import versioned_modules

register()
_VERSIONED = versioned_modules()
globals().update(_VERSIONED)


def __getattr__(name: str) -> ModuleType:
    """A versioned PettingZoo module (``solocards_uno_v0``), also of a game registered later."""
    from .versioned import versioned_modules

    modules = versioned_modules()
    if name in modules:
        return modules[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GYM_IDS",
    "Encoder",
    "SoloCardsAECEnv",
    "SoloCardsEnv",
    "SoloCardsParallelEnv",
    "Turns",
    "action_space_size",
    "encoder_for",
    "has_windows",
    "register",
    *_VERSIONED,
]
