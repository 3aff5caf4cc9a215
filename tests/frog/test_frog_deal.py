"""Frog §B1-§B2 and §B7: the pack, the card points, seats, and the deal with its talon."""

from __future__ import annotations

import pytest
from frog_helpers import ALL_CARDS, deal, frog_deck

import solocards
from helpers import refused
from solocards.games.frog.cards import POINTS, STRENGTH, parse_card


def test_the_pack_is_36_cards_of_four_suits_six_to_ace() -> None:
    game = solocards.make("frog")
    assert game.deck() == ALL_CARDS
    assert len(set(game.deck())) == 36


def test_card_points_are_a11_t10_k4_q3_j2_and_120_in_all() -> None:
    for suit in "CDHS":
        points = {rank: POINTS[parse_card(rank + suit)] for rank in "6789TJQKA"}
        assert points == {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
    assert sum(POINTS) == 120


def test_ranking_is_a_ten_k_q_j_9_8_7_6() -> None:
    order = [STRENGTH[parse_card(rank + "S")] for rank in "ATKQJ9876"]
    assert order == sorted(order, reverse=True) and len(set(order)) == 9


def test_talon_is_the_1st_4th_and_8th_card_and_the_rest_go_round_from_eldest() -> None:
    game = solocards.make("frog")
    snapshot = game.deal(deck=game.deck(), dealer=0).snapshot()
    # deck positions (1-based): #1, #4, #8 talon; #2 eldest (seat 1), #3 middle (seat 2),
    # #5 dealer (seat 0), #6 eldest, #7 middle, #9 dealer, #10 eldest, ...
    assert snapshot["talon"] == ["6C", "9C", "KC"]
    assert snapshot["hands"][1][:3] == ["7C", "JC", "6D"]
    assert snapshot["hands"][2][:3] == ["8C", "QC", "7D"]
    assert snapshot["hands"][0][:3] == ["TC", "AC", "8D"]
    assert [len(hand) for hand in snapshot["hands"]] == [11, 11, 11]
    assert snapshot["hands"][1] == [
        "7C", "JC", "6D", "9D", "QD", "6H", "9H", "QH", "6S", "9S", "QS",
    ]  # fmt: skip


def test_the_deal_follows_the_dealer() -> None:
    game = solocards.make("frog")
    snapshot = game.deal(deck=game.deck(), dealer=2).snapshot()
    assert snapshot["hands"][0][:2] == ["7C", "JC"]  # seat 0 is eldest when seat 2 deals
    assert snapshot["hands"][2][:2] == ["TC", "AC"]
    assert snapshot["to_act"] == [0]


def test_foster_deal_order_option_deals_three_widow_four_four() -> None:
    game = solocards.make("frog", deal_order="3-widow-4-4")
    snapshot = game.deal(deck=game.deck(), dealer=0).snapshot()
    assert snapshot["talon"] == ["6D", "7D", "8D"]
    assert snapshot["hands"][1] == [
        "6C", "7C", "8C", "9D", "TD", "JD", "QD", "QH", "KH", "AH", "6S",
    ]  # fmt: skip
    assert snapshot["hands"][2][:3] == ["9C", "TC", "JC"]
    assert snapshot["hands"][0][:3] == ["QC", "KC", "AC"]


def test_four_players_the_dealer_takes_no_cards_and_never_acts() -> None:
    game = solocards.make("frog", players=4)
    state = game.deal(deck=game.deck(), dealer=2)
    snapshot = state.snapshot()
    assert snapshot["hands"][2] == []
    assert snapshot["hands"][3][:2] == ["7C", "JC"]  # eldest, left of the dealer
    assert snapshot["hands"][0][:2] == ["8C", "QC"]
    assert snapshot["hands"][1][:2] == ["TC", "AC"]
    assert state.to_act == [3]
    assert state.legal_actions(2) == []
    message = refused(state, 2, "frage")
    assert "sits out" in message and "§B7" in message


def test_helper_deals_the_hands_it_is_asked_for() -> None:
    state = deal({1: ["AH", "TH"], 0: ["6S"]}, ["QC", "QD", "QS"], dealer=0)
    snapshot = state.snapshot()
    assert {"AH", "TH"} <= set(snapshot["hands"][1])
    assert "6S" in snapshot["hands"][0]
    assert sorted(snapshot["talon"]) == ["QC", "QD", "QS"]


def test_a_deck_that_is_not_the_frog_pack_is_refused() -> None:
    game = solocards.make("frog")
    deck = frog_deck({})
    with pytest.raises(solocards.DeckError, match="missing"):
        game.deal(deck=deck[:-1])
    with pytest.raises(solocards.DeckError, match="unexpected"):
        game.deal(deck=[*deck[:-1], "5H"])
    with pytest.raises(solocards.OptionError, match="dealer"):
        game.deal(deck=deck, dealer=3)


def test_a_seeded_deal_is_reproducible() -> None:
    game = solocards.make("frog")
    assert game.deal(seed=9).snapshot() == game.deal(seed=9).snapshot()
    assert game.deal(seed=9).snapshot() != game.deal(seed=10).snapshot()


def test_card_notation_is_exact() -> None:
    game = solocards.make("frog")
    assert game.action_name(game.action_id("TS")) == "TS"
    for bad in ("10S", "ts", "T♠", "5S", "discard:10H", "trump:X", "Frage"):
        with pytest.raises(solocards.NotationError):
            game.action_id(bad)
    with pytest.raises(solocards.NotationError, match="rank"):
        parse_card("1S")
