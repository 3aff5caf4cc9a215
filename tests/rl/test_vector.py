"""The batched environment on worker processes: the in-process env's arrays, clean shutdown."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import solocards  # noqa: E402
from solocards.core.errors import IllegalActionError  # noqa: E402
from solocards.rl.batched import Batch, BatchedEnv, sample_actions  # noqa: E402
from solocards.rl.vector import ProcessBatchedEnv, WorkerError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped by its new parent, does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return "Z" not in state.split()[1]


def trajectory(env, steps: int, seed: int, reseed: int) -> list[tuple[np.ndarray, ...]]:
    """Copies of every batch of ``steps`` random steps (actions drawn from ``seed``), with a
    reset without seed and one with ``reseed`` on the way."""
    rng = np.random.default_rng(seed)
    batch = env.reset()
    kept = [tuple(array.copy() for array in batch)]
    for step in range(steps):
        if step == steps // 3:
            batch = env.reset()
        elif step == 2 * steps // 3:
            batch = env.reset(seed=reseed)
        else:
            batch = env.step(sample_actions(batch.masks, rng))
        kept.append(tuple(array.copy() for array in batch))
    return kept


def same(one: list[tuple[np.ndarray, ...]], two: list[tuple[np.ndarray, ...]]) -> None:
    assert len(one) == len(two)
    for step, (a, b) in enumerate(zip(one, two, strict=True)):
        for name, x, y in zip(Batch._fields, a, b, strict=True):
            assert x.dtype == y.dtype and x.shape == y.shape, (step, name)
            assert np.array_equal(x, y), f"step {step}: {name} differ"


@pytest.mark.parametrize(
    ("game_id", "players", "num_envs", "workers", "kwargs"),
    [
        ("uno", 2, 5, 2, {}),
        ("uno", 3, 7, 3, {"jump_in": True, "seven_zero": True}),
        ("amigo-solo", 4, 4, 2, {"reward": "score"}),
        ("german-solo", 4, 3, 2, {"opponents": "random", "seat": 2}),
    ],
)
def test_workers_give_the_in_process_arrays(game_id, players, num_envs, workers, kwargs):
    steps = 1500 if game_id == "uno" else 300  # random UNO rounds run to a thousand steps
    local = BatchedEnv(game_id, num_envs=num_envs, players=players, seed=11, **kwargs)
    expected = trajectory(local, steps, seed=5, reseed=12)
    assert any(batch[4].any() for batch in expected), "rounds ended on the way"
    with ProcessBatchedEnv(
        game_id, num_envs=num_envs, players=players, workers=workers, seed=11, **kwargs
    ) as env:
        assert env.num_workers == workers and len(env.pids) == workers
        same(trajectory(env, steps, seed=5, reseed=12), expected)


def test_a_different_seed_gives_different_rounds():
    with ProcessBatchedEnv("uno", num_envs=4, players=2, workers=2, seed=1) as one:
        first = one.reset().observations.copy()
    with ProcessBatchedEnv("uno", num_envs=4, players=2, workers=2, seed=2) as two:
        assert not np.array_equal(two.reset().observations, first)


def test_an_illegal_action_is_refused_before_anything_moves():
    with ProcessBatchedEnv("frog", num_envs=4, workers=2, seed=0) as env:
        with pytest.raises(RuntimeError, match="reset"):
            env.step([0, 0, 0, 0])
        batch = env.reset()
        before = batch.observations.copy()
        actions = sample_actions(batch.masks, np.random.default_rng(0))
        actions[3] = int(np.flatnonzero(batch.masks[3] == 0)[0])
        with pytest.raises(IllegalActionError, match="slot 3"):
            env.step(actions)
        actions[3] = env.num_actions + 5
        with pytest.raises(IllegalActionError, match="slot 3"):
            env.step(actions)
        # the caller editing the returned mask does not make an action legal
        batch.masks[0] = 1
        actions[3] = 0 if np.flatnonzero(batch.masks[3])[0] else 1
        actions[0] = int(np.flatnonzero(env._legal[0] == 0)[0])
        with pytest.raises(IllegalActionError, match="slot 0"):
            env.step(actions)
        with pytest.raises(ValueError, match="3 actions for 4 slots"):
            env.step([0, 0, 0])
        assert np.array_equal(env.observations, before)


def test_bad_arguments_fail_here_and_start_nothing():
    with pytest.raises(ValueError, match="reward"):
        ProcessBatchedEnv("uno", num_envs=2, players=2, workers=2, reward="nope")
    with pytest.raises(ValueError, match="workers"):
        ProcessBatchedEnv("uno", num_envs=2, players=2, workers=0)
    with pytest.raises(ValueError, match="num_envs"):
        ProcessBatchedEnv("uno", num_envs=0, players=2, workers=2)


def test_close_stops_every_worker_and_is_idempotent():
    env = ProcessBatchedEnv("uno", num_envs=6, players=2, workers=3, seed=0)
    pids = env.pids
    assert len(pids) == 3 and all(alive(pid) for pid in pids)
    env.reset()
    env.close()
    assert not any(alive(pid) for pid in pids)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()


def test_the_context_manager_closes_even_on_error():
    with pytest.raises(KeyError), ProcessBatchedEnv("uno", num_envs=2, workers=2, seed=0) as env:
        pids = env.pids
        raise KeyError("boom")
    assert not any(alive(pid) for pid in pids)


def test_a_worker_that_dies_is_reported_and_the_rest_are_stopped():
    env = ProcessBatchedEnv("uno", num_envs=4, players=2, workers=2, seed=0)
    batch = env.reset()
    pids = env.pids
    env._procs[1].kill()
    env._procs[1].join()
    with pytest.raises(WorkerError, match=r"slots 2\.\.3"):
        env.step(sample_actions(batch.masks, np.random.default_rng(0)))
    assert not any(alive(pid) for pid in pids)


def test_workers_of_a_parent_that_dies_without_closing_exit():
    script = (
        "import os, sys\n"
        "from solocards.rl.vector import ProcessBatchedEnv\n"
        "env = ProcessBatchedEnv('uno', num_envs=2, players=2, workers=2, seed=0)\n"
        "env.reset()\n"
        "print(*env.pids, flush=True)\n"
        "os._exit(0)\n"  # no close(), no atexit handlers
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    pids = [int(pid) for pid in done.stdout.split()]
    assert len(pids) == 2
    # A worker polls its parent about once a second; allow far longer on a loaded machine.
    deadline = time.monotonic() + 60
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(pid) for pid in pids)


def test_spawned_workers_give_the_same_arrays():
    """With the "spawn" start method each worker makes the game again (options kept) and its
    bots from the pickled spec."""
    game = solocards.make("uno", players=3, stack_draw2=True, seven_zero=True)
    kwargs = {"num_envs": 4, "seed": 3, "opponents": "random"}
    expected = trajectory(BatchedEnv(game, **kwargs), 100, seed=0, reseed=4)
    with ProcessBatchedEnv(game, workers=2, context="spawn", **kwargs) as env:
        same(trajectory(env, 100, seed=0, reseed=4), expected)
