"""A rematch waits for every person at the table to be ready (bots are), shows who is, and
starts when all are; its owner may start it anyway once ``rematch_wait`` is over."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
from server_helpers import TINY, Client, LiveServer, auth, open_table, play_until, sqlite_url


def finished_table(server: LiveServer, http: httpx.Client) -> tuple[str, str, dict[int, str]]:
    """A one-round match of ana, bob and a bot, played to its end."""
    table, owner, tokens = open_table(
        http, TINY, {0: "ana", 1: "bob"}, {2: "eager"}, options={"rounds": 1}
    )

    async def play() -> None:
        async with Client(server.ws) as ana, Client(server.ws) as bob:
            await ana.join(table, tokens[0])
            await bob.join(table, tokens[1])
            await asyncio.gather(
                play_until(ana, random.Random(1)), play_until(bob, random.Random(2))
            )

    asyncio.run(play())
    return table, owner, tokens


def test_a_rematch_starts_when_every_person_is_ready(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=0.0, rematch_wait=60.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, owner, tokens = finished_table(server, http)

        async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Client(server.ws) as bob:
                await bob.join(table, tokens[1])
                asked = http.post(f"/api/tables/{table}/rematch", headers=auth(tokens[0]))
                assert asked.status_code == 201, asked.text
                told = await bob.recv_until(lambda m: m["type"] == "rematch")
                # the owner cannot start it while bob is awaited and the wait is not over
                early = http.post(f"/api/tables/{told['rematch']}/start", headers=auth(owner))
                assert early.status_code == 409
                assert "waiting for bob to be ready" in early.json()["detail"]
                ready = http.post(f"/api/tables/{table}/rematch", headers=auth(tokens[1]))
                started = await bob.recv_until(
                    lambda m: m["type"] == "rematch" and m["status"] == "playing"
                )
                return asked.json(), told, ready.json() | {"started": started}

        asked, told, ready = asyncio.run(run())
    assert asked["status"] == "lobby" and asked["rematch_of"] == table
    assert asked["rematch_ready"]["ready"] == [0] and asked["rematch_ready"]["waiting"] == [1]
    assert told["status"] == "lobby" and told["rematch"] == asked["id"]
    assert told["ready"] == asked["rematch_ready"]
    assert ready["id"] == asked["id"] and ready["status"] == "playing"
    assert ready["rematch_ready"] is None


def test_the_owner_may_start_a_rematch_anyway_after_the_wait(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=0.0, rematch_wait=1.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, owner, tokens = finished_table(server, http)
        asked = http.post(f"/api/tables/{table}/rematch", headers=auth(tokens[1])).json()
        assert asked["rematch_ready"]["waiting"] == [0]
        # asking again with the owner token marks nobody and starts nothing
        again = http.post(f"/api/tables/{table}/rematch", headers=auth(owner)).json()
        assert again["status"] == "lobby" and again["rematch_ready"]["ready"] == [1]
        time.sleep(max(0.0, asked["rematch_ready"]["start_anyway_at"] - time.time()) + 0.05)
        started = http.post(f"/api/tables/{asked['id']}/start", headers=auth(owner))
        assert started.status_code == 200 and started.json()["status"] == "playing"
