"""amigo-solo §1.9 (the empty draw pile, reshuffling, short draws, the dead-lock guard; S-12) and
§3.1.1, §3.1.2, §3.1.13, §3.1.14.

Ten hands of eleven cards leave two cards: the first card and one card in the draw pile.
Dealer 0: seat 1 plays first.
"""

from __future__ import annotations

from amigo_helpers import deal, full_hands, hands

from helpers import apply_all
from solocards.core.game import State

POINTS = {"R": 10, "S": 20, "+2": 30, "X": 30, "W": 40, "W+4": 50, "WX": 40}


def points_of(card: str) -> int:
    """A card's points, from the table of §1.2 (written here, not taken from the engine)."""
    if card in POINTS:
        return POINTS[card]
    rank = card[1:]
    return int(rank) if rank.isdigit() else POINTS[rank]


def big(given: dict[int, list[str]], first: str | list[str], draw: list[str]) -> State:
    reserved = [first] if isinstance(first, str) else list(first)
    return deal(full_hands(10, 11, given, reserved + draw), first, draw=draw)


def test_a_penalty_larger_than_the_draw_pile_reshuffles_in_the_middle_of_the_draw() -> None:
    # §3.1.2: one card in the pile, then the discard pile but its top card is shuffled in
    state = big({1: ["R+2"]}, "R2", ["B7"])
    state.apply(1, "R+2")
    state.apply(2, "draw")
    snap = state.snapshot()
    assert "B7" in snap["hands"][2] and "R2" in snap["hands"][2] and len(snap["hands"][2]) == 13
    assert snap["discard_pile"] == ["R+2"] and snap["draw_pile"] == []
    assert snap["reshuffles"] == 1 and snap["pending_draw"] == 0 and state.to_act == [3]


def test_a_short_draw_gives_what_exists_and_the_penalty_counts_as_paid() -> None:
    state = big({1: ["R+2"], 2: ["G+2"]}, "R2", ["B7"])
    apply_all(state, [(1, "R+2"), (2, "G+2")])  # pile: B7, then R2 and R+2 under the top
    state.apply(3, "draw")  # 3 of the 4 cards
    snap = state.snapshot()
    assert len(snap["hands"][3]) == 14 and snap["pending_draw"] == 0
    assert snap["draw_pile"] == []
    assert snap["discard_pile"] == ["G+2"] and state.to_act == [4]


def test_the_reshuffle_keeps_the_top_card_and_the_named_colour() -> None:
    state = big({1: ["W"]}, "R2", ["B7"])
    apply_all(state, [(1, "W:G"), (2, "draw")])  # B7 does not match green
    state.apply(3, "draw")  # the pile is empty: R2 is shuffled in and drawn
    snap = state.snapshot()
    assert snap["discard_pile"] == ["W"] and snap["color"] == "G"
    assert "R2" in snap["hands"][3]


def test_cards_turned_under_the_first_number_are_reshuffled_later() -> None:
    # §3.1.14: no draw pile at all; the Skip under B5 is the only card to reshuffle
    state = deal(full_hands(10, 11, {}, ["RS", "B5"]), ["RS", "B5"])
    assert state.snapshot()["draw_pile"] == [] and state.snapshot()["discard_pile"] == ["RS", "B5"]
    state.apply(1, "draw")
    assert state.snapshot()["discard_pile"] == ["B5"]
    assert "RS" in state.snapshot()["hands"][1]


def test_drawing_from_empty_piles_gives_nothing_and_ends_the_turn() -> None:
    # §3.1.1: draw pile empty, discard pile one card
    state = big({}, "R2", ["B7"])
    state.apply(1, "draw")
    if state.snapshot()["phase"] == "drawn":
        state.apply(1, "pass")
    before = hands(state)[2]
    state.apply(2, "draw")
    assert hands(state)[2] == before and state.to_act == [3]


def test_a_penalty_against_empty_piles_counts_as_paid() -> None:
    # §3.1.1 and §3.1.13: nothing to draw, the pending count is cleared, the turn ends
    state = deal(full_hands(10, 11, {1: ["R+2"]}, ["R2", "B7"]), "R2", draw=["B7"])
    state.apply(1, "R+2")
    state.apply(2, "draw")  # draws B7 and R2
    assert state.snapshot()["draw_pile"] == []
    state.apply(3, "draw")  # nothing left: no card
    assert len(hands(state)[3]) == 11 and state.to_act == [4]


def test_a_full_cycle_of_empty_draws_ends_the_round_with_no_winner() -> None:
    # the dead-lock guard (S-12): every player in turn draws nothing
    state = big({}, "R2", ["B7"])
    state.apply(1, "draw")
    if state.snapshot()["phase"] == "drawn":
        state.apply(1, "pass")
    for seat in [2, 3, 4, 5, 6, 7, 8, 9, 0]:
        state.apply(seat, "draw")
        assert not state.is_over
    state.apply(1, "draw")
    assert state.is_over and state.to_act == []
    result = state.result
    assert result is not None and result["winners"] == [] and result["end"] == "deadlock"
    snap = state.snapshot()
    assert result["points"] == [sum(points_of(card) for card in hand) for hand in snap["hands"]]
    assert result["scores"] == [-points for points in result["points"]]
