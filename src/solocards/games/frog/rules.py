"""Frog's rules object: the options of one game, resolved once into plain typed fields.

The state, the views and the bots read :class:`FrogRules` (``game.rules``) instead of the
options dict.

>>> rules = FrogRules.from_options({"deal_order": "1-4-8", "all_pass": "ramsch",
...     "multipliers": "1-2-4", "frage_talon": "hidden", "second_out": "collects", "deals": 0,
...     "target": 100, "max_deals": 60})
>>> rules.multipliers, rules.all_pass_ramsch, rules.talon_positions
((1, 2, 4), True, (0, 3, 7))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Final

from ...core.options import OptionValue
from .options import ALL_PASS_RAMSCH, ALL_PASS_SAME_DEALER, DEAL_ORDER_FOSTER, MULTIPLIERS

TALON: Final = -1


def deal_pattern(order: str) -> tuple[int, ...]:
    """Deck position -> who gets the card: 0 eldest, 1 middle, 2 the third player, -1 talon.

    >>> deal_pattern("1-4-8")[:10]
    (-1, 0, 1, -1, 2, 0, 1, -1, 2, 0)
    >>> deal_pattern("3-widow-4-4")[:13]
    (0, 0, 0, 1, 1, 1, 2, 2, 2, -1, -1, -1, 0)
    """
    if order == DEAL_ORDER_FOSTER:
        packets = [(0, 3), (1, 3), (2, 3), (TALON, 3)] + [(role, 4) for role in (0, 1, 2)] * 2
        return tuple(role for role, size in packets for _ in range(size))
    pattern: list[int] = []
    role = 0
    for position in range(36):
        if position in (0, 3, 7):
            pattern.append(TALON)
        else:
            pattern.append(role)
            role = (role + 1) % 3
    return tuple(pattern)


def positions(pattern: tuple[int, ...], role: int) -> list[int]:
    """The deck positions whose card goes to ``role`` in a deal pattern."""
    return [position for position, who in enumerate(pattern) if who == role]


@dataclass(frozen=True, slots=True)
class FrogRules:
    """The rules of one Frog game, built once from its options (see :meth:`from_options`)."""

    deal_pattern: tuple[int, ...]
    """Deck position -> who gets the card (see :func:`deal_pattern`)."""
    talon_positions: tuple[int, ...]
    """The deck positions of the talon cards."""
    hand_positions: tuple[tuple[int, ...], ...]
    """Per role (eldest, middle, third): the deck positions of its hand."""
    take_talon: Callable[[list[int]], Any] = field(compare=False)
    """Picks the talon cards out of a deck of card ints."""
    take_hands: tuple[Callable[[list[int]], Any], ...] = field(compare=False)
    """Per role: picks that role's hand out of a deck of card ints."""
    multipliers: tuple[int, int, int]
    """The values of Frage, Solo and Heart Solo (option ``multipliers``)."""
    all_pass_ramsch: bool
    """All pass: play Ramsch (else the deal is thrown in)."""
    all_pass_same_dealer: bool
    """A thrown-in deal is dealt again by the same dealer."""
    frage_talon_shown: bool
    """The opponents see a Frage talon (``frage_talon="shown"``)."""
    second_out_neutral: bool
    """With five, the second seat out neither pays nor collects (``second_out="neutral"``)."""
    deals: int
    """A fixed number of deals (0: play to the target)."""
    target: int
    max_deals: int

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> FrogRules:
        """The rules of a game with these (resolved) options."""
        pattern = deal_pattern(str(options["deal_order"]))
        talon = tuple(positions(pattern, TALON))
        hands = tuple(tuple(positions(pattern, role)) for role in range(3))
        return cls(
            deal_pattern=pattern,
            talon_positions=talon,
            hand_positions=hands,
            take_talon=itemgetter(*talon),
            take_hands=tuple(itemgetter(*places) for places in hands),
            multipliers=MULTIPLIERS[str(options["multipliers"])],
            all_pass_ramsch=options["all_pass"] == ALL_PASS_RAMSCH,
            all_pass_same_dealer=options["all_pass"] == ALL_PASS_SAME_DEALER,
            frage_talon_shown=options["frage_talon"] == "shown",
            second_out_neutral=options["second_out"] == "neutral",
            deals=int(options["deals"]),
            target=int(options["target"]),
            max_deals=int(options["max_deals"]),
        )


__all__ = ["TALON", "FrogRules", "deal_pattern", "positions"]
