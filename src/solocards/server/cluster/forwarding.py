"""Lobby requests about a table held by another process of the cluster (:mod:`.cluster`).

A request about one table (``/api/tables/{id}/...``) that arrives at a process which does not
hold the table travels to its holder through the broker, is answered there by the holder's own
application (:func:`serve_forwarded`), and the answer comes back as it was given
(:class:`ForwardTableRequests`).

The holder marks such a request with the header :data:`FORWARDED`, whose value is a key that
only its own process knows (``Cluster.forward_key``, drawn at start): the request is then
answered where it is, never forwarded again. The same header from anywhere else (a client
that sends it to skip the forwarding, which let it take a seat or start a game behind the
holder's back) is refused with 403.

>>> TABLE_PATH.match("/api/tables/abc/seats/0").group(1)
'abc'
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import logging
import re
from typing import TYPE_CHECKING, Any

import httpx
import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...i18n import _, use_language
from ..failures import STORAGE_ERRORS, one_line, storage_unavailable
from ..http.language import language_of
from .broker import Broker, BrokerUnavailable

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger(__name__)

FORWARDED = "x-solocards-forwarded"
"""The header of a lobby request forwarded by another process (never forwarded again); its
value is the forwarding key of the process that answers it."""

TABLE_PATH = re.compile(r"^/api/tables/([^/]+)(?:/.*)?$")
"""Lobby requests about one table: answered by its holder."""

LOBBY_RETRY_ERRORS: tuple[type[Exception], ...] = (BrokerUnavailable, *STORAGE_ERRORS)
"""What keeps a lobby request from reaching its table for now (it is tried again, then 503)."""


def forwarded_header(scope: Scope) -> str | None:
    """The value of the :data:`FORWARDED` header of a request, if it has one.

    >>> forwarded_header({"headers": [(b"x-solocards-forwarded", b"k1")]})
    'k1'
    >>> forwarded_header({"headers": []}) is None
    True
    """
    for name, value in scope.get("headers", []):
        if name.lower() == FORWARDED.encode():
            return bytes(value).decode("latin-1")
    return None


def is_forwarded(scope: Scope, key: str) -> bool:
    """Whether a request was forwarded by this process's own cluster code (its header holds
    ``key``, compared in constant time).

    >>> is_forwarded({"headers": [(b"x-solocards-forwarded", b"k1")]}, "k1")
    True
    >>> is_forwarded({"headers": [(b"x-solocards-forwarded", b"1")]}, "k1")
    False
    """
    value = forwarded_header(scope)
    return value is not None and hmac.compare_digest(value.encode(), key.encode())


async def serve_forwarded(app: ASGIApp, broker: Broker, request: dict[str, Any], key: str) -> None:
    """Answer a lobby request forwarded by another process with this process's ``app``
    (marked with the forwarding ``key``), and send the answer back."""
    transport = httpx.ASGITransport(app=app, client=(str(request["client"]), 0))
    headers = [
        (str(name), str(value))
        for name, value in request["headers"]
        if str(name).lower() != FORWARDED
    ]
    headers.append((FORWARDED, key))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://holder") as client:
            response = await client.request(
                str(request["method"]),
                str(request["path"]),
                params=str(request["query"]),
                headers=headers,
                content=base64.b64decode(str(request["body"])),
            )
        answer = {
            "status": response.status_code,
            "headers": list(response.headers.multi_items()),
            "body": base64.b64encode(response.content).decode("ascii"),
        }
    except Exception as failure:
        log.warning("a forwarded lobby request failed: %s", one_line(failure))
        answer = unavailable_answer(request)
    broker.reply(request, answer)


def unavailable_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The 503 for a forwarded lobby request that failed, in the language the request asked for.

    >>> answer = unavailable_answer({"query": "lang=de", "headers": []})
    >>> answer["status"], dict(answer["headers"])["retry-after"]
    (503, '1')
    >>> orjson.loads(base64.b64decode(answer["body"]))["detail"]
    'der Speicher ist nicht verfügbar; versuche es noch einmal'

    """
    asked = {
        "query_string": str(request.get("query") or "").encode("latin-1", "replace"),
        "headers": [
            (str(name).encode("latin-1", "replace"), str(value).encode("latin-1", "replace"))
            for name, value in request.get("headers") or []
        ],
    }
    with use_language(language_of(asked)):
        body = orjson.dumps({"detail": storage_unavailable()})
    return {
        "status": 503,
        "headers": [("content-type", "application/json"), ("retry-after", "1")],
        "body": base64.b64encode(body).decode("ascii"),
    }


class ForwardTableRequests:
    """ASGI middleware: a lobby request about a table held by another process goes there."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = TABLE_PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        cluster: Cluster | None = None
        if match is not None:
            cluster = getattr(scope["app"].state, "cluster", None)
        if match is None or cluster is None:
            await self.app(scope, receive, send)
            return
        if forwarded_header(scope) is not None:
            if is_forwarded(scope, cluster.forward_key):  # sent by this process: answer it
                await self.app(scope, receive, send)
            else:
                detail = _(
                    "this header is for the server's own processes: {header}", header=FORWARDED
                )
                await _answer(send, 403, {"detail": detail})
            return
        body: bytes | None = None
        answer: dict[str, Any] | None = None
        deadline = asyncio.get_running_loop().time() + cluster.settings.forward_patience
        while answer is None:
            try:
                left = deadline - asyncio.get_running_loop().time()
                holder = await cluster.locate(match.group(1), patience=max(0.0, left))
                if holder is None:
                    break
                if body is None:
                    body = await _read_body(receive)
                answer = await cluster.broker.request(
                    holder,
                    _forwarded(scope, body),
                    timeout=cluster.settings.lease_seconds,
                )
            except LOBBY_RETRY_ERRORS as problem:
                # the holder died (its lease runs out soon), Redis restarts, or the table
                # could not be read to be taken over: never "no such table" for one that is
                if asyncio.get_running_loop().time() > deadline:
                    log.warning("%s: %s", scope["path"], one_line(problem))
                    await _answer(
                        send,
                        503,
                        {"detail": _("the table cannot be reached now; try again")},
                        retry_after=max(1, round(cluster.settings.lease_seconds)),
                    )
                    return
                await asyncio.sleep(0.2)
        if answer is None:
            await self.app(scope, receive if body is None else _replay(body), send)
            return

        skip = {"transfer-encoding", "connection"}
        await send(
            {
                "type": "http.response.start",
                "status": int(answer["status"]),
                "headers": [
                    (str(name).encode("latin-1"), str(value).encode("latin-1"))
                    for name, value in answer["headers"]
                    if str(name).lower() not in skip
                ],
            }
        )
        await send({"type": "http.response.body", "body": base64.b64decode(answer["body"])})


def _forwarded(scope: Scope, body: bytes) -> dict[str, Any]:
    """A lobby request as it travels to the table's holder."""
    client = scope.get("client")
    return {
        "k": "http",
        "method": scope["method"],
        "path": scope["path"],
        "query": scope.get("query_string", b"").decode("latin-1"),
        "headers": [
            (name.decode("latin-1"), value.decode("latin-1"))
            for name, value in scope.get("headers", [])
            if name.lower() not in (b"host", b"content-length", b"connection")
        ],
        "body": base64.b64encode(body).decode("ascii"),
        "client": client[0] if client else "unknown",
    }


def _replay(body: bytes) -> Receive:
    """A ``receive`` that gives ``body`` again (it was read to be forwarded)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def _read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        event: Message = await receive()
        chunks.append(event.get("body", b""))
        if not event.get("more_body", False):
            return b"".join(chunks)


async def _answer(
    send: Send, status: int, body: dict[str, Any], retry_after: int | None = None
) -> None:
    headers = [(b"content-type", b"application/json")]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": orjson.dumps(body)})
