"""A restart keeps who is away and the running move clock, and starts the leave timers again.

Without them a restarted table can stall for good: the seat a bot played for its absent player
would wait for that player, and a clock that was running would never run out.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from server_helpers import TINY, Client, LiveServer, open_table

import solocards


def first_to_act(seat: int) -> int:
    """A seed whose deal lets only ``seat`` act first (nobody may jump in)."""
    for seed in range(1000):
        if solocards.make(TINY).match(seed=seed).to_act == [seat]:
            return seed
    raise AssertionError("no such seed")


def wait_for(
    http: httpx.Client, table: str, predicate: Any, timeout: float = 10.0
) -> dict[str, Any]:
    """Poll the table until ``predicate(info)``; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, Any] = http.get(f"/api/tables/{table}").json()
        if predicate(info):
            return info
        assert time.monotonic() < deadline, f"the table did not get there: {info}"
        time.sleep(0.05)


def test_an_away_seat_stays_away_and_an_absent_one_is_replaced(db_url: str) -> None:
    """Seat 0 left (a bot plays it); seat 1 never came: after a restart, both get bots."""
    settings: dict[str, Any] = {"leave_grace": 1.0, "allow_seed": True, "bot_delay": 0.02}
    with LiveServer(db_url, **settings) as server, httpx.Client(base_url=server.http) as http:
        table, _, tokens = open_table(
            http,
            TINY,
            {0: "ana", 1: "bob"},
            {2: "eager"},
            options={"rounds": 3},
            seed=first_to_act(0),
        )

        async def leave() -> None:
            async with Client(server.ws) as ana:
                await ana.join(table, tokens[0])
                await ana.send({"type": "leave"})
                await ana.recv_until(lambda m: m["type"] == "left")

        asyncio.run(leave())
        # a bot plays for ana; then the table waits for bob, who never connected
        wait_for(http, table, lambda i: i["seats"][0]["away"] and i["version"] > 0)
        time.sleep(0.3)
        before = http.get(f"/api/tables/{table}").json()
    with LiveServer(db_url, **settings) as server, httpx.Client(base_url=server.http) as http:
        after = http.get(f"/api/tables/{table}").json()
        # nothing lost (a bot asked again may jump in at once), and ana's seat is still away
        assert after["version"] >= before["version"]
        assert [s["away"] for s in after["seats"]] == [True, False, False]
        # bob has no connection: after the grace time a bot plays for him, and the game goes on
        moved = wait_for(http, table, lambda i: i["version"] > before["version"] + 2)
        assert moved["seats"][1]["away"] is True


def test_a_running_move_clock_resumes_with_its_deadline(db_url: str) -> None:
    settings: dict[str, Any] = {"leave_grace": 60.0, "allow_seed": True}
    with LiveServer(db_url, **settings) as server, httpx.Client(base_url=server.http) as http:
        table, _, tokens = open_table(
            http,
            TINY,
            {0: "ana"},
            {1: "eager", 2: "eager"},
            seed=first_to_act(0),
            clock={"seconds": 3.0, "on_timeout": "default"},
        )

        async def watch() -> dict[str, Any]:
            async with Client(server.ws) as ana:
                return await ana.join(table, tokens[0])

        before = asyncio.run(watch())
    assert before["version"] == 0 and before["clock"]["seat"] == 0
    deadline = before["clock"]["deadline"]
    with LiveServer(db_url, **settings) as server, httpx.Client(base_url=server.http) as http:

        async def after() -> tuple[dict[str, Any], dict[str, Any], float]:
            async with Client(server.ws) as spectator:
                synced = await spectator.join(table)
                update = await spectator.recv_until(lambda m: m["type"] == "update", 10.0)
                return synced, update, time.time()

        synced, update, moved_at = asyncio.run(after())
    assert synced["version"] == 0
    if time.time() < deadline:  # not run out yet while the server restarted
        assert synced["clock"] == {"seat": 0, "deadline": deadline}
    # the default move for seat 0 came when the old deadline passed, not a full clock later
    assert update["event"]["seat"] == 0 and update["event"]["action"] in ("draw", "pass")
    assert moved_at < deadline + 1.5
