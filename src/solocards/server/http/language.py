"""The language of each request: ``?lang=`` first, then the ``Accept-Language`` header.

:class:`RequestLanguage` is ASGI middleware: an HTTP request or a WebSocket connection runs in
the language it asked for (:func:`solocards.i18n.use_language`), so every message the server
writes with ``_`` (REST errors, the lobby's option descriptions) reads in that language. A
WebSocket connection starts in the language of its handshake and may change it with the
``lang`` of its ``join`` message; what a table sends to many clients at once is rendered for
each connection in its own language (see :mod:`..live.table`).

>>> language_of({"query_string": b"lang=uk", "headers": []})
'uk'
>>> language_of({"query_string": b"", "headers": [(b"accept-language", b"ru-RU,ru;q=0.9")]})
'ru'
>>> language_of({"query_string": b"lang=xx", "headers": []})
'en'
"""

from __future__ import annotations

from urllib.parse import parse_qs

from ...i18n import DEFAULT_LANGUAGE, negotiate, normalise, use_language
from .middleware import ASGIApp, Receive, Scope, Send


def language_of(scope: Scope) -> str:
    """The language a request asks for: a supported ``?lang=``, else ``Accept-Language``."""
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
    for asked in query.get("lang", []):
        chosen = normalise(asked)
        if chosen is not None:
            return chosen
    header = b""
    for name, value in scope.get("headers") or []:
        if bytes(name).lower() == b"accept-language":
            header = bytes(value)
            break
    return negotiate(header.decode("latin-1"), DEFAULT_LANGUAGE)


class RequestLanguage:
    """Run each HTTP request and WebSocket connection in the language it asked for."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with use_language(language_of(scope)):
            await self.app(scope, receive, send)


__all__ = ["RequestLanguage", "language_of"]
