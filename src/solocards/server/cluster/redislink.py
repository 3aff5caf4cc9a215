"""One plain connection to Redis for the broker's hot path: publishing and listening.

Every committed action a forwarded client is sent, and every message such a client sends,
crosses Redis once. redis-py's client spends most of a server's extra CPU on those few
commands (its pool, pipeline and pub/sub layers, measured in docs/server.md "Capacity
model"); a :class:`RedisLink` is a socket, hiredis's C parser for the replies and
``hiredis.pack_command`` for the commands, nothing else. redis-py still does everything
else (leases, keys, scripts).

It speaks RESP2 (``AUTH`` when the URL has a password; ``redis://``, ``rediss://`` and
``unix://`` URLs). A lost connection raises :class:`ConnectionError` (an ``OSError``): the
broker reconnects as it does for redis-py's errors.

>>> from redis.asyncio.connection import parse_url
>>> sorted(parse_url("redis://:secret@127.0.0.1:6391/0"))
['db', 'host', 'password', 'port']
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import AsyncIterator
from typing import Any

import hiredis
from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url

CONNECT_SECONDS = 2.0
"""How long connecting (and authenticating) may take."""

QUIET_SECONDS = 5.0
"""A listener that heard nothing this long asks Redis for a ``PING``; no answer in as long
again, and the connection counts as lost."""


class RedisLink:
    """A connection to Redis opened with :meth:`open`; commands pipelined, replies in order."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._replies = hiredis.Reader()

    @classmethod
    async def open(cls, url: str) -> RedisLink:
        """Connect to the Redis of ``url`` (and authenticate, if it says how)."""
        options: dict[str, Any] = dict(parse_url(url))
        kind = options.get("connection_class")

        async def connect() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
            if kind is UnixDomainSocketConnection:
                return await asyncio.open_unix_connection(str(options["path"]))
            secure = ssl.create_default_context() if kind is SSLConnection else None
            return await asyncio.open_connection(
                str(options.get("host", "localhost")), int(options.get("port", 6379)), ssl=secure
            )

        try:
            reader, writer = await asyncio.wait_for(connect(), CONNECT_SECONDS)
        except TimeoutError:
            raise ConnectionError(f"Redis at {url} does not answer") from None
        link = cls(reader, writer)
        password = options.get("password")
        if password is not None:
            username = options.get("username")
            credentials = (password,) if username is None else (username, password)
            link.send([("AUTH", *credentials)])
            await asyncio.wait_for(link.reply(), CONNECT_SECONDS)
        return link

    def send(self, commands: list[tuple[str | bytes, ...]]) -> None:
        """Write ``commands`` at once (their replies come back in order: :meth:`reply`)."""
        packed = [hiredis.pack_command(command) for command in commands]  # type: ignore[arg-type]
        self._writer.write(b"".join(packed))

    async def reply(self) -> Any:
        """The next reply; a Redis error is raised as :class:`ConnectionError`."""
        while True:
            answer = self._replies.gets()
            if answer is not False:
                if isinstance(answer, hiredis.ReplyError):
                    raise ConnectionError(f"Redis refused: {answer}")
                return answer
            data = await self._reader.read(1 << 16)
            if not data:
                raise ConnectionError("Redis closed the connection")
            self._replies.feed(data)

    async def publish(self, payloads: list[tuple[str, bytes]]) -> list[int]:
        """``PUBLISH`` each (channel, data), in one write, and wait for Redis to take them;
        returns how many subscribers each reached."""
        self.send([("PUBLISH", channel, data) for channel, data in payloads])
        await self._writer.drain()
        return [int(await self.reply()) for _ in payloads]

    async def subscribe(self, channel: str) -> None:
        """Listen to ``channel`` (:meth:`messages`); returns once Redis confirmed it."""
        self.send([("SUBSCRIBE", channel)])
        try:
            async with asyncio.timeout(CONNECT_SECONDS):
                await self.reply()  # [b"subscribe", channel, 1]
        except TimeoutError:
            raise ConnectionError("Redis does not confirm the subscription") from None

    async def messages(self) -> AsyncIterator[bytes]:
        """What is published on the subscribed channel, as it comes (never ends: a lost
        connection raises :class:`ConnectionError`)."""
        asked = False
        while True:
            try:
                async with asyncio.timeout(QUIET_SECONDS):
                    answer = await self.reply()
            except TimeoutError:
                if asked:
                    raise ConnectionError("Redis does not answer a PING") from None
                self.send([("PING",)])
                asked = True
                continue
            asked = False
            if isinstance(answer, list) and answer and answer[0] == b"message":
                yield answer[2]

    async def close(self) -> None:
        """Close the connection."""
        self._writer.close()
        with contextlib.suppress(Exception):
            await self._writer.wait_closed()
