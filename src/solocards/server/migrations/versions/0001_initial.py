"""The first schema: tables, their seats and their actions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``card_tables``, ``table_seats`` and ``table_actions``."""
    op.create_table(
        "card_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("clock_seconds", sa.Float(), nullable=True),
        sa.Column("on_timeout", sa.String(16), nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
    )
    op.create_index("ix_card_tables_status", "card_tables", ["status"])
    op.create_table(
        "table_seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("card_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(100), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "table_actions",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("card_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    """Drop everything ``upgrade`` created."""
    op.drop_table("table_actions")
    op.drop_table("table_seats")
    op.drop_index("ix_card_tables_status", table_name="card_tables")
    op.drop_table("card_tables")
