"""The events of a round that the lab counts, read from the public state and the result.

Shedding games (``uno``, ``amigo-solo``), from the snapshot before each action:

- ``stack``: a card played on a pending draw penalty (it stacks, deflects or jumps in on it);
- ``penalty``: a pending draw penalty taken, and ``penalty_cards`` the cards it made drawn;
- ``jump_in``: a card played by a seat whose regular turn it was not;
- ``challenge``, ``catch`` (a missed call caught), ``late_call`` (``uno``/``solo`` called late);
- ``swap``: a hand swap chosen with a seat (``R7>2``, ``RX>1``) or all round (``WX``);
- ``draw``: every ``draw`` action.

Trick games (``german-solo``, ``frog``), from the round's result:

- ``throw_in``: the deal ended without a contract (all passed, or a redeal);
- ``contract_<level>``: the contract played (``contract_forcee``, ``contract_frage``, ...);
- ``forcee``, ``tout`` (a tout played or committed to), ``claim``, ``bete`` (a béte paid).

Any game: ``end_<reason>`` when a round ends otherwise than by a player going out.

>>> step_events({"pending_draw": 2, "current": 1}, 1, "R+2")
['stack']
>>> step_events({"pending_draw": 0, "current": 1}, 2, "G5")
['jump_in']
>>> sorted(result_events({"contract": "forcee-couleur", "tout": True, "scores": [1, -1]}))
['contract_forcee-couleur', 'forcee', 'tout']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CALLS = frozenset({"uno", "solo"})
"""The call actions of the shedding games (API.md notation: action strings, not game ids)."""
_NOT_PLAYS = frozenset({"draw", "pass", "challenge"}) | CALLS


def is_card_play(action: str) -> bool:
    """Whether a shedding-game action plays cards (not a draw, pass, call, catch or choice).

    >>> is_card_play("W+4:G!"), is_card_play("catch>2"), is_card_play("color:R")
    (True, False, False)
    """
    if action in _NOT_PLAYS:
        return False
    return not action.startswith(("catch>", "color:", "swap>"))


def step_events(snapshot: Mapping[str, Any], seat: int, action: str) -> list[str]:
    """The events of ``seat`` applying ``action`` where the state's snapshot is ``snapshot``."""
    if "pending_draw" not in snapshot:
        return []
    events: list[str] = []
    pending = int(snapshot.get("pending_draw") or 0)
    if is_card_play(action):
        if pending > 0:
            events.append("stack")
        if seat != snapshot.get("current"):
            events.append("jump_in")
        if ">" in action or action.startswith("WX"):
            events.append("swap")
    elif action == "draw":
        events.append("draw")
        if pending > 0:
            events.extend(["penalty"] + ["penalty_cards"] * pending)
    elif action == "challenge":
        events.append("challenge")
    elif action.startswith("catch>"):
        events.append("catch")
    elif action in CALLS:
        events.append("late_call")
    return events


def result_events(result: Mapping[str, Any]) -> list[str]:
    """The events a round's result reports (contracts, throw-ins, toutes, bétes, odd ends)."""
    events: list[str] = []
    if "contract" in result:
        contract = result.get("contract")
        if contract is None or result.get("thrown_in") or result.get("redeal"):
            events.append("throw_in")
        if contract is not None:
            events.append(f"contract_{contract}")
            if "forcee" in str(contract):
                events.append("forcee")
        for key in ("tout", "claim", "bete"):
            if result.get(key if key != "claim" else "claimed"):
                events.append(key)
    reason = result.get("reason", result.get("end"))
    if reason is not None and reason != "out":
        events.append(f"end_{reason}")
    return events


__all__ = ["is_card_play", "result_events", "step_events"]
