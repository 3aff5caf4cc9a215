"""``/metrics``: off by default, behind its token when one is set, and each metric moves when
the thing it counts happens."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import httpx
from cluster_helpers import cluster_servers
from server_helpers import TINY, LiveServer, auth, open_table, sqlite_url


def sample(text: str, name: str, labels: str = "") -> float:
    """The value of one sample of the exposition ``text`` (0 if absent)."""
    pattern = re.escape(name + (f"{{{labels}}}" if labels else "")) + r" ([0-9.e+-]+)$"
    found = re.search(pattern, text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def test_metrics_are_off_by_default(http: httpx.Client) -> None:
    answer = http.get("/metrics")
    assert answer.status_code == 404
    assert answer.json() == {"detail": "metrics are off on this server"}


def test_the_metrics_token_is_asked_for_and_never_shown(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), metrics=True, metrics_token="s3cret") as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        assert http.get("/metrics").status_code == 401
        assert http.get("/metrics", headers=auth("guess")).status_code == 401
        answer = http.get("/metrics", headers=auth("s3cret"))
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/plain")
        assert "s3cret" not in answer.text


def test_actions_tables_storage_and_refusals_are_counted(tmp_path: Path) -> None:
    with (
        LiveServer(
            sqlite_url(tmp_path), metrics=True, create_burst=2, create_per_minute=0.01
        ) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        before = http.get("/metrics").text
        assert sample(before, "solocards_tables", 'state="lobby"') == 0
        assert sample(before, "solocards_actions_total") == 0
        table_id, _owner, _tokens = open_table(http, TINY, {}, {0: "eager", 1: "eager"}, players=2)
        deadline = time.monotonic() + 20
        while (shown := http.get(f"/api/tables/{table_id}").json())["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish the tiny game"
            time.sleep(0.05)
        stored = shown["version"]
        after = http.get("/metrics").text
        assert sample(after, "solocards_actions_total") == stored > 0
        assert sample(after, "solocards_tables", 'state="playing"') == 0
        # A finished table nobody watches is dropped from memory when its bots' task ends,
        # which may come just after the status above: the gauge then counts no table until
        # the next read brings it back. Reading it again until it is held settles that race.
        deadline = time.monotonic() + 10
        while sample(after, "solocards_tables", 'state="finished"') != 1:
            assert time.monotonic() < deadline, "the finished table is never counted"
            time.sleep(0.05)
            http.get(f"/api/tables/{table_id}")
            after = http.get("/metrics").text
        writes = sample(after, "solocards_storage_seconds_count", 'operation="append_action"')
        assert writes == stored
        assert sample(after, "process_resident_memory_bytes") > 0
        refused = 0
        for _ in range(3):  # the second table used the burst of 2; the next is refused
            refused += http.post("/api/tables", json={"game": TINY}).status_code == 429
        assert refused >= 1
        counted = http.get("/metrics").text
        assert sample(counted, "solocards_rate_limited_total", 'limit="creates"') == refused


def test_a_take_over_counts_as_a_failover(pg_url: str, redis_url: str) -> None:
    namespace = f"metrics-{uuid.uuid4().hex[:8]}"
    first, second = cluster_servers(
        pg_url, redis_url, namespace, 2, metrics=True, lease_seconds=1.0
    )
    try:
        with httpx.Client(base_url=first.http, timeout=20.0) as http:
            table_id, _owner, _tokens = open_table(http, TINY, {0: "ana", 1: "bo"}, {}, players=2)
            first.kill()
            deadline = time.monotonic() + 30
            while True:
                answer = http.get(f"{second.http}/api/tables/{table_id}")
                failovers = sample(
                    http.get(f"{second.http}/metrics").text, "solocards_failovers_total"
                )
                if answer.status_code == 200 and failovers >= 1:
                    break
                assert time.monotonic() < deadline, "the second process took nothing over"
                time.sleep(0.2)
    finally:
        for server in (first, second):
            server.kill()
