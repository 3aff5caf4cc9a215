"""``/healthz`` and ``/readyz``: each part of readiness fails on its own and is named."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import httpx
import pytest
from cluster_helpers import RedisServer
from server_helpers import LiveServer, sqlite_url
from sqlalchemy import create_engine, text

from solocards.server.http.health import check_database, schema_problem
from solocards.server.storage.migrate import head_revision
from solocards.server.storage.repository import make_engine


def test_healthz_answers_while_the_process_lives(http: httpx.Client) -> None:
    answer = http.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok"}


def test_readyz_is_ready_on_a_migrated_database(http: httpx.Client) -> None:
    answer = http.get("/readyz")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"status": "ready", "parts": {"database": "ok"}}


def test_readyz_is_not_ready_when_the_schema_is_behind(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    with LiveServer(url) as live, httpx.Client(base_url=live.http, timeout=20.0) as http:
        assert http.get("/readyz").status_code == 200
        engine = create_engine(url)
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '0003'"))
        engine.dispose()
        answer = http.get("/readyz")
    assert answer.status_code == 503
    body = answer.json()
    assert body["status"] == "not ready"
    assert body["parts"]["database"] == f"the database is at migration 0003, not {head_revision()}"


def test_an_unreachable_database_is_named_without_its_address_or_password() -> None:
    url = "postgresql+psycopg://ann:secret@127.0.0.1:1/nowhere?connect_timeout=2"
    problems = check_database(url)
    assert problems == ["the database does not answer (OperationalError)"]
    engine = make_engine(url)
    try:
        problem = schema_problem(engine)
    finally:
        engine.dispose()
    assert problem is not None and "secret" not in problem and "127.0.0.1" not in problem


def test_readyz_names_the_broker_when_redis_stops(pg_url: str, redis_server: RedisServer) -> None:
    namespace = f"health-{uuid.uuid4().hex[:8]}"
    with (
        LiveServer(pg_url, broker_url=redis_server.url, broker_namespace=namespace) as live,
        httpx.Client(base_url=live.http, timeout=20.0) as http,
    ):
        ready = http.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["parts"] == {"database": "ok", "broker": "ok"}
        redis_server.kill()
        deadline = time.monotonic() + 15
        while True:
            answer = http.get("/readyz")
            if answer.status_code == 503 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert answer.status_code == 503, answer.text
        parts = answer.json()["parts"]
        assert parts["database"] == "ok"
        assert parts["broker"].startswith("the broker does not answer")
        redis_server.start()


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
def test_health_endpoints_are_in_the_api_schema(http: httpx.Client, path: str) -> None:
    assert path in http.get("/openapi.json").json()["paths"]
