"""The pages work under the server's Content-Security-Policy, with no network but the server."""

from __future__ import annotations

from typing import TYPE_CHECKING

from web_helpers import LiveServer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route


def offline_page(browser: Browser, server: LiveServer) -> tuple[Page, list[str], list[str]]:
    """A page that may reach only the test server; it keeps console errors and blocked URLs."""
    page = browser.new_page()
    errors: list[str] = []
    blocked: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))

    def only_local(route: Route) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    return page, errors, blocked


def test_docs_render_offline_under_the_policy(browser: Browser, server: LiveServer) -> None:
    page, errors, blocked = offline_page(browser, server)
    try:
        page.goto(f"{server.url}/docs")
        title = page.wait_for_selector(".swagger-ui .info .title", timeout=20_000)
        assert title is not None and "solocards" in title.inner_text()
        assert page.wait_for_selector(".opblock-summary-path", timeout=20_000) is not None
        assert blocked == []
        assert [e for e in errors if "Content Security Policy" in e or "Refused" in e] == []
    finally:
        page.close()


def test_the_lobby_and_a_table_work_under_the_policy(browser: Browser, server: LiveServer) -> None:
    page, errors, blocked = offline_page(browser, server)
    try:
        page.goto(f"{server.url}/")
        page.wait_for_selector("text=Create the table", timeout=20_000)
        with page.expect_websocket(timeout=20_000) as opened:
            page.click("text=Create the table")
        socket = opened.value
        socket.wait_for_event("framereceived", timeout=20_000)
        assert not socket.is_closed()
        assert blocked == []
        assert [e for e in errors if "Content Security Policy" in e or "Refused" in e] == []
    finally:
        page.close()
