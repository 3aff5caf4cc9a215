"""The action space of German Solo: every action string, its id, and the bid levels.

Ids, in this fixed order (56 in all):

- ``0..31``: playing a card; the id is the card int (``7C`` .. ``AS``).
- ``32`` ``pass``, ``33`` ``hold``.
- ``34..41``: the eight levels, low to high (a bid, or a proposal the holder must answer).
- ``42..45``: ``trump:C`` .. ``trump:S``.
- ``46..53``: ``call:AC`` .. ``call:AS``, then ``call:KC`` .. ``call:KS``.
- ``54`` ``alone`` (forcée partout or tout without a partner), ``55`` ``claim`` (take the won
  game after the declaring side's first five tricks instead of leading on to tout).
- five-handed only, ``56..63``: playing a Five or Six (``5C 6C 5D 6D 5H 6H 5S 6S``); the id is
  again the card int. Three and four players have the 56 actions.

>>> ACTION_NAMES[LEVEL_BASE + SOLO_C - 1], ACTION_NAMES[CALL_BASE + 1]
('solo-couleur', 'call:AD')
"""

from __future__ import annotations

from typing import Final

from .cards import ACE, CARD_NAMES, KING, LOW_CARDS, NAMES, SUITS, card_of

SIMPLE_S: Final = 1
SIMPLE_C: Final = 2
FP_S: Final = 3
FP_C: Final = 4
SOLO_S: Final = 5
SOLO_C: Final = 6
TOUT_S: Final = 7
TOUT_C: Final = 8
"""Bid levels, low to high (0 means no level)."""

LEVEL_NAMES: Final = (
    "simple",
    "simple-couleur",
    "forcee",
    "forcee-couleur",
    "solo",
    "solo-couleur",
    "tout",
    "tout-couleur",
)

PASS: Final = 32
HOLD: Final = 33
LEVEL_BASE: Final = 34
TRUMP_BASE: Final = 42
CALL_BASE: Final = 46
ALONE: Final = 54
CLAIM: Final = 55
NUM_ACTIONS: Final = 56

CALL_CARDS: Final[tuple[int, ...]] = tuple(card_of(s, ACE) for s in range(4)) + tuple(
    card_of(s, KING) for s in range(4)
)
"""The cards that may be called, in action order: the four Aces, then the four Kings."""

CALL_ID: Final[dict[int, int]] = {card: CALL_BASE + i for i, card in enumerate(CALL_CARDS)}
"""Card int -> the action id of calling it."""

ACTION_NAMES: Final[tuple[str, ...]] = (
    *CARD_NAMES,
    "pass",
    "hold",
    *LEVEL_NAMES,
    *(f"trump:{s}" for s in SUITS),
    *(f"call:{CARD_NAMES[c]}" for c in CALL_CARDS),
    "alone",
    "claim",
)
assert len(ACTION_NAMES) == NUM_ACTIONS


def action_names(players: int) -> tuple[str, ...]:
    """The action strings of a game for ``players``: the 56, plus the Fives and Sixes for five.

    >>> len(action_names(4)), action_names(5)[56:58]
    (56, ('5C', '6C'))
    """
    if players == 5:
        return (*ACTION_NAMES, *(NAMES[c] for c in LOW_CARDS))
    return ACTION_NAMES


def is_card(action_id: int) -> bool:
    """Whether an action id plays a card (0..31, or a Five or Six from 56)."""
    return action_id < PASS or action_id >= NUM_ACTIONS


def is_couleur_level(level: int) -> bool:
    """Whether a level is one of the ``-couleur`` levels."""
    return level % 2 == 0


def level_kind(level: int) -> int:
    """The contract type of a level: 1 simple, 2 forcée partout, 3 solo, 4 tout."""
    return (level + 1) // 2


__all__ = [
    "ACTION_NAMES",
    "ALONE",
    "CALL_BASE",
    "CALL_CARDS",
    "CALL_ID",
    "CLAIM",
    "FP_C",
    "FP_S",
    "HOLD",
    "LEVEL_BASE",
    "LEVEL_NAMES",
    "NUM_ACTIONS",
    "PASS",
    "SIMPLE_C",
    "SIMPLE_S",
    "SOLO_C",
    "SOLO_S",
    "TOUT_C",
    "TOUT_S",
    "TRUMP_BASE",
    "action_names",
    "is_card",
    "is_couleur_level",
    "level_kind",
]
