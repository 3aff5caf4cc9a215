"""amigo-solo §1.8 (the "solo" call: auto_penalty as on BGA, and the table's catch; S-11) and
§3.1.3, §3.1.12.

Dealer 0 in every deal: seat 1 plays first.
"""

from __future__ import annotations

from amigo_helpers import deal, hands

from helpers import apply_all, refused
from solocards.core.game import State

TWO = [["G1", "G3"], ["R5", "R6"], ["B1", "B3"], ["Y4", "Y6"]]
DRAW = ["B7", "B8", "B9", "G7", "G8", "G9"]


def test_a_move_that_leaves_one_card_offers_the_call() -> None:
    state = deal(TWO, "R2", draw=DRAW)
    assert state.legal_actions(1) == ["R5", "R5!", "R6", "R6!", "draw"]


def test_calling_solo_with_the_move_costs_nothing() -> None:
    state = deal(TWO, "R2", draw=DRAW)
    state.apply(1, "R5!")
    assert hands(state)[1] == ["R6"]
    assert state.view(0)["log"] == [[1, "R5!"]]


def test_forgetting_the_call_draws_two_at_once() -> None:
    state = deal(TWO, "R2", draw=DRAW)
    state.apply(1, "R5")
    assert hands(state)[1] == sorted(["R6", "B7", "B8"])
    assert state.to_act == [2] and state.snapshot()["open_to_catch"] is None


def test_the_solo_penalty_is_an_option() -> None:
    state = deal(TWO, "R2", draw=DRAW, solo_penalty=4)
    state.apply(1, "R5")
    assert len(hands(state)[1]) == 5


def test_a_call_with_a_move_that_does_not_leave_one_card_is_refused() -> None:
    state = deal([["G1", "G3", "G4"], ["R5", "R6", "R7"], ["B1", "B3", "B4"]], "R2")
    refused(state, 1, "R5!", "leaves you exactly one card", "leaves you 2", "rule 1.8")


def test_the_last_card_needs_no_call() -> None:
    state = deal([["G1"], ["R5"], ["B1"]], "R2")
    assert state.legal_actions(1) == ["R5", "draw"]
    refused(state, 1, "R5!", "leaves you 0", "rule 1.8")
    state.apply(1, "R5")
    assert state.is_over and state.result is not None and state.result["winners"] == [1]


def test_draw_then_play_from_one_card_needs_the_call_again() -> None:
    # §3.1.12: 1 card, draw (2), play the drawn card (1 left): the call is needed
    state = deal([["G1"], ["Y9"], ["B1"]], "R2", draw=["R8", "B7", "B8"])
    state.apply(1, "draw")
    assert state.legal_actions(1) == ["R8", "R8!", "pass"]
    forgot = state.clone()
    forgot.apply(1, "R8")
    assert hands(forgot)[1] == sorted(["Y9", "B7", "B8"])
    state.apply(1, "R8!")
    assert hands(state)[1] == ["Y9"]


SWAP_HANDS = [["RX", "Y1", "Y3"], ["R4", "G8", "G9"], ["R5", "R6", "B1"]]


def swap_round() -> State:
    """Seat 2 gets down to one card (calling), seat 0 then holds RX, Y1, Y3 and B7."""
    state = deal(SWAP_HANDS, "R2", draw=["B7", "B8", "B9"])
    apply_all(state, [(1, "R4"), (2, "R5"), (0, "draw"), (1, "draw"), (2, "R6!")])
    assert [len(hand) for hand in hands(state)] == [4, 3, 1] and state.to_act == [0]
    return state


def test_a_swap_that_leaves_the_actor_one_card_needs_the_call() -> None:
    # §3.1.3 and §3.1.12: going 4 -> 1 through a swap with a one-card hand
    state = swap_round()
    legal = state.legal_actions(0)
    assert "RX>2" in legal and "RX>2!" in legal and "RX>1" in legal
    assert "RX>1!" not in legal  # seat 1 holds four cards: no call with that swap
    forgot = state.clone()
    forgot.apply(0, "RX>2")
    assert len(hands(forgot)[0]) == 3  # B1 and the two penalty cards
    state.apply(0, "RX>2!")
    assert hands(state)[0] == ["B1"]
    # the player handed cards by someone else's swap owes nothing (S-11)
    assert hands(state)[2] == sorted(["Y1", "Y3", "B7"])


def test_catch_mode_leaves_a_forgotten_call_open_to_a_catch() -> None:
    state = deal(TWO, "R2", draw=DRAW, solo_call_enforcement="catch")
    state.apply(1, "R5")
    assert hands(state)[1] == ["R6"]
    assert state.to_act == [0, 1, 2, 3]
    assert state.legal_actions(1) == ["solo"]
    assert state.legal_actions(3) == ["catch>1"]
    assert "catch>1" in state.legal_actions(2) and "B1" not in state.legal_actions(2)
    assert state.view(0)["open_to_catch"] == 1 and state.view(0)["window"] == ["catch"]
    assert state.view(1)["window"] == ["solo"]
    state.apply(3, "catch>1")
    assert hands(state)[1] == sorted(["R6", "B7", "B8"])
    assert state.to_act == [2] and state.snapshot()["current"] == 2


def test_catch_mode_late_call_clears_it() -> None:
    state = deal(TWO, "R2", draw=DRAW, solo_call_enforcement="catch")
    state.apply(1, "R5")
    state.apply(1, "solo")
    assert state.to_act == [2] and hands(state)[1] == ["R6"]
    refused(state, 0, "catch>1", "cannot be caught now", "rule 1.8")


def test_catch_mode_the_next_move_closes_the_catch() -> None:
    state = deal(TWO, "R2", draw=DRAW, solo_call_enforcement="catch")
    state.apply(1, "R5")
    state.apply(2, "draw")
    assert state.snapshot()["open_to_catch"] is None
    refused(state, 0, "catch>1", "cannot be caught now")
    refused(state, 1, "solo", "not open to a catch")


def test_catch_mode_a_called_move_is_safe() -> None:
    state = deal(TWO, "R2", draw=DRAW, solo_call_enforcement="catch")
    state.apply(1, "R5!")
    assert state.to_act == [2]
    refused(state, 3, "catch>1", "cannot be caught now")


def test_catch_mode_refusals_name_the_rule() -> None:
    state = deal(TWO, "R2", draw=DRAW, solo_call_enforcement="catch")
    state.apply(1, "R5")
    refused(state, 1, "catch>1", "cannot catch yourself")
    refused(state, 0, "catch>2", "seat 2 cannot be caught")


def test_under_auto_penalty_there_is_no_catch_and_no_late_call() -> None:
    state = deal(TWO, "R2", draw=DRAW)
    state.apply(1, "R5")
    refused(state, 0, "catch>1", "solo_call_enforcement='catch'", "rule 1.8")
    refused(state, 1, "solo", "part of the move", "rule 1.8")
