"""Which way a game's totals point: whether the lowest total wins its match.

The browser orders standings by the game's own sense of winning, and the ratings place the
seats of a match by it. Each game declares it (:attr:`~solocards.core.game.Game.lowest_wins`,
which its options may turn); nothing here guesses.

>>> import solocards
>>> lowest_wins(solocards.make("uno")), lowest_wins(solocards.make("uno", scoring="alternative"))
(False, True)
"""

from __future__ import annotations

from ...core.game import Game


def lowest_wins(game: Game) -> bool:
    """Whether the lowest total wins a match of ``game``, as the game declares it."""
    return game.lowest_wins
