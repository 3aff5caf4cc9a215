"""§A6: naming trump, calling a card, forcée partout, solo and tout declarations."""

from __future__ import annotations

from typing import ClassVar

from gs_helpers import deal

from helpers import actor, play_randomly, refused, run

SPLIT = {0: "QC", 1: "QS"}


class TestTrumpAndFlag:
    """§A4 and U2: a game in suit names a non-couleur suit, a game in couleur names couleur."""

    def test_in_suit_names_another_suit_than_couleur(self) -> None:
        state = deal(SPLIT)
        run(state, "simple pass pass pass")
        assert state.legal_actions(0) == ["trump:D", "trump:H", "trump:S"]
        message = refused(state, 0, "trump:C")
        assert "couleur" in message and "couleur_upgrade" in message

    def test_in_couleur_names_the_couleur_suit(self) -> None:
        state = deal(SPLIT)
        run(state, "solo-couleur pass pass pass")
        assert state.legal_actions(0) == ["trump:C"]
        assert "couleur suit" in refused(state, 0, "trump:H")

    def test_couleur_upgrade_option_values_an_in_suit_game_in_couleur(self) -> None:
        state = deal(SPLIT, couleur_upgrade=True)
        run(state, "solo pass pass pass")
        assert state.legal_actions(0) == ["trump:C", "trump:D", "trump:H", "trump:S"]
        run(state, "trump:C")
        assert state.snapshot()["contract"] == "solo-couleur"

    def test_a_solo_has_no_call(self) -> None:
        state = deal(SPLIT)
        run(state, "solo pass pass pass trump:S")
        snapshot = state.snapshot()
        assert snapshot["phase"] == "playing" and snapshot["called"] is None
        assert state.view(2)["alone"] is True


class TestCalling:
    def test_only_aces_of_plain_suits_may_be_called(self) -> None:
        state = deal(SPLIT)
        run(state, "simple pass pass pass trump:H")
        assert state.legal_actions(0) == ["call:AC", "call:AD", "call:AS"]
        assert "call_trump_ace" in refused(state, 0, "call:AH")
        assert "all four Aces" in refused(state, 0, "call:KD")

    def test_call_trump_ace_option(self) -> None:
        state = deal(SPLIT, call_trump_ace=True)
        run(state, "simple pass pass pass trump:H")
        assert "call:AH" in state.legal_actions(0)

    def test_a_king_may_be_called_with_all_four_aces(self) -> None:
        state = deal({0: "QC AC AD AH AS", 1: "QS"})
        run(state, "simple pass pass pass trump:H")
        assert state.legal_actions(0) == [
            "call:AC",
            "call:AD",
            "call:AS",
            "call:KC",
            "call:KD",
            "call:KS",
        ]
        run(state, "call:KD")
        assert state.snapshot()["called"] == "KD"

    def test_own_king_call_is_a_secret_solo(self) -> None:
        state = deal({0: "QC AC AD AH AS KD", 1: "QS"})
        run(state, "simple pass pass pass trump:H call:KD")
        assert state.snapshot()["partner"] is None
        assert state.view(1)["partner"] is None and state.view(1)["called_holder"] is None

    def test_void_call_is_announced_to_everyone(self) -> None:
        state = deal({0: "QC 7H AH KH QH JH 8C 9C", 1: "QS AD"})
        run(state, "simple pass pass pass trump:H call:AD")
        for seat in (None, 0, 1, 2, 3):
            assert state.view(seat)["caller_void"] is True

    def test_no_void_announcement_when_holding_the_suit(self) -> None:
        state = deal({0: "QC 7H AH KH QH JH 8D 9C", 1: "QS AD"})
        run(state, "simple pass pass pass trump:H call:AD")
        assert state.view(2)["caller_void"] is False

    def test_a_simple_game_cannot_be_played_alone(self) -> None:
        state = deal(SPLIT)
        run(state, "simple pass pass pass trump:H")
        assert "bid solo" in refused(state, 0, "alone")


class TestOwnCall:
    """§C1, §C2: calling a card one holds is a secret solo, settled alone at solo value."""

    HANDS: ClassVar[dict[int, str]] = {0: "QC 7H AH KH QH JH AD 8C", 1: "QS"}

    def test_settled_as_solo_and_kept_secret_until_the_card_falls(self) -> None:
        state = deal(self.HANDS)
        run(state, "simple pass pass pass trump:H call:AD")
        assert state.view(0)["called_holder"] == 0  # the declarer knows
        for seat in (None, 1, 2, 3):
            view = state.view(seat)
            assert view["called_holder"] is None and view["alone"] is False
        run(state, "AD")
        assert state.view(2)["called_holder"] == 0 and state.view(2)["partner"] is None
        play_randomly(state, 3)
        result = state.result
        assert result is not None
        assert result["partner"] is None and result["base"] == 4  # a solo in suit
        scores = result["scores"]
        sign = 1 if result["won"] else -1
        value = result["value"]
        assert scores[0] == sign * 3 * value - result["bete"] + result["stamm"]
        assert scores[1] == scores[2] == -sign * value


class TestForceePartout:
    """§A6.1: the forcée-partout declarer calls (the partner names trump) or plays alone."""

    HANDS: ClassVar[dict[int, str]] = {0: "QC QS 7H AH 8C", 2: "AD KD"}

    def test_the_partner_names_trump_and_is_revealed(self) -> None:
        state = deal(self.HANDS)
        run(state, "forcee pass pass pass")
        assert state.legal_actions(0) == ["call:AC", "call:AD", "call:AH", "call:AS", "alone"]
        run(state, "call:AD")
        assert actor(state) == 2
        assert state.legal_actions(2) == ["trump:H", "trump:S"]  # not couleur, not diamonds
        assert "suit of the called card" in refused(state, 2, "trump:D")
        run(state, "trump:H")
        for seat in (None, 1, 3):
            assert state.view(seat)["partner"] == 2
        assert state.snapshot()["contract"] == "forcee"

    def test_in_couleur_the_couleur_ace_cannot_be_called(self) -> None:
        state = deal(self.HANDS)
        run(state, "forcee-couleur pass pass pass")
        assert "call:AC" not in state.legal_actions(0)
        assert "§C7" in refused(state, 0, "call:AC")
        run(state, "call:AD")
        assert state.legal_actions(2) == ["trump:C"]

    def test_played_alone_it_is_valued_as_a_solo(self) -> None:
        state = deal(self.HANDS)
        run(state, "forcee pass pass pass alone")
        assert actor(state) == 0 and state.legal_actions(0) == ["trump:D", "trump:H", "trump:S"]
        run(state, "trump:H")
        play_randomly(state, 1)
        assert state.result is not None and state.result["base"] == 4
        assert state.result["partner"] is None

    def test_fp_alone_option_off_requires_a_call(self) -> None:
        state = deal(self.HANDS, fp_alone=False)
        run(state, "forcee pass pass pass")
        assert "alone" not in state.legal_actions(0)
        assert "fp_alone" in refused(state, 0, "alone")

    def test_own_call_in_forcee_the_declarer_names_trump(self) -> None:
        state = deal({0: "QC QS 7H AD 8C"})
        run(state, "forcee pass pass pass call:AD")
        assert actor(state) == 0
        run(state, "trump:S")
        play_randomly(state, 2)
        assert state.result is not None and state.result["partner"] is None
        assert state.result["base"] == 4


class TestTout:
    def test_tout_alone_or_with_a_called_ace(self) -> None:
        state = deal(SPLIT)
        run(state, "tout pass pass pass trump:H")
        assert state.legal_actions(0)[-1] == "alone"
        assert "call:AD" in state.legal_actions(0)

    def test_tout_with_a_partner_needs_all_eight_tricks(self) -> None:
        # seat 0 and its partner (A♦ with seat 1) hold every trump: they win all eight
        hands = {0: "QC 7H AH KH QH JH TH 9H", 1: "QS 8H AD KD QD JD TD 9D"}
        state = deal(hands)
        run(state, "tout pass pass pass trump:H call:AD")
        while not state.is_over:
            seat = actor(state)
            run(state, state.legal_actions(seat)[-1 if seat == 0 else 0])
        result = state.result
        assert result is not None
        assert result["side_tricks"] == 8 and result["won"] is True
        assert result["base"] == 16 and result["partner"] == 1
        value = result["value"]
        assert result["scores"][:3] == [value, value, -value]

    def test_a_failed_tout_pays_the_full_value(self) -> None:
        hands = {0: "QC 7H AH KH 7C 8C 9C 7D", 1: "QS"}
        state = deal(hands)
        run(state, "tout pass pass pass trump:H alone")
        play_randomly(state, 4)
        result = state.result
        assert result is not None and result["won"] is False and result["side_tricks"] < 8
        assert result["scores"][0] == -3 * result["value"] - result["bete"]
