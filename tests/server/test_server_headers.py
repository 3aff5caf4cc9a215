"""Security headers on every response; the API docs served from the package, no inline script."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import httpx

from solocards.server.http.app import WEB

EXPECTED = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class Scripts(HTMLParser):
    """Collects the ``<script>`` tags of a page: their ``src`` and whether they hold code."""

    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str | None] = []
        self.inline: list[str] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.sources.append(dict(attrs).get("src"))
            self._open = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open and data.strip():
            self.inline.append(data)


def scripts_of(html: str) -> Scripts:
    parser = Scripts()
    parser.feed(html)
    return parser


def assert_secured(response: httpx.Response) -> None:
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (response.url, name, response.headers)
    policy = response.headers["content-security-policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_every_kind_of_response_carries_the_headers(http: httpx.Client) -> None:
    answers = [
        http.get("/"),
        http.get("/js/app.js"),
        http.get("/api/games"),
        http.get("/openapi.json"),
        http.get("/api/tables/nope"),  # 404
        http.post("/api/tables", json={"game": 1}),  # 422
        http.post("/api/tables", content=b"{" * 70_000),  # 413
        http.get("/docs"),
    ]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 200, 404, 422, 413, 200]
    for answer in answers:
        assert_secured(answer)


def test_the_web_front_end_has_no_inline_script() -> None:
    pages = list(WEB.rglob("*.html"))
    assert pages
    for page in pages:
        found = scripts_of(page.read_text())
        assert found.inline == [], page
        assert all(source and source.startswith("/") for source in found.sources), page
        assert not re.search(r"\son[a-z]+\s*=", page.read_text()), page  # no onclick=...


def test_docs_are_served_by_this_server(http: httpx.Client) -> None:
    docs = http.get("/docs")
    assert docs.status_code == 200 and "text/html" in docs.headers["content-type"]
    found = scripts_of(docs.text)
    assert found.inline == []
    assert found.sources and all(s and s.startswith("/docs/") for s in found.sources)
    assert "//" not in "".join(re.findall(r'(?:src|href)="([^"]*)"', docs.text))  # no CDN
    for path in [*found.sources, *re.findall(r'href="(/docs/[^"]*)"', docs.text)]:
        asset = http.get(path)
        assert asset.status_code == 200, path
        assert len(asset.content) > 100
    assert http.get("/redoc").status_code == 404
    assert http.get("/openapi.json").json()["info"]["title"] == "solocards"
