"""Who the pause between rounds waits for: the people who took part in the round just over.

A seat that made no decision in a round (Frog's dealer with four players, two seats with five,
when the deal is thrown in before a card is played) has nothing to look back on: the pause does
not wait for it, and with nobody left to wait for there is no pause at all. :class:`RoundPause`
is the pause of one table: who it waits for, when it ends anyway (``round_pause`` seconds after
the round's last action, a setting of :mod:`solocards.server.config`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import Table


def round_players(public_view: Mapping[str, Any], last_seat: int) -> set[int]:
    """The seats that made a decision in a round: each seat of its log, as the spectator's view
    holds it just before the round's last action, and the seat of that last action.

    >>> sorted(round_players({"log": [[1, "pass"], [2, "pass"]]}, 3))
    [1, 2, 3]
    >>> round_players({"log": []}, 0)
    {0}
    """
    return {int(entry[0]) for entry in public_view.get("log") or []} | {last_seat}


class RoundPause:
    """The pause between two rounds of a table: the seats still to say ready, and its end.

    While it lasts the clock does not run and the bots do not move. It ends when every person
    who took part in the round is ready, or at ``until`` (wall clock) anyway. Every method but
    :meth:`close` is called with the table's lock held.

    >>> from types import SimpleNamespace
    >>> pause = RoundPause(SimpleNamespace())  # type: ignore[arg-type]
    >>> pause.active, pause.describe()
    (False, None)
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.waiting: set[int] = set()  # seats whose players have not said "ready"
        self.until: float | None = None  # wall-clock end of the pause between rounds
        self._timer: asyncio.TimerHandle | None = None

    @property
    def active(self) -> bool:
        """Whether the table waits between two rounds (no clock, no bot moves)."""
        return self.until is not None

    def describe(self) -> dict[str, Any] | None:
        """The pause as clients see it: the seats still to say ready, and when it ends anyway."""
        if self.until is None:
            return None
        return {"waiting": sorted(self.waiting), "until": round(self.until, 3)}

    def due(self, played: set[int]) -> bool:
        """Whether a round's end pauses: a person took part in it (``played``: the seats that
        made a decision, :func:`round_players`) and pauses are on."""
        table = self.table
        return table.settings.round_pause > 0 and any(
            not s.played_by_bot for s in table.seats if s.index in played
        )

    def start(self, played: set[int]) -> None:
        """Pause after a round ends for the people who took part in it."""
        table = self.table
        self.waiting = {
            seat.index for seat in table.seats if not seat.played_by_bot and seat.index in played
        }
        self.until = time.time() + table.settings.round_pause
        self.arm_timer()

    def rearm(self) -> None:
        """After a restart: wait on for the seats a person still plays, then end at ``until``."""
        self.waiting &= {seat.index for seat in self.table.seats if not seat.played_by_bot}
        if not self.waiting:  # nobody left to wait for: the pause ends at once
            self.until = time.time()
        self.arm_timer()

    def arm_timer(self) -> None:
        """End the pause at ``until`` (at once if that is past: after a restart)."""
        until = self.until
        assert until is not None
        if self._timer is not None:
            self._timer.cancel()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(
            max(0.0, until - time.time()), lambda: self.table.spawn(self._over(until))
        )

    async def _over(self, until: float) -> None:
        async with self.table.lock:
            if self.until == until:
                await self.end()

    async def end(self) -> None:
        """The next round starts: the clock runs and the bots move again."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.waiting = set()
        self.until = None
        await self.table.bump()
        self._send()

    def _send(self) -> None:
        table = self.table
        table.news.broadcast(
            {
                "type": "pause",
                "table": table.id,
                "version": table.version,
                "pause": self.describe(),
                "clock": table.clock.describe(),
            }
        )

    async def seat_ready(self, seat: int) -> None:
        """``seat`` is ready for the next round; the last one ends the pause."""
        if seat not in self.waiting:
            return
        self.waiting.discard(seat)
        if self.waiting:
            self._send()
            await self.table.runtime.save()
        else:
            await self.end()

    def close(self) -> None:
        """Stop the timer (server shutdown)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
