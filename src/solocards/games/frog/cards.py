"""Frog's cards: the 36-card pack, its notation, card points and trick strength.

Inside the engine a card is an int ``0..35``: ``suit * 9 + rank`` with suits ``C D H S`` and
ranks ``6 7 8 9 T J Q K A`` (the order API.md lists them in; :func:`deck_strings` is that order).
Trick strength is the Frog order A 10 K Q J 9 8 7 6 (trump order is the same), kept in
:data:`STRENGTH`.

The action space is in :mod:`.actions`.

>>> card_points(parse_card("TS")), sum(POINTS)
(10, 120)
"""

from __future__ import annotations

from typing import Final

from ...core.errors import NotationError

SUITS: Final = "CDHS"
"""Suit letters; a suit's int is its index here."""

RANKS: Final = "6789TJQKA"
"""Rank letters in notation order; a rank's int is its index here."""

SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
NO_TRUMP: Final = -1

NUM_CARDS: Final = 36
CARD_NAMES: Final[tuple[str, ...]] = tuple(s_rank + suit for suit in SUITS for s_rank in RANKS)
"""Card int -> canonical string (``"TS"``)."""

CARD_INDEX: Final[dict[str, int]] = {name: index for index, name in enumerate(CARD_NAMES)}

SUIT: Final[tuple[int, ...]] = tuple(card // 9 for card in range(NUM_CARDS))
"""Card int -> suit int."""

_RANK_STRENGTH = {"6": 0, "7": 1, "8": 2, "9": 3, "J": 4, "Q": 5, "K": 6, "T": 7, "A": 8}
STRENGTH: Final[tuple[int, ...]] = tuple(
    _RANK_STRENGTH[CARD_NAMES[card][0]] for card in range(NUM_CARDS)
)
"""Card int -> strength within its suit (A 8, 10 7, K 6, Q 5, J 4, 9 3, 8 2, 7 1, 6 0)."""

_RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
POINTS: Final[tuple[int, ...]] = tuple(
    _RANK_POINTS.get(CARD_NAMES[card][0], 0) for card in range(NUM_CARDS)
)
"""Card int -> card points (A 11, 10 10, K 4, Q 3, J 2, else 0; 120 in all)."""

TOTAL_POINTS: Final = 120


def deck_strings() -> list[str]:
    """The 36 cards as canonical strings, suits C D H S, ranks 6 to A within each suit."""
    return list(CARD_NAMES)


def parse_card(text: str) -> int:
    """The card int of a canonical card string; :class:`NotationError` otherwise.

    >>> parse_card("AH")
    26
    """
    try:
        return CARD_INDEX[text]
    except (KeyError, TypeError):
        raise NotationError(
            f"{text!r} is not a Frog card: rank (6 7 8 9 T J Q K A) then suit (C D H S), "
            "e.g. QC, 7H, TS"
        ) from None


def card_points(card: int) -> int:
    """The card points of a card int."""
    return POINTS[card]


def pretty(card: int) -> str:
    """A card for people: ``10♠``, ``Q♣``."""
    return RANK_NAMES[card % 9] + SUIT_SYMBOLS[SUIT[card]]


def sort_key(card: int) -> tuple[int, int]:
    """How hands are sorted in views: by suit (C D H S), strongest card first."""
    return (SUIT[card], -STRENGTH[card])
