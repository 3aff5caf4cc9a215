"""The engine core: errors, options, seeded randomness, the Game/State base and their declared
capabilities (:class:`GameInfo`), reaction windows, matches. It knows no particular game.

Nothing here depends on anything outside the standard library.
"""

from .errors import (
    DeckError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    SoloError,
)
from .game import Game, State
from .info import GameInfo
from .match import Match
from .options import Option

__all__ = [
    "DeckError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "Match",
    "NotationError",
    "Option",
    "OptionError",
    "RecordError",
    "SoloError",
    "State",
]
