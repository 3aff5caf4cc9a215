"""Where the lab's chunks run: one function, "run these chunk specs, give me their results".

:func:`run_chunks` plays them in this process (``jobs=1``) or in local worker processes
(``concurrent.futures``). Another backend (a cluster) only has to provide the same signature,
a :data:`ChunkRunner`, and be passed to :func:`solocards.lab.run_lab`.

>>> from solocards.lab.chunks import ChunkSpec
>>> spec = ChunkSpec("uno", 2, {"hand_size": 2}, 0, 0, 1, ("random",), seed=3)
>>> [len(rounds) for rounds in run_chunks([spec, spec], jobs=1)]
[2, 2]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

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


__all__ = ["ChunkDone", "ChunkRunner", "run_chunks", "split_deals"]
