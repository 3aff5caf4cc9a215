"""amigo-solo §1.4 (what goes on what), §1.5 (the turn, drawing, S-3) and §1.5.1 (Skip, Change
Direction, wilds), with §3.1.5, §3.1.6 and §3.1.11."""

from __future__ import annotations

from amigo_helpers import deal, hands

from helpers import refused

# Dealer 0 in every deal: seat 1 is eldest and plays first.


def test_a_number_goes_on_the_same_colour_or_the_same_number() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["R5", "G2", "B9"], ["Y4", "Y5", "Y6"]], "R2")
    assert state.legal_actions(1) == ["R5", "G2", "draw"]
    message = refused(state, 1, "B9", "blue 9 does not match the top card red 2", "rule 1.4")
    assert "red" in message


def test_a_skip_accepts_any_skip_and_its_colour_only() -> None:
    state = deal(
        [["Y1", "Y2", "Y3"], ["GS", "G3", "B9"], ["R7", "R8", "R9"], ["BS", "Y4", "R+2"]], "G2"
    )
    state.apply(1, "GS")  # seat 2 is skipped
    assert state.snapshot()["current"] == 3 and state.to_act == [3]
    assert state.legal_actions(3) == ["BS", "draw"]
    refused(state, 3, "R+2", "red Plus Two does not match the top card green Skip", "rule 1.4")


def test_black_cards_go_on_anything_and_a_wild_sets_the_colour() -> None:
    state = deal(
        [["Y1", "Y2", "Y3"], ["W", "W+4", "WX"], ["B7", "G7", "G8"], ["Y4", "Y5", "Y6"]], "R2"
    )
    legal = state.legal_actions(1)
    assert {"W:R", "W:Y", "W:G", "W:B", "W+4:R", "W+4:B", "WX"} <= set(legal)
    state.apply(1, "W:B")
    snap = state.snapshot()
    assert snap["color"] == "B" and snap["discard_pile"][-1] == "W"
    assert state.legal_actions(2) == ["B7", "draw"]  # only the named colour (or black)
    wild = "green 7 does not match the top card Wild (colour in force: blue)"
    refused(state, 2, "G7", wild, "rule 1.4")


def test_a_wild_may_name_the_colour_already_in_force() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["W", "R5", "B9"], ["Y4", "Y5", "Y6"]], "R2")
    state.apply(1, "W:R")
    assert state.snapshot()["color"] == "R"


def test_any_card_goes_on_a_swap_all_round() -> None:
    state = deal([["R5", "B9"], ["WX", "Y1"], ["G4", "BS"]], "Y7")
    state.apply(1, "WX")
    snap = state.snapshot()
    assert snap["color"] is None and snap["current"] == 2
    # the hands moved against the play (S-4): seat 2 now holds seat 0's old hand, R5 and B9
    # both playable on the Swap all round although neither matches the yellow 7 below it
    assert state.legal_actions(2) == ["R5", "R5!", "B9", "B9!", "draw"]


def test_a_wild_played_on_a_swap_all_round_names_the_colour_from_then_on() -> None:
    # §3.1.6
    state = deal(
        [["W", "G4", "B3", "Y1"], ["WX", "G9", "R1", "B1"], ["Y2", "Y3", "Y4", "Y9"]], "Y7"
    )
    state.apply(1, "WX")  # hands move against the play: seat 2 gets W G4 B3 Y1, seat 0 G9 R1 B1
    assert hands(state)[2] == sorted(["W", "G4", "B3", "Y1"])
    state.apply(2, "W:G")
    assert state.snapshot()["color"] == "G"
    assert state.legal_actions(0) == ["G9", "draw"]


def test_drawing_is_allowed_with_a_playable_card_and_an_unplayable_draw_ends_the_turn() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["R5", "G2", "B9"], ["Y4", "Y5", "Y6"]], "R2", draw=["B8"])
    assert "draw" in state.legal_actions(1)
    state.apply(1, "draw")
    assert sorted(state.snapshot()["hands"][1]) == sorted(["R5", "G2", "B9", "B8"])
    assert state.to_act == [2] and state.snapshot()["phase"] == "play"


def test_a_playable_drawn_card_may_be_played_at_once_or_kept_with_pass() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["R5", "G2", "B9"], ["Y4", "Y5", "Y6"]], "R2", draw=["R8"])
    state.apply(1, "draw")
    snap = state.snapshot()
    assert snap["phase"] == "drawn" and snap["drawn_card"] == "R8" and state.to_act == [1]
    assert state.legal_actions(1) == ["R8", "pass"]
    assert state.view(1)["drawn_card"] == "R8"
    assert state.view(2)["drawn_card"] is None
    # S-3 default: only the drawn card, not another card of the hand
    refused(state, 1, "R5", "only the card you drew, red 8", "drawn_card_only", "S-3")
    refused(state, 1, "draw", "already drawn", "rule 1.5")
    kept = state.clone()
    kept.apply(1, "pass")
    assert kept.to_act == [2] and "R8" in kept.snapshot()["hands"][1]
    state.apply(1, "R8")
    assert state.snapshot()["discard_pile"][-1] == "R8" and state.snapshot()["current"] == 2


def test_play_after_draw_any_card_allows_another_card_of_the_hand() -> None:
    state = deal(
        [["Y1", "Y2", "Y3"], ["R5", "G2", "B9"], ["Y4", "Y5", "Y6"]],
        "R2",
        draw=["B8"],
        play_after_draw="any_card",
    )
    state.apply(1, "draw")  # B8 does not match, but R5 and G2 do
    assert state.snapshot()["phase"] == "drawn"
    assert state.legal_actions(1) == ["R5", "G2", "pass"]
    state.apply(1, "G2")
    assert state.snapshot()["discard_pile"][-1] == "G2"


def test_pass_without_drawing_is_refused() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["R5", "G2", "B9"], ["Y4", "Y5", "Y6"]], "R2")
    refused(state, 1, "pass", "not drawn", "rule 1.5")


def test_without_voluntary_draw_a_player_with_a_playable_card_must_play() -> None:
    state = deal(
        [["Y1", "Y2", "Y3"], ["R5", "G3", "B9"], ["Y4", "Y6", "Y7"]], "R2", voluntary_draw=False
    )
    assert state.legal_actions(1) == ["R5"]
    refused(state, 1, "draw", "voluntary_draw=False", "rule 1.5")
    state.apply(1, "R5")
    assert state.legal_actions(2) == ["draw"]  # nothing matches R5: the draw is allowed


def test_skip_skips_the_next_player() -> None:
    state = deal(
        [["Y1", "Y2", "Y3"], ["RS", "G2", "B9"], ["Y4", "Y5", "Y6"], ["R7", "B1", "B2"]], "R2"
    )
    state.apply(1, "RS")
    assert state.to_act == [3]


def test_skip_with_two_players_lets_the_actor_play_again() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["RS", "G2", "R9"]], "R2")
    state.apply(1, "RS")
    assert state.to_act == [1] and state.snapshot()["current"] == 1


def test_change_direction_reverses_the_order_of_play() -> None:
    state = deal(
        [["R7", "Y2", "Y3"], ["RR", "G2", "B9"], ["Y4", "Y5", "Y6"], ["B1", "B2", "B3"]], "R2"
    )
    state.apply(1, "RR")
    snap = state.snapshot()
    assert snap["direction"] == -1 and state.to_act == [0]
    state.apply(0, "R7")
    assert state.to_act == [3]  # counter-clockwise


def test_change_direction_with_two_players_works_like_skip() -> None:
    state = deal([["Y1", "Y2", "Y3"], ["RR", "G2", "R9"]], "R2")
    state.apply(1, "RR")
    assert state.to_act == [1] and state.snapshot()["direction"] == -1


def test_skip_with_two_players_as_the_last_card_ends_the_round() -> None:
    # §3.1.11: the actor would play again, but the hand is empty: the round is over
    state = deal([["Y1"], ["RS"]], "R2")
    state.apply(1, "RS")
    assert state.is_over and state.to_act == []
    assert state.result is not None and state.result["winners"] == [1]
