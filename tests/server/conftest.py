"""Fixtures of the server tests: the tiny game and the eager test bot, a live server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
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
