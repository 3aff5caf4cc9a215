"""Set-up (§2.2): dealing from an explicit deck, the first-card table, the draw for the deal."""

from __future__ import annotations

import pytest

import solocards

from .uno_helpers import deal, deck_order, hand, legal, make


def test_deal_order_one_card_at_a_time_from_eldest() -> None:
    game = make(3, hand_size=2)
    top = ["R1", "R2", "R3", "Y1", "Y2", "Y3", "G5", "B9", "B8"]
    rest = list(game.deck())
    for card in top:
        rest.remove(card)
    state = game.deal(deck=top + rest, dealer=0)
    snap = state.snapshot()
    # eldest is seat 1: cards 0 and 3 go to seat 1, 1 and 4 to seat 2, 2 and 5 to the dealer
    assert snap["hands"] == [["R3", "Y3"], ["R1", "Y1"], ["R2", "Y2"]]
    assert snap["discard_pile"] == ["G5"]
    assert snap["draw_pile"][:2] == ["B9", "B8"]
    assert len(snap["draw_pile"]) == 108 - 7
    assert state.to_act == [1]
    assert snap["current"] == 1 and snap["direction"] == 1 and snap["color"] == "G"


def test_dealer_parameter_moves_eldest() -> None:
    game = make(4, hand_size=1)
    state = deal(game, [["R1"], ["R2"], ["R3"], ["R4"]], "G5", dealer=2)
    assert state.to_act == [3]
    assert hand(state, 3) == ["R4"]


def test_number_first_card_eldest_starts() -> None:
    state = deal(make(4, hand_size=1), [["R1"], ["R2"], ["R3"], ["R4"]], "B5", dealer=3)
    assert state.to_act == [0]


def test_first_card_skip_skips_eldest() -> None:
    state = deal(make(4, hand_size=1), [["R1"], ["R2"], ["R3"], ["R4"]], "BS")
    assert state.to_act == [2]


def test_first_card_reverse_dealer_plays_first_then_right() -> None:
    game = make(4, hand_size=2)
    state = deal(game, [["B1", "Y1"], ["R2", "Y2"], ["R3", "Y3"], ["B4", "Y4"]], "BR")
    assert state.to_act == [0]
    assert state.snapshot()["direction"] == -1
    state.apply(0, "B1")
    assert state.snapshot()["current"] == 3  # to the dealer's right


def test_first_card_reverse_option_right_of_dealer_first() -> None:
    game = make(4, hand_size=1, first_card_reverse="right")
    state = deal(game, [["R1"], ["R2"], ["R3"], ["B4"]], "BR", dealer=1)
    assert state.to_act == [0]
    assert state.snapshot()["direction"] == -1


def test_first_card_reverse_two_players_dealer_starts() -> None:
    for option in ("dealer", "right"):
        game = make(2, hand_size=1, first_card_reverse=option)
        state = deal(game, [["R1"], ["R2"]], "BR")
        assert state.to_act == [0]


def test_first_card_draw_two_eldest_draws_two_and_is_skipped() -> None:
    game = make(4, hand_size=1)
    state = deal(game, [["R1"], ["R2"], ["R3"], ["R4"]], "B+2", draw=["G7", "Y8", "B1"])
    assert hand(state, 1) == ["R2", "Y8", "G7"]
    assert state.to_act == [2]
    assert state.snapshot()["pending_draw"] == 0
    assert state.snapshot()["draw_pile"][0] == "B1"
    assert "challenge" not in legal(state, 2)


def test_first_card_draw_two_option_draw_only() -> None:
    game = make(4, hand_size=1, first_card_draw_two="draw_only")
    state = deal(game, [["R1"], ["R2"], ["R3"], ["R4"]], "B+2", draw=["G7", "Y8"])
    assert len(hand(state, 1)) == 3
    assert state.to_act == [1]


def test_first_card_wild_eldest_names_colour_then_plays() -> None:
    game = make(4, hand_size=2)
    state = deal(game, [["R1", "G1"], ["R2", "B2"], ["R3", "G3"], ["R4", "Y5"]], "W")
    assert state.to_act == [1]
    assert state.snapshot()["color"] is None
    assert legal(state, 1) == ["color:R", "color:Y", "color:G", "color:B"]
    assert legal(state, 2) == []
    with pytest.raises(solocards.IllegalActionError, match="name the colour first"):
        state.apply(1, "R2")
    state.apply(1, "color:B")
    assert state.to_act == [1]
    assert state.snapshot()["color"] == "B"
    assert legal(state, 1) == ["B2", "B2!", "draw"]
    with pytest.raises(solocards.IllegalActionError, match="first card"):
        state.apply(1, "color:R")


def test_first_card_wild_draw_four_goes_back_and_is_reshuffled() -> None:
    game = make(4, hand_size=1)
    deck = deck_order(game, [["R1"], ["R2"], ["R3"], ["R4"]], "W+4")
    one = game.deal(deck=deck, seed=5)
    again = game.deal(deck=deck, seed=5)
    other = game.deal(deck=deck, seed=6)
    snap = one.snapshot()
    assert snap["discard_pile"] != ["W+4"]
    assert snap["discard_pile"][0] != "W+4"
    assert "W+4" in snap["draw_pile"]
    assert len(snap["draw_pile"]) == 108 - 5
    assert snap == again.snapshot()
    assert snap["draw_pile"] != other.snapshot()["draw_pile"]


def test_first_dealer_draw_for_deal_is_seeded_and_fair() -> None:
    game = make(5)
    dealers = [game.first_dealer(seed) for seed in range(300)]
    assert dealers == [game.first_dealer(seed) for seed in range(300)]
    assert set(dealers) == set(range(5))
    match = game.match(seed=11)
    assert match.state.dealer == game.first_dealer(11)


def test_deck_errors() -> None:
    game = make(4)
    deck = game.deck()
    with pytest.raises(solocards.DeckError, match="missing R0"):
        game.deal(deck=deck[1:])
    with pytest.raises(solocards.DeckError, match="unexpected R5"):
        game.deal(deck=["R5", *deck[1:]])
    with pytest.raises(solocards.DeckError, match="unexpected X1"):
        game.deal(deck=[*deck[:-1], "X1"])
    with pytest.raises(solocards.OptionError, match="dealer"):
        game.deal(deck=deck, dealer=4)
