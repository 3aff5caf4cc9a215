"""Frog §B5 (follow suit, else trump, else any card; the trick winner) and edge cases 19, 20."""

from __future__ import annotations

from frog_helpers import deal

from helpers import apply_all, play_out, refused

# Dealer 0 everywhere: seat 1 is eldest (bids and leads first), then seat 2, then seat 0.


def test_follow_suit_when_able_with_no_duty_to_win_and_no_trumping_instead() -> None:
    hands = {
        1: ["6C", "AH", "TH", "KH", "QH", "JH", "9H", "8H", "AD", "AS", "TS"],
        2: ["7C", "AC", "7H", "6H", "KD", "QD", "JD", "TD", "9D", "8D", "7D"],
        0: ["8C", "9C", "TC", "JC", "QC", "KC", "6D", "KS", "QS", "JS", "9S"],
    }
    state = deal(hands, ["8S", "7S", "6S"])
    apply_all(state, [(1, "heart-solo"), (1, "6C")])
    assert state.legal_actions(2) == ["7C", "AC"]
    message = refused(state, 2, "6H")
    assert "must follow suit" in message and "§B5 rule 1" in message
    state.apply(2, "7C")  # the lower club: there is no duty to win the trick
    assert state.legal_actions(0) == ["8C", "9C", "TC", "JC", "QC", "KC"]
    state.apply(0, "8C")
    snapshot = state.snapshot()
    assert snapshot["trick_winners"] == [0]  # the highest card of the led suit
    assert snapshot["tricks_won"] == [1, 0, 0]
    assert state.to_act == [0]  # the winner leads the next trick
    assert len(state.legal_actions(0)) == 10  # a lead may be any card


def test_void_in_the_led_suit_must_trump_even_when_the_partner_is_winning() -> None:
    hands = {
        1: ["6D", "7D", "8D", "9D", "JD", "QD", "KD", "TD", "AD", "AC", "TC"],
        2: ["KS", "6S", "AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "6H"],
        0: ["AS", "7S", "QS", "JS", "KC", "QC", "JC", "9C", "8C", "7C", "6C"],
    }
    state = deal(hands, ["TS", "9S", "8S"])
    apply_all(state, [(1, "solo"), (2, "pass"), (0, "pass"), (1, "trump:S"), (1, "6D")])
    assert state.legal_actions(2) == ["6S", "KS"]  # void in diamonds: trump
    message = refused(state, 2, "AH")
    assert "must trump" in message and "§B5 rule 2" in message
    state.apply(2, "KS")
    # seat 0's co-defender is winning with KS: seat 0 must still trump (edge case 19) ...
    assert state.legal_actions(0) == ["7S", "JS", "QS", "AS"]
    message = refused(state, 0, "6C")
    assert "you have no diamonds" in message and "must trump" in message
    # ... but need not over-trump: the 7 of spades is legal
    state.apply(0, "7S")
    snapshot = state.snapshot()
    assert snapshot["trick_winners"] == [2]  # the highest trump wins
    assert snapshot["points"] == [0, 0, 4]
    assert state.to_act == [2]


def test_trump_led_means_play_a_trump_and_no_trump_means_any_card() -> None:
    hands = {
        1: ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "AC", "AD", "AS", "TS"],
        2: ["7H", "6H", "KC", "QC", "JC", "KD", "QD", "JD", "KS", "QS", "JS"],
        0: ["TC", "9C", "8C", "7C", "6C", "TD", "9D", "8D", "7D", "6D", "9S"],
    }
    state = deal(hands, ["8S", "7S", "6S"])
    apply_all(state, [(1, "heart-solo"), (1, "AH")])
    assert state.legal_actions(2) == ["6H", "7H"]
    message = refused(state, 2, "KC")
    assert "trumps (hearts) were led" in message and "§B5 rule 1" in message
    state.apply(2, "6H")
    assert len(state.legal_actions(0)) == 11  # no trump in hand: any card (edge case 20)


def test_an_off_suit_card_never_wins_the_trick_even_an_ace() -> None:
    hands = {
        1: ["6D", "AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "AC"],
        2: ["AS", "KS", "QS", "JS", "TS", "9S", "KC", "QC", "JC", "TC", "9C"],
        0: ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "8C", "7C", "6C"],
    }
    state = deal(hands, ["8S", "7S", "6S"])
    apply_all(state, [(1, "heart-solo"), (1, "6D")])
    assert len(state.legal_actions(2)) == 11  # void in diamonds and in trumps
    apply_all(state, [(2, "AS"), (0, "7D")])
    snapshot = state.snapshot()
    assert snapshot["trick_winners"] == [0] and snapshot["points"] == [11, 0, 0]
    assert snapshot["played"] == ["6D", "AS", "7D"] and snapshot["played_by"] == [1, 2, 0]
    assert snapshot["trick"] == []


def test_a_card_not_in_hand_is_refused_without_saying_who_holds_it() -> None:
    state = deal({1: ["6D"], 2: ["AS"]}, ["8S", "7S", "6S"])
    apply_all(state, [(1, "heart-solo")])
    held_by_other = refused(state, 1, "AS")
    in_talon = refused(state, 1, "8S")
    assert held_by_other == "you cannot play AS: it is not in your hand"
    assert in_talon == "you cannot play 8S: it is not in your hand"


def test_the_deal_ends_after_eleven_tricks_with_every_card_placed() -> None:
    state = deal({})
    apply_all(state, [(1, "heart-solo")])
    play_out(state)
    snapshot = state.snapshot()
    assert state.is_over and state.to_act == [] and snapshot["phase"] == "over"
    assert sum(snapshot["tricks_won"]) == 11 and len(snapshot["played"]) == 33
    assert all(hand == [] for hand in snapshot["hands"])
    assert (
        sum(snapshot["points"])
        + sum(
            {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}.get(card[0], 0) for card in snapshot["talon"]
        )
        == 120
    )
    assert "the round is over" in refused(state, 1, "pass")
