"""``State.sole_actor()`` says what ``to_act`` says, in every game and at every step.

The RL environments ask ``sole_actor()`` after each action instead of building ``to_act``'s
list; a game that overrides it (UNO) must agree with its own ``to_act``: the one seat when only
one may act, -1 when none may (the round is over) or several may (a reaction window).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import solocards

CASES = [
    ("uno", 2, {}),
    ("uno", 4, {"seven_zero": True, "jump_in": True, "stack_draw4": True}),
    ("uno", 3, {"jump_in": True}),
    ("amigo-solo", 3, {}),
    ("german-solo", 4, {}),
    ("frog", 3, {}),
]


def expected(to_act: list[int]) -> int:
    return to_act[0] if len(to_act) == 1 else -1


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_sole_actor_agrees_with_to_act(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = solocards.make(game_id, players=players, **options)
    rng = random.Random(11)
    seen: Counter[str] = Counter()
    for seed in range(6):
        state = game.deal(seed=seed)
        for _ in range(400):
            to_act = state.to_act
            assert state.sole_actor() == expected(to_act), (seed, len(state.history), to_act)
            seen["one" if len(to_act) == 1 else "none" if not to_act else "several"] += 1
            if not to_act:
                break
            seat = rng.choice(to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    assert seen["one"] > 100 and seen["none"] > 0, seen
    if options.get("jump_in"):
        assert seen["several"] > 0, seen  # the windows were met, not only the plain turns
