"""Which way a game's totals point: whether the lowest total wins its match.

The browser orders standings by the game's own sense of winning. The game says it through
``match_winners`` (a method every game has): given totals where one seat is a point ahead, the
seats it names tell which end of the scale wins.

>>> import solocards
>>> lowest_wins(solocards.make("uno")), lowest_wins(solocards.make("uno", scoring="alternative"))
(False, True)
"""

from __future__ import annotations

from functools import lru_cache

from ..core.game import Game


@lru_cache(maxsize=256)
def lowest_wins(game: Game) -> bool:
    """Whether the lowest total wins a match of ``game`` (asked once per game object)."""
    totals = [0] * game.players
    totals[-1] = 1
    return game.players - 1 not in game.match_winners(totals, [])
