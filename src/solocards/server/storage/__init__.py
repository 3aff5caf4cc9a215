"""Persistence of tables: SQLAlchemy models, the repository, and running the migrations.

A table is stored as its record: the game, options, seed and seats in one row, then one row per
accepted action. Restarting the server rebuilds every unfinished table by replaying its actions.
"""

from .migrate import upgrade
from .models import ActionRow, Base, SeatRow, TableRow
from .repository import (
    AsyncRepository,
    Repository,
    StoredClock,
    StoredPause,
    StoredSeat,
    StoredTable,
)

__all__ = [
    "ActionRow",
    "AsyncRepository",
    "Base",
    "Repository",
    "SeatRow",
    "StoredClock",
    "StoredPause",
    "StoredSeat",
    "StoredTable",
    "TableRow",
    "upgrade",
]
