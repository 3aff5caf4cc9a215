"""The events a round of Frog reports in its result (``GameInfo.round_events``); the lab counts
them (``solocards lab``).

- ``throw_in``: the deal ended without a contract (all passed);
- ``contract_<name>``: the contract played (``contract_frage``, ``contract_heart-solo``,
  ``contract_ramsch``...).

>>> round_events({"contract": "frage", "thrown_in": False, "scores": [2, -1, -1]})
['contract_frage']
>>> round_events({"contract": None, "thrown_in": True})
['throw_in']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def round_events(result: Mapping[str, Any]) -> list[str]:
    """The events of a finished deal, from its result."""
    contract = result.get("contract")
    events = ["throw_in"] if contract is None or result.get("thrown_in") else []
    if contract is not None:
        events.append(f"contract_{contract}")
    return events


__all__ = ["round_events"]
