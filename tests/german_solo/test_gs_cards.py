"""§A1-§A3: the pack, the notation, the 3-2-3 deal, trump and plain-suit orders."""

from __future__ import annotations

import pytest
from gs_helpers import DECK, deal, deck_for

import solocards
from helpers import run
from solocards.games.german_solo.cards import CARD_IDS, EFF, TRUMP, TRUMP_ORDER, trick_winner


def ids(cards: str) -> list[int]:
    return [CARD_IDS[card] for card in cards.split()]


def test_the_pack_is_32_cards_seven_to_ace_in_four_suits() -> None:
    assert len(DECK) == 32 == len(set(DECK))
    assert {card[0] for card in DECK} == set("789TJQKA")
    assert {card[1] for card in DECK} == set("CDHS")


def test_notation_is_exact_and_case_sensitive() -> None:
    game = solocards.make("german-solo")
    assert game.action_name(game.action_id("QC")) == "QC"
    for bad in ("qc", "10C", "Q♣", "6C", "call:QD", "trump:X", "simple ", "Solo"):
        with pytest.raises(solocards.NotationError):
            game.action_id(bad)


def test_deal_is_three_two_three_clockwise_from_eldest() -> None:
    game = solocards.make("german-solo")
    deck = game.deck()  # 7C 8C 9C TC JC QC KC AC 7D ...
    state = game.deal(deck=deck, dealer=2)
    hands = state.snapshot()["hands"]
    eldest, second, third, dealer = 3, 0, 1, 2
    assert sorted(hands[eldest]) == sorted(deck[0:3] + deck[12:14] + deck[20:23])
    assert sorted(hands[second]) == sorted(deck[3:6] + deck[14:16] + deck[23:26])
    assert sorted(hands[third]) == sorted(deck[6:9] + deck[16:18] + deck[26:29])
    assert sorted(hands[dealer]) == sorted(deck[9:12] + deck[18:20] + deck[29:32])
    assert state.to_act == [eldest]  # eldest speaks first


def test_the_helper_builds_the_hands_asked_for() -> None:
    state = deal({0: "QC QS 7H AH KH QH JH TH", 1: "AC AD AS KC KD KS JC JD"}, dealer=1)
    hands = state.snapshot()["hands"]
    assert sorted(hands[0]) == sorted(["QC", "QS", "7H", "AH", "KH", "QH", "JH", "TH"])
    assert sorted(hands[1]) == sorted(["AC", "AD", "AS", "KC", "KD", "KS", "JC", "JD"])
    assert deck_for({}, 0) != deck_for({}, 1)


@pytest.mark.parametrize(
    ("trump", "order"),
    [
        (0, "QC 7C QS AC KC JC TC 9C 8C"),
        (3, "QC 7S QS AS KS JS TS 9S 8S"),
        (2, "QC 7H QS AH KH QH JH TH 9H 8H"),
        (1, "QC 7D QS AD KD QD JD TD 9D 8D"),
    ],
)
def test_trump_orders_nine_for_black_ten_for_red(trump: int, order: str) -> None:
    expected = ids(order)
    assert list(TRUMP_ORDER[trump]) == expected
    assert [c for c in range(32) if EFF[trump][c] == TRUMP] == sorted(expected)
    # each trump beats every lower one, whichever is led
    for high_index, high in enumerate(expected):
        for low in expected[high_index + 1 :]:
            assert trick_winner([low, high], trump) == 1
            assert trick_winner([high, low], trump) == 0


@pytest.mark.parametrize(
    ("trump", "suit", "order"),
    [
        (2, "C", "AC KC JC TC 9C 8C 7C"),  # black plain suit: 7 cards, no queen
        (2, "S", "AS KS JS TS 9S 8S 7S"),
        (0, "D", "AD KD QD JD TD 9D 8D 7D"),  # red plain suit: 8 cards, ace high
        (0, "H", "AH KH QH JH TH 9H 8H 7H"),
    ],
)
def test_plain_suits_rank_ace_high_seven_low(trump: int, suit: str, order: str) -> None:
    expected = ids(order)
    assert [c for c in range(32) if EFF[trump][c] == "CDHS".index(suit)] == sorted(expected)
    for high_index, high in enumerate(expected):
        for low in expected[high_index + 1 :]:
            assert trick_winner([low, high], trump) == 1
            assert trick_winner([high, low], trump) == 0


def test_black_queens_are_always_trumps_never_clubs_or_spades() -> None:
    for trump in range(4):
        assert EFF[trump][CARD_IDS["QC"]] == TRUMP
        assert EFF[trump][CARD_IDS["QS"]] == TRUMP
    # clubs led, hearts trump: Spadilla is a trump and wins; the trump 7 wins over a plain ace
    assert trick_winner(ids("AC QC"), 2) == 1
    assert trick_winner(ids("AD 7H"), 2) == 1
    # a 7 of a plain suit is its lowest card and follows suit
    assert trick_winner(ids("7D 8D"), 2) == 1


def test_off_suit_discards_never_win() -> None:
    assert trick_winner(ids("8D AH AS AC"), 0) == 3  # AC is trump (clubs)
    assert trick_winner(ids("8D AH AS KD"), 0) == 3
    assert trick_winner(ids("8D AH AS 9S"), 1) == 0  # diamonds trump: 8D is a trump


def test_a_dealt_round_starts_with_the_eldest_and_the_stake_in_the_pool() -> None:
    state = deal({}, dealer=1, stake=4)
    snapshot = state.snapshot()
    assert snapshot["to_act"] == [2]
    assert snapshot["pool"] == 4 and snapshot["phase"] == "bidding"
    run(state, "pass")
    assert state.to_act == [3]
