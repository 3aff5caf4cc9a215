"""AMIGO's SOLO cards: the 112-card deck, card kinds as small ints, names and points.

A card *kind* is an int. Coloured kinds are ``colour * 13 + rank`` with colours ``R Y G B``
(0..3) and ranks 0..8 for the numbers 1..9, then ``S`` (skip), ``R`` (change direction),
``+2`` (plus two) and ``X`` (swap with a player); the black kinds follow: ``W`` (wild), ``W+4``
(wild plus four), ``WX`` (swap all round). Physical copies of a card share its kind, so a hand is
a list of kinds.

>>> NAMES[0], NAMES[9], NAMES[12], NAMES[W], NAMES[W4], NAMES[WX]
('R1', 'RS', 'RX', 'W', 'W+4', 'WX')
>>> len(deck_strings()), POINTS[KIND["G7"]], POINTS[KIND["BR"]], POINTS[W4]
(112, 7, 10, 50)
"""

from __future__ import annotations

from typing import Final

COLOURS = "RYGB"
COLOUR_WORDS = ("red", "yellow", "green", "blue")
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "X")
RANK_WORDS = (
    *[str(n) for n in range(1, 10)],
    "Skip",
    "Change Direction",
    "Plus Two",
    "Swap",
)

# Coloured ranks.
SKIP: Final = 9
REVERSE: Final = 10
PLUS2: Final = 11
SWAP: Final = 12
RANKS_PER_COLOUR: Final = 13

# Black kinds.
W: Final = 52
W4: Final = 53
WX: Final = 54
KINDS: Final = 55

NAMES: tuple[str, ...] = (
    *[colour + rank for colour in COLOURS for rank in RANKS],
    "W",
    "W+4",
    "WX",
)
KIND: dict[str, int] = {name: kind for kind, name in enumerate(NAMES)}

# Per kind: colour (-1 for black), rank (13 W, 14 W+4, 15 WX), points, number value (0 if none).
COLOUR_OF: Final[tuple[int, ...]] = tuple(k // 13 if k < W else -1 for k in range(KINDS))
RANK_OF: Final[tuple[int, ...]] = tuple(k % 13 if k < W else 13 + (k - W) for k in range(KINDS))
IS_NUMBER: Final[tuple[bool, ...]] = tuple(k < W and k % 13 < 9 for k in range(KINDS))
VALUE_OF: Final[tuple[int, ...]] = tuple(k % 13 + 1 if IS_NUMBER[k] else 0 for k in range(KINDS))
IS_BLACK: Final[tuple[bool, ...]] = tuple(k >= W for k in range(KINDS))
_RANK_POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 10, 30, 30)
POINTS: Final[tuple[int, ...]] = tuple(
    _RANK_POINTS[k % 13] if k < W else {W: 40, W4: 50, WX: 40}[k] for k in range(KINDS)
)


def kind_of(colour: int, rank: int) -> int:
    """The coloured kind of a colour (0..3) and rank (0..12)."""
    return colour * RANKS_PER_COLOUR + rank


def copies(kind: int) -> int:
    """How many physical copies of a kind the deck holds."""
    if kind >= W:
        return 4
    return 1 if kind % 13 == SWAP else 2


def deck_kinds() -> list[int]:
    """The 112 cards as kinds, in the fixed order of :func:`deck_strings`."""
    return [kind for kind in range(KINDS) for _ in range(copies(kind))]


def deck_strings() -> list[str]:
    """The 112 cards, one string per physical card: per colour 1-9 twice, S, R, +2 twice, X once;
    then W, W+4 and WX four times each."""
    return [NAMES[kind] for kind in deck_kinds()]


def card_words(kind: int) -> str:
    """A card in words: "red 7", "blue Skip", "Wild Plus Four"."""
    if kind == W:
        return "Wild"
    if kind == W4:
        return "Wild Plus Four"
    if kind == WX:
        return "Swap all round"
    return f"{COLOUR_WORDS[COLOUR_OF[kind]]} {RANK_WORDS[RANK_OF[kind]]}"


def hand_points(hand: list[int]) -> int:
    """The points of the cards in a hand (§1.11)."""
    return sum(POINTS[kind] for kind in hand)
