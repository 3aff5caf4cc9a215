"""A spectator of another process renames itself by joining again under the new name: the
table's holder lists the new name, once, to its players."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
from cluster_helpers import cluster_servers
from server_helpers import TINY, Client, open_table


def spectators(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "spectators")


def test_a_spectator_elsewhere_renames_itself(pg_url: str, redis_url: str) -> None:
    namespace = f"test-{uuid.uuid4().hex[:10]}"
    holder, other = cluster_servers(pg_url, redis_url, namespace, 2)
    try:
        with httpx.Client(base_url=holder.http, timeout=20.0) as http:
            table, _, tokens = open_table(http, TINY, {0: "ana", 1: "bo"}, {2: "eager"})

        async def watch() -> list[dict[str, Any]]:
            async with Client(holder.ws) as ana, Client(other.ws) as watcher:
                await ana.join(table, tokens[0])
                await watcher.send({"type": "join", "table": table})
                await watcher.recv_until(lambda m: m["type"] in ("sync", "events"))
                first = await ana.recv_until(spectators)
                await watcher.send({"type": "join", "table": table, "name": "zoe", "version": 0})
                await watcher.recv_until(lambda m: m["type"] in ("sync", "events"))
                named = await ana.recv_until(lambda m: spectators(m) and m["names"] == ["zoe"])
                return [first, named]

        first, named = asyncio.run(watch())
    finally:
        for server in (holder, other):
            server.kill()
    assert (first["names"], first["anonymous"], first["count"]) == ([], 1, 1)
    assert (named["names"], named["anonymous"], named["count"]) == (["zoe"], 0, 1)
