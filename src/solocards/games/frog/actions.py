"""Frog's dense action space and its notation.

The 36 card plays come first, so a card's play id *is* the card int:

>>> ACTIONS[:3], ACTIONS[36:40]
(['6C', '7C', '8C'], ['pass', 'frage', 'solo', 'heart-solo'])
>>> ACTIONS[40:44], ACTIONS[44], len(ACTIONS)
(['trump:C', 'trump:D', 'trump:H', 'trump:S'], 'discard:6C', 80)
"""

from __future__ import annotations

from .cards import CARD_NAMES, NUM_CARDS, SUITS

PASS, FRAGE, SOLO, HEART_SOLO = 36, 37, 38, 39
"""Auction action ids; ``id - PASS`` is the bid level (0 pass, 1 Frage, 2 Solo, 3 Heart Solo)."""

BID_NAMES = ("pass", "frage", "solo", "heart-solo")
CONTRACT_NAMES = ("", "frage", "solo", "heart-solo")
"""Contract level -> name (level 0 has no contract)."""

RAMSCH = 4
"""The contract level of the all-pass Ramsch game (``all_pass="ramsch"``); never bid."""

TRUMP_BASE = 40
"""``trump:<suit>`` has id ``TRUMP_BASE + suit``."""

DISCARD_BASE = 44
"""``discard:<card>`` has id ``DISCARD_BASE + card``."""

NUM_ACTIONS = DISCARD_BASE + NUM_CARDS

ACTIONS: list[str] = (
    list(CARD_NAMES)
    + list(BID_NAMES)
    + [f"trump:{suit}" for suit in SUITS]
    + [f"discard:{card}" for card in CARD_NAMES]
)
"""Action id -> canonical action string."""

HIDDEN_DISCARD = "discard:??"
"""How a Frage discard appears in the log of a seat that may not see it."""
