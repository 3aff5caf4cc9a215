"""The colour-split model of UNO's worlds (games/uno/colours.py): what it reads from the log,
how a hand is dealt by its weights, where it applies, and its bench (bench/uno_colours.py)."""

from __future__ import annotations

import random
import sys
from collections import Counter

import numpy as np
import pytest

import solocards
from helpers import load_bench
from solocards.bots import make_bot
from solocards.games.uno import colours, sampling
from solocards.games.uno.cards import KIND_COLOUR
from solocards.sim.runner import choose_actor

RED = [kind for kind in range(52) if KIND_COLOUR[kind] == 0][:20]
BLUE = [kind for kind in range(52) if KIND_COLOUR[kind] == 3][:20]


def feature(rows: list[list[float]], colour: int, name: str) -> float:
    return rows[colour][colours.FEATURES.index(name)]


def red_share(weights: tuple[float, ...], deals: int = 3000) -> float:
    rng = random.Random(5)
    red = 0
    for _ in range(deals):
        unseen = RED + BLUE
        rng.shuffle(unseen)
        hand = colours.weighted_hand(unseen, 10, weights, rng)
        red += sum(1 for kind in hand if KIND_COLOUR[kind] == 0)
    return red / deals / 10


def test_equal_weights_deal_as_a_shuffle_and_a_heavier_colour_comes_more_often() -> None:
    assert red_share((1.0, 1.0, 1.0, 1.0, 1.0)) == pytest.approx(0.5, abs=0.02)
    heavier = red_share((3.0, 1.0, 1.0, 1.0, 1.0))
    assert heavier > 0.65  # (3 reds to 1 blue for the first card, fewer as reds run out)
    assert red_share((1.0, 1.0, 1.0, 3.0, 1.0)) == pytest.approx(1 - heavier, abs=0.02)


def test_a_weighted_hand_is_the_head_of_the_reordered_cards_and_the_rest_keeps_its_order() -> None:
    rng = random.Random(1)
    unseen = RED + BLUE + [52, 53]
    rng.shuffle(unseen)
    before = list(unseen)
    hand = colours.weighted_hand(unseen, 7, (2.0, 1.0, 1.0, 0.5, 4.0), rng)
    assert len(hand) == 7 and unseen[:7] == hand
    assert Counter(unseen) == Counter(before)
    rest = unseen[7:]
    assert rest == [kind for kind in before if kind in rest]  # (every kind appears once)


def test_the_strict_cards_avoid_the_lacked_ones_and_the_fresh_ones_may_not() -> None:
    lacked = frozenset(RED)
    rng = random.Random(2)
    fresh_reds = 0
    for _ in range(500):
        unseen = RED + BLUE
        rng.shuffle(unseen)
        hand = colours.weighted_hand(unseen, 6, (1.0,) * 5, rng, lacked, strict=4)
        reds = sum(1 for kind in hand if kind in lacked)
        assert reds <= 2
        fresh_reds += reds
    assert fresh_reds > 300  # the two fresh cards are red about half the time
    # With nothing left that is not lacked, the strict cards are dealt from the rest.
    assert len(colours.weighted_hand(list(RED), 3, (1.0,) * 5, rng, lacked, strict=3)) == 3


def test_the_features_read_a_draw_a_named_colour_and_a_change_by_rank() -> None:
    game = solocards.make("uno", players=2)
    state = game.deal(seed=3)
    colour = "RYGB".index(state.view(0)["color"])
    state.apply(0, "draw")
    state.apply(0, "pass")
    rows = colours.features(game, state.view(1), 0)
    assert feature(rows, colour, "drew on") == 1.0
    assert feature(rows, colour, "drew on, just now") == 1.0
    assert feature(rows, colours.WILDS, "wild after a draw") == 1.0
    others = [c for c in range(4) if c != colour]
    assert all(feature(rows, c, "drew on") == 0.0 for c in others)
    weights = colours.colour_weights(game, state.view(1), 0)
    assert weights[colour] < min(weights[c] for c in others)
    # Seat 1 names green with a wild on red (a made-up log: the features read the log alone).
    log = [[0, "R3"], [1, "W:G"]]
    view = dict(state.view(0))
    view["log"] = log
    rows = colours.features(game, view, 1)
    assert feature(rows, 2, "named") == 1.0
    assert feature(rows, 0, "wild on") == 1.0
    view["log"] = [*log, [0, "G5"], [1, "R5"]]
    rows = colours.features(game, view, 1)
    assert feature(rows, 0, "changed to") == 1.0 and feature(rows, 2, "changed from") == 1.0
    assert feature(rows, 2, "named") == 0.0


def test_the_model_applies_to_standard_two_player_rounds_only() -> None:
    assert colours.fitted_for(solocards.make("uno", players=2, target_score=200))
    assert not colours.fitted_for(solocards.make("uno", players=3))
    assert not colours.fitted_for(solocards.make("uno", players=2, draw_until_playable=True))
    three = solocards.make("uno", players=3)
    sampling._LAST.clear()
    three.sample_world(three.deal(seed=1).view(0), random.Random(1))
    assert sampling._LAST[0].weights == {}
    sampling._LAST.clear()


def test_worlds_dealt_by_the_model_agree_with_the_view_everywhere_in_a_round() -> None:
    game = solocards.make("uno", players=2)
    bots = [make_bot("heuristic", game) for _ in range(2)]
    checked = 0
    for seed in range(6):
        state = game.deal(seed=seed)
        rngs = [random.Random(seed), random.Random(seed + 7)]
        rng = random.Random(seed)
        while not state.is_over:
            seat, action = choose_actor(state, bots, rngs)
            view = state.view(seat)
            if view["phase"] != "over":
                sampling._LAST.clear()
                world = game.sample_world(view, rng)
                assert sampling._LAST[0].weights  # the model dealt it
                assert world.view(seat) == view
                checked += 1
            state.apply(seat, action)
    assert checked > 100


def test_the_fit_finds_the_coefficients_that_made_the_data() -> None:
    bench = load_bench("uno_colours")
    rng = np.random.default_rng(4)
    rows, features = 4000, 3
    feats = rng.normal(size=(rows, colours.CATEGORIES, features))
    unseen = rng.integers(4, 20, size=(rows, colours.CATEGORIES)).astype(float)
    truth = np.array([0.8, -1.2, 0.3])
    chances = bench._chances(truth, unseen, feats)
    hidden = np.array([rng.multinomial(6, p) for p in chances], dtype=float)
    beta = bench.fit(unseen, hidden, feats, ridge=0.0)
    assert np.allclose(beta, truth, atol=0.08)


def test_the_bench_scores_the_model_the_readings_and_nothing_on_the_same_positions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench("uno_colours")
    shipped = (sampling.MODEL, sampling.MODEL_DRAWS, sampling.TRUST)
    results = bench.score(first=20_000, rounds=12, worlds=30)
    assert len({n for _, n in results.values()}) == 1
    assert results["model (shipped)"][0] < results["nothing read"][0]
    assert shipped == (sampling.MODEL, sampling.MODEL_DRAWS, sampling.TRUST)
    monkeypatch.setattr(sys, "argv", ["uno_colours.py", "fit", "--first", "5", "--rounds", "3"])
    bench.main()
    printed = capsys.readouterr().out
    assert "by the counts alone" in printed and all(n in printed for n in colours.FEATURES)
