"""What happens to the seat of a person who is absent: closed the page, lost the connection.

The table's owner chooses it when the table is opened (``absent`` in the lobby's request):

- ``bot``: after the leave grace (``leave_grace``, 20 s by default) the takeover bot plays the
  seat until its person comes back;
- ``wait``: the seat waits for its person. A move clock, if the table has one, still runs out
  as its ``on_timeout`` says, so that nobody waits for good.

Without a choice, a table with a clock of hours or days (a game played over days, whose players
come and go) waits, and every other table hands the seat to a bot.

>>> default_absent(None), default_absent(60.0), default_absent(24 * 3600.0)
('bot', 'bot', 'wait')
>>> absent_rule(None, 12 * 3600.0), absent_rule("bot", 12 * 3600.0)
('wait', 'bot')

:class:`Absence` applies the rule at one table: the leave timers of seats nobody is connected
to, and the takeover bot.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ..ratings.rated import forfeit
from .clock import LONG_CLOCK_SECONDS

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)

ABSENT_RULES = ("wait", "bot")
"""The choices for an absent person's seat."""


def default_absent(clock_seconds: float | None) -> str:
    """The rule of a table whose owner did not choose: ``wait`` with a clock of hours or days."""
    long_game = clock_seconds is not None and clock_seconds >= LONG_CLOCK_SECONDS
    return "wait" if long_game else "bot"


def absent_rule(chosen: str | None, clock_seconds: float | None) -> str:
    """The rule a table follows: the owner's choice, else :func:`default_absent`."""
    if chosen is not None and chosen in ABSENT_RULES:
        return chosen
    return default_absent(clock_seconds)


class Absence:
    """The seats of one table whose people are away: their leave timers, the takeover bot.

    Called with the table's lock held, except :meth:`close`.
    """

    def __init__(self, table: Table) -> None:
        self.table = table

    def watch_unconnected_seats(self) -> None:
        """Give each human seat nobody is connected to the leave grace before a bot takes it.

        Called when the match starts and after a restart: a person who took a seat and never
        opened the table (or whose connection did not survive the restart) stalls nobody.
        """
        table = self.table
        for state in table.seats:
            if state.kind == "human" and not state.away and state.connections == 0:
                self.start_leave_timer(state.index, table.settings.leave_grace)

    def start_leave_timer(self, seat: int, grace: float) -> None:
        """A bot takes ``seat`` in ``grace`` seconds unless its person comes back."""
        table = self.table
        if table.absent == "wait":  # the seat waits for its person (the clock may still run out)
            return
        state = table.seats[seat]
        if state.leave_timer is not None:
            state.leave_timer.cancel()
        loop = asyncio.get_running_loop()
        state.leave_timer = loop.call_later(grace, lambda: table.spawn(self._grace_over(seat)))

    async def _grace_over(self, seat: int) -> None:
        table = self.table
        async with table.lock:
            state = table.seats[seat]
            state.leave_timer = None
            if state.connections == 0 and table.status == "playing" and not state.played_by_bot:
                log.info("table %s: seat %d left; a bot takes over", table.id, seat)
                await self.take_over(seat, left=True)

    async def take_over(self, seat: int, left: bool = False) -> None:
        """A bot plays the seat; ``left``: because its person left (a rated match forfeited)."""
        table = self.table
        if left and table.rated:
            await forfeit(table, seat)
        table.seats[seat].away = True
        await table.bump()
        table.news.broadcast_info()
        await table.pause.seat_ready(seat)  # a bot plays the seat: the pause waits for it no more

    def close(self) -> None:
        """Stop the leave timers (server shutdown)."""
        for seat in self.table.seats:
            if seat.leave_timer is not None:
                seat.leave_timer.cancel()
