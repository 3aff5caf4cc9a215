"""Expert iteration (``solocards train --method expert``): the model learns a search's root
visit shares; with a ``learned+ismcts`` teacher, the model in training is the search's prior.
The rows' shares are distributions over the legal columns, the run replays from its seed
whichever way its rounds are cut, and bad settings are clear errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli.app import app
from solocards.core.errors import OptionError
from solocards.learned.fit import Fitter
from solocards.learned.jobs import ReinforceJob, TeacherJob, play_rows
from solocards.learned.model import load_model, save_model
from solocards.learned.search import LearnedSearchBot
from solocards.learned.train import train_policy
from solocards.sim.backends import SerialBackend

UNO2 = solocards.make("uno", players=2)
SEARCH = "ismcts:iterations=24"


def test_the_rows_hold_the_searchs_visit_shares_over_legal_columns() -> None:
    rows = play_rows(SerialBackend(), TeacherJob(UNO2, SEARCH, seed=3, shares=True), 0, 2, 1)
    share, mask, action = rows["share"], rows["mask"], rows["action"]
    assert len(share) == len(action) > 10
    assert np.allclose(share.sum(axis=1), 1.0)
    assert not (share[mask == 0] > 0).any(), "no visit share on an illegal column"
    assert (share[np.arange(len(action)), action] == share.max(axis=1)).all(), (
        "the search plays its most visited action"
    )
    assert ((share > 0).sum(axis=1) > 1).any(), "shares, not one-hot choices"


def test_fitting_the_shares_brings_the_model_near_them() -> None:
    """The cross-entropy on the shares falls towards their entropy (its floor): the KL
    divergence from the search's shares to the model's policy at least halves."""
    rows = play_rows(SerialBackend(), TeacherJob(UNO2, SEARCH, seed=5, shares=True), 0, 3, 1)
    model = train_policy(UNO2, rounds=1, chunk=1, steps=1, hidden=(16,)).model
    fitter = Fitter(model, lr=0.01, seed=0)
    x, mask, share = rows["obs"], rows["mask"], rows["share"]
    entropy = float(-(share * np.log(np.where(share > 0, share, 1.0))).sum(axis=1).mean())
    before = fitter.loss_and_grads(x, mask, share)[0] - entropy
    for _ in range(200):
        fitter.step(x, mask, share, batch=64)
    after = fitter.loss_and_grads(x, mask, share)[0] - entropy
    assert after < 0.5 * before, (before, after)


def test_a_guided_teacher_searches_with_the_model_in_training() -> None:
    start = train_policy(UNO2, rounds=2, chunk=2, steps=5, hidden=(8,)).model
    job = TeacherJob(UNO2, "learned+ismcts:iterations=10", seed=1, shares=True, model=start)
    bot = job.teacher_bot()
    assert isinstance(bot, LearnedSearchBot) and bot.policy.model is start
    run = train_policy(
        UNO2,
        teacher="learned+ismcts:iterations=10",
        rounds=2,
        chunk=1,
        steps=3,
        shares=True,
        start=start,
    )
    assert run.model is not start and run.model.meta["method"] == "expert"
    assert run.model.meta["start"]["method"] == "imitation"
    assert not np.array_equal(run.model.weights[0], start.weights[0])
    assert len(run.curve) == 2


def test_a_guided_teacher_takes_a_model_with_features_and_checks_its_parameters() -> None:
    memory = train_policy(UNO2, rounds=2, chunk=2, steps=2, hidden=(8,), features="uno-memory")
    job = TeacherJob(UNO2, "learned+ismcts:iterations=5", shares=True, model=memory.model)
    bot = job.teacher_bot()
    assert isinstance(bot, LearnedSearchBot) and bot.policy.reader.reads_log
    with pytest.raises(OptionError, match="has no parameter model"):
        train_policy(UNO2, teacher="learned+ismcts:model=x", rounds=2, start=memory.model)
    with pytest.raises(OptionError, match="iterations"):
        train_policy(UNO2, teacher="learned+ismcts:iterations=0", rounds=2, start=memory.model)


def test_cutting_the_rounds_into_pieces_changes_no_row() -> None:
    model = train_policy(UNO2, rounds=2, chunk=2, steps=2, hidden=(8,)).model
    for job in (
        TeacherJob(UNO2, SEARCH, seed=9, shares=True),
        ReinforceJob(UNO2, model, ("heuristic",), 9, 2, 1.0, "score"),
        ReinforceJob(UNO2, model, ("heuristic", "self"), 9, 2, 1.0, "win"),
    ):
        whole = play_rows(SerialBackend(), job, 2, 6, 1)
        cut = play_rows(SerialBackend(), job, 2, 6, 3)
        assert whole.keys() == cut.keys()
        assert all(np.array_equal(whole[name], cut[name]) for name in whole)


def test_the_train_command_learns_visit_counts_and_takes_a_reward(
    tmp_path: Path, english: None
) -> None:
    runner = CliRunner()
    base = ["train", "uno", "--players", "2", "--rounds", "2", "--features", "none"]
    expert = runner.invoke(
        app, [*base, "--method", "expert", "--teacher", SEARCH, "--out", str(tmp_path / "e")]
    )
    assert expert.exit_code == 0, expert.output
    model = load_model(tmp_path / "e" / "uno-2p.npz")
    assert model.meta["method"] == "expert" and model.meta["teacher"] == SEARCH
    save_model(model, tmp_path / "start.npz")
    args = [*base, "--method", "reinforce", "--start", str(tmp_path / "start.npz")]
    scored = runner.invoke(app, [*args, "--reward", "score", "--out", str(tmp_path / "r")])
    assert scored.exit_code == 0, scored.output
    assert load_model(tmp_path / "r" / "uno-2p.npz").meta["reinforce"]["reward"] == "score"
    bad = runner.invoke(app, [*args, "--reward", "points", "--out", str(tmp_path / "r")])
    assert bad.exit_code != 0 and "reward is win or score, not 'points'" in bad.output
