"""The lobby over HTTP: games, tables, seats, bots, start, rematch, records, privacy."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from server_helpers import TINY, Client, LiveServer, auth, open_table, play_until

import solocards


def test_games_name_options_and_choices_in_the_requests_language(http: httpx.Client) -> None:
    for lang, title, words in (
        ("de", "Matadorpreis", "einer für alle drei"),
        ("en", "Matador price", "one for the three"),
    ):
        listed = http.get("/api/games", headers={"Accept-Language": lang}).json()
        german_solo = next(game for game in listed if game["id"] == "german-solo")
        option = next(o for o in german_solo["options"] if o["name"] == "matador_price")
        assert option["title"] == title
        assert option["choice_labels"]["one_for_three"] == words
        assert option["choices"] == ["one_for_three", "one_each"]  # the values stay as they are


def test_games_list_options_defaults_and_presets(http: httpx.Client) -> None:
    listed = {game["id"]: game for game in http.get("/api/games").json()}
    tiny = listed[TINY]
    assert tiny["min_players"] == 2 and tiny["max_players"] == 4 and tiny["default_players"] == 3
    options = {option["name"]: option for option in tiny["options"]}
    assert options["rounds"] == {
        "name": "rounds",
        "title": "Rounds",
        "type": "int",
        "default": 2,
        "help": "Rounds in a match.",
        "choices": None,
        "choice_labels": {},
        "minimum": 1,
        "maximum": 5,
    }
    assert options["jump_in"]["type"] == "bool" and options["jump_in"]["default"] is True
    assert tiny["presets"] == {"official": {}, "quick": {"rounds": 1}}
    assert "random" in tiny["bots"] and "heuristic" not in tiny["bots"]
    for game_id in solocards.games():
        if game_id in listed:
            cls = solocards.make(game_id)
            assert {o["name"]: o["default"] for o in listed[game_id]["options"]} == {
                spec.name: spec.default for spec in cls.option_specs
            }
    assert "random" in http.get("/api/bots").json()
    assert "/api/tables" in http.get("/openapi.json").json()["paths"]


def test_create_with_options_or_preset(http: httpx.Client) -> None:
    made = http.post("/api/tables", json={"game": TINY, "players": 2, "preset": "quick"})
    assert made.status_code == 201
    body = made.json()
    assert body["table"]["options"] == {"rounds": 1, "jump_in": True}
    assert body["table"]["players"] == 2 and body["table"]["status"] == "lobby"
    assert len(body["owner_token"]) >= 32
    assert body["invite"].endswith(f"/play/{body['table']['id']}")
    assert [s["kind"] for s in body["table"]["seats"]] == ["empty", "empty"]
    over = http.post(
        "/api/tables", json={"game": TINY, "preset": "quick", "options": {"rounds": 3}}
    )
    assert over.json()["table"]["options"]["rounds"] == 3


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": TINY, "players": 9}, "played by 2 to 4 players"),
        ({"game": TINY, "options": {"colour": True}}, "valid options: jump_in, rounds"),
        ({"game": TINY, "options": {"rounds": 9}}, "above the maximum 5"),
        ({"game": TINY, "preset": "wild"}, "presets: official, quick"),
        ({"game": TINY, "seed": 4}, "does not let players choose the seed"),
    ],
)
def test_create_refuses_with_a_clear_message(
    http: httpx.Client, body: dict[str, object], words: str
) -> None:
    response = http.post("/api/tables", json=body)
    assert response.status_code == 400
    assert words in response.json()["detail"]


def test_seats_bots_and_start(http: httpx.Client) -> None:
    table, owner, tokens = open_table(http, TINY, {0: "ana"}, {}, start=False)
    url = f"/api/tables/{table}"
    assert http.post(f"{url}/seats/0", json={"name": "bob"}).status_code == 409
    assert http.post(f"{url}/seats/7", json={"name": "bob"}).status_code == 404
    assert http.post(f"{url}/seats/1", json={"name": ""}).status_code == 422
    # bots need the owner token, and a known kind
    assert http.post(f"{url}/seats/1/bot", json={"kind": "random"}).status_code == 403
    assert (
        http.post(
            f"{url}/seats/1/bot", json={"kind": "random"}, headers=auth(tokens[0])
        ).status_code
        == 403
    )
    greedy = http.post(
        f"{url}/seats/1/bot", json={"kind": "ismcts:iterations=999999"}, headers=auth(owner)
    )
    assert greedy.status_code == 400 and "iterations is at most" in greedy.json()["detail"]
    unknown = http.post(f"{url}/seats/1/bot", json={"kind": "genius"}, headers=auth(owner))
    assert unknown.status_code == 400 and "unknown bot 'genius'" in unknown.json()["detail"]
    assert (
        http.post(f"{url}/seats/0/bot", json={"kind": "random"}, headers=auth(owner)).status_code
        == 409
    )
    assert (
        http.post(f"{url}/seats/1/bot", json={"kind": "random"}, headers=auth(owner)).status_code
        == 200
    )
    # start needs the owner and every seat taken
    assert http.post(f"{url}/start").status_code == 403
    empty = http.post(f"{url}/start", headers=auth(owner))
    assert empty.status_code == 409 and "seat 2 is empty" in empty.json()["detail"]
    bob = http.post(f"{url}/seats/2", json={"name": "bob"}).json()["token"]
    # a player may leave before the start, and sit down again
    assert http.delete(f"{url}/seats/2", headers=auth(tokens[0])).status_code == 403
    assert http.delete(f"{url}/seats/2", headers=auth(bob)).status_code == 200
    bob = http.post(f"{url}/seats/2", json={"name": "bob"}).json()["token"]
    started = http.post(f"{url}/start", headers=auth(owner))
    assert started.status_code == 200 and started.json()["status"] == "playing"
    seats = started.json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [
        ("human", "ana"),
        ("bot", "bot:random"),
        ("human", "bob"),
    ]
    assert http.post(f"{url}/start", headers=auth(owner)).status_code == 409
    assert (
        http.post(f"{url}/seats/2/bot", json={"kind": "random"}, headers=auth(owner)).status_code
        == 409
    )
    assert bob not in started.text and owner not in started.text


def test_public_and_private_tables(http: httpx.Client) -> None:
    public = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
    private = http.post("/api/tables", json={"game": TINY, "public": False}).json()
    listed = [table["id"] for table in http.get("/api/tables").json()]
    assert public in listed and private["table"]["id"] not in listed
    # the invitation link leads to the private table
    found = http.get(private["invite"], follow_redirects=True)
    assert found.status_code == 200  # the web front end's page, or the table's JSON
    if found.headers["content-type"].startswith("application/json"):
        assert found.json()["id"] == private["table"]["id"]
    else:
        assert "<html" in found.text.lower()
    assert http.get(f"/api/tables/{private['table']['id']}").status_code == 200
    assert http.get("/api/tables/nope").status_code == 404


def test_record_only_once_finished_then_rematch(server: LiveServer, http: httpx.Client) -> None:
    table, owner, tokens = open_table(
        http, TINY, {0: "ana"}, {1: "eager", 2: "eager"}, options={"rounds": 1}
    )
    running = http.get(f"/api/tables/{table}/record")
    assert running.status_code == 409 and "records are for finished games" in running.text
    assert http.post(f"/api/tables/{table}/rematch", headers=auth(owner)).status_code == 409

    async def play(table_id: str, token: str) -> list[dict[str, object]]:
        async with Client(server.ws) as player:
            await player.join(table_id, token)
            await play_until(player, random.Random(3))
            return player.received

    asyncio.run(play(table, tokens[0]))
    record = http.get(f"/api/tables/{table}/record").json()
    assert record["names"] == ["ana", "bot:eager", "bot:eager"]
    assert solocards.replay(record).is_over
    # a rematch: same seats, a new deal, the same tokens; asking twice gives the same one
    assert http.post(f"/api/tables/{table}/rematch").status_code == 403
    again = http.post(f"/api/tables/{table}/rematch", headers=auth(tokens[0]))
    assert again.status_code == 201
    rematch = again.json()
    assert rematch["status"] == "playing" and rematch["rematch_of"] == table
    assert (
        http.post(f"/api/tables/{table}/rematch", headers=auth(owner)).json()["id"]
        == (rematch["id"])
    )
    assert http.get(f"/api/tables/{table}").json()["rematch"] == rematch["id"]
    asyncio.run(play(rematch["id"], tokens[0]))
    second = http.get(f"/api/tables/{rematch['id']}/record").json()
    assert second["names"] == record["names"] and second["seed"] != record["seed"]


def test_a_seed_is_never_shown_while_playing(server: LiveServer, http: httpx.Client) -> None:
    table, _, tokens = open_table(http, TINY, {0: "ana"}, {1: "eager", 2: "eager"})
    info = http.get(f"/api/tables/{table}")
    assert "seed" not in info.json()

    async def first() -> dict[str, object]:
        async with Client(server.ws) as player:
            return await player.join(table, tokens[0])

    assert "seed" not in asyncio.run(first())
