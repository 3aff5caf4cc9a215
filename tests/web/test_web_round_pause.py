"""The pause between rounds and the reaction window, played in Chromium by clicks.

- The round summary stops the clock: with a short move clock, a player who leaves "Round 1 is
  over" open well past it keeps the seat, and nobody moves until they are ready.
- A jump-in against a bot is possible: the bot waits the reaction window (shown as a
  countdown), and the person jumps in with a click within it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser
from web_driver import BrowserPlayer
from web_helpers import DESKTOP, LiveServer, need_chromium, open_table, seat_storage_script

import solocards

CLOCK = 3.0  # seconds per move (the report had 30 s and waited 33 s)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that pauses between rounds and gives people 10 s to jump in.

    The window opens when the first bot plays, which may be before the page has joined: on a
    loaded machine loading the page took most of a 2.5 s window, and the bot after it moved
    before the click arrived. Ending the window is the click's doing, so a long one costs
    nothing here.
    """
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("pause")
    with LiveServer(
        f"sqlite:///{folder / 'web.sqlite'}", round_pause=60.0, reaction_window=10.0
    ) as live:
        yield live


@pytest.fixture(scope="module")
def server_without_window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that pauses between rounds and has no reaction window.

    AMIGO's SOLO has reaction windows: with the 10 s window above, each of the bots waited 10 s
    after every card of a test that only plays to the round's summary (31-41 s a run).
    """
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("pause-quick")
    with LiveServer(f"sqlite:///{folder / 'web.sqlite'}", round_pause=60.0) as live:
        yield live


def seated_page(browser: Browser, server: LiveServer, table: str, token: str) -> BrowserPlayer:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, token))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    return player


def seat_away(server: LiveServer, table: str) -> bool:
    info: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table}").json()
    away: bool = info["seats"][0]["away"]
    return away


def test_the_round_summary_stops_the_clock(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    options = {"hand_size": 2, "rounds": 2}
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana"}, {1: "heuristic"}, options, players=2, seed=5, clock=CLOCK
    )
    player = seated_page(browser, server, table, tokens_[0])
    page = player.page
    rng = random.Random(3)
    for _ in range(400):
        player.wait_ready()
        if page.locator(".modal:not(.hidden) .continue").count():
            break
        assert player.step(rng) != "done", "the match ended before a round summary"
    else:
        raise AssertionError("no round summary")
    assert "Round 1 is over" in page.locator(".modal .dialog h2").inner_text()
    version = player.version
    page.wait_for_timeout((CLOCK + 1.5) * 1000)  # the summary stays open past the clock
    assert page.locator(".modal:not(.hidden) .continue").count() == 1
    assert player.version == version, "somebody moved while the summary was open"
    assert not seat_away(server, table), "a bot took the seat while the summary was open"
    assert (
        page.locator(".modal .pause-line .countdown")
        .inner_text()
        .startswith("The next round starts anyway in")
    )
    page.screenshot(path=str(shots / "uno-round-pause.png"))
    page.click(".modal:not(.hidden) .continue")
    assert {"type": "ready"} in player.sent
    page.wait_for_function(
        "() => document.querySelector('.mine .clock .left') !== null"
        f" || Number(document.body.dataset.version) > {version}"
    )
    player.play_to_end(rng)
    assert not seat_away(server, table)


def jump_in_deal() -> tuple[int, int, str]:
    """A 3-player seed whose first player (a bot) can only play a number card (or draw) that
    the seat after next holds too, and may jump in with while the seat in between is to play."""
    game = solocards.make("uno", players=3, jump_in=True, rounds=1)
    for seed in range(5000):
        state = game.match(seed=seed).state
        first = state.snapshot()["current"]
        person = (first + 2) % 3
        hand = state.view(person)["hand"]
        plays = [action for action in state.legal_actions(first) if action != "draw"]
        if len(plays) != 1 or plays[0] not in hand or not plays[0][1:].isdigit():
            continue
        trial = state.clone()
        trial.apply(first, plays[0])
        if plays[0] in trial.legal_actions(person) and trial.snapshot()["current"] != person:
            return seed, person, plays[0]
    raise AssertionError("no deal with a jump-in found")


def test_a_person_can_jump_in_against_bots(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    seed, person, card = jump_in_deal()
    bots = {seat: "heuristic" for seat in range(3) if seat != person}
    table, _, tokens_ = open_table(
        server.url, "uno", {person: "ana"}, bots, {"jump_in": True, "rounds": 1}, 3, seed
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, person, tokens_[person]))
    player = BrowserPlayer(context.new_page(), "ana")
    page = player.page
    page.goto(f"{server.url}/play/{table}")
    # the first bot plays the card; the next bot waits while ana may jump in with hers
    page.wait_for_selector(".window-note .countdown", timeout=15000)
    assert page.locator(".window-note").inner_text().startswith("You may jump in: ")
    page.screenshot(path=str(shots / "uno-jump-in-window.png"))
    page.click(f".mine .hand .card.playable[data-card='{card}']", timeout=2000)
    page.wait_for_function("() => Number(document.body.dataset.version) >= 2")
    # the second action (version 2) is hers; the first bot may have played before the page
    # joined (no window holds it back at the deal, where nobody could react yet)
    second = [f["event"] for f in player.frames if f.get("type") == "update" and f["version"] == 2]
    assert [[e["seat"], e["action"]] for e in second] == [[person, card]], "a bot moved first"
    context.close()


def play_to_summary(player: BrowserPlayer, rng: random.Random) -> None:
    """Click until the first round summary is open (and leave it open)."""
    for _ in range(600):
        player.wait_ready()
        if player.page.locator(".modal:not(.hidden) .continue").count():
            return
        assert player.step(rng) != "done", "the match ended before a round summary"
    raise AssertionError("no round summary")


def test_amigo_round_summary_shows_the_hands_left(
    browser: Browser, server_without_window: LiveServer, shots: Path
) -> None:
    server = server_without_window
    table, _, tokens_ = open_table(
        server.url,
        "amigo-solo",
        {0: "ana"},
        {1: "heuristic", 2: "heuristic"},
        {"hand_size": 3, "target_score": 10_000},
        players=3,
        seed=4,
    )
    player = seated_page(browser, server, table, tokens_[0])
    play_to_summary(player, random.Random(5))
    dialog = player.page.locator(".modal:not(.hidden) .dialog")
    left = dialog.locator(".final-hand")
    assert left.count() >= 1, "no hand is shown in the round summary"
    assert " points" in left.first.inner_text()
    # issue 40.4: every hand left is laid down face up to be counted, as UNO's summary shows it
    hands = player.page.evaluate(
        """() => [...document.querySelectorAll('.modal:not(.hidden) .final-hand')].map((el) => ({
          seat: Number(el.dataset.seat), faces: el.querySelectorAll('[data-card]').length,
          backs: el.querySelectorAll('.card.back').length}))"""
    )
    final = next(f for f in player.frames if f.get("type") == "update" and f.get("round_over"))
    sizes = final["round_over"]["view"]["hand_sizes"]
    assert any(hand["seat"] != 0 for hand in hands), hands
    for hand in hands:
        assert hand["backs"] == 0 and hand["faces"] == sizes[hand["seat"]], hands
    player.page.screenshot(path=str(shots / "amigo-round-summary.png"))
    player.click(".modal:not(.hidden) .continue")


CODE = re.compile(r"^[A-Z]{1,3}-?\d+[a-z]?:|\((?:§|[A-Z]{1,3}-\d)")


def test_the_lobby_speaks_plain_words_and_names_the_colour_switch_once(
    browser: Browser, server: LiveServer
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url + "/")
    page.wait_for_selector(".gamebtn")
    assert page.locator(".cbtoggle").inner_text().startswith("Colour letters")
    for index in range(page.locator(".gamebtn").count()):
        page.locator(".gamebtn").nth(index).click()
        page.click(".rules summary")
        labels = page.locator(".options .option label").all_inner_texts()
        helps = page.locator(".options .help").all_inner_texts()
        choices = page.locator(".options select option").all_inner_texts()
        assert labels, "no option is listed"
        assert not [text for text in labels + choices if "_" in text]
        assert not [text for text in helps if CODE.search(text) or "_" in text]
    page.close()
    table, _, tokens_ = open_table(server.url, "uno", {0: "ana"}, {1: "random"}, players=2)
    player = seated_page(browser, server, table, tokens_[0])
    toggle = player.page.locator(".cbtoggle")
    assert toggle.inner_text() == "Colour letters: off"
    toggle.click()
    assert player.page.locator(".cbtoggle").inner_text() == "Colour letters: on"
    assert player.page.locator(".cbtoggle").get_attribute("aria-pressed") == "true"
    player.page.close()
