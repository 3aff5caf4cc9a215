"""§A8-§A9: the first five tricks, incidental tout, game values, matadores, payments, the pool."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

import pytest
from gs_helpers import deal

import solocards
from helpers import actor, refused, run
from solocards.games.german_solo.cards import CARD_IDS, POWER
from solocards.games.german_solo.contract import FORCED_SIMPLE, SIMPLE, SOLO, matador_price
from solocards.games.german_solo.rules import GermanSoloRules
from solocards.games.german_solo.scoring import Deal, settle

HEARTS, CLUBS, SPADES = 2, 0, 3


def mask(cards: str) -> int:
    return sum(1 << CARD_IDS[card] for card in cards.split())


def solo_deal(**changes: Any) -> Deal:
    """Worked example 1: SOLO_S in hearts, the declarer (seat 0) dealt Q♣ 7♥ Q♠ A♥."""
    fields: dict[str, Any] = {
        "dealer": 3,
        "declarer": 0,
        "partner": -1,
        "kind": SOLO,
        "couleur": False,
        "incidental_tout": False,
        "side_tricks": 5,
        "dealt": (mask("QC 7H QS AH QH JH TH 9H"), mask("KH"), 0, 0),
        "trump": HEARTS,
        "pool_start": 0,
        "need_all": False,
    }
    fields.update(changes)
    return Deal(**fields)


def strong_for_the_side(
    snapshot: dict[str, Any], seat: int, legal: list[str], rng: random.Random
) -> str:
    """A policy that often gives the declaring side the first five tricks."""
    cards = [action for action in legal if action in CARD_IDS]
    if snapshot["phase"] != "playing" or not cards:
        tame = [a for a in legal if not a.startswith("tout") and a != "claim"]
        return rng.choice(tame or legal)
    trump = "CDHS".index(snapshot["trump"])
    strength = {card: POWER[trump][CARD_IDS[card]] * 10 + CARD_IDS[card] % 8 for card in cards}
    if seat in (snapshot["declarer"], snapshot["partner"]):
        return max(cards, key=strength.__getitem__)
    return min(cards, key=strength.__getitem__)


def payments(result: dict[str, Any], dealer: int = 3, stake: int = 2) -> list[int]:
    """The scores without the dealer's stake."""
    scores = list(result["scores"])
    scores[dealer] += stake
    return scores


class TestWorkedExamples:
    """§A9.6, couleur clubs, stake 2, reading A: exactly their figures."""

    def test_1_solo_in_hearts_won(self) -> None:
        result = settle(solo_deal(), GermanSoloRules())
        assert result["matadores"] == 2 and result["value"] == 6
        assert payments(result) == [18, -6, -6, -6]
        assert result["bete"] == result["stamm"] == 0

    @pytest.mark.parametrize(("pool_start", "bete"), [(0, 2), (10, 12), (30, 16)])
    def test_1_solo_in_hearts_lost_pays_a_bete(self, pool_start: int, bete: int) -> None:
        result = settle(solo_deal(side_tricks=4, pool_start=pool_start), GermanSoloRules())
        assert result["bete"] == bete  # min(pool after the stake, 16)
        assert payments(result) == [-18 - bete, 6, 6, 6]
        assert result["pool"] == pool_start + 2 + bete

    def test_2_simple_in_couleur_won_by_the_pair(self) -> None:
        deal_ = solo_deal(
            kind=SIMPLE,
            partner=1,
            couleur=True,
            trump=CLUBS,
            dealt=(mask("QC AC"), mask("7C AD"), mask("QS"), 0),
        )
        result = settle(deal_, GermanSoloRules())
        assert result["value"] == 4 and result["matadores"] == 0
        assert payments(result) == [4, 4, -4, -4]
        assert result["winners"] == [0, 1]

    @pytest.mark.parametrize(("pool_start", "stamm"), [(0, 2), (20, 16)])
    def test_3_incidental_tout_in_couleur(self, pool_start: int, stamm: int) -> None:
        deal_ = solo_deal(
            couleur=True,
            trump=CLUBS,
            incidental_tout=True,
            need_all=True,
            side_tricks=8,
            pool_start=pool_start,
            dealt=(mask("QC 7C AC KC JC TC 9C 8C"), mask("QS"), 0, 0),
        )
        result = settle(deal_, GermanSoloRules())
        assert result["value"] == 16
        assert payments(result) == [48 + stamm, -16, -16, -16]
        failed = settle(
            dataclasses.replace(deal_, side_tricks=7),  # (a compiled Deal has no __dict__)
            GermanSoloRules(),
        )
        assert payments(failed)[0] == -48 - failed["bete"] and failed["bete"] == stamm

    def test_4_forcee_simple_named_in_couleur_is_worth_4(self) -> None:
        deal_ = solo_deal(
            kind=FORCED_SIMPLE,
            partner=1,
            couleur=True,
            trump=CLUBS,
            dealt=(mask("QC"), mask("AD QS"), mask("7C"), 0),
        )
        assert settle(deal_, GermanSoloRules())["value"] == 4


class TestWorkedExamplesPlayed:
    """The same examples dealt and played through the engine."""

    def test_1_solo_in_hearts_claimed_after_five_tricks(self) -> None:
        state = deal({0: "QC 7H QS AH QH JH TH 9H", 1: "KH 8H 7C 8C 9C TC JC KC"})
        run(state, "solo pass pass pass trump:H")
        run(state, "QC KH 7D 7S")
        run(state, "7H 8H 8D 8S QS 7C 9D 9S AH 8C TD TS QH 9C JD JS")
        assert actor(state) == 0 and state.legal_actions(0) == ["9H", "TH", "JH", "claim"]
        assert state.view(0)["five_tricks"] is True
        run(state, "claim")
        result = state.result
        assert result is not None and result["claimed"] and not result["tout"]
        assert result["scores"] == [18, -6, -6, -8] and result["pool"] == 2
        assert result["pool_change"] == 2 and result["winners"] == [0]

    def test_2_simple_in_couleur_called_ace_never_played(self) -> None:
        hands = {
            0: "QC AC KC JC TC 9C 8C 7D",
            1: "7C AD AH KH QH JH TH 9H",
            2: "QS 8H 7H 8S 9S TS JS KS",
        }
        state = deal(hands)
        run(state, "simple-couleur pass pass pass trump:C call:AD")
        run(state, "QC 7C QS AS")  # Manilla and Basta fall to Spadilla
        for lead in ("AC", "KC", "JC", "TC"):
            run(state, lead)
            for _ in range(3):
                seat = actor(state)
                legal = state.legal_actions(seat)
                run(state, next(card for card in legal if card != "AD"))
        run(state, "claim")
        result = state.result
        assert result is not None and result["partner"] == 1 and result["value"] == 4
        assert "AD" in state.snapshot()["hands"][1]  # §C4: the partner by the dealt card
        assert result["scores"] == [4, 4, -4, -6]

    def _couleur_solo(self, hands: dict[int, str]) -> solocards.State:
        state = deal(hands)
        run(state, "solo-couleur pass pass pass trump:C")
        return state

    def test_3_incidental_tout_won(self) -> None:
        state = self._couleur_solo({0: "QC 7C AC KC JC TC 9C 8C", 1: "QS 7D 8D 9D TD JD QD KD"})
        for lead in ("QC", "7C", "AC", "KC", "JC"):
            run(state, lead)
            for _ in range(3):
                run(state, state.legal_actions(actor(state))[0])
        assert "claim" in state.legal_actions(0)
        run(state, "TC")  # leading on: incidental tout
        assert state.view(2)["tout"] is True
        while not state.is_over:
            run(state, state.legal_actions(actor(state))[0])
        result = state.result
        assert result is not None and result["tout"] and result["won"]
        assert result["value"] == 16 and result["stamm"] == 2
        assert result["scores"] == [50, -16, -16, -18] and result["pool"] == 0

    def test_3_incidental_tout_failed(self) -> None:
        state = self._couleur_solo(
            {0: "QC 7C AC KC JC 7D 7H 7S", 1: "QS 8D 9D TD JD QD KD AD", 2: "TC 9C", 3: "8C"}
        )
        for lead in ("QC", "7C", "AC", "KC", "JC"):
            run(state, lead)
            for _ in range(3):
                run(state, state.legal_actions(actor(state))[0])
        assert state.snapshot()["side_tricks"] == 5
        run(state, "7D")
        while not state.is_over:
            run(state, state.legal_actions(actor(state))[0])
        result = state.result
        assert result is not None and result["tout"] and not result["won"]
        assert result["value"] == 16 and result["bete"] == 2
        assert result["scores"] == [-50, 16, 16, 14] and result["pool"] == 4

    def test_3_claimed_instead_pays_the_plain_solo(self) -> None:
        state = self._couleur_solo({0: "QC 7C AC KC JC TC 9C 8C", 1: "QS 7D 8D 9D TD JD QD KD"})
        for lead in ("QC", "7C", "AC", "KC", "JC"):
            run(state, lead)
            for _ in range(3):
                run(state, state.legal_actions(actor(state))[0])
        run(state, "claim")
        result = state.result
        assert result is not None and result["value"] == 8 and result["stamm"] == 2
        assert result["scores"] == [26, -8, -8, -10]

    def test_4_forcee_simple_in_couleur(self) -> None:
        state = deal({2: "QC 8H", 1: "QS AD", 3: "7C"})
        run(state, "pass pass pass pass call:AD trump:C")
        rng = random.Random(5)
        while not state.is_over:
            seat = actor(state)
            run(state, rng.choice(state.legal_actions(seat)))
        result = state.result
        assert result is not None and result["value"] == 4
        assert result["contract"] == "forcee-simple-couleur"
        sign = 1 if result["won"] else -1
        assert payments(result) == [-4 * sign, 4 * sign, 4 * sign, -4 * sign]


class TestFirstFiveTricks:
    """§A8, §C13, U9: the decision at the lead to trick 6."""

    HANDS: ClassVar[dict[int, str]] = {0: "QC 7H AH KH QH JH TH 9H", 1: "QS AD 7S 8S 9S TS JS KS"}

    def _five(self, **options: Any) -> solocards.State:
        state = deal(self.HANDS, **options)
        run(state, "simple pass pass pass trump:H call:AD")
        run(state, "QC QS")  # Basta is forced under Spadilla
        run(state, " ".join(state.legal_actions(actor(state))[:1]))
        run(state, " ".join(state.legal_actions(actor(state))[:1]))
        for lead, partner_card in (("7H", "7S"), ("AH", "8S"), ("KH", "9S"), ("QH", "TS")):
            run(state, f"{lead} {partner_card}")
            for _ in range(2):
                run(state, state.legal_actions(actor(state))[0])
        return state

    def test_the_declarer_on_lead_may_claim_or_lead_on(self) -> None:
        state = self._five()
        assert state.legal_actions(0) == ["9H", "TH", "JH", "claim"]
        run(state, "claim")
        result = state.result
        assert result is not None and result["won"] and result["claimed"]
        assert result["partner"] == 1

    def test_claim_is_refused_elsewhere(self) -> None:
        state = deal(self.HANDS)
        run(state, "simple pass pass pass trump:H call:AD")
        assert "first five tricks" in refused(state, 0, "claim")

    def test_the_partner_on_lead_ends_the_hand_by_default(self) -> None:
        hands = {0: "QC 7H AH KH QH 7D 8D 9D", 1: "QS AD JH TH 9H 8H 7S 8S"}
        state = deal(hands)
        run(state, "simple pass pass pass trump:H call:AD")
        run(state, "QC QS")
        run(state, " ".join(state.legal_actions(actor(state))[:1]))
        run(state, " ".join(state.legal_actions(actor(state))[:1]))
        for lead in ("7H", "AH", "KH"):
            run(state, lead)
            for _ in range(3):
                seat = actor(state)
                legal = state.legal_actions(seat)
                run(state, legal[-1] if seat == 1 else legal[0])
        # trick 5: seat 0 leads a diamond, the partner wins it with the called Ace
        run(state, "7D AD")
        for _ in range(2):
            run(state, state.legal_actions(actor(state))[0])
        assert state.snapshot()["tricks_won"][:2] == [4, 1]
        assert state.is_over, "the partner on lead does not choose (U9 default)"
        result = state.result
        assert result is not None and result["won"] and not result["claimed"]

    def test_the_side_option_lets_the_partner_choose(self) -> None:
        hands = {0: "QC 7H AH KH QH 7D 8D 9D", 1: "QS AD JH TH 9H 8H 7S 8S"}
        state = deal(hands, tout_choice="side")
        run(state, "simple pass pass pass trump:H call:AD")
        run(state, "QC QS")
        run(state, " ".join(state.legal_actions(actor(state))[:1]))
        run(state, " ".join(state.legal_actions(actor(state))[:1]))
        for lead in ("7H", "AH", "KH"):
            run(state, lead)
            for _ in range(3):
                seat = actor(state)
                legal = state.legal_actions(seat)
                run(state, legal[-1] if seat == 1 else legal[0])
        run(state, "7D AD")
        for _ in range(2):
            run(state, state.legal_actions(actor(state))[0])
        assert not state.is_over and actor(state) == 1
        assert state.legal_actions(1)[-1] == "claim"

    @pytest.mark.parametrize("choice", ["declarer", "side"])
    def test_claim_is_offered_exactly_after_five_side_tricks(self, choice: str) -> None:
        game = solocards.make("german-solo", tout_choice=choice)
        offered = 0
        for seed in range(60):
            state = game.deal(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = actor(state)
                legal = state.legal_actions(seat)
                snapshot = state.snapshot()
                side = {snapshot["declarer"], snapshot["partner"]} - {None}
                five = (
                    snapshot["phase"] == "playing"
                    and len(snapshot["played"]) == 20
                    and not snapshot["trick"]
                    and snapshot["side_tricks"] == 5
                    and "tout" not in (snapshot["contract"] or "")
                )
                may_choose = seat == snapshot["declarer"] or (choice == "side" and seat in side)
                assert ("claim" in legal) == (five and may_choose)
                offered += "claim" in legal
                state.apply(seat, strong_for_the_side(snapshot, seat, legal, rng))
        assert offered > 0


class TestMatadores:
    """§A9.2, §C18: the price from the original hands, the side's combined holding."""

    def test_red_trumps_count_the_queen_in_the_sequence(self) -> None:
        assert matador_price(mask("QC 7H QS AH KH QH JH"), HEARTS, False) == 5
        assert matador_price(mask("QC 7H QS AH KH JH"), HEARTS, False) == 3

    def test_black_trumps_have_no_queen_in_the_sequence(self) -> None:
        assert matador_price(mask("QC 7S QS AS KS JS TS"), SPADES, False) == 5

    def test_nothing_without_all_three_higher_matadores(self) -> None:
        assert matador_price(mask("QC 7H AH KH QH JH TH 9H"), HEARTS, False) == 0

    def test_one_each_option(self) -> None:
        assert matador_price(mask("QC 7H QS 8H"), HEARTS, True) == 3

    def test_the_partners_cards_count_with_the_declarers(self) -> None:
        deal_ = solo_deal(kind=SIMPLE, partner=1, dealt=(mask("QC AH"), mask("7H QS"), 0, 0))
        assert settle(deal_, GermanSoloRules())["matadores"] == 2

    def test_defenders_matadores_count_only_with_the_option(self) -> None:
        deal_ = solo_deal(dealt=(mask("AH"), mask("QC 7H"), mask("QS"), 0))
        assert settle(deal_, GermanSoloRules())["matadores"] == 0
        with_defenders = GermanSoloRules(defender_matadores=True)
        assert settle(deal_, with_defenders)["matadores"] == 1  # AH breaks
        deal_ = solo_deal(dealt=(mask("8H"), mask("QC 7H AH"), mask("QS KH"), 0))
        assert settle(deal_, GermanSoloRules(defender_matadores=True))["matadores"] == 3

    def test_couleur_matadores_option_doubles_in_couleur(self) -> None:
        deal_ = solo_deal(couleur=True, trump=HEARTS)
        assert settle(deal_, GermanSoloRules())["value"] == 8 + 2
        assert settle(deal_, GermanSoloRules(couleur_matadores=True))["value"] == 8 + 4
        assert settle(solo_deal(), GermanSoloRules(couleur_matadores=True))["value"] == 6


class TestPool:
    """§A9.5, U10, U11: stake, stamm and béte; the pool and the chips always sum to zero."""

    def test_stamm_only_for_a_won_alone_game_in_couleur(self) -> None:
        assert settle(solo_deal(pool_start=10), GermanSoloRules())["stamm"] == 0
        couleur = settle(solo_deal(pool_start=10, couleur=True), GermanSoloRules())
        assert couleur["stamm"] == 12 and couleur["pool"] == 0

    def test_stamm_full_only_option(self) -> None:
        rules = GermanSoloRules(stamm_full_only=True)
        assert settle(solo_deal(pool_start=10, couleur=True), rules)["stamm"] == 0
        assert settle(solo_deal(pool_start=20, couleur=True), rules)["stamm"] == 16

    def test_bete_couleur_alone_option(self) -> None:
        rules = GermanSoloRules(bete_couleur_only=True)
        assert settle(solo_deal(side_tricks=4, pool_start=10), rules)["bete"] == 0
        lost = settle(solo_deal(side_tricks=4, pool_start=10, couleur=True), rules)
        assert lost["bete"] == 12

    def test_bete_value_option_is_capped_at_16(self) -> None:
        rules = GermanSoloRules(bete_value=True)
        assert settle(solo_deal(side_tricks=4), rules)["bete"] == 6
        tout = solo_deal(side_tricks=7, incidental_tout=True, need_all=True)
        assert settle(tout, rules)["bete"] == 10
        big = solo_deal(side_tricks=7, kind=4, need_all=True)
        assert settle(big, rules)["bete"] == 16

    def test_partnership_games_never_touch_the_pool(self) -> None:
        deal_ = solo_deal(kind=SIMPLE, partner=2, side_tricks=2, pool_start=9, couleur=True)
        result = settle(deal_, GermanSoloRules())
        assert result["bete"] == result["stamm"] == 0 and result["pool"] == 11

    def test_stake_option(self) -> None:
        state = deal({}, stake=4)
        assert state.snapshot()["pool"] == 4

    @pytest.mark.parametrize(
        "options",
        [{}, {"bete": "couleur_alone"}, {"bete_size": "value"}, {"stamm": "full_only"}],
    )
    def test_chips_and_pool_sum_to_zero_after_every_deal(self, options: dict[str, Any]) -> None:
        game = solocards.make("german-solo", **options)
        for seed in range(40):
            state = game.deal(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = actor(state)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            result = state.result
            assert result is not None
            assert sum(result["scores"]) + result["pool_change"] == 0
            assert 0 <= result["bete"] <= 16 and 0 <= result["stamm"] <= 16
            assert result["pool"] >= 0
