"""The policy model file: it round-trips, its numpy inference is the training forward pass,
and every kind of broken file is a clear error naming the file."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np
import pytest

from solocards.learned.fit import Fitter
from solocards.learned.model import ModelError, PolicyModel, load_model, save_model


def _model(seed: int = 0) -> PolicyModel:
    model = PolicyModel.random(
        6, 5, (7, 4), np.random.default_rng(seed), game="uno", players=2, teacher="heuristic"
    )
    model.scale = np.linspace(0.1, 1.0, 6).astype(np.float32)
    for bias in model.biases:
        bias += np.random.default_rng(seed + 1).normal(size=bias.shape).astype(np.float32)
    return model


def test_a_model_round_trips(tmp_path: Path) -> None:
    model = _model()
    path = tmp_path / "toy.npz"
    save_model(model, path)
    again = load_model(path)
    assert np.array_equal(again.scale, model.scale)
    for one, two in zip(again.weights + again.biases, model.weights + model.biases, strict=True):
        assert one.dtype == np.float32 and np.array_equal(one, two)
    assert again.meta["game"] == "uno" and again.meta["teacher"] == "heuristic"
    assert (again.inputs, again.actions, again.meta["layers"]) == (6, 5, 3)
    assert not list(tmp_path.glob("*.partial"))


def test_numpy_inference_equals_the_training_forward_pass(tmp_path: Path) -> None:
    model = _model(3)
    x = np.random.default_rng(9).normal(size=(20, 6)).astype(np.float32)
    trained = Fitter(model).forward(x)[-1]
    save_model(model, tmp_path / "m.npz")
    assert np.allclose(load_model(tmp_path / "m.npz").scores(x), trained, atol=1e-6)
    mask = np.zeros(5, dtype=np.int8)
    mask[[1, 3]] = 1
    best = model.best(x[0], mask)
    assert best in (1, 3) and trained[0, best] == trained[0, [1, 3]].max()


def _rewrite(path: Path, change: dict[str, np.ndarray | None]) -> None:
    with np.load(path, allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    for name, value in change.items():
        if value is None:
            arrays.pop(name)
        else:
            arrays[name] = value
    np.savez(path, **arrays)


def _meta(**changes: object) -> np.ndarray:
    meta = {"format": "solocards-policy", "version": 1, "layers": 3, "inputs": 6, "actions": 5}
    meta.update(changes)
    return np.array(json.dumps(meta))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"W1": None}, "array W1 is missing"),
        ({"meta": None}, "no meta entry"),
        ({"meta": np.array("{not json")}, "not JSON"),
        ({"meta": _meta(format="other")}, "format"),
        ({"meta": _meta(version=99)}, "version 99"),
        ({"meta": _meta(layers=0)}, "layers must be"),
        ({"W1": np.zeros((3, 4), dtype=np.float32)}, "layer 1 does not fit"),
        ({"b2": np.full(5, np.nan, dtype=np.float32)}, "not finite"),
        ({"W2": np.zeros((4, 5), dtype=np.int64)}, "floats"),
        ({"meta": _meta(actions=9)}, "sizes differ"),
    ],
)
def test_a_broken_model_file_is_a_clear_error(
    tmp_path: Path, change: dict[str, np.ndarray | None], said: str
) -> None:
    path = tmp_path / "uno-2p.npz"
    save_model(_model(), path)
    _rewrite(path, change)
    with pytest.raises(ModelError) as caught:
        load_model(path)
    assert str(path) in str(caught.value) and said in str(caught.value)


def test_a_file_that_is_no_archive_or_is_cut_short_is_a_clear_error(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a model at all")
    save_model(_model(), tmp_path / "whole.npz")
    cut = tmp_path / "cut.npz"
    cut.write_bytes((tmp_path / "whole.npz").read_bytes()[:300])
    for path in (garbage, cut):
        with pytest.raises(ModelError, match="not a solocards model"):
            load_model(path)
    assert zipfile.is_zipfile(tmp_path / "whole.npz")


def test_a_missing_model_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="does not exist"):
        load_model(tmp_path / "absent.npz")
