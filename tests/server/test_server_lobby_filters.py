"""Finding a table: the lobby lists the open tables by game, language and clock."""

from __future__ import annotations

from typing import Any

import httpx
from server_helpers import TINY, open_table


def listed(http: httpx.Client, **query: Any) -> list[str]:
    """The ids the lobby lists for ``query``."""
    answer = http.get("/api/tables", params=query)
    assert answer.status_code == 200, answer.text
    return [table["id"] for table in answer.json()]


def test_the_lobby_filters_by_game_language_clock_and_free_seats(http: httpx.Client) -> None:
    def create(**body: Any) -> str:
        created = http.post("/api/tables", json={"game": TINY, **body})
        assert created.status_code == 201, created.text
        table_id: str = created.json()["table"]["id"]
        return table_id

    german_day = create(language="de", clock={"seconds": 86400})
    english_fast = create(language="en", clock={"seconds": 60})
    unclocked = create(players=2)
    full, _, _ = open_table(http, TINY, {0: "ana"}, {1: "eager"}, start=False, players=2)
    other = http.post("/api/tables", json={"game": "uno"}).json()["table"]["id"]
    everything = listed(http)
    assert {german_day, english_fast, unclocked, full, other} <= set(everything)
    assert listed(http, language="de") == [german_day]
    assert listed(http, clock="long") == [german_day]
    assert listed(http, clock="short") == [english_fast]
    assert set(listed(http, clock="none")) == {unclocked, full, other}
    assert set(listed(http, game=TINY, open="true")) == {german_day, english_fast, unclocked}
    assert listed(http, game="uno", clock="none") == [other]
    assert listed(http, game="nothing") == []
    table = http.get("/api/tables", params={"language": "de"}).json()[0]
    assert table["language"] == "de" and table["absent"] == "wait"


def test_a_filter_the_lobby_does_not_know_is_refused(http: httpx.Client) -> None:
    for query in ({"clock": "forever"}, {"language": "xx"}, {"open": "perhaps"}):
        refused = http.get("/api/tables", params=query)
        assert refused.status_code == 422, query
