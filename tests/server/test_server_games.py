"""Whole games over real sockets, and the check that no hidden card ever reaches a client.

Every registered game (and the tiny test game) is played to the end of a match: one scripted
player against bots, watched by a spectator; then with a scripted client in every seat. Each
message every client received is checked by the referee against the replayed record.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest
from server_helpers import (
    STATE_MESSAGES,
    TINY,
    Client,
    LiveServer,
    is_loadable,
    open_table,
    play_until,
)
from server_referee import Referee

import solocards
from solocards.games.registry import games

# Shorter matches than the defaults, so that a game over the network takes seconds.
SHORT: dict[str, dict[str, Any]] = {
    "uno": {"rounds": 2},
    "amigo-solo": {"start_total": 100},
}
GAMES = [TINY, *(game for game in games() if is_loadable(game))]


def finished(message: dict[str, Any]) -> bool:
    """A state message of a finished game."""
    return message["type"] in STATE_MESSAGES and message["status"] == "finished"


def check_record(http: httpx.Client, table: str, game_id: str) -> dict[str, Any]:
    """Fetch the record of the finished table and check it replays to a finished match."""
    response = http.get(f"/api/tables/{table}/record")
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    assert record["game"] == game_id
    assert solocards.replay(record).is_over
    return record


@pytest.mark.parametrize("game_id", GAMES)
def test_one_player_against_bots(game_id: str, server: LiveServer, http: httpx.Client) -> None:
    options = SHORT.get(game_id, {})
    players = solocards.make(game_id, **options).players
    bots = {seat: "random" if seat == 1 else "eager" for seat in range(1, players)}
    table, _, tokens = open_table(http, game_id, {0: "ana"}, bots, options=options)

    async def play() -> tuple[Client, Client, dict[str, Any]]:
        async with Client(server.ws) as player, Client(server.ws) as spectator:
            await spectator.join(table)
            joined = await player.join(table, tokens[0])
            assert joined["type"] == "sync" and joined["seat"] == 0
            assert joined["view"]["seat"] == 0 and joined["info"]["status"] == "playing"
            last = await play_until(player, random.Random(7))
            await spectator.recv_until(finished)
            return player, spectator, last

    player, spectator, last = asyncio.run(play())
    record = check_record(http, table, game_id)
    assert record["names"][0] == "ana"
    assert last["totals"] == record["totals"] and last["winners"] == record["winners"]
    assert last["version"] == sum(len(r["actions"]) for r in record["rounds"])
    assert any(seat == 0 for r in record["rounds"] for seat, _ in r["actions"])
    referee = Referee(record)
    referee.check_all(player.received, 0)
    referee.check_all(spectator.received, None)
    assert referee.checked == len(player.received) + len(spectator.received) > 2


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_a_client(game_id: str, server: LiveServer, http: httpx.Client) -> None:
    """Every seat played by a scripted client: no seat and no spectator sees a hidden card."""
    options = SHORT.get(game_id, {})
    players = solocards.make(game_id, **options).players
    humans = {seat: f"player{seat}" for seat in range(players)}
    table, _, tokens = open_table(http, game_id, humans, {}, options=options)

    async def seat(client: Client, index: int) -> None:
        await client.join(table, tokens[index])
        await play_until(client, random.Random(index))

    async def play() -> tuple[list[Client], Client]:
        clients = [Client(server.ws) for _ in range(players)]
        spectator = Client(server.ws)
        for client in [*clients, spectator]:
            await client.__aenter__()
        try:
            await spectator.join(table)
            await asyncio.gather(*(seat(client, i) for i, client in enumerate(clients)))
            await spectator.recv_until(finished)
        finally:
            for client in [*clients, spectator]:
                await client.__aexit__()
        return clients, spectator

    clients, spectator = asyncio.run(play())
    record = check_record(http, table, game_id)
    referee = Referee(record)
    for index, client in enumerate(clients):
        referee.check_all(client.received, index)
    referee.check_all(spectator.received, None)
    assert sum(isinstance(m.get("view"), dict) for m in spectator.received) > 2


def test_the_referee_catches_a_leak(server: LiveServer, http: httpx.Client) -> None:
    """The leak check can fail: a message with another seat's card in it is caught."""
    table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})

    async def play() -> list[dict[str, Any]]:
        async with Client(server.ws) as player:
            await player.join(table, tokens[0])
            await play_until(player, random.Random(1))
            return player.received

    received = asyncio.run(play())
    record = check_record(http, table, TINY)
    referee = Referee(record)
    first = received[0]
    other_hand = solocards.replay(record, upto=first["version"]).state.snapshot()["hands"][1]
    forged = {**first, "note": f"seat 1 holds {other_hand[0]}"}
    with pytest.raises(AssertionError, match="hidden"):
        referee.check(forged, 0, 0)
    wrong_view = {**first, "view": {**first["view"], "hand": other_hand}}
    with pytest.raises(AssertionError, match="not the engine's"):
        referee.check(wrong_view, 0, 0)


def test_a_five_player_frog_table_with_bots_finishes(
    server: LiveServer, http: httpx.Client
) -> None:
    """Frog for five: one player and four bots; the two seats out each deal act nowhere."""
    options = {"deals": 5}
    bots = {seat: "heuristic" if seat % 2 else "random" for seat in range(1, 5)}
    table, _, tokens = open_table(http, "frog", {0: "ana"}, bots, players=5, options=options)
    info = http.get(f"/api/tables/{table}").json()
    assert info["players"] == 5

    async def play() -> tuple[Client, Client, dict[str, Any]]:
        async with Client(server.ws) as player, Client(server.ws) as spectator:
            await spectator.join(table)
            joined = await player.join(table, tokens[0])
            assert joined["view"]["players"] == 5
            assert len(joined["view"]["sitting_out_seats"]) == 2
            last = await play_until(player, random.Random(5))
            await spectator.recv_until(finished)
            return player, spectator, last

    player, spectator, last = asyncio.run(play())
    record = check_record(http, table, "frog")
    assert record["players"] == 5 and len(record["rounds"]) == 5
    assert last["totals"] == record["totals"] and sum(record["totals"]) == 0
    for round_ in record["rounds"]:
        dealer = round_["dealer"]
        assert {seat for seat, _ in round_["actions"]}.isdisjoint({dealer, (dealer + 3) % 5})
    referee = Referee(record)
    referee.check_all(player.received, 0)
    referee.check_all(spectator.received, None)
