"""Why an action is not legal in Frog, in words a player understands, naming the rule.

Messages speak of the acting seat's own cards and of public facts only, never of another
seat's hand, the talon or the discards. Each reason is a
:class:`~solocards.core.messages.Message` (``engine`` domain) that the edges translate;
``str()`` of it is the English text.
"""

from __future__ import annotations

from ...core.messages import Message, msg, seat_message
from .actions import ACTIONS, BID_NAMES, DISCARD_BASE, HEART_SOLO, PASS, TRUMP_BASE
from .cards import HEARTS, NUM_CARDS, SUIT
from .state import BIDDING, DECLARING, DISCARDING, PLAYING, FrogState
from .text import SUIT_MESSAGES

_PHASE_TASKS = {
    0: msg("the auction is on: pass or bid frage, solo or heart-solo (§B3)"),
    1: msg("the Solo declarer names trump first: trump:C, trump:D or trump:S (§B4)"),
    2: msg("the Frage declarer discards three cards first, one discard:<card> at a time (§B4)"),
    3: msg("the cards are being played (§B5)"),
}


def explain_illegal(state: FrogState, seat: int, action_id: int) -> Message:
    """The reason ``seat`` may not take ``action_id`` in ``state`` (which is not over)."""
    action = ACTIONS[action_id]
    if seat not in state.seats:
        if state.players == 4:
            return msg(
                "{player} deals and sits out this deal: with four players the dealer takes "
                "no cards (§B7)",
                player=seat_message(seat),
            )
        if seat == state.dealer:
            return msg(
                "{player} deals and sits out this deal: with five players the dealer deals "
                "to the two on his left and the one on his right; he and the second player to "
                "his right take no cards (§B7)",
                player=seat_message(seat),
            )
        return msg(
            "{player} sits out this deal: with five players the dealer deals to the two on "
            "his left and the one on his right; he and the second player to his right take "
            "no cards (§B7)",
            player=seat_message(seat),
        )
    phase = state.phase
    if seat != state.turn:
        if phase == BIDDING and state.passed[seat]:
            return msg(
                "{player} has passed and is out of the auction (§B3: no re-entry)",
                player=seat_message(seat),
            )
        return msg(
            "it is not {player}'s turn: {to_act} is to act ({task})",
            player=seat_message(seat),
            to_act=seat_message(state.turn),
            task=_PHASE_TASKS[phase],
        )
    if phase == BIDDING:
        if PASS < action_id <= HEART_SOLO:
            return msg(
                "{action} is not higher than the standing bid {bid}: every bid must be strictly "
                "higher, frage < solo < heart-solo (§B3)",
                action=action,
                bid=BID_NAMES[state.high],
            )
        return msg(
            "{action} is not an auction call; {task}", action=action, task=_PHASE_TASKS[phase]
        )
    if phase == DECLARING:
        if action_id == TRUMP_BASE + HEARTS:
            return msg(
                "in a plain Solo the declarer names spades, clubs or diamonds as trump, never "
                "hearts: a hearts game is a Heart Solo (§B4)"
            )
        return msg("{action} is not possible now: {task}", action=action, task=_PHASE_TASKS[phase])
    if phase == DISCARDING:
        if action_id >= DISCARD_BASE:
            return msg("you cannot discard {card}: it is not in your hand", card=action[8:])
        remaining = 3 - len(state.discarded)
        if action_id < NUM_CARDS:
            return msg(
                "Frage: the declarer discards exactly three cards before the first lead; "
                "{remaining} more to discard (§B4)",
                remaining=remaining,
            )
        return msg("{action} is not possible now: {task}", action=action, task=_PHASE_TASKS[phase])
    if phase == PLAYING:
        if action_id < NUM_CARDS:
            return _explain_play(state, seat, action_id)
        if action_id >= DISCARD_BASE:
            if seat == state.declarer and len(state.discarded) == 3:
                return msg(
                    "Frage: the declarer discards exactly three cards, and three are discarded "
                    "already (§B4)"
                )
            return msg("only the Frage declarer discards, and only before the first lead (§B4)")
        if action_id >= TRUMP_BASE:
            return msg("trump is named only by a Solo declarer, before the first lead (§B4)")
        return msg("the auction is over (§B3)")
    return msg("{action} is not possible now", action=action)


def _explain_play(state: FrogState, seat: int, card: int) -> Message:
    hand = state.hands[seat]
    name = ACTIONS[card]
    if card not in hand:
        return msg("you cannot play {card}: it is not in your hand", card=name)
    led = SUIT[state.trick_cards[0]]
    trump = state.trump
    if any(SUIT[other] == led for other in hand):
        if led == trump:
            return msg(
                "trumps ({suit}) were led and you hold a trump: you must play a trump (§B5 "
                "rule 1: follow suit)",
                suit=SUIT_MESSAGES[led],
            )
        return msg(
            "{suit} were led and you hold {suit}: you must follow suit (§B5 rule 1)",
            suit=SUIT_MESSAGES[led],
        )
    return msg(
        "you have no {suit} but hold a trump ({trump}): you must trump (§B5 rule 2: follow "
        "suit, else trump, else any card)",
        suit=SUIT_MESSAGES[led],
        trump=SUIT_MESSAGES[trump],
    )
