"""The play endpoint: one WebSocket per client at ``/ws`` (the protocol is in ``protocol.py``).

Every bad message gets an ``error`` on the same connection, which stays open: malformed JSON,
an unknown table, a wrong token, a stale version, an action out of turn or illegal, a message
over the size limit, a binary frame, too many messages, a seat that changed hands since the
client joined, a database that failed. Nothing of it reaches a table.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from .config import Settings
from .connection import Connection
from .failures import STORAGE_ERRORS, STORAGE_UNAVAILABLE, one_line
from .limits import ClientLimits, retry_seconds
from .protocol import Act, Join, Message, ProtocolError, error, parse
from .tables import TableManager

log = logging.getLogger(__name__)

router = APIRouter(tags=["play"])


@router.websocket("/ws")
async def play(websocket: WebSocket) -> None:
    """Serve one client until it goes away."""
    settings: Settings = websocket.app.state.settings
    manager: TableManager = websocket.app.state.manager
    limits: ClientLimits = websocket.app.state.limits
    await websocket.accept()
    conn = Connection(websocket, settings)
    conn.start()
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not conn.bucket.take():
                conn.send(error("rate_limited", "too many messages; slow down"))
                continue
            text = frame.get("text")
            if text is None:
                conn.send(error("binary", "send JSON as text frames"))
                continue
            if len(text) > settings.max_message_bytes or (
                len(text.encode("utf-8")) > settings.max_message_bytes
            ):
                conn.send(
                    error(
                        "too_large",
                        f"messages are at most {settings.max_message_bytes} bytes",
                    )
                )
                continue
            try:
                message = parse(text)
                if isinstance(message, Join):
                    check_join_budget(conn, limits)
                await handle(conn, manager, message)
            except ProtocolError as problem:
                conn.send(problem.message())
            except STORAGE_ERRORS as failure:  # a read for a join: the connection stays open
                log.warning("a request could not be served: %s", one_line(failure))
                conn.send(error("storage", STORAGE_UNAVAILABLE))
    except WebSocketDisconnect:
        pass
    finally:
        table = conn.table
        if table is not None:
            await table.leave(conn)
            manager.forget_if_idle(table)
        await conn.stop()


def check_join_budget(conn: Connection, limits: ClientLimits) -> None:
    """Spend a join of the connection's budget and of its address's, or refuse the join.

    Every join makes the server look a table up and send a full state; a client that joins
    over and over gets ``rate_limited`` (with ``retry_after`` seconds) and stays where it was.
    """
    wait = None if conn.joins.take() else conn.joins.retry_after()
    if wait is None:
        wait = limits.joins.take(conn.address)
    if wait is not None:
        seconds = retry_seconds(wait)
        raise ProtocolError(
            "rate_limited",
            f"too many joins; try again in {seconds} s",
            retry_after=seconds,
        )


async def handle(conn: Connection, manager: TableManager, message: Message) -> None:
    """Do what one parsed message asks."""
    if isinstance(message, Join):
        table = await manager.get(message.table)
        if table is None:
            raise ProtocolError("unknown_table", f"there is no table {message.table!r}")
        # check the token before leaving the current table, so a bad join changes nothing
        if message.token is not None and table.seat_of(message.token) is None:
            raise ProtocolError("bad_token", f"this token holds no seat at table {table.id}")
        previous = conn.table
        if previous is not None:
            await previous.leave(conn)
            if previous is not table:
                manager.forget_if_idle(previous)
        await table.join(conn, message.token, message.version)
        return
    if isinstance(message, Act):
        table = conn.table
        if table is None:
            raise ProtocolError("not_joined", "join a table first: {'type': 'join', ...}")
        if conn.seat is None:
            raise ProtocolError("not_seated", "spectators cannot play; join with a seat token")
        await table.act(conn, message.action, message.version)
        return
    kind = message.type
    if kind == "ping":
        conn.send({"type": "pong"})
    elif kind == "sync":
        if conn.table is None:
            raise ProtocolError("not_joined", "join a table first")
        conn.send(conn.table.sync_message(conn.seat))
    elif kind == "resume":
        if conn.table is None or conn.seat is None:
            raise ProtocolError("not_seated", "only a seated player can take a seat back")
        await conn.table.resume(conn)
    elif kind == "ready":
        if conn.table is None or conn.seat is None:
            raise ProtocolError("not_seated", "only a seated player can be ready for a round")
        await conn.table.ready(conn)
    elif kind == "hint":
        await manager.hints.request(conn)
    elif kind == "leave":
        if conn.table is None:
            raise ProtocolError("not_joined", "there is no table to leave")
        table = conn.table
        await table.leave(conn, abandon=True)
        manager.forget_if_idle(table)
        conn.send({"type": "left", "table": table.id})
