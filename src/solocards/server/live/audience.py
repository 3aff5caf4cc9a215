"""Who is at a table besides its match: the chat and the spectators (memory only).

Chat lines are kept in the table's :class:`~solocards.server.live.chat.ChatRoom`, never with
its actions. Each connection has its own chat budget (:data:`~.chat.CHAT_RATE` lines a second,
:data:`~.chat.CHAT_BURST` at once, checked in :meth:`Audience.say`); the budgets per address and
per table are checked before, by the play loop (:mod:`solocards.server.live.chatlimits`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ...i18n import _
from .chat import ChatAuthor, ChatRoom, spectator_list
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .connection import Connection
    from .table import Table


class Audience:
    """A table's chat and the people who watch it without a seat."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.chat = ChatRoom()  # in memory only: never stored with the table's actions
        self._due: asyncio.TimerHandle | None = None
        self._sent = float("-inf")

    def social(self) -> dict[str, Any]:
        """What a joining client gets besides the game: the kept chat, who watches."""
        return {"chat": self.chat.history(), "spectators": self.spectators()}

    def spectators(self) -> dict[str, Any]:
        """Who watches without a seat: the names they chose, and how many chose none."""
        return spectator_list([c.watcher_name for c in self.table.subscribers if c.seat is None])

    def say(self, conn: Connection, text: str | None, phrase: str | None) -> None:
        """A chat line (checked by the protocol) from a seat or a spectator, sent to everyone.

        Each connection has its own budget: over it, ``rate_limited`` and nothing is sent.
        """
        if not conn.chat_bucket.take():
            seconds = max(1, round(conn.chat_bucket.retry_after() + 0.5))
            raise ProtocolError(
                "rate_limited",
                _("too many chat lines; wait {seconds} s", seconds=seconds),
                retry_after=seconds,
            )
        table = self.table
        seat = conn.seat
        if seat is not None and conn.generation == table.seats[seat].generation:
            author = ChatAuthor(seat, table.seats[seat].name)
        else:
            author = ChatAuthor(None, conn.watcher_name)
        line = self.chat.add(author, text, phrase, address=conn.address)
        table.news.broadcast({"type": "chat", "table": table.id, "lines": [line]})

    def hide_chat_line(self, line_id: int) -> dict[str, Any] | None:
        """A moderator hides a chat line: it leaves the history and every client drops it
        (``chat_hidden``). The line, or ``None`` when it is not kept."""
        line = self.chat.hide(line_id)
        if line is not None:
            self.table.news.broadcast(
                {"type": "chat_hidden", "table": self.table.id, "line": line_id}
            )
        return line

    def spectators_changed(self) -> None:
        """Tell everyone who watches now, at most once per ``info_interval`` (latest wins)."""
        if self._due is not None:
            return
        loop = asyncio.get_running_loop()
        wait = self._sent + self.table.settings.info_interval - loop.time()
        if wait <= 0:
            self._announce()
        else:
            self._due = loop.call_later(wait, self._announce)

    def _announce(self) -> None:
        self._due = None
        self._sent = asyncio.get_running_loop().time()
        table = self.table
        table.news.broadcast({"type": "spectators", "table": table.id, **self.spectators()})

    def close(self) -> None:
        """Drop a due announcement (server shutdown)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
