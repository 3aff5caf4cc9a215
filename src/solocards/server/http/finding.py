"""Finding a table: the lobby's filters of the open tables (``GET /api/tables?...``).

A filter keeps the tables that match every criterion given (none given: every table):

- ``game``: the game's id;
- ``language``: the language the table is played in (a table that chose none has none);
- ``clock``: ``none`` (no move clock), ``short`` (a clock of seconds or minutes) or ``long``
  (a clock of hours or days, :data:`solocards.server.live.clock.LONG_CLOCK_SECONDS` or more);
- ``open``: only tables in the lobby with a free seat.

>>> table = {"game": "uno", "language": "de", "status": "lobby", "clock": {"seconds": 86400.0},
...          "seats": [{"kind": "human"}, {"kind": "empty"}]}
>>> TableFilter(game="uno", clock="long", open=True).matches(table)
True
>>> TableFilter(language="en").matches(table), TableFilter(clock="none").matches(table)
(False, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..live.clock import LONG_CLOCK_SECONDS

ClockKind = Literal["none", "short", "long"]
CLOCK_KINDS: tuple[ClockKind, ...] = ("none", "short", "long")


def clock_kind(clock: Mapping[str, Any] | None) -> ClockKind:
    """Which of the lobby's clock kinds a table's ``clock`` (its info's) is.

    >>> clock_kind(None), clock_kind({"seconds": 60}), clock_kind({"seconds": 43200})
    ('none', 'short', 'long')
    """
    if clock is None:
        return "none"
    return "long" if float(clock["seconds"]) >= LONG_CLOCK_SECONDS else "short"


def free_seats(table: Mapping[str, Any]) -> int:
    """How many seats of a table (its info) nobody has taken.

    >>> free_seats({"seats": [{"kind": "empty"}, {"kind": "bot"}]})
    1
    """
    return sum(1 for seat in table["seats"] if seat["kind"] == "empty")


@dataclass(frozen=True)
class TableFilter:
    """What the lobby asked for; ``None`` or ``False`` leaves a criterion out."""

    game: str | None = None
    language: str | None = None
    clock: ClockKind | None = None
    open: bool = False

    def matches(self, table: Mapping[str, Any]) -> bool:
        """Whether ``table`` (a table's info as the lobby lists it) meets every criterion."""
        if self.game is not None and table["game"] != self.game:
            return False
        if self.language is not None and table.get("language") != self.language:
            return False
        if self.clock is not None and clock_kind(table.get("clock")) != self.clock:
            return False
        return not self.open or (table["status"] == "lobby" and free_seats(table) > 0)

    def select(self, tables: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """The tables that match, in the order given."""
        return [table for table in tables if self.matches(table)]
