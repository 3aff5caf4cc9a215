"""The bot menu of a game per player count: the bots that can play it and the difficulty
levels (:mod:`solocards.bots.levels`), for the lobby's and the table's bot choice.

A bot may play a game at one player count and not another (the ``learned`` bots need a model
for that count), so the menu is given per count, from ``bot_names`` of the game made at it.

>>> from solocards.games.registry import game_class
>>> menus = bot_menus(game_class("uno"))
>>> "learned" in menus["2"].bots, "learned" in menus["3"].bots  # models for 2 and 4 players
(True, False)
>>> [(level.level, level.bot) for level in menus["3"].levels]
[('easy', 'random'), ('normal', 'heuristic'), ('strong', 'ismcts')]
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ...bots import bot_names
from ...bots.levels import levels
from ...core.errors import OptionError
from ...core.game import Game
from ...games.registry import make


class BotLevel(BaseModel):
    """A difficulty level and the bot spec that plays it."""

    level: str = Field(description="easy, normal or strong")
    bot: str = Field(description="The bot spec that plays this level (one of the menu's bots).")


class BotMenu(BaseModel):
    """The bots of one player count, and which of them play the difficulty levels."""

    bots: list[str]
    levels: list[BotLevel]


def bot_menus(cls: type[Game]) -> dict[str, BotMenu]:
    """Per player count (as text, a JSON key), the bot menu of ``cls``."""
    menus: dict[str, BotMenu] = {}
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            game = make(cls.id, players=players)
        except OptionError:
            continue
        kinds = bot_names(game)
        menus[str(players)] = BotMenu(
            bots=kinds,
            levels=[BotLevel(level=found.name, bot=found.bot) for found in levels(game, kinds)],
        )
    return menus


__all__ = ["BotLevel", "BotMenu", "bot_menus"]
