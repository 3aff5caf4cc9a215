"""Observations for every game: a flat ``float32`` vector and an ``int8`` action mask.

Each game has an :class:`Encoder` that reads one seat's view (``state.view(seat)``) and nothing
else, and writes it into a preallocated vector; its fields, with their bounds and meaning, are
listed by :meth:`Encoder.describe` and in ``docs/rl.md``.

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
from .amigo_solo import AmigoSoloEncoder
from .base import Encoder, Field, Layout, Mask, Obs, Writer
from .frog import FrogEncoder
from .german_solo import GermanSoloEncoder
from .uno import UnoEncoder

ENCODERS: dict[str, Callable[[Game], Encoder]] = {
    "uno": UnoEncoder,
    "amigo-solo": AmigoSoloEncoder,
    "german-solo": GermanSoloEncoder,
    "frog": FrogEncoder,
}


def encoder_for(game: Game) -> Encoder:
    """The observation encoder of ``game`` (its player count and options included)."""
    try:
        factory = ENCODERS[game.id]
    except KeyError:
        raise ValueError(
            f"no observation encoder for {game.id}; encoders: {', '.join(sorted(ENCODERS))}"
        ) from None
    return factory(game)


__all__ = [
    "ENCODERS",
    "AmigoSoloEncoder",
    "Encoder",
    "Field",
    "FrogEncoder",
    "GermanSoloEncoder",
    "Layout",
    "Mask",
    "Obs",
    "UnoEncoder",
    "Writer",
    "encoder_for",
]
