"""The browser table in a cluster (issue 23): two server processes on one PostgreSQL database
and one Redis, no load balancer in front.

A person plays UNO against a bot from process A; A is killed with SIGKILL. The page notices
(its banner says the connection is lost) and keeps trying the same origin with backoff, which
behind a load balancer would reach B; without one the test does what a load balancer would and
opens the same table URL on B's port. The page joins again with the seat token it kept, and
plays on to the end: every action stored once and in order, the match legal when replayed, the
actions played before the kill kept, and no hidden card ever shown (the browser tests' referee).
"""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import REDIS_SERVER, RedisServer, cluster_servers, stored_actions
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import create_engine, text
from web_driver import BrowserPlayer, check_player
from web_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    need_chromium,
    open_table,
    record_of,
    seat_storage_script,
)

import solocards
from solocards import Match

PG_ENV = "SOLOCARDS_TEST_PG_URL"
OPTIONS = {"hand_size": 5, "rounds": 1}


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL schema of the test's own (the cluster needs one database for both
    processes); skipped without ``SOLOCARDS_TEST_PG_URL`` (CI sets it)."""
    base = os.environ.get(PG_ENV)
    if not base:
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


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A private ``redis-server``; skipped without it (CI installs it, scripts/ci-redis.sh)."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed")
    redis = RedisServer(tmp_path / "redis").start()
    try:
        yield redis.url
    finally:
        redis.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium (this module needs no server of the other browser tests)."""
    need_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def test_the_page_plays_on_from_another_process_after_its_own_is_killed(
    browser: Browser, pg_url: str, redis_url: str, shots: Path
) -> None:
    first, second = cluster_servers(
        pg_url, redis_url, f"test-{uuid.uuid4().hex[:10]}", 2, allow_seed=True
    )
    try:
        table, _, tokens = open_table(
            first.http, "uno", {0: "ana"}, {1: "heuristic"}, OPTIONS, players=2, seed=8
        )
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(seat_storage_script(table, 0, tokens[0]))  # on either origin
        player = BrowserPlayer(context.new_page(), "ana")
        page = player.page
        page.goto(f"{first.http}/play/{table}")
        page.wait_for_selector(".mine .hand .card")
        rng = random.Random(4)
        while player.version < 4:
            assert player.step(rng) != "done", "the match ended before the kill"
        player.wait_ready()
        before = player.version
        played = stored_actions(pg_url, table)
        assert len(played) == before

        first.kill()  # SIGKILL: no clean shutdown, nothing handed over
        page.wait_for_selector(".banner:not(.hidden)", timeout=10_000)
        assert page.locator(".banner").inner_text() == "Connection lost. Reconnecting…"
        page.screenshot(path=str(shots / "cluster-connection-lost.png"))
        # what a load balancer does: the same table URL, answered by the other process
        page.goto(f"{second.http}/play/{table}")
        page.wait_for_selector(".mine .hand .card", timeout=15_000)
        page.wait_for_function(f"() => Number(document.body.dataset.version) >= {before}")
        assert player.mark("seat") == "0", "the page did not join its seat again"
        player.play_to_end(rng)

        final = player.version
        actions = stored_actions(pg_url, table)
        assert [idx for idx, _, _ in actions] == list(range(len(actions))) and final == len(actions)
        assert actions[:before] == played, "actions played before the kill were lost"
        match = Match(solocards.make("uno", players=2, **OPTIONS), seed=8, names=["ana", "bot"])
        for _, seat, action in actions:
            match.apply(seat, action)
        assert match.is_over
        shown = httpx.get(f"{second.http}/api/tables/{table}").json()
        assert shown["status"] == "finished" and shown["seats"][0]["name"] == "ana"
        assert check_player(player, record_of(second.http, table), 0) > 0
        context.close()
    finally:
        first.kill()
        second.kill()
