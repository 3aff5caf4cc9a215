"""Every registered game's ``sample_world``: the sampled world shows the seat its own view.

This is what ISMCTS relies on: a world holds the seat's hand and everything public exactly, so
searching it cannot leak a hidden card into a decision (the rest of the world is a guess).
"""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import make_bot
from solocards.sim.runner import choose_actor

PLAYERS = {"uno": 3, "amigo-solo": 3}


@pytest.mark.parametrize("game_id", solocards.games())
def test_sampled_worlds_keep_the_view(game_id: str) -> None:
    game = solocards.make(game_id, players=PLAYERS.get(game_id))
    bots = [make_bot("heuristic", game)] * game.players
    rng = random.Random(3)
    checked = 0
    for seed in range(2):
        state = game.deal(seed=seed)
        rngs = [random.Random(seed + seat) for seat in range(game.players)]
        step = 0
        while not state.is_over and step < 120:
            if step % 4 == 0:
                for seat in state.to_act:
                    view = state.view(seat)
                    world = game.sample_world(view, rng)
                    assert world.view(seat) == view, (game_id, seed, step, seat)
                    checked += 1
            seat, action = choose_actor(state, bots, rngs)
            state.apply(seat, action)
            step += 1
    assert checked >= 5
