"""The pause between rounds (the clock stops, bots wait for ``ready``) and the reaction window
that gives people a fair chance to jump in before a bot moves."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TINY, Client, LiveServer, open_table, play_until, sqlite_url

# the move clock of these tables: long enough that a person's random play never runs out of it
# on a loaded machine (a seat out of time is played by a bot and no longer awaited), short
# enough that the tests can wait past it to show that it does not run during a pause
CLOCK = 3.0


def round_over(message: dict[str, Any]) -> bool:
    return message["type"] == "update" and bool(message.get("round_over"))


def test_the_round_summary_stops_the_clock_and_the_bots_until_ready(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(
            http, TINY, {0: "ana"}, {1: "eager"}, players=2, clock={"seconds": CLOCK}
        )

        async def run() -> None:
            async with Client(server.ws) as player:
                await player.join(table, tokens[0])
                over = await play_until(player, random.Random(1), round_over, timeout=30)
                assert over["pause"] == {"waiting": [0], "until": over["pause"]["until"]}
                assert over["clock"] is None
                version = over["version"]
                # well past the clock: nobody moved, nobody took the seat
                with pytest.raises(TimeoutError):
                    await player.recv_until(lambda m: m["type"] in ("update", "table"), CLOCK + 1)
                await player.send({"type": "ready"})
                resumed = await player.recv_until(lambda m: m["type"] == "pause")
                assert resumed["pause"] is None
                assert resumed["version"] == version
                seats = http.get(f"/api/tables/{table}").json()["seats"]
                assert seats[0]["away"] is False

        asyncio.run(run())


def test_ready_outside_a_pause_changes_nothing_and_spectators_cannot(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        # two people and no bot: nothing else can move the table while the test looks (an
        # eager bot could play or jump in between the join and the look, and did in CI)
        table, _, tokens = open_table(http, TINY, {0: "ana", 1: "bob"}, {}, players=2)

        async def run() -> None:
            async with Client(server.ws) as player, Client(server.ws) as watcher:
                first = await player.join(table, tokens[0])
                await player.send({"type": "ready"})
                await player.ping()
                assert http.get(f"/api/tables/{table}").json()["version"] == first["version"]
                await watcher.join(table)
                await watcher.send({"type": "ready"})
                assert (await watcher.error())["code"] == "not_seated"
                await watcher.ping()

        asyncio.run(run())


def test_bot_only_tables_never_pause(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0, reaction_window=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager"}, players=2)
        deadline = time.monotonic() + 20
        while http.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "a bot-only match stalled"
            time.sleep(0.05)


def test_a_bot_waits_the_reaction_window_while_a_person_may_jump_in(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), reaction_window=0.8) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})

        async def run() -> list[float]:
            gaps: list[float] = []  # how long bots waited while ana could jump in
            async with Client(server.ws) as player:
                latest = await player.join(table, tokens[0])
                seen = time.monotonic()
                while len(gaps) < 2 and latest["status"] == "playing":
                    view = latest["view"]
                    if view["current"] == 0 and view["can_act"]:  # ana's turn: she plays
                        action = view["legal_actions"][0]
                        await player.send({"action": action, "version": latest["version"]})
                    message = await player.recv_until(lambda m: m["type"] == "update", 30)
                    now = time.monotonic()
                    jump_in = view["can_act"] and view["current"] != 0
                    if jump_in and message["event"]["seat"] != 0:
                        gaps.append(now - seen)
                        assert latest["window"]["until"] >= time.time() - 5  # shown to people
                    latest, seen = message, now
            return gaps

        gaps = asyncio.run(run())
        assert gaps, "ana never had a chance to jump in"
        assert min(gaps) >= 0.7


def test_a_restart_keeps_the_pause_and_who_is_ready(db_url: str) -> None:
    """The pause between rounds is stored: after a restart the clock still waits, the bots
    too, the same seats are awaited until the same deadline, and ``ready`` ends it."""
    settings: dict[str, Any] = {"round_pause": 30.0, "leave_grace": 60.0}
    with LiveServer(db_url, **settings) as server, httpx.Client(base_url=server.http) as http:
        # without jump-ins every seat plays in turn, so both people take part in the round and
        # are awaited (with them the eager bot and ana could keep bob from ever acting, and
        # a round he took no part in does not wait for him: so it went once in CI)
        table, _, tokens = open_table(
            http,
            TINY,
            {0: "ana", 1: "bob"},
            {2: "eager"},
            clock={"seconds": CLOCK},
            options={"jump_in": False},
        )

        async def first_round() -> dict[str, Any]:
            async with Client(server.ws) as ana, Client(server.ws) as bob:
                await ana.join(table, tokens[0])
                await bob.join(table, tokens[1])

                async def play(client: Client, seed: int) -> dict[str, Any]:
                    return await play_until(client, random.Random(seed), round_over, timeout=30)

                await asyncio.gather(play(ana, 1), play(bob, 2))
                await ana.send({"type": "ready"})  # ana is ready, bob is not
                return await ana.recv_until(lambda m: m["type"] == "pause")

        paused = asyncio.run(first_round())
    assert paused["pause"] is not None, f"the pause ended when ana was ready: {paused}"
    assert paused["pause"]["waiting"] == [1]
    with LiveServer(db_url, **settings) as server, httpx.Client(base_url=server.http) as http:

        async def after_restart() -> None:
            async with Client(server.ws) as bob:
                synced = await bob.join(table, tokens[1])
                assert synced["pause"] == paused["pause"]
                assert synced["clock"] is None and synced["version"] == paused["version"]
                with pytest.raises(TimeoutError):  # past the clock: nobody moves
                    await bob.recv_until(lambda m: m["type"] == "update", CLOCK + 0.5)
                await bob.send({"type": "ready"})
                resumed = await bob.recv_until(lambda m: m["type"] == "pause")
                assert resumed["pause"] is None

        asyncio.run(after_restart())


def test_no_reaction_window_where_nobody_could_react(tmp_path: Path) -> None:
    """UNO without jump-ins and with UNO calls enforced at once: nobody may ever act out of
    turn, so the bot moves at once instead of waiting a window for a person who cannot react
    (judged from the rules in force, never from anybody's cards)."""
    with (
        LiveServer(sqlite_url(tmp_path), reaction_window=30.0, allow_seed=True) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        options = {"hand_size": 3, "rounds": 1, "uno_enforcement": "auto", "jump_in": False}
        table, _, tokens = open_table(
            http, "uno", {0: "ana"}, {1: "heuristic"}, players=2, options=options, seed=4
        )

        async def run() -> list[dict[str, Any]]:
            async with Client(server.ws) as player:
                await player.join(table, tokens[0])
                # well within one 30 s window: the bot never waits for ana
                final = await play_until(player, random.Random(2), timeout=20.0)
                assert final["status"] == "finished"
                return player.received

        received = asyncio.run(run())
        bot_moves = [m for m in received if m["type"] == "update" and m["event"]["seat"] == 1]
        assert bot_moves, "the bot never moved"
        shown = [m for m in received if m.get("status") == "playing"]
        assert all(m["window"] is None for m in shown)


def test_a_thrown_in_deal_waits_only_for_the_people_who_played_it(tmp_path: Path) -> None:
    """Issue 40.8: a Frog deal thrown in (every bidder passed) paused 60 s for the dealer who
    sat it out too; the pause now waits for the seats that made a decision."""
    with (
        LiveServer(sqlite_url(tmp_path), round_pause=30.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        people = {0: "ana", 1: "bob", 2: "cy", 3: "dee"}
        table, _, tokens = open_table(http, "frog", people, {}, players=4)

        async def run() -> tuple[int, dict[str, Any]]:
            async with (
                Client(server.ws) as c0,
                Client(server.ws) as c1,
                Client(server.ws) as c2,
                Client(server.ws) as c3,
            ):
                clients = [c0, c1, c2, c3]
                latest = [await c.join(table, tokens[s]) for s, c in enumerate(clients)]
                dealer = latest[0]["view"]["dealer"]
                while True:
                    view = latest[0]["view"]
                    if latest[0].get("round_over"):
                        return dealer, latest[0]
                    seat = view["current"]
                    assert seat != dealer, "the dealer sits out with four players"
                    mine = latest[seat]["view"]
                    assert "pass" in mine["legal_actions"], mine["legal_actions"]
                    await clients[seat].send({"action": "pass", "version": latest[seat]["version"]})
                    latest = [await c.recv_until(lambda m: m["type"] == "update") for c in clients]

        dealer, over = asyncio.run(run())
        assert over["round_over"]["result"]["thrown_in"] is True
        assert over["pause"]["waiting"] == sorted(set(range(4)) - {dealer})
