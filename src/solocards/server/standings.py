"""Which way a game's totals point: whether the lowest total wins its match.

The browser orders standings by the game's own sense of winning. The game says it through
``match_winners`` (a method every game has): given totals where one seat is a point ahead, the
seats it names tell which end of the scale wins. A game whose winners depend on the rounds'
results, not only on the totals, cannot be asked so: its direction is unknown (``None``) and
the page keeps the highest first.

>>> import solocards
>>> lowest_wins(solocards.make("uno")), lowest_wins(solocards.make("uno", scoring="alternative"))
(False, True)
"""

from __future__ import annotations

from functools import lru_cache

from ..core.game import Game


@lru_cache(maxsize=256)
def lowest_wins(game: Game) -> bool | None:
    """Whether the lowest total wins a match of ``game`` (asked once per game object), or
    ``None`` when the totals alone do not tell."""
    totals = [0] * game.players
    totals[-1] = 1
    try:
        winners = game.match_winners(totals, [])
    except (IndexError, KeyError, TypeError, ValueError):
        return None
    return game.players - 1 not in winners
