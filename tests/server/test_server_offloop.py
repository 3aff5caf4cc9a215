"""Database work never stalls the event loop: a locked SQLite file delays only its writers."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import httpx
from server_helpers import TINY, Client, LiveServer, open_table, sqlite_url

from solocards.server.live.tables import TableManager

STALLED = 1.0
"""Seconds past which an answer counts as stalled behind the held lock."""
LOCK_SECONDS = 5.0


def hold_write_lock(path: Path, seconds: float, locked: threading.Event) -> None:
    """Another client of the same file takes SQLite's write lock and keeps it a while."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=30.0)
    try:
        conn.execute("BEGIN IMMEDIATE")
        locked.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
    finally:
        conn.close()


async def ping_times(client: Client, until: float) -> list[float]:
    """Ping over and over until ``until`` (monotonic); each round trip in seconds."""
    times = []
    while time.monotonic() < until:
        started = time.monotonic()
        await client.ping()
        times.append(time.monotonic() - started)
        await asyncio.sleep(0.05)
    return times


def test_a_held_write_lock_stalls_only_the_writes_waiting_for_it(tmp_path: Path) -> None:
    db_file = tmp_path / "server.sqlite"
    with LiveServer(sqlite_url(tmp_path)) as server:
        manager: TableManager = server.app.state.manager
        with httpx.Client(base_url=server.http, timeout=30.0) as http:
            watched, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, players=3)
            finished, _, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager"}, players=2)
            deadline = time.monotonic() + 20.0
            while finished in manager.tables:  # played out, stored, and gone from memory
                assert time.monotonic() < deadline
                time.sleep(0.05)

        async def scenario() -> tuple[list[float], dict[str, tuple[int, float]], int]:
            locked = threading.Event()
            holder = threading.Thread(
                target=hold_write_lock, args=(db_file, LOCK_SECONDS, locked), daemon=True
            )
            holder.start()
            assert locked.wait(10.0)
            async with (
                Client(server.ws) as client,
                httpx.AsyncClient(base_url=server.http, timeout=30.0) as http,
            ):
                await client.join(watched)
                # a write: it waits for the lock (on a worker thread, not on the loop)
                writer = asyncio.create_task(http.post("/api/tables", json={"game": TINY}))
                await asyncio.sleep(0.2)
                reads = {}
                for path in (
                    f"/api/tables/{watched}",  # in memory
                    f"/api/tables/{finished}",  # read back from storage
                    f"/api/tables/{finished}/replay?step=3",
                ):
                    started = time.monotonic()
                    response = await http.get(path)
                    reads[path] = (response.status_code, time.monotonic() - started)
                times = await ping_times(client, time.monotonic() + LOCK_SECONDS - 2.0)
                created = await writer
            holder.join(10.0)
            return times, reads, created.status_code

        times, reads, write_status = asyncio.run(scenario())
    assert write_status == 201  # the write went through once the lock was released
    assert len(times) >= 5
    # A loop stalled by the write answers nothing until the lock goes (LOCK_SECONDS); a free
    # one answers in milliseconds. The bound sits far from both, so a busy machine passes.
    assert max(times) < STALLED, f"pings took up to {max(times):.3f} s while a write waited"
    for path, (status, seconds) in reads.items():
        assert status == 200, path
        assert seconds < STALLED, f"GET {path} took {seconds:.3f} s while a write waited"
