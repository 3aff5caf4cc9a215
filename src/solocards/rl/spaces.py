"""The Gymnasium spaces of a game's observations and actions (PettingZoo's classic layout).

An observation is a dict: ``observation`` (the ``float32`` vector of the game's encoder, with
each field's exact bounds) and ``action_mask`` (``int8``, one entry per action id, plus the
"no reaction" id at the end for the games with reaction windows).

>>> import solocards
>>> from solocards.rl.observations import encoder_for
>>> game = solocards.make("uno", players=2)
>>> space = observation_space(encoder_for(game), action_space_size(game))
>>> space["action_mask"].shape
(147,)
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .observations import Encoder
from .turns import action_space_size


def observation_space(encoder: Encoder, actions: int) -> spaces.Dict:
    """``{"observation": Box, "action_mask": Box(0, 1, int8)}`` for ``encoder``'s game."""
    low, high = encoder.layout.bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        }
    )


__all__ = ["action_space_size", "observation_space"]
