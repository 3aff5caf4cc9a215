"""What a table costs before it starts: a few KiB, and no queries of its own at restart."""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from pathlib import Path
from typing import Any

from server_helpers import sqlite_url
from sqlalchemy import event

from solocards.server.config import Settings
from solocards.server.live.table import Table
from solocards.server.storage import AsyncRepository, Repository, StoredSeat, StoredTable, upgrade


def lobby_table(table_id: str, players: int = 10, status: str = "lobby") -> StoredTable:
    return StoredTable(
        id=table_id,
        game="uno",
        players=players,
        options={},
        seed=7,
        public=True,
        status=status,
        owner_hash="ab" * 32,
        seats=[
            StoredSeat(seat, "bot" if seat % 2 else "empty", bot="random" if seat % 2 else None)
            for seat in range(players)
        ],
    )


def test_a_lobby_table_costs_a_few_kib_until_it_starts() -> None:
    repo = AsyncRepository(Repository("sqlite://"), threaded=False)
    settings = Settings(db_url="sqlite://")
    count = 20
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        tables = [Table(lobby_table(f"t{n}"), repo, settings) for n in range(count)]
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    per_table_kib = grown / count / 1024
    assert per_table_kib < 32, f"a ten-player UNO lobby table holds {per_table_kib:.0f} KiB"
    info = tables[0].info()
    assert (info["game"], info["players"], info["status"]) == ("uno", 10, "lobby")
    assert tables[0].game.players == 10  # the game is there when it is needed


def test_tables_playing_the_same_rules_share_one_game_object() -> None:
    repository = Repository("sqlite://")
    repository.create_schema()
    repo = AsyncRepository(repository, threaded=False)
    settings = Settings(db_url="sqlite://")
    count = 10

    async def start_all() -> list[Table]:
        started = []
        for n in range(count):
            stored = lobby_table(f"p{n}")
            stored.seats = [StoredSeat(seat, "bot", bot="random") for seat in range(10)]
            repository.create(stored)
            table = Table(stored, repo, settings)
            await table.start()
            started.append(table)
        return started

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        tables = asyncio.run(start_all())
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
        repository.dispose()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    per_table_kib = grown / count / 1024
    assert per_table_kib < 200, f"a ten-player UNO table in play holds {per_table_kib:.0f} KiB"
    assert all(table.game is tables[0].game for table in tables)
    assert len({id(table.match) for table in tables}) == count  # every match its own


def test_restoring_many_tables_takes_a_few_queries(tmp_path: Path) -> None:
    repository = Repository(sqlite_url(tmp_path))
    upgrade(repository.engine)
    for n in range(200):
        repository.create(lobby_table(f"lobby{n:03d}", players=4))
    repository.create(lobby_table("playing", players=4, status="playing"))
    repository.append_action("playing", 0, 1, "draw")
    repository.append_action("playing", 1, 2, "pass")
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]))

    event.listen(repository.engine, "before_cursor_execute", count)
    unfinished = repository.load_unfinished()
    repository.dispose()
    assert len(statements) <= 3, f"{len(statements)} queries to restore 201 tables"
    assert [table.id for table in unfinished] == [
        *(f"lobby{n:03d}" for n in range(200)),
        "playing",
    ]
    assert all([seat.seat for seat in table.seats] == [0, 1, 2, 3] for table in unfinished)
    assert unfinished[0].seats[1].bot == "random" and unfinished[0].actions == []
    assert unfinished[-1].actions == [(1, "draw"), (2, "pass")]


def test_a_restored_lobby_table_plays_once_started(tmp_path: Path) -> None:
    repository = Repository(sqlite_url(tmp_path))
    upgrade(repository.engine)
    stored = lobby_table("only", players=2)
    stored.seats = [StoredSeat(0, "bot", bot="random"), StoredSeat(1, "bot", bot="random")]
    repository.create(stored)
    (loaded,) = repository.load_unfinished()

    async def start() -> Table:
        table = Table(loaded, AsyncRepository(repository, threaded=False), Settings("sqlite://"))
        await table.start()
        return table

    table = asyncio.run(start())
    repository.dispose()
    assert table.status == "playing" and table.match is not None
    assert table.match.to_act
