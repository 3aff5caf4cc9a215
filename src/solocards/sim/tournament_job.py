"""Duplicate tournaments in chunks of deals, on any backend (local processes or Ray).

Deal ``d`` of a tournament seeded ``s`` is the match seeded ``derive_seed(s, "deal", d)``, its
bots draw from generators seeded from ``s``, ``d``, the lineup and the seat (see
:class:`~solocards.sim.tournament.Table`): a chunk of deals plays the same wherever it runs, so
:func:`run_tournament_chunked` gives the same records, scores and ratings as
:func:`~solocards.sim.tournament.run_tournament`, with any backend and any chunk size.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> chunked = run_tournament_chunked(game, ["heuristic", "random"], rounds=6, seed=2, chunk_deals=2)
>>> plain = solocards.sim.run_tournament(game, ["heuristic", "random"], rounds=6, seed=2)
>>> chunked.records() == plain.records()
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core.game import Game
from .backends import Backend, Chunk, Result, SerialBackend, cached, plan_chunks
from .stream import Progress, run_chunks
from .tournament import RoundResult, Table, TournamentResult, lineups

DEFAULT_CHUNK_ROUNDS = 64
"""Rounds per chunk unless told otherwise (whole deals: at least one deal per chunk)."""


def round_to_dict(item: RoundResult) -> Result:
    """A round's result as JSON-able values."""
    data = asdict(item)
    data["lineup"] = list(item.lineup)
    return data


def round_from_dict(data: Result) -> RoundResult:
    """A round's result back from :func:`round_to_dict`."""
    return RoundResult(**{**data, "lineup": tuple(data["lineup"])})


@dataclass
class TournamentJob:
    """The chunks of a tournament: the game, the bot specs, the seed; a chunk is deals."""

    game: Game
    specs: list[str]
    seed: int

    @property
    def key(self) -> str:
        """Names the job for the worker's cache of built bots."""
        game = self.game
        return json.dumps(
            ["tournament", game.id, game.players, game.options, self.specs, self.seed]
        )

    def describe(self, deals: int, chunk_deals: int) -> dict[str, Any]:
        """The run as the stream file's first line records it (what resuming checks)."""
        return {
            "command": "tournament",
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "bots": self.specs,
            "seed": self.seed,
            "deals": deals,
            "chunk_deals": chunk_deals,
        }

    def table(self) -> Table:
        """The table (bots built once per process)."""
        built: Table = cached(self.key, lambda: Table(self.game, self.specs, self.seed))
        return built

    def run_chunk(self, chunk: Chunk) -> Result:
        """Play the chunk's deals in every lineup; every round's result and record."""
        table = self.table()
        played = [item for deal in range(chunk.start, chunk.stop) for item in table.play_deal(deal)]
        return {"rounds": [round_to_dict(item) for item in played]}


def chunk_deals_for(rounds_per_chunk: int, orders: int) -> int:
    """Whole deals per chunk for about ``rounds_per_chunk`` rounds (at least one deal).

    >>> chunk_deals_for(64, 6), chunk_deals_for(10, 24)
    (11, 1)
    """
    return max(1, round(rounds_per_chunk / orders))


def run_tournament_chunked(
    game: Game,
    specs: Sequence[str],
    rounds: int,
    seed: int = 0,
    *,
    backend: Backend | None = None,
    chunk_deals: int | None = None,
    out: Path | None = None,
    resume: bool = False,
    progress: Progress | None = None,
    on_chunk: Callable[[Chunk, Result, dict[str, Any]], None] | None = None,
) -> TournamentResult:
    """Play at least ``rounds`` rounds (whole deals, every lineup) on ``backend``.

    ``chunk_deals`` deals make a chunk (default: about :data:`DEFAULT_CHUNK_ROUNDS` rounds);
    ``out`` is a JSONL file receiving every chunk's rounds (records included) as it finishes,
    ``resume`` continues a run from it. ``progress`` is called with the rounds finished so far.
    """
    specs = list(specs)
    Table(game, specs, seed)  # bad specs fail here, before any worker starts
    orders = len(lineups(len(specs), game.players))
    deals = max(1, math.ceil(rounds / orders))
    size = chunk_deals or chunk_deals_for(DEFAULT_CHUNK_ROUNDS, orders)
    job = TournamentJob(game, specs, seed)
    results = run_chunks(
        job,
        plan_chunks(deals, size),
        backend or SerialBackend(),
        out,
        job.describe(deals, size),
        resume=resume,
        progress=None if progress is None else (lambda done: progress(done * orders)),
        on_chunk=on_chunk,
    )
    played = [round_from_dict(data) for result in results for data in result["rounds"]]
    played.sort(key=lambda item: (item.deal, item.order))
    return TournamentResult(game, specs, seed, deals, orders, played)


__all__ = [
    "DEFAULT_CHUNK_ROUNDS",
    "TournamentJob",
    "chunk_deals_for",
    "round_from_dict",
    "round_to_dict",
    "run_tournament_chunked",
]
