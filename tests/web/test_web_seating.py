"""The trick table's seating for any number of seats, and the lobby's player counts.

The table of a trick game is drawn in the browser from engine views of German Solo and Frog,
re-seated for 3, 4 and 5 players (the same view keys, more or fewer seats, a seat or two sitting
out, a long name), at desktop (1280x800) and phone (390x844) size, and measured as
tests/web/web_layout.py does during play: so the seating is checked for counts that no engine
deals yet as well. Screenshots go to build/screenshots/seating-*.png.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from web_helpers import PHONE, LiveServer
from web_layout import layout_problems

import solocards

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
SIZES: dict[str, ViewportSize] = {"desktop": LAPTOP, "phone": PHONE}
LONG_NAME = "Maximiliane von Fürstenberg-Herdringen"

RENDER_JS = """async ([game, view, me, names]) => {
  const board = await import('/js/board.js');
  document.body.innerHTML = '<div class="layout"><main class="board"></main>'
    + '<aside class="side"><section class="panel"><h3>Scores</h3></section></aside></div>';
  const main = document.querySelector('main.board');
  document.body.dataset.seat = me === null ? '' : String(me);
  const seats = names.map((name, seat) => name.startsWith('Bot')
    ? {seat, kind: 'bot', bot: 'random', name: 'bot:random', connected: false}
    : {seat, kind: 'human', name, connected: true});
  board.renderBoard(main, {game, view, me, names, seats, totals: names.map(() => 0), clock: null,
    readonly: false, callArmed: false, busy: false, targeting: null,
    onAction() {}, onPlay() {}, onToggleCall() {}, onTarget() {}});
  board.fanHands(main);
}"""


@pytest.fixture(scope="module")
def page(browser: Browser, server: LiveServer) -> Iterator[Page]:
    """A page of the site, to import its modules."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(server.url + "/")
    page.wait_for_selector(".gamebtn")
    yield page
    page.close()


def playing_view(game_id: str, players: int) -> tuple[dict[str, Any], list[str]]:
    """Seat 0's view of a deal in play, seat 0 to play, and the cards of the other hands."""
    game = solocards.make(game_id, players=players)
    rng = random.Random(3)
    for seed in range(200):
        state = game.deal(seed=seed)
        while not state.is_over:
            view = state.view(0)
            if view["phase"] == "playing" and view["can_act"] and not view["trick"]:
                hands = state.snapshot()["hands"]
                others = [card for seat, hand in enumerate(hands) if seat != 0 for card in hand]
                return view, others
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no position of {game_id} with seat 0 on lead")


def reseated(
    base: dict[str, Any], cards: list[str], players: int, out: list[int], full: bool
) -> dict[str, Any]:
    """``base`` for ``players`` seats: the seats in ``out`` sit out; the others have played to
    the trick (or, ``full``, the trick is over and shown as the last one)."""
    view = copy.deepcopy(base)
    active = [seat for seat in range(players) if seat not in out]
    view["players"] = players
    view["hand_sizes"] = [0 if seat in out else len(view["hand"]) for seat in range(players)]
    view["tricks_won"] = [seat % 3 for seat in range(players)]
    if view.get("trick_points") is not None:
        view["trick_points"] = [11 * seat for seat in range(players)]
    view["dealer"] = out[0] if out else players - 1
    view["sitting_out"] = out[0] if out else None  # the dealer, as Frog's views say
    view["sitting_out_seats"] = out
    for key in ("declarer", "partner", "called_holder"):
        if isinstance(view.get(key), int) and view[key] >= players:
            view[key] = 1
    played = [[seat, cards[index]] for index, seat in enumerate(active)]
    if full:
        view["trick"] = []
        view["tricks"] = [*view.get("tricks", []), {"cards": played, "winner": active[-1]}]
    else:
        view["trick"] = [entry for entry in played if entry[0] != 0]
    view["current"] = 0
    return view


def names_for(players: int) -> list[str]:
    """ana, a long name, and bots."""
    return ["ana", LONG_NAME, *[f"Bot {seat + 1}" for seat in range(2, players)]][:players]


FORMS: list[tuple[str, int, list[int]]] = [
    ("german-solo", 3, []),
    ("german-solo", 4, []),
    ("german-solo", 5, []),
    ("frog", 3, []),
    ("frog", 4, [2]),
    ("frog", 5, [3, 4]),
]


@pytest.mark.parametrize("full", [False, True], ids=["trick", "last-trick"])
@pytest.mark.parametrize(("game_id", "players", "out"), FORMS)
def test_seats_around_the_trick(
    page: Page, game_id: str, players: int, out: list[int], full: bool, shots: Path
) -> None:
    base, cards = playing_view(game_id, 4 if game_id == "german-solo" else 3)
    view = reseated(base, cards, players, out, full)
    names = names_for(players)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate(RENDER_JS, [game_id, view, 0, names])
        if not full:
            page.screenshot(
                path=str(shots / f"seating-{game_id}-{players}p-{size}.png"), full_page=True
            )
        problems = layout_problems(page, view, 0)
        assert not problems, f"{game_id} for {players} at {size} size: {problems}"
        shown = page.locator(".trick .slot").count()
        assert shown == len(view["trick"] or view["tricks"][-1]["cards"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_spectator_sees_every_seat(page: Page, players: int, shots: Path) -> None:
    base, cards = playing_view("german-solo", 4)
    view = reseated(base, cards, players, [], full=True)
    view["hand"] = None
    view["can_act"] = False
    view["legal_actions"] = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate(RENDER_JS, ["german-solo", view, None, names_for(players)])
        page.screenshot(
            path=str(shots / f"seating-spectator-{players}p-{size}.png"), full_page=True
        )
        problems = layout_problems(page, view, None)
        assert not problems, f"a spectator of {players} at {size} size: {problems}"


def test_the_viewer_sitting_out_is_told(page: Page) -> None:
    base, cards = playing_view("frog", 3)
    view = reseated(base, cards, 5, [0, 3], full=False)
    view["hand"] = []
    view["can_act"] = False
    view["legal_actions"] = []
    view["current"] = 1
    page.set_viewport_size(LAPTOP)
    page.evaluate(RENDER_JS, ["frog", view, 0, names_for(5)])
    assert layout_problems(page, view, 0) == []
    mine = page.locator("section.mine").inner_text()
    assert "you sit out this deal" in mine
    assert "You deal and sit out" in mine


def test_the_lobby_counts_players_in_words(page: Page, server: LiveServer) -> None:
    games = httpx.get(f"{server.url}/api/games", timeout=30).json()
    page.goto(server.url + "/")
    page.wait_for_selector(".gamebtn")
    for game in games:
        low, high = game["min_players"], game["max_players"]
        words = f"{low} players" if low == high else f"{low}–{high} players"
        shown = page.locator(f".gamebtn[data-game='{game['id']}'] small").inner_text()
        assert shown == words, (game["id"], shown)


def test_seating_helpers(page: Page) -> None:
    result = page.evaluate(
        """async () => {
          const s = await import('/js/seating.js');
          return {
            sides: [3, 4, 5, 6].map((n) => s.ringSpots(n).map((spot) => spot.side)),
            offsets: [s.offsetOf(1, 3, 4), s.offsetOf(0, null, 5), s.offsetOf(4, 0, 5)],
            out: [s.sittingOut({sitting_out: 2}), s.sittingOut({sitting_out: [0, 3]}),
                  s.sittingOut({sitting_out: 1, sitting_out_seats: [1, 4]}),
                  s.sittingOut({sitting_out: null, sitting_out_seats: []}),
                  s.sittingOut({sitting_out: null}), s.sittingOut({})].map((x) => [...x]),
          };
        }"""
    )
    assert result["sides"] == [
        ["bottom", "left", "right"],
        ["bottom", "left", "top", "right"],
        ["bottom", "left", "top", "top", "right"],
        ["bottom", "left", "left", "top", "right", "right"],
    ]
    assert result["offsets"] == [2, 0, 4]
    assert result["out"] == [[2], [0, 3], [1, 4], [], [], []]
