"""Seeds for deals and bots drawn from an environment's random generator.

>>> import random
>>> rng = random.Random(3)
>>> deal_seed(rng) == deal_seed(random.Random(3))
True
"""

from __future__ import annotations

import random


def deal_seed(rng: random.Random) -> int:
    """A fresh deal seed (a non-negative 62-bit int) from ``rng``."""
    return rng.getrandbits(62)


def pick_dealer(rng: random.Random, players: int, dealer: int | None) -> int:
    """``dealer`` if fixed, else a seat drawn from ``rng``."""
    if dealer is None:
        return rng.randrange(players)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1} or None, not {dealer!r}")
    return dealer


__all__ = ["deal_seed", "pick_dealer"]
