"""Scoring, the end of the game, dealers and records (§2.7, U-1, U-6)."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import solocards
from solocards.games.uno.cards import hand_points, parse_card

from .uno_helpers import deal, hand, make


def points(cards: list[str]) -> int:
    return hand_points([parse_card(card) for card in cards])


def finished(**options: object) -> solocards.State:
    game = make(3, hand_size=3, **options)
    hands = [["W", "R9", "GS"], ["R2", "R3", "Y4"], ["B+2", "Y0", "Y7"]]
    state = deal(game, hands, "R7", draw=["B5", "B6"])
    # seat 1 goes out in three plays; seat 2 draws and keeps, seat 0 plays R9 and a Wild
    state.apply(1, "R2")
    state.apply(2, "draw")
    state.apply(2, "pass")
    state.apply(0, "R9")
    state.apply(1, "R3!")
    state.apply(2, "draw")
    state.apply(2, "pass")
    state.apply(0, "W:Y")
    state.apply(1, "Y4")
    assert state.is_over
    return state


def test_standard_scoring_winner_takes_the_others_points() -> None:
    state = finished()
    assert hand(state, 0) == ["GS"]
    assert hand(state, 2) == ["Y0", "Y7", "B5", "B6", "B+2"]
    others = 20 + (0 + 7 + 5 + 6 + 20)
    assert state.result == {"scores": [0, others, 0], "winners": [1], "reason": "out"}


def test_alternative_scoring_everyone_scores_their_hand() -> None:
    state = finished(scoring="alternative")
    assert state.result == {
        "scores": [points(hand(state, 0)), 0, points(hand(state, 2))],
        "winners": [1],
        "reason": "out",
    }


def random_match(seed: int, **options: object) -> solocards.Match:
    game = make(3, **options)
    match = game.match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        seat = rng.choice(match.to_act)
        actions = match.state.legal_actions(seat)
        # prefer plays so that rounds end (pure random play draws a lot)
        plays = [a for a in actions if a[0] in "RYGBW" and not a.startswith("W")] or actions
        match.apply(seat, rng.choice(plays))
    return match


def test_a_match_to_500() -> None:
    match = random_match(4)
    assert max(match.totals) >= 500
    assert match.winners == [match.totals.index(max(match.totals))]
    assert sorted(match.totals)[-2] < 500  # only the round winner scores: no ties
    assert match.totals == [sum(r["scores"][s] for r in match.results) for s in range(3)]
    record = match.record()
    dealers = [round_["dealer"] for round_ in record["rounds"]]
    assert dealers[0] == match.game.first_dealer(4)
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(dealers))
    again = solocards.replay(json.loads(json.dumps(record)))
    assert again.totals == match.totals
    assert again.winners == match.winners
    assert again.state.snapshot() == match.state.snapshot()


def test_target_score_and_rounds() -> None:
    short = random_match(5, target_score=60)
    assert max(short.totals) >= 60
    assert len(short.results) < len(random_match(5).results)
    two = random_match(6, rounds=2, target_score=100_000)
    assert len(two.results) == 2


def test_alternative_match_lowest_total_wins() -> None:
    match = random_match(7, scoring="alternative", target_score=150)
    assert max(match.totals) >= 150
    assert match.winners == [s for s, t in enumerate(match.totals) if t == min(match.totals)]


@pytest.mark.parametrize(
    ("scoring", "totals", "over", "winners"),
    [
        ("alternative", [510, 40, 40], True, [1, 2]),
        ("alternative", [499, 40, 60], False, [1]),
        ("standard", [520, 40, 60], True, [0]),
    ],
)
def test_match_end_and_shared_wins(
    scoring: str, totals: list[int], over: bool, winners: list[int]
) -> None:
    game = make(3, scoring=scoring)
    assert game.match_over(totals, []) is over
    assert game.match_winners(totals, []) == winners


def test_tie_break_extra_round() -> None:
    game = make(3, scoring="alternative", tie_break="extra_round")
    assert game.match_over([510, 40, 40], []) is False
    assert game.match_over([510, 40, 41], []) is True
    limited = make(3, rounds=3, tie_break="extra_round")
    assert limited.match_over([10, 10, 0], [{}] * 3) is False
    assert limited.match_over([10, 9, 0], [{}] * 3) is True


def test_record_rejects_an_illegal_action() -> None:
    match = make(3).match(seed=2)
    seat = match.to_act[0]
    match.apply(seat, match.state.legal_actions(seat)[0])
    record = match.record()
    record["rounds"][0]["actions"].append([seat, "R77"])
    with pytest.raises(solocards.NotationError, match="round 1, step 2"):
        solocards.replay(record)
    record["rounds"][0]["actions"][-1] = [(seat + 1) % 3, "challenge"]
    with pytest.raises(solocards.IllegalActionError, match="round 1, step 2"):
        solocards.replay(record)
