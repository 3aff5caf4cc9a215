"""Bug 4 of issue 18: the log wrote "T♠" while the cards say "10". In both trick games the log
names a ten as the cards show it."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, LiveServer, open_table, seat_storage_script

A_TEN = re.compile(r"(10|T)([♣♦♥♠])")


@pytest.mark.parametrize(("game", "players"), [("german-solo", 4), ("frog", 3)])
def test_the_log_writes_a_ten_as_the_cards_do(
    browser: Browser, server: LiveServer, game: str, players: int
) -> None:
    bots = {s: "random" for s in range(1, players)}
    table, _, tokens_ = open_table(server.url, game, {0: "ana"}, bots, players=players)
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    rng = random.Random(4)
    tens: list[str] = []
    for _ in range(400):
        log = page.locator(".logpanel .log").inner_text()
        tens = [m.group(0) for m in A_TEN.finditer(log)]
        if tens:
            break
        assert player.step(rng) != "done"
    assert tens, "no ten was played"
    assert all(ten.startswith("10") for ten in tens), tens
    # and the cards themselves: every ten in the page shows 10 in its corner
    corners = page.eval_on_selector_all(
        "[data-card^=T] .corner b", "(els) => els.map((e) => e.textContent)"
    )
    assert set(corners) <= {"10"}, corners
    context.close()
