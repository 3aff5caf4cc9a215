"""Seats and accounts: a guest's seats join the account they sign up or log in with, and a
deleted account's seats become anonymous.

The database is changed first; then the tables this process holds in memory (a table held by
another process of a cluster reads the change when it next loads the table).
"""

from __future__ import annotations

from datetime import datetime

from ..live.tables import TableManager
from ..security import hash_token, token_matches
from ..storage import AsyncRepository
from . import store
from .store import ANONYMOUS, Account


async def claim_seats(
    manager: TableManager, account: Account, held: list[tuple[str, int, str]]
) -> list[tuple[str, int]]:
    """Link the seats of ``held`` (table id, seat, seat token) to ``account`` where the token
    is that seat's and no account sits there yet; the seats linked."""
    if not held:
        return []
    hashed = [(table_id, seat, hash_token(token)) for table_id, seat, token in held]
    repo: AsyncRepository = manager.repo
    claimed = await repo.call(store.claim_seats, repo.sync, account.id, hashed)
    tokens = {(table_id, seat): token for table_id, seat, token in held}
    for table_id, seat in claimed:
        table = manager.tables.get(table_id)
        if table is not None and 0 <= seat < len(table.seats):
            state = table.seats[seat]
            if state.account_id is None and token_matches(state.token_hash, tokens[table_id, seat]):
                state.account_id = account.id
    return claimed


async def forget_account(manager: TableManager, account: Account, moment: datetime) -> int:
    """Delete ``account`` (:func:`.store.delete_account`) and make its seats anonymous in the
    tables held here; how many seats it had."""
    repo: AsyncRepository = manager.repo
    seats = await repo.call(store.delete_account, repo.sync, account.id, moment)
    for table_id, seat in seats:
        table = manager.tables.get(table_id)
        if table is None or not 0 <= seat < len(table.seats):
            continue
        state = table.seats[seat]
        if state.account_id == account.id:
            state.name = ANONYMOUS
            state.account_id = None
            if table.match is not None and seat < len(table.match.names):
                table.match.names[seat] = ANONYMOUS
            table.news.broadcast_info()
    return len(seats)
