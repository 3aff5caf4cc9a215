"""Why an action is refused: a message naming the rule, about the acting seat's own cards only.

Each reason is a :class:`~solocards.core.messages.Message` (``engine`` domain) that the edges
translate; ``str()`` of it is the English text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.messages import Message, msg, seat_message
from . import auction
from .actions import (
    ALONE,
    CALL_BASE,
    CALL_CARDS,
    CLAIM,
    HOLD,
    LEVEL_BASE,
    LEVEL_NAMES,
    PASS,
    SOLO_S,
    TRUMP_BASE,
    is_card,
    is_couleur_level,
)
from .cards import ACE, card_of, suit_of
from .contract import FORCED_SIMPLE, FORCEE, SIMPLE, TOUT
from .play import refusal
from .state import BIDDING, DECLARING, NAME_TRUMP, OVER, PARTNER_TRUMP
from .words import SUIT_MESSAGES, card_message

if TYPE_CHECKING:
    from .state import GermanSoloState


def explain(state: GermanSoloState, seat: int, action: int) -> Message:
    """Why ``seat`` may not take ``action`` now."""
    if state._phase == OVER:
        return msg("the deal is over")
    if seat != state._actor:
        if state._phase == BIDDING:
            return msg("it is not your turn: {player} is to bid", player=seat_message(state._actor))
        if state._phase == DECLARING:
            return msg(
                "it is not your turn: {player} is to declare", player=seat_message(state._actor)
            )
        return msg("it is not your turn: {player} is to play", player=seat_message(state._actor))
    if state._phase == BIDDING:
        return _bidding(state, seat, action)
    if state._phase == DECLARING:
        return _declaring(state, seat, action)
    return _playing(state, seat, action)


def _bidding(state: GermanSoloState, seat: int, action: int) -> Message:
    if is_card(action) or not PASS <= action < TRUMP_BASE:
        return msg(
            "{action}: the auction is on; pass, name a higher level, or answer a proposal with "
            "hold (§A5)",
            action=state.game._action_names[action],
        )
    dq = seat == state._dq
    couleur_defined = state._couleur >= 0
    answering = state._pending > 0
    highest = state._pending if answering else state._level
    if action == PASS:
        return msg(
            "you hold Spadilla and Basta (Q♣ and Q♠): you must announce forcée partout and may "
            "not pass unless solo or a higher game has been named (forcée partout obligation, "
            "rule 7)"
        )
    if action == HOLD:
        if not answering:
            return msg("there is no proposal to hold: hold answers a later player's proposal (§A5)")
        return msg(
            "you cannot hold {level}: {reason}; raise or pass (§A5)",
            level=LEVEL_NAMES[state._pending - 1],
            reason=auction.ineligible_reason(state._pending, dq, couleur_defined) or "",
        )
    level = action - LEVEL_BASE + 1
    if state._n == 3 and level < SOLO_S:
        return msg(
            "{level}: three-handed German Solo (Spitzeln) has no partner to call, so only solo "
            "and tout may be bid",
            level=LEVEL_NAMES[level - 1],
        )
    reason = auction.ineligible_reason(level, dq, couleur_defined)
    if reason:
        return reason
    return msg(
        "{level} does not outrank {highest}: a bid must be higher than the last level named "
        "(§A4: simple < forcée partout < solo < tout, in suit below in couleur)",
        level=LEVEL_NAMES[level - 1],
        highest=LEVEL_NAMES[highest - 1],
    )


def _declaring(state: GermanSoloState, seat: int, action: int) -> Message:
    step = state._step
    name = state.game._action_names[action]
    if step in (NAME_TRUMP, PARTNER_TRUMP):
        if not TRUMP_BASE <= action < CALL_BASE:
            if step == PARTNER_TRUMP:
                return msg(
                    "{action}: the holder of the called card must name trump now (trump:C, "
                    "trump:D, trump:H or trump:S)",
                    action=name,
                )
            return msg(
                "{action}: the declarer must name trump now (trump:C, trump:D, trump:H or trump:S)",
                action=name,
            )
        suit = action - TRUMP_BASE
        if state._called >= 0 and suit == suit_of(state._called):
            return msg(
                "trump may not be {suit}, the suit of the called card (seed: the trump is named "
                "'but not in the suit of the called Ace')",
                suit=SUIT_MESSAGES[suit],
            )
        couleur = SUIT_MESSAGES[state._couleur] if state._couleur >= 0 else msg("none")
        if is_couleur_level(state._bid_level):
            return msg(
                "a game in couleur is played with the couleur suit ({couleur}) as trump (§A4)",
                couleur=couleur,
            )
        return msg(
            "a game in suit names a suit other than the couleur ({couleur}) (§A4, U2; option "
            "couleur_upgrade allows naming couleur)",
            couleur=couleur,
        )
    if PASS <= action < TRUMP_BASE and action >= LEVEL_BASE and state._kind == FORCED_SIMPLE:
        return msg(
            "all passed, so the holder of Spadilla plays a forcée simple: call an Ace "
            "(rule 6; option forced_upgrade lets him bid a game instead)"
        )
    if action == ALONE:
        if state._kind == FORCEE:
            return msg(
                "option fp_alone=false: forcée partout is played with a called Ace (to play "
                "alone, bid solo)"
            )
        if state._kind == FORCED_SIMPLE:
            return msg("a forcée simple is played with a called Ace (rule 6)")
        return msg("a simple game is played with a called Ace; to play alone, bid solo (§A6.1)")
    if CALL_BASE <= action < ALONE:
        return _call(state, CALL_CARDS[action - CALL_BASE])
    if state._kind in (SIMPLE, TOUT, FORCEE, FORCED_SIMPLE):
        return msg(
            "{action}: the declarer is to call a card now, or play alone where allowed (§A6)",
            action=name,
        )
    return msg("{action} is not a declaration now (§A6)", action=name)


def _call(state: GermanSoloState, card: int) -> Message:
    hand = state._hands[state._declarer]
    if card & 7 != ACE and not all(card_of(s, ACE) in hand for s in range(4)):
        return msg(
            "{card}: a King may be called only by a declarer who holds all four Aces (seed); "
            "call an Ace",
            card=card_message(card),
        )
    if state._trump >= 0 and suit_of(card) == state._trump:
        return msg(
            "{card}: the Ace of trumps may not be called; call an Ace of another suit (§A6.2, "
            "option call_trump_ace)",
            card=card_message(card),
        )
    return msg(
        "{card}: in forcée partout in couleur the partner must name the couleur suit as trump, "
        "so its Ace or King may not be called (§C7)",
        card=card_message(card),
    )


def _playing(state: GermanSoloState, seat: int, action: int) -> Message:
    if action == CLAIM:
        return msg(
            "claim is only possible when the declaring side has won the first five tricks and "
            "you are to lead to the sixth (§A8)"
        )
    if not is_card(action):
        return msg(
            "{action}: the cards are being played; play a card",
            action=state.game._action_names[action],
        )
    hand = state._hands[seat]
    if action not in hand:
        return msg("you do not hold {card}", card=state.game._action_names[action])
    called = state._called
    if called < 0 or state._called_fallen or seat != state._called_holder:
        called = -1
    return refusal(
        hand,
        state._trick,
        state._trump,
        state._rules.reservation,
        called,
        state._rules.called_card_lead,
        action,
    )


__all__ = ["explain"]
