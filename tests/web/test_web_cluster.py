"""The browser table in a cluster (issue 23): two server processes on one PostgreSQL database
and one Redis, no load balancer in front.

A person plays UNO against a bot; the page is served through a stand-in for a load balancer
(:class:`Forwarder`, plain TCP: each new connection goes to A, or to B once A is gone). A is
killed with SIGKILL. The page notices (its banner says the connection is lost), tries the same
origin again with backoff, reaches B, joins again with its seat token and the version it has,
and plays on without a reload. Then it is opened on B's own port, as a person would after a
reload, and plays to the end. Checked: every action stored once and in order, the match legal
when replayed, the actions played before the kill kept, the seat still the person's, and no
hidden card ever shown (the browser tests' referee).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import cluster_servers, pg_schema, private_redis, stored_actions
from playwright.sync_api import Browser
from server_helpers import free_port
from web_driver import BrowserPlayer, check_player
from web_helpers import DESKTOP, open_table, record_of, seat_storage_script

import solocards
from solocards import Match

OPTIONS = {"hand_size": 7, "rounds": 1}


class Forwarder:
    """A stand-in for a load balancer: TCP on a port of its own, each new connection passed to
    the first of ``ports`` that accepts it (so, once a process is dead, to the next)."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.Server | None = None

    @property
    def http(self) -> str:
        """The base URL people use."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Forwarder:
        """Listen (in a thread of its own)."""
        self.thread.start()
        started = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, "127.0.0.1", self.port), self.loop
        )
        self.server = started.result(10)
        return self

    def stop(self) -> None:
        """Close it and every connection through it."""

        async def stop() -> None:
            if self.server is not None:
                self.server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for port in self.ports:
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            break
        else:
            writer.close()
            return
        await asyncio.gather(
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )

    @staticmethod
    async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL schema of the test's own (the cluster needs one database for both
    processes); skipped without ``SOLOCARDS_TEST_PG_URL`` (CI sets it)."""
    with pg_schema() as url:
        yield url


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A private ``redis-server``; skipped without it (CI installs it, scripts/ci-redis.sh)."""
    with private_redis(tmp_path / "redis") as redis:
        yield redis.url


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Iterator[Browser]:
    """The Chromium of this process (this module needs no server of the other browser tests);
    the pages it leaves open are closed when it ends."""
    yield chromium
    for context in chromium.contexts:
        context.close()


def test_the_page_plays_on_from_another_process_after_its_own_is_killed(
    browser: Browser, pg_url: str, redis_url: str, shots: Path
) -> None:
    first, second = cluster_servers(
        pg_url, redis_url, f"test-{uuid.uuid4().hex[:10]}", 2, allow_seed=True
    )
    balancer = Forwarder([first.port, second.port]).start()
    try:
        table, _, tokens = open_table(
            first.http, "uno", {0: "ana"}, {1: "heuristic"}, OPTIONS, players=2, seed=8
        )
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(seat_storage_script(table, 0, tokens[0]))  # on either origin
        player = BrowserPlayer(context.new_page(), "ana")
        page = player.page
        page.goto(f"{balancer.http}/play/{table}")
        page.wait_for_selector(".mine .hand .card")
        rng = random.Random(4)
        while player.version < 4:
            assert player.step(rng) != "done", "the match ended before the kill"
        player.wait_ready()
        before = player.version
        played = stored_actions(pg_url, table)
        assert len(played) == before

        first.kill()  # SIGKILL: no clean shutdown, nothing handed over
        killed = time.monotonic()
        page.wait_for_selector(".banner:not(.hidden)", timeout=10_000)
        assert page.locator(".banner").inner_text() == "Connection lost. Reconnecting…"
        page.screenshot(path=str(shots / "cluster-connection-lost.png"))
        # the page tries the same origin again by itself and is answered by B
        page.wait_for_selector(".banner.hidden", state="attached", timeout=15_000)
        print(f"the page played on {time.monotonic() - killed:.2f} s after the kill")
        joins = [m for m in player.sent if m.get("type") == "join"]
        assert len(joins) >= 2 and joins[-1]["token"] == tokens[0]
        assert joins[-1]["version"] == before, "the page did not rejoin with what it had"
        for _ in range(3):
            assert player.step(rng) != "done", "the match ended too soon for the test"
        assert player.version > before, "nothing was played after the kill"
        # and on B's own port, as after a reload: the token kept, the whole state sent again
        page.goto(f"{second.http}/play/{table}")
        page.wait_for_selector(".mine .hand .card", timeout=15_000)
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
        balancer.stop()
        first.kill()
        second.kill()
