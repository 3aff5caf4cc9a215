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
