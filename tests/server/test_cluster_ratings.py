"""Ratings with several processes (PostgreSQL and Redis): a rated match whose holder is
killed mid-game goes on in the other process, and its results and ratings are written once.

Nothing of a rating lives in a process: whether the table is rated, who sits where (accounts,
bots) and who forfeited are read from the database in the finish's own transaction.
"""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest
from cluster_helpers import Player, cluster_servers
from server_helpers import TINY, auth
from sqlalchemy import create_engine, text

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def add_accounts(db_url: str, names: list[str]) -> list[int]:
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            return [
                conn.execute(
                    text(
                        "INSERT INTO accounts (name, name_key, password_hash, created_at)"
                        " VALUES (:name, :key, 'h', now()) RETURNING id"
                    ),
                    {"name": name, "key": name.lower()},
                ).scalar_one()
                for name in names
            ]
    finally:
        engine.dispose()


def counts(db_url: str, table_id: str) -> tuple[int, list[tuple[str, int]]]:
    """The match's result rows, and each rated player's number of rated matches."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            results = conn.execute(
                text("SELECT count(*) FROM match_results WHERE table_id = :t"), {"t": table_id}
            ).scalar_one()
            rated = conn.execute(
                text("SELECT player, matches FROM player_ratings ORDER BY player")
            ).all()
            return int(results), [(str(p), int(m)) for p, m in rated]
    finally:
        engine.dispose()


def test_a_rated_match_whose_holder_dies_is_rated_once(pg_url: str, redis_url: str) -> None:
    servers = cluster_servers(
        pg_url, redis_url, f"test-{uuid.uuid4().hex[:10]}", 2, allow_seed=True
    )
    clients = [httpx.Client(base_url=server.http, timeout=20.0) for server in servers]
    try:
        ana, bo = add_accounts(pg_url, ["Ana", "Bo"])
        created = clients[0].post(
            "/api/tables", json={"game": TINY, "players": 2, "rated": True, "seed": 9}
        )
        assert created.status_code == 201, created.text
        table_id, owner = created.json()["table"]["id"], created.json()["owner_token"]
        tokens = []
        for seat, account in enumerate((ana, bo)):
            taken = clients[1].post(
                f"/api/tables/{table_id}/seats/{seat}", json={"name": f"p{seat}"}
            )
            assert taken.status_code == 201, taken.text
            tokens.append(taken.json()["token"])
            engine = create_engine(pg_url)
            with engine.begin() as conn:
                conn.execute(
                    text(
                        "UPDATE table_seats SET account_id = :a WHERE table_id = :t AND seat = :s"
                    ),
                    {"a": account, "t": table_id, "s": seat},
                )
            engine.dispose()
        started = clients[1].post(f"/api/tables/{table_id}/start", headers=auth(owner))
        assert started.status_code == 200, started.text
        players = [
            Player([servers[0].ws, servers[1].ws], table_id, tokens[0], seed=0, pace=0.05),
            Player([servers[1].ws], table_id, tokens[1], seed=1, pace=0.05),
        ]

        async def play() -> None:
            games = [asyncio.create_task(player.play(90.0)) for player in players]
            while min(p.version or 0 for p in players) < 3:
                await asyncio.sleep(0.05)
            servers[0].kill()  # the holder: it opened the table
            finals = await asyncio.gather(*games)
            assert all(final["status"] == "finished" for final in finals)

        asyncio.run(play())
        assert players[0].reconnects >= 1
        for _ in range(100):
            results, rated = counts(pg_url, table_id)
            if results:
                break
            asyncio.run(asyncio.sleep(0.1))
        assert results == 2
        assert rated == [(f"account:{ana}", 1), (f"account:{bo}", 1)]
        profile = clients[1].get("/api/players/Ana").json()
        assert len(profile["matches"]) == 1 and profile["matches"][0]["rated"]
        assert profile["ratings"][0]["matches"] == 1
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.kill()
