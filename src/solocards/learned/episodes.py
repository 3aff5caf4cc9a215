"""Rounds played with the decisions of some seats written down as a model's training rows.

A :class:`Recorder` wraps a bot (a teacher to imitate, or the :class:`Sampler`, the model itself
choosing at random by its softmax) and notes, at each decision with more than one legal
action, the model's input for the seat's view (:class:`~.features.Reader`), the legal columns
and the column chosen. Single-choice decisions teach nothing and are left out.

>>> import random, solocards
>>> from solocards.bots import make_bot
>>> game = solocards.make("uno", players=2)
>>> reader = Reader(game)
>>> rows = Rows()
>>> bots = [Recorder(make_bot("heuristic", game), reader, rows) for _ in range(2)]
>>> state = play_round(game.deal(seed=3), bots, seed=3)
>>> obs, mask, action = rows.arrays()
>>> obs.shape[1] == reader.size and len(obs) == len(mask) == len(action) > 0
True
>>> bool(mask[np.arange(len(action)), action].all())  # every action taken was legal
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..core.bot import NO_REACTION, Bot
from ..sim.runner import play_round
from .features import Reader
from .model import Array, PolicyModel


class Rows:
    """Training rows in the making: inputs, legal-column masks and the columns chosen."""

    def __init__(self) -> None:
        self.obs: list[Array] = []
        self.mask: list[NDArray[np.int8]] = []
        self.action: list[int] = []

    def __len__(self) -> int:
        return len(self.action)

    def add(self, obs: Array, mask: NDArray[np.int8], action: int) -> None:
        """Note one decision (``obs`` is copied)."""
        self.obs.append(obs.copy())
        self.mask.append(mask)
        self.action.append(action)

    def arrays(self) -> tuple[Array, NDArray[np.int8], NDArray[np.int64]]:
        """The rows as three arrays (observations, masks, actions)."""
        width = len(self.mask[0]) if self.mask else 0
        return (
            np.array(self.obs, dtype=np.float32).reshape(len(self.obs), -1),
            np.array(self.mask, dtype=np.int8).reshape(len(self.mask), width),
            np.array(self.action, dtype=np.int64),
        )


class Columns:
    """The model's columns: one per action id, the last for :data:`NO_REACTION`."""

    def __init__(self, reader: Reader) -> None:
        self.index = reader.encoder.action_index
        self.no_reaction = reader.game.num_actions

    def of(self, action: str) -> int:
        """The column of ``action``."""
        return self.no_reaction if action == NO_REACTION else self.index[action]

    def mask(self, legal: list[str]) -> tuple[list[int], NDArray[np.int8]]:
        """The legal columns, and the mask with a 1 at each."""
        columns = [self.of(action) for action in legal]
        mask = np.zeros(self.no_reaction + 1, dtype=np.int8)
        mask[columns] = 1
        return columns, mask


class Recorder:
    """Plays as ``bot`` and notes each of its decisions with a real choice in ``rows``."""

    def __init__(self, bot: Bot, reader: Reader, rows: Rows) -> None:
        self.bot = bot
        self.reader = reader
        self.rows = rows
        self.columns = Columns(reader)
        self.reads_log = reader.reads_log or bool(getattr(bot, "reads_log", True))

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """The wrapped bot's choice, noted."""
        action = self.bot.choose(view, legal_actions, rng)
        if len(legal_actions) > 1:
            _columns, mask = self.columns.mask(legal_actions)
            self.rows.add(self.reader.read(view), mask, self.columns.of(action))
        return action


class Sampler:
    """Plays an action drawn from the model's softmax over the legal columns (temperature
    ``temperature``), from a seeded numpy generator; wrapped in a :class:`Recorder` it is the
    policy that a policy gradient improves."""

    def __init__(
        self, model: PolicyModel, reader: Reader, rng: np.random.Generator, temperature: float = 1.0
    ) -> None:
        self.model = model
        self.reader = reader
        self.rng = rng
        self.temperature = temperature
        self.columns = Columns(reader)
        self.reads_log = reader.reads_log

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """A legal action drawn by the model (``rng`` is not used: the sampler has its own)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        columns, _mask = self.columns.mask(legal_actions)
        scores = self.model.scores(self.reader.read(view)[None, :])[0][columns]
        scores = (scores - scores.max()) / self.temperature
        probs = np.exp(scores)
        probs /= probs.sum()
        return legal_actions[int(self.rng.choice(len(columns), p=probs))]


__all__ = ["Columns", "Recorder", "Rows", "Sampler", "play_round"]
