"""A (re)joining page gets the finished rounds with its sync (issue 40.3: a reload forgot the
score history and the earlier rounds' log): each round as the seat saw its end, the very view
its ``round_over`` update carried, so nothing hidden from the seat is sent."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
from server_helpers import Client, LiveServer, open_table, play_until, sqlite_url


def round_over(message: dict[str, Any]) -> bool:
    return message["type"] == "update" and bool(message.get("round_over"))


def test_a_sync_carries_each_finished_round_as_the_seat_saw_it(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path)) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        options = {"hand_size": 3, "rounds": 3}
        table, _, tokens = open_table(
            http, "uno", {0: "ana"}, {1: "eager"}, players=2, options=options
        )

        async def run() -> None:
            async with Client(server.ws) as player:
                first = await player.join(table, tokens[0])
                assert "rounds" not in first  # nothing finished yet
                over = await play_until(player, random.Random(2), round_over, timeout=30)
            async with Client(server.ws) as again, Client(server.ws) as watcher:
                sync = await again.join(table, tokens[0])
                [past] = sync["rounds"]
                ended = over["round_over"]
                assert past["round"] == ended["round"] == 0
                assert past["view"] == ended["view"] and past["result"] == ended["result"]
                assert past["totals"] == over["totals"] and past["summary"]
                assert len(past["notes"]["actions"]) == len(past["view"]["log"])
                seen = await watcher.join(table)
                assert seen["rounds"][0]["view"]["seat"] is None  # a spectator's view
                assert seen["rounds"][0]["view"]["hand"] is None

        asyncio.run(run())
