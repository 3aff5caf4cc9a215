"""Alembic environment: migrates the connection handed over by ``storage.migrate.upgrade``.

Run from the command line, it uses ``sqlalchemy.url`` of the Alembic configuration instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from solocards.server.storage.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate the given connection, or connect to the configured URL."""
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as conn:
        _run(conn)
    engine.dispose()


try:
    context.config  # noqa: B018 (only defined while Alembic runs this file)
except AttributeError:  # imported by something else (a doctest collector): nothing to do
    pass
else:
    run_migrations_online()
