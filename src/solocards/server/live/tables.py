"""The tables of a server: creating, finding, restoring after a restart, rematches, expiry.

Unfinished tables live in memory (the authoritative matches) and in the database (their
records). At start-up every table in the lobby or in play is rebuilt by replaying its stored
actions; finished tables are read back when someone asks for them. Idle tables expire
(:mod:`solocards.server.live.expiry`).

A new table's options are checked as a new match's (:meth:`TableManager.create`); a stored
table is rebuilt with the options it was stored with, even where a rule has since become
stricter for new matches (German Solo's deals with three or five players), so that an upgrade
of the server loses no table (:mod:`.gamecache`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from ...core.errors import OptionError
from ...core.rng import fresh_seed
from ...games.registry import make
from ...i18n import _, render_error
from ..config import Settings
from ..failures import STORAGE_ERRORS, StorageUnavailable, one_line
from ..ratings.rated import check_rated_table
from ..security import hash_token, new_table_id, new_token, token_matches
from ..storage import AsyncRepository, Repository, StoredSeat, StoredTable
from . import autoplay
from .botpool import BotPool
from .clock import LONG_CLOCK_SECONDS, TIMEOUT_RULES
from .expiry import OPEN_STATUSES, IdleWatch
from .hints import Hints
from .table import Table, TableError

if TYPE_CHECKING:
    from ..cluster.cluster import Cluster
    from ..http.metrics import ServerMetrics
    from ..moderation.bans import BanList

log = logging.getLogger(__name__)

FULL_RETRY_SECONDS = 60
"""The ``Retry-After`` of a full server: tables finish or expire over minutes, not seconds."""


class TableManager:
    """Every table of this server, and the bot task of each table in play."""

    def __init__(self, repo: AsyncRepository, settings: Settings) -> None:
        self.repo = repo
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self._autoplay: dict[str, asyncio.Task[None]] = {}
        self.bot_pool = BotPool(settings.bot_threads, settings.bot_deadline_seconds)
        self.hints = Hints(settings)
        self.idle = IdleWatch(settings.lobby_expiry, settings.idle_expiry)
        self._expiry: asyncio.Task[None] | None = None
        self.cluster: Cluster | None = None  # several processes: tables are held by lease
        self.metrics: ServerMetrics | None = None  # what /metrics reports, when it is on
        self.bans: BanList | None = None  # the names and addresses kept out (moderation)

    # -- life cycle --------------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every unfinished table from storage; returns how many.

        Lobby tables older than ``lobby_expiry`` expire first, in storage, without being read
        (but for games over days: :meth:`IdleWatch.limit`).
        """
        cutoff = datetime.now(UTC) - timedelta(seconds=self.settings.lobby_expiry)
        try:
            stale = await self.repo.call(
                self.repo.sync.expire_lobby_tables, cutoff, LONG_CLOCK_SECONDS
            )
        except STORAGE_ERRORS as error:  # a read-only database still serves what it holds
            log.warning("stale lobby tables could not be expired: %s", one_line(error))
            stale = 0
        if stale:
            log.info("%d lobby tables older than %s expired", stale, cutoff.isoformat())
        if self.cluster is not None:  # each table comes back where its lease is taken
            return 0
        stored_tables = await self.repo.call(self.repo.sync.load_unfinished)
        for stored in stored_tables:
            try:
                table = Table(stored, self.repo, self.settings)
            except Exception:
                log.exception("table %s could not be rebuilt; it stays stored", stored.id)
                continue
            self.tables[table.id] = table
            await self.revive(table)
        log.info("restored %d tables", len(stored_tables))
        return len(stored_tables)

    async def revive(self, table: Table) -> None:
        """Carry on with a table rebuilt from storage: its clock, leave timers and bots."""
        if table.status != "playing" or table.match is None or table.id in self._autoplay:
            return
        if table.match.is_over:  # finished, but the record was not stored
            table.status = "finished"
            await table.store_finish()
        else:
            async with table.lock:
                await table.rearm()
            self._start_autoplay(table)

    def stop_table(self, table_id: str) -> Table | None:
        """Drop a table from memory at once: its bots, clock and timers stop (it stays stored).

        Used when another process holds it now.
        """
        table = self.tables.pop(table_id, None)
        task = self._autoplay.pop(table_id, None)
        if task is not None:
            task.cancel()
        if table is not None:
            table.close()
        return table

    async def close(self) -> None:
        """Stop every bot task, clock and timer, and the look for idle tables."""
        if self._expiry is not None:
            self._expiry.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._expiry
        for table in self.tables.values():
            table.close()
        tasks = list(self._autoplay.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.bot_pool.close()
        await self.hints.close()

    # -- expiry ------------------------------------------------------------------------------

    def start_expiry(self) -> None:
        """Look for idle tables every ``expiry_interval`` seconds until :meth:`close`."""
        self._expiry = asyncio.get_running_loop().create_task(self._expire_idle_forever())

    async def _expire_idle_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.expiry_interval)
            try:
                await self.expire_idle()
            except Exception:
                log.exception("looking for idle tables failed")

    async def expire_idle(self, now: float | None = None) -> list[str]:
        """Expire every table idle past its limit; returns their ids."""
        moment = time.monotonic() if now is None else now
        expired = []
        for table in self.idle.expired(list(self.tables.values()), moment):
            if await self.expire(table, idle_only=True):
                expired.append(table.id)
        return expired

    async def expire(self, table: Table, idle_only: bool = False) -> bool:
        """Mark ``table`` expired (storage first), tell its clients, drop it from memory.

        With ``idle_only`` nothing happens if the table was used since it was found idle.
        """
        async with table.lock:
            if table.status not in OPEN_STATUSES:
                return False
            if idle_only and not self.idle.unchanged(table):
                return False
            try:
                await self.repo.call(self.repo.sync.set_status, table.id, "expired")
            except STORAGE_ERRORS as error:
                log.warning(
                    "table %s: storing its expiry failed (%s); it stays", table.id, one_line(error)
                )
                return False
            was = table.status
            table.status = "expired"
            table.close()
            table.news.send_info()
            for conn in list(table.subscribers):
                conn.table = None
                conn.seat = None
            table.subscribers.clear()
        self.tables.pop(table.id, None)
        log.info("table %s expired (it was %s and idle)", table.id, was)
        return True

    def _start_autoplay(self, table: Table) -> None:
        task = asyncio.get_running_loop().create_task(
            autoplay.run(table, self.settings.bot_delay, self.bot_pool)
        )
        self._autoplay[table.id] = task

        def done(_: asyncio.Task[None]) -> None:
            self._autoplay.pop(table.id, None)
            self.forget_if_idle(table)

        task.add_done_callback(done)
        table.changed.set()

    # -- finding -----------------------------------------------------------------------------

    async def get(self, table_id: str) -> Table | None:
        """The table with this id (finished ones are read back from storage), or ``None``."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not table_id or len(table_id) > 32:
            return None
        stored = await self.repo.read(Repository.load, table_id)
        if stored is None:
            return None
        try:  # a finished match is dealt again and replayed: off the loop
            table = await asyncio.to_thread(Table, stored, self.repo, self.settings)
        except Exception:
            log.exception("table %s could not be rebuilt", table_id)
            return None
        if table_id in self.tables:  # read back meanwhile by another request
            return self.tables[table_id]
        for other in list(self.tables.values()):  # keep only finished tables still watched
            self.forget_if_idle(other)
        return self.tables.setdefault(table_id, table)

    async def require(self, table_id: str) -> Table:
        """Like :meth:`get`, raising a 404 ``TableError`` for an unknown id."""
        table = await self.get(table_id)
        if table is None:
            raise TableError(404, _("there is no table {table}", table=repr(table_id)))
        return table

    def public_tables(self) -> list[Table]:
        """Public tables in the lobby or in play, newest first."""
        listed = [
            table
            for table in self.tables.values()
            if table.public and table.status in ("lobby", "playing")
        ]
        return sorted(listed, key=lambda table: table.created_at, reverse=True)

    def forget_if_idle(self, table: Table) -> None:
        """Drop a finished or expired table nobody watches from memory (it stays stored).

        A table whose record could not be stored stays: the database still says it is played.
        Only this very instance is dropped: a finished table forgotten once may have been read
        back since (:meth:`get`) and joined, and the end of the old instance's bots must not
        drop the new one from under its clients (a rematch told to a table no longer in
        memory reaches nobody).
        """
        stored = table.status != "finished" or table.finish_stored
        idle = table.status not in OPEN_STATUSES and not table.subscribers and stored
        if idle and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def keep_joined(self, table: Table) -> Table:
        """The instance of ``table`` a client that just joined it should watch.

        Joining waits for the table's lock, and a finished table nobody watched may be
        forgotten meanwhile (its bots ended): the client then watches an instance no longer
        in memory, and what is told to the table (a rematch) would reach nobody. Such an
        instance is kept again, unless another one was read back since: that one is returned,
        and the client is to move to it.
        """
        if table.status != "finished":
            return table
        return self.tables.setdefault(table.id, table)

    # -- lobby -------------------------------------------------------------------------------

    def check_room(self) -> None:
        """A 503 ``TableError`` (with a ``Retry-After``) when no table can be opened now."""
        if sum(1 for t in self.tables.values() if t.status in OPEN_STATUSES) >= (
            self.settings.max_tables
        ):
            raise TableError(
                503,
                _("this server has as many tables as it can hold; try later"),
                retry_after=FULL_RETRY_SECONDS,
            )

    async def create(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        preset: str | None = None,
        public: bool = True,
        clock_seconds: float | None = None,
        on_timeout: str = "bot",
        seed: int | None = None,
        hints: bool = True,
        absent: str | None = None,
        rated: bool = False,
        language: str | None = None,
    ) -> tuple[Table, str]:
        """A new table in the lobby, with every seat empty; returns it and its owner token.

        ``hints``: whether its players may ask for hints (``{"type": "hint"}``); ``absent``:
        what happens to an absent person's seat (``wait`` or ``bot``, :mod:`.absence`;
        ``None``: the default of the clock); ``language``: the language it is played in, for
        the lobby's filter; ``rated``: its result counts for ratings (the game's default
        rules, no hints: :mod:`..ratings.rated`).
        """
        self.check_room()
        if on_timeout not in TIMEOUT_RULES:
            raise TableError(
                400, _("on_timeout must be one of {rules}", rules=", ".join(TIMEOUT_RULES))
            )
        if clock_seconds is not None and clock_seconds < self.settings.min_clock_seconds:
            raise TableError(
                400,
                _(
                    "the move clock is at least {minimum} s on this server, not {seconds} s",
                    minimum=format(self.settings.min_clock_seconds, "g"),
                    seconds=format(clock_seconds, "g"),
                ),
            )
        if seed is not None and not self.settings.allow_seed:
            raise TableError(400, _("this server does not let players choose the seed"))
        try:
            game = make(game_id, players=players, preset=preset, **dict(options or {}))
        except ImportError:
            raise TableError(
                400, _("the game {game} is not available yet", game=repr(game_id))
            ) from None
        except (OptionError, TypeError) as error:
            raise TableError(400, render_error(error)) from None
        if rated:
            check_rated_table(game, hints)
        owner = new_token()
        stored = StoredTable(
            id=new_table_id(),
            game=game.id,
            players=game.players,
            options=dict(game.options),
            seed=fresh_seed() if seed is None else seed,
            public=public,
            status="lobby",
            owner_hash=hash_token(owner),
            clock_seconds=clock_seconds,
            on_timeout=on_timeout,
            hints=hints,
            rated=rated,
            absent=absent,
            language=language,
            seats=[StoredSeat(seat, "empty") for seat in range(game.players)],
        )
        if self.cluster is not None:
            await self.cluster.claim_new(stored.id)
        await self._store(self.repo.sync.create, stored)
        table = Table(stored, self.repo, self.settings)
        if self.cluster is not None:
            self.cluster.chat_copies.keep(table)
        self.tables[table.id] = table
        return table, owner

    async def _store(self, method: Any, stored: StoredTable) -> None:
        try:
            await self.repo.call(method, stored)
        except STORAGE_ERRORS as error:
            log.warning("table %s: %s failed: %s", stored.id, method.__name__, one_line(error))
            raise StorageUnavailable() from None

    async def start(self, table: Table) -> None:
        """Deal the match and let the bots play (a rematch tells the table it replays)."""
        await table.start()
        self._start_autoplay(table)
        self._tell_rematch(table)

    def _tell_rematch(self, new: Table) -> None:
        """Tell the clients of the table ``new`` replays where its rematch stands."""
        old = None if new.rematch_of is None else self.tables.get(new.rematch_of)
        if old is not None:
            old.news.broadcast(
                {
                    "type": "rematch",
                    "table": old.id,
                    "rematch": new.id,
                    "status": new.status,
                    "ready": None if new.rematch_ready is None else new.rematch_ready.describe(),
                }
            )

    async def rematch(self, table: Table, seat: int | None = None) -> Table:
        """The same seats, game and options again with a new deal (made once per table).

        Everybody keeps their token: a seat token of the old table holds the same seat in the
        rematch, and the owner token stays the owner's. ``seat`` (the seat of the token that
        asked) is ready; the rematch starts once every seated person is, bots being ready
        always (asking again also starts one whose start could not be stored).
        """
        async with table.lock:
            if table.status != "finished":
                raise TableError(409, _("a rematch needs a finished game"))
            new = None if table.rematch_id is None else await self.get(table.rematch_id)
            if new is None:
                new = await self._new_rematch(table)
            ready = new.rematch_ready
            if ready is not None:
                ready.mark(seat)
            start = new.status == "lobby" and (ready is None or ready.all_ready())
        if start:
            await self.start(new)
        else:
            self._tell_rematch(new)
        return new

    async def _new_rematch(self, table: Table) -> Table:
        """Store the rematch of ``table`` in the lobby and link the two (the lock held).

        A rematch is a new match: its options are checked as a new table's (409 if a rule has
        since become stricter than the one ``table`` was stored under, as German Solo's deals
        with three or five players, which ``table`` itself still plays; see
        :mod:`.gamecache`)."""
        try:  # off the loop: a game builds its tables (ten-handed UNO: some 70 ms)
            await asyncio.to_thread(make, table.game_id, players=table.players, **table.options)
        except OptionError as error:
            raise TableError(409, render_error(error)) from None
        self.check_room()  # a rematch is a new open table like any other
        stored = StoredTable(
            id=new_table_id(),
            game=table.game_id,
            players=table.players,
            options=dict(table.options),
            seed=fresh_seed(),
            public=table.public,
            status="lobby",
            owner_hash=table.owner_hash,
            clock_seconds=table.clock_seconds,
            on_timeout=table.on_timeout,
            rematch_of=table.id,
            hints=table.hints,
            rated=table.rated,
            absent=table.absent,
            language=table.language,
            seats=[replace(seat.stored(), away=False) for seat in table.seats],
        )
        if self.cluster is not None:
            await self.cluster.claim_new(stored.id)
        await self._store(self.repo.sync.create_rematch, stored)
        new = Table(stored, self.repo, self.settings)
        if self.cluster is not None:
            self.cluster.chat_copies.keep(new)
        self.tables[new.id] = new
        table.rematch_id = new.id
        return new

    @staticmethod
    def is_owner(table: Table, token: str | None) -> bool:
        """Whether ``token`` is the owner token of ``table``."""
        return token_matches(table.owner_hash, token)

    @staticmethod
    def new_seat_token() -> tuple[str, str]:
        """A fresh seat token and its hash."""
        token = new_token()
        return token, hash_token(token)
