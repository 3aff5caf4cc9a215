"""Opponent bots for the single-agent environments, and how a bot answers in a reaction window.

>>> import random, solocards
>>> game = solocards.make("uno", players=3)
>>> bots = make_opponents("random", game, seat=0)
>>> sorted(bots)
[1, 2]
>>> from solocards.rl.turns import Turns
>>> turns = Turns(game.deal(seed=1))
>>> bot_action(turns, bots[turns.seat], random.Random(0)) in turns.legal_ids()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bots import NO_REACTION, Bot, bot_names, make_bot
from ..core.bot import view_for
from ..core.errors import OptionError
from ..core.game import Game
from .turns import Turns

Opponents = str | Bot | Sequence[str | Bot]


def usable_bots(game: Game) -> list[str]:
    """The registered bot kinds that can be made for ``game`` with default parameters."""
    usable = []
    for name in bot_names():
        try:
            make_bot(name, game)
        except (OptionError, ImportError, ValueError, TypeError):
            continue
        usable.append(name)
    return usable


def _one(spec: str | Bot, game: Game) -> Bot:
    if not isinstance(spec, str):
        return spec
    try:
        return make_bot(spec, game)
    except OptionError as error:
        raise OptionError(
            f"cannot make the opponent {spec!r} for {game.id} ({error}); "
            f"the bots that exist for {game.id}: {', '.join(usable_bots(game))}"
        ) from None


def make_opponents(opponents: Opponents, game: Game, seat: int) -> dict[int, Bot]:
    """Seat -> bot for every seat but ``seat``: one spec (or bot) for all, or one per seat.

    A list gives the other seats' bots in seat order (``seat`` skipped).
    """
    others = [other for other in range(game.players) if other != seat]
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        bot = _one(opponents, game)
        return dict.fromkeys(others, bot)
    if len(opponents) != len(others):
        raise OptionError(
            f"{len(opponents)} opponents for the {len(others)} other seats of {game.id}"
        )
    return {other: _one(spec, game) for other, spec in zip(others, opponents, strict=True)}


def bot_action(turns: Turns, bot: Bot, rng: random.Random) -> int:
    """The action id ``bot`` picks for the deciding seat (:attr:`Turns.no_reaction` to decline)."""
    state = turns.state
    view = view_for(state, turns.seat, bot)
    legal = list(view["legal_actions"])
    if turns.reacting:
        legal.append(NO_REACTION)
    choice = bot.choose(view, legal, rng)
    if choice == NO_REACTION:
        return turns.no_reaction
    return state.game.action_id(choice)


__all__ = ["Opponents", "bot_action", "make_opponents", "usable_bots"]
