"""The games registered with OpenSpiel: its random simulation test and observation tensors."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

import solocards  # noqa: E402
from solocards.rl.observations import encoder_for  # noqa: E402
from solocards.rl.openspiel_game import SHORT_NAMES  # noqa: E402


@pytest.mark.parametrize(
    ("name", "params", "sims"),
    [
        ("python_solocards_german_solo", {}, 5),
        ("python_solocards_frog", {}, 5),
        ("python_solocards_frog", {"players": 4}, 3),
        ("python_solocards_frog", {"players": 5}, 3),
        # rounds of random shedding play run to a thousand decisions; cap them for CI
        ("python_solocards_uno", {"players": 2, "max_moves": 300}, 2),
        ("python_solocards_uno", {"players": 4, "jump_in": True, "max_moves": 200}, 1),
        ("python_solocards_amigo_solo", {"players": 3, "max_moves": 200}, 1),
        ("python_solocards_amigo_solo", {"players": 2}, 2),  # whole rounds
    ],
)
def test_openspiel_random_sim_test(name, params, sims):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_every_game_is_registered_with_its_parameters():
    names = set(pyspiel.registered_names())
    assert set(SHORT_NAMES.values()) <= names
    game = pyspiel.load_game("python_solocards_uno", {"players": 3, "stack_draw2": True})
    assert game.num_players() == 3
    solo = solocards.make("uno", players=3, stack_draw2=True)
    assert game.num_distinct_actions() == solo.num_actions + 1
    assert game.observation_tensor_size() == encoder_for(solo).size
    frog = pyspiel.load_game("python_solocards_frog(deal_order=_3-widow-4-4,players=4)")
    assert frog.solo.options["deal_order"] == "3-widow-4-4"
    assert frog.num_distinct_actions() == 80  # no reaction windows
    with pytest.raises(solocards.OptionError, match="couleur"):
        pyspiel.load_game("python_solocards_german_solo", {"couleur": "hearts"})


def deal(state, rng):
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        actions, probs = zip(*outcomes, strict=True)
        state.apply_action(rng.choices(actions, probs)[0])


def test_the_chance_nodes_deal_the_deck_order_and_the_dealer():
    game = pyspiel.load_game("python_solocards_german_solo")
    state = game.new_initial_state()
    deal(state, random.Random(3))
    inner = state.turns.state
    dealt = [card for hand in inner.snapshot()["dealt"] for card in hand]
    assert sorted(dealt) == sorted(solocards.make("german-solo").deck())
    assert len(state.history()) == 1 + 32
    assert inner.dealer == state.history()[0]


def test_observation_tensors_are_the_seats_views_and_play_matches_the_engine():
    game = pyspiel.load_game("python_solocards_amigo_solo", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(1)
    deal(state, rng)
    encoder = encoder_for(game.solo)
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        for seat in range(3):
            expected = encoder.new_observation()
            encoder.encode(state.turns.state.view(seat), expected)
            assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert state.legal_actions() == state.turns.legal_ids()
        clone = state.clone()
        action = rng.choice(state.legal_actions())
        before = len(state.turns.state.history)
        state.apply_action(action)
        assert state.history()[-1] == action
        history = state.turns.state.history
        if action == game.solo.num_actions:  # no reaction: nothing applied to the round
            assert len(history) == before
        else:
            assert history[-1] == (player, game.solo.action_name(action))
        assert len(clone.turns.state.history) == before  # the clone did not move


def test_returns_are_plus_and_minus_one_at_the_end():
    game = pyspiel.load_game("python_solocards_frog")
    rng = random.Random(0)
    for _ in range(5):
        state = game.new_initial_state()
        deal(state, rng)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        winners = state.turns.state.result["winners"]
        assert returns == (
            [1.0 if s in winners else -1.0 for s in range(3)] if winners else [0.0] * 3
        )


def test_openspiels_rl_environment_and_bots_run_on_the_games():
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    game = pyspiel.load_game("python_solocards_frog")
    env = rl_environment.Environment(
        game, observation_type=rl_environment.ObservationType.OBSERVATION
    )
    env.seed(3)  # (the constructor drops a seed given beside a game object)
    actions = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(3)]
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        assert sorted(set(step.rewards)) in ([-1.0, 1.0], [0.0])
        assert len(step.observations["info_state"][0]) == game.observation_tensor_size()
    german = pyspiel.load_game("python_solocards_german_solo")
    bots = [pyspiel.make_uniform_random_bot(seat, 10 + seat) for seat in range(4)]
    returns = pyspiel.evaluate_bots(german.new_initial_state(), bots, 7)
    assert set(returns) <= {-1.0, 1.0}


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_solocards_german_solo", {}),
        ("python_solocards_frog", {}),
        ("python_solocards_frog", {"players": 4}),
        ("python_solocards_uno", {"players": 3, "jump_in": True, "max_moves": 80}),
        ("python_solocards_amigo_solo", {"players": 2, "max_moves": 80}),
    ],
)
def test_the_python_answers_are_pyspiels_own(name, params):
    """The state answers ``observation_tensor``, ``legal_actions``, ``rewards`` and
    ``is_chance_node``, and the game ``get_type``, in Python (OpenSpiel's ``rl_environment``
    asks them for every player at every step); pyspiel's own implementations, called on the
    base class, give the same."""
    game = pyspiel.load_game(name, params)
    assert game.get_type() == pyspiel.Game.get_type(game)
    base = pyspiel.State
    rng = random.Random(5)
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            for player in range(game.num_players()):
                ours = state.observation_tensor(player)
                assert type(ours) is list
                assert ours == base.observation_tensor(state, player)
                assert state.legal_actions(player) == base.legal_actions(state, player)
            assert state.legal_actions() == base.legal_actions(state)
            assert state.rewards() == base.rewards(state)
            assert state.is_chance_node() == base.is_chance_node(state)
            if state.is_terminal():
                break
            if not state.is_chance_node():
                assert state.observation_tensor() == base.observation_tensor(state)
            copy = state.clone()  # a copy shares the encoder and answers alike
            assert copy.observation_tensor(0) == state.observation_tensor(0)
            state.apply_action(rng.choice(state.legal_actions()))
    for player in (-1, game.num_players()):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(player)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_solocards_german_solo", {}),
        ("python_solocards_frog", {"players": 4}),
        ("python_solocards_uno", {"players": 3}),
    ],
)
def test_chance_outcomes_are_the_copies_left_over_the_cards_left(name, params):
    game = pyspiel.load_game(name, params)
    deck = game.solo.deck()
    kinds = list(dict.fromkeys(deck))
    rng = random.Random(8)
    state = game.new_initial_state()
    players = game.num_players()
    assert state.chance_outcomes() == [(seat, 1.0 / players) for seat in range(players)]
    state.apply_action(rng.randrange(players))
    dealt: list[str] = []
    while state.is_chance_node():
        left = list(deck)
        for card in dealt:
            left.remove(card)
        expected = [
            (index, left.count(kind) / len(left))
            for index, kind in enumerate(kinds)
            if kind in left
        ]
        outcomes = state.chance_outcomes()
        assert outcomes == expected
        outcomes.clear()  # a list of its own: the next call is not disturbed
        assert state.chance_outcomes() == expected
        action = rng.choice(expected)[0]
        state.apply_action(action)
        dealt.append(kinds[action])
    assert sorted(dealt) == sorted(deck)
    assert state.history()[1:] == [kinds.index(card) for card in dealt]


def test_a_chance_outcome_that_is_not_one_is_refused_and_changes_nothing():
    game = pyspiel.load_game("python_solocards_german_solo")
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="no dealer 4"):
        state.apply_action(4)
    state.apply_action(1)
    state.apply_action(5)
    before = (state.chance_outcomes(), state.history())
    with pytest.raises(pyspiel.SpielError, match="no card of kind 5 is left"):
        state.apply_action(5)
    assert (state.chance_outcomes(), state.history()) == before
    assert len(state.chance_outcomes()) == 31
