"""The batched environment: shapes, auto-reset, rewards, opponents, determinism."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import solocards  # noqa: E402
from solocards.core.errors import IllegalActionError  # noqa: E402
from solocards.rl.batched import BatchedEnv, sample_actions  # noqa: E402
from solocards.rl.observations import encoder_for  # noqa: E402


def run(env, steps, seed):
    rng = np.random.default_rng(seed)
    batch = env.reset(seed=seed)
    finished = []
    for _ in range(steps):
        batch = env.step(sample_actions(batch.masks, rng))
        for slot in np.flatnonzero(batch.dones):
            finished.append((int(slot), batch.rewards[slot].tolist()))
    return batch, finished


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("uno", 2),
        ("amigo-solo", 3),
        ("frog", 4),
        ("german-solo", 4),
        ("german-solo", 3),
        ("german-solo", 5),
        ("frog", 5),
    ],
)
def test_self_play_batches(game_id, players):
    env = BatchedEnv(game_id, num_envs=5, players=players, seed=0)
    game = env.game
    batch, finished = run(env, 400, seed=1)
    assert batch.observations.shape == (5, encoder_for(game).size)
    assert batch.observations.dtype == np.float32 and batch.masks.dtype == np.int8
    assert batch.masks.shape == (5, env.num_actions) and batch.rewards.shape == (5, players)
    assert finished, "rounds end and are dealt again"
    for _slot, rewards in finished:
        assert sorted(set(rewards)) in ([-1.0, 1.0], [0.0], [1.0])
    for slot, turns in enumerate(env.turns):
        # every row is the deciding seat's observation and legal actions
        assert batch.seats[slot] == turns.seat
        expected = encoder_for(game).new_observation()
        encoder_for(game).encode(turns.state.view(turns.seat), expected)
        assert np.array_equal(batch.observations[slot], expected)
        assert np.flatnonzero(batch.masks[slot]).tolist() == turns.legal_ids()
        # the env's "no reaction" never leaks into the engine's own (cached) legal ids
        engine_ids = turns.state.legal_action_ids(turns.seat)
        assert engine_ids == [i for i in turns.legal_ids() if i != turns.no_reaction]


def test_rewards_are_reported_once_and_zero_otherwise():
    env = BatchedEnv("frog", num_envs=3, seed=2)
    rng = np.random.default_rng(0)
    batch = env.reset()
    for _ in range(200):
        batch = env.step(sample_actions(batch.masks, rng))
        assert not batch.rewards[~batch.dones].any()


def test_same_seed_same_batches():
    one = run(BatchedEnv("uno", num_envs=3, players=2), 300, seed=4)
    two = run(BatchedEnv("uno", num_envs=3, players=2), 300, seed=4)
    assert np.array_equal(one[0].observations, two[0].observations)
    assert one[1] == two[1]


def test_opponents_leave_only_the_learners_decisions():
    env = BatchedEnv("german-solo", num_envs=4, opponents="random", seat=1, seed=0)
    batch, finished = run(env, 100, seed=3)
    assert (batch.seats == 1).all()
    assert len(finished) >= 10
    for turns in env.turns:
        assert turns.seat == 1
        assert {seat for seat, _ in turns.state.history} <= {0, 1, 2, 3}
    for _slot, rewards in finished:
        assert set(rewards) <= {-1.0, 1.0, 0.0}


def test_an_illegal_action_is_refused_before_anything_moves():
    env = BatchedEnv("german-solo", num_envs=2, seed=0)
    batch = env.reset()
    histories = [len(state.history) for state in env.states]
    actions = sample_actions(batch.masks, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(batch.masks[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="slot 1"):
        env.step(actions)
    assert [len(state.history) for state in env.states] == histories
    with pytest.raises(ValueError, match="3 actions for 2 slots"):
        env.step([0, 0, 0])


def test_a_made_game_and_options():
    game = solocards.make("uno", players=4, stack_draw2=True)
    env = BatchedEnv(game, num_envs=2, seed=0)
    assert env.reset().observations.shape[0] == 2
    assert env.game is game


def test_random_actions_are_legal_and_uniform():
    import random

    env = BatchedEnv("uno", num_envs=4, players=2, seed=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.random_actions(random.Random(0))
    batch = env.reset()
    rng = random.Random(5)
    legal = [np.flatnonzero(row).tolist() for row in batch.masks]
    counts = [dict.fromkeys(ids, 0) for ids in legal]
    draws = 4000
    for _ in range(draws):
        for slot, action in enumerate(env.random_actions(rng)):
            counts[slot][action] += 1  # a KeyError here: an illegal action
    for slot_counts in counts:
        expected = draws / len(slot_counts)
        assert all(abs(seen - expected) < 0.15 * expected for seen in slot_counts.values())
    one = env.random_actions(random.Random(9))
    assert one == env.random_actions(random.Random(9))


def test_a_list_of_ints_steps_as_an_array_does():
    import random

    by_list = BatchedEnv("amigo-solo", num_envs=3, players=3, seed=1)
    by_array = BatchedEnv("amigo-solo", num_envs=3, players=3, seed=1)
    by_list.reset(), by_array.reset()
    rng = random.Random(2)
    for step in range(150):
        actions = by_list.random_actions(rng)
        assert all(type(action) is int for action in actions)
        if step % 3 == 0:  # numpy integers in a list take the array path
            one = by_list.step([np.int64(action) for action in actions])
        else:
            one = by_list.step(actions)
        two = by_array.step(np.array(actions))
        for name in ("observations", "masks", "seats", "rewards", "dones"):
            assert np.array_equal(getattr(one, name), getattr(two, name)), (step, name)
    assert one.observations is by_list.observations  # the env's own buffers, overwritten
