"""Difficulty levels for players at the table: ``easy``, ``normal`` and ``strong``, each a bot.

The one place that says which bot plays a level, for any game, from what the game can do here
(:func:`~solocards.bots.registry.bot_names` of the game at its player count):

- ``easy``: ``random``, a uniformly random legal action;
- ``normal``: the game's own ``heuristic`` where it has one;
- ``strong``: ``learned+ismcts`` where a policy model for the game and player count loads and
  is marked as guiding the search well (its meta's ``guides_search``: it beat plain ISMCTS at
  the same CPU time a move, as 2-player UNO's and AMIGO's SOLO's and 4-player German Solo's
  did; 3-player Frog's did not, docs/bots.md), else
  ``ismcts`` where the game samples worlds.

A level without a bot of its own here is left out, so no two levels name the same bot. The
server's bot menu (``/api/games``' ``bot_menus``) shows these names beside the bots.

>>> import solocards
>>> [(level.name, level.bot) for level in levels(solocards.make("uno", players=4))]
[('easy', 'random'), ('normal', 'heuristic'), ('strong', 'ismcts')]
>>> [level.bot for level in levels(solocards.make("uno", players=2))][-1]
'learned+ismcts'
>>> [level.bot for level in levels(solocards.make("amigo-solo", players=2))][-1]
'learned+ismcts'
>>> [level.bot for level in levels(solocards.make("german-solo", players=4))][-1]
'learned+ismcts'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from ..core.info import resolve
from .registry import LEARNED, bot_names

LEVELS = ("easy", "normal", "strong")
"""The level names, easiest first."""
CHOICES: dict[str, tuple[str, ...]] = {
    "easy": ("random",),
    "normal": ("heuristic",),
    "strong": ("learned+ismcts", "ismcts"),
}
"""Per level, the bots that may play it, the first that can play the game wins."""

GUIDED = "learned+ismcts"
"""The guided search: a level only where the game's model is marked ``guides_search``."""


@dataclass(frozen=True)
class Level:
    """A difficulty level and the bot spec that plays it."""

    name: str
    bot: str


def levels(game: Any, available: list[str] | None = None) -> list[Level]:
    """The levels ``game`` (a game, so a player count) offers here, easiest first.

    ``available``: the bot kinds that can play it, if the caller has them
    (``bot_names(game)``)."""
    names = bot_names(game) if available is None else available
    if GUIDED in names and isinstance(game, Game) and not resolve(f"{LEARNED}:guides_search")(game):
        names = [name for name in names if name != GUIDED]  # offered, but not as a level
    found: list[Level] = []
    for level in LEVELS:
        bot = next((kind for kind in CHOICES[level] if kind in names), None)
        if bot is not None and all(bot != other.bot for other in found):
            found.append(Level(level, bot))
    return found


def level_bot(game: Any, level: str) -> str | None:
    """The bot spec that plays ``level`` at ``game`` here (``None``: the game has none).

    >>> import solocards
    >>> level_bot(solocards.make("frog"), "normal")
    'heuristic'
    """
    return next((found.bot for found in levels(game) if found.name == level), None)


__all__ = ["CHOICES", "LEVELS", "Level", "level_bot", "levels"]
