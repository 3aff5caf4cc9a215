"""High Card plays in the browser with only its own module added (``highcard/browser.js``).

The game declares its module (``GameInfo.browser_module = "highcard:browser.js"``); the server
serves it at ``/js/games/high-card.js`` and the page imports it: nothing in the page names the
game. A person creates a High Card table with a bot in the lobby, plays it to the end by
clicking, and sees the module's words: its description, its card words, its centre, its guide.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import httpx
from playwright.sync_api import Browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_driver import BrowserPlayer, check_player
from web_helpers import DESKTOP, LiveServer, record_of

GAME = "high-card"
WORDS = {"1": "One", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six"}


def test_the_server_serves_the_module_the_game_declares(tmp_path: Path) -> None:
    module = Path(__file__).with_name("highcard") / "browser.js"
    with LiveServer(f"sqlite:///{tmp_path / 'web.sqlite'}") as server:
        listed = httpx.get(f"{server.url}/api/games").json()
        url = next(game["browser_module"] for game in listed if game["id"] == GAME)
        served = httpx.get(server.url + url)
    assert url == f"/js/games/{GAME}.js"
    assert served.status_code == 200 and served.text == module.read_text(encoding="utf-8")
    assert served.headers["content-type"].startswith("text/javascript")


def test_high_card_is_played_to_the_end_by_clicking(tmp_path: Path, chromium: Browser) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'web.sqlite'}") as server:
        page = chromium.new_page(viewport=DESKTOP)
        try:
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            player = BrowserPlayer(page, "ana")
            page.goto(server.url + "/")
            page.click(f".gamebtn[data-game={GAME}]")
            intro = page.locator(".gameintro").inner_text()
            assert "the highest total played wins" in intro  # the module's description
            page.fill("input.myname", "ana")
            page.select_option("select.botkind", "heuristic")
            page.click("button.create")
            page.wait_for_selector(".room")
            table = page.url.rsplit("/", 1)[1]
            page.click("button.start")
            page.wait_for_selector(".mine .hand .card")

            hand = page.locator(".mine .hand .card")
            labels = [hand.nth(i).get_attribute("aria-label") for i in range(hand.count())]
            cards = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
            # the module's card words
            assert labels == [f"{WORDS[str(card)]} pips" for card in cards]

            decisions = player.play_to_end(random.Random(3))
            record = record_of(server.url, table)
            assert decisions == 2 and len(record["rounds"][0]["actions"]) == 4
            assert check_player(player, record, 0) > 0  # no card of the bot's hand shown early
            played = page.locator(".centre.highcard .played")  # the module's centre
            assert played.count() == 2
            assert page.locator(".centre.highcard [data-card]").count() == 4

            page.goto(f"{server.url}/how-to-play/{GAME}")  # the module's guide
            page.wait_for_selector(".howto-part")
            assert "Play the highest total" in page.locator("main.howto").inner_text()
            assert errors == []
        finally:
            page.context.close()
