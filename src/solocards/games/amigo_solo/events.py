"""The events of a step of AMIGO's SOLO, read from the public state before it
(``GameInfo.step_events``).

The lab counts them (``solocards lab``) and the table's log tells some of them (a penalty
taken, a jump-in, a catch). ``before`` is a spectator's view or a snapshot: only
``pending_draw`` and ``current`` are read, which both hold.

- ``stack``: a card played on a pending draw penalty;
- ``penalty``: a pending penalty taken by drawing, and one ``penalty_cards`` per card it made
  drawn;
- ``jump_in``: a card played by a seat whose regular turn it was not;
- ``swap``: a Swap played with a seat (``RX>2``) or all round (``WX``);
- ``draw``, ``catch`` (a missed solo call caught), ``late_call`` (``solo`` called late).

>>> step_events({"pending_draw": 2, "current": 1}, 1, "R+2")
['stack']
>>> step_events({"pending_draw": 0, "current": 1}, 1, "WX!")
['swap']
>>> step_events({"pending_draw": 0, "current": 1}, 0, "catch>1")
['catch']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

_NOT_PLAYS: Final = frozenset({"draw", "pass", "solo"})


def is_card_play(action: str) -> bool:
    """Whether an action plays cards (not a draw, pass, call, catch or first-card choice).

    >>> is_card_play("W+4:G!"), is_card_play("R5+G5"), is_card_play("swap>2")
    (True, True, False)
    """
    return action not in _NOT_PLAYS and not action.startswith(("catch>", "color:", "swap>"))


def step_events(before: Mapping[str, Any], seat: int, action: str) -> list[str]:
    """The events of ``seat`` taking ``action`` where the public state was ``before``."""
    events: list[str] = []
    pending = int(before.get("pending_draw") or 0)
    if is_card_play(action):
        if pending > 0:
            events.append("stack")
        if seat != before.get("current"):
            events.append("jump_in")
        if ">" in action or action.startswith("WX"):
            events.append("swap")
    elif action == "draw":
        events.append("draw")
        if pending > 0:
            events.extend(["penalty"] + ["penalty_cards"] * pending)
    elif action.startswith("catch>"):
        events.append("catch")
    elif action == "solo":
        events.append("late_call")
    return events


__all__ = ["is_card_play", "step_events"]
