"""§A4-§A5: the levels, the seniority auction, the forcée-partout obligation, forcée simple."""

from __future__ import annotations

import pytest
from gs_helpers import deal

from helpers import actor, play_randomly, refused, run

SPLIT = {0: "QC", 1: "QS"}  # the black queens in two hands: nobody is obliged to bid


def test_the_seed_worked_example_ends_with_b_playing_solo_in_couleur() -> None:
    state = deal(SPLIT)
    # A asks; B: "in couleur?" A: yes; B: "solo?" A: yes; B: "solo in couleur?" A: no.
    run(state, "simple simple-couleur hold solo hold solo-couleur pass")
    auction = state.view(None)["auction"]
    assert auction["holder"] == 1 and auction["level"] == "solo-couleur"
    assert actor(state) == 2  # C, then D, may still bid a tout
    run(state, "pass pass")
    snapshot = state.snapshot()
    assert snapshot["phase"] == "declaring"
    assert snapshot["declarer"] == 1 and snapshot["contract"] == "solo-couleur"


def test_an_asker_must_play_unless_superseded() -> None:
    state = deal(SPLIT)
    run(state, "simple pass pass pass")
    snapshot = state.snapshot()
    assert snapshot["declarer"] == 0 and snapshot["contract"] == "simple"
    assert state.legal_actions(0) == ["trump:D", "trump:H", "trump:S"]  # no withdrawal


def test_a_player_who_passed_never_bids_again() -> None:
    state = deal(SPLIT)
    run(state, "pass simple")  # eldest passes; seat 1 opens
    assert actor(state) == 2
    run(state, "solo")  # seat 2 proposes; seat 1 answers
    assert actor(state) == 1
    run(state, "pass")  # seat 1 is out; seat 2 holds at solo; seat 3 challenges
    assert actor(state) == 3
    run(state, "pass")
    assert state.snapshot()["declarer"] == 2
    assert all(not state.legal_actions(seat) for seat in (0, 1, 3))
    assert "not your turn" in refused(state, 0, "tout")


def test_a_challenger_must_go_higher_and_the_holder_may_hold() -> None:
    state = deal(SPLIT)
    run(state, "solo")
    assert "solo" not in state.legal_actions(1)  # equal is not higher
    assert "pass" in state.legal_actions(1) and "solo-couleur" in state.legal_actions(1)
    message = refused(state, 1, "simple-couleur")
    assert "does not outrank" in message
    run(state, "tout")
    assert state.legal_actions(0) == ["pass", "hold", "tout-couleur"]
    run(state, "hold")  # the senior keeps the tout
    assert actor(state) == 1
    assert state.legal_actions(1) == ["pass", "tout-couleur"]


def test_the_holder_may_raise_over_a_proposal() -> None:
    state = deal(SPLIT)
    run(state, "simple simple-couleur solo")  # A raises to solo instead of holding
    auction = state.view(None)["auction"]
    assert auction["holder"] == 0 and auction["level"] == "solo"
    assert actor(state) == 1


def test_hold_without_a_proposal_is_refused() -> None:
    state = deal(SPLIT)
    assert "no proposal to hold" in refused(state, 0, "hold")
    run(state, "simple")
    assert "no proposal to hold" in refused(state, 1, "hold")


def test_level_order_and_rank_differs_from_value() -> None:
    state = deal({0: "QC QS"})  # seat 0 may bid forcée partout
    assert state.legal_actions(0) == [
        "forcee",
        "forcee-couleur",
        "solo",
        "solo-couleur",
        "tout",
        "tout-couleur",
    ]
    run(state, "forcee-couleur")  # worth 8, yet solo (worth 4) outranks it
    assert "solo" in state.legal_actions(1)


class TestForceePartoutObligation:
    """The holder of Spadilla and Basta must announce forcée partout (rule 7, §A5, §C10)."""

    def test_the_pass_is_not_offered_and_refused_with_the_rule(self) -> None:
        state = deal({0: "QC QS"})
        assert "pass" not in state.legal_actions(0)
        message = refused(state, 0, "pass")
        assert "Spadilla and Basta" in message and "rule 7" in message

    def test_he_may_not_name_a_simple_game(self) -> None:
        state = deal({0: "QC QS"})
        assert "simple" not in state.legal_actions(0)
        assert "forcée partout" in refused(state, 0, "simple")

    def test_as_challenger_below_solo_he_must_announce(self) -> None:
        state = deal({2: "QC QS"})
        run(state, "simple simple-couleur hold")  # seat 1 still challenges
        run(state, "pass")
        assert actor(state) == 2
        assert state.legal_actions(2) == [
            "forcee",
            "forcee-couleur",
            "solo",
            "solo-couleur",
            "tout",
            "tout-couleur",
        ]
        refused(state, 2, "pass")

    def test_after_a_solo_he_may_pass(self) -> None:
        state = deal({3: "QC QS"})
        run(state, "solo pass pass")
        assert actor(state) == 3 and "pass" in state.legal_actions(3)
        run(state, "pass")
        assert state.snapshot()["declarer"] == 0

    def test_a_holder_at_forcee_facing_a_solo_proposal_may_pass(self) -> None:
        state = deal({0: "QC QS"})
        run(state, "forcee solo")
        assert state.legal_actions(0)[0] == "pass"
        assert "hold" in state.legal_actions(0)
        run(state, "pass pass pass")
        assert state.snapshot()["declarer"] == 1
        assert state.snapshot()["contract"] == "solo"

    def test_only_he_may_bid_forcee(self) -> None:
        state = deal({0: "QC", 2: "QS"})
        assert "forcee" not in state.legal_actions(0)
        message = refused(state, 0, "forcee")
        assert "both Spadilla and Basta" in message

    def test_a_senior_cannot_hold_a_forcee_proposal_only_raise_or_pass(self) -> None:
        state = deal({1: "QC QS"})
        run(state, "simple forcee")
        assert state.legal_actions(0) == [
            "pass",
            "solo",
            "solo-couleur",
            "tout",
            "tout-couleur",
        ]
        assert "cannot hold forcee" in refused(state, 0, "hold")
        run(state, "solo")  # a raise
        assert state.view(None)["auction"]["level"] == "solo"
        assert actor(state) == 1 and "pass" in state.legal_actions(1)


class TestForceeSimple:
    """All pass: the Spadilla holder calls an Ace, its holder names trump (§A5.4, rule 6)."""

    def test_all_pass_makes_the_spadilla_holder_call(self) -> None:
        state = deal({2: "QC 8H", 1: "QS AD", 3: "AC AH AS"})
        run(state, "pass pass pass pass")
        snapshot = state.snapshot()
        assert snapshot["phase"] == "declaring" and snapshot["declarer"] == 2
        assert snapshot["contract"] == "forcee-simple"
        assert state.legal_actions(2) == ["call:AC", "call:AD", "call:AH", "call:AS"]
        assert "rule 6" in refused(state, 2, "alone")
        run(state, "call:AD")
        assert actor(state) == 1  # the holder of the called Ace names trump
        assert state.legal_actions(1) == ["trump:C", "trump:H", "trump:S"]
        assert "suit of the called card" in refused(state, 1, "trump:D")
        run(state, "trump:C")  # couleur: the game is worth 4
        view = state.view(0)
        assert view["partner"] == 1 and view["contract"] == "forcee-simple-couleur"
        assert view["phase"] == "playing" and actor(state) == 0  # eldest leads

    def test_forcee_simple_cannot_happen_with_both_queens_in_one_hand(self) -> None:
        state = deal({1: "QC QS"})
        run(state, "pass")
        assert "pass" not in state.legal_actions(1)

    def test_forced_upgrade_option_lets_him_bid_a_game(self) -> None:
        state = deal({2: "QC", 1: "QS"}, forced_upgrade=True)
        run(state, "pass pass pass pass")
        legal = state.legal_actions(2)
        assert "solo" in legal and "call:AD" in legal and "forcee" not in legal
        run(state, "solo")
        assert state.legal_actions(2) == ["trump:D", "trump:H", "trump:S"]
        run(state, "trump:H")
        assert state.snapshot()["contract"] == "solo" and state.snapshot()["phase"] == "playing"

    def test_without_the_option_no_upgrade(self) -> None:
        state = deal({2: "QC", 1: "QS"})
        run(state, "pass pass pass pass")
        assert "forced_upgrade" in refused(state, 2, "solo")


@pytest.mark.parametrize(
    ("level", "hands"),
    [
        ("simple-couleur", SPLIT),
        ("forcee-couleur", {0: "QC QS"}),
        ("solo-couleur", SPLIT),
        ("tout-couleur", SPLIT),
    ],
)
def test_couleur_first_won_has_no_couleur_levels_at_first(
    level: str, hands: dict[int, str]
) -> None:
    state = deal(hands, couleur="first_won")
    assert level not in state.legal_actions(0)
    assert "no couleur yet" in refused(state, 0, level)
    assert state.view(0)["couleur"] is None


def test_forcee_simple_is_worth_2_while_there_is_no_couleur() -> None:
    state = deal({2: "QC 8H", 1: "QS AD", 3: "7C"}, couleur="first_won")
    run(state, "pass pass pass pass call:AD")
    assert state.legal_actions(1) == ["trump:C", "trump:H", "trump:S"]
    run(state, "trump:C")
    assert state.snapshot()["contract"] == "forcee-simple"
    play_randomly(state, 8)
    assert state.result is not None and state.result["value"] == 2
