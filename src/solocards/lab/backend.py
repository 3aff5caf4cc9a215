"""Where the lab's chunks run: one function, "run these chunk specs, give me their results".

:func:`run_chunks` plays them in this process (``jobs=1``) or in local worker processes
(``concurrent.futures``). Another backend (a cluster) only has to provide the same signature,
a :data:`ChunkRunner`, and be passed to :func:`solocards.lab.run_lab`;
:func:`backend_runner` makes one from any batch backend of :mod:`solocards.sim.backends`
(local processes or a Ray cluster: ``solocards lab ... --ray``).

>>> from solocards.lab.chunks import ChunkSpec
>>> spec = ChunkSpec("uno", 2, {"hand_size": 2}, 0, 0, 1, ("random",), seed=3)
>>> [len(rounds) for rounds in run_chunks([spec, spec], jobs=1)]
[2, 2]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from ..sim.backends import Backend, Chunk, Result
from .chunks import ChunkSpec, RoundOutcome, play_chunk

ChunkDone = Callable[[int, list[RoundOutcome]], None]
"""Called with a chunk's index and its rounds as each chunk finishes."""
ChunkRunner = Callable[[Sequence[ChunkSpec], int, "ChunkDone | None"], list[list[RoundOutcome]]]
"""A backend: ``(chunks, jobs, on_done) -> results``, one list of rounds per chunk, in order."""


def run_chunks(
    chunks: Sequence[ChunkSpec], jobs: int = 1, on_done: ChunkDone | None = None
) -> list[list[RoundOutcome]]:
    """Play ``chunks``: in this process with ``jobs == 1``, else in that many worker
    processes (``0`` or less: one per core). Results come back in the order of ``chunks``."""
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    results: list[list[RoundOutcome]] = [[] for _ in chunks]
    if jobs == 1 or len(chunks) <= 1:
        for index, spec in enumerate(chunks):
            results[index] = play_chunk(spec)
            if on_done is not None:
                on_done(index, results[index])
        return results
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks))) as pool:
        futures = {pool.submit(play_chunk, spec): index for index, spec in enumerate(chunks)}
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            if on_done is not None:
                on_done(index, results[index])
    return results


@dataclass(frozen=True)
class LabJob:
    """The lab's chunk specs as a batch job: chunk ``i`` of the backend plays ``specs[i]``."""

    specs: tuple[ChunkSpec, ...]

    @property
    def key(self) -> str:
        """The job's name for per-process caches (a lab job builds its bots per chunk)."""
        return "lab"

    def run_chunk(self, chunk: Chunk) -> Result:
        """Play the spec with the chunk's index; rounds are JSON-ready dicts."""
        return {"rounds": play_chunk(self.specs[chunk.index])}


def backend_runner(backend: Backend) -> ChunkRunner:
    """A :data:`ChunkRunner` on ``backend`` (its own workers: the ``jobs`` argument is unused).

    >>> from solocards.sim.backends import SerialBackend
    >>> spec = ChunkSpec("uno", 2, {"hand_size": 2}, 0, 0, 1, ("random",), seed=3)
    >>> backend_runner(SerialBackend())([spec], 1, None) == run_chunks([spec], jobs=1)
    True
    """

    def run(
        chunks: Sequence[ChunkSpec], jobs: int, on_done: ChunkDone | None
    ) -> list[list[RoundOutcome]]:
        results: list[list[RoundOutcome]] = [[] for _ in chunks]
        plan = [Chunk(index, index, index + 1) for index in range(len(chunks))]
        for chunk, result, _worker in backend.run(LabJob(tuple(chunks)), plan):
            results[chunk.index] = result["rounds"]
            if on_done is not None:
                on_done(chunk.index, results[chunk.index])
        return results

    return run


def split_deals(deals: int, jobs: int, variants: int) -> list[tuple[int, int]]:
    """``(first_deal, count)`` runs covering ``deals`` deals, small enough that every worker
    gets several chunks across the variants (for a smooth progress bar), at most 50 deals each.

    >>> split_deals(10, 1, 2)
    [(0, 10)]
    >>> split_deals(10, 2, 1)
    [(0, 2), (2, 2), (4, 2), (6, 2), (8, 2)]
    """
    wanted = max(1, -(-jobs * 4 // max(1, variants))) if jobs > 1 else 1
    size = max(1, min(50, -(-deals // wanted)))
    return [(first, min(size, deals - first)) for first in range(0, deals, size)]


__all__ = ["ChunkDone", "ChunkRunner", "LabJob", "backend_runner", "run_chunks", "split_deals"]
