"""Which games exist, and how to make one.

A new game is its package under ``solocards/games/`` and one line in ``_GAMES`` here; every
consumer (bots, simulators, server, CLI, RL) reads what it offers from its declaration
(``Game.info``, :class:`~solocards.core.info.GameInfo`).

>>> from solocards.games.registry import games, make
>>> "uno" in games()
True
>>> make("uno", players=3).players
3
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..core.errors import OptionError
from ..core.game import Game
from ..core.messages import msg

# game id -> "module:class". Modules are imported on first use, so importing solocards stays cheap.
_GAMES: dict[str, str] = {
    "amigo-solo": "solocards.games.amigo_solo.game:AmigoSoloGame",
    "german-solo": "solocards.games.german_solo.game:GermanSoloGame",
    "frog": "solocards.games.frog.game:FrogGame",
    "uno": "solocards.games.uno.game:UnoGame",
}

DEFAULT_GAME = "uno"
"""The game a command, an environment or an example plays when none is named."""


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    """The :class:`Game` subclass of a game id; :class:`OptionError` for an unknown id."""
    try:
        module_name, class_name = _GAMES[game_id].split(":")
    except (KeyError, TypeError):
        raise OptionError(
            msg("unknown game {game}; games: {games}", game=repr(game_id), games=", ".join(games()))
        ) from None
    cls: type[Game] = getattr(import_module(module_name), class_name)
    return cls


def make(game_id: str, players: int | None = None, **options: Any) -> Game:
    """A game with this player count and options (``preset="party"`` picks a preset first).

    Unknown games, options or values raise :class:`OptionError` listing the valid ones.
    """
    return game_class(game_id)(players, **options)
