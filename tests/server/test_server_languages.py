"""The server speaks each client's language: REST errors and the lobby's option descriptions in
the request's (``?lang=``, else ``Accept-Language``), and at a table each connection's own
(players at one table may read different languages). A tiny catalog is written per test."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Client, LiveServer, open_table, sqlite_url

from helpers import use_test_catalogs

ENGINE = {
    "Cards dealt to each player.": "Роздача.",
    "German Solo": "Німецьке соло",
    "draws": "бере карту",
    "it is not your turn: {player} is to play": "не ваш хід: ходить {player}",
    "seat {seat}": "місце {seat}",
}
APP = {
    "there is no table {table}": "немає столу {table}",
    "'lang' must be one of {languages}, not {value}": "'lang' — одна з {languages}, не {value}",
}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """The usual server, letting a table fix its seed (a deal that opens on a play, not on
    naming the colour of a first Wild)."""
    with LiveServer(sqlite_url(tmp_path), allow_seed=True) as live:
        yield live


@pytest.fixture
def ukrainian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_test_catalogs(
        monkeypatch, tmp_path / "locale", {("uk", "engine"): ENGINE, ("uk", "solocards"): APP}
    )


def hand_size_help(games: list[dict[str, Any]]) -> str:
    uno = next(game for game in games if game["id"] == "uno")
    help_text: str = next(o for o in uno["options"] if o["name"] == "hand_size")["help"]
    return help_text


def test_the_lobby_speaks_the_language_of_the_request(ukrainian: None, http: httpx.Client) -> None:
    assert hand_size_help(http.get("/api/games").json()) == "Cards dealt to each player."
    assert hand_size_help(http.get("/api/games?lang=uk").json()) == "Роздача."
    asked = http.get("/api/games", headers={"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"})
    assert hand_size_help(asked.json()) == "Роздача."
    # ?lang= wins over the header; an unknown one falls back to the header
    assert hand_size_help(
        http.get("/api/games?lang=en", headers={"Accept-Language": "uk"}).json()
    ) == ("Cards dealt to each player.")
    assert hand_size_help(
        http.get("/api/games?lang=xx", headers={"Accept-Language": "uk"}).json()
    ) == ("Роздача.")
    titles = {game["id"]: game["title"] for game in http.get("/api/games?lang=uk").json()}
    assert titles["german-solo"] == "Німецьке соло" and titles["uno"] == "UNO"
    missing = http.get("/api/tables/nope", headers={"Accept-Language": "uk"})
    assert missing.status_code == 404 and missing.json()["detail"] == "немає столу 'nope'"
    assert http.get("/api/tables/nope").json()["detail"] == "there is no table 'nope'"


def test_each_connection_at_a_table_reads_its_own_language(
    ukrainian: None, http: httpx.Client, server: LiveServer
) -> None:
    # (A fixed deal that opens on a play, not on naming the colour of a first Wild.)
    table, _, tokens = open_table(http, "uno", {0: "ana", 1: "bo"}, {}, players=2, seed=1)
    expected = {"uk": "бере карту", "en": "draws"}

    async def run() -> None:
        async with Client(server.ws) as one, Client(server.ws) as two:
            await one.send({"type": "join", "table": table, "token": tokens[0], "lang": "uk"})
            synced = {"uk": await one.recv_until(lambda m: m["type"] == "sync")}
            synced["en"] = await two.join(table, tokens[1])
            clients = {"uk": one, "en": two}
            mover = next(lang for lang, sync in synced.items() if sync["view"]["can_act"])
            waiter = "en" if mover == "uk" else "uk"
            assert synced[mover]["view"]["phase"] == "play"
            assert synced[mover]["words"]["draw"] == expected[mover]
            version = synced[mover]["version"]
            seat = synced[mover]["seat"]
            # out of turn: the refusal in the waiting player's language
            await clients[waiter].send({"action": "draw", "version": version})
            refused = await clients[waiter].error()
            assert refused["code"] == "illegal"
            # the player to act is a {seat:N} token that the page fills with the name
            said = {
                "uk": f"не ваш хід: ходить {{seat:{seat}}}",
                "en": f"it is not your turn: {{seat:{seat}}} is to play",
            }[waiter]
            assert refused["message"] == said
            await clients[waiter].send({"type": "why", "action": "draw"})
            why = await clients[waiter].recv_until(lambda m: m["type"] == "why")
            assert why["legal"] is False and why["reason"] == said
            # the draw: each player's update speaks that player's language
            await clients[mover].send({"action": "draw", "version": version})
            for lang, client in clients.items():
                update = await client.recv_until(lambda m: m["type"] == "update")
                assert update["event"]["action"] == "draw"
                assert update["words"]["draw"] == expected[lang], lang

    asyncio.run(run())


def test_a_join_with_an_unknown_language_is_refused_and_changes_nothing(
    ukrainian: None, http: httpx.Client, server: LiveServer
) -> None:
    table, _, tokens = open_table(http, "uno", {0: "ana", 1: "bo"}, {}, players=2)

    async def run() -> None:
        async with Client(server.ws) as client:
            await client.send({"type": "join", "table": table, "token": tokens[0], "lang": "xx"})
            refused = await client.error()
            assert refused["code"] == "bad_message"
            assert refused["message"] == "'lang' must be one of en, de, uk, ru, be, not 'xx'"
            await client.send({"type": "join", "table": table, "token": tokens[0], "lang": 7})
            assert (await client.error())["code"] == "bad_message"
            joined = await client.join(table, tokens[0])
            assert joined["type"] == "sync" and joined["seat"] == 0
            # a connection whose handshake asked for Ukrainian is answered in Ukrainian
        async with Client(server.ws + "?lang=uk") as client:
            await client.send({"type": "join", "table": table, "token": tokens[0], "lang": "xx"})
            refused = await client.error()
            assert refused["message"] == "'lang' — одна з en, de, uk, ru, be, не 'xx'"

    asyncio.run(run())


def test_the_tables_game_title_is_in_each_connections_language(
    ukrainian: None, http: httpx.Client, server: LiveServer
) -> None:
    seats = {0: "ana", 1: "bo", 2: "cy"}
    table, _, tokens = open_table(http, "german-solo", seats, {}, players=3)

    async def run() -> None:
        async with Client(server.ws) as one, Client(server.ws) as two:
            await one.send({"type": "join", "table": table, "token": tokens[0], "lang": "uk"})
            ukrainian_sync = await one.recv_until(lambda m: m["type"] == "sync")
            english_sync = await two.join(table, tokens[1])
            assert ukrainian_sync["info"]["title"] == "Німецьке соло"
            assert english_sync["info"]["title"] == "German Solo"

    asyncio.run(run())
    listed = http.get(f"/api/tables/{table}", headers={"Accept-Language": "uk"}).json()
    assert listed["title"] == "Німецьке соло"
