"""Token buckets: the per-connection message budget, and per-client budgets of the lobby.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=lambda: 0.0)
>>> [bucket.take() for _ in range(3)]
[True, True, False]
>>> bucket.retry_after()
1.0
>>> clients = ClientBuckets(rate=0.5, burst=1, now=lambda: 0.0)
>>> clients.take("10.0.0.1"), clients.take("10.0.0.1"), clients.take("10.0.0.2")
(None, 2.0, None)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` per second on average."""

    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._now = now
        self._tokens = float(burst)
        self._last = now()

    def _refill(self) -> None:
        moment = self._now()
        self._tokens = min(self.burst, self._tokens + (moment - self._last) * self.rate)
        self._last = moment

    def take(self) -> bool:
        """Spend one token if there is one; ``False`` means the message is over the limit."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until the next token (0 when one is there now)."""
        self._refill()
        if self._tokens >= 1.0 or self.rate <= 0:
            return 0.0
        return (1.0 - self._tokens) / self.rate


class ClientBuckets:
    """One token bucket per client (an address), at most ``max_clients`` of them kept.

    When there are more, the clients heard from least recently are forgotten first: a
    forgotten client starts again with a full bucket, so the bound costs a little precision
    against a flood from very many addresses, never memory.
    """

    def __init__(
        self,
        rate: float,
        burst: int,
        max_clients: int = 10_000,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_clients = max_clients
        self._now = now
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, client: str) -> float | None:
        """Spend one of ``client``'s tokens: ``None`` if allowed, else seconds to wait."""
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = TokenBucket(self.rate, self.burst, self._now)
            self._buckets[client] = bucket
            while len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        if bucket.take():
            return None
        return max(bucket.retry_after(), 0.001)

    async def spend(self, client: str) -> float | None:
        """Like :meth:`take`; a cluster's buckets count in Redis (:mod:`.cluster.sharedlimits`)."""
        return self.take(client)

    def __len__(self) -> int:
        return len(self._buckets)
