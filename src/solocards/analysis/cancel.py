"""Stopping a hint's search in a worker process once nobody waits for it.

A hint is computed in a worker process (:mod:`solocards.server.live.hints`); when the position it
was asked for moves on, the answer is dropped, and before, the search still ran to the end of
its budget: asking and playing at once kept 1.56 of 2 cores busy with answers nobody read.
The server and its workers share one array of flags (:class:`CancelFlags`, shared memory
handed to each worker as it starts, :func:`start_worker`); each job that may be stopped gets
a slot, the server sets its flag, and the search looks at it between two worlds
(:func:`stopper`).

>>> flags = CancelFlags(slots=2, array=bytearray(2))
>>> slot = flags.take()
>>> flags.cancel(slot); flags.array[slot]
1
>>> flags.free(slot); flags.array[slot], flags.take() == slot
(0, True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, MutableSequence

from .tether import tie_to_parent

_worker_flags: MutableSequence[int] | None = None
"""The flags of this worker process (set by :func:`start_worker`)."""


class CancelFlags:
    """``slots`` stop flags in shared memory (``array``), handed out one per job."""

    def __init__(self, slots: int, array: MutableSequence[int]) -> None:
        self.array = array
        self._free = list(range(slots - 1, -1, -1))
        self._lock = threading.Lock()  # a slot is freed from the pool's result thread

    def take(self) -> int | None:
        """A free slot, its flag down (``None`` when all are in use: that job runs to its end)."""
        with self._lock:
            if not self._free:
                return None
            slot = self._free.pop()
        self.array[slot] = 0
        return slot

    def cancel(self, slot: int) -> None:
        """Ask the job in ``slot`` to stop."""
        self.array[slot] = 1

    def free(self, slot: int) -> None:
        """Give ``slot`` back once its job is over."""
        self.array[slot] = 0
        with self._lock:
            self._free.append(slot)


def start_worker(parent: int, flags: MutableSequence[int]) -> None:
    """A worker's initializer: it dies with ``parent`` (:func:`.tether.tie_to_parent`) and
    reads its stop flags in ``flags``."""
    global _worker_flags
    tie_to_parent(parent)
    _worker_flags = flags


def stopper(slot: int | None) -> Callable[[], bool] | None:
    """What a job in ``slot`` asks to know whether it should stop (``None``: it never stops).

    >>> stopper(None) is None
    True
    """
    flags = _worker_flags
    if slot is None or flags is None:
        return None
    return lambda: flags[slot] != 0
