"""``solocards train``: seconds-long runs learn something measurable, and the same seed gives
the same model."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli.app import app
from solocards.learned.fit import Fitter
from solocards.learned.model import PolicyModel, load_model
from solocards.learned.train import train_policy
from solocards.sim.backends import Chunk
from solocards.sim.selfplay import SelfPlayJob

UNO2 = solocards.make("uno", players=2)


def test_the_fitter_learns_a_toy_position() -> None:
    """Toy positions: 8 inputs, the right action is the legal one whose input is largest.
    Untrained, the model is about as good as chance among the legal actions; after a second
    of training it is right nearly always, on positions it never saw."""
    rng = np.random.default_rng(5)

    def positions(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x = rng.random((n, 8)).astype(np.float32)
        mask = (rng.random((n, 8)) < 0.6).astype(np.int8)
        mask[np.arange(n), rng.integers(0, 8, n)] = 1
        target = np.where(mask > 0, x, -1.0).argmax(axis=1)
        return x, mask, target

    train, held_out = positions(2000), positions(500)
    fitter = Fitter(PolicyModel.random(8, 8, (32,), rng), lr=0.01, seed=1)
    before = fitter.accuracy(*held_out)
    for _ in range(400):
        fitter.step(*train, batch=128)
    assert before < 0.5 and fitter.accuracy(*held_out) > 0.85


def _agreement(model: PolicyModel, rows: dict[str, np.ndarray]) -> float:
    scores = np.where(rows["mask"] > 0, model.scores(rows["obs"]), -np.inf)
    return float((scores.argmax(axis=1) == rows["action"]).mean())


def test_a_short_run_learns_to_play_as_its_teacher_plays() -> None:
    """30 rounds of the heuristic teach a model to choose as the heuristic does in rounds it
    never saw (dealt from other seeds) far more often than the untrained model."""
    held_out = SelfPlayJob(UNO2, ["heuristic", "heuristic"], seed=10_000).run_chunk(Chunk(0, 0, 10))
    untrained = train_policy(UNO2, rounds=1, steps=0, chunk=1).model
    trained = train_policy(UNO2, rounds=30, chunk=10, steps=60).model
    before, after = _agreement(untrained, held_out), _agreement(trained, held_out)
    assert after > 0.7 and after > before + 0.2, (before, after)


def test_the_same_seed_gives_the_same_model() -> None:
    one, two = (train_policy(UNO2, rounds=4, chunk=2, steps=5, hidden=(8,), seed=3) for _ in "ab")
    other = train_policy(UNO2, rounds=4, chunk=2, steps=5, hidden=(8,), seed=4)
    for a, b, c in zip(one.model.weights, two.model.weights, other.model.weights, strict=True):
        assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert one.decisions == two.decisions and one.curve == two.curve


def test_the_train_command_writes_a_model_the_bot_can_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    runner = CliRunner()
    args = ["train", "uno", "--players", "2", "--rounds", "3", "--hidden", "8"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert re.search(r"rounds: 3, decisions: \d+", result.output)
    model = load_model(tmp_path / "uno-2p.npz")
    assert model.meta["rounds"] == 3 and model.meta["players"] == 2
    monkeypatch.setenv("SOLOCARDS_MODELS", str(tmp_path))
    assert solocards.bots.make_bot("learned", UNO2).model.meta["rounds"] == 3  # type: ignore[attr-defined]
    bad = runner.invoke(app, [*args, "--teacher", "nosuchbot", "--out", str(tmp_path)])
    assert bad.exit_code != 0 and "unknown bot 'nosuchbot'" in bad.output


def test_the_train_command_builds_deeper_networks_and_refuses_bad_widths(
    tmp_path: Path, english: None
) -> None:
    runner = CliRunner()
    args = ["train", "amigo-solo", "--players", "2", "--rounds", "2", "--out", str(tmp_path)]
    result = runner.invoke(app, [*args, "--hidden", "12, 6"])
    assert result.exit_code == 0, result.output
    model = load_model(tmp_path / "amigo-solo-2p.npz")
    assert [w.shape[1] for w in model.weights[:-1]] == [12, 6]
    assert model.meta["hidden"] == [12, 6] and model.meta["features"] == "amigo-memory"
    for bad in ("0", "8,x", "1,2,3,4,5", ""):
        refused = runner.invoke(app, [*args, "--hidden", bad])
        assert refused.exit_code == 2
        assert "--hidden is one to four widths" in " ".join(refused.output.split())
