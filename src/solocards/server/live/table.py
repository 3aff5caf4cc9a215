"""A table at run time: its seats, its match, its version and the clients watching it.

Everything that changes a table happens under its ``lock``: an action is checked (seat, version,
legality), applied to the :class:`solocards.Match`, stored, and only then sent out, each client
getting the view of its own seat (spectators ``view(None)``). ``version`` counts the accepted
actions of the match; ``epoch`` also counts changes of who controls a seat, so that a bot or a
clock that waited knows whether what it saw still holds.

Memory changes only after the database has taken the change: a seat, the status or an action
that cannot be stored leaves the table as it was (:class:`StorageUnavailable`, HTTP 503). A
seat that changes hands drops the connections of its old holder (they watch on as spectators),
and every action is checked against the seat's current holder. Who is away and the running
move clock are stored too, so that a restarted server carries on (:meth:`Table.rearm`).

The table's parts each live in a module of their own and hold the table they serve:

- :class:`~.table_clock.TableClock` (``table.clock``): the move clock and its timeouts;
- :class:`~.round_pause.RoundPause` (``table.pause``): the pause between rounds;
- :class:`~.audience.Audience` (``table.audience``): the chat and the spectators;
- :class:`~.absence.Absence` (``table.absence``): leave timers and the takeover bot;
- :class:`~.lobby_seats.LobbySeats` (``table.lobby_seats``): seats taken, freed, given to bots;
- :class:`~.table_bots.TableBots` (``table.bots``): each seat's bot and the reaction window;
- :class:`~.table_news.TableNews` (``table.news``): broadcasts and the ``table`` news;
- :class:`~.table_views.TableViews` (``table.views``): ``sync`` and ``events`` for one client;
- :class:`~.runtime.TableRuntime` (``table.runtime``): who is away, clock and pause, stored.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ...core.errors import NotationError, SoloError
from ...core.game import Game, State
from ...core.match import Match
from ...games.registry import game_class
from ...i18n import _, current_language, engine_text, render_error
from ..config import Settings
from ..failures import STORAGE_ERRORS, StorageUnavailable, TableError, one_line
from ..ratings.rated import check_rated_start
from ..ratings.store import FinishedMatch, finish_match
from ..security import token_matches
from ..storage import AsyncRepository, StoredTable
from .absence import Absence, absent_rule
from .audience import Audience
from .gamecache import shared_game
from .lobby_seats import BOT_LIMITS, LobbySeats
from .narration import RoundNotes, note_of
from .protocol import ProtocolError
from .rematch import RematchReadiness
from .round_pause import RoundPause, round_players
from .runtime import TableRuntime
from .seats import Seat
from .standings import lowest_wins
from .table_bots import TableBots
from .table_clock import TableClock
from .table_news import TableNews
from .table_views import TableViews
from .updates import Updates
from .words import ActionWords, error_with_seat_tokens

if TYPE_CHECKING:
    from .connection import Connection

log = logging.getLogger(__name__)

__all__ = ["BOT_LIMITS", "Table", "TableError"]  # BOT_LIMITS: of :mod:`.lobby_seats`


class Table:
    """One table: seats, the match once started, the version, the clients, the clock."""

    def __init__(self, stored: StoredTable, repo: AsyncRepository, settings: Settings) -> None:
        self.id = stored.id
        self.game_id = stored.game
        self.options = dict(stored.options)
        self._players = stored.players
        self._game: Game | None = None  # built when first needed (a lobby table stays small)
        self._words: dict[str, ActionWords] = {}
        self.seed = stored.seed
        self.public = stored.public
        self.hints = stored.hints
        self.rated = stored.rated
        self.status = stored.status
        self.owner_hash = stored.owner_hash
        self.clock_seconds = stored.clock_seconds
        self.on_timeout = stored.on_timeout
        self.absent = absent_rule(stored.absent, stored.clock_seconds)  # wait for, or bot
        self.language = stored.language  # the language the table is played in, if chosen
        self.rematch_of = stored.rematch_of
        self.rematch_id = stored.rematch_id
        self.created_at: datetime = stored.created_at
        self.stored_record = stored.record
        self.seats = [
            Seat(s.seat, s.kind, s.name, s.bot, s.token_hash, account_id=s.account_id)
            for s in stored.seats
        ]
        self.stored_clock = stored.clock
        self.repo = repo
        self.settings = settings
        self.match: Match | None = None
        self.version = 0
        self.event_base = 0
        self.events: list[list[dict[str, Any]]] = []
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.epoch = 0
        self.subscribers: set[Connection] = set()
        self.clock = TableClock(self)  # the move clock (``clock_seconds``, ``on_timeout``)
        self.bots = TableBots(self)
        self._tasks: set[asyncio.Task[None]] = set()
        self.actions: list[tuple[int, str]] = []
        self._notes: RoundNotes | None = None  # the round's log notes; None: count them again
        self.finish_stored = self.status == "finished"
        self.news = TableNews(self)  # what every client hears
        self.views = TableViews(self)  # what each client is sent of the state
        self.pause = RoundPause(self)  # the pause between rounds
        self.absence = Absence(self)  # the seats of people who are away
        self.lobby_seats = LobbySeats(self)  # who sits where before the start
        self.window_until: float | None = None  # bots wait for people until then (wall clock)
        self.rematch_ready: RematchReadiness | None = None  # a rematch awaiting its people
        if self.status == "lobby" and self.rematch_of is not None:
            humans = [seat.index for seat in self.seats if seat.kind == "human"]
            self.rematch_ready = RematchReadiness.fresh(humans, settings.rematch_wait)
        self.audience = Audience(self)  # chat and spectators, in memory only
        self.chat = self.audience.chat
        if self.status in ("playing", "finished"):
            self._rebuild(stored.actions)
        if self.status == "playing":
            for seat, saved in zip(self.seats, stored.seats, strict=True):
                seat.away = saved.away and seat.kind == "human"
            if stored.pause is not None:  # re-armed by :meth:`rearm`
                self.pause.until = stored.pause.until
                self.pause.waiting = set(stored.pause.waiting)
        self.runtime = TableRuntime(self, stored.clock)  # who is away, clock, pause as stored

    # -- state -------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._players

    @property
    def game(self) -> Game:
        """The game with the table's options, fetched on first use (a UNO game holds its tables).

        A table in the lobby only needs its id, players and options, so thousands of them cost
        little; the game is fetched when the table starts or a bot is seated, and is shared with
        every other table playing the same rules (:mod:`solocards.server.live.gamecache`).
        """
        if self._game is None:
            self._game = shared_game(self.game_id, self._players, self.options)
        return self._game

    def words_in(self, lang: str) -> ActionWords:
        """The words of the game's actions in ``lang`` (each language's kept for the table)."""
        words = self._words.get(lang)
        if words is None:
            words = self._words[lang] = ActionWords(self.game, lang)
        return words

    def _replay(self, actions: list[tuple[int, str]]) -> Match:
        """The match dealt from the seed with ``actions`` replayed."""
        match = Match(self.game, seed=self.seed, names=[s.match_name() for s in self.seats])
        for seat, action in actions:
            match.apply(seat, action)
        return match

    def _rebuild(self, actions: list[tuple[int, str]], match: Match | None = None) -> None:
        """Deal the match again and replay ``actions`` (after a restart or a failed write)."""
        self.match = self._replay(actions) if match is None else match
        self._notes = None
        if not actions:
            self._notes = RoundNotes()
            self._notes.begin(self.match.state.view(None))
        self.actions = list(actions)
        self.version = len(actions)
        self.event_base = self.version
        self.events = []

    def round_notes(self) -> RoundNotes:
        """The public notes of the round in play (counted again by a replay after a restart)."""
        if self._notes is None:
            assert self.match is not None
            notes = RoundNotes()
            start = len(self.actions) - len(self.match.state.history)
            match = self._replay(self.actions[:start])
            notes.begin(match.state.view(None))
            for seat, action in self.actions[start:]:
                before = match.state.view(None)
                state = match.state
                match.apply(seat, action)
                notes.add(note_of(before, seat, action, state.view(None)))
            self._notes = notes
        return self._notes

    async def store(self, method: Callable[..., None], *args: object) -> None:
        """Write to the database; a failure raises :class:`StorageUnavailable` (lock held)."""
        try:
            await self.repo.call(method, self.id, *args)
        except STORAGE_ERRORS as error:
            log.warning("table %s: %s failed: %s", self.id, method.__name__, one_line(error))
            raise StorageUnavailable() from None

    def info(self, lang: str | None = None) -> dict[str, Any]:
        """The table as the lobby shows it: public, never a token or the seed; the game's
        title in ``lang`` (the current language by default)."""
        match = self.match
        return {
            "id": self.id,
            "game": self.game_id,
            "title": engine_text(game_class(self.game_id).info.title, lang),
            "players": self.players,
            "options": dict(self.options),
            "public": self.public,
            "hints": self.hints,
            "rated": self.rated,
            "status": self.status,
            "version": self.version,
            "round": None if match is None else match.round_index,
            "totals": None if match is None else list(match.totals),
            "winners": None if match is None else match.winners,
            "seats": [seat.public() for seat in self.seats],
            "clock": None
            if self.clock_seconds is None
            else {"seconds": self.clock_seconds, "on_timeout": self.on_timeout},
            "absent": self.absent,
            "language": self.language,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch_id,
            "created_at": self.created_at.isoformat(),
            "rematch_ready": None if self.rematch_ready is None else self.rematch_ready.describe(),
            "lowest_wins": lowest_wins(self.game) if self.status != "lobby" else None,
        }

    def seat_of(self, token: str) -> int | None:
        """The seat bound to ``token``, if any."""
        for seat in self.seats:
            if token_matches(seat.token_hash, token):
                return seat.index
        return None

    def holder_seat(self, conn: Connection) -> int:
        """The seat ``conn`` holds now; ``not_seated`` if it holds none (or no longer)."""
        seat = conn.seat
        if conn.table is not self or seat is None or conn.generation != self.seats[seat].generation:
            raise ProtocolError(
                "not_seated",
                _(
                    "this connection holds no seat at this table (spectators cannot play); "
                    "join with a seat token"
                ),
                version=self.version,
            )
        return seat

    def record(self) -> dict[str, Any] | None:
        """The full record of a finished match (decks included), else ``None``."""
        if self.status != "finished":
            return None
        if self.match is not None:
            return dict(self.match.record())
        return self.stored_record

    # -- the pause between rounds (:class:`RoundPause`) --------------------------------------

    @property
    def paused(self) -> bool:
        """Whether the table waits between two rounds (no clock, no bot moves)."""
        return self.pause.active

    async def ready(self, conn: Connection) -> None:
        """A seated player closed the round summary: ready for the next round.

        Outside a pause it changes nothing (a late or repeated ``ready`` is harmless).
        """
        async with self.lock:
            seat = self.holder_seat(conn)
            if self.paused:
                await self.pause.seat_ready(seat)

    # -- control of seats (call with the lock held) ------------------------------------------

    async def bump(self) -> None:
        """Something changed that bots and the clock must look at again (lock held)."""
        self.touch()
        await self.runtime.save()

    def touch(self, deadline: float | None = None) -> None:
        """Wake the bots and set the clock for what changed; :meth:`TableRuntime.save` stores it."""
        self.epoch += 1
        self.window_until = (
            time.time() + self.settings.reaction_window if self.bots.people_may_jump_in() else None
        )
        self.changed.set()
        self.clock.arm(deadline)

    async def rearm(self) -> None:
        """After a restart: resume the stored move clock or pause, and start the leave timers.

        A clock stored at the table's version runs out at its stored deadline (at once if that
        passed while the server was down); so does a stored pause between rounds, which still
        waits for the seats that had not said ready; a human seat nobody is connected to gets
        the full leave grace before a bot takes over; an away seat goes on being played by its
        bot.
        """
        if self.status != "playing" or self.match is None:
            return
        if self.paused:
            self.pause.rearm()
        self.clock.resume(self.stored_clock)
        self.absence.watch_unconnected_seats()
        await self.bump()

    def spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` as a task of the table (cancelled by :meth:`close`)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- clients -----------------------------------------------------------------------------

    async def join(self, conn: Connection, token: str | None, since: int | None) -> None:
        """Attach a client (seat by token, else spectator) and send it what it missed."""
        async with self.lock:
            seat: int | None = None
            if token is not None:
                seat = self.seat_of(token)
                if seat is None:
                    raise ProtocolError(
                        "bad_token", _("this token holds no seat at table {table}", table=self.id)
                    )
            generation = None
            if seat is not None:
                state = self.seats[seat]
                generation = state.generation
                state.connections += 1
                if state.leave_timer is not None:
                    state.leave_timer.cancel()
                    state.leave_timer = None
                if state.away and self.status == "playing":
                    state.away = False
                    await self.bump()
                self.news.broadcast_info()  # a spectator changes nothing the lobby shows
            conn.table = self
            conn.seat = seat
            conn.generation = generation
            self.subscribers.add(conn)
            conn.send(self.views.catch_up(seat, since, conn.lang))
            if seat is None:
                self.audience.spectators_changed()

    async def leave(self, conn: Connection, abandon: bool = False) -> None:
        """Detach a client; a seat left by its last client goes to a bot after the grace time.

        ``abandon`` (an explicit ``leave`` message) hands the seat to the bot at once.
        """
        async with self.lock:
            watched = conn in self.subscribers and conn.seat is None
            self.subscribers.discard(conn)
            if watched:
                self.audience.spectators_changed()
            seat = conn.seat
            holds = seat is not None and conn.generation == self.seats[seat].generation
            conn.table = None
            conn.seat = None
            conn.generation = None
            if seat is not None and holds:
                state = self.seats[seat]
                state.connections = max(0, state.connections - 1)
                if (
                    state.connections == 0
                    and self.status == "playing"
                    and state.kind == "human"
                    and not state.away
                ):
                    grace = 0.0 if abandon else self.settings.leave_grace
                    if abandon or (grace <= 0 and self.absent == "bot"):
                        await self.absence.take_over(seat, left=True)
                    else:
                        self.absence.start_leave_timer(seat, grace)
                self.news.broadcast_info()

    async def resume(self, conn: Connection) -> None:
        """Take the seat ``conn`` holds back from the bot that played for it."""
        async with self.lock:
            state = self.seats[self.holder_seat(conn)]
            if state.away:
                state.away = False
                await self.bump()
                self.news.broadcast_info()

    async def act(self, conn: Connection, action: str, version: int) -> None:
        """A seated client's action: check its seat, the version and legality, then commit it."""
        async with self.lock:
            seat = self.holder_seat(conn)
            if self.status != "playing" or self.match is None:
                raise ProtocolError(
                    "not_playing",
                    _("the game has not started")
                    if self.status == "lobby"
                    else _("the game is over"),
                    version=self.version,
                )
            if version != self.version:
                raise ProtocolError(
                    "stale_version",
                    _(
                        "the table is at version {current}, not {version}; choose again from "
                        "the latest view",
                        current=self.version,
                        version=version,
                    ),
                    version=self.version,
                )
            state = self.seats[seat]
            if state.away:
                state.away = False
                await self.bump()
                self.news.broadcast_info()
            if self.paused:  # moving on is being ready
                await self.pause.seat_ready(seat)
            try:
                await self.commit(seat, action)
            except NotationError as error:
                raise ProtocolError("notation", render_error(error), version=self.version) from None
            except SoloError as error:
                words = error_with_seat_tokens(error, current_language())
                raise ProtocolError("illegal", words, version=self.version) from None

    # -- the one way an action gets in -------------------------------------------------------

    async def commit(self, seat: int, action: str) -> None:
        """Apply, store and send out one action (lock held). Raises ``SoloError`` if illegal.

        A refused action changes nothing. If it cannot be stored, the match is rebuilt from
        the actions stored before it and ``ProtocolError("storage")`` is raised; nobody heard
        of it.
        """
        match = self.match
        assert match is not None
        notes = self.round_notes()
        public_before = match.state.view(None)
        before = match.state
        round_index = match.round_index
        match.apply(seat, action)
        index = self.version
        over = match.round_index != round_index
        played = round_players(public_before, seat) if over else set()
        pausing = not match.is_over and over and self.pause.due(played)
        clock = None if pausing else self.clock.next_stored(index + 1)
        try:
            if self.clock_seconds is None:
                await self.repo.call(self.repo.sync.append_action, self.id, index, seat, action)
            else:  # the clock this action starts is stored with it: one write, not two
                await self.repo.call(
                    self.repo.sync.append_timed_action, self.id, index, seat, action, clock
                )
                self.runtime.clock_stored(clock)
        except Exception as error:
            log.warning("table %s: storing action %d failed: %s", self.id, index, one_line(error))
            stored = await self._stored_actions()
            if stored != [*self.actions, (seat, action)]:  # not stored after all
                self._rebuild(self.actions if stored is None else stored)
                await self.bump()
                raise ProtocolError(
                    "storage",
                    _(
                        "the action could not be stored (storage is unavailable); nothing "
                        "changed, try again"
                    ),
                    version=self.version,
                ) from None
        self.actions.append((seat, action))
        notes.add(note_of(public_before, seat, action, before.view(None)))
        finished_notes = None
        if match.round_index != round_index:  # the round is over: its notes go with it
            finished_notes = {"start": None, "actions": notes.describe()["actions"]}
            notes.begin(match.state.view(None))
        self.version = index + 1
        finished = match.is_over
        if finished:
            self.status = "finished"
        elif pausing:
            self.pause.start(played)
        self.touch(None if clock is None else clock.deadline)
        self._send_update(seat, before, round_index, finished_notes)  # clients first
        await self.runtime.save()
        if finished:
            await self.store_finish()
            self.news.broadcast_info()

    async def store_finish(self) -> None:
        """Store the record of the finished match; a failure is retried by the next start."""
        assert self.match is not None
        try:
            await self.repo.call(
                finish_match, self.repo.sync, self.finished_match(), dict(self.match.record())
            )
        except Exception as error:  # the actions are stored: the next start finishes it again
            log.warning("table %s: storing the record failed: %s", self.id, one_line(error))
            return
        self.finish_stored = True

    def finished_match(self) -> FinishedMatch:
        """The finished match as its results and ratings are stored."""
        assert self.match is not None
        game = self.match.game
        return FinishedMatch(
            self.id, self.game_id, list(self.match.totals), self.match.winners, lowest_wins(game)
        )

    async def _stored_actions(self) -> list[tuple[int, str]] | None:
        try:
            stored = await self.repo.call(self.repo.sync.load, self.id)
        except Exception as error:
            log.warning("table %s: reading it back failed: %s", self.id, one_line(error))
            return None
        return None if stored is None else stored.actions

    def _send_update(
        self, seat: int, before: State, round_index: int, finished_notes: dict[str, Any] | None
    ) -> None:
        """Send each client the update of the action just committed, and keep its events."""
        assert self.match is not None
        self.news.flush_info()
        notes = self.round_notes()
        updates = Updates(
            self.match,
            self.views.common(),
            seat,
            before,
            round_index,
            note=(finished_notes or notes.describe())["actions"][-1],
            finished_notes=finished_notes,
        )
        events = updates.events
        self.events.append(events)
        excess = len(self.events) - self.settings.event_buffer
        if excess > self.settings.event_buffer // 4:  # trim now and then, not every time
            del self.events[:excess]
            self.event_base += excess
        for conn in list(self.subscribers):
            audience = self.players if conn.seat is None else conn.seat
            conn.send(updates.text(audience, conn.lang, self.words_in(conn.lang)))

    # -- lobby -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Deal the match once every seat is taken."""
        async with self.lock:
            if self.status != "lobby":
                raise TableError(409, _("the table is already {status}", status=self.status))
            empty = [seat.index for seat in self.seats if seat.kind == "empty"]
            if empty:
                if len(empty) == 1:
                    why = _("seat {seat} is empty; seat players or bots first", seat=empty[0])
                else:
                    why = _(
                        "seats {seats} are empty; seat players or bots first",
                        seats=", ".join(map(str, empty)),
                    )
                raise TableError(409, why)
            waiting = self.rematch_ready
            if waiting is not None and not waiting.may_start_anyway():
                names = ", ".join(str(self.seats[seat].name) for seat in waiting.waiting())
                seconds = max(1, round(waiting.start_anyway_at - time.time() + 0.5))
                raise TableError(
                    409,
                    _(
                        "waiting for {names} to be ready for the rematch; "
                        "the owner may start it anyway in {seconds} s",
                        names=names,
                        seconds=seconds,
                    ),
                )
            if self.rated:
                await check_rated_start(self)
            match = self._replay([])
            await self.store(self.repo.sync.set_status, "playing")
            self.status = "playing"
            self.rematch_ready = None
            self._rebuild([], match)
            self.absence.watch_unconnected_seats()
            await self.bump()
            self.news.broadcast_sync()

    def close(self) -> None:
        """Stop the clock and the timers (server shutdown)."""
        self.clock.cancel()
        self.pause.close()
        self.news.close()
        self.audience.close()
        self.absence.close()
        for task in list(self._tasks):
            task.cancel()
        self.changed.set()
