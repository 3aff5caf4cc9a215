"""Scoring of AMIGO's SOLO: the round result and the end of the match (§1.11, S-15).

Per round, ``result["points"][p]`` is the value of seat p's hand (§1.2: face value; Change
Direction 10; Skip 20; Plus Two and Swap 30; Wild and Swap all round 40; Wild Plus Four 50).
``result["scores"]`` depends on ``scoring``:

- ``bga_countdown`` (BGA): minus each hand's points (0 for the winner); the totals start at
  ``start_total`` (500) and the match ends after a round that leaves a total <= 0; highest wins.
- ``minus_points`` (the rulebook): each hand's points, as minus points received (0 for the
  winner); the match ends when a total reaches ``target_score`` (500); lowest wins.
- ``winner_collects``: the round winner scores every other hand's points, the others 0; the match
  ends when a total reaches ``target_score`` (600); highest wins.

A round ended by the dead-lock guard has no winner: every hand counts (winner_collects: nobody
scores). Equal best totals share the win, or under ``tie_break="most_rounds_won"`` go to the one
of them who won more rounds (still equal: shared).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Result
from .cards import hand_points
from .options import SCORING_BGA, SCORING_MINUS, TIE_ROUNDS

if TYPE_CHECKING:
    from .state import AmigoSoloState


def round_result(state: AmigoSoloState) -> Result:
    """The result of a finished round."""
    points = [hand_points(hand) for hand in state.hands]
    winner = state.winner
    scoring = state.rules.scoring
    if scoring == SCORING_BGA:
        scores = [-p for p in points]
    elif scoring == SCORING_MINUS:
        scores = list(points)
    else:
        scores = [0] * len(points)
        if winner >= 0:
            scores[winner] = sum(points)
    return {
        "scores": scores,
        "winners": [winner] if winner >= 0 else [],
        "points": points,
        "end": "deadlock" if state.deadlock else "out",
    }


def match_over(scoring: str, threshold: int, totals: list[int]) -> bool:
    """Whether the match ends with these totals."""
    if scoring == SCORING_BGA:
        return min(totals) <= 0
    return max(totals) >= threshold


def match_winners(
    scoring: str, tie_break: str, totals: list[int], results: list[Result]
) -> list[int]:
    """The winners of a finished match."""
    best = min(totals) if scoring == SCORING_MINUS else max(totals)
    seats = [seat for seat, total in enumerate(totals) if total == best]
    if len(seats) > 1 and tie_break == TIE_ROUNDS:
        won = [sum(seat in result["winners"] for result in results) for seat in range(len(totals))]
        most = max(won[seat] for seat in seats)
        seats = [seat for seat in seats if won[seat] == most]
    return seats
