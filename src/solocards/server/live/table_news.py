"""What every client of a table hears: broadcasts, the ``table`` news, full syncs.

The ``table`` message (seats, status: what the lobby shows) goes out at most once per
``info_interval``: a burst of joins and leaves costs each watcher a few messages, not one per
join, and a due announcement goes out before the next update or sync.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .jsonfast import dumps

if TYPE_CHECKING:
    from .table import Table


class TableNews:
    """Messages sent to every client of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._due: asyncio.TimerHandle | None = None
        self._sent = float("-inf")

    def broadcast(self, message: dict[str, Any]) -> None:
        """Send the same message (nothing secret in it) to every client of the table."""
        text = dumps(message)
        for conn in list(self.table.subscribers):
            conn.send(text)

    def broadcast_info(self) -> None:
        """Tell every client that seats or the status changed, at most once per interval.

        The first change is announced at once; changes within ``info_interval`` of the last
        announcement make one more, sent when the interval is over with the state of that
        moment (the latest wins). A burst of joins and leaves thus costs each watcher a few
        messages, not one per join. A due announcement goes out before the next update or
        sync, so that a client always hears of a change before what follows it.
        """
        if self._due is not None:
            return  # an announcement is due; it will carry this change too
        loop = asyncio.get_running_loop()
        wait = self._sent + self.table.settings.info_interval - loop.time()
        if wait <= 0:
            self._announce()
        else:
            self._due = loop.call_later(wait, self._announce)

    def flush_info(self) -> None:
        """Send a due announcement now (before a state message that comes after it)."""
        if self._due is not None:
            self._due.cancel()
            self._announce()

    def _announce(self) -> None:
        self._due = None
        self._sent = asyncio.get_running_loop().time()
        self.send_info()

    def send_info(self) -> None:
        """Send every client the ``table`` message: the same news, the game's title in each
        one's language."""
        table = self.table
        texts: dict[str, str] = {}
        for conn in list(table.subscribers):
            if conn.lang not in texts:
                info = table.info(conn.lang)
                message = {"type": "table", "table": table.id, "version": table.version}
                texts[conn.lang] = dumps({**message, "info": info})
            conn.send(texts[conn.lang])

    def broadcast_sync(self) -> None:
        """Send every client its full state."""
        self.flush_info()
        cache: dict[tuple[int | None, str], str] = {}
        for conn in list(self.table.subscribers):
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = dumps(self.table.views.sync_message(conn.seat, conn.lang))
            conn.send(cache[key])

    def close(self) -> None:
        """Drop a due announcement (server shutdown)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
