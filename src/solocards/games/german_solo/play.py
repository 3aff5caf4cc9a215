"""The legal-move generator of §A7.3: following suit, the matador privilege, the called card.

>>> from .cards import card_id, card_name
>>> hand = sorted(card_id(c) for c in ("QC", "8H", "AS"))
>>> [card_name(c) for c in legal_cards(hand, [card_id("9H")], 2, True, -1, False)]
['QC', '8H']
>>> [card_name(c) for c in legal_cards(hand, [card_id("9S")], 2, True, -1, False)]
['AS']
"""

from __future__ import annotations

from ...core.messages import Message, msg
from .cards import EFF, MRANK, TRUMP
from .words import SUIT_MESSAGES, card_message


def legal_cards(
    hand: list[int],
    trick: list[int],
    trump: int,
    reservation: bool,
    called: int,
    lead_called: bool,
) -> list[int]:
    """The cards a player may play (a new sorted list; ``hand`` must be sorted).

    ``called`` is the called card if this player still holds it, else -1. ``lead_called``: the
    holder must lead the called card when on lead (option ``called_card_lead``).
    """
    eff = EFF[trump]
    if trick:
        led = trick[0]
        suit = eff[led]
        cand = [c for c in hand if eff[c] == suit]
        if not cand:
            cand = list(hand)
        elif suit == TRUMP and reservation:
            mrank = MRANK[trump]
            led_rank = mrank[led]
            for card in cand:
                rank = mrank[card]
                if rank == 0 or led_rank > rank:
                    break
            else:  # no obliging trump: the matadores may be reserved, any card goes
                cand = list(hand)
    elif called >= 0 and lead_called:
        return [called]
    else:
        cand = list(hand)
    if called >= 0:
        called_suit = eff[called]
        cand = [c for c in cand if c == called or eff[c] != called_suit]
    return cand


def refusal(
    hand: list[int],
    trick: list[int],
    trump: int,
    reservation: bool,
    called: int,
    lead_called: bool,
    card: int,
) -> Message:
    """Why ``card`` (held in ``hand``) is not among :func:`legal_cards`, naming the rule."""
    eff = EFF[trump]
    if not trick and called >= 0 and lead_called and card != called:
        return msg(
            "you hold the called card {card}: you must lead it the first time you are on lead "
            "(option called_card_lead; rule 14, the called card falls at the first opportunity)",
            card=card_message(called),
        )
    if trick:
        led = trick[0]
        suit = eff[led]
        follow = [c for c in hand if eff[c] == suit]
        if follow and eff[card] != suit:
            if suit != TRUMP:
                return msg(
                    "{suit} were led and you hold {suit}: you must follow suit (rule 15; "
                    "Spadilla, Basta and the trump 7 are trumps, never plain cards)",
                    suit=SUIT_MESSAGES[suit],
                )
            if not reservation:
                return msg(
                    "trumps were led and you hold a trump: you must follow with a trump "
                    "(rule 15; the matador privilege is off, option reservation=false)"
                )
            return msg(
                "trumps were led and you hold a trump that the lead obliges you to play: the "
                "matador privilege only lets Spadilla, Manilla and Basta be kept back when no "
                "other trump (or lower matador forced by a higher one led) can follow "
                "(§A7.2, rule 15)"
            )
    if called >= 0 and card != called and eff[card] == eff[called]:
        return msg(
            "you hold the called card {card}: it must be the first card of its suit you play "
            "(rule 14: the called Ace falls at the first opportunity)",
            card=card_message(called),
        )
    return msg("that card may not be played now (rule 15)")


__all__ = ["legal_cards", "refusal"]
