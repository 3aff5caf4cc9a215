"""``State.could_react``: whether a seat could act out of turn, judged from public facts.

A server gives a person a reaction window before a bot moves only where ``could_react`` says
so; it must never miss a seat that may react (a person would lose a jump-in or a catch), and
where the rules in force allow no reaction at all it must say no (nobody waits for nothing).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import solocards
from solocards.games.registry import games

WINDOWS = [
    ("uno", {"jump_in": True}),
    ("uno", {"jump_in": True, "jump_in_pending": True}),
    ("uno", {}),  # catches of a missed UNO call
    ("amigo-solo", {}),  # jump-ins
    ("amigo-solo", {"solo_call_enforcement": "catch", "jump_in_self": True}),
]


def random_states(game_id: str, options: dict[str, Any], rounds: int = 30) -> Any:
    """Every state of ``rounds`` random rounds of 3 players."""
    game = solocards.make(game_id, players=3, **options)
    for seed in range(rounds):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game_id", "options"), WINDOWS)
def test_every_seat_that_may_react_could_react(game_id: str, options: dict[str, Any]) -> None:
    reacting = 0
    for state in random_states(game_id, options):
        regular = state.regular_seat()
        for seat in state.to_act:
            if seat != regular:
                reacting += 1
                assert state.could_react(seat), f"seat {seat} may react: {state.snapshot()}"
        assert not state.could_react(regular)
    assert reacting, "no reaction happened: the test shows nothing"


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("uno", {"jump_in": False, "uno_enforcement": "auto"}),
        ("amigo-solo", {"jump_in": False}),
        *[(game_id, {}) for game_id in ("german-solo", "frog")],
    ],
)
def test_nobody_could_react_where_the_rules_allow_no_reaction(
    game_id: str, options: dict[str, Any]
) -> None:
    for state in random_states(game_id, options, rounds=10):
        assert not any(state.could_react(seat) for seat in range(state.players))


def test_every_game_answers() -> None:
    for game_id in games():
        state = solocards.make(game_id).deal(seed=1)
        assert isinstance(state.could_react(0), bool)
