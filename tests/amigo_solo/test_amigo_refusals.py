"""Every refusal names its rule and shows no hidden card (random rounds, every option family)."""

from __future__ import annotations

import random
import re

import pytest

import solocards

OPTION_SETS = [
    {},
    {"first_card_mode": "apply_to_first_player", "solo_call_enforcement": "catch"},
    {"jump_in_black": True, "cross_stack": "both", "play_after_draw": "any_card"},
    {"triple_plus": True, "jump_in_self": True, "voluntary_draw": False},
    {"jump_in": False, "cross_stack": "plus4_on_plus2", "penalty_ends_turn": False},
    {"jump_in_numbers_only": True, "jump_in_during_penalty": False},
]
RULE = re.compile(r"rule \d|S-\d+|\(\w+=")
CARD = re.compile(r"\b(?:[RYGB](?:[1-9]|S|R|\+2|X)|W\+4|WX|W)(?![\w+])")


def named(action: str) -> set[str]:
    """The cards an action string names."""
    body = action.rstrip("!").split(">")[0].split(":")[0]
    return set(body.split("+")) if body.count("+") >= 2 else {body}


@pytest.mark.parametrize("options", OPTION_SETS)
def test_refusals_name_the_rule_and_leak_nothing(options: dict[str, object]) -> None:
    game = solocards.make("amigo-solo", players=4, **options)
    rng = random.Random(7)
    for seed in range(2):
        state = game.deal(seed=seed)
        for step in range(300):
            if state.is_over:
                break
            if step % 5 == 0:
                snap = state.snapshot()
                public = set(snap["discard_pile"])
                for seat in range(4):
                    legal = set(state.legal_action_ids(seat))
                    for action in rng.sample(range(game.num_actions), 12):
                        if action in legal:
                            continue
                        name = game.action_name(action)
                        with pytest.raises(solocards.IllegalActionError) as caught:
                            state.apply_id(seat, action)
                        message = str(caught.value)
                        assert RULE.search(message), message
                        message = re.sub(r"e\.g\. \S+", "", message)  # notation examples
                        own = set(snap["hands"][seat]) | public | named(name)
                        for other in range(4):
                            if other == seat:
                                continue
                            leaked = set(CARD.findall(message)) & (set(snap["hands"][other]) - own)
                            assert not leaked, (message, leaked)
                assert state.snapshot() == snap
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
