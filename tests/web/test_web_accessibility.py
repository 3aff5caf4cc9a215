"""axe-core (through axe-playwright-python) on the lobby and on a table in play, on desktop and on
a phone: no serious or critical violation (labels, contrast, roles, names)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from web_helpers import DESKTOP, PHONE, LiveServer, open_table, seat_storage_script

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")


def bad_violations(page: Page) -> list[str]:
    """The serious and critical axe violations of the page, one line each."""
    results = axe_playwright.Axe().run(page)
    found: list[dict[str, Any]] = results.response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(", ".join(node["target"]) for node in v["nodes"][:4])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize(
    ("viewport", "game"), [(DESKTOP, "uno"), (PHONE, "german-solo")], ids=["desktop", "phone"]
)
def test_lobby_and_table_have_no_serious_violation(
    browser: Browser, server: LiveServer, viewport: Any, game: str
) -> None:
    bots = {1: "random", 2: "random", 3: "random"}
    table, _, tokens_ = open_table(server.url, game, {0: "ana"}, bots, players=4)
    context = browser.new_context(viewport=viewport)
    context.add_init_script(seat_storage_script(table, 0, tokens_[0]))
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".gamebtn")
    page.click(".gamebtn[data-game=uno]")
    page.click(".rules summary")
    assert bad_violations(page) == []

    page.goto(f"{server.url}/play/{table}")
    page.wait_for_function("() => document.body.dataset.canAct === '1'", timeout=20000)
    page.click(".rulespanel summary") if viewport is DESKTOP else page.click(".drawerbtn")
    assert bad_violations(page) == []
    context.close()


#: Every card face of every game, drawn into the lobby page and checked by axe at once: a wild
#: on the pile has no text of its own, so its name must come from a role that allows one.
SHED_DECKS = {
    "uno": [f"{c}{f}" for c in "RGBY" for f in (*"0123456789", "S", "R", "+2")] + ["W", "W+4"],
    "amigo-solo": [f"{c}{f}" for c in "RGBY" for f in (*"123456789", "S", "R", "+2", "X")]
    + ["W", "W+4", "WX"],
}
TRICK_DECK = [f"{rank}{suit}" for suit in "CDHS" for rank in "789TJQKA"]
DRAW_EVERY_CARD = """async (decks) => {
  const { cardEl } = await import('/js/cards.js');
  const shelf = document.createElement('section');
  shelf.setAttribute('aria-label', 'every card');
  for (const [game, cards] of Object.entries(decks)) {
    for (const card of cards) {
      shelf.append(cardEl(game, card), cardEl(game, card, { small: true, classes: ['top'] }));
    }
  }
  document.querySelector('main, body').append(shelf);
  return shelf.querySelectorAll('.card').length;
}"""


def test_every_card_face_has_a_permitted_name(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".gamebtn")
    decks = {**SHED_DECKS, "german-solo": TRICK_DECK, "frog": TRICK_DECK}
    drawn = page.evaluate(DRAW_EVERY_CARD, decks)
    assert drawn == 2 * sum(len(cards) for cards in decks.values())
    assert bad_violations(page) == []
    # the name a screen reader says is the card's words
    assert page.locator(".card[data-card='W+4']").first.get_attribute("role") == "img"
    page.close()
