"""Issue 19: the server's words name a player by a language-neutral token ({seat:N}) that the
page fills with the player's name, so a log line, a card's title and the round summary name
the player in German too (no "Platz 1" where a name is known); the rules panel names options
and their choices in German. All with the package's own German catalogs."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from web_helpers import DESKTOP, LiveServer, open_table, seat_storage_script

import solocards
from solocards.core.match import Match

OPTIONS = {"seven_zero": True}


def seed_with_a_seven_swap() -> tuple[int, str]:
    """A seed whose first move is Ann's, with a 7 to play that swaps hands with Bob."""
    game = solocards.make("uno", 2, **OPTIONS)
    for seed in range(500):
        match = Match(game, seed=seed, names=["Ann", "Bob"])
        if match.to_act != [0]:
            continue
        sevens = [a for a in match.state.legal_actions(0) if a.endswith(">1") and a[1] == "7"]
        if sevens and not any(
            a.startswith(sevens[0][:2]) and a != sevens[0] for a in match.state.legal_actions(0)
        ):
            return seed, sevens[0]
    pytest.fail("no seed deals Ann a 7 to play first")


def test_german_words_name_the_player(browser: Browser, server: LiveServer) -> None:
    seed, seven = seed_with_a_seven_swap()
    card = seven[:2]
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "Ann", 1: "Bob"}, {}, OPTIONS, players=2, seed=seed
    )
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce", locale="de-DE")
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}?lang=de")
    button = page.locator(f".mine .hand button[data-card='{card}']").first
    button.wait_for()
    title = button.get_attribute("title") or ""
    assert "Bob" in title and "Platz" not in title, title
    assert "tauscht" in title, title  # the German words, not the English ones
    # the rules panel names the options and their coded choices in German
    page.click(".rulespanel summary")
    row = page.locator(".rulespanel li[data-option=seven_zero_target]")
    row.wait_for()
    assert "Mit wem die Sieben tauscht: der Spieler wählt" in row.inner_text(), row.inner_text()
    assert "Sieben tauscht, Null gibt weiter" in page.locator(".rulespanel").inner_text()
    button.click()
    page.wait_for_function(
        "() => document.querySelector('.logpanel .log')?.innerText.includes('tauscht')"
    )
    line = [x for x in page.locator(".logpanel .log li").all_inner_texts() if "tauscht" in x]
    assert line and line[-1].startswith("Ann") and "Bob" in line[-1], line
    assert "Platz" not in line[-1] and "{seat" not in line[-1], line
    context.close()


def seed_with_one_card_to_go_out() -> int:
    """A seed of a one-card UNO deal whose first move is Ann's playing it (a coloured card:
    one click)."""
    game = solocards.make("uno", 2, **SHORT)
    for seed in range(500):
        match = Match(game, seed=seed, names=["Ann", "Bob"])
        legal = match.state.legal_actions(0) if match.to_act == [0] else []
        if any(action[0] in "RYGB" and ":" not in action and ">" not in action for action in legal):
            return seed
    pytest.fail("no seed lets Ann go out at once")


SHORT = {"hand_size": 1, "target_score": 1}


def test_the_german_summary_is_the_servers_with_the_players_named(
    browser: Browser, server: LiveServer
) -> None:
    """The end of the match shows the game's own summary, in German, naming Ann."""
    seed = seed_with_one_card_to_go_out()
    table, _, tokens_ = open_table(
        server.url, "uno", {0: "Ann", 1: "Bob"}, {}, SHORT, players=2, seed=seed
    )
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce", locale="de-DE")
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}?lang=de")
    page.locator(".mine .hand button[data-card]").first.click()
    dialog = page.locator(".modal:not(.hidden) .dialog")
    dialog.wait_for()
    page.wait_for_function(
        "() => document.querySelector('.modal:not(.hidden) .dialog')?.innerText.includes('Punkte')"
    )
    text = dialog.inner_text()
    assert "Ann ist ausgegangen:" in text, text  # the engine's line, translated
    assert "{seat" not in text and "Platz" not in text, text
    page.reload()  # a finished table loaded afresh: the same summary, from the sync
    page.wait_for_function(
        "() => document.querySelector('.modal:not(.hidden) .dialog')?.innerText.includes('Ann ist')"
    )
    context.close()
