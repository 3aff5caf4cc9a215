"""The events of a round that the lab counts: what each game declares, and how rounds end.

A game names its own events (``GameInfo.step_events`` and ``GameInfo.round_events``, in its
package's ``events`` module: stacks, jump-ins, challenges, swaps in the shedding games; the
contract played, throw-ins, toutes, bétes in the trick games); the lab reads no notation
itself. On top of them, any game: ``end_<reason>`` when a round ends otherwise than by a
player going out (its result's ``reason`` or ``end``).

>>> import solocards
>>> events = LabEvents(solocards.make("uno").info)
>>> events.step({"pending_draw": 2, "current": 1}, 1, "R+2")
['stack']
>>> events.result({"scores": [0, 0], "reason": "blocked"})
['end_blocked']
>>> LabEvents(solocards.make("frog").info).step({"current": 0}, 0, "pass")
[]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.info import GameInfo, resolve

StepEvents = Callable[[Mapping[str, Any], int, str], list[str]]
RoundEvents = Callable[[Mapping[str, Any]], list[str]]


def _no_step_events(before: Mapping[str, Any], seat: int, action: str) -> list[str]:
    return []


def _no_round_events(result: Mapping[str, Any]) -> list[str]:
    return []


class LabEvents:
    """The events of one game, as its declaration names them."""

    def __init__(self, info: GameInfo) -> None:
        self._step: StepEvents = (
            _no_step_events if info.step_events is None else resolve(info.step_events)
        )
        self._round: RoundEvents = (
            _no_round_events if info.round_events is None else resolve(info.round_events)
        )

    def step(self, snapshot: Mapping[str, Any], seat: int, action: str) -> list[str]:
        """The events of ``seat`` applying ``action`` where the state's snapshot is
        ``snapshot``."""
        return self._step(snapshot, seat, action)

    def result(self, result: Mapping[str, Any]) -> list[str]:
        """The events a round's result reports, and how it ended if not by going out."""
        events = list(self._round(result))
        reason = result.get("reason", result.get("end"))
        if reason is not None and reason != "out":
            events.append(f"end_{reason}")
        return events


__all__ = ["LabEvents"]
