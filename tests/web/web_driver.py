"""A player that plays a table in the browser only by clicking, and keeps what it saw.

Every WebSocket frame the page receives is kept (``frames``), and every time it is about to
click, the page's DOM is sampled: the table version the page shows, every card face in the page
(``data-card``), and the hand. :func:`check_player` then checks both against the record of the
finished game: no hidden card of another seat, ever.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_helpers import SHOTS, Referee, tokens

BUTTONS = ".actionbar button.act:not(.callbtn), .seat .act.catch"
"""The action buttons a player may press (besides the cards in the hand and the UNO call)."""

LOOK_JS = """(buttons) => {
  const d = document.body.dataset;
  const count = (selector) => document.querySelectorAll(selector).length;
  const cards = [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card);
  const hand = [...document.querySelectorAll('.mine .hand [data-card]')].map((e) => e.dataset.card);
  return {version: d.version, seat: d.seat, status: d.status, cards, hand,
          colours: count('.modal:not(.hidden) .colourbtn'),
          targets: count('.modal:not(.hidden) .targetbtn'),
          continues: count('.modal:not(.hidden) .continue'),
          dialog: count('.modal:not(.hidden) .dialog') > 0,
          playable: count('.mine .hand .card.playable'),
          call: count('.actionbar .callbtn:not(.armed)'),
          buttons: count(buttons)};
}"""
"""What the page shows (the table version, every card face in the page, the hand) and everything
:meth:`BrowserPlayer.step` looks at before it clicks, read in one call (each call into the page
is a round trip to the browser)."""

AIM_JS = """([selector, index, corner]) => {
  let found;
  try { found = document.querySelectorAll(selector); } catch { return null; }
  const element = found[index];
  if (!element || element.disabled || !element.isConnected) return null;
  let box = element.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return null;
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
    element.scrollIntoView({block: 'nearest', inline: 'nearest'});
    box = element.getBoundingClientRect();
  }
  const x = corner ? box.left + Math.min(8, box.width / 2) : box.left + box.width / 2;
  const y = corner ? box.top + Math.min(12, box.height / 2) : box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && element.contains(hit) ? [x, y] : null;
}"""
"""Where a click on the ``index``-th match of a CSS ``selector`` lands, if the element is there,
enabled, and the topmost thing at that point (what a player's tap needs); else null."""

READY_JS = """() => {
  const d = document.body.dataset;
  if (d.status === 'finished') return true;
  if (document.querySelector('.modal:not(.hidden) .dialog')) return true;
  return d.canAct === '1';
}"""


@dataclass
class Sample:
    """What the page showed at one moment."""

    version: int
    seat: int | None
    cards: list[str]
    hand: list[str]


@dataclass
class BrowserPlayer:
    """One page seated at a table (or watching it), played by clicks."""

    page: Page
    name: str = "player"
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)
    samples: list[Sample] = field(default_factory=list)
    clicks: int = 0

    def __post_init__(self) -> None:
        self.page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    # -- looking -------------------------------------------------------------------------------

    def mark(self, key: str) -> str:
        """A value the page keeps on ``document.body.dataset``."""
        value: str = self.page.evaluate(f"() => document.body.dataset.{key} ?? ''")
        return value

    @property
    def status(self) -> str:
        """lobby, playing or finished."""
        return self.mark("status")

    @property
    def version(self) -> int:
        """The table version the page shows."""
        return int(self.mark("version") or 0)

    def sample(self) -> Sample:
        """Record what the page shows now."""
        return self._keep(self.page.evaluate(LOOK_JS, BUTTONS))

    def _keep(self, data: dict[str, Any]) -> Sample:
        """Record what :data:`LOOK_JS` read from the page."""
        seat = int(data["seat"]) if data["seat"] not in ("", None) else None
        sample = Sample(int(data["version"] or 0), seat, data["cards"], data["hand"])
        if data["status"] in ("playing", "finished"):
            self.samples.append(sample)
        return sample

    def screenshot(self, path: str) -> None:
        """Save a screenshot of the whole page."""
        self.page.screenshot(path=path, full_page=True)

    # -- playing -------------------------------------------------------------------------------

    def wait_ready(self, timeout: float = 20.0) -> None:
        """Wait until the page may act, shows a dialog, or the match is over."""
        try:
            self.page.wait_for_function(READY_JS, timeout=timeout * 1000)
        except PlaywrightTimeout:
            self.debug("not-ready")
            raise

    def debug(self, what: str) -> None:
        """Keep a screenshot and the page's state of a test that is about to fail."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"failed-{self.name}-{what}.png"), full_page=True)
        state = self.page.evaluate("() => JSON.stringify(document.body.dataset)")
        print(f"{self.name} {what}: {state}; last frames: {self.frames[-3:]}")

    def click(self, selector: str) -> bool:
        """Click the first element matching ``selector`` (or the ``>> nth=K`` one); False if
        it went away first. A card in the hand is clicked near its top left corner, as a
        player taps it: on a narrow screen the hand's cards overlap, and a card's middle lies
        under the next card.

        The mouse goes to the element at once when it is there, enabled and on top at that
        point (:data:`AIM_JS`); otherwise Playwright's click waits for it (up to 3 s). Its
        checks cost about 40 ms a click here (it waits until the element has kept its place
        over two frames), the direct click a few.
        """
        css, _, nth = selector.partition(" >> nth=")
        index = int(nth) if nth.isdigit() else 0
        corner = ".hand .card" in selector
        point = None if ">>" in css else self.page.evaluate(AIM_JS, [css, index, corner])
        if point is not None:
            self.page.mouse.click(point[0], point[1])
            self.clicks += 1
            return True
        where = {"position": {"x": 8, "y": 12}} if corner else {}
        try:
            self.page.locator(selector).first.click(timeout=3000, **where)
        except PlaywrightTimeout:
            return False
        self.clicks += 1
        return True

    def step(self, rng: random.Random, prefer: str | None = None) -> str:
        """Make one decision by clicking; returns what was clicked (or "done")."""
        self.wait_ready()
        look: dict[str, Any] = self.page.evaluate(LOOK_JS, BUTTONS)
        self._keep(look)
        if look["colours"]:
            self.click(f".modal:not(.hidden) .colourbtn >> nth={rng.randrange(look['colours'])}")
            return "colour"
        if look["targets"]:
            self.click(f".modal:not(.hidden) .targetbtn >> nth={rng.randrange(look['targets'])}")
            return "target"
        if look["continues"]:
            self.click(".modal:not(.hidden) .continue")
            return "continue"
        if look["status"] == "finished":
            return "done"
        if look["dialog"]:
            return "dialog"
        before = int(look["version"] or 0)
        page = self.page
        chosen = prefer if prefer and page.locator(prefer).count() else self._choose(rng, look)
        if chosen is None:
            time.sleep(0.05)
            return "nothing"
        if not self.click(chosen):
            return "missed"
        self._settle(before)
        return chosen

    def _choose(self, rng: random.Random, look: dict[str, Any]) -> str | None:
        """A random thing to click among what ``look`` (:data:`LOOK_JS`) counted."""
        hand: int = look["playable"]
        if look["call"] and hand:
            return ".actionbar .callbtn"
        options = [f".mine .hand .card.playable >> nth={index}" for index in range(hand)]
        options += [f"{BUTTONS} >> nth={index}" for index in range(look["buttons"])]
        if not options:
            return None
        plays = [o for o in options if ".hand" in o]
        # play a card most of the time: games end sooner
        if plays and rng.random() < 0.85:
            return rng.choice(plays)
        return rng.choice(options)

    def _settle(self, before: int) -> None:
        """Wait until the click had its effect: a new version, a dialog, or an answer."""
        with contextlib.suppress(PlaywrightTimeout):
            self.page.wait_for_function(
                """(before) => {
                  const d = document.body.dataset;
                  return Number(d.version) !== before || d.busy === '0'
                    || document.querySelector('.modal:not(.hidden) .dialog') !== null;
                }""",
                arg=before,
                timeout=10000,
            )

    def play_to_end(self, rng: random.Random, limit: int = 3000) -> int:
        """Click until the match is over; returns the number of decisions."""
        for count in range(limit):
            if self.step(rng) == "done":
                self.sample()
                return count
        raise AssertionError(f"{self.name}: the match did not end in {limit} decisions")


def table_frames(player: BrowserPlayer, table: str) -> list[dict[str, Any]]:
    """The frames of one table (a rematch has another id)."""
    return [f for f in player.frames if f.get("table", table) == table]


def check_player(player: BrowserPlayer, record: dict[str, Any], seat: int | None) -> int:
    """Check every frame and every DOM sample of ``player`` against the finished record.

    Frames: each view is the engine's view for that seat at that version, and no card hidden
    from the seat appears (the server tests' referee). DOM: no card face in the page is a card
    hidden from the seat at that moment that it never saw before; the hand shown is its hand.
    Returns the number of checks.
    """
    referee = Referee(record)
    table = record_table(player)
    frames = table_frames(player, table)
    referee.check_all(frames, seat)
    seen: list[set[str]] = []
    running: set[str] = set()
    for version, views in enumerate(referee.views):
        running = running | tokens(views[seat])
        if version in referee.round_end:
            running = running | tokens(referee.round_end[version][seat])
        seen.append(running)
    checks = len(frames)
    for sample in player.samples:
        if sample.seat != seat or sample.version > referee.final_version:
            continue
        hidden = referee.hidden[sample.version][seat]
        leaked = (set(sample.cards) & hidden) - seen[sample.version]
        where = f"{player.name} at version {sample.version}"
        assert not leaked, f"{where} showed hidden cards {sorted(leaked)}"
        unknown = set(sample.cards) - referee.deck
        assert not unknown, f"{player.name} showed cards that are no cards: {sorted(unknown)}"
        if seat is not None and sample.hand:
            expected = referee.views[sample.version][seat]["hand"]
            assert sample.hand == expected, (
                f"{player.name} showed the hand {sample.hand} at v{sample.version}, not {expected}"
            )
        checks += 1
    return checks


def record_table(player: BrowserPlayer) -> str:
    """The table id the player's first state message came from."""
    for frame in player.frames:
        if frame.get("type") in ("sync", "events", "update"):
            table: str = frame["table"]
            return table
    raise AssertionError(f"{player.name} received no state message")
