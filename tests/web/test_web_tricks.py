"""German Solo and Frog in the browser: a whole game each against bots, only by clicking.

Bids, declarations (trump, a called card, alone), Frog's discards, every card: all clicks on
the page. Screenshots of each table at desktop and phone size; no hidden card ever reaches the
page (its frames and its DOM, checked against the finished record).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser
from web_driver import BrowserPlayer, check_player
from web_helpers import DESKTOP, PHONE, LiveServer, open_table, record_of, seat_storage_script

GAMES: dict[str, dict[str, Any]] = {
    "german-solo": {"players": 4, "options": {"deals": 2}},
    "frog": {"players": 3, "options": {"deals": 3}},
}
TRICK_ON_TABLE = "() => document.querySelectorAll('.trick .slot').length >= 2"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_whole_game_against_bots(
    game_id: str, browser: Browser, server: LiveServer, shots: Path
) -> None:
    setup = GAMES[game_id]
    players = setup["players"]
    bots = {seat: "random" for seat in range(1, players)}
    table, _, tokens_ = open_table(
        server.url, game_id, {0: "ana"}, bots, setup["options"], players=players
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    player = BrowserPlayer(page, f"ana-{game_id}")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    page.screenshot(path=str(shots / f"{game_id}-auction-desktop.png"))
    rng = random.Random(5)
    decisions = 0
    shot = False
    kinds: set[str] = set()
    while True:
        clicked = player.step(rng)
        if clicked == "done":
            break
        kinds.add(clicked.split(" ")[0])
        decisions += 1
        assert decisions < 1500
        if not shot and page.evaluate(TRICK_ON_TABLE):
            shot = True
            page.screenshot(path=str(shots / f"{game_id}-desktop.png"))
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(100)
            page.screenshot(path=str(shots / f"{game_id}-phone.png"), full_page=True)
            page.set_viewport_size(DESKTOP)
    page.wait_for_selector(".modal:not(.hidden) .standings")
    page.screenshot(path=str(shots / f"{game_id}-match-over-desktop.png"))
    assert shot, "no trick was ever seen on the table"
    assert not errors, errors
    record = record_of(server.url, table)
    assert len(record["rounds"]) >= 2
    mine = [a for r in record["rounds"] for s, a in r["actions"] if s == 0]
    assert any(len(a) == 2 for a in mine), "no card was played by clicking"
    assert check_player(player, record, 0) > 10
    context.close()
