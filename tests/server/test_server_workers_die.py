"""The analysis workers of a server end when the server is killed (SIGKILL gives it no chance
to stop them): three such workers ran on for 9.7 minutes."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

SERVER = """
import multiprocessing, sys, time
from solocards.server.live.hints import AnalysisPool

if __name__ == "__main__":
    pool = AnalysisPool(workers=2)
    pool.submit(time.sleep, 0).result()
    pool.submit(time.sleep, 0).result()
    print(" ".join(str(child.pid) for child in multiprocessing.active_children()), flush=True)
    time.sleep(600)
"""


def running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[-1][0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_workers_end_when_their_server_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and all(running(pid) for pid in workers)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 30
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if running(pid)]
    finally:
        with_group = parent.pid
        with contextlib.suppress(ProcessLookupError):  # what is left of this test's processes
            os.killpg(with_group, signal.SIGKILL)
