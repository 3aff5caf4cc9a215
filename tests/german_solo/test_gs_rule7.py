"""Rule 7 in its faithful form (option ``double_queen_pass=forfeit``): the pass of a holder of
Spadilla and Basta below solo is legal, costs him a béte, and the same dealer deals again."""

from __future__ import annotations

import random

import pytest
from gs_helpers import deal, deck_for

import solocards
from helpers import actor, refused, run
from solocards.core.match import Match

FORFEIT = {"double_queen_pass": "forfeit"}


def test_by_default_the_pass_stays_illegal() -> None:
    state = deal({0: "QC QS"})
    assert "pass" not in state.legal_actions(0)
    assert "rule 7" in refused(state, 0, "pass")


def test_the_forfeit_pass_is_legal_and_ends_the_deal_with_a_bete() -> None:
    state = deal({0: "QC QS"}, **FORFEIT)
    assert state.legal_actions(0)[:2] == ["pass", "forcee"]
    run(state, "pass")
    assert state.is_over and state.to_act == []
    result = state.result
    assert result is not None
    stake = 2
    bete = min(stake, 16)  # the pool holds the dealer's stake only
    assert result["bete"] == bete and result["redeal"]
    assert result["scores"] == [-bete, 0, 0, -stake]
    assert result["pool"] == stake + bete
    assert sum(result["scores"]) + result["pool_change"] == 0
    assert result["winners"] == [] and result["contract"] is None


@pytest.mark.parametrize(("pool_start", "bete"), [(5, 7), (30, 16)])
def test_the_forfeit_is_the_pool_capped_at_sixteen(pool_start: int, bete: int) -> None:
    state = deal({1: "QC QS"}, **FORFEIT)
    state._inherit(pool_start, 0, 0)
    run(state, "pass pass")  # seat 0 passes, then seat 1 holding both black queens
    result = state.result
    assert result is not None and result["bete"] == bete
    assert result["scores"][1] == -bete and result["pool"] == pool_start + 2 + bete


def test_after_a_solo_the_double_queen_holder_passes_without_forfeit() -> None:
    state = deal({2: "QC QS"}, **FORFEIT)
    run(state, "pass solo pass")
    assert not state.is_over and actor(state) == 3


def test_facing_a_solo_proposal_the_holder_passes_without_forfeit() -> None:
    state = deal({0: "QC QS"}, **FORFEIT)
    run(state, "forcee solo pass")  # seat 1 proposes solo, seat 0 gives way
    assert not state.is_over and state.view(None)["auction"]["holder"] == 1


def test_after_the_forfeit_the_same_dealer_deals_again() -> None:
    game = solocards.make("german-solo", **FORFEIT)
    match = Match(game, seed=3, first_dealer=3, decks=[deck_for({0: "QC QS"})])
    match.apply(0, "pass")
    (result,) = match.results
    assert result["redeal"] and result["bete"] == 2
    assert match.state.dealer == 3
    assert match.state.view(None)["pool"] == result["pool"] + 2  # and stakes again
    assert sum(match.totals) + result["pool"] == 0


def test_the_heuristic_bids_rather_than_pay_the_forfeit() -> None:
    state = deal({0: "QC QS 8C 9D TD 7S 8S 9C"}, **FORFEIT)
    bot = state.game.heuristic_bot()

    choice = bot.choose(state.view(0), state.legal_actions(0), random.Random(0))
    assert choice != "pass"
