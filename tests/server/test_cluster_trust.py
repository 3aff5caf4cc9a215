"""What one process of a cluster takes from another is what the cluster itself sent: a
client's ``x-solocards-forwarded`` header is refused (it took a seat and started a game behind
the holder's back), and the per-address read budgets are spent on every process together."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import pytest
from cluster_helpers import cluster_servers
from server_helpers import TINY, auth
from websockets.asyncio.client import connect

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")

FORGED = {"x-solocards-forwarded": "1"}


def namespace() -> str:
    return f"test-{uuid.uuid4().hex[:10]}"


def test_a_client_may_not_pass_for_another_process(pg_url: str, redis_url: str) -> None:
    servers = cluster_servers(pg_url, redis_url, namespace(), 2)
    holder, other = (httpx.Client(base_url=server.http, timeout=20.0) for server in servers)
    try:
        created = holder.post("/api/tables", json={"game": TINY, "players": 2})
        assert created.status_code == 201, created.text
        table, owner = created.json()["table"]["id"], created.json()["owner_token"]
        for http in (other, holder):
            taken = http.post(f"/api/tables/{table}/seats/0", json={"name": "eve"}, headers=FORGED)
            assert taken.status_code == 403, taken.text
            assert "x-solocards-forwarded" in taken.json()["detail"]
            started = other.post(f"/api/tables/{table}/start", headers={**FORGED, **auth(owner)})
            assert started.status_code == 403
            assert http.get(f"/api/tables/{table}", headers=FORGED).status_code == 403
        shown = other.get(f"/api/tables/{table}").json()  # forwarded by the cluster itself
        assert shown["status"] == "lobby"
        assert [seat["kind"] for seat in shown["seats"]] == ["empty", "empty"]
        taken = other.post(f"/api/tables/{table}/seats/0", json={"name": "ana"})
        assert taken.status_code == 201, taken.text
        assert holder.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "ana"
    finally:
        holder.close()
        other.close()
        for server in servers:
            server.kill()


def test_the_replay_budget_of_an_address_is_one_for_the_cluster(
    pg_url: str, redis_url: str
) -> None:
    servers = cluster_servers(
        pg_url, redis_url, namespace(), 2, replay_burst=4, replay_per_second=0.01
    )
    clients = [httpx.Client(base_url=server.http, timeout=20.0) for server in servers]
    try:
        created = clients[0].post("/api/tables", json={"game": TINY, "players": 2})
        table = created.json()["table"]["id"]
        answers = [clients[n % 2].get(f"/api/tables/{table}/replay").status_code for n in range(6)]
        assert answers == [409] * 4 + [429] * 2  # a game in the lobby does not replay
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.kill()


def test_the_chat_budget_of_an_address_is_one_for_the_cluster(pg_url: str, redis_url: str) -> None:
    servers = cluster_servers(
        pg_url, redis_url, namespace(), 2, chat_address_burst=3, chat_address_per_second=0.01
    )
    holder = httpx.Client(base_url=servers[0].http, timeout=20.0)
    try:
        created = holder.post("/api/tables", json={"game": TINY, "players": 2})
        table = created.json()["table"]["id"]

        async def run() -> list[dict[str, Any]]:
            answers = []
            for n in range(4):  # alternately on the holder and forwarded from the other
                async with connect(servers[n % 2].ws, open_timeout=5) as ws:
                    await ws.send(json.dumps({"type": "join", "table": table}))
                    await ws.send(json.dumps({"type": "chat", "text": f"line {n}"}))
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 20))
                        if message["type"] in ("chat", "error") and (
                            message["type"] == "error"
                            or message["lines"][-1].get("text") == f"line {n}"
                        ):
                            answers.append(message)
                            break
            return answers

        answers = asyncio.run(run())
        assert [answer["type"] for answer in answers] == ["chat", "chat", "chat", "error"]
        assert answers[-1]["code"] == "rate_limited"
    finally:
        holder.close()
        for server in servers:
            server.kill()
