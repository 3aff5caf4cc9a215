"""Bots: the registry, the random bot and (game-agnostic) search bots.

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
from .random_bot import RandomBot
from .registry import bot_names, make_bot, parse_bot_spec

__all__ = ["NO_REACTION", "Bot", "RandomBot", "bot_names", "make_bot", "parse_bot_spec"]
