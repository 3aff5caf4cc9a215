"""Settling a finished Frog deal (rules §B6, §B7, and the all-pass options of §B3).

All functions here are pure: they take the figures of a finished deal and return the round's
result dict (``scores`` per seat, ``winners``, and the figures behind them).
"""

from __future__ import annotations

from typing import Any, Final

from .actions import CONTRACT_NAMES
from .cards import SUITS, TOTAL_POINTS

PIVOT: Final = TOTAL_POINTS // 2
"""60: the declarer is paid for every card point over it and pays for every point under it."""


def settle_contract(
    players: int,
    out: tuple[int, ...],
    declarer: int,
    opponents: tuple[int, ...],
    contract: int,
    trump: int,
    points: list[int],
    multipliers: tuple[int, int, int],
) -> dict[str, Any]:
    """The result of a played Frage, Solo or Heart Solo.

    ``points`` are each seat's card points; the declarer's, P, are those of his tricks plus his
    talon (Solo, Heart Solo) or his discard (Frage). With d = P - 60 and m the contract's
    multiplier, each active opponent pays d*m when d > 0, the declarer pays |d|*m to each
    opponent when d < 0, and exactly 60 is a standoff. The seats ``out`` took no cards and
    collect (the dealer with four players; the dealer and the second player to his right with
    five, or the dealer alone with ``second_out="neutral"``): each collects |d|*m when the
    declarer fails and never pays (§B7: "If the dealer took no cards, he receives for a
    shortfall but does not pay for the declarer's success", read for every seat that took no
    cards, or for the dealer only).

    >>> settle_contract(3, (), 1, (2, 0), 3, 2, [20, 75, 25], (1, 2, 3))["scores"]
    [-45, 90, -45]
    >>> settle_contract(3, (), 1, (2, 0), 1, 2, [30, 52, 38], (1, 2, 3))["scores"]
    [8, -16, 8]
    >>> settle_contract(5, (0, 3), 1, (2, 4), 1, 2, [0, 52, 30, 0, 38], (1, 2, 3))["scores"]
    [8, -32, 8, 8, 8]
    >>> settle_contract(5, (0,), 1, (2, 4), 1, 2, [0, 52, 30, 0, 38], (1, 2, 3))["scores"]
    [8, -24, 8, 0, 8]
    """
    multiplier = multipliers[contract - 1]
    declarer_points = points[declarer]
    difference = declarer_points - PIVOT
    stake = abs(difference) * multiplier
    scores = [0] * players
    if difference > 0:
        for seat in opponents:
            scores[seat] -= stake
            scores[declarer] += stake
    elif difference < 0:
        for seat in (*opponents, *out):
            scores[seat] += stake
            scores[declarer] -= stake
    return {
        "scores": scores,
        "winners": [seat for seat in range(players) if scores[seat] > 0],
        "contract": CONTRACT_NAMES[contract],
        "declarer": declarer,
        "trump": SUITS[trump],
        "declarer_points": declarer_points,
        "opponent_points": TOTAL_POINTS - declarer_points,
        "difference": difference,
        "multiplier": multiplier,
        "points": list(points),
        "thrown_in": False,
    }


def settle_thrown_in(players: int) -> dict[str, Any]:
    """All passed and the hand is thrown in (``all_pass`` throw_in or same_dealer): no payment."""
    return {
        "scores": [0] * players,
        "winners": [],
        "contract": None,
        "declarer": None,
        "trump": None,
        "thrown_in": True,
    }


def settle_ramsch(players: int, active: tuple[int, ...], points: list[int]) -> dict[str, Any]:
    """The result of a Ramsch (``all_pass="ramsch"``; a decision, the rules give no figures).

    ``points`` are each seat's card points, the talon counted for the winner of the last trick.
    The player with the most points loses: he pays each other active player the difference
    between their points. Players tied for most points each pay; a three-way tie pays nothing.

    >>> settle_ramsch(3, (1, 2, 0), [70, 30, 20])["scores"]
    [-90, 40, 50]
    """
    most = max(points[seat] for seat in active)
    losers = [seat for seat in active if points[seat] == most]
    scores = [0] * players
    for loser in losers:
        for seat in active:
            if seat not in losers:
                owed = points[loser] - points[seat]
                scores[loser] -= owed
                scores[seat] += owed
    return {
        "scores": scores,
        "winners": [seat for seat in range(players) if scores[seat] > 0],
        "contract": "ramsch",
        "declarer": None,
        "trump": None,
        "points": list(points),
        "losers": sorted(losers),
        "thrown_in": False,
    }
