"""No English left in the page, in each language whose web catalog exists.

For every ``locale/<lang>/LC_MESSAGES/web.po`` of the package (or of the folder named by
``SOLOCARDS_WEB_LOCALE_DIR``), Chromium opens the lobby (with every option of the rules shown)
and the lab page in that language, and plays a whole short match against bots by clicks: the
waiting room (bots and start clicked), every decision, the round's end, the replay. Each game
is played in one language and each language plays at least one game, in turns
(:data:`MATCH_LANGUAGES`; ``SOLOCARDS_I18N_EVERY_MATCH=1`` plays every game in every language,
for a translator's review of the screenshots): whether the page sends a text through the
catalog does not depend on the language, and that every catalog translates every message,
placeholders and plural forms included, ``tests/test_catalogs.py`` checks for each language.
At each stop the page is searched for a text node, ``aria-label``, ``title`` or
``placeholder`` equal to an English message id that the catalog translates otherwise
(tests/web/web_i18n.py), or to an English message of the engine's catalog that the page's own
code writes (a card name such as "Spadilla (Q♣)"). Screenshots go to build/screenshots/i18n/.

Without any web PO file there is nothing to check, and the tests are not collected as cases.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, SHOTS, LiveServer, seat_storage_script
from web_i18n import EnglishFinder

from solocards.server.http import webcatalog

LOCALE_DIR = Path(os.environ.get("SOLOCARDS_WEB_LOCALE_DIR") or webcatalog.LOCALE_DIR)
LANGUAGES = sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/web.po"))
I18N_SHOTS = SHOTS / "i18n"
#: A short match of each game: its options and players (one round; the bots are heuristic).
MATCHES: dict[str, tuple[dict[str, Any], int]] = {
    "uno": ({"hand_size": 7, "rounds": 1}, 3),
    "amigo-solo": ({"hand_size": 7, "start_total": 1}, 3),
    "german-solo": ({"match_end": "target", "max_deals": 1}, 4),
    "frog": ({"deals": 3}, 3),
}
#: The (language, game) of each match played: the games and the languages in turns, so that
#: each is played (in 2026-12: be-uno, de-amigo-solo, ru-german-solo, uk-frog); every game in
#: every language with ``SOLOCARDS_I18N_EVERY_MATCH=1`` (a translator's screenshots of each).
MATCH_LANGUAGES = (
    [(lang, game) for lang in LANGUAGES for game in MATCHES]
    if os.environ.get("SOLOCARDS_I18N_EVERY_MATCH") == "1"
    else [
        (LANGUAGES[turn % len(LANGUAGES)], list(MATCHES)[turn % len(MATCHES)])
        for turn in range(max(len(LANGUAGES), len(MATCHES)) if LANGUAGES else 0)
    ]
)


@pytest.fixture(scope="module", autouse=True)
def catalogs() -> Iterator[Path]:
    """The server reads its web catalogs from :data:`LOCALE_DIR` (the package's by default)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(webcatalog, "LOCALE_DIR", LOCALE_DIR)
        yield LOCALE_DIR


def finder_for(lang: str) -> EnglishFinder:
    """The English that ``lang``'s catalog translates."""
    engine = LOCALE_DIR / lang / "LC_MESSAGES" / "engine.po"
    return EnglishFinder.for_po(webcatalog.po_path(lang, LOCALE_DIR), engine)


def test_the_finder_also_knows_the_engine_words_the_page_writes_itself(tmp_path: Path) -> None:
    """An engine message written in the page's own code ("Spadilla (Q♣)" in
    games/german-solo.js) is English the page must not show either, even where the web catalog
    lacks it: the finder knows it from the engine's catalog."""
    empty = tmp_path / "web.po"
    empty.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    for lang in LANGUAGES:
        engine = LOCALE_DIR / lang / "LC_MESSAGES" / "engine.po"
        known = {message.msgid for message in EnglishFinder.for_po(empty, engine).messages}
        assert "Spadilla (Q♣)" in known and "Basta (Q♠)" in known, lang
        assert "Cards dealt to each player." not in known  # the page never writes it


def storage_script(key: str, value: object) -> str:
    """A script that puts ``value`` in this browser's storage as the page keeps it."""
    return f"localStorage.setItem('solocards.{key}', {json.dumps(json.dumps(value))});"


def new_page(browser: Browser) -> tuple[BrowserContext, Page, list[str]]:
    """A page in a browser whose own language is English, and the page errors it will have."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lobby_and_lab_have_no_english_left(
    lang: str, browser: Browser, server: LiveServer
) -> None:
    finder = finder_for(lang)
    context, page, errors = new_page(browser)
    I18N_SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{server.url}/?lang={lang}")
    page.wait_for_selector(".create")
    assert page.evaluate("() => document.documentElement.lang") == lang
    for button in page.locator(".gamebtn").all():
        button.click()
        page.click(".rules summary")
        finder.look(page, f"lobby, {button.get_attribute('data-game')}")
    page.screenshot(path=str(I18N_SHOTS / f"{lang}-lobby.png"), full_page=True)
    page.goto(f"{server.url}/lab.html")
    page.wait_for_selector("#reports h2")  # the page's own HTML: translated once lang is set
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
    finder.look(page, "lab")
    page.screenshot(path=str(I18N_SHOTS / f"{lang}-lab.png"))
    assert not errors, errors
    assert not finder.found, "English left in the page:\n" + finder.report()
    context.close()


def waiting_table(base: str, game: str) -> tuple[str, str, str, int]:
    """A seeded table of ``game`` waiting for its bots, Ann in seat 0: id, tokens, players."""
    options, players = MATCHES[game]
    with httpx.Client(base_url=base, timeout=20.0) as http:
        body = {"game": game, "players": players, "options": options, "seed": 7}
        created = http.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table, owner = created.json()["table"]["id"], created.json()["owner_token"]
        seated = http.post(f"/api/tables/{table}/seats/0", json={"name": "Ann"})
        assert seated.status_code == 201, seated.text
    return table, owner, seated.json()["token"], players


@pytest.mark.parametrize(("lang", "game"), MATCH_LANGUAGES)
def test_a_match_has_no_english_left(
    lang: str, game: str, browser: Browser, server: LiveServer
) -> None:
    finder = finder_for(lang)
    table, owner, token, _ = waiting_table(server.url, game)
    context, page, errors = new_page(browser)
    context.add_init_script(seat_storage_script(table, 0, token))
    context.add_init_script(storage_script(f"owner.{table}", owner))
    # heuristic bots: a round of random bots has no bound on its length (one of UNO took
    # 32 to 168 of Ann's decisions from run to run, three minutes on a loaded machine)
    context.add_init_script(storage_script("pref.bot", "heuristic"))
    player = BrowserPlayer(page, f"ann-{lang}-{game}")
    I18N_SHOTS.mkdir(parents=True, exist_ok=True)
    shot = f"{lang}-{game}"

    page.goto(f"{server.url}/play/{table}?lang={lang}")
    page.wait_for_selector(".room .fillbots")
    finder.look(page, "waiting room")
    page.screenshot(path=str(I18N_SHOTS / f"{shot}-waiting.png"))
    page.click(".room .fillbots")
    page.wait_for_selector(".room .start:not([disabled])")
    finder.look(page, "waiting room, seats filled")
    page.click(".room .start")
    page.wait_for_selector(".mine .hand .card")

    rng = random.Random(3)
    shots_taken: set[str] = set()
    for decision in range(2000):
        player.wait_ready()
        finder.look(page, f"{game}, decision {decision}")
        moment = "summary" if page.locator(".modal:not(.hidden) .dialog").count() else "turn"
        if moment not in shots_taken:
            shots_taken.add(moment)
            page.screenshot(path=str(I18N_SHOTS / f"{shot}-{moment}.png"))
        if player.step(rng) == "done":
            break
    else:
        raise AssertionError(f"the {game} match did not end")
    page.wait_for_selector(".modal:not(.hidden) .standings")
    finder.look(page, "match over")
    page.screenshot(path=str(I18N_SHOTS / f"{shot}-match-over.png"))
    page.click(".modal .act.cancel")
    finder.look(page, "match over, the table")

    page.goto(f"{server.url}/play/{table}?replay=1")
    page.wait_for_selector(".replaybar .stepno")
    for step in range(4):
        finder.look(page, f"replay, step {step}")
        page.click(".replaybar .fwd")
        page.wait_for_function(
            "(step) => document.querySelector('.stepno')?.textContent.includes(String(step))",
            arg=step + 1,
        )
    page.screenshot(path=str(I18N_SHOTS / f"{shot}-replay.png"))
    assert not errors, errors
    assert not finder.found, "English left in the page:\n" + finder.report()
    context.close()
