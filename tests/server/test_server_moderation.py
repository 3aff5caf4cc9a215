"""Moderation: who may moderate, each moderator's action, reports, bans, and the log."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from account_helpers import Browser
from cluster_helpers import cluster_servers
from server_helpers import TINY, Client, LiveServer, auth, open_table, sqlite_url

ADMIN = "moderator-s3cret"


def is_type(kind: str) -> Any:
    return lambda m: m["type"] == kind


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(
        sqlite_url(tmp_path), admin_token=ADMIN, admins="Mod", secure_cookies=False
    ) as live:
        yield live


@pytest.fixture
def http(site: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=site.http, timeout=20.0) as client:
        yield client


def admin() -> dict[str, str]:
    return auth(ADMIN)


def test_nobody_else_may_moderate(site: LiveServer, http: httpx.Client) -> None:
    table, _, _ = open_table(http, TINY, {0: "ana"}, {}, players=2, start=False)
    asks = [
        ("GET", "/api/admin/bans", None),
        ("GET", "/api/admin/reports", None),
        ("GET", "/api/admin/log", None),
        ("POST", "/api/admin/bans", {"kind": "name", "value": "x", "minutes": 5}),
        ("DELETE", "/api/admin/bans/1", None),
        ("POST", f"/api/tables/{table}/moderation/close", None),
        ("POST", f"/api/tables/{table}/moderation/seats/0/remove", None),
        ("POST", f"/api/tables/{table}/moderation/chat/1/hide", None),
    ]
    with Browser(site.http) as player:
        assert player.sign_up("Ana2").status_code == 201
        for method, path, body in asks:
            assert http.request(method, path, json=body).status_code == 401, path
            guessed = http.request(method, path, json=body, headers=auth("guess"))
            assert guessed.status_code == 403, path
            assert player.request(method, path, json=body).status_code == 403, path
    assert http.get(f"/api/tables/{table}").json()["status"] == "lobby"


def test_an_admin_account_may_moderate_with_its_login(site: LiveServer) -> None:
    with Browser(site.http) as mod:
        assert mod.sign_up("MOD").status_code == 201  # the admins setting folds case
        assert mod.get("/api/admin/bans").status_code == 200
        made = mod.post("/api/admin/bans", json={"kind": "name", "value": "Troll", "minutes": 5})
        assert made.status_code == 201, made.text
        assert mod.forge("POST", "/api/admin/bans", json={}).status_code == 403  # CSRF
        entry = mod.get("/api/admin/log").json()[0]
        assert entry["by"] == "account:MOD" and entry["action"] == "ban"


def test_closing_a_table_tells_its_clients_and_is_logged(
    site: LiveServer, http: httpx.Client
) -> None:
    table, _, tokens = open_table(http, TINY, {0: "ana", 1: "bo"}, {}, players=2)

    async def run() -> None:
        async with Client(site.ws) as ana:
            await ana.join(table, tokens[0])
            closed = http.post(f"/api/tables/{table}/moderation/close", headers=admin())
            assert closed.status_code == 200, closed.text
            told = await ana.recv_until(
                lambda m: m["type"] == "table" and m["info"]["status"] == "expired"
            )
            assert told["table"] == table

    asyncio.run(run())
    assert http.get(f"/api/tables/{table}").json()["status"] == "expired"
    again = http.post(f"/api/tables/{table}/moderation/close", headers=admin())
    assert again.status_code in (409, 410)
    assert http.get("/api/admin/log", headers=admin()).json()[0] == {
        "at": http.get("/api/admin/log", headers=admin()).json()[0]["at"],
        "by": "token",
        "action": "close_table",
        "table": table,
        "detail": {},
    }


def test_a_removed_player_loses_the_seat_to_a_bot(site: LiveServer, http: httpx.Client) -> None:
    lobby, _, _ = open_table(http, TINY, {0: "ana"}, {}, players=2, start=False)
    freed = http.post(f"/api/tables/{lobby}/moderation/seats/0/remove", headers=admin())
    assert freed.json()["done"] == "freed"
    assert http.get(f"/api/tables/{lobby}").json()["seats"][0]["kind"] == "empty"
    table, _, tokens = open_table(http, TINY, {0: "ana", 1: "bo"}, {}, players=2)
    removed = http.post(f"/api/tables/{table}/moderation/seats/0/remove", headers=admin())
    assert removed.status_code == 200 and removed.json()["done"] == "replaced"
    seat = http.get(f"/api/tables/{table}").json()["seats"][0]
    assert seat["away"] is True and seat["name"] == "ana"
    bot_seat = http.post(f"/api/tables/{lobby}/moderation/seats/1/remove", headers=admin())
    assert bot_seat.status_code == 409  # an empty seat holds no person

    async def run() -> None:
        async with Client(site.ws) as ana:
            await ana.send({"type": "join", "table": table, "token": tokens[0]})
            refused = await ana.error()
            assert refused["code"] == "bad_token"

    asyncio.run(run())
    entries = http.get("/api/admin/log", headers=admin()).json()
    assert [(e["action"], e["table"], e["detail"]) for e in entries] == [
        ("remove_player", table, {"seat": 0, "name": "ana"}),
        ("remove_player", lobby, {"seat": 0, "name": "ana"}),
    ]


def test_a_reported_line_is_listed_hidden_and_its_author_banned(
    site: LiveServer, http: httpx.Client
) -> None:
    table, _, tokens = open_table(http, TINY, {0: "ana"}, {}, players=2, start=False)

    async def run() -> None:
        async with Client(site.ws) as ana, Client(site.ws) as zoe:
            await ana.join(table, tokens[0])
            await zoe.send({"type": "join", "table": table, "name": "zoe"})
            await zoe.recv_until(lambda m: m["type"] in ("sync", "events"))
            await zoe.send({"type": "chat", "text": "something rude"})
            line = (await ana.recv_until(is_type("chat")))["lines"][0]
            path = f"/api/tables/{table}/chat/{line['id']}"
            assert http.post(f"{path}/report").json() == {"reported": True}
            assert http.post(f"{path}/report").json() == {"reported": False}  # once an address
            assert http.post(f"/api/tables/{table}/chat/99/report").status_code == 404
            reports = http.get("/api/admin/reports", headers=admin()).json()
            assert [(r["text"], r["author"], r["reports"]) for r in reports] == [
                ("something rude", "zoe", 1)
            ]
            assert "reporter" not in str(reports) and "127.0.0.1" not in str(reports)
            hidden = http.post(
                f"/api/tables/{table}/moderation/chat/{line['id']}/hide", headers=admin()
            )
            assert hidden.status_code == 200
            gone = await ana.recv_until(is_type("chat_hidden"))
            assert gone["line"] == line["id"]
            assert http.get("/api/admin/reports", headers=admin()).json() == []
            async with Client(site.ws) as late:
                assert (await late.join(table))["chat"] == []
            # a hidden line can no longer be reported; a kept one's author can be banned
            await zoe.send({"type": "chat", "text": "and again"})
            second = (await ana.recv_until(is_type("chat")))["lines"][0]
            banned = http.post(
                f"/api/tables/{table}/moderation/chat/{second['id']}/ban",
                json={"kind": "address", "minutes": 10, "reason": "abuse"},
                headers=admin(),
            )
            assert banned.status_code == 201, banned.text
            assert "127.0.0.1" not in banned.text  # the address is never shown

    asyncio.run(run())
    # the address (this test's own) may read but no longer change anything or connect
    assert http.get("/api/tables").status_code == 200
    refused = http.post("/api/tables", json={"game": TINY})
    assert refused.status_code == 403
    assert refused.json() == {"detail": "this address may not play here for now"}

    async def connect() -> None:
        with pytest.raises(websockets.exceptions.InvalidStatus):
            async with websockets.connect(site.ws):
                pass

    asyncio.run(connect())
    bans = http.get("/api/admin/bans", headers=admin()).json()
    assert [(b["kind"], b["reason"]) for b in bans] == [("address", "abuse")]
    assert http.delete(f"/api/admin/bans/{bans[0]['id']}", headers=admin()).status_code == 200
    assert http.post("/api/tables", json={"game": TINY}).status_code == 201
    actions = [entry["action"] for entry in http.get("/api/admin/log", headers=admin()).json()]
    assert actions == ["lift_ban", "ban_author", "hide_chat_line"]


def test_a_banned_name_may_not_sit_watch_or_sign_up(site: LiveServer, http: httpx.Client) -> None:
    made = http.post(
        "/api/admin/bans",
        json={"kind": "name", "value": "Troll", "minutes": 60, "reason": "spam"},
        headers=admin(),
    )
    assert made.status_code == 201
    table, _, _ = open_table(http, TINY, {}, {}, players=2, start=False)
    for name in ("troll", "ТROLL"):  # its case and a Cyrillic look-alike of T
        taken = http.post(f"/api/tables/{table}/seats/0", json={"name": name})
        assert taken.status_code == 403, name
        assert "may not be used here" in taken.json()["detail"]
    assert http.post(f"/api/tables/{table}/seats/0", json={"name": "ana"}).status_code == 201

    async def run() -> None:
        async with Client(site.ws) as watcher:
            await watcher.send({"type": "join", "table": table, "name": "Troll"})
            refused = await watcher.error()
            assert "may not be used here" in refused["message"]

    asyncio.run(run())
    with Browser(site.http) as newcomer:
        assert newcomer.sign_up("TROLL").status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {"kind": "colour", "value": "x", "minutes": 5},
        {"kind": "name", "value": "", "minutes": 5},
        {"kind": "name", "value": "x", "minutes": 0},
        {"kind": "name", "value": "x", "minutes": 10**9},
        {"kind": "name", "value": "x" * 129, "minutes": 5},
    ],
)
def test_a_bad_ban_is_refused(http: httpx.Client, body: dict[str, Any]) -> None:
    assert http.post("/api/admin/bans", json=body, headers=admin()).status_code == 422
    assert http.get("/api/admin/bans", headers=admin()).json() == []


def test_a_ban_set_on_one_process_holds_on_another(pg_url: str, redis_url: str) -> None:
    namespace = f"moderation-{uuid.uuid4().hex[:8]}"
    first, second = cluster_servers(pg_url, redis_url, namespace, 2, admin_token=ADMIN)
    try:
        with httpx.Client(timeout=20.0) as http:
            made = http.post(
                f"{first.http}/api/admin/bans",
                json={"kind": "name", "value": "Troll", "minutes": 60},
                headers=admin(),
            )
            assert made.status_code == 201
            table, _, _ = open_table(
                httpx.Client(base_url=second.http, timeout=20.0), TINY, {}, {}, start=False
            )
            deadline = time.monotonic() + 15  # the other process reads bans every 5 s
            while True:
                taken = http.post(
                    f"{second.http}/api/tables/{table}/seats/0", json={"name": "troll"}
                )
                if taken.status_code == 403:
                    break
                assert taken.status_code == 201, taken.text
                http.delete(
                    f"{second.http}/api/tables/{table}/seats/0", headers=auth(taken.json()["token"])
                )
                assert time.monotonic() < deadline, "the ban never reached the other process"
                time.sleep(0.5)
            log = http.get(f"{second.http}/api/admin/log", headers=admin()).json()
            assert [entry["action"] for entry in log] == ["ban"]
    finally:
        for server in (first, second):
            server.kill()


def test_a_dismissed_report_leaves_the_line(site: LiveServer, http: httpx.Client) -> None:
    table, _, tokens = open_table(http, TINY, {0: "ana"}, {}, players=2, start=False)

    async def run() -> None:
        async with Client(site.ws) as ana:
            await ana.join(table, tokens[0])
            await ana.send({"type": "chat", "text": "fine words"})
            line = (await ana.recv_until(is_type("chat")))["lines"][0]
            assert http.post(f"/api/tables/{table}/chat/{line['id']}/report").status_code == 201
            body = {"table": table, "line": line["id"]}
            dismissed = http.post("/api/admin/reports/dismiss", json=body, headers=admin())
            assert dismissed.json()["dismissed"] == 1
            assert http.get("/api/admin/reports", headers=admin()).json() == []
            again = http.post("/api/admin/reports/dismiss", json=body, headers=admin())
            assert again.status_code == 404
            async with Client(site.ws) as late:
                assert [kept["text"] for kept in (await late.join(table))["chat"]] == ["fine words"]

    asyncio.run(run())
    assert http.get("/api/admin/log", headers=admin()).json()[0]["action"] == "dismiss_report"
