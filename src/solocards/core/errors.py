"""The errors every solocards game raises.

All of them subclass :class:`SoloError`, which subclasses :class:`ValueError`, so callers can
catch one family or a single kind:

>>> import solocards
>>> try:
...     solocards.make("uno").action_id("R77")
... except solocards.NotationError as error:
...     print(error)
'R77' is not an action of uno; examples: R7, W:G, W+4:B!, draw, pass
"""

from __future__ import annotations


class SoloError(ValueError):
    """Base class of every error raised by solocards for bad input."""


class OptionError(SoloError):
    """An unknown game, option or option value; the message lists the valid ones."""


class DeckError(SoloError):
    """A deck given to ``Game.deal`` that is not a permutation of ``Game.deck()``."""


class NotationError(SoloError):
    """A string that is not a valid card or action of this game."""


class IllegalActionError(SoloError):
    """A valid action that the seat may not take now; the message says why."""


class RecordError(SoloError):
    """A record that is malformed; the message names the round and step where possible."""
