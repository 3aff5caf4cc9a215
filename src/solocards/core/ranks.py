"""The rank letters people read on the cards of the French-suited pack (the trick games), as
messages of the ``engine`` domain: each language writes its own (Russian В Д К Т for валет,
дама, король, туз; German B D K A for Bube, Dame, König, Ass).

The card *notation* (``QC``, ``TH``: what the engines, the records and the protocol use) never
changes; only the words for people do. ``str()`` of a card message is its English face.

>>> str(card_face("Q", "♣")), str(card_face("T", "♥")), str(card_face("7", "♠"))
('Q♣', '10♥', '7♠')
"""

from __future__ import annotations

from .messages import Message, msg, verbatim

#: The court cards and the Ace: their letter as a message, translated at the edges.
RANK_LETTERS: dict[str, Message] = {
    # TRANSLATORS: the letter of a Jack on a card ("J♦"); Russian В (валет), German B (Bube).
    "J": msg("J"),
    # TRANSLATORS: the letter of a Queen on a card ("Q♣"); Russian Д (дама), German D (Dame).
    "Q": msg("Q"),
    # TRANSLATORS: the letter of a King on a card ("K♥"); Russian К (король), German K (König).
    "K": msg("K"),
    # TRANSLATORS: the letter of an Ace on a card ("A♠"); Russian Т (туз), German A (Ass).
    "A": msg("A"),
}


def rank_message(rank: str) -> Message:
    """A rank as people read it: ``T`` is ``10``, a court card or Ace its letter (a message).

    >>> str(rank_message("T")), str(rank_message("K")), rank_message("K").translate
    ('10', 'K', True)
    """
    if rank in RANK_LETTERS:
        return RANK_LETTERS[rank]
    return verbatim("10" if rank in ("T", "10") else rank)


def card_face(rank: str, suit_symbol: str) -> Message:
    """A card as people read it: its rank (translated letter) and its suit sign, ``Q♣``."""
    return Message(
        "{rank}{suit}", {"rank": rank_message(rank), "suit": suit_symbol}, translate=False
    )


__all__ = ["RANK_LETTERS", "card_face", "rank_message"]
