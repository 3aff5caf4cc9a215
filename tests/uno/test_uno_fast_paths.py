"""The hot paths of random play agree with the rules: ``legal_action_ids`` built from the hands'
kind masks (``solocards.games.uno.fast``) and ``apply_id``'s check of an id against the same bits
take exactly the ids the rules list (``_legal_ids``), listed first or not."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.games.uno.state import UnoState

from .uno_helpers import make

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"jump_in": True, "stack_draw2": True},
    {"uno_enforcement": "catch", "hand_size": 3},
    {"draw_until_playable": True, "challenge_wd4": False},
]


def check_every_action(state: UnoState) -> None:
    for seat in range(state.players):
        legal = set(state._legal_ids(seat))
        assert state.legal_action_ids(seat) == sorted(legal)
        for listed in (False, True):
            for action in range(state.game.num_actions):
                twin = state.clone()
                if listed:
                    twin.legal_action_ids(seat)
                try:
                    twin.apply_id(seat, action)
                except solocards.IllegalActionError:
                    assert action not in legal, state.game.action_name(action)
                else:
                    assert action in legal, state.game.action_name(action)


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 5])
def test_apply_id_takes_exactly_the_legal_ids(options: dict[str, object], players: int) -> None:
    game = make(players, **options)
    state = game.deal(seed=players)
    assert isinstance(state, UnoState)
    rng = random.Random(players)
    for step in range(400):
        if state.is_over:
            break
        if step % 41 == 0:
            check_every_action(state)
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
