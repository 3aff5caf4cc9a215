"""Chat and the spectator list across server processes (issue 23).

Two real processes on one PostgreSQL and one Redis: a player on the table's holder (A), a
player and a named spectator on the other (B), each in a language of their own. Every line
reaches everyone wherever they are connected (quick phrases by id), the spectator list too;
each connection keeps its own chat budget, and its refusals read in its language; a late
joiner on B reads the last lines; when A is killed, the table goes to B with its last chat
lines, and the spectator keeps its name and language.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import httpx
import pytest
import redis.asyncio
from cluster_helpers import cluster_servers
from server_helpers import TINY, Client, auth

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def is_type(kind: str) -> Any:
    return lambda m: m["type"] == kind


def said(*texts: str) -> Any:
    """A ``chat`` message whose lines say ``texts`` (a text, or a phrase by id)."""
    return lambda m: (
        m["type"] == "chat"
        and [line.get("text", line.get("phrase")) for line in m["lines"]] == list(texts)
    )


def chat_of(message: dict[str, Any]) -> list[str]:
    return [line.get("text", line.get("phrase")) for line in message["chat"]]


async def kept_lines(redis_url: str, key: str, count: int, patience: float = 10.0) -> None:
    """Wait until Redis keeps ``count`` chat lines under ``key``."""
    client = redis.asyncio.Redis.from_url(redis_url)
    try:
        deadline = time.monotonic() + patience
        while await client.zcard(key) < count:
            assert time.monotonic() < deadline, f"Redis kept fewer than {count} chat lines"
            await asyncio.sleep(0.05)
    finally:
        await client.aclose()


def test_chat_and_spectators_reach_every_process_and_survive_the_holder(
    pg_url: str, redis_url: str
) -> None:
    namespace = f"test-{uuid.uuid4().hex[:10]}"
    servers = cluster_servers(pg_url, redis_url, namespace, 2, round_pause=60.0)
    a, b = servers
    try:
        with httpx.Client(base_url=a.http, timeout=20.0) as http:
            created = http.post("/api/tables", json={"game": TINY, "players": 2})
            assert created.status_code == 201, created.text
            table, owner = created.json()["table"]["id"], created.json()["owner_token"]
            tokens = [
                http.post(f"/api/tables/{table}/seats/{seat}", json={"name": name}).json()["token"]
                for seat, name in enumerate(["ana", "bo"])
            ]
            started = http.post(f"/api/tables/{table}/start", headers=auth(owner))
            assert started.status_code == 200, started.text

        async def run() -> None:
            async with (
                Client(a.ws) as ana,
                Client(f"{b.ws}?lang=de") as bo,
                Client(f"{b.ws}?lang=uk") as zoe,
            ):
                await ana.join(table, tokens[0])
                assert (await bo.join(table, tokens[1]))["type"] in ("sync", "events")
                await ana.send({"type": "chat", "text": "hi bo"})
                await bo.recv_until(said("hi bo"))
                await bo.send({"type": "chat", "phrase": "gg"})
                await ana.recv_until(said("gg"))
                await bo.recv_until(said("gg"))
                await zoe.send({"type": "join", "table": table, "name": "zoe"})
                joined = await zoe.recv_until(lambda m: m["type"] in ("sync", "events"))
                assert chat_of(joined) == ["hi bo", "gg"]
                for client in (ana, bo):
                    listed = await client.recv_until(is_type("spectators"))
                    assert listed["names"] == ["zoe"] and listed["count"] == 1
                await zoe.send({"type": "chat", "text": "hello from zoe"})
                for client in (ana, bo):
                    heard = await client.recv_until(said("hello from zoe"))
                    assert heard["lines"][0]["seat"] is None
                    assert heard["lines"][0]["name"] == "zoe"
                # bo's chat budget is bo's own (4 at once); the refusal reads in bo's language
                for line in range(3):
                    await bo.send({"type": "chat", "text": f"bo {line}"})
                await bo.send({"type": "chat", "text": "one too many"})
                refused = await bo.error()
                assert refused["code"] == "rate_limited"
                assert refused["message"].startswith("zu viele Chatzeilen"), refused
                await ana.send({"type": "chat", "text": "ana still may"})
                await zoe.recv_until(said("ana still may"))
                # a late joiner on B gets the last lines, as on the holder
                async with Client(b.ws) as late:
                    synced = await late.join(table)
                    assert chat_of(synced)[-2:] == ["bo 2", "ana still may"]
                history = chat_of(synced)
                # zoe is served in Ukrainian by the holder too
                await zoe.send({"type": "why", "action": "x"})
                refusal = await zoe.error()
                assert refusal["code"] == "not_seated"
                assert not refusal["message"].startswith("only a seated player"), refusal
                # the holder keeps each line in Redis as it sends it (best effort, documented):
                # once it has them all, its death loses none
                await kept_lines(redis_url, f"{namespace}:chat:{table}", len(history))
                a.kill()  # the holder: the table goes to B, its chat with it
                again = await zoe.recv_until(is_type("sync"), 15.0)
                assert chat_of(again) == history
                assert again["spectators"]["names"] == ["zoe"]
                await zoe.send({"type": "chat", "phrase": "thanks"})
                heard = await bo.recv_until(said("thanks"), 15.0)
                assert heard["lines"][0]["id"] == len(history) + 1
                assert heard["lines"][0]["name"] == "zoe"
                # zoe is still served in Ukrainian: a refusal after the failover says so
                await zoe.send({"type": "why", "action": "x"})
                refusal = await zoe.error()
                assert refusal["code"] == "not_seated"
                assert not refusal["message"].startswith("only a seated player"), refusal

        asyncio.run(run())
    finally:
        for server in servers:
            server.kill()
