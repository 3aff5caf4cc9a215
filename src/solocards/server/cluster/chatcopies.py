"""The chat of the tables held here, kept in Redis too, for the process that takes one over.

A table's chat lives in the memory of its holder (:class:`~solocards.server.live.chat.ChatRoom`);
its holder also keeps the last :data:`~solocards.server.live.chat.CHAT_HISTORY` lines in Redis
(a sorted set per table, expiring after ``idle_expiry``), and forgets a hidden line's copy. A
process that takes the table over reads them back.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import orjson
from redis.exceptions import RedisError

from ..live.chat import CHAT_HISTORY
from ..live.jsonfast import dumps

if TYPE_CHECKING:
    from ..live.table import Table
    from .cluster import Cluster

log = logging.getLogger(__name__)


class ChatCopies:
    """The copies in Redis of the chat lines of the tables this process holds."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster

    def keep(self, table: Table) -> None:
        """Keep each new chat line of ``table`` in Redis too (the last :data:`CHAT_HISTORY`),
        so that a process that takes the table over has them."""
        if table.chat.on_add is None:
            table.chat.on_add = lambda line: self.cluster.spawn(self._store(table.id, line))
            table.chat.on_hide = lambda line_id: self.cluster.spawn(self._drop(table.id, line_id))

    async def _store(self, table_id: str, line: dict[str, Any]) -> None:
        key = self.cluster.broker.key("chat", table_id)
        try:
            async with self.cluster.broker.redis.pipeline(transaction=False) as pipe:
                pipe.zadd(key, {dumps(line): int(line["id"])})
                pipe.zremrangebyrank(key, 0, -CHAT_HISTORY - 1)
                pipe.expire(key, max(1, int(self.cluster.settings.idle_expiry)))
                await pipe.execute()
        except (RedisError, OSError) as problem:  # the line was sent; only its copy is lost
            log.debug("a chat line of table %s was not kept in Redis: %s", table_id, problem)

    async def _drop(self, table_id: str, line_id: int) -> None:
        """Forget a hidden line's copy, so that the table's next holder does not show it."""
        try:
            key = self.cluster.broker.key("chat", table_id)
            await self.cluster.broker.redis.zremrangebyscore(key, line_id, line_id)
        except (RedisError, OSError) as problem:
            log.warning("a hidden chat line of table %s stays in Redis: %s", table_id, problem)

    async def restore(self, table: Table) -> None:
        """Take back the chat lines the table's previous holder kept, then keep the new ones."""
        if table.chat.on_add is None:
            try:
                kept = await self.cluster.broker.redis.zrange(
                    self.cluster.broker.key("chat", table.id), 0, -1
                )
            except (RedisError, OSError) as problem:
                log.info("the chat of table %s could not be read back: %s", table.id, problem)
                kept = []
            table.chat.restore([orjson.loads(value) for value in kept if isinstance(value, bytes)])
        self.keep(table)
