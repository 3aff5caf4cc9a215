"""Run the Alembic migrations programmatically (the server does this at start-up).

Alembic is imported only when the database is not at the newest revision already, which keeps
a restart quick.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
_REVISION = re.compile(r"^revision\s*=\s*[\"'](\w+)[\"']", re.MULTILINE)
_DOWN = re.compile(r"^down_revision\s*=\s*[\"'](\w+)[\"']", re.MULTILINE)


@cache
def head_revision() -> str:
    """The newest revision, read from the migration files (the one nothing revises).

    >>> head_revision()
    '0007'
    """
    revisions: set[str] = set()
    revised: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        found = _REVISION.search(source)
        if found:
            revisions.add(found.group(1))
        down = _DOWN.search(source)
        if down:
            revised.add(down.group(1))
    heads = sorted(revisions - revised)
    if len(heads) != 1:
        raise RuntimeError(f"the migrations have {len(heads)} heads: {heads}")
    return heads[0]


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (``None`` for an empty one)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def alembic_config(url: str | None = None) -> Config:
    """An Alembic configuration pointing at the server's migrations (and ``url`` if given)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@contextmanager
def _migrating(engine: Engine) -> Iterator[Connection]:
    """A connection in one transaction for a migration; on SQLite with foreign keys off.

    SQLite's batch operations copy a table, drop the old one and rename the copy; with
    ``PRAGMA foreign_keys=ON`` (every connection of ours) dropping ``card_tables`` would
    cascade and delete every seat and action. The pragma has no effect inside a transaction,
    so it is set before the transaction starts; the foreign keys are checked before it commits
    and enforced again afterwards (Alembic's docs, "Dealing with Referencing Tables").
    """
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                yield connection
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:  # the pooled connection enforces them again
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


MIGRATION_LOCK = 0x50C0CA4D5
"""The PostgreSQL advisory lock held while migrating (one process at a time)."""


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database behind ``engine`` to ``revision`` (the newest by default)."""
    if revision == "head" and current_revision(engine) == head_revision():
        return
    from alembic import command

    config = alembic_config()
    with _migrating(engine) as connection:
        if engine.dialect.name == "postgresql":  # processes that start together migrate once
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Take the database behind ``engine`` back to ``revision`` (empty by default)."""
    from alembic import command

    config = alembic_config()
    with _migrating(engine) as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
