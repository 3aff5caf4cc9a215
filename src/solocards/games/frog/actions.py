"""Frog's dense action space and its notation.

The 36 card plays come first, so a card's play id *is* the card int:

>>> ACTIONS[:3], ACTIONS[36:40]
(['6C', '7C', '8C'], ['pass', 'frage', 'solo', 'heart-solo'])
>>> ACTIONS[40:44], ACTIONS[44], len(ACTIONS)
(['trump:C', 'trump:D', 'trump:H', 'trump:S'], 'discard:6C', 80)
"""

from __future__ import annotations

from typing import Final

from .cards import CARD_NAMES, NUM_CARDS, SUITS

PASS: Final = 36
FRAGE: Final = 37
SOLO: Final = 38
HEART_SOLO: Final = 39
"""Auction action ids; ``id - PASS`` is the bid level (0 pass, 1 Frage, 2 Solo, 3 Heart Solo)."""

BID_NAMES: Final = ("pass", "frage", "solo", "heart-solo")
CONTRACT_NAMES: Final = ("", "frage", "solo", "heart-solo")
"""Contract level -> name (level 0 has no contract)."""

RAMSCH: Final = 4
"""The contract level of the all-pass Ramsch game (``all_pass="ramsch"``); never bid."""

TRUMP_BASE: Final = 40
"""``trump:<suit>`` has id ``TRUMP_BASE + suit``."""

DISCARD_BASE: Final = 44
"""``discard:<card>`` has id ``DISCARD_BASE + card``."""

NUM_ACTIONS: Final = DISCARD_BASE + NUM_CARDS

ACTIONS: Final[list[str]] = (
    list(CARD_NAMES)
    + list(BID_NAMES)
    + [f"trump:{suit}" for suit in SUITS]
    + [f"discard:{card}" for card in CARD_NAMES]
)
"""Action id -> canonical action string."""

HIDDEN_DISCARD: Final = "discard:??"
"""How a Frage discard appears in the log of a seat that may not see it."""
