"""A token bucket: the per-connection message budget.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=lambda: 0.0)
>>> [bucket.take() for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` per second on average."""

    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._now = now
        self._tokens = float(burst)
        self._last = now()

    def take(self) -> bool:
        """Spend one token if there is one; ``False`` means the message is over the limit."""
        moment = self._now()
        self._tokens = min(self.burst, self._tokens + (moment - self._last) * self.rate)
        self._last = moment
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False
