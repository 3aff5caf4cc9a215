"""The cards of the trick games in the browser: rank letters and card names in the page's
language (issue 19), as the engines' own words give them; the notation (data-card) unchanged."""

from __future__ import annotations

from playwright.sync_api import Browser
from web_helpers import LiveServer

import solocards
from solocards.i18n import render

#: The displayed letters of Jack, Queen, King, Ace in each language.
LETTERS = {"en": "JQKA", "de": "BDKA", "uk": "ВДКТ", "ru": "ВДКТ", "be": "ВДКТ"}
CARDS = ["JC", "QD", "KH", "AS", "TH"]

SHOWN = """async (cards) => {
  const words = await import('/js/words.js');
  const faces = await import('/js/cards.js');
  const face = (game, card) => {
    const el = faces.cardEl(game, card);
    return [el.querySelector('.corner b').textContent, el.getAttribute('aria-label'),
      el.dataset.card];
  };
  return {
    frog: cards.map((card) => face('frog', card)),
    german: ['QC', 'QS', 'KH'].map((card) => face('german-solo', card)),
  };
}"""


def test_trick_cards_read_in_the_language_of_the_page(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page()
    german = solocards.make("german-solo")
    for lang, (jack, queen, king, ace) in LETTERS.items():
        page.goto(f"{server.url}/?lang={lang}")
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        page.wait_for_selector(".gamebtn")  # drawn: every game's module is loaded too
        shown = page.evaluate(SHOWN, CARDS)
        letters = [jack, queen, king, ace, "10"]
        symbols = ["♣", "♦", "♥", "♠", "♥"]
        want = [[r, f"{r}{s}", card] for r, s, card in zip(letters, symbols, CARDS, strict=True)]
        assert shown["frog"] == want, lang
        # German Solo's black queens by their names, as the engine's catalog says them
        labels = [label for _face, label, _card in shown["german"]]
        assert labels == [render(german.action_message(c), lang) for c in ("QC", "QS", "KH")]
        assert shown["german"][2][0] == king
    page.close()
