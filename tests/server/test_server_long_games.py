"""Games over days: clocks of hours and days, absent seats that wait, and expiry around them.

A 24-hour clock must outlive a crash of the server (SIGKILL) with its deadline; an absent
person's seat at such a table waits for them instead of going to a bot after the leave grace
(unless the owner chose ``bot``); and an idle table in play does not expire while its clock runs.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TINY, ChildServer, Client, LiveServer, auth, open_table, sqlite_url
from test_server_restart_state import first_to_act

from solocards.server.config import Settings
from solocards.server.live.expiry import IdleWatch
from solocards.server.live.table import Table
from solocards.server.storage import AsyncRepository, Repository, StoredSeat, StoredTable, upgrade

DAY = 24 * 3600.0


def info(http: httpx.Client, table: str) -> dict[str, Any]:
    """The table as the lobby shows it."""
    answer: dict[str, Any] = http.get(f"/api/tables/{table}").json()
    return answer


async def join_and_close(ws: str, table: str, token: str) -> dict[str, Any]:
    """Open the table with a seat token and close the connection without saying ``leave``."""
    async with Client(ws) as player:
        return await player.join(table, token)


@pytest.mark.parametrize("seconds", [12 * 3600, 24 * 3600, 3 * 24 * 3600])
def test_clocks_of_hours_and_days_are_accepted(http: httpx.Client, seconds: int) -> None:
    created = http.post("/api/tables", json={"game": TINY, "clock": {"seconds": seconds}})
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    assert table["clock"] == {"seconds": seconds, "on_timeout": "bot"}
    assert table["absent"] == "wait"  # a game over days waits for its players by default


def test_a_clock_longer_than_three_days_is_refused(http: httpx.Client) -> None:
    refused = http.post("/api/tables", json={"game": TINY, "clock": {"seconds": 3 * DAY + 1}})
    assert refused.status_code == 422
    assert "259200" in refused.text


def test_the_owner_chooses_what_happens_to_an_absent_seat(http: httpx.Client) -> None:
    def absent(**body: Any) -> Any:
        created = http.post("/api/tables", json={"game": TINY, **body})
        assert created.status_code == 201, created.text
        return created.json()["table"]["absent"]

    assert absent() == "bot"  # as before: no clock, a bot plays an absent seat
    assert absent(absent="wait") == "wait"
    assert absent(clock={"seconds": DAY}, absent="bot") == "bot"
    assert absent(clock={"seconds": 60}) == "bot"
    refused = http.post("/api/tables", json={"game": TINY, "absent": "maybe"})
    assert refused.status_code == 422


@pytest.mark.parametrize(
    ("create", "handed_to_bot"),
    [
        ({"clock": {"seconds": DAY}}, False),
        ({"clock": {"seconds": DAY}, "absent": "bot"}, True),
        ({"absent": "wait"}, False),
        ({}, True),
    ],
)
def test_an_absent_seat_goes_to_a_bot_only_where_the_owner_chose_it(
    tmp_path: Path, create: dict[str, Any], handed_to_bot: bool
) -> None:
    settings: dict[str, Any] = {"leave_grace": 0.3, "allow_seed": True}
    with (
        LiveServer(sqlite_url(tmp_path), **settings) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        table, _, tokens = open_table(
            http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, seed=first_to_act(0), **create
        )
        asyncio.run(join_and_close(server.ws, table, tokens[0]))  # the tab is closed
        deadline = time.monotonic() + 2.0  # well past the leave grace
        while time.monotonic() < deadline and info(http, table)["version"] == 0:
            time.sleep(0.05)
        after = info(http, table)
    # a bot moved for ana (and the tiny game may be over by now), or her seat still waits
    assert (after["version"] > 0) is handed_to_bot
    if not handed_to_bot:
        assert after["status"] == "playing" and after["seats"][0]["away"] is False


def test_an_idle_game_does_not_expire_while_its_clock_of_a_day_runs(tmp_path: Path) -> None:
    fast = {"lobby_expiry": 0.4, "idle_expiry": 0.4, "expiry_interval": 0.1, "allow_seed": True}
    with (
        LiveServer(sqlite_url(tmp_path), **fast) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        seed = first_to_act(0)
        long_game, _, long_tokens = open_table(
            http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, seed=seed, clock={"seconds": DAY}
        )
        unclocked, _, tokens = open_table(
            http, TINY, {0: "bo"}, {1: "eager", 2: "eager"}, seed=seed, absent="wait"
        )
        synced = asyncio.run(join_and_close(server.ws, long_game, long_tokens[0]))
        asyncio.run(join_and_close(server.ws, unclocked, tokens[0]))
        deadline = time.monotonic() + 10.0
        while info(http, unclocked)["status"] != "expired":  # the control: it expires
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(1.0)  # many more looks for idle tables
        kept = info(http, long_game)
    assert synced["clock"]["seat"] == 0
    assert kept["status"] == "playing" and kept["version"] == 0


def test_a_clock_of_a_day_survives_a_crash_with_its_deadline(db_url: str) -> None:
    settings: dict[str, Any] = {"leave_grace": 0.3, "allow_seed": True}
    server = ChildServer(db_url, **settings).start()
    try:
        with httpx.Client(base_url=server.http, timeout=20.0) as http:
            table, _, tokens = open_table(
                http,
                TINY,
                {0: "ana"},
                {1: "eager", 2: "eager"},
                seed=first_to_act(0),
                clock={"seconds": DAY, "on_timeout": "default"},
            )
            before = asyncio.run(join_and_close(server.ws, table, tokens[0]))
        server.kill()  # SIGKILL: no clean shutdown
        server = ChildServer(db_url, port=server.port, **settings).start()
        time.sleep(1.0)  # past the leave grace: ana's seat still waits for her
        with httpx.Client(base_url=server.http, timeout=20.0) as http:
            after = info(http, table)
            synced = asyncio.run(join_and_close(server.ws, table, tokens[0]))
    finally:
        server.kill()
    deadline = before["clock"]["deadline"]
    assert before["version"] == 0 and before["clock"]["seat"] == 0
    assert deadline > time.time() + DAY - 120
    assert after["version"] == 0 and after["seats"][0]["away"] is False
    assert synced["clock"] == {"seat": 0, "deadline": deadline}


def test_the_absent_rule_and_the_language_are_kept_through_a_restart(db_url: str) -> None:
    with LiveServer(db_url) as server, httpx.Client(base_url=server.http) as http:
        body = {"game": TINY, "clock": {"seconds": DAY}, "absent": "bot", "language": "de"}
        created = http.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = created.json()["table"]["id"]
    with LiveServer(db_url) as server, httpx.Client(base_url=server.http) as http:
        kept = info(http, table)
    assert (kept["absent"], kept["language"]) == ("bot", "de")


def test_a_game_over_days_waits_in_the_lobby_as_long_as_a_move() -> None:
    watch = IdleWatch(lobby_expiry=60.0, idle_expiry=600.0)
    quick, long_game = lobby_table("quick", None), lobby_table("long", DAY)
    assert watch.expired([quick, long_game], now=0.0) == []
    assert watch.expired([quick, long_game], now=61.0) == [quick]
    assert watch.expired([long_game], now=DAY - 1) == []
    assert watch.expired([long_game], now=DAY + 1) == [long_game]


def test_a_restart_keeps_a_lobby_table_of_days_older_than_the_lobby_expiry(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    repository = Repository(url)
    upgrade(repository.engine)
    two_hours_ago = datetime.now(UTC) - timedelta(hours=2)
    for table_id, clock in [("quick", 60.0), ("days", DAY)]:
        stored = lobby_stored(table_id, clock)
        stored.created_at = two_hours_ago
        repository.create(stored)
    repository.dispose()
    with (
        LiveServer(url, lobby_expiry=1800.0) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        assert http.get("/api/tables/quick").json()["status"] == "expired"
        assert http.get("/api/tables/days").json()["status"] == "lobby"


def lobby_stored(table_id: str, clock: float | None) -> StoredTable:
    """A lobby table of two empty seats with a move clock of ``clock`` seconds."""
    return StoredTable(
        id=table_id,
        game=TINY,
        players=2,
        options={},
        seed=1,
        public=True,
        status="lobby",
        owner_hash="ab" * 32,
        clock_seconds=clock,
        seats=[StoredSeat(0, "empty"), StoredSeat(1, "empty")],
    )


def lobby_table(table_id: str, clock: float | None) -> Table:
    """The table of :func:`lobby_stored`, in memory."""
    repo = AsyncRepository(Repository("sqlite://"), threaded=False)
    return Table(lobby_stored(table_id, clock), repo, Settings(db_url="sqlite://"))


def test_a_rematch_keeps_the_absent_rule_and_the_language(http: httpx.Client) -> None:
    table, owner, _ = open_table(
        http,
        TINY,
        {},
        {0: "eager", 1: "eager", 2: "eager"},
        clock={"seconds": DAY},
        absent="bot",
        language="uk",
    )
    deadline = time.monotonic() + 20.0
    while info(http, table)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    rematch = http.post(f"/api/tables/{table}/rematch", headers=auth(owner))
    assert rematch.status_code == 201, rematch.text
    again = rematch.json()
    assert (again["absent"], again["language"], again["clock"]["seconds"]) == ("bot", "uk", DAY)
