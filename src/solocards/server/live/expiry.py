"""Which tables have gone idle: the expiry policy of a server.

- A table in the **lobby** expires when no client has been connected to it and nothing about
  its seats or status has changed for ``lobby_expiry`` seconds (30 minutes by default). At
  start-up, a stored lobby table created more than ``lobby_expiry`` ago expires without being
  loaded. A game over days (a move clock of an hour or more) waits in the lobby for its players
  as long as one move may take, if that is longer: a table of a 24-hour clock for a day (and is
  loaded at start-up, its idle time counted from then).
- A table in **play** expires when no seated player has been connected and no action has been
  played for ``idle_expiry`` seconds (6 hours by default): a game waiting for people who left.
  Spectators do not keep it; bots playing each other do, since they keep acting; so does a
  running move clock (a game over days, whose clock of 24 hours runs while nobody is there:
  when it runs out, its ``on_timeout`` rule moves the game on).

An expired table is marked ``expired`` in storage, its clients are told (a ``table`` message
with that status) and let go, and it is dropped from memory; it is not restored at the next
start, and the lobby answers 410 to anything that would change it.

Idleness is seen by sampling: each look (every ``expiry_interval`` seconds) compares a table's
*activity mark* (status, version, epoch, seats) with the one of the previous look, so nothing
on the path of an action has to keep time.

>>> watch = IdleWatch(lobby_expiry=60.0, idle_expiry=3600.0)
>>> watch.idle_for("t1", ("lobby", 0), in_use=False, now=0.0)
0.0
>>> watch.idle_for("t1", ("lobby", 0), in_use=False, now=90.0)
90.0
>>> watch.idle_for("t1", ("lobby", 1), in_use=False, now=100.0)  # a seat was taken
0.0
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

from .clock import LONG_CLOCK_SECONDS

if TYPE_CHECKING:
    from .table import Table

OPEN_STATUSES = ("lobby", "playing")
"""The statuses of tables that can expire (and that count towards ``max_tables``)."""


def activity_mark(table: Table) -> Hashable:
    """What changes whenever something happens at ``table`` (an action, a seat, a takeover)."""
    return (
        table.status,
        table.version,
        table.epoch,
        tuple((seat.kind, seat.name, seat.bot) for seat in table.seats),
    )


def in_use(table: Table) -> bool:
    """Whether somebody keeps the table alive: any client in the lobby; in play, a seated one
    or a running move clock."""
    if table.status == "lobby":
        return bool(table.subscribers)
    return table.clock.deadline is not None or any(seat.connections > 0 for seat in table.seats)


class IdleWatch:
    """Since when each table has been idle, from one look to the next."""

    def __init__(self, lobby_expiry: float, idle_expiry: float) -> None:
        self.lobby_expiry = lobby_expiry
        self.idle_expiry = idle_expiry
        self._since: dict[str, tuple[Hashable, float]] = {}

    def idle_for(self, table_id: str, mark: Hashable, in_use: bool, now: float) -> float:
        """Seconds the table has been idle (0 if it is in use or its mark changed)."""
        seen = self._since.get(table_id)
        if in_use or seen is None or seen[0] != mark:
            self._since[table_id] = (mark, now)
            return 0.0
        return now - seen[1]

    def unchanged(self, table: Table) -> bool:
        """Whether ``table`` is still idle as last seen (checked again under its lock)."""
        seen = self._since.get(table.id)
        return seen is not None and seen[0] == activity_mark(table) and not in_use(table)

    def limit(self, status: str, clock_seconds: float | None = None) -> float:
        """The idle time after which a table with ``status`` (and a move clock of
        ``clock_seconds``) expires.

        >>> watch = IdleWatch(lobby_expiry=1800.0, idle_expiry=21600.0)
        >>> watch.limit("lobby"), watch.limit("lobby", 60.0), watch.limit("lobby", 86400.0)
        (1800.0, 1800.0, 86400.0)
        """
        if status != "lobby":
            return self.idle_expiry
        if clock_seconds is not None and clock_seconds >= LONG_CLOCK_SECONDS:
            return max(self.lobby_expiry, clock_seconds)
        return self.lobby_expiry

    def expired(self, tables: Iterable[Table], now: float) -> list[Table]:
        """The tables idle for longer than their limit; forgets tables no longer given."""
        due = []
        present = set()
        for table in tables:
            if table.status not in OPEN_STATUSES:
                continue
            present.add(table.id)
            idle = self.idle_for(table.id, activity_mark(table), in_use(table), now)
            if idle >= self.limit(table.status, table.clock_seconds):
                due.append(table)
        for table_id in set(self._since) - present:
            del self._since[table_id]
        return due
