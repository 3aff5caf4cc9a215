"""The events a round of German Solo reports in its result (``GameInfo.round_events``); the
lab counts them (``solocards lab``).

- ``throw_in``: the deal ended without a contract played (all passed, a redeal);
- ``contract_<name>``: the contract played (``contract_forcee-couleur``, ``contract_solo``...),
  and ``forcee`` for any forcée;
- ``tout`` (a tout played or committed to), ``claim`` (the rest claimed), ``bete`` (a béte
  paid).

>>> sorted(round_events({"contract": "forcee-couleur", "tout": True, "scores": [1, -1]}))
['contract_forcee-couleur', 'forcee', 'tout']
>>> round_events({"contract": None, "redeal": True, "bete": 0})
['throw_in']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def round_events(result: Mapping[str, Any]) -> list[str]:
    """The events of a finished deal, from its result."""
    events: list[str] = []
    contract = result.get("contract")
    if contract is None or result.get("redeal"):
        events.append("throw_in")
    if contract is not None:
        events.append(f"contract_{contract}")
        if "forcee" in str(contract):
            events.append("forcee")
    for event, key in (("tout", "tout"), ("claim", "claimed"), ("bete", "bete")):
        if result.get(key):
            events.append(event)
    return events


__all__ = ["round_events"]
