"""The seats of a table in the lobby: a person sits down, a bot is put in, a seat is freed.

Every change is stored before it is made (:class:`~solocards.server.failures.StorageUnavailable`
leaves the table as it was); a seat that changes hands drops the connections of its old holder,
which watch on as spectators. A moderator may take a person out of a seat, also in play.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...bots import make_bot, parse_bot_spec
from ...i18n import _, use_language
from ..failures import TableError
from ..names import named_alike
from ..security import hash_token, new_token
from ..storage import StoredSeat
from .seats import Seat

if TYPE_CHECKING:
    from .table import Table

BOT_LIMITS: dict[str, float] = {"iterations": 5000, "seconds": 5.0}
"""The most a bot spec may ask for (search bots think on the server's CPU)."""


class LobbySeats:
    """Who sits where at one table: the lobby's seat requests, and a moderator's removals."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def check_seat(self, index: int) -> Seat:
        """The seat ``index``; a 404 :class:`TableError` when the table has no such seat."""
        table = self.table
        if not 0 <= index < table.players:
            raise TableError(
                404,
                _(
                    "there is no seat {seat}; seats are 0..{last}",
                    seat=index,
                    last=table.players - 1,
                ),
            )
        return table.seats[index]

    async def take_seat(
        self, index: int, name: str, token_hash: str, account_id: int | None = None
    ) -> None:
        """Seat a human (bound to the hash of a fresh token, and to an account if logged in)
        in an empty seat."""
        table = self.table
        async with table.lock:
            seat = self.check_seat(index)
            if table.status != "lobby":
                raise TableError(409, _("the game has started; no seat is free"))
            if seat.kind != "empty":
                raise TableError(409, _("seat {seat} is taken", seat=index))
            alike = named_alike(name, [s.name for s in table.seats])
            if alike is not None:
                raise TableError(
                    409, _("seat {seat} is named {name} already", seat=alike, name=repr(name))
                )
            await self._give_seat(
                StoredSeat(index, "human", name, None, token_hash, account_id=account_id)
            )

    async def put_bot(self, index: int, spec: str) -> None:
        """Put a bot (``random``, ``heuristic``, ...) in an empty seat or in place of a bot."""
        table = self.table
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
        make_bot(spec, table.game)  # OptionError for an unknown kind
        async with table.lock:
            seat = self.check_seat(index)
            if table.status != "lobby":
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
        table = self.table
        async with table.lock:
            self.check_seat(index)
            if table.status != "lobby":
                raise TableError(409, _("the game has started; seats can no longer change"))
            await self._give_seat(StoredSeat(index, "empty"))

    async def remove_person(self, index: int) -> str:
        """A moderator takes the person out of seat ``index``: before the start the seat is
        emptied (``"freed"``); in play the seat token stops holding it and a bot plays it to the
        end (``"replaced"``; a rated match counts it as forfeited)."""
        table = self.table
        async with table.lock:
            seat = self.check_seat(index)
            if seat.kind != "human":
                raise TableError(409, _("seat {seat} holds no person", seat=index))
            if table.status == "lobby":
                await self._give_seat(StoredSeat(index, "empty"))
                return "freed"
            if table.status != "playing":
                raise TableError(409, _("the game is over; nobody can be removed"))
            locked_out = replace(seat.stored(), token_hash=hash_token(new_token()))
            await self._give_seat(locked_out)
            await table.absence.take_over(index, left=True)
            return "replaced"

    async def _give_seat(self, occupant: StoredSeat) -> None:
        """Store the seat's new occupant, then seat it; its old connections lose the seat.

        Nothing changes if the write fails (:class:`StorageUnavailable`).
        """
        table = self.table
        await table.store(table.repo.sync.save_seat, occupant)
        index = occupant.seat
        table.seats[index].occupy(occupant)
        unseated = False
        for conn in list(table.subscribers):
            if conn.seat == index:
                conn.seat = None
                conn.generation = None
                with use_language(conn.lang):
                    notice = _(
                        "seat {seat} changed hands: this connection no longer holds it and "
                        "watches the table as a spectator; join with a seat token to play",
                        seat=index,
                    )
                conn.send({"type": "unseated", "table": table.id, "seat": index, "message": notice})
                conn.send(table.views.sync_message(None, conn.lang))
                unseated = True
        if unseated:
            table.audience.spectators_changed()
        table.news.broadcast_info()
