"""Who the pause between rounds waits for: the people who took part in the round just over.

A seat that made no decision in a round (Frog's dealer with four players, two seats with five,
when the deal is thrown in before a card is played) has nothing to look back on: the pause does
not wait for it, and with nobody left to wait for there is no pause at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def round_players(public_view: Mapping[str, Any], last_seat: int) -> set[int]:
    """The seats that made a decision in a round: each seat of its log, as the spectator's view
    holds it just before the round's last action, and the seat of that last action.

    >>> sorted(round_players({"log": [[1, "pass"], [2, "pass"]]}, 3))
    [1, 2, 3]
    >>> round_players({"log": []}, 0)
    {0}
    """
    return {int(entry[0]) for entry in public_view.get("log") or []} | {last_seat}
