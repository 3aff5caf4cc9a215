"""Who is ready for a rematch: it starts once every person at the table is (bots always are).

The rematch of a finished table is made in the lobby with the same seats. Each seated person
says they are ready by asking for the rematch with their seat token; when the last one does, it
starts. A person who has gone does not hold the others for ever: ``wait`` seconds after the
rematch was asked for, the owner may start it anyway (seats never claimed get the leave grace,
then a bot, like any seat nobody connects to).

>>> ready = RematchReadiness.fresh(humans=[0, 2], wait=30.0, now=100.0)
>>> ready.mark(2)
True
>>> ready.waiting(), ready.all_ready(), ready.may_start_anyway(now=120.0)
([0], False, False)
>>> ready.describe()
{'ready': [2], 'waiting': [0], 'start_anyway_at': 130.0}
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class RematchReadiness:
    """The seats whose people must say they are ready, those who did, and since when."""

    humans: frozenset[int]
    asked_at: float
    wait: float
    ready: set[int] = field(default_factory=set)

    @classmethod
    def fresh(
        cls, humans: Iterable[int], wait: float, now: float | None = None
    ) -> RematchReadiness:
        """Nobody ready yet; the owner may start anyway ``wait`` seconds from ``now``."""
        return cls(frozenset(humans), time.time() if now is None else now, wait)

    def mark(self, seat: int | None) -> bool:
        """``seat`` is ready; whether that changed anything (a bot's seat or a repeat does not)."""
        if seat is None or seat not in self.humans or seat in self.ready:
            return False
        self.ready.add(seat)
        return True

    def waiting(self) -> list[int]:
        """The seats whose people have not said they are ready, in seat order."""
        return sorted(self.humans - self.ready)

    def all_ready(self) -> bool:
        """Whether every person is ready (a table of bots and one person who asked is)."""
        return not self.waiting()

    @property
    def start_anyway_at(self) -> float:
        """When the owner may start without the people still awaited (Unix seconds)."""
        return self.asked_at + self.wait

    def may_start_anyway(self, now: float | None = None) -> bool:
        """Whether the owner may start now: everyone is ready, or the wait is over."""
        moment = time.time() if now is None else now
        return self.all_ready() or moment >= self.start_anyway_at

    def describe(self) -> dict[str, object]:
        """As clients see it: the seats ready, those awaited, when the owner may start anyway."""
        return {
            "ready": sorted(self.ready),
            "waiting": self.waiting(),
            "start_anyway_at": round(self.start_anyway_at, 3),
        }
