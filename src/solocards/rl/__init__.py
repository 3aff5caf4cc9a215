"""Reinforcement learning on solocards: observations, PettingZoo, Gymnasium, OpenSpiel, batches.

Needs the ``rl`` extra (numpy, gymnasium, pettingzoo); OpenSpiel needs the ``openspiel`` extra.

- :mod:`solocards.rl.observations`: per game, a flat ``float32`` observation built from one
  seat's view only, and an ``int8`` action mask (fields in ``docs/rl.md``).
- :mod:`solocards.rl.turns`: reaction windows as one decision per seat, and "no reaction".
- PettingZoo: ``solocards_uno_v0``, ``solocards_amigo_solo_v0``, ``solocards_german_solo_v0``,
  ``solocards_frog_v0`` (AEC ``env()`` / ``raw_env()``, and ``parallel_env()``).
- Gymnasium: ``solocards/UNO-v0``, ``solocards/AmigoSolo-v0``, ``solocards/GermanSolo-v0``,
  ``solocards/Frog-v0`` (registered by importing this package).
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

from . import (
    solocards_amigo_solo_v0,
    solocards_frog_v0,
    solocards_german_solo_v0,
    solocards_uno_v0,
)
from .gym_env import GYM_IDS, SoloCardsEnv, register
from .observations import Encoder, encoder_for
from .pettingzoo_env import SoloCardsAECEnv
from .pettingzoo_parallel import SoloCardsParallelEnv
from .turns import Turns, action_space_size, has_windows

register()

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
    "solocards_amigo_solo_v0",
    "solocards_frog_v0",
    "solocards_german_solo_v0",
    "solocards_uno_v0",
]
