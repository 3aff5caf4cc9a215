"""Issue 40.5, measured at 1280x800 in Chromium: what must stay in sight while playing. The
answer to a click on a dimmed card ("why") never covers the hand, the hint list never pushes the
hand below the fold, and the chat stays on the screen however long the log grows. (The phone
shows the hand at the bottom and keeps the chat and the log in the drawer.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from web_driver import BrowserPlayer
from web_helpers import LiveServer, need_chromium, open_table, seat_storage_script

WIDE = {"width": 1280, "height": 800}

BOX_JS = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const r = el.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose hints take few worlds."""
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("fold")
    with LiveServer(
        f"sqlite:///{folder / 'web.sqlite'}", hint_worlds=8, hint_seconds=10.0, analysis_workers=1
    ) as live:
        yield live


def seated(browser: Browser, server: LiveServer, game: str, players: int, seed: int) -> Page:
    bots = {seat: "heuristic" for seat in range(1, players)}
    table, _, tokens_ = open_table(
        server.url, game, {0: "ana"}, bots, {}, players=players, seed=seed
    )
    context = browser.new_context(viewport=WIDE, reduced_motion="reduce")  # type: ignore[arg-type]
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    return page


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def play_until(page: Page, ready: str, seed: int = 5) -> None:
    """Click at random until the page script ``ready`` holds."""
    player = BrowserPlayer(page, "ana")
    rng = random.Random(seed)
    for _ in range(800):
        if page.evaluate(ready):
            return
        assert player.step(rng) != "done", "the match ended first"
    raise AssertionError(f"never: {ready}")


MUST_FOLLOW = """() => document.body.dataset.canAct === '1'
  && document.querySelector('.mine .hand .card.dimmed[role=button]') !== null
  && document.querySelector('.mine .hand .card.playable') !== null
  && document.querySelector('.hintbtn:not([disabled])') !== null"""


def test_the_why_answer_and_the_hint_list_leave_the_hand_in_sight(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    page = seated(browser, server, "german-solo", 4, seed=3)
    play_until(page, MUST_FOLLOW)
    mine = page.evaluate(BOX_JS, "section.mine")[0]
    assert mine["bottom"] <= WIDE["height"], mine
    page.locator(".mine .hand .card.dimmed[role=button]").first.click(position={"x": 8, "y": 12})
    page.wait_for_selector(".toast:not(.hidden)")
    toast = page.evaluate(BOX_JS, ".toast")[0]
    assert not overlaps(toast, mine), f"the answer {toast} covers the hand {mine}"
    page.click(".hintbtn")
    page.wait_for_selector(".hintpanel .hintlist li", timeout=30_000)
    page.screenshot(path=str(shots / "german-solo-hint-1280x800.png"))
    after = page.evaluate(BOX_JS, "section.mine")[0]
    assert after["bottom"] <= WIDE["height"], f"the hint list pushed the hand to {after}"
    assert after["top"] == mine["top"], (mine, after)
    page.context.close()


def test_the_chat_stays_on_screen_as_the_log_grows(browser: Browser, server: LiveServer) -> None:
    page = seated(browser, server, "german-solo", 4, seed=4)
    play_until(page, "() => document.querySelectorAll('.logpanel .log li').length >= 50", seed=6)
    chat = page.evaluate(BOX_JS, ".chatform")[0]
    assert chat["bottom"] <= WIDE["height"], f"the chat dropped to {chat}"
    log = page.evaluate(BOX_JS, ".logpanel .log")[0]
    assert log["bottom"] - log["top"] >= 120, f"the log has no room left: {log}"
    page.context.close()
