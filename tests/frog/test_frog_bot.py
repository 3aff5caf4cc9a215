"""Frog's heuristic bot: always legal, sensible in clear cases, better than random play."""

from __future__ import annotations

import random

import pytest
from frog_helpers import deal

import solocards
from helpers import apply_all
from solocards.bots import make_bot

MONSTER_HEARTS = ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "AC", "TC", "AD", "AS"]
JUNK = ["6C", "7C", "8C", "6D", "7D", "8D", "6H", "7H", "6S", "7S", "8S"]


def choose(state: solocards.State, seat: int) -> str:
    bot = solocards.make("frog").heuristic_bot()
    return bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_bids_heart_solo_on_a_monster_and_passes_junk() -> None:
    state = deal({1: MONSTER_HEARTS, 2: JUNK})
    assert choose(state, 1) == "heart-solo"
    state = deal({1: JUNK})
    assert choose(state, 1) == "pass"


def test_bids_what_its_hand_carries_and_no_higher() -> None:
    medium = ["AH", "TH", "KH", "QH", "9H", "AC", "6C", "7C", "6D", "7D", "8D"]
    state = deal({1: medium})
    assert choose(state, 1) == "frage"
    state = deal({2: medium})
    state.apply(1, "solo")
    assert choose(state, 2) == "pass"  # a Frage hand does not jump to Heart Solo


def test_names_its_strongest_plain_suit() -> None:
    hand = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "AC", "6D", "7D", "6H"]
    state = deal({1: hand})
    apply_all(state, [(1, "solo"), (2, "pass"), (0, "pass")])
    assert choose(state, 1) == "trump:S"


def test_discards_bank_points_and_keep_trumps_and_aces() -> None:
    state = deal({1: ["TC", "KD", "AS", "AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H"]})
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    for _ in range(3):
        action = choose(state, 1)
        card = action.removeprefix("discard:")
        assert card[1] != "H" and card[0] != "A"
        state.apply(1, action)
    assert "TC" in state.snapshot()["discarded"]


def test_takes_an_opponents_trick_cheaply() -> None:
    hands = {
        1: ["6C", "AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "AD"],
        2: ["AC", "TC", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "AS"],
    }
    state = deal(hands)
    apply_all(state, [(1, "heart-solo"), (1, "6C")])
    assert choose(state, 2) in ("TC", "AC")  # wins the declarer's lead


def test_unknown_parameters_are_refused() -> None:
    with pytest.raises(solocards.OptionError, match="no parameter"):
        make_bot("heuristic:greed=3", solocards.make("frog"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_always_legal_and_better_than_random(players: int) -> None:
    game = solocards.make("frog", players=players)
    heuristic = make_bot("heuristic", game)
    rand = make_bot("random", game)
    ours = theirs = 0
    for seed in range(40):
        state = game.deal(seed=seed, dealer=seed % players)
        smart = state.to_act[0]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            bot = heuristic if seat == smart else rand
            action = bot.choose(state.view(seat), state.legal_actions(seat), rng)
            state.apply(seat, action)  # raises if the bot chose an illegal action
        assert state.result is not None
        scores = state.result["scores"]
        ours += scores[smart]
        theirs += sum(scores) - scores[smart]
    assert ours > theirs / (players - 1)
