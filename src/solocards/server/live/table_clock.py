"""The move clock of one table: whose move is timed, its deadline, and what a timeout does.

The clock runs for the regular seat to act when a person plays it, the table has a clock
(``clock_seconds``) and is neither paused nor over. When it runs out the table's ``on_timeout``
rule applies (:mod:`solocards.server.live.clock`): the takeover bot plays the seat, or the
seat's :func:`~solocards.server.live.clock.default_move` is played. The running clock is stored
with the table (:class:`~solocards.server.storage.StoredClock`), so a restarted server resumes it
at the same deadline.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from ...core.windows import polling_order
from ..storage import StoredClock
from .clock import MoveClock, default_move
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)


class TableClock:
    """The table's move clock: armed for the seat to move at each version, stored, resumed."""

    def __init__(self, table: Table) -> None:
        self.table = table  # its ``clock_seconds`` (None: no clock) and ``on_timeout`` rule
        self.timer = MoveClock()
        self._key: tuple[int, int] | None = None  # (version, seat) the clock is armed for

    @property
    def deadline(self) -> float | None:
        """When the running clock runs out (wall clock), if one runs."""
        return self.timer.deadline

    def describe(self) -> dict[str, Any] | None:
        """The clock as clients see it: whose move is timed and until when."""
        return self.timer.describe()

    def stored(self) -> StoredClock | None:
        """The running clock as it is stored, if one runs."""
        if self._key is None or self.timer.deadline is None:
            return None
        return StoredClock(self._key[0], self._key[1], self.timer.deadline)

    def seat(self) -> int | None:
        """The seat the clock runs for now: the regular seat to act, if a person plays it."""
        table = self.table
        match = table.match
        if (
            table.clock_seconds is None
            or match is None
            or table.status != "playing"
            or table.paused
        ):
            return None
        seat, _reactors = polling_order(match.state)
        if seat < 0:
            return None
        return None if table.seats[seat].played_by_bot else seat

    def arm(self, deadline: float | None = None) -> None:
        """Set the clock for the seat to move now (``deadline``: the one already stored)."""
        seat, limit = self.seat(), self.table.clock_seconds
        if seat is None or limit is None:
            self.cancel()
            return
        key = (self.table.version, seat)
        if key == self._key:
            return
        self._key = key
        version = self.table.version
        seconds = limit if deadline is None else max(0.0, deadline - time.time())
        self.timer.arm(seat, seconds, lambda: self._timed_out(version, seat), deadline=deadline)

    def resume(self, stored: StoredClock | None) -> None:
        """After a restart: a clock stored at the table's version runs out at its stored
        deadline (at once if that passed while the server was down)."""
        if (
            stored is None
            or stored.version != self.table.version
            or self.seat() != stored.seat
            or self.table.clock_seconds is None
        ):
            return
        version, seat = stored.version, stored.seat
        self._key = (version, seat)
        self.timer.arm(
            seat,
            max(0.0, stored.deadline - time.time()),
            lambda: self._timed_out(version, seat),
            deadline=stored.deadline,
        )

    def next_stored(self, version: int) -> StoredClock | None:
        """The clock the table will run at ``version`` (the match already moved on)."""
        seat, limit = self.seat(), self.table.clock_seconds
        if seat is None or limit is None:
            return None
        return StoredClock(version, seat, time.time() + limit)

    async def _timed_out(self, version: int, seat: int) -> None:
        """The clock of ``seat`` at ``version`` ran out: the ``on_timeout`` rule applies."""
        table = self.table
        async with table.lock:
            if (
                table.version != version
                or table.status != "playing"
                or table.seats[seat].played_by_bot
                or table.match is None
                or seat not in table.match.to_act
            ):
                return
            self._key = None
            if table.on_timeout == "bot":
                log.info("table %s: seat %d ran out of time; a bot takes over", table.id, seat)
                await table.absence.take_over(seat)
            else:
                action = default_move(table.match.state.legal_actions(seat))
                log.info("table %s: seat %d ran out of time; plays %s", table.id, seat, action)
                try:
                    await table.commit(seat, action)
                except ProtocolError as problem:  # the clock runs again and retries
                    log.warning("table %s: the default move was refused: %s", table.id, problem)

    def cancel(self) -> None:
        """Stop the clock."""
        self.timer.cancel()
        self._key = None
