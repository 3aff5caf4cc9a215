"""The hot paths of random play agree with the rules: the legal ids from the game's tables
(``solocards.games.amigo_solo.fast``) and the hands' kind masks, checked against the ids worked
out card by card (``_rule_ids``) at every step of random rounds, every option family, after
clones and in sampled worlds."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.games.amigo_solo.state import AmigoSoloState, mask_of_hand

OPTION_SETS = [
    {},
    {"first_card_mode": "apply_to_first_player", "solo_call_enforcement": "catch"},
    {"jump_in_black": True, "cross_stack": "both", "play_after_draw": "any_card"},
    {"triple_plus": True, "jump_in_self": True, "voluntary_draw": False},
    {"jump_in": False, "cross_stack": "plus4_on_plus2", "penalty_ends_turn": False},
    {"jump_in_numbers_only": True, "jump_in_during_penalty": False, "hand_size": 3},
    {"rotation_moves_hands": "with_play", "last_card_effects": "resolve_draws"},
]


def check(state: AmigoSoloState) -> None:
    """The fast answers equal the rules' answers, for every seat."""
    assert state.masks == [mask_of_hand(hand) for hand in state.hands]
    to_act = state.to_act
    for seat in range(state.players):
        by_rules = state._rule_ids(seat)
        assert state.legal_action_ids(seat) == by_rules
        assert state.legal_actions(seat) == [state.game.action_name(i) for i in by_rules]
        assert (seat in to_act) == bool(by_rules)


def check_every_action(state: AmigoSoloState) -> None:
    """``apply_id`` takes exactly the ids the rules list, whether or not they were listed."""
    for seat in range(state.players):
        legal = set(state._rule_ids(seat))
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
@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_fast_legal_ids_agree_with_the_rules(options: dict[str, object], players: int) -> None:
    game = solocards.make("amigo-solo", players=players, **options)
    rng = random.Random(players)
    for seed in range(3):
        state = game.deal(seed=seed)
        assert isinstance(state, AmigoSoloState)
        for step in range(500):
            check(state)
            if state.is_over:
                break
            if step % 97 == 0:
                if seed == 0:
                    check_every_action(state)
                twin = state.clone()
                assert isinstance(twin, AmigoSoloState)
                check(twin)
                world = game.sample_world(state.view(state.current), rng)
                assert isinstance(world, AmigoSoloState)
                check(world)
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_shared_list_of_legal_ids_is_never_handed_out() -> None:
    game = solocards.make("amigo-solo", players=3)
    state = game.deal(seed=5)
    seat = state.to_act[0]
    first = state.legal_action_ids(seat)
    first.clear()  # a caller may change its list
    assert state.legal_action_ids(seat) == state._rule_ids(seat) != []
    again = game.deal(seed=5)
    assert again.legal_action_ids(seat) == state.legal_action_ids(seat)
