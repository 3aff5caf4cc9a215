"""The Redis broker of a server that runs as several processes (``--broker redis://...``).

Each process has an id and a channel of its own, ``<namespace>:proc:<id>``; the other
processes reach it there: a client's message forwarded to the process that holds the table,
the messages that process sends back to the client, an HTTP request for a table held
elsewhere and its answer. Messages to one channel are published by one task, in the order
they were queued, so that a client hears of its table in the order things happened.
Publishing and listening go through plain connections (:mod:`.redislink`); keys, scripts and
the rest through redis-py.

Redis keeps nothing for a channel nobody listens to, so the publisher keeps what it could
not deliver: a message sent while Redis is down, or to a process whose channel has no
subscriber yet (``PUBLISH`` reached nobody: it is subscribing again), is published again,
in order, until it is heard or ``HOLD_SECONDS`` pass (the process is gone). When the
connection to Redis is lost, the listener reconnects (every ``RECONNECT_SECONDS``) and calls
``on_reconnect``: the cluster resynchronises its clients anyway
(:mod:`solocards.server.cluster.cluster`), since a message may still have been lost with the
connection that carried it.

>>> Broker.channel_name("solocards", "p1")
'solocards:proc:p1'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from .redislink import RedisLink

log = logging.getLogger(__name__)

RECONNECT_SECONDS = 0.2
"""The wait between two tries to subscribe again after the connection to Redis was lost."""

MAX_CONNECTIONS = 32
"""Connections to Redis per process; a burst of requests waits for one (never fails)."""

POOL_WAIT_SECONDS = 5.0
"""How long a request waits for a free connection to Redis before it fails."""

HOLD_SECONDS = 15.0
"""How long messages to a process are kept while they cannot be delivered (Redis is down, or
the process's channel has no subscriber) before they are given up; longer than a restart of
Redis and the other processes' subscribing again, shorter than a client's patience."""

BATCH = 256
"""The most messages published in one round trip."""

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class BrokerUnavailable(ConnectionError):
    """Redis could not be reached (a request could not be sent, or got no answer)."""


class Broker:
    """This process's link to the others through Redis: its channel, ordered publishing and
    requests that wait for an answer."""

    def __init__(self, url: str, namespace: str = "solocards") -> None:
        self.url = url
        self.namespace = namespace
        self.process_id = secrets.token_hex(6)
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=MAX_CONNECTIONS,
            timeout=POOL_WAIT_SECONDS,
            socket_timeout=2.0,
            socket_connect_timeout=2.0,
            health_check_interval=5,
            # a connection that Redis dropped (it restarted) is replaced at the next try
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 4),
            retry_on_error=[RedisConnectionError, RedisTimeoutError],
        )
        self.redis: Redis = Redis(connection_pool=pool)
        self.channel = self.channel_name(namespace, self.process_id)
        self.connected_since: float | None = None  # monotonic time of the last subscription
        self.on_message: Handler | None = None
        self.on_reconnect: Callable[[], Awaitable[None]] | None = None
        self.on_push: Callable[[str, str], None] | None = None
        self.on_forward: Callable[[str, str, str, str], None] | None = None
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed = asyncio.Event()

    @staticmethod
    def channel_name(namespace: str, process_id: str) -> str:
        """The channel of a process."""
        return f"{namespace}:proc:{process_id}"

    def key(self, *parts: str) -> str:
        """A Redis key in this cluster's namespace."""
        return ":".join((self.namespace, *parts))

    async def start(self, wait: float = 10.0) -> None:
        """Start listening and publishing; waits (up to ``wait`` s) for the first subscription."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._publish())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), wait)
        if not self._subscribed.is_set():
            log.warning("Redis at %s does not answer yet; the server keeps trying", self.url)

    async def close(self) -> None:
        """Stop the tasks and close the connections."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for future in self._pending.values():
            if not future.done():
                future.set_exception(BrokerUnavailable("the server is stopping"))
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def quiet(self, seconds: float) -> bool:
        """Whether this process has been subscribed for at least ``seconds`` without a break."""
        since = self.connected_since
        return since is not None and time.monotonic() - since >= seconds

    # -- sending -------------------------------------------------------------------------------

    def send(self, process_id: str, message: dict[str, Any]) -> None:
        """Queue ``message`` for the process ``process_id`` (never waits; order is kept)."""
        self._outbox.put_nowait(
            (self.channel_name(self.namespace, process_id), b"J" + orjson.dumps(message))
        )

    def push(self, process_id: str, conn_id: str, text: str) -> None:
        """Queue ``text`` (a message already encoded) for the client ``conn_id`` of
        ``process_id``: sent as it is, not wrapped in JSON again (order is kept with
        :meth:`send`); the other process's ``on_push`` gets it."""
        self._outbox.put_nowait(
            (
                self.channel_name(self.namespace, process_id),
                b"P" + conn_id.encode() + b"\n" + text.encode(),
            )
        )

    def forward(self, process_id: str, conn_id: str, address: str, text: str) -> None:
        """Queue a client's message ``text`` (as the client sent it) for the holder
        ``process_id`` of its table: sent as it is, with the client's id and address (order
        is kept with :meth:`send`); the other process's ``on_forward`` gets it."""
        head = f"M{self.process_id}\n{conn_id}\n{address}\n".encode()
        self._outbox.put_nowait(
            (self.channel_name(self.namespace, process_id), head + text.encode())
        )

    async def request(
        self, process_id: str, message: dict[str, Any], timeout: float = 10.0
    ) -> dict[str, Any]:
        """Send ``message`` to ``process_id`` and wait for its answer (``reply``)."""
        request_id = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            self.send(process_id, {**message, "rid": request_id, "from": self.process_id})
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise BrokerUnavailable(f"process {process_id} did not answer") from None
        finally:
            self._pending.pop(request_id, None)

    def reply(self, request: dict[str, Any], answer: dict[str, Any]) -> None:
        """Answer a :meth:`request` received from another process."""
        self.send(str(request["from"]), {**answer, "k": "reply", "rid": request["rid"]})

    async def _publish(self) -> None:
        """Publish the outbox, in order per channel, until cancelled.

        A message is kept, and published again every ``RECONNECT_SECONDS``, while Redis cannot
        be reached or while its process's channel has no subscriber (``PUBLISH`` answers 0: the
        process is subscribing again after a restart of Redis, or it died). Later messages to
        that channel wait behind it; the other channels go on. Kept longer than
        ``HOLD_SECONDS``, a channel's messages are given up (its process is gone: the cluster
        joins its clients again elsewhere)."""
        link: RedisLink | None = None
        waiting = _Waiting(RECONNECT_SECONDS)
        failing = False
        try:
            while True:
                batch = await self._next_batch(RECONNECT_SECONDS if waiting else None)
                now = time.monotonic()
                payloads = waiting.take(batch, now)
                if payloads:
                    try:
                        if link is None:
                            link = await RedisLink.open(self.url)
                        receivers = await link.publish(payloads)
                        failing = False
                    except (RedisError, OSError) as error:
                        # a connection Redis dropped fails once; a Redis that is down fails on
                        if link is not None:
                            await link.close()
                            link = None
                        if not failing:
                            log.warning("publishing failed, kept to send again: %s", error)
                        failing = True
                        receivers = [0] * len(payloads)
                    waiting.keep(payloads, receivers, now)
                for channel, count in waiting.give_up(now - HOLD_SECONDS):
                    log.warning(
                        "gave up %d messages to %s: nobody listened for %.0f s",
                        count,
                        channel,
                        HOLD_SECONDS,
                    )
        finally:
            if link is not None:
                await link.close()

    async def _next_batch(self, timeout: float | None) -> list[tuple[str, bytes]]:
        """The next messages of the outbox (up to :data:`BATCH`); none if ``timeout`` seconds
        pass first (``None``: wait for one)."""
        try:
            first = await asyncio.wait_for(self._outbox.get(), timeout)
        except TimeoutError:
            return []
        batch = [first]
        while len(batch) < BATCH and not self._outbox.empty():
            batch.append(self._outbox.get_nowait())
        return batch

    # -- receiving -----------------------------------------------------------------------------

    async def _listen(self) -> None:
        lost = False
        while True:
            link: RedisLink | None = None
            try:
                link = await RedisLink.open(self.url)
                await link.subscribe(self.channel)
                self.connected_since = time.monotonic()
                self._subscribed.set()
                if lost:
                    log.info("Redis is back; resynchronising the clients")
                    lost = False
                    if self.on_reconnect is not None:
                        await self.on_reconnect()
                async for payload in link.messages():
                    await self._receive(payload)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                if not lost:
                    log.warning("lost the connection to Redis: %s", error)
                lost = True
                self.connected_since = None
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                if link is not None:
                    await link.close()

    async def _receive(self, payload: bytes) -> None:
        """Hand each frame of a payload to its handler."""
        for frame in _split_frames(payload):
            kind = frame[:1]
            if kind == b"P":
                conn_id, _, text = frame[1:].partition(b"\n")
                if self.on_push is not None:
                    self.on_push(conn_id.decode(), text.decode())
            elif kind == b"M":
                sender, conn_id, address, text = frame[1:].split(b"\n", 3)
                if self.on_forward is not None:
                    self.on_forward(
                        sender.decode(), conn_id.decode(), address.decode(), text.decode()
                    )
            else:
                await self._dispatch(orjson.loads(frame[1:]))

    async def _dispatch(self, message: dict[str, Any]) -> None:
        if message.get("k") == "reply":
            future = self._pending.get(str(message.get("rid")))
            if future is not None and not future.done():
                future.set_result(message)
            return
        if self.on_message is not None:
            try:
                await self.on_message(message)
            except Exception:
                log.exception("a message from another process could not be handled")


class _Waiting:
    """The messages the publisher has not delivered yet, by channel, in order: when each
    channel began to wait, and when it was last tried (tried again ``every`` seconds).

    >>> waiting = _Waiting(every=0.2)
    >>> payloads = waiting.take([("a", b"J1"), ("b", b"J2")], now=5.0)
    >>> waiting.keep(payloads, [1, 0], now=5.0)  # a was heard, b by nobody
    >>> waiting.take([("b", b"J3")], now=5.1)  # b is not due again: J3 waits behind J2
    []
    >>> payloads = waiting.take([("a", b"J4")], now=5.3)
    >>> [(channel, _split_frames(payload)) for channel, payload in payloads]
    [('b', [b'J2', b'J3']), ('a', [b'J4'])]
    >>> waiting.keep(payloads, [0, 1], now=5.3)  # b is still not heard
    >>> waiting.give_up(older_than=4.0), waiting.give_up(older_than=5.5)  # b waits since 5.0
    ([], [('b', 2)])
    >>> bool(waiting)
    False
    """

    def __init__(self, every: float) -> None:
        self.every = every
        self._frames: dict[str, list[bytes]] = {}
        self._since: dict[str, float] = {}
        self._tried: dict[str, float] = {}

    def __bool__(self) -> bool:
        return bool(self._frames)

    def take(self, batch: list[tuple[str, bytes]], now: float) -> list[tuple[str, bytes]]:
        """The payloads to publish ``now``: the waiting channels due to be tried again, with
        their messages of ``batch`` after the waiting ones, and the other channels of
        ``batch``. A waiting channel not yet due keeps its messages of ``batch`` too; what is
        taken waits no more until :meth:`keep` puts back what was not delivered."""
        due = [
            channel
            for channel in self._frames
            if now - self._tried.get(channel, float("-inf")) >= self.every
        ]
        frames = [(channel, frame) for channel in due for frame in self._frames.pop(channel)]
        for channel, frame in batch:
            if channel in self._frames:
                self._frames[channel].append(frame)
            else:
                frames.append((channel, frame))
        return _frames_by_channel(frames)

    def keep(self, payloads: list[tuple[str, bytes]], receivers: list[int], now: float) -> None:
        """Keep the payloads that reached no subscriber (``receivers`` from ``PUBLISH``),
        tried ``now``; a channel that was heard waits no more."""
        for (channel, payload), count in zip(payloads, receivers, strict=True):
            if count > 0:
                self._since.pop(channel, None)
                self._tried.pop(channel, None)
            else:
                self._frames[channel] = _split_frames(payload) + self._frames.get(channel, [])
                self._since.setdefault(channel, now)
                self._tried[channel] = now

    def give_up(self, older_than: float) -> list[tuple[str, int]]:
        """Drop the channels that began to wait before ``older_than``: (channel, messages)."""
        dropped = []
        for channel, since in list(self._since.items()):
            if since < older_than:
                del self._since[channel]
                self._tried.pop(channel, None)
                dropped.append((channel, len(self._frames.pop(channel, []))))
        return dropped


def _frames_by_channel(batch: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """One payload per channel: its frames in order, each after its length (4 bytes).

    >>> _frames_by_channel([("a", b"J{}"), ("b", b"Px"), ("a", b"Py")])
    [('a', b'\\x00\\x00\\x00\\x03J{}\\x00\\x00\\x00\\x02Py'), ('b', b'\\x00\\x00\\x00\\x02Px')]
    """
    grouped: dict[str, list[bytes]] = {}
    for channel, frame in batch:
        grouped.setdefault(channel, []).extend((len(frame).to_bytes(4, "big"), frame))
    return [(channel, b"".join(parts)) for channel, parts in grouped.items()]


def _split_frames(payload: bytes) -> list[bytes]:
    """The frames of a payload (:func:`_frames_by_channel`).

    >>> _split_frames(_frames_by_channel([("a", b"J{}"), ("a", b"Py")])[0][1])
    [b'J{}', b'Py']
    """
    frames = []
    at = 0
    while at < len(payload):
        size = int.from_bytes(payload[at : at + 4], "big")
        frames.append(payload[at + 4 : at + 4 + size])
        at += 4 + size
    return frames
