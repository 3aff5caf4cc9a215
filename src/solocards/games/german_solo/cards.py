"""Cards of German Solo: the packs, their notation and the precomputed rank tables.

A card of the 32-card pack is an int ``suit * 8 + rank`` with suits ``C D H S`` (0..3) and ranks
``7 8 9 T J Q K A`` (0..7); its canonical string is rank + suit (``QC``, ``7H``, ``TS``). The
Fives and Sixes of the five-handed 40-card pack are the ints ``56 + 2 * suit`` (``5C``) and
``57 + 2 * suit`` (``6C``), after the 56 actions of the four-handed game. The card int is also the
action id of playing that card. :func:`pack` gives the cards of each number of players: 40 for
five, the 32 for four, and the 24-card pack of Spitzeln for three (no 8♥, no diamonds but 7♦).

Every card ranks below the Seven in its plain suit, and below the Eight in trumps (the Seven of
trumps is Manilla): A K (Q) J T 9 8 7 6 5 plain, the same in every suit (no red reversal, see
``docs/german-solo.md``).

Spadilla (Q♣) and Basta (Q♠) are always trumps and never belong to clubs or spades; Manilla is
the 7 of the trump suit. The tables below are indexed ``[trump][card]``:

>>> EFF[2][card_id("QC")] == TRUMP, EFF[2][card_id("7H")] == TRUMP, EFF[2][card_id("7C")]
(True, True, 0)
>>> [card_name(c) for c in TRUMP_ORDER[0]]
['QC', '7C', 'QS', 'AC', 'KC', 'JC', 'TC', '9C', '8C']
"""

from __future__ import annotations

from typing import Final

from ...core.errors import NotationError

SUITS: Final = "CDHS"
RANKS: Final = "789TJQKA"
SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
RANK_WORDS: Final = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
TRUMP: Final = 4
"""The effective suit of every trump."""

SEVEN: Final = 0
QUEEN: Final = 5
KING: Final = 6
ACE: Final = 7

LOW_BASE: Final = 56
"""The card int of the Five of clubs: the Fives and Sixes follow the four-handed actions."""
NUM_IDS: Final = 64
"""The size of the per-card tables: every card int (and the action ids between) is below it."""
LOW_RANKS: Final = "56"


def card_of(suit: int, rank: int) -> int:
    """The card int of a suit (0..3) and rank index (0 = seven .. 7 = ace)."""
    return suit * 8 + rank


def low_card(suit: int, rank: int) -> int:
    """The card int of a Five (``rank`` 5) or Six (6) of a suit (0..3)."""
    return LOW_BASE + 2 * suit + rank - 5


LOW_CARDS: Final[tuple[int, ...]] = tuple(low_card(s, r) for s in range(4) for r in (5, 6))
"""The Fives and Sixes of the 40-card pack: ``5C 6C 5D 6D 5H 6H 5S 6S``."""

_SUIT = [-1] * NUM_IDS  # (the tables are built once, at import)
_PLAIN = [-1] * NUM_IDS
_NAMES = [""] * NUM_IDS
for _card in range(32):
    _SUIT[_card], _PLAIN[_card] = _card >> 3, (_card & 7) + 2
    _NAMES[_card] = RANKS[_card & 7] + SUITS[_card >> 3]
for _index, _card in enumerate(LOW_CARDS):
    _SUIT[_card], _PLAIN[_card] = _index >> 1, _index & 1
    _NAMES[_card] = LOW_RANKS[_index & 1] + SUITS[_index >> 1]

SUIT_OF: Final[tuple[int, ...]] = tuple(_SUIT)
"""``SUIT_OF[card]``: the printed suit (0..3) of a card int; -1 for an id that is no card."""
PLAIN: Final[tuple[int, ...]] = tuple(_PLAIN)
"""``PLAIN[card]``: the card's strength in its plain suit, 0 for a Five up to 9 for an Ace."""
NAMES: Final[tuple[str, ...]] = tuple(_NAMES)
"""``NAMES[card]``: the canonical string of any card int of any pack (``""`` for no card)."""


def suit_of(card: int) -> int:
    """The printed suit of a card (0..3)."""
    return SUIT_OF[card]


def rank_of(card: int) -> int:
    """The plain strength of a card: 0 = five, 1 = six, 2 = seven .. 9 = ace."""
    return PLAIN[card]


SPADILLA: Final = card_of(CLUBS, QUEEN)
BASTA: Final = card_of(SPADES, QUEEN)

CARD_NAMES: Final[tuple[str, ...]] = tuple(NAMES[c] for c in range(32))
"""The 32 cards of the four-handed pack, in card-int order (``7C`` .. ``AS``)."""
CARD_IDS: Final[dict[str, int]] = {NAMES[c]: c for c in (*range(32), *LOW_CARDS)}
"""Every card string of every pack -> its card int."""

SPITZELN_LAID_ASIDE: Final[frozenset[int]] = frozenset(
    {card_of(HEARTS, 1), *(card_of(DIAMONDS, r) for r in range(1, 8))}
)
"""The cards the three-handed pack lays aside: 8♥ and the diamonds but the 7♦ (Spitzeln)."""


def pack(players: int) -> tuple[int, ...]:
    """The card ints of the pack for ``players`` (3, 4 or 5), in deck order.

    >>> len(pack(3)), len(pack(4)), len(pack(5)), [card_name(c) for c in pack(5)[-2:]]
    (24, 32, 40, ['5S', '6S'])
    """
    if players == 5:
        return (*range(32), *LOW_CARDS)
    if players == 3:
        return tuple(c for c in range(32) if c not in SPITZELN_LAID_ASIDE)
    return tuple(range(32))


def card_name(card: int) -> str:
    """The canonical string of a card int."""
    return NAMES[card]


def card_id(name: str) -> int:
    """The card int of a canonical card string; :class:`NotationError` for anything else."""
    try:
        return CARD_IDS[name]
    except (KeyError, TypeError):
        raise NotationError(
            f"{name!r} is not a German Solo card: rank 5 6 7 8 9 T J Q K A + suit C D H S, "
            "e.g. QC (5 and 6 only in the five-handed pack)"
        ) from None


def card_words(card: int) -> str:
    """A card in words, with the matador names of the two black queens; a ten is "10", as on
    the cards.

    >>> card_words(CARD_IDS["TS"]), card_words(CARD_IDS["AH"])
    ('10♠', 'A♥')
    """
    if card == SPADILLA:
        return "Spadilla (Q♣)"
    if card == BASTA:
        return "Basta (Q♠)"
    rank = NAMES[card][0]
    return f"{'10' if rank == 'T' else rank}{SUIT_SYMBOLS[SUIT_OF[card]]}"


def _trump_order(trump: int) -> tuple[int, ...]:
    """The trumps of ``trump``, high to low: Spadilla, Manilla, Basta, A K (Q) J T 9 8, 6 5."""
    rest = [card_of(trump, r) for r in (ACE, KING, QUEEN, 4, 3, 2, 1)]
    rest = [c for c in rest if c not in (SPADILLA, BASTA)]
    return (SPADILLA, card_of(trump, SEVEN), BASTA, *rest, low_card(trump, 6), low_card(trump, 5))


FULL_TRUMP_ORDER: Final[tuple[tuple[int, ...], ...]] = tuple(_trump_order(t) for t in range(4))
"""Per trump suit, its trumps of the 40-card pack from high to low (11 for black suits, 12 for
red); a smaller pack holds those of them that :func:`pack` holds."""

TRUMP_ORDER: Final[tuple[tuple[int, ...], ...]] = tuple(order[:-2] for order in FULL_TRUMP_ORDER)
"""Per trump suit, its trumps of the 32-card pack from high to low (9 for black suits, 10 for
red)."""

LOWER_MATADOR_RUN: Final[tuple[tuple[int, ...], ...]] = tuple(
    order[3:] for order in FULL_TRUMP_ORDER
)
"""Per trump suit, the trumps below the three higher matadores, from the Ace down."""


def _eff(trump: int) -> tuple[int, ...]:
    return tuple(
        TRUMP if c in (SPADILLA, BASTA) or SUIT_OF[c] == trump else SUIT_OF[c]
        for c in range(NUM_IDS)
    )


EFF: Final[tuple[tuple[int, ...], ...]] = tuple(_eff(t) for t in range(4))
"""``EFF[trump][card]``: the card's effective suit, ``TRUMP`` (4) or its printed suit."""

NATURAL_EFF: Final[tuple[int, ...]] = tuple(
    TRUMP if c in (SPADILLA, BASTA) else SUIT_OF[c] for c in range(NUM_IDS)
)
"""Effective suits before trump is named (only the black queens are certain trumps)."""


def _power(trump: int) -> tuple[int, ...]:
    order = FULL_TRUMP_ORDER[trump]
    power = [0] * NUM_IDS
    for position, card in enumerate(order):
        power[card] = 100 - position
    return tuple(power)


POWER: Final[tuple[tuple[int, ...], ...]] = tuple(_power(t) for t in range(4))
"""``POWER[trump][card]``: 100 for Spadilla down to 89 or 88 for the lowest trump; 0 if plain."""


def _mrank(trump: int) -> tuple[int, ...]:
    mrank = [0] * NUM_IDS
    mrank[SPADILLA], mrank[card_of(trump, SEVEN)], mrank[BASTA] = 3, 2, 1
    return tuple(mrank)


MRANK: Final[tuple[tuple[int, ...], ...]] = tuple(_mrank(t) for t in range(4))
"""``MRANK[trump][card]``: 3 Spadilla, 2 Manilla, 1 Basta, 0 for every other card."""

HIGHER_MATADORES: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (SPADILLA, card_of(t, SEVEN), BASTA) for t in range(4)
)


def trick_winner(cards: list[int], trump: int) -> int:
    """The index in ``cards`` (played in order, the first led) of the card that wins the trick."""
    eff = EFF[trump]
    power = POWER[trump]
    led = eff[cards[0]]
    best_index = 0
    best = 1000 + power[cards[0]] if led == TRUMP else PLAIN[cards[0]]
    for index in range(1, len(cards)):
        card = cards[index]
        suit = eff[card]
        if suit == TRUMP:
            value = 1000 + power[card]
        elif suit == led:
            value = PLAIN[card]
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
    return (1 + SUIT_OF[card], -PLAIN[card])


__all__ = [
    "BASTA",
    "CARD_IDS",
    "CARD_NAMES",
    "EFF",
    "FULL_TRUMP_ORDER",
    "HIGHER_MATADORES",
    "LOWER_MATADOR_RUN",
    "LOW_CARDS",
    "MRANK",
    "NAMES",
    "NATURAL_EFF",
    "NUM_IDS",
    "PLAIN",
    "POWER",
    "SPADILLA",
    "SUITS",
    "SUIT_OF",
    "TRUMP",
    "TRUMP_ORDER",
    "card_id",
    "card_name",
    "card_words",
    "pack",
    "sort_key",
    "trick_winner",
]
