"""AMIGO's SOLO (game id ``amigo-solo``): see :mod:`solocards.games.amigo_solo.game`."""

from .game import AmigoSoloGame

__all__ = ["AmigoSoloGame"]
