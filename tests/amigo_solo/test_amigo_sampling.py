"""amigo-solo world sampling (for ISMCTS): a sampled world shows the seat exactly its view."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from amigo_helpers import deal

import solocards
from helpers import play_randomly

OPTION_SETS = [
    {},
    {"first_card_mode": "apply_to_first_player", "solo_call_enforcement": "catch"},
    {"jump_in_black": True, "cross_stack": "both", "play_after_draw": "any_card"},
    {"triple_plus": True, "jump_in_self": True, "rotation_moves_hands": "against_play"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 5])
def test_a_sampled_world_has_the_same_view_and_every_card(
    options: dict[str, object], players: int
) -> None:
    game = solocards.make("amigo-solo", players=players, **options)
    deck = Counter(game.deck())
    rng = random.Random(players)
    for seed in range(3):
        state = game.deal(seed=seed)
        for step in range(400):
            if state.is_over:
                break
            if step % 23 == 0:
                for seat in [None, *range(players)]:
                    view = state.view(seat)
                    world = game.sample_world(view, rng)
                    assert world.view(seat) == view
                    snap = world.snapshot()
                    cards = [c for hand in snap["hands"] for c in hand]
                    assert Counter(cards + snap["draw_pile"] + snap["discard_pile"]) == deck
                    assert [len(h) for h in snap["hands"]] == view["hand_sizes"]
                    if seat is not None and view["can_act"]:
                        assert seat in world.to_act
                    before = len(world.history)
                    play_randomly(world, seed=step, steps=30)
                    assert world.is_over or len(world.history) == before + 30
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))


def test_a_sampled_world_deals_the_unseen_cards_at_random_and_keeps_the_known_ones() -> None:
    h = [["G1", "G3", "G4"], ["RX", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
    state = deal(h, "R2", draw=["B7", "B8"])
    state.apply(1, "RX>3")
    view = state.view(1)
    seen = set()
    for seed in range(20):
        world = solocards.make("amigo-solo", hand_size=3).sample_world(view, random.Random(seed))
        hands = world.snapshot()["hands"]
        assert sorted(hands[3]) == ["Y1", "Y3"] and sorted(hands[1]) == sorted(h[3])
        seen.add(tuple(sorted(hands[0])))
    assert len(seen) > 10


def test_no_world_for_a_finished_round() -> None:
    state = deal([["G1"], ["R5"]], "R2")
    state.apply(1, "R5")
    with pytest.raises(solocards.IllegalActionError):
        solocards.make("amigo-solo", players=2, hand_size=1).sample_world(
            state.view(0), random.Random(1)
        )
