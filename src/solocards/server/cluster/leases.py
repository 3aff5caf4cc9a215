"""Leases on tables in Redis: one process at a time writes a table's actions.

A lease is the key ``<namespace>:lease:<table>`` holding the id of the process that holds the
table, set with ``SET NX PX`` so that it expires ``ttl`` seconds after its holder stops
renewing it (the holder died, or lost its way to Redis). The holder renews every lease it
holds once a second; a renewal that finds the key gone (Redis restarted and forgot it) takes
it again, and one that finds another process's id there reports the table as lost.

Each process also keeps ``<namespace>:alive:<process>`` (same expiry), by which the others
know whether the clients they forward to it are still served.

The lease alone does not make two writers impossible (a process paused for longer than the
lease is one); the database does: an action's (table, number) is its primary key, so a second
action with the same number is refused and its writer rebuilds the table from storage.
"""

from __future__ import annotations

from redis.asyncio import Redis

ACQUIRE = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == ARGV[1] or not holder then
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    else
        table.insert(lost, i)
    end
end
return lost
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Leases:
    """The leases of one process (``process_id``) in ``namespace``."""

    def __init__(self, redis: Redis, namespace: str, process_id: str, ttl: float = 3.0) -> None:
        self.redis = redis
        self.namespace = namespace
        self.process_id = process_id
        self.ttl_ms = int(ttl * 1000)
        self.held: set[str] = set()
        self._acquire = redis.register_script(ACQUIRE)
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    def key(self, table_id: str) -> str:
        """The lease key of a table."""
        return f"{self.namespace}:lease:{table_id}"

    def alive_key(self, process_id: str) -> str:
        """The key that says a process is alive."""
        return f"{self.namespace}:alive:{process_id}"

    async def acquire(self, table_id: str) -> bool:
        """Take the lease of ``table_id`` if it is free (or already ours)."""
        taken = bool(
            await self._acquire(keys=[self.key(table_id)], args=[self.process_id, self.ttl_ms])
        )
        if taken:
            self.held.add(table_id)
        return taken

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Renew (or take again) the leases of ``table_ids``; returns those another holds now.

        Also says this process is alive.
        """
        await self.redis.set(self.alive_key(self.process_id), "1", px=self.ttl_ms)
        if not table_ids:
            return []
        lost_positions = await self._renew(
            keys=[self.key(table_id) for table_id in table_ids],
            args=[self.process_id, self.ttl_ms],
        )
        lost = [table_ids[int(position) - 1] for position in lost_positions]
        self.held.update(table_ids)
        self.held.difference_update(lost)
        return lost

    async def release(self, table_id: str) -> None:
        """Give the lease of ``table_id`` back (if it is still ours)."""
        self.held.discard(table_id)
        await self._release(keys=[self.key(table_id)], args=[self.process_id])

    async def holder(self, table_id: str) -> str | None:
        """The process that holds ``table_id`` now, or ``None``."""
        value = await self.redis.get(self.key(table_id))
        return None if value is None else _text(value)

    async def holders(self, table_ids: list[str]) -> list[str | None]:
        """The holder of each of ``table_ids`` (``None``: free)."""
        if not table_ids:
            return []
        values = await self.redis.mget([self.key(table_id) for table_id in table_ids])
        return [None if value is None else _text(value) for value in values]

    async def alive(self, process_ids: list[str]) -> dict[str, bool]:
        """Whether each process still says it is alive."""
        if not process_ids:
            return {}
        values = await self.redis.mget([self.alive_key(pid) for pid in process_ids])
        return {pid: value is not None for pid, value in zip(process_ids, values, strict=True)}


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
