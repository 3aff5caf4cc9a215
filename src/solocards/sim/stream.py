"""Run a job's chunks on a backend, streaming each finished chunk to a JSONL file.

The file's first line describes the run (``{"kind": "run", ...}``: the game, its options, the
bots, the seed, the rounds and the chunk size); every other line is one finished chunk::

    {"kind": "chunk", "index": 3, "start": 300, "stop": 400, "result": {...},
     "worker": {"host": "node-2", "pid": 4711, "node": "...", "seconds": 1.9}}

``result`` is what the job returned (records and statistics); ``worker`` says where and how
fast it ran. Resuming (``resume=True``) reads the file, checks that it describes the same run,
keeps the chunks already written and plays only the others; a last line cut short by a crash
is dropped and its chunk played again. The results are merged by chunk index, so a resumed
run gives the same results as one that never stopped.

>>> import tempfile, pathlib
>>> from solocards.sim.backends import SerialBackend, plan_chunks
>>> class Count:
...     key = "count"
...     def run_chunk(self, chunk):
...         return {"rounds": chunk.size}
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
>>> results = run_chunks(Count(), plan_chunks(5, 2), SerialBackend(), path, {"n": 5})
>>> [result["rounds"] for result in results]
[2, 2, 1]
>>> len(path.read_text().splitlines())
4
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import OptionError
from ..core.messages import msg
from .backends import Backend, Chunk, ChunkJob, Result

Progress = Callable[[int], None]
"""Called with the number of units (rounds or deals) finished so far, resumed ones included."""


def read_log(path: Path, header: dict[str, Any]) -> dict[int, Result]:
    """The chunks already in ``path`` (by index), after checking it belongs to this run.

    A last line cut short (no newline, or not JSON) is removed from the file.
    """
    done: dict[int, Result] = {}
    header = json.loads(json.dumps(header))  # as the file holds it (tuples as lists)
    lines = path.read_text(encoding="utf-8").split("\n")
    complete, kept = lines[:-1], []  # what follows the last newline was cut short
    for number, line in enumerate(complete):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            if number == len(complete) - 1:
                break
            raise OptionError(
                msg(
                    "{path}: line {line} is not JSON; cannot resume",
                    path=str(path),
                    line=number + 1,
                )
            ) from None
        if not isinstance(entry, dict):
            raise OptionError(
                msg(
                    "{path}: line {line} is not a run or a chunk; cannot resume",
                    path=str(path),
                    line=number + 1,
                )
            )
        if number == 0 and (entry.get("kind") != "run" or entry.get("run") != header):
            raise OptionError(
                f"{path} belongs to another run ({entry.get('run')}); resuming needs the same "
                "game, options, bots, seed, rounds and chunk size"
            )
        if entry.get("kind") == "chunk":
            done[int(entry["index"])] = entry["result"]
        kept.append(line)
    if len(kept) != len(lines) - 1 or lines[-1]:
        partial = path.with_name(path.name + ".partial")
        partial.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
        partial.replace(path)
    return done


def run_chunks(
    job: ChunkJob,
    chunks: Sequence[Chunk],
    backend: Backend,
    path: Path | None = None,
    header: dict[str, Any] | None = None,
    *,
    resume: bool = False,
    progress: Progress | None = None,
    on_chunk: Callable[[Chunk, Result, dict[str, Any]], None] | None = None,
) -> list[Result]:
    """Every chunk's result, in chunk order; each streamed to ``path`` as it finishes.

    With ``resume``, the chunks already in ``path`` are not played again. ``header`` describes
    the run (JSON-able); it must match the file's to resume. ``on_chunk`` sees every chunk
    played now, with its worker.
    """
    if resume and path is None:
        raise OptionError(msg("resuming needs the file the run streams to (--out)"))
    header = header or {}
    done: dict[int, Result] = {}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if resume and path.exists() and path.stat().st_size > 0:
            done = read_log(path, header)
        else:
            path.write_text(json.dumps({"kind": "run", "run": header}) + "\n", encoding="utf-8")
    finished = sum(chunk.size for chunk in chunks if chunk.index in done)
    if progress is not None:
        progress(finished)
    todo = [chunk for chunk in chunks if chunk.index not in done]
    handle = path.open("a", encoding="utf-8") if path is not None else None
    try:
        for chunk, played, worker in backend.run(job, todo):
            text = json.dumps(played)
            result = done[chunk.index] = json.loads(text)  # as a resumed run reads it back
            if handle is not None:
                place = f'"index": {chunk.index}, "start": {chunk.start}, "stop": {chunk.stop}'
                worker_text = json.dumps(worker)
                handle.write(
                    f'{{"kind": "chunk", {place}, "result": {text}, "worker": {worker_text}}}\n'
                )
                handle.flush()
            if on_chunk is not None:
                on_chunk(chunk, result, worker)
            finished += chunk.size
            if progress is not None:
                progress(finished)
    finally:
        if handle is not None:
            handle.close()
    return [done[chunk.index] for chunk in chunks]


def stored_run(path: Path) -> dict[str, Any] | None:
    """The run described by the first line of ``path`` (``None`` without a readable one)."""
    try:
        with path.open(encoding="utf-8") as handle:
            entry = json.loads(handle.readline())
    except (OSError, json.JSONDecodeError):
        return None
    run = entry.get("run") if isinstance(entry, dict) else None
    return run if isinstance(run, dict) else None


__all__ = ["Progress", "read_log", "run_chunks", "stored_run"]
