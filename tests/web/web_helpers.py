"""Helpers of the browser tests: a live server, Chromium, and the hidden-card checks.

The server runs in a thread (uvicorn on 127.0.0.1, bots moving at once, seeds allowed so that a
test can pick a deal). Chromium is Debian's (``/usr/bin/chromium``), driven by Playwright.
Every WebSocket frame a page receives is kept; :class:`Watcher` also samples the page's DOM
(every ``data-card``, the hand) with the table version it shows, to be checked against the
server's own record once the game is over.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
import uvicorn

from solocards.server import create_app

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SHOTS = ROOT / "build" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 860}
PHONE: ViewportSize = {"width": 390, "height": 844}
TIMEOUT = 30.0

sys.path.insert(0, str(HERE.parent / "server"))
from server_helpers import GENEROUS_LIMITS  # noqa: E402
from server_referee import Referee, hidden_cards, tokens  # noqa: E402

__all__ = ["Referee", "hidden_cards", "tokens"]


def need_chromium() -> None:
    """Skip without Chromium, unless in CI (``CI`` set), where its absence is a failure."""
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing in CI; scripts/ci-packages.sh installs it")
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")


class LiveServer:
    """The solocards server in a thread on a free port of 127.0.0.1 (a context manager)."""

    def __init__(self, db_url: str, **settings: Any) -> None:
        settings.setdefault("bot_delay", 0.0)
        settings.setdefault("round_pause", 0.0)  # tests that pause between rounds ask for it
        settings.setdefault("reaction_window", 0.0)
        settings.setdefault("rate_per_second", 10_000.0)
        settings.setdefault("rate_burst", 10_000)
        settings.setdefault("allow_seed", True)
        for name, value in GENEROUS_LIMITS.items():  # every test browser is on 127.0.0.1
            settings.setdefault(name, value)
        self.app = create_app(db_url, **settings)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port: int = self.sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        async def serve() -> None:
            self.loop = asyncio.get_running_loop()
            await self.server.serve(sockets=[self.sock])

        asyncio.run(serve())

    @property
    def url(self) -> str:
        """The base URL of the site."""
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)
        self.sock.close()

    def table(self, table_id: str) -> Any:
        """The server's own Table object (for the checks against the server-side state)."""
        return self.app.state.manager.tables[table_id]

    def drop_connections(self, table_id: str) -> int:
        """Close every client socket of a table from the server side (a network drop)."""
        table = self.table(table_id)
        conns = list(table.subscribers)
        assert self.loop is not None
        for conn in conns:
            self.loop.call_soon_threadsafe(conn.close)
        return len(conns)


def open_table(
    base: str,
    game: str,
    humans: dict[int, str],
    bots: dict[int, str],
    options: dict[str, Any] | None = None,
    players: int | None = None,
    seed: int | None = None,
    clock: float | None = None,
) -> tuple[str, str, dict[int, str]]:
    """Create a table over HTTP, seat humans and bots, start it; (id, owner, seat tokens)."""
    with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
        body: dict[str, Any] = {"game": game, "options": options or {}}
        if players is not None:
            body["players"] = players
        if seed is not None:
            body["seed"] = seed
        if clock is not None:
            body["clock"] = {"seconds": clock, "on_timeout": "bot"}
        created = http.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = created.json()["table"]["id"]
        owner = created.json()["owner_token"]
        tokens_: dict[int, str] = {}
        for seat, name in humans.items():
            seated = http.post(f"/api/tables/{table}/seats/{seat}", json={"name": name})
            assert seated.status_code == 201, seated.text
            tokens_[seat] = seated.json()["token"]
        auth = {"Authorization": f"Bearer {owner}"}
        for seat, kind in bots.items():
            response = http.post(
                f"/api/tables/{table}/seats/{seat}/bot", json={"kind": kind}, headers=auth
            )
            assert response.status_code == 200, response.text
        started = http.post(f"/api/tables/{table}/start", headers=auth)
        assert started.status_code == 200, started.text
    return table, owner, tokens_


def record_of(base: str, table: str) -> dict[str, Any]:
    """The record of a finished table."""
    response = httpx.get(f"{base}/api/tables/{table}/record", timeout=TIMEOUT)
    assert response.status_code == 200, response.text
    record: dict[str, Any] = response.json()
    return record


def seat_storage_script(table: str, seat: int, token: str) -> str:
    """A script that gives a page the seat token, as the lobby would have stored it."""
    value = json.dumps(json.dumps({"seat": seat, "token": token}))
    return f"localStorage.setItem('solocards.seat.{table}', {value});"
