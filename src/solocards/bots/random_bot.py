"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    """Picks uniformly among the legal actions (a declined reaction counts as one of them)."""

    name = "random"
    reads_log = False
    """It never reads the view (the runners then leave the log out, ``view_for``)."""

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """A uniformly random element of ``legal_actions``."""
        return rng.choice(legal_actions)
