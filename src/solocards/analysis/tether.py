"""Worker processes die with the process that started them.

The server computes hints and reviews in worker processes (:class:`solocards.server.live.hints.
AnalysisPool`). A server that is killed (SIGKILL, the system out of memory) cannot stop them,
and a worker that waits for its next job never learns it is alone: such workers ran on for
minutes. :func:`tie_to_parent` runs first in each worker: on Linux the kernel kills the worker
when its parent dies (``prctl(PR_SET_PDEATHSIG, SIGKILL)``), and everywhere a watchdog thread
ends it once its parent is gone (it was adopted by another process). A pool's initializer,
given the pid of the process that makes the pool::

    ProcessPoolExecutor(initializer=tie_to_parent, initargs=(os.getpid(),))
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
"""The ``prctl`` option that sends a signal to a process when its parent dies (Linux)."""

CHECK_SECONDS = 1.0
"""How often the watchdog looks whether the parent is still there."""


def _kill_with_parent() -> bool:
    """Ask Linux to send this process SIGKILL when its parent dies; ``False`` elsewhere."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch(parent: int, check_seconds: float) -> None:
    while os.getppid() == parent:
        time.sleep(check_seconds)
    os._exit(1)  # the parent is gone: nothing is left to answer


def tie_to_parent(parent: int, check_seconds: float = CHECK_SECONDS) -> None:
    """End this process when ``parent`` (the pid of the process that started it) ends.

    A parent already gone ends it at once.
    """
    _kill_with_parent()
    if os.getppid() != parent:  # it died before the signal was asked for
        os._exit(1)
    threading.Thread(
        target=_watch, args=(parent, check_seconds), name="tether", daemon=True
    ).start()
