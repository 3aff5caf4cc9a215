"""The public tables of every process in each process's lobby, through Redis.

Each process writes its public tables in the lobby or in play to one Redis hash
(``listed:<process>``: table id -> its lobby entry) at every lease renewal, and lists itself in
``listers``; a lobby reads every live process's hash.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import orjson

from ...i18n import DEFAULT_LANGUAGE
from ..live.jsonfast import dumps

if TYPE_CHECKING:
    from .cluster import Cluster


class PublicListing:
    """This process's entries in the cluster's lobby, and the reading of everyone's."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self._listed: dict[str, str] = {}  # the lobby entries last written to Redis

    async def publish(self) -> None:
        """Show this process's public tables in the lobby of every process.

        One Redis hash per process (``listed:<process>``: table id -> its lobby entry),
        expiring with the lease when this process stops renewing it; an entry is written
        again only when it changed, so a renewal costs a few commands however many tables
        this process holds. A hash that vanished (Redis restarted) is written whole again.
        """
        entries = {
            table.id: dumps(table.info(DEFAULT_LANGUAGE))
            for table in self.cluster.manager.tables.values()
            if table.public and table.status in ("lobby", "playing")
        }
        key = self.cluster.broker.key("listed", self.cluster.process_id)
        index = self.cluster.broker.key("listers")
        now = time.time()
        changed = {i: text for i, text in entries.items() if self._listed.get(i) != text}
        gone = [i for i in self._listed if i not in entries]
        self._listed = {}  # unknown until Redis has taken it
        async with self.cluster.broker.redis.pipeline(transaction=False) as pipe:
            if changed:
                pipe.hset(key, mapping=changed)  # type: ignore[arg-type]
            if gone:
                pipe.hdel(key, *gone)
            pipe.pexpire(key, self.cluster.leases.ttl_ms)
            pipe.zadd(
                index, {self.cluster.process_id: now}
            )  # scored by when it last said its tables
            pipe.zremrangebyscore(index, "-inf", now - 2 * self.cluster.settings.lease_seconds)
            kept = (await pipe.execute())[-3]
        if not kept and entries:  # the hash was gone: write it whole
            async with self.cluster.broker.redis.pipeline(transaction=False) as pipe:
                pipe.hset(key, mapping=entries)  # type: ignore[arg-type]
                pipe.pexpire(key, self.cluster.leases.ttl_ms)
                await pipe.execute()
        self._listed = entries

    async def public_tables(self, limit: int) -> list[dict[str, Any]]:
        """Public tables in the lobby or in play on every process, newest first (a table that
        just moved, listed by both processes for a moment, once: its latest version)."""
        now = time.time()
        listers = await self.cluster.broker.redis.zrangebyscore(
            self.cluster.broker.key("listers"),
            now - 2 * self.cluster.settings.lease_seconds,
            "+inf",
        )
        names = [_text(value) for value in listers if isinstance(value, bytes | str)]
        if not names:
            return []
        async with self.cluster.broker.redis.pipeline(transaction=False) as pipe:
            for name in names:
                pipe.hvals(self.cluster.broker.key("listed", name))
            lists = await pipe.execute()
        tables: dict[str, dict[str, Any]] = {}
        for values in lists:
            for value in values:
                info = orjson.loads(value)
                known = tables.get(info["id"])
                if known is None or int(info["version"]) > int(known["version"]):
                    tables[info["id"]] = info
        listed = sorted(tables.values(), key=lambda info: str(info["created_at"]), reverse=True)
        return listed[:limit]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
