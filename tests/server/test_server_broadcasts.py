"""Announcements to watchers are coalesced and joins are limited, so join spam cannot amplify."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path
from typing import Any

import httpx
from server_helpers import TINY, Client, LiveServer, auth, open_table, play_until, sqlite_url

SPECTATORS = 150
STORMERS = 20
JOINS_EACH = 40


async def drain(client: Client) -> None:
    """Read everything a spectator is sent, until its connection closes."""
    with contextlib.suppress(Exception):
        while True:
            await client.recv(60.0)


async def storm(client: Client, table_id: str) -> list[dict[str, Any]]:
    """Send join after join without waiting; the errors that came back."""
    for _ in range(JOINS_EACH):
        await client.send({"type": "join", "table": table_id})
    await client.ping()
    return [message for message in client.received if message["type"] == "error"]


def test_a_join_storm_among_many_spectators_spares_the_seated_player(tmp_path: Path) -> None:
    settings: dict[str, Any] = {
        "bot_delay": 0.02,
        "send_queue": 64,
        "joins_per_second": 1.0,
        "join_burst": 5,
        "address_joins_per_second": 50.0,
        "address_join_burst": SPECTATORS + STORMERS * 10,
    }
    with LiveServer(sqlite_url(tmp_path), **settings) as server:
        with httpx.Client(base_url=server.http, timeout=20.0) as http:
            table_id, _, tokens = open_table(
                http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, players=3, options={"rounds": 3}
            )

        async def scenario() -> tuple[Client, list[list[dict[str, Any]]], float]:
            async with contextlib.AsyncExitStack() as stack:
                spectators = [
                    await stack.enter_async_context(Client(server.ws)) for _ in range(SPECTATORS)
                ]
                for spectator in spectators:
                    await spectator.join(table_id)
                drains = [asyncio.create_task(drain(spectator)) for spectator in spectators]
                player = await stack.enter_async_context(Client(server.ws))
                await player.join(table_id, tokens[0])
                stormers = [
                    await stack.enter_async_context(Client(server.ws)) for _ in range(STORMERS)
                ]
                started = time.monotonic()
                playing = asyncio.create_task(play_until(player, random.Random(5)))
                errors = await asyncio.gather(*(storm(s, table_id) for s in stormers))
                stormed = time.monotonic() - started
                drains += [asyncio.create_task(drain(stormer)) for stormer in stormers]
                await playing
                for task in drains:
                    task.cancel()
                await asyncio.gather(*(c.__aexit__() for c in [*spectators, *stormers]))
                return player, errors, stormed

        player, errors, stormed = asyncio.run(scenario())

    joined_at = player.received[0]["version"]
    updates = [m["version"] for m in player.received if m["type"] == "update"]
    assert player.received[-1]["status"] == "finished"
    assert updates == list(range(joined_at + 1, updates[-1] + 1)), "the player missed an event"
    announcements = sum(1 for m in player.received if m["type"] == "table")
    assert announcements <= stormed / 0.1 + 10, (
        f"{announcements} table announcements in {stormed:.1f} s of joins"
    )
    limited = [e for stormer in errors for e in stormer if e["code"] == "rate_limited"]
    assert limited and all("join" in e["message"] and e["retry_after"] >= 1 for e in limited)


def test_seat_changes_are_announced_coalesced_the_latest_state_last(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), info_interval=0.2) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        created = http.post("/api/tables", json={"game": TINY, "players": 4}).json()
        table_id, owner = created["table"]["id"], created["owner_token"]

        async def scenario() -> tuple[Client, float]:
            async with Client(server.ws) as watcher:
                await watcher.join(table_id)
                started = time.monotonic()
                for _ in range(15):
                    seat = f"/api/tables/{table_id}/seats/1"
                    await asyncio.to_thread(http.post, seat, json={"name": "bo"})
                    await asyncio.to_thread(http.delete, seat, headers=auth(owner))
                await asyncio.to_thread(
                    http.post, f"/api/tables/{table_id}/seats/3", json={"name": "cy"}
                )
                elapsed = time.monotonic() - started
                await watcher.recv_until(
                    lambda m: m["type"] == "table" and m["info"]["seats"][3]["kind"] == "human"
                )
                await asyncio.sleep(0.5)  # nothing more is due
                await watcher.ping()
                return watcher, elapsed

        watcher, elapsed = asyncio.run(scenario())
    announced = [m for m in watcher.received if m["type"] == "table"]
    assert 1 <= len(announced) <= elapsed / 0.2 + 2, f"{len(announced)} in {elapsed:.2f} s"
    final = [seat["kind"] for seat in announced[-1]["info"]["seats"]]
    assert final == ["empty", "empty", "empty", "human"]
