"""amigo-solo §1.7 (jump-in; S-7 .. S-10) and §3.1.7, §3.1.8, §3.1.9, §3.1.16.

Dealer 0 in every deal: seat 1 plays first, then 2, 3, 0.
"""

from __future__ import annotations

from typing import Any

from amigo_helpers import deal, hands

from helpers import apply_all, refused
from solocards.core.game import State


def four(s0: list[str], s1: list[str], s2: list[str], s3: list[str], **options: Any) -> State:
    """Four hands (seat 0 first), R2 turned up, the draw pile B7 B8 B9 G7 G8."""
    return deal([s0, s1, s2, s3], "R2", draw=["B7", "B8", "B9", "G7", "G8"], **options)


def test_an_identical_card_jumps_in_and_skips_the_players_in_between() -> None:
    state = four(["G1", "G3", "G4"], ["R5", "Y1", "Y3"], ["B1", "B3", "B4"], ["R5", "Y4", "Y6"])
    state.apply(1, "R5")
    assert state.to_act == [2, 3]
    assert state.legal_actions(3) == ["R5"]
    view = state.view(3)
    assert view["can_act"] and view["window"] == ["jump_in"] and view["current"] == 2
    state.apply(3, "R5")
    snap = state.snapshot()
    assert snap["current"] == 0 and state.to_act == [0]  # seat 2 is skipped
    assert snap["discard_pile"][-2:] == ["R5", "R5"]


def test_a_jump_in_needs_the_same_colour_and_the_same_value() -> None:
    state = four(["G1", "G3", "G4"], ["R5", "Y1", "Y3"], ["B1", "B3", "B4"], ["G5", "R6", "Y6"])
    state.apply(1, "R5")
    assert state.to_act == [2]
    refused(state, 3, "G5", "identical to the one just played, red 5", "rule 1.7")
    refused(state, 3, "R6", "same colour and same number or symbol", "rule 1.7")
    refused(state, 3, "draw", "not your turn", "rule 1.7")


def test_an_identical_card_of_the_scheduled_next_player_is_a_normal_play() -> None:
    # §3.1.9
    state = four(["G1", "G3", "G4"], ["R5", "Y1", "Y3"], ["R5", "B3", "B4"], ["Y4", "Y6", "Y7"])
    state.apply(1, "R5")
    assert state.to_act == [2]
    state.apply(2, "R5")
    assert state.to_act == [3]


def test_a_jump_in_on_a_skip_skips_the_player_after_the_jumper() -> None:
    state = four(["RS", "G3", "G4"], ["RS", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"])
    state.apply(1, "RS")
    assert state.to_act == [0, 3]
    state.apply(0, "RS")
    assert state.to_act == [2]  # seat 1, after the jumper, is skipped


def test_a_jump_in_on_change_direction_flips_the_direction_back() -> None:
    state = four(["G1", "G3", "G4"], ["RR", "Y1", "Y3"], ["RR", "B3", "B4"], ["Y4", "Y6", "Y7"])
    state.apply(1, "RR")
    assert state.snapshot()["direction"] == -1 and state.to_act == [0, 2]
    state.apply(2, "RR")
    assert state.snapshot()["direction"] == 1 and state.to_act == [3]


def test_a_jump_in_on_a_plus_two_chain_passes_the_grown_penalty_on() -> None:
    # §3.1.7, S-9 default
    state = four(["G1", "G3", "G4"], ["R+2", "Y1", "Y3"], ["B1", "B3", "B4"], ["R+2", "Y6", "Y7"])
    state.apply(1, "R+2")
    assert state.to_act == [2, 3]
    state.apply(3, "R+2")
    snap = state.snapshot()
    assert snap["pending_draw"] == 4 and snap["current"] == 0
    assert hands(state)[2] == ["B1", "B3", "B4"]  # the skipped old target drew nothing
    state.apply(0, "draw")
    assert len(state.snapshot()["hands"][0]) == 7


def test_no_jump_in_during_a_penalty_when_the_option_is_off() -> None:
    state = four(
        ["G1", "G3", "G4"],
        ["R+2", "Y1", "Y3"],
        ["B1", "B3", "B4"],
        ["R+2", "Y6", "Y7"],
        jump_in_during_penalty=False,
    )
    state.apply(1, "R+2")
    assert state.to_act == [2]
    refused(state, 3, "R+2", "jump_in_during_penalty=False", "S-9")


def test_no_jump_in_when_jump_in_is_off() -> None:
    state = four(
        ["G1", "G3", "G4"],
        ["R5", "Y1", "Y3"],
        ["B1", "B3", "B4"],
        ["R5", "Y4", "Y6"],
        jump_in=False,
    )
    state.apply(1, "R5")
    assert state.to_act == [2]
    refused(state, 3, "R5", "jump_in=False", "rule 1.7")


def test_black_cards_cannot_be_jumped_in_by_default() -> None:
    state = four(["G1", "G3", "G4"], ["W", "Y1", "Y3"], ["B1", "B3", "B4"], ["W", "Y4", "Y6"])
    state.apply(1, "W:G")
    assert state.to_act == [2]
    refused(state, 3, "W:B", "black cards cannot be jumped in", "jump_in_black=False", "S-7")


def test_with_jump_in_black_every_holder_of_a_wild_may_jump_in() -> None:
    # §3.1.16: several eligible jumpers only arise with black cards; the first applied wins
    state = four(
        ["W", "G3", "G4"],
        ["W", "Y1", "Y3"],
        ["B1", "B3", "B4"],
        ["W", "Y4", "Y6"],
        jump_in_black=True,
    )
    state.apply(1, "W:G")
    assert state.to_act == [0, 2, 3]
    assert state.legal_actions(3) == ["W:R", "W:Y", "W:G", "W:B"]
    state.apply(3, "W:B")
    assert state.snapshot()["color"] == "B" and state.snapshot()["current"] == 0
    # seat 0 is now the regular player; nobody else holds a Wild
    assert state.to_act == [0]


def test_numbers_only_jump_in_refuses_action_cards() -> None:
    state = four(
        ["RS", "G3", "G4"],
        ["RS", "R5", "Y3"],
        ["B1", "B3", "B4"],
        ["R5", "Y4", "Y6"],
        jump_in_numbers_only=True,
    )
    state.apply(1, "RS")
    assert state.to_act == [3]
    refused(state, 0, "RS", "only number cards", "jump_in_numbers_only=True")


def test_numbers_only_jump_in_still_allows_numbers() -> None:
    state = four(
        ["G1", "G3", "G4"],
        ["R5", "Y1", "Y3"],
        ["B1", "B3", "B4"],
        ["R5", "Y4", "Y6"],
        jump_in_numbers_only=True,
    )
    state.apply(1, "R5")
    assert state.to_act == [2, 3]


def test_no_jump_in_on_your_own_card_by_default() -> None:
    state = four(["G1", "G3", "G4"], ["R5", "R5", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"])
    state.apply(1, "R5")
    assert state.to_act == [2]
    refused(state, 1, "R5", "just played", "jump_in_self=False", "S-8")


def test_jump_in_self_allows_the_second_copy_at_once() -> None:
    state = four(
        ["G1", "G3", "G4"],
        ["R5", "R5", "Y3"],
        ["B1", "B3", "B4"],
        ["Y4", "Y6", "Y7"],
        jump_in_self=True,
    )
    state.apply(1, "R5")
    assert state.to_act == [1, 2]
    state.apply(1, "R5!")
    assert state.to_act == [2] and hands(state)[1] == ["Y3"]


def test_the_window_closes_when_the_regular_player_acts() -> None:
    state = four(["R5", "G3", "G4"], ["R5", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"])
    state.apply(1, "R5")
    assert state.to_act == [0, 2]
    state.apply(2, "draw")  # B7 matches nothing: the turn passes to seat 3
    assert state.to_act == [3]
    refused(state, 0, "R5", "only right after a card is played", "rule 1.7")


def test_a_jump_in_that_leaves_one_card_needs_the_solo_call() -> None:
    two = deal([["G1", "G3"], ["R5", "Y1"], ["B1", "B3"], ["R5", "Y4"]], "R2", draw=["B7", "B8"])
    two.apply(1, "R5!")
    assert two.legal_actions(3) == ["R5", "R5!"]
    forgot = two.clone()
    forgot.apply(3, "R5")
    assert hands(forgot)[3] == sorted(["Y4", "B7", "B8"])  # drew two at once
    two.apply(3, "R5!")
    assert hands(two)[3] == ["Y4"]


def test_views_do_not_show_who_else_could_jump_in() -> None:
    with_card = four(["G1", "G3", "G4"], ["R5", "Y1", "Y3"], ["B1", "B3", "B4"], ["R5", "Y4", "Y6"])
    without = four(["G1", "G3", "G4"], ["R5", "Y1", "Y3"], ["B1", "B3", "B4"], ["R6", "Y4", "Y6"])
    for state in (with_card, without):
        state.apply(1, "R5")
    assert with_card.to_act != without.to_act
    for seat in (None, 0, 1, 2):
        assert with_card.view(seat) == without.view(seat)
    apply_all(with_card, [(3, "R5")])
    assert with_card.view(0)["log"][-1] == [3, "R5"]


def test_with_two_players_after_a_skip_the_other_player_may_jump_in() -> None:
    # §3.1.8: with two players a jump-in is normally just the next player's play; after a Skip
    # the actor is the regular player again, so the other seat's identical Skip is a jump-in
    # by the general rule: it skips the actor in turn
    state = deal([["RS", "G3", "G4"], ["RS", "Y1", "Y3"]], "R2", draw=["B7", "B8"])
    state.apply(1, "RS")
    assert state.to_act == [0, 1] and state.snapshot()["current"] == 1
    state.apply(0, "RS")
    assert state.to_act == [0]
