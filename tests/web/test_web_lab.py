"""The lab page lists the finished reports of ``solocards lab`` and shows one, read-only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from web_helpers import LiveServer, need_chromium

from solocards.lab import build_variants, run_lab
from solocards.lab.report import write_report

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose lab folder holds one finished report, ``uno-jump-in``."""
    need_chromium()
    folder: Path = tmp_path_factory.mktemp("lab")
    variants = build_variants("uno", ["jump_in=false,true"])
    result = run_lab(
        "uno", variants, players=2, base_options={"hand_size": 2, "force_play": True}, rounds=6
    )
    write_report(
        result, folder / "lab" / "uno-jump-in", "solocards lab uno --vary jump_in=false,true"
    )
    with LiveServer(f"sqlite:///{folder / 'web.sqlite'}", lab_dir=str(folder / "lab")) as live:
        yield live


def test_the_lab_page_lists_and_shows_a_report(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/lab.html")
    link = page.locator("nav a[data-report='uno-jump-in']")
    link.wait_for()
    assert "uno, 2 players, 2 variants" in link.inner_text()
    link.click()
    page.locator("table.metrics").wait_for()
    assert "jump_in=false" in page.locator("section h1").inner_text()
    row = page.locator("tr[data-metric='round_length_decisions'] td")
    assert row.count() == 3 and "[" in row.nth(2).inner_text()
    assert page.locator("figure img").count() == 3
    page.wait_for_function(  # a function, not an expression: the page's CSP forbids eval
        "() => [...document.querySelectorAll('figure img')]"
        ".every((image) => image.complete && image.naturalWidth > 0)"
    )
    page.screenshot(path=str(shots / "lab.png"), full_page=True)
    page.goto(f"{server.url}/lab.html#nope")
    page.locator("p.error").wait_for()
    assert "no lab report named 'nope'" in page.locator("p.error").inner_text()
    assert [e for e in errors if "404" not in e] == []
    page.close()
