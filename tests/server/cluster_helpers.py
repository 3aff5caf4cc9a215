"""Helpers for the cluster tests: a private Redis, server processes on one broker, players
that reconnect to another process when theirs goes away."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import TIMEOUT, ChildServer, eager_choice, free_port
from sqlalchemy import create_engine, text
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

REDIS_SERVER = shutil.which("redis-server")
PG_ENV = "SOLOCARDS_TEST_PG_URL"


@contextlib.contextmanager
def pg_schema() -> Iterator[str]:
    """A URL of a PostgreSQL schema of the caller's own, dropped afterwards; the test is skipped
    without ``SOLOCARDS_TEST_PG_URL``, and fails without it in CI (scripts/ci-postgres.sh)."""
    base = os.environ.get(PG_ENV)
    if not base:
        if os.environ.get("CI"):
            pytest.fail(f"{PG_ENV} is not set in CI; .ci/run starts PostgreSQL and sets it")
        pytest.skip(f"{PG_ENV} is not set")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    engine = create_engine(base)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@contextlib.contextmanager
def private_redis(folder: Path) -> Iterator[RedisServer]:
    """A private ``redis-server`` in ``folder``, killed afterwards; the test is skipped without
    the binary, and fails without it in CI (scripts/ci-redis.sh installs it)."""
    if REDIS_SERVER is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing in CI; scripts/ci-redis.sh installs it")
        pytest.skip("redis-server is not installed")
    server = RedisServer(folder).start()
    try:
        yield server
    finally:
        server.kill()


class RedisServer:
    """``redis-server`` on 127.0.0.1 with a folder of its own, no persistence; restartable on
    the same port (a restart forgets every key, as a Redis without persistence does)."""

    def __init__(self, folder: Path) -> None:
        assert REDIS_SERVER is not None
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The URL of database 0."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start it and wait until it answers."""
        assert REDIS_SERVER is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1.0)
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                if client.ping():
                    client.close()
                    return self
            except redis.exceptions.ConnectionError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def kill(self) -> None:
        """Stop it at once."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)


def cluster_servers(
    db_url: str, redis_url: str, namespace: str, count: int, **settings: Any
) -> list[ChildServer]:
    """``count`` server processes on one database and one Redis (started)."""
    settings.setdefault("leave_grace", 30.0)
    servers = [
        ChildServer(
            db_url,
            broker_url=redis_url,
            broker_namespace=namespace,
            **settings,
        )
        for _ in range(count)
    ]
    for server in servers:
        server.start()
    return servers


def stored_actions(db_url: str, table_id: str) -> list[tuple[int, int, str]]:
    """The stored actions of a table, as (number, seat, action) in number order."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT idx, seat, action FROM table_actions WHERE table_id = :t ORDER BY idx"
                ),
                {"t": table_id},
            )
            return [(int(idx), int(seat), str(action)) for idx, seat, action in rows]
    finally:
        engine.dispose()


class Player:
    """A seated player that plays whenever its view lets it, and reconnects to the next
    process (joining again with its token and last version) when its connection goes away.

    ``states`` keeps every (version, view) it was sent, to be checked against the stored
    match; ``reconnects`` counts the times it had to connect again, ``syncs`` the full states
    it was sent.
    """

    def __init__(
        self, urls: list[str], table: str, token: str, seed: int, pace: float = 0.0
    ) -> None:
        self.urls = urls
        self.pace = pace  # seconds it waits before each action
        self.where = 0
        self.table = table
        self.token = token
        self.rng = random.Random(seed)
        self.ws: ClientConnection | None = None
        self.version: int | None = None
        self.states: list[tuple[int, dict[str, Any]]] = []
        self.errors: list[dict[str, Any]] = []
        self.reconnects = 0
        self.syncs = 0  # full states received (the first join's included)
        self.latest: dict[str, Any] | None = None

    async def _connect(self) -> None:
        while True:
            try:
                self.ws = await connect(self.urls[self.where], max_size=1 << 22, open_timeout=5)
                await self.ws.send(
                    json.dumps(
                        {
                            "type": "join",
                            "table": self.table,
                            "token": self.token,
                            "version": self.version,
                        }
                    )
                )
                return
            except (OSError, InvalidHandshake, TimeoutError):
                self.where = (self.where + 1) % len(self.urls)
                await asyncio.sleep(0.1)

    def move_to(self, index: int) -> None:
        """Connect to ``urls[index]`` after the next loss of connection."""
        self.where = index

    async def play(self, timeout: float = 60.0) -> dict[str, Any]:
        """Play until the table's status is ``finished``; returns the last state message."""
        await self._connect()
        acted_on: dict[str, Any] | None = None
        deadline = time.monotonic() + timeout
        while True:
            latest = self.latest
            if latest is not None and latest["status"] == "finished":
                assert self.ws is not None
                await self.ws.close()
                return latest
            view = None if latest is None else latest["view"]
            if (
                latest is not None
                and latest is not acted_on
                and view is not None
                and view["can_act"]
                and latest["status"] == "playing"
            ):
                acted_on = latest
                action = eager_choice(view["legal_actions"], self.rng)
                await asyncio.sleep(self.pace)
                assert self.ws is not None
                with contextlib.suppress(ConnectionClosed):
                    await self.ws.send(json.dumps({"action": action, "version": latest["version"]}))
            try:
                assert self.ws is not None
                raw = await asyncio.wait_for(self.ws.recv(), max(0.01, deadline - time.monotonic()))
            except ConnectionClosed:
                self.reconnects += 1
                self.where = (self.where + 1) % len(self.urls)
                await self._connect()
                continue
            message = json.loads(raw)
            if message["type"] in ("sync", "events", "update"):
                self.syncs += message["type"] == "sync"
                self.latest = message
                self.version = message["version"]
                if message["view"] is not None:
                    self.states.append((message["version"], message["view"]))
            elif message["type"] == "error":
                self.errors.append(message)
