"""German Solo tables for three and for five: the server seats them and a match with bots ends."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest
from server_helpers import STATE_MESSAGES, Client, LiveServer, open_table, play_until
from server_referee import Referee

import solocards


@pytest.mark.parametrize("players", [3, 5])
def test_a_german_solo_table_with_bots_finishes(
    players: int, server: LiveServer, http: httpx.Client
) -> None:
    bots = {seat: "heuristic" if seat % 2 else "random" for seat in range(1, players)}
    table, _, tokens = open_table(
        http, "german-solo", {0: "ana"}, bots, players=players, options={"deals": players}
    )
    info = http.get(f"/api/tables/{table}").json()
    assert info["players"] == players

    async def play() -> tuple[Client, dict[str, Any]]:
        async with Client(server.ws) as player, Client(server.ws) as spectator:
            await spectator.join(table)
            joined = await player.join(table, tokens[0])
            view = joined["view"]
            assert view["players"] == players and len(view["hand"]) == 8
            assert len(view["hand_sizes"]) == len(view["tricks_won"]) == players
            last = await play_until(player, random.Random(players))
            await spectator.recv_until(
                lambda m: m["type"] in STATE_MESSAGES and m["status"] == "finished"
            )
            return player, last

    player, last = asyncio.run(play())
    record = http.get(f"/api/tables/{table}/record").json()
    assert record["players"] == players and len(record["rounds"]) == players
    assert solocards.replay(record).is_over
    assert last["totals"] == record["totals"]
    referee = Referee(record)
    referee.check_all(player.received, 0)
