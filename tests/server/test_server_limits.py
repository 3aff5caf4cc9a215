"""Per-client limits of the lobby, the cap on open tables, and what a client sees at each."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from server_helpers import TINY, LiveServer, auth, open_table, sqlite_url

from solocards.server.config import Settings
from solocards.server.ratelimit import ClientBuckets


@contextmanager
def lobby(tmp_path: Path, **settings: Any) -> Iterator[httpx.Client]:
    """An HTTP client of a live server with these settings."""
    with (
        LiveServer(sqlite_url(tmp_path), **settings) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        yield http


def refused_in(http: httpx.Client, lang: str, path: str, body: dict[str, Any]) -> str:
    """The detail of a request refused by a per-client limit, asked for in ``lang``."""
    response = http.post(path, params={"lang": lang}, json=body)
    assert response.status_code == 429
    detail: str = response.json()["detail"]
    return detail


def test_creating_tables_is_limited_per_address(tmp_path: Path) -> None:
    with lobby(tmp_path, create_burst=3, create_per_minute=2.0) as http:
        made = [http.post("/api/tables", json={"game": TINY}) for _ in range(3)]
        refused = http.post("/api/tables", json={"game": TINY})
        listed = http.get("/api/tables").json()
        ukrainian = refused_in(http, "uk", "/api/tables", {"game": TINY})
    assert [response.status_code for response in made] == [201, 201, 201]
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 30
    assert "too many new tables" in refused.json()["detail"]
    assert len(listed) == 3  # the refused request opened nothing
    # the whole sentence in the client's language, no English fragment in it
    assert ukrainian.startswith("з вашої адреси відкрито забагато столів; "), ukrainian


def test_taking_seats_is_limited_per_address(tmp_path: Path) -> None:
    with lobby(tmp_path, seat_burst=2, seat_per_minute=1.0) as http:
        table = http.post("/api/tables", json={"game": TINY, "players": 4}).json()["table"]
        seats = f"/api/tables/{table['id']}/seats"
        taken = [http.post(f"{seats}/{seat}", json={"name": f"p{seat}"}) for seat in (0, 1)]
        refused = http.post(f"{seats}/2", json={"name": "p2"})
        after = http.get(f"/api/tables/{table['id']}").json()
        russian = refused_in(http, "ru", f"{seats}/2", {"name": "p2"})
    assert [response.status_code for response in taken] == [201, 201]
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert "too many seats" in refused.json()["detail"]
    assert russian.startswith("с вашего адреса занято слишком много мест; "), russian
    assert [seat["kind"] for seat in after["seats"]] == ["human", "human", "empty", "empty"]


def test_open_tables_are_capped(tmp_path: Path) -> None:
    with lobby(tmp_path, max_tables=2) as http:
        made = [http.post("/api/tables", json={"game": TINY}) for _ in range(2)]
        refused = http.post("/api/tables", json={"game": TINY})
    assert [response.status_code for response in made] == [201, 201]
    assert refused.status_code == 503
    assert "as many tables as it can hold" in refused.json()["detail"]
    assert int(refused.headers["Retry-After"]) >= 1


def test_a_rematch_counts_against_the_cap(tmp_path: Path) -> None:
    with lobby(tmp_path, max_tables=2) as http:
        table, owner, _ = open_table(http, TINY, {}, {0: "eager", 1: "eager", 2: "eager"})
        deadline = time.monotonic() + 20.0
        while http.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        filler = [http.post("/api/tables", json={"game": TINY}) for _ in range(2)]
        refused = http.post(f"/api/tables/{table}/rematch", headers=auth(owner))
    assert [response.status_code for response in filler] == [201, 201]
    assert refused.status_code == 503, refused.text
    assert int(refused.headers["Retry-After"]) >= 1


def test_the_default_cap_is_far_below_what_exhausted_memory() -> None:
    settings = Settings(db_url="sqlite://")
    assert settings.max_tables <= 1000
    assert settings.create_burst <= 20 and settings.create_per_minute <= 10


def test_the_per_address_budgets_keep_a_bounded_number_of_addresses() -> None:
    clients = ClientBuckets(rate=1.0, burst=1, max_clients=3, now=lambda: 0.0)
    for address in ("a", "b", "c", "d"):
        assert clients.take(address) is None
    assert len(clients) == 3
    assert clients.take("d") == 1.0  # still limited: it was heard from most recently
