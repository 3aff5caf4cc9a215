"""Who is away and the running move clock, so that a restart carries on where it stopped.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``table_seats.away`` and the clock columns of ``card_tables``."""
    with op.batch_alter_table("table_seats") as seats:
        seats.add_column(sa.Column("away", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("card_tables") as tables:
        tables.add_column(sa.Column("clock_version", sa.Integer(), nullable=True))
        tables.add_column(sa.Column("clock_seat", sa.Integer(), nullable=True))
        tables.add_column(sa.Column("clock_deadline", sa.Float(), nullable=True))


def downgrade() -> None:
    """Drop the columns ``upgrade`` added."""
    with op.batch_alter_table("card_tables") as tables:
        tables.drop_column("clock_deadline")
        tables.drop_column("clock_seat")
        tables.drop_column("clock_version")
    with op.batch_alter_table("table_seats") as seats:
        seats.drop_column("away")
