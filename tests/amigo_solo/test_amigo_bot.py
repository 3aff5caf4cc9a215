"""amigo-solo's heuristic bot: always legal, beats random play; its fast playout ends rounds."""

from __future__ import annotations

import random

import pytest
from amigo_helpers import deal

import solocards
from solocards.bots import make_bot
from solocards.core.bot import NO_REACTION
from solocards.sim.runner import play_round

OPTIONS = [
    {},
    {"solo_call_enforcement": "catch", "first_card_mode": "apply_to_first_player"},
    {"triple_plus": True, "jump_in_black": True, "cross_stack": "both"},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_the_heuristic_bot_only_picks_legal_actions(options: dict[str, object]) -> None:
    game = solocards.make("amigo-solo", players=4, **options)
    bot = game.heuristic_bot()
    rng = random.Random(3)
    for seed in range(3):
        state = game.deal(seed=seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            reacting = seat != state.snapshot()["current"]
            offered = [*legal, NO_REACTION] if reacting else legal
            action = bot.choose(state.view(seat), offered, rng)
            assert action in offered
            state.apply(seat, legal[0] if action == NO_REACTION else action)


def test_the_heuristic_bot_calls_solo_and_catches() -> None:
    game = solocards.make("amigo-solo", players=4, hand_size=2, solo_call_enforcement="catch")
    bot = game.heuristic_bot()
    state = deal(
        [["G1", "G3"], ["R5", "R6"], ["B1", "B3"], ["Y4", "Y6"]],
        "R2",
        solo_call_enforcement="catch",
    )
    action = bot.choose(state.view(1), state.legal_actions(1), random.Random(1))
    assert action.endswith("!")
    state.apply(1, "R5")
    assert (
        bot.choose(state.view(3), [*state.legal_actions(3), NO_REACTION], random.Random(1))
        == "catch>1"
    )
    assert bot.choose(state.view(1), state.legal_actions(1), random.Random(1)) == "solo"
    assert game.players == 4


def test_the_heuristic_bot_beats_random_play() -> None:
    game = solocards.make("amigo-solo", players=4)
    bots = [make_bot("heuristic", game)] + [make_bot("random", game)] * 3
    wins = 0
    for seed in range(40):
        state = play_round(game.deal(seed=seed), bots, seed=seed)
        result = state.result
        assert result is not None
        wins += result["winners"] == [0]
    assert wins >= 16  # random seats would win about a quarter each


def test_the_fast_playout_ends_rounds_with_legal_actions() -> None:
    for options in OPTIONS:
        game = solocards.make("amigo-solo", players=5, **options)
        bot = game.heuristic_bot()
        for seed in range(5):
            state = game.deal(seed=seed)
            bot.playout(state, random.Random(seed))
            assert state.is_over
            again = game.deal(seed=seed)
            for seat, action in state.history:
                again.apply(seat, action)
            assert again.snapshot() == state.snapshot()


def test_the_heuristic_bot_takes_no_parameters() -> None:
    with pytest.raises(solocards.OptionError, match="no parameters"):
        solocards.make("amigo-solo").heuristic_bot(depth=3)


@pytest.mark.parametrize(
    ("rotation", "giver", "other"), [("against_play", 2, 0), ("with_play", 0, 2)]
)
def test_the_heuristic_bot_swaps_all_round_only_for_a_smaller_hand(
    rotation: str, giver: int, other: int
) -> None:
    # S-4: against the play (the default), seat 1 receives seat 2's hand; with it, seat 0's
    game = solocards.make("amigo-solo", players=4, rotation_moves_hands=rotation)
    bot = game.heuristic_bot()
    h = [["G1", "G3", "G4"], ["WX", "W", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
    state = deal(h, "R2", rotation_moves_hands=rotation)
    view = state.view(1)
    sizes = [3, 3, 3, 3]
    sizes[giver], sizes[other] = 8, 1  # the hand it would receive is big; the other is small
    view["hand_sizes"] = sizes
    legal = state.legal_actions(1)
    assert "WX" in legal
    chosen = {bot.choose(view, legal, random.Random(seed)) for seed in range(30)}
    assert "WX" not in chosen and chosen == {"W:Y"}
    sizes[giver], sizes[other] = 1, 8  # now it would receive the small hand
    chosen = {bot.choose(view, legal, random.Random(seed)) for seed in range(30)}
    assert "WX" in chosen
