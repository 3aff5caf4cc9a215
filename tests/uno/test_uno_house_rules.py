"""Every house rule of §2.9 as an option, and the presets."""

from __future__ import annotations

import pytest

import solocards
from solocards.games.uno.state import UnoState

from .uno_helpers import deal, hand, legal, make

DRAW = ("B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9")


def four(hands: list[list[str]], first: str = "R7", **options: object) -> UnoState:
    """4 players, dealer 0, seat 1 first; the draw pile starts with blue numbers."""
    return deal(make(4, hand_size=len(hands[0]), **options), hands, first, DRAW)


YS = ["Y1", "Y2", "Y3"]


# -- stacking -------------------------------------------------------------------------------


def test_stack_draw2_any_colour_grows_the_penalty() -> None:
    state = four(
        [YS, ["R+2", "G4", "G5"], ["G+2", "B+2", "G6"], ["G1", "G2", "G3"]], stack_draw2=True
    )
    state.apply(1, "R+2")
    assert legal(state, 2) == ["G+2", "B+2", "draw"]
    state.apply(2, "B+2")
    assert state.snapshot()["pending_draw"] == 4
    assert legal(state, 3) == ["draw"]
    state.apply(3, "draw")
    assert len(hand(state, 3)) == 7
    assert state.to_act == [0]
    assert state.snapshot()["pending_draw"] == 0


def test_a_paid_draw_two_does_not_grow_the_next_one() -> None:
    state = four(
        [["R+2", "Y2", "Y3"], ["R+2", "G4", "G5"], ["G6", "G7", "G8"], ["G+2", "G2", "G3"]],
        stack_draw2=True,
    )
    state.apply(1, "R+2")
    state.apply(2, "draw")
    state.apply(3, "G+2")
    assert state.snapshot()["pending_draw"] == 2


def test_stack_draw4_and_no_challenge_after_a_stack() -> None:
    state = four(
        [YS, ["W+4", "G4", "G5"], ["W+4", "G6", "G7"], ["G1", "G2", "G3"]], stack_draw4=True
    )
    state.apply(1, "W+4:B")
    assert legal(state, 2) == ["W+4:R", "W+4:Y", "W+4:G", "W+4:B", "draw", "challenge"]
    state.apply(2, "W+4:Y")
    assert state.snapshot()["pending_draw"] == 8
    assert legal(state, 3) == ["draw"]  # U-7: the stacked WD4 cannot be challenged
    with pytest.raises(solocards.IllegalActionError, match="U-7"):
        state.apply(3, "challenge")


def test_without_stacking_options_a_penalty_is_only_drawn() -> None:
    state = four([YS, ["R+2", "G4", "G5"], ["G+2", "W+4", "RS"], ["G1", "G2", "G3"]])
    state.apply(1, "R+2")
    assert legal(state, 2) == ["draw"]
    with pytest.raises(solocards.IllegalActionError, match="no stacking by the official rules"):
        state.apply(2, "G+2")


def test_cross_stack_d4_on_d2_but_not_the_other_way() -> None:
    state = four(
        [YS, ["R+2", "W+4", "G5"], ["W+4", "G+2", "G6"], ["G1", "B+2", "G3"]],
        cross_stack="d4_on_d2",
    )
    state.apply(1, "R+2")
    assert legal(state, 2) == ["W+4:R", "W+4:Y", "W+4:G", "W+4:B", "draw"]
    state.apply(2, "W+4:B")
    assert state.snapshot()["pending_draw"] == 6
    assert legal(state, 3) == ["draw"]


def test_cross_stack_both_a_draw_two_of_the_named_colour_on_a_wd4() -> None:
    state = four(
        [YS, ["W+4", "G4", "G5"], ["G+2", "B+2", "G6"], ["G1", "G2", "G3"]], cross_stack="both"
    )
    state.apply(1, "W+4:B")
    assert legal(state, 2) == ["B+2", "draw", "challenge"]
    with pytest.raises(solocards.IllegalActionError, match="blue Draw Two"):
        state.apply(2, "G+2")
    state.apply(2, "B+2")
    assert state.snapshot()["pending_draw"] == 6


# -- jump-in --------------------------------------------------------------------------------


def test_jump_in_with_the_identical_card_skips_those_in_between() -> None:
    state = four(
        [["Y1", "Y2", "Y5"], ["R5", "G4", "G5"], ["G6", "G7", "G8"], ["R5", "G2", "G3"]],
        jump_in=True,
    )
    state.apply(1, "R5")
    assert state.to_act == [2, 3]
    assert legal(state, 3) == ["R5"]
    assert legal(state, 0) == []
    assert state.view(3)["window"]["jump_in"] is True
    assert state.view(0)["window"]["jump_in"] is False
    state.apply(3, "R5")
    assert state.snapshot()["current"] == 0  # play goes on from the jumper; seat 2 skipped
    assert state.to_act == [0]
    assert hand(state, 3) == ["G2", "G3"]


def test_jump_in_not_with_another_colour_a_wild_or_ones_own_card() -> None:
    state = four(
        [["Y1", "Y2", "G5"], ["R5", "R5", "W"], ["G6", "G7", "G8"], ["B5", "G2", "G3"]],
        jump_in=True,
    )
    state.apply(1, "R5")
    assert state.to_act == [2]
    with pytest.raises(solocards.IllegalActionError, match="identical to the top card"):
        state.apply(3, "B5")
    with pytest.raises(solocards.IllegalActionError, match="just played"):
        state.apply(1, "R5")
    with pytest.raises(solocards.IllegalActionError, match="wilds cannot be jumped in"):
        state.apply(1, "W:G")


def test_the_regular_seat_closes_the_jump_in_window() -> None:
    state = four(
        [["Y1", "Y2", "R5"], ["R5", "G4", "G5"], ["R6", "G7", "G8"], ["G1", "G2", "G3"]],
        jump_in=True,
    )
    state.apply(1, "R5")
    state.apply(2, "R6")
    assert state.to_act == [3]
    with pytest.raises(solocards.IllegalActionError, match="identical"):
        state.apply(0, "R5")


def test_jump_in_skip_and_reverse_act_from_the_jumper() -> None:
    state = four(
        [["Y1", "Y2", "Y3"], ["RS", "G4", "G5"], ["G6", "G7", "G8"], ["RS", "G2", "G3"]],
        jump_in=True,
    )
    state.apply(1, "RS")
    state.apply(3, "RS")
    assert state.snapshot()["current"] == 1  # the seat after the jumper is skipped
    state = four(
        [["Y1", "Y2", "Y3"], ["RR", "G4", "G5"], ["G6", "G7", "G8"], ["RR", "G2", "G3"]],
        jump_in=True,
    )
    state.apply(1, "RR")
    state.apply(3, "RR")
    assert state.snapshot()["direction"] == 1
    assert state.snapshot()["current"] == 0


def test_jump_in_disabled_while_a_penalty_is_pending() -> None:
    hands = [["Y1", "Y2", "Y3"], ["R+2", "G4", "G5"], ["G6", "G7", "G8"], ["R+2", "G2", "G3"]]
    state = four(hands, jump_in=True)
    state.apply(1, "R+2")
    assert state.to_act == [2]
    with pytest.raises(solocards.IllegalActionError, match="jump_in_pending"):
        state.apply(3, "R+2")
    state = four(hands, jump_in=True, jump_in_pending=True)
    state.apply(1, "R+2")
    assert state.to_act == [2, 3]
    state.apply(3, "R+2")
    snap = state.snapshot()
    assert snap["pending_draw"] == 4 and snap["current"] == 0
    assert len(hand(state, 2)) == 3  # the old target draws nothing


def test_jump_in_seven_needs_a_target_under_seven_zero() -> None:
    state = four(
        [["Y1", "Y2", "Y3"], ["R7", "G4", "G5"], ["G6", "G7", "G8"], ["R7", "G2", "G3"]],
        first="R1",
        jump_in=True,
        seven_zero=True,
    )
    state.apply(1, "R7>0")
    assert legal(state, 3) == ["R7>0", "R7>1", "R7>2"]


def test_views_do_not_tell_who_could_jump_in() -> None:
    base = [["Y1", "Y2", "Y3"], ["R5", "G4", "G5"], ["G6", "G7", "G8"]]
    holder = four([*base, ["R5", "G2", "G3"]], jump_in=True)
    other = four([*base, ["B5", "G2", "G3"]], jump_in=True)
    holder.apply(1, "R5")
    other.apply(1, "R5")
    for seat in (0, 1, 2, None):
        assert holder.view(seat) == other.view(seat)
    assert "to_act" not in holder.view(2)
    assert holder.view(3)["can_act"] and not other.view(3)["can_act"]


# -- 7-0 ------------------------------------------------------------------------------------


def test_seven_swaps_hands_with_the_chosen_seat() -> None:
    state = four(
        [["Y1", "Y2", "Y3"], ["R7", "G4", "G5"], ["G6", "G7", "G8"], ["B1", "B2", "B3"]],
        first="R1",
        seven_zero=True,
    )
    assert legal(state, 1) == ["R7>0", "R7>2", "R7>3", "draw"]
    with pytest.raises(solocards.IllegalActionError, match="names the seat"):
        state.apply(1, "R7")
    with pytest.raises(solocards.IllegalActionError, match="yourself"):
        state.apply(1, "R7>1")
    state.apply(1, "R7>3")
    assert hand(state, 1) == ["B1", "B2", "B3"]
    assert hand(state, 3) == ["G4", "G5"]
    assert state.view(1)["known_hands"][3] == ["G4", "G5"]
    assert state.view(3)["known_hands"][1] == ["B1", "B2", "B3"]
    assert state.view(2)["known_hands"] == [[], [], [], []]
    assert state.snapshot()["current"] == 2


def test_seven_swaps_with_the_next_player_under_that_option() -> None:
    state = four(
        [["Y1", "Y2", "Y3"], ["R7", "G4", "G5"], ["G6", "G7", "G8"], ["B1", "B2", "B3"]],
        first="R1",
        seven_zero=True,
        seven_zero_target="next",
    )
    assert legal(state, 1) == ["R7", "draw"]
    state.apply(1, "R7")
    assert hand(state, 1) == ["G6", "G7", "G8"]


def test_zero_moves_all_hands_in_the_direction_of_play() -> None:
    hands = [["Y1", "Y2", "Y3"], ["R0", "G4", "G5"], ["G6", "G7", "G8"], ["B1", "B2", "B3"]]
    state = four(hands, first="R1", seven_zero=True)
    state.apply(1, "R0")
    assert [hand(state, seat) for seat in range(4)] == [
        ["B1", "B2", "B3"],
        ["Y1", "Y2", "Y3"],
        ["G4", "G5"],
        ["G6", "G7", "G8"],
    ]
    assert state.view(0)["known_hands"][1] == ["Y1", "Y2", "Y3"]


def test_seven_as_the_last_card_swaps_nothing() -> None:
    state = deal(make(2, hand_size=1, seven_zero=True), [["G1"], ["R7"]], "R1")
    assert legal(state, 1) == ["R7", "draw"]
    state.apply(1, "R7")
    assert state.is_over and state.result["winners"] == [1]  # type: ignore[index]


def test_uno_call_after_a_swap_to_one_card() -> None:
    game = make(3, hand_size=3, seven_zero=True)
    hands = [["Y1", "Y2", "Y3"], ["R7", "G4", "G5"], ["R3", "R6", "G6"]]
    state = deal(game, hands, "R1", draw=DRAW)
    for seat, action in [
        (1, "draw"),
        (1, "pass"),
        (2, "R3"),
        (0, "draw"),
        (0, "pass"),
        (1, "draw"),
        (1, "pass"),
        (2, "R6!"),
        (0, "draw"),
        (0, "pass"),
    ]:
        state.apply(seat, action)
    assert hand(state, 2) == ["G6"]
    # swapping with the one-card seat leaves the actor one card: the call is owed
    sevens = [action for action in legal(state, 1) if action.startswith("R7")]
    assert sevens == ["R7>0", "R7>2", "R7>2!"]
    state.apply(1, "R7>2")
    assert hand(state, 1) == ["G6"]
    assert state.view(0)["vulnerable"] == 1
    # the seat handed a big hand owes nothing
    assert hand(state, 2) == ["G4", "G5", "B1", "B3"]


# -- drawing and forced play ----------------------------------------------------------------


def test_draw_until_playable() -> None:
    game = make(4, hand_size=3, draw_until_playable=True)
    hands = [["Y1", "Y2", "Y3"], ["G4", "G5", "B9"], ["G6", "G7", "G8"], ["G1", "G2", "G3"]]
    state = deal(game, hands, "R7", draw=["B1", "Y5", "R2", "B3"])
    state.apply(1, "draw")
    assert hand(state, 1) == ["R2", "Y5", "G4", "G5", "B1", "B9"]
    assert state.view(1)["drawn_card"] == "R2"
    assert legal(state, 1) == ["R2", "pass"]


def test_draw_until_playable_draws_one_when_holding_a_playable_card() -> None:
    game = make(4, hand_size=3, draw_until_playable=True)
    hands = [["Y1", "Y2", "Y3"], ["R4", "G5", "B9"], ["G6", "G7", "G8"], ["G1", "G2", "G3"]]
    state = deal(game, hands, "R7", draw=["B1", "Y5", "R2"])
    state.apply(1, "draw")
    assert len(hand(state, 1)) == 4
    assert legal(state, 1) == ["pass"]


def test_force_play() -> None:
    state = four([YS, ["R4", "G5", "B9"], ["G6", "G7", "G8"], ["G1", "G2", "G3"]], force_play=True)
    assert legal(state, 1) == ["R4"]
    with pytest.raises(solocards.IllegalActionError, match="force_play"):
        state.apply(1, "draw")
    state.apply(1, "R4")
    assert legal(state, 2) == ["draw"]


def test_force_play_drawn() -> None:
    state = four(
        [YS, ["G4", "G5", "B9"], ["G6", "G7", "G8"], ["G1", "G2", "G3"]],
        first="B7",
        force_play_drawn=True,
    )
    state.apply(1, "draw")  # B1 matches
    assert legal(state, 1) == ["B1"]
    with pytest.raises(solocards.IllegalActionError, match="force_play_drawn"):
        state.apply(1, "pass")


SEAT1 = ["R5", "G1", "G2", "G4", "B4", "B5", "Y6"]
SEAT0 = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y7", "Y8"]


def test_force_play_drawn_never_forces_an_unlawful_wild_draw_four() -> None:
    # §2.5: a Wild Draw Four is lawful only without a card of the colour in force (R5 here), so
    # it is not a playable card for the force: the player may keep it; bluffing stays legal
    state = deal(make(2, force_play_drawn=True), [SEAT0, SEAT1], "R3", ["W+4"])
    state.apply(1, "draw")
    assert legal(state, 1) == ["W+4:R", "W+4:Y", "W+4:G", "W+4:B", "pass"]
    state.apply(1, "pass")
    assert "W+4" in hand(state, 1) and state.to_act == [0]


@pytest.mark.parametrize(
    ("options", "seat1"),
    [
        ({}, ["Y5", "G1", "G2", "G4", "B4", "B5", "Y6"]),  # no red held: lawful
        ({"drop_wd4_legality": True}, SEAT1),  # no legality rule: always lawful
    ],
)
def test_force_play_drawn_forces_a_lawful_wild_draw_four(
    options: dict[str, object], seat1: list[str]
) -> None:
    seat0 = ["Y1", "Y2", "Y3", "Y4", "R5", "Y7", "Y8"]
    state = deal(make(2, force_play_drawn=True, **options), [seat0, seat1], "R3", ["W+4"])
    state.apply(1, "draw")
    assert legal(state, 1) == ["W+4:R", "W+4:Y", "W+4:G", "W+4:B"]
    with pytest.raises(solocards.IllegalActionError, match="force_play_drawn"):
        state.apply(1, "pass")


def test_force_play_lets_an_unlawful_wild_draw_four_be_a_bluff_only() -> None:
    # holding the colour in force means holding a lawful play, so the force never bites on the
    # Wild Draw Four alone: drawing is refused, bluffing stays legal
    seat1 = ["R5", "W+4", "G2", "G4", "B4", "B5", "Y6"]
    state = deal(make(2, force_play=True), [SEAT0, seat1], "R3")
    assert legal(state, 1) == ["R5", "W+4:R", "W+4:Y", "W+4:G", "W+4:B"]


# -- deflecting -----------------------------------------------------------------------------


def test_reverse_sends_the_penalty_back() -> None:
    state = four(
        [YS, ["R+2", "G4", "G5"], ["RR", "GR", "G6"], ["G1", "G2", "G3"]], reverse_skip_deflect=True
    )
    state.apply(1, "R+2")
    assert legal(state, 2) == ["RR", "draw"]
    state.apply(2, "RR")
    snap = state.snapshot()
    assert snap["current"] == 1 and snap["pending_draw"] == 2 and snap["direction"] == -1
    state.apply(1, "draw")
    assert len(hand(state, 1)) == 4
    assert state.to_act == [0]


def test_skip_passes_the_penalty_on_and_ends_the_challenge() -> None:
    state = four(
        [YS, ["W+4", "G4", "G5"], ["BS", "GS", "G6"], ["G1", "G2", "G3"]], reverse_skip_deflect=True
    )
    state.apply(1, "W+4:B")
    assert legal(state, 2) == ["BS", "draw", "challenge"]
    state.apply(2, "BS")
    assert state.snapshot()["current"] == 3
    assert legal(state, 3) == ["draw"]


# -- several cards of one number ------------------------------------------------------------


def test_multi_play_same_number() -> None:
    game = make(4, hand_size=4, multi_play_same_number=True)
    hands = [
        ["Y1", "Y2", "Y3", "Y4"],
        ["R7", "G7", "B7", "G1"],
        ["G6", "G8", "G9", "B2"],
        ["G1", "G2", "G3", "G4"],
    ]
    state = deal(game, hands, "R5")
    multi = [action for action in legal(state, 1) if action.count("7") > 1]
    # the first card laid must match R5, so only R7 may come first: it never ends on top
    assert sorted(multi) == ["R7+B7", "R7+B7+G7", "R7+B7+G7!", "R7+G7", "R7+G7+B7", "R7+G7+B7!"]
    # ending on R7 needs another red card to start on R5: there is none
    with pytest.raises(solocards.IllegalActionError, match="first card of a multi-play"):
        state.apply(1, "G7+R7")
    state.apply(1, "R7+G7+B7")
    snap = state.snapshot()
    assert snap["discard_pile"] == ["R5", "R7", "G7", "B7"]
    assert snap["color"] == "B"
    assert hand(state, 1) == ["G1"]
    assert snap["vulnerable"] == 1


def test_multi_play_on_the_same_number_needs_no_colour() -> None:
    game = make(4, hand_size=4, multi_play_same_number=True)
    hands = [
        ["Y1", "Y2", "Y3", "Y4"],
        ["G7", "B7", "G1", "G2"],
        ["G6", "G8", "G9", "B2"],
        ["G1", "G2", "G3", "G4"],
    ]
    state = deal(game, hands, "R7")
    assert "B7+G7" in legal(state, 1) and "G7+B7" in legal(state, 1)


# -- presets and options --------------------------------------------------------------------


def test_presets() -> None:
    assert make(4, preset="official").options == make(4).options
    party = make(4, preset="party")
    assert party.options["stack_draw2"] and party.options["jump_in"]
    assert party.options["seven_zero"] and party.options["cross_stack"] == "d4_on_d2"
    crazy = make(4, preset="crazy")
    assert crazy.options["multi_play_same_number"] and crazy.options["draw_until_playable"]
    with pytest.raises(solocards.OptionError, match="presets: crazy, official, party"):
        make(4, preset="wild")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stack_draw3": True}, "no option stack_draw3"),
        ({"cross_stack": "all"}, "not one of none, d4_on_d2, both"),
        ({"hand_size": 0}, "below the minimum"),
        ({"hand_size": 11}, "above the maximum"),
        ({"jump_in": "yes"}, "not a boolean"),
        ({"uno_penalty": 2.5}, "not a whole number"),
    ],
)
def test_option_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(solocards.OptionError, match=message):
        make(4, **options)
    with pytest.raises(solocards.OptionError, match="2 to 10 players"):
        make(11)
