"""The fault suite: a real server process killed mid-game (SIGKILL, then SIGTERM) and restarted.

The server runs as ``python -m solocards.server`` on an SQLite file, with short bot delays and
leave grace. Four UNO tables are in play when it dies:

- ``player``: a person connected over the WebSocket, with a move clock, against a bot;
- ``away``: the person left and a bot plays for her;
- ``absent``: a person who is not connected, whose move clock runs;
- ``bots``: bots only.

After every restart on the same database each table must move again within 5 s, with nothing
lost: versions never go back, the person gets the same view of her seat (and the same clock
deadline) she had before, the away seat is still away.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Client, free_port, open_table, play_until, sqlite_url

MOVE_AGAIN = 5.0  # seconds every table has to move after a restart
START = 20.0  # seconds a server process has to start


class ServerProcess:
    """``python -m solocards.server`` in a child process, on one port and one database."""

    def __init__(self, db_url: str, folder: Path) -> None:
        self.db_url = db_url
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "solocards.server",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            "0.05",
            "--leave-grace",
            "3",
        ]
        env = dict(os.environ, SOLOCARDS_DATA_DIR=str(self.folder), PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            command, cwd=self.folder, env=env, stdout=subprocess.DEVNULL
        )
        deadline = time.monotonic() + START
        while True:
            assert self.process.poll() is None, "the server process exited"
            try:
                if httpx.get(f"{self.http}/api/games", timeout=1.0).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server process did not start"
            time.sleep(0.05)

    def stop(self, how: signal.Signals) -> None:
        assert self.process is not None
        self.process.send_signal(how)
        self.process.wait(START)

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(START)


@pytest.fixture
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(sqlite_url(tmp_path), tmp_path)
    server.start()
    yield server
    server.close()


def my_regular_turn(after: int) -> Any:
    """Stop once past version ``after`` when it is seat 0's own turn."""
    return lambda m: m["version"] > after and m["view"]["can_act"] and m["view"]["current"] == 0


async def play_then_wait(server: ServerProcess, table: str, token: str, seed: int) -> Any:
    """Play seat 0 for a while, stop on its own turn, and return the settled sync."""
    async with Client(server.ws) as player:
        joined = await player.join(table, token)
        await play_until(player, random.Random(seed), stop=my_regular_turn(joined["version"] + 3))
        await asyncio.sleep(0.3)  # the bot's catches are over: the table waits for seat 0
        await player.send({"type": "sync"})
        return await player.recv_until(lambda m: m["type"] == "sync")


async def come_back(server: ServerProcess, table: str, token: str) -> tuple[Any, Any]:
    """Join seat 0 again, then play it until the table has moved twice."""
    async with Client(server.ws) as player:
        back = await player.join(table, token)
        moved = await play_until(
            player,
            random.Random(1),
            stop=lambda m: m["version"] >= back["version"] + 2,
            timeout=MOVE_AGAIN,
        )
        return back, moved


async def watch(server: ServerProcess, table: str) -> Any:
    """What a spectator of ``table`` gets on joining."""
    async with Client(server.ws) as spectator:
        return await spectator.join(table)


def versions(http: httpx.Client, tables: dict[str, str]) -> dict[str, int]:
    return {name: http.get(f"/api/tables/{t}").json()["version"] for name, t in tables.items()}


def test_killed_and_stopped_servers_carry_on(process: ServerProcess) -> None:
    with httpx.Client(base_url=process.http, timeout=10.0) as http:
        # long enough that a restart on a loaded machine (imports alone can take seconds) never
        # runs the person's clock out: its default move would be a version the test did not play
        clock = {"seconds": 30.0, "on_timeout": "default"}
        # no match may end during the test (bots play a 500-point match in seconds): a finished
        # table has no away seats and no clock to compare
        endless = {"target_score": 100_000}
        player, _, player_tokens = open_table(
            http, "uno", {0: "ana"}, {1: "random"}, players=2, clock=clock, options=endless
        )
        away, _, away_tokens = open_table(
            http, "uno", {0: "bea"}, {1: "random"}, players=2, options=endless
        )
        absent, _, _ = open_table(
            http,
            "uno",
            {0: "cy"},
            {1: "random"},
            players=2,
            clock={"seconds": 2.0, "on_timeout": "default"},
            options=endless,
        )
        bots, _, _ = open_table(
            http, "uno", {}, {0: "random", 1: "random"}, players=2, options=endless
        )
        tables = {"player": player, "away": away, "absent": absent, "bots": bots}

        async def leave() -> None:
            async with Client(process.ws) as bea:
                await bea.join(away, away_tokens[0])
                await bea.send({"type": "leave"})
                await bea.recv_until(lambda m: m["type"] == "left")

        asyncio.run(leave())
        assert http.get(f"/api/tables/{away}").json()["seats"][0]["away"] is True

    for round_number, how in enumerate((signal.SIGKILL, signal.SIGTERM)):
        seen = asyncio.run(play_then_wait(process, player, player_tokens[0], round_number))
        assert seen["clock"]["seat"] == 0
        with httpx.Client(base_url=process.http, timeout=10.0) as http:
            before = versions(http, tables)
        waiting = asyncio.run(watch(process, absent))
        process.stop(how)
        process.start()
        restarted = time.monotonic()
        resumed = asyncio.run(watch(process, absent))
        running = waiting["clock"]
        if (
            resumed["version"] == waiting["version"]
            and running
            and time.time() < running["deadline"]
        ):
            assert resumed["clock"] == running  # the absent player's clock runs on
        back, moved = asyncio.run(come_back(process, player, player_tokens[0]))
        # the person's seat: the same place, the same hand, the same clock
        assert back["version"] == seen["version"]
        assert back["view"] == seen["view"]
        assert back["clock"] == seen["clock"]
        assert moved["version"] >= seen["version"] + 2
        with httpx.Client(base_url=process.http, timeout=10.0) as http:
            assert http.get(f"/api/tables/{away}").json()["seats"][0]["away"] is True
            now = versions(http, tables)
            assert all(now[name] >= before[name] for name in tables), (before, now)
            while not all(now[name] > before[name] for name in tables):
                assert time.monotonic() - restarted < MOVE_AGAIN, (how, before, now)
                time.sleep(0.1)
                now = versions(http, tables)
            listed = http.get("/api/tables").json()
            assert {t["id"] for t in listed} >= set(tables.values())
            assert all(t["status"] == "playing" for t in listed)
