"""Frog in words, for the terminal: actions as players say them, and the public table.

>>> describe_action("frage"), describe_action("trump:S"), describe_action("discard:??")
('asks (Frage: hearts are trump, takes the talon)', 'names spades trump', 'discards a card')
>>> describe_action("TH")
'plays 10♥'
"""

from __future__ import annotations

from typing import Any

from .actions import HIDDEN_DISCARD
from .cards import CARD_INDEX, SUIT_NAMES, SUITS, pretty

_WORDS = {
    "pass": "passes",
    "frage": "asks (Frage: hearts are trump, takes the talon)",
    "solo": "plays a Solo (names trump, the talon unseen)",
    "heart-solo": "plays a Heart Solo (hearts trump, the talon unseen)",
    HIDDEN_DISCARD: "discards a card",
}

_CONTRACTS = {
    "frage": "Frage",
    "solo": "Solo",
    "heart-solo": "Heart Solo",
    "ramsch": "Ramsch (all passed)",
}


def describe_action(action: str) -> str:
    """An action string in a player's words; unknown strings come back unchanged."""
    if action in _WORDS:
        return _WORDS[action]
    if action.startswith("trump:") and action[6:] in SUITS and len(action) == 7:
        return f"names {SUIT_NAMES[SUITS.index(action[6])]} trump"
    if action.startswith("discard:") and action[8:] in CARD_INDEX:
        return f"discards {pretty(CARD_INDEX[action[8:]])}"
    if action in CARD_INDEX:
        return f"plays {pretty(CARD_INDEX[action])}"
    return action


def _cards(cards: list[str]) -> str:
    return " ".join(pretty(CARD_INDEX[card]) for card in cards) or "-"


def _trick(cards: list[list[Any]]) -> str:
    return ", ".join(f"seat {seat} {pretty(CARD_INDEX[card])}" for seat, card in cards)


def describe_table(view: dict[str, Any]) -> list[str]:
    """The public table of a Frog view as a few lines of plain text."""
    lines = [f"Frog, {view['players']} players; seat {view['dealer']} deals."]
    out = view.get("sitting_out_seats") or []
    if len(out) == 1:
        lines[0] += f" Seat {out[0]} sits out."
    elif out:
        lines[0] += f" Seats {' and '.join(map(str, out))} sit out."
    if view["phase"] == "bidding":
        calls = ", ".join(f"seat {seat} {call}" for seat, call in view["auction"]) or "none yet"
        lines.append(f"Auction: {calls}.")
    elif view["contract"] is not None:
        contract = _CONTRACTS[view["contract"]]
        who = f" by seat {view['declarer']}" if view["declarer"] is not None else ""
        trump = view["trump"]
        trump_text = f", {SUIT_NAMES[SUITS.index(trump)]} trump" if trump else ", no trump"
        if view["phase"] == "declaring":
            trump_text = ", trump not yet named"
        lines.append(f"Contract: {contract}{who}{trump_text}.")
    if view["talon"] is not None:
        lines.append(f"Talon: {_cards(view['talon'])}.")
    if view["trick"]:
        lines.append("Trick: " + _trick(view["trick"]))
    elif view["tricks"]:
        last = view["tricks"][-1]
        lines.append(f"Last trick: {_trick(last['cards'])}; seat {last['winner']} took it.")
    if view["phase"] in ("playing", "over") and view["contract"] is not None:
        won = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view["tricks_won"]))
        lines.append(f"Tricks won: {won}.")
    if view["current"] is not None:
        lines.append(f"Seat {view['current']} to act.")
    result = view["result"]
    if result is not None:
        if result.get("thrown_in"):
            lines.append("All passed: the deal is thrown in, no payment.")
        else:
            scores = ", ".join(f"seat {s}: {v:+d}" for s, v in enumerate(result["scores"]))
            lines.append(f"Result: {scores}.")
    return lines
