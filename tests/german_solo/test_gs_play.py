"""§A7: following suit, optional trumping, the matador reservation, the called card."""

from __future__ import annotations

import pytest
from gs_helpers import deal

from helpers import actor, refused, run
from solocards.games.german_solo.cards import CARD_IDS, card_name
from solocards.games.german_solo.play import legal_cards

# Seat 0 asks in hearts and calls A♦, held by seat 1; seat 0 has a diamond (no void call).
CALLED = {
    0: "QC 7H AH KH QH JH 7D 8C",
    1: "AD 8D 9D TH 9H AS KS JS",
    2: "QS TD JD KD QD 9C TC JC",
}  # seat 3: 7C KC AC 8H 7S 8S 9S TS


def ids(cards: str) -> list[int]:
    return sorted(CARD_IDS[card] for card in cards.split())


def names(cards: list[int]) -> list[str]:
    return sorted(card_name(card) for card in cards)


# §A7.3's table (trump ♥): led card, the player's trumps, the legal answer ("any" = the whole
# hand). Each hand also holds two plain cards, 8C and 9D.
RESERVATION_TABLE = [
    ("9H", "QC", "any"),
    ("9H", "QC 8H", "QC 8H"),
    ("QC", "QS", "QS"),
    ("QC", "QS 8H", "QS 8H"),
    ("QC", "7H QS", "7H QS"),
    ("QS", "QC", "any"),
    ("7H", "QC QS", "QC QS"),
    ("AH", "QC 7H", "any"),
]


@pytest.mark.parametrize(("led", "trumps", "expected"), RESERVATION_TABLE)
def test_the_eight_rows_of_the_reservation_table(led: str, trumps: str, expected: str) -> None:
    hand = ids(trumps + " 8C 9D")
    legal = legal_cards(hand, [CARD_IDS[led]], 2, True, -1, False)
    want = trumps + " 8C 9D" if expected == "any" else expected
    assert names(legal) == sorted(want.split())


@pytest.mark.parametrize(("led", "trumps", "expected"), RESERVATION_TABLE)
def test_without_reservation_trumps_must_simply_follow(
    led: str, trumps: str, expected: str
) -> None:
    hand = ids(trumps + " 8C 9D")
    legal = legal_cards(hand, [CARD_IDS[led]], 2, False, -1, False)
    assert names(legal) == sorted(trumps.split())


class TestReservationInPlay:
    """Three rows of the table played out from dealt hands (solo in hearts by seat 0)."""

    def test_a_plain_trump_lead_lets_spadilla_renege(self) -> None:
        state = deal({0: "QS 9H AH KH QH JH TH 8H", 1: "QC 7C 8C 9C TC JC KC AC"})
        run(state, "solo pass pass pass trump:H 9H")
        assert len(state.legal_actions(1)) == 8  # any card: Spadilla may be reserved
        run(state, "7C")
        assert state.snapshot()["trick"] == [[0, "9H"], [1, "7C"]]

    def test_without_reservation_spadilla_must_follow(self) -> None:
        state = deal(
            {0: "QS 9H AH KH QH JH TH 8H", 1: "QC 7C 8C 9C TC JC KC AC"}, reservation=False
        )
        run(state, "solo pass pass pass trump:H 9H")
        assert state.legal_actions(1) == ["QC"]
        assert "reservation=false" in refused(state, 1, "7C")

    def test_spadilla_led_forces_an_unguarded_basta(self) -> None:
        state = deal({0: "QC 7H AH KH QH JH TH 9H", 1: "QS 7C 8C 9C TC JC KC AC"})
        run(state, "solo pass pass pass trump:H QC")
        assert state.legal_actions(1) == ["QS"]
        message = refused(state, 1, "AC")
        assert "matador privilege" in message and "rule 15" in message

    def test_basta_led_does_not_force_spadilla(self) -> None:
        state = deal({0: "QS 7H AH KH QH JH TH 9H", 1: "QC 7C 8C 9C TC JC KC AC"})
        run(state, "solo pass pass pass trump:H QS")
        assert len(state.legal_actions(1)) == 8


class TestFollowing:
    def test_suit_must_be_followed_a_revoke_is_refused(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD 8C")
        assert actor(state) == 1
        # seat 1 has no clubs: any card but the small diamonds (the called Ace must go first)
        assert state.legal_actions(1) == ["AD", "9H", "TH", "JS", "KS", "AS"]
        run(state, "9H")
        assert state.legal_actions(2) == ["9C", "TC", "JC"]
        message = refused(state, 2, "QS")
        assert "clubs were led" in message and "rule 15" in message

    def test_trumping_is_optional_when_void(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD 8C")
        legal = state.legal_actions(1)
        assert "9H" in legal and "AS" in legal  # trump or discard, as he likes

    def test_black_queen_is_not_a_club(self) -> None:
        state = deal({0: "QS 9H AH KH QH JH TH 8H", 1: "QC 7D 8D 9D TD JD KD AD"}, dealer=1)
        # dealer 1: eldest is seat 2; let seat 2 lead a club
        run(state, "solo")  # seat 2 bids solo
        run(state, "pass pass pass")
        run(state, "trump:S")
        hand2 = state.view(2)["hand"]
        club = next(card for card in hand2 if card.endswith("C"))
        run(state, club)
        assert actor(state) == 3
        run(state, state.legal_actions(3)[0])
        # seat 0 holds no club (Basta is a trump): void, any card
        assert len(state.legal_actions(0)) == 8
        run(state, "9H")
        # seat 1's only "club" is Spadilla: void in clubs, any card
        assert len(state.legal_actions(1)) == 8

    def test_trick_winner_leads_next_and_eldest_leads_first(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD")
        assert actor(state) == 0  # eldest leads to the first trick
        run(state, "8C 9H 9C KC")  # seat 1 trumps
        assert actor(state) == 1
        assert state.snapshot()["tricks_won"] == [0, 1, 0, 0]


class TestCalledCard:
    """Rule 14: the called Ace falls at the first opportunity (§A7.3, §C5)."""

    def test_called_suit_led_the_holder_must_play_the_ace(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD 7D")
        assert state.legal_actions(1) == ["AD"]
        message = refused(state, 1, "8D")
        assert "called card" in message and "rule 14" in message

    def test_the_holder_leading_the_suit_must_lead_the_ace(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD 8C TH 9C KC")
        assert actor(state) == 1
        assert "8D" not in state.legal_actions(1) and "AD" in state.legal_actions(1)
        assert "rule 14" in refused(state, 1, "9D")
        run(state, "AD")
        assert state.view(3)["partner"] == 1

    def test_the_holder_may_discard_the_ace_when_void(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD 8C AD")
        assert state.view(2)["partner"] == 1

    def test_called_card_lead_option_forces_the_lead(self) -> None:
        state = deal(CALLED, called_card_lead=True)
        run(state, "simple pass pass pass trump:H call:AD 8C TH 9C KC")
        assert state.legal_actions(1) == ["AD"]
        assert "called_card_lead" in refused(state, 1, "AS")

    def test_by_default_the_holder_need_not_lead_it(self) -> None:
        state = deal(CALLED)
        run(state, "simple pass pass pass trump:H call:AD 8C TH 9C KC AS")
        assert state.snapshot()["trick"] == [[1, "AS"]]

    def test_the_declarer_may_trump_the_called_ace_after_a_void_call(self) -> None:
        hands = {
            0: "QC 7H AH KH QH JH 8C 9C",
            1: "AD 8D 9D TH 9H AS KS JS",
            2: "QS TD JD KD QD 7D TC JC",
        }
        state = deal(hands)
        run(state, "simple pass pass pass trump:H call:AD")
        assert state.view(2)["caller_void"] is True  # rule 12, announced to all
        run(state, "8C 9H TC 7C")  # seat 1 wins with a trump and leads
        run(state, "AD KD")
        # seat 3 follows; seat 0, void in diamonds, may trump the called Ace (rule 13)
        run(state, state.legal_actions(3)[0])
        assert "AH" in state.legal_actions(0) and "9C" in state.legal_actions(0)


def test_the_engine_offers_exactly_what_the_reference_generator_allows() -> None:
    """The state's inlined fast paths agree with ``legal_cards`` (§A7.3) everywhere."""
    import random

    import solocards
    from solocards.games.german_solo.actions import CLAIM

    for options in ({}, {"reservation": False}, {"called_card_lead": True}):
        game = solocards.make("german-solo", **options)
        for seed in range(40):
            state = game.deal(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = actor(state)
                if state.snapshot()["phase"] == "playing":
                    live = state._live_holder == seat
                    expected = legal_cards(
                        state._hands[seat],
                        state._trick,
                        state._trump,
                        state._reservation,
                        state._called if live else -1,
                        state._lead_called,
                    )
                    ids = [i for i in state.legal_action_ids(seat) if i != CLAIM]
                    assert ids == expected
                state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
