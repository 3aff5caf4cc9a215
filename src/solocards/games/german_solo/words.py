"""German Solo's card and suit words as messages (``engine`` domain), shared by the texts and
the explanations.

>>> from .cards import CARD_IDS
>>> str(card_message(CARD_IDS["QC"])), str(card_message(CARD_IDS["TS"])), str(SUIT_MESSAGES[2])
('Spadilla (Q♣)', '10♠', 'hearts')
"""

from __future__ import annotations

from ...core.messages import Message, msg, verbatim
from .cards import BASTA, SPADILLA, card_words

SUIT_MESSAGES: tuple[Message, ...] = (
    msg("clubs"),
    msg("diamonds"),
    msg("hearts"),
    msg("spades"),
)


def card_message(card: int) -> Message:
    """A card in words: the matador names of the two black queens, else rank and suit sign."""
    if card == SPADILLA:
        # TRANSLATORS: the first matador; German: Spadille.
        return msg("Spadilla (Q♣)")
    if card == BASTA:
        return msg("Basta (Q♠)")
    return verbatim(card_words(card))


__all__ = ["SUIT_MESSAGES", "card_message"]
