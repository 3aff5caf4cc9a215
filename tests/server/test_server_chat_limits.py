"""The chat's budgets beyond one connection's own: per address (all its connections), per table
(everyone together), and the spectators one address may have at one table. 40 connections of
one address wiped a table's 50 lines in 2.3 s; each connection's own budget bounded nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from server_helpers import TINY, Client, LiveServer, open_table, sqlite_url


def said(n: int) -> Any:
    return lambda m: m["type"] == "chat" and m["lines"][0].get("text") == f"line {n}"


async def watchers(server: LiveServer, table: str, count: int) -> list[Client]:
    clients = []
    for n in range(count):
        client = Client(server.ws)
        await client.__aenter__()
        await client.send({"type": "join", "table": table, "name": f"w{n}"})
        joined = await client.recv_until(lambda m: m["type"] in ("sync", "events", "error"))
        assert joined["type"] != "error", joined
        clients.append(client)
    return clients


def test_the_chat_of_one_address_has_one_budget(tmp_path: Path) -> None:
    limits = {"chat_address_burst": 3, "chat_address_per_second": 0.01}
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0, **limits) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager"}, players=2)

        async def run() -> None:
            spectators = await watchers(server, table, 3)
            for n in range(3):  # one line each: within every connection's own budget
                await spectators[n].send({"type": "chat", "text": f"line {n}"})
                await spectators[0].recv_until(said(n))
            await spectators[2].send({"type": "chat", "text": "one more"})
            refused = await spectators[2].error()
            assert refused["code"] == "rate_limited" and refused["retry_after"] >= 1
            assert "from your address" in refused["message"]
            for client in spectators:
                await client.__aexit__()

        asyncio.run(run())


def test_a_table_takes_so_many_lines_from_everyone(tmp_path: Path) -> None:
    limits = {"table_chat_burst": 4, "table_chat_per_second": 0.01}
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0, **limits) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager"}, players=2)
        other, _, _ = open_table(http, TINY, {0: "bo"}, {1: "eager"}, players=2)

        async def run() -> None:
            spectators = await watchers(server, table, 5)
            for n in range(4):
                await spectators[n].send({"type": "chat", "text": f"line {n}"})
                await spectators[0].recv_until(said(n))
            await spectators[4].send({"type": "chat", "text": "line 4"})
            refused = await spectators[4].error()
            assert refused["code"] == "rate_limited" and "chat is busy" in refused["message"]
            elsewhere = Client(server.ws)  # another table's chat has its own budget
            await elsewhere.__aenter__()
            await elsewhere.join(other)
            await elsewhere.send({"type": "chat", "text": "line 9"})
            await elsewhere.recv_until(said(9))
            for client in [*spectators, elsewhere]:
                await client.__aexit__()

        asyncio.run(run())


def test_one_address_may_watch_a_table_so_many_times(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0, watchers_per_address=2) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager"}, players=2)

        async def run() -> None:
            spectators = await watchers(server, table, 2)
            third = Client(server.ws)
            await third.__aenter__()
            await third.send({"type": "join", "table": table})
            refused = await third.error()
            assert refused["code"] == "rate_limited" and "at most 2" in refused["message"]
            async with Client(server.ws) as ana:  # a seat is never refused
                await ana.join(table, tokens[0])
            await spectators[0].__aexit__()
            await asyncio.sleep(0.2)
            assert (await third.join(table))["type"] != "error"  # a place is free again
            for client in [spectators[1], third]:
                await client.__aexit__()

        asyncio.run(run())
