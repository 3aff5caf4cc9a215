"""AMIGO's SOLO in words, for the terminal: actions and the public table of a view.

The words are :class:`~solocards.core.messages.Message` objects (``engine`` domain) that the
CLI and the server translate; ``str()`` of one is the English text.

>>> describe_action("W+4:G!")
'plays Wild Plus Four, names green, calls solo'
>>> describe_action("RX>2")
'plays red Swap, swaps hands with seat 2'
>>> describe_action("R5+G5+B5")
'plays Triple +: red 5, green 5, blue 5'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.messages import Message, joined, msg, nmsg, player, seat_message, sequence, verbatim
from .cards import COLOUR_OF, COLOURS, KIND, RANK_OF, W4, WX, W

COLOUR_MESSAGES: tuple[Message, ...] = (msg("red"), msg("yellow"), msg("green"), msg("blue"))
RANK_MESSAGES: tuple[Message, ...] = (
    *(verbatim(str(n)) for n in range(1, 10)),
    msg("Skip"),
    msg("Change Direction"),
    msg("Plus Two"),
    msg("Swap"),
)


def card_message(kind: int) -> Message:
    """A card in words: "red 7", "blue Skip", "Wild Plus Four".

    >>> str(card_message(KIND["BS"])), str(card_message(W4))
    ('blue Skip', 'Wild Plus Four')
    """
    if kind == W:
        return msg("Wild")
    if kind == W4:
        return msg("Wild Plus Four")
    if kind == WX:
        return msg("Swap all round")
    rank = RANK_MESSAGES[RANK_OF[kind]]
    colour = COLOUR_OF[kind]
    if colour == 0:
        # TRANSLATORS: a card, "red 7", "red Skip"; {rank} is a number or a translated rank.
        # The four colours have a message each, so that the adjective can agree.
        return msg("red {rank}", rank=rank)
    if colour == 1:
        return msg("yellow {rank}", rank=rank)
    if colour == 2:
        return msg("green {rank}", rank=rank)
    return msg("blue {rank}", rank=rank)


def colour_message(letter: str) -> Message:
    """A colour letter in words (the letter itself if it is not one)."""
    return COLOUR_MESSAGES[COLOURS.index(letter)] if letter in COLOURS else verbatim(letter)


def action_message(action: str) -> Message:
    """An action string in a player's words (the string itself if it is not one)."""
    if action == "draw":
        return msg("draws (or takes the pending penalty)")
    if action == "pass":
        return msg("keeps the drawn card")
    if action == "solo":
        return msg('calls "solo" late')
    if action.startswith("catch>"):
        return msg("catches {player}, who did not call solo", player=seat_message(action[6:]))
    if action.startswith("color:"):
        return msg("names {colour} for the first card", colour=colour_message(action[6:]))
    if action.startswith("swap>"):
        return msg("swaps hands with {player} for the first card", player=seat_message(action[5:]))
    called = action.endswith("!")
    body = action[:-1] if called else action
    target = ""
    named = ""
    if ">" in body:
        body, target = body.split(">", 1)
    if ":" in body:
        body, named = body.split(":", 1)
    parts = body.split("+") if body.count("+") >= 2 else [body]
    clauses: list[Message] = []
    if len(parts) >= 3 and all(part in KIND for part in parts):
        cards = joined(card_message(KIND[part]) for part in parts)
        clauses.append(msg("plays Triple +: {cards}", cards=cards))
    elif body in KIND:
        clauses.append(msg("plays {card}", card=card_message(KIND[body])))
    else:
        return verbatim(action)
    if named:
        clauses.append(msg("names {colour}", colour=colour_message(named)))
    if target:
        clauses.append(msg("swaps hands with {player}", player=seat_message(target)))
    if called:
        clauses.append(msg("calls solo"))
    if len(clauses) == 1:
        return clauses[0]
    return sequence(clauses)


def describe_action(action: str) -> str:
    """:func:`action_message` in English."""
    return str(action_message(action))


def table_messages(view: dict[str, Any]) -> list[Message]:
    """A few lines (messages) of the public table of a view."""
    colour = view.get("color")
    colour_text = colour_message(colour) if colour else msg("any")
    direction = msg("clockwise") if view.get("direction", 1) == 1 else msg("counter-clockwise")
    sizes = joined(
        msg("{player}: {value}", player=seat_message(seat), value=size)
        for seat, size in enumerate(view.get("hand_sizes", []))
    )
    lines = [
        msg(
            "Top card: {card} (colour in force: {colour}), play goes {direction}",
            card=view["top_card"],
            colour=colour_text,
            direction=direction,
        ),
        nmsg(
            "To play: {player}; draw pile {n} card",
            "To play: {player}; draw pile {n} cards",
            view["draw_pile_size"],
            player=seat_message(view["current"]),
            n=view["draw_pile_size"],
        ),
        msg("Hands: {sizes}", sizes=sizes),
    ]
    if view.get("pending_draw"):
        lines.append(msg("A penalty of {n} cards is pending", n=view["pending_draw"]))
    if view.get("open_to_catch") is not None:
        lines.append(
            msg(
                "Did not call solo and may be caught: {player}",
                player=seat_message(view["open_to_catch"]),
            )
        )
    for holder, cards in sorted(view.get("known_hands", {}).items()):
        lines.append(
            msg(
                "You know {player} holds: {cards}",
                player=seat_message(holder),
                cards=" ".join(cards),
            )
        )
    if view.get("drawn_card"):
        lines.append(msg("You drew {card}: play it or pass", card=view["drawn_card"]))
    if view.get("window"):
        lines.append(msg("You may react now: {actions}", actions=", ".join(view["window"])))
    return lines


def result_messages(result: dict[str, Any], names: Sequence[object] | None = None) -> list[Message]:
    """The end of a round: who went out (or the dead-lock) and the card points left in hand."""
    points = joined(
        # TRANSLATORS: one player's card points in a list: "ana 12, bo 30".
        msg("{player} {points}", player=player(names, seat), points=value)
        for seat, value in enumerate(result.get("points") or [])
    )
    winners = result.get("winners") or []
    if result.get("end") == "deadlock" or not winners:
        return [msg("Dead-lock: nobody can play. Card points in hand: {points}.", points=points)]
    return [
        msg(
            "{player} went out. Card points left in hand: {points}.",
            player=player(names, winners[0]),
            points=points,
        )
    ]


def describe_table(view: dict[str, Any]) -> list[str]:
    """A few lines of the public table of a view, in English."""
    return [str(line) for line in table_messages(view)]
