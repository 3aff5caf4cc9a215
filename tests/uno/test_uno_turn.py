"""A turn (§2.3) and the action cards (§2.4), two players included (§3.2.1)."""

from __future__ import annotations

import pytest

import solocards
from helpers import apply_all

from .uno_helpers import deal, hand, legal, make


def four(
    first: str, hands: list[list[str]], draw: tuple[str, ...] = ("B1", "B2"), **options: object
) -> solocards.State:
    """A 4-player round, dealer 0, seat 1 to play (unless the first card says otherwise)."""
    return deal(make(4, hand_size=len(hands[0]), **options), hands, first, draw)


def test_match_by_colour_number_or_symbol() -> None:
    state = four(
        "R7",
        [
            ["Y1", "Y2", "Y3", "Y4"],
            ["R2", "G7", "B5", "Y9"],
            ["Y5", "Y6", "Y7", "Y8"],
            ["G1", "G2", "G3", "G4"],
        ],
    )
    assert legal(state, 1) == ["R2", "G7", "draw"]


def test_symbols_match_across_colours() -> None:
    state = four(
        "RS", [["Y1", "Y2", "Y3"], ["GS", "B+2", "BR"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]]
    )
    # the first Skip skips seat 1; seat 2 plays; then seat 3
    assert state.to_act == [2]
    state = four(
        "R+2",
        [["Y1", "Y2", "Y3"], ["G+2", "BS", "Y2"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]],
        first_card_draw_two="draw_only",
    )
    assert hand(state, 1) == ["Y2", "G+2", "B1", "B2", "BS"]
    assert legal(state, 1) == ["G+2", "draw"]


def test_wild_may_be_played_with_other_playable_cards() -> None:
    state = four(
        "R7", [["Y1", "Y2", "Y3"], ["R2", "W", "Y9"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]]
    )
    assert legal(state, 1) == ["R2", "W:R", "W:Y", "W:G", "W:B", "draw"]
    state.apply(1, "W:R")  # may name the colour already in play
    assert state.snapshot()["color"] == "R"


def test_after_a_wild_only_the_named_colour_or_a_wild_matches() -> None:
    state = four(
        "R7", [["Y1", "Y2", "Y3"], ["W", "R2", "Y9"], ["G7", "R5", "B3"], ["G1", "G2", "G3"]]
    )
    state.apply(1, "W:B")
    assert state.snapshot()["top_card"] == "W"
    assert legal(state, 2) == ["B3", "draw"]


def test_draw_then_only_the_drawn_card_or_pass() -> None:
    game = make(4, hand_size=3)
    state = deal(
        game,
        [["Y1", "Y2", "Y3"], ["R2", "G4", "B9"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]],
        "R7",
        draw=["R8"],
    )
    state.apply(1, "draw")  # reneging: drawing although R2 could be played
    assert hand(state, 1) == ["R2", "R8", "G4", "B9"]
    assert legal(state, 1) == ["R8", "pass"]
    with pytest.raises(solocards.IllegalActionError, match="only the card you drew"):
        state.apply(1, "R2")
    with pytest.raises(solocards.IllegalActionError, match="already drawn"):
        state.apply(1, "draw")
    state.apply(1, "R8")
    assert state.to_act == [2]
    assert state.snapshot()["top_card"] == "R8"


def test_pass_keeps_the_drawn_card_and_ends_the_turn() -> None:
    game = make(4, hand_size=3)
    state = deal(
        game,
        [["Y1", "Y2", "Y3"], ["R2", "G4", "B9"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]],
        "R7",
        draw=["B1"],
    )
    state.apply(1, "draw")
    # an unplayable drawn card still asks for 'pass': the table cannot tell it was unplayable
    assert legal(state, 1) == ["pass"]
    assert state.view(2)["phase"] == "drawn"
    state.apply(1, "pass")
    assert "B1" in hand(state, 1)
    assert state.to_act == [2]
    with pytest.raises(solocards.IllegalActionError, match="right after drawing"):
        state.apply(2, "pass")


def test_skip_skips_the_next_player() -> None:
    state = four(
        "R7", [["Y1", "Y2", "Y3"], ["RS", "G4", "B9"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]]
    )
    state.apply(1, "RS")
    assert state.to_act == [3]


def test_reverse_changes_direction() -> None:
    state = four(
        "R7", [["R1", "Y2", "Y3"], ["RR", "G4", "B9"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]]
    )
    state.apply(1, "RR")
    assert state.to_act == [0]
    assert state.snapshot()["direction"] == -1
    state.apply(0, "R1")
    assert state.to_act == [3]


def test_draw_two_next_draws_two_and_loses_the_turn() -> None:
    game = make(4, hand_size=3)
    state = deal(
        game,
        [["Y1", "Y2", "Y3"], ["R+2", "G4", "B9"], ["G+2", "Y6", "Y7"], ["G1", "G2", "G3"]],
        "R7",
        draw=["B5", "B6"],
    )
    state.apply(1, "R+2")
    assert state.snapshot()["pending_draw"] == 2
    assert legal(state, 2) == ["draw"]  # no stacking by the official rules
    with pytest.raises(solocards.IllegalActionError, match="penalty of 2"):
        state.apply(2, "G+2")
    state.apply(2, "draw")
    assert hand(state, 2) == ["Y6", "Y7", "G+2", "B5", "B6"]
    assert state.to_act == [3]
    assert state.snapshot()["pending_draw"] == 0


def test_wild_draw_four_next_draws_four_and_loses_the_turn() -> None:
    game = make(4, hand_size=3)
    state = deal(
        game,
        [["Y1", "Y2", "Y3"], ["W+4", "G4", "B9"], ["G+2", "Y6", "Y7"], ["G1", "G2", "G3"]],
        "R7",
    )
    state.apply(1, "W+4:G")
    assert legal(state, 2) == ["draw", "challenge"]
    state.apply(2, "draw")
    assert len(hand(state, 2)) == 7
    assert state.to_act == [3]
    assert state.snapshot()["color"] == "G"


@pytest.mark.parametrize("card", ["RR", "RS"])
def test_two_players_reverse_and_skip_let_the_actor_play_again(card: str) -> None:
    state = deal(make(2, hand_size=3), [["R1", "R2", "R3"], [card, "R5", "B5"]], "R7")
    state.apply(1, card)
    assert state.to_act == [1]
    assert state.snapshot()["direction"] == 1


@pytest.mark.parametrize("card", ["R+2", "W+4:B"])
def test_two_players_draw_cards_then_it_is_the_actors_turn_again(card: str) -> None:
    state = deal(
        make(2, hand_size=3), [["R1", "R2", "R3"], [card[:3].rstrip(":"), "R5", "B5"]], "R7"
    )
    state.apply(1, card)
    state.apply(0, "draw")
    assert state.to_act == [1]


def test_two_players_reverse_without_the_skip_rule_passes_the_turn() -> None:
    game = make(2, hand_size=3, two_player_reverse_is_skip=False)
    state = deal(game, [["R1", "R2", "R3"], ["RR", "R5", "B5"]], "R7")
    state.apply(1, "RR")
    assert state.to_act == [0]
    assert state.snapshot()["direction"] == -1


def test_not_your_turn() -> None:
    state = four(
        "R7", [["R1", "Y2", "Y3"], ["RR", "G4", "B9"], ["Y5", "Y6", "Y7"], ["G1", "G2", "G3"]]
    )
    before = state.snapshot()
    with pytest.raises(solocards.IllegalActionError, match=r"not your turn.*seat 1"):
        state.apply(0, "R1")
    with pytest.raises(solocards.IllegalActionError, match="not your turn"):
        state.apply(2, "draw")
    with pytest.raises(solocards.IllegalActionError, match="no seat 7"):
        state.apply(7, "draw")
    assert state.snapshot() == before
    assert legal(state, 0) == []
    apply_all(state, [(1, "RR"), (0, "R1")])
    assert state.snapshot()["current"] == 3
