"""The UNO call (§2.6, §3.2.8-9): '!', the catch window, late calls, 'auto', the options."""

from __future__ import annotations

import pytest

import solocards

from .uno_helpers import deal, hand, legal, make


def round_(seat1: list[str], seat2: list[str] | None = None, **options: object) -> solocards.State:
    """4 players, hand size 2, dealer 0; seat 1 plays first on a red 7."""
    hands = [["Y1", "Y2"], seat1, seat2 or ["R5", "G6"], ["G1", "G2"]]
    return deal(make(4, hand_size=2, **options), hands, "R7", draw=["B1", "B2", "B3", "B4"])


def test_call_only_with_a_play_that_leaves_one_card() -> None:
    state = round_(["R2", "G4"])
    assert legal(state, 1) == ["R2", "R2!", "draw"]
    three = deal(
        make(4, hand_size=3),
        [["Y1", "Y2", "Y3"], ["R2", "G4", "G5"], ["G6", "G7", "G8"], ["G1", "G2", "G3"]],
        "R7",
    )
    before = three.snapshot()
    with pytest.raises(solocards.IllegalActionError, match=r"exactly one card.*leaves you 2"):
        three.apply(1, "R2!")
    assert three.snapshot() == before


def test_calling_with_the_play_is_safe() -> None:
    state = round_(["R2", "G4"])
    state.apply(1, "R2!")
    assert state.to_act == [2]
    assert state.view(0)["vulnerable"] is None
    assert legal(state, 0) == []


def test_forgetting_opens_the_catch_window_for_everyone() -> None:
    state = round_(["R2", "G4"])
    state.apply(1, "R2")
    assert state.to_act == [0, 1, 2, 3]
    assert legal(state, 0) == ["catch>1"]
    assert legal(state, 1) == ["uno"]
    assert legal(state, 2) == ["R5", "R5!", "draw", "catch>1"]
    assert state.view(3)["vulnerable"] == 1
    state.apply(3, "catch>1")
    assert hand(state, 1) == ["G4", "B1", "B2"]
    assert state.to_act == [2]
    assert state.snapshot()["current"] == 2


def test_late_call_makes_the_player_safe() -> None:
    state = round_(["R2", "G4"])
    state.apply(1, "R2")
    state.apply(1, "uno")
    assert state.to_act == [2]
    with pytest.raises(solocards.IllegalActionError, match="nobody can be caught"):
        state.apply(0, "catch>1")


def test_window_closes_when_the_next_player_begins() -> None:
    for action in ("R5", "draw"):
        state = round_(["R2", "G4"])
        state.apply(1, "R2")
        state.apply(2, action)
        assert state.view(0)["vulnerable"] != 1
        with pytest.raises(solocards.IllegalActionError, match=r"cannot be caught|nobody"):
            state.apply(0, "catch>1")


def test_window_stays_open_past_a_skipped_player() -> None:
    state = round_(["RS", "G4"])
    state.apply(1, "RS")  # seat 2 is skipped; seat 3 moves next
    assert state.snapshot()["current"] == 3
    assert "catch>1" in legal(state, 2)
    state.apply(3, "draw")
    assert state.view(0)["vulnerable"] is None


def test_catch_with_a_wrong_target_or_self() -> None:
    state = round_(["R2", "G4"])
    state.apply(1, "R2")
    before = state.snapshot()
    with pytest.raises(solocards.IllegalActionError, match="only seat 1"):
        state.apply(0, "catch>3")
    with pytest.raises(solocards.IllegalActionError, match="cannot catch yourself"):
        state.apply(1, "catch>1")
    with pytest.raises(solocards.IllegalActionError, match="nothing to call"):
        state.apply(0, "uno")
    assert state.snapshot() == before


def test_uno_penalty_size() -> None:
    state = round_(["R2", "G4"], uno_penalty=4)
    state.apply(1, "R2")
    state.apply(0, "catch>1")
    assert len(hand(state, 1)) == 5


def test_auto_enforcement_penalises_at_once() -> None:
    state = round_(["R2", "G4"], uno_enforcement="auto")
    state.apply(1, "R2")
    assert len(hand(state, 1)) == 3
    assert state.to_act == [2]
    assert "uno" not in legal(state, 1)
    with pytest.raises(solocards.IllegalActionError, match="auto"):
        state.apply(0, "catch>1")
    safe = round_(["R2", "G4"], uno_enforcement="auto")
    safe.apply(1, "R2!")
    assert len(hand(safe, 1)) == 1


def test_strict_call_only_after_the_play() -> None:
    state = round_(["R2", "G4"], strict_uno_call=True)
    assert legal(state, 1) == ["R2", "draw"]
    with pytest.raises(solocards.IllegalActionError, match="strict_uno_call"):
        state.apply(1, "R2!")
    state.apply(1, "R2")
    assert "uno" in legal(state, 1)
    state.apply(1, "uno")
    assert state.to_act == [2]


def test_strict_and_auto_do_not_combine() -> None:
    with pytest.raises(solocards.OptionError, match="strict_uno_call needs uno_enforcement"):
        make(4, strict_uno_call=True, uno_enforcement="auto")


def test_call_needed_again_after_draw_then_play() -> None:
    game = make(4, hand_size=2)
    hands = [["Y1", "Y2"], ["R2", "G4"], ["G5", "G6"], ["G1", "G2"]]
    state = deal(game, hands, "R7", draw=["B1", "B2", "B3", "R3"])
    state.apply(1, "R2!")
    # seats 2, 3, 0 draw and keep; seat 1 has one card that does not match, draws a match
    state.apply(2, "draw")
    state.apply(2, "pass")
    state.apply(3, "draw")
    state.apply(3, "pass")
    state.apply(0, "draw")
    state.apply(0, "pass")
    assert state.snapshot()["top_card"] == "R2" and hand(state, 1) == ["G4"]
    state.apply(1, "draw")  # R3 matches; playing it leaves one card again
    assert state.view(1)["drawn_card"] == "R3"
    assert legal(state, 1) == ["R3", "R3!", "pass"]
    state.apply(1, "R3")
    assert state.view(2)["vulnerable"] == 1


def test_vulnerability_ends_when_play_moves_on_in_two_players() -> None:
    state = deal(make(2, hand_size=2), [["R+2", "G4"], ["R2", "G9"]], "R7", draw=["B1", "B2", "B3"])
    state.apply(1, "R2")  # down to one card, no call
    assert legal(state, 0) == ["R+2", "R+2!", "draw", "catch>1"]
    state.apply(0, "R+2!")  # the next player began: seat 1 is safe, and draws the 2
    assert state.view(0)["vulnerable"] is None
    state.apply(1, "draw")
    assert len(hand(state, 1)) == 3
