"""The threads that searching bots think on: bounded, fair between tables, with a deadline.

A searching bot (one with a ``limit_time(seconds)`` method, such as ISMCTS) gets the server's
per-move time budget when it is built, and thinks on one of ``threads`` worker threads. Each
table has at most one computation queued or running: while one is still busy (it ran past
its deadline), the table's bots play the fallback bot's moves instead. A move that has no
answer within ``deadline`` seconds of being asked (queued or running) is played by the
fallback bot, with one line in the log; a computation that had not started yet is dropped.
So no table waits longer than the deadline for a bot, however busy the others keep the pool.
Other bots (random, heuristic) answer at once and choose on the event loop.

>>> pool = BotPool(threads=1, deadline=2.0)
>>> pool.busy("t1")
False
>>> pool.close()
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


def searches(bot: Any) -> bool:
    """Whether ``bot`` searches within a time budget (it thinks on the pool)."""
    return callable(getattr(bot, "limit_time", None))


class BotPool:
    """``threads`` worker threads shared by every table; at most one computation per table."""

    def __init__(self, threads: int, deadline: float) -> None:
        self.deadline = deadline
        self._executor = ThreadPoolExecutor(
            max_workers=max(1, threads), thread_name_prefix="solocards-bot"
        )
        self._in_flight: dict[str, Future[Any]] = {}
        self.observe: Callable[[str, float], None] | None = None
        """Told ``(what, seconds)`` of each computation that ran (the server's metrics)."""

    def busy(self, table_id: str) -> bool:
        """Whether a computation of this table is still queued or running."""
        future = self._in_flight.get(table_id)
        if future is not None and future.done():
            del self._in_flight[table_id]
            return False
        return future is not None

    async def run(
        self,
        table_id: str,
        compute: Callable[[], T],
        fallback: Callable[[], T],
        what: str = "bot",
    ) -> T:
        """``compute()`` on the pool, or ``fallback()`` (on the loop) if this table's previous
        computation is still busy or this one misses the deadline."""
        if self.busy(table_id):
            log.warning(
                "table %s: the %s is still thinking about an earlier move; "
                "played the fallback bot's move",
                table_id,
                what,
            )
            return fallback()
        future = self._executor.submit(self._timed(compute, what))
        self._in_flight[table_id] = future
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.deadline)
        except TimeoutError:
            started = not future.cancel()  # a computation still queued is dropped
            log.warning(
                "table %s: the %s ran past the %.1f s deadline (%s); played the fallback "
                "bot's move",
                table_id,
                what,
                self.deadline,
                "still thinking" if started else "never started: the pool was busy",
            )
            return fallback()

    def _timed(self, compute: Callable[[], T], what: str) -> Callable[[], T]:
        """``compute``, telling :attr:`observe` how long it ran (on the bot thread)."""
        observe = self.observe
        if observe is None:
            return compute

        def timed() -> T:
            started = time.perf_counter()
            try:
                return compute()
            finally:
                observe(what, time.perf_counter() - started)

        return timed

    def forget(self, table_id: str) -> None:
        """Stop tracking the table (its game is over); a computation still running ends alone."""
        self._in_flight.pop(table_id, None)

    def close(self) -> None:
        """Drop queued computations; running ones finish in their threads."""
        self._executor.shutdown(wait=False, cancel_futures=True)
