"""What the database holds for moderators: bans, reported chat lines and the moderation log.

Each function takes the server's :class:`~solocards.server.storage.Repository` first and runs
in one transaction, where the repository's work runs (``AsyncRepository.call`` for writes,
``.read`` for reads).

>>> from datetime import UTC, datetime, timedelta
>>> repo = Repository("sqlite://")
>>> repo.create_schema()
>>> now = datetime(2026, 1, 1, tzinfo=UTC)
>>> ban = add_ban(repo, "name", "troll", "Troll", "spam", "token", now, now + timedelta(hours=1))
>>> [b.shown for b in active_bans(repo, now)], active_bans(repo, now + timedelta(hours=2))
(['Troll'], [])
>>> lift_ban(repo, ban.id), active_bans(repo, now)
(True, [])
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..storage import Repository
from ..storage.models import BanRow, ChatReportRow, ModerationLogRow

BAN_KINDS = ("name", "address")


@dataclass(frozen=True)
class Ban:
    """A name or an address kept out until ``until``."""

    id: int
    kind: str
    value_key: str
    shown: str
    reason: str
    actor: str
    created_at: datetime
    until: datetime

    def public(self) -> dict[str, Any]:
        """The ban as a moderator sees it."""
        return {
            "id": self.id,
            "kind": self.kind,
            "value": self.shown,
            "reason": self.reason,
            "by": self.actor,
            "created_at": self.created_at.isoformat(),
            "until": self.until.isoformat(),
        }


def _ban(row: Any) -> Ban:
    return Ban(
        int(row.id),
        str(row.kind),
        str(row.value_key),
        str(row.shown),
        str(row.reason),
        str(row.actor),
        row.created_at,
        row.until,
    )


def add_ban(
    repo: Repository,
    kind: str,
    value_key: str,
    shown: str,
    reason: str,
    actor: str,
    now: datetime,
    until: datetime,
) -> Ban:
    """Keep ``value_key`` (a name key or an address) out until ``until``."""

    def work(conn: Connection) -> Ban:
        with conn.begin():
            new_id = conn.execute(
                insert(BanRow)
                .values(
                    kind=kind,
                    value_key=value_key,
                    shown=shown,
                    reason=reason,
                    actor=actor,
                    created_at=now,
                    until=until,
                    lifted=False,
                )
                .returning(BanRow.id)
            ).scalar_one()
        return Ban(int(new_id), kind, value_key, shown, reason, actor, now, until)

    return repo._run(work)


def active_bans(repo: Repository, now: datetime) -> list[Ban]:
    """The bans in force at ``now``, newest first."""

    def work(conn: Connection) -> list[Ban]:
        with conn.begin():
            rows = conn.execute(
                select(BanRow)
                .where(BanRow.until > now, BanRow.lifted.is_(False))
                .order_by(BanRow.id.desc())
            ).all()
        return [_ban(row) for row in rows]

    return repo._run(work)


def lift_ban(repo: Repository, ban_id: int) -> bool:
    """End a ban early; ``False`` if there is no such ban in force."""

    def work(conn: Connection) -> bool:
        with conn.begin():
            done = conn.execute(
                update(BanRow)
                .where(BanRow.id == ban_id, BanRow.lifted.is_(False))
                .values(lifted=True)
            )
        return bool(done.rowcount)

    return repo._run(work)


@dataclass(frozen=True)
class Report:
    """A reported chat line, as the moderators' list shows it."""

    id: int
    table_id: str
    line_id: int
    author: str | None
    author_seat: int | None
    text: str
    created_at: datetime
    reports: int

    def public(self) -> dict[str, Any]:
        """The report as a moderator sees it (never who reported it)."""
        return {
            "id": self.id,
            "table": self.table_id,
            "line": self.line_id,
            "author": self.author,
            "seat": self.author_seat,
            "text": self.text,
            "created_at": self.created_at.isoformat(),
            "reports": self.reports,
        }


def add_report(
    repo: Repository,
    table_id: str,
    line: dict[str, Any],
    reporter_hash: str,
    now: datetime,
) -> bool:
    """Keep a copy of a reported chat ``line``; ``False`` if this reporter reported it already."""
    text = str(line.get("text") or line.get("phrase") or "")[:400]

    def work(conn: Connection) -> bool:
        try:
            with conn.begin():
                conn.execute(
                    insert(ChatReportRow).values(
                        table_id=table_id,
                        line_id=int(line["id"]),
                        author=line.get("name"),
                        author_seat=line.get("seat"),
                        text=text,
                        reporter_hash=reporter_hash,
                        created_at=now,
                        handled=False,
                    )
                )
            return True
        except IntegrityError:
            return False

    return repo._run(work)


def open_reports(repo: Repository, limit: int = 100) -> list[Report]:
    """The reported lines not handled yet, oldest first, each once with its number of reports."""

    def work(conn: Connection) -> list[Report]:
        with conn.begin():
            rows = conn.execute(
                select(ChatReportRow)
                .where(ChatReportRow.handled.is_(False))
                .order_by(ChatReportRow.created_at, ChatReportRow.id)
            ).all()
        grouped: dict[tuple[str, int], Report] = {}
        for row in rows:
            key = (str(row.table_id), int(row.line_id))
            seen = grouped.get(key)
            if seen is None:
                grouped[key] = Report(
                    int(row.id),
                    key[0],
                    key[1],
                    row.author,
                    row.author_seat,
                    str(row.text),
                    row.created_at,
                    1,
                )
            else:
                grouped[key] = Report(**{**seen.__dict__, "reports": seen.reports + 1})
        return list(grouped.values())[:limit]

    return repo._run(work)


def handle_reports(repo: Repository, table_id: str, line_id: int) -> int:
    """Mark every report of the line as handled; how many there were."""

    def work(conn: Connection) -> int:
        with conn.begin():
            done = conn.execute(
                update(ChatReportRow)
                .where(
                    ChatReportRow.table_id == table_id,
                    ChatReportRow.line_id == line_id,
                    ChatReportRow.handled.is_(False),
                )
                .values(handled=True)
            )
        return int(done.rowcount)

    return repo._run(work)


def log_action(
    repo: Repository,
    actor: str,
    action: str,
    table_id: str | None,
    detail: dict[str, Any],
    now: datetime,
) -> None:
    """Write one moderator's action to the log."""

    def work(conn: Connection) -> None:
        with conn.begin():
            conn.execute(
                insert(ModerationLogRow).values(
                    at=now, actor=actor, action=action, table_id=table_id, detail=detail
                )
            )

    repo._run(work)


def read_log(repo: Repository, limit: int = 200) -> list[dict[str, Any]]:
    """The latest moderators' actions, newest first."""

    def work(conn: Connection) -> list[dict[str, Any]]:
        with conn.begin():
            rows = conn.execute(
                select(ModerationLogRow).order_by(ModerationLogRow.id.desc()).limit(limit)
            ).all()
        return [
            {
                "at": row.at.isoformat(),
                "by": row.actor,
                "action": row.action,
                "table": row.table_id,
                "detail": row.detail,
            }
            for row in rows
        ]

    return repo._run(work)
