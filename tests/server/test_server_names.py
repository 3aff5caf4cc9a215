"""Names and chat lines are shown as written: bidi controls and zero-width characters are taken
out (they turned the page around or made a blank line), and two names that read alike may not
sit at one table."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from server_helpers import TINY, Client, LiveServer, open_table, sqlite_url

RLO, LRI, PDI, ZWSP, BOM = "\u202e", "\u2066", "\u2069", "\u200b", "\ufeff"


def test_seat_names_lose_invisible_characters_and_may_not_repeat(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server, httpx.Client(base_url=server.http) as http:
        table, _, _ = open_table(http, TINY, {0: f"{RLO}ana{ZWSP}"}, {}, start=False, players=3)
        seats = http.get(f"/api/tables/{table}").json()["seats"]
        assert seats[0]["name"] == "ana"
        for name in ("ANA", f"a{ZWSP}na", "ａｎａ", f"{LRI}ana{PDI}"):
            taken = http.post(f"/api/tables/{table}/seats/1", json={"name": name})
            assert taken.status_code == 409, (name, taken.text)
            assert "seat 0 is named" in taken.json()["detail"]
        blank = http.post(f"/api/tables/{table}/seats/1", json={"name": ZWSP + BOM + "\u3164"})
        assert blank.status_code == 422
        assert "the name needs a visible character" in blank.text
        assert http.post(f"/api/tables/{table}/seats/1", json={"name": "bo"}).status_code == 201
        seats = http.get(f"/api/tables/{table}").json()["seats"]
        assert [seat.get("name") for seat in seats[:2]] == ["ana", "bo"]


def test_chat_and_spectator_names_lose_invisible_characters(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager"}, players=2)

        async def run() -> None:
            async with Client(server.ws) as ana, Client(server.ws) as zoe:
                await ana.join(table, tokens[0])
                await zoe.send({"type": "join", "table": table, "name": "Ana"})
                refused = await zoe.recv_until(lambda m: m["type"] == "error")
                assert refused["code"] == "bad_message" and "player's name" in refused["message"]
                await zoe.send({"type": "join", "table": table, "name": f"{RLO}zoe{BOM}"})
                await zoe.recv_until(lambda m: m["type"] in ("sync", "events"))
                listed = await ana.recv_until(lambda m: m["type"] == "spectators")
                assert listed["names"] == ["zoe"]
                await ana.send({"type": "chat", "text": ZWSP * 3})
                blank = await ana.recv_until(lambda m: m["type"] == "error")
                assert blank["code"] == "bad_chat"
                await ana.send({"type": "chat", "text": f"{LRI}gg{PDI} {RLO}exe.txt"})
                said = await zoe.recv_until(lambda m: m["type"] == "chat")
                assert said["lines"][0]["text"] == "gg exe.txt"

        asyncio.run(run())
