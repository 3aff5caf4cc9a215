"""An account's games: a rematch keeps the seat's account, and deleting the account leaves
every game, finished or not, with an anonymous name (in the finished game's record too)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_helpers import PASSWORD, Browser
from server_helpers import TINY, Client, LiveServer, auth, play_until, sqlite_url
from sqlalchemy import create_engine, text


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path), secure_cookies=False) as server:
        yield server


def rows(live: LiveServer, query: str, **params: Any) -> list[Any]:
    engine = create_engine(live.app.state.settings.db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(query), params).all())
    finally:
        engine.dispose()


def test_a_rematch_keeps_the_account_and_deleting_it_anonymises_the_games(
    live: LiveServer,
) -> None:
    with Browser(live.http) as ana:
        assert ana.sign_up("Ana").status_code == 201
        [(account_id,)] = rows(live, "SELECT id FROM accounts")
        created = ana.post("/api/tables", json={"game": TINY, "players": 2}).json()
        table, owner = created["table"]["id"], created["owner_token"]
        seat = ana.post(f"/api/tables/{table}/seats/0", json={"name": "x"}).json()["token"]
        bot = ana.post(
            f"/api/tables/{table}/seats/1/bot", json={"kind": "eager"}, headers=auth(owner)
        )
        assert bot.status_code == 200
        assert ana.post(f"/api/tables/{table}/start", headers=auth(owner)).status_code == 200

        async def play() -> None:
            async with Client(live.ws) as client:
                await client.join(table, seat)
                await play_until(client, random.Random(7))

        asyncio.run(play())
        assert ana.get(f"/api/tables/{table}/record").json()["names"][0] == "Ana"
        again = ana.post(f"/api/tables/{table}/rematch", headers=auth(seat))
        assert again.status_code == 201, again.text
        rematch = again.json()["id"]
        linked = rows(live, "SELECT table_id, account_id FROM table_seats WHERE seat = 0")
        assert sorted(linked) == sorted([(table, account_id), (rematch, account_id)])

        assert ana.post("/api/account/delete", json={"password": PASSWORD}).status_code == 204
        assert ana.get(f"/api/tables/{table}/record").json()["names"][0] == "—"
        for each in (table, rematch):
            assert ana.get(f"/api/tables/{each}").json()["seats"][0]["name"] == "—"
        assert rows(live, "SELECT DISTINCT name, account_id FROM table_seats WHERE seat = 0") == [
            ("—", None)
        ]
        [(record,)] = rows(live, "SELECT record FROM card_tables WHERE id = :t", t=table)
        assert "Ana" not in str(record)
