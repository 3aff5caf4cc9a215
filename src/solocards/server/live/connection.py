"""One client connection: its outgoing queue, its message budget and what it has joined.

Messages to a client go through a queue drained by a writer task, so that a table never waits
on a slow client; a client that lets ``send_queue`` messages pile up is disconnected (its
reconnect gets a full resync).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from ...i18n import current_language
from ..config import Settings
from ..limits import UNKNOWN_CLIENT
from ..ratelimit import TokenBucket
from .chat import CHAT_BURST, CHAT_RATE
from .jsonfast import dumps

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)

_CLOSE = object()


class Connection:
    """A WebSocket client: spectator (``seat is None``) or the holder of one seat."""

    def __init__(self, websocket: WebSocket, settings: Settings) -> None:
        self.websocket = websocket
        self.settings = settings
        self.address = websocket.client.host if websocket.client is not None else UNKNOWN_CLIENT
        self.bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        self.joins = TokenBucket(settings.joins_per_second, settings.join_burst)
        self.chat_bucket = TokenBucket(CHAT_RATE, CHAT_BURST)
        self.watcher_name: str | None = None  # the name a spectator watches and chats under
        self.table: Table | None = None
        self.seat: int | None = None
        self.generation: int | None = None  # the seat's generation when this client joined
        self.lang = current_language()  # of the handshake; a join may change it
        self._queue: asyncio.Queue[str | object] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self.closed = False

    def start(self) -> None:
        """Start the writer task."""
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded); never waits."""
        if self.closed:
            return
        if self._queue.qsize() >= self.settings.send_queue:
            log.warning("disconnecting a client that does not read its messages")
            self._drop()
            return
        text = message if isinstance(message, str) else dumps(message)
        self._queue.put_nowait(text)

    def close(self) -> None:
        """Stop sending and close the socket once the queue is written."""
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(_CLOSE)

    def _drop(self) -> None:
        """Give up on a client that does not read: stop writing and close the socket."""
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
        self._closer = asyncio.get_running_loop().create_task(self._close_socket())

    async def _close_socket(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                self.websocket.close(code=1008, reason="too many unread messages"), 2.0
            )

    async def _write(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if item is _CLOSE:
                    await self._close_socket()
                    return
                assert isinstance(item, str)
                await self.websocket.send_text(item)
        except Exception:  # the socket went away; the reader notices and cleans up
            self.closed = True

    async def stop(self) -> None:
        """Cancel the writer (the socket is gone)."""
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
