"""Migration 0005 (accounts, sessions, seats' accounts, rated tables) on SQLite and PostgreSQL.

The PostgreSQL cases run when ``SOLOCARDS_TEST_PG_URL`` is set (CI sets it).
"""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from solocards.server.storage import Repository, upgrade
from solocards.server.storage.migrate import downgrade
from solocards.server.storage.models import Base

NEW_TABLES = {"accounts", "account_sessions"}


def test_the_models_match_the_migrated_schema(db_url: str) -> None:
    """Every model's table, column, index and foreign key is what the migrations create."""
    repo = Repository(db_url)
    try:
        upgrade(repo.engine)
        with repo.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert differences == []
    finally:
        repo.dispose()


def insert_table_with_seat(conn: object, table_id: str) -> None:
    conn.execute(  # type: ignore[attr-defined]
        text(
            "INSERT INTO card_tables (id, game, players, options, seed, public, status,"
            f" owner_hash, on_timeout, created_at) VALUES ('{table_id}', 'uno', 2, '{{}}', 1,"
            " true, 'playing', 'x', 'bot', '2026-01-01 00:00:00')"
        )
    )
    conn.execute(  # type: ignore[attr-defined]
        text(
            "INSERT INTO table_seats (table_id, seat, kind, name) VALUES"
            f" ('{table_id}', 0, 'human', 'ana'), ('{table_id}', 1, 'bot', 'bot:random')"
        )
    )


def test_tables_stored_before_accounts_migrate_unrated_and_seated_by_guests(db_url: str) -> None:
    repo = Repository(db_url)
    try:
        upgrade(repo.engine, "0004")
        with repo.engine.begin() as conn:
            insert_table_with_seat(conn, "t1")
        upgrade(repo.engine)
        assert set(inspect(repo.engine).get_table_names()) >= NEW_TABLES
        with repo.engine.connect() as conn:
            row = conn.execute(
                text("SELECT rated, language, absent FROM card_tables WHERE id = 't1'")
            ).one()
            assert (bool(row.rated), row.language, row.absent) == (False, None, None)
            seats = conn.execute(
                text("SELECT seat, account_id FROM table_seats WHERE table_id = 't1'")
            ).all()
            assert sorted(tuple(seat) for seat in seats) == [(0, None), (1, None)]
        loaded = repo.load("t1")
        assert loaded is not None and [seat.name for seat in loaded.seats] == ["ana", "bot:random"]
    finally:
        repo.dispose()


def add_account(conn: object, name_key: str) -> int:
    found = conn.execute(  # type: ignore[attr-defined]
        text(
            "INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES"
            " (:name, :key, 'h', '2026-01-01 00:00:00') RETURNING id"
        ),
        {"name": name_key.title(), "key": name_key},
    )
    account_id: int = found.scalar_one()
    return account_id


def test_account_keys_are_unique_and_sessions_go_with_their_account(db_url: str) -> None:
    repo = Repository(db_url)
    try:
        upgrade(repo.engine)
        with repo.engine.begin() as conn:
            insert_table_with_seat(conn, "t2")
            ana = add_account(conn, "ana")
            conn.execute(
                text(
                    "INSERT INTO account_sessions (token_hash, account_id, created_at,"
                    " expires_at) VALUES ('s1', :id, '2026-01-01 00:00:00',"
                    " '2026-02-01 00:00:00')"
                ),
                {"id": ana},
            )
            conn.execute(
                text("UPDATE table_seats SET account_id = :id WHERE table_id = 't2' AND seat = 0"),
                {"id": ana},
            )
        try:
            with repo.engine.begin() as conn:
                add_account(conn, "ana")
        except IntegrityError:
            pass
        else:
            raise AssertionError("a second account with the same name key was stored")
        with repo.engine.begin() as conn:  # two deleted accounts both have no key
            conn.execute(text("UPDATE accounts SET name_key = NULL"))
            add_account(conn, "bo")
            conn.execute(text("UPDATE accounts SET name_key = NULL WHERE name_key = 'bo'"))
            conn.execute(text("DELETE FROM accounts WHERE id = :id"), {"id": ana})
        with repo.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM account_sessions")).scalar_one() == 0
            seat = conn.execute(
                text("SELECT account_id FROM table_seats WHERE table_id = 't2' AND seat = 0")
            ).scalar_one()
            assert seat is None
    finally:
        repo.dispose()


def test_downgrading_0005_keeps_tables_and_seats(db_url: str) -> None:
    repo = Repository(db_url)
    try:
        upgrade(repo.engine)
        with repo.engine.begin() as conn:
            insert_table_with_seat(conn, "t3")
            conn.execute(text("INSERT INTO table_actions VALUES ('t3', 0, 0, 'R7')"))
        downgrade(repo.engine, "0004")
        assert not NEW_TABLES & set(inspect(repo.engine).get_table_names())
        with repo.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM table_seats")).scalar_one() == 2
            assert conn.execute(text("SELECT count(*) FROM table_actions")).scalar_one() == 1
        upgrade(repo.engine)
        loaded = repo.load("t3")
        assert loaded is not None and loaded.actions == [(0, "R7")]
    finally:
        repo.dispose()
