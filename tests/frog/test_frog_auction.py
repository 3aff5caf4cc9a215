"""Frog §B3 (the auction, all-pass) and edge cases 24 and 25."""

from __future__ import annotations

import pytest
from frog_helpers import deal

import solocards
from helpers import apply_all, play_out, refused

# With dealer 0: eldest is seat 1, middle seat 2, the dealer seat 0.


def test_eldest_speaks_first_then_the_bidding_goes_clockwise() -> None:
    state = deal({})
    assert state.to_act == [1]
    assert state.snapshot()["phase"] == "bidding"
    assert state.legal_actions(1) == ["pass", "frage", "solo", "heart-solo"]
    assert state.legal_actions(2) == [] and state.legal_actions(0) == []
    state.apply(1, "pass")
    assert state.to_act == [2]
    state.apply(2, "pass")
    assert state.to_act == [0]


def test_a_bid_must_be_strictly_higher_and_levels_may_be_skipped() -> None:
    state = deal({})
    state.apply(1, "frage")
    assert state.legal_actions(2) == ["pass", "solo", "heart-solo"]
    state.apply(2, "solo")
    assert state.legal_actions(0) == ["pass", "heart-solo"]


@pytest.mark.parametrize("lower", ["frage", "solo"])
def test_bidding_lower_or_equal_is_refused_naming_the_rule(lower: str) -> None:
    state = deal({})
    state.apply(1, "solo")
    message = refused(state, 2, lower)
    assert "strictly higher" in message and "§B3" in message


def test_a_passed_player_is_out_of_the_auction() -> None:
    state = deal({})
    apply_all(state, [(1, "pass"), (2, "frage"), (0, "solo")])
    assert state.to_act == [2]  # eldest passed: the turn skips him
    message = refused(state, 1, "heart-solo")
    assert "passed" in message and "§B3" in message
    state.apply(2, "pass")
    assert state.is_over is False
    snapshot = state.snapshot()
    assert snapshot["declarer"] == 0 and snapshot["contract"] == "solo"
    assert snapshot["phase"] == "declaring"


def test_a_player_cannot_raise_his_own_standing_bid() -> None:
    state = deal({})
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    snapshot = state.snapshot()
    assert snapshot["declarer"] == 1 and snapshot["contract"] == "frage"
    assert snapshot["phase"] == "discarding"  # eldest never got a turn to raise frage


def test_an_overbid_player_may_raise() -> None:
    state = deal({})
    apply_all(state, [(1, "frage"), (2, "solo"), (0, "pass")])
    assert state.to_act == [1]
    assert state.legal_actions(1) == ["pass", "heart-solo"]
    state.apply(1, "heart-solo")
    snapshot = state.snapshot()
    assert snapshot["declarer"] == 1 and snapshot["contract"] == "heart-solo"


def test_heart_solo_ends_the_auction_at_once() -> None:
    state = deal({})
    apply_all(state, [(1, "pass"), (2, "heart-solo")])
    snapshot = state.snapshot()
    assert snapshot["phase"] == "playing" and snapshot["trump"] == "H"
    assert snapshot["declarer"] == 2
    assert state.to_act == [1]  # eldest leads to trick 1 (§B5)


def test_the_last_player_to_speak_may_still_bid_after_two_passes() -> None:
    state = deal({})
    apply_all(state, [(1, "pass"), (2, "pass")])
    assert state.legal_actions(0) == ["pass", "frage", "solo", "heart-solo"]
    state.apply(0, "frage")
    snapshot = state.snapshot()
    assert snapshot["declarer"] == 0 and snapshot["phase"] == "discarding"


def test_no_card_play_or_discard_during_the_auction() -> None:
    state = deal({1: ["AH"]})
    assert "auction" in refused(state, 1, "AH")
    assert "auction" in refused(state, 1, "discard:AH")
    assert "auction" in refused(state, 1, "trump:S")


def test_not_your_turn_is_refused() -> None:
    state = deal({})
    message = refused(state, 2, "frage")
    assert "not seat 2's turn" in message and "seat 1" in message


def test_all_pass_default_throws_the_hand_in_with_no_payment() -> None:
    state = deal({})
    apply_all(state, [(1, "pass"), (2, "pass"), (0, "pass")])
    assert state.is_over and state.to_act == []
    assert state.result is not None
    assert state.result["scores"] == [0, 0, 0] and state.result["winners"] == []
    assert state.result["thrown_in"] is True
    assert state.snapshot()["phase"] == "over"
    game = solocards.make("frog")
    assert game.next_dealer(0, state.result) == 1


def test_all_pass_same_dealer_option_redeals_by_the_same_dealer() -> None:
    state = deal({}, all_pass="same_dealer")
    apply_all(state, [(1, "pass"), (2, "pass"), (0, "pass")])
    assert state.result is not None and state.result["scores"] == [0, 0, 0]
    game = solocards.make("frog", all_pass="same_dealer")
    assert game.next_dealer(0, state.result) == 0
    match = game.match(seed=3)
    dealer = match.state.dealer
    for _ in range(3):
        match.apply(match.to_act[0], "pass")
    assert match.state.dealer == dealer and match.round_index == 1


def test_all_pass_ramsch_option_plays_without_trump_and_the_most_points_pay() -> None:
    hands = {
        1: ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C", "6C", "AD", "TD"],
        2: ["KD", "QD", "JD", "9D", "8D", "7D", "6D", "AH", "TH", "KH", "QH"],
        0: ["JH", "9H", "8H", "7H", "6H", "AS", "TS", "KS", "QS", "JS", "9S"],
    }
    state = deal(hands, ["8S", "7S", "6S"], all_pass="ramsch")
    apply_all(state, [(1, "pass"), (2, "pass"), (0, "pass")])
    snapshot = state.snapshot()
    assert snapshot["phase"] == "playing" and snapshot["contract"] == "ramsch"
    assert snapshot["trump"] is None and snapshot["declarer"] is None
    assert state.to_act == [1]
    state.apply(1, "AC")
    # seat 2 has no clubs and, with no trump, may play any card
    assert len(state.legal_actions(2)) == 11
    play_out(state)
    result = state.result
    assert result is not None and result["contract"] == "ramsch"
    points = result["points"]
    assert sum(points) == 120
    loser = max(range(3), key=lambda seat: points[seat])
    assert result["losers"] == [loser]
    for seat in range(3):
        if seat != loser:
            assert result["scores"][seat] == points[loser] - points[seat]
    assert sum(result["scores"]) == 0


def test_ramsch_talon_goes_to_the_winner_of_the_last_trick() -> None:
    hands = {
        1: ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C", "6C", "AD", "TD"],
        2: ["KD", "QD", "JD", "9D", "8D", "7D", "6D", "AH", "TH", "KH", "QH"],
        0: ["JH", "9H", "8H", "7H", "6H", "QS", "JS", "9S", "8S", "7S", "6S"],
    }
    state = deal(hands, ["AS", "TS", "KS"], all_pass="ramsch")
    apply_all(state, [(1, "pass"), (2, "pass"), (0, "pass")])
    play_out(state)
    snapshot = state.snapshot()
    result = state.result
    assert result is not None
    last = snapshot["trick_winners"][-1]
    for seat in range(3):
        bonus = 25 if seat == last else 0  # the talon AS TS KS
        assert result["points"][seat] == snapshot["points"][seat] + bonus
    assert sum(snapshot["points"]) == 95
