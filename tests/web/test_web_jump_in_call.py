"""The call to jump in comes only when it helps, and as an offer, not an alarm.

Two people at a 2-player UNO table with jump-ins, each in a browser context of their own. A
player who may jump in before their first own turn of the round sees the card lit like any
playable card and the prompt saying whose turn it is: no "Jump in!" banner before they have
played at all. Once they have had a turn, the banner comes, in the accent colour, framed, still
(no pulsing, no red), and it fits the screen beside the lit card, at 1280x800 and 390x844.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from web_helpers import LiveServer, open_table, seat_storage_script

import solocards

OPTIONS: dict[str, Any] = {"jump_in": True, "rounds": 1}
SIZES: list[ViewportSize] = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
ALARM_RED = "rgb(179, 38, 30)"


def is_number(card: str) -> bool:
    return card[:1] in "RYGB" and card[1:].isdigit()


def deal_before_first_turn() -> tuple[int, int, str]:
    """A seed whose first player may play a Skip or Reverse that the other holds too: (seed,
    first, card). The other may jump in with it before their own first turn."""
    game = solocards.make("uno", players=2, **OPTIONS)
    for seed in range(5000):
        state = game.match(seed=seed).state
        first = state.snapshot()["current"]
        for card in state.legal_actions(first):
            if card[1:] in ("S", "R") and card in state.view(1 - first)["hand"]:
                trial = state.clone()
                trial.apply(first, card)
                if card in trial.legal_actions(1 - first):
                    return seed, first, card
    raise AssertionError("no deal found")


def deal_after_first_turn() -> tuple[int, int, str, str]:
    """A seed whose first player plays a number card, then the other a Skip or Reverse that the
    first holds too: (seed, first, number, card). The first may jump in after a turn of theirs."""
    game = solocards.make("uno", players=2, **OPTIONS)
    for seed in range(5000):
        state = game.match(seed=seed).state
        first = state.snapshot()["current"]
        other = 1 - first
        for number in filter(is_number, state.legal_actions(first)):
            after = state.clone()
            after.apply(first, number)
            if after.to_act != [other]:
                continue
            for card in after.legal_actions(other):
                if card[1:] in ("S", "R") and card in after.view(first)["hand"]:
                    trial = after.clone()
                    trial.apply(other, card)
                    if card in trial.legal_actions(first):
                        return seed, first, number, card
    raise AssertionError("no deal found")


def seat_pages(
    browser: Browser, server: LiveServer, seed: int, size: ViewportSize
) -> tuple[dict[int, Page], list[Any]]:
    """Both seats of a new 2-player table, each in its own context at ``size``."""
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana", 1: "bob"}, {}, OPTIONS, players=2, seed=seed
    )
    pages: dict[int, Page] = {}
    contexts = []
    for seat in (0, 1):
        context = browser.new_context(viewport=size)
        context.add_init_script(seat_storage_script(table, seat, tokens_[seat]))
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{server.url}/play/{table}?lang=en")
        page.wait_for_selector(".mine .hand .card")
        pages[seat] = page
    return pages, contexts


def play(page: Page, card: str) -> None:
    page.wait_for_function("() => document.body.dataset.canAct === '1'")
    page.click(f".mine .hand .card.playable[data-card='{card}']")


MEASURE = """() => {
  const prompt = document.querySelector('.prompt');
  const style = getComputedStyle(prompt);
  const r = prompt.getBoundingClientRect();
  return {text: prompt.innerText, classes: [...prompt.classList],
          background: style.backgroundColor, animation: style.animationName,
          left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          width: document.documentElement.clientWidth,
          scroll: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_no_call_to_jump_in_before_the_first_own_turn(
    browser: Browser, server: LiveServer, size: ViewportSize
) -> None:
    seed, first, card = deal_before_first_turn()
    pages, contexts = seat_pages(browser, server, seed, size)
    try:
        play(pages[first], card)
        other = pages[1 - first]
        other.wait_for_selector(f".mine .hand .card.playable[data-card='{card}']")
        other.wait_for_function("() => document.body.dataset.version === '1'")
        shown = other.evaluate(MEASURE)
        assert "jumpin" not in shown["classes"] and "alert" not in shown["classes"]
        assert "Jump in" not in shown["text"]
        assert other.locator(".mine .hand.jump").count() == 0
        # the jump-in itself is still there: the lit card plays out of turn
        other.click(f".mine .hand .card.playable[data-card='{card}']")
        other.wait_for_function("() => document.body.dataset.version === '2'")
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_call_to_jump_in_is_a_calm_offer_after_a_turn(
    browser: Browser, server: LiveServer, size: ViewportSize
) -> None:
    seed, first, number, card = deal_after_first_turn()
    pages, contexts = seat_pages(browser, server, seed, size)
    try:
        play(pages[first], number)
        play(pages[1 - first], card)
        me = pages[first]
        me.wait_for_selector(".prompt.jumpin")
        me.wait_for_selector(f".mine .hand.jump .card.playable[data-card='{card}']")
        shown = me.evaluate(MEASURE)
        assert shown["text"] == "Jump in! You hold the very same card."
        assert shown["animation"] == "none"
        assert shown["background"] != ALARM_RED
        assert shown["left"] >= 0 and shown["right"] <= shown["width"]
        assert shown["scroll"] <= shown["width"]
        assert shown["bottom"] - shown["top"] < 80  # one calm line or two, not a block
        lit = me.locator(f".mine .hand .card.playable[data-card='{card}']").bounding_box()
        assert lit is not None and lit["x"] >= 0 and lit["x"] + lit["width"] <= size["width"]
    finally:
        for context in contexts:
            context.close()
