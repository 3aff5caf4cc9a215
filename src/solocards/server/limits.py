"""Per-client limits of a server: tables created, seats taken, tables joined, hints, chat
lines (:mod:`.live.chatlimits`), replay steps and look-ups of unknown tables
(:mod:`.http.readlimits`) per address.

A client is its address as the server sees it (``request.client.host``); behind a reverse
proxy, run uvicorn with ``--proxy-headers --forwarded-allow-ips`` so that it is the real one.
Each limit is a token bucket: a burst at once, then a steady rate. A refused lobby request
gets ``429 Too Many Requests`` with ``Retry-After`` (whole seconds) and a message saying what
was limited; a refused join gets an ``error`` with code ``rate_limited`` and ``retry_after``.

>>> limits = ClientLimits(Settings(db_url="sqlite://", create_burst=1))
>>> limits.creates.take("10.0.0.1") is None, limits.creates.take("10.0.0.1") is None
(True, False)
>>> retry_seconds(0.2), retry_seconds(6.01)
(1, 7)
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .config import Settings
from .ratelimit import ClientBuckets

UNKNOWN_CLIENT = "unknown"
"""The client key of a request without a peer address (an in-process test client)."""


class ClientLimits:
    """The per-address budgets of one server (``buckets`` makes each; a cluster's count in
    Redis, :class:`~.sharedlimits.SharedBuckets`)."""

    def __init__(
        self,
        settings: Settings,
        buckets: Callable[[str, float, int], ClientBuckets] = lambda _name, rate, burst: (
            ClientBuckets(rate, burst)
        ),
    ) -> None:
        self.creates = buckets("creates", settings.create_per_minute / 60.0, settings.create_burst)
        self.seats = buckets("seats", settings.seat_per_minute / 60.0, settings.seat_burst)
        self.joins = buckets(
            "joins", settings.address_joins_per_second, settings.address_join_burst
        )
        self.replays = buckets("replays", settings.replay_per_second, settings.replay_burst)
        self.hints = buckets("hints", settings.hint_per_second, settings.hint_burst)
        self.chat = buckets("chat", settings.chat_address_per_second, settings.chat_address_burst)
        self.unknown_tables = buckets(
            "unknown-tables", settings.unknown_table_per_second, settings.unknown_table_burst
        )


def retry_seconds(wait: float) -> int:
    """A ``Retry-After`` value: whole seconds, at least 1, never less than ``wait``."""
    return max(1, math.ceil(wait))
