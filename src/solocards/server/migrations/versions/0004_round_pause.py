"""The pause between rounds (when it ends, who is still to say ready), so a restart keeps it.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``card_tables.pause_until`` and ``card_tables.pause_waiting``."""
    with op.batch_alter_table("card_tables") as tables:
        tables.add_column(sa.Column("pause_until", sa.Float(), nullable=True))
        tables.add_column(sa.Column("pause_waiting", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop the columns ``upgrade`` added."""
    with op.batch_alter_table("card_tables") as tables:
        tables.drop_column("pause_waiting")
        tables.drop_column("pause_until")
