"""Chaos on a cluster mid-game (issue 41): a process that forwards clients is paused past its
alive key (SIGSTOP for 8 s), then Redis is stopped for 10 s and started again (forgetting every
key). Afterwards every client still plays: no ``not_joined`` answer, no seat lost to the
takeover bot, the forwarded spectator sees the table to its end, and every action is stored
once and in order, each player's views those of the stored match.

Before, the holder dropped the paused process's stand-ins while that process still forwarded:
a fresh, unjoined stand-in answered every message ``not_joined`` (2,339 times in 40 s) and
the seat went to the bot for the rest of the match.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import uuid
from typing import Any

import httpx
import pytest
from cluster_helpers import Player, RedisServer, cluster_servers, stored_actions
from test_cluster import check_stored, check_views, open_spread_table, replayer
from websockets.asyncio.client import connect

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")

PAUSE = 8.0
"""Seconds the forwarding process is stopped (its alive key lasts ``lease_seconds``, 3)."""

REDIS_DOWN = 10.0
"""Seconds Redis is away."""


class Spectator:
    """A spectator that keeps the versions and errors it is sent."""

    def __init__(self, url: str, table: str) -> None:
        self.url = url
        self.table = table
        self.version = -1
        self.status = ""
        self.errors: list[dict[str, Any]] = []

    async def watch(self, done: asyncio.Event) -> None:
        async with connect(self.url, open_timeout=5) as ws:
            await ws.send(json.dumps({"type": "join", "table": self.table}))
            while not done.is_set():
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except TimeoutError:
                    continue
                if message["type"] in ("sync", "events", "update"):
                    self.version = max(self.version, message["version"])
                    self.status = message["status"]
                elif message["type"] == "error":
                    self.errors.append(message)


def test_a_paused_process_and_a_restarted_redis_leave_every_client_playing(
    pg_url: str, redis_server: RedisServer
) -> None:
    servers = cluster_servers(
        pg_url,
        redis_server.url,
        f"test-{uuid.uuid4().hex[:10]}",
        3,
        allow_seed=True,
        leave_grace=20.0,
    )
    clients = [httpx.Client(base_url=server.http, timeout=20.0) for server in servers]
    paused = servers[1]  # forwards seat 1 and a spectator to the holder
    try:
        names = ["ana", "bo", "cy"]
        table_id, tokens = open_spread_table(clients[:1], names, seed=3, options={"rounds": 5})
        players = [
            Player([servers[seat].ws], table_id, tokens[seat], seed=seat, pace=0.15)
            for seat in range(3)
        ]
        spectator = Spectator(paused.ws, table_id)
        seats_away: list[int] = []

        def version() -> int:
            return min(player.version or 0 for player in players)

        async def until(target: int) -> None:
            while version() < target:
                await asyncio.sleep(0.05)

        async def watch_seats(done: asyncio.Event) -> None:
            while not done.is_set():
                with contextlib.suppress(httpx.HTTPError, ValueError):
                    shown = await asyncio.to_thread(clients[2].get, f"/api/tables/{table_id}")
                    if shown.status_code == 200:
                        seats_away.extend(s["seat"] for s in shown.json()["seats"] if s["away"])
                await asyncio.sleep(0.25)

        async def play() -> tuple[list[dict[str, Any]], int]:
            done = asyncio.Event()
            watchers = [asyncio.create_task(spectator.watch(done))]
            seats = asyncio.create_task(watch_seats(done))
            games = [asyncio.create_task(player.play(150.0)) for player in players]
            await until(4)
            assert paused.process is not None
            os.kill(paused.process.pid, signal.SIGSTOP)
            await asyncio.sleep(PAUSE)
            os.kill(paused.process.pid, signal.SIGCONT)
            await until(version() + 6)  # every seat, the paused process's too, played on
            redis_server.kill()
            await asyncio.sleep(REDIS_DOWN)
            redis_server.start()
            at_restart = version()
            finals = await asyncio.gather(*games)
            await asyncio.sleep(1.0)  # the spectator's last update
            done.set()
            await asyncio.gather(*watchers, seats)
            return finals, at_restart

        finals, at_restart = asyncio.run(play())
        assert all(final["status"] == "finished" for final in finals)
        last = finals[0]["version"]
        assert last > at_restart  # play went on after Redis came back
        assert last == len(stored_actions(pg_url, table_id))
        match = check_stored(pg_url, table_id, 3, 3, rounds=5)
        assert match.is_over
        at = replayer(pg_url, table_id, 3, 3, names, rounds=5)
        for seat, player in enumerate(players):
            check_views(player, seat, at)
            assert player.version == last
            assert not [e for e in player.errors if e["code"] != "stale_version"], player.errors
        assert not seats_away, f"seats {sorted(set(seats_away))} went to the takeover bot"
        assert spectator.version == last and spectator.status == "finished"
        assert not spectator.errors, spectator.errors
    finally:
        for client in clients:
            client.close()
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                os.kill(server.process.pid, signal.SIGCONT)
            server.kill()
