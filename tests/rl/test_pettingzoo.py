"""The PettingZoo environments pass PettingZoo's own tests, and keep the game's rules."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, seed_test

import solocards
from solocards.core.errors import IllegalActionError
from solocards.rl import (
    solocards_amigo_solo_v0,
    solocards_frog_v0,
    solocards_german_solo_v0,
    solocards_uno_v0,
)
from solocards.rl.observations import encoder_for
from solocards.rl.turns import window

MODULES = {
    "uno": solocards_uno_v0,
    "amigo-solo": solocards_amigo_solo_v0,
    "german-solo": solocards_german_solo_v0,
    "frog": solocards_frog_v0,
}
CONFIGS = [
    ("uno", 2),
    ("uno", 4),
    ("uno", 6),
    ("amigo-solo", 2),
    ("amigo-solo", 4),
    ("amigo-solo", 6),
    ("german-solo", 4),
    ("german-solo", 3),
    ("german-solo", 5),
    ("frog", 3),
    ("frog", 4),
    ("frog", 5),
]
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_pettingzoo_api_test(game_id, players):
    api_test(MODULES[game_id].env(players=players), num_cycles=1000)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_pettingzoo_seed_test(game_id, players):
    seed_test(lambda: MODULES[game_id].env(players=players), num_cycles=500)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_pettingzoo_parallel_api_test(game_id, players):
    parallel_api_test(MODULES[game_id].parallel_env(players=players), num_cycles=1000)


def test_the_ids_and_spaces():
    env = solocards_uno_v0.raw_env(players=3)
    assert env.metadata["name"] == "solocards_uno_v0"
    assert solocards_german_solo_v0.raw_env().metadata["name"] == "solocards_german_solo_v0"
    game = solocards.make("uno", players=3)
    assert env.action_space("player_0").n == game.num_actions + 1
    assert solocards_frog_v0.raw_env().action_space("player_0").n == 80
    space = env.observation_space("player_1")
    assert space["observation"].shape == (encoder_for(game).size,)
    assert space["action_mask"].dtype == np.int8


def _play(env, choose):
    """Play one round; ``choose(env, agent, obs)`` picks the action. Returns final rewards."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if done or truncated else choose(env, agent, obs))
    return totals


def test_observations_are_the_seats_views_and_only_the_decider_has_a_mask():
    env = solocards_amigo_solo_v0.raw_env(players=4)
    env.reset(seed=3)
    encoder = encoder_for(env.game)
    state = env.state_
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        expected = encoder.new_observation()
        encoder.encode(state.view(seat), expected)
        assert np.array_equal(obs["observation"], expected)
        deciding = agent == env.agent_selection
        assert obs["action_mask"].any() == deciding
        if deciding:
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            assert legal == env.turns.legal_ids()


@pytest.mark.parametrize(
    ("game_id", "options"), [("uno", {"jump_in": True, "seven_zero": True}), ("amigo-solo", {})]
)
def test_every_observation_is_the_seats_view_through_a_round(game_id, options):
    # The env writes observations straight from the state (the fast path); they must be the
    # encoded views, for the deciding agent and for any other, and the "no reaction" action
    # must never reach the engine's own legal ids.
    env = MODULES[game_id].raw_env(players=4, **options)
    env.reset(seed=2)
    encoder = encoder_for(env.game)
    expected = encoder.new_observation()
    rng = np.random.default_rng(4)
    windows = 0
    for step, agent in enumerate(env.agent_iter(600)):
        obs, _, done, truncated, _ = env.last()
        state = env.state_
        seat = int(agent.rsplit("_", 1)[1])
        encoder.encode(state.view(seat), expected)
        assert np.array_equal(obs["observation"], expected)
        other = env.possible_agents[(seat + 1 + step) % 4]
        encoder.encode(state.view(int(other.rsplit("_", 1)[1])), expected)
        assert np.array_equal(env.observe(other)["observation"], expected)
        if done or truncated:
            env.step(None)
            continue
        windows += env.turns.reacting
        assert all(i < env.game.num_actions for i in state.legal_action_ids(seat))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert windows > 0


def test_reaction_windows_are_steps_with_a_no_reaction_action():
    env = solocards_amigo_solo_v0.raw_env(players=4)
    env.reset(seed=1)
    no_reaction = env.game.num_actions
    rng = np.random.default_rng(0)
    windows = declined = 0
    for agent in env.agent_iter(4000):
        obs, _, done, truncated, _ = env.last()
        if done or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if mask[no_reaction]:
            windows += 1
            seat = int(agent.split("_")[1])
            assert seat in env.state_.to_act and len(env.state_.to_act) > 1
            assert seat != env.turns.regular
            declined += 1
            env.step(no_reaction)
        else:
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert windows > 0 and declined == windows


def test_the_winner_gets_plus_one_and_the_others_minus_one():
    env = solocards_uno_v0.raw_env(players=3)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    totals = _play(env, lambda e, a, obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = [agent for agent, total in totals.items() if total == 1.0]
    assert len(winners) == 1 and sorted(totals.values()) == [-1.0, -1.0, 1.0]


def test_score_rewards_and_a_fixed_deck():
    game = solocards.make("frog")
    deck = game.deck()
    env = solocards_frog_v0.raw_env(reward="score")
    env.reset(options={"deck": deck, "dealer": 2})
    assert env.state_.snapshot()["hands"] == game.deal(deck=deck, dealer=2).snapshot()["hands"]
    rng = np.random.default_rng(2)
    totals = _play(env, lambda e, a, obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert list(totals.values()) == [float(s) for s in env.state_.result["scores"]]


def test_an_illegal_action_raises_in_the_raw_env_and_loses_in_the_wrapped_one():
    raw = solocards_german_solo_v0.raw_env()
    raw.reset(seed=0)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        raw.step(illegal)
    wrapped = solocards_german_solo_v0.env()
    wrapped.reset(seed=0)
    agent = wrapped.agent_selection
    wrapped.step(illegal)
    assert wrapped.terminations[agent] or wrapped.truncations[agent]
    assert wrapped.rewards[agent] == -1.0


def test_truncation_after_max_steps():
    env = solocards_uno_v0.raw_env(players=2, max_steps=5)
    env.reset(seed=0)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, done, truncated, _ = env.last()
        if done or truncated:
            assert truncated and not done
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5


def test_parallel_windows_resolve_in_the_simulators_order():
    env = solocards_amigo_solo_v0.parallel_env(players=4)
    obs, _ = env.reset(seed=1)
    no_action = env.game.num_actions
    rng = np.random.default_rng(3)
    reactions = 0
    while env.agents:
        state = env.state_
        regular, reactors = window(state)
        actions = {}
        for agent in env.agents:
            legal = np.flatnonzero(obs[agent]["action_mask"])
            # reacting seats react half of the time, so both outcomes are seen
            if no_action in legal and len(legal) > 1 and rng.random() < 0.5:
                legal = legal[legal != no_action]
            actions[agent] = int(rng.choice(legal))
        assert actions[f"player_{regular}"] != no_action
        expected = next(
            (seat for seat in reactors if actions[f"player_{seat}"] != no_action), regular
        )
        reactions += expected != regular
        history = len(state.history)
        obs, *_ = env.step(actions)
        assert state.history[history] == (
            expected,
            env.game.action_name(actions[f"player_{expected}"]),
        )
    assert reactions > 0


def test_max_steps_set_after_construction_truncates():
    env = solocards_uno_v0.raw_env(players=2)
    env.max_steps = 3
    env.reset(seed=1)
    for _ in range(3):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.steps == 3 and all(env.truncations.values())
    assert not any(env.terminations.values())


def test_observations_are_fresh_arrays_cached_until_the_next_action():
    env = solocards_uno_v0.raw_env(players=2)
    env.reset(seed=3)
    kept = []
    for _ in range(200):
        agent = env.agent_selection
        obs, _, done, truncated, _ = env.last()
        if done or truncated:
            break
        assert env.observe(agent) is obs  # the same arrays until the next action
        kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for obs, observation, mask in kept:  # never written again once handed out
        assert np.array_equal(obs["observation"], observation)
        assert np.array_equal(obs["action_mask"], mask)
    arrays = [id(o["observation"]) for o, _, _ in kept]
    assert len(set(arrays)) == len(arrays)


def test_render_modes_ansi_returns_the_table_and_human_prints_it_at_every_step(capsys):
    env = solocards_uno_v0.raw_env(players=2)
    env.reset(seed=4)
    env.render_mode = "ansi"
    table = env.render()
    assert isinstance(table, str) and table.startswith("uno: ")
    env.render_mode = "human"  # set after construction: steps print from now on
    obs, *_ = env.last()
    env.step(int(obs["action_mask"].nonzero()[0][0]))
    printed = capsys.readouterr().out
    assert printed.startswith("uno: ") and env.render() is None
    assert capsys.readouterr().out.startswith("uno: ")  # render() printed it
    env.render_mode = None
    obs, *_ = env.last()
    env.step(int(obs["action_mask"].nonzero()[0][0]))
    assert capsys.readouterr().out == ""
    with pytest.raises(ValueError, match="render_mode must be one of"):
        solocards_uno_v0.raw_env(players=2, render_mode="rgb_array")
