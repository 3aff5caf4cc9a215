"""The auction of §A5 as pure functions: who may name which level, and when passing is allowed.

The auction is a seniority auction. The first player who bids becomes the *holder*; each later
player in turn (a *challenger*) passes or proposes a higher level; the holder answers a proposal
with ``hold`` (he takes that level himself), a higher level (a raise) or ``pass`` (the challenger
becomes holder at the proposed level).

The holder of both Spadilla and Basta must announce forcée partout: he may not pass, nor name a
simple game, while the highest level named so far (a proposal he answers included) is below solo.
With option ``double_queen_pass=forfeit`` (the seed's rule 7) he may pass all the same; the
state then charges the forfeit and ends the deal.

Three-handed (Spitzeln) there is no partner to call: only solo and tout may be named
(``solo_only``), and nobody is obliged to bid.
"""

from __future__ import annotations

from typing import Final

from ...core.messages import Message, msg
from .actions import (
    FP_C,
    FP_S,
    HOLD,
    LEVEL_BASE,
    LEVEL_NAMES,
    PASS,
    SIMPLE_C,
    SIMPLE_S,
    SOLO_S,
    TOUT_C,
    is_couleur_level,
)

OPEN: Final = 0
CHALLENGE: Final = 1
ANSWER: Final = 2
"""Auction stages: nobody has bid yet; a challenger speaks; the holder answers a proposal."""


def eligible(level: int, double_queens: bool, couleur_defined: bool) -> bool:
    """Whether a player may name ``level`` (bid, propose, hold or raise to it).

    >>> eligible(FP_S, False, True), eligible(FP_S, True, True), eligible(SIMPLE_S, True, True)
    (False, True, False)
    """
    if level in (FP_S, FP_C):
        if not double_queens:
            return False
    elif level in (SIMPLE_S, SIMPLE_C) and double_queens:
        return False
    return couleur_defined or not is_couleur_level(level)


def ineligible_reason(level: int, double_queens: bool, couleur_defined: bool) -> Message | None:
    """Why ``eligible`` is false, in words (None if it is true)."""
    name = LEVEL_NAMES[level - 1]
    if level in (FP_S, FP_C) and not double_queens:
        return msg(
            "{level}: forcée partout may only be announced by the holder of both Spadilla and "
            "Basta (Q♣ and Q♠)",
            level=name,
        )
    if level in (SIMPLE_S, SIMPLE_C) and double_queens:
        return msg(
            "{level}: you hold Spadilla and Basta, so you must announce forcée partout "
            "(forcee) or a higher game, not a simple game (forcée partout obligation, rule 7)",
            level=name,
        )
    if is_couleur_level(level) and not couleur_defined:
        return msg(
            "{level}: there is no couleur yet (option couleur=first_won: it is the trump of the "
            "first game won), so only the in-suit levels exist",
            level=name,
        )
    return None


def pass_forbidden(double_queens: bool, highest: int) -> bool:
    """Whether a holder of both black queens faces a pass that rule 7 forbids."""
    return double_queens and highest < SOLO_S


_MEMO: Final[list[list[int] | None]] = [None] * (3 * 9 * 9 * 16)
"""The answers computed so far, at the index :func:`legal_ids` makes of its arguments."""


def legal_ids(
    stage: int,
    level: int,
    pending: int,
    dq: bool,
    couleur_defined: bool,
    solo_only: bool = False,
    may_forfeit: bool = False,
) -> list[int]:
    """The sorted legal action ids of the player to speak (shared lists: do not mutate).

    ``solo_only``: only solo and tout levels exist (three players). ``may_forfeit``: a holder of
    both black queens may pass all the same (rule 7's forfeit).

    >>> from .actions import ACTION_NAMES
    >>> [ACTION_NAMES[i] for i in legal_ids(OPEN, 0, 0, False, True, solo_only=True)]
    ['pass', 'solo', 'solo-couleur', 'tout', 'tout-couleur']
    >>> [ACTION_NAMES[i] for i in legal_ids(OPEN, 0, 0, True, True, may_forfeit=True)][:2]
    ['pass', 'forcee']
    """
    key = ((stage * 9 + level) * 9 + pending) * 16  # stage 0..2, levels 0..8
    key += 8 * dq + 4 * couleur_defined + 2 * solo_only + may_forfeit
    ids = _MEMO[key]
    if ids is None:
        ids = _compute(stage, level, pending, dq and not solo_only, couleur_defined, solo_only)
        if may_forfeit and dq and ids[:1] != [PASS]:
            ids = [PASS, *ids]
        _MEMO[key] = ids
    return ids


def _compute(
    stage: int, level: int, pending: int, dq: bool, couleur_defined: bool, solo_only: bool
) -> list[int]:
    highest = pending if stage == ANSWER else level
    ids: list[int] = []
    if not pass_forbidden(dq, highest):
        ids.append(PASS)
    if stage == ANSWER and eligible(pending, dq, couleur_defined):
        ids.append(HOLD)
    floor = max(highest + 1, SOLO_S) if solo_only else highest + 1
    for candidate in range(floor, TOUT_C + 1):
        if eligible(candidate, dq, couleur_defined):
            ids.append(LEVEL_BASE + candidate - 1)
    return ids


__all__ = [
    "ANSWER",
    "CHALLENGE",
    "OPEN",
    "eligible",
    "ineligible_reason",
    "legal_ids",
    "pass_forbidden",
]
