"""Idle tables expire: marked ``expired`` in storage, dropped from memory, never restored."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import httpx
from server_helpers import TINY, Client, LiveServer, open_table, sqlite_url

from solocards.server.config import Settings
from solocards.server.live.connection import Connection
from solocards.server.live.expiry import IdleWatch
from solocards.server.live.table import Table
from solocards.server.live.tables import TableManager
from solocards.server.storage import AsyncRepository, Repository, StoredSeat, StoredTable, upgrade

FAST_EXPIRY: dict[str, Any] = {"lobby_expiry": 0.4, "idle_expiry": 0.4, "expiry_interval": 0.1}


def manager_of(server: LiveServer) -> TableManager:
    manager: TableManager = server.app.state.manager
    return manager


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.05)


def test_a_lobby_table_nobody_joins_expires(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), **FAST_EXPIRY) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        alone = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
        watched = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]

        async def watch() -> Client:
            async with Client(server.ws) as watcher:
                await watcher.join(watched)
                await asyncio.to_thread(wait_for, lambda: alone not in manager_of(server).tables)
                await asyncio.sleep(1.0)  # several more sweeps: the watched table stays
                await watcher.ping()
                return watcher

        asyncio.run(watch())
        assert http.get(f"/api/tables/{alone}").json()["status"] == "expired"
        refused = http.post(f"/api/tables/{alone}/seats/0", json={"name": "ana"})
        listed = [table["id"] for table in http.get("/api/tables").json()]
        assert http.get(f"/api/tables/{watched}").json()["status"] == "lobby"
    assert refused.status_code == 410 and "expired" in refused.json()["detail"]
    assert listed == [watched]


def test_a_stalled_game_expires_and_is_not_restored(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with (
        LiveServer(url, **FAST_EXPIRY) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        # nobody ever connects for ana: the game stops at her turn
        stalled, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})
        kept, _, tokens = open_table(http, TINY, {0: "bo"}, {1: "eager", 2: "eager"})

        async def sit_idle() -> None:
            async with Client(server.ws) as player:
                await player.join(kept, tokens[0])
                await asyncio.to_thread(wait_for, lambda: stalled not in manager_of(server).tables)
                await asyncio.sleep(1.0)
                await player.ping()

        asyncio.run(sit_idle())
        assert http.get(f"/api/tables/{stalled}").json()["status"] == "expired"
        assert http.get(f"/api/tables/{kept}").json()["status"] in ("playing", "finished")
    with LiveServer(url, **FAST_EXPIRY) as restarted:
        assert stalled not in manager_of(restarted).tables
        with httpx.Client(base_url=restarted.http, timeout=20.0) as http:
            assert http.get(f"/api/tables/{stalled}").json()["status"] == "expired"


def test_old_lobby_tables_expire_at_start_up_without_being_loaded(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    repository = Repository(url)
    upgrade(repository.engine)
    long_ago = datetime.now(UTC) - timedelta(hours=2)
    for table_id, created_at in [("old", long_ago), ("new", datetime.now(UTC))]:
        repository.create(
            StoredTable(
                id=table_id,
                game=TINY,
                players=2,
                options={},
                seed=1,
                public=True,
                status="lobby",
                owner_hash="ab" * 32,
                created_at=created_at,
                seats=[StoredSeat(0, "empty"), StoredSeat(1, "empty")],
            )
        )
    repository.dispose()
    with (
        LiveServer(url, lobby_expiry=1800.0) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        assert set(manager_of(server).tables) == {"new"}
        assert http.get("/api/tables/old").json()["status"] == "expired"
        assert http.get("/api/tables/new").json()["status"] == "lobby"


SETTINGS = Settings(db_url="sqlite://")


def idle_table(status: str) -> Table:
    stored = StoredTable(
        id=f"t-{status}",
        game=TINY,
        players=2,
        options={},
        seed=3,
        public=True,
        status="lobby",
        owner_hash="ab" * 32,
        seats=[StoredSeat(0, "human", "ana", None, "cd" * 32), StoredSeat(1, "bot", bot="eager")],
    )
    table = Table(stored, AsyncRepository(Repository("sqlite://"), threaded=False), SETTINGS)
    table.status = status
    return table


def test_the_idle_rules_of_lobby_and_play() -> None:
    watch = IdleWatch(lobby_expiry=60.0, idle_expiry=600.0)
    lobby, playing = idle_table("lobby"), idle_table("playing")
    assert watch.expired([lobby, playing], now=0.0) == []
    assert watch.expired([lobby, playing], now=61.0) == [lobby]
    lobby.subscribers.add(cast(Connection, object()))  # somebody looks at the lobby table
    assert not watch.unchanged(lobby)
    assert watch.expired([lobby, playing], now=700.0) == [playing]
    playing.subscribers.add(cast(Connection, object()))  # a spectator does not keep a game
    assert watch.unchanged(playing)
    playing.seats[0].connections = 1  # the seated player does
    assert watch.expired([playing], now=2000.0) == []
    playing.seats[0].connections = 0
    playing.version += 1  # an action
    assert watch.expired([playing], now=2500.0) == []
    assert watch.expired([playing], now=3101.0) == [playing]
