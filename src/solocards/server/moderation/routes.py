"""The moderators' routes, and the players' "report" of a chat line.

Routes about one table live under ``/api/tables/{id}/...``, so that in a cluster they reach
the process that holds the table (a chat line's author's address is known only there); the
others, under ``/api/admin/``, read and write the database. Every moderator's action is
written to ``moderation_log`` and to the server's log.
"""

from __future__ import annotations

import hashlib
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from ...i18n import _
from ..accounts.names import name_key
from ..failures import TableError
from ..http.lobby import http_error
from ..live.table import Table
from ..live.tables import TableManager
from ..ratelimit import ClientBuckets
from . import store
from .auth import moderator
from .bans import BanList
from .guard import client_address

log = logging.getLogger(__name__)

WEB = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(prefix="/api", tags=["moderation"])
page = APIRouter(include_in_schema=False)

Moderator = Annotated[str, Depends(moderator)]

MAX_BAN_MINUTES = 365 * 24 * 60
"""The longest ban: a year."""


class BanBody(BaseModel):
    """A ban to set: a name or an address, for how long, and why."""

    kind: Literal["name", "address"]
    value: str = Field(min_length=1, max_length=128)
    minutes: int = Field(ge=1, le=MAX_BAN_MINUTES)
    reason: str = Field(default="", max_length=200)


class AuthorBanBody(BaseModel):
    """A ban of a chat line's author: by the name they wrote under, or their address."""

    kind: Literal["name", "address"]
    minutes: int = Field(ge=1, le=MAX_BAN_MINUTES)
    reason: str = Field(default="", max_length=200)


def _now() -> datetime:
    return datetime.now(UTC)


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def _bans(request: Request) -> BanList:
    bans: BanList = request.app.state.bans
    return bans


async def _table(request: Request, table_id: str) -> Table:
    try:
        return await _manager(request).require(table_id)
    except TableError as error:
        raise http_error(error) from None


async def _log(
    request: Request, actor: str, action: str, table_id: str | None, detail: dict[str, Any]
) -> None:
    repo = _manager(request).repo
    await repo.call(store.log_action, repo.sync, actor, action, table_id, detail, _now())
    log.info("moderation: %s %s table=%s %s", actor, action, table_id, detail)


async def _ban(
    request: Request, actor: str, kind: str, value: str, minutes: int, reason: str
) -> store.Ban:
    key = name_key(value) if kind == "name" else value.strip()
    if not key:
        raise HTTPException(422, _("a ban needs a name or an address"))
    repo = _manager(request).repo
    now = _now()
    until = now + timedelta(minutes=minutes)
    ban = await repo.call(store.add_ban, repo.sync, kind, key, value, reason, actor, now, until)
    _bans(request).add(ban)
    if kind == "address":
        for table in list(_manager(request).tables.values()):  # its clients here go at once
            for conn in list(table.subscribers):
                if conn.address == key:
                    conn.close()
    return ban


# -- a player reports a chat line ------------------------------------------------------------


@router.post("/tables/{table_id}/chat/{line_id}/report", status_code=201)
async def report_line(table_id: str, line_id: int, request: Request) -> dict[str, bool]:
    """Report a chat line to the moderators (once per line and address; 404 for a line the
    table no longer keeps)."""
    reports: ClientBuckets = request.app.state.report_limits
    address = client_address(request.scope)
    if await reports.spend(address) is not None:
        raise HTTPException(429, _("too many reports; wait a minute"))
    table = await _table(request, table_id)
    line = table.chat.line(line_id)
    if line is None:
        raise HTTPException(404, _("there is no chat line {line} at this table", line=line_id))
    reporter = hashlib.sha256(address.encode("utf-8")).hexdigest()
    repo = _manager(request).repo
    new = await repo.call(store.add_report, repo.sync, table.id, line, reporter, _now())
    return {"reported": new}


# -- moderators at a table ------------------------------------------------------------------


@router.post("/tables/{table_id}/moderation/close")
async def close_table(table_id: str, request: Request, actor: Moderator) -> dict[str, Any]:
    """Close a table at once: it ends as an expired table does, and its clients are told."""
    table = await _table(request, table_id)
    closed = await _manager(request).expire(table)
    if not closed:
        raise HTTPException(409, _("table {table} is closed already", table=table.id))
    await _log(request, actor, "close_table", table.id, {})
    return {"table": table.id, "status": table.status}


@router.post("/tables/{table_id}/moderation/seats/{seat}/remove")
async def remove_player(
    table_id: str, seat: int, request: Request, actor: Moderator
) -> dict[str, Any]:
    """Take a person out of a seat: in the lobby the seat empties; in play a bot takes it for
    the rest of the match and the person's seat token no longer holds it."""
    table = await _table(request, table_id)
    name = table.seats[seat].name if 0 <= seat < len(table.seats) else None
    try:
        done = await table.lobby_seats.remove_person(seat)
    except TableError as error:
        raise http_error(error) from None
    await _log(request, actor, "remove_player", table.id, {"seat": seat, "name": name})
    return {"table": table.id, "seat": seat, "done": done}


@router.post("/tables/{table_id}/moderation/chat/{line_id}/hide")
async def hide_line(
    table_id: str, line_id: int, request: Request, actor: Moderator
) -> dict[str, Any]:
    """Hide a chat line: it leaves the table's history and every client drops it."""
    table = await _table(request, table_id)
    line = table.audience.hide_chat_line(line_id)
    if line is None:
        raise HTTPException(404, _("there is no chat line {line} at this table", line=line_id))
    repo = _manager(request).repo
    await repo.call(store.handle_reports, repo.sync, table.id, line_id)
    detail = {"line": line_id, "author": line.get("name"), "text": line.get("text")}
    await _log(request, actor, "hide_chat_line", table.id, detail)
    return {"table": table.id, "line": line_id, "hidden": True}


@router.post("/tables/{table_id}/moderation/chat/{line_id}/ban", status_code=201)
async def ban_author(
    table_id: str, line_id: int, body: AuthorBanBody, request: Request, actor: Moderator
) -> dict[str, Any]:
    """Ban the author of a chat line by the name they wrote under, or by their address (known
    only to the process that holds the table, and never shown)."""
    table = await _table(request, table_id)
    line = table.chat.line(line_id)
    if line is None:
        raise HTTPException(404, _("there is no chat line {line} at this table", line=line_id))
    if body.kind == "name":
        value = line.get("name")
        if not value:
            raise HTTPException(409, _("this line's author has no name to ban"))
    else:
        value = table.chat.author_address(line_id)
        if value is None:
            raise HTTPException(409, _("the address of this line's author is not known here"))
    ban = await _ban(request, actor, body.kind, str(value), body.minutes, body.reason)
    detail: dict[str, Any] = {
        "line": line_id,
        "kind": body.kind,
        "ban": ban.id,
        "minutes": body.minutes,
    }
    if body.kind == "name":
        detail["name"] = value
    await _log(request, actor, "ban_author", table.id, detail)
    public = ban.public()
    if body.kind == "address":
        public["value"] = _("the author's address")  # a moderator needs no address
    return public


# -- moderators everywhere ------------------------------------------------------------------


@router.get("/admin/reports")
async def list_reports(request: Request, actor: Moderator) -> list[dict[str, Any]]:
    """The reported chat lines not handled yet, oldest first."""
    reports = await _manager(request).repo.read(store.open_reports)
    return [report.public() for report in reports]


class DismissBody(BaseModel):
    """A report to set aside without doing anything about its line."""

    table: str = Field(min_length=1, max_length=32)
    line: int = Field(ge=0)


@router.post("/admin/reports/dismiss")
async def dismiss_report(body: DismissBody, request: Request, actor: Moderator) -> dict[str, Any]:
    """Set the reports of a line aside (the line stays)."""
    repo = _manager(request).repo
    count = await repo.call(store.handle_reports, repo.sync, body.table, body.line)
    if not count:
        raise HTTPException(404, _("there is no report of that line waiting"))
    await _log(request, actor, "dismiss_report", body.table, {"line": body.line})
    return {"table": body.table, "line": body.line, "dismissed": count}


@router.get("/admin/bans")
async def list_bans(request: Request, actor: Moderator) -> list[dict[str, Any]]:
    """The bans in force, newest first."""
    bans = await _manager(request).repo.read(store.active_bans, _now())
    return [ban.public() for ban in bans]


@router.post("/admin/bans", status_code=201)
async def add_ban(body: BanBody, request: Request, actor: Moderator) -> dict[str, Any]:
    """Keep a name (as account names compare: case and look-alike letters folded) or an
    address out for ``minutes``."""
    ban = await _ban(request, actor, body.kind, body.value, body.minutes, body.reason)
    detail = {"ban": ban.id, "kind": body.kind, "value": body.value, "minutes": body.minutes}
    await _log(request, actor, "ban", None, detail)
    return ban.public()


@router.delete("/admin/bans/{ban_id}")
async def lift_ban(ban_id: int, request: Request, actor: Moderator) -> dict[str, Any]:
    """End a ban early."""
    repo = _manager(request).repo
    bans = await repo.read(store.active_bans, _now())
    found = next((ban for ban in bans if ban.id == ban_id), None)
    if found is None or not await repo.call(store.lift_ban, repo.sync, ban_id):
        raise HTTPException(404, _("there is no ban {ban} in force", ban=ban_id))
    _bans(request).lift(found.kind, found.value_key)
    await _log(request, actor, "lift_ban", None, {"ban": ban_id})
    return {"ban": ban_id, "lifted": True}


@router.get("/admin/log")
async def moderation_log(request: Request, actor: Moderator) -> list[dict[str, Any]]:
    """The latest moderators' actions, newest first."""
    return await _manager(request).repo.read(store.read_log)


@page.get("/admin", response_model=None)
async def admin_page() -> Response:
    """The moderators' page (the web front end; without one, the reports' JSON)."""
    index = WEB / "index.html"
    if index.is_file():
        return FileResponse(index)
    return RedirectResponse("/api/admin/reports")
