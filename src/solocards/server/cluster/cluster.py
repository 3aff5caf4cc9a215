"""Several server processes on one database and one Redis (``solocards serve --broker ...``).

Any process serves any client; each table is held by one process at a time, the holder of its
lease (:mod:`.leases`), which alone writes its actions, runs its bots, clock and timers, and
builds every client's view, exactly as a single server does.

- **A client of a table held elsewhere**: its process forwards the client's messages, as they
  came, to the holder on the holder's channel (:mod:`.broker`). The holder answers them with
  the same code as its own clients' (:func:`solocards.server.live.play.handle`) for a stand-in
  connection (:class:`~.standins.RemoteConnection`) in the table's subscribers; what it sends that
  stand-in (the client's own view, never another seat's) goes back to the client's process,
  which passes it on. An action is acknowledged by its ``update``, sent after the commit.
  Chat lines and the spectator list reach the stand-in as any subscriber; a forwarded join
  carries the client's language, and the holder answers the stand-in in it.
- **A table's chat** is also kept in Redis by its holder (the last lines), and read back by
  the process that takes the table over (:class:`~.chatcopies.ChatCopies`).
- **A lobby request for a table held elsewhere** (``/api/tables/{id}/...``) is forwarded the
  same way and answered by the holder's own application (:mod:`.forwarding`), marked with a
  key of the holder's own: the same header from a client is refused.
- **A free table** (its holder died, or nobody held it) is taken by the first process that
  needs it: it takes the lease, rebuilds the table from storage by replay, and re-arms its
  clock, bots and leave timers (:meth:`TableManager.revive`). Every process also looks for
  tables in play that nobody holds (``sweep_seconds``), so bot tables carry on too.
- **The holder dies**: its leases expire after ``lease_seconds``; clients that were forwarded
  to it are joined again wherever the table went (they get a full ``sync``), and clients that
  were connected to it reconnect to any process and resync by version.
- **Redis restarts**: every process notices, waits ``QUIET_SECONDS`` (holders take their
  leases back meanwhile) and joins its forwarded clients again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

import orjson
from redis.exceptions import RedisError

from ...i18n import normalise, use_language
from ..config import Settings
from ..failures import STORAGE_ERRORS, one_line
from ..live.connection import Connection
from ..live.jsonfast import dumps
from ..live.protocol import Join, ProtocolError, Simple, parse
from ..ratelimit import ClientBuckets
from .broker import Broker, BrokerUnavailable
from .chatcopies import ChatCopies
from .forwarding import serve_forwarded
from .leases import Leases
from .listing import PublicListing
from .sharedlimits import SharedBuckets
from .standins import RemoteConnection, StandIns

if TYPE_CHECKING:
    from fastapi import FastAPI

    from ..live.tables import TableManager

log = logging.getLogger(__name__)

QUIET_SECONDS = 2.5
"""After (re)connecting to Redis, a process waits this long before it takes a free table:
the holders take their leases back first (they renew every second)."""

CREATING_SECONDS = 30.0
"""The longest a table being created here keeps its lease before it is in memory."""

REJOIN_ERRORS: tuple[type[Exception], ...] = (*STORAGE_ERRORS, RedisError, ConnectionError)
"""What may keep a client from joining its table again (it is told ``storage``)."""


class Cluster:
    """This process's part of the cluster: its leases, its forwarded clients and stand-ins."""

    def __init__(self, app: FastAPI, manager: TableManager, settings: Settings) -> None:
        assert settings.broker_url is not None
        self.app = app
        self.manager = manager
        self.settings = settings
        self.broker = Broker(settings.broker_url, settings.broker_namespace)
        self.leases = Leases(
            self.broker.redis,
            settings.broker_namespace,
            self.broker.process_id,
            settings.lease_seconds,
        )
        self.stand_ins = StandIns(self)  # the clients of other processes at tables held here
        self.chat_copies = ChatCopies(self)  # the chat of the tables held here, kept in Redis
        self.listing = PublicListing(self)  # the public tables of every process
        self.connections: dict[str, Connection] = {}  # this process's clients by id
        self.ids: dict[Connection, str] = {}
        self.attached: dict[Connection, tuple[str, str]] = {}  # client -> (table, holder)
        self.holders_seen: dict[Connection, set[str]] = {}
        self.joins: dict[Connection, str] = {}  # the last join of each client, as sent
        self._claiming: dict[str, asyncio.Lock] = {}
        self._rejoining: dict[Connection, asyncio.Event] = {}
        self._loading: set[str] = set()  # tables being claimed (their lease is kept)
        self._creating: dict[str, float] = {}  # tables being created here: since when
        self._tasks: list[asyncio.Task[None]] = []
        self._spawned: set[asyncio.Task[None]] = set()
        self._renew_failing = False
        self._renewed_at: float | None = None  # monotonic time of the last renewal that worked
        self._next_id = 0
        # marks the lobby requests this process answers for another (:mod:`.forwarding`)
        self.forward_key = secrets.token_urlsafe(24)

    def shared_buckets(self, name: str, rate: float, burst: int) -> ClientBuckets:
        """A per-client limit counted in Redis by every process (:mod:`.sharedlimits`)."""
        return SharedBuckets(self.broker.redis, self.settings.broker_namespace, name, rate, burst)

    @property
    def process_id(self) -> str:
        """This process's id in the cluster."""
        return self.broker.process_id

    # -- life cycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect to Redis and start renewing leases, watching holders and sweeping."""
        self.broker.on_message = self._on_message
        self.broker.on_reconnect = self._on_reconnect
        self.broker.on_push = self._on_push
        self.broker.on_forward = self.stand_ins.on_forward
        await self.broker.start()
        with contextlib.suppress(RedisError, OSError):
            await self.leases.renew([])
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(repeat_every(self.settings.lease_seconds / 3, self._renew)),
            loop.create_task(repeat_every(0.5, self._watch)),
            loop.create_task(repeat_every(self.settings.sweep_seconds, self._sweep)),
        ]
        log.info("cluster process %s ready", self.process_id)

    async def close(self) -> None:
        """Stop the loops, hand every lease back and close the broker."""
        for task in [*self._tasks, *self._spawned]:
            task.cancel()
        for task in [*self._tasks, *self._spawned]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table_id in list(self.leases.held):
            with contextlib.suppress(RedisError, OSError):
                await self.leases.release(table_id)
        await self.broker.close()

    def spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` as a task of the cluster (cancelled by :meth:`close`)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # -- where a table is held -----------------------------------------------------------------

    def holds(self, table_id: str) -> bool:
        """Whether this process holds ``table_id`` and has it in memory."""
        return table_id in self.leases.held and table_id in self.manager.tables

    async def locate(self, table_id: str, patience: float = 10.0) -> str | None:
        """The process that holds ``table_id``: ``None`` for this one (taking it if it is free).

        An unknown table is "here" (the caller answers that it does not exist). A holder
        whose process died is waited for until its lease expires, then the table is taken.
        """
        try:
            return await self._locate(table_id, patience)
        except (RedisError, OSError) as problem:
            raise BrokerUnavailable(f"Redis cannot be reached: {problem}") from None

    async def _locate(self, table_id: str, patience: float) -> str | None:
        deadline = asyncio.get_running_loop().time() + patience
        while True:
            if self.holds(table_id):
                return None
            holder = await self.leases.holder(table_id)
            if holder == self.process_id or (holder is None and self.broker.quiet(QUIET_SECONDS)):
                if await self.claim(table_id):
                    return None
            elif holder is not None and (await self.leases.alive([holder]))[holder]:
                return holder
            if asyncio.get_running_loop().time() > deadline:
                raise BrokerUnavailable(f"table {table_id} has no holder that answers")
            await asyncio.sleep(0.2)

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease and load it here (rebuilt by replay, clock and bots re-armed).

        ``False`` when another process holds it. A table that does not exist is released.
        """
        lock = self._claiming.setdefault(table_id, asyncio.Lock())
        async with lock:
            self._loading.add(table_id)
            try:
                if self.holds(table_id):
                    return True
                if not await self.leases.acquire(table_id):
                    return False
                table = await self.manager.get(table_id)
                if table is None:
                    await self.leases.release(table_id)
                    return True
                await self.chat_copies.restore(table)
                await self.manager.revive(table)
                if self.manager.metrics is not None:
                    self.manager.metrics.failover()
                log.info("table %s is held here now (version %d)", table_id, table.version)
                return True
            finally:
                self._loading.discard(table_id)

    async def claim_new(self, table_id: str) -> None:
        """Hold a table that is being created here (its lease is kept while it is stored)."""
        self._creating[table_id] = time.monotonic()
        await self.leases.acquire(table_id)

    # -- the chat of the tables held here (kept in Redis for the next holder) ------------------

    async def _renew(self) -> None:
        """Renew this process's leases, give back those of tables gone from memory, and step
        down from tables another process took meanwhile.

        Only the leases of tables this process took (:meth:`claim`, :meth:`claim_new`) are
        renewed: a table read into memory some other way (its lease was never taken, its clock
        and bots never re-armed) is taken and revived, or dropped (:meth:`_adopt_unclaimed`)."""
        await self._adopt_unclaimed()
        in_memory = [table_id for table_id in self.manager.tables if table_id in self.leases.held]
        try:
            lost = await self.leases.renew(in_memory)
        except (RedisError, OSError) as problem:
            if not self._renew_failing:
                log.warning("renewing the leases failed: %s", problem)
            self._renew_failing = True
            return
        if self._renew_failing:
            log.info("the leases are renewed again")
        self._renew_failing = False
        self._after_renewal()
        for table_id in lost:
            log.warning("table %s is held by another process now; this one lets go", table_id)
            self.step_down(table_id)
        await self.listing.publish()
        now = time.monotonic()
        for table_id, since in list(self._creating.items()):
            if table_id in self.manager.tables or now - since > CREATING_SECONDS:
                del self._creating[table_id]
        present = set(self.manager.tables) | self._loading | set(self._creating)
        for table_id in list(self.leases.held - present):
            await self.leases.release(table_id)
        for table_id, lock in list(self._claiming.items()):
            if table_id not in present and not lock.locked():
                del self._claiming[table_id]

    def _after_renewal(self) -> None:
        """After a renewal that worked: if the last one was longer ago than the alive key
        lasts (this process was paused, or cut from Redis), the holders may have dropped its
        forwarded clients' stand-ins meanwhile, so every forwarded client joins again."""
        now = time.monotonic()
        last, self._renewed_at = self._renewed_at, now
        if last is not None and now - last > self.settings.lease_seconds:
            log.warning(
                "this process was away %.1f s, longer than its alive key; its forwarded "
                "clients join their tables again",
                now - last,
            )
            self._rejoin_all()

    async def _adopt_unclaimed(self) -> None:
        """A table in the lobby or in play that is in memory without its lease: this process
        takes the lease and revives it (clock, bots, leave timers), or, if another process
        holds it, lets it go. A lease is never held for a table that is not revived."""
        for table_id, table in list(self.manager.tables.items()):
            unclaimed = table_id not in self.leases.held and table_id not in self._loading
            if not unclaimed or table.status not in ("lobby", "playing"):
                continue
            if await self.leases.acquire(table_id):
                log.info("table %s was in memory without its lease; it is held here", table_id)
                await self.chat_copies.restore(table)
                await self.manager.revive(table)
            else:
                log.warning("table %s is held elsewhere; this copy is dropped", table_id)
                self.step_down(table_id)

    async def public_tables(self, limit: int) -> list[dict[str, Any]]:
        """Public tables in the lobby or in play on every process, newest first."""
        return await self.listing.public_tables(limit)

    def step_down(self, table_id: str) -> None:
        """Drop a table this process no longer holds; its clients join it where it is now."""
        table = self.manager.stop_table(table_id)
        self.leases.held.discard(table_id)
        if table is None:
            return
        for conn in list(table.subscribers):
            table.subscribers.discard(conn)
            conn.table = None
            conn.seat = None
            conn.generation = None
            if isinstance(conn, RemoteConnection):
                # dropped, so that what its client sends meanwhile is not answered not_joined
                # here but makes its process join it again (:meth:`StandIns.on_forward`)
                self.stand_ins.drop((conn.process_id, conn.conn_id), tell=True)
            else:
                self.rejoin_soon(conn)

    async def _sweep(self) -> None:
        """Take the tables in play that nobody holds (their holder died): bots, clocks and
        timers carry on, and their clients find them when they reconnect."""
        if not self.broker.quiet(QUIET_SECONDS):
            return
        repo = self.manager.repo
        playing = await repo.read(type(repo.sync).playing_table_ids)
        candidates = [table_id for table_id in playing if table_id not in self.manager.tables]
        holders = await self.leases.holders(candidates)
        for table_id, holder in zip(candidates, holders, strict=True):
            if holder is None:
                await self.claim(table_id)

    async def _watch(self) -> None:
        """Drop the stand-ins of processes that died; join again the clients forwarded to a
        holder that died.

        A process that was only away (paused, or cut from Redis, longer than its alive key) is
        told of each stand-in dropped (``moved``) and joins its clients again. Nothing is
        dropped until Redis has been back for :data:`QUIET_SECONDS` (the other processes
        say they are alive again first)."""
        if not self.broker.quiet(QUIET_SECONDS):
            return
        processes = sorted({key[0] for key in self.stand_ins.all})
        alive = await self.leases.alive(processes)
        for key in list(self.stand_ins.all):
            if not alive.get(key[0], True):
                self.stand_ins.drop(key, tell=True)
        holders = sorted({where[1] for where in self.attached.values()})
        alive = await self.leases.alive(holders)
        for conn, (_table_id, holder) in list(self.attached.items()):
            if not alive.get(holder, True):
                self.attached.pop(conn, None)
                self.rejoin_soon(conn)

    async def _on_reconnect(self) -> None:
        """Redis was lost: messages may be too; every forwarded client joins again."""
        self._rejoin_all()

    def _rejoin_all(self) -> None:
        """Join every forwarded client again where its table is (its stand-in may be gone)."""
        for conn in list(self.attached):
            self.attached.pop(conn, None)
            self.rejoin_soon(conn)

    # -- this process's clients ----------------------------------------------------------------

    def conn_id(self, conn: Connection) -> str:
        """The id of a client of this process in the cluster's messages."""
        known = self.ids.get(conn)
        if known is None:
            self._next_id += 1
            known = str(self._next_id)
            self.ids[conn] = known
            self.connections[known] = conn
        return known

    async def handle(self, conn: Connection, message: Any, text: str) -> bool:
        """Forward a client's message to the holder of its table; ``False``: handle it here."""
        if isinstance(message, Join):
            if message.lang is None:  # the holder answers in the language of the handshake
                text = dumps({**orjson.loads(text), "lang": conn.lang})
            self.joins[conn] = text
            holder = await self.locate(message.table)
            if holder is None:
                self._detach(conn)
                return False
            previous = conn.table
            if previous is not None:
                await previous.leave(conn)
                self.manager.forget_if_idle(previous)
            self._detach(conn)
            self.attached[conn] = (message.table, holder)
            self.holders_seen.setdefault(conn, set()).add(holder)
            self._forward(conn, holder, text)
            return True
        if isinstance(message, Simple) and message.type == "ping":
            return False  # answered here at once
        moving = self._rejoining.get(conn)
        if moving is not None:  # its table is being joined again: after that, as usual
            await moving.wait()
        where = self.attached.get(conn)
        if where is None:
            return False
        self._forward(conn, where[1], text)
        if isinstance(message, Simple) and message.type == "leave":
            self.attached.pop(conn, None)
            self.joins.pop(conn, None)
        return True

    def _forward(self, conn: Connection, holder: str, text: str) -> None:
        self.broker.forward(holder, self.conn_id(conn), conn.address, text)

    def _detach(self, conn: Connection) -> None:
        """Stop forwarding ``conn``: its stand-in leaves the table it watched."""
        where = self.attached.pop(conn, None)
        if where is not None:
            self.broker.send(
                where[1], {"k": "gone", "c": self.conn_id(conn), "from": self.process_id}
            )

    async def disconnected(self, conn: Connection) -> None:
        """A client of this process went away."""
        conn_id = self.ids.pop(conn, None)
        self.attached.pop(conn, None)
        self.joins.pop(conn, None)
        for holder in self.holders_seen.pop(conn, set()):
            if conn_id is not None:
                self.broker.send(holder, {"k": "gone", "c": conn_id, "from": self.process_id})
        if conn_id is not None:
            self.connections.pop(conn_id, None)

    def rejoin_soon(self, conn: Connection) -> None:
        """Join ``conn`` again to the table it last joined, wherever it is now (a full sync).

        Marked at once, so that a message of the client that comes meanwhile waits for the
        join instead of finding no table (``not_joined``)."""
        if conn in self._rejoining:
            return
        self._rejoining[conn] = asyncio.Event()
        self.spawn(self._rejoin_and_release(conn))

    async def _rejoin_and_release(self, conn: Connection) -> None:
        try:
            await self._rejoin(conn)
        finally:
            self._rejoining.pop(conn).set()

    async def _rejoin(self, conn: Connection) -> None:
        text = self.joins.get(conn)
        if text is None or conn.closed:
            return
        message = parse(text)
        assert isinstance(message, Join)
        again = dumps(
            {
                "type": "join",
                "table": message.table,
                "token": message.token,
                "lang": message.lang,
                "name": message.name,
            }
        )
        wait = 0.1
        while not conn.closed and conn in self.joins:
            try:
                with use_language(message.lang or conn.lang):
                    if not await self.handle(conn, parse(again), again):
                        from ..live.play import handle

                        await handle(conn, self.manager, parse(again))
                return
            except ProtocolError as problem:
                conn.send(problem.message())
                return
            except REJOIN_ERRORS as failure:  # Redis or the database is not back yet
                log.info("a client could not join its table again yet: %s", one_line(failure))
                await asyncio.sleep(wait)
                wait = min(2.0, wait * 2)

    # -- messages from the other processes -----------------------------------------------------

    def _on_push(self, conn_id: str, text: str) -> None:
        """What a holder sends one of this process's clients."""
        conn = self.connections.get(conn_id)
        if conn is not None:
            conn.send(text)

    async def _on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("k")
        if kind == "gone":
            self.stand_ins.drop((str(message["from"]), str(message["c"])))
        elif kind == "moved":
            conn = self.connections.get(str(message["c"]))
            if conn is not None and conn in self.attached:
                self.attached.pop(conn, None)
                self.rejoin_soon(conn)
        elif kind == "joined":  # a forwarded join was taken: its language is the client's now
            conn = self.connections.get(str(message["c"]))
            lang = normalise(str(message.get("lang")))
            if conn is not None and lang is not None:
                conn.lang = lang
        elif kind == "http":
            self.spawn(serve_forwarded(self.app, self.broker, message, self.forward_key))


async def repeat_every(seconds: float, work: Any) -> None:
    """Run ``work()`` every ``seconds`` until cancelled; a failure is logged, not raised."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await work()
        except (RedisError, OSError) as problem:  # BrokerUnavailable is an OSError
            log.debug("cluster work skipped: %s", problem)
        except Exception:
            log.exception("cluster work failed")
