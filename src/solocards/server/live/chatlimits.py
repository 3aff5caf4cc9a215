"""Budgets of the chat and of the spectators beyond one connection's own.

Each connection has its own chat budget (:data:`~.chat.CHAT_RATE`, :data:`~.chat.CHAT_BURST`);
alone it bounded nothing against many connections from one address: 40 spectator connections
from one address wiped a table's 50 lines in 2.3 s, 300 sent 2,600 lines in 20 s and another
table's ping p99 went from 1-4 ms to 526-647 ms. So, besides it:

- **per address** (all its connections, all tables; counted in Redis by every process of a
  cluster): ``chat_address_per_second`` lines, ``chat_address_burst`` at once
  (:func:`check_address_chat`, spent by the client's own process before it forwards);
- **per table** (everyone together): ``table_chat_per_second`` lines, ``table_chat_burst`` at
  once (:func:`check_table_chat`, at the table's holder);
- **spectators per address at one table**: at most ``watchers_per_address`` of one address's
  connections watch one table without a seat (:func:`check_watchers`).

A refusal is an ``error`` with code ``rate_limited`` (and ``retry_after`` where waiting helps);
nothing is sent to the table.

>>> budget = TableChat(rate=1.0, burst=1)
>>> budget.take(), budget.take()
(None, 1)
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ...i18n import _
from ..limits import ClientLimits, retry_seconds
from ..ratelimit import TokenBucket
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .connection import Connection
    from .table import Table


class TableChat:
    """One table's chat budget (a token bucket)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.bucket = TokenBucket(rate, burst)

    def take(self) -> int | None:
        """``None`` if a line may be said now, else whole seconds to wait."""
        if self.bucket.take():
            return None
        return retry_seconds(self.bucket.retry_after())


_TABLES: weakref.WeakKeyDictionary[Table, TableChat] = weakref.WeakKeyDictionary()


async def check_address_chat(conn: Connection, limits: ClientLimits) -> None:
    """Spend a chat line of the connection's address, or refuse it (``rate_limited``)."""
    wait = await limits.chat.spend(conn.address)
    if wait is not None:
        seconds = retry_seconds(wait)
        raise ProtocolError(
            "rate_limited",
            _("too many chat lines from your address; wait {seconds} s", seconds=seconds),
            retry_after=seconds,
        )


def check_table_chat(table: Table) -> None:
    """Spend a chat line of ``table``'s budget, or refuse it (``rate_limited``)."""
    budget = _TABLES.get(table)
    if budget is None:
        settings = table.settings
        budget = TableChat(settings.table_chat_per_second, settings.table_chat_burst)
        _TABLES[table] = budget
    seconds = budget.take()
    if seconds is not None:
        raise ProtocolError(
            "rate_limited",
            _("this table's chat is busy; wait {seconds} s", seconds=seconds),
            retry_after=seconds,
        )


def check_watchers(table: Table, conn: Connection) -> None:
    """Refuse one more spectator of ``conn``'s address at ``table`` beyond the limit."""
    limit = table.settings.watchers_per_address
    watching = sum(
        1
        for other in table.subscribers
        if other is not conn and other.seat is None and other.address == conn.address
    )
    if watching >= limit:
        raise ProtocolError(
            "rate_limited",
            _(
                "too many connections from your address watch this table (at most {limit})",
                limit=limit,
            ),
        )
