"""Why an action is not legal in Frog, in words a player understands, naming the rule.

Messages speak of the acting seat's own cards and of public facts only, never of another
seat's hand, the talon or the discards.
"""

from __future__ import annotations

from .actions import ACTIONS, BID_NAMES, DISCARD_BASE, HEART_SOLO, PASS, TRUMP_BASE
from .cards import HEARTS, NUM_CARDS, SUIT, SUIT_NAMES
from .state import BIDDING, DECLARING, DISCARDING, PLAYING, FrogState

_PHASE_TASKS = {
    0: "the auction is on: pass or bid frage, solo or heart-solo (§B3)",
    1: "the Solo declarer names trump first: trump:C, trump:D or trump:S (§B4)",
    2: "the Frage declarer discards three cards first, one discard:<card> at a time (§B4)",
    3: "the cards are being played (§B5)",
}


def explain_illegal(state: FrogState, seat: int, action_id: int) -> str:
    """The reason ``seat`` may not take ``action_id`` in ``state`` (which is not over)."""
    action = ACTIONS[action_id]
    if seat not in state.seats:
        if state.players == 4:
            return (
                f"seat {seat} deals and sits out this deal: with four players the dealer takes "
                "no cards (§B7)"
            )
        who = "deals and sits out" if seat == state.dealer else "sits out"
        return (
            f"seat {seat} {who} this deal: with five players the dealer deals to the two on "
            "his left and the one on his right; he and the second player to his right take "
            "no cards (§B7)"
        )
    phase = state.phase
    if seat != state.turn:
        if phase == BIDDING and state.passed[seat]:
            return f"seat {seat} has passed and is out of the auction (§B3: no re-entry)"
        return f"it is not seat {seat}'s turn: seat {state.turn} is to act ({_PHASE_TASKS[phase]})"
    if phase == BIDDING:
        if PASS < action_id <= HEART_SOLO:
            return (
                f"{action} is not higher than the standing bid {BID_NAMES[state.high]}: "
                "every bid must be strictly higher, frage < solo < heart-solo (§B3)"
            )
        return f"{action} is not an auction call; {_PHASE_TASKS[phase]}"
    if phase == DECLARING:
        if action_id == TRUMP_BASE + HEARTS:
            return (
                "in a plain Solo the declarer names spades, clubs or diamonds as trump, never "
                "hearts: a hearts game is a Heart Solo (§B4)"
            )
        return f"{action} is not possible now: {_PHASE_TASKS[phase]}"
    if phase == DISCARDING:
        if action_id >= DISCARD_BASE:
            return f"you cannot discard {action[8:]}: it is not in your hand"
        remaining = 3 - len(state.discarded)
        if action_id < NUM_CARDS:
            return (
                f"Frage: the declarer discards exactly three cards before the first lead; "
                f"{remaining} more to discard (§B4)"
            )
        return f"{action} is not possible now: {_PHASE_TASKS[phase]}"
    if phase == PLAYING:
        if action_id < NUM_CARDS:
            return _explain_play(state, seat, action_id)
        if action_id >= DISCARD_BASE:
            if seat == state.declarer and len(state.discarded) == 3:
                return (
                    "Frage: the declarer discards exactly three cards, and three are discarded "
                    "already (§B4)"
                )
            return "only the Frage declarer discards, and only before the first lead (§B4)"
        if action_id >= TRUMP_BASE:
            return "trump is named only by a Solo declarer, before the first lead (§B4)"
        return "the auction is over (§B3)"
    return f"{action} is not possible now"


def _explain_play(state: FrogState, seat: int, card: int) -> str:
    hand = state.hands[seat]
    name = ACTIONS[card]
    if card not in hand:
        return f"you cannot play {name}: it is not in your hand"
    led = SUIT[state.trick_cards[0]]
    trump = state.trump
    if any(SUIT[other] == led for other in hand):
        if led == trump:
            return (
                f"trumps ({SUIT_NAMES[led]}) were led and you hold a trump: you must play a "
                "trump (§B5 rule 1: follow suit)"
            )
        return (
            f"{SUIT_NAMES[led]} were led and you hold {SUIT_NAMES[led]}: you must follow suit "
            "(§B5 rule 1)"
        )
    return (
        f"you have no {SUIT_NAMES[led]} but hold a trump ({SUIT_NAMES[trump]}): you must trump "
        "(§B5 rule 2: follow suit, else trump, else any card)"
    )
