"""The oracle bench (``bench/uno_oracle.py``): worlds that know one fact of the opponent's hand
show the seat its view, agree with the real hand in that fact, and the sampler is restored."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import solocards
from helpers import load_bench
from solocards.core.info import resolve
from solocards.games.uno import sampling
from solocards.sim.runner import choose_actor

oracle = load_bench("uno_oracle")


def every_card(state) -> Counter:
    return Counter([*state.pile, *state.discard, *(card for hand in state.hands for card in hand)])


@pytest.mark.parametrize("fact", sorted(oracle.FACTS))
def test_a_redealt_world_knows_the_fact_and_nothing_the_seat_sees_changes(fact):
    game = solocards.make("uno", players=2)
    bots = [game.heuristic_bot(), game.heuristic_bot()]
    key = oracle.FACTS[fact]
    redealt = 0
    for seed in range(4):
        state = game.deal(seed=seed)
        rngs = [random.Random(seed), random.Random(seed + 1)]
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            world = game.sample_world(view, random.Random(redealt))
            if oracle.redeal(world, state, 1 - seat, fact, random.Random(7)):
                redealt += 1
                assert world.view(seat) == view
                assert every_card(world) == every_card(state)
                real = Counter(key(kind) for kind in state.hands[1 - seat])
                assert Counter(key(kind) for kind in world.hands[1 - seat]) == real
            chooser, action = choose_actor(state, bots, rngs)
            state.apply(chooser, action)
    assert redealt > 100


def test_install_peeks_through_the_tournament_and_undo_restores_the_sampler():
    from solocards.sim.tournament import Table

    game = solocards.make("uno", players=2)
    undo = oracle.install("hand")
    try:
        assert resolve("solocards.games.uno.sampling:sample_world") is not oracle.redeal
        table = Table(game, ["ismcts:iterations=40,paired=1,trust=2", "heuristic"], 3)
        peeked = []
        shipped = oracle.redeal
        oracle.redeal = lambda *args: peeked.append(shipped(*args)) or peeked[-1]
        try:
            table.play_deal(0)
        finally:
            oracle.redeal = shipped
        assert peeked and all(peeked)
    finally:
        undo()
    assert resolve("solocards.games.uno.sampling:sample_world") is sampling.sample_world
    assert oracle._TRUE[0] is None


@pytest.mark.parametrize("share", [0.0, 0.5])
def test_a_share_of_the_worlds_knows_the_fact_and_the_rest_are_the_samplers(share):
    from solocards.sim.tournament import Table

    game = solocards.make("uno", players=2)
    calls = []
    shipped = oracle.redeal
    undo = oracle.install("colours", share)
    peeking = sampling.sample_world
    sampled = []

    def counting(*args):
        sampled.append(1)
        return peeking(*args)

    sampling.sample_world = counting
    resolve.cache_clear()
    oracle.redeal = lambda *args: calls.append(shipped(*args)) or calls[-1]
    try:
        Table(game, ["ismcts:iterations=40,paired=1,trust=2", "heuristic"], 3).play_deal(0)
    finally:
        oracle.redeal = shipped
        undo()
    assert len(sampled) > 200
    assert len(calls) == pytest.approx(share * len(sampled), abs=0.1 * len(sampled))
