"""Refused actions: the right error, a message naming the rule, and the state unchanged."""

from __future__ import annotations

import pytest

import solocards
from solocards.games.uno.state import UnoState

from .uno_helpers import deal, make

HANDS = [["Y1", "Y2", "Y3"], ["R7", "G4", "W"], ["R5", "R5", "G6"], ["G1", "G2", "G3"]]


def state_with(**options: object) -> UnoState:
    return deal(make(4, hand_size=3, **options), HANDS, "R1", draw=["B1", "B2", "B3"])


@pytest.mark.parametrize(
    ("options", "seat", "action", "message"),
    [
        ({}, 1, "R7>2", "only under the 7-0 rule"),
        ({"seven_zero": True, "seven_zero_target": "next"}, 1, "R7>2", "seven_zero_target=next"),
        ({}, 1, "B9", "you do not hold blue 9"),
        ({}, 1, "G4", "green 4 does not match the top card: play a red card, a 1, or a wild"),
        ({}, 1, "W:G!", "leaves you 2"),
        ({}, 1, "color:R", "first card"),
        ({}, 1, "pass", "right after drawing"),
        ({}, 1, "uno", "nothing to call"),
        ({}, 1, "catch>2", "nobody can be caught"),
        ({}, 2, "R5", "jumping in is off"),
        ({"jump_in": True}, 2, "R5", "identical to the top card"),
        ({"jump_in": True}, 0, "R1", "only right after a card is played"),
        ({"multi_play_same_number": True}, 2, "R5+R5", "not your turn"),
        ({"force_play": True}, 1, "draw", "force_play"),
    ],
)
def test_refusals(options: dict[str, object], seat: int, action: str, message: str) -> None:
    state = state_with(**options)
    before = state.snapshot()
    with pytest.raises(solocards.IllegalActionError, match=message):
        state.apply(seat, action)
    assert state.snapshot() == before
    assert state.legal_actions(1)  # still playable


def test_hold_only_one_of_two() -> None:
    game = make(4, hand_size=3, multi_play_same_number=True)
    state = deal(
        game, [["Y1", "Y2", "Y3"], ["R5", "G5", "W"], ["R6", "G6", "B6"], ["G1", "G2", "G3"]], "R1"
    )
    with pytest.raises(solocards.IllegalActionError, match="you do not hold blue 5"):
        state.apply(1, "R5+B5")
    with pytest.raises(solocards.IllegalActionError, match="you hold only 1 red 5"):
        state.apply(1, "R5+R5")


def test_multi_play_strings_need_the_option() -> None:
    with pytest.raises(solocards.NotationError, match="not an action of uno"):
        state_with().apply(1, "R5+R5")


def test_errors_after_the_round_and_for_bad_seats() -> None:
    state = deal(make(2, hand_size=1), [["G1"], ["R7"]], "R1")
    with pytest.raises(solocards.IllegalActionError, match="no seat 2"):
        state.apply(2, "R7")
    with pytest.raises(solocards.IllegalActionError, match="no seat"):
        state.apply(True, "R7")  # type: ignore[arg-type]
    state.apply(1, "R7")
    with pytest.raises(solocards.IllegalActionError, match="round is over"):
        state.apply(0, "draw")
    with pytest.raises(solocards.IllegalActionError, match="no seat 5"):
        state.view(5)


def test_messages_do_not_depend_on_other_seats_hidden_cards() -> None:
    def messages(seat2: list[str]) -> list[str]:
        hands = [["Y1", "Y2", "Y3"], ["R7", "G4", "W"], seat2, ["G1", "G2", "G3"]]
        state = deal(make(4, hand_size=3, jump_in=True), hands, "R1", draw=["B1", "B2"])
        state.apply(1, "R7")
        found = []
        for seat, action in [(0, "R7"), (3, "R7"), (0, "catch>2"), (3, "challenge")]:
            with pytest.raises(solocards.IllegalActionError) as error:
                state.apply(seat, action)
            found.append(str(error.value))
        return found

    assert messages(["R7", "R5", "G6"]) == messages(["B5", "R5", "G6"])
