"""``solocards train``: a policy model learned by imitating a teacher bot, in numpy.

The teacher (``heuristic`` unless told otherwise; ``ismcts`` works too, slowly) plays every
seat of rounds dealt from ``seed``, ``seed + 1``... in chunks (:class:`~solocards.sim.selfplay.
SelfPlayJob`, the rows ``solocards selfplay`` writes). After each chunk the model takes
``steps`` Adam steps on minibatches of the decisions seen so far (the newest ``memory`` of
them at least, in whole chunks; :mod:`.fit`): the
cross-entropy of the teacher's action under the model's masked softmax. Training stops after
``rounds`` rounds, or at the first chunk's end after ``minutes``; the same game, teacher, seed,
sizes and number of rounds give the same model, bit for bit (a time limit only decides how many
rounds that is, and the model file records it).

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> result = train_policy(game, rounds=4, chunk=2, steps=5, hidden=(8,))
>>> result.rounds, result.model.meta["teacher"], result.model.meta["rounds"]
(4, 'heuristic', 4)
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

import numpy as np

from ..core.errors import OptionError
from ..core.game import Game
from ..core.messages import msg
from ..sim.backends import Backend, SerialBackend
from .features import NO_FEATURES, Reader
from .fit import Fitter
from .jobs import TeacherJob, play_rows
from .model import PolicyModel, save_model

SCALE_CAP = 10.0
"""Each input is divided by its bound, at most this much (counts stay near [0, 1])."""


@dataclass
class Training:
    """What a run made: the model, how many rounds and decisions it saw, and a curve of
    (rounds so far, agreement with the teacher on the newest chunk before learning from it)."""

    model: PolicyModel
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0
    curve: list[tuple[int, float]] = field(default_factory=list)


def train_policy(
    game: Game,
    *,
    teacher: str = "heuristic",
    rounds: int | None = None,
    minutes: float | None = None,
    seed: int = 0,
    hidden: tuple[int, ...] = (128,),
    chunk: int = 20,
    steps: int = 50,
    batch: int = 256,
    lr: float = 1e-3,
    memory: int = 200_000,
    features: str = NO_FEATURES,
    shares: bool = False,
    start: PolicyModel | None = None,
    backend: Backend | None = None,
    progress: Callable[[Training], None] | None = None,
) -> Training:
    """Imitate ``teacher`` at every seat of ``game`` (see the module docstring); with
    ``features`` (:mod:`.features`), the model reads them too, and the rounds are played
    through the seats' views (:mod:`.episodes`) to compute them.

    With ``shares`` the targets are a searching teacher's root visit shares, not its choices;
    ``start`` is a model to go on from (its features are kept), and a ``learned+ismcts``
    teacher searches with the model in training as its prior: expert iteration. ``backend``
    plays each chunk's rounds, cut into one piece per worker (:mod:`.jobs`): the model is the
    same whichever backend plays them."""
    if rounds is None and minutes is None:
        raise OptionError(msg("training needs a number of rounds or of minutes"))
    if rounds is not None and rounds < 1:
        raise OptionError(msg("training needs a positive number of rounds, not {n}", n=rounds))
    if start is not None:
        features = str(start.meta.get("features", NO_FEATURES))
    reader = Reader(game, features)
    job = TeacherJob(game, teacher, seed, features, shares)
    if start is None:
        model = PolicyModel.random(
            reader.size,
            game.num_actions + 1,
            hidden,
            np.random.default_rng(seed),
            game=game.id,
            players=game.players,
            options=dict(game.options),
            features=features,
        )
        model.scale = (1.0 / np.clip(reader.bounds(), 1.0, SCALE_CAP)).astype(np.float32)
    else:
        model = copy.deepcopy(start)
        hidden = tuple(int(w.shape[1]) for w in model.weights[:-1])
    model.meta.update(
        teacher=teacher, seed=seed, method="expert" if shares or start else "imitation"
    )
    job.model = model
    job.teacher_bot()  # a teacher that cannot play this game (or guide by this model) fails here
    backend = backend or SerialBackend()
    fitter = Fitter(model, lr=lr, seed=seed)
    target = "share" if shares else "action"
    parts: dict[str, list[np.ndarray]] = {"obs": [], "mask": [], target: []}
    run = Training(model)
    began = time.perf_counter()
    for index in count():
        first = index * chunk
        stop = first + chunk if rounds is None else min(first + chunk, rounds)
        if stop <= first:
            break
        rows = play_rows(backend, job, first, stop, backend.workers)
        if len(rows["action"]):
            run.curve.append((stop, fitter.accuracy(rows["obs"], rows["mask"], rows[target])))
        for name, kept in parts.items():
            kept.append(rows[name])
        while sum(len(kept) for kept in parts["obs"][1:]) >= memory:
            for kept in parts.values():
                del kept[0]  # the oldest chunk goes once the newer ones fill the memory
        x, m, a = (np.concatenate(parts[name]) for name in ("obs", "mask", target))
        if len(a):
            for _ in range(steps):
                fitter.step(x, m, a, batch=batch)
        run.rounds = stop
        run.decisions += len(rows["action"])
        run.seconds = time.perf_counter() - began
        if progress is not None:
            progress(run)
        if minutes is not None and run.seconds >= minutes * 60:
            break
    model.meta.update(
        rounds=run.rounds, decisions=run.decisions, hidden=list(hidden), steps=steps, chunk=chunk
    )
    if start is not None:
        model.meta["start"] = {
            key: start.meta.get(key) for key in ("method", "teacher", "rounds", "seed")
        }
    return run


def write_model(run: Training, out: Path) -> Path:
    """Save the run's model as ``out/GAME-Np.npz`` (the name the ``learned`` bot looks for)."""
    meta = run.model.meta
    path = out / f"{meta['game']}-{meta['players']}p.npz"
    save_model(run.model, path)
    return path


__all__ = ["SCALE_CAP", "Training", "train_policy", "write_model"]
