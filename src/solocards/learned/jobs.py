"""The rounds a training run plays, as chunk jobs (:mod:`solocards.sim.backends`).

A training run plays rounds to learn from: a teacher's decisions to imitate
(:class:`TeacherJob`), a search's visit shares (the same job, ``shares=True``), or the model's
own sampled plays against fixed opponents (:class:`ReinforceJob`). Each round depends on the
job and its own number only (its deal, the bots' random numbers and, for the model's sampler,
a generator seeded from the run's seed and the deal), and the bots are built afresh for every
round, so a batch of rounds gives the same rows whether it is played here in one piece or cut
into chunks and spread over a Ray cluster (``solocards train --ray``): :func:`play_rows` cuts a
batch into one chunk per worker and puts the rows back in round order.

>>> import solocards
>>> from solocards.sim.backends import SerialBackend
>>> game = solocards.make("uno", players=2)
>>> job = TeacherJob(game, "heuristic", seed=4)
>>> whole = play_rows(SerialBackend(), job, 0, 4, pieces=1)
>>> cut = play_rows(SerialBackend(), job, 0, 4, pieces=3)
>>> all(bool((whole[name] == cut[name]).all()) for name in whole)
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bots import make_bot
from ..bots.registry import LEARNED_ISMCTS_PARAMS, split_bot_spec
from ..core.bot import Bot
from ..core.game import Game
from ..sim.backends import Backend, Chunk
from ..sim.runner import play_steps
from .episodes import Recorder, Rows, Sampler, play_round
from .features import NO_FEATURES, Reader
from .model import Array, PolicyModel

GUIDED = "learned+ismcts"
"""The teacher whose prior is the model being trained (expert iteration)."""

SELF = "self"
"""The REINFORCE opponent that is the model in training itself, choosing by its softmax."""


class ShareRecorder(Recorder):
    """A :class:`Recorder` of a searching bot that also notes, per decision, the share of the
    search's root visits each legal column got (``last_stats["visits"]``)."""

    def __init__(self, bot: Bot, reader: Reader, rows: Rows, shares: list[Array]) -> None:
        super().__init__(bot, reader, rows)
        self.shares = shares
        self.width = reader.game.num_actions + 1

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """The search's choice, noted with its visit shares (all on the choice if it had none)."""
        before = len(self.rows)
        action = super().choose(view, legal_actions, rng)
        if len(self.rows) > before:
            share = np.zeros(self.width, dtype=np.float32)
            visits = getattr(self.bot, "last_stats", {}).get("visits") or {}
            for name, count in visits.items():
                if name in legal_actions:
                    share[self.columns.of(name)] = float(count)
            if share.sum() <= 0.0:
                share[self.columns.of(action)] = 1.0
            self.shares.append(share / share.sum())
        return action


@dataclass
class TeacherJob:
    """Rounds dealt from ``seed + i`` with ``teacher`` at every seat; each decision with a
    choice as a row (the model's input for the seat's view, the legal mask, the column taken
    and, with ``shares``, the search's visit shares). With ``model``, a ``learned+ismcts``
    teacher searches with that model as its prior instead of a model file."""

    game: Game
    teacher: str
    seed: int = 0
    features: str = NO_FEATURES
    shares: bool = False
    model: PolicyModel | None = None

    @property
    def key(self) -> str:
        """Names the job (the rows depend on the model too, which changes every step)."""
        game = self.game
        return json.dumps(["teach", game.id, game.players, game.options, self.teacher, id(self)])

    def teacher_bot(self) -> Bot:
        """A fresh teacher (its model the job's, for a guided search given one)."""
        kind, items = split_bot_spec(self.teacher)
        if kind == GUIDED and self.model is not None:
            from .search import guided_by

            declared = {param.name: param for param in LEARNED_ISMCTS_PARAMS}
            params = {
                key: declared[key].convert(value, kind) if key in declared else value
                for key, value in items
            }
            return guided_by(self.game, self.model, **params)
        return make_bot(self.teacher, self.game)

    def run_chunk(self, chunk: Chunk) -> dict[str, Any]:
        """Play the chunk's rounds; their rows as arrays."""
        reader = Reader(self.game, self.features)
        rows, shares = Rows(), list[Array]()
        for index in range(chunk.start, chunk.stop):
            bots: list[Recorder] = [
                ShareRecorder(self.teacher_bot(), reader, rows, shares)
                if self.shares
                else Recorder(self.teacher_bot(), reader, rows)
                for _ in range(self.game.players)
            ]
            seed = self.seed + index
            play_round(self.game.deal(seed=seed), bots, seed=seed)
        obs, mask, action = _arrays(rows, reader)
        result: dict[str, Any] = {"obs": obs, "mask": mask, "action": action}
        if self.shares:
            width = self.game.num_actions + 1
            result["share"] = np.array(shares, dtype=np.float32).reshape(len(shares), width)
        return result


@dataclass
class ReinforceJob:
    """Deals ``i`` (dealt from ``seed + i``), each played ``samples`` times by the model (its
    softmax at ``temperature``, from a generator seeded with ``(seed, i)``) at seat ``i mod
    players`` against fresh bots of one of ``opponents`` (:meth:`opponent_of`; :data:`SELF`, the
    model choosing by its softmax from a generator seeded with ``(seed, i, seat)``); per
    decision the advantage of its play (the play's return less the mean of the deal's plays),
    and the plays' returns. A play still going after ``max_steps`` actions is stopped and is
    worth the worst finished play of its deal, and never more than nothing (a loss on the win,
    at most 0 on the score, where a round's scores are often below 0): two sampling policies
    that draw at will (AMIGO's SOLO's free draws, the reshuffle) can play one round for ever,
    and the rules have no end for it but a player going out."""

    game: Game
    model: PolicyModel
    opponents: tuple[str, ...]
    seed: int
    samples: int
    temperature: float
    reward: str
    max_steps: int = 2_000

    @property
    def key(self) -> str:
        """Names the job (it holds the model of one step)."""
        game = self.game
        return json.dumps(["reinforce", game.id, game.players, game.options, id(self)])

    def opponent_of(self, deal: int) -> str:
        """The opponent of deal ``deal``: each in turn for as many deals as there are seats (the
        learner once at each seat).

        >>> import solocards
        >>> game = solocards.make("uno", players=2)
        >>> job = ReinforceJob(game, None, ("heuristic", "self"), 0, 2, 1.0, "win")
        >>> [job.opponent_of(deal) for deal in range(6)]
        ['heuristic', 'heuristic', 'self', 'self', 'heuristic', 'heuristic']
        """
        return self.opponents[deal // self.game.players % len(self.opponents)]

    def opponent_bot(self, spec: str, reader: Reader, deal: int, seat: int) -> Any:
        """A fresh opponent for ``seat`` of deal ``deal``."""
        if spec == SELF:
            rng = np.random.default_rng([self.seed, deal, seat])
            return Sampler(self.model, reader, rng, self.temperature)
        return make_bot(spec, self.game)

    def outcome(self, result: dict[str, Any] | None, seat: int) -> float:
        """What a finished round is worth to ``seat``: its win (1 or 0) or its score."""
        result = result or {"winners": [], "scores": [0] * self.game.players}
        if self.reward == "win":
            return 1.0 if seat in result["winners"] else 0.0
        return float(result["scores"][seat])

    def run_chunk(self, chunk: Chunk) -> dict[str, Any]:
        """Play the chunk's deals; rows, advantages and returns as arrays."""
        game = self.game
        reader = Reader(game, str(self.model.meta.get("features", NO_FEATURES)))
        rows, advantages, returns = Rows(), [], []
        for deal in range(chunk.start, chunk.stop):
            seat = deal % game.players
            spec = self.opponent_of(deal)
            sampler = Sampler(
                self.model, reader, np.random.default_rng([self.seed, deal]), self.temperature
            )
            finished: list[float | None] = []
            counts = []
            for _sample in range(self.samples):
                before = len(rows)
                bots: list[Any] = [
                    self.opponent_bot(spec, reader, deal, other) for other in range(game.players)
                ]
                bots[seat] = Recorder(sampler, reader, rows)
                state = game.deal(seed=self.seed + deal)
                over = play_steps(state, bots, seed=self.seed + deal, max_steps=self.max_steps)
                finished.append(self.outcome(state.result, seat) if over else None)
                counts.append(len(rows) - before)
            outcomes = unfinished_as_worst(finished)
            mean = sum(outcomes) / self.samples
            for outcome, count in zip(outcomes, counts, strict=True):
                advantages.extend([outcome - mean] * count)
            returns.extend(outcomes)
        obs, mask, action = _arrays(rows, reader)
        return {
            "obs": obs,
            "mask": mask,
            "action": action,
            "advantage": np.array(advantages, dtype=np.float32),
            "returns": np.array(returns, dtype=np.float32),
        }


def unfinished_as_worst(outcomes: list[float | None]) -> list[float]:
    """The returns of a deal's plays, each play stopped unfinished (``None``) counted as the worst
    finished one, and never above 0 (a loss on the win; on the score, where rounds are often
    worth less than 0, no better than the worst play that ended).

    >>> unfinished_as_worst([None, 1.0]), unfinished_as_worst([None, -5.0, -2.0])
    ([0.0, 1.0], [-5.0, -5.0, -2.0])
    >>> unfinished_as_worst([None, None])
    [0.0, 0.0]
    """
    worst = min([0.0, *(outcome for outcome in outcomes if outcome is not None)])
    return [worst if outcome is None else outcome for outcome in outcomes]


def _arrays(rows: Rows, reader: Reader) -> tuple[Array, Any, Any]:
    """The rows' arrays, shaped for ``reader`` even when there are none (a chunk of rounds
    with no real choice in them)."""
    if len(rows):
        return rows.arrays()
    width = reader.game.num_actions + 1
    return (
        np.zeros((0, reader.size), dtype=np.float32),
        np.zeros((0, width), dtype=np.int8),
        np.zeros(0, dtype=np.int64),
    )


def play_rows(
    backend: Backend, job: TeacherJob | ReinforceJob, first: int, stop: int, pieces: int
) -> dict[str, Any]:
    """Rounds (or deals) ``first`` to ``stop`` of ``job`` in at most ``pieces`` chunks on
    ``backend``; their arrays joined in round order (the same whatever ``pieces`` is)."""
    total = stop - first
    pieces = max(1, min(pieces, total))
    bounds = [first + total * number // pieces for number in range(pieces + 1)]
    chunks = [Chunk(number, bounds[number], bounds[number + 1]) for number in range(pieces)]
    done = sorted(backend.run(job, chunks), key=lambda finished: finished[0].index)
    results = [result for _chunk, result, _worker in done]
    return {name: np.concatenate([result[name] for result in results]) for name in results[0]}


__all__ = ["GUIDED", "SELF", "ReinforceJob", "ShareRecorder", "TeacherJob", "play_rows"]
