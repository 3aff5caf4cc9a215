"""Frog for five (§B7, FOSTER-FROG): three active players; the dealer and the second player to
his right sit out.

Foster's Complete Hoyle (1908), Frog: "Three, four, or five can play; but only three are active
in each deal. If four play, the dealer takes no cards. If five play, he gives cards to the two
on his left and one on his right." So with the dealer D, seats D+1 (eldest), D+2 and D-1 play,
and D and D+3 sit out.
"""

from __future__ import annotations

import json
import random

import pytest
from frog_helpers import deal

import solocards
from helpers import apply_all, play_out, refused
from solocards.bots import make_bot


def test_five_players_the_dealer_deals_two_on_his_left_and_one_on_his_right() -> None:
    game = solocards.make("frog", players=5)
    assert game.players == 5 and game.num_actions == 80
    state = game.deal(deck=game.deck(), dealer=2)
    snapshot = state.snapshot()
    # 1st, 4th, 8th cards to the talon; the rest to eldest (3), middle (4), dealer's right (1)
    assert snapshot["talon"] == ["6C", "9C", "KC"]
    assert snapshot["hands"][3][:2] == ["7C", "JC"]
    assert snapshot["hands"][4][:2] == ["8C", "QC"]
    assert snapshot["hands"][1][:2] == ["TC", "AC"]
    assert snapshot["hands"][2] == [] and snapshot["hands"][0] == []
    assert [len(hand) for hand in snapshot["hands"]] == [0, 11, 0, 11, 11]
    assert state.to_act == [3]


@pytest.mark.parametrize("dealer", range(5))
def test_the_two_who_sit_out_take_no_part(dealer: int) -> None:
    state = solocards.make("frog", players=5).deal(seed=dealer, dealer=dealer)
    out = [dealer, (dealer + 3) % 5]
    for seat in out:
        assert state.legal_actions(seat) == []
        message = refused(state, seat, "frage")
        assert "sits out" in message and "§B7" in message and "five" in message
        view = state.view(seat)
        assert view["hand"] == [] and view["can_act"] is False
    view = state.view(None)
    assert view["sitting_out"] == dealer and view["sitting_out_seats"] == sorted(out)
    assert view["eldest"] == (dealer + 1) % 5


def test_the_auction_and_the_tricks_go_eldest_middle_dealers_right() -> None:
    state = deal({}, players=5, dealer=0)  # active: 1, 2, 4; out: 0, 3
    apply_all(state, [(1, "pass"), (2, "pass")])
    assert state.to_act == [4]
    state.apply(4, "frage")
    assert state.snapshot()["declarer"] == 4 and state.to_act == [4]
    for card in state.snapshot()["hands"][4][:3]:
        state.apply(4, "discard:" + card)
    order = []
    for _ in range(3):
        (seat,) = state.to_act
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [1, 2, 4]


def test_all_pass_and_ramsch_leave_both_out() -> None:
    state = deal({}, players=5, dealer=1)  # active: 2, 3, 0; out: 1, 4
    apply_all(state, [(2, "pass"), (3, "pass"), (0, "pass")])
    assert state.result is not None and state.result["scores"] == [0] * 5
    state = deal({}, players=5, dealer=1, all_pass="ramsch")
    apply_all(state, [(2, "pass"), (3, "pass"), (0, "pass")])
    assert state.to_act == [2]
    play_out(state)
    result = state.result
    assert result is not None and sum(result["scores"]) == 0
    assert result["scores"][1] == result["scores"][4] == 0
    assert result["points"][1] == result["points"][4] == 0 and sum(result["points"]) == 120


def test_a_five_player_match_deals_in_turn_and_replays_from_its_record() -> None:
    game = solocards.make("frog", players=5, deals=10)
    match = game.match(seed=6)
    rng = random.Random(6)
    while not match.is_over:
        (seat,) = match.to_act
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    record = json.loads(json.dumps(match.record()))
    dealers = [round_["dealer"] for round_ in record["rounds"]]
    assert len(dealers) == 10 and all(dealers[i + 1] == (dealers[i] + 1) % 5 for i in range(9))
    assert sum(match.totals) == 0
    again = solocards.replay(record)
    assert again.totals == match.totals and again.winners == match.winners
    with pytest.raises(solocards.OptionError, match="multiple"):
        solocards.make("frog", players=5, deals=8)


def test_the_bots_play_five_legally() -> None:
    game = solocards.make("frog", players=5)
    bots = [
        make_bot("heuristic", game),
        make_bot("ismcts:iterations=30", game),
        make_bot("random", game),
    ]
    rng = random.Random(2)
    for seed in range(2):
        state = game.deal(seed=seed, dealer=seed)
        while not state.is_over:
            (seat,) = state.to_act
            legal = state.legal_actions(seat)
            action = bots[seat % 3].choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)
