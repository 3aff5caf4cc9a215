"""AMIGO's SOLO in words, for the terminal: actions and the public table of a view.

>>> describe_action("W+4:G!")
'plays Wild Plus Four, names green, calls solo'
>>> describe_action("RX>2")
'plays red Swap, swaps hands with seat 2'
>>> describe_action("R5+G5+B5")
'plays Triple +: red 5, green 5, blue 5'
"""

from __future__ import annotations

from typing import Any

from .cards import COLOUR_WORDS, COLOURS, KIND, card_words


def _colour(letter: str) -> str:
    return COLOUR_WORDS[COLOURS.index(letter)] if letter in COLOURS else letter


def describe_action(action: str) -> str:
    """An action string in a player's words (the string itself if it is not one)."""
    if action == "draw":
        return "draws (or takes the pending penalty)"
    if action == "pass":
        return "keeps the drawn card"
    if action == "solo":
        return 'calls "solo" late'
    if action.startswith("catch>"):
        return f"catches seat {action[6:]}, who did not call solo"
    if action.startswith("color:"):
        return f"names {_colour(action[6:])} for the first card"
    if action.startswith("swap>"):
        return f"swaps hands with seat {action[5:]} for the first card"
    called = action.endswith("!")
    body = action[:-1] if called else action
    target = ""
    named = ""
    if ">" in body:
        body, target = body.split(">", 1)
    if ":" in body:
        body, named = body.split(":", 1)
    parts = body.split("+") if body.count("+") >= 2 else [body]
    if len(parts) >= 3 and all(part in KIND for part in parts):
        words = "plays Triple +: " + ", ".join(card_words(KIND[part]) for part in parts)
    elif body in KIND:
        words = f"plays {card_words(KIND[body])}"
    else:
        return action
    if named:
        words += f", names {_colour(named)}"
    if target:
        words += f", swaps hands with seat {target}"
    if called:
        words += ", calls solo"
    return words


def describe_table(view: dict[str, Any]) -> list[str]:
    """A few lines of the public table of a view."""
    colour = view.get("color")
    colour_text = COLOUR_WORDS[COLOURS.index(colour)] if colour else "any"
    direction = "clockwise" if view.get("direction", 1) == 1 else "counter-clockwise"
    lines = [
        f"Top card: {view['top_card']} (colour in force: {colour_text}), play goes {direction}",
        f"Seat {view['current']} is to play; draw pile {view['draw_pile_size']} cards",
        "Hands: "
        + ", ".join(f"seat {seat}: {size}" for seat, size in enumerate(view.get("hand_sizes", []))),
    ]
    if view.get("pending_draw"):
        lines.append(f"A penalty of {view['pending_draw']} cards is pending")
    if view.get("open_to_catch") is not None:
        lines.append(f"Seat {view['open_to_catch']} did not call solo and may be caught")
    for holder, cards in sorted(view.get("known_hands", {}).items()):
        lines.append(f"You know seat {holder} holds: {' '.join(cards)}")
    if view.get("drawn_card"):
        lines.append(f"You drew {view['drawn_card']}: play it or pass")
    if view.get("window"):
        lines.append("You may react now: " + ", ".join(view["window"]))
    return lines
