"""Refused lobby requests, and storage failures as clients and the log see them.

When the database refuses a write (a full disk, a read-only file, a lost connection, a value
it cannot hold) nothing changes in memory, the client is told that storage is unavailable and
may try again, and the log gets one line, not a traceback.

>>> from sqlalchemy.exc import OperationalError
>>> one_line(OperationalError("INSERT ...", {}, Exception("database or disk is full")))
'OperationalError: database or disk is full'
>>> StorageUnavailable().status
503
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from ..i18n import _


class TableError(Exception):
    """A lobby request that cannot be done; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
        """Seconds after which asking again may succeed (sent as ``Retry-After``)."""


STORAGE_UNAVAILABLE = "storage is unavailable; try again"
"""What a client is told when a write or a read of the database failed (in English)."""


def storage_unavailable() -> str:
    """:data:`STORAGE_UNAVAILABLE` in the client's language."""
    return _("storage is unavailable; try again")


STORAGE_ERRORS: tuple[type[Exception], ...] = (SQLAlchemyError, OSError)
"""The exceptions that mean the database failed (not the request)."""


class StorageUnavailable(TableError):
    """The database failed: HTTP 503, nothing was changed."""

    def __init__(self) -> None:
        super().__init__(503, storage_unavailable())


def one_line(error: BaseException) -> str:
    """The error's class and the database's own message, on one line (no SQL, no values)."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    text = str(cause).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else type(cause).__name__}"
