"""The table's chat, its spectators, the log's notes and the scores' breakdown, in Chromium.

- A spectator who chose a name is listed at the table; chat lines are shown as text (markup
  stays text), a quick phrase reads in words, the mute is the viewer's own and survives a
  reload, and the list of spectators follows them coming and going.
- A finished match read back from storage shows the log with its notes (the first card, who
  took each trick and its card points) and the round's breakdown and standings.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import httpx
from playwright.sync_api import Browser
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, LiveServer, open_table, seat_storage_script


def test_chat_spectators_and_mute(browser: Browser, server: LiveServer, shots: Path) -> None:
    table, _, tokens_ = open_table(
        server.url,
        "uno",
        {0: "ana"},
        {1: "heuristic"},
        {"rounds": 1, "hand_size": 3},
        players=2,
        seed=3,
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    ana = context.new_page()
    player = BrowserPlayer(ana, "ana")
    ana.goto(f"{server.url}/play/{table}")
    ana.wait_for_selector(".mine .hand .card")
    assert ana.locator(".spectators").inner_text() == "Nobody is watching."
    watching = browser.new_context(viewport=DESKTOP)
    zoe_name = json.dumps(json.dumps("zoe"))  # the lobby keeps the name JSON-encoded
    watching.add_init_script(f"localStorage.setItem('solocards.pref.name', {zoe_name});")
    zoe = watching.new_page()
    zoe.goto(f"{server.url}/play/{table}")
    # each name is isolated (FSI ... PDI), so a name written right to left keeps the sentence whole
    ana.wait_for_selector(".spectators:has-text('Watching: \u2068zoe\u2069.')")
    zoe.fill(".chatinput", "<b>hi</b> ana")
    zoe.click(".chatform .say")
    line = ana.locator(".chatline").last
    line.wait_for()
    assert line.locator(".said").inner_text() == "<b>hi</b> ana"
    assert line.locator(".author").inner_text() == "\u2068zoe\u2069 (watching)"
    assert ana.locator(".chatlines b").count() == 0  # text, never markup
    ana.click(".phrase[data-phrase='gg']")
    zoe.wait_for_selector(".chatline:has-text('ana: Good game')")
    ana.screenshot(path=str(shots / "uno-chat.png"))
    ana.click(".chatpanel .mute")
    assert ana.locator(".chatline").count() == 0
    assert "muted" in ana.locator(".chatlines").inner_text()
    ana.reload()
    ana.wait_for_selector(".mine .hand .card")
    assert ana.locator(".chatline").count() == 0  # still muted after a reload
    ana.click(".chatpanel .mute")
    ana.wait_for_selector(".chatline:has-text('Good game')")  # the kept lines come on join
    watching.close()
    ana.wait_for_selector(".spectators:has-text('Nobody is watching.')")
    # the match's end: the points of each hand left, and the standings best first
    player.play_to_end(random.Random(2))
    dialog = ana.locator(".modal:not(.hidden) .dialog")
    dialog.wait_for()
    assert "Points in each hand:" in dialog.locator(".breakdown").inner_text()
    seats = dialog.locator(".standings li").evaluate_all(
        "items => items.map((li) => li.dataset.seat)"
    )
    totals = httpx.get(f"{server.url}/api/tables/{table}").json()["totals"]
    assert [totals[int(s)] for s in seats] == sorted(totals, reverse=True)  # highest wins
    context.close()


def test_a_frog_deal_explains_its_log_and_scores(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    table, _, tokens_ = open_table(
        server.url, "frog", {0: "ana"}, {1: "heuristic", 2: "heuristic"}, {"deals": 3}, seed=11
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    assert page.locator(".scorepanel .progress").inner_text() == "Deal 1 of 3"
    rng = random.Random(5)
    for _ in range(300):
        player.wait_ready()
        if page.locator(".modal:not(.hidden) .continue").count():
            break
        assert player.step(rng) != "done", "the match ended before a round summary"
    else:
        raise AssertionError("no round summary")
    over = next(f for f in reversed(player.frames) if f.get("round_over"))["round_over"]
    breakdown = page.locator(".modal:not(.hidden) .dialog .breakdown").inner_text()
    if over["result"].get("contract"):
        assert "Contract:" in breakdown and "Card points:" in breakdown
        noted = [n for n in over["notes"]["actions"] if n and "trick" in n]
        tricks = page.locator(".log li.trick-taken")
        assert tricks.count() == len(noted) > 0
        first = noted[0]["trick"]
        assert f"({first['points']} point" in tricks.first.inner_text()
        assert "took the trick" in tricks.first.inner_text()
    else:  # everybody passed: the deal was thrown in
        assert "Everybody passed" in breakdown
    page.screenshot(path=str(shots / "frog-breakdown.png"))
    page.click(".modal:not(.hidden) .continue")
    page.wait_for_selector(".scorepanel .progress:has-text('Deal 2 of 3')")
    assert page.locator(".scorepanel details.roundscore").count() == 1
    context.close()
