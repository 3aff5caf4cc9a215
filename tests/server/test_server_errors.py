"""Every bad input gets an error on the same connection, which stays open; nothing changes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import TINY, Client, LiveServer, auth, open_table, sqlite_url

import solocards


def quiet_seed() -> int:
    """A seed whose first state lets exactly one seat act (nobody may jump in)."""
    for seed in range(1000):
        if len(solocards.make(TINY).match(seed=seed).to_act) == 1:
            return seed
    raise AssertionError("no such seed")


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[LiveServer]:
    """A server that lets the test choose the deal."""
    with LiveServer(sqlite_url(tmp_path), allow_seed=True) as live:
        yield live


def test_every_bad_input(seeded: LiveServer) -> None:
    seed = quiet_seed()
    local = solocards.make(TINY).match(seed=seed)
    mover = local.to_act[0]
    idle = (mover + 1) % 3
    hand = local.state.snapshot()["hands"][mover]
    unplayable = [card for card in hand if card not in local.state.legal_actions(mover)]
    with httpx.Client(base_url=seeded.http) as http:
        humans = {seat: f"p{seat}" for seat in range(3)}
        table, owner, tokens = open_table(http, TINY, humans, {}, seed=seed)
        before = http.get(f"/api/tables/{table}").json()

        async def run() -> tuple[dict[str, Any], dict[str, Any]]:
            async with Client(seeded.ws) as c:

                async def expect(frame: Any, code: str, words: str = "") -> dict[str, Any]:
                    await c.send(frame)
                    got = await c.error()
                    assert got["code"] == code, got
                    assert words in got["message"], got
                    await c.ping()  # the connection is still open and answering
                    return got

                await expect("{nope", "bad_json", "not valid JSON")
                await expect("[1, 2]", "bad_json", "a JSON object")
                await expect("[" * 2000 + "]" * 2000, "bad_json", "too deeply nested")
                await expect({"type": "dance"}, "bad_message", "unknown message type 'dance'")
                await expect({"hello": 1}, "bad_message", "needs a 'type'")
                await expect(b"\x00\x01", "binary", "text frames")
                await expect("x" * 5000, "too_large", "at most 4096 bytes")
                await expect({"action": "A1", "version": 0}, "not_joined", "join a table")
                await expect({"type": "join", "table": "nope"}, "unknown_table", "no table 'nope'")
                await expect({"type": "join"}, "bad_message", "needs a 'table'")
                await expect(
                    {"type": "join", "table": table, "token": "forged"},
                    "bad_token",
                    "holds no seat",
                )
                await expect(
                    {"type": "join", "table": table, "token": owner}, "bad_token", "holds no seat"
                )
                # a spectator cannot play
                watched = await c.join(table)
                assert watched["type"] == "sync" and watched["seat"] is None
                assert watched["view"]["hand"] is None
                await expect({"action": "A1", "version": 0}, "not_seated", "spectators")
                # a seat that may not act now
                joined = await c.join(table, tokens[idle])
                assert joined["seat"] == idle and not joined["view"]["can_act"]
                idle_card = joined["view"]["hand"][0]
                await expect({"action": idle_card, "version": 0}, "illegal", "not seat")
                # the seat whose turn it is
                joined = await c.join(table, tokens[mover])
                assert joined["seat"] == mover and joined["view"]["can_act"]
                await expect({"action": "A1", "version": 5}, "stale_version", "at version 0")
                await expect({"action": "A1", "version": -1}, "bad_message", ">= 0")
                await expect({"action": "A1"}, "bad_message", "needs the 'version'")
                await expect({"action": 7, "version": 0}, "bad_message", "action string")
                await expect({"action": "Z9", "version": 0}, "notation", "not an action of tiny")
                other = next(card for card in solocards.make(TINY).deck() if card not in hand)
                await expect({"action": other, "version": 0}, "illegal", "not in your hand")
                if unplayable:
                    await expect(
                        {"action": unplayable[0], "version": 0}, "illegal", "matches neither"
                    )
                await c.send({"type": "sync"})
                after_sync = await c.recv_until(lambda m: m["type"] == "sync")
                return joined, after_sync

        joined, after_sync = asyncio.run(run())
        after = http.get(f"/api/tables/{table}").json()
        assert after["version"] == before["version"] == 0
        assert after_sync["view"] == joined["view"] and after_sync["version"] == 0


def test_an_action_before_the_start(server: LiveServer, http: httpx.Client) -> None:
    table, owner, tokens = open_table(http, TINY, {0: "ana"}, {}, start=False)

    async def run() -> dict[str, Any]:
        async with Client(server.ws) as c:
            joined = await c.join(table, tokens[0])
            assert joined["status"] == "lobby" and joined["view"] is None
            await c.send({"action": "A1", "version": 0})
            got = await c.error()
            await c.ping()
            return got

    got = asyncio.run(run())
    assert got["code"] == "not_playing" and "has not started" in got["message"]
    assert http.get(f"/api/tables/{table}", headers=auth(owner)).json()["version"] == 0


def test_rate_limit_per_connection(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path), rate_per_second=2.0, rate_burst=5) as live:

        async def run() -> tuple[list[str], list[str]]:
            async with Client(live.ws) as noisy, Client(live.ws) as calm:
                for _ in range(12):
                    await noisy.send({"type": "ping"})
                answers = [(await noisy.recv())["type"] for _ in range(12)]
                # another connection has its own budget
                await calm.ping()
                await asyncio.sleep(1.1)
                await noisy.ping()  # the budget refills: still open, answering
                codes = [m.get("code", "") for m in noisy.received if m["type"] == "error"]
                return answers, codes

        answers, codes = asyncio.run(run())
    assert answers.count("pong") == 5 and answers.count("error") == 7
    assert set(codes) == {"rate_limited"}


def test_error_messages_carry_no_card_of_another_seat(seeded: LiveServer) -> None:
    seed = quiet_seed()
    local = solocards.make(TINY).match(seed=seed)
    mover = local.to_act[0]
    hands = local.state.snapshot()["hands"]
    legal = local.state.legal_actions(mover)
    tries = [card for card in solocards.make(TINY).deck() if card not in legal]
    with httpx.Client(base_url=seeded.http) as http:
        table, _, tokens = open_table(
            http, TINY, {seat: f"p{seat}" for seat in range(3)}, {}, seed=seed
        )

        async def run() -> list[tuple[str, dict[str, Any]]]:
            answers = []
            async with Client(seeded.ws) as c:
                await c.join(table, tokens[mover])
                for card in tries:
                    await c.send({"action": card, "version": 0})
                    answers.append((card, await c.error()))
            return answers

        errors = asyncio.run(run())
    others = {card for seat, hand in enumerate(hands) if seat != mover for card in hand}
    assert len(errors) >= len(others)
    for sent, message in errors:
        words = set(json.dumps(message).replace('"', " ").split())
        assert not (words & others) - {sent}, message


def test_a_failed_write_changes_nothing(seeded: LiveServer) -> None:
    """If the database refuses an action, the player is told and the table is as before."""
    seed = quiet_seed()
    local = solocards.make(TINY).match(seed=seed)
    mover = local.to_act[0]
    move = local.state.legal_actions(mover)[0]
    repository = seeded.app.state.manager.repo.sync
    original = repository.append_action
    failures = []

    def failing(*args: Any) -> None:
        if not failures:
            failures.append(args)
            raise RuntimeError("disk full")
        original(*args)

    repository.append_action = failing
    with httpx.Client(base_url=seeded.http) as http:
        table, _, tokens = open_table(
            http, TINY, {seat: f"p{seat}" for seat in range(3)}, {}, seed=seed
        )

        async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Client(seeded.ws) as c:
                joined = await c.join(table, tokens[mover])
                await c.send({"action": move, "version": 0})
                refused = await c.error()
                await c.send({"type": "sync"})
                synced = await c.recv_until(lambda m: m["type"] == "sync")
                await c.send({"action": move, "version": 0})
                accepted = await c.recv_until(lambda m: m["type"] == "update")
                return joined, refused, {"synced": synced, "accepted": accepted}

        joined, refused, later = asyncio.run(run())
    assert refused["code"] == "storage" and "nothing changed" in refused["message"]
    assert later["synced"]["version"] == 0 and later["synced"]["view"] == joined["view"]
    assert later["accepted"]["version"] == 1 and later["accepted"]["event"]["action"] == move
    assert len(failures) == 1
