"""Per-client limits counted in Redis, so that every process of a cluster spends one budget.

The same token bucket as :class:`~..ratelimit.ClientBuckets` (a burst at once, then a steady
rate), kept in a Redis hash per client and limit, changed by one Lua script (atomic, with
Redis's own clock, so processes on several machines agree). A client's bucket expires once it
would be full again. While Redis cannot be reached, each process counts on its own (its
local buckets) rather than refusing everybody.
"""

from __future__ import annotations

import logging
import math

from redis.asyncio import Redis
from redis.exceptions import RedisError

from ..ratelimit import ClientBuckets

log = logging.getLogger(__name__)

TAKE = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = redis.call('TIME')
local moment = tonumber(now[1]) + tonumber(now[2]) / 1000000
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens = tonumber(saved[1]) or burst
local last = tonumber(saved[2]) or moment
tokens = math.min(burst, tokens + math.max(0, moment - last) * rate)
local wait = 0
if tokens >= 1 then
    tokens = tokens - 1
elseif rate > 0 then
    wait = (1 - tokens) / rate
else
    wait = 3600
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'last', tostring(moment))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return tostring(wait)
"""


class SharedBuckets(ClientBuckets):
    """Token buckets per client in Redis (``name`` tells the limits apart).

    :meth:`spend` is the shared count; the inherited :meth:`take` counts in this process only
    (what :meth:`spend` falls back to while Redis is away).
    """

    def __init__(self, redis: Redis, namespace: str, name: str, rate: float, burst: int) -> None:
        super().__init__(rate, burst)
        self.prefix = f"{namespace}:limit:{name}:"
        full = burst / rate if rate > 0 else 3600.0
        self.ttl_ms = int(math.ceil(full + 1.0) * 1000)
        self._take = redis.register_script(TAKE)
        self._failing = False

    async def spend(self, client: str) -> float | None:
        """Spend one of ``client``'s tokens: ``None`` if allowed, else seconds to wait."""
        try:
            answer = await self._take(
                keys=[self.prefix + client], args=[self.rate, self.burst, self.ttl_ms]
            )
        except (RedisError, OSError) as problem:
            if not self._failing:
                log.warning("limits are counted per process while Redis is away: %s", problem)
            self._failing = True
            return self.take(client)
        self._failing = False
        wait = float(answer.decode() if isinstance(answer, bytes) else answer)
        return None if wait <= 0 else max(wait, 0.001)
