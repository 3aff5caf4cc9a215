"""Screenshots of each game at 1280x800 and 390x844 under build/screenshots/ (kept as CI
artifacts, looked at by people): the start, the middle of a round (a trick on the table), a
dialog (a colour or seat picker, else the rules panel and the phone's drawer), the round
summary. Each moment is taken at both sizes; at the phone size the page never scrolls sideways.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from web_driver import BrowserPlayer
from web_helpers import PHONE, LiveServer, open_table, seat_storage_script

WIDE = {"width": 1280, "height": 800}
GAMES: dict[str, dict[str, Any]] = {
    "uno": {"players": 3, "options": {"hand_size": 5}},
    "amigo-solo": {"players": 4, "options": {"hand_size": 5}},
    "german-solo": {"players": 4, "options": {}},
    # three deals: a first deal that reaches the target of 60 would end the match before any
    # deal's summary
    "frog": {"players": 3, "options": {"deals": 3}},
}
PICKER = ".modal:not(.hidden) .colourbtn, .modal:not(.hidden) .targetbtn"
SUMMARY = ".modal:not(.hidden) .continue"


def sideways(page: Page) -> int:
    """How far the page is wider than the screen, in CSS pixels."""
    overflow: int = page.evaluate(
        "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
    )
    return overflow


def take(page: Page, shots: Path, game: str, moment: str) -> list[Path]:
    """The moment at both sizes (the page is left at the wide size)."""
    paths = []
    for size, viewport in (("1280x800", WIDE), ("390x844", PHONE)):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        page.wait_for_timeout(60)
        path = shots / f"{game}-{moment}-{size}.png"
        page.screenshot(path=str(path))
        paths.append(path)
        if viewport is PHONE:
            assert sideways(page) <= 1, f"{game} {moment}: the phone page scrolls sideways"
    page.set_viewport_size(WIDE)  # type: ignore[arg-type]
    return paths


def mid_round(page: Page, game: str) -> bool:
    """A trick on the table (trick games), or a few cards on the pile (shedding games)."""
    if game in ("german-solo", "frog"):
        return bool(page.locator(".trick:not(.last) .slot").count())
    piled: bool = page.evaluate(
        "() => Number(document.querySelector('.discard .pile-count')?.textContent) >= 3"
    )
    return piled


@pytest.mark.parametrize("game", list(GAMES))
def test_screenshots_of_each_game(
    browser: Browser, server: LiveServer, shots: Path, game: str
) -> None:
    spec = GAMES[game]
    # heuristic bots on a seeded table: random bots put no bound on a round's length
    bots = {s: "heuristic" for s in range(1, spec["players"])}
    table, _, tokens_ = open_table(
        server.url, game, {0: "ana"}, bots, spec["options"], players=spec["players"], seed=3
    )
    context = browser.new_context(viewport=WIDE, reduced_motion="reduce")  # type: ignore[arg-type]
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    taken = take(page, shots, game, "start")
    rng = random.Random(11)
    done: set[str] = set()
    for _ in range(600):
        if "mid" not in done and mid_round(page, game):
            taken += take(page, shots, game, "mid")
            done.add("mid")
        if "dialog" not in done and page.locator(PICKER).count():
            taken += take(page, shots, game, "dialog")
            done.add("dialog")
        if page.locator(SUMMARY).count():
            taken += take(page, shots, game, "summary")
            done.add("summary")
            heading = page.locator(".modal:not(.hidden) .dialog h2").inner_text()
            # the trick games count deals, the page says so wherever it counts rounds
            word = "Deal" if game in ("german-solo", "frog") else "Round"
            assert re.fullmatch(rf"{word} \d+ is over", heading), heading
            assert re.search(rf"\b{word} \d", page.locator(".topbar").inner_text())
            if game == "german-solo":  # the breakdown says the rest: no line twice
                text = page.locator(".modal:not(.hidden) .dialog").inner_text()
                assert text.count("Trump") == 1, text
            break
        assert player.step(rng) != "done", "the match ended before a round summary"
    assert "summary" in done
    if "dialog" not in done:  # no picker came up: the rules panel, and the phone's drawer
        page.click(SUMMARY)
        page.click(".rulespanel summary")
        page.wait_for_selector(".rulespanel li[data-option]")
        page.set_viewport_size(PHONE)
        page.click(".drawerbtn")
        page.wait_for_timeout(250)
        path = shots / f"{game}-dialog-390x844.png"
        page.screenshot(path=str(path))
        page.click(".drawer-close")
        page.set_viewport_size(WIDE)  # type: ignore[arg-type]
        wide = shots / f"{game}-dialog-1280x800.png"
        page.screenshot(path=str(wide))
        taken += [wide, path]
    assert len(taken) == 8
    for path in taken:
        assert path.stat().st_size > 8_000, path
    context.close()
