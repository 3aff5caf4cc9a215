"""The bot protocol: a bot sees what a player sees, never the state.

It lives in ``core`` so that a game package can ship its heuristic bot without importing
``solocards.bots``. The registry, the random bot and ISMCTS live in ``solocards.bots``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """Something that picks one of ``legal_actions`` from a seat's ``view``."""

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """Return one of ``legal_actions`` (a reaction window may hold ``NO_REACTION``)."""
        ...


NO_REACTION = "no-reaction"
"""What a bot answers when asked about an optional reaction (a jump-in, a catch) it declines."""
