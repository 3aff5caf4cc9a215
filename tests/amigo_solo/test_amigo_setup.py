"""amigo-solo §1.2 (the deck), §1.3 (set-up, the first card, S-1) and §3.1.14."""

from __future__ import annotations

from collections import Counter

from amigo_helpers import DECK, deal, deck_order, hands, known

import solocards
from helpers import refused

APPLY = {"first_card_mode": "apply_to_first_player"}
H4 = [["R1", "R2", "Y+2"], ["Y1", "Y2", "G+2"], ["G1", "G2", "W+4"], ["B1", "B2", "B3"]]


def test_the_deck_has_112_cards_as_in_the_table() -> None:
    deck = Counter(DECK)
    assert len(DECK) == 112
    for colour in "RYGB":
        for value in range(1, 10):
            assert deck[f"{colour}{value}"] == 2
        for rank in ("S", "R", "+2"):
            assert deck[colour + rank] == 2
        assert deck[colour + "X"] == 1
    assert deck["W"] == deck["W+4"] == deck["WX"] == 4
    assert not any(card.endswith("0") for card in deck)


def test_dealing_is_one_card_at_a_time_clockwise_from_eldest() -> None:
    game = solocards.make("amigo-solo", players=3)
    mine = [[f"{colour}{value}" for value in range(1, 9)] for colour in "RYG"]
    deck = deck_order(mine, "B5", dealer=1)
    # dealer 1: eldest is seat 2; the first three cards go to seats 2, 0, 1
    assert deck[:3] == ["G1", "R1", "Y1"]
    state = game.deal(deck=deck, dealer=1)
    snap = state.snapshot()
    assert [len(hand) for hand in snap["hands"]] == [8, 8, 8]
    assert snap["hands"] == mine
    assert snap["discard_pile"] == ["B5"]
    assert snap["draw_pile"] == deck[25:]
    assert snap["current"] == 2 and state.to_act == [2] and snap["dealer"] == 1
    assert snap["direction"] == 1 and snap["color"] == "B" and snap["pending_draw"] == 0


def test_a_deck_that_is_not_the_112_cards_is_refused() -> None:
    game = solocards.make("amigo-solo")
    deck = game.deck()
    deck[0] = "R0"
    try:
        game.deal(deck=deck)
    except solocards.DeckError as error:
        assert "missing" in str(error) and "R0" in str(error)
    else:
        raise AssertionError("a bad deck was accepted")


def test_turn_until_number_keeps_action_cards_under_the_first_number() -> None:
    # §1.3.4 B and §3.1.14: black cards and actions stay under the number card
    state = deal(H4, ["RS", "W", "G+2", "WX", "B7"], draw=["Y9"])
    snap = state.snapshot()
    assert snap["discard_pile"] == ["RS", "W", "G+2", "WX", "B7"]
    assert snap["draw_pile"][0] == "Y9"
    assert snap["color"] == "B" and snap["pending_draw"] == 0 and snap["direction"] == 1
    assert state.to_act == [1]
    assert state.legal_actions(1) == ["draw"]  # Y1, Y2, G+2 do not match B7
    assert state.view(1)["discard_pile_size"] == 5


def test_turn_until_number_with_no_number_left_keeps_the_last_card_without_effect() -> None:
    # 10 hands of 11 leave two cards: both actions, so no number can show
    rest = list(DECK)
    rest.remove("RS")
    rest.remove("W")
    deck = [*rest, "RS", "W"]
    game = solocards.make("amigo-solo", players=10, hand_size=11)
    state = game.deal(deck=deck)
    snap = state.snapshot()
    assert snap["discard_pile"] == ["RS", "W"] and snap["draw_pile"] == []
    assert snap["color"] is None and snap["current"] == 1 and snap["pending_draw"] == 0
    hand = set(snap["hands"][1])
    # with no colour in force, every card of the hand may be played
    plays = {action.split(":")[0].split(">")[0].rstrip("!") for action in state.legal_actions(1)}
    assert hand <= plays


def test_apply_first_number_changes_nothing() -> None:
    state = deal(H4, "B7", **APPLY)
    assert state.to_act == [1] and state.snapshot()["phase"] == "play"


def test_apply_first_skip_skips_the_first_player() -> None:
    state = deal(H4, "BS", **APPLY)
    assert state.to_act == [2] and state.snapshot()["current"] == 2


def test_apply_first_change_direction_lets_the_dealer_start_counter_clockwise() -> None:
    state = deal(H4, "BR", draw=["Y9"], **APPLY)
    snap = state.snapshot()
    assert state.to_act == [0] and snap["direction"] == -1
    state.apply(0, "draw")  # Y9 does not match: the turn goes on counter-clockwise
    assert state.snapshot()["current"] == 3 and state.to_act == [3]


def test_apply_first_plus_two_is_a_pending_draw_the_first_player_may_stack() -> None:
    state = deal(H4, "B+2", **APPLY)
    assert state.snapshot()["pending_draw"] == 2
    assert state.legal_actions(1) == ["G+2", "draw"]
    state.apply(1, "G+2")
    snap = state.snapshot()
    assert snap["pending_draw"] == 4 and snap["current"] == 2


def test_apply_first_plus_two_paid_costs_the_turn() -> None:
    state = deal(H4, "B+2", draw=["R7", "R8"], **APPLY)
    state.apply(1, "draw")
    assert sorted(state.snapshot()["hands"][1]) == sorted(["Y1", "Y2", "G+2", "R7", "R8"])
    assert state.to_act == [2] and state.snapshot()["pending_draw"] == 0


def test_apply_first_wild_lets_the_first_player_name_the_colour() -> None:
    state = deal(H4, "W", **APPLY)
    assert state.snapshot()["phase"] == "choose_color"
    assert state.legal_actions(1) == ["color:R", "color:Y", "color:G", "color:B"]
    refused(state, 1, "Y1", "name its colour first", "rule 1.3")
    refused(state, 2, "color:G", "not your turn", "rule 1.3")
    state.apply(1, "color:G")
    snap = state.snapshot()
    assert snap["color"] == "G" and snap["current"] == 1 and snap["phase"] == "play"
    assert state.legal_actions(1) == ["G+2", "draw"]


def test_apply_first_wild_plus_four_names_the_colour_then_the_penalty_is_pending() -> None:
    state = deal(H4, "W+4", **APPLY)
    state.apply(1, "color:R")
    assert state.snapshot()["pending_draw"] == 4
    assert state.legal_actions(1) == ["draw"]  # G+2 cannot answer a Wild Plus Four (S-5)


def test_apply_first_swap_lets_the_first_player_swap_with_a_seat_of_their_choice() -> None:
    state = deal(H4, "RX", **APPLY)
    assert state.snapshot()["phase"] == "choose_swap"
    assert state.legal_actions(1) == ["swap>0", "swap>2", "swap>3"]
    refused(state, 1, "R1", "choose the seat to swap with first")
    state.apply(1, "swap>3")
    assert hands(state)[1] == sorted(H4[3]) and hands(state)[3] == sorted(H4[1])
    assert known(state, 1) == {"3": sorted(H4[1])}
    assert known(state, 3) == {"1": sorted(H4[3])}
    assert state.view(0)["known_hands"] == {}
    assert state.snapshot()["color"] == "R" and state.to_act == [1]


def test_apply_first_swap_all_round_rotates_the_hands_at_once() -> None:
    state = deal(H4, "WX", **APPLY)
    # clockwise play, hands move against it (S-4): seat p receives seat p+1's hand
    assert hands(state) == [sorted(H4[1]), sorted(H4[2]), sorted(H4[3]), sorted(H4[0])]
    assert state.snapshot()["color"] is None
    # any card may follow a Swap all round
    assert {"G1", "G2", "W+4:R", "W+4:Y", "W+4:G", "W+4:B", "draw"} == set(state.legal_actions(1))


def test_colour_and_swap_start_actions_are_refused_outside_their_phase() -> None:
    state = deal(H4, "B7")
    refused(state, 1, "color:G", "first card", "rule 1.3")
    refused(state, 1, "swap>2", "turned up first", "rule 1.3")
