"""Observations for every game: a flat ``float32`` vector and an ``int8`` action mask.

Each game declares its :class:`Encoder` (``game.info.rl_encoder``, a lazy ``"module:class"``
reference); one that reads one seat's view (``state.view(seat)``) and nothing else, and writes
it into a preallocated vector; its fields, with their bounds and meaning, are listed by
:meth:`Encoder.describe` and in ``docs/rl.md``. A game that declares none gets the
:class:`GenericEncoder` (the view keys every game shares). The four games' encoders are
re-exported here for convenience; nothing here lists the games.

>>> import numpy as np, solocards
>>> game = solocards.make("frog")
>>> encoder = encoder_for(game)
>>> state = game.deal(seed=3)
>>> seat = state.to_act[0]
>>> obs, mask = encoder.new_observation(), np.zeros(game.num_actions, dtype=np.int8)
>>> encoder.encode(state.view(seat), obs); encoder.mask(state.view(seat), mask)
>>> sorted(game.action_name(int(i)) for i in np.flatnonzero(mask))
['frage', 'heart-solo', 'pass', 'solo']
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.game import Game
from ...core.info import resolve
from .amigo_solo import AmigoSoloEncoder
from .base import Encoder, Field, Layout, Mask, Obs, Writer
from .frog import FrogEncoder
from .generic import GenericEncoder
from .german_solo import GermanSoloEncoder
from .uno import UnoEncoder


def encoder_class(game: Game | type[Game]) -> Callable[[Game], Encoder]:
    """The encoder class ``game`` declares, else :class:`GenericEncoder`.

    >>> import solocards
    >>> encoder_class(solocards.make("uno")).__name__
    'UnoEncoder'
    """
    ref = game.info.rl_encoder
    if ref is None:
        return GenericEncoder
    factory: Callable[[Game], Encoder] = resolve(ref)
    return factory


def encoder_for(game: Game) -> Encoder:
    """The observation encoder of ``game`` (its player count and options included)."""
    return encoder_class(game)(game)


__all__ = [
    "AmigoSoloEncoder",
    "Encoder",
    "Field",
    "FrogEncoder",
    "GenericEncoder",
    "GermanSoloEncoder",
    "Layout",
    "Mask",
    "Obs",
    "UnoEncoder",
    "Writer",
    "encoder_class",
    "encoder_for",
]
