"""Fixtures of the server tests: the tiny game and the eager test bot, a live server."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import REDIS_SERVER, RedisServer
from server_helpers import TINY, TINY_SPEC, EagerBot, LiveServer, sqlite_url
from sqlalchemy import create_engine, text

from solocards.bots import registry as bot_registry
from solocards.games import registry


@pytest.fixture(autouse=True)
def test_games_and_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the tiny game and the eager bot for this test only."""
    monkeypatch.setitem(registry._GAMES, TINY, TINY_SPEC)
    monkeypatch.setitem(bot_registry._BOTS, "eager", lambda game, **params: EagerBot())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server on SQLite in ``tmp_path``, bots moving at once."""
    with LiveServer(sqlite_url(tmp_path)) as live:
        yield live


@pytest.fixture
def http(server: LiveServer) -> Iterator[httpx.Client]:
    """An HTTP client of the lobby of ``server``."""
    with httpx.Client(base_url=server.http, timeout=20.0) as client:
        yield client


PG_ENV = "SOLOCARDS_TEST_PG_URL"


def _pg_schema_url(base: str, schema: str) -> str:
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}options=-csearch_path%3D{schema}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL with a schema of its own (dropped afterwards); skipped without one.

    CI sets ``SOLOCARDS_TEST_PG_URL`` (see scripts/ci-postgres.sh).
    """
    base = os.environ.get(PG_ENV)
    if not base:
        if os.environ.get("CI"):
            pytest.fail(f"{PG_ENV} is not set in CI; .ci/run starts PostgreSQL and sets it")
        pytest.skip(f"{PG_ENV} is not set")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    engine = create_engine(base)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield _pg_schema_url(base, schema)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind: an SQLite file, and PostgreSQL where CI provides one."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("pg_url")
    return url


REDIS_ENV = "SOLOCARDS_TEST_REDIS_URL"


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A private ``redis-server`` on a free port in ``tmp_path``; skipped without the binary
    (CI installs Debian's, see scripts/ci-redis.sh). A test may kill and restart it."""
    if REDIS_SERVER is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing in CI; scripts/ci-redis.sh installs it")
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path / "redis").start()
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture
def redis_url(request: pytest.FixtureRequest) -> str:
    """A Redis URL: ``SOLOCARDS_TEST_REDIS_URL`` (CI), else a private ``redis-server``.

    Tests share a Redis through namespaces of their own (``broker_namespace``).
    """
    url = os.environ.get(REDIS_ENV)
    if url:
        return url
    server: RedisServer = request.getfixturevalue("redis_server")
    return server.url
