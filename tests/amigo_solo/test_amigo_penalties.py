"""amigo-solo §1.6 (Plus Two and Wild Plus Four, stacking, paying; S-5, S-6) and §3.1.10."""

from __future__ import annotations

from amigo_helpers import deal, hands

from helpers import apply_all, refused

HANDS = [
    ["B+2", "B1", "B3", "W"],
    ["R+2", "R1", "R3", "W+4"],
    ["G+2", "G1", "G3", "W+4"],
    ["Y1", "Y3", "Y4", "WX"],
]
DRAW = ["R4", "R5", "R6", "R7", "R8", "R9", "G4", "G5", "G6", "G7"]


def test_plus_two_makes_the_next_player_face_two() -> None:
    state = deal(HANDS, "R2", draw=DRAW)
    state.apply(1, "R+2")
    snap = state.snapshot()
    assert snap["pending_draw"] == 2 and snap["pending_kind"] == "+2" and state.to_act == [2]
    assert state.legal_actions(2) == ["G+2", "draw"]
    assert state.view(0)["pending_draw"] == 2


def test_plus_two_stacks_with_any_colour_and_the_whole_total_is_paid_at_once() -> None:
    state = deal(HANDS, "R2", draw=DRAW)
    apply_all(state, [(1, "R+2"), (2, "G+2")])
    assert state.snapshot()["pending_draw"] == 4 and state.to_act == [3]
    assert state.legal_actions(3) == ["draw"]
    state.apply(3, "draw")
    snap = state.snapshot()
    assert sorted(snap["hands"][3]) == sorted(HANDS[3] + DRAW[:4])
    assert snap["pending_draw"] == 0 and snap["pending_kind"] is None
    # S-6 default: paying costs the turn
    assert state.to_act == [0]


def test_a_plus_two_on_a_paid_plus_two_starts_a_new_chain_at_two() -> None:
    # §3.1.10
    state = deal(HANDS, "R2", draw=DRAW)
    apply_all(state, [(1, "R+2"), (2, "G+2"), (3, "draw")])
    assert state.snapshot()["discard_pile"][-1] == "G+2"
    # the G+2 on top is inactive now: seat 0 plays normally, B+2 by its symbol
    assert "B1" not in state.legal_actions(0) and "B+2" in state.legal_actions(0)
    state.apply(0, "B+2")
    assert state.snapshot()["pending_draw"] == 2


def test_without_penalty_ends_turn_the_victim_pays_then_takes_a_normal_turn() -> None:
    state = deal(HANDS, "R2", draw=DRAW, penalty_ends_turn=False)
    apply_all(state, [(1, "R+2"), (2, "G+2"), (3, "draw")])
    snap = state.snapshot()
    assert state.to_act == [3] and snap["pending_draw"] == 0 and snap["phase"] == "play"
    assert "G4" not in snap["hands"][3]
    assert "WX" in state.legal_actions(3) and "draw" in state.legal_actions(3)


def test_wild_plus_four_stacks_on_wild_plus_four_and_each_names_a_colour() -> None:
    state = deal(HANDS, "R2", draw=DRAW)
    state.apply(1, "W+4:G")
    assert state.snapshot()["pending_draw"] == 4 and state.snapshot()["color"] == "G"
    assert "W+4:B" in state.legal_actions(2) and "G+2" not in state.legal_actions(2)
    state.apply(2, "W+4:B")
    snap = state.snapshot()
    assert snap["pending_draw"] == 8 and snap["color"] == "B" and snap["pending_kind"] == "+4"
    state.apply(3, "draw")
    assert len(state.snapshot()["hands"][3]) == 12 and state.to_act == [0]


def test_no_cross_stacking_by_default() -> None:
    state = deal(HANDS, "R2", draw=DRAW)
    state.apply(1, "R+2")
    assert not any(action.startswith("W+4") for action in state.legal_actions(2))
    refused(
        state,
        2,
        "W+4:G",
        "Wild Plus Four cannot answer a pending Plus Two",
        "cross_stack='none'",
        "S-5",
    )
    state = deal(HANDS, "R2", draw=DRAW)
    state.apply(1, "W+4:G")
    refused(
        state,
        2,
        "G+2",
        "Plus Two cannot answer a pending Wild Plus Four",
        "cross_stack='none'",
        "S-5",
    )


def test_cross_stack_plus4_on_plus2_lets_a_wild_plus_four_answer_a_plus_two_only() -> None:
    state = deal(HANDS, "R2", draw=DRAW, cross_stack="plus4_on_plus2")
    state.apply(1, "R+2")
    assert "W+4:Y" in state.legal_actions(2)
    state.apply(2, "W+4:Y")
    assert state.snapshot()["pending_draw"] == 6
    state = deal(HANDS, "R2", draw=DRAW, cross_stack="plus4_on_plus2")
    state.apply(1, "W+4:G")
    refused(state, 2, "G+2", "cross_stack='plus4_on_plus2'", "rule 1.6")


def test_cross_stack_both_lets_a_plus_two_of_the_named_colour_answer_a_wild_plus_four() -> None:
    state = deal(HANDS, "R2", draw=DRAW, cross_stack="both")
    state.apply(1, "W+4:G")
    assert "G+2" in state.legal_actions(2)
    state.apply(2, "G+2")
    assert state.snapshot()["pending_draw"] == 6 and state.snapshot()["pending_kind"] == "+2"
    state = deal(HANDS, "R2", draw=DRAW, cross_stack="both")
    state.apply(1, "W+4:B")
    refused(state, 2, "G+2", "must be of the colour in force, blue", "S-5")


def test_a_pending_penalty_cannot_be_dodged_with_another_card_black_or_not() -> None:
    state = deal(HANDS, "R2", draw=DRAW)
    apply_all(state, [(1, "R+2"), (2, "G+2")])
    refused(state, 3, "WX", "penalty of 4 is pending", "rule 1.6")
    refused(state, 3, "Y1", "penalty of 4 is pending")
    state = deal(HANDS, "R2", draw=DRAW)
    apply_all(state, [(1, "R+2"), (2, "G+2"), (3, "draw")])
    state.apply(0, "B+2")
    refused(state, 1, "W+4:R", "cannot answer a pending Plus Two")
    refused(state, 1, "R1", "penalty of 2 is pending", "stack a Plus Two or take the 2 cards")


def test_a_paid_penalty_leaves_the_top_card_and_colour() -> None:
    state = deal(HANDS, "R2", draw=DRAW)
    apply_all(state, [(1, "W+4:Y"), (2, "draw")])
    snap = state.snapshot()
    assert snap["discard_pile"][-1] == "W+4" and snap["color"] == "Y"
    assert state.to_act == [3]
    assert "Y1" in state.legal_actions(3)
    assert hands(state)[2] == sorted(HANDS[2] + DRAW[:4])
