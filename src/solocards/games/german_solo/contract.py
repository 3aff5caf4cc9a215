"""Contract types, their base values (§A9.1) and the matador price (§A9.2)."""

from __future__ import annotations

from typing import Final

from .cards import HIGHER_MATADORES, LOWER_MATADOR_RUN

SIMPLE: Final = 1
FORCEE: Final = 2
SOLO: Final = 3
TOUT: Final = 4
FORCED_SIMPLE: Final = 5
"""Contract types: simple game, forcée partout, solo, tout, and the forcée simple of an all-pass."""

KIND_NAMES: Final = {
    SIMPLE: "simple",
    FORCEE: "forcee",
    SOLO: "solo",
    TOUT: "tout",
    FORCED_SIMPLE: "forcee-simple",
}

BASE_VALUE: Final[dict[int, tuple[int, int]]] = {
    SIMPLE: (2, 4),
    FORCED_SIMPLE: (2, 4),
    FORCEE: (4, 8),
    SOLO: (4, 8),
    TOUT: (16, 32),
}
"""Per contract type, its base value in suit and in couleur (§A9.1)."""


def base_value(kind: int, alone: bool, couleur: bool) -> int:
    """The base value B: an alone game (own call, forcée alone) counts as a solo, tout as tout.

    >>> base_value(SIMPLE, False, True), base_value(SIMPLE, True, False)
    (4, 4)
    >>> base_value(TOUT, True, True)
    32
    """
    if alone and kind != TOUT:
        kind = SOLO
    return BASE_VALUE[kind][1 if couleur else 0]


def matador_price(holding: int, trump: int, one_each: bool) -> int:
    """The matador price of a side whose dealt cards are the bitmask ``holding`` (§A9.2).

    Zero unless the side holds Spadilla, Manilla and Basta; then 1 (or 3 with ``one_each``) plus
    one per trump held in unbroken sequence from the Ace down.

    >>> from .cards import card_id
    >>> hand = sum(1 << card_id(c) for c in ("QC", "7H", "QS", "AH", "QH"))
    >>> matador_price(hand, 2, False), matador_price(hand, 2, True)
    (2, 4)
    """
    for card in HIGHER_MATADORES[trump]:
        if not holding >> card & 1:
            return 0
    lower = 0
    for card in LOWER_MATADOR_RUN[trump]:
        if not holding >> card & 1:
            break
        lower += 1
    return (3 if one_each else 1) + lower


def contract_name(kind: int, couleur: bool) -> str:
    """The snapshot's contract string: a level name, or ``forcee-simple`` (plus ``-couleur``)."""
    if kind == FORCED_SIMPLE:
        return "forcee-simple-couleur" if couleur else "forcee-simple"
    name = KIND_NAMES[kind]
    return f"{name}-couleur" if couleur else name


__all__ = [
    "BASE_VALUE",
    "FORCED_SIMPLE",
    "FORCEE",
    "KIND_NAMES",
    "SIMPLE",
    "SOLO",
    "TOUT",
    "base_value",
    "contract_name",
    "matador_price",
]
