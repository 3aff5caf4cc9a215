"""solocards: exact rules engines for the card games called Solo, and what stands on them.

>>> import solocards
>>> game = solocards.make("uno", players=4)
>>> state = game.deal(seed=7)
>>> seat = state.to_act[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
"""

from .core.errors import (
    DeckError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    SoloError,
)
from .core.game import Game, State
from .core.match import Match
from .games.registry import games, make
from .records import load, replay, save

__version__ = "0.1.0"

__all__ = [
    "DeckError",
    "Game",
    "IllegalActionError",
    "Match",
    "NotationError",
    "OptionError",
    "RecordError",
    "SoloError",
    "State",
    "games",
    "load",
    "make",
    "replay",
    "save",
]
