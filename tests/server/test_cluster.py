"""Several server processes on one PostgreSQL database and one Redis (issue 23).

Real processes: three (or two) servers started with ``broker_url``, clients on different
processes, a process killed with SIGKILL, Redis killed and started again. What was played is
checked from the database: every action number once, in order, a legal match when replayed,
and every view a client was sent equal to its own seat's view of the stored match.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import Any

import httpx
import pytest
from cluster_helpers import Player, RedisServer, cluster_servers, stored_actions
from server_helpers import TINY, auth
from sqlalchemy import create_engine, text

from solocards import Match
from solocards.games.registry import make

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def namespace() -> str:
    """A Redis namespace of the test's own (a shared Redis serves several tests)."""
    return f"test-{uuid.uuid4().hex[:10]}"


def open_spread_table(
    clients: list[httpx.Client], names: list[str], seed: int, **create: Any
) -> tuple[str, list[str]]:
    """A table opened on the first process, each seat taken on another, started on the last:
    the lobby requests about a table are answered wherever they arrive."""
    created = clients[0].post(
        "/api/tables", json={"game": TINY, "players": len(names), "seed": seed, **create}
    )
    assert created.status_code == 201, created.text
    table_id, owner = created.json()["table"]["id"], created.json()["owner_token"]
    tokens = []
    for seat, name in enumerate(names):
        http = clients[seat % len(clients)]
        taken = http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name})
        assert taken.status_code == 201, taken.text
        tokens.append(taken.json()["token"])
    started = clients[-1].post(f"/api/tables/{table_id}/start", headers=auth(owner))
    assert started.status_code == 200, started.text
    return table_id, tokens


def open_bot_table(http: httpx.Client, seed: int, players: int = 3) -> str:
    """A started table of eager bots (they move every ``bot_delay``)."""
    created = http.post(
        "/api/tables",
        json={"game": TINY, "players": players, "seed": seed, "options": {"rounds": 5}},
    )
    assert created.status_code == 201, created.text
    table_id, owner = created.json()["table"]["id"], created.json()["owner_token"]
    for seat in range(players):
        placed = http.post(
            f"/api/tables/{table_id}/seats/{seat}/bot", json={"kind": "eager"}, headers=auth(owner)
        )
        assert placed.status_code == 200, placed.text
    started = http.post(f"/api/tables/{table_id}/start", headers=auth(owner))
    assert started.status_code == 200, started.text
    return table_id


def check_stored(db_url: str, table_id: str, players: int, seed: int, **options: Any) -> Match:
    """Every action number stored once and in order, and the stored actions a legal match."""
    actions = stored_actions(db_url, table_id)
    assert [idx for idx, _, _ in actions] == list(range(len(actions)))
    engine = create_engine(db_url)
    with engine.connect() as conn:
        names = [
            row[0]
            for row in conn.execute(
                text("SELECT name, kind, bot FROM table_seats WHERE table_id = :t ORDER BY seat"),
                {"t": table_id},
            )
        ]
    engine.dispose()
    game = make(TINY, players=players, **options)
    match = Match(game, seed=seed, names=[name or "" for name in names])
    for _, seat, action in actions:
        match.apply(seat, action)
    return match


def check_views(player: Player, seat: int, match_at: Any) -> None:
    """Every view ``player`` was sent is its own seat's view of the stored match then (an
    update's view comes without its log, ``view(seat, log=False)``; a sync's with it)."""
    assert player.states
    for version, view in player.states:
        state = match_at(version).state
        whole = "log" in view
        expected = json.loads(
            json.dumps(state.view(seat) if whole else state.view(seat, log=False))
        )
        assert view == expected, f"seat {seat} at version {version}"


def replayer(
    db_url: str, table_id: str, players: int, seed: int, names: list[str], **options: Any
) -> Any:
    """``version -> Match`` replayed from the stored actions up to that version."""
    actions = stored_actions(db_url, table_id)
    game = make(TINY, players=players, **options)

    def at(version: int) -> Match:
        match = Match(game, seed=seed, names=names)
        for _, seat, action in actions[:version]:
            match.apply(seat, action)
        return match

    return at


def test_three_processes_play_one_table_each_seat_its_own_view(pg_url: str, redis_url: str) -> None:
    servers = cluster_servers(
        pg_url, redis_url, namespace(), 3, allow_seed=True, create_burst=4, create_per_minute=0.01
    )
    clients = [httpx.Client(base_url=server.http, timeout=20.0) for server in servers]
    try:
        names = ["ana", "bo", "cy"]
        table_id, tokens = open_spread_table(clients, names, seed=7)
        # each seat plays from another process; seat 0's process holds the table
        players = [
            Player([servers[seat].ws], table_id, tokens[seat], seed=seat) for seat in range(3)
        ]

        async def play() -> list[dict[str, Any]]:
            return await asyncio.gather(*(player.play(60.0) for player in players))

        finals = asyncio.run(play())
        assert {final["version"] for final in finals} == {final["version"] for final in finals[:1]}
        assert all(final["status"] == "finished" for final in finals)
        match = check_stored(pg_url, table_id, 3, 7)
        assert match.is_over
        assert finals[0]["version"] == len(stored_actions(pg_url, table_id))
        at = replayer(pg_url, table_id, 3, 7, names)
        for seat, player in enumerate(players):
            check_views(player, seat, at)
            assert not [e for e in player.errors if e["code"] != "stale_version"], player.errors
        # the lobby shows the same table on every process
        shown = [client.get(f"/api/tables/{table_id}").json() for client in clients]
        assert all(info["status"] == "finished" for info in shown)
        assert len({json.dumps(info, sort_keys=True) for info in shown}) == 1
        check_shared_limits_and_lobby(clients)
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.kill()


def check_shared_limits_and_lobby(clients: list[httpx.Client]) -> None:
    """Four tables from 127.0.0.1 in all (one is played already), whichever process opens
    them; and every process lists the public tables of all (within a renewal, a second)."""
    answers = [clients[index % 2].post("/api/tables", json={"game": TINY}) for index in range(4)]
    assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
    refused = clients[2].post("/api/tables", json={"game": TINY})
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 1000
    made = {answer.json()["table"]["id"] for answer in answers[:3]}
    deadline = time.monotonic() + 5.0
    while True:
        listed = [{t["id"] for t in client.get("/api/tables").json()} for client in clients]
        if listed == [made] * len(clients) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert listed == [made] * len(clients)


def version_of(http: httpx.Client, table_id: str) -> int:
    """The table's version as the lobby shows it."""
    response = http.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    version: int = response.json()["version"]
    return version


def test_the_holder_killed_mid_game_its_tables_go_on_elsewhere(pg_url: str, redis_url: str) -> None:
    servers = cluster_servers(pg_url, redis_url, namespace(), 3, allow_seed=True, bot_delay=0.05)
    holder = servers[0]
    clients = [httpx.Client(base_url=server.http, timeout=20.0) for server in servers]
    try:
        bot_tables = [open_bot_table(clients[0], seed=seed) for seed in (11, 12, 13)]
        # a table of two people who never connect: its move clock plays their default moves
        # (it must be re-armed where the table goes)
        clock_table, _ = open_spread_table(
            [clients[0]],
            ["dee", "eve"],
            seed=21,
            options={"rounds": 5},
            clock={"seconds": 1, "on_timeout": "default"},
        )
        bot_tables.append(clock_table)
        names = ["ana", "bo", "cy"]
        table_id, tokens = open_spread_table([clients[0]], names, seed=5, options={"rounds": 5})
        # seat 0 plays on the holder (it reconnects to another process), seats 1 and 2 on the
        # others (forwarded to the holder, then joined again where the table goes)
        players = [
            Player([servers[0].ws, servers[1].ws], table_id, tokens[0], seed=0),
            Player([servers[1].ws], table_id, tokens[1], seed=1),
            Player([servers[2].ws], table_id, tokens[2], seed=2),
        ]

        async def play() -> tuple[list[dict[str, Any]], float, list[int]]:
            while version_of(clients[1], clock_table) == 0:  # the clock's first default move
                await asyncio.sleep(0.1)
            games = [asyncio.create_task(player.play(90.0)) for player in players]
            while min(p.version or 0 for p in players) < 6:
                await asyncio.sleep(0.05)
            before = [version_of(clients[1], t) for t in bot_tables]
            assert all(version > 0 for version in before)
            holder.kill()
            killed = time.monotonic()
            # every table of bots or of a running clock moves on within 5 s of the kill
            waiting = set(range(len(bot_tables)))
            while waiting and time.monotonic() - killed < 5.0:
                for index in sorted(waiting):
                    try:
                        shown = clients[1].get(f"/api/tables/{bot_tables[index]}")
                    except httpx.HTTPError:
                        continue
                    if shown.status_code == 200 and shown.json()["version"] > before[index]:
                        waiting.discard(index)
                await asyncio.sleep(0.1)
            took = time.monotonic() - killed
            assert not waiting, f"tables {sorted(waiting)} did not move on within 5 s"
            finals = await asyncio.gather(*games)
            return finals, took, before

        finals, took, _before = asyncio.run(play())
        print(f"the busy tables moved on {took:.2f} s after the kill")
        assert all(final["status"] == "finished" for final in finals)
        assert players[0].reconnects >= 1
        match = check_stored(pg_url, table_id, 3, 5, rounds=5)
        assert match.is_over
        assert finals[0]["version"] == len(stored_actions(pg_url, table_id))
        # the clients forwarded to the killed process were joined again where the table went
        assert players[1].syncs >= 2 and players[2].syncs >= 2
        at = replayer(pg_url, table_id, 3, 5, names, rounds=5)
        for seat, player in enumerate(players):
            check_views(player, seat, at)
            assert player.version == finals[0]["version"]
            assert not [e for e in player.errors if e["code"] not in ("stale_version",)], (
                player.errors
            )
        for bot_table, seed in zip(bot_tables, (11, 12, 13), strict=False):
            check_stored(pg_url, bot_table, 3, seed, rounds=5)
        check_stored(pg_url, clock_table, 2, 21, rounds=5)
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.kill()


def test_redis_restarted_mid_game_clients_resync_and_play_on(
    pg_url: str, redis_server: RedisServer
) -> None:
    servers = cluster_servers(pg_url, redis_server.url, namespace(), 2, allow_seed=True)
    clients = [httpx.Client(base_url=server.http, timeout=20.0) for server in servers]
    try:
        names = ["ana", "bo"]
        table_id, tokens = open_spread_table(clients[:1], names, seed=9, options={"rounds": 5})
        players = [
            Player([servers[seat].ws], table_id, tokens[seat], seed=seat) for seat in range(2)
        ]

        async def play() -> list[dict[str, Any]]:
            games = [asyncio.create_task(player.play(90.0)) for player in players]
            while min(p.version or 0 for p in players) < 4:
                await asyncio.sleep(0.05)
            redis_server.kill()
            await asyncio.sleep(1.0)
            redis_server.start()
            return await asyncio.gather(*games)

        finals = asyncio.run(play())
        assert all(final["status"] == "finished" for final in finals)
        match = check_stored(pg_url, table_id, 2, 9, rounds=5)
        assert match.is_over
        assert finals[0]["version"] == finals[1]["version"] == len(stored_actions(pg_url, table_id))
        # the forwarded client was sent a full sync after Redis came back, on the same socket
        assert players[1].syncs >= 2
        assert players[1].reconnects == 0
        at = replayer(pg_url, table_id, 2, 9, names, rounds=5)
        for seat, player in enumerate(players):
            check_views(player, seat, at)
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.kill()
