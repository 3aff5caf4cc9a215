"""The UNO training example: its gradients are right, and a tiny run goes end to end."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_uno.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("train_uno_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def test_the_policy_gradient_matches_finite_differences(example):
    rng = np.random.default_rng(0)
    policy = example.Policy(inputs=6, actions=5, hidden=4, rng=rng)
    for values in policy.params.values():
        values += rng.normal(0, 0.3, values.shape)
    n = 7
    x = rng.normal(size=(n, 6))
    masks = (rng.random((n, 5)) < 0.6).astype(np.int8)
    masks[:, 0] = 1
    actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
    advantages = rng.normal(size=n)
    returns = rng.choice([-1.0, 1.0], size=n)
    args = (x, masks, actions, advantages, returns, 0.05)
    grads, _entropy = policy.gradients(*args)
    eps = 1e-6
    for name, values in policy.params.items():
        for index in np.ndindex(values.shape):
            keep = values[index]
            values[index] = keep + eps
            up = policy.loss(*args)
            values[index] = keep - eps
            down = policy.loss(*args)
            values[index] = keep
            assert grads[name][index] == pytest.approx((up - down) / (2 * eps), abs=1e-6), name


def test_probabilities_live_on_the_legal_actions(example):
    rng = np.random.default_rng(1)
    policy = example.Policy(inputs=3, actions=4, hidden=2, rng=rng)
    masks = np.array([[0, 1, 0, 1], [1, 0, 0, 0]], dtype=np.int8)
    _hidden, probs = policy.forward(rng.normal(size=(2, 3)), masks)
    assert np.allclose(probs.sum(axis=1), 1.0)
    assert (probs[masks == 0] == 0).all()


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_tiny_training_run_end_to_end(example, tmp_path):
    policy, run = example.train(
        episodes=2, envs=2, batch_episodes=2, hidden=8, eval_games=1, log=False
    )
    assert run.episodes and run.episodes[-1] >= 2 and run.decisions > 0
    assert "random" in run.evaluation
    assert all(0.0 <= rate <= 1.0 for rate in [*run.evaluation.values(), *run.win_rate])
    example.plot(run, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert set(policy.params) == {"W1", "b1", "W2", "b2", "u", "c"}
