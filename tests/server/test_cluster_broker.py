"""The broker's delivery between processes: nothing is lost while a process subscribes again
or while Redis restarts, order is kept per process, and a process that never comes back
does not hold up the others (:mod:`solocards.server.cluster.broker`)."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import Any

import pytest
from cluster_helpers import RedisServer

from solocards.server.cluster import broker as broker_module
from solocards.server.cluster.broker import Broker


class Inbox:
    """What a broker's process was sent (``on_message``), in order of arrival."""

    def __init__(self, broker: Broker) -> None:
        self.messages: list[dict[str, Any]] = []
        broker.on_message = self._take

    async def _take(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    async def wait_for(self, count: int, seconds: float) -> list[int]:
        """The ``n`` of the first ``count`` messages, once they came (or what came in time)."""
        deadline = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return [int(message["n"]) for message in self.messages]


def pair(url: str) -> tuple[Broker, Broker]:
    namespace = f"test-{uuid.uuid4().hex[:10]}"
    return Broker(url, namespace), Broker(url, namespace)


def test_messages_to_a_process_that_is_not_listening_yet_reach_it_when_it_is(
    redis_url: str,
) -> None:
    """A process subscribing again (after a restart of Redis) misses nothing sent meanwhile:
    ``PUBLISH`` reaching nobody is tried again, in order, until it is heard."""

    async def scenario() -> tuple[list[int], list[int]]:
        sender, receiver = pair(redis_url)
        inbox = Inbox(receiver)
        await sender.start()
        try:
            for n in range(1, 4):
                sender.send(receiver.process_id, {"k": "test", "n": n})
            await asyncio.sleep(0.5)  # published while nobody listens on the channel
            before = [int(message["n"]) for message in inbox.messages]
            await receiver.start()
            sender.send(receiver.process_id, {"k": "test", "n": 4})
            return before, await inbox.wait_for(4, 5.0)
        finally:
            await sender.close()
            await receiver.close()

    before, after = asyncio.run(scenario())
    assert before == []
    assert after == [1, 2, 3, 4]


def test_messages_sent_while_redis_is_down_arrive_in_order_when_it_is_back(
    redis_server: RedisServer,
) -> None:
    async def scenario() -> list[int]:
        sender, receiver = pair(redis_server.url)
        inbox = Inbox(receiver)
        await sender.start()
        await receiver.start()
        try:
            sender.send(receiver.process_id, {"k": "test", "n": 1})
            assert await inbox.wait_for(1, 5.0) == [1]
            redis_server.kill()
            for n in range(2, 5):
                sender.send(receiver.process_id, {"k": "test", "n": n})
                await asyncio.sleep(0.4)  # 1.2 s down: longer than a few quick tries
            await asyncio.to_thread(redis_server.start)
            sender.send(receiver.process_id, {"k": "test", "n": 5})
            return await inbox.wait_for(5, 10.0)
        finally:
            await sender.close()
            await receiver.close()

    assert asyncio.run(scenario()) == [1, 2, 3, 4, 5]


def test_a_process_that_never_listens_is_given_up_without_holding_up_the_others(
    redis_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(broker_module, "HOLD_SECONDS", 1.0)

    async def scenario() -> tuple[list[int], float]:
        sender, receiver = pair(redis_url)
        inbox = Inbox(receiver)
        await sender.start()
        await receiver.start()
        try:
            started = time.monotonic()
            for n in range(1, 4):
                sender.send("gone-process", {"k": "test", "n": n})
                sender.send(receiver.process_id, {"k": "test", "n": n})
            heard = await inbox.wait_for(3, 5.0)
            took = time.monotonic() - started
            await asyncio.sleep(1.6)  # past HOLD_SECONDS
            return heard, took
        finally:
            await sender.close()
            await receiver.close()

    with caplog.at_level(logging.WARNING, logger=broker_module.__name__):
        heard, took = asyncio.run(scenario())
    assert heard == [1, 2, 3]
    assert took < 0.9  # well before the dead channel is given up
    gave_up = [r.getMessage() for r in caplog.records if r.getMessage().startswith("gave up")]
    assert len(gave_up) == 1
    assert gave_up[0].startswith("gave up 3 messages to ")
    assert gave_up[0].endswith(":proc:gone-process: nobody listened for 1 s")
