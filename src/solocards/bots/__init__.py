"""Bots: the registry, the random bot and (game-agnostic) search bots.

Registered kinds: ``random``; ``heuristic`` (the game's own, ``Game.heuristic_bot``); ``ismcts``
(:mod:`.ismcts`, needs ``Game.sample_world``); ``rlcard`` (RLCard's UNO rule agent, 2-player
UNO, the ``bench`` extra; :mod:`.rlcard_adapter`); ``learned`` and ``learned+ismcts`` (a policy
network, alone or guiding ISMCTS; :mod:`solocards.learned`). :mod:`.levels` maps the difficulty
levels (easy, normal, strong) to these.

A bot sees what a player sees: ``choose(view, legal_actions, rng) -> action``.

>>> import random, solocards
>>> from solocards.bots import make_bot
>>> state = solocards.make("uno", players=2).deal(seed=1)
>>> seat = state.to_act[0]
>>> bot = make_bot("random", solocards.make("uno", players=2))
>>> legal = state.legal_actions(seat)
>>> bot.choose(state.view(seat), legal, random.Random(0)) in legal
True
"""

from ..core.bot import NO_REACTION, Bot
from .ismcts import ISMCTSBot
from .random_bot import RandomBot
from .registry import bot_names, make_bot, parse_bot_spec, register_bot

__all__ = [
    "NO_REACTION",
    "Bot",
    "ISMCTSBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
]
