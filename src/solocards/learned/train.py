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

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

import numpy as np

from ..bots import make_bot
from ..core.errors import OptionError
from ..core.game import Game
from ..core.messages import msg
from ..sim.backends import Chunk
from ..sim.selfplay import SelfPlayJob
from .episodes import Recorder, Rows, play_round
from .features import NO_FEATURES, Reader
from .fit import Fitter
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
    progress: Callable[[Training], None] | None = None,
) -> Training:
    """Imitate ``teacher`` at every seat of ``game`` (see the module docstring); with
    ``features`` (:mod:`.features`), the model reads them too, and the rounds are played
    through the seats' views (:mod:`.episodes`) to compute them."""
    if rounds is None and minutes is None:
        raise OptionError(msg("training needs a number of rounds or of minutes"))
    if rounds is not None and rounds < 1:
        raise OptionError(msg("training needs a positive number of rounds, not {n}", n=rounds))
    make_bot(teacher, game)  # a teacher that cannot play this game fails here
    reader = Reader(game, features)
    model = PolicyModel.random(
        reader.size,
        game.num_actions + 1,
        hidden,
        np.random.default_rng(seed),
        game=game.id,
        players=game.players,
        options=dict(game.options),
        teacher=teacher,
        seed=seed,
        features=features,
        method="imitation",
    )
    model.scale = (1.0 / np.clip(reader.bounds(), 1.0, SCALE_CAP)).astype(np.float32)
    fitter = Fitter(model, lr=lr, seed=seed)
    job = SelfPlayJob(game, [teacher] * game.players, seed)
    parts: dict[str, list[np.ndarray]] = {"obs": [], "mask": [], "action": []}
    run = Training(model)
    start = time.perf_counter()
    for index in count():
        first = index * chunk
        stop = first + chunk if rounds is None else min(first + chunk, rounds)
        if stop <= first:
            break
        if reader.reads_log:
            obs, mask, action = _view_rows(game, teacher, reader, seed, first, stop)
        else:
            rows = job.run_chunk(Chunk(index, first, stop))
            obs, mask, action = rows["obs"], rows["mask"], rows["action"].astype(np.int64)
        if len(action):
            run.curve.append((stop, fitter.accuracy(obs, mask, action)))
        for name, value in (("obs", obs), ("mask", mask), ("action", action)):
            parts[name].append(value)
        while sum(len(kept) for kept in parts["action"][1:]) >= memory:
            for kept in parts.values():
                del kept[0]  # the oldest chunk goes once the newer ones fill the memory
        x, m, a = (np.concatenate(parts[name]) for name in ("obs", "mask", "action"))
        for _ in range(steps):
            fitter.step(x, m, a, batch=batch)
        run.rounds = stop
        run.decisions += len(action)
        run.seconds = time.perf_counter() - start
        if progress is not None:
            progress(run)
        if minutes is not None and run.seconds >= minutes * 60:
            break
    model.meta.update(
        rounds=run.rounds, decisions=run.decisions, hidden=list(hidden), steps=steps, chunk=chunk
    )
    return run


def _view_rows(
    game: Game, teacher: str, reader: Reader, seed: int, first: int, stop: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The teacher's decisions in rounds ``first``..``stop - 1``, read through the views."""
    rows = Rows()
    bots = [Recorder(make_bot(teacher, game), reader, rows) for _ in range(game.players)]
    for index in range(first, stop):
        play_round(game.deal(seed=seed + index), bots, seed=seed + index)
    return rows.arrays()


def write_model(run: Training, out: Path) -> Path:
    """Save the run's model as ``out/GAME-Np.npz`` (the name the ``learned`` bot looks for)."""
    meta = run.model.meta
    path = out / f"{meta['game']}-{meta['players']}p.npz"
    save_model(run.model, path)
    return path


__all__ = ["SCALE_CAP", "Training", "train_policy", "write_model"]
