"""Reading and writing tables: a synchronous repository and an async front for the event loop.

The repository speaks plain dataclasses (:class:`StoredTable`, :class:`StoredSeat`), never ORM
objects, so nothing outside this package touches a session. SQLite gets write-ahead logging;
PostgreSQL is used through psycopg 3 (``postgresql+psycopg://`` URLs).

>>> repo = Repository("sqlite://")
>>> repo.create_schema()
>>> repo.create(StoredTable(id="t1", game="uno", players=2, options={}, seed=5, public=True,
...     status="lobby", owner_hash="x", seats=[StoredSeat(0, "empty"), StoredSeat(1, "empty")]))
>>> repo.append_action("t1", 0, 1, "R7")
>>> repo.load("t1").actions
[(1, 'R7')]
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    Row,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from .models import ActionRow, Base, SeatRow, TableRow

TABLES: Table = TableRow.__table__  # type: ignore[assignment]
SEATS: Table = SeatRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]

SQLITE_BUSY_SECONDS = 30.0
"""How long an SQLite write waits for another connection's write lock before it fails."""

READER_THREADS = 2
"""Threads that read stored tables (finished games looked up, replays), each its own connection."""

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class StoredSeat:
    """A seat as stored: ``kind`` is ``empty``, ``human`` or ``bot``; ``away``: a bot plays it;
    ``account_id``: the account sitting there (``None`` for guests and bots)."""

    seat: int
    kind: str
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    away: bool = False
    account_id: int | None = None


@dataclass(frozen=True)
class StoredClock:
    """A running move clock: ``seat`` must move before ``deadline`` (Unix seconds, wall clock).

    ``version`` is the table's version when the clock was armed; a clock stored for another
    version than the table's is stale.
    """

    version: int
    seat: int
    deadline: float


@dataclass(frozen=True)
class StoredPause:
    """The pause between two rounds: it ends at ``until`` (Unix seconds) or when every seat in
    ``waiting`` said it is ready.

    >>> StoredPause(1700000000.0, (0, 2)).waiting
    (0, 2)
    """

    until: float
    waiting: tuple[int, ...]


@dataclass
class StoredTable:
    """A table as stored, with its seats and (when loaded) its actions in order."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    public: bool
    status: str
    owner_hash: str
    clock_seconds: float | None = None
    on_timeout: str = "bot"
    rematch_of: str | None = None
    rematch_id: str | None = None
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    finished_at: datetime | None = None
    record: dict[str, Any] | None = None
    clock: StoredClock | None = None
    hints: bool = True
    pause: StoredPause | None = None
    rated: bool = False
    absent: str | None = None
    language: str | None = None
    seats: list[StoredSeat] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def is_memory_url(url: str) -> bool:
    """Whether ``url`` is an in-memory SQLite database (one connection, shared by every user).

    >>> is_memory_url("sqlite://"), is_memory_url("sqlite:///data/solocards.sqlite")
    (True, False)
    """
    return url in ("sqlite://", "sqlite:///:memory:")


def make_engine(url: str) -> Engine:
    """An engine for ``url``: SQLite (WAL, usable from the storage thread) or PostgreSQL."""
    if url.startswith("sqlite"):
        memory = is_memory_url(url)
        engine = create_engine(
            url,
            # a writer waits for another's write lock on the storage thread, not on the loop
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_SECONDS},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Repository:
    """Synchronous storage of tables, used from one thread at a time.

    It holds one connection for its whole life (a pool checkout per action costs more than the
    insert itself) and opens a new one if the database dropped it.
    """

    def __init__(self, url: str, engine: Engine | None = None) -> None:
        self.url = url
        self.engine = make_engine(url) if engine is None else engine
        self._conn: Connection | None = None
        self._insert_action = insert(ActionRow)

    def create_schema(self) -> None:
        """Create the tables directly (for throw-away databases; servers run the migrations)."""
        Base.metadata.create_all(self.engine)

    def close(self) -> None:
        """Give the held connection back (the engine stays usable)."""
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def dispose(self) -> None:
        """Close the connection and every pooled one."""
        self.close()
        self.engine.dispose()

    def _run(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` on the held connection, reconnecting once if it was lost."""
        for attempt in (1, 2):
            if self._conn is None:
                self._conn = self.engine.connect()
            try:
                return work(self._conn)
            except DBAPIError as error:
                if not error.connection_invalidated or attempt == 2:
                    if self._conn.in_transaction():
                        self._conn.rollback()
                    raise
                with contextlib.suppress(Exception):
                    self._conn.close()
                self._conn = None
        raise AssertionError("unreachable")

    def _write(self, *statements: Any) -> None:
        def work(conn: Connection) -> None:
            with conn.begin():
                for statement in statements:
                    if isinstance(statement, tuple):
                        conn.execute(*statement)
                    else:
                        conn.execute(statement)

        self._run(work)

    # -- writes ------------------------------------------------------------------------------

    def create(self, table: StoredTable) -> None:
        """Insert a new table with its seats."""
        self._write(*self._creation(table))

    def create_rematch(self, table: StoredTable) -> None:
        """Insert the rematch ``table`` and link the table it replays to it, both or neither."""
        assert table.rematch_of is not None
        self._write(
            *self._creation(table),
            update(TableRow).where(TableRow.id == table.rematch_of).values(rematch_id=table.id),
        )

    @staticmethod
    def _creation(table: StoredTable) -> tuple[Any, Any]:
        return (
            insert(TableRow).values(
                id=table.id,
                game=table.game,
                players=table.players,
                options=table.options,
                seed=table.seed,
                public=table.public,
                status=table.status,
                owner_hash=table.owner_hash,
                clock_seconds=table.clock_seconds,
                on_timeout=table.on_timeout,
                rematch_of=table.rematch_of,
                rematch_id=table.rematch_id,
                created_at=table.created_at,
                hints=table.hints,
                rated=table.rated,
                absent=table.absent,
                language=table.language,
            ),
            (
                insert(SeatRow),
                [
                    {
                        "table_id": table.id,
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "name": seat.name,
                        "bot": seat.bot,
                        "token_hash": seat.token_hash,
                        "away": seat.away,
                        "account_id": seat.account_id,
                    }
                    for seat in table.seats
                ],
            ),
        )

    def save_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Store a seat's new occupant."""
        self._write(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
            .values(
                kind=seat.kind,
                name=seat.name,
                bot=seat.bot,
                token_hash=seat.token_hash,
                away=seat.away,
                account_id=seat.account_id,
            )
        )

    def save_runtime(
        self,
        table_id: str,
        away: list[bool] | None,
        clock: StoredClock | None,
        pause: StoredPause | None = None,
    ) -> None:
        """Store the running move clock, the pause between rounds and, unless ``away`` is
        ``None``, who is away."""
        statements: list[Any] = [
            self._clock_update(table_id, clock),
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(
                pause_until=None if pause is None else pause.until,
                pause_waiting=None if pause is None else list(pause.waiting),
            ),
        ]
        if away is not None:
            statements.append(
                (
                    update(SEATS)
                    .where(SEATS.c.table_id == table_id, SEATS.c.seat == bindparam("index"))
                    .values(away=bindparam("is_away")),
                    [{"index": seat, "is_away": flag} for seat, flag in enumerate(away)],
                )
            )
        self._write(*statements)

    def set_status(self, table_id: str, status: str) -> None:
        """Move a table to ``lobby``, ``playing``, ``finished`` or ``expired``."""
        self._write(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def expire_lobby_tables(
        self, created_before: datetime, clocks_below: float | None = None
    ) -> int:
        """Mark every lobby table created before ``created_before`` expired; returns how many.

        ``clocks_below``: only tables without a move clock or with a shorter one (a game over
        days waits longer for its players: its expiry is left to the running server).
        """
        stale = [TableRow.status == "lobby", TableRow.created_at < created_before]
        if clocks_below is not None:
            stale.append(
                or_(TableRow.clock_seconds.is_(None), TableRow.clock_seconds < clocks_below)
            )

        def work(conn: Connection) -> int:
            with conn.begin():
                result = conn.execute(update(TableRow).where(*stale).values(status="expired"))
                return int(result.rowcount)

        return self._run(work)

    def append_action(self, table_id: str, index: int, seat: int, action: str) -> None:
        """Store the action with number ``index`` (0-based); a duplicate number fails."""
        self._write(
            (
                self._insert_action,
                {"table_id": table_id, "idx": index, "seat": seat, "action": action},
            )
        )

    def append_timed_action(
        self, table_id: str, index: int, seat: int, action: str, clock: StoredClock | None
    ) -> None:
        """Like :meth:`append_action`, storing the move clock it starts in the same write."""
        self._write(
            (
                self._insert_action,
                {"table_id": table_id, "idx": index, "seat": seat, "action": action},
            ),
            self._clock_update(table_id, clock),
        )

    @staticmethod
    def _clock_update(table_id: str, clock: StoredClock | None) -> Any:
        return (
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(
                clock_version=None if clock is None else clock.version,
                clock_seat=None if clock is None else clock.seat,
                clock_deadline=None if clock is None else clock.deadline,
            )
        )

    def finish(self, table_id: str, record: dict[str, Any]) -> None:
        """Mark a table finished and keep its full record."""
        self._write(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(status="finished", record=record, finished_at=datetime.now(UTC))
        )

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Link a finished table to its rematch."""
        self._write(update(TableRow).where(TableRow.id == table_id).values(rematch_id=rematch_id))

    def truncate_actions(self, table_id: str, keep: int) -> None:
        """Drop actions numbered ``keep`` and above (used to undo a half-failed write)."""
        self._write(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.idx >= keep))

    # -- reads -------------------------------------------------------------------------------

    def load(self, table_id: str) -> StoredTable | None:
        """A table with its seats and actions, or ``None``."""

        def work(conn: Connection) -> StoredTable | None:
            with conn.begin():
                row = conn.execute(select(TABLES).where(TABLES.c.id == table_id)).first()
                return None if row is None else self._complete(conn, row)

        return self._run(work)

    def load_unfinished(self) -> list[StoredTable]:
        """Every table in the lobby or being played, with seats and actions.

        Three queries whatever the number of tables (tables, their seats, the actions of those
        in play), so that a server with thousands of stored tables starts quickly.
        """

        def work(conn: Connection) -> list[StoredTable]:
            with conn.begin():
                unfinished = TABLES.c.status.in_(("lobby", "playing"))
                rows = conn.execute(select(TABLES).where(unfinished).order_by(TABLES.c.created_at))
                tables = {row.id: self._from_row(row) for row in rows}
                seats = conn.execute(
                    select(SEATS)
                    .join(TABLES, TABLES.c.id == SEATS.c.table_id)
                    .where(unfinished)
                    .order_by(SEATS.c.table_id, SEATS.c.seat)
                )
                for s in seats:
                    if s.table_id in tables:
                        stored_seat = StoredSeat(
                            s.seat,
                            s.kind,
                            s.name,
                            s.bot,
                            s.token_hash,
                            bool(s.away),
                            s.account_id,
                        )
                        tables[s.table_id].seats.append(stored_seat)
                actions = conn.execute(
                    select(ACTIONS.c.table_id, ACTIONS.c.seat, ACTIONS.c.action)
                    .join(TABLES, TABLES.c.id == ACTIONS.c.table_id)
                    .where(TABLES.c.status == "playing")
                    .order_by(ACTIONS.c.table_id, ACTIONS.c.idx)
                )
                for table_id, seat, action in actions:
                    if table_id in tables:
                        tables[table_id].actions.append((seat, action))
                return list(tables.values())

        return self._run(work)

    def playing_table_ids(self) -> list[str]:
        """The ids of the tables being played (a cluster looks for those nobody holds)."""

        def work(conn: Connection) -> list[str]:
            with conn.begin():
                rows = conn.execute(select(TABLES.c.id).where(TABLES.c.status == "playing"))
                return [str(table_id) for (table_id,) in rows]

        return self._run(work)

    @classmethod
    def _complete(cls, conn: Connection, row: Row[Any]) -> StoredTable:
        stored = cls._from_row(row)
        seats = conn.execute(
            select(SEATS).where(SEATS.c.table_id == row.id).order_by(SEATS.c.seat)
        ).all()
        actions = conn.execute(
            select(ACTIONS.c.seat, ACTIONS.c.action)
            .where(ACTIONS.c.table_id == row.id)
            .order_by(ACTIONS.c.idx)
        ).all()
        stored.seats = [
            StoredSeat(s.seat, s.kind, s.name, s.bot, s.token_hash, bool(s.away), s.account_id)
            for s in seats
        ]
        stored.actions = [(seat, action) for seat, action in actions]
        return stored

    @staticmethod
    def _from_row(row: Row[Any]) -> StoredTable:
        """A stored table from its row, without seats or actions yet."""
        return StoredTable(
            id=row.id,
            game=row.game,
            players=row.players,
            options=dict(row.options),
            seed=row.seed,
            public=bool(row.public),
            status=row.status,
            owner_hash=row.owner_hash,
            clock_seconds=row.clock_seconds,
            on_timeout=row.on_timeout,
            rematch_of=row.rematch_of,
            rematch_id=row.rematch_id,
            created_at=_aware(row.created_at),
            finished_at=None if row.finished_at is None else _aware(row.finished_at),
            record=row.record,
            clock=None
            if row.clock_seat is None or row.clock_deadline is None or row.clock_version is None
            else StoredClock(row.clock_version, row.clock_seat, row.clock_deadline),
            hints=bool(row.hints),
            rated=bool(row.rated),
            pause=None
            if row.pause_until is None
            else StoredPause(row.pause_until, tuple(sorted(row.pause_waiting or ()))),
            absent=row.absent,
            language=row.language,
        )


class AsyncRepository:
    """The repository as the event loop uses it.

    Every :meth:`call` runs on one storage thread, in the order the calls were made (so the
    writes of a table stay in order), and the loop goes on serving every other client
    meanwhile: a database across a network, or an SQLite file whose write lock another process
    holds, delays only the requests that wait for it. :meth:`read` runs on reader threads with
    connections of their own, so that reading a stored table never queues behind a write
    (an in-memory database has one connection: its reads go to the storage thread).
    ``threaded=False`` runs everything inline (a throw-away in-memory database in a script;
    never for a server).
    """

    def __init__(self, repository: Repository, threaded: bool | None = None) -> None:
        self.sync = repository
        self.threaded = threaded is not False
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="solocards-db")
            if self.threaded
            else None
        )
        self._readers = (
            ThreadPoolExecutor(max_workers=READER_THREADS, thread_name_prefix="solocards-db-read")
            if self.threaded and not is_memory_url(repository.url)
            else None
        )
        self._local = threading.local()
        self.observe: Callable[[str, float], None] | None = None
        """Told ``(method name, seconds)`` of each call and read (the server's metrics)."""
        self._reader_repositories: list[Repository] = []
        self._reader_lock = threading.Lock()

    async def read(
        self, method: Callable[Concatenate[Repository, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run the read ``method(repository, *args, **kwargs)`` on a reader thread.

        ``method`` is a plain :class:`Repository` method such as ``Repository.load``; it only
        sees what the storage thread has committed.
        """
        if self._readers is None:
            return await self.call(method, self.sync, *args, **kwargs)
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        try:
            return await loop.run_in_executor(
                self._readers, lambda: method(self._reader(), *args, **kwargs)
            )
        finally:
            self._observed(method, started)

    def _reader(self) -> Repository:
        """This reader thread's repository: the same engine, a connection of its own."""
        repository: Repository | None = getattr(self._local, "repository", None)
        if repository is None:
            repository = Repository(self.sync.url, engine=self.sync.engine)
            self._local.repository = repository
            with self._reader_lock:
                self._reader_repositories.append(repository)
        return repository

    async def call(self, method: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``method(*args, **kwargs)`` on the storage thread (inline when not threaded)."""
        started = time.perf_counter()
        try:
            if self._executor is None:
                return method(*args, **kwargs)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor, lambda: method(*args, **kwargs))
        finally:
            self._observed(method, started)

    def _observed(self, method: Callable[..., Any], started: float) -> None:
        """Tell :attr:`observe` how long a call of ``method`` took since ``started``."""
        if self.observe is not None:
            name = getattr(method, "__name__", "call")
            self.observe(name, time.perf_counter() - started)

    def close(self) -> None:
        """Finish pending writes, stop the threads and close the connections."""
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        if self._readers is not None:
            self._readers.shutdown(wait=True)
        for repository in self._reader_repositories:
            repository.close()
        self.sync.dispose()
