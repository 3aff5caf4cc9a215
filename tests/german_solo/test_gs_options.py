"""Part E: the settlement options, set on the game and seen in played deals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gs_helpers import deal

import solocards
from helpers import actor, run
from solocards.games.german_solo.options import OPTIONS
from solocards.games.german_solo.rules import GermanSoloRules

EXAMPLE_1 = {0: "QC 7H QS AH QH JH TH 9H", 1: "KH 8H 7C 8C 9C TC JC KC"}
EXAMPLE_1_PLAY = "QC KH 7D 7S 7H 8H 8D 8S QS 7C 9D 9S AH 8C TD TS QH 9C JD JS claim"


def example_1(**options: Any) -> dict[str, Any]:
    """Worked example 1 (solo in hearts, matadores 1 + 1), won and claimed."""
    state = deal(EXAMPLE_1, **options)
    run(state, "solo pass pass pass trump:H " + EXAMPLE_1_PLAY)
    assert state.result is not None
    return state.result


def couleur_solo(hands: dict[int, str], tout: bool, **options: Any) -> dict[str, Any]:
    """Seat 0 plays solo in couleur, leads its top five trumps, then claims or leads on."""
    state = deal(hands, **options)
    run(state, "solo-couleur pass pass pass trump:C")
    for _ in range(5):
        run(state, _top_trump(state))
        for _ in range(3):
            run(state, state.legal_actions(actor(state))[0])
    if not tout:
        run(state, "claim")
    while not state.is_over:
        run(state, state.legal_actions(actor(state))[0])
    assert state.result is not None
    return state.result


def _top_trump(state: solocards.State) -> str:
    for card in ("QC", "7C", "QS", "AC", "KC", "JC", "TC", "9C", "8C"):
        if card in state.legal_actions(0):
            return card
    raise AssertionError("no trump left")


def test_every_option_reaches_the_rules() -> None:
    names = {spec.name for spec in OPTIONS}
    game = solocards.make("german-solo")
    assert set(game.options) == names
    defaults = GermanSoloRules.from_options(dict(game.options))
    assert defaults == GermanSoloRules()
    for spec in OPTIONS:
        if isinstance(spec.default, bool):
            other: Any = not spec.default
        elif isinstance(spec.default, int):  # deals: a multiple of the player count
            other = spec.default + (game.players if spec.name == "deals" else 1)
        else:
            assert spec.choices is not None
            other = next(choice for choice in spec.choices if choice != spec.default)
        changed = solocards.make("german-solo", **{spec.name: other})
        assert GermanSoloRules.from_options(dict(changed.options)) != defaults, spec.name


def test_matador_price_one_each() -> None:
    assert example_1()["scores"] == [18, -6, -6, -8]
    result = example_1(matador_price="one_each")
    assert result["matadores"] == 4 and result["scores"] == [24, -8, -8, -10]


def test_stake_zero() -> None:
    result = example_1(stake=0)
    assert result["scores"] == [18, -6, -6, -6] and result["pool"] == 0


def test_couleur_matadores_doubles_the_price_in_couleur() -> None:
    hands = {0: "QC 7C QS AC KC JC TC 9C"}  # matadores 1 + 5 (8C is elsewhere)
    assert couleur_solo(hands, tout=False)["value"] == 8 + 6
    assert couleur_solo(hands, tout=False, couleur_matadores=True)["value"] == 8 + 12


def test_stamm_full_only() -> None:
    hands = {0: "QC 7C AC KC JC TC 9C 8C", 1: "QS 7D 8D 9D TD JD QD KD"}
    assert couleur_solo(hands, tout=True)["scores"] == [50, -16, -16, -18]
    result = couleur_solo(hands, tout=True, stamm="full_only")
    assert result["stamm"] == 0 and result["scores"] == [48, -16, -16, -18]


@pytest.mark.parametrize(
    ("options", "bete"),
    [({}, 2), ({"bete_size": "value"}, 16), ({"bete": "couleur_alone"}, 2)],
)
def test_bete_options_on_a_failed_tout(options: dict[str, Any], bete: int) -> None:
    hands = {0: "QC 7C AC KC JC 7D 7H 7S", 1: "QS 8D 9D TD JD QD KD AD", 2: "TC 9C", 3: "8C"}
    result = couleur_solo(hands, tout=True, **options)
    assert not result["won"] and result["bete"] == bete
    assert result["scores"] == [-48 - bete, 16, 16, 14] and result["pool"] == 2 + bete


def test_bete_couleur_alone_spares_a_lost_solo_in_suit() -> None:
    # a solo in hearts that loses: four low trumps against Spadilla, Manilla, Basta and the Ace
    hands = {0: "KH QH JH TH 7C 8C 9C 7D", 1: "QC 7H", 2: "QS AH"}
    for options, bete in (({}, 2), ({"bete": "couleur_alone"}, 0)):
        state = deal(hands, **options)
        run(state, "solo pass pass pass trump:H")
        rng = random.Random(1)
        while not state.is_over:
            run(state, rng.choice(state.legal_actions(actor(state))))
        result = state.result
        assert result is not None and not result["won"]
        assert result["bete"] == bete


def test_defender_matadores() -> None:
    hands = {0: "AH KH QH JH TH 9H 8H AD", 1: "QC 7H", 2: "QS"}
    for options, price in (({}, 0), ({"defender_matadores": True}, 1)):
        state = deal(hands, **options)
        run(state, "solo pass pass pass trump:H")
        rng = random.Random(2)
        while not state.is_over:
            run(state, rng.choice(state.legal_actions(actor(state))))
        assert state.result is not None and state.result["matadores"] == price
