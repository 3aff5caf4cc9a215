"""UNO's fast playout: the memo of turn choices reads the policy, and playouts replay."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.games.uno import playouts
from solocards.games.uno.playouts import (
    FIXED,
    SCORED,
    UNIFORM,
    _Kinds,
    fast_playout,
    turn_choices,
)

GAME = solocards.make("uno", players=2)
KINDS = _Kinds(GAME._action_names)


def ids(*names: str) -> list[int]:
    return sorted(GAME.action_id(name) for name in names)


def names(found: tuple[int, tuple[int, ...]]) -> tuple[int, list[str]]:
    how, candidates = found
    return how, sorted(GAME.action_name(i) for i in candidates)


def test_a_play_that_leaves_one_card_calls_uno() -> None:
    legal = ids("R5", "R5!", "G5", "G5!", "draw")
    assert names(turn_choices(KINDS, legal, True)) == (SCORED, ["G5!", "R5!"])


def test_with_two_players_a_play_that_gives_another_turn_comes_first() -> None:
    legal = ids("R5", "RS", "R+2", "W:R", "W:G", "draw")
    assert names(turn_choices(KINDS, legal, True)) == (SCORED, ["R+2", "RS"])
    # With more players a Skip is one coloured play among others; wilds wait.
    assert names(turn_choices(KINDS, legal, False)) == (SCORED, ["R+2", "R5", "RS"])


def test_wilds_only_when_no_coloured_card_plays() -> None:
    legal = ids("W:R", "W:Y", "W+4:R", "draw")
    assert names(turn_choices(KINDS, legal, True)) == (SCORED, ["W+4:R", "W:R", "W:Y"])
    legal = ids("W:R", "W+4:R", "Y3", "draw")
    assert names(turn_choices(KINDS, legal, True)) == (SCORED, ["Y3"])


def test_without_a_play_it_calls_a_late_uno_else_draws_else_passes() -> None:
    assert names(turn_choices(KINDS, ids("draw", "uno"), True)) == (FIXED, ["uno"])
    assert names(turn_choices(KINDS, ids("draw", "challenge"), True)) == (FIXED, ["draw"])
    assert names(turn_choices(KINDS, ids("pass"), True)) == (FIXED, ["pass"])
    assert names(turn_choices(KINDS, ids("color:R", "color:G"), True)) == (
        UNIFORM,
        ["color:G", "color:R"],
    )


def test_a_seeded_playout_replays_and_ends_the_round() -> None:
    for seed in range(20):
        state = GAME.deal(seed=seed)
        first = fast_playout(state.clone(), random.Random(seed))
        second = fast_playout(state.clone(), random.Random(seed))
        assert first.is_over
        assert first.history == second.history


def test_the_memos_of_turn_choices_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playouts, "_CHOICES_LIMIT", 8)
    fast_playout(GAME.deal(seed=0), random.Random(0))  # the game's tables exist
    by_ids = playouts._KINDS[GAME._action_names].choices[True]  # off the hot paths
    by_signature = GAME.fast.memo[True]  # on them
    by_ids.clear()
    by_signature.clear()
    for seed in range(100, 130):
        fast_playout(GAME.deal(seed=seed), random.Random(seed))
        assert 0 < len(by_signature) <= 8
        assert len(by_ids) <= 8
    assert by_ids  # naming a colour is off the hot paths


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"seven_zero": True},
        {"stack_draw2": True, "stack_draw4": True},
        {"jump_in": True},
        {"multi_play_same_number": True},
        {"force_play": True, "draw_until_playable": True},
    ],
    ids=lambda options: ",".join(options) or "default",
)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_choice_signature_fixes_the_legal_ids(players: int, options: dict[str, bool]) -> None:
    """What the playouts' memo relies on: one signature, one list of legal ids (in a game)."""
    game = solocards.make("uno", players=players, **options)
    seen: dict[int, list[int]] = {}
    hot = 0
    for seed in range(12):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                signature = state.choice_signature(seat)
                if signature >= 0:
                    hot += 1
                    assert seen.setdefault(signature, state.legal_action_ids(seat)) == (
                        state.legal_action_ids(seat)
                    )
            seat = state.to_act[0]
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    if game.deal(seed=0)._fast:
        assert hot > 100 and len(seen) > 20
    else:  # an option that changes single plays: no hot path, every turn reads its ids
        assert hot == 0
