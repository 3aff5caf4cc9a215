"""The per-move clock: one deadline per table, and the forced default move.

When a seated human's move runs past the table's limit, the table's ``on_timeout`` rule applies:
``bot`` (the takeover bot plays the seat until the player resumes) or ``default`` (the
:func:`default_move` is played for the seat, which stays the player's).

>>> default_move(["G5", "R7", "draw"])
'draw'
>>> default_move(["QC", "7H"])
'QC'
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

TIMEOUT_RULES = ("bot", "default")
PREFERRED_DEFAULTS = ("pass", "draw")

MAX_CLOCK_SECONDS = 3 * 24 * 3600.0
"""The longest move clock a table may ask for: three days (a game played over days)."""

LONG_CLOCK_SECONDS = 3600.0
"""A clock of at least this long is one of hours or days: such a game is played over days,
its players come and go, and an absent person's seat waits for them by default
(:mod:`solocards.server.live.absence`)."""


def default_move(legal_actions: list[str]) -> str:
    """The forced move of a timed-out seat: ``pass`` or ``draw`` if legal, else the first one.

    The first legal action of a game's listing is fixed by its action space, so the default is
    the same on every server and in every replay.
    """
    for action in PREFERRED_DEFAULTS:
        if action in legal_actions:
            return action
    return legal_actions[0]


class MoveClock:
    """At most one armed deadline; arming again or cancelling drops the previous one."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self.seat: int | None = None
        self.deadline: float | None = None  # wall-clock seconds since the epoch

    def arm(
        self,
        seat: int,
        seconds: float,
        on_timeout: Callable[[], Coroutine[Any, Any, None]],
        deadline: float | None = None,
    ) -> None:
        """Call ``on_timeout()`` in ``seconds`` unless cancelled or re-armed before.

        ``deadline``: the wall-clock time to show for it (a clock resumed after a restart
        keeps the deadline it had); by default now plus ``seconds``.
        """
        self.cancel()
        loop = asyncio.get_running_loop()
        self.seat = seat
        self.deadline = time.time() + seconds if deadline is None else deadline
        self._handle = loop.call_later(seconds, self._fire, on_timeout)

    def _fire(self, on_timeout: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self._handle = None
        self._task = asyncio.get_running_loop().create_task(on_timeout())

    def cancel(self) -> None:
        """Drop the armed deadline, if any."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.seat = None
        self.deadline = None

    def describe(self) -> dict[str, Any] | None:
        """The clock as clients see it: whose move is timed and until when."""
        if self.seat is None or self.deadline is None:
            return None
        return {"seat": self.seat, "deadline": round(self.deadline, 3)}
