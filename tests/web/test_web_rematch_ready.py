"""A rematch asks every person at the table to be ready, in Chromium: the first who asks waits
and sees who is awaited, the other gets a "Ready" button, and both go to the new table once
everyone is ready."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page
from web_helpers import DESKTOP, LiveServer, need_chromium, open_table, seat_storage_script


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server where a seat nobody opens goes to a bot at once (the match plays itself)."""
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("rematch")
    with LiveServer(f"sqlite:///{folder / 'web.sqlite'}", leave_grace=0.2) as live:
        yield live


def page_of(browser: Browser, server: LiveServer, table: str, seat: int, token: str) -> Page:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, seat, token))
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}")
    return page


def test_a_rematch_waits_for_both_players(browser: Browser, server: LiveServer) -> None:
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana", 1: "bob"}, {2: "heuristic"}, {"rounds": 1, "hand_size": 3}, 3
    )
    deadline = time.monotonic() + 60
    while httpx.get(f"{server.url}/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.1)
    ana = page_of(browser, server, table, 0, tokens_[0])
    bob = page_of(browser, server, table, 1, tokens_[1])
    for page in (ana, bob):
        page.wait_for_selector(".modal:not(.hidden) .dialog")
    ana.locator(".modal:not(.hidden) .dialog button:has-text('Rematch')").click()
    ana.wait_for_selector(".modal:not(.hidden) .rematch-ready:has-text('waiting for bob')")
    assert ana.url.endswith(table)  # ana waits at the finished table
    ready = bob.locator(".modal:not(.hidden) .rematch-ready-btn")
    ready.click()
    for page in (ana, bob):
        page.wait_for_url(lambda url: not url.endswith(table), timeout=10000)
    new = ana.url.rsplit("/", 1)[1]
    assert bob.url.endswith(new)
    # the rematch started (the bots of this server may finish it before the pages look)
    info = httpx.get(f"{server.url}/api/tables/{new}").json()
    assert info["rematch_of"] == table and info["status"] in ("playing", "finished")
    assert info["rematch_ready"] is None
    for page, seat in ((ana, "0"), (bob, "1")):
        page.wait_for_function(f"() => document.body.dataset.seat === '{seat}'")
