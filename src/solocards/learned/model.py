"""The policy model file: a small network in one ``.npz`` file, evaluated with numpy alone.

A model maps a seat's observation (the game's encoder, :mod:`solocards.rl.observations`) to one
score per action id, plus one last score for "no reaction" (the columns of the self-play
shards, :mod:`solocards.sim.selfplay`); the bot plays the legal action with the highest score.
The network is ``x * scale``, then ``tanh(x W_i + b_i)`` for each hidden layer, then
``x W_last + b_last``.

The file is a plain numpy archive (``np.savez``, read with ``allow_pickle=False``, so loading
one runs no code): ``meta`` (a JSON text: format name and version, game, player count, options,
observation size, action count, layer count, and how it was trained; where measured, whether
it guides ``learned+ismcts`` well, ``guides_search``, and with which settings, ``search``),
``scale``, and
``W0``, ``b0``, ``W1``, ``b1``... A file that is missing, not a numpy archive, or whose arrays
do not fit together is a :class:`ModelError` saying which file and what is wrong.

>>> import numpy as np, tempfile, pathlib
>>> rng = np.random.default_rng(0)
>>> model = PolicyModel.random(inputs=3, actions=4, hidden=(5,), rng=rng, game="uno", players=2)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "toy.npz"
>>> save_model(model, path)
>>> again = load_model(path)
>>> x = np.array([[1.0, 0.0, 2.0]], dtype=np.float32)
>>> bool(np.array_equal(again.scores(x), model.scores(x)))
True
>>> model.best(x[0], np.array([0, 1, 1, 0], dtype=np.int8)) in (1, 2)
True
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..core.errors import OptionError
from ..core.messages import msg

FORMAT = "solocards-policy"
VERSION = 1
Array = NDArray[np.float32]


NOT_SEARCH_SETTINGS = ("iterations", "seconds", "model")
"""The ``learned+ismcts`` parameters a model's meta may not give under ``search`` (the budget,
and the model itself); it may give any other (:func:`solocards.learned.search.model_search`)."""


class ModelError(OptionError):
    """A model file that is missing, unreadable, or not a model for this game."""


@dataclass
class PolicyModel:
    """A multilayer perceptron over observations: ``weights[i]``, ``biases[i]`` per layer.

    ``meta`` describes the model (see the module docstring); :meth:`scores` gives one score
    per action column, :meth:`best` the legal column with the highest.
    """

    scale: Array
    weights: list[Array]
    biases: list[Array]
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def random(
        cls,
        inputs: int,
        actions: int,
        hidden: tuple[int, ...],
        rng: np.random.Generator,
        **meta: Any,
    ) -> PolicyModel:
        """A freshly initialised model (scaled normal weights, zero biases).

        >>> m = PolicyModel.random(2, 3, (4,), np.random.default_rng(1), game="uno", players=2)
        >>> [w.shape for w in m.weights]
        [(2, 4), (4, 3)]
        """
        sizes = [inputs, *hidden, actions]
        weights = [
            rng.normal(0.0, 1.0 / np.sqrt(n_in), (n_in, n_out)).astype(np.float32)
            for n_in, n_out in pairwise(sizes)
        ]
        biases = [np.zeros(n_out, dtype=np.float32) for n_out in sizes[1:]]
        return cls(np.ones(inputs, dtype=np.float32), weights, biases, dict(meta))

    @property
    def inputs(self) -> int:
        """The observation size the model reads."""
        return int(self.weights[0].shape[0])

    @property
    def actions(self) -> int:
        """The number of action columns it scores (the game's actions and "no reaction")."""
        return int(self.weights[-1].shape[1])

    def scores(self, x: Array) -> Array:
        """One row of action scores per row of observations ``x`` (unmasked)."""
        h = np.asarray(x, dtype=np.float32) * self.scale
        last = len(self.weights) - 1
        for number, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if number < last:
                h = np.tanh(h)
        return h

    def best(self, x: Array, mask: NDArray[np.int8]) -> int:
        """The legal column (``mask`` > 0) with the highest score for one observation ``x``."""
        scores = self.scores(x[None, :])[0]
        return int(np.argmax(np.where(mask > 0, scores, -np.inf)))


def save_model(model: PolicyModel, path: Path) -> None:
    """Write ``model`` to ``path`` (whole or not at all: a partial file is renamed at the end)."""
    meta = dict(model.meta)
    meta.update(
        format=FORMAT,
        version=VERSION,
        inputs=model.inputs,
        actions=model.actions,
        layers=len(model.weights),
    )
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
    arrays["scale"] = model.scale.astype(np.float32)
    for number, (w, b) in enumerate(zip(model.weights, model.biases, strict=True)):
        arrays[f"W{number}"] = w.astype(np.float32)
        arrays[f"b{number}"] = b.astype(np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    with partial.open("wb") as handle:
        np.savez_compressed(handle, **arrays)
    partial.replace(path)


def _bad(path: Path, why: str) -> ModelError:
    return ModelError(
        msg("model file {path} is not a solocards model: {why}", path=str(path), why=why)
    )


def _check_search(path: Path, search: object) -> None:
    """A meta's ``search``: only ``learned+ismcts`` parameters but the budget and the model,
    each with a value a spec would take (the registry's own checks)."""
    from ..bots.registry import LEARNED_ISMCTS_PARAMS

    params = {p.name: p for p in LEARNED_ISMCTS_PARAMS if p.name not in NOT_SEARCH_SETTINGS}
    if not isinstance(search, dict) or not set(search) <= set(params):
        raise _bad(
            path,
            f"its meta's search must give only {', '.join(params)}, not {search!r}",
        )
    for name, value in search.items():
        try:
            params[name].convert(str(value), "learned+ismcts")
        except OptionError as error:
            raise _bad(path, f"its meta's search: {error}") from None


def _read_meta(path: Path, archive: Any) -> dict[str, Any]:
    if "meta" not in archive.files:
        raise _bad(path, "it has no meta entry")
    try:
        meta = json.loads(str(archive["meta"]))
    except ValueError as error:
        raise _bad(path, f"its meta entry is not JSON ({error})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise _bad(path, f"its meta entry does not say format {FORMAT!r}")
    if meta.get("version") != VERSION:
        raise _bad(path, f"format version {meta.get('version')!r}, this solocards reads {VERSION}")
    _check_search(path, meta.get("search", {}))
    layers = meta.get("layers")
    if not isinstance(layers, int) or not 1 <= layers <= 16:
        raise _bad(path, f"layers must be a whole number from 1 to 16, not {layers!r}")
    return meta


def _array(path: Path, archive: Any, name: str, dims: int) -> Array:
    if name not in archive.files:
        raise _bad(path, f"array {name} is missing")
    value = archive[name]
    if value.ndim != dims or value.dtype.kind != "f":
        raise _bad(path, f"array {name} must be {dims}-dimensional floats, not {value.dtype}")
    if not np.isfinite(value).all():
        raise _bad(path, f"array {name} holds values that are not finite")
    return np.asarray(value, dtype=np.float32)


def load_model(path: Path) -> PolicyModel:
    """The model in ``path``; a :class:`ModelError` naming the file and the fault otherwise."""
    if not path.is_file():
        raise ModelError(msg("model file {path} does not exist", path=str(path)))
    try:
        with np.load(path, allow_pickle=False) as archive:
            meta = _read_meta(path, archive)
            scale = _array(path, archive, "scale", 1)
            weights = [_array(path, archive, f"W{i}", 2) for i in range(meta["layers"])]
            biases = [_array(path, archive, f"b{i}", 1) for i in range(meta["layers"])]
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as error:
        raise _bad(path, f"it cannot be read as a numpy archive ({error})") from None
    width = scale.shape[0]
    for number, (w, b) in enumerate(zip(weights, biases, strict=True)):
        if w.shape[0] != width or b.shape[0] != w.shape[1]:
            raise _bad(path, f"layer {number} does not fit the layer before it")
        width = w.shape[1]
    model = PolicyModel(scale, weights, biases, meta)
    if meta.get("inputs") != model.inputs or meta.get("actions") != model.actions:
        raise _bad(path, "its meta entry's sizes differ from its arrays'")
    return model


__all__ = ["FORMAT", "VERSION", "ModelError", "PolicyModel", "load_model", "save_model"]
