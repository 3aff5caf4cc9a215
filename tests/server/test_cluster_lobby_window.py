"""A lobby request for a table that exists never answers 404 in a cluster (issue 23), even
while its holder is being replaced or Redis restarts: it is answered (200) or the client is
told to try again (503 with ``Retry-After``)."""

from __future__ import annotations

import threading
import time
import uuid

import httpx
import pytest
from cluster_helpers import RedisServer, cluster_servers
from server_helpers import TINY, auth

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def open_bot_table(http: httpx.Client) -> str:
    """A started table of eager bots (they move every ``bot_delay``)."""
    created = http.post("/api/tables", json={"game": TINY, "players": 2, "options": {"rounds": 5}})
    assert created.status_code == 201, created.text
    table_id, owner = created.json()["table"]["id"], created.json()["owner_token"]
    for seat in range(2):
        placed = http.post(
            f"/api/tables/{table_id}/seats/{seat}/bot", json={"kind": "eager"}, headers=auth(owner)
        )
        assert placed.status_code == 200, placed.text
    assert http.post(f"/api/tables/{table_id}/start", headers=auth(owner)).status_code == 200
    return table_id


class Poller:
    """Asks for the tables over and over (from a thread) and keeps every status code."""

    def __init__(self, base_url: str, table_ids: list[str]) -> None:
        self.base_url = base_url
        self.table_ids = table_ids
        self.answers: list[tuple[str, int, str]] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        with httpx.Client(base_url=self.base_url, timeout=30.0) as http:
            while not self.stopping.is_set():
                for table_id in self.table_ids:
                    for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/record"):
                        try:
                            answer = http.get(path)
                        except httpx.HTTPError:
                            continue
                        self.answers.append((path, answer.status_code, answer.text[:200]))
                        if answer.status_code == 503:
                            assert "Retry-After" in answer.headers, answer.headers
                time.sleep(0.02)

    def __enter__(self) -> Poller:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        self.thread.join(60)

    def check(self) -> None:
        """Every answer was a 200, a 503 or (the record of a game in play) a 409."""
        codes = {code for _, code, _ in self.answers}
        wrong = [answer for answer in self.answers if answer[1] not in (200, 409, 503)]
        assert not wrong, wrong[:5]
        assert 200 in codes, codes
        print(f"{len(self.answers)} answers: {sorted(codes)}")


def test_no_404_while_the_holder_is_replaced(pg_url: str, redis_url: str) -> None:
    servers = cluster_servers(pg_url, redis_url, f"test-{uuid.uuid4().hex[:10]}", 2, bot_delay=0.3)
    try:
        with httpx.Client(base_url=servers[0].http, timeout=20.0) as http:
            tables = [open_bot_table(http), open_bot_table(http)]
        with Poller(servers[1].http, tables) as poller:
            time.sleep(0.5)
            servers[0].kill()
            time.sleep(6.0)  # the lease runs out (3 s) and B takes the tables
        poller.check()
    finally:
        for server in servers:
            server.kill()


PATIENCE = 2.0
"""The lobby's patience for a table's holder in the Redis test (``forward_patience``)."""


def test_no_404_while_redis_restarts(pg_url: str, redis_server: RedisServer) -> None:
    servers = cluster_servers(
        pg_url,
        redis_server.url,
        f"test-{uuid.uuid4().hex[:10]}",
        2,
        bot_delay=0.3,
        forward_patience=PATIENCE,
    )
    try:
        with httpx.Client(base_url=servers[0].http, timeout=20.0) as http:
            tables = [open_bot_table(http), open_bot_table(http)]
        with Poller(servers[1].http, tables) as poller:
            time.sleep(0.5)
            redis_server.kill()
            time.sleep(1.0)
            redis_server.start()
            time.sleep(5.0)
        poller.check()
        # the lobby lists the tables again, though Redis forgot every listing it had
        with httpx.Client(base_url=servers[1].http, timeout=30.0) as http:
            deadline = time.monotonic() + 5.0
            while True:
                listed = {table["id"] for table in http.get("/api/tables").json()}
                open_ones = {
                    table_id
                    for table_id in tables
                    if http.get(f"/api/tables/{table_id}").json()["status"] == "playing"
                }
                if open_ones <= listed or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert open_ones <= listed, (open_ones, listed)
        # Redis stays away: B cannot know who holds the tables; it says so (after its
        # patience), never that they do not exist
        redis_server.kill()
        with httpx.Client(base_url=servers[1].http, timeout=30.0) as http:
            asked = time.monotonic()
            answer = http.get(f"/api/tables/{tables[0]}")
            waited = time.monotonic() - asked
        assert answer.status_code == 503, answer.text
        # after the patience the server was given, not the default 10 s
        assert PATIENCE <= waited < PATIENCE + 4.0, waited
        assert int(answer.headers["Retry-After"]) >= 1
        assert "try again" in answer.json()["detail"]
    finally:
        for server in servers:
            server.kill()
