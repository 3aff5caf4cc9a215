"""My games: the tables a browser's seat tokens hold, those waiting for its move first."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from account_helpers import Browser
from server_helpers import TINY, Client, LiveServer, open_table, play_until, sqlite_url
from server_referee import Referee
from test_server_restart_state import first_to_act

import solocards

DAY = 24 * 3600.0


def my_games(http: httpx.Client, seats: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The answer of ``POST /api/my-games`` for (table, token) pairs."""
    body = {"seats": [{"table": table, "token": token} for table, token in seats]}
    answer = http.post("/api/my-games", json=body)
    assert answer.status_code == 200, answer.text
    games: list[dict[str, Any]] = answer.json()
    return games


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[tuple[LiveServer, httpx.Client]]:
    """A server whose tables may choose their deal, and a client of its lobby."""
    with (
        LiveServer(sqlite_url(tmp_path), allow_seed=True) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as client,
    ):
        yield live, client


def test_my_games_lists_the_tables_waiting_for_me_first(
    seeded: tuple[LiveServer, httpx.Client],
) -> None:
    server, http = seeded
    clock = {"seconds": DAY, "on_timeout": "default"}
    lobby = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
    lobby_token = http.post(f"/api/tables/{lobby}/seats/1", json={"name": "ana"}).json()["token"]
    # bob's turn first: the table waits for him, not for ana
    theirs, _, their_tokens = open_table(
        http, TINY, {0: "ana", 1: "bob"}, {2: "eager"}, seed=first_to_act(1), clock=clock
    )
    mine, _, my_tokens = open_table(
        http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, seed=first_to_act(0), clock=clock
    )

    async def deadline_of(table: str, token: str) -> float:
        async with Client(server.ws) as player:
            synced = await player.join(table, token)
            return float(synced["clock"]["deadline"])

    my_deadline = asyncio.run(deadline_of(mine, my_tokens[0]))
    held = [
        (lobby, lobby_token),
        (theirs, their_tokens[0]),
        (mine, my_tokens[0]),
        (mine, their_tokens[0]),  # a token of another table: holds nothing here
        ("nosuchtable", my_tokens[0]),
    ]
    games = my_games(http, held)
    assert [game["table"] for game in games] == [mine, theirs, lobby]
    first, second, third = games
    assert (first["your_turn"], first["turn"], first["seat"]) == (True, 0, 0)
    assert first["deadline"] == my_deadline and first["status"] == "playing"
    assert (second["your_turn"], second["turn"], second["seat"]) == (False, 1, 0)
    assert [s["kind"] for s in second["seats"]] == ["human", "human", "bot"]
    assert [s["name"] for s in second["seats"]][:2] == ["ana", "bob"]
    assert (third["status"], third["seat"], third["turn"]) == ("lobby", 1, None)
    assert my_games(http, [(mine, their_tokens[1]), (theirs, my_tokens[0])]) == []
    text = http.post("/api/my-games", json={"seats": [{"table": mine, "token": my_tokens[0]}]}).text
    assert my_tokens[0] not in text and their_tokens[0] not in text


def test_my_games_shows_no_hidden_card_at_any_step(server: LiveServer, http: httpx.Client) -> None:
    table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})
    answers: list[dict[str, Any]] = []

    async def play() -> None:
        async with Client(server.ws) as ana:
            await ana.join(table, tokens[0])

            def stop(message: dict[str, Any]) -> bool:
                answers.extend(my_games(http, [(table, tokens[0])]))
                return bool(message["status"] == "finished")

            await play_until(ana, random.Random(5), stop=stop)

    asyncio.run(play())
    record = http.get(f"/api/tables/{table}/record").json()
    referee = Referee(record)
    for answer in answers:
        referee.check(answer, 0, answer["version"])
    assert len(answers) > 3 and answers[-1]["status"] == "finished"
    assert any(answer["your_turn"] for answer in answers)
    assert solocards.make(TINY).id == record["game"]


def test_my_games_refuses_a_bad_request(http: httpx.Client) -> None:
    many = {"seats": [{"table": "t", "token": "x"}] * 101}
    assert http.post("/api/my-games", json=many).status_code == 422
    assert http.post("/api/my-games", json={"seats": [{"table": "t"}]}).status_code == 422
    wrong_type = {"seats": [{"table": 1, "token": "x"}]}
    assert http.post("/api/my-games", json=wrong_type).status_code == 422
    assert http.post("/api/my-games", json={"seats": []}).json() == []


def test_a_logged_in_player_gets_the_tables_of_the_account(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), secure_cookies=False) as server,
        Browser(server.http) as ana,
        httpx.Client(base_url=server.http, timeout=20.0) as guest,
    ):
        assert ana.sign_up("Ana").status_code == 201
        table = ana.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
        seated = ana.post(f"/api/tables/{table}/seats/1", json={"name": "x"})
        assert seated.status_code == 201, seated.text
        other = guest.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
        guest.post(f"/api/tables/{other}/seats/0", json={"name": "bo"})
        # no token in the body: the session says who it is
        games = ana.post("/api/my-games", json={"seats": []}).json()
        assert [(g["table"], g["seat"]) for g in games] == [(table, 1)]
        assert guest.post("/api/my-games", json={"seats": []}).json() == []


def test_unknown_tables_spend_the_addresss_look_ups(tmp_path: Path) -> None:
    budget = {"unknown_table_burst": 2, "unknown_table_per_second": 0.001}
    with (
        LiveServer(sqlite_url(tmp_path), **budget) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})
        guessed = [{"table": f"guess{n}", "token": "x"} for n in range(3)]
        refused = http.post("/api/my-games", json={"seats": guessed})
        mine = my_games(http, [(table, tokens[0])])  # known tables cost nothing
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "unknown tables" in refused.json()["detail"]
    assert [game["table"] for game in mine] == [table]
