"""Issue 40.8 in Chromium: the pause between rounds ends after its time even while the round's
review is open; then the review gives way, so that the player's turn does not sit behind it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, LiveServer, need_chromium, open_table, seat_storage_script

PAUSE = 3.0  # seconds between rounds (60 by default)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with a short pause between rounds and quick reviews."""
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("review")
    with LiveServer(
        f"sqlite:///{folder / 'web.sqlite'}",
        round_pause=PAUSE,
        review_worlds=3,
        review_seconds=600.0,
        analysis_workers=1,
    ) as live:
        yield live


ON_TOP_JS = """() => {
  const card = document.querySelector('.mine .hand .card.playable');
  const r = card.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + 8, r.top + 12);
  return hit !== null && card.contains(hit);
}"""


def test_the_review_gives_way_to_the_next_turn(browser: Browser, server: LiveServer) -> None:
    options = {"hand_size": 2, "rounds": 2}
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana"}, {1: "heuristic"}, options, players=2, seed=5
    )
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    rng = random.Random(3)
    for _ in range(400):
        player.wait_ready()
        if page.locator(".modal:not(.hidden) .continue").count():
            break
        assert player.step(rng) != "done", "the match ended before a round summary"
    else:
        raise AssertionError("no round summary")
    page.click(".modal:not(.hidden) .reviewbtn")
    page.wait_for_selector(".review-view")
    # the pause runs out while the review is open; the next round comes to ana's turn
    page.wait_for_function(
        "() => window.solocards.pause === null && document.body.dataset.canAct === '1'"
        " && document.querySelector('.mine .hand .card.playable') !== null",
        timeout=(PAUSE + 20) * 1000,
    )
    page.wait_for_timeout(100)
    assert page.locator(".review-view").count() == 0, "the turn sits behind the review"
    assert page.evaluate(ON_TOP_JS), "a playable card is covered"
    context.close()


TOOK_PART_JS = """async () => {
  const { tookPart } = await import('/js/review.js');
  const thrownIn = {log: [[1, 'pass'], [2, 'pass'], [3, 'pass']]};
  return [tookPart(thrownIn, 0), tookPart(thrownIn, 2), tookPart({log: []}, 1)];
}"""


def test_a_round_sat_out_offers_no_review(browser: Browser, server: LiveServer) -> None:
    """Issue 40.8: a thrown-in Frog deal that the dealer sat out offered the dealer a review of
    a round without one decision of theirs; the summary offers it to the seats in its log."""
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server.url}/")
    page.wait_for_selector(".gamebtn")
    assert page.evaluate(TOOK_PART_JS) == [False, True, False]
    page.close()
