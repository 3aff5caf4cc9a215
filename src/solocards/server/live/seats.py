"""A seat of a table: who sits there, and whether a bot plays it now."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from ..storage import StoredSeat


@dataclass
class Seat:
    """A seat: ``kind`` is ``empty``, ``human`` or ``bot``; ``away``: a bot plays for the human;
    ``account_id``: the account of the person sitting there (``None`` for a guest or a bot,
    never shown to clients).

    ``generation`` counts the changes of the seat's holder: a connection remembers the
    generation it joined at, and may act for the seat only while it is still the same.

    >>> seat = Seat(0)
    >>> seat.occupy(StoredSeat(0, "human", "ana", None, "ab" * 32))
    >>> seat.kind, seat.name, seat.generation
    ('human', 'ana', 1)
    """

    index: int
    kind: str = "empty"
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    connections: int = 0
    away: bool = False
    leave_timer: asyncio.TimerHandle | None = None
    generation: int = 0
    account_id: int | None = None

    @property
    def played_by_bot(self) -> bool:
        """Whether a bot moves for this seat now."""
        return self.kind == "bot" or self.away

    def public(self) -> dict[str, Any]:
        """What everybody may know about the seat (never its token)."""
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "connected": self.connections > 0,
            "away": self.away,
        }

    def stored(self) -> StoredSeat:
        """The seat as stored."""
        return StoredSeat(
            self.index,
            self.kind,
            self.name,
            self.bot,
            self.token_hash,
            away=self.away,
            account_id=self.account_id,
        )

    def occupy(self, stored: StoredSeat) -> None:
        """Give the seat to a new holder (already stored); its old connections lose it."""
        self.kind, self.name, self.bot = stored.kind, stored.name, stored.bot
        self.token_hash = stored.token_hash
        self.account_id = stored.account_id
        self.away = False
        self.connections = 0
        if self.leave_timer is not None:
            self.leave_timer.cancel()
            self.leave_timer = None
        self.generation += 1

    def match_name(self) -> str:
        """The seat's name in the match record."""
        if self.kind == "bot":
            return f"bot:{self.bot}"
        return self.name or f"seat {self.index}"
