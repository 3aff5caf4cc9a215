"""German Solo's card and suit words as messages (``engine`` domain), shared by the texts and
the explanations.

>>> from .cards import CARD_IDS
>>> str(card_message(CARD_IDS["QC"])), str(card_message(CARD_IDS["TS"])), str(SUIT_MESSAGES[2])
('Spadilla (Q♣)', '10♠', 'hearts')
"""

from __future__ import annotations

from ...core.messages import Message, msg
from ...core.ranks import card_face
from .cards import BASTA, NAMES, SPADILLA, SUIT_OF, SUIT_SYMBOLS

SUIT_MESSAGES: tuple[Message, ...] = (
    msg("clubs"),
    msg("diamonds"),
    msg("hearts"),
    msg("spades"),
)


def card_message(card: int) -> Message:
    """A card in words: the matador names of the two black queens, else rank (its letter in the
    reader's language) and suit sign."""
    if card == SPADILLA:
        # TRANSLATORS: the first matador; German: Spadille.
        return msg("Spadilla (Q♣)")
    if card == BASTA:
        return msg("Basta (Q♠)")
    return card_face(NAMES[card][0], SUIT_SYMBOLS[SUIT_OF[card]])


__all__ = ["SUIT_MESSAGES", "card_message"]
