"""UNO cards: the 108-card deck, card kinds as small ints, their notation and points.

Inside the engine a card is its *kind*, an int in ``0..53``: ``colour * 13 + rank`` for the
coloured cards (colours ``R Y G B`` = 0..3; ranks ``0``-``9`` = 0..9, Skip = 10, Reverse = 11,
Draw Two = 12), then ``52`` = Wild and ``53`` = Wild Draw Four. Two physical cards of the same
kind are interchangeable, so hands are lists of kinds.

>>> card_name(RED * 13 + 7), card_name(WILD), card_name(WILD4)
('R7', 'W', 'W+4')
>>> parse_card("G+2") == GREEN * 13 + DRAW2
True
>>> len(build_deck())
108
"""

from __future__ import annotations

from typing import Final

from ...core.errors import NotationError

COLOURS = "RYGB"
"""The colour letters in kind order."""
COLOUR_WORDS = ("red", "yellow", "green", "blue")
RED: Final = 0
YELLOW: Final = 1
GREEN: Final = 2
BLUE: Final = 3

SKIP: Final = 10
REVERSE: Final = 11
DRAW2: Final = 12
"""The ranks of the coloured action cards (the numbers are their own ranks 0..9)."""
RANK_NAMES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2")
RANK_WORDS = (*(str(n) for n in range(10)), "Skip", "Reverse", "Draw Two")

WILD: Final = 52
WILD4: Final = 53
"""The kinds of the two black cards."""
NUM_KINDS: Final = 54
NO_COLOUR: Final = 4
"""The colour of a black card, and the rank slot 13 that matches nothing by rank."""
NO_RANK: Final = 13

KIND_NAMES: tuple[str, ...] = tuple(
    [COLOURS[k // 13] + RANK_NAMES[k % 13] for k in range(52)] + ["W", "W+4"]
)
"""The canonical string of every kind, indexed by kind."""
KIND_INDEX: dict[str, int] = {name: kind for kind, name in enumerate(KIND_NAMES)}

KIND_COLOUR: Final[tuple[int, ...]] = tuple([k // 13 for k in range(52)] + [NO_COLOUR, NO_COLOUR])
"""The colour of each kind (4 for the black cards)."""
KIND_RANK: Final[tuple[int, ...]] = tuple([k % 13 for k in range(52)] + [NO_RANK, NO_RANK])
"""The rank of each kind (13 for the black cards: they match nothing by rank)."""

KIND_POINTS: Final[tuple[int, ...]] = tuple(
    [(k % 13 if k % 13 < 10 else 20) for k in range(52)] + [50, 50]
)
"""Points of each kind in the standard scoring: face value, 20 for actions, 50 for wilds."""


def copies(kind: int) -> int:
    """How many physical cards of this kind the deck holds (one 0 per colour, else two; 4 wilds)."""
    if kind >= WILD:
        return 4
    return 1 if kind % 13 == 0 else 2


def build_deck() -> list[str]:
    """The 108 cards, one string per physical card, in kind order."""
    return [KIND_NAMES[kind] for kind in range(NUM_KINDS) for _ in range(copies(kind))]


def card_name(kind: int) -> str:
    """The canonical string of a card kind."""
    return KIND_NAMES[kind]


def parse_card(text: str) -> int:
    """The kind of a canonical card string; :class:`NotationError` for anything else."""
    try:
        return KIND_INDEX[text]
    except (KeyError, TypeError):
        raise NotationError(
            f"{text!r} is not an UNO card; cards are a colour R Y G B and a rank 0-9, S, R, +2 "
            "(R7, GS, B+2), or W and W+4"
        ) from None


def card_words(kind: int) -> str:
    """A card in words: ``red 7``, ``blue Draw Two``, ``Wild Draw Four``."""
    if kind == WILD:
        return "Wild"
    if kind == WILD4:
        return "Wild Draw Four"
    return f"{COLOUR_WORDS[kind // 13]} {RANK_WORDS[kind % 13]}"


def hand_points(hand: list[int]) -> int:
    """The standard points of a hand."""
    return sum(KIND_POINTS[kind] for kind in hand)


def sort_key(kind: int) -> int:
    """Hands are shown sorted by kind: colour by colour, then the wilds."""
    return kind
