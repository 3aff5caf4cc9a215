"""The move clock and absent players: bots take over, default moves, taking a seat back."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
from server_helpers import (
    STATE_MESSAGES,
    TINY,
    Client,
    LiveServer,
    open_table,
    play_until,
    sqlite_url,
)
from server_referee import Referee


def seat_away(seat: int, away: bool) -> Any:
    """A ``table`` message saying whether a bot plays ``seat``."""
    return lambda m: m["type"] == "table" and m["info"]["seats"][seat]["away"] is away


def moved_by(seat: int, count: int) -> Any:
    """An update with the ``count``-th action of ``seat`` seen by this predicate."""
    seen: set[int] = set()

    def predicate(message: dict[str, Any]) -> bool:
        if message["type"] == "update" and message["event"]["seat"] == seat:
            seen.add(message["version"])
        return len(seen) >= count

    return predicate


def finished(message: dict[str, Any]) -> bool:
    return message["type"] in STATE_MESSAGES and message["status"] == "finished"


def test_timeout_hands_the_seat_to_a_bot_until_the_player_resumes(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), min_clock_seconds=0.1) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(
            http,
            TINY,
            {0: "ana"},
            {1: "eager", 2: "eager"},
            options={"rounds": 3},
            clock={"seconds": 0.3, "on_timeout": "bot"},
        )
        info = http.get(f"/api/tables/{table}").json()
        assert info["clock"] == {"seconds": 0.3, "on_timeout": "bot"}

        async def run() -> Client:
            async with Client(server.ws) as player:
                joined = await player.join(table, tokens[0])
                assert joined["info"]["seats"][0]["away"] is False
                await player.recv_until(seat_away(0, True), timeout=5)  # idle: out of time
                await player.recv_until(moved_by(0, 2), timeout=10)  # the bot plays seat 0
                await player.send({"type": "resume"})
                await player.recv_until(seat_away(0, False), timeout=5)
                await play_until(player, random.Random(2))
                return player

        player = asyncio.run(run())
        record = http.get(f"/api/tables/{table}/record").json()
    updates = [m for m in player.received if m["type"] in ("update", "sync")]
    assert any(m["clock"] is not None and m["clock"]["seat"] == 0 for m in updates)
    Referee(record).check_all(player.received, 0)


def test_timeout_plays_the_default_move(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), min_clock_seconds=0.1) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(
            http,
            TINY,
            {0: "ana"},
            {1: "eager", 2: "eager"},
            clock={"seconds": 0.2, "on_timeout": "default"},
        )

        async def run() -> list[dict[str, Any]]:
            async with Client(server.ws) as player:
                await player.join(table, tokens[0])
                await player.recv_until(moved_by(0, 2), timeout=10)
                assert not any(
                    m["type"] == "table" and m["info"]["seats"][0]["away"] for m in player.received
                )
                return [
                    m for m in player.received if m["type"] == "update" and m["event"]["seat"] == 0
                ]

        moves = asyncio.run(run())
    # a jump-in never times out: only regular turns, where the default is draw (or pass)
    assert [m["event"]["action"] for m in moves][:2] in (
        ["draw", "draw"],
        ["draw", "pass"],
        ["pass", "pass"],
    )


def test_a_player_who_leaves_is_replaced_and_comes_back(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), leave_grace=0.2) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(
            http, TINY, {0: "ana", 1: "bob"}, {2: "eager"}, options={"rounds": 3}
        )

        async def run() -> tuple[Client, Client, Client]:
            async with Client(server.ws) as spectator, Client(server.ws) as bob:
                await spectator.join(table)
                await bob.join(table, tokens[1])
                async with Client(server.ws) as ana:
                    await ana.join(table, tokens[0])
                # ana's connection dropped: after the grace time a bot plays her seat
                await spectator.recv_until(seat_away(0, True), timeout=5)
                await play_until(bob, random.Random(4), stop=moved_by(0, 2))
                async with Client(server.ws) as again:
                    back = await again.join(table, tokens[0])
                    assert back["info"]["seats"][0]["away"] is False
                    await spectator.recv_until(seat_away(0, False), timeout=5)
                    # bob leaves on purpose: his seat goes to a bot at once
                    await bob.send({"type": "leave"})
                    await bob.recv_until(lambda m: m["type"] == "left")
                    await spectator.recv_until(seat_away(1, True), timeout=5)
                    await play_until(again, random.Random(5))
                await spectator.recv_until(finished)
                return spectator, bob, again

        spectator, bob, again = asyncio.run(run())
        record = http.get(f"/api/tables/{table}/record").json()
    referee = Referee(record)
    referee.check_all(spectator.received, None)
    referee.check_all(bob.received, 1)
    referee.check_all(again.received, 0)


def test_a_seated_player_who_never_connects_is_replaced_after_the_grace(tmp_path: Path) -> None:
    """A person who took a seat but never opened the table must not stall the game forever."""
    with (
        LiveServer(sqlite_url(tmp_path), leave_grace=0.2) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})
        deadline = time.monotonic() + 10.0
        info = http.get(f"/api/tables/{table}").json()
        while info["status"] != "finished" and time.monotonic() < deadline:
            time.sleep(0.05)
            info = http.get(f"/api/tables/{table}").json()
        assert info["status"] == "finished", f"the game stalled on a seat nobody joined: {info}"


def test_a_clock_below_the_servers_minimum_is_refused(http: httpx.Client) -> None:
    refused = http.post("/api/tables", json={"game": TINY, "clock": {"seconds": 1e-300}})
    assert refused.status_code == 400, refused.text
    assert "at least 1 s" in refused.json()["detail"]
    accepted = http.post("/api/tables", json={"game": TINY, "clock": {"seconds": 1.0}})
    assert accepted.status_code == 201, accepted.text
