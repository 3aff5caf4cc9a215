"""The engine core: errors, options, seeded randomness, the Game/State base, matches, records.

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
from .match import Match
from .options import Option

__all__ = [
    "DeckError",
    "Game",
    "IllegalActionError",
    "Match",
    "NotationError",
    "Option",
    "OptionError",
    "RecordError",
    "SoloError",
    "State",
]
