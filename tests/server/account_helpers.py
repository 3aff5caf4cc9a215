"""Helpers of the account tests: a browser-like HTTP client that keeps its cookies and sends
the CSRF token of its session with every state-changing request, as the web page does."""

from __future__ import annotations

from typing import Any

import httpx

PASSWORD = "correct horse battery"


class Browser(httpx.Client):
    """An HTTP client with a cookie jar that repeats the ``solocards_csrf`` cookie in the
    ``X-CSRF-Token`` header (:meth:`forge` leaves it out, as another site's form would).

    The server runs with ``secure_cookies=False`` for it: a cookie jar never sends a
    ``Secure`` cookie over plain http.
    """

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url=base_url, timeout=20.0)
        self.csrf = True

    def request(self, method: str, url: Any, **kwargs: Any) -> httpx.Response:  # type: ignore[override]
        headers = dict(kwargs.pop("headers", None) or {})
        token = self.cookies.get("solocards_csrf")
        if self.csrf and token and method.upper() not in ("GET", "HEAD", "OPTIONS"):
            headers.setdefault("X-CSRF-Token", token)
        return super().request(method, url, headers=headers, **kwargs)

    def forge(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        """A request with the cookies but without the CSRF header (unless given)."""
        self.csrf = False
        try:
            return self.request(method, url, **kwargs)
        finally:
            self.csrf = True

    def sign_up(self, name: str, password: str = PASSWORD, **body: Any) -> httpx.Response:
        """``POST /api/account``."""
        return self.post("/api/account", json={"name": name, "password": password, **body})

    def log_in(
        self,
        name: str,
        password: str = PASSWORD,
        headers: dict[str, str] | None = None,
        **body: Any,
    ) -> httpx.Response:
        """``POST /api/account/login``."""
        sent = {"name": name, "password": password, **body}
        return self.post("/api/account/login", json=sent, headers=headers)

    def who(self) -> str | None:
        """The name of the account logged in, or ``None``."""
        answer = self.get("/api/account")
        assert answer.status_code == 200, answer.text
        account = answer.json()["account"]
        return None if account is None else str(account["name"])
