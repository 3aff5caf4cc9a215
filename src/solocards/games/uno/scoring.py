"""UNO's scoring (shedding.md §2.8): the result of a round and the end of the match.

Standard scoring: the player who goes out scores the points left in every hand; the match ends
at ``target_score`` (or after ``rounds`` rounds) and the highest total wins. Alternative
scoring: each player scores the points left in his own hand, and the lowest total wins. A
deadlocked round scores nothing.

>>> from solocards.games.uno.cards import KIND_INDEX
>>> hands = [[], [KIND_INDEX["R5"], KIND_INDEX["W"]], [KIND_INDEX["GS"]]]
>>> round_result(hands, 0, alternative=False)
{'scores': [75, 0, 0], 'winners': [0], 'reason': 'out'}
>>> round_result(hands, 0, alternative=True)["scores"]
[0, 55, 20]
"""

from __future__ import annotations

from ...core.game import Result
from .cards import hand_points
from .rules import UnoRules


def round_result(hands: list[list[int]], winner: int, *, alternative: bool) -> Result:
    """The result of a finished round; ``winner`` -1: a deadlock."""
    n = len(hands)
    if winner < 0:
        return {"scores": [0] * n, "winners": [], "reason": "deadlock"}
    if alternative:
        scores = [hand_points(hand) for hand in hands]
    else:
        scores = [0] * n
        scores[winner] = sum(hand_points(hand) for hand in hands)
    return {"scores": scores, "winners": [winner], "reason": "out"}


def match_winners(rules: UnoRules, totals: list[int]) -> list[int]:
    """Standard scoring: the highest total; alternative scoring: the lowest (ties share)."""
    best = min(totals) if rules.alternative_scoring else max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def match_over(rules: UnoRules, totals: list[int], rounds_played: int) -> bool:
    """At the target score (or after ``rounds`` rounds); ``tie_break=extra_round`` plays on
    while the best total is shared."""
    over = max(totals) >= rules.target_score
    if rules.rounds and rounds_played >= rules.rounds:
        over = True
    if over and rules.tie_extra_round:
        return len(match_winners(rules, totals)) == 1
    return over


__all__ = ["match_over", "match_winners", "round_result"]
