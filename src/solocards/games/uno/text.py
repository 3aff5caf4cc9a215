"""UNO in plain words for the terminal: one action, and the public table of a view.

The words are :class:`~solocards.core.messages.Message` objects (``engine`` domain) that the
CLI and the server translate; ``str()`` of one is the English text.

>>> import solocards
>>> game = solocards.make("uno")
>>> game.describe_action("W+4:G!")
'plays Wild Draw Four, names green, calls UNO'
>>> game.describe_action("catch>2")
'catches seat 2 not calling UNO'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.messages import Message, joined, msg, nmsg, player, seat_message, sequence, verbatim
from .actions import CATCH, CHALLENGE, COLOR, DRAW, MULTI, PASS, UNO
from .cards import KIND_INDEX, WILD, WILD4

if TYPE_CHECKING:
    from .game import UnoGame

COLOUR_MESSAGES: tuple[Message, ...] = (msg("red"), msg("yellow"), msg("green"), msg("blue"))
RANK_MESSAGES: tuple[Message, ...] = (
    *(verbatim(str(n)) for n in range(10)),
    msg("Skip"),
    msg("Reverse"),
    msg("Draw Two"),
)


def card_message(kind: int) -> Message:
    """A card in words: ``red 7``, ``blue Draw Two``, ``Wild Draw Four``.

    >>> str(card_message(KIND_INDEX["B+2"])), str(card_message(WILD4))
    ('blue Draw Two', 'Wild Draw Four')
    """
    if kind == WILD:
        return msg("Wild")
    if kind == WILD4:
        return msg("Wild Draw Four")
    rank = RANK_MESSAGES[kind % 13]
    colour = kind // 13
    if colour == 0:
        # TRANSLATORS: a card, "red 7", "red Skip"; {rank} is a number or a translated rank.
        # The four colours have a message each, so that the adjective can agree.
        return msg("red {rank}", rank=rank)
    if colour == 1:
        return msg("yellow {rank}", rank=rank)
    if colour == 2:
        return msg("green {rank}", rank=rank)
    return msg("blue {rank}", rank=rank)


def action_message(game: UnoGame, action: str) -> Message:
    """An action in words (``R7>2!`` -> ``plays red 7, swaps hands with seat 2, calls UNO``)."""
    act = game.acts[game.action_id(action)]
    kind = act.type
    if kind == DRAW:
        return msg("draws")
    if kind == PASS:
        return msg("keeps the drawn card")
    if kind == CHALLENGE:
        return msg("challenges the Wild Draw Four")
    if kind == UNO:
        return msg("calls UNO")
    if kind == CATCH:
        return msg("catches {player} not calling UNO", player=seat_message(act.target))
    if kind == COLOR:
        return msg("names {colour} for the first card", colour=COLOUR_MESSAGES[act.colour])
    # TRANSLATORS: an action is told in clauses joined by commas: "plays red 7", "names green",
    # "swaps hands with seat 2", "calls UNO" (third person, the player is shown before them).
    clauses: list[Message] = []
    if kind == MULTI:
        cards = [card_message(card) for card in act.cards]
        clauses.append(
            msg("plays {cards} and {last} (on top)", cards=joined(cards[:-1]), last=cards[-1])
        )
    else:
        clauses.append(msg("plays {card}", card=card_message(act.kind)))
        if act.kind >= WILD:
            clauses.append(msg("names {colour}", colour=COLOUR_MESSAGES[act.colour]))
    if act.target >= 0:
        clauses.append(msg("swaps hands with {player}", player=seat_message(act.target)))
    if act.call:
        clauses.append(msg("calls UNO"))
    if len(clauses) == 1:
        return clauses[0]
    return sequence(clauses)


def describe_action(game: UnoGame, action: str) -> str:
    """:func:`action_message` in English."""
    return str(action_message(game, action))


def table_messages(view: dict[str, Any]) -> list[Message]:
    """The public table of a view, a few lines (messages)."""
    lines: list[Message] = []
    card = card_message(KIND_INDEX[view["top_card"]])
    colour = view["color"]
    way = msg("clockwise") if view["direction"] == 1 else msg("counter-clockwise")
    draw, discard = view["draw_pile_size"], view["discard_pile_size"]
    if colour is None:
        lines.append(
            msg(
                "Top card: {card}; play goes {way}; draw pile {draw}, discard pile {discard}",
                card=card,
                way=way,
                draw=draw,
                discard=discard,
            )
        )
    else:
        lines.append(
            msg(
                "Top card: {card} (colour {colour}); play goes {way}; draw pile {draw}, "
                "discard pile {discard}",
                card=card,
                colour=COLOUR_MESSAGES["RYGB".index(colour)],
                way=way,
                draw=draw,
                discard=discard,
            )
        )
    sizes = joined(
        # TRANSLATORS: a player and the number of cards in hand: "seat 2: 1 (UNO!)"; {player}
        # is a name or "seat N".
        msg("{player}: {size} (UNO!)", player=seat_message(seat), size=size)
        if size == 1
        else msg("{player}: {value}", player=seat_message(seat), value=size)
        for seat, size in enumerate(view["hand_sizes"])
    )
    lines.append(msg("Cards in hand: {sizes}", sizes=sizes))
    if view["pending_draw"]:
        lines.append(
            msg(
                "Penalty pending: {n} cards for {player}",
                n=view["pending_draw"],
                player=seat_message(view["current"]),
            )
        )
    if view["vulnerable"] is not None:
        lines.append(msg("Not called UNO: {player}", player=seat_message(view["vulnerable"])))
    if view["is_over"]:
        result = view["result"] or {}
        winners = result.get("winners") or []
        if winners:
            lines.append(
                msg(
                    "Round over, won by {player}; scores {scores}",
                    player=seat_message(winners[0]),
                    scores=str(result["scores"]),
                )
            )
        else:
            lines.append(msg("Round over: dead-lock, no score"))
    else:
        lines.append(_to_act(view["phase"], seat_message(view["current"])))
    return lines


def _to_act(phase: str, who: Message) -> Message:
    """Who is to act, and what they are to do (one message per phase)."""
    if phase == "drawn":
        # TRANSLATORS: {player} drew a card that can be played: they play it or keep it.
        return msg("To play the drawn card or keep it: {player}", player=who)
    if phase == "penalty":
        return msg("To answer the penalty: {player}", player=who)
    if phase == "name_color":
        return msg("To name the colour of the first card: {player}", player=who)
    # TRANSLATORS: whose turn it is; {player} is a name or "seat N".
    return msg("To play: {player}", player=who)


def result_messages(result: dict[str, Any], names: Sequence[object] | None = None) -> list[Message]:
    """The end of a round: who went out and what they score, or the dead-lock."""
    winners = result.get("winners") or []
    if not winners:
        return [msg("Dead-lock: nobody can play, no score.")]
    winner = winners[0]
    return [
        nmsg(
            "{player} went out: {points} point.",
            "{player} went out: {points} points.",
            result["scores"][winner],
            player=player(names, winner),
            points=result["scores"][winner],
        )
    ]


def outcome_message(
    action: str,
    before: dict[str, Any],
    after: dict[str, Any],
    names: Sequence[object] | None = None,
) -> Message | None:
    """The outcome of a challenge, from the hand sizes before and after it (public facts).

    >>> before = {"current": 0, "hand_sizes": [3, 1]}
    >>> str(outcome_message("challenge", before, {"current": 1, "hand_sizes": [3, 5]}))
    'the challenge succeeds: the Wild Draw Four was a bluff, 4 cards for seat 1'
    >>> after = {"current": 1, "hand_sizes": [9, 1]}
    >>> str(outcome_message("challenge", before, after, ["You", "Bot 2"]))
    'the challenge fails: the Wild Draw Four was legal, 6 cards for You'
    """
    if action != "challenge":
        return None
    grown = [
        (seat, new - old)
        for seat, (old, new) in enumerate(
            zip(before["hand_sizes"], after["hand_sizes"], strict=True)
        )
        if new > old
    ]
    if not grown:
        return None
    seat, count = grown[0]
    if seat == before["current"]:
        return msg(
            "the challenge fails: the Wild Draw Four was legal, {n} cards for {player}",
            player=player(names, seat),
            n=count,
        )
    return msg(
        "the challenge succeeds: the Wild Draw Four was a bluff, {n} cards for {player}",
        player=player(names, seat),
        n=count,
    )


def describe_table(view: dict[str, Any]) -> list[str]:
    """The public table of a view, a few lines of plain English text."""
    return [str(line) for line in table_messages(view)]
