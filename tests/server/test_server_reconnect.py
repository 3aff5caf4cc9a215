"""Coming back: reconnecting with an old version, and a server restarted in the middle of a game.

The restart tests run on SQLite and, where CI provides one, on PostgreSQL (a server in a
thread, stopped and started again); on SQLite the server also runs as a child process that is
killed outright.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
from server_helpers import (
    STATE_MESSAGES,
    TINY,
    ChildServer,
    Client,
    LiveServer,
    open_table,
    play_until,
    sqlite_url,
)
from server_referee import Referee

import solocards


def state_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] in STATE_MESSAGES]


def my_turn_after(version: int) -> Any:
    """Stop once the table is past ``version`` and it is seat 0's regular turn (tiny game)."""
    return lambda m: m["version"] >= version and m["view"]["current"] == 0


async def settle(client: Client, timeout: float = 20.0) -> dict[str, Any]:
    """Let the bots finish reacting (then the table waits for the seat), and resync.

    The bots' reactions take longer on a loaded machine, so this asks again until two syncs
    0.3 s apart show the same version with seat 0 to act, rather than trusting one pause.
    """
    deadline = asyncio.get_running_loop().time() + timeout
    previous: dict[str, Any] | None = None
    while True:
        await asyncio.sleep(0.3)
        await client.send({"type": "sync"})
        synced = await client.recv_until(lambda m: m["type"] == "sync")
        waiting = synced["view"]["current"] == 0 and synced["view"]["can_act"]
        if waiting and previous is not None and previous["version"] == synced["version"]:
            return synced
        previous = synced if waiting else None
        assert asyncio.get_running_loop().time() < deadline, (
            f"the table never settled on seat 0: {synced['view']['current']=}"
        )


def test_reconnect_with_an_old_version_gets_the_missed_events(
    server: LiveServer, http: httpx.Client
) -> None:
    table, _, tokens = open_table(
        http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, options={"rounds": 2}
    )
    rng = random.Random(5)

    async def run() -> tuple[list[Client], dict[str, Any], int]:
        async with Client(server.ws) as first:
            await first.join(table, tokens[0])
            await play_until(first, rng, stop=my_turn_after(6))
            seen = await settle(first)
        # an early version: the first the client saw (the bots may have moved past the
        # second before it arrived, so an index into the messages is not one)
        old = min(m["version"] for m in state_messages(first.received))
        assert old < seen["version"]
        async with Client(server.ws) as second:
            back = await second.join(table, tokens[0], version=old)
            assert back["type"] == "events" and back["since"] == old
            assert [e["version"] for e in back["events"]] == list(
                range(old + 1, back["version"] + 1)
            )
            assert back["view"] == seen["view"] and back["version"] == seen["version"]
            # up to date: no events; from the future or nothing: a full resync
            same = await second.join(table, tokens[0], version=back["version"])
            assert same["type"] == "events" and same["events"] == []
            ahead = await second.join(table, tokens[0], version=back["version"] + 50)
            assert ahead["type"] == "sync" and ahead["view"] == seen["view"]
            fresh = await second.join(table, tokens[0])
            assert fresh["type"] == "sync"
            last = await play_until(second, rng)
        return [first, second], back, last["version"]

    clients, back, final = asyncio.run(run())
    record = http.get(f"/api/tables/{table}/record").json()
    played = [tuple(a) for r in record["rounds"] for a in r["actions"]]
    missed = played[back["since"] : back["version"]]
    assert [(e["seat"], e["action"]) for e in back["events"]] == missed
    assert final == len(played)
    referee = Referee(record)
    for client in clients:
        referee.check_all(client.received, 0)


def test_a_spectator_catches_up_too(server: LiveServer, http: httpx.Client) -> None:
    table, _, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager", 2: "eager"})

    async def run() -> dict[str, Any]:
        async with Client(server.ws) as spectator:
            return await spectator.join(table, version=0)

    back = asyncio.run(run())
    # the bots may have finished already: then the table is read back and resynced in full
    if back["type"] == "events":
        assert back["since"] == 0 and len(back["events"]) == back["version"]
    assert back["view"]["hand"] is None and back["seat"] is None


def restart_game(make_server: Any, restart: Any, db_url: str) -> None:
    """Play half a game, restart the server, finish the same game; check everything."""
    server = make_server()
    rng = random.Random(11)
    try:
        with httpx.Client(base_url=server.http, timeout=20.0) as http:
            # eager bots always jump in when they can: after the restart, asked again, they
            # find nothing new to do, so the table waits for seat 0 exactly where it stopped
            table, _, tokens = open_table(
                http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, options={"rounds": 3}
            )
            lobby, lobby_owner, lobby_tokens = open_table(
                http, TINY, {1: "bob"}, {0: "random"}, start=False
            )

        async def before() -> tuple[Client, dict[str, Any]]:
            async with Client(server.ws) as player:
                await player.join(table, tokens[0])
                await play_until(player, rng, stop=my_turn_after(8))
                return player, await settle(player)

        first, seen = asyncio.run(before())
        server = restart(server)

        async def after() -> tuple[Client, dict[str, Any]]:
            async with Client(server.ws) as player:
                back = await player.join(table, tokens[0], version=seen["version"] - 1)
                # events from before the restart are not kept: a full resync, same place
                assert back["type"] == "sync"
                assert back["version"] == seen["version"] and back["view"] == seen["view"]
                last = await play_until(player, rng)
                return player, last

        second, last = asyncio.run(after())
        with httpx.Client(base_url=server.http, timeout=20.0) as http:
            record = http.get(f"/api/tables/{table}/record").json()
            waiting = http.get(f"/api/tables/{lobby}").json()
            assert waiting["status"] == "lobby"
            assert [(s["kind"], s["name"]) for s in waiting["seats"]] == [
                ("bot", "bot:random"),
                ("human", "bob"),
                ("empty", None),
            ]
            # tokens of the lobby table still work after the restart
            sits = http.post(f"/api/tables/{lobby}/seats/2", json={"name": "cy"})
            assert sits.status_code == 201
            started = http.post(
                f"/api/tables/{lobby}/start", headers={"Authorization": f"Bearer {lobby_owner}"}
            )
            assert started.status_code == 200
        assert solocards.replay(record).is_over and last["status"] == "finished"
        assert last["version"] == sum(len(r["actions"]) for r in record["rounds"])
        referee = Referee(record)
        referee.check_all(first.received, 0)
        referee.check_all(second.received, 0)
        assert lobby_tokens
    finally:
        stop = getattr(server, "kill", None) or (lambda: server.__exit__(None, None, None))
        stop()


def test_kill_the_server_mid_game_and_finish(tmp_path: Any) -> None:
    """A crash (SIGKILL) in the middle of a game: the next server finishes the same game."""
    db_url = sqlite_url(tmp_path)

    def restart(old: ChildServer) -> ChildServer:
        old.kill()
        return ChildServer(db_url, port=old.port).start()

    restart_game(lambda: ChildServer(db_url).start(), restart, db_url)


def test_stop_the_server_mid_game_and_finish(db_url: str) -> None:
    """A shutdown in the middle of a game, then a new server on the same database."""

    def start() -> LiveServer:
        return LiveServer(db_url).__enter__()

    def restart(old: LiveServer) -> LiveServer:
        old.__exit__(None, None, None)
        return start()

    restart_game(start, restart, db_url)


def test_too_old_a_version_gets_a_full_resync(tmp_path: Any) -> None:
    """Only the last ``event_buffer`` events are kept; older versions get a full sync."""
    with (
        LiveServer(sqlite_url(tmp_path), event_buffer=4) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(
            http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, options={"rounds": 3}
        )

        async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Client(server.ws) as player:
                await player.join(table, tokens[0])
                await play_until(player, random.Random(3), stop=my_turn_after(12))
                now = await settle(player)
                old = await player.join(table, tokens[0], version=1)
                recent = await player.join(table, tokens[0], version=now["version"] - 2)
                return now, old, recent

        now, old, recent = asyncio.run(run())
    assert old["type"] == "sync" and old["view"] == now["view"]
    assert recent["type"] == "events" and len(recent["events"]) == 2
