"""Per-address budgets of the table reads that cost the server work: replays, and look-ups of
tables that do not exist.

A replay step (``GET /api/tables/{id}/replay``) replays a whole record: 6,437 of them in 20 s
from one address slowed every other table (ping p50 0.7 to 33 ms). A request about a table id
that does not exist costs a database read each: 50,000 of them were all answered. Each
address has a budget of each (:attr:`~.limits.ClientLimits.replays` and
:attr:`~.limits.ClientLimits.unknown_tables`, counted in Redis by every process of a cluster):

- a replay request spends a replay token before it is answered;
- an answer ``404`` about a table spends a token of the other budget; an address whose budget
  is spent is answered ``429`` (with ``Retry-After``) for table ids it asks about, until a
  token is back, without a look-up.

A request another process of the cluster forwarded here was counted where it arrived.

>>> ReadKind.of("/api/tables/abc/replay"), ReadKind.of("/api/tables/abc"), ReadKind.of("/api")
(<ReadKind.REPLAY: 'replay'>, <ReadKind.TABLE: 'table'>, None)
"""

from __future__ import annotations

import enum
import re
import time
from collections.abc import Callable

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...i18n import _
from ..cluster.forwarding import is_forwarded
from ..limits import UNKNOWN_CLIENT, ClientLimits, retry_seconds

TABLE_READ = re.compile(r"^/api/tables/[^/]+(/replay)?(?:/.*)?$")


class ReadKind(enum.Enum):
    """What a request reads: a replay step, or anything else about one table."""

    REPLAY = "replay"
    TABLE = "table"

    @classmethod
    def of(cls, path: str) -> ReadKind | None:
        """The kind of ``path`` (``None``: not about one table)."""
        match = TABLE_READ.match(path)
        if match is None:
            return None
        return cls.REPLAY if match.group(1) else cls.TABLE


class TableReadLimits:
    """ASGI middleware: the replay budget and the unknown-table budget of each address."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._spent_until: dict[str, float] = {}  # address -> when its next miss may be tried

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = ReadKind.of(scope.get("path", "")) if scope["type"] == "http" else None
        state = scope["app"].state if kind is not None else None
        limits: ClientLimits | None = getattr(state, "limits", None)
        if kind is None or limits is None or self._forwarded(scope):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else UNKNOWN_CLIENT
        now = time.monotonic()
        until = self._spent_until.get(address)
        if until is not None and now < until:  # its look-ups of unknown tables are spent
            await _refuse(send, until - now, _unknown_refusal)
            return
        self._spent_until.pop(address, None)
        if kind is ReadKind.REPLAY:
            wait = await limits.replays.spend(address)
            if wait is not None:
                await _refuse(send, wait, _replay_refusal)
                return
        await self.app(scope, receive, self._counting(send, limits, address))

    def _counting(self, send: Send, limits: ClientLimits, address: str) -> Send:
        """``send``, which spends an unknown-table token on a 404 (a 429 once they are gone)."""
        refused = False

        async def counted(message: Message) -> None:
            nonlocal refused
            if message["type"] == "http.response.start" and message["status"] == 404:
                wait = await limits.unknown_tables.spend(address)
                if wait is not None:
                    self._spent_until[address] = time.monotonic() + wait
                    if len(self._spent_until) > limits.unknown_tables.max_clients:
                        self._spent_until.pop(next(iter(self._spent_until)))
                    refused = True
                    await _refuse(send, wait, _unknown_refusal)
                    return
            if refused:  # the 404's body: the 429 was sent instead
                return
            await send(message)

        return counted

    @staticmethod
    def _forwarded(scope: Scope) -> bool:
        cluster = getattr(scope["app"].state, "cluster", None)
        return cluster is not None and is_forwarded(scope, cluster.forward_key)


def _replay_refusal(seconds: int) -> str:
    return _(
        "too many replay requests from your address; try again in {seconds} s", seconds=seconds
    )


def _unknown_refusal(seconds: int) -> str:
    return _(
        "too many look-ups of unknown tables from your address; try again in {seconds} s",
        seconds=seconds,
    )


async def _refuse(send: Send, wait: float, refusal: Callable[[int], str]) -> None:
    """Answer ``429`` with ``Retry-After`` and the refusal's words (in the request's language)."""
    seconds = retry_seconds(wait)
    body = orjson.dumps({"detail": refusal(seconds)})
    headers = [
        (b"content-type", b"application/json"),
        (b"retry-after", str(seconds).encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})
