"""Policy improvement (``solocards train --method reinforce``) and the features read from the
log: the policy gradient learns a toy position, a run replays bit for bit from its seed, the
command writes a model the bot loads, and a model naming unknown features is a clear error."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import solocards
from solocards.bots import make_bot
from solocards.cli.app import app
from solocards.core.errors import OptionError
from solocards.learned.bot import MODELS_VARIABLE
from solocards.learned.features import Reader
from solocards.learned.fit import Fitter
from solocards.learned.jobs import ReinforceJob, play_rows
from solocards.learned.model import PolicyModel, load_model, save_model
from solocards.learned.reinforce import reinforce
from solocards.learned.train import train_policy
from solocards.sim.backends import SerialBackend

UNO2 = solocards.make("uno", players=2)


def test_the_policy_gradient_learns_a_toy_position() -> None:
    """A contextual bandit: 6 inputs, 6 actions, reward 1 for the action whose input is
    largest. Acting by its own softmax and stepping along advantage-weighted log-probabilities
    (reward less the batch's mean), the model goes from chance to nearly always right on
    positions it never saw; with the advantages' signs flipped it gets worse than chance."""

    def trained(sign: float) -> tuple[float, float]:
        rng = np.random.default_rng(3)
        fitter = Fitter(PolicyModel.random(6, 6, (24,), rng), lr=0.01, seed=0)
        mask = np.ones((256, 6), dtype=np.int8)
        held = rng.random((500, 6)).astype(np.float32)
        right = held.argmax(axis=1)
        before = fitter.accuracy(held, np.ones((500, 6), dtype=np.int8), right)
        for _ in range(300):
            x = rng.random((256, 6)).astype(np.float32)
            scores = fitter.model.scores(x)
            probs = np.exp(scores - scores.max(axis=1, keepdims=True))
            probs /= probs.sum(axis=1, keepdims=True)
            action = np.array([rng.choice(6, p=p) for p in probs])
            reward = (action == x.argmax(axis=1)).astype(np.float32)
            fitter.weighted_step(x, mask, action, sign * (reward - reward.mean()))
        return before, fitter.accuracy(held, np.ones((500, 6), dtype=np.int8), right)

    before, after = trained(1.0)
    assert before < 0.35 and after > 0.8, (before, after)
    assert trained(-1.0)[1] < before


def _start(features: str = "none") -> PolicyModel:
    return train_policy(UNO2, rounds=4, chunk=2, steps=10, hidden=(8,), features=features).model


def test_a_reinforce_run_replays_from_its_seed_and_changes_the_model() -> None:
    # against the heuristic the rounds stay short (against random bots a barely trained model
    # plays rounds of hundreds of decisions, each reading the log's features)
    start = _start("uno-memory")
    one, two = (reinforce(UNO2, start, rounds=12, deals=4, lr=0.01, seed=7) for _ in "ab")
    other = reinforce(UNO2, start, rounds=12, deals=4, lr=0.01, seed=6)
    assert one.rounds == 12 and one.decisions > 0 and len(one.curve) == 3
    for a, b, c in zip(one.model.weights, two.model.weights, other.model.weights, strict=True):
        assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert _start("uno-memory").weights[0].tobytes() == start.weights[0].tobytes()
    assert not np.array_equal(one.model.weights[0], start.weights[0])  # a copy was improved
    meta = one.model.meta
    assert meta["method"] == "reinforce" and meta["features"] == "uno-memory"
    assert meta["reinforce"]["rounds"] == 12 and meta["reinforce"]["reward"] == "win"
    with pytest.raises(OptionError, match="at least 2 plays"):
        reinforce(UNO2, start, rounds=2, samples=1)


def test_a_mix_of_opponents_takes_turns_a_round_of_the_table_each() -> None:
    """With ``heuristic`` and ``self``, deals 0-1 (the learner at each seat of 2) are played
    against the heuristic exactly as without the mix, deals 2-3 against the model itself
    (other rows, the same again when replayed), deals 4-5 against the heuristic again."""
    start = _start()
    pure = ReinforceJob(UNO2, start, ("heuristic",), 5, 2, 1.0, "win")
    mixed = ReinforceJob(UNO2, start, ("heuristic", "self"), 5, 2, 1.0, "win")

    def same(first: int, stop: int, job: ReinforceJob = mixed) -> bool:
        one = play_rows(SerialBackend(), job, first, stop, 1)
        two = play_rows(SerialBackend(), pure, first, stop, 1)
        return all(
            one[name].shape == two[name].shape and np.array_equal(one[name], two[name])
            for name in one
        )

    assert same(0, 2) and same(4, 6)
    assert not same(2, 4)
    again = play_rows(SerialBackend(), mixed, 2, 4, 1)
    twice = play_rows(SerialBackend(), mixed, 2, 4, 2)
    assert all(np.array_equal(again[name], twice[name]) for name in again)
    # a play stopped after max_steps actions (two sampling policies can draw for ever) is a
    # round with no winner: worth nothing, and its decisions teach nothing when all are cut
    cut = ReinforceJob(UNO2, start, ("self",), 5, 2, 1.0, "win", max_steps=4)
    rows = play_rows(SerialBackend(), cut, 0, 4, 1)
    assert len(rows["action"]) > 0
    assert not rows["returns"].any() and not rows["advantage"].any()
    with pytest.raises(OptionError, match="reinforce needs an opponent"):
        reinforce(UNO2, start, opponent=(), rounds=2)


def test_the_train_command_improves_a_model_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    save_model(_start(), tmp_path / "start.npz")
    runner = CliRunner()
    out = tmp_path / "out"
    args = ["train", "uno", "--players", "2", "--rounds", "2", "--method", "reinforce"]
    result = runner.invoke(app, [*args, "--start", str(tmp_path / "start.npz"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    model = load_model(out / "uno-2p.npz")
    assert model.meta["method"] == "reinforce" and model.meta["reinforce"]["rounds"] == 2
    assert model.meta["reinforce"]["samples"] == 2 and model.meta["reinforce"]["deals"] == 16
    group = ["--samples", "4", "--deals", "1", "--start", str(tmp_path / "start.npz")]
    grouped = runner.invoke(app, [*args, *group, "--out", str(tmp_path / "grouped")])
    assert grouped.exit_code == 0, grouped.output
    meta = load_model(tmp_path / "grouped" / "uno-2p.npz").meta["reinforce"]
    assert (meta["samples"], meta["deals"]) == (4, 1)
    mix = ["--opponent", "heuristic", "--opponent", "self", "--start", str(tmp_path / "start.npz")]
    mixed = runner.invoke(app, [*args, *mix, "--out", str(tmp_path / "mixed")])
    assert mixed.exit_code == 0, mixed.output
    meta = load_model(tmp_path / "mixed" / "uno-2p.npz").meta["reinforce"]
    assert meta["opponent"] == ["heuristic", "self"]
    nobody = ["--opponent", "nobody", "--start", str(tmp_path / "start.npz")]
    unknown = runner.invoke(app, [*args, *nobody, "--out", str(tmp_path / "nobody")])
    assert unknown.exit_code != 0 and "nobody" in unknown.output
    one = runner.invoke(app, [*args, "--samples", "1", "--out", str(out)])
    assert one.exit_code != 0 and "--samples" in one.output
    monkeypatch.setenv(MODELS_VARIABLE, str(out))
    assert make_bot("learned", UNO2).model.meta["method"] == "reinforce"  # type: ignore[attr-defined]
    bad = runner.invoke(app, [*args[:-1], "guessing", "--out", str(out)])
    assert bad.exit_code != 0 and "method is imitation, expert or reinforce" in bad.output
    missing = runner.invoke(app, [*args, "--start", str(tmp_path / "no.npz"), "--out", str(out)])
    assert missing.exit_code != 0 and "does not exist" in " ".join(missing.output.split())


def test_a_model_reading_unknown_features_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = _start()
    model.meta["features"] = "second-sight"
    save_model(model, tmp_path / "uno-2p.npz")
    monkeypatch.setenv(MODELS_VARIABLE, str(tmp_path))
    with pytest.raises(OptionError, match="reads features 'second-sight'"):
        make_bot("learned", UNO2)
    with pytest.raises(OptionError, match="uno has no feature set 'x'; it has: none, uno-memory"):
        Reader(UNO2, "x")


def test_the_features_count_what_the_seat_has_seen() -> None:
    """The unseen cards of the features are the deck less the seat's hand and the discard pile:
    a card the seat holds is less unseen than before it was dealt, and after a play the card
    played is counted as seen."""
    reader = Reader(UNO2, "uno-memory")
    kinds = reader.encoder.kind_index
    base = reader.encoder.size
    state = UNO2.deal(seed=2)
    seat = state.to_act[0]
    view = state.view(seat)
    x = reader.read(view).copy()
    for card in set(view["hand"]):
        held = view["hand"].count(card)
        copies = reader.encoder.copies[card]
        assert x[base + kinds[card]] <= (copies - held) / copies
    play = next(a for a in state.legal_actions(seat) if a not in ("draw", "pass"))
    card = play.split(":")[0].rstrip("!")
    state.apply(seat, play)
    after = reader.read(state.view(1 - seat))
    other_hand = state.view(1 - seat)["hand"]
    copies = reader.encoder.copies[card]
    assert after[base + kinds[card]] == (copies - 1 - other_hand.count(card)) / copies
