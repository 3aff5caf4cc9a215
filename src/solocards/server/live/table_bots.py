"""The bots of one table: the bot that moves for each seat, its randomness, and how long bots
give people to jump in first (the ``reaction_window``).

A seat's bot is its own (a bot seat) or the takeover bot (``takeover_bot``, else the game's
heuristic) while its person is away. The moves themselves are made by
:mod:`solocards.server.live.autoplay`.
"""

from __future__ import annotations

import logging
import random
import secrets
from typing import TYPE_CHECKING

from ...bots import make_bot
from ...core.bot import Bot
from ...core.errors import OptionError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)


class TableBots:
    """The bots that play at one table, made when first asked for and kept."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._bots: dict[tuple[int, str], Bot] = {}
        self._rngs: list[random.Random] = []  # made with the first bot move

    def bot_for(self, seat: int) -> Bot:
        """The bot that moves for ``seat`` now (its own, or the takeover bot when away)."""
        table = self.table
        state = table.seats[seat]
        spec = state.bot if state.kind == "bot" and state.bot else self.takeover_spec()
        key = (seat, spec)
        if key not in self._bots:
            budget = table.settings.bot_move_seconds
            try:
                self._bots[key] = make_bot(spec, table.game, time_budget=budget)
            except OptionError as error:  # stored by a server that accepted it
                fallback = "heuristic" if table.game.info.has_heuristic else "random"
                log.warning(
                    "table %s: seat %d's bot %r cannot play here (%s); %s plays instead",
                    table.id,
                    seat,
                    spec,
                    error,
                    fallback,
                )
                self._bots[key] = make_bot(fallback, table.game)
        return self._bots[key]

    def rng_for(self, seat: int) -> random.Random:
        """The bot randomness of ``seat``."""
        if not self._rngs:
            self._rngs = [random.Random(secrets.randbits(64)) for _ in self.table.seats]
        return self._rngs[seat]

    def takeover_spec(self) -> str:
        """The bot that plays for an absent player."""
        table = self.table
        if table.settings.takeover_bot:
            return table.settings.takeover_bot
        return "heuristic" if table.game.info.has_heuristic else "random"

    def people_may_jump_in(self) -> bool:
        """Whether bots give people the ``reaction_window`` now, judged from public facts only.

        The game has reaction windows and a person sits in a seat that could act out of turn
        now by the rules in force and what everyone saw (:meth:`State.could_react`: a UNO
        without jump-ins has no window after an ordinary play). Who holds a card to jump in
        with is never looked at: a longer wait only when somebody could react would tell
        everyone watching that somebody can.
        """
        table = self.table
        match = table.match
        settings = table.settings
        if (
            match is None
            or table.status != "playing"
            or table.paused
            or not table.game.info.reaction_windows
            or settings.reaction_window <= settings.bot_delay
        ):
            return False
        regular = match.state.regular_seat()
        if regular < 0:
            return False
        state = match.state
        return any(
            not s.played_by_bot and state.could_react(s.index)
            for s in table.seats
            if s.index != regular
        )
