"""Optional player accounts: the accounts, their sessions, who sits where, rated tables.

Also two columns of a table's long-game settings (the language it is played in, what happens to
an absent person's seat), so that one migration brings every column of this release.

``account_sessions`` keeps the SHA-256 of a session token, never the token; a session's CSRF
token is derived from the token itself (see ``solocards.server.accounts.csrf``), so nothing more
is stored for it. A deleted account keeps its row (``deleted_at`` set, name, name key and
password hash cleared) so that what refers to it stays valid; its seats lose their
``account_id``.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``accounts`` and ``account_sessions``; add ``table_seats.account_id`` and
    ``card_tables.rated``, ``language`` and ``absent``."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("name_key", sa.String(64), nullable=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_accounts_name_key", "accounts", ["name_key"], unique=True)
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    with op.batch_alter_table("table_seats") as seats:
        seats.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        seats.create_index("ix_table_seats_account_id", ["account_id"])
        seats.create_foreign_key(
            "fk_table_seats_account_id", "accounts", ["account_id"], ["id"], ondelete="SET NULL"
        )
    with op.batch_alter_table("card_tables") as tables:
        tables.add_column(
            sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        tables.add_column(sa.Column("language", sa.String(16), nullable=True))
        tables.add_column(sa.Column("absent", sa.String(8), nullable=True))


def downgrade() -> None:
    """Drop what ``upgrade`` added."""
    with op.batch_alter_table("card_tables") as tables:
        tables.drop_column("absent")
        tables.drop_column("language")
        tables.drop_column("rated")
    with op.batch_alter_table("table_seats") as seats:
        seats.drop_constraint("fk_table_seats_account_id", type_="foreignkey")
        seats.drop_index("ix_table_seats_account_id")
        seats.drop_column("account_id")
    op.drop_index("ix_account_sessions_account_id", table_name="account_sessions")
    op.drop_table("account_sessions")
    op.drop_index("ix_accounts_name_key", table_name="accounts")
    op.drop_table("accounts")
