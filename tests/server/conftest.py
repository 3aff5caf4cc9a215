"""Fixtures of the server tests: the tiny game and the eager test bot, a live server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import RedisServer, pg_schema, private_redis
from server_helpers import TINY, TINY_SPEC, EagerBot, LiveServer, sqlite_url

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


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL with a schema of its own (dropped afterwards); skipped without one.

    CI sets ``SOLOCARDS_TEST_PG_URL`` (see scripts/ci-postgres.sh).
    """
    with pg_schema() as url:
        yield url


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
    with private_redis(tmp_path / "redis") as server:
        yield server


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
