"""amigo-solo §1.5.1 (Swap with a player, Swap all round; S-4), §1.10 (a swap as the last card)
and §3.1.3 .. §3.1.5, §3.1.17 (what a swap reveals).

Dealer 0 in every deal: seat 1 plays first.
"""

from __future__ import annotations

from amigo_helpers import deal, hands, known

import solocards
from helpers import apply_all, refused

H = [["G1", "G3", "G4"], ["RX", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
DRAW = ["G7", "G8", "G9", "B7", "B8"]


def test_a_swap_exchanges_whole_hands_with_the_chosen_seat() -> None:
    state = deal(H, "R2", draw=DRAW)
    assert [a for a in state.legal_actions(1) if a.startswith("RX")] == ["RX>0", "RX>2", "RX>3"]
    state.apply(1, "RX>3")
    assert hands(state)[1] == sorted(H[3]) and hands(state)[3] == ["Y1", "Y3"]
    snap = state.snapshot()
    assert snap["color"] == "R" and snap["discard_pile"][-1] == "RX" and state.to_act == [2]


def test_both_sides_of_a_swap_know_the_other_hand_and_nobody_else_learns_anything() -> None:
    # §3.1.17
    state = deal(H, "R2", draw=DRAW)
    state.apply(1, "RX>3")
    assert known(state, 1) == {"3": ["Y1", "Y3"]}
    assert known(state, 3) == {"1": sorted(H[3])}
    assert known(state, 0) == {} and known(state, 2) == {} and known(state, None) == {}


def test_what_a_seat_knows_shrinks_when_the_holder_lays_those_cards() -> None:
    h = [["G1", "G3", "G4"], ["YX", "Y1", "Y3"], ["B1", "B3", "B4"], ["R4", "R6", "R7"]]
    state = deal(h, "Y2", draw=DRAW)
    apply_all(state, [(1, "YX>3"), (2, "draw"), (3, "Y1!")])
    assert hands(state)[3] == ["Y3"]
    assert known(state, 1) == {"3": ["Y3"]}
    # drawing adds unknown cards; the known ones are still known
    apply_all(state, [(0, "draw"), (1, "draw"), (2, "draw"), (3, "draw")])
    assert len(hands(state)[3]) == 2 and known(state, 1) == {"3": ["Y3"]}


def test_a_swap_with_yourself_is_refused() -> None:
    state = deal(H, "R2", draw=DRAW)
    refused(state, 1, "RX>1", "cannot swap with yourself", "rule 1.5.1")


def test_a_swap_without_a_target_is_a_notation_error_naming_the_rule() -> None:
    state = deal(H, "R2", draw=DRAW)
    refused(state, 1, "RX", "names the seat", "rule 1.5.1", error=solocards.NotationError)
    refused(state, 1, "RX>7", "no seat 7", error=solocards.NotationError)


def test_swap_all_round_by_default_moves_every_hand_against_the_play() -> None:
    # S-4 default (the seed, BGA's help): "If the order of play is clockwise, cards are swapped
    # to counterclockwise"
    assert solocards.make("amigo-solo").options["rotation_moves_hands"] == "against_play"
    h = [["G1", "G3", "G4"], ["WX", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
    state = deal(h, "R2", draw=DRAW)
    state.apply(1, "WX")
    # clockwise play: seat p's hand goes to seat p - 1
    assert hands(state) == [["Y1", "Y3"], sorted(h[2]), sorted(h[3]), sorted(h[0])]
    assert state.to_act == [2] and state.snapshot()["color"] is None
    # each player knows the hand they gave away
    assert known(state, 1) == {"0": ["Y1", "Y3"]}
    assert known(state, 3) == {"2": sorted(h[3])}


def test_swap_all_round_with_play_option() -> None:
    h = [["G1", "G3", "G4"], ["WX", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
    state = deal(h, "R2", draw=DRAW, rotation_moves_hands="with_play")
    state.apply(1, "WX")
    # clockwise: seat p's hand goes to seat p + 1
    assert hands(state) == [sorted(h[3]), sorted(h[0]), ["Y1", "Y3"], sorted(h[2])]
    assert known(state, 1) == {"2": ["Y1", "Y3"]}
    assert known(state, 3) == {"0": sorted(h[3])}


def test_swap_all_round_after_change_direction_uses_the_new_direction() -> None:
    # §3.1.5
    h = [["WX", "G3", "G4"], ["RR", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
    state = deal(h, "R2", draw=DRAW)
    apply_all(state, [(1, "RR"), (0, "WX")])
    # counter-clockwise now, hands move against it: seat p's hand goes to seat p + 1
    assert hands(state) == [sorted(h[3]), ["G3", "G4"], ["Y1", "Y3"], sorted(h[2])]
    assert state.to_act == [3]
    with_play = deal(h, "R2", draw=DRAW, rotation_moves_hands="with_play")
    apply_all(with_play, [(1, "RR"), (0, "WX")])
    # with the play: seat p's hand goes to seat p - 1
    assert hands(with_play) == [["Y1", "Y3"], sorted(h[2]), sorted(h[3]), ["G3", "G4"]]


def test_swap_all_round_with_two_players_is_a_hand_exchange() -> None:
    state = deal([["G1", "G3", "G4"], ["WX", "Y1", "Y3"]], "R2", draw=DRAW)
    state.apply(1, "WX")
    assert hands(state) == [["Y1", "Y3"], ["G1", "G3", "G4"]]
    assert state.to_act == [0]


def test_knowledge_travels_with_a_hand_in_a_later_swap() -> None:
    h = [["G1", "G3", "G4"], ["RX", "Y1", "Y3"], ["B1", "B3", "B4"], ["WX", "Y6", "Y7"]]
    state = deal(h, "R2", draw=DRAW, rotation_moves_hands="with_play")
    state.apply(1, "RX>2")  # seat 1 knows seat 2 holds Y1 Y3
    state.apply(2, "draw")  # G7: no match on RX (red)... the turn passes
    state.apply(3, "WX")  # every hand moves on: Y1 Y3 (+ G7) go to seat 3
    # seat 1 still knows Y1 Y3, now at seat 3, and knows the hand it gave seat 2
    assert known(state, 1) == {"2": ["B1", "B3", "B4"], "3": ["Y1", "Y3"]}
    # seat 2 gave its whole hand (Y1 Y3 G7) to seat 3; seat 3 gave Y6 Y7 to seat 0
    assert known(state, 2) == {"3": ["G7", "Y1", "Y3"]}
    assert known(state, 3) == {"0": ["Y6", "Y7"]}


def test_a_swap_as_the_last_card_ends_the_round_before_any_exchange() -> None:
    # §3.1.4
    state = deal([["G1"], ["RX"], ["B1"]], "R2")
    state.apply(1, "RX>2")
    assert state.is_over and hands(state) == [["G1"], [], ["B1"]]
    assert state.result is not None and state.result["winners"] == [1]
    state = deal([["G1"], ["WX"], ["B1"]], "R2")
    state.apply(1, "WX")
    assert state.is_over and hands(state) == [["G1"], [], ["B1"]]
