"""One game object per set of rules, shared by every table that plays it.

A game object holds its rules' precomputed tables (ten-player UNO: about 750 KiB) and no
state of any match, so every table with the same game, players and options can use the same
one. It is held weakly: when the last table using it goes, so does it.

>>> first = shared_game("frog", 3, {})
>>> first is shared_game("frog", 3, {}) and first is not shared_game("uno", 3, {})
True
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping
from typing import Any

from ...core.game import Game
from ...games.registry import make

_GAMES: weakref.WeakValueDictionary[tuple[Any, ...], Game] = weakref.WeakValueDictionary()
_LOCK = threading.Lock()  # tables are rebuilt on worker threads too


def shared_game(game_id: str, players: int, options: Mapping[str, Any]) -> Game:
    """The game ``make(game_id, players=players, stored=True, **options)``, made once while
    it is in use.

    A table's options are stored ones: a new table's were checked as a new match's when it was
    created (:meth:`TableManager.create`, and a rematch's by :meth:`TableManager.rematch`), and
    a table stored by an earlier version of the server, begun under rules since made stricter
    (German Solo's deals), is rebuilt and plays on as it was begun (``stored``, see
    :class:`~solocards.core.game.Game`)."""
    key = (game_id, players, tuple(sorted(options.items())))
    with _LOCK:
        game = _GAMES.get(key)
        if game is None:
            game = make(game_id, players=players, **options, stored=True)
            _GAMES[key] = game
        return game
