"""A request body that does not validate (422) is answered in the request's language: one
clear sentence per problem, naming the field, with the machine-readable ``loc``/``type`` kept."""

from __future__ import annotations

import asyncio

import httpx
from server_helpers import TINY, Client, LiveServer

from solocards.i18n import SUPPORTED_LANGUAGES


def problems(answer: httpx.Response) -> list[str]:
    assert answer.status_code == 422, answer.text
    return [entry["msg"] for entry in answer.json()["detail"]]


def test_each_problem_is_a_sentence_naming_its_field_in_the_language(http: httpx.Client) -> None:
    bad = {"game": 1, "players": "four", "public": "yes", "seed": 1.5}
    english = problems(http.post("/api/tables", json=bad))
    assert english == [
        "game must be text",
        "players must be a whole number",
        "public must be true or false",
        "seed must be a whole number",
    ]
    for lang in SUPPORTED_LANGUAGES:
        if lang == "en":
            continue
        said = problems(http.post(f"/api/tables?lang={lang}", json=bad))
        assert len(said) == 4 and not set(said) & set(english), (lang, said)
        for field, sentence in zip(["game", "players", "public", "seed"], said, strict=True):
            assert field in sentence, (lang, sentence)
    header = problems(http.post("/api/tables", json=bad, headers={"Accept-Language": "uk"}))
    assert header == problems(http.post("/api/tables?lang=uk", json=bad))


def test_lengths_missing_fields_and_names(http: httpx.Client) -> None:
    table = http.post("/api/tables", json={"game": TINY}).json()["table"]["id"]
    seat = f"/api/tables/{table}/seats/0"
    assert problems(http.post(seat, json={"name": ""})) == [
        "name must be at least 1 character long"
    ]
    assert problems(http.post(seat, json={"name": "x" * 40})) == [
        "name must be at most 32 characters long"
    ]
    assert problems(http.post(seat, json={})) == ["name is required"]
    assert problems(http.post(seat, json={"name": "a\x00b"})) == [
        "name: the name may not contain control characters (U+0000 at position 1)"
    ]
    german = problems(http.post(seat + "?lang=de", json={"name": "a\x00b"}))
    assert german[0].startswith("name: ") and "U+0000" in german[0] and "control" not in german[0]
    ukrainian = problems(http.post(seat + "?lang=uk", json={}))
    assert ukrainian != ["name is required"] and "name" in ukrainian[0]
    assert http.get(f"/api/tables/{table}").json()["seats"][0]["kind"] == "empty"


def test_a_chat_line_before_joining_is_refused_in_the_connections_language(
    server: LiveServer,
) -> None:
    async def run() -> list[str]:
        said = []
        for lang in ("en", "uk"):
            async with Client(f"{server.ws}?lang={lang}") as client:
                await client.send({"type": "chat", "text": "hi"})
                refused = await client.error()
                assert refused["code"] == "not_joined"
                said.append(refused["message"])
        return said

    english, ukrainian = asyncio.run(run())
    assert english.startswith("join a table first") and ukrainian.startswith("спершу")
