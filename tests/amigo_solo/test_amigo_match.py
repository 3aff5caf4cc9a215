"""amigo-solo §1.10 (the end of a round; S-13), §1.11 (scoring; S-15), §3.1.15, whole matches
and records."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from amigo_helpers import deal, hands

import solocards

ONE = [["W+4"], ["R5"], ["BS"]]  # 50, 5 and 20 points


def test_the_round_ends_at_once_when_a_hand_is_empty() -> None:
    state = deal(ONE, "R2")
    state.apply(1, "R5")
    assert state.is_over and state.to_act == [] and state.legal_actions(2) == []
    assert state.result is not None and state.result["winners"] == [1]
    with pytest.raises(solocards.IllegalActionError, match="round is over"):
        state.apply(2, "draw")


@pytest.mark.parametrize(
    ("scoring", "scores"),
    [
        ("bga_countdown", [-50, 0, -20]),
        ("minus_points", [50, 0, 20]),
        ("winner_collects", [0, 70, 0]),
    ],
)
def test_round_scores_per_scoring_mode(scoring: str, scores: list[int]) -> None:
    state = deal(ONE, "R2", scoring=scoring)
    state.apply(1, "R5")
    assert state.result == {"scores": scores, "winners": [1], "points": [50, 0, 20], "end": "out"}


def test_a_plus_two_as_the_last_card_has_no_effect_by_default() -> None:
    state = deal([["G1"], ["R+2"], ["B1"]], "R2", draw=["Y9", "Y8"])
    state.apply(1, "R+2")
    assert state.is_over and hands(state)[2] == ["B1"]
    assert state.result is not None and state.result["points"] == [1, 0, 1]


def test_resolve_draws_makes_the_next_player_draw_before_scoring() -> None:
    # §3.1.15: the penalty cards count in the scoring
    state = deal(
        [["G1"], ["W+4"], ["B1"]],
        "R2",
        draw=["Y9", "Y8", "B9", "RS"],
        last_card_effects="resolve_draws",
    )
    state.apply(1, "W+4:G")
    assert state.is_over and hands(state)[2] == sorted(["B1", "Y9", "Y8", "B9", "RS"])
    assert state.result is not None and state.result["points"] == [1, 0, 1 + 9 + 8 + 9 + 20]


def test_resolve_draws_adds_the_last_card_to_a_stacked_chain() -> None:
    state = deal(
        [["G1"], ["R+2"], ["B1"]],
        "B+2",
        draw=["Y1", "Y2", "Y3", "Y4", "Y5"],
        first_card_mode="apply_to_first_player",
        last_card_effects="resolve_draws",
    )
    assert state.snapshot()["pending_draw"] == 2
    state.apply(1, "R+2")  # the last card stacks: seat 2 takes 2 + 2
    assert state.is_over and hands(state)[2] == ["B1", "Y1", "Y2", "Y3", "Y4"]
    assert state.snapshot()["pending_draw"] == 0


def test_match_hooks_of_the_bga_countdown() -> None:
    game = solocards.make("amigo-solo", players=3)
    assert game.initial_totals() == [500, 500, 500]
    assert not game.match_over([10, 500, 1], [])
    assert game.match_over([0, 500, 1], [])
    assert game.match_winners([-5, 200, 200], []) == [1, 2]
    assert solocards.make("amigo-solo", players=3, start_total=50).initial_totals() == [50] * 3


def test_match_hooks_of_minus_points_and_winner_collects() -> None:
    minus = solocards.make("amigo-solo", players=3, scoring="minus_points")
    assert minus.initial_totals() == [0, 0, 0]
    assert not minus.match_over([499, 0, 10], []) and minus.match_over([500, 0, 10], [])
    assert minus.match_winners([500, 30, 70], []) == [1]
    collect = solocards.make("amigo-solo", players=3, scoring="winner_collects")
    assert not collect.match_over([599, 0, 0], []) and collect.match_over([600, 0, 0], [])
    assert collect.match_winners([600, 10, 0], []) == [0]
    custom = solocards.make("amigo-solo", players=3, scoring="winner_collects", target_score=100)
    assert custom.match_over([100, 0, 0], [])


def test_tie_break_by_rounds_won() -> None:
    results = [{"winners": [0]}, {"winners": [2]}, {"winners": [0]}, {"winners": []}]
    shared = solocards.make("amigo-solo", players=3)
    assert shared.match_winners([100, -20, 100], results) == [0, 2]
    rounds = solocards.make("amigo-solo", players=3, tie_break="most_rounds_won")
    assert rounds.match_winners([100, -20, 100], results) == [0]


def play_match(game: solocards.Game, seed: int) -> solocards.Match:
    match = game.match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        seat = rng.choice(match.to_act)
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    return match


def test_a_whole_countdown_match_to_the_end_and_its_record() -> None:
    game = solocards.make("amigo-solo", players=3, start_total=150)
    match = play_match(game, 3)
    totals = [150] * 3
    for result in match.results:
        for seat, score in enumerate(result["scores"]):
            totals[seat] += score
    assert match.totals == totals and min(totals) <= 0
    assert all(min(t) > 0 for t in _running(150, match.results)[:-1])
    assert match.winners == [seat for seat in range(3) if totals[seat] == max(totals)]
    record = json.loads(json.dumps(match.record()))
    again = solocards.replay(record)
    assert again.is_over and again.totals == match.totals and again.winners == match.winners
    assert again.state.snapshot() == match.state.snapshot()


def _running(start: int, results: list[dict[str, list[int]]]) -> list[list[int]]:
    totals = [start] * len(results[0]["scores"])
    out = []
    for result in results:
        totals = [t + s for t, s in zip(totals, result["scores"], strict=True)]
        out.append(totals)
    return out


def test_the_dealer_passes_clockwise() -> None:
    game = solocards.make("amigo-solo", players=3, start_total=150)
    match = play_match(game, 5)
    dealers = [round_["dealer"] for round_ in match.record()["rounds"]]
    assert len(dealers) >= 2
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(dealers))


def test_a_record_with_an_illegal_action_is_rejected_with_its_place() -> None:
    game = solocards.make("amigo-solo", players=2)
    match = game.match(seed=1)
    seat = match.to_act[0]
    match.apply(seat, "draw")
    record = match.record()
    record["rounds"][0]["actions"].append([seat, "W"])
    with pytest.raises(solocards.NotationError, match="round 1, step 2"):
        solocards.replay(record)
