"""The belief's Markov chain over deals: hidden deals, the swaps, and worlds closer to the truth."""

from __future__ import annotations

import random
from itertools import islice

import pytest
from test_belief import heuristic_round

import solocards
from solocards.analysis import analyse
from solocards.analysis.belief import PolicyBelief
from solocards.core.errors import OptionError
from solocards.core.game import State
from solocards.core.hidden import HiddenDeal

CHAIN_GAMES = [g for g in solocards.games() if solocards.make(g).info.samples_deals]


def test_the_trick_games_hand_out_their_deals_and_the_others_say_they_do_not() -> None:
    assert set(CHAIN_GAMES) == {"frog", "german-solo"}
    game = solocards.make("uno", players=2)
    view = game.deal(seed=1).view(0)
    with pytest.raises(NotImplementedError, match="does not hand out"):
        game.sample_deal(view, random.Random(0))
    assert not PolicyBelief(solocards.make("german-solo"), steps=0).chained
    with pytest.raises(OptionError, match="steps"):
        PolicyBelief(solocards.make("frog"), steps=-1)
    with pytest.raises(OptionError, match="burn"):
        PolicyBelief(solocards.make("frog"), burn=-1)


@pytest.mark.parametrize("game_id", CHAIN_GAMES)
def test_a_deals_world_is_the_world_the_sampler_deals_from_the_same_draws(game_id: str) -> None:
    for steps in (4, 12, 22):
        state = heuristic_round(game_id, seed=5, steps=steps)
        view = state.view(state.to_act[0])
        for index in range(3):
            deal = state.game.sample_deal(view, random.Random(index))
            world = deal.world(None)
            same = state.game.sample_world(view, random.Random(index))
            assert world is not None
            assert world.snapshot() == same.snapshot()
            assert world.history == same.history


def test_a_swap_is_refused_where_a_card_may_not_go_and_undone_by_the_same_swap() -> None:
    deal = HiddenDeal([[1, 2], [3, 4]], {1: 0b11, 2: 0b01, 3: 0b11, 4: 0b11}, lambda p, o: None)
    with pytest.raises(ValueError, match="cannot change places"):
        deal.swap(2, 3)
    with pytest.raises(ValueError, match="cannot change places"):
        deal.swap(3, 4)  # the same place
    deal.swap(1, 4)
    assert deal.places == [[4, 2], [3, 1]] and deal.place_of(1) == 1
    deal.swap(1, 4)
    assert deal.places == [[1, 2], [3, 4]]
    with pytest.raises(ValueError, match="may not be in place"):
        HiddenDeal([[1]], {1: 0b10}, lambda p, o: None)


@pytest.mark.parametrize("game_id", CHAIN_GAMES)
def test_every_world_of_the_chain_shows_the_seat_exactly_its_view(game_id: str) -> None:
    """Every sampler constraint is kept through the swaps (voids, fixed cards, the talon):
    each world the chain yields, and each deal it walks through, shows the seat its view."""
    for seed, steps in ((2, 8), (3, 18), (4, 26)):
        state = heuristic_round(game_id, seed=seed, steps=steps)
        seat = state.to_act[0]
        view = state.view(seat)
        belief = PolicyBelief(state.game, steps=3, burn=30)
        for world in islice(belief.worlds(view, random.Random(seed)), 6):
            assert world.view(seat) == view
        deal = state.game.sample_deal(view, random.Random(seed))
        rng = random.Random(seed)
        for _ in range(60):
            first, second = rng.choice(deal.cards), rng.choice(deal.cards)
            if deal.can_swap(first, second):
                deal.swap(first, second)
                assert all(deal.allowed[card] >> deal.place_of(card) & 1 for card in deal.cards)
                world = deal.world(None)
                assert world is None or world.view(seat) == view


@pytest.mark.parametrize("game_id", CHAIN_GAMES)
def test_a_count_of_mismatches_stops_past_its_limit_and_is_exact_within_it(game_id: str) -> None:
    state = heuristic_round(game_id, seed=6, steps=20)
    seat = state.to_act[0]
    view = state.view(seat)
    belief = PolicyBelief(state.game)
    counts = []
    for index in range(12):
        deal = state.game.sample_deal(view, random.Random(index))
        scored = belief.mismatches(deal, seat)
        assert scored is not None
        _world, count = scored
        _, weight = belief.sample(view, random.Random(index))
        assert weight == pytest.approx(belief.floor**count)
        assert belief.mismatches(deal, seat, limit=count) is not None
        if count:
            assert belief.mismatches(deal, seat, limit=count - 1) is None
        counts.append(count)
    assert max(counts) > 0, "every sampled deal agreed with the model: nothing tested"


@pytest.mark.parametrize("game_id", CHAIN_GAMES)
def test_the_chain_is_the_same_for_a_seed_and_its_hints_too(game_id: str) -> None:
    state = heuristic_round(game_id, seed=8, steps=16)
    seat = state.to_act[0]
    view = state.view(seat)
    belief = PolicyBelief(state.game, steps=5, burn=20)
    one = [w.snapshot() for w in islice(belief.worlds(view, random.Random(3)), 4)]
    two = [w.snapshot() for w in islice(belief.worlds(view, random.Random(3)), 4)]
    assert one == two
    first = analyse(state.game, view, worlds=6, seed=2, steps=5, burn=20).to_json()
    assert analyse(state.game, view, worlds=6, seed=2, steps=5, burn=20).to_json() == first


def hidden_hands_right(world: State, truth: State, seat: int) -> float:
    """The share of the cards the other seats hold in ``truth`` that ``world`` gives them too."""
    right = total = 0
    for other, hand in enumerate(truth.snapshot()["hands"]):
        if other == seat or not hand:
            continue
        placed = set(world.snapshot()["hands"][other])
        right += sum(1 for card in hand if card in placed)
        total += len(hand)
    return right / total


def test_frog_worlds_from_the_chain_come_closer_to_the_true_hands_than_resampling() -> None:
    """Late in a Frog round's play, where the other seats' choices say most about their hands,
    the worlds the chain walks to give those seats more of their true cards than worlds
    resampled from the candidates alone (on the mean over rounds)."""
    game = solocards.make("frog")
    chained = PolicyBelief(game)
    resampled = PolicyBelief(game, steps=0)
    chain_share = resample_share = 0.0
    views = 0
    for seed in range(8):
        state = heuristic_round("frog", seed=seed * 11, steps=26)
        seat = state.to_act[0]
        view = state.view(seat)
        worlds = list(islice(chained.worlds(view, random.Random(seed)), 8))
        chain_share += sum(hidden_hands_right(w, state, seat) for w in worlds) / len(worlds)
        draws = [resampled.draw(view, random.Random(seed * 100 + i)) for i in range(8)]
        resample_share += sum(hidden_hands_right(w, state, seat) for w in draws) / len(draws)
        views += 1
    assert chain_share / views > resample_share / views + 0.04, (chain_share, resample_share)


def test_the_burn_in_is_annealed_toward_the_floor_and_the_chain_then_walks_at_the_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = heuristic_round("frog", seed=9, steps=14)
    view = state.view(state.to_act[0])
    belief = PolicyBelief(state.game, floor=0.01, burn=10, steps=3, chains=2)
    walks: list[tuple[int, float]] = []
    real = PolicyBelief._walk

    def recorded(self: PolicyBelief, *args: object) -> object:
        walks.append((args[-2], args[-1]))  # type: ignore[arg-type]
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(PolicyBelief, "_walk", recorded)
    list(islice(belief.worlds(view, random.Random(1)), 4))
    burn_in = [(2, 0.01**0.25), (3, 0.01**0.5), (2, 0.01**0.75), (3, 0.01)]
    expected = burn_in + burn_in + [(3, 0.01), (3, 0.01)]
    assert [steps for steps, _ in walks] == [steps for steps, _ in expected]
    assert [floor for _, floor in walks] == pytest.approx([floor for _, floor in expected])
