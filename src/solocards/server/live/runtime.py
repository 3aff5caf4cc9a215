"""What is stored of a table's running state: who is away, the move clock, the pause.

Written when it changes, best effort: memory goes first (a bot must take over even when the
database is down), and what a failed write loses comes back after a restart anyway: a seat
without a connection gets its leave timer again, a clock that was not stored starts afresh.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..failures import STORAGE_ERRORS, one_line
from ..storage import StoredClock, StoredPause

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)

Runtime = tuple[tuple[bool, ...], StoredClock | None, StoredPause | None]
"""What is stored of a table's running state: who is away, the move clock, the pause."""


class TableRuntime:
    """The running state of one table as last stored, and its writes."""

    def __init__(self, table: Table, clock: StoredClock | None) -> None:
        self.table = table
        self.saved: Runtime = self.current()
        if clock is not None:  # the clock the table was stored with
            self.saved = (self.saved[0], clock, self.saved[2])
        self._failing = False

    def current(self) -> Runtime:
        """The running state of the table now."""
        table = self.table
        pause = None
        if table.pause.until is not None:
            pause = StoredPause(table.pause.until, tuple(sorted(table.pause.waiting)))
        return tuple(seat.away for seat in table.seats), table.clock.stored(), pause

    def clock_stored(self, clock: StoredClock | None) -> None:
        """The clock was stored with an action (one write, not two)."""
        self.saved = (self.saved[0], clock, self.saved[2])

    async def save(self) -> None:
        """Store who is away, the clock and the pause when they changed (lock held)."""
        table = self.table
        runtime = self.current()
        if runtime == self.saved:
            return
        away = None if runtime[0] == self.saved[0] else list(runtime[0])
        try:
            await table.repo.call(
                table.repo.sync.save_runtime, table.id, away, runtime[1], runtime[2]
            )
        except STORAGE_ERRORS as error:
            if not self._failing:  # one line for a run of failures, not one per try
                log.warning("table %s: storing who is away failed: %s", table.id, one_line(error))
            self._failing = True
            return
        if self._failing:
            log.info("table %s: who is away is stored again", table.id)
        self._failing = False
        self.saved = runtime
