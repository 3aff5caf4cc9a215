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
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ...bots import make_bot, parse_bot_spec
from ...core.bot import Bot
from ...core.errors import NotationError, OptionError, SoloError
from ...core.game import Game, State
from ...core.match import Match
from ...core.windows import polling_order
from ...games.registry import game_class
from ...i18n import (
    DEFAULT_LANGUAGE,
    _,
    current_language,
    engine_text,
    render_error,
    use_language,
)
from ..config import Settings
from ..failures import STORAGE_ERRORS, StorageUnavailable, TableError, one_line
from ..names import named_alike
from ..ratings.rated import check_rated_start, forfeit
from ..ratings.store import FinishedMatch, finish_match
from ..security import hash_token, new_token, token_matches
from ..storage import AsyncRepository, StoredClock, StoredPause, StoredSeat, StoredTable
from .absence import absent_rule
from .chat import ChatAuthor, ChatRoom, spectator_list
from .clock import MoveClock, default_move
from .gamecache import shared_game
from .history import past_rounds
from .jsonfast import dumps
from .narration import RoundNotes, note_of
from .protocol import ProtocolError
from .rematch import RematchReadiness
from .round_pause import round_players
from .seats import Seat
from .standings import lowest_wins
from .updates import Updates
from .words import ActionWords, error_with_seat_tokens, summary_lines, with_seat_tokens

if TYPE_CHECKING:
    from .connection import Connection

log = logging.getLogger(__name__)

BOT_LIMITS: dict[str, float] = {"iterations": 5000, "seconds": 5.0}
"""The most a bot spec may ask for (search bots think on the server's CPU)."""


__all__ = ["BOT_LIMITS", "Table", "TableError"]

Runtime = tuple[tuple[bool, ...], StoredClock | None, StoredPause | None]
"""What is stored of a table's running state: who is away, the move clock, the pause."""


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
        self.clock = MoveClock()
        self._clock_key: tuple[int, int] | None = None
        self._bots: dict[tuple[int, str], Bot] = {}
        self._rngs: list[random.Random] = []  # made with the first bot move
        self._tasks: set[asyncio.Task[None]] = set()
        self.actions: list[tuple[int, str]] = []
        self._notes: RoundNotes | None = None  # the round's log notes; None: count them again
        self.finish_stored = self.status == "finished"
        self._info_due: asyncio.TimerHandle | None = None
        self._info_sent = float("-inf")
        self.pause_waiting: set[int] = set()  # seats whose players have not said "ready"
        self.pause_until: float | None = None  # wall-clock end of the pause between rounds
        self._pause_timer: asyncio.TimerHandle | None = None
        self.window_until: float | None = None  # bots wait for people until then (wall clock)
        self.rematch_ready: RematchReadiness | None = None  # a rematch awaiting its people
        if self.status == "lobby" and self.rematch_of is not None:
            humans = [seat.index for seat in self.seats if seat.kind == "human"]
            self.rematch_ready = RematchReadiness.fresh(humans, settings.rematch_wait)
        self.chat = ChatRoom()  # in memory only: never stored with the actions
        self._spectators_due: asyncio.TimerHandle | None = None
        self._spectators_sent = float("-inf")
        if self.status in ("playing", "finished"):
            self._rebuild(stored.actions)
        if self.status == "playing":
            for seat, saved in zip(self.seats, stored.seats, strict=True):
                seat.away = saved.away and seat.kind == "human"
            if stored.pause is not None:  # re-armed by :meth:`rearm`
                self.pause_until = stored.pause.until
                self.pause_waiting = set(stored.pause.waiting)
        self._saved_runtime: Runtime = self._runtime()
        self._runtime_failing = False
        if stored.clock is not None:
            self._saved_runtime = (self._saved_runtime[0], stored.clock, self._saved_runtime[2])

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

    @property
    def words(self) -> ActionWords:
        """The words of the game's actions in English, for the messages that carry a view."""
        return self.words_in(DEFAULT_LANGUAGE)

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

    async def _store(self, method: Callable[..., None], *args: object) -> None:
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

    def _check_seat(self, index: int) -> Seat:
        if not 0 <= index < self.players:
            raise TableError(
                404,
                _(
                    "there is no seat {seat}; seats are 0..{last}",
                    seat=index,
                    last=self.players - 1,
                ),
            )
        return self.seats[index]

    def record(self) -> dict[str, Any] | None:
        """The full record of a finished match (decks included), else ``None``."""
        if self.status != "finished":
            return None
        if self.match is not None:
            return dict(self.match.record())
        return self.stored_record

    # -- messages ----------------------------------------------------------------------------

    def _common(self) -> dict[str, Any]:
        match = self.match
        return {
            "table": self.id,
            "version": self.version,
            "status": self.status,
            "round": None if match is None else match.round_index,
            "totals": None if match is None else list(match.totals),
            "winners": None if match is None else match.winners,
            "clock": self.clock.describe(),
            "pause": self.pause_describe(),
            "window": None if self.window_until is None else {"until": round(self.window_until, 3)},
        }

    # -- the reaction window people get before a bot moves -----------------------------------

    def _people_may_jump_in(self) -> bool:
        """Whether bots give people the ``reaction_window`` now, judged from public facts only.

        The game has reaction windows and a person sits in a seat that could act out of turn
        now by the rules in force and what everyone saw (:meth:`State.could_react`: a UNO
        without jump-ins has no window after an ordinary play). Who holds a card to jump in
        with is never looked at: a longer wait only when somebody could react would tell
        everyone watching that somebody can.
        """
        match = self.match
        if (
            match is None
            or self.status != "playing"
            or self.paused
            or not self.game.info.reaction_windows
            or self.settings.reaction_window <= self.settings.bot_delay
        ):
            return False
        regular = match.state.regular_seat()
        if regular < 0:
            return False
        state = match.state
        return any(
            not s.played_by_bot and state.could_react(s.index)
            for s in self.seats
            if s.index != regular
        )

    # -- the pause between rounds ------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """Whether the table waits between two rounds (no clock, no bot moves)."""
        return self.pause_until is not None

    def pause_describe(self) -> dict[str, Any] | None:
        """The pause as clients see it: the seats still to say ready, and when it ends anyway.

        >>> from types import SimpleNamespace
        >>> table = SimpleNamespace(pause_until=None, pause_waiting=set())
        >>> Table.pause_describe(table) is None  # type: ignore[arg-type]
        True
        """
        if self.pause_until is None:
            return None
        return {"waiting": sorted(self.pause_waiting), "until": round(self.pause_until, 3)}

    def _pause_due(self, played: set[int]) -> bool:
        """Whether a round's end pauses: a person took part in it (``played``: the seats that
        made a decision, :func:`round_players`) and pauses are on."""
        return self.settings.round_pause > 0 and any(
            not s.played_by_bot for s in self.seats if s.index in played
        )

    def _start_pause(self, played: set[int]) -> None:
        """Pause after a round ends for the people who took part in it (lock held)."""
        self.pause_waiting = {
            seat.index for seat in self.seats if not seat.played_by_bot and seat.index in played
        }
        self.pause_until = time.time() + self.settings.round_pause
        self._arm_pause_timer()

    def _arm_pause_timer(self) -> None:
        """End the pause at ``pause_until`` (at once if that is past: after a restart)."""
        until = self.pause_until
        assert until is not None
        if self._pause_timer is not None:
            self._pause_timer.cancel()
        loop = asyncio.get_running_loop()
        self._pause_timer = loop.call_later(
            max(0.0, until - time.time()), lambda: self._spawn(self._pause_over(until))
        )

    async def _pause_over(self, until: float) -> None:
        async with self.lock:
            if self.pause_until == until:
                await self._end_pause()

    async def _end_pause(self) -> None:
        """The next round starts: the clock runs and the bots move again (lock held)."""
        if self._pause_timer is not None:
            self._pause_timer.cancel()
            self._pause_timer = None
        self.pause_waiting = set()
        self.pause_until = None
        await self._bump()
        self._send_pause()

    def _send_pause(self) -> None:
        self.broadcast(
            {
                "type": "pause",
                "table": self.id,
                "version": self.version,
                "pause": self.pause_describe(),
                "clock": self.clock.describe(),
            }
        )

    async def _seat_ready(self, seat: int) -> None:
        """``seat`` is ready for the next round; the last one ends the pause (lock held)."""
        if seat not in self.pause_waiting:
            return
        self.pause_waiting.discard(seat)
        if self.pause_waiting:
            self._send_pause()
            await self._save_runtime()
        else:
            await self._end_pause()

    async def ready(self, conn: Connection) -> None:
        """A seated player closed the round summary: ready for the next round.

        Outside a pause it changes nothing (a late or repeated ``ready`` is harmless).
        """
        async with self.lock:
            seat = self.holder_seat(conn)
            if self.paused:
                await self._seat_ready(seat)

    def sync_message(self, seat: int | None, lang: str | None = None) -> dict[str, Any]:
        """The full state for one client: its seat's view (a spectator's for ``None``), the
        words in ``lang`` (the current language by default)."""
        words = self.words_in(lang or current_language())
        view = None if self.match is None else self.match.state.view(seat)
        message = {
            "type": "sync",
            **self._common(),
            "seat": seat,
            "info": self.info(words.lang),
            "view": view,
            "words": words.of_view(view),
            "notes": None if self.match is None else self.round_notes().describe(),
            **self._social(),
        }
        if self.match is not None and self.match.is_over and self.match.state.result is not None:
            # a finished match: the summary of its last round, for the end-of-match dialog
            message["summary"] = summary_lines(self.game, self.match.state.result, words.lang)
        if self.match is not None and self.match.results:
            # the rounds before: a reloaded page shows their scores and their log again
            rounds = past_rounds(self.match, seat, words.lang)
            message["rounds"] = rounds
            message["words"] = {**words.of_view(*(r["view"] for r in rounds)), **message["words"]}
        return message

    # -- chat and spectators (memory only) ---------------------------------------------------

    def _social(self) -> dict[str, Any]:
        """What a joining client gets besides the game: the kept chat, who watches."""
        return {"chat": self.chat.history(), "spectators": self.spectators()}

    def spectators(self) -> dict[str, Any]:
        """Who watches without a seat: the names they chose, and how many chose none."""
        return spectator_list([c.watcher_name for c in self.subscribers if c.seat is None])

    def say(self, conn: Connection, text: str | None, phrase: str | None) -> None:
        """A chat line (checked by the protocol) from a seat or a spectator, sent to everyone.

        Each connection has its own budget: over it, ``rate_limited`` and nothing is sent.
        """
        if not conn.chat_bucket.take():
            seconds = max(1, round(conn.chat_bucket.retry_after() + 0.5))
            raise ProtocolError(
                "rate_limited",
                _("too many chat lines; wait {seconds} s", seconds=seconds),
                retry_after=seconds,
            )
        seat = conn.seat
        if seat is not None and conn.generation == self.seats[seat].generation:
            author = ChatAuthor(seat, self.seats[seat].name)
        else:
            author = ChatAuthor(None, conn.watcher_name)
        line = self.chat.add(author, text, phrase, address=conn.address)
        self.broadcast({"type": "chat", "table": self.id, "lines": [line]})

    def hide_chat_line(self, line_id: int) -> dict[str, Any] | None:
        """A moderator hides a chat line: it leaves the history and every client drops it
        (``chat_hidden``). The line, or ``None`` when it is not kept."""
        line = self.chat.hide(line_id)
        if line is not None:
            self.broadcast({"type": "chat_hidden", "table": self.id, "line": line_id})
        return line

    def _spectators_changed(self) -> None:
        """Tell everyone who watches now, at most once per ``info_interval`` (latest wins)."""
        if self._spectators_due is not None:
            return
        loop = asyncio.get_running_loop()
        wait = self._spectators_sent + self.settings.info_interval - loop.time()
        if wait <= 0:
            self._announce_spectators()
        else:
            self._spectators_due = loop.call_later(wait, self._announce_spectators)

    def _announce_spectators(self) -> None:
        self._spectators_due = None
        self._spectators_sent = asyncio.get_running_loop().time()
        self.broadcast({"type": "spectators", "table": self.id, **self.spectators()})

    def catch_up(
        self, seat: int | None, since: int | None, lang: str | None = None
    ) -> dict[str, Any]:
        """The events missed since version ``since`` with the current view, or a full sync."""
        if since is None or self.match is None or not self.event_base <= since <= self.version:
            return self.sync_message(seat, lang)
        audience = self.players if seat is None else seat
        lang = lang or current_language()
        missed = [
            self._with_summary(events[audience], lang)
            for events in self.events[since - self.event_base :]
        ]
        view = self.match.state.view(seat)
        return {
            "type": "events",
            **self._common(),
            "seat": seat,
            "since": since,
            "events": missed,
            "info": self.info(lang),
            "view": view,
            "words": self.words_in(lang).of_view(view),
            "notes": self.round_notes().describe(),
            **self._social(),
        }

    def _with_summary(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        """An event as a client is sent it: one that ended a round with its summary in ``lang``."""
        result = event.get("result")
        if result is None:
            return event
        return {**event, "summary": summary_lines(self.game, result, lang)}

    def broadcast(self, message: dict[str, Any]) -> None:
        """Send the same message (nothing secret in it) to every client of the table."""
        text = dumps(message)
        for conn in list(self.subscribers):
            conn.send(text)

    def broadcast_info(self) -> None:
        """Tell every client that seats or the status changed, at most once per interval.

        The first change is announced at once; changes within ``info_interval`` of the last
        announcement make one more, sent when the interval is over with the state of that
        moment (the latest wins). A burst of joins and leaves thus costs each watcher a few
        messages, not one per join. A due announcement goes out before the next update or
        sync, so that a client always hears of a change before what follows it.
        """
        if self._info_due is not None:
            return  # an announcement is due; it will carry this change too
        loop = asyncio.get_running_loop()
        wait = self._info_sent + self.settings.info_interval - loop.time()
        if wait <= 0:
            self._announce()
        else:
            self._info_due = loop.call_later(wait, self._announce)

    def _flush_info(self) -> None:
        """Send a due announcement now (before a state message that comes after it)."""
        if self._info_due is not None:
            self._info_due.cancel()
            self._announce()

    def _announce(self) -> None:
        self._info_due = None
        self._info_sent = asyncio.get_running_loop().time()
        self.send_info()

    def send_info(self) -> None:
        """Send every client the ``table`` message: the same news, the game's title in each
        one's language."""
        texts: dict[str, str] = {}
        for conn in list(self.subscribers):
            if conn.lang not in texts:
                info = self.info(conn.lang)
                message = {"type": "table", "table": self.id, "version": self.version}
                texts[conn.lang] = dumps({**message, "info": info})
            conn.send(texts[conn.lang])

    def broadcast_sync(self) -> None:
        """Send every client its full state."""
        self._flush_info()
        cache: dict[tuple[int | None, str], str] = {}
        for conn in list(self.subscribers):
            key = (conn.seat, conn.lang)
            if key not in cache:
                cache[key] = dumps(self.sync_message(conn.seat, conn.lang))
            conn.send(cache[key])

    # -- control of seats (call with the lock held) ------------------------------------------

    async def _bump(self) -> None:
        """Something changed that bots and the clock must look at again (lock held)."""
        self._touch()
        await self._save_runtime()

    def _touch(self, deadline: float | None = None) -> None:
        """Wake the bots and set the clock for what changed; :meth:`_save_runtime` stores it."""
        self.epoch += 1
        self.window_until = (
            time.time() + self.settings.reaction_window if self._people_may_jump_in() else None
        )
        self.changed.set()
        self._arm_clock(deadline)

    def _runtime(self) -> Runtime:
        clock = None
        if self._clock_key is not None and self.clock.deadline is not None:
            clock = StoredClock(self._clock_key[0], self._clock_key[1], self.clock.deadline)
        pause = None
        if self.pause_until is not None:
            pause = StoredPause(self.pause_until, tuple(sorted(self.pause_waiting)))
        return tuple(seat.away for seat in self.seats), clock, pause

    async def _save_runtime(self) -> None:
        """Store who is away, the clock and the pause when they changed (best effort, lock held).

        Memory goes first here: a bot must take over even when the database is down. What a
        failed write loses comes back after a restart anyway: a seat without a connection
        gets its leave timer again, a clock that was not stored starts afresh.
        """
        runtime = self._runtime()
        if runtime == self._saved_runtime:
            return
        away = None if runtime[0] == self._saved_runtime[0] else list(runtime[0])
        try:
            await self.repo.call(self.repo.sync.save_runtime, self.id, away, runtime[1], runtime[2])
        except STORAGE_ERRORS as error:
            if not self._runtime_failing:  # one line for a run of failures, not one per try
                log.warning("table %s: storing who is away failed: %s", self.id, one_line(error))
            self._runtime_failing = True
            return
        if self._runtime_failing:
            log.info("table %s: who is away is stored again", self.id)
        self._runtime_failing = False
        self._saved_runtime = runtime

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
            self.pause_waiting &= {seat.index for seat in self.seats if not seat.played_by_bot}
            if not self.pause_waiting:  # nobody left to wait for: the pause ends at once
                self.pause_until = time.time()
            self._arm_pause_timer()
        stored = self.stored_clock
        if (
            stored is not None
            and stored.version == self.version
            and self._clock_seat() == stored.seat
            and self.clock_seconds is not None
        ):
            version, seat = stored.version, stored.seat
            self._clock_key = (version, seat)
            self.clock.arm(
                seat,
                max(0.0, stored.deadline - time.time()),
                lambda: self._on_timeout(version, seat),
                deadline=stored.deadline,
            )
        self._watch_unconnected_seats()
        await self._bump()

    def _watch_unconnected_seats(self) -> None:
        """Give each human seat nobody is connected to the leave grace before a bot takes it.

        Called when the match starts and after a restart: a person who took a seat and never
        opened the table (or whose connection did not survive the restart) stalls nobody.
        """
        for state in self.seats:
            if state.kind == "human" and not state.away and state.connections == 0:
                self._start_leave_timer(state.index, self.settings.leave_grace)

    def _clock_seat(self) -> int | None:
        """The seat the clock runs for now: the regular seat to act, if a person plays it."""
        match = self.match
        if self.clock_seconds is None or match is None or self.status != "playing" or self.paused:
            return None
        seat, _reactors = polling_order(match.state)
        if seat < 0:
            return None
        return None if self.seats[seat].played_by_bot else seat

    def _arm_clock(self, deadline: float | None = None) -> None:
        """Set the clock for the seat to move now (``deadline``: the one already stored)."""
        seat = self._clock_seat()
        if seat is None or self.clock_seconds is None:
            self.clock.cancel()
            self._clock_key = None
            return
        key = (self.version, seat)
        if key == self._clock_key:
            return
        self._clock_key = key
        version = self.version
        seconds = self.clock_seconds if deadline is None else max(0.0, deadline - time.time())
        self.clock.arm(seat, seconds, lambda: self._on_timeout(version, seat), deadline=deadline)

    def _next_clock(self, version: int) -> StoredClock | None:
        """The clock the table will run at ``version`` (the match already moved on)."""
        seat = self._clock_seat()
        if seat is None or self.clock_seconds is None:
            return None
        return StoredClock(version, seat, time.time() + self.clock_seconds)

    async def _on_timeout(self, version: int, seat: int) -> None:
        async with self.lock:
            if (
                self.version != version
                or self.status != "playing"
                or self.seats[seat].played_by_bot
                or self.match is None
                or seat not in self.match.to_act
            ):
                return
            self._clock_key = None
            if self.on_timeout == "bot":
                log.info("table %s: seat %d ran out of time; a bot takes over", self.id, seat)
                await self._take_over(seat)
            else:
                action = default_move(self.match.state.legal_actions(seat))
                log.info("table %s: seat %d ran out of time; plays %s", self.id, seat, action)
                try:
                    await self.commit(seat, action)
                except ProtocolError as problem:  # the clock runs again and retries
                    log.warning("table %s: the default move was refused: %s", self.id, problem)

    async def _take_over(self, seat: int, left: bool = False) -> None:
        """A bot plays the seat; ``left``: because its person left (a rated match forfeited)."""
        if left and self.rated:
            await forfeit(self, seat)
        self.seats[seat].away = True
        await self._bump()
        self.broadcast_info()
        await self._seat_ready(seat)  # a bot plays the seat: the pause waits for it no more

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _grace_over(self, seat: int) -> None:
        async with self.lock:
            state = self.seats[seat]
            state.leave_timer = None
            if state.connections == 0 and self.status == "playing" and not state.played_by_bot:
                log.info("table %s: seat %d left; a bot takes over", self.id, seat)
                await self._take_over(seat, left=True)

    def _start_leave_timer(self, seat: int, grace: float) -> None:
        if self.absent == "wait":  # the seat waits for its person (the clock may still run out)
            return
        state = self.seats[seat]
        if state.leave_timer is not None:
            state.leave_timer.cancel()
        loop = asyncio.get_running_loop()
        state.leave_timer = loop.call_later(grace, lambda: self._spawn(self._grace_over(seat)))

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
                    await self._bump()
                self.broadcast_info()  # a spectator changes nothing the lobby shows
            conn.table = self
            conn.seat = seat
            conn.generation = generation
            self.subscribers.add(conn)
            conn.send(self.catch_up(seat, since, conn.lang))
            if seat is None:
                self._spectators_changed()

    async def leave(self, conn: Connection, abandon: bool = False) -> None:
        """Detach a client; a seat left by its last client goes to a bot after the grace time.

        ``abandon`` (an explicit ``leave`` message) hands the seat to the bot at once.
        """
        async with self.lock:
            watched = conn in self.subscribers and conn.seat is None
            self.subscribers.discard(conn)
            if watched:
                self._spectators_changed()
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
                        await self._take_over(seat, left=True)
                    else:
                        self._start_leave_timer(seat, grace)
                self.broadcast_info()

    async def resume(self, conn: Connection) -> None:
        """Take the seat ``conn`` holds back from the bot that played for it."""
        async with self.lock:
            state = self.seats[self.holder_seat(conn)]
            if state.away:
                state.away = False
                await self._bump()
                self.broadcast_info()

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
                await self._bump()
                self.broadcast_info()
            if self.paused:  # moving on is being ready
                await self._seat_ready(seat)
            try:
                await self.commit(seat, action)
            except NotationError as error:
                raise ProtocolError("notation", render_error(error), version=self.version) from None
            except SoloError as error:
                words = error_with_seat_tokens(error, current_language())
                raise ProtocolError("illegal", words, version=self.version) from None

    async def why(self, conn: Connection, action: str) -> dict[str, Any]:
        """Why the seat ``conn`` holds may not take ``action`` now: a ``why`` message for it alone.

        The reason is the engine's ``explain_illegal``, which speaks of the seat's own cards and
        of public facts only; an action that names a card must name a card of the seat's hand,
        so that nobody learns anything about another seat's cards by asking.
        """
        async with self.lock:
            seat = self.holder_seat(conn)
            match = self.match
            if self.status != "playing" or match is None:
                raise ProtocolError("not_playing", _("the game is not being played"))
            game = match.state.game
            try:
                action_id = game.action_id(action)
            except NotationError as error:
                raise ProtocolError("notation", render_error(error)) from None
            card = re.split(r"[:>!]", action, maxsplit=1)[0]
            state = match.state
            hand = state.view(seat).get("hand")
            if card in game.deck() and isinstance(hand, list) and card not in hand:
                raise ProtocolError(
                    "not_in_hand",
                    _("{card} is not in your hand: ask about your own cards", card=card),
                )
            legal = action in state.legal_actions(seat)
            if legal:
                reason = _("{action} can be played now", action=action)
            elif state.is_over:
                reason = _("the round is over")
            else:
                reason = with_seat_tokens(
                    state.explain_message(seat, action_id), current_language()
                )
            return {"type": "why", "action": action, "legal": legal, "reason": reason}

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
        pausing = not match.is_over and over and self._pause_due(played)
        clock = None if pausing else self._next_clock(index + 1)
        try:
            if self.clock_seconds is None:
                await self.repo.call(self.repo.sync.append_action, self.id, index, seat, action)
            else:  # the clock this action starts is stored with it: one write, not two
                await self.repo.call(
                    self.repo.sync.append_timed_action, self.id, index, seat, action, clock
                )
                self._saved_runtime = (self._saved_runtime[0], clock, self._saved_runtime[2])
        except Exception as error:
            log.warning("table %s: storing action %d failed: %s", self.id, index, one_line(error))
            stored = await self._stored_actions()
            if stored != [*self.actions, (seat, action)]:  # not stored after all
                self._rebuild(self.actions if stored is None else stored)
                await self._bump()
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
            self._start_pause(played)
        self._touch(None if clock is None else clock.deadline)
        self._send_update(seat, before, round_index, finished_notes)  # clients first
        await self._save_runtime()
        if finished:
            await self.store_finish()
            self.broadcast_info()

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
        self._flush_info()
        notes = self.round_notes()
        updates = Updates(
            self.match,
            self._common(),
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

    async def take_seat(
        self, index: int, name: str, token_hash: str, account_id: int | None = None
    ) -> None:
        """Seat a human (bound to the hash of a fresh token, and to an account if logged in)
        in an empty seat."""
        async with self.lock:
            seat = self._check_seat(index)
            if self.status != "lobby":
                raise TableError(409, _("the game has started; no seat is free"))
            if seat.kind != "empty":
                raise TableError(409, _("seat {seat} is taken", seat=index))
            alike = named_alike(name, [s.name for s in self.seats])
            if alike is not None:
                raise TableError(
                    409, _("seat {seat} is named {name} already", seat=alike, name=repr(name))
                )
            await self._give_seat(
                StoredSeat(index, "human", name, None, token_hash, account_id=account_id)
            )

    async def put_bot(self, index: int, spec: str) -> None:
        """Put a bot (``random``, ``heuristic``, ...) in an empty seat or in place of a bot."""
        kind, params = parse_bot_spec(spec)
        for name, limit in BOT_LIMITS.items():
            value = params.get(name)
            if isinstance(value, int | float) and value > limit:
                raise TableError(
                    400,
                    _(
                        "bot parameter {name} is at most {limit} on this server",
                        name=name,
                        limit=limit,
                    ),
                )
        make_bot(spec, self.game)  # OptionError for an unknown kind
        async with self.lock:
            seat = self._check_seat(index)
            if self.status != "lobby":
                raise TableError(409, _("the game has started; seats can no longer change"))
            if seat.kind == "human":
                raise TableError(
                    409, _("seat {seat} is taken by {name}", seat=index, name=seat.name)
                )
            # the seat's name is the bot's kind: a spec of up to 100 characters is kept whole
            # in ``bot``, and a name is at most 64 (the name column)
            await self._give_seat(StoredSeat(index, "bot", f"bot:{kind}", spec, None))

    async def free_seat(self, index: int) -> None:
        """Empty a seat before the game starts."""
        async with self.lock:
            self._check_seat(index)
            if self.status != "lobby":
                raise TableError(409, _("the game has started; seats can no longer change"))
            await self._give_seat(StoredSeat(index, "empty"))

    async def remove_person(self, index: int) -> str:
        """A moderator takes the person out of seat ``index``: before the start the seat is
        emptied (``"freed"``); in play the seat token stops holding it and a bot plays it to the
        end (``"replaced"``; a rated match counts it as forfeited)."""
        async with self.lock:
            seat = self._check_seat(index)
            if seat.kind != "human":
                raise TableError(409, _("seat {seat} holds no person", seat=index))
            if self.status == "lobby":
                await self._give_seat(StoredSeat(index, "empty"))
                return "freed"
            if self.status != "playing":
                raise TableError(409, _("the game is over; nobody can be removed"))
            locked_out = replace(seat.stored(), token_hash=hash_token(new_token()))
            await self._give_seat(locked_out)
            await self._take_over(index, left=True)
            return "replaced"

    async def _give_seat(self, occupant: StoredSeat) -> None:
        """Store the seat's new occupant, then seat it; its old connections lose the seat.

        Nothing changes if the write fails (:class:`StorageUnavailable`).
        """
        await self._store(self.repo.sync.save_seat, occupant)
        index = occupant.seat
        self.seats[index].occupy(occupant)
        unseated = False
        for conn in list(self.subscribers):
            if conn.seat == index:
                conn.seat = None
                conn.generation = None
                with use_language(conn.lang):
                    notice = _(
                        "seat {seat} changed hands: this connection no longer holds it and "
                        "watches the table as a spectator; join with a seat token to play",
                        seat=index,
                    )
                conn.send({"type": "unseated", "table": self.id, "seat": index, "message": notice})
                conn.send(self.sync_message(None, conn.lang))
                unseated = True
        if unseated:
            self._spectators_changed()
        self.broadcast_info()

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
            await self._store(self.repo.sync.set_status, "playing")
            self.status = "playing"
            self.rematch_ready = None
            self._rebuild([], match)
            self._watch_unconnected_seats()
            await self._bump()
            self.broadcast_sync()

    # -- bots --------------------------------------------------------------------------------

    def bot_for(self, seat: int) -> Bot:
        """The bot that moves for ``seat`` now (its own, or the takeover bot when away)."""
        state = self.seats[seat]
        spec = state.bot if state.kind == "bot" and state.bot else self.takeover_spec()
        key = (seat, spec)
        if key not in self._bots:
            budget = self.settings.bot_move_seconds
            try:
                self._bots[key] = make_bot(spec, self.game, time_budget=budget)
            except OptionError as error:  # stored by a server that accepted it
                fallback = "heuristic" if self.game.info.has_heuristic else "random"
                log.warning(
                    "table %s: seat %d's bot %r cannot play here (%s); %s plays instead",
                    self.id,
                    seat,
                    spec,
                    error,
                    fallback,
                )
                self._bots[key] = make_bot(fallback, self.game)
        return self._bots[key]

    def rng_for(self, seat: int) -> random.Random:
        """The bot randomness of ``seat``."""
        if not self._rngs:
            self._rngs = [random.Random(secrets.randbits(64)) for _ in self.seats]
        return self._rngs[seat]

    def takeover_spec(self) -> str:
        """The bot that plays for an absent player."""
        if self.settings.takeover_bot:
            return self.settings.takeover_bot
        return "heuristic" if self.game.info.has_heuristic else "random"

    def close(self) -> None:
        """Stop the clock and the timers (server shutdown)."""
        self.clock.cancel()
        if self._pause_timer is not None:
            self._pause_timer.cancel()
            self._pause_timer = None
        if self._info_due is not None:
            self._info_due.cancel()
            self._info_due = None
        if self._spectators_due is not None:
            self._spectators_due.cancel()
            self._spectators_due = None
        for seat in self.seats:
            if seat.leave_timer is not None:
                seat.leave_timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.changed.set()
