"""Several server processes on one database and one Redis (``solocards serve --broker ...``).

Any process serves any client; each table is held by one process at a time, the holder of its
lease (:mod:`.leases`), which alone writes its actions, runs its bots, clock and timers, and
builds every client's view, exactly as a single server does.

- **A client of a table held elsewhere**: its process forwards the client's messages, as they
  came, to the holder on the holder's channel (:mod:`.broker`). The holder answers them with
  the same code as its own clients' (:func:`solocards.server.live.play.handle`) for a stand-in
  connection (:class:`RemoteConnection`) in the table's subscribers; what it sends that
  stand-in (the client's own view, never another seat's) goes back to the client's process,
  which passes it on. An action is acknowledged by its ``update``, sent after the commit.
  Chat lines and the spectator list reach the stand-in as any subscriber; a forwarded join
  carries the client's language, and the holder answers the stand-in in it.
- **A table's chat** is also kept in Redis by its holder (the last lines), and read back by
  the process that takes the table over (:meth:`Cluster.keep_chat`).
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

from ...i18n import DEFAULT_LANGUAGE, normalise, use_language
from ..config import Settings
from ..failures import STORAGE_ERRORS, one_line, storage_unavailable
from ..live.chat import CHAT_BURST, CHAT_HISTORY, CHAT_RATE
from ..live.connection import Connection
from ..live.jsonfast import dumps
from ..live.protocol import Join, ProtocolError, Simple, error, parse
from ..ratelimit import ClientBuckets, TokenBucket
from .broker import Broker, BrokerUnavailable
from .forwarding import serve_forwarded
from .leases import Leases
from .sharedlimits import SharedBuckets

if TYPE_CHECKING:
    from fastapi import FastAPI

    from ..live.table import Table
    from ..live.tables import TableManager

log = logging.getLogger(__name__)

QUIET_SECONDS = 2.5
"""After (re)connecting to Redis, a process waits this long before it takes a free table:
the holders take their leases back first (they renew every second)."""

CREATING_SECONDS = 30.0
"""The longest a table being created here keeps its lease before it is in memory."""

REJOIN_ERRORS: tuple[type[Exception], ...] = (*STORAGE_ERRORS, RedisError, ConnectionError)
"""What may keep a client from joining its table again (it is told ``storage``)."""

Key = tuple[str, str]
"""A forwarded client: (its process, its connection id)."""


class RemoteConnection(Connection):
    """A client of another process, as the holder's table sees it.

    What the table sends it goes back to the client's process (``push``); the client's
    messages arrive in ``inbox`` and are handled in order by one task.
    """

    def __init__(
        self, broker: Broker, process_id: str, conn_id: str, address: str, settings: Settings
    ) -> None:
        # no WebSocket of its own: everything a Connection does with one is overridden here
        self.settings = settings
        self.address = address
        self.bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        self.joins = TokenBucket(settings.joins_per_second, settings.join_burst)
        self.chat_bucket = TokenBucket(CHAT_RATE, CHAT_BURST)
        self.watcher_name: str | None = None
        self.lang = DEFAULT_LANGUAGE  # a forwarded join says its language
        self.table = None
        self.seat = None
        self.generation = None
        self.closed = False
        self.broker = broker
        self.process_id = process_id
        self.conn_id = conn_id
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Nothing to start: the broker's publisher writes for every stand-in."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Send to the client through its process (order kept)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else dumps(message)
        self.broker.push(self.process_id, self.conn_id, text)

    def moved(self) -> None:
        """Tell the client's process that the table is no longer held here."""
        self.broker.send(self.process_id, {"k": "moved", "c": self.conn_id})

    def close(self) -> None:
        """Stop sending."""
        self.closed = True

    async def stop(self) -> None:
        """Stop sending."""
        self.closed = True


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
        self.stand_ins: dict[Key, RemoteConnection] = {}
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
        self._listed: dict[str, str] = {}  # the lobby entries last written to Redis
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
        self.broker.on_forward = self._on_forward
        await self.broker.start()
        with contextlib.suppress(RedisError, OSError):
            await self.leases.renew([])
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._every(self.settings.lease_seconds / 3, self._renew)),
            loop.create_task(self._every(0.5, self._watch)),
            loop.create_task(self._every(self.settings.sweep_seconds, self._sweep)),
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

    async def _every(self, seconds: float, work: Any) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await work()
            except (RedisError, OSError) as problem:  # BrokerUnavailable is an OSError
                log.debug("cluster work skipped: %s", problem)
            except Exception:
                log.exception("cluster work failed")

    def _spawn(self, coroutine: Any) -> None:
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
                await self._restore_chat(table)
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

    def keep_chat(self, table: Table) -> None:
        """Keep each new chat line of ``table`` in Redis too (the last :data:`CHAT_HISTORY`),
        so that a process that takes the table over has them."""
        if table.chat.on_add is None:
            table.chat.on_add = lambda line: self._spawn(self._store_chat(table.id, line))
            table.chat.on_hide = lambda line_id: self._spawn(self._drop_chat(table.id, line_id))

    async def _store_chat(self, table_id: str, line: dict[str, Any]) -> None:
        key = self.broker.key("chat", table_id)
        try:
            async with self.broker.redis.pipeline(transaction=False) as pipe:
                pipe.zadd(key, {dumps(line): int(line["id"])})
                pipe.zremrangebyrank(key, 0, -CHAT_HISTORY - 1)
                pipe.expire(key, max(1, int(self.settings.idle_expiry)))
                await pipe.execute()
        except (RedisError, OSError) as problem:  # the line was sent; only its copy is lost
            log.debug("a chat line of table %s was not kept in Redis: %s", table_id, problem)

    async def _drop_chat(self, table_id: str, line_id: int) -> None:
        """Forget a hidden line's copy, so that the table's next holder does not show it."""
        try:
            key = self.broker.key("chat", table_id)
            await self.broker.redis.zremrangebyscore(key, line_id, line_id)
        except (RedisError, OSError) as problem:
            log.warning("a hidden chat line of table %s stays in Redis: %s", table_id, problem)

    async def _restore_chat(self, table: Table) -> None:
        """Take back the chat lines the table's previous holder kept, then keep the new ones."""
        if table.chat.on_add is None:
            try:
                kept = await self.broker.redis.zrange(self.broker.key("chat", table.id), 0, -1)
            except (RedisError, OSError) as problem:
                log.info("the chat of table %s could not be read back: %s", table.id, problem)
                kept = []
            table.chat.restore([orjson.loads(value) for value in kept if isinstance(value, bytes)])
        self.keep_chat(table)

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
        await self._list_public_tables()
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
                await self._restore_chat(table)
                await self.manager.revive(table)
            else:
                log.warning("table %s is held elsewhere; this copy is dropped", table_id)
                self.step_down(table_id)

    async def _list_public_tables(self) -> None:
        """Show this process's public tables in the lobby of every process.

        One Redis hash per process (``listed:<process>``: table id -> its lobby entry),
        expiring with the lease when this process stops renewing it; an entry is written
        again only when it changed, so a renewal costs a few commands however many tables
        this process holds. A hash that vanished (Redis restarted) is written whole again.
        """
        entries = {
            table.id: dumps(table.info(DEFAULT_LANGUAGE))
            for table in self.manager.tables.values()
            if table.public and table.status in ("lobby", "playing")
        }
        key = self.broker.key("listed", self.process_id)
        index = self.broker.key("listers")
        now = time.time()
        changed = {i: text for i, text in entries.items() if self._listed.get(i) != text}
        gone = [i for i in self._listed if i not in entries]
        self._listed = {}  # unknown until Redis has taken it
        async with self.broker.redis.pipeline(transaction=False) as pipe:
            if changed:
                pipe.hset(key, mapping=changed)  # type: ignore[arg-type]
            if gone:
                pipe.hdel(key, *gone)
            pipe.pexpire(key, self.leases.ttl_ms)
            pipe.zadd(index, {self.process_id: now})  # scored by when it last said its tables
            pipe.zremrangebyscore(index, "-inf", now - 2 * self.settings.lease_seconds)
            kept = (await pipe.execute())[-3]
        if not kept and entries:  # the hash was gone: write it whole
            async with self.broker.redis.pipeline(transaction=False) as pipe:
                pipe.hset(key, mapping=entries)  # type: ignore[arg-type]
                pipe.pexpire(key, self.leases.ttl_ms)
                await pipe.execute()
        self._listed = entries

    async def public_tables(self, limit: int) -> list[dict[str, Any]]:
        """Public tables in the lobby or in play on every process, newest first (a table that
        just moved, listed by both processes for a moment, once: its latest version)."""
        now = time.time()
        listers = await self.broker.redis.zrangebyscore(
            self.broker.key("listers"), now - 2 * self.settings.lease_seconds, "+inf"
        )
        names = [_text(value) for value in listers if isinstance(value, bytes | str)]
        if not names:
            return []
        async with self.broker.redis.pipeline(transaction=False) as pipe:
            for name in names:
                pipe.hvals(self.broker.key("listed", name))
            lists = await pipe.execute()
        tables: dict[str, dict[str, Any]] = {}
        for values in lists:
            for value in values:
                info = orjson.loads(value)
                known = tables.get(info["id"])
                if known is None or int(info["version"]) > int(known["version"]):
                    tables[info["id"]] = info
        listed = sorted(tables.values(), key=lambda info: str(info["created_at"]), reverse=True)
        return listed[:limit]

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
                # here but makes its process join it again (:meth:`_on_forward`)
                self._drop_stand_in((conn.process_id, conn.conn_id), tell=True)
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
        processes = sorted({key[0] for key in self.stand_ins})
        alive = await self.leases.alive(processes)
        for key in list(self.stand_ins):
            if not alive.get(key[0], True):
                self._drop_stand_in(key, tell=True)
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
        self._spawn(self._rejoin_and_release(conn))

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
            self._drop_stand_in((str(message["from"]), str(message["c"])))
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
            self._spawn(serve_forwarded(self.app, self.broker, message, self.forward_key))

    def _on_forward(self, process_id: str, conn_id: str, address: str, text: str) -> None:
        """A message of a client of another process, for a table held here.

        A client forwarded here without a stand-in (it was dropped while its process was
        away) is not answered ``not_joined`` over and over: its process is told to join it
        again (with its seat token), and drops the message."""
        if (process_id, conn_id) not in self.stand_ins and not _is_join(text):
            self.broker.send(process_id, {"k": "moved", "c": conn_id})
            return
        self._stand_in(process_id, conn_id, address).inbox.put_nowait(text)

    def _drop_stand_in(self, key: Key, tell: bool = False) -> None:
        """Stop answering a forwarded client here (its stand-in leaves its table); ``tell``:
        its process joins it again wherever its table is."""
        stand_in = self.stand_ins.pop(key, None)
        if stand_in is None:
            return
        stand_in.inbox.put_nowait(None)
        if tell:
            stand_in.moved()

    def _stand_in(self, process_id: str, conn_id: str, address: str) -> RemoteConnection:
        key = (process_id, conn_id)
        stand_in = self.stand_ins.get(key)
        if stand_in is None:
            stand_in = RemoteConnection(self.broker, process_id, conn_id, address, self.settings)
            self.stand_ins[key] = stand_in
            stand_in.worker = asyncio.get_running_loop().create_task(self._serve(key, stand_in))
        return stand_in

    async def _serve(self, key: Key, stand_in: RemoteConnection) -> None:
        """Answer a forwarded client's messages in order, as :mod:`.play` answers its own."""
        try:
            while True:
                text = await stand_in.inbox.get()
                if text is None:
                    break
                await self._answer_forwarded(key, stand_in, text)
        finally:
            if self.stand_ins.get(key) is stand_in:
                del self.stand_ins[key]
            table = stand_in.table
            if table is not None:
                await table.leave(stand_in)
                self.manager.forget_if_idle(table)
            stand_in.closed = True

    async def _answer_forwarded(self, key: Key, stand_in: RemoteConnection, text: str) -> None:
        """One forwarded message, answered in the client's language (a join's, else the
        language its last join set)."""
        from ..live.play import handle

        try:
            message = parse(text)
        except ProtocolError as problem:  # checked by the client's process: never here
            stand_in.send(problem.message())
            return
        joining = isinstance(message, Join)
        lang = message.lang if isinstance(message, Join) else None
        with use_language(lang or stand_in.lang):
            try:
                if (
                    isinstance(message, Join)
                    and not self.holds(message.table)
                    and not (await self.claim(message.table) and self.holds(message.table))
                ):
                    stand_in.moved()
                    return
                await handle(stand_in, self.manager, message)
                if joining:
                    self.broker.send(key[0], {"k": "joined", "c": key[1], "lang": stand_in.lang})
            except ProtocolError as problem:
                stand_in.send(problem.message())
            except STORAGE_ERRORS as failure:
                log.warning("a forwarded request failed: %s", one_line(failure))
                stand_in.send(error("storage", storage_unavailable()))


def _is_join(text: str) -> bool:
    """Whether a forwarded message (checked by the client's process) is a ``join``.

    >>> _is_join('{"type": "join", "table": "t1"}'), _is_join('{"action": "R7", "version": 3}')
    (True, False)
    """
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return isinstance(message, dict) and message.get("type") == "join"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
