"""What a rated table must be: the game's default rules and no hints when it is opened,
every seat a logged-in person or a named bot when it starts; and a person who leaves forfeits.

A table is rated only when its result says something about its players: the rules everybody
is rated under are the game's defaults (a rating under house rules would measure the house
rules), nobody is helped by hints (the win chance of every move), and every seat belongs to
someone a rating can follow (an account, or a bot spec; a guest's seat could be anyone), and
at least one seat is a person's (bots playing bots would move their own ratings at will).

>>> import solocards
>>> rules_problem(solocards.make("uno", players=2)) is None
True
>>> rules_problem(solocards.make("uno", players=2, scoring="alternative")) is not None
True
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import select

from ...core.game import Game
from ...games.registry import make
from ...i18n import _
from ..failures import STORAGE_ERRORS, StorageUnavailable, TableError, one_line
from ..storage import Repository
from ..storage.models import SeatRow
from .store import player_key, record_forfeit

if TYPE_CHECKING:
    from ..live.table import Table

log = logging.getLogger(__name__)


def rules_problem(game: Game) -> str | None:
    """Why ``game`` (as set up for a table) cannot be rated, or ``None`` when it plays the
    game's default rules."""
    defaults = make(game.id, players=game.players)
    changed = sorted(
        name for name, value in game.options.items() if defaults.options.get(name) != value
    )
    if not changed:
        return None
    return _(
        "a rated table plays the default rules of the game; these options differ: {options}. "
        "Leave out options and presets, or open the table unrated",
        options=", ".join(changed),
    )


def check_rated_table(game: Game, hints: bool) -> None:
    """Refuse (400) a rated table with other rules than the defaults, or with hints.

    >>> import solocards
    >>> check_rated_table(solocards.make("frog"), hints=False)
    >>> try:
    ...     check_rated_table(solocards.make("frog"), hints=True)
    ... except TableError as error:
    ...     print(error.status, str(error)[:26])
    400 a rated table has no hints
    """
    problem = rules_problem(game)
    if problem is not None:
        raise TableError(400, problem)
    if hints:
        raise TableError(
            400, _("a rated table has no hints: open it with hints off, or open it unrated")
        )


def seats_problem(
    seats: Sequence[tuple[int, str, str | None, str | None, int | None]],
) -> str | None:
    """Why a rated table with these seats ``(seat, kind, name, bot, account_id)`` may not
    start, or ``None``.

    >>> seats_problem([(0, "human", "ana", None, 4), (1, "bot", "bot:random", "random", None)])
    >>> seats_problem([(0, "human", "ana", None, None), (1, "human", "bo", None, 5)])[-27:]
    'log in or free seat 0 (ana)'
    """
    guests = [
        (seat, name)
        for seat, kind, name, bot, account in seats
        if player_key(kind, bot, account) is None
    ]
    if guests:
        return _(
            "a rated table starts only when every seat is a logged-in player or a bot; "
            "log in or free seat {seats}",
            seats=", ".join(f"{seat} ({name})" for seat, name in guests),
        )
    accounts = [account for _seat, kind, _name, _bot, account in seats if kind == "human"]
    if not accounts:
        return _("a rated table needs at least one logged-in player; bots alone play unrated")
    twice = sorted(
        {
            str(name)
            for _seat, kind, name, _bot, account in seats
            if kind == "human" and accounts.count(account) > 1
        }
    )
    if twice:
        return _(
            "{name} holds more than one seat; each person plays one seat of a rated table",
            name=twice[0],
        )
    return None


def stored_seats_problem(repo: Repository, table_id: str) -> str | None:
    """:func:`seats_problem` of the table's seats as stored (accounts are set by the lobby)."""
    with repo.engine.connect() as conn:
        rows = conn.execute(
            select(SeatRow.seat, SeatRow.kind, SeatRow.name, SeatRow.bot, SeatRow.account_id)
            .where(SeatRow.table_id == table_id)
            .order_by(SeatRow.seat)
        ).all()
    return seats_problem([tuple(row) for row in rows])  # type: ignore[misc]


async def check_rated_start(table: Table) -> None:
    """Refuse (409) to start the rated ``table`` while a seat is a guest's (lock held)."""
    try:
        problem = await table.repo.call(stored_seats_problem, table.repo.sync, table.id)
    except STORAGE_ERRORS as error:
        log.warning("table %s: reading its seats failed: %s", table.id, one_line(error))
        raise StorageUnavailable() from None
    if problem is not None:
        raise TableError(409, problem)


async def forfeit(table: Table, seat: int) -> None:
    """The person in ``seat`` left the rated ``table``: note the forfeit (best effort; it is
    logged when storage fails, and the match is then rated by its places)."""
    try:
        await table.repo.call(record_forfeit, table.repo.sync, table.id, seat)
    except STORAGE_ERRORS as error:
        log.warning(
            "table %s: storing seat %d's forfeit failed: %s", table.id, seat, one_line(error)
        )
        return
    log.info("table %s: seat %d left the rated match and forfeits it", table.id, seat)
