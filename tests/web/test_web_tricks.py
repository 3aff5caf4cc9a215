"""German Solo and Frog in the browser, at every player count the engines offer: whole games
against bots, only by clicking.

Bids, declarations (trump, a called card, alone), Frog's discards, every card: all clicks on
the page. Before every click the table's layout is measured (tests/web/web_layout.py): each
seat's box on the screen, no box over another or over the trick, each card of the trick towards
its player, the seats clockwise from the viewer's left, the dealer and the seats sitting out
marked. The first deal is watched at desktop size (1280x800), the rest at phone size (390x844).
Screenshots of each table at both sizes go to build/screenshots/; no hidden card ever reaches
the page (its frames and its DOM, checked against the finished record).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize
from web_driver import BrowserPlayer, check_player
from web_helpers import PHONE, SHOTS, LiveServer, open_table, record_of, seat_storage_script
from web_layout import layout_problems, sitting_out

import solocards
from solocards.games.registry import game_class

TRICK_GAMES = ("german-solo", "frog")
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
TRICK_ON_TABLE = "() => document.querySelectorAll('.trick .slot').length >= 2"


def trick_forms() -> list[tuple[str, int]]:
    """Every (game, player count) of the trick games that the engines offer."""
    forms: list[tuple[str, int]] = []
    for game_id in TRICK_GAMES:
        cls = game_class(game_id)
        forms += [(game_id, n) for n in range(cls.min_players, cls.max_players + 1)]
    return forms


def deals_for(game_id: str, players: int) -> int:
    """Few deals: one per seat, so that each seat of Frog deals (and sits out) once and German
    Solo's deals go round evenly (its deals are a multiple of the player count)."""
    del game_id  # both trick games take one deal per seat
    return players


def seed_dealt_by(game_id: str, players: int, dealer: int, options: dict[str, Any]) -> int:
    """A seed whose first deal is dealt by ``dealer``."""
    game = solocards.make(game_id, players=players, **options)
    for seed in range(200):
        if game.match(seed=seed).state.view(dealer)["dealer"] == dealer:
            return seed
    raise AssertionError(f"no seed of {game_id} for {players} is dealt by seat {dealer}")


def view_shown(player: BrowserPlayer) -> dict[str, Any] | None:
    """The view of the version the page shows now (from the frames it received)."""
    version = player.version
    for frame in reversed(player.frames):
        if frame.get("version") == version and isinstance(frame.get("view"), dict):
            view: dict[str, Any] = frame["view"]
            return view
    return None


def check_layout(page: Page, player: BrowserPlayer, size: str) -> dict[str, Any] | None:
    """Fail with every layout problem of the table as the page shows it now."""
    view = view_shown(player)
    if view is None or page.locator(".modal:not(.hidden) .dialog").count():
        return None
    problems = layout_problems(page, view, 0)
    if problems:
        player.debug(f"layout-{size}")
    assert not problems, f"{player.name} at {size} size, version {player.version}: {problems}"
    return view


def check_replays(
    context: BrowserContext, server: LiveServer, table: str, record: dict[str, Any], form: str
) -> list[dict[str, Any]]:
    """Check the layout of the replay, as seat 0 saw it, two thirds into every deal (by turns
    at desktop and phone size): the deals seat 0 sat out too. Returns the views checked."""
    page = context.new_page()
    views: list[dict[str, Any]] = []
    start = 0
    for index, round_ in enumerate(record["rounds"]):
        count = len(round_["actions"])
        step = start + max(1, count * 2 // 3)
        start += count
        size, viewport = ("desktop", LAPTOP) if index % 2 == 0 else ("phone", PHONE)
        page.set_viewport_size(viewport)
        answer = httpx.get(
            f"{server.url}/api/tables/{table}/replay", params={"step": step, "seat": 0}
        )
        assert answer.status_code == 200, answer.text
        data = answer.json()
        view = data["round_over"]["view"] if data.get("round_over") else data["view"]
        page.goto(f"{server.url}/play/{table}?replay=1&seat=0&step={step}")
        page.wait_for_selector(f".stepno:text-is('step {step} / {data['steps']}')")
        problems = layout_problems(page, view, 0)
        assert not problems, f"the replay of {form} at step {step}, {size} size: {problems}"
        if 0 in sitting_out(view):
            page.screenshot(path=str(SHOTS / f"{form}-sitting-out-{size}.png"), full_page=True)
        views.append(view)
    page.close()
    return views


def test_every_form_is_tested() -> None:
    """The forms the tests play include the ones that have always been there."""
    forms = trick_forms()
    assert {("german-solo", 4), ("frog", 3), ("frog", 4)} <= set(forms)
    assert all(3 <= n <= 5 for _, n in forms), forms


@pytest.mark.parametrize(("game_id", "players"), trick_forms())
def test_whole_game_against_bots(
    game_id: str, players: int, browser: Browser, server: LiveServer, shots: Path
) -> None:
    options = {"deals": deals_for(game_id, players)}
    seed = seed_dealt_by(game_id, players, 0, options)
    bots = {seat: "random" for seat in range(1, players)}
    table, _, tokens_ = open_table(
        server.url, game_id, {0: "ana"}, bots, options, players=players, seed=seed
    )
    form = f"{game_id}-{players}p"
    context = browser.new_context(viewport=LAPTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    player = BrowserPlayer(page, f"ana-{form}")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    page.screenshot(path=str(shots / f"{form}-auction-desktop.png"), animations="disabled")
    rng = random.Random(5)
    decisions = 0
    size = "desktop"
    dealt_by_me = 0
    while True:
        player.wait_ready()
        view = check_layout(page, player, size)
        if view is not None:
            dealt_by_me += view["dealer"] == 0
        if size == "desktop" and page.evaluate(TRICK_ON_TABLE):
            page.screenshot(path=str(shots / f"{form}-desktop.png"), animations="disabled")
            size = "phone"
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(250)  # the drawer slides out of sight in 0.2 s
            check_layout(page, player, size)
            page.screenshot(
                path=str(shots / f"{form}-phone.png"), full_page=True, animations="disabled"
            )
        clicked = player.step(rng)
        if clicked == "done":
            break
        decisions += 1
        assert decisions < 1500
    page.set_viewport_size(LAPTOP)
    page.wait_for_selector(".modal:not(.hidden) .standings")
    page.screenshot(path=str(shots / f"{form}-match-over-desktop.png"), animations="disabled")
    assert size == "phone", "no trick was ever seen on the table"
    assert not errors, errors
    record = record_of(server.url, table)
    replayed = check_replays(context, server, table, record, form)
    dealt_by_me += sum(view["dealer"] == 0 for view in replayed)
    assert dealt_by_me, "ana never dealt, so her dealer mark was never checked"
    if game_id == "frog" and players > 3:
        assert any(sitting_out(view) for view in replayed), "no seat was seen sitting out"
        assert any(0 in sitting_out(view) for view in replayed), "ana never sat out"
    assert not errors, errors
    assert len(record["rounds"]) == options["deals"]
    mine = [a for r in record["rounds"] for s, a in r["actions"] if s == 0]
    assert any(len(a) == 2 for a in mine), "no card was played by clicking"
    assert check_player(player, record, 0) > 10
    context.close()
