"""Worlds weighted by the other seats' choices (analysis.belief) and the sampler steps behind it."""

from __future__ import annotations

import math
import random

import pytest

import solocards
from solocards.analysis import analyse
from solocards.analysis.belief import PolicyBelief
from solocards.core.errors import OptionError, SoloError
from solocards.core.game import State

BELIEF_GAMES = [g for g in solocards.games() if solocards.make(g).info.belief_sampling]


def heuristic_round(game_id: str, seed: int, steps: int) -> State:
    """A round played ``steps`` decisions far by the game's heuristic bot in every seat (the
    first seed from ``seed`` on whose round lasts that long)."""
    game = solocards.make(game_id)
    bot = game.heuristic_bot()
    while True:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while state.to_act and len(state.history) < steps:
            seat = state.to_act[0]
            state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))
        if state.to_act:
            return state
        seed += 1


def test_the_trick_games_report_the_steps_of_their_worlds() -> None:
    assert set(BELIEF_GAMES) == {"frog", "german-solo"}


@pytest.mark.parametrize("game_id", BELIEF_GAMES)
def test_a_world_reports_each_step_of_the_round_before_it_is_taken(game_id: str) -> None:
    state = heuristic_round(game_id, seed=2, steps=14)
    seat = state.to_act[0]
    view = state.view(seat)
    steps: list[tuple[int, str, int]] = []

    def observe(before: State, actor: int, action: str) -> None:
        assert action in before.legal_actions(actor)
        steps.append((actor, action, len(before.history)))

    world = state.game.sample_world(view, random.Random(5), observe=observe)
    assert [index for _a, _b, index in steps] == list(range(len(view["log"])))
    assert [(actor, action) for actor, action, _ in steps] == list(world.history)
    assert [actor for actor, _a, _i in steps] == [actor for actor, _ in view["log"]]
    assert world.view(seat) == view


def test_a_game_whose_worlds_cannot_report_their_steps_says_so() -> None:
    game = solocards.make("uno", players=2)
    state = game.deal(seed=1)
    view = state.view(state.to_act[0])
    with pytest.raises(NotImplementedError, match="does not report"):
        game.sample_world(view, random.Random(0), observe=lambda *step: None)
    with pytest.raises(OptionError, match="cannot weight"):
        PolicyBelief(game)


@pytest.mark.parametrize("game_id", BELIEF_GAMES)
def test_each_choice_the_model_would_not_have_made_costs_the_world_the_floor(game_id: str) -> None:
    state = heuristic_round(game_id, seed=3, steps=10)
    view = state.view(state.to_act[0])
    forgiving = PolicyBelief(state.game, floor=1.0)
    assert {forgiving.sample(view, random.Random(i))[1] for i in range(10)} == {1.0}
    halving = PolicyBelief(state.game, floor=0.5)
    weights = [halving.sample(view, random.Random(i))[1] for i in range(20)]
    assert all(math.log2(w) == round(math.log2(w)) for w in weights)
    assert min(weights) < 1.0, "no sampled world disagreed with the model anywhere"
    with pytest.raises(OptionError, match="floor"):
        analyse(state.game, view, worlds=8, seed=4, belief=0.0)
    with pytest.raises(OptionError, match="candidates"):
        PolicyBelief(state.game, candidates=0)


def test_a_declarers_bid_makes_the_worlds_give_them_the_cards_to_make_it() -> None:
    """Frog: once another seat has declared, the weighted worlds come closer to the declarer's
    true number of trumps than worlds dealt uniformly (the mean error over rounds)."""
    game = solocards.make("frog")
    gaps = []
    for seed in range(60):
        state = declared_round(seed)
        if state is None:
            continue
        declarer = state.view(None)["declarer"]
        viewer = state.to_act[0]
        if viewer == declarer:
            continue
        view = state.view(viewer)
        belief = PolicyBelief(game, floor=0.05)
        weighted = total = uniform = 0.0
        for index in range(30):
            world, weight = belief.sample(view, random.Random(index))
            points = trumps(world, declarer)
            weighted += weight * points
            total += weight
            uniform += points / 30
        true_points = trumps(state, declarer)
        gaps.append((abs(weighted / total - true_points), abs(uniform - true_points)))
        if len(gaps) == 16:
            break
    assert len(gaps) >= 10
    belief_error = sum(belief_gap for belief_gap, _ in gaps) / len(gaps)
    uniform_error = sum(uniform_gap for _, uniform_gap in gaps) / len(gaps)
    assert belief_error < 0.8 * uniform_error, gaps


def declared_round(seed: int) -> State | None:
    """A Frog round played by the heuristic until the play of the cards begins, or None (a
    round that ended in the auction)."""
    game = solocards.make("frog")
    bot = game.heuristic_bot()
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    while state.to_act and state.view(None)["phase"] != "playing":
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng))
    return state if state.to_act else None


def trumps(state: State, seat: int) -> int:
    """How many trumps ``seat`` holds in ``state`` (from the full snapshot)."""
    trump = state.view(None)["trump"]
    return sum(1 for card in state.snapshot()["hands"][seat] if card[1] == trump)


@pytest.mark.parametrize(("sampler", "steps"), [("sample_world", 0), ("sample_deal", 10)])
def test_a_candidate_the_sampler_cannot_deal_is_skipped_and_none_at_all_is_an_error(
    monkeypatch: pytest.MonkeyPatch, sampler: str, steps: int
) -> None:
    """Resampled worlds (``steps=0``) come from the world sampler, the chain's first deals from
    the deal sampler: either way a candidate it cannot deal is skipped."""
    state = heuristic_round("german-solo", seed=3, steps=6)
    game = state.game
    view = state.view(state.to_act[0])
    belief = PolicyBelief(game, candidates=4, steps=steps)
    real = getattr(game, sampler)
    calls = []

    def flaky(view: dict[str, object], rng: random.Random, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) % 2:
            raise SoloError("no deal consistent with this view found")
        return real(view, rng, **kwargs)

    monkeypatch.setattr(game, sampler, flaky)
    assert belief.draw(view, random.Random(1)).view(view["seat"]) == view
    assert len(calls) == 4

    def broken(view: dict[str, object], rng: random.Random, **kwargs: object) -> State:
        raise SoloError("no deal consistent with this view found")

    monkeypatch.setattr(game, sampler, broken)
    with pytest.raises(SoloError, match="no deal"):
        belief.draw(view, random.Random(1))
