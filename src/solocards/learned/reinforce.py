"""Policy improvement after imitation: REINFORCE against fixed opponents, in numpy.

The model (an imitation model as a rule, :mod:`.train`) plays one seat of each deal against
``opponent`` bots at the others, choosing by its softmax (:class:`~.episodes.Sampler`). Several
opponents make a mix: each takes its turn for a round of the table (as many deals as seats, the
learner at each seat once), and :data:`~.jobs.SELF` is the model in training itself, also choosing
by its softmax; a mix keeps the model from learning a plan that beats one bot only. Each deal is
played ``samples`` times from the same seat with the same opponents' random numbers, so only the
model's own choices differ between them; each play's return less the mean of the deal's plays is the
advantage of its decisions (the luck of the deal cancels out). The return is the round's win (1 or
0) or its score (``reward``). After ``deals`` deals, one Adam step on ``-mean(A log p(a | s))`` over
the decisions with a non-zero advantage, the advantages divided by their root mean square. The seat
moves round the table from deal to deal; deals are dealt from ``seed``, ``seed + 1``..., the
sampler's generator for deal ``i`` is seeded with ``(seed, i)`` (:class:`~.jobs.ReinforceJob`): the
same model, seed and number of deals give the same model, bit for bit, whether the deals are played
here or spread over a Ray cluster (``backend``).

>>> import solocards
>>> from .train import train_policy
>>> game = solocards.make("uno", players=2)
>>> start = train_policy(game, rounds=4, chunk=2, steps=5, hidden=(8,)).model
>>> run = reinforce(game, start, rounds=4, deals=2, seed=7)
>>> run.rounds, run.model.meta["method"], run.model.meta["reinforce"]["rounds"]
(4, 'reinforce', 4)
>>> mixed = reinforce(game, start, opponent=("heuristic", "self"), rounds=4, deals=2, seed=7)
>>> mixed.model.meta["reinforce"]["opponent"]
['heuristic', 'self']
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Sequence

import numpy as np

from ..bots import make_bot
from ..core.errors import OptionError
from ..core.game import Game
from ..core.messages import msg
from ..sim.backends import Backend, SerialBackend
from .features import NO_FEATURES, Reader
from .fit import Fitter
from .jobs import SELF, ReinforceJob, play_rows
from .model import PolicyModel
from .train import Training

REWARDS = ("win", "score")


def default_reward(game: Game) -> str:
    """What a round is worth to the learner (``GameInfo.round_won``): UNO's rounds are won,
    the trick games' scored.

    >>> import solocards
    >>> default_reward(solocards.make("uno")), default_reward(solocards.make("frog"))
    ('win', 'score')
    """
    return "win" if game.info.round_won else "score"


def reinforce(
    game: Game,
    start: PolicyModel,
    *,
    opponent: str | Sequence[str] = "heuristic",
    rounds: int | None = None,
    minutes: float | None = None,
    seed: int = 0,
    samples: int = 2,
    deals: int = 16,
    lr: float = 1e-4,
    temperature: float = 1.0,
    reward: str | None = None,
    max_steps: int = 2_000,
    backend: Backend | None = None,
    progress: Callable[[Training], None] | None = None,
) -> Training:
    """Improve a copy of ``start`` by REINFORCE (see the module docstring); ``rounds`` counts
    deals (each played ``samples`` times). The curve holds, per step, the share of the step's
    plays the model won (or its mean score). ``backend`` plays each step's deals, cut into
    one piece per worker. ``opponent`` is a bot spec, or several (a mix), :data:`SELF` among
    them if wanted. A play still going after ``max_steps`` actions is stopped and counts as
    the worst finished play of its deal, at most 0 (:class:`~.jobs.ReinforceJob`)."""
    if rounds is None and minutes is None:
        raise OptionError(msg("training needs a number of rounds or of minutes"))
    if samples < 2:
        raise OptionError(msg("reinforce needs at least 2 plays of each deal, not {n}", n=samples))
    reward = reward or default_reward(game)
    if reward not in REWARDS:
        raise OptionError(msg("reward is win or score, not {reward}", reward=repr(reward)))
    model = copy.deepcopy(start)
    Reader(game, str(model.meta.get("features", NO_FEATURES)))  # a model for another game fails
    opponents = (opponent,) if isinstance(opponent, str) else tuple(opponent)
    if not opponents:
        raise OptionError(msg("reinforce needs an opponent"))
    for spec in opponents:
        if spec != SELF:
            make_bot(spec, game)  # so does an opponent that cannot play it
    backend = backend or SerialBackend()
    fitter = Fitter(model, lr=lr, seed=seed)
    run = Training(model)
    began = time.perf_counter()
    deal = 0
    while rounds is None or deal < rounds:
        stop = deal + (deals if rounds is None else min(deals, rounds - deal))
        job = ReinforceJob(game, model, opponents, seed, samples, temperature, reward, max_steps)
        rows = play_rows(backend, job, deal, stop, backend.workers)
        advantage = rows["advantage"]
        chosen = advantage != 0.0
        if chosen.any():
            rms = float(np.sqrt(np.mean(advantage[chosen] ** 2)))
            fitter.weighted_step(
                rows["obs"][chosen],
                rows["mask"][chosen],
                rows["action"][chosen],
                advantage[chosen] / rms,
            )
        deal = stop
        run.rounds = deal
        run.decisions += len(rows["action"])
        run.seconds = time.perf_counter() - began
        returns = rows["returns"]
        run.curve.append((deal, float(np.mean(returns)) if len(returns) else 0.0))
        if progress is not None:
            progress(run)
        if minutes is not None and run.seconds >= minutes * 60:
            break
    model.meta.update(
        method="reinforce",
        reinforce={
            "opponent": opponents[0] if len(opponents) == 1 else list(opponents),
            "rounds": run.rounds,
            "seed": seed,
            "samples": samples,
            "deals": deals,
            "lr": lr,
            "temperature": temperature,
            "reward": reward,
            "max_steps": max_steps,
        },
    )
    return run


__all__ = ["REWARDS", "SELF", "default_reward", "reinforce"]
