"""The page in another language, with a small Ukrainian test catalog in place of the package's.

``?lang=uk`` in a link: ``<html lang="uk">``, the lobby's and the table's words from the
catalog (plural forms by the Ukrainian rules), the language in the WebSocket ``join`` and on
every REST call; the switcher's choice is remembered from page to page, and ``?lang=`` in a
link wins over it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Request
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, SHOTS, LiveServer, seat_storage_script

from solocards.server.http import webcatalog

TEST_PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: uk\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
"n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "Create the table"
msgstr "Створити стіл"

msgid "New table"
msgstr "Новий стіл"

msgid "{least}–{n} player"
msgid_plural "{least}–{n} players"
msgstr[0] "{least}–{n} гравець"
msgstr[1] "{least}–{n} гравці"
msgstr[2] "{least}–{n} гравців"

msgid "{game} · {n} player"
msgid_plural "{game} · {n} players"
msgstr[0] "{game} · {n} гравець"
msgstr[1] "{game} · {n} гравці"
msgstr[2] "{game} · {n} гравців"

msgid "Sit here"
msgstr "Сісти тут"

msgid "What happened"
msgstr "Що сталося"

msgid "Language"
msgstr "Мова"

msgid "Lab reports"
msgstr "Звіти лабораторії"
"""


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The test catalog as the server's only web catalog (for this module's tests)."""
    root = tmp_path_factory.mktemp("locale")
    path = webcatalog.po_path("uk", root)
    path.parent.mkdir(parents=True)
    path.write_text(TEST_PO.lstrip(), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(webcatalog, "LOCALE_DIR", root)
        yield root


def html_lang(page: Page) -> str:
    """The page's ``<html lang>``."""
    lang: str = page.evaluate("() => document.documentElement.lang")
    return lang


def choose(page: Page, lang: str) -> None:
    """Pick ``lang`` in the page's switcher and wait for the page to come back in it."""
    with page.expect_navigation():
        page.select_option(".langpick", lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def test_lobby_in_ukrainian_and_the_switcher_remembers(
    browser: Browser, server: LiveServer, locale_dir: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/?lang=uk")
    page.wait_for_selector(".create")
    assert html_lang(page) == "uk"
    assert page.inner_text(".create") == "Створити стіл"
    assert page.inner_text(".newtable h2") == "Новий стіл"
    # UNO seats 2 to 10: "10" takes the third Ukrainian form
    assert page.inner_text(".gamebtn[data-game='uno'] small") == "2–10 гравців"
    assert page.get_attribute(".langpick", "aria-label") == "Мова"
    assert page.eval_on_selector(".langpick", "(el) => el.value") == "uk"
    page.screenshot(path=str(SHOTS / "i18n-test-lobby-uk.png"))

    choose(page, "en")
    assert "lang=" not in page.url
    assert page.inner_text(".create") == "Create the table"
    page.goto(f"{server.url}/")  # no ?lang: the choice is remembered
    page.wait_for_selector(".create")
    assert html_lang(page) == "en"

    choose(page, "uk")
    page.goto(f"{server.url}/")
    page.wait_for_selector(".create")
    assert html_lang(page) == "uk"
    assert page.inner_text(".create") == "Створити стіл"
    page.goto(f"{server.url}/lab.html")  # the lab page too: its switcher, its HTML's words
    page.wait_for_selector("#reports .note")  # in the page's HTML: it is there before the catalog
    page.wait_for_function("() => document.documentElement.lang === 'uk'", timeout=5000)
    assert page.eval_on_selector("header .langpick", "(el) => el.value") == "uk"
    assert page.get_attribute("#reports", "aria-label") == "Звіти лабораторії"
    page.goto(f"{server.url}/?lang=en")  # a link's ?lang= wins over the remembered choice
    page.wait_for_selector(".create")
    assert page.inner_text(".create") == "Create the table"
    assert not errors, errors
    context.close()


def test_browser_language_is_the_default(
    browser: Browser, server: LiveServer, locale_dir: Path
) -> None:
    """With no ?lang= and no choice yet, the browser's Accept-Language decides."""
    context = browser.new_context(viewport=DESKTOP, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.wait_for_selector(".create")
    assert html_lang(page) == "uk"
    assert page.inner_text(".create") == "Створити стіл"
    context.close()


def create_table(base: str) -> tuple[str, str, str]:
    """A waiting UNO table for four, Ann in seat 0: (id, owner token, Ann's token)."""
    with httpx.Client(base_url=base, timeout=20.0) as http:
        created = http.post("/api/tables", json={"game": "uno", "players": 4})
        assert created.status_code == 201, created.text
        table, owner = created.json()["table"]["id"], created.json()["owner_token"]
        seated = http.post(f"/api/tables/{table}/seats/0", json={"name": "Ann"})
        assert seated.status_code == 201, seated.text
    return table, owner, seated.json()["token"]


def test_table_in_ukrainian_tells_the_server_its_language(
    browser: Browser, server: LiveServer, locale_dir: Path
) -> None:
    table, owner, token = create_table(server.url)
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.add_init_script(seat_storage_script(table, 0, token))
    page = context.new_page()
    player = BrowserPlayer(page, "ann-uk")
    api_languages: list[str | None] = []

    def note(request: Request) -> None:
        if "/api/" in request.url:
            api_languages.append(request.headers.get("accept-language"))

    page.on("request", note)
    page.goto(f"{server.url}/play/{table}?lang=uk")
    page.wait_for_selector(".room .seatrow")
    assert html_lang(page) == "uk"
    # four players: the second Ukrainian form
    assert page.inner_text(".room h2").endswith(" · 4 гравці")
    page.wait_for_function("() => document.querySelector('.act.sit') === null")
    joins = [frame for frame in player.sent if frame.get("type") == "join"]
    assert joins and all(frame.get("lang") == "uk" for frame in joins), joins
    assert api_languages and set(api_languages) == {"uk"}, api_languages

    with httpx.Client(base_url=server.url, timeout=20.0) as http:
        auth = {"Authorization": f"Bearer {owner}"}
        for seat in (1, 2, 3):
            bot: dict[str, Any] = {"kind": "random"}
            answer = http.post(f"/api/tables/{table}/seats/{seat}/bot", json=bot, headers=auth)
            assert answer.status_code == 200, answer.text
        assert http.post(f"/api/tables/{table}/start", headers=auth).status_code == 200
    page.wait_for_selector(".logpanel h3")
    assert page.inner_text(".logpanel h3") == "Що сталося"
    assert page.eval_on_selector(".topbar .langpick", "(el) => el.value") == "uk"
    page.goto(f"{server.url}/play/{table}")  # the language stays without ?lang=
    page.wait_for_selector(".logpanel h3")
    assert page.inner_text(".logpanel h3") == "Що сталося"
    assert html_lang(page) == "uk"
    context.close()
