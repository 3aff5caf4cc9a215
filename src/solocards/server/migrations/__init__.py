"""Alembic migrations of the server's schema (run at start-up by ``storage.migrate.upgrade``)."""
