"""Replay steps and look-ups of tables that do not exist are limited per address: a flood of
either slowed every other table, and 50,000 look-ups of unknown ids were all answered."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import TINY, LiveServer, open_table, sqlite_url


def test_replays_beyond_the_budget_are_refused(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), replay_burst=3, replay_per_second=0.01) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager"}, start=False, players=2)
        for _ in range(3):  # answered (a game in the lobby does not replay)
            assert http.get(f"/api/tables/{table}/replay?step=1").status_code == 409
        refused = http.get(f"/api/tables/{table}/replay?step=1", headers={"Accept-Language": "de"})
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert "Wiedergabe" in refused.json()["detail"]
        assert http.get(f"/api/tables/{table}").status_code == 200  # other reads go on


def test_lookups_of_unknown_tables_beyond_the_budget_are_refused(tmp_path: Path) -> None:
    with (
        LiveServer(
            sqlite_url(tmp_path), unknown_table_burst=5, unknown_table_per_second=0.01
        ) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager"}, start=False, players=2)
        for _ in range(3):
            assert http.get(f"/api/tables/{table}").status_code == 200  # not counted
        answers = [http.get(f"/api/tables/nope{n}").status_code for n in range(8)]
        assert answers == [404] * 5 + [429] * 3
        refused = http.get("/api/tables/nope99")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert "unknown tables" in refused.json()["detail"]
