"""What each game is and how to play it, in every language, from the lobby and from the table.

- ``/how-to-play/<game>`` is a page for every game in every language the page speaks: each
  heading and paragraph is the catalog's translation of its English text (none left in English).
- The lobby says what the chosen game is and links its page; the table's Rules panel links it.
- At 1280x800 and 390x844 the page, the lobby's description and the link stay inside the screen,
  the page never scrolls sideways, and its parts follow each other without overlapping.
- An unknown game's address is a 404 that names the games.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from web_helpers import LiveServer, open_table, seat_storage_script

from solocards.games.registry import games
from solocards.i18n.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES

SIZES: list[ViewportSize] = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
SIZE_IDS = ["1280x800", "390x844"]

GUIDE = "main.howto h2, main.howto p.howto-intro, main.howto section p, main.howto p.howto-note"
TEXTS = f"""() => [...document.querySelectorAll('{GUIDE}')].map((el) => el.innerText.trim())"""

BOXES = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((el) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: el.innerText};
  });
  return {boxes, width: document.documentElement.clientWidth,
          scroll: document.documentElement.scrollWidth};
}"""


def open_page(browser: Browser, url: str, size: ViewportSize) -> Page:
    page = browser.new_page(viewport=size)
    page.goto(url)
    return page


def shown_texts(page: Page, server: LiveServer, game: str, lang: str) -> list[str]:
    """The guide's texts as ``page`` shows them in ``lang``."""
    page.goto(f"{server.url}/how-to-play/{game}?lang={lang}")
    page.wait_for_selector("main.howto section p")
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    texts: list[str] = page.evaluate(TEXTS)
    return texts


@pytest.mark.parametrize("game", games())
def test_every_game_has_its_page_in_every_language(
    browser: Browser, server: LiveServer, game: str
) -> None:
    page = browser.new_page(viewport=SIZES[0])  # one page, opened in each language in turn
    try:
        english = shown_texts(page, server, game, DEFAULT_LANGUAGE)
        assert len(english) >= 6 and all(english)
        for lang in SUPPORTED_LANGUAGES:
            if lang == DEFAULT_LANGUAGE:
                continue
            catalog = httpx.get(f"{server.url}/i18n/{lang}.json", timeout=30).json()["messages"]
            untranslated = [text for text in english if not catalog.get(text)]
            assert untranslated == [], f"{lang}: no translation of these"
            assert shown_texts(page, server, game, lang) == [catalog[text] for text in english]
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", games())
def test_the_page_fits_the_screen(
    browser: Browser, server: LiveServer, game: str, size: ViewportSize
) -> None:
    page = open_page(browser, f"{server.url}/how-to-play/{game}?lang=uk", size)
    try:
        page.wait_for_selector("main.howto section p")
        title = page.locator("main.howto h1").inner_text()
        assert title and title != game  # the game's name from the server, in Ukrainian
        shown = page.evaluate(BOXES, "main.howto > *, main.howto section > *")
        assert shown["scroll"] <= shown["width"]
        for box in shown["boxes"]:
            assert box["left"] >= 0 and box["right"] <= shown["width"], box["text"][:40]
        parts = page.evaluate(BOXES, "main.howto > *")["boxes"]
        for above, below in pairwise(parts):
            assert below["top"] >= above["bottom"] - 0.5, (above["text"][:30], below["text"][:30])
        assert parts[0]["top"] < size["height"] / 3  # the game's name comes first, at the top
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_lobby_says_what_each_game_is_and_links_its_page(
    browser: Browser, server: LiveServer, size: ViewportSize
) -> None:
    page = open_page(browser, f"{server.url}/?lang=en", size)
    try:
        page.wait_for_selector(".gamebtn")
        seen: dict[str, str] = {}
        for game in games():
            page.click(f".gamebtn[data-game='{game}']")
            intro = page.locator(f".gameintro[data-game='{game}']")
            intro.wait_for()
            seen[game] = intro.inner_text()
            link = intro.locator("a.howtolink")
            assert link.get_attribute("href") == f"/how-to-play/{game}"
            picker = page.locator(".gamepick").bounding_box()
            box = intro.bounding_box()
            link_box = link.bounding_box()
            assert picker is not None and box is not None and link_box is not None
            assert box["y"] >= picker["y"] + picker["height"] - 0.5  # under the choice
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
            assert link_box["x"] >= 0 and link_box["x"] + link_box["width"] <= size["width"]
        assert len(set(seen.values())) == len(seen)  # each game its own words
        page.click(".gameintro a.howtolink")
        page.wait_for_selector("main.howto section p")
        assert page.url.endswith(f"/how-to-play/{games()[-1]}")
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_table_links_the_page_from_its_rules_panel(
    browser: Browser, server: LiveServer, size: ViewportSize
) -> None:
    table, _, tokens_ = open_table(
        server.url, "frog", {0: "ana"}, {1: "random", 2: "random"}, {}, players=3, seed=3
    )
    context = browser.new_context(viewport=size)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    try:
        page.goto(f"{server.url}/play/{table}?lang=de")
        page.wait_for_selector(".mine .hand .card")
        link = page.locator(".rulespanel a.howtolink")
        assert link.get_attribute("href") == "/how-to-play/frog"
        assert link.get_attribute("target") == "_blank"
        if size["width"] < 820:  # the rules wait in the drawer on a phone
            page.click(".drawerbtn")
        page.locator(".rulespanel summary").click()
        link.wait_for(state="visible")
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        with context.expect_page() as opened:
            link.click()
        guide = opened.value
        guide.wait_for_selector("main.howto section p")
        assert guide.locator("html").get_attribute("lang") == "de"
    finally:
        context.close()


def test_an_unknown_game_has_no_page(server: LiveServer) -> None:
    response = httpx.get(f"{server.url}/how-to-play/chess", timeout=30)
    assert response.status_code == 404
    detail: Any = response.json()["detail"]
    assert "chess" in detail and "uno" in detail
    page = httpx.get(f"{server.url}/how-to-play/uno", timeout=30)
    assert page.status_code == 200 and '<div id="app">' in page.text
