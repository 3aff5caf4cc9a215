"""My games: the tables a browser holds seats at, the ones waiting for it first.

``POST /api/my-games`` takes the seat tokens a browser keeps (in the body, never in a URL) and
answers, for each table whose seat the token holds (and, for a logged-in person, each table in
the lobby or in play where the account sits): the game, the players' public names, whose
turn it is, the move clock's deadline, and whether the table waits for this seat. Tables where it
is the seat's turn come first (the nearest deadline first), then the other games in play, then
those in the lobby, then the finished ones. A token that holds no seat of its table is left out
of the answer, as is an unknown table: the answer says nothing about seats the browser does not
hold, and nothing that a spectator may not see (no cards at all). Each unknown table spends one
of the address's look-ups of unknown tables (:mod:`.readlimits`): 429 once they are spent.

The page ``/my-games`` shows the answer (``web/js/mygames.js``).

>>> order_key(Turn(status="playing", your_turn=True, deadline=5.0))
(0, 0, 5.0)
>>> order_key(Turn(status="finished", your_turn=False, deadline=None))
(1, 3, inf)
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import BaseModel, Field, StringConstraints
from sqlalchemy import Connection, select

from ...core.windows import polling_order
from ...games.registry import game_class
from ...i18n import _, engine_text
from ..accounts.sessions import current_account
from ..limits import ClientLimits, retry_seconds
from ..live.expiry import OPEN_STATUSES
from ..live.table import Table
from ..security import token_matches
from ..storage import Repository, StoredTable
from ..storage.models import SeatRow, TableRow
from .lobby import ClockSpec, SeatInfo, _manager, client_address
from .validation import StrictBody, Text

router = APIRouter(tags=["lobby"])

WEB = Path(__file__).resolve().parents[2] / "web"

MAX_HELD_SEATS = 100
"""The most seat tokens one request may ask about."""

STATUS_ORDER = {"playing": 1, "lobby": 2, "finished": 3, "expired": 4}
"""Where the tables of each status come, after those waiting for the seat."""

TableId = Annotated[Text, StringConstraints(min_length=1, max_length=32)]
SeatTokenText = Annotated[Text, StringConstraints(min_length=1, max_length=128)]


class HeldSeat(StrictBody):
    """A seat this browser holds: the table's id and the seat token."""

    table: TableId
    token: SeatTokenText


class MyGamesRequest(StrictBody):
    """The seat tokens a browser keeps."""

    seats: list[HeldSeat] = Field(max_length=MAX_HELD_SEATS)


class MyGame(BaseModel):
    """One table of mine, as the "my games" page lists it."""

    table: str
    game: str
    title: str = Field(description="The game's name, in the request's language.")
    status: Literal["lobby", "playing", "finished", "expired"]
    seat: int = Field(description="My seat.")
    seats: list[SeatInfo]
    turn: int | None = Field(description="The seat whose move the table waits for, if any.")
    your_turn: bool = Field(description="The table waits for my move.")
    deadline: float | None = Field(description="When the move clock runs out (Unix seconds).")
    clock: ClockSpec | None
    version: int = Field(description="The table's version (actions played so far).")
    round: int | None
    totals: list[int] | None


@dataclass(frozen=True)
class Turn:
    """What orders a table in the list."""

    status: str
    your_turn: bool
    deadline: float | None


def order_key(turn: Turn) -> tuple[int, int, float]:
    """Tables waiting for me first (nearest deadline first), then by status."""
    deadline = math.inf if turn.deadline is None else turn.deadline
    if turn.your_turn:
        return (0, 0, deadline)
    return (1, STATUS_ORDER.get(turn.status, 5), deadline)


def _turn_of(table: Table) -> int | None:
    """The seat the table waits for: the regular seat to act, in play and not between rounds."""
    match = table.match
    if table.status != "playing" or match is None or match.is_over or table.paused:
        return None
    seat, _reactors = polling_order(match.state)
    return None if seat < 0 else seat


def describe(table: Table, seat: int, deadline: float | None) -> MyGame:
    """One table as the page lists it, for the holder of ``seat``."""
    info = table.info()
    turn = _turn_of(table)
    waits = turn == seat and not table.seats[seat].played_by_bot
    return MyGame(
        table=table.id,
        game=table.game_id,
        title=info["title"],
        status=info["status"],
        seat=seat,
        seats=[SeatInfo.model_validate(s) for s in info["seats"]],
        turn=turn,
        your_turn=waits,
        deadline=None if turn is None or deadline is None else round(deadline, 3),
        clock=info["clock"],
        version=table.version,
        round=info["round"],
        totals=info["totals"],
    )


SeatFinder = Callable[[Sequence[Any]], int | None]
"""Which of a table's seats (``Seat`` or ``StoredSeat`` objects) is mine, if any."""


def by_token(token: str) -> SeatFinder:
    """The seat the token holds.

    >>> from solocards.server.security import hash_token
    >>> from solocards.server.storage import StoredSeat
    >>> ana = StoredSeat(1, "human", "ana", None, hash_token("t"))
    >>> seats = [StoredSeat(0, "bot", bot="random"), ana]
    >>> by_token("t")(seats), by_token("guess")(seats)
    (1, None)
    """

    def find(seats: Sequence[Any]) -> int | None:
        for index, seat in enumerate(seats):
            if seat.kind == "human" and token_matches(seat.token_hash, token):
                return index
        return None

    return find


def by_account(account_id: int) -> SeatFinder:
    """The seat the account sits in.

    >>> from solocards.server.storage import StoredSeat
    >>> by_account(7)([StoredSeat(0, "human", "bo"), StoredSeat(1, "human", "ana", account_id=7)])
    1
    """

    def find(seats: Sequence[Any]) -> int | None:
        for index, seat in enumerate(seats):
            if seat.kind == "human" and seat.account_id == account_id:
                return index
        return None

    return find


def account_tables(repo: Repository, account_id: int) -> list[str]:
    """The tables in the lobby or in play where an account sits, newest first (at most
    :data:`MAX_HELD_SEATS`)."""

    def work(conn: Connection) -> list[str]:
        with conn.begin():
            rows = conn.execute(
                select(SeatRow.table_id)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.account_id == account_id, TableRow.status.in_(OPEN_STATUSES))
                .order_by(TableRow.created_at.desc())
                .limit(MAX_HELD_SEATS)
            ).all()
        return [str(table_id) for (table_id,) in rows]

    return repo._run(work)


def _from_storage(stored: StoredTable, seat: int) -> MyGame:
    """A table outside play that this process does not hold, from storage (nobody's turn)."""
    return MyGame.model_validate(
        {
            "table": stored.id,
            "game": stored.game,
            "title": engine_text(game_class(stored.game).info.title),
            "status": stored.status,
            "seat": seat,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "connected": False,
                    "away": s.away,
                }
                for s in stored.seats
            ],
            "turn": None,
            "your_turn": False,
            "deadline": None,
            "clock": None
            if stored.clock_seconds is None
            else {"seconds": stored.clock_seconds, "on_timeout": stored.on_timeout},
            "version": len(stored.actions),
            "round": None,
            "totals": None,
        }
    )


def _unknown_refusal(seconds: int) -> str:
    return _(
        "too many look-ups of unknown tables from your address; try again in {seconds} s",
        seconds=seconds,
    )


async def _spend_unknown(request: Request) -> None:
    """Spend one of the address's look-ups of unknown tables, or answer 429 (as a request about
    one unknown table would: :mod:`.readlimits`), so that a list of guessed ids costs as much."""
    limits: ClientLimits = request.app.state.limits
    wait = await limits.unknown_tables.spend(client_address(request))
    if wait is not None:
        seconds = retry_seconds(wait)
        raise HTTPException(429, _unknown_refusal(seconds), headers={"Retry-After": str(seconds)})


async def _one(request: Request, table_id: str, mine: SeatFinder) -> MyGame | None:
    manager = _manager(request)
    table = manager.tables.get(table_id)
    if table is not None:
        seat = mine(table.seats)
        if seat is None:
            return None
        return describe(table, seat, table.clock.deadline)
    stored = await manager.repo.read(Repository.load, table_id)
    if stored is None:  # a look-up of an unknown table: from the address's budget of them
        await _spend_unknown(request)
        return None
    seat = mine(stored.seats)
    if seat is None:
        return None
    if stored.status != "playing":
        return _from_storage(stored, seat)
    # in play but held by another process: replayed from storage, its clock as stored
    rebuilt = await asyncio.to_thread(Table, stored, manager.repo, manager.settings)
    clock = stored.clock
    deadline = clock.deadline if clock is not None and clock.version == rebuilt.version else None
    return describe(rebuilt, seat, deadline)


@router.post("/api/my-games", response_model=list[MyGame])
async def my_games(body: MyGamesRequest, request: Request) -> list[MyGame]:
    """The tables whose seats these tokens hold, those waiting for my move first.

    Tokens go in the body, never in a URL. A token that holds no seat of its table, and an
    unknown table, are left out. A logged-in person also gets the tables in the lobby or in
    play where their account sits.
    """
    found: dict[str, MyGame] = {}
    for held in body.seats:
        if held.table in found:
            continue
        game = await _one(request, held.table, by_token(held.token))
        if game is not None:
            found[held.table] = game
    account = await current_account(request)
    if account is not None:
        repo = _manager(request).repo
        for table_id in await repo.read(account_tables, account.id):
            if table_id not in found:
                game = await _one(request, table_id, by_account(account.id))
                if game is not None:
                    found[table_id] = game
    return sorted(found.values(), key=lambda g: order_key(Turn(g.status, g.your_turn, g.deadline)))


@router.get("/my-games", include_in_schema=False, response_model=None)
async def my_games_page() -> Response:
    """The "my games" page of the web front end (the API's description without one)."""
    index = WEB / "index.html"
    if index.is_file():
        return FileResponse(index)
    return RedirectResponse("/docs")
