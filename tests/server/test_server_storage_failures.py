"""A database that fails: nothing changes in memory, clients get 503, the log gets one line.

The failures are made two ways: a repository whose writes raise (as a full disk does), and a
real SQLite file opened read-only. Names the database could not store are refused first.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TINY, Client, LiveServer, auth, open_table, play_until, sqlite_url
from sqlalchemy.exc import OperationalError

from solocards.server.config import Settings
from solocards.server.failures import StorageUnavailable
from solocards.server.live.table import Table
from solocards.server.storage import AsyncRepository, Repository, StoredSeat, StoredTable, upgrade

UNAVAILABLE = "storage is unavailable; try again"


def disk_full(*args: Any, **kwargs: Any) -> None:
    """A write that fails the way SQLite fails on a full disk."""
    raise OperationalError("UPDATE ...", {}, sqlite3.OperationalError("database or disk is full"))


class Breakable:
    """Makes methods of a live server's repository fail until mended."""

    def __init__(self, server: LiveServer) -> None:
        self.repository = server.app.state.manager.repo.sync
        self.saved: dict[str, Callable[..., Any]] = {}

    def fail(self, *names: str) -> None:
        for name in names:
            self.saved[name] = getattr(self.repository, name)
            setattr(self.repository, name, disk_full)

    def mend(self) -> None:
        for name, method in self.saved.items():
            setattr(self.repository, name, method)
        self.saved.clear()


@pytest.fixture
def breakable(server: LiveServer) -> Iterator[Breakable]:
    broken = Breakable(server)
    yield broken
    broken.mend()


def stored_seats(url: str, table: str) -> list[tuple[str, str | None]]:
    """The seats as the database has them."""
    repository = Repository(url)
    try:
        stored = repository.load(table)
        assert stored is not None
        return [(seat.kind, seat.name) for seat in stored.seats]
    finally:
        repository.dispose()


def memory_seats(http: httpx.Client, table: str) -> list[tuple[str, str | None]]:
    """The seats as the server has them."""
    return [(s["kind"], s["name"]) for s in http.get(f"/api/tables/{table}").json()["seats"]]


def test_lobby_writes_that_fail_change_nothing(
    server: LiveServer, http: httpx.Client, breakable: Breakable, tmp_path: Path
) -> None:
    url = sqlite_url(tmp_path)
    table, owner, tokens = open_table(http, TINY, {0: "ana"}, {}, start=False)
    before = memory_seats(http, table)
    breakable.fail("save_seat", "set_status", "create")
    refused = [
        http.post(f"/api/tables/{table}/seats/1", json={"name": "bob"}),
        http.post(f"/api/tables/{table}/seats/2/bot", json={"kind": "eager"}, headers=auth(owner)),
        http.delete(f"/api/tables/{table}/seats/0", headers=auth(owner)),
        http.post("/api/tables", json={"game": TINY}),
    ]
    for response in refused:
        assert response.status_code == 503, response.text
        assert response.json()["detail"] == UNAVAILABLE
    assert memory_seats(http, table) == stored_seats(url, table) == before
    breakable.mend()
    # every retry works: nothing was half-applied
    assert http.post(f"/api/tables/{table}/seats/1", json={"name": "bob"}).status_code == 201
    placed = http.post(
        f"/api/tables/{table}/seats/2/bot", json={"kind": "eager"}, headers=auth(owner)
    )
    assert placed.status_code == 200
    assert memory_seats(http, table) == stored_seats(url, table)
    breakable.fail("set_status")
    started = http.post(f"/api/tables/{table}/start", headers=auth(owner))
    assert started.status_code == 503 and started.json()["detail"] == UNAVAILABLE
    assert http.get(f"/api/tables/{table}").json()["status"] == "lobby"
    breakable.mend()
    assert http.post(f"/api/tables/{table}/start", headers=auth(owner)).status_code == 200
    assert tokens


def test_bots_back_off_and_log_one_line_while_storage_fails(
    server: LiveServer,
    http: httpx.Client,
    breakable: Breakable,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="solocards.server")
    table, owner, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager", 2: "eager"}, start=False)
    breakable.fail("append_action")
    assert http.post(f"/api/tables/{table}/start", headers=auth(owner)).status_code == 200

    def server_records() -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.name.startswith("solocards.server")]

    def tries_of(records: list[logging.LogRecord]) -> list[logging.LogRecord]:
        return [r for r in records if "storing action 0 failed" in r.getMessage()]

    deadline = time.monotonic() + 10.0
    while len(tries_of(server_records())) < 2:  # tries at 0 and 0.5 s; the next at 1.5 s
        assert time.monotonic() < deadline, [r.getMessage() for r in server_records()]
        time.sleep(0.05)
    failing = server_records()
    breakable.mend()
    deadline = time.monotonic() + 10.0
    while http.get(f"/api/tables/{table}").json()["version"] == 0:
        assert time.monotonic() < deadline, "the bots did not move again"
        time.sleep(0.1)
    assert http.get(f"/api/tables/{table}").json()["status"] in ("playing", "finished")
    tries = tries_of(failing)
    # the wait doubles (0.5 s, then 1 s), each try one line and no traceback
    assert len(tries) == 2, [r.getMessage() for r in failing]
    back = [r for r in caplog.records if "storage is back" in r.getMessage()]
    assert back, "no line says the storage is back"
    first_wait = tries[1].created - tries[0].created
    second_wait = back[0].created - tries[1].created
    assert first_wait >= 0.4 and second_wait >= 0.9, (first_wait, second_wait)
    assert not [r for r in failing if r.exc_info], "a traceback was logged"
    assert any("retrying with back-off" in r.getMessage() for r in failing)


def test_a_read_only_database_answers_503(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="solocards.server")
    path = tmp_path / "server.sqlite"
    with LiveServer(f"sqlite:///{path}") as server, httpx.Client(base_url=server.http) as http:
        table, owner, _ = open_table(http, TINY, {0: "ana"}, {}, start=False)
        # a game that waits for a player who is not there: after the grace a bot plays for her
        playing, _, _ = open_table(http, TINY, {0: "bo", 1: "cy", 2: "di"}, {})
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    with (
        LiveServer(read_only, leave_grace=0.2) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        before = memory_seats(http, table)
        answers = [
            http.post(f"/api/tables/{table}/seats/1", json={"name": "bob"}),
            http.delete(f"/api/tables/{table}/seats/0", headers=auth(owner)),
            http.post("/api/tables", json={"game": TINY}),
        ]
        for answer in answers:
            assert answer.status_code == 503, answer.text
            assert answer.json()["detail"] == UNAVAILABLE
        assert (
            memory_seats(http, table)
            == before
            == [
                ("human", "ana"),
                ("empty", None),
                ("empty", None),
            ]
        )
        deadline = time.monotonic() + 10.0  # the bots try, and try again later
        while not any("retrying with back-off" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, "the bots did not try to move"
            time.sleep(0.05)
        assert http.get(f"/api/tables/{playing}").json()["version"] == 0
    records = [r for r in caplog.records if r.name.startswith("solocards.server")]
    assert any("retrying with back-off" in r.getMessage() for r in records)
    assert any("readonly database" in r.getMessage() for r in records)
    assert not [r for r in records if r.exc_info], "a traceback was logged"
    assert len(records) < 30, [r.getMessage() for r in records]


def test_an_action_the_database_refuses_is_not_played(
    server: LiveServer, http: httpx.Client, breakable: Breakable
) -> None:
    """Even when the read-back fails too, the table stays where it was (not back at 0)."""
    table, _, tokens = open_table(
        http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, options={"rounds": 3}
    )

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Client(server.ws) as player:
            await player.join(table, tokens[0])
            await play_until(
                player,
                random.Random(3),
                stop=lambda m: m["version"] >= 6 and m["view"]["current"] == 0,
            )
            await asyncio.sleep(0.3)  # the bots' jump-ins are over: the table waits for seat 0
            await player.send({"type": "sync"})
            seen = await player.recv_until(lambda m: m["type"] == "sync")
            assert seen["view"]["can_act"]
            breakable.fail("append_action", "load")  # not even a read-back works
            move = seen["view"]["legal_actions"][0]
            await player.send({"action": move, "version": seen["version"]})
            refused = await player.error()
            breakable.mend()
            await player.send({"type": "sync"})
            synced = await player.recv_until(lambda m: m["type"] == "sync")
            return seen, refused, synced

    seen, refused, synced = asyncio.run(run())
    assert synced["version"] == seen["version"] > 0 and synced["view"] == seen["view"]
    assert refused["code"] == "storage" and "storage is unavailable" in refused["message"]


def test_a_name_with_control_characters_is_refused(db_url: str) -> None:
    """PostgreSQL cannot store a NUL in text; no database should get a control character."""
    with LiveServer(db_url) as server, httpx.Client(base_url=server.http) as http:
        table, _, _ = open_table(http, TINY, {}, {}, start=False)
        for name in ("a\x00b", "tab\there", "\x1b[31mred", "bell\x07"):
            refused = http.post(f"/api/tables/{table}/seats/0", json={"name": name})
            assert refused.status_code == 422, refused.text
            assert "control characters" in refused.text
            assert memory_seats(http, table)[0] == ("empty", None)
        taken = http.post(f"/api/tables/{table}/seats/0", json={"name": "ana ✓"})
        assert taken.status_code == 201, taken.text
        assert memory_seats(http, table)[0] == stored_seats(db_url, table)[0] == ("human", "ana ✓")


def test_a_rematch_that_cannot_be_stored_can_be_asked_again(
    server: LiveServer, http: httpx.Client, breakable: Breakable
) -> None:
    table, owner, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager", 2: "eager"})
    wait = time.monotonic() + 20.0
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < wait
        time.sleep(0.05)
    breakable.fail("create_rematch")
    refused = http.post(f"/api/tables/{table}/rematch", headers=auth(owner))
    assert refused.status_code == 503 and refused.json()["detail"] == UNAVAILABLE
    assert http.get(f"/api/tables/{table}").json()["rematch"] is None
    breakable.mend()
    breakable.fail("set_status")  # created and linked, but its start is not stored
    refused = http.post(f"/api/tables/{table}/rematch", headers=auth(owner))
    assert refused.status_code == 503
    linked = http.get(f"/api/tables/{table}").json()["rematch"]
    assert linked is not None and http.get(f"/api/tables/{linked}").json()["status"] == "lobby"
    breakable.mend()
    again = http.post(f"/api/tables/{table}/rematch", headers=auth(owner))
    assert again.status_code == 201 and again.json()["id"] == linked
    assert again.json()["status"] in ("playing", "finished")


def test_a_value_postgresql_refuses_leaves_the_seat_empty(pg_url: str) -> None:
    """Below the lobby's own check: the database's refusal is a 503 and memory stays as it was."""
    repository = Repository(pg_url)
    upgrade(repository.engine)
    stored = StoredTable(
        id="nul",
        game=TINY,
        players=3,
        options={},
        seed=1,
        public=True,
        status="lobby",
        owner_hash="ab" * 32,
        seats=[StoredSeat(seat, "empty") for seat in range(3)],
    )
    repository.create(stored)
    table = Table(stored, AsyncRepository(repository, threaded=False), Settings(db_url=pg_url))

    async def sit(name: str) -> None:
        await table.lobby_seats.take_seat(0, name, "cd" * 32)

    try:
        with pytest.raises(StorageUnavailable):
            asyncio.run(sit("a\x00b"))  # PostgreSQL text cannot hold a NUL
        assert table.seats[0].kind == "empty"
        assert stored_seats(pg_url, "nul")[0] == ("empty", None)
        asyncio.run(sit("ana"))
        assert table.seats[0].kind == "human"
        assert stored_seats(pg_url, "nul")[0] == ("human", "ana")
    finally:
        repository.dispose()


def test_a_bot_with_a_long_spec_is_seated_and_stored(db_url: str) -> None:
    """A valid spec of up to 100 characters fits the seat: its name is not the whole spec."""
    spec = "ismcts:iterations=100,seconds=1.5,c=0.7,rollout=heuristic,paired=1,trust=2"
    with LiveServer(db_url) as server, httpx.Client(base_url=server.http) as http:
        table, owner, _ = open_table(http, "uno", {}, {}, start=False, players=2)
        placed = http.post(
            f"/api/tables/{table}/seats/0/bot", json={"kind": spec}, headers=auth(owner)
        )
        assert placed.status_code == 200, placed.text
        seat = placed.json()["seats"][0]
        assert seat["kind"] == "bot" and seat["bot"] == spec
        assert stored_seats(db_url, table)[0] == ("bot", "bot:ismcts")
