"""Rules at hand (rules.js): the rules panel shows the table's own options as the lobby names
them, contracts and special cards have tooltips, Frog's cards show their points, and a click on a
dimmed card says why it cannot be played (answered to that page alone)."""

from __future__ import annotations

import random

from playwright.sync_api import Browser
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, LiveServer, open_table, seat_storage_script


def test_rules_panel_tooltips_points_and_why(browser: Browser, server: LiveServer) -> None:
    options = {"multipliers": "1-2-4", "target": 30}
    table, _, tokens_ = open_table(
        server.url, "frog", {0: "ana"}, {1: "random", 2: "random"}, options, players=3
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_function("() => document.body.dataset.canAct === '1'", timeout=20000)

    # the panel: the option names and values as the lobby writes them, the changed ones marked
    page.click(".rulespanel summary")
    row = page.locator(".rulespanel li[data-option=multipliers]")
    row.wait_for()
    assert "Multipliers" in row.inner_text() and "1-2-4" in row.inner_text()
    assert "usually 1-2-3" in row.inner_text()
    assert "U16" not in row.inner_text()  # no rule codes
    target = page.locator(".rulespanel li[data-option=target]").inner_text()
    assert "Target: 30" in target
    assert page.locator(".rulespanel li.changed").count() == 2
    assert page.locator(".rulespanel[open]").count() == 1  # stays open over updates

    # every card tells its points; the bids say what they are
    titles = page.eval_on_selector_all(
        ".mine .hand [data-card]", "(els) => els.map((e) => [e.dataset.card, e.title])"
    )
    points = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
    for card, title in titles:
        count = points.get(card[0], 0)
        assert f"{count} point" in title, (card, title)
    for button in page.locator(".actionbar button[data-action]").all():
        action = button.get_attribute("data-action") or ""
        if action in ("pass", "frage", "solo", "heart-solo") or action.startswith("trump:"):
            assert button.get_attribute("title"), action

    # a dimmed card: the page asks why, and the answer is shown to this player
    dimmed = page.locator(".mine .hand .card.dimmed")
    rng = random.Random(1)
    for _ in range(60):  # (a lead may light every card: play on until one is dimmed)
        player.wait_ready()
        if page.locator(".modal:not(.hidden) .dialog").count() == 0 and dimmed.count() > 0:
            break
        player.step(rng)
    assert dimmed.count() > 0
    card = dimmed.first.get_attribute("data-card")
    dimmed.first.click()
    page.wait_for_selector(".toast:not(.hidden)")
    assert page.locator(".toast").inner_text().startswith("You cannot play this now:")
    asked = [m for m in player.sent if m.get("type") == "why"]
    assert asked == [{"type": "why", "action": card}]
    answers = [m for m in player.frames if m.get("type") == "why"]
    assert len(answers) == 1 and answers[0]["legal"] is False and answers[0]["reason"]
    context.close()
