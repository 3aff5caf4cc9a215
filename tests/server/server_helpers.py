"""Helpers for the server tests: live servers on loopback, WebSocket clients, scripted players.

Servers run for real: uvicorn in a thread (``LiveServer``) or in a child process that a test
may kill (``ChildServer``), always on 127.0.0.1 with a free port. Clients are ``httpx`` and
``websockets``; every message a client receives is kept, so that a test can check each one.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from solocards.bots import NO_REACTION
from solocards.games import registry
from solocards.server import create_app

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TINY = "tiny"
TINY_SPEC = "server_tinygame:TinyGame"
TIMEOUT = 20.0
GENEROUS_LIMITS: dict[str, Any] = {
    "create_per_minute": 60_000.0,
    "create_burst": 10_000,
    "seat_per_minute": 60_000.0,
    "seat_burst": 10_000,
    "joins_per_second": 10_000.0,
    "join_burst": 10_000,
    "address_joins_per_second": 10_000.0,
    "address_join_burst": 10_000,
    "replay_per_second": 10_000.0,
    "replay_burst": 10_000,
    "unknown_table_per_second": 10_000.0,
    "unknown_table_burst": 10_000,
    "hint_per_second": 10_000.0,
    "hint_burst": 10_000,
    "chat_address_per_second": 10_000.0,
    "chat_address_burst": 10_000,
    "table_chat_per_second": 10_000.0,
    "table_chat_burst": 10_000,
    "watchers_per_address": 10_000,
    "max_tables": 10_000,
}
"""Per-client limits out of the way: every test client comes from 127.0.0.1."""


class EagerBot:
    """A test bot that plays a card whenever it can (short games), else anything legal."""

    name = "eager"

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        """A random legal action, other than drawing, passing or declining when possible."""
        return eager_choice(legal, rng)


def eager_choice(legal: list[str], rng: random.Random) -> str:
    """Prefer playing over ``draw``, ``pass`` and ``no-reaction``."""
    plays = [action for action in legal if action not in ("draw", "pass", NO_REACTION)]
    return rng.choice(plays or legal)


def is_loadable(game_id: str) -> bool:
    """Whether a registered game can be imported yet."""
    try:
        registry.game_class(game_id)
    except ImportError:
        return False
    return True


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def sqlite_url(tmp_path: Path, name: str = "server.sqlite") -> str:
    """An SQLite URL for a file in ``tmp_path``."""
    return f"sqlite:///{tmp_path / name}"


class LiveServer:
    """``create_app(...)`` served by uvicorn in a thread on 127.0.0.1 (a context manager)."""

    def __init__(self, db_url: str, **settings: Any) -> None:
        settings.setdefault("bot_delay", 0.0)
        settings.setdefault("round_pause", 0.0)  # tests that pause between rounds ask for it
        settings.setdefault("reaction_window", 0.0)
        settings.setdefault("rate_per_second", 10_000.0)
        settings.setdefault("rate_burst", 10_000)
        for name, value in GENEROUS_LIMITS.items():
            settings.setdefault(name, value)
        self.app = create_app(db_url, **settings)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port: int = self.sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=1 << 20, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def http(self) -> str:
        """The base URL of the lobby."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The URL of the play endpoint."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)
        self.sock.close()


LAUNCH = """
import sys
sys.path.insert(0, {here!r})
from solocards.games import registry
registry._GAMES.setdefault("tiny", "server_tinygame:TinyGame")
from solocards.bots import registry as bot_registry
from server_helpers import EagerBot
bot_registry._BOTS.setdefault("eager", lambda game, **params: EagerBot())
import uvicorn
from solocards.server import create_app
app = create_app({db_url!r}, **{settings!r})
uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning")
"""


class ChildServer:
    """The server in a child process, which a test can kill like a crash."""

    def __init__(self, db_url: str, port: int | None = None, **settings: Any) -> None:
        settings.setdefault("bot_delay", 0.0)
        settings.setdefault("round_pause", 0.0)  # tests that pause between rounds ask for it
        settings.setdefault("reaction_window", 0.0)
        settings.setdefault("rate_per_second", 10_000.0)
        settings.setdefault("rate_burst", 10_000)
        for name, value in GENEROUS_LIMITS.items():
            settings.setdefault(name, value)
        self.db_url = db_url
        self.port = port or free_port()
        self.settings = settings
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        """The base URL of the lobby."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The URL of the play endpoint."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> ChildServer:
        """Start the process and wait until the lobby answers."""
        code = LAUNCH.format(
            here=str(HERE), db_url=self.db_url, settings=self.settings, port=self.port
        )
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)
        deadline = time.monotonic() + TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("the child server exited")
            try:
                if httpx.get(f"{self.http}/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the child server did not start")
            time.sleep(0.05)

    def kill(self) -> None:
        """Kill the process at once (no clean shutdown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)


# -- the lobby -------------------------------------------------------------------------------


def auth(token: str) -> dict[str, str]:
    """The header that carries a token."""
    return {"Authorization": f"Bearer {token}"}


def open_table(
    http: httpx.Client,
    game: str,
    humans: dict[int, str],
    bots: dict[int, str],
    start: bool = True,
    **create: Any,
) -> tuple[str, str, dict[int, str]]:
    """Create a table, seat ``humans`` (seat -> name) and ``bots`` (seat -> kind), start it.

    Returns the table id, the owner token and each human seat's token.
    """
    response = http.post("/api/tables", json={"game": game, **create})
    assert response.status_code == 201, response.text
    created = response.json()
    table_id, owner = created["table"]["id"], created["owner_token"]
    tokens = {}
    for seat, name in humans.items():
        taken = http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name})
        assert taken.status_code == 201, taken.text
        tokens[seat] = taken.json()["token"]
    for seat, kind in bots.items():
        placed = http.post(
            f"/api/tables/{table_id}/seats/{seat}/bot", json={"kind": kind}, headers=auth(owner)
        )
        assert placed.status_code == 200, placed.text
    if start:
        started = http.post(f"/api/tables/{table_id}/start", headers=auth(owner))
        assert started.status_code == 200, started.text
    return table_id, owner, tokens


# -- WebSocket clients -----------------------------------------------------------------------


class Client:
    """A WebSocket client that keeps every message it receives (``received``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.received: list[dict[str, Any]] = []

    async def __aenter__(self) -> Client:
        self.ws = await connect(self.url, max_size=1 << 22, open_timeout=TIMEOUT)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: Any) -> None:
        """Send a JSON message (or a raw string / bytes as they are)."""
        assert self.ws is not None
        if isinstance(message, str | bytes):
            await self.ws.send(message)
        else:
            await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message."""
        assert self.ws is not None
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        return message

    async def recv_until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """Receive until a message satisfies ``predicate``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if predicate(message):
                return message

    async def error(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next ``error`` message (skipping broadcasts)."""
        return await self.recv_until(lambda m: m["type"] == "error", timeout)

    async def join(
        self, table: str, token: str | None = None, version: int | None = None
    ) -> dict[str, Any]:
        """Join a table; returns the ``sync`` or ``events`` answer."""
        await self.send({"type": "join", "table": table, "token": token, "version": version})
        return await self.recv_until(lambda m: m["type"] in ("sync", "events", "error"))

    async def ping(self) -> None:
        """Check the connection is open and answering."""
        await self.send({"type": "ping"})
        await self.recv_until(lambda m: m["type"] == "pong", 5.0)


STATE_MESSAGES = ("sync", "events", "update")


async def play_until(
    client: Client,
    rng: random.Random,
    stop: Callable[[dict[str, Any]], bool] = lambda m: m["status"] == "finished",
    choose: Callable[[dict[str, Any], random.Random], str] | None = None,
    timeout: float = 120.0,
) -> dict[str, Any]:
    """Play the joined seat with a scripted choice until ``stop(latest state message)``.

    The player acts whenever its view lets it (reactions included) and waits for the answer
    before acting again; a stale version (somebody was faster) is not an error.
    """
    choose = choose or (lambda view, r: eager_choice(view["legal_actions"], r))
    latest: dict[str, Any] | None = None
    pending: int | None = None
    deadline = time.monotonic() + timeout
    for message in client.received:
        if message["type"] in STATE_MESSAGES:
            latest = message
    while True:
        if latest is not None and stop(latest):
            return latest
        view = None if latest is None else latest["view"]
        if (
            pending is None
            and view is not None
            and view["can_act"]
            and (latest is not None and latest["status"] == "playing")
        ):
            assert latest is not None
            pending = latest["version"]
            await client.send({"action": choose(view, rng), "version": pending})
        message = await client.recv(max(0.01, deadline - time.monotonic()))
        if message["type"] in STATE_MESSAGES:
            latest = message
            if pending is not None and message["version"] > pending:
                pending = None
        elif message["type"] == "error":
            assert message["code"] == "stale_version", message
            if pending is not None and message["version"] > pending:
                pending = None
