"""World sampling for search bots: worlds consistent with a view, hidden cards reshuffled."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from frog_helpers import deal

import solocards
from helpers import apply_all
from solocards.games.frog.state import FrogState

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"all_pass": "ramsch"},
    {"frage_talon": "shown"},
    {"deal_order": "3-widow-4-4"},
]


def random_states(game: solocards.Game, seed: int, count: int) -> list[FrogState]:
    """States met along a random deal, one every few actions."""
    rng = random.Random(seed)
    state = game.deal(seed=seed, dealer=seed % game.players)
    found = []
    while not state.is_over:
        if rng.random() < 0.3:
            found.append(state.clone())
        seat = state.to_act[0]
        state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    assert isinstance(state, FrogState)
    return [s for s in found if isinstance(s, FrogState)][:count]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_sampled_world_looks_the_same_from_the_seat(
    players: int, options: dict[str, Any]
) -> None:
    game = solocards.make("frog", players=players, **options)
    rng = random.Random(5)
    for seed in range(6):
        for state in random_states(game, seed, 4):
            for seat in [None, *range(players)]:
                view = state.view(seat)
                world = game.sample_world(view, rng)
                assert world.view(seat) == view
                cards = Counter(card for hand in world.snapshot()["hands"] for card in hand)
                snapshot = world.snapshot()
                for key in ("talon", "discarded", "played"):
                    cards.update(snapshot[key])
                cards.update(card for _seat, card in snapshot["trick"])
                assert cards == Counter(game.deck())


def test_unseen_cards_are_redealt_and_seen_cards_stay() -> None:
    game = solocards.make("frog")
    state = game.deal(seed=8, dealer=0)
    state.apply(1, "heart-solo")
    view = state.view(1)
    rng = random.Random(1)
    worlds = [game.sample_world(view, rng).snapshot() for _ in range(20)]
    assert all(world["hands"][1] == state.snapshot()["hands"][1] for world in worlds)
    assert len({tuple(world["talon"]) for world in worlds}) > 1
    assert len({tuple(world["hands"][2]) for world in worlds}) > 1


def test_a_shown_void_is_respected() -> None:
    # seat 2 has no clubs: after it fails to follow clubs, no world gives it a club
    hands = {
        1: ["6C", "AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "AD"],
        2: ["AS", "KS", "QS", "JS", "TS", "9S", "KD", "QD", "JD", "TD", "9D"],
    }
    state = deal(hands, ["8S", "7S", "6S"])
    apply_all(state, [(1, "heart-solo"), (1, "6C"), (2, "9D")])
    view = state.view(0)
    rng = random.Random(2)
    for _ in range(30):
        world = game_world(view, rng)
        assert not any(card.endswith("C") for card in world["hands"][2])
        assert not any(card.endswith("H") for card in world["hands"][2])  # nor trumps


def test_the_frage_discards_stay_the_declarers_own() -> None:
    state = deal({1: ["QD"]}, ["AS", "TS", "KS"])
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    apply_all(state, [(1, "discard:QD"), (1, "discard:AS")])
    rng = random.Random(3)
    mine = game_world(state.view(1), rng)
    assert mine["discarded"] == ["QD", "AS"]
    theirs = [game_world(state.view(2), rng)["discarded"] for _ in range(20)]
    assert all(len(discards) == 2 for discards in theirs)
    assert len({tuple(discards) for discards in theirs}) > 1


def test_ismcts_plays_frog() -> None:
    from solocards.bots import make_bot

    game = solocards.make("frog")
    state = game.deal(seed=4)
    bot = make_bot("ismcts:iterations=30", game)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))
    assert state.result is not None


def game_world(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    game = solocards.make("frog", players=view["players"])
    return game.sample_world(view, rng).snapshot()
