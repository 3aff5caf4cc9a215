"""Two browser contexts seated at one UNO table, playing each other by clicks only.

The deal is chosen (the server allows seeds in tests) so that the first player holds a Skip the
other one also holds: the first plays it, the second jumps in with the same card the moment it
may, then plays a Wild and names its colour in the colour dialog. They play the round out.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser
from web_driver import BrowserPlayer, check_player
from web_helpers import DESKTOP, PHONE, LiveServer, open_table, record_of, seat_storage_script

import solocards

OPTIONS: dict[str, Any] = {"jump_in": True, "rounds": 1}


def find_deal() -> tuple[int, int, str]:
    """A seed whose first player may play a Skip that the other holds too (and a Wild)."""
    game = solocards.make("uno", players=2, **OPTIONS)
    for seed in range(5000):
        state = game.match(seed=seed).state
        first = state.snapshot()["current"]
        other = 1 - first
        hand = state.view(other)["hand"]
        if "W" not in hand:
            continue
        for card in state.legal_actions(first):
            if card[1:] == "S" and card in hand:
                trial = state.clone()
                trial.apply(first, card)
                if card not in trial.legal_actions(other):
                    continue
                trial.apply(other, card)
                if "W:G" in trial.legal_actions(other):
                    return seed, first, card
    raise AssertionError("no deal with a jump-in found")


def ready(player: BrowserPlayer) -> bool:
    """Whether the page has something to do now (act, or answer a dialog)."""
    result: bool = player.page.evaluate(
        """() => document.body.dataset.status === 'finished'
             || document.body.dataset.canAct === '1'
             || document.querySelector('.modal:not(.hidden) .dialog') !== null"""
    )
    return result


def test_two_contexts_jump_in_and_wild(browser: Browser, server: LiveServer, shots: Path) -> None:
    seed, first, skip = find_deal()
    other = 1 - first
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "ana", 1: "bob"}, {}, OPTIONS, players=2, seed=seed
    )
    players: dict[int, BrowserPlayer] = {}
    contexts = []
    for seat, name in ((0, "ana"), (1, "bob")):
        context = browser.new_context(viewport=DESKTOP if seat == 0 else PHONE)
        context.add_init_script(seat_storage_script(table, seat, tokens_[seat]))
        contexts.append(context)
        page = context.new_page()
        players[seat] = BrowserPlayer(page, name)
        page.goto(f"{server.url}/play/{table}")
        page.wait_for_selector(".mine .hand .card")
    a, b = players[first], players[other]
    # the first player plays the Skip...
    a.page.wait_for_function("() => document.body.dataset.canAct === '1'")
    a.page.click(f".mine .hand .card.playable[data-card='{skip}']")
    # ...and the other jumps in with the very same card, the moment it may (lit, with no call to
    # jump in before a turn of their own: test_web_jump_in_call.py)
    b.page.wait_for_selector(f".mine .hand .card.playable[data-card='{skip}']")
    b.page.screenshot(path=str(shots / "uno-jump-in.png"), full_page=True, animations="disabled")
    b.page.click(f".mine .hand .card.playable[data-card='{skip}']")
    # then plays a Wild and names green in the colour dialog
    b.page.wait_for_function("() => document.body.dataset.canAct === '1'")
    b.page.click(".mine .hand .card.playable[data-card='W']")
    b.page.wait_for_selector(".modal:not(.hidden) .colourbtn[data-colour='G']")
    b.page.screenshot(path=str(shots / "uno-colour-choice.png"), animations="disabled")
    b.page.click(".modal:not(.hidden) .colourbtn[data-colour='G']")
    a.page.wait_for_function("() => document.body.dataset.version === '3'")
    assert a.page.locator(".fact.colour .word").inner_text() == "green"
    # both play the round out
    rng = random.Random(11)
    steps = 0
    while not all(p.status == "finished" for p in players.values()):
        moved = False
        for player in players.values():
            if player.status != "finished" and ready(player):
                player.step(rng)
                moved = True
        if not moved:
            a.page.wait_for_timeout(30)
        steps += 1
        assert steps < 3000
    record = record_of(server.url, table)
    actions = record["rounds"][0]["actions"]
    assert actions[:3] == [[first, skip], [other, skip], [other, "W:G"]]
    assert {seat for seat, _ in actions} == {0, 1}
    for seat, player in players.items():
        player.page.wait_for_selector(".modal:not(.hidden) .standings")
        assert check_player(player, record, seat) > 5
    for context in contexts:
        context.close()


def test_turn_clock_counts_down(browser: Browser, server: LiveServer) -> None:
    table, _, tokens_ = open_table(
        server.url, "frog", {0: "ana"}, {1: "random", 2: "random"}, players=3, clock=40
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_function("() => document.body.dataset.canAct === '1'")
    clock = page.locator(".mine .clock")
    clock.wait_for()
    first = int(clock.inner_text().strip("⏱ s"))
    assert 30 <= first <= 40
    page.wait_for_function(
        "(first) => Number(document.querySelector('.mine .clock')"
        ".textContent.replace(/[^0-9]/g, '')) < first",
        arg=first,
        timeout=5000,
    )
    context.close()
