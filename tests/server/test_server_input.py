"""Malformed lobby input gets a clear 4xx, never a 500; the keep-alive connection survives."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_helpers import TINY, auth


def local_port(response: httpx.Response) -> int:
    """The client-side port of the connection that carried ``response``."""
    stream = response.extensions["network_stream"]
    port: int = stream.get_extra_info("client_addr")[1]
    return port


def raw(http: httpx.Client, path: str, text: str) -> httpx.Response:
    """POST ``text`` as it is, as a JSON body."""
    return http.post(path, content=text.encode(), headers={"Content-Type": "application/json"})


def uno_table(http: httpx.Client) -> tuple[str, str]:
    made = http.post("/api/tables", json={"game": "uno", "players": 2})
    assert made.status_code == 201, made.text
    return made.json()["table"]["id"], made.json()["owner_token"]


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "tiny", "clock": {"seconds": NaN}}',
        '{"game": "tiny", "clock": {"seconds": Infinity}}',
        '{"game": "tiny", "seed": -Infinity}',
        '{"game": NaN}',
        '{"game": "tiny", "options": {"rounds": NaN}}',
        '{"game": "\\ud800"}',
        '{"game": "tiny", "options": {"\\udfff": 1}}',
        '{"game": "tiny", "preset": "\\ud83d"}',
    ],
)
def test_non_finite_numbers_and_lone_surrogates_are_422(http: httpx.Client, text: str) -> None:
    first = raw(http, "/api/tables", text)
    assert first.status_code == 422, first.text
    assert first.json()["detail"]
    again = http.get("/api/games")
    assert again.status_code == 200
    assert local_port(again) == local_port(first)  # the same keep-alive connection


def test_a_name_with_a_lone_surrogate_is_refused(http: httpx.Client) -> None:
    table = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
    refused = raw(http, f"/api/tables/{table}/seats/0", '{"name": "ana\\ud800"}')
    assert refused.status_code == 422, refused.text
    blank = http.post(f"/api/tables/{table}/seats/0", json={"name": "   "})
    assert blank.status_code == 422
    assert isinstance(blank.json()["detail"], list)  # the documented validation error shape
    seats = http.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["kind"] == "empty"


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("heuristic:foo=1", "no parameter 'foo'"),
        ("ismcts:c=abc", "parameter c must be a finite number"),
        ("ismcts:score_weight=abc", "parameter score_weight must be a finite number"),
        ("ismcts:seconds=nan", "parameter seconds must be a finite number"),
        ("ismcts:seconds=1e999", "parameter seconds must be a finite number"),
        ("ismcts:iterations=5000,iterations=5", "given twice"),
    ],
)
def test_bad_bot_specs_are_400_naming_the_parameter(
    http: httpx.Client, kind: str, words: str
) -> None:
    table, owner = uno_table(http)
    placed = http.post(f"/api/tables/{table}/seats/1/bot", json={"kind": kind}, headers=auth(owner))
    assert placed.status_code == 400, placed.text
    assert words in placed.json()["detail"]
    assert http.get(f"/api/tables/{table}").json()["seats"][1]["kind"] == "empty"
    assert local_port(http.get("/api/bots")) == local_port(placed)


def test_bodies_over_the_limit_are_413(http: httpx.Client) -> None:
    big = json.dumps({"game": TINY, "preset": "x" * (1 << 20)})
    refused = raw(http, "/api/tables", big)
    assert refused.status_code == 413, refused.text
    assert "64 KiB" in refused.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
        yield b'{"game": "tiny", "preset": "'
        for _ in range(100):
            yield b"y" * 4096
        yield b'"}'

    streamed = http.post(
        "/api/tables", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert streamed.status_code == 413, streamed.text
    assert http.get("/api/games").status_code == 200


def test_validation_errors_do_not_echo_long_input(http: httpx.Client) -> None:
    table = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
    long_name = http.post(f"/api/tables/{table}/seats/0", json={"name": "n" * 60_000})
    assert long_name.status_code == 422
    assert len(long_name.content) < 2_000, len(long_name.content)
    assert "at most 32 characters" in long_name.text
    nested = http.post("/api/tables", json={"game": TINY, "options": ["z" * 50_000]})
    assert nested.status_code == 422 and len(nested.content) < 2_000


def test_players_in_options_is_explained(http: httpx.Client) -> None:
    refused = http.post("/api/tables", json={"game": TINY, "options": {"players": 3}})
    assert refused.status_code in (400, 422), refused.text
    assert "players is a field of its own" in refused.text
    assert "make()" not in refused.text and "keyword argument" not in refused.text


@pytest.mark.parametrize(
    "body",
    [
        {"game": TINY, "players": "3"},
        {"game": TINY, "players": 3.0},
        {"game": TINY, "public": "yes"},
        {"game": TINY, "public": 1},
        {"game": TINY, "clock": {"seconds": True}},
        {"game": TINY, "clock": {"seconds": "30"}},
        {"game": TINY, "options": {"rounds": "2"}},
        {"game": TINY, "options": {"rounds": 2.0}},
        {"game": TINY, "options": {"rounds": True}},
        {"game": TINY, "options": {"jump_in": "yes"}},
        {"game": TINY, "options": {"jump_in": 1}},
        {"game": 7},
    ],
)
def test_types_are_strict(http: httpx.Client, body: dict[str, Any]) -> None:
    refused = http.post("/api/tables", json=body)
    assert refused.status_code in (400, 422), refused.text
    assert not http.get("/api/tables").json()


def test_bot_kinds_listed_are_the_ones_that_can_play(http: httpx.Client) -> None:
    games = {game["id"]: game for game in http.get("/api/games").json()}
    if importlib.util.find_spec("rlcard") is None:
        assert "rlcard" not in http.get("/api/bots").json()
        assert all("rlcard" not in game["bots"] for game in games.values())
        table, owner = uno_table(http)
        refused = http.post(
            f"/api/tables/{table}/seats/1/bot", json={"kind": "rlcard"}, headers=auth(owner)
        )
        assert refused.status_code == 400 and "needs RLCard" in refused.json()["detail"]
    assert "rlcard" not in games["frog"]["bots"]
    assert "ismcts" in games["uno"]["bots"]
