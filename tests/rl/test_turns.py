"""Reaction windows as one decision per seat, in the simulators' order, with "no reaction"."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import NO_REACTION
from solocards.core.errors import IllegalActionError, NotationError
from solocards.rl.turns import Turns, action_space_size, has_windows
from solocards.sim.runner import choose_actor


class Recorder:
    """A bot that declines every reaction and records who was asked."""

    def __init__(self, asked: list[int], seat: int) -> None:
        self.asked, self.seat = asked, seat

    def choose(self, view, legal_actions, rng):
        self.asked.append(self.seat)
        return NO_REACTION if NO_REACTION in legal_actions else legal_actions[0]


def windows(game_id: str, players: int, count: int, **options):
    """``count`` states with a reaction window open, from random play."""
    game = solocards.make(game_id, players=players, **options)
    rng = random.Random(5)
    found = []
    seed = 0
    while len(found) < count:
        state = game.deal(seed=seed)
        seed += 1
        while not state.is_over and len(found) < count:
            if len(state.to_act) > 1:
                found.append(state.clone())
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    return found


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [("uno", 4, {"jump_in": True}), ("uno", 3, {}), ("amigo-solo", 4, {}), ("amigo-solo", 6, {})],
)
def test_the_seats_are_asked_in_the_simulators_order(game_id, players, options):
    for state in windows(game_id, players, 25, **options):
        asked: list[int] = []
        bots = [Recorder(asked, seat) for seat in range(players)]
        rngs = [random.Random(seat) for seat in range(players)]
        choose_actor(state.clone(), bots, rngs)
        turns = Turns(state.clone())
        ours = []
        while turns.reacting:
            ours.append(turns.seat)
            assert turns.legal_ids()[-1] == turns.no_reaction
            turns.act(turns.no_reaction)
        ours.append(turns.seat)
        assert turns.no_reaction not in turns.legal_ids()
        assert ours == asked
        assert len(ours) == len(state.to_act)


def test_a_reaction_is_applied_and_a_fresh_round_of_asking_starts():
    state = windows("uno", 4, 1, jump_in=True)[0]
    turns = Turns(state)
    seat = turns.seat
    assert turns.reacting
    reaction = turns.legal_ids()[0]
    before = len(state.history)
    turns.act(reaction)
    assert state.history[before] == (seat, state.game.action_name(reaction))
    fresh = Turns(state.clone())
    assert (turns.seat, turns.reacting) == (fresh.seat, fresh.reacting)


def test_the_regular_seat_may_not_decline_and_bad_ids_are_refused():
    game = solocards.make("uno", players=2)
    turns = Turns(game.deal(seed=2))
    assert not turns.reacting
    with pytest.raises(IllegalActionError, match="regular turn"):
        turns.act(turns.no_reaction)
    with pytest.raises(NotationError):
        turns.act(10_000)
    frog = Turns(solocards.make("frog").deal(seed=1))
    with pytest.raises(NotationError):
        frog.act(frog.no_reaction)  # no windows, no "no reaction" id


def test_action_spaces():
    for game_id, windows_ in [
        ("uno", True),
        ("amigo-solo", True),
        ("frog", False),
        ("german-solo", False),
    ]:
        game = solocards.make(game_id)
        assert has_windows(game) is windows_
        assert action_space_size(game) == game.num_actions + windows_


def test_clones_are_independent():
    turns = Turns(solocards.make("uno", players=2).deal(seed=4))
    copy = turns.clone()
    turns.act(turns.legal_ids()[0])
    assert len(copy.state.history) == 0 and len(turns.state.history) == 1
