"""Keeping banned addresses out: an ASGI middleware in front of the whole application.

A request from a banned address that would change something (any method but ``GET``,
``HEAD`` and ``OPTIONS``) is answered 403, and its WebSocket is refused before it opens; it
may still read public pages (the lobby, replays) like anybody who is not logged in. The
moderators' own routes stay open, so that an address shared with a moderator does not lock
them out.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from ...i18n import _
from ..limits import UNKNOWN_CLIENT

READING = frozenset({"GET", "HEAD", "OPTIONS"})


def client_address(scope: Scope) -> str:
    """The address a request or WebSocket comes from, as the limits see it."""
    client = scope.get("client")
    return str(client[0]) if client else UNKNOWN_CLIENT


class BanGuard:
    """Refuse what a banned address asks to change (403) and its WebSockets."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        bans: Any = getattr(scope["app"].state, "bans", None)
        path = str(scope.get("path", ""))
        if (
            bans is None
            or path.startswith("/api/admin")
            or (scope["type"] == "http" and scope.get("method") in READING)
            or not bans.address_banned(client_address(scope))
        ):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        body = json.dumps({"detail": _("this address may not play here for now")}).encode()
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
