"""A game over days on several processes: its 24-hour clock and its waiting seat survive the
death of the process that held the table, and "my games" finds it from any process."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import httpx
from cluster_helpers import cluster_servers
from server_helpers import TINY, Client, open_table
from test_server_restart_state import first_to_act

DAY = 24 * 3600.0


def my_games(http: httpx.Client, table: str, token: str) -> list[dict[str, Any]]:
    answer = http.post("/api/my-games", json={"seats": [{"table": table, "token": token}]})
    assert answer.status_code == 200, answer.text
    games: list[dict[str, Any]] = answer.json()
    return games


async def join(ws: str, table: str, token: str) -> dict[str, Any]:
    async with Client(ws) as player:
        return await player.join(table, token)


def test_a_days_clock_outlives_its_holder(pg_url: str, redis_url: str) -> None:
    namespace = f"test-{uuid.uuid4().hex[:10]}"
    holder, other = cluster_servers(
        pg_url, redis_url, namespace, 2, allow_seed=True, leave_grace=0.3
    )
    try:
        with (
            httpx.Client(base_url=holder.http, timeout=20.0) as first,
            httpx.Client(base_url=other.http, timeout=20.0) as second,
        ):
            table, _, tokens = open_table(
                first,
                TINY,
                {0: "ana"},
                {1: "eager", 2: "eager"},
                seed=first_to_act(0),
                clock={"seconds": DAY, "on_timeout": "default"},
            )
            synced = asyncio.run(join(holder.ws, table, tokens[0]))
            deadline = synced["clock"]["deadline"]
            # the other process does not hold the table: it reads it from storage
            [elsewhere] = my_games(second, table, tokens[0])
            holder.kill()
            time.sleep(1.0)  # past the leases and the leave grace
            after = second.get(f"/api/tables/{table}").json()
            again = asyncio.run(join(other.ws, table, tokens[0]))
            [taken_over] = my_games(second, table, tokens[0])
    finally:
        for server in (holder, other):
            server.kill()
    assert (elsewhere["your_turn"], elsewhere["deadline"]) == (True, deadline)
    assert after["version"] == 0 and after["seats"][0]["away"] is False
    assert again["clock"] == {"seat": 0, "deadline": deadline}
    assert (taken_over["your_turn"], taken_over["deadline"]) == (True, deadline)
