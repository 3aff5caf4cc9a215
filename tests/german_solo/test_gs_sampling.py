"""World sampling for search bots: every sampled world agrees with the view it came from."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gs_helpers import deal

import solocards
from helpers import actor, run


@pytest.mark.parametrize("options", [{}, {"reservation": False, "called_card_lead": True}])
def test_sampled_worlds_show_the_seat_exactly_its_view(options: dict[str, Any]) -> None:
    game = solocards.make("german-solo", **options)
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = game.deal(seed=seed)
        play = random.Random(seed)
        while not state.is_over:
            if play.random() < 0.3:
                for seat in (None, 0, 1, 2, 3):
                    view = state.view(seat)
                    world = game.sample_world(view, rng)
                    assert world.view(seat) == view
                    checked += 1
            seat = actor(state)
            state.apply(seat, play.choice(state.legal_actions(seat)))
    assert checked > 50


def test_sampled_worlds_vary_the_hidden_partner() -> None:
    # seat 0 calls A♦ held by seat 1; seat 2 cannot tell whether seat 1 or 3 (or seat 0) has it
    state = deal({0: "QC 7H AH KH QH JH 7D 8C", 1: "AD 8D 9D TH 9H AS KS JS", 2: "QS"})
    run(state, "simple pass pass pass trump:H call:AD")
    game = state.game
    rng = random.Random(1)
    holders = {game.sample_world(state.view(2), rng).snapshot()["called_holder"] for _ in range(40)}
    assert holders == {0, 1, 3}


def test_sampling_respects_shown_voids_and_the_reservation() -> None:
    state = deal({0: "QS 9H AH KH QH JH TH 8H", 1: "QC 7C 8C 9C TC JC KC AC"})
    run(state, "solo pass pass pass trump:H 9H 7C")  # seat 1 keeps Spadilla back
    rng = random.Random(2)
    spadilla_with_1 = 0
    for _ in range(30):
        world = state.game.sample_world(state.view(0), rng)
        hand = world.snapshot()["hands"][1]
        # no obliging trump: no heart but Manilla, which he may have reserved like Spadilla
        assert not any(card[1] == "H" and card != "7H" for card in hand)
        spadilla_with_1 += "QC" in hand
    assert 0 < spadilla_with_1 < 30  # a reserved Spadilla is possible, not certain


def test_a_forcee_bidder_holds_both_black_queens_in_every_world() -> None:
    state = deal({1: "QC QS"}, dealer=0)
    run(state, "forcee")
    rng = random.Random(3)
    for _ in range(10):
        world = state.game.sample_world(state.view(2), rng)
        assert {"QC", "QS"} <= set(world.snapshot()["hands"][1])
