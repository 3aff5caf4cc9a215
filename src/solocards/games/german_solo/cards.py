"""Cards of German Solo: the 32-card pack, its notation and the precomputed rank tables.

A card is an int ``suit * 8 + rank`` with suits ``C D H S`` (0..3) and ranks ``7 8 9 T J Q K A``
(0..7); its canonical string is rank + suit (``QC``, ``7H``, ``TS``). The card int is also the
action id of playing that card.

Spadilla (Q♣) and Basta (Q♠) are always trumps and never belong to clubs or spades; Manilla is
the 7 of the trump suit. The tables below are indexed ``[trump][card]``:

>>> EFF[2][card_id("QC")] == TRUMP, EFF[2][card_id("7H")] == TRUMP, EFF[2][card_id("7C")]
(True, True, 0)
>>> [card_name(c) for c in TRUMP_ORDER[0]]
['QC', '7C', 'QS', 'AC', 'KC', 'JC', 'TC', '9C', '8C']
"""

from __future__ import annotations

from ...core.errors import NotationError

SUITS = "CDHS"
RANKS = "789TJQKA"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANK_WORDS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
TRUMP = 4
"""The effective suit of every trump."""

SEVEN, QUEEN, KING, ACE = 0, 5, 6, 7


def card_of(suit: int, rank: int) -> int:
    """The card int of a suit (0..3) and rank index (0 = seven .. 7 = ace)."""
    return suit * 8 + rank


def suit_of(card: int) -> int:
    """The printed suit of a card (0..3)."""
    return card >> 3


def rank_of(card: int) -> int:
    """The rank index of a card (0 = seven .. 7 = ace)."""
    return card & 7


SPADILLA = card_of(CLUBS, QUEEN)
BASTA = card_of(SPADES, QUEEN)

CARD_NAMES: tuple[str, ...] = tuple(RANKS[c & 7] + SUITS[c >> 3] for c in range(32))
CARD_IDS: dict[str, int] = {name: index for index, name in enumerate(CARD_NAMES)}


def card_name(card: int) -> str:
    """The canonical string of a card int."""
    return CARD_NAMES[card]


def card_id(name: str) -> int:
    """The card int of a canonical card string; :class:`NotationError` for anything else."""
    try:
        return CARD_IDS[name]
    except (KeyError, TypeError):
        raise NotationError(
            f"{name!r} is not a German Solo card: rank 7 8 9 T J Q K A + suit C D H S, e.g. QC"
        ) from None


def card_words(card: int) -> str:
    """A card in words, with the matador names of the two black queens."""
    if card == SPADILLA:
        return "Spadilla (Q♣)"
    if card == BASTA:
        return "Basta (Q♠)"
    return f"{RANKS[card & 7]}{SUIT_SYMBOLS[card >> 3]}"


def _trump_order(trump: int) -> tuple[int, ...]:
    """The trumps of ``trump``, high to low: Spadilla, Manilla, Basta, then A K (Q) J T 9 8."""
    rest = [card_of(trump, r) for r in (ACE, KING, QUEEN, 4, 3, 2, 1)]
    rest = [c for c in rest if c not in (SPADILLA, BASTA)]
    return (SPADILLA, card_of(trump, SEVEN), BASTA, *rest)


TRUMP_ORDER: tuple[tuple[int, ...], ...] = tuple(_trump_order(t) for t in range(4))
"""Per trump suit, its trumps from high to low (9 for black suits, 10 for red)."""

LOWER_MATADOR_RUN: tuple[tuple[int, ...], ...] = tuple(order[3:] for order in TRUMP_ORDER)
"""Per trump suit, the trumps below the three higher matadores, from the Ace down."""


def _eff(trump: int) -> tuple[int, ...]:
    return tuple(
        TRUMP if c in (SPADILLA, BASTA) or suit_of(c) == trump else suit_of(c) for c in range(32)
    )


EFF: tuple[tuple[int, ...], ...] = tuple(_eff(t) for t in range(4))
"""``EFF[trump][card]``: the card's effective suit, ``TRUMP`` (4) or its printed suit."""

NATURAL_EFF: tuple[int, ...] = tuple(
    TRUMP if c in (SPADILLA, BASTA) else suit_of(c) for c in range(32)
)
"""Effective suits before trump is named (only the black queens are certain trumps)."""


def _power(trump: int) -> tuple[int, ...]:
    order = TRUMP_ORDER[trump]
    power = [0] * 32
    for position, card in enumerate(order):
        power[card] = 100 - position
    return tuple(power)


POWER: tuple[tuple[int, ...], ...] = tuple(_power(t) for t in range(4))
"""``POWER[trump][card]``: 100 for Spadilla down to 91 or 90 for the lowest trump; 0 if plain."""


def _mrank(trump: int) -> tuple[int, ...]:
    mrank = [0] * 32
    mrank[SPADILLA], mrank[card_of(trump, SEVEN)], mrank[BASTA] = 3, 2, 1
    return tuple(mrank)


MRANK: tuple[tuple[int, ...], ...] = tuple(_mrank(t) for t in range(4))
"""``MRANK[trump][card]``: 3 Spadilla, 2 Manilla, 1 Basta, 0 for every other card."""

HIGHER_MATADORES: tuple[tuple[int, int, int], ...] = tuple(
    (SPADILLA, card_of(t, SEVEN), BASTA) for t in range(4)
)


def trick_winner(cards: list[int], trump: int) -> int:
    """The index in ``cards`` (played in order, the first led) of the card that wins the trick."""
    eff = EFF[trump]
    power = POWER[trump]
    led = eff[cards[0]]
    best_index = 0
    best = 1000 + power[cards[0]] if led == TRUMP else cards[0] & 7
    for index in range(1, len(cards)):
        card = cards[index]
        suit = eff[card]
        if suit == TRUMP:
            value = 1000 + power[card]
        elif suit == led:
            value = card & 7
        else:
            continue
        if value > best:
            best, best_index = value, index
    return best_index


def sort_key(card: int, trump: int) -> tuple[int, int]:
    """Display order: trumps first (high to low), then clubs, diamonds, hearts, spades, A down."""
    if trump >= 0 and EFF[trump][card] == TRUMP:
        return (0, -POWER[trump][card])
    if card in (SPADILLA, BASTA):
        return (0, -1 if card == SPADILLA else 0)
    return (1 + suit_of(card), -rank_of(card))


__all__ = [
    "BASTA",
    "CARD_IDS",
    "CARD_NAMES",
    "EFF",
    "HIGHER_MATADORES",
    "LOWER_MATADOR_RUN",
    "MRANK",
    "NATURAL_EFF",
    "POWER",
    "SPADILLA",
    "SUITS",
    "TRUMP",
    "TRUMP_ORDER",
    "card_id",
    "card_name",
    "card_words",
    "sort_key",
    "trick_winner",
]
