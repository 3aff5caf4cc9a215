"""``clone`` copies every field of a round, in every game.

The states copy their fields one by one (the compiled build has no ``__dict__`` to copy), so a
field added to a state but forgotten in its ``clone`` must fail here: in the plain build every
field of a clone, taken at many points of many rounds, equals the original's, and the clone
has no field fewer or more.
"""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.core.compiled import is_compiled

OPTION_SETS = {
    "uno": [{}, {"seven_zero": True, "jump_in": True, "stack_draw4": True}],
    "amigo-solo": [{}],
    "german-solo": [{}],
    "frog": [{}],
}


@pytest.mark.skipif(is_compiled(), reason="compiled states have no __dict__ to compare")
@pytest.mark.parametrize(
    ("game_id", "options"),
    [(game_id, options) for game_id, sets in OPTION_SETS.items() for options in sets],
)
def test_a_clone_has_every_field_of_its_original(game_id: str, options: dict[str, object]) -> None:
    game = solocards.make(game_id, **options)
    rng = random.Random(7)
    for seed in range(4):
        state = game.deal(seed=seed)
        for _ in range(60):
            copy = state.clone()
            assert vars(copy).keys() == vars(state).keys()
            for name, value in vars(state).items():
                assert getattr(copy, name) == value, f"clone() lost {name}"
            to_act = state.to_act
            if not to_act:
                break
            seat = rng.choice(to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
