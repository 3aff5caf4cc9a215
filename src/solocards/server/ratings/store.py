"""Storing a finished match's results and ratings, and forfeits, in the finish's transaction.

:func:`finish_match` marks a table finished, keeps its record and writes each seat's result
(and for a rated match, every seat's new skill) in one transaction: a match is rated exactly
once, by whichever process stores its finish, and a failed write changes nothing (the next
start finishes it again). What the seats are (accounts, bots, guests), whether the table is
rated and who forfeited is read from the database inside that transaction, so no process
keeps any of it in memory.

>>> from sqlalchemy import text
>>> from solocards.server.storage import Repository, StoredSeat, StoredTable
>>> repo = Repository("sqlite://")
>>> repo.create_schema()
>>> repo.create(StoredTable(id="t1", game="uno", players=2, options={}, seed=5, public=True,
...     status="playing", owner_hash="x", rated=True, seats=[
...     StoredSeat(0, "bot", "bot:random", "random"), StoredSeat(1, "bot", "bot:heuristic",
...     "heuristic")]))
>>> finish_match(repo, FinishedMatch("t1", "uno", [40, 510], [1], False), {})
>>> with repo.engine.connect() as conn:
...     conn.execute(text("SELECT player, matches, wins FROM player_ratings ORDER BY mu")).all()
[('bot:random', 1, 0), ('bot:heuristic', 1, 1)]
>>> record_forfeit(repo, "no-such-table", 0)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..storage import Repository
from ..storage.models import ForfeitRow, RatingRow, ResultRow, SeatRow, TableRow
from .families import family
from .ranking import places
from .skill import NEWCOMER, Skill, rate

ATTEMPTS = 3
"""Tries of a finish that met another process's concurrent write to the same rating rows."""


@dataclass(frozen=True)
class FinishedMatch:
    """What a table knows of its match when it ends: the game, seats' totals and winners,
    and which way the totals run (``None``: unknown, highest first)."""

    table_id: str
    game: str
    totals: list[int]
    winners: list[int]
    lowest_wins: bool | None


@dataclass(frozen=True)
class SeatPlayer:
    """Who sat in a seat, as the ratings know players: ``key`` ``account:<id>`` or
    ``bot:<spec>``, or ``None`` for a guest."""

    seat: int
    key: str | None
    account_id: int | None


def player_key(kind: str, bot: str | None, account_id: int | None) -> str | None:
    """The ratings' key of a seat's occupant (``None``: a guest, never rated).

    >>> player_key("human", None, 7), player_key("bot", "heuristic", None)
    ('account:7', 'bot:heuristic')
    >>> player_key("human", None, None) is None
    True
    """
    if kind == "bot" and bot:
        return f"bot:{bot}"
    if kind == "human" and account_id is not None:
        return f"account:{account_id}"
    return None


def record_forfeit(repo: Repository, table_id: str, seat: int) -> bool:
    """Note that the person in ``seat`` left the rated match at ``table_id`` (it places last
    when the match ends); returns whether it is a new forfeit of a rated table.

    A table that is not rated, not being played, or a seat already forfeited changes nothing.
    """
    with repo.engine.begin() as conn:
        rated = conn.execute(
            select(TableRow.rated).where(TableRow.id == table_id, TableRow.status == "playing")
        ).scalar()
        if not rated:
            return False
        known = conn.execute(
            select(ForfeitRow.seat).where(ForfeitRow.table_id == table_id, ForfeitRow.seat == seat)
        ).first()
        if known is not None:
            return False
        conn.execute(insert(ForfeitRow).values(table_id=table_id, seat=seat, at=datetime.now(UTC)))
        return True


def finish_match(repo: Repository, match: FinishedMatch, record: dict[str, Any]) -> None:
    """Mark the table finished with its ``record`` and store its results and ratings, all in
    one transaction (a match already rated is not rated again)."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with repo.engine.begin() as conn:
                conn.execute(
                    update(TableRow)
                    .where(TableRow.id == match.table_id)
                    .values(status="finished", record=record, finished_at=datetime.now(UTC))
                )
                store_results(conn, match)
            return
        except IntegrityError:  # another process rated a newcomer at the same moment
            if attempt == ATTEMPTS:
                raise


def seat_players(conn: Connection, table_id: str) -> list[SeatPlayer]:
    """The seats of a table as the ratings know their players, in seat order."""
    rows = conn.execute(
        select(SeatRow.seat, SeatRow.kind, SeatRow.bot, SeatRow.account_id)
        .where(SeatRow.table_id == table_id)
        .order_by(SeatRow.seat)
    ).all()
    return [
        SeatPlayer(row.seat, player_key(row.kind, row.bot, row.account_id), row.account_id)
        for row in rows
    ]


def store_results(conn: Connection, match: FinishedMatch) -> bool:
    """Write the results (and ratings) of ``match`` on ``conn``; ``False`` if already written.

    Results are kept for every seat of an account, and for every seat of a rated match. A
    rated table whose seat lost its player key (an account deleted during the match) is
    stored unrated.
    """
    done = conn.execute(
        select(ResultRow.seat).where(ResultRow.table_id == match.table_id).limit(1)
    ).first()
    if done is not None:
        return False
    rated = bool(conn.execute(select(TableRow.rated).where(TableRow.id == match.table_id)).scalar())
    seats = seat_players(conn, match.table_id)
    forfeits = set(
        conn.execute(select(ForfeitRow.seat).where(ForfeitRow.table_id == match.table_id))
        .scalars()
        .all()
    )
    rated = rated and len(seats) >= 2 and all(seat.key is not None for seat in seats)
    ranks = places(match.totals, match.winners, match.lowest_wins, forfeits if rated else ())
    code = family(match.game, len(seats))
    before: dict[int, Skill] = {}
    after: dict[int, Skill] = {}
    if rated:
        before, after = _rate(conn, match.game, code, seats, ranks, forfeits)
    now = datetime.now(UTC)
    rows = [
        {
            "table_id": match.table_id,
            "seat": seat.seat,
            "player": seat.key,
            "account_id": seat.account_id,
            "game": match.game,
            "players": len(seats),
            "family": code,
            "total": match.totals[seat.seat],
            "place": ranks[seat.seat],
            "won": seat.seat in match.winners and seat.seat not in forfeits,
            "forfeited": rated and seat.seat in forfeits,
            "rated": rated,
            "mu_before": before[seat.seat].mu if rated else None,
            "sigma_before": before[seat.seat].sigma if rated else None,
            "mu_after": after[seat.seat].mu if rated else None,
            "sigma_after": after[seat.seat].sigma if rated else None,
            "finished_at": now,
        }
        for seat in seats
        if seat.key is not None and (rated or seat.account_id is not None)
    ]
    if rows:
        conn.execute(insert(ResultRow), rows)
    return True


def _rate(
    conn: Connection,
    game: str,
    code: str,
    seats: Sequence[SeatPlayer],
    ranks: list[int],
    forfeits: set[int],
) -> tuple[dict[int, Skill], dict[int, Skill]]:
    """Move the skills of a rated match's players; returns each seat's skill before and after.

    A player in several seats (two bots of one spec) moves by the mean of its seats' changes.
    """
    keys = sorted({str(seat.key) for seat in seats})  # locked in one order: no deadlock
    found = conn.execute(
        select(RatingRow.player, RatingRow.mu, RatingRow.sigma)
        .where(RatingRow.player.in_(keys), RatingRow.game == game, RatingRow.family == code)
        .order_by(RatingRow.player)
        .with_for_update()
    )
    current = {row.player: Skill(row.mu, row.sigma) for row in found}
    before = {seat.seat: current.get(str(seat.key), NEWCOMER) for seat in seats}
    moved = rate([before[seat.seat] for seat in seats], [ranks[seat.seat] for seat in seats])
    after = {seat.seat: skill for seat, skill in zip(seats, moved, strict=True)}
    now = datetime.now(UTC)
    for key in keys:
        mine = [seat for seat in seats if seat.key == key]
        old = current.get(key, NEWCOMER)
        new = Skill(
            old.mu + sum(after[s.seat].mu - before[s.seat].mu for s in mine) / len(mine),
            sum(after[s.seat].sigma for s in mine) / len(mine),
        )
        wins = sum(ranks[s.seat] == 1 and s.seat not in forfeits for s in mine)
        values = {"mu": new.mu, "sigma": new.sigma, "updated_at": now}
        if key in current:
            conn.execute(
                update(RatingRow)
                .where(RatingRow.player == key, RatingRow.game == game, RatingRow.family == code)
                .values(
                    **values,
                    matches=RatingRow.matches + len(mine),
                    wins=RatingRow.wins + wins,
                )
            )
        else:
            conn.execute(
                insert(RatingRow).values(
                    player=key,
                    game=game,
                    family=code,
                    account_id=mine[0].account_id,
                    matches=len(mine),
                    wins=wins,
                    **values,
                )
            )
    return before, after
