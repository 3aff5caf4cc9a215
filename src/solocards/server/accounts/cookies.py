"""The session cookie, its CSRF token, and the middleware that refuses a forged request.

A logged-in browser holds two cookies, both ``SameSite=Lax``, ``path=/``, and ``Secure``
unless the server's ``secure_cookies`` is off:

- ``solocards_session``: the session token (``HttpOnly``: no script can read it). The server
  stores only its SHA-256.
- ``solocards_csrf``: the session's CSRF token, derived from the session token
  (HMAC-SHA256), readable by the page's script. Knowing it tells nothing about the session
  token.

Every state-changing request (any method but GET, HEAD and OPTIONS) that carries the session
cookie must repeat the CSRF token in the ``X-CSRF-Token`` header, or it is refused with 403
before anything runs: another site can make a browser send the cookie, but cannot read the
CSRF cookie to put its value in a header. Requests without the session cookie (Bearer seat and
owner tokens, guests, programs) are not affected.

>>> token = "a-session-token"
>>> csrf_token(token) == csrf_token(token) != csrf_token("another")
True
>>> csrf_problem({"method": "POST", "headers": [(b"cookie", b"solocards_session=x")]})
'this request needs the X-CSRF-Token header of your session'
>>> csrf_problem({"method": "GET", "headers": [(b"cookie", b"solocards_session=x")]}) is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
from http.cookies import CookieError, SimpleCookie

from fastapi import Response

from ...i18n import _
from ..http.middleware import ASGIApp, Receive, Scope, Send

SESSION_COOKIE = "solocards_session"
CSRF_COOKIE = "solocards_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))


def csrf_token(session_token: str) -> str:
    """The CSRF token of the session whose token is ``session_token``."""
    digest = hmac.new(session_token.encode("utf-8"), b"solocards csrf", hashlib.sha256)
    return digest.hexdigest()


def cookies_of(scope: Scope) -> dict[str, str]:
    """The cookies of a request (an unreadable ``Cookie`` header counts as none).

    >>> cookies_of({"headers": [(b"cookie", b"a=1; solocards_session=xyz")]})
    {'a': '1', 'solocards_session': 'xyz'}
    """
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers") or []:
        if bytes(name).lower() == b"cookie":
            try:
                jar.load(bytes(value).decode("latin-1"))
            except CookieError:
                continue
    return {key: morsel.value for key, morsel in jar.items()}


def _header(scope: Scope, wanted: bytes) -> str | None:
    for name, value in scope.get("headers") or []:
        if bytes(name).lower() == wanted:
            return bytes(value).decode("latin-1")
    return None


def csrf_problem(scope: Scope) -> str | None:
    """Why the request must be refused as a possible forgery, or ``None``."""
    if scope.get("method", "GET") in SAFE_METHODS:
        return None
    session = cookies_of(scope).get(SESSION_COOKIE)
    if not session:
        return None
    given = _header(scope, CSRF_HEADER.encode())
    if given is None or not hmac.compare_digest(given.encode(), csrf_token(session).encode()):
        return _("this request needs the X-CSRF-Token header of your session")
    return None


class CsrfGuard:
    """ASGI middleware: a state-changing request with the session cookie and without its CSRF
    token is answered 403 (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = csrf_problem(scope) if scope["type"] == "http" else None
        if problem is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps({"detail": problem}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def set_session_cookies(response: Response, token: str, max_age: int, secure: bool) -> None:
    """Give the browser the session cookie and its CSRF cookie, both for ``max_age`` seconds."""
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=max_age,
        path="/",
        secure=secure,
        httponly=True,
        samesite="lax",
    )
    response.set_cookie(
        CSRF_COOKIE,
        csrf_token(token),
        max_age=max_age,
        path="/",
        secure=secure,
        httponly=False,
        samesite="lax",
    )


def clear_session_cookies(response: Response, secure: bool) -> None:
    """Make the browser forget both cookies."""
    for name, httponly in ((SESSION_COOKIE, True), (CSRF_COOKIE, False)):
        response.delete_cookie(name, path="/", secure=secure, httponly=httponly, samesite="lax")
