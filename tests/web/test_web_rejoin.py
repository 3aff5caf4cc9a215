"""The page joins its table again by itself when the server answers ``not_joined`` (a server
process that was away forgot the page's join: the page only flashed the error, and every later
message got ``not_joined`` too); user text shows in ``<bdi>``, stripped of bidi controls."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, WebSocketRoute
from web_helpers import DESKTOP, LiveServer, open_table, seat_storage_script


def test_the_page_joins_again_on_not_joined(browser: Browser, server: LiveServer) -> None:
    table, _, tokens = open_table(
        server.url,
        "uno",
        {0: "ana"},
        {1: "heuristic"},
        {"rounds": 1, "hand_size": 5},
        players=2,
        seed=4,
    )
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(seat_storage_script(table, 0, tokens[0]))
    page = context.new_page()
    sent: list[dict[str, Any]] = []
    routes: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        upstream = route.connect_to_server()
        routes.append(route)

        def from_page(text: str | bytes) -> None:
            sent.append(json.loads(text))
            upstream.send(text)

        route.on_message(from_page)
        upstream.on_message(route.send)

    page.route_web_socket("**/ws", through)
    page.goto(f"{server.url}/play/{table}")
    page.wait_for_selector(".mine .hand .card")
    joins = [message for message in sent if message.get("type") == "join"]
    assert len(joins) == 1
    routes[0].send(json.dumps({"type": "error", "code": "not_joined", "message": "join first"}))
    deadline = time.monotonic() + 10
    while len([m for m in sent if m.get("type") == "join"]) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    again = [message for message in sent if message.get("type") == "join"][1]
    assert again["token"] == tokens[0] and again["table"] == table
    assert isinstance(again["version"], int)
    assert page.locator(".toast:has-text('join first')").count() == 0  # nothing flashed
    page.wait_for_selector(".mine .hand .card")

    page.fill(".chatinput", "\u202eevil\u200b")
    page.click(".chatform .say")
    line = page.locator(".chatline").last
    line.wait_for()
    assert line.locator("bdi.said").inner_text() == "evil"
    assert line.locator("bdi.author").inner_text() == "ana"
    assert page.locator(".seat-head .name bdi").first.inner_text() == "Bot 2"  # seats' names too
    context.close()
