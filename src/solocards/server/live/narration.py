"""What the log of a round says besides the actions: public facts about each one.

A log line names who did what (``describe_action``); a reader also wants to know what came of
it: how many cards a penalty dealt, that a card was a jump-in, how a challenge ended, who took
a trick and for how many card points, what the first card did. Each of these is read from the
*spectator's* view before and after the action (``view(None)``), so no note can hold more than
anybody watching could see: hand sizes, the seat to move, the pending penalty, the tricks.

A note is a small dict (``None`` when there is nothing to add):

- ``drew``: cards the acting seat drew (``penalty``: true when it took a pending penalty);
- ``jump_in``: true for cards played out of turn;
- ``challenge``: ``{"won": bool, "seat": who drew, "cards": n}`` (the challenger wins when the
  other seat draws);
- ``caught``: ``{"seat": who drew, "cards": n}`` for a missed call caught;
- ``trick``: ``{"winner": seat, "points": n}`` when the action closed a trick (``points`` only
  where the game counts card points in its views).

Which action was a penalty taken, a jump-in, a challenge or a catch, the game says (its
``GameInfo.step_events``, read from the same view before the action): nothing here reads a
game's notation.

>>> before = {"game": "uno", "hand_sizes": [3, 2], "current": 0, "pending_draw": 2}
>>> after = {"hand_sizes": [5, 2], "current": 1, "pending_draw": 0}
>>> note_of(before, 0, "draw", after)
{'drew': 2, 'penalty': True}
>>> before = {"game": "uno", "hand_sizes": [3, 2], "current": 0, "pending_draw": 0}
>>> note_of(before, 1, "G5", {"current": 0})
{'jump_in': True}
>>> start_note({"top_card": "RS", "current": 2, "direction": 1, "pending_draw": 0, "dealer": 0})
{'first_card': 'RS', 'current': 2, 'dealer': 0, 'direction': 1, 'pending_draw': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.info import resolve
from ...games.registry import game_class

Note = dict[str, Any]


def _sizes(view: Mapping[str, Any]) -> list[int]:
    sizes = view.get("hand_sizes")
    return [int(n) for n in sizes] if isinstance(sizes, list) else []


def _grew(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[int, int]:
    """The seats whose hands grew, and by how many cards."""
    old, new = _sizes(before), _sizes(after)
    if len(old) != len(new):
        return {}
    return {seat: new[seat] - old[seat] for seat in range(len(new)) if new[seat] > old[seat]}


def _tricks(view: Mapping[str, Any]) -> list[Any]:
    tricks = view.get("tricks")
    return tricks if isinstance(tricks, list) else []


def _trick_note(before: Mapping[str, Any], after: Mapping[str, Any]) -> Note | None:
    """The trick this action closed: its winner and, where the view counts them, its points."""
    old, new = _tricks(before), _tricks(after)
    if len(new) != len(old) + 1 or not isinstance(new[-1], Mapping):
        return None
    winner = new[-1].get("winner")
    if not isinstance(winner, int):
        return None
    note: Note = {"winner": winner}
    points_before, points_after = before.get("trick_points"), after.get("trick_points")
    if isinstance(points_before, list) and isinstance(points_after, list):
        note["points"] = int(points_after[winner]) - int(points_before[winner])
    return note


def step_events(before: Mapping[str, Any], seat: int, action: str) -> list[str]:
    """The events of ``seat`` taking ``action``, as the game of the view ``before`` declares
    them (``GameInfo.step_events``); ``[]`` for a game without step events.

    >>> step_events({"game": "uno", "pending_draw": 0, "current": 1}, 0, "catch>1")
    ['catch']
    >>> step_events({"game": "frog", "current": 1}, 1, "pass")
    []
    """
    ref = game_class(str(before.get("game"))).info.step_events
    events: list[str] = [] if ref is None else resolve(ref)(before, seat, action)
    return events


def note_of(
    before: Mapping[str, Any], seat: int, action: str, after: Mapping[str, Any]
) -> Note | None:
    """The public facts of ``seat`` playing ``action``, from the spectator's views around it."""
    note: Note = {}
    grew = _grew(before, after)
    events = step_events(before, seat, action)
    if "draw" in events and grew.get(seat):
        note["drew"] = grew[seat]
        if "penalty" in events:
            note["penalty"] = True
    elif "challenge" in events and grew:
        drawer = max(grew, key=lambda s: grew[s])
        note["challenge"] = {"won": drawer != seat, "seat": drawer, "cards": grew[drawer]}
    elif "catch" in events and grew:
        drawer = max(grew, key=lambda s: grew[s])
        note["caught"] = {"seat": drawer, "cards": grew[drawer]}
    elif "jump_in" in events:
        current = before.get("current")
        if isinstance(current, int) and current >= 0:
            note["jump_in"] = True
    trick = _trick_note(before, after)
    if trick is not None:
        note["trick"] = trick
    return note or None


def start_note(view: Mapping[str, Any]) -> Note | None:
    """The round's first card and what it did (who begins, a penalty, the direction), or
    ``None`` in a game without one; from the spectator's view before the first action."""
    card = view.get("top_card")
    if not isinstance(card, str) or view.get("log"):
        return None
    note: Note = {"first_card": card}
    for key in ("current", "dealer", "direction", "pending_draw", "color"):
        if view.get(key) is not None:
            note[key] = view[key]
    return note


class RoundNotes:
    """The notes of the round in play, kept as its actions are applied."""

    def __init__(self) -> None:
        self.start: Note | None = None
        self.actions: list[Note | None] = []

    def begin(self, view: Mapping[str, Any]) -> None:
        """A round was dealt: forget the last one's notes, note its first card."""
        self.start = start_note(view)
        self.actions = []

    def add(self, note: Note | None) -> None:
        """The note of the round's next action."""
        self.actions.append(note)

    def describe(self) -> dict[str, Any]:
        """As clients get them: ``start`` and one entry per action of the round's log.

        >>> notes = RoundNotes()
        >>> notes.add({"drew": 1})
        >>> notes.describe()
        {'start': None, 'actions': [{'drew': 1}]}
        """
        return {"start": self.start, "actions": list(self.actions)}
