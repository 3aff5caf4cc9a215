"""Storage on SQLite and PostgreSQL: the migrations and the repository.

The PostgreSQL cases run when ``SOLOCARDS_TEST_PG_URL`` is set (CI sets it); otherwise they
are skipped.
"""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from solocards.server.storage import (
    Repository,
    StoredClock,
    StoredPause,
    StoredSeat,
    StoredTable,
    upgrade,
)
from solocards.server.storage.migrate import downgrade

TABLES = {"card_tables", "table_seats", "table_actions"}
BIG_SEED = 2**63 - 1


def new_table(table_id: str, status: str = "lobby") -> StoredTable:
    return StoredTable(
        id=table_id,
        game="uno",
        players=3,
        options={"stack_draw2": True, "hand_size": 7, "scoring": "standard"},
        seed=BIG_SEED,
        public=False,
        status=status,
        owner_hash="ab" * 32,
        clock_seconds=12.5,
        on_timeout="default",
        seats=[
            StoredSeat(0, "human", "ana", None, "cd" * 32),
            StoredSeat(1, "bot", "bot:random", "random", None),
            StoredSeat(2, "empty"),
        ],
    )


def migrated(url: str) -> Repository:
    repo = Repository(url)
    upgrade(repo.engine)
    return repo


def test_migrations_up_down_and_up_again(db_url: str) -> None:
    repo = Repository(db_url)
    try:
        upgrade(repo.engine)
        upgrade(repo.engine)  # a second start finds the schema up to date
        assert set(inspect(repo.engine).get_table_names()) >= TABLES
        downgrade(repo.engine)
        assert not TABLES & set(inspect(repo.engine).get_table_names())
        upgrade(repo.engine)
        assert set(inspect(repo.engine).get_table_names()) >= TABLES
    finally:
        repo.dispose()


def test_a_table_round_trips(db_url: str) -> None:
    repo = migrated(db_url)
    try:
        table = new_table("t1")
        repo.create(table)
        loaded = repo.load("t1")
        assert loaded is not None
        assert loaded.seed == BIG_SEED and loaded.options == table.options
        assert loaded.seats == table.seats and loaded.actions == []
        assert (loaded.public, loaded.clock_seconds, loaded.on_timeout) == (False, 12.5, "default")
        assert loaded.created_at.tzinfo is not None
        assert abs((loaded.created_at - table.created_at).total_seconds()) < 1
        repo.save_seat("t1", StoredSeat(2, "human", "bob", None, "ef" * 32))
        repo.set_status("t1", "playing")
        for index, (seat, action) in enumerate([(1, "R7"), (2, "draw"), (0, "W+4:G!")]):
            repo.append_action("t1", index, seat, action)
        loaded = repo.load("t1")
        assert loaded is not None and loaded.status == "playing"
        assert loaded.seats[2] == StoredSeat(2, "human", "bob", None, "ef" * 32)
        assert loaded.actions == [(1, "R7"), (2, "draw"), (0, "W+4:G!")]
        assert repo.load("nope") is None
    finally:
        repo.dispose()


def test_an_action_number_is_stored_once(db_url: str) -> None:
    repo = migrated(db_url)
    try:
        repo.create(new_table("t2", "playing"))
        repo.append_action("t2", 0, 1, "R7")
        with pytest.raises(IntegrityError):
            repo.append_action("t2", 0, 2, "R8")
        repo.append_action("t2", 1, 2, "R8")
        repo.truncate_actions("t2", 1)
        loaded = repo.load("t2")
        assert loaded is not None and loaded.actions == [(1, "R7")]
    finally:
        repo.dispose()


def test_unfinished_tables_and_finished_records(db_url: str) -> None:
    repo = migrated(db_url)
    try:
        for table_id, status in [("a", "lobby"), ("b", "playing"), ("c", "playing")]:
            repo.create(new_table(table_id, status))
        repo.append_action("b", 0, 1, "R7")
        record = {"format": "solocards/1", "game": "uno", "rounds": [{"actions": [[1, "R7"]]}]}
        repo.finish("c", record)
        repo.set_rematch("c", "d")
        unfinished = repo.load_unfinished()
        assert [t.id for t in unfinished] == ["a", "b"]
        assert unfinished[1].actions == [(1, "R7")]
        finished = repo.load("c")
        assert finished is not None and finished.status == "finished"
        assert finished.record == record and finished.rematch_id == "d"
        assert finished.finished_at is not None
    finally:
        repo.dispose()


def test_away_seats_and_the_move_clock_round_trip(db_url: str) -> None:
    repo = migrated(db_url)
    try:
        repo.create(new_table("t3", "playing"))
        loaded = repo.load("t3")
        assert loaded is not None and loaded.clock is None
        assert [seat.away for seat in loaded.seats] == [False, False, False]
        deadline = 1_900_000_000.125  # wall-clock seconds, kept to the millisecond and beyond
        repo.save_runtime("t3", [True, False, False], StoredClock(4, 0, deadline))
        loaded = repo.load("t3")
        assert loaded is not None and loaded.clock == StoredClock(4, 0, deadline)
        assert [seat.away for seat in loaded.seats] == [True, False, False]
        repo.save_runtime("t3", [False, False, False], None)
        loaded = repo.load("t3")
        assert loaded is not None and loaded.clock is None
        assert not any(seat.away for seat in loaded.seats)
        assert loaded.pause is None
        repo.save_runtime("t3", None, None, StoredPause(deadline, (0, 2)))
        loaded = repo.load("t3")
        assert loaded is not None and loaded.pause == StoredPause(deadline, (0, 2))
        assert [t.pause for t in repo.load_unfinished()] == [StoredPause(deadline, (0, 2))]
        repo.save_runtime("t3", None, None, None)
        loaded = repo.load("t3")
        assert loaded is not None and loaded.pause is None
    finally:
        repo.dispose()


def test_a_rematch_is_created_and_linked_together_or_not_at_all(db_url: str) -> None:
    repo = migrated(db_url)
    try:
        repo.create(new_table("old", "finished"))
        rematch = new_table("new")
        rematch.rematch_of = "old"
        repo.create_rematch(rematch)
        old = repo.load("old")
        assert old is not None and old.rematch_id == "new"
        again = new_table("new")  # the same id again: the insert fails, so does the link
        again.rematch_of = "other"
        repo.create(new_table("other", "finished"))
        with pytest.raises(IntegrityError):
            repo.create_rematch(again)
        other = repo.load("other")
        assert other is not None and other.rematch_id is None
    finally:
        repo.dispose()


def test_tables_stored_before_the_away_column_migrate(db_url: str) -> None:
    repo = Repository(db_url)
    try:
        upgrade(repo.engine, "0001")
        with repo.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO card_tables (id, game, players, options, seed, public, status,"
                    " owner_hash, on_timeout, created_at) VALUES ('t4', 'uno', 2, '{}', 1,"
                    " true, 'playing', 'x', 'bot', '2026-01-01 00:00:00')"
                )
            )
            conn.execute(
                text(
                    "INSERT INTO table_seats (table_id, seat, kind, name) VALUES"
                    " ('t4', 0, 'human', 'ana'), ('t4', 1, 'bot', 'bot:random')"
                )
            )
        upgrade(repo.engine)
        loaded = repo.load("t4")
        assert loaded is not None and loaded.clock is None
        assert [(seat.name, seat.away) for seat in loaded.seats] == [
            ("ana", False),
            ("bot:random", False),
        ]
    finally:
        repo.dispose()


def row_counts(repo: Repository) -> dict[str, int]:
    with repo.engine.connect() as conn:
        return {
            name: conn.execute(text(f"SELECT count(*) FROM {name}")).scalar_one() for name in TABLES
        }


def test_downgrading_keeps_the_stored_tables_seats_and_actions(db_url: str) -> None:
    """0002's downgrade copies ``card_tables`` on SQLite (a batch operation); with the
    cascading foreign keys on, dropping the old copy deleted every seat and action."""
    repo = migrated(db_url)
    try:
        repo.create(new_table("t5", "playing"))
        for index, (seat, action) in enumerate([(1, "R7"), (0, "draw"), (1, "W+4:G!")]):
            repo.append_action("t5", index, seat, action)
        before = row_counts(repo)
        assert before == {"card_tables": 1, "table_seats": 3, "table_actions": 3}
        repo.close()
        downgrade(repo.engine, "0001")  # through 0003 and 0002
        assert row_counts(repo) == before
        upgrade(repo.engine)
        loaded = repo.load("t5")
        assert loaded is not None
        assert [(seat.kind, seat.name) for seat in loaded.seats] == [
            ("human", "ana"),
            ("bot", "bot:random"),
            ("empty", None),
        ]
        assert loaded.actions == [(1, "R7"), (0, "draw"), (1, "W+4:G!")]
        with repo.engine.connect() as conn:
            if conn.dialect.name == "sqlite":  # the foreign keys are enforced again afterwards
                assert conn.execute(text("PRAGMA foreign_keys")).scalar_one() == 1
                assert conn.execute(text("PRAGMA foreign_key_check")).all() == []
    finally:
        repo.dispose()
