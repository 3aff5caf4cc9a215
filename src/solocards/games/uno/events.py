"""The events of a step of UNO, read from the public state before it (``GameInfo.step_events``).

The lab counts them (``solocards lab``) and the table's log tells some of them (a penalty
taken, a jump-in, a challenge, a catch). ``before`` is a spectator's view or a snapshot: only
``pending_draw`` and ``current`` are read, which both hold.

- ``stack``: a card played on a pending draw penalty;
- ``penalty``: a pending penalty taken by drawing, and one ``penalty_cards`` per card it made
  drawn;
- ``jump_in``: a card played by a seat whose regular turn it was not;
- ``swap``: a 7 played with the seat to swap hands with (``R7>2``, 7-0 rule);
- ``draw``, ``challenge``, ``catch`` (a missed UNO call caught), ``late_call`` (``uno`` called
  after the card).

>>> step_events({"pending_draw": 2, "current": 1}, 1, "R+2")
['stack']
>>> step_events({"pending_draw": 0, "current": 1}, 2, "G5")
['jump_in']
>>> step_events({"pending_draw": 4, "current": 0}, 0, "draw")
['draw', 'penalty', 'penalty_cards', 'penalty_cards', 'penalty_cards', 'penalty_cards']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

_NOT_PLAYS: Final = frozenset({"draw", "pass", "challenge", "uno"})


def is_card_play(action: str) -> bool:
    """Whether an action plays a card (not a draw, pass, challenge, call, catch or colour).

    >>> is_card_play("W+4:G!"), is_card_play("R7>2"), is_card_play("catch>2")
    (True, True, False)
    """
    return action not in _NOT_PLAYS and not action.startswith(("catch>", "color:"))


def step_events(before: Mapping[str, Any], seat: int, action: str) -> list[str]:
    """The events of ``seat`` taking ``action`` where the public state was ``before``."""
    events: list[str] = []
    pending = int(before.get("pending_draw") or 0)
    if is_card_play(action):
        if pending > 0:
            events.append("stack")
        if seat != before.get("current"):
            events.append("jump_in")
        if ">" in action:
            events.append("swap")
    elif action == "draw":
        events.append("draw")
        if pending > 0:
            events.extend(["penalty"] + ["penalty_cards"] * pending)
    elif action == "challenge":
        events.append("challenge")
    elif action.startswith("catch>"):
        events.append("catch")
    elif action == "uno":
        events.append("late_call")
    return events


__all__ = ["is_card_play", "step_events"]
