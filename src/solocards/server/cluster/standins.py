"""Stand-ins: the clients of other processes at the tables held here.

A process forwards the messages of its clients whose table is held elsewhere to the holder
(:mod:`.broker`). The holder answers them with the same code as its own clients'
(:func:`solocards.server.live.play.handle`) for a stand-in connection
(:class:`RemoteConnection`) in the table's subscribers; what it sends that stand-in (the
client's own view, never another seat's) goes back to the client's process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import orjson

from ...i18n import DEFAULT_LANGUAGE, use_language
from ..config import Settings
from ..failures import STORAGE_ERRORS, one_line, storage_unavailable
from ..live.chat import CHAT_BURST, CHAT_RATE
from ..live.connection import Connection
from ..live.jsonfast import dumps
from ..live.protocol import Join, ProtocolError, error, parse
from ..ratelimit import TokenBucket
from .broker import Broker

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger(__name__)

Key = tuple[str, str]
"""A forwarded client: (its process, its connection id)."""


class RemoteConnection(Connection):
    """A client of another process, as the holder's table sees it.

    What the table sends it goes back to the client's process (``push``); the client's
    messages arrive in ``inbox`` and are handled in order by one task.
    """

    def __init__(
        self, broker: Broker, process_id: str, conn_id: str, address: str, settings: Settings
    ) -> None:
        # no WebSocket of its own: everything a Connection does with one is overridden here
        self.settings = settings
        self.address = address
        self.bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        self.joins = TokenBucket(settings.joins_per_second, settings.join_burst)
        self.chat_bucket = TokenBucket(CHAT_RATE, CHAT_BURST)
        self.watcher_name: str | None = None
        self.lang = DEFAULT_LANGUAGE  # a forwarded join says its language
        self.table = None
        self.seat = None
        self.generation = None
        self.closed = False
        self.broker = broker
        self.process_id = process_id
        self.conn_id = conn_id
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Nothing to start: the broker's publisher writes for every stand-in."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Send to the client through its process (order kept)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else dumps(message)
        self.broker.push(self.process_id, self.conn_id, text)

    def moved(self) -> None:
        """Tell the client's process that the table is no longer held here."""
        self.broker.send(self.process_id, {"k": "moved", "c": self.conn_id})

    def close(self) -> None:
        """Stop sending."""
        self.closed = True

    async def stop(self) -> None:
        """Stop sending."""
        self.closed = True


class StandIns:
    """The stand-ins of this process: one per forwarded client, each answered by one task."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.all: dict[Key, RemoteConnection] = {}

    def on_forward(self, process_id: str, conn_id: str, address: str, text: str) -> None:
        """A message of a client of another process, for a table held here.

        A client forwarded here without a stand-in (it was dropped while its process was
        away) is not answered ``not_joined`` over and over: its process is told to join it
        again (with its seat token), and drops the message."""
        if (process_id, conn_id) not in self.all and not _is_join(text):
            self.cluster.broker.send(process_id, {"k": "moved", "c": conn_id})
            return
        self._get(process_id, conn_id, address).inbox.put_nowait(text)

    def drop(self, key: Key, tell: bool = False) -> None:
        """Stop answering a forwarded client here (its stand-in leaves its table); ``tell``:
        its process joins it again wherever its table is."""
        stand_in = self.all.pop(key, None)
        if stand_in is None:
            return
        stand_in.inbox.put_nowait(None)
        if tell:
            stand_in.moved()

    def _get(self, process_id: str, conn_id: str, address: str) -> RemoteConnection:
        key = (process_id, conn_id)
        stand_in = self.all.get(key)
        if stand_in is None:
            stand_in = RemoteConnection(
                self.cluster.broker, process_id, conn_id, address, self.cluster.settings
            )
            self.all[key] = stand_in
            stand_in.worker = asyncio.get_running_loop().create_task(self._serve(key, stand_in))
        return stand_in

    async def _serve(self, key: Key, stand_in: RemoteConnection) -> None:
        """Answer a forwarded client's messages in order, as :mod:`..live.play` answers its own."""
        try:
            while True:
                text = await stand_in.inbox.get()
                if text is None:
                    break
                await self._answer(key, stand_in, text)
        finally:
            if self.all.get(key) is stand_in:
                del self.all[key]
            table = stand_in.table
            if table is not None:
                await table.leave(stand_in)
                self.cluster.manager.forget_if_idle(table)
            stand_in.closed = True

    async def _answer(self, key: Key, stand_in: RemoteConnection, text: str) -> None:
        """One forwarded message, answered in the client's language (a join's, else the
        language its last join set)."""
        from ..live.play import handle

        try:
            message = parse(text)
        except ProtocolError as problem:  # checked by the client's process: never here
            stand_in.send(problem.message())
            return
        joining = isinstance(message, Join)
        lang = message.lang if isinstance(message, Join) else None
        with use_language(lang or stand_in.lang):
            try:
                if (
                    isinstance(message, Join)
                    and not self.cluster.holds(message.table)
                    and not (
                        await self.cluster.claim(message.table)
                        and self.cluster.holds(message.table)
                    )
                ):
                    stand_in.moved()
                    return
                await handle(stand_in, self.cluster.manager, message)
                if joining:
                    self.cluster.broker.send(
                        key[0], {"k": "joined", "c": key[1], "lang": stand_in.lang}
                    )
            except ProtocolError as problem:
                stand_in.send(problem.message())
            except STORAGE_ERRORS as failure:
                log.warning("a forwarded request failed: %s", one_line(failure))
                stand_in.send(error("storage", storage_unavailable()))


def _is_join(text: str) -> bool:
    """Whether a forwarded message (checked by the client's process) is a ``join``.

    >>> _is_join('{"type": "join", "table": "t1"}'), _is_join('{"action": "R7", "version": 3}')
    (True, False)
    """
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return isinstance(message, dict) and message.get("type") == "join"
