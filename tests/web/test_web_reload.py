"""Issue 40.3 in Chromium: a reload keeps the score history and the earlier rounds' log (the
server sends the finished rounds, each as the seat saw its end, with the sync), and shows no
card the seat did not see."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser, Page
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, LiveServer, open_table, seat_storage_script

SIDE_JS = """() => ({
  rounds: [...document.querySelectorAll('.scorepanel .rounds .roundscore summary')]
    .map((el) => el.innerText),
  log: [...document.querySelectorAll('.logpanel .log li')].map((el) => el.innerText),
})"""


def side(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(SIDE_JS)
    return found


def test_a_reload_keeps_the_earlier_rounds(browser: Browser, server: LiveServer) -> None:
    options = {"hand_size": 3, "rounds": 3}
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana"}, {1: "heuristic"}, options, players=2, seed=8
    )
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    rng = random.Random(4)
    for _ in range(600):  # to the second round, a few moves in
        if page.evaluate("() => window.solocards.rounds.length") >= 1 and (
            page.locator(".modal:not(.hidden) .continue").count() == 0
        ):
            break
        assert player.step(rng) != "done", "the match ended in its first round"
    else:
        raise AssertionError("no second round")
    before = side(page)
    assert len(before["rounds"]) == 1 and len(before["log"]) > 3, before
    page.reload()
    page.wait_for_selector(".mine .hand .card")
    page.wait_for_function("() => document.querySelectorAll('.logpanel .log li').length > 0")
    after = side(page)
    assert after["rounds"] == before["rounds"], (before, after)

    # the earlier round's lines with their notes (the reload names its first card too, which
    # the live page drops when the round ends), in order; the bot may have moved between the
    # two reads, so the reloaded log may go on after them
    def lines(log: list[str]) -> list[str]:
        return [line for line in log if not line.startswith("The first card")]

    kept = lines(before["log"])
    assert lines(after["log"])[: len(kept)] == kept, (before["log"], after["log"])
    assert len(after["log"]) >= len(before["log"])
    context.close()
