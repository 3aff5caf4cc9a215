"""UNO in plain words for the terminal: one action, and the public table of a view.

>>> import solocards
>>> game = solocards.make("uno")
>>> game.describe_action("W+4:G!")
'plays Wild Draw Four, names green, calls UNO'
>>> game.describe_action("catch>2")
'catches seat 2 not calling UNO'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import CATCH, CHALLENGE, COLOR, DRAW, MULTI, PASS, UNO
from .cards import COLOUR_WORDS, KIND_INDEX, WILD, card_words

if TYPE_CHECKING:
    from .game import UnoGame


def describe_action(game: UnoGame, action: str) -> str:
    """An action in words (``R7>2!`` -> ``plays red 7, swaps hands with seat 2, calls UNO``)."""
    act = game.acts[game.action_id(action)]
    kind = act.type
    if kind == DRAW:
        return "draws"
    if kind == PASS:
        return "keeps the drawn card"
    if kind == CHALLENGE:
        return "challenges the Wild Draw Four"
    if kind == UNO:
        return "calls UNO"
    if kind == CATCH:
        return f"catches seat {act.target} not calling UNO"
    if kind == COLOR:
        return f"names {COLOUR_WORDS[act.colour]} for the first card"
    if kind == MULTI:
        words = [card_words(card) for card in act.cards]
        text = "plays " + ", ".join(words[:-1]) + f" and {words[-1]} (on top)"
    else:
        text = "plays " + card_words(act.kind)
        if act.kind >= WILD:
            text += f", names {COLOUR_WORDS[act.colour]}"
    if act.target >= 0:
        text += f", swaps hands with seat {act.target}"
    if act.call:
        text += ", calls UNO"
    return text


def describe_table(view: dict[str, Any]) -> list[str]:
    """The public table of a view, a few lines of plain text."""
    lines = []
    top = view["top_card"]
    colour = view["color"]
    named = "" if colour is None else f" (colour {COLOUR_WORDS['RYGB'.index(colour)]})"
    way = "clockwise" if view["direction"] == 1 else "counter-clockwise"
    lines.append(
        f"Top card: {card_words(KIND_INDEX[top])}{named}; play goes {way}; "
        f"draw pile {view['draw_pile_size']}, discard pile {view['discard_pile_size']}"
    )
    sizes = ", ".join(
        f"seat {seat}: {size}" + (" (UNO!)" if size == 1 else "")
        for seat, size in enumerate(view["hand_sizes"])
    )
    lines.append(f"Cards in hand: {sizes}")
    if view["pending_draw"]:
        lines.append(f"Penalty pending: {view['pending_draw']} cards for seat {view['current']}")
    if view["vulnerable"] is not None:
        lines.append(f"Seat {view['vulnerable']} has not called UNO")
    if view["is_over"]:
        result = view["result"] or {}
        winners = result.get("winners") or []
        if winners:
            lines.append(f"Round over: seat {winners[0]} went out; scores {result['scores']}")
        else:
            lines.append("Round over: dead-lock, no score")
    else:
        lines.append(f"Seat {view['current']} to play ({view['phase']})")
    if view["hand"] is not None:
        lines.append("Your hand: " + " ".join(view["hand"]))
    return lines
