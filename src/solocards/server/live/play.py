"""The play endpoint: one WebSocket per client at ``/ws`` (the protocol is in ``protocol.py``).

Every bad message gets an ``error`` on the same connection, which stays open: malformed JSON,
an unknown table, a wrong token, a stale version, an action out of turn or illegal, a message
over the size limit, a binary frame, too many messages, a seat that changed hands since the
client joined, a database that failed. Nothing of it reaches a table.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ...i18n import _, use_language
from ..config import Settings
from ..failures import STORAGE_ERRORS, one_line, storage_unavailable
from ..limits import ClientLimits, retry_seconds
from ..names import named_alike
from .chatlimits import check_address_chat, check_table_chat, check_watchers
from .connection import Connection
from .protocol import Act, Chat, Join, Message, ProtocolError, Simple, Why, error, parse
from .tables import TableManager
from .why import why

if TYPE_CHECKING:
    from ..cluster.cluster import Cluster

log = logging.getLogger(__name__)

CLUSTER_ERRORS: tuple[type[Exception], ...] = (*STORAGE_ERRORS, ConnectionError)
"""What a failed database read, or a broker that cannot be reached, raises for a message."""

router = APIRouter(tags=["play"])


@router.websocket("/ws")
async def play(websocket: WebSocket) -> None:
    """Serve one client until it goes away."""
    settings: Settings = websocket.app.state.settings
    manager: TableManager = websocket.app.state.manager
    limits: ClientLimits = websocket.app.state.limits
    cluster: Cluster | None = getattr(websocket.app.state, "cluster", None)
    await websocket.accept()
    conn = Connection(websocket, settings)
    conn.start()
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            with use_language(conn.lang):
                await receive_one(conn, manager, limits, cluster, frame)
    except WebSocketDisconnect:
        pass
    finally:
        table = conn.table
        if table is not None:
            await table.leave(conn)
            manager.forget_if_idle(table)
        if cluster is not None:
            await cluster.disconnected(conn)
        await conn.stop()


async def receive_one(
    conn: Connection,
    manager: TableManager,
    limits: ClientLimits,
    cluster: Cluster | None,
    frame: Mapping[str, Any],
) -> None:
    """Handle one frame in the connection's language (a join's ``lang`` for the join)."""
    settings = conn.settings
    if not conn.bucket.take():
        conn.send(error("rate_limited", _("too many messages; slow down")))
        return
    text = frame.get("text")
    if text is None:
        conn.send(error("binary", _("send JSON as text frames")))
        return
    if len(text) > settings.max_message_bytes or (
        len(text.encode("utf-8")) > settings.max_message_bytes
    ):
        conn.send(
            error(
                "too_large",
                _("messages are at most {limit} bytes", limit=settings.max_message_bytes),
            )
        )
        return
    try:
        message = parse(text)
        with use_language((message.lang if isinstance(message, Join) else None) or conn.lang):
            if isinstance(message, Join):
                await check_join_budget(conn, limits)
            elif isinstance(message, Simple) and message.type == "hint":
                await check_hint_budget(conn, limits)
            elif isinstance(message, Chat):
                await check_address_chat(conn, limits)
            if cluster is not None and await cluster.handle(conn, message, text):
                return  # the table is held by another process: forwarded there
            await handle(conn, manager, message)
    except ProtocolError as problem:
        conn.send(problem.message())
    except CLUSTER_ERRORS as failure:  # a read for a join: the connection stays open
        log.warning("a request could not be served: %s", one_line(failure))
        conn.send(error("storage", storage_unavailable()))


async def check_join_budget(conn: Connection, limits: ClientLimits) -> None:
    """Spend a join of the connection's budget and of its address's, or refuse the join.

    Every join makes the server look a table up and send a full state; a client that joins
    over and over gets ``rate_limited`` (with ``retry_after`` seconds) and stays where it was.
    """
    wait = None if conn.joins.take() else conn.joins.retry_after()
    if wait is None:
        wait = await limits.joins.spend(conn.address)
    if wait is not None:
        seconds = retry_seconds(wait)
        raise ProtocolError(
            "rate_limited",
            _("too many joins; try again in {seconds} s", seconds=seconds),
            retry_after=seconds,
        )


async def check_hint_budget(conn: Connection, limits: ClientLimits) -> None:
    """Spend a hint of the address's budget (all its tables together), or refuse the hint.

    A hint is a search in a worker process: an address that asks for more than its budget
    gets ``rate_limited`` (with ``retry_after`` seconds), whichever table it asks at.
    """
    wait = await limits.hints.spend(conn.address)
    if wait is not None:
        seconds = retry_seconds(wait)
        raise ProtocolError(
            "rate_limited",
            _("too many hints from your address; try again in {seconds} s", seconds=seconds),
            retry_after=seconds,
        )


async def handle(conn: Connection, manager: TableManager, message: Message) -> None:
    """Do what one parsed message asks."""
    if isinstance(message, Join):
        table = await manager.get(message.table)
        if table is None:
            raise ProtocolError(
                "unknown_table", _("there is no table {table}", table=repr(message.table))
            )
        # check the token before leaving the current table, so a bad join changes nothing
        if message.token is not None and table.seat_of(message.token) is None:
            raise ProtocolError(
                "bad_token", _("this token holds no seat at table {table}", table=table.id)
            )
        seat_names = [seat.name for seat in table.seats]
        if (
            message.token is None
            and message.name
            and named_alike(message.name, seat_names) is not None
        ):
            raise ProtocolError(
                "bad_message",
                _(
                    "{name} is a player's name at this table; choose another",
                    name=repr(message.name),
                ),
            )
        bans = manager.bans
        if message.token is None and bans is not None and bans.name_banned(message.name):
            raise ProtocolError(
                "bad_message",
                _("the name {name} may not be used here for now", name=repr(message.name)),
            )
        if message.token is None:
            check_watchers(table, conn)
        if message.lang is not None:
            conn.lang = message.lang
        previous = conn.table
        if previous is not None:
            await previous.leave(conn)
            if previous is not table:
                manager.forget_if_idle(previous)
        conn.watcher_name = message.name
        await table.join(conn, message.token, message.version)
        held = manager.keep_joined(table)
        if held is not table:  # forgotten while the join waited, and read back since
            await table.leave(conn)
            await held.join(conn, message.token, message.version)
        return
    if isinstance(message, Chat):
        if conn.table is None:
            raise ProtocolError(
                "not_joined", _("join a table first: {example}", example="{'type': 'join', ...}")
            )
        if conn.chat_bucket.retry_after() == 0:  # a line its own budget refuses costs nothing
            check_table_chat(conn.table)
        conn.table.audience.say(conn, message.text, message.phrase)
        return
    if isinstance(message, Act):
        table = conn.table
        if table is None:
            raise ProtocolError(
                "not_joined", _("join a table first: {example}", example="{'type': 'join', ...}")
            )
        if conn.seat is None:
            raise ProtocolError("not_seated", _("spectators cannot play; join with a seat token"))
        await table.act(conn, message.action, message.version)
        return
    if isinstance(message, Why):
        if conn.table is None:
            raise ProtocolError(
                "not_joined", _("join a table first: {example}", example="{'type': 'join', ...}")
            )
        if conn.seat is None:
            raise ProtocolError("not_seated", _("only a seated player can ask about its own cards"))
        conn.send(await why(conn.table, conn, message.action))
        return
    kind = message.type
    if kind == "ping":
        conn.send({"type": "pong"})
    elif kind == "sync":
        if conn.table is None:
            raise ProtocolError("not_joined", _("join a table first"))
        conn.send(conn.table.views.sync_message(conn.seat, conn.lang))
    elif kind == "resume":
        if conn.table is None or conn.seat is None:
            raise ProtocolError("not_seated", _("only a seated player can take a seat back"))
        await conn.table.resume(conn)
    elif kind == "ready":
        if conn.table is None or conn.seat is None:
            raise ProtocolError("not_seated", _("only a seated player can be ready for a round"))
        await conn.table.ready(conn)
    elif kind == "hint":
        await manager.hints.request(conn)
    elif kind == "leave":
        if conn.table is None:
            raise ProtocolError("not_joined", _("there is no table to leave"))
        table = conn.table
        await table.leave(conn, abandon=True)
        manager.forget_if_idle(table)
        conn.send({"type": "left", "table": table.id})
