"""``solocards simulate``: bots play rounds; win rates per seat, scores, round lengths.

Round ``i`` of a run with seed ``s`` is dealt with seed ``s + i`` and its bots draw from
generators seeded from ``s + i`` alone, so the rounds can be played in chunks, anywhere, in
any order: :func:`run_simulation` gives the same statistics with one process, many, or Ray.

>>> import solocards
>>> game = solocards.make("uno", players=3)
>>> one = run_simulation(game, ["random"] * 3, rounds=30, seed=5, chunk_size=30)
>>> three = run_simulation(game, ["random"] * 3, rounds=30, seed=5, chunk_size=10)
>>> one.wins == three.wins and one.scores == three.scores and one.rounds == 30
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..core.bot import Bot
from ..core.game import Game
from ..core.messages import msg
from . import runner
from .backends import Backend, Chunk, Result, SerialBackend, cached, plan_chunks
from .runner import choose_actor
from .stream import Progress, run_chunks

DEFAULT_CHUNK = 1000
"""Rounds per chunk unless told otherwise: about a second of random bots."""


@dataclass
class SimulationStats:
    """What a run of rounds (or one chunk of it) adds up to."""

    players: int
    rounds: int = 0
    wins: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    decisions: int = 0
    rounds_without_winner: int = 0
    rounds_abandoned: int = 0
    """Rounds stopped unfinished at the action limit (no winner, no score; among those above)."""

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.scores = self.scores or [0] * self.players

    def add(self, other: SimulationStats) -> None:
        """Add another chunk's figures to these."""
        self.rounds += other.rounds
        self.decisions += other.decisions
        self.rounds_without_winner += other.rounds_without_winner
        self.rounds_abandoned += other.rounds_abandoned
        for seat in range(self.players):
            self.wins[seat] += other.wins[seat]
            self.scores[seat] += other.scores[seat]

    def as_dict(self) -> Result:
        """The figures as JSON-able values."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "wins": self.wins,
            "scores": self.scores,
            "decisions": self.decisions,
            "rounds_without_winner": self.rounds_without_winner,
            "rounds_abandoned": self.rounds_abandoned,
        }

    @classmethod
    def from_dict(cls, data: Result) -> SimulationStats:
        """The figures back from :meth:`as_dict`."""
        return cls(**data)


def play_rounds(
    game: Game,
    bots: Sequence[Bot],
    start: int,
    stop: int,
    seed: int,
    all_random: bool,
    max_round_actions: int | None = None,
) -> SimulationStats:
    """Play rounds ``start`` to ``stop`` (excluded) of a run seeded ``seed``.

    With ``all_random`` every seat picks uniformly among the legal action ids (the fast path
    of random bots, the same choices for the same seed as ever). A round still going after
    ``max_round_actions`` actions (default :data:`~solocards.sim.runner.ROUND_ACTION_LIMIT`) is
    abandoned: no winner, no score, counted apart.

    >>> import solocards
    >>> game = solocards.make("uno", players=2)
    >>> stats = play_rounds(game, [], 0, 3, seed=1, all_random=True, max_round_actions=2)
    >>> stats.rounds, stats.rounds_abandoned, stats.rounds_without_winner, stats.scores
    (3, 3, 3, [0, 0])
    """
    stats = SimulationStats(game.players)
    limit = max_round_actions or runner.ROUND_ACTION_LIMIT
    for index in range(start, stop):
        state = game.deal(seed=seed + index)
        rng = random.Random(seed + index)
        rngs = [random.Random((seed + index) * 31 + s) for s in range(game.players)]
        actions = 0
        while True:
            to_act = state.to_act
            if not to_act:
                break
            if actions >= limit:
                stats.rounds += 1
                stats.rounds_without_winner += 1
                stats.rounds_abandoned += 1
                break
            actions += 1
            if all_random and len(to_act) == 1:
                acting = to_act[0]
                state.apply_id(acting, rng.choice(state.legal_action_ids(acting)))
            else:
                acting, action = choose_actor(state, bots, rngs)
                state.apply(acting, action)
            stats.decisions += 1
        result = state.result
        if result is None:  # abandoned, counted above
            continue
        stats.rounds += 1
        for winner in result["winners"]:
            stats.wins[winner] += 1
        if not result["winners"]:
            stats.rounds_without_winner += 1
        for s, score in enumerate(result["scores"]):
            stats.scores[s] += score
    return stats


@dataclass
class SimulationJob:
    """The chunks of a ``simulate`` run: the game, one bot spec per seat, the seed."""

    game: Game
    specs: list[str]
    seed: int

    @property
    def key(self) -> str:
        """Names the job for the worker's cache of built bots."""
        game = self.game
        return json.dumps(["simulate", game.id, game.players, game.options, self.specs])

    def describe(self, rounds: int, chunk_size: int) -> dict[str, Any]:
        """The run as the stream file's first line records it (what resuming checks)."""
        return {
            "command": "simulate",
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "bots": self.specs,
            "seed": self.seed,
            "rounds": rounds,
            "chunk_size": chunk_size,
        }

    def bots(self) -> list[Bot]:
        """The seats' bots, built once per process."""
        built: list[Bot] = cached(self.key, lambda: [make_bot(s, self.game) for s in self.specs])
        return built

    def run_chunk(self, chunk: Chunk) -> Result:
        """Play the chunk's rounds; their statistics."""
        all_random = all(spec == "random" for spec in self.specs)
        stats = play_rounds(self.game, self.bots(), chunk.start, chunk.stop, self.seed, all_random)
        return stats.as_dict()


def run_simulation(
    game: Game,
    specs: Sequence[str],
    rounds: int,
    seed: int = 0,
    *,
    backend: Backend | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    out: Path | None = None,
    resume: bool = False,
    progress: Progress | None = None,
    on_chunk: Callable[[Chunk, Result, dict[str, Any]], None] | None = None,
) -> SimulationStats:
    """Play ``rounds`` rounds with one bot spec per seat; their statistics added up.

    ``backend`` runs the chunks (default: this process; see
    :func:`~solocards.sim.backends.make_backend` for processes and Ray); ``out`` is a JSONL
    file that receives every chunk's statistics as it finishes, and ``resume`` continues a run
    from it. ``progress`` is called with the rounds finished so far.
    """
    specs = list(specs)
    if len(specs) != game.players:
        raise ValueError(msg("{bots} bots for {seats} seats", bots=len(specs), seats=game.players))
    for spec in specs:
        make_bot(spec, game)  # a bad spec fails here, before any worker starts
    job = SimulationJob(game, specs, seed)
    results = run_chunks(
        job,
        plan_chunks(rounds, chunk_size),
        backend or SerialBackend(),
        out,
        job.describe(rounds, chunk_size),
        resume=resume,
        progress=progress,
        on_chunk=on_chunk,
    )
    total = SimulationStats(game.players)
    for result in results:
        total.add(SimulationStats.from_dict(result))
    return total


__all__ = ["DEFAULT_CHUNK", "SimulationJob", "SimulationStats", "play_rounds", "run_simulation"]
