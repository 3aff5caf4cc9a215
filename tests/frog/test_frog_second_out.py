"""Frog for five (option ``second_out``): on a failure the dealer collects, and the second seat
out (the second player to his right, opposite him) collects too (the default) or is neutral."""

from __future__ import annotations

import random
from typing import Any

import solocards
from solocards.core.game import Game


def failures(game: Game, seeds: range) -> list[tuple[int, dict[str, Any]]]:
    """The dealer and result of every deal of ``seeds`` the declarer lost (random play)."""
    found = []
    for seed in seeds:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        result = state.result
        if result.get("difference", 0) < 0:
            found.append((state.dealer, result))
    return found


def test_the_second_seat_out_is_neutral_on_a_failure() -> None:
    seeds = range(40)
    collects = failures(solocards.make("frog", players=5), seeds)
    neutral = failures(solocards.make("frog", players=5, second_out="neutral"), seeds)
    assert len(collects) == len(neutral) >= 5
    for (dealer, old), (_, new) in zip(collects, neutral, strict=True):
        second = (dealer + 3) % 5
        stake = abs(old["difference"]) * old["multiplier"]
        assert old["scores"][dealer] == new["scores"][dealer] == stake
        assert old["scores"][second] == stake and new["scores"][second] == 0
        assert new["scores"][old["declarer"]] == old["scores"][old["declarer"]] + stake
        assert sum(new["scores"]) == 0


def test_three_and_four_players_are_not_affected() -> None:
    for players in (3, 4):
        seeds = range(20)
        plain = failures(solocards.make("frog", players=players), seeds)
        neutral = failures(solocards.make("frog", players=players, second_out="neutral"), seeds)
        assert plain == neutral and plain


def test_a_success_is_paid_by_the_two_active_opponents_either_way() -> None:
    game = solocards.make("frog", players=5, second_out="neutral")
    successes = 0
    for seed in range(40):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.result.get("difference", 0) > 0:
            successes += 1
            out = state.view(None)["sitting_out_seats"]
            assert len(out) == 2 and all(state.result["scores"][seat] == 0 for seat in out)
    assert successes >= 3
