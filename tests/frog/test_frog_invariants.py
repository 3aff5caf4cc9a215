"""Invariants of random Frog deals (hypothesis), records, and a few remaining edge cases."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from frog_helpers import deal
from hypothesis import given
from hypothesis import strategies as st

import solocards
from helpers import apply_all, play_out
from solocards.games.frog.cards import POINTS, parse_card

OPTIONS = st.fixed_dictionaries(
    {
        "all_pass": st.sampled_from(["throw_in", "same_dealer", "ramsch"]),
        "multipliers": st.sampled_from(["1-2-3", "1-2-4"]),
        "deal_order": st.sampled_from(["1-4-8", "3-widow-4-4"]),
        "frage_talon": st.sampled_from(["hidden", "shown"]),
    }
)


def points(cards: list[str]) -> int:
    return sum(POINTS[parse_card(card)] for card in cards)


@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]), options=OPTIONS)
def test_random_deals_settle_by_the_rules(seed: int, players: int, options: dict[str, Any]) -> None:
    game = solocards.make("frog", players=players, **options)
    state = game.deal(seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    snapshot = state.snapshot()
    result = state.result
    assert result is not None
    assert sum(result["scores"]) == 0
    if players == 4:
        assert state.dealer not in [seat for seat, _ in state.history]
    if result["thrown_in"]:
        assert result["scores"] == [0] * players
        return
    assert sum(snapshot["tricks_won"]) == 11
    if result["contract"] == "ramsch":
        assert sum(result["points"]) == 120
        return
    declarer = result["declarer"]
    extra = snapshot["discarded"] if result["contract"] == "frage" else snapshot["talon"]
    p = snapshot["points"][declarer] + points(extra)
    assert result["declarer_points"] == p
    m = {"frage": 1, "solo": 2, "heart-solo": 3}[result["contract"]]
    if options["multipliers"] == "1-2-4" and m == 3:
        m = 4
    stake = abs(p - 60) * m
    sitting_out = state.dealer if players == 4 else None
    opponents = [s for s in range(players) if s not in (declarer, sitting_out)]
    if p > 60:
        assert result["scores"][declarer] == 2 * stake
        assert all(result["scores"][s] == -stake for s in opponents)
        if sitting_out is not None:
            assert result["scores"][sitting_out] == 0
    elif p < 60:
        assert result["scores"][declarer] == -stake * (players - 1)
        assert all(result["scores"][s] == stake for s in range(players) if s != declarer)
    else:
        assert result["scores"] == [0] * players


def test_four_players_all_pass_and_ramsch_leave_the_dealer_out() -> None:
    state = deal({}, players=4, dealer=1)
    apply_all(state, [(2, "pass"), (3, "pass"), (0, "pass")])
    assert state.result is not None and state.result["scores"] == [0, 0, 0, 0]
    state = deal({}, players=4, dealer=1, all_pass="ramsch")
    apply_all(state, [(2, "pass"), (3, "pass"), (0, "pass")])
    assert state.to_act == [2]
    play_out(state)
    result = state.result
    assert result is not None and result["scores"][1] == 0 and result["points"][1] == 0
    assert sum(result["scores"]) == 0 and sum(result["points"]) == 120


def test_the_first_dealer_is_drawn_by_lot_from_the_match_seed() -> None:
    game = solocards.make("frog")
    dealers = {game.match(seed=seed).state.dealer for seed in range(20)}
    assert dealers == {0, 1, 2}
    assert game.match(seed=5).state.dealer == game.match(seed=5).state.dealer


def test_a_record_with_an_illegal_action_is_refused_with_its_place() -> None:
    game = solocards.make("frog")
    match = game.match(seed=7)
    dealer = match.state.dealer
    eldest, middle = (dealer + 1) % 3, (dealer + 2) % 3
    match.apply(eldest, "solo")
    match.apply(middle, "pass")
    match.apply(dealer, "pass")
    record = json.loads(json.dumps(match.record()))
    record["rounds"][0]["actions"].append([eldest, "trump:H"])
    with pytest.raises(solocards.IllegalActionError, match=r"round 1, step 4: .*never hearts"):
        solocards.replay(record)
    record["rounds"][0]["actions"][-1] = [eldest, "trump:S"]
    assert solocards.replay(record).state.snapshot()["trump"] == "S"


def test_a_clone_is_independent() -> None:
    state = deal({})
    state.apply(1, "frage")
    copy = state.clone()
    apply_all(copy, [(2, "pass"), (0, "pass")])
    copy.apply(1, copy.legal_actions(1)[0])
    assert state.snapshot()["phase"] == "bidding" and state.to_act == [2]
    assert len(copy.snapshot()["hands"][1]) == 13 and len(state.snapshot()["hands"][1]) == 11
    assert len(state.history) == 1 and len(copy.history) == 4


def test_an_unknown_seat_is_refused() -> None:
    state = deal({})
    for seat in (3, -1, True):
        with pytest.raises(solocards.IllegalActionError, match="no seat"):
            state.apply(seat, "pass")  # type: ignore[arg-type]
        with pytest.raises(solocards.IllegalActionError, match="no seat"):
            state.legal_actions(seat)  # type: ignore[arg-type]
        with pytest.raises(solocards.IllegalActionError, match="no seat"):
            state.view(seat)  # type: ignore[arg-type]
