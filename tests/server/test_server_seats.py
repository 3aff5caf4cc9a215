"""A seat that changes hands takes its powers away from the connections of its old holder.

Alice sits at seat 0 of a two-player UNO table and joins the WebSocket with her seat token;
then the seat is freed and retaken. Her old connection must become a spectator's (told so),
never see the hand of whoever sits there now, and never act for the seat.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from server_helpers import TINY, Client, LiveServer, auth, open_table, play_until


def uno_lobby(http: httpx.Client) -> tuple[str, str, str]:
    """A two-player UNO table in the lobby with Alice at seat 0: table, owner, Alice's token."""
    table, owner, tokens = open_table(http, "uno", {0: "alice"}, {}, start=False, players=2)
    return table, owner, tokens[0]


def hands_in(messages: list[dict[str, Any]]) -> list[Any]:
    """Every hand any view in these messages showed."""
    hands = []
    for message in messages:
        for view in (message.get("view"), (message.get("round_over") or {}).get("view")):
            if isinstance(view, dict) and view.get("hand") is not None:
                hands.append(view["hand"])
    return hands


async def try_to_act(client: Client, tries: int = 5) -> list[dict[str, Any]]:
    """Send every legal action a seat-0 player would have, at the current version."""
    await client.send({"type": "sync"})
    synced = await client.recv_until(lambda m: m["type"] == "sync")
    answers = []
    for action in (synced["view"]["legal_actions"] or ["draw"])[:tries]:
        await client.send({"action": action, "version": synced["version"]})
        answers.append(await client.error(timeout=5.0))
    return answers


def test_a_freed_seat_retaken_by_someone_else(server: LiveServer, http: httpx.Client) -> None:
    table, owner, alice_token = uno_lobby(http)

    async def run() -> tuple[Client, Client, dict[str, Any], list[dict[str, Any]]]:
        async with Client(server.ws) as alice, Client(server.ws) as bob:
            joined = await alice.join(table, alice_token)
            assert joined["seat"] == 0
            freed = http.delete(f"/api/tables/{table}/seats/0", headers=auth(owner))
            assert freed.status_code == 200, freed.text
            told = await alice.recv_until(lambda m: m["type"] == "unseated")
            bob_token = http.post(f"/api/tables/{table}/seats/0", json={"name": "bob"}).json()
            placed = http.post(
                f"/api/tables/{table}/seats/1/bot", json={"kind": "random"}, headers=auth(owner)
            )
            assert placed.status_code == 200
            bob_joined = await bob.join(table, bob_token["token"])
            assert bob_joined["seat"] == 0
            started = http.post(f"/api/tables/{table}/start", headers=auth(owner))
            assert started.status_code == 200
            start_sync = await alice.recv_until(
                lambda m: m["type"] == "sync" and m["status"] == "playing"
            )
            answers = await try_to_act(alice)
            await bob.recv_until(lambda m: m["type"] == "sync")
            return alice, bob, {"told": told, "start": start_sync}, answers

    alice, bob, seen, answers = asyncio.run(run())
    assert seen["told"]["seat"] == 0 and "spectator" in seen["told"]["message"]
    assert seen["start"]["seat"] is None and seen["start"]["view"]["hand"] is None
    assert answers and all(a["type"] == "error" and a["code"] == "not_seated" for a in answers)
    assert hands_in(alice.received) == []
    bob_hand = hands_in(bob.received)[0]
    assert json.dumps(bob_hand) not in json.dumps(alice.received)
    info = http.get(f"/api/tables/{table}").json()
    assert [seat["name"] for seat in info["seats"]] == ["bob", "bot:random"]


def test_a_freed_seat_given_to_a_bot(server: LiveServer, http: httpx.Client) -> None:
    table, owner, alice_token = uno_lobby(http)

    async def run() -> tuple[Client, list[dict[str, Any]]]:
        async with Client(server.ws) as alice:
            await alice.join(table, alice_token)
            http.delete(f"/api/tables/{table}/seats/0", headers=auth(alice_token))
            await alice.recv_until(lambda m: m["type"] == "unseated")
            for seat in (0, 1):
                placed = http.post(
                    f"/api/tables/{table}/seats/{seat}/bot",
                    json={"kind": "random"},
                    headers=auth(owner),
                )
                assert placed.status_code == 200, placed.text
            assert http.post(f"/api/tables/{table}/start", headers=auth(owner)).status_code == 200
            await alice.recv_until(lambda m: m["type"] == "sync" and m["status"] == "playing")
            return alice, await try_to_act(alice)

    alice, answers = asyncio.run(run())
    assert answers and all(a["code"] == "not_seated" for a in answers)
    assert hands_in(alice.received) == []
    # her old token holds nothing any more
    assert http.delete(f"/api/tables/{table}/seats/0", headers=auth(alice_token)).status_code == 403


def test_a_bot_over_a_seated_player_is_refused_and_she_keeps_her_seat(
    server: LiveServer, http: httpx.Client
) -> None:
    table, owner, alice_token = uno_lobby(http)

    async def run() -> tuple[Client, dict[str, Any]]:
        async with Client(server.ws) as alice:
            await alice.join(table, alice_token)
            refused = http.post(
                f"/api/tables/{table}/seats/0/bot", json={"kind": "random"}, headers=auth(owner)
            )
            assert refused.status_code == 409 and "taken by alice" in refused.text
            http.post(
                f"/api/tables/{table}/seats/1/bot", json={"kind": "random"}, headers=auth(owner)
            )
            assert http.post(f"/api/tables/{table}/start", headers=auth(owner)).status_code == 200
            start = await alice.recv_until(lambda m: m["type"] == "sync")
            return alice, start

    alice, start = asyncio.run(run())
    assert not any(m["type"] == "unseated" for m in alice.received)
    assert start["seat"] == 0 and start["view"]["hand"] is not None


def test_rematch_tokens_still_hold_their_seats(server: LiveServer, http: httpx.Client) -> None:
    table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        async with Client(server.ws) as ana:
            await ana.join(table, tokens[0])
            await play_until(ana, random.Random(7))
            again = http.post(f"/api/tables/{table}/rematch", headers=auth(tokens[0]))
            assert again.status_code == 201, again.text
            rematch = again.json()["id"]
        async with Client(server.ws) as back:
            joined = await back.join(rematch, tokens[0])
            last = await play_until(back, random.Random(8))
            return joined, last

    joined, last = asyncio.run(run())
    assert joined["type"] == "sync", joined
    assert joined["seat"] == 0 and joined["view"]["hand"] is not None
    assert last["status"] == "finished"
