"""ASGI middleware of the server: a cap on request bodies, and the security headers.

``BodyLimit`` reads a request's body before the application does, up to ``max_bytes``; a
larger one (by its ``Content-Length`` or as it streams in) is answered ``413`` and never
parsed. ``SecurityHeaders`` adds to every HTTP response:

- ``Content-Security-Policy``: scripts, styles, images and connections from this server only
  (no inline script; the web front end and the ``/docs`` page load theirs as files), no
  plug-ins, no framing;
- ``X-Frame-Options: DENY`` (older browsers' form of ``frame-ancestors 'none'``);
- ``X-Content-Type-Options: nosniff``;
- ``Referrer-Policy: no-referrer`` (an invitation link holds a table id: it must not leak to
  other sites).

A header the application set itself is kept.

>>> SECURITY_HEADERS["X-Frame-Options"]
'DENY'
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response the application sends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [
            (name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(pair for pair in self.headers if pair[0] not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Answers ``413`` to a request whose body is over ``max_bytes``, before it is parsed."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def _words(self) -> str:
        size = self.max_bytes
        return f"{size // 1024} KiB" if size % 1024 == 0 else f"{size} bytes"

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"detail": f"the request body is over the limit of {self._words()}"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                declared = self.max_bytes + 1
            if declared > self.max_bytes:
                await self._refuse(send)
                return
        elif b"transfer-encoding" not in headers:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
