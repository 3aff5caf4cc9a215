"""The account store on SQLite and PostgreSQL: sessions that expired are forgotten at the next
login, a rehash replaces only the hash it was made from, a guest's seat joins an account only
with its own token, and a deleted account leaves nothing personal."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from argon2 import PasswordHasher
from sqlalchemy import text

from solocards.server.accounts import store
from solocards.server.accounts.passwords import hash_password, needs_rehash, password_matches
from solocards.server.security import hash_token
from solocards.server.storage import Repository, StoredSeat, StoredTable, upgrade

NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


@pytest.fixture
def repo(db_url: str) -> Iterator[Repository]:
    repository = Repository(db_url)
    upgrade(repository.engine)
    try:
        yield repository
    finally:
        repository.dispose()


def count(repo: Repository, query: str) -> int:
    with repo.engine.connect() as conn:
        found: int = conn.execute(text(query)).scalar_one()
        return found


def test_a_login_forgets_every_expired_session(repo: Repository) -> None:
    ana = store.create_account(repo, "ana", "ana", "h", NOW)
    bo = store.create_account(repo, "bo", "bo", "h", NOW)
    assert ana is not None and bo is not None
    store.create_session(repo, bo.id, "old", NOW - 2 * DAY, NOW - DAY)
    store.create_session(repo, bo.id, "live", NOW, NOW + DAY)
    store.create_session(repo, ana.id, "new", NOW, NOW + DAY)
    with repo.engine.connect() as conn:
        kept = sorted(conn.execute(text("SELECT token_hash FROM account_sessions")).scalars())
    assert kept == ["live", "new"]


@pytest.mark.usefixtures("production_password_hashing")
def test_a_rehash_replaces_only_the_hash_it_was_made_from(repo: Repository) -> None:
    weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash("a password")
    assert needs_rehash(weak)
    ana = store.create_account(repo, "ana", "ana", weak, NOW)
    assert ana is not None
    store.rehash_password(repo, ana.id, "another hash", hash_password("a password"))
    assert store.password_hash_of(repo, ana.id) == weak  # the password changed meanwhile
    stronger = hash_password("a password")
    store.rehash_password(repo, ana.id, weak, stronger)
    assert store.password_hash_of(repo, ana.id) == stronger
    assert password_matches(stronger, "a password") and not needs_rehash(stronger)


def test_a_seat_joins_an_account_with_its_own_token_only(repo: Repository) -> None:
    seats = [
        StoredSeat(0, "human", "guest", None, hash_token("mine")),
        StoredSeat(1, "human", "bo", None, hash_token("theirs")),
        StoredSeat(2, "bot", "bot:random", "random", None),
    ]
    table = StoredTable(
        id="t1",
        game="uno",
        players=3,
        options={},
        seed=1,
        public=True,
        status="lobby",
        owner_hash="x",
        seats=seats,
    )
    repo.create(table)
    ana = store.create_account(repo, "ana", "ana", "h", NOW)
    bo = store.create_account(repo, "bo", "bo", "h", NOW)
    assert ana is not None and bo is not None
    asked = [("t1", 0, hash_token("mine")), ("t1", 1, hash_token("mine")), ("t1", 2, "")]
    assert store.claim_seats(repo, ana.id, asked) == [("t1", 0)]
    assert store.claim_seats(repo, bo.id, [("t1", 0, hash_token("mine"))]) == []  # taken
    loaded = repo.load("t1")
    assert loaded is not None
    assert [seat.account_id for seat in loaded.seats] == [ana.id, None, None]


def test_a_deleted_account_leaves_nothing_personal(repo: Repository) -> None:
    seats = [StoredSeat(0, "human", "Ana", None, "x" * 64), StoredSeat(1, "bot", "bot:r", "r")]
    repo.create(
        StoredTable(
            id="t2",
            game="uno",
            players=2,
            options={},
            seed=1,
            public=True,
            status="playing",
            owner_hash="x",
            seats=seats,
        )
    )
    repo.finish("t2", {"game": "uno", "names": ["Ana", "bot:r"], "rounds": []})
    ana = store.create_account(repo, "Ana", "ana", "h", NOW)
    assert ana is not None
    assert store.claim_seats(repo, ana.id, [("t2", 0, "x" * 64)]) == [("t2", 0)]
    store.create_session(repo, ana.id, "s", NOW, NOW + DAY)
    assert store.delete_account(repo, ana.id, NOW) == [("t2", 0)]
    with repo.engine.connect() as conn:
        row = conn.execute(text("SELECT * FROM accounts")).one()
        record = conn.execute(text("SELECT record FROM card_tables")).scalar_one()
    assert (row.name, row.name_key, row.password_hash) == (None, None, None)
    assert row.deleted_at is not None
    assert count(repo, "SELECT count(*) FROM account_sessions") == 0
    assert "Ana" not in str(record)
    loaded = repo.load("t2")
    assert loaded is not None and loaded.seats[0].name == store.ANONYMOUS
    assert loaded.seats[0].account_id is None
    assert store.login_of(repo, "ana") is None
    assert store.create_account(repo, "ana", "ana", "h", NOW) is not None  # free again
