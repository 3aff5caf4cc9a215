"""Hints at the table and round reviews, computed in worker processes, never on the event loop.

A seated player whose regular turn it is sends ``{"type": "hint"}``. The table must allow hints
(its creator may turn them off), and each seat gets ``hints_per_round`` of them per round, one
at a time. The hint is :func:`solocards.analysis.analyse` of *the seat's view only* (the job
carries the view, not the state, and its seed comes from the table id, the version and the
seat, never from the table's secret seed), within ``hint_seconds``, on a small pool of worker
processes shared by every table (``analysis_workers``). Only the asking connection gets the
answer, a ``hint`` message with the version it is for. If the position changes before the hint
is ready, the job is cancelled (a job that already runs stops at its next world,
:mod:`solocards.analysis.cancel`) and its result is dropped. Every hint asked for counts against
the seat, a dropped one too (asking and playing at once ran 2,065 uncounted searches in 30 s);
only one the server failed to work out is given back. Each address also has a budget of hints
over all its tables (``hint_per_second`` / ``hint_burst``, shared by a cluster's processes),
spent before the hint is forwarded or started.

A review (``GET /api/tables/{id}/review``, :mod:`solocards.server.http.review`) runs on the same
pool, from the record of the finished rounds only, and is kept in a small cache.

Processes, not threads: a search holds the interpreter lock for its whole budget, and other
tables must not wait for it (the loop answers pings in milliseconds while hints run).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ...analysis.cancel import CancelFlags, start_worker
from ...analysis.jobs import HintJob, ReviewJob, compute_hint, compute_review
from ...core.rng import derive_seed
from ...i18n import _, ngettext
from ..config import Settings
from .protocol import ProtocolError, error

if TYPE_CHECKING:
    from .connection import Connection
    from .table import Table

log = logging.getLogger(__name__)

T = TypeVar("T")
J = TypeVar("J")

POLL_SECONDS = 0.05
"""How often a waiting hint looks whether the position changed."""

REVIEW_CACHE = 256
"""Reviews kept (the latest asked for)."""

CANCEL_SLOTS = 1024
"""Hint jobs that can be stopped at once (one more runs to the end of its budget)."""


class AnalysisPool:
    """Worker processes (``spawn``: a clean interpreter each) for hints and reviews.

    The processes start with the first job; :meth:`close` stops them, and each ends by itself
    when this process dies (:func:`solocards.analysis.tether.tie_to_parent`). A hint queued by
    :meth:`submit_hint` can be stopped while it runs (:meth:`cancel`,
    :mod:`solocards.analysis.cancel`).

    >>> pool = AnalysisPool(workers=1)
    >>> pool.started
    False
    >>> pool.close()
    """

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None
        self._context = multiprocessing.get_context("spawn")
        self._flags: CancelFlags | None = None  # made with the first workers
        self._slots: dict[Future[Any], int] = {}

    @property
    def started(self) -> bool:
        """Whether the worker processes were started."""
        return self._executor is not None

    def submit(self, compute: Callable[[J], T], job: J) -> Future[T]:
        """Queue ``compute(job)`` in a worker process (new workers if the old ones broke: a
        worker killed, say, by the system running out of memory)."""
        for attempt in (1, 2):
            if self._executor is None:
                flags = self._cancel_flags()
                # each worker dies with this process, even one killed by SIGKILL, and reads
                # the stop flags of the hints it computes
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=self._context,
                    initializer=start_worker,
                    initargs=(os.getpid(), flags.array),
                )
            try:
                return self._executor.submit(compute, job)
            except BrokenProcessPool:
                log.warning("the analysis workers broke; starting new ones")
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def submit_hint(self, job: HintJob) -> Future[dict[str, Any]]:
        """Queue a hint job that :meth:`cancel` can stop while it runs."""
        flags = self._cancel_flags()
        slot = flags.take()
        try:
            future = self.submit(compute_hint, replace(job, slot=slot))
        except BaseException:
            if slot is not None:
                flags.free(slot)
            raise
        if slot is not None:
            self._slots[future] = slot
            future.add_done_callback(lambda done: flags.free(self._slots.pop(done)))
        return future

    def _cancel_flags(self) -> CancelFlags:
        """The stop flags the workers share (made before the first workers start)."""
        if self._flags is None:
            array = self._context.RawArray("b", CANCEL_SLOTS)
            self._flags = CancelFlags(CANCEL_SLOTS, array)
        return self._flags

    def cancel(self, future: Future[Any]) -> None:
        """Drop a queued job, or stop a running hint at its next world (it answers early)."""
        if future.cancel():
            return
        slot = self._slots.get(future)
        if slot is not None and self._flags is not None:
            self._flags.cancel(slot)

    def close(self) -> None:
        """Drop queued jobs and stop the workers (a running job is abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


@dataclass
class SeatHints:
    """One seat's hints: the round they were counted in, how many, the version in flight."""

    round: int = -1
    used: int = 0
    pending: int | None = None


class Hints:
    """The hints and reviews of one server (held by its :class:`~.tables.TableManager`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pool = AnalysisPool(settings.analysis_workers)
        self._seats: weakref.WeakKeyDictionary[Table, dict[int, SeatHints]] = (
            weakref.WeakKeyDictionary()
        )
        self._tasks: set[asyncio.Task[None]] = set()
        self._reviews: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self._reviewing: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}

    @property
    def jobs_in_flight(self) -> int:
        """Hints and reviews asked for and not yet answered (queued or running)."""
        return len(self._tasks) + len(self._reviewing)

    def seat_hints(self, table: Table, seat: int) -> SeatHints:
        """The hint count of ``seat`` at ``table``."""
        return self._seats.setdefault(table, {}).setdefault(seat, SeatHints())

    # -- hints -------------------------------------------------------------------------------

    async def request(self, conn: Connection) -> None:
        """Check a ``hint`` request and start computing it; the answer comes later.

        :class:`ProtocolError` at once when it cannot be given: ``not_joined``,
        ``not_seated``, ``hints_off``, ``not_playing``, ``not_your_turn``, ``hint_busy``
        (one is still computed) or ``hint_limit``.
        """
        table = conn.table
        if table is None:
            raise ProtocolError("not_joined", _("join a table first"))
        async with table.lock:
            seat = table.holder_seat(conn)
            version = table.version
            if not table.hints:
                raise ProtocolError(
                    "hints_off", _("hints are turned off at this table"), version=version
                )
            match = table.match
            if table.status != "playing" or match is None:
                raise ProtocolError(
                    "not_playing", _("there is no game in play to hint at"), version=version
                )
            state = match.state
            if (
                table.paused
                or seat not in state.to_act
                or state.regular_seat() != seat
                or not state.legal_actions(seat)
            ):
                raise ProtocolError(
                    "not_your_turn", _("a hint is for your own turn"), version=version
                )
            mine = self.seat_hints(table, seat)
            if mine.pending == version:  # a hint of an earlier position is dropped anyway
                raise ProtocolError(
                    "hint_busy",
                    _("your last hint is still being worked out; wait for it"),
                    version=version,
                )
            if mine.round != match.round_index:
                mine.round, mine.used = match.round_index, 0
            limit = self.settings.hints_per_round
            if mine.used >= limit:
                raise ProtocolError(
                    "hint_limit",
                    ngettext(
                        "you have had your {n} hint of this round",
                        "you have had your {n} hints of this round",
                        limit,
                        n=limit,
                    ),
                    version=version,
                    limit=limit,
                )
            mine.used += 1
            mine.pending = version
            job = HintJob.of(
                state,
                seat,
                worlds=self.settings.hint_worlds,
                seconds=self.settings.hint_seconds,
                seed=derive_seed(0, "hint", table.id, version, seat),
            )
        task = asyncio.get_running_loop().create_task(
            self._answer(conn, table, seat, job, version, mine.round)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(
        self, conn: Connection, table: Table, seat: int, job: HintJob, version: int, round_: int
    ) -> None:
        """Wait for the hint; send it if the position is still the one it is for."""
        mine = self.seat_hints(table, seat)
        result: dict[str, Any] | None = None
        failure: str | None = None
        try:
            future = self.pool.submit_hint(job)
        except Exception as problem:  # no worker could be started
            log.warning("table %s: a hint could not be started: %s", table.id, problem)
            failure = _("the hint could not be worked out; try again")
        else:
            result, failure = await self._wait(future, conn, table, version)
        finally:
            if mine.pending == version:
                mine.pending = None
        fresh = table.version == version and conn.table is table and conn.seat == seat
        if result is None or not fresh:
            if failure is not None and mine.round == round_:  # the server failed: not counted
                mine.used = max(0, mine.used - 1)
            if failure is not None and fresh:
                conn.send(error("hint_failed", failure, version=version))
            return
        conn.send(
            {
                "type": "hint",
                "table": table.id,
                "version": version,
                "seat": seat,
                "left": max(0, self.settings.hints_per_round - mine.used),
                "limit": self.settings.hints_per_round,
                "hidden_cards": False,
                **result,
            }
        )

    async def _wait(
        self, future: Future[dict[str, Any]], conn: Connection, table: Table, version: int
    ) -> tuple[dict[str, Any] | None, str | None]:
        """The hint's result, or why there is none (``None``: the position changed)."""
        waited = asyncio.wrap_future(future)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.hint_deadline_seconds
        try:
            while not waited.done():
                if table.version != version or conn.table is not table or conn.closed:
                    self.pool.cancel(future)  # queued: dropped; running: stopped at once
                    return None, None
                if loop.time() > deadline:
                    self.pool.cancel(future)
                    return None, _("the hint took too long (the server is busy); try again")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(waited), POLL_SECONDS)
            if waited.cancelled():
                return None, None
            try:
                return waited.result(), None
            except Exception as problem:  # a broken worker: tell the player, log it
                log.warning("table %s: a hint failed: %s", table.id, problem)
                return None, _("the hint could not be worked out; try again")
        finally:
            if not waited.done():
                waited.cancel()

    # -- reviews -----------------------------------------------------------------------------

    async def review(self, table_id: str, job: ReviewJob) -> dict[str, Any]:
        """The review of ``job`` (cached by table, round and seat), computed on the pool.

        :class:`TimeoutError` past ``review_deadline_seconds``.
        """
        key = (table_id, job.round_number, job.seat)
        cached = self._reviews.get(key)
        if cached is not None:
            self._reviews.move_to_end(key)
            return cached
        running = self._reviewing.get(key)
        if running is None:
            future = asyncio.wrap_future(self.pool.submit(compute_review, job))
            self._reviewing[key] = future
            future.add_done_callback(lambda done: self._keep_review(key, done))
            running = future
        return await asyncio.wait_for(
            asyncio.shield(running), self.settings.review_deadline_seconds
        )

    def _keep_review(self, key: tuple[str, int, int], done: asyncio.Future[dict[str, Any]]) -> None:
        self._reviewing.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._reviews[key] = done.result()
        while len(self._reviews) > REVIEW_CACHE:
            self._reviews.popitem(last=False)

    def has_review(self, table_id: str, job: ReviewJob) -> bool:
        """Whether the review of ``job`` is cached or being computed."""
        key = (table_id, job.round_number, job.seat)
        return key in self._reviews or key in self._reviewing

    def cached_reviews(self) -> int:
        """How many reviews are kept."""
        return len(self._reviews)

    def reviews_running(self) -> int:
        """How many reviews are being computed."""
        return len(self._reviewing)

    async def close(self) -> None:
        """Stop waiting hints and the worker processes."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.pool.close()


__all__ = ["AnalysisPool", "Hints", "SeatHints"]
