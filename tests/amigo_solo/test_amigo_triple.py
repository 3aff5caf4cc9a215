"""amigo-solo Triple + (§1.1, S-14; option ``triple_plus``) and the "2018" preset.

Notation: the cards in the order they are laid, joined by ``+``; the cards between the first and
the last are written in colour order R Y G B. The first must match the top card, the last
becomes the top card.
"""

from __future__ import annotations

import pytest
from amigo_helpers import deal, hands

import solocards
from helpers import refused

H = [
    ["G1", "G3", "G4", "G6"],
    ["R5", "G5", "B5", "Y1"],
    ["B1", "B3", "B4", "Y6"],
    ["G5", "Y4", "Y7", "Y9"],
]
DRAW = ["B7", "B8", "B9"]


def triples(actions: list[str]) -> list[str]:
    return [action for action in actions if action.count("+") >= 2]


def test_triple_plus_is_off_on_bga() -> None:
    game = solocards.make("amigo-solo")
    with pytest.raises(solocards.NotationError, match="triple_plus"):
        game.action_id("R5+G5+B5")


def test_the_first_card_must_match_the_top_card() -> None:
    state = deal(H, "R2", draw=DRAW, triple_plus=True)
    assert sorted(triples(state.legal_actions(1))) == [
        "R5+B5+G5",
        "R5+B5+G5!",
        "R5+G5+B5",
        "R5+G5+B5!",
    ]
    refused(state, 1, "G5+R5+B5", "first card of a Triple + must match the top card", "S-14")


def test_on_a_number_of_the_same_value_any_card_may_come_first() -> None:
    state = deal(H, "Y5", draw=DRAW, triple_plus=True)
    assert len(triples(state.legal_actions(1))) == 12  # 3 firsts x 2 lasts, with and without !


def test_the_last_card_laid_becomes_the_top_card() -> None:
    state = deal(H, "R2", draw=DRAW, triple_plus=True)
    state.apply(1, "R5+B5+G5!")
    snap = state.snapshot()
    assert snap["discard_pile"][-3:] == ["R5", "B5", "G5"] and snap["color"] == "G"
    assert hands(state)[1] == ["Y1"] and snap["current"] == 2


def test_a_triple_that_leaves_one_card_without_the_call_draws_two() -> None:
    state = deal(H, "R2", draw=DRAW, triple_plus=True)
    state.apply(1, "R5+G5+B5")
    assert hands(state)[1] == sorted(["Y1", "B7", "B8"])


def test_the_top_card_of_a_triple_may_be_jumped_in_but_a_triple_is_no_jump_in() -> None:
    state = deal(H, "R2", draw=DRAW, triple_plus=True)
    state.apply(1, "R5+B5+G5!")
    assert state.to_act == [2, 3]
    assert state.legal_actions(3) == ["G5"]
    refused(state, 3, "G5+R5+B5", "not your turn")


def test_a_triple_needs_the_cards_in_hand() -> None:
    state = deal(H, "R2", draw=DRAW, triple_plus=True)
    refused(state, 1, "R5+R5+G5", "you do not hold the cards of this Triple + (2 × red 5)")


def test_a_triple_is_not_played_after_a_draw_nor_on_a_pending_penalty() -> None:
    state = deal(H, "R2", draw=["R9", "B8"], triple_plus=True)
    state.apply(1, "draw")
    assert state.snapshot()["phase"] == "drawn"
    refused(state, 1, "R5+G5+B5", "single card", "rule 1.5")
    h = [
        ["G1", "G3", "R+2", "G6"],
        ["R5", "G5", "B5", "Y1"],
        ["B1", "B3", "B4", "Y6"],
        ["R8", "Y4", "Y7", "Y9"],
    ]
    state = deal(h, "R2", draw=DRAW, triple_plus=True, dealer=3)
    state.apply(0, "R+2")
    refused(state, 1, "R5+G5+B5", "penalty of 2 is pending", "rule 1.6")


def test_only_the_canonical_order_of_the_middle_cards_is_an_action() -> None:
    game = solocards.make("amigo-solo", triple_plus=True)
    assert game.action_name(game.action_id("R5+G5+B5+Y5")) == "R5+G5+B5+Y5"
    with pytest.raises(solocards.NotationError):
        game.action_id("R5+B5+G5+Y5")
    assert game.describe_action("R5+G5+B5!") == "plays Triple +: red 5, green 5, blue 5, calls solo"


def test_the_2018_preset() -> None:
    game = solocards.make("amigo-solo", preset="2018")
    assert game.options["triple_plus"] is True
    assert game.options["jump_in_numbers_only"] is True
    assert game.options["first_card_mode"] == "turn_until_number"
    assert game.options["scoring"] == "minus_points"
    assert game.num_actions > solocards.make("amigo-solo").num_actions
