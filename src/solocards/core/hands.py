"""Cards leaving a hand held as a list of small ints (the hot path of the shedding games).

In the compiled build ``list.remove`` and ``in`` compare each card through the generic object
protocol; the loops here compare native ints and find the card and any second copy in one pass.
In plain Python the interpreted loop would be the slower one, so there the functions call
``list.remove`` and ``in`` (:data:`NATIVE` says which build this module is). Either way the
list changes exactly as ``list.remove`` changes it (the first copy goes, the order of the rest
is kept).

>>> hand = [3, 7, 3, 9]
>>> lay_one(hand, 3), hand
(True, [7, 3, 9])
>>> lay_one(hand, 7), hand
(False, [3, 9])
>>> drop_one(hand, 5), drop_one(hand, 9), hand
(False, True, [3])
"""

from __future__ import annotations

from typing import Final

NATIVE: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (a C extension) rather than as plain Python."""


def lay_one(hand: list[int], card: int) -> bool:
    """Remove the first ``card`` from ``hand`` and say whether another copy is left.

    The card must be in the hand (the caller checked the play was legal).

    >>> lay_one([1], 2)
    Traceback (most recent call last):
    ...
    ValueError: card 2 is not in the hand
    """
    if not NATIVE:
        try:
            hand.remove(card)
        except ValueError:
            raise ValueError(f"card {card} is not in the hand") from None
        return card in hand
    found = -1
    size = len(hand)
    for index in range(size):
        if hand[index] == card:
            found = index
            break
    if found < 0:
        raise ValueError(f"card {card} is not in the hand")
    for index in range(found + 1, size):
        if hand[index] == card:
            del hand[found]
            return True
    del hand[found]
    return False


def drop_one(cards: list[int], card: int) -> bool:
    """Remove the first ``card`` from ``cards`` if it is there; whether it was."""
    if not NATIVE:
        if card in cards:
            cards.remove(card)
            return True
        return False
    for index in range(len(cards)):
        if cards[index] == card:
            del cards[index]
            return True
    return False


__all__ = ["drop_one", "lay_one"]
