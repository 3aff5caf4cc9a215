"""Moderation in Chromium: a player reports a chat line with its button; a moderator sees it on
the moderators' page (with the admin token), hides it, and it goes from the player's chat;
the page works at 1280x800 and 390x844 and in another language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from web_helpers import DESKTOP, PHONE, LiveServer, open_table, seat_storage_script

ADMIN = "moderator-s3cret"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("moderation")
    with LiveServer(f"sqlite:///{folder / 'web.sqlite'}", admin_token=ADMIN) as live:
        yield live


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_reported_line_is_hidden_from_the_moderators_page(
    browser: Browser, site: LiveServer, viewport: dict[str, int], shots: Path
) -> None:
    table, _, tokens = open_table(
        site.url, "uno", {0: "ana"}, {1: "heuristic"}, {"rounds": 1}, players=2, seed=5
    )
    context = browser.new_context(viewport=viewport)
    context.add_init_script(seat_storage_script(table, 0, tokens[0]))
    ana = context.new_page()
    ana.goto(f"{site.url}/play/{table}")
    ana.wait_for_selector(".chatinput", state="attached")
    ana.evaluate("document.querySelector('.chatinput').value = 'a rude line'")
    ana.evaluate("document.querySelector('.chatform').requestSubmit()")
    line = ana.locator(".chatline", has_text="a rude line")
    line.wait_for(state="attached")
    report = line.locator("button.report")
    assert report.get_attribute("aria-label") == "Report this line to the moderators"
    report.dispatch_event("click")
    ana.wait_for_selector(".chatline button.report[disabled]", state="attached")

    moderator = browser.new_context(viewport=viewport, locale="de-DE")
    page = moderator.new_page()
    page.goto(f"{site.url}/admin")
    page.wait_for_selector(".tokenform")
    assert page.locator(".reports").count() == 0  # nothing shown without the token
    page.fill(".admintoken", ADMIN)
    page.click(".tokenform button")
    item = page.locator(f"li.report[data-table='{table}']")
    item.wait_for()
    assert page.locator(".reports h2").inner_text() == "Gemeldete Chatzeilen"  # in German
    assert "a rude line" in item.inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page is {width} px wide at {viewport['width']}"
    page.screenshot(path=str(shots / f"admin-{viewport['width']}.png"))
    item.locator("button.hide").click()
    page.wait_for_selector(f"li.report[data-table='{table}']", state="detached")
    assert "hide_chat_line" in page.locator(".modlog").inner_text()
    ana.wait_for_selector(".chatline:has-text('a rude line')", state="detached")
    context.close()
    moderator.close()
