"""Whether a table's players may ask for hints (on unless its creator turned them off).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``card_tables.hints`` (true for every table stored before).

    A plain ``ALTER TABLE ... ADD COLUMN``, also on SQLite: a batch operation would copy the
    table, drop the old one, and so delete every seat and action with it (their foreign keys
    cascade).
    """
    op.add_column(
        "card_tables",
        sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.true()),
    )


def downgrade() -> None:
    """Drop the column ``upgrade`` added (SQLite 3.35 and later drop columns in place)."""
    op.drop_column("card_tables", "hints")
