"""Moderation: bans of a name or an address for a time, chat lines reported by players, and
the log of every moderator's action.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``bans``, ``chat_reports`` and ``moderation_log``."""
    op.create_table(
        "bans",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("value_key", sa.String(128), nullable=False),
        sa.Column("shown", sa.String(128), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lifted", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_bans_until", "bans", ["until"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("line_id", sa.Integer(), nullable=False),
        sa.Column("author", sa.String(64), nullable=True),
        sa.Column("author_seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("reporter_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("handled", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.UniqueConstraint("table_id", "line_id", "reporter_hash", name="uq_chat_reports_once"),
    )
    op.create_index("ix_chat_reports_handled", "chat_reports", ["handled", "created_at"])
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    """Drop the tables ``upgrade`` made."""
    op.drop_table("moderation_log")
    op.drop_index("ix_chat_reports_handled", table_name="chat_reports")
    op.drop_table("chat_reports")
    op.drop_index("ix_bans_until", table_name="bans")
    op.drop_table("bans")
