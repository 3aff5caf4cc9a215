"""Games over days in Chromium: "Your turn" in the tab, "my games", the lobby's filters and
"Play now", the absent-seat choice, and a spectator who sets a name at the table."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from web_helpers import DESKTOP, PHONE, TIMEOUT, LiveServer, open_table, seat_storage_script

import solocards

DAY = 86400.0
DOT = "data:image/svg+xml"


def first_seat(seat: int) -> tuple[int, str]:
    """A seed whose two-player UNO deal lets ``seat`` act first with a plain card to play."""
    for seed in range(500):
        match = solocards.make("uno", 2).match(seed=seed)
        plain = [a for a in match.state.legal_actions(match.to_act[0]) if len(a) == 2]
        if match.to_act == [seat] and plain:
            return seed, plain[0]
    pytest.fail("no such seed")


def seated_page(browser: Browser, seats: dict[str, tuple[int, str]], lang: str = "en") -> Page:
    """A page whose browser holds the given seats (table -> (seat, token))."""
    context: BrowserContext = browser.new_context(
        viewport=DESKTOP, reduced_motion="reduce", locale=lang
    )
    for table, (seat, token) in seats.items():
        context.add_init_script(seat_storage_script(table, seat, token))
    return context.new_page()


def favicon(page: Page) -> str:
    return str(page.evaluate("() => document.querySelector(\"link[rel~='icon']\").href"))


@pytest.mark.parametrize(("lang", "words"), [("en", "Your turn"), ("de", "Du bist dran")])
def test_the_tab_says_your_turn(
    browser: Browser, server: LiveServer, lang: str, words: str
) -> None:
    seed, card = first_seat(0)
    table, _, tokens = open_table(
        server.url, "uno", {0: "Ann", 1: "Bob"}, {}, players=2, seed=seed, clock=DAY
    )
    ann = seated_page(browser, {table: (0, tokens[0])})
    bob = seated_page(browser, {table: (1, tokens[1])})
    ann.goto(f"{server.url}/play/{table}?lang={lang}")
    bob.goto(f"{server.url}/play/{table}?lang={lang}")
    ann.wait_for_function("(w) => document.title.startsWith(w)", arg=words)
    assert favicon(ann).startswith(DOT)
    bob.wait_for_selector("body[data-can-act='0'][data-version='0']")
    assert not bob.title().startswith(words) and not favicon(bob).startswith(DOT)
    # a day's clock reads in hours, not in tens of thousands of seconds
    clock = ann.locator(".mine .clock .left")
    clock.wait_for()
    assert clock.inner_text().startswith("23"), clock.inner_text()
    ann.click(f".mine .hand .card.playable[data-card='{card}']")
    ann.wait_for_function("(w) => !document.title.startsWith(w)", arg=words)
    assert not favicon(ann).startswith(DOT)
    bob.wait_for_function("(w) => document.title.startsWith(w)", arg=words)


def test_my_games_lists_the_game_waiting_for_me_first(browser: Browser, server: LiveServer) -> None:
    theirs, _, their_tokens = open_table(
        server.url, "uno", {0: "Ann", 1: "Bob"}, {}, players=2, seed=first_seat(1)[0], clock=DAY
    )
    mine, _, my_tokens = open_table(
        server.url, "uno", {0: "Ann", 1: "Bob"}, {}, players=2, seed=first_seat(0)[0], clock=DAY
    )
    page = seated_page(browser, {theirs: (0, their_tokens[0]), mine: (0, my_tokens[0])})
    page.goto(f"{server.url}/my-games")
    page.wait_for_selector("li.mygame")
    items = page.locator("li.mygame")
    assert [items.nth(i).get_attribute("data-table") for i in range(2)] == [mine, theirs]
    assert "Your turn" in items.nth(0).inner_text()
    assert "Waiting for Bob" in items.nth(1).inner_text()
    assert "23 h" in items.nth(0).inner_text() and "24 h a move" in items.nth(0).inner_text()
    assert page.title().startswith("Your turn") and favicon(page).startswith(DOT)
    page.set_viewport_size(PHONE)  # one screen wide on a phone
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_lobby_filters_and_play_now_seats_me(browser: Browser, server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=TIMEOUT) as http:
        body = {"game": "uno", "players": 2, "language": "de", "clock": {"seconds": DAY}}
        german = http.post("/api/tables", json=body).json()["table"]["id"]
        http.post("/api/tables", json={"game": "uno", "players": 2, "language": "en"})
    page = seated_page(browser, {})
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector(".opentables select.find-language")
    page.select_option(".opentables select.find-language", "de")
    page.select_option(".opentables select.find-clock", "long")
    page.wait_for_function(
        "(id) => [...document.querySelectorAll('.opentables li')].map(li => li.dataset.table)"
        ".join() === id",
        arg=german,
    )
    assert "waits for them" in page.locator(f".opentables li[data-table='{german}']").inner_text()
    page.fill("input.myname", "Cleo")
    page.click("button.playnow")
    page.wait_for_url(f"**/play/{german}")
    # the waiting room says what happens to an absent player's seat here
    page.wait_for_selector(".room .absent-note:has-text('waits for them')")
    seats = httpx.get(f"{server.url}/api/tables/{german}").json()["seats"]
    assert [s["name"] for s in seats].count("Cleo") == 1
    # nothing open matches any more: Play now opens a table of a day's clock in German
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector("button.playnow")
    page.click("button.playnow")
    page.wait_for_url(lambda url: "/play/" in url and german not in url)
    opened = page.url.rsplit("/", 1)[-1]
    info = httpx.get(f"{server.url}/api/tables/{opened}").json()
    assert info["language"] == "de" and info["clock"]["seconds"] == DAY
    assert info["absent"] == "wait"
    # the table it opened waits for people, but not for a second seat of this browser
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector(f".opentables li[data-table='{opened}']")
    page.click("button.playnow")
    page.wait_for_url(lambda url: "/play/" in url and opened not in url and german not in url)
    again = httpx.get(f"{server.url}/api/tables/{opened}").json()["seats"]
    assert [s["name"] for s in again].count("Cleo") == 1


def test_the_lobby_says_what_happens_to_an_absent_seat(
    browser: Browser, server: LiveServer
) -> None:
    page = seated_page(browser, {})
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector("select.absent")
    assert page.input_value("select.absent") == "bot"
    chosen = "select.absent option:checked"
    assert "A bot plays" in page.inner_text(chosen)
    page.select_option("select.clock", "86400")
    assert page.input_value("select.absent") == "wait"
    assert "waits for them" in page.inner_text(chosen)
    page.select_option("select.absent", "bot")
    page.select_option("select.clock", "259200")  # the owner's choice stays
    assert page.input_value("select.absent") == "bot"


def test_a_spectator_sets_a_name(browser: Browser, server: LiveServer) -> None:
    table, _, tokens = open_table(server.url, "uno", {0: "Ann"}, {1: "random"}, players=2)
    ann = seated_page(browser, {table: (0, tokens[0])})
    ann.goto(f"{server.url}/play/{table}?lang=en")
    ann.wait_for_selector("body[data-seat='0']")
    assert ann.locator("form.watchname").is_hidden()  # a seated player has a name already
    watcher = seated_page(browser, {})
    watcher.goto(f"{server.url}/play/{table}?lang=en")
    watcher.wait_for_selector("form.watchname input.watchername")
    ann.wait_for_selector(".spectators:has-text('1 spectator is watching.')")
    watcher.fill("input.watchername", "Zoe")
    watcher.click("button.setname")
    ann.wait_for_selector(".spectators:has-text('Watching: \u2068Zoe\u2069.')")
