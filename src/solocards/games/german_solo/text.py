"""German Solo in words a player at the table uses: the auction, declarations, the table."""

from __future__ import annotations

from typing import Any

from .cards import CARD_IDS, SUIT_WORDS, SUITS, card_words

ACTION_WORDS = {
    "pass": "pass",
    "hold": "I hold",
    "simple": "I ask",
    "simple-couleur": "I ask in couleur",
    "forcee": "forcée partout",
    "forcee-couleur": "forcée partout in couleur",
    "solo": "solo",
    "solo-couleur": "solo in couleur",
    "tout": "tout",
    "tout-couleur": "tout in couleur",
    "alone": "I play alone",
    "claim": "I claim the game (five tricks)",
}

CONTRACT_WORDS = {
    "simple": "simple game",
    "simple-couleur": "simple game in couleur",
    "forcee": "forcée partout",
    "forcee-couleur": "forcée partout in couleur",
    "solo": "solo",
    "solo-couleur": "solo in couleur",
    "tout": "tout",
    "tout-couleur": "tout in couleur",
    "forcee-simple": "forcée simple",
    "forcee-simple-couleur": "forcée simple in couleur",
}


def describe_action(action: str) -> str:
    """An action string in words: ``simple`` -> "I ask", ``call:AD`` -> "I call the A♦".

    >>> describe_action("solo-couleur"), describe_action("trump:H"), describe_action("QC")
    ('solo in couleur', 'trumps are hearts', 'Spadilla (Q♣)')
    """
    if action in ACTION_WORDS:
        return ACTION_WORDS[action]
    if action.startswith("trump:") and action[6:] in SUITS:
        return f"trumps are {SUIT_WORDS[SUITS.index(action[6:])]}"
    if action.startswith("call:") and action[5:] in CARD_IDS:
        return f"I call the {card_words(CARD_IDS[action[5:]])}"
    if action in CARD_IDS:
        return card_words(CARD_IDS[action])
    return action


def describe_table(view: dict[str, Any]) -> list[str]:
    """A few lines of the public table of a view."""
    lines = [f"dealer: seat {view['dealer']}, eldest: seat {view['eldest']}, pool: {view['pool']}"]
    couleur = view.get("couleur")
    couleur_text = SUIT_WORDS[SUITS.index(couleur)] if couleur else "not yet chosen"
    auction = view["auction"]
    bids = ", ".join(f"{seat}: {describe_action(action)}" for seat, action in auction["bids"])
    lines.append(f"couleur: {couleur_text}; auction: {bids or '(nothing said yet)'}")
    if view["contract"] is not None:
        contract = CONTRACT_WORDS.get(view["contract"], view["contract"])
        trump = view["trump"]
        parts = [f"seat {view['declarer']} plays {contract}"]
        if trump:
            parts.append(f"trumps {SUIT_WORDS[SUITS.index(trump)]}")
        if view["called"]:
            parts.append(f"called {describe_action(view['called'])}")
            if view["caller_void"]:
                parts.append("the caller has none of that suit")
        if view["partner"] is not None:
            parts.append(f"partner: seat {view['partner']}")
        if view["tout"]:
            parts.append("for tout")
        lines.append("; ".join(parts))
    if view["trick"]:
        cards = ", ".join(f"{seat}: {describe_action(card)}" for seat, card in view["trick"])
        lines.append(f"trick: {cards}")
    lines.append("tricks won: " + ", ".join(str(n) for n in view["tricks_won"]))
    return lines


__all__ = ["describe_action", "describe_table"]
