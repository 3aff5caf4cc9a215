"""Where batch work runs: "run these chunks" in this process, in local processes, or on Ray.

Batch commands (``simulate``, ``tournament``, ``selfplay``) cut their work into
:class:`Chunk` s: ranges of rounds (or of deals) that depend on the run's seed and their own
indexes only, never on which process plays them or in which order. A :class:`ChunkJob` plays
one chunk and returns a JSON-able result; a :class:`Backend` runs the chunks of a job and
yields each result as it finishes, in whatever order they finish. Merging the results by chunk
index then gives the same answer with one process, many, or a Ray cluster.

>>> from solocards.sim.backends import SerialBackend, plan_chunks
>>> chunks = plan_chunks(10, 4)
>>> [(chunk.index, chunk.start, chunk.stop) for chunk in chunks]
[(0, 0, 4), (1, 4, 8), (2, 8, 10)]
>>> class Squares:
...     key = "squares"
...     def run_chunk(self, chunk):
...         return {"sum": sum(i * i for i in range(chunk.start, chunk.stop))}
>>> done = SerialBackend().run(Squares(), chunks)
>>> sum(result["sum"] for _, result, _ in done) == sum(i * i for i in range(10))
True

Ray is used only by :class:`~solocards.sim.ray_backend.RayBackend`, which :func:`make_backend`
imports when asked for Ray: ``import solocards`` never imports it.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.errors import OptionError
from ..core.messages import msg

Result = dict[str, Any]
"""What a chunk's job returns: JSON-able, so that it streams to a JSONL file as it is."""

Done = tuple["Chunk", Result, dict[str, Any]]
"""A finished chunk: the chunk, its result, and where and how fast it ran (``worker``)."""


@dataclass(frozen=True)
class Chunk:
    """Rounds (or deals) ``start`` to ``stop`` (excluded) of a run: chunk number ``index``."""

    index: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        """How many rounds (or deals) the chunk holds."""
        return self.stop - self.start


def plan_chunks(total: int, size: int) -> list[Chunk]:
    """Cut ``total`` units into chunks of ``size`` (the last one may be shorter).

    >>> [chunk.size for chunk in plan_chunks(7, 3)]
    [3, 3, 1]
    """
    if total < 0:
        raise OptionError(
            msg("a run needs a number of rounds of 0 or more, not {total}", total=total)
        )
    if size < 1:
        raise OptionError(msg("the chunk size must be at least 1, not {size}", size=size))
    return [
        Chunk(index, start, min(start + size, total))
        for index, start in enumerate(range(0, total, size))
    ]


def auto_chunk_size(total: int, workers: int, largest: int) -> int:
    """A chunk size giving every worker about four chunks (for balance and a smooth progress
    bar), at most ``largest`` units (so that a lost chunk costs little to play again).

    >>> auto_chunk_size(100_000, 2, 1000), auto_chunk_size(10, 2, 1000), auto_chunk_size(0, 2, 9)
    (1000, 2, 1)
    """
    return max(1, min(largest, -(-total // (4 * max(1, workers)))))


class ChunkJob(Protocol):
    """Work cut into chunks: everything a worker needs, picklable, and ``run_chunk``.

    ``key`` names the job (it must change when anything in the job does): a worker process
    builds what the job needs (a game's bots, an encoder) once per key and reuses it.
    """

    @property
    def key(self) -> str:
        """The job's name for per-process caches."""
        ...

    def run_chunk(self, chunk: Chunk) -> Result:
        """Play one chunk; the result depends on the job and the chunk only."""
        ...


class Backend(Protocol):
    """Runs the chunks of a job and yields each one as it finishes (in any order)."""

    name: str

    @property
    def workers(self) -> int:
        """How many chunks run at once."""
        ...

    def run(self, job: ChunkJob, chunks: Sequence[Chunk]) -> Iterator[Done]:
        """Yield ``(chunk, result, worker)`` for every chunk, as they finish."""
        ...


_CONTEXTS: dict[str, Any] = {}


def cached(key: str, build: Any) -> Any:
    """What ``build()`` returns, built once per process for ``key`` (the last key only)."""
    if key not in _CONTEXTS:
        _CONTEXTS.clear()
        _CONTEXTS[key] = build()
    return _CONTEXTS[key]


def run_timed(job: ChunkJob, chunk: Chunk) -> tuple[Result, dict[str, Any]]:
    """Play ``chunk`` of ``job`` here; with the worker's host, process id, and the seconds it
    took (wall clock, and CPU seconds of the worker: the same on an idle machine)."""
    started, cpu = time.perf_counter(), time.process_time()
    result = job.run_chunk(chunk)
    worker = {
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "seconds": round(time.perf_counter() - started, 6),
        "cpu_seconds": round(time.process_time() - cpu, 6),
    }
    return result, worker


class SerialBackend:
    """Every chunk in this process, one after the other."""

    name = "serial"
    workers = 1

    def run(self, job: ChunkJob, chunks: Sequence[Chunk]) -> Iterator[Done]:
        """Play the chunks in order, yielding each as it is done."""
        for chunk in chunks:
            result, worker = run_timed(job, chunk)
            yield chunk, result, worker


class ProcessBackend:
    """Chunks in ``workers`` local processes (a :class:`ProcessPoolExecutor`).

    At most ``2 * workers`` chunks are handed out at a time, so that a long run does not hold
    every pending chunk in memory and results come back as soon as they are ready.
    """

    name = "processes"

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise OptionError(
                msg("local processes need at least one worker, not {workers}", workers=workers)
            )
        self.workers = workers

    def run(self, job: ChunkJob, chunks: Sequence[Chunk]) -> Iterator[Done]:
        """Play the chunks in the pool, yielding each as it finishes."""
        waiting = list(reversed(chunks))
        with ProcessPoolExecutor(max_workers=min(self.workers, max(1, len(chunks)))) as pool:
            running: dict[Future[tuple[Result, dict[str, Any]]], Chunk] = {}
            while waiting or running:
                while waiting and len(running) < 2 * self.workers:
                    chunk = waiting.pop()
                    running[pool.submit(run_timed, job, chunk)] = chunk
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    chunk = running.pop(future)
                    result, worker = future.result()
                    yield chunk, result, worker


def make_backend(jobs: int = 1, ray: str | None = None, **ray_options: Any) -> Backend:
    """The backend for ``--jobs`` and ``--ray``.

    ``ray`` is ``None`` (local: ``jobs`` processes, ``1`` in this process, ``0`` or less every
    core), ``"local"`` (start or join a Ray on this machine) or a cluster address (``auto``,
    ``ray://head:10001``, ``host:6379``). With Ray, ``jobs`` above 0 caps the chunks running
    at once (``0``: every CPU of the cluster); ``ray_options`` go to
    :class:`~solocards.sim.ray_backend.RayBackend`.

    >>> make_backend(1).name, make_backend(3).workers
    ('serial', 3)
    """
    if ray is not None:
        from .ray_backend import RayBackend

        return RayBackend(ray, workers=jobs if jobs > 0 else None, **ray_options)
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    return SerialBackend() if jobs == 1 else ProcessBackend(jobs)


__all__ = [
    "Backend",
    "Chunk",
    "ChunkJob",
    "Done",
    "ProcessBackend",
    "Result",
    "SerialBackend",
    "auto_chunk_size",
    "cached",
    "make_backend",
    "plan_chunks",
    "run_timed",
]
