"""Bots cannot freeze the server: a time budget per search, a hard deadline, one per table."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TINY, EagerBot, LiveServer, auth, open_table, sqlite_url
from sqlalchemy import create_engine, text

from solocards.bots import registry as bot_registry

RELEASE = threading.Event()


class SleepyBot:
    """A searching bot that thinks far too long (until released); it counts how many of its
    searches run at once."""

    name = "sleepy"
    running = 0
    most = 0
    lock = threading.Lock()

    def __init__(self) -> None:
        self.seconds: float | None = None

    def limit_time(self, seconds: float) -> None:
        """Accepts the budget, then ignores it (a search that overruns)."""
        self.seconds = seconds

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        with SleepyBot.lock:
            SleepyBot.running += 1
            SleepyBot.most = max(SleepyBot.most, SleepyBot.running)
        try:
            RELEASE.wait(30.0)
        finally:
            with SleepyBot.lock:
                SleepyBot.running -= 1
        return EagerBot().choose(view, legal, rng)


@pytest.fixture(autouse=True)
def sleepy_kind(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(bot_registry._BOTS, "sleepy", lambda game, **params: SleepyBot())
    RELEASE.clear()
    SleepyBot.running = SleepyBot.most = 0
    yield
    RELEASE.set()


def wait_for_version(http: httpx.Client, table: str, version: int, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    seen = 0
    while time.monotonic() < deadline:
        info = http.get(f"/api/tables/{table}").json()
        seen = info["version"]
        if seen >= version or info["status"] == "finished":
            return seen
        time.sleep(0.05)
    return seen


def test_a_bot_past_the_deadline_is_replaced_by_the_fallback_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="solocards.server")
    settings = {"bot_deadline_seconds": 0.3, "bot_threads": 2}
    with (
        LiveServer(sqlite_url(tmp_path), **settings) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        table, _, _ = open_table(http, TINY, {}, {0: "sleepy", 1: "sleepy", 2: "eager"})
        assert wait_for_version(http, table, 6, 15.0) >= 6  # the table moves on
        slow = http.post("/api/tables", json={"game": TINY})  # and the server answers
        assert slow.status_code == 201
    late = [r for r in caplog.records if "ran past" in r.getMessage()]
    assert late and all("fallback" in r.getMessage() for r in late)
    assert all(r.getMessage().count("\n") == 0 and not r.exc_info for r in late)  # one line
    assert SleepyBot.most <= 1  # never two searches of one table at once


def test_one_tables_bots_do_not_starve_another(tmp_path: Path) -> None:
    settings = {"bot_deadline_seconds": 60.0, "bot_threads": 1}
    with (
        LiveServer(sqlite_url(tmp_path), **settings) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        slow_tables = [
            open_table(http, TINY, {}, {0: "sleepy", 1: "sleepy", 2: "sleepy"})[0] for _ in range(3)
        ]
        healthy, _, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager", 2: "eager"})
        assert wait_for_version(http, healthy, 10, 15.0) >= 10
        assert all(http.get(f"/api/tables/{t}").json()["version"] == 0 for t in slow_tables)


def test_searches_get_the_servers_time_budget(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), bot_move_seconds=0.05) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        spec = "ismcts:iterations=5000,rollout=heuristic"
        table, _, _ = open_table(http, "uno", {}, {0: spec, 1: spec}, players=2)
        assert wait_for_version(http, table, 8, 20.0) >= 8
        bot = live.app.state.manager.tables[table].bots.bot_for(0)
        assert bot.seconds == 0.05


def test_a_stored_bot_spec_no_longer_accepted_is_played_by_the_fallback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A table stored with a spec this server refuses (an older server's, or RLCard's where it
    is missing) still plays after a restart: the fallback bot takes the seat."""
    url = sqlite_url(tmp_path)
    with (
        LiveServer(url) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        bots = {0: "eager", 1: "eager", 2: "eager"}
        table, owner, _ = open_table(http, TINY, {}, bots, start=False)
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text("UPDATE table_seats SET bot = :spec WHERE table_id = :table AND seat = 1"),
            {"spec": "random:speed=nan", "table": table},
        )
    engine.dispose()
    caplog.set_level(logging.WARNING, logger="solocards.server")
    with (
        LiveServer(url) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        assert http.get(f"/api/tables/{table}").json()["seats"][1]["bot"] == "random:speed=nan"
        started = http.post(f"/api/tables/{table}/start", headers=auth(owner))
        assert started.status_code == 200, started.text
        assert wait_for_version(http, table, 6, 15.0) >= 6
    refused = [r.getMessage() for r in caplog.records if "cannot play here" in r.getMessage()]
    assert len(refused) == 1 and "no parameter 'speed'" in refused[0]
