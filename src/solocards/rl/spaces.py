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


class ActionSpace(spaces.Discrete):
    """``Discrete(n)`` that answers ``contains`` for a Python int without numpy (PettingZoo's
    ``AssertOutOfBoundsWrapper`` asks it at every step, and Gymnasium's check builds numpy
    scalars and ``iinfo``); every other value is judged by ``Discrete`` itself. With the
    default ``int64`` dtype the answer is the same: an int is in the space when
    ``start <= x < start + n``.

    >>> space = ActionSpace(3)
    >>> [space.contains(x) for x in (-1, 0, 2, 3, True, np.int64(2), 1.0)]
    [False, True, True, False, True, True, False]
    """

    def __init__(self, n: int, start: int = 0) -> None:
        super().__init__(n, start=start)
        self._low = int(self.start)
        self._high = self._low + int(self.n)
        self._int64 = bool(self.dtype == np.int64)

    def contains(self, x: object) -> bool:
        """Whether ``x`` is an action of this space (see the class doc)."""
        if isinstance(x, int) and self._int64:
            return self._low <= x < self._high
        return bool(super().contains(x))


def observation_space(encoder: Encoder, actions: int) -> spaces.Dict:
    """``{"observation": Box, "action_mask": Box(0, 1, int8)}`` for ``encoder``'s game."""
    low, high = encoder.layout.bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        }
    )


__all__ = ["ActionSpace", "action_space_size", "observation_space"]
