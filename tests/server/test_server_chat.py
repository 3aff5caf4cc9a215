"""The table's chat (free text and quick phrases, checked, rate-limited, kept in memory for
those who join later) and the list of who watches."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from server_helpers import TINY, Client, LiveServer, open_table, sqlite_url


def is_type(kind: str) -> Any:
    return lambda m: m["type"] == kind


def test_players_and_spectators_chat_and_late_joiners_read_it(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager"}, players=2)

        async def run() -> None:
            async with Client(server.ws) as ana, Client(server.ws) as zoe:
                joined = await ana.join(table, tokens[0])
                assert joined["chat"] == [] and joined["spectators"]["count"] == 0
                await zoe.send({"type": "join", "table": table, "name": "zoe"})
                await zoe.recv_until(lambda m: m["type"] in ("sync", "events"))
                listed = await ana.recv_until(is_type("spectators"))
                assert listed["names"] == ["zoe"] and listed["anonymous"] == 0
                await ana.send({"type": "chat", "text": "  hi <b>zoe</b>  "})
                said = await zoe.recv_until(is_type("chat"))
                assert said["lines"] == [
                    {
                        "id": 1,
                        "at": said["lines"][0]["at"],
                        "seat": 0,
                        "name": "ana",
                        "text": "hi <b>zoe</b>",
                    }
                ]
                await zoe.send({"type": "chat", "phrase": "gg"})
                heard = await ana.recv_until(
                    lambda m: m["type"] == "chat" and m["lines"][0]["id"] == 2
                )
                assert heard["lines"][0] | {"at": 0} == {
                    "id": 2,
                    "at": 0,
                    "seat": None,
                    "name": "zoe",
                    "phrase": "gg",
                }
                async with Client(server.ws) as late:
                    synced = await late.join(table)
                    assert [line.get("text", line.get("phrase")) for line in synced["chat"]] == [
                        "hi <b>zoe</b>",
                        "gg",
                    ]
                    assert synced["spectators"] == {"names": ["zoe"], "anonymous": 1, "count": 2}
                gone = await ana.recv_until(
                    lambda m: m["type"] == "spectators" and m["count"] == 1, 5.0
                )
                assert gone["names"] == ["zoe"] and gone["anonymous"] == 0

        asyncio.run(run())


def test_bad_chat_lines_get_a_clear_error_and_change_nothing(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager"}, players=2)

        async def run() -> None:
            async with Client(server.ws) as ana, Client(server.ws) as other:
                await ana.join(table, tokens[0])
                await other.join(table)
                bad: list[tuple[dict[str, Any], str]] = [
                    ({"type": "chat", "text": "x" * 201}, "at most 200 characters"),
                    ({"type": "chat", "text": "a\x00b"}, "control characters (U+0000"),
                    ({"type": "chat", "text": "line\nbreak"}, "control characters (U+000A"),
                    ({"type": "chat", "text": "   "}, "needs some text"),
                    ({"type": "chat", "phrase": "insult"}, "no quick phrase"),
                    ({"type": "chat", "text": "a", "phrase": "gg"}, "either a 'text' or"),
                    ({"type": "chat", "text": 5}, "'text' must be a string"),
                ]
                for message, words in bad:
                    await ana.send(message)
                    problem = await ana.error()
                    assert problem["code"] == "bad_chat" and words in problem["message"]
                # the per-connection budget: a burst, then rate_limited; others keep theirs
                for n in range(6):
                    await ana.send({"type": "chat", "text": f"line {n}"})
                limited = await ana.error()
                assert limited["code"] == "rate_limited" and limited["retry_after"] >= 1
                await other.send({"type": "chat", "phrase": "oops"})
                await ana.ping()
                await other.recv_until(lambda m: m["type"] == "chat" and "phrase" in m["lines"][0])
                chat = [m for m in other.received if m["type"] == "chat"]
                lines = [line.get("text", line.get("phrase")) for m in chat for line in m["lines"]]
                assert lines == ["line 0", "line 1", "line 2", "line 3", "oops"]
                # a chat before joining is refused like any other message
                async with Client(server.ws) as stranger:
                    await stranger.send({"type": "chat", "text": "hello"})
                    assert (await stranger.error())["code"] == "not_joined"

        asyncio.run(run())
