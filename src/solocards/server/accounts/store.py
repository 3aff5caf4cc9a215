"""What the database holds about accounts: reading and writing it, in one transaction each.

Each function takes the server's :class:`~solocards.server.storage.Repository` first, so that
it runs where the repository's work runs (``AsyncRepository.call`` for writes, ``.read`` for
reads: never on the event loop). Session tokens and passwords arrive here hashed already.

>>> from datetime import UTC, datetime, timedelta
>>> repo = Repository("sqlite://")
>>> repo.create_schema()
>>> now = datetime(2026, 1, 1, tzinfo=UTC)
>>> ana = create_account(repo, "Ana", "ana", "$argon2id$...", now)
>>> create_account(repo, "ANA", "ana", "$argon2id$...", now) is None
True
>>> create_session(repo, ana.id, "ab" * 32, now, now + timedelta(days=1))
>>> session_account(repo, "ab" * 32, now).name
'Ana'
>>> session_account(repo, "ab" * 32, now + timedelta(days=2)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..storage import Repository
from ..storage.models import AccountRow, SeatRow, SessionRow, TableRow

ANONYMOUS = "—"
"""The name a deleted account's seats keep (the same in every language)."""


@dataclass(frozen=True)
class Account:
    """A player account as the server uses it (never its password hash)."""

    id: int
    name: str
    created_at: datetime


def _account(row: Any) -> Account:
    return Account(int(row.id), str(row.name), row.created_at)


def create_account(
    repo: Repository, name: str, key: str, password_hash: str, now: datetime
) -> Account | None:
    """A new account, or ``None`` when another account has the name key ``key`` already."""

    def work(conn: Connection) -> Account | None:
        try:
            with conn.begin():
                found = conn.execute(
                    insert(AccountRow)
                    .values(name=name, name_key=key, password_hash=password_hash, created_at=now)
                    .returning(AccountRow.id)
                )
                return Account(int(found.scalar_one()), name, now)
        except IntegrityError:
            return None

    return repo._run(work)


def login_of(repo: Repository, key: str) -> tuple[Account, str] | None:
    """The account named ``key`` (a name key) and its password hash, if there is one."""

    def work(conn: Connection) -> tuple[Account, str] | None:
        with conn.begin():
            row = conn.execute(
                select(AccountRow).where(
                    AccountRow.name_key == key, AccountRow.deleted_at.is_(None)
                )
            ).first()
        if row is None or row.password_hash is None:
            return None
        return _account(row), str(row.password_hash)

    return repo._run(work)


def password_hash_of(repo: Repository, account_id: int) -> str | None:
    """The password hash of a live account (``None`` for a deleted one)."""

    def work(conn: Connection) -> str | None:
        with conn.begin():
            found = conn.execute(
                select(AccountRow.password_hash).where(
                    AccountRow.id == account_id, AccountRow.deleted_at.is_(None)
                )
            ).scalar()
        return None if found is None else str(found)

    return repo._run(work)


def create_session(
    repo: Repository, account_id: int, token_hash: str, now: datetime, expires: datetime
) -> None:
    """Store a new session of the account (and forget every session that has expired)."""
    repo._write(
        delete(SessionRow).where(SessionRow.expires_at <= now),
        insert(SessionRow).values(
            token_hash=token_hash, account_id=account_id, created_at=now, expires_at=expires
        ),
    )


def session_account(repo: Repository, token_hash: str, now: datetime) -> Account | None:
    """The live account of an unexpired session, else ``None``."""

    def work(conn: Connection) -> Account | None:
        with conn.begin():
            row = conn.execute(
                select(AccountRow)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(
                    SessionRow.token_hash == token_hash,
                    SessionRow.expires_at > now,
                    AccountRow.deleted_at.is_(None),
                )
            ).first()
        return None if row is None else _account(row)

    return repo._run(work)


def end_session(repo: Repository, token_hash: str) -> None:
    """Forget one session (logging out)."""
    repo._write(delete(SessionRow).where(SessionRow.token_hash == token_hash))


def rehash_password(repo: Repository, account_id: int, old_hash: str, new_hash: str) -> None:
    """Replace the hash ``old_hash`` of the same password by ``new_hash`` (made with the
    hasher's current parameters); nothing if the password changed meanwhile."""
    repo._write(
        update(AccountRow)
        .where(AccountRow.id == account_id, AccountRow.password_hash == old_hash)
        .values(password_hash=new_hash)
    )


def set_password(repo: Repository, account_id: int, password_hash: str, keep: str) -> None:
    """Store a new password hash and end every session of the account but ``keep``."""
    repo._write(
        update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash),
        delete(SessionRow).where(
            SessionRow.account_id == account_id, SessionRow.token_hash != keep
        ),
    )


def claim_seats(
    repo: Repository, account_id: int, seats: list[tuple[str, int, str]]
) -> list[tuple[str, int]]:
    """Give the account the seats of ``(table id, seat, token hash)`` that a guest holds (the
    token hash matches, nobody's account sits there); the seats it got."""

    def work(conn: Connection) -> list[tuple[str, int]]:
        claimed = []
        with conn.begin():
            for table_id, seat, token_hash in seats:
                changed = conn.execute(
                    update(SeatRow)
                    .where(
                        SeatRow.table_id == table_id,
                        SeatRow.seat == seat,
                        SeatRow.token_hash == token_hash,
                        SeatRow.kind == "human",
                        SeatRow.account_id.is_(None),
                    )
                    .values(account_id=account_id)
                )
                if changed.rowcount:
                    claimed.append((table_id, seat))
        return claimed

    return repo._run(work)


def delete_account(repo: Repository, account_id: int, now: datetime) -> list[tuple[str, int]]:
    """Delete the account: its sessions go, its seats keep their games under
    :data:`ANONYMOUS` (in finished games' records too) without the account, and its row keeps
    nothing but its id and ``deleted_at``. The ``(table id, seat)`` pairs it sat in."""

    def work(conn: Connection) -> list[tuple[str, int]]:
        with conn.begin():
            seats = [
                (str(table_id), int(seat))
                for table_id, seat in conn.execute(
                    select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id)
                )
            ]
            conn.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            conn.execute(
                update(SeatRow)
                .where(SeatRow.account_id == account_id)
                .values(name=ANONYMOUS, account_id=None)
            )
            for table_id in sorted({table_id for table_id, _seat in seats}):
                record = conn.execute(
                    select(TableRow.record).where(TableRow.id == table_id)
                ).scalar()
                if isinstance(record, dict) and isinstance(record.get("names"), list):
                    names = list(record["names"])
                    for seat in (s for t, s in seats if t == table_id and s < len(names)):
                        names[seat] = ANONYMOUS
                    conn.execute(
                        update(TableRow)
                        .where(TableRow.id == table_id)
                        .values(record={**record, "names": names})
                    )
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(name=None, name_key=None, password_hash=None, deleted_at=now)
            )
        return seats

    return repo._run(work)
