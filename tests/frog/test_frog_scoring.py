"""Frog §B6 (settlement, the examples' exact figures, multipliers), §B7 and edge cases 21, 26.

The deals below are played out with a fixed policy (every seat takes its legal action with the
smallest id), so each deck fixes the declarer's card points; the figures come from the engine.
"""

from __future__ import annotations

from typing import Any

from frog_helpers import deal

from helpers import apply_all, play_out
from solocards.core.game import State

HEART_SOLO_75: dict[str, Any] = {
    "hands": {
        0: ["7C", "8C", "TC", "8D", "JD", "QD", "6H", "8H", "TH", "QS", "KS"],
        1: ["6C", "9C", "JC", "7D", "TD", "9H", "JH", "QH", "AH", "6S", "AS"],
        2: ["QC", "KC", "6D", "9D", "KD", "7H", "7S", "8S", "9S", "TS", "JS"],
    },
    "talon": ["KH", "AD", "AC"],
    "auction": [(1, "heart-solo")],
}
FRAGE_52: dict[str, Any] = {
    "hands": {
        0: ["7C", "KC", "AC", "7D", "JD", "9H", "TH", "QH", "AH", "7S", "JS"],
        1: ["6C", "8C", "9C", "TC", "JC", "TD", "AD", "7H", "JH", "9S", "TS"],
        2: ["QC", "6D", "8D", "9D", "QD", "KD", "8H", "KH", "8S", "KS", "AS"],
    },
    "talon": ["6H", "6S", "QS"],
    "auction": [(1, "frage"), (2, "pass"), (0, "pass")],
}
SOLO_60: dict[str, Any] = {
    "hands": {
        0: ["6C", "7C", "JC", "AC", "7D", "JD", "AD", "6S", "JS", "KS", "AS"],
        1: ["9C", "8D", "TD", "7H", "8H", "TH", "QH", "AH", "7S", "8S", "QS"],
        2: ["8C", "TC", "QC", "KC", "9D", "QD", "KD", "6H", "9H", "KH", "9S"],
    },
    "talon": ["6D", "TS", "JH"],
    "auction": [(1, "solo"), (2, "pass"), (0, "pass"), (1, "trump:S")],
}


def played(case: dict[str, Any], players: int = 3, **options: Any) -> State:
    """Deal a case and play it out; with 4 or 5 players seat 0 deals and sits out, and the
    seat on his right (3 or 4) plays the dealer's part (with 5, seat 3 sits out too)."""
    hands = dict(case["hands"])
    auction = list(case["auction"])
    if players > 3:
        third = players - 1
        hands[third] = hands.pop(0)
        auction = [(third if seat == 0 else seat, action) for seat, action in auction]
    state = deal(hands, case["talon"], players=players, **options)
    apply_all(state, auction)
    play_out(state)
    return state


def test_heart_solo_with_75_points_each_opponent_pays_45() -> None:
    result = played(HEART_SOLO_75).result
    assert result is not None
    assert result["contract"] == "heart-solo" and result["declarer"] == 1
    assert result["declarer_points"] == 75 and result["opponent_points"] == 45
    assert result["scores"] == [-45, 90, -45]
    assert result["winners"] == [1]


def test_frage_with_52_points_the_declarer_pays_8_to_each() -> None:
    state = played(FRAGE_52)
    result = state.result
    assert result is not None
    assert result["contract"] == "frage" and result["declarer_points"] == 52
    assert result["scores"] == [8, -16, 8]
    assert result["winners"] == [0, 2]
    assert result["declarer_points"] == state.snapshot()["points"][1]  # discards: no points


def test_exactly_60_is_a_standoff() -> None:
    result = played(SOLO_60).result
    assert result is not None
    assert result["declarer_points"] == 60 and result["difference"] == 0
    assert result["scores"] == [0, 0, 0] and result["winners"] == []


def test_solo_pays_twice_per_point() -> None:
    state = deal(HEART_SOLO_75["hands"], HEART_SOLO_75["talon"])
    apply_all(state, [(1, "solo"), (2, "pass"), (0, "pass"), (1, "trump:C")])
    play_out(state)
    result = state.result
    assert result is not None and result["multiplier"] == 2
    d = result["declarer_points"] - 60
    assert result["scores"][1] == 4 * d and result["scores"][0] == result["scores"][2] == -2 * d


def test_multipliers_1_2_4_option_pays_heart_solo_four_times() -> None:
    result = played(HEART_SOLO_75, multipliers="1-2-4").result
    assert result is not None
    assert result["multiplier"] == 4 and result["scores"] == [-60, 120, -60]
    frage = played(FRAGE_52, multipliers="1-2-4").result
    assert frage is not None and frage["scores"] == [8, -16, 8]


def test_four_players_the_dealer_never_pays_for_a_success() -> None:
    result = played(HEART_SOLO_75, players=4).result
    assert result is not None
    assert result["declarer_points"] == 75
    assert result["scores"] == [0, 90, -45, -45]  # seat 0 deals and sits out


def test_four_players_the_dealer_collects_when_the_declarer_fails() -> None:
    result = played(FRAGE_52, players=4).result
    assert result is not None
    assert result["declarer_points"] == 52
    assert result["scores"] == [8, -24, 8, 8]  # edge case 26
    assert result["winners"] == [0, 2, 3]


def test_four_players_exactly_60_pays_nobody() -> None:
    result = played(SOLO_60, players=4).result
    assert result is not None and result["scores"] == [0, 0, 0, 0]


def test_five_players_the_two_who_sit_out_never_pay_for_a_success() -> None:
    # §B7 read for five: seats 0 (the dealer) and 3 take no cards
    result = played(HEART_SOLO_75, players=5).result
    assert result is not None and result["declarer_points"] == 75
    assert result["scores"] == [0, 90, -45, 0, -45]


def test_five_players_both_who_sit_out_collect_when_the_declarer_fails() -> None:
    result = played(FRAGE_52, players=5).result
    assert result is not None and result["declarer_points"] == 52
    assert result["scores"] == [8, -32, 8, 8, 8]
    assert result["winners"] == [0, 2, 3, 4]


def test_five_players_exactly_60_pays_nobody() -> None:
    result = played(SOLO_60, players=5).result
    assert result is not None and result["scores"] == [0] * 5
