"""What happens to the seat of a person who is absent: closed the page, lost the connection.

The table's owner chooses it when the table is opened (``absent`` in the lobby's request):

- ``bot``: after the leave grace (``leave_grace``, 20 s by default) the takeover bot plays the
  seat until its person comes back;
- ``wait``: the seat waits for its person. A move clock, if the table has one, still runs out
  as its ``on_timeout`` says, so that nobody waits for good.

Without a choice, a table with a clock of hours or days (a game played over days, whose players
come and go) waits, and every other table hands the seat to a bot.

>>> default_absent(None), default_absent(60.0), default_absent(24 * 3600.0)
('bot', 'bot', 'wait')
>>> absent_rule(None, 12 * 3600.0), absent_rule("bot", 12 * 3600.0)
('wait', 'bot')
"""

from __future__ import annotations

from .clock import LONG_CLOCK_SECONDS

ABSENT_RULES = ("wait", "bot")
"""The choices for an absent person's seat."""


def default_absent(clock_seconds: float | None) -> str:
    """The rule of a table whose owner did not choose: ``wait`` with a clock of hours or days."""
    long_game = clock_seconds is not None and clock_seconds >= LONG_CLOCK_SECONDS
    return "wait" if long_game else "bot"


def absent_rule(chosen: str | None, clock_seconds: float | None) -> str:
    """The rule a table follows: the owner's choice, else :func:`default_absent`."""
    if chosen is not None and chosen in ABSENT_RULES:
        return chosen
    return default_absent(clock_seconds)
