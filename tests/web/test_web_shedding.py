"""UNO and AMIGO's SOLO in the browser, against bots, played only by clicking.

The UNO match starts in the lobby page (game, players, an option, bots, create, copy the
invite, start) and is played to its end; on the way the page is reloaded (same seat, same
hand) and its connection is dropped by the server (a banner, then it reconnects by itself with
its last version). Then the finished game: no hidden card in any frame or in the DOM, the
rematch, and the replay stepped forwards and backwards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_driver import BrowserPlayer, Sample, check_player
from web_helpers import (
    DESKTOP,
    PHONE,
    SHOTS,
    LiveServer,
    open_table,
    record_of,
    seat_storage_script,
    tokens,
)

import solocards
from solocards.server.http.replay import replay_step


@dataclass
class Played:
    """A finished UNO match played in the browser."""

    table: str
    record: dict[str, Any]
    player: BrowserPlayer
    page: Page
    reloads: int
    drops: int


def hand_now(page: Page) -> list[str]:
    """The cards of the hand the page shows."""
    cards: list[str] = page.eval_on_selector_all(
        ".mine .hand [data-card]", "(els) => els.map((e) => e.dataset.card)"
    )
    return cards


def calm(page: Page) -> bool:
    """Whether the table is in play with no dialog over it (a good moment for a screenshot)."""
    result: bool = page.evaluate(
        "() => document.body.dataset.status === 'playing'"
        " && !document.querySelector('.modal:not(.hidden) .dialog')"
    )
    return result


def wait_my_turn(page: Page) -> None:
    """Wait until the page may act (and shows no dialog)."""
    page.wait_for_function(
        "() => document.body.dataset.canAct === '1'"
        " && !document.querySelector('.modal:not(.hidden) .dialog')",
        timeout=20000,
    )


def may_act_soon(page: Page, timeout_ms: int = 3000) -> bool:
    """Whether the page is in play and may act within ``timeout_ms`` (no dialog over it)."""
    try:
        page.wait_for_function(
            "() => document.body.dataset.status === 'playing'"
            " && document.body.dataset.canAct === '1'"
            " && !document.querySelector('.modal:not(.hidden) .dialog')",
            timeout=timeout_ms,
        )
    except PlaywrightTimeout:
        return False
    return True


def check_reload(player: BrowserPlayer) -> None:
    """Reload mid-game: the page takes the same seat back and shows the same hand."""
    page = player.page
    wait_my_turn(page)
    seat, version, hand = player.mark("seat"), player.version, hand_now(page)
    assert hand
    page.reload()
    wait_my_turn(page)
    assert player.mark("seat") == seat
    assert player.version == version
    assert hand_now(page) == hand
    player.sample()  # what the reloaded page was sent is checked for hidden cards too


def check_drop(player: BrowserPlayer, server: LiveServer, table: str) -> None:
    """The server drops the connection: a banner, then a rejoin with the last version."""
    page = player.page
    wait_my_turn(page)
    version = player.version
    joins = len([m for m in player.sent if m.get("type") == "join"])
    page.evaluate(
        """() => { window.__banners = 0;
                   new MutationObserver(() => {
                     if (!document.querySelector('.banner').classList.contains('hidden'))
                       window.__banners += 1;
                   }).observe(document.querySelector('.banner'), {attributes: true}); }"""
    )
    assert server.drop_connections(table) >= 1
    page.wait_for_function("() => window.__banners >= 1", timeout=10000)
    page.wait_for_function(
        "() => document.querySelector('.banner').classList.contains('hidden')", timeout=15000
    )
    wait_my_turn(page)
    rejoins = [m for m in player.sent if m.get("type") == "join"][joins:]
    assert rejoins and rejoins[-1]["version"] == version
    assert any(f.get("type") == "events" for f in player.frames[-5:]), "no catch-up events"
    player.sample()  # and what the page shows after the catch-up


TARGET = 150
"""The UNO match's target score."""


@pytest.fixture(scope="module")
def uno(browser: Browser, server: LiveServer, shots: Path) -> Iterator[Played]:
    """A whole UNO match, from the lobby page to the standings."""
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    player = BrowserPlayer(page, "ana")
    page.goto(server.url + "/")
    page.click(".gamebtn[data-game=uno]")
    page.fill("input.players", "3")
    page.click(".rules summary")
    assert page.locator(".option .help").count() >= 10  # every option explained
    # A match of several rounds: at 60 one round often ended it, and a round that a bot won
    # quickly left too few of ana's decisions for the reload and the drop below.
    page.fill("input[data-option=target_score]", str(TARGET))
    page.locator("input[data-option=target_score]").dispatch_event("change")
    page.fill("input.myname", "ana")
    page.select_option("select.botkind", "heuristic")  # random bots: no bound on a round
    page.click("button.create")
    page.wait_for_selector(".room")
    table = page.url.rsplit("/", 1)[1]
    assert page.locator(".seatrow").count() == 3
    page.click("button.copy")
    invite = page.evaluate("() => navigator.clipboard.readText()")
    assert invite == f"{server.url}/play/{table}"
    page.screenshot(path=str(shots / "lobby-waiting-room-desktop.png"))
    page.click("button.start")
    page.wait_for_selector(".mine .hand .card")
    assert server.table(table).game.options["target_score"] == TARGET

    rng = random.Random(8)
    shot = False
    reloads = drops = 0
    decisions = 0
    while player.step(rng) != "done":
        decisions += 1
        if not shot and decisions >= 4 and calm(page):
            shot = True
            page.screenshot(path=str(shots / "uno-desktop.png"), animations="disabled")
            page.click(".cbtoggle")
            assert page.locator(".mine .hand .card i.cb").first.is_visible()
            page.screenshot(
                path=str(shots / "uno-colour-letters-desktop.png"), animations="disabled"
            )
            page.click(".cbtoggle")
            assert not page.locator(".mine .hand .card i.cb").first.is_visible()
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(250)  # the drawer slides out of sight in 0.2 s
            page.screenshot(
                path=str(shots / "uno-phone.png"), full_page=True, animations="disabled"
            )
            page.set_viewport_size(DESKTOP)
        # Reload, then drop, at the first moments from the 6th decision on where the page may
        # act: a fixed decision number can fall on a round's end or on a dialog.
        if not reloads and decisions >= 6 and may_act_soon(page):
            check_reload(player)
            reloads += 1
        elif reloads and not drops and decisions >= 8 and may_act_soon(page):
            check_drop(player, server, table)
            drops += 1
        assert decisions < 2000
    page.wait_for_selector(".modal:not(.hidden) .standings")
    page.screenshot(path=str(shots / "uno-match-over-desktop.png"), animations="disabled")
    assert not errors, errors
    yield Played(table, record_of(server.url, table), player, page, reloads, drops)
    context.close()


def test_uno_match_played_by_clicking(uno: Played) -> None:
    record = uno.record
    assert record["names"][0] == "ana"
    assert max(record["totals"]) >= TARGET
    mine = [a for r in record["rounds"] for s, a in r["actions"] if s == 0]
    assert len(mine) >= 3
    assert uno.reloads == 1 and uno.drops == 1
    for name in ("uno-desktop.png", "uno-phone.png"):
        assert (SHOTS / name).stat().st_size > 10_000
    standings = uno.page.locator(".modal:not(.hidden) .standings li")
    assert standings.count() == 3
    winner = record["names"][record["winners"][0]]
    shown = "ana" if winner == "ana" else f"Bot {record['winners'][0] + 1}"
    assert shown in standings.first.inner_text()


def test_uno_no_hidden_card_in_frames_or_dom(uno: Played) -> None:
    checks = check_player(uno.player, uno.record, 0)
    assert checks > 20
    # one a decision (at least 9: the drop comes at the 8th or later, then the end), and one
    # after the reload and one after the drop
    assert len(uno.player.samples) > 10


def test_the_hidden_card_check_can_fail(uno: Played) -> None:
    """A card of another hand slipped into a DOM sample is caught."""
    record = uno.record
    sample = next(s for s in uno.player.samples if s.version > 0)
    seen: set[str] = set()
    for version in range(sample.version + 1):
        seen |= tokens(solocards.replay(record, upto=version).state.view(0))
    other = solocards.replay(record, upto=sample.version).state.snapshot()["hands"][1]
    secret = next(card for card in other if card not in seen)
    doctored = replace(uno.player, samples=[Sample(sample.version, 0, [*sample.cards, secret], [])])
    doctored.frames = uno.player.frames
    with pytest.raises(AssertionError, match="hidden"):
        check_player(doctored, record, 0)


def test_uno_replay_steps_forwards_and_backwards(uno: Played, server: LiveServer) -> None:
    page = uno.page
    page.goto(f"{server.url}/play/{uno.table}?replay=1&seat=0")
    page.wait_for_selector(".replaybar .stepno")
    expected = replay_step(uno.record, 0, 0)
    assert hand_now(page) == expected["view"]["hand"]
    for step in (1, 2, 3):
        page.click(".replaybar .fwd")
        page.wait_for_selector(f".replaybar .stepno:has-text('step {step} /')")
        view = replay_step(uno.record, step, 0)
        shown = view["round_over"]["view"] if view["round_over"] else view["view"]
        assert hand_now(page) == shown["hand"]
    page.click(".replaybar .back")
    page.wait_for_selector(".replaybar .stepno:has-text('step 2 /')")
    assert hand_now(page) == replay_step(uno.record, 2, 0)["view"]["hand"]
    # another seat's view: that seat's hand, not ours
    page.select_option("select.replayseat", "1")
    page.wait_for_function("() => location.search.includes('seat=1')")
    assert hand_now(page) == replay_step(uno.record, 2, 1)["view"]["hand"]
    page.screenshot(path=str(SHOTS / "uno-replay-desktop.png"))
    page.click(".replaybar .last")
    total = sum(len(r["actions"]) for r in uno.record["rounds"])
    page.wait_for_selector(f".replaybar .stepno:has-text('step {total} / {total}')")


def test_uno_replay_keeps_clicks_made_while_a_step_loads(uno: Played, server: LiveServer) -> None:
    """Three quick clicks on forward reach step 3: a click while a step loads is kept, not
    dropped (the page once ignored it, and a player stepping fast lost moves)."""
    page = uno.page
    page.goto(f"{server.url}/play/{uno.table}?replay=1&seat=0")
    page.wait_for_selector(".replaybar .stepno:has-text('step 0 /')")
    # three clicks in one go: the second and third come while the first step loads
    page.evaluate(
        "() => { for (let i = 0; i < 3; i++) document.querySelector('.replaybar .fwd').click(); }"
    )
    page.wait_for_selector(".replaybar .stepno:has-text('step 3 /')")
    assert hand_now(page) == replay_step(uno.record, 3, 0)["view"]["hand"]


def test_uno_rematch_keeps_the_seat(uno: Played, server: LiveServer) -> None:
    page = uno.page
    page.goto(f"{server.url}/play/{uno.table}")
    page.wait_for_selector(".matchend")
    loads: list[str] = []
    page.on(
        "request",
        lambda request: loads.append(request.url) if request.is_navigation_request() else None,
    )
    page.locator(".modal:not(.hidden) .dialog button:has-text('Rematch')").click()
    page.wait_for_url(lambda url: uno.table not in url, timeout=10000)
    page.wait_for_selector(".mine .hand .card")
    new = page.url.rsplit("/", 1)[1]
    # Both the POST's reply and the table's push say "go": the page goes once (a second
    # location change aborted the first load).
    assert loads == [page.url]
    assert server.table(new).rematch_of == uno.table
    assert page.evaluate("() => document.body.dataset.seat") == "0"


BOTS = {1: "heuristic", 2: "heuristic"}
"""Heuristic bots on a seeded table: two or three rounds, 35 to 74 of ana's decisions (random
bots put no bound on a round's length: this match took 3 to 37 s from run to run)."""
SEED = 12


def test_amigo_solo_against_bots(browser: Browser, server: LiveServer, shots: Path) -> None:
    options = {"start_total": 80, "triple_plus": True}
    table, _, tokens_ = open_table(
        server.url, "amigo-solo", {0: "ana"}, BOTS, options, players=3, seed=SEED
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    rng = random.Random(3)
    shot = False
    decisions = 0
    while player.step(rng) != "done":
        decisions += 1
        if not shot and decisions >= 3 and calm(page):
            shot = True
            page.screenshot(path=str(shots / "amigo-solo-desktop.png"), animations="disabled")
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(250)  # the drawer slides out of sight in 0.2 s
            page.screenshot(
                path=str(shots / "amigo-solo-phone.png"), full_page=True, animations="disabled"
            )
            page.set_viewport_size(DESKTOP)
        assert decisions < 2000
    record = record_of(server.url, table)
    assert any(s == 0 for r in record["rounds"] for s, _ in r["actions"])
    assert check_player(player, record, 0) > 10
    context.close()
