"""The Gymnasium environments: the env checker, opponents, illegal actions, seats."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import solocards  # noqa: E402
import solocards.rl  # noqa: E402
from solocards.core.errors import IllegalActionError, OptionError  # noqa: E402
from solocards.rl.gym_env import GYM_IDS, SoloCardsEnv  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("env_id", sorted(GYM_IDS.values()))
def test_gymnasium_env_checker(env_id):
    env = gymnasium.make(env_id, opponents="random")
    check_env(env.unwrapped)


def test_the_module_prefix_imports_the_registration():
    env = gymnasium.make("solocards.rl:solocards/UNO-v0", players=3)
    assert env.unwrapped.game.players == 3


def test_a_bot_that_does_not_exist_is_refused_with_the_ones_that_do():
    games_without = [
        game_id
        for game_id in solocards.games()
        if not hasattr(solocards.make(game_id), "heuristic_bot")
    ]
    for game_id in games_without:
        with pytest.raises(OptionError, match=r"the bots that exist for .*random"):
            SoloCardsEnv(game_id, opponents="heuristic")
    with pytest.raises(OptionError, match=r"unknown bot 'nobody'.*the bots that exist"):
        SoloCardsEnv("frog", opponents="nobody")


def test_heuristic_opponents_where_they_exist():
    made = 0
    for game_id in solocards.games():
        if hasattr(solocards.make(game_id), "heuristic_bot"):
            env = SoloCardsEnv(game_id, opponents="heuristic")
            obs, _ = env.reset(seed=1)
            assert obs["action_mask"].any()
            made += 1
    assert made >= 1  # frog has one


def play(env, seed, rng):
    obs, _ = env.reset(seed=seed)
    decisions = 0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _truncated, _info = env.step(action)
        decisions += 1
        if done:
            return reward, decisions, obs


def test_rounds_end_with_the_learners_reward_and_an_empty_mask():
    env = SoloCardsEnv("uno", players=3, opponents=["random", "random"], seat=1)
    rng = np.random.default_rng(0)
    rewards = set()
    for seed in range(4):
        reward, decisions, obs = play(env, seed, rng)
        rewards.add(reward)
        assert decisions > 0 and not obs["action_mask"].any()
        state = env.turns.state
        assert state.is_over
        assert reward == (1.0 if 1 in state.result["winners"] else -1.0)
        assert 1 in {seat for seat, _ in state.history}


def test_the_learner_only_decides_for_its_seat_and_reactions_offer_no_reaction():
    env = SoloCardsEnv("amigo-solo", players=4, opponents="random", seat=2)
    obs, _ = env.reset(seed=3)
    no_reaction = env.game.num_actions
    rng = np.random.default_rng(1)
    reactions = 0
    for _ in range(300):
        turns = env.turns
        assert turns.seat == 2
        assert bool(obs["action_mask"][no_reaction]) == turns.reacting
        reactions += turns.reacting
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, done, _, _ = env.step(int(rng.choice(legal)))
        if done:
            obs, _ = env.reset()
    assert reactions > 0


def test_an_illegal_action_ends_the_episode_or_raises():
    env = SoloCardsEnv("german-solo", opponents="random")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _truncated, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    assert not env.action_masks().any()
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(0)
    strict = SoloCardsEnv("german-solo", opponents="random", illegal_reward=None)
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


@pytest.mark.parametrize("players", [4, 5])
def test_same_seed_same_episode_and_a_random_seat_covers_every_seat(players):
    rng_a, rng_b = np.random.default_rng(7), np.random.default_rng(7)
    one = SoloCardsEnv("frog", players=players, opponents="heuristic", seat=None)
    two = SoloCardsEnv("frog", players=players, opponents="heuristic", seat=None)
    seats = set()
    for seed in range(12):
        assert play(one, seed, rng_a)[:2] == play(two, seed, rng_b)[:2]
        assert one.turns.state.history == two.turns.state.history
        seats.add(one.seat)
        # the seats that sit out never decide: never the learner
        assert one.seat not in one.turns.state.view(None)["sitting_out_seats"]
    assert len(seats) >= 3
