"""Motion at the table (motion.js): cards fly while the game goes on at full speed, never a
hidden face in the page or on the wire, off under ``prefers-reduced-motion`` and by the setting,
finished at once by a click."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page
from web_driver import BrowserPlayer, Sample, check_player
from web_helpers import DESKTOP, LiveServer, open_table, record_of, seat_storage_script

# Every card face that enters the page, with the table version the page showed then, and
# whether it entered as a copy in flight (the motion layer).
FACES_SCRIPT = """
window.__faces = [];
new MutationObserver((records) => {
  const version = document.body ? document.body.dataset.version : "";
  for (const record of records) for (const node of record.addedNodes) {
    if (!(node instanceof Element)) continue;
    const found = [...node.querySelectorAll('[data-card]')];
    if (node.matches('[data-card]')) found.push(node);
    for (const el of found) {
      window.__faces.push([version, el.dataset.card, el.closest('.motion-layer') !== null]);
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


# A stand-in for WebAudio that counts the tones the page starts (two notes a tone).
TONES_SCRIPT = """
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    window.__tones += 0.5;
    return { frequency: {}, connect: (next) => next, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n };
  }
};
"""


AFTER_THE_CLICK_JS = """() => document.addEventListener('pointerdown', () => {
  window.__afterClick = {running: window.solocards.motion.running.size,
                         flying: document.querySelectorAll('.motion-layer > *').length};
}, {capture: true, once: true})"""
"""Note what is in flight right after the page's own handlers of the next click."""


def flights(page: Page) -> int:
    """How many flights the table's motion began so far."""
    count: int = page.evaluate("() => window.solocards.motion.started")
    return count


def faces_as_samples(page: Page, seat: int) -> tuple[list[Sample], int]:
    """Every face that entered the page as DOM samples of ``seat``; how many were in flight."""
    faces: list[list[object]] = page.evaluate("() => window.__faces")
    samples = [Sample(int(str(v)), seat, [str(card)], []) for v, card, _ in faces if v]
    return samples, sum(1 for v, _, flying in faces if v and flying)


@pytest.mark.parametrize(
    ("game", "options"),
    [("amigo-solo", {"start_total": 10, "hand_size": 5}), ("frog", {"deals": 3})],
)
def test_cards_fly_and_no_hidden_face_enters_the_page(
    browser: Browser, server: LiveServer, game: str, options: dict[str, int]
) -> None:
    table, _, tokens_ = open_table(
        server.url, game, {0: "ana"}, {1: "heuristic", 2: "heuristic"}, options, 3, seed=4
    )  # (random bots put no bound on a round's length: 9 to 36 s from run to run)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    context.add_init_script(FACES_SCRIPT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    rng = random.Random(5)
    decisions = 0
    while player.step(rng) != "done":
        decisions += 1
        assert decisions < 2000
    assert flights(page) > 0
    samples, flying = faces_as_samples(page, 0)
    assert samples
    if game == "frog":  # gathered tricks fly as copies of their (public) faces
        assert flying > 0
    player.samples.extend(samples)
    record = record_of(server.url, table)
    assert check_player(player, record, 0) > len(samples)
    assert not errors, errors
    context.close()


def steps(player: BrowserPlayer, rng: random.Random, count: int) -> None:
    """Make ``count`` decisions, then answer the dialog the last one may have opened (the
    colour of a wild, a round's summary): the top bar's switches lie under an open dialog."""
    for _ in range(count):
        player.step(rng)
    for _ in range(20):
        if not player.page.locator(".modal:not(.hidden)").count():
            return
        player.step(rng)
    raise AssertionError("a dialog stayed open over the table")


def test_reduced_motion_and_the_setting_stop_it_and_a_click_skips_it(
    browser: Browser, server: LiveServer
) -> None:
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana"}, {1: "random"}, {"target_score": 500}, players=2
    )
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    context.add_init_script(TONES_SCRIPT)
    page = context.new_page()
    player = BrowserPlayer(page, "ana")
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    rng = random.Random(2)
    start = player.version
    steps(player, rng, 6)
    assert player.version > start + 3  # the game went on
    assert flights(page) == 0
    # the turn sound is off unless asked for; once on, a turn of this seat sounds it
    assert page.locator(".soundtoggle").get_attribute("aria-pressed") == "false"
    assert page.evaluate("() => window.__tones") == 0
    page.click(".soundtoggle")
    assert page.locator(".soundtoggle").get_attribute("aria-pressed") == "true"
    tones = page.evaluate("() => window.__tones")  # the switch plays one as a sample
    for _ in range(6):
        player.step(rng)
    assert page.evaluate("() => window.__tones") > tones

    page.emulate_media(reduced_motion="no-preference")
    moved = False
    for _ in range(20):
        player.step(rng)
        if flights(page) > 0:
            moved = True
            break
    assert moved, "nothing moved without the reduced-motion wish"

    # a click finishes what is flying at once
    skipped = False
    for _ in range(30):
        player.step(rng)
        if page.evaluate("() => window.solocards.motion.running.size > 0"):
            # what is in flight just after the click's own handlers ran (a listener added after
            # the page's runs after it): the bots move at once, and the next update may start
            # new flights before a later look
            page.evaluate(AFTER_THE_CLICK_JS)
            page.mouse.click(5, 5)
            after = page.evaluate("() => window.__afterClick")
            assert after == {"running": 0, "flying": 0}, after
            skipped = True
            break
    assert skipped, "nothing was in flight after a move"

    # the setting: motion off, and nothing more moves
    steps(player, rng, 0)
    page.click(".motiontoggle")
    assert page.locator(".motiontoggle").get_attribute("aria-pressed") == "false"
    before = flights(page)
    for _ in range(6):
        player.step(rng)
    assert flights(page) == before
    context.close()
