"""Ratings: each player's skill per game and family of player counts, each finished match's
results per seat (with the rating before and after, for rated matches), and forfeits.

A player is a key: ``account:<id>`` for an account, ``bot:<spec>`` for a bot spec. An
account's rows go with its account row; a match's rows go with its table.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``player_ratings``, ``match_results`` and ``rating_forfeits``."""
    op.create_table(
        "player_ratings",
        sa.Column("player", sa.String(120), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("family", sa.String(8), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_player_ratings_board", "player_ratings", ["game", "family", "mu"])
    op.create_index("ix_player_ratings_account_id", "player_ratings", ["account_id"])
    op.create_table(
        "match_results",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("card_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player", sa.String(120), nullable=False),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("family", sa.String(8), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("forfeited", sa.Boolean(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=True),
        sa.Column("sigma_before", sa.Float(), nullable=True),
        sa.Column("mu_after", sa.Float(), nullable=True),
        sa.Column("sigma_after", sa.Float(), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_match_results_player", "match_results", ["player", "finished_at"])
    op.create_index("ix_match_results_account_id", "match_results", ["account_id"])
    op.create_table(
        "rating_forfeits",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("card_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop what ``upgrade`` created."""
    op.drop_table("rating_forfeits")
    op.drop_index("ix_match_results_account_id", table_name="match_results")
    op.drop_index("ix_match_results_player", table_name="match_results")
    op.drop_table("match_results")
    op.drop_index("ix_player_ratings_account_id", table_name="player_ratings")
    op.drop_index("ix_player_ratings_board", table_name="player_ratings")
    op.drop_table("player_ratings")
