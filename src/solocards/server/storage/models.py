"""The database schema, as SQLAlchemy 2 declarative models.

Three tables:

- ``card_tables``: one row per table (game, players, options, seed, status, clock rule, owner,
  and the running move clock: the version it was armed at, its seat, its wall-clock deadline;
  ``hints``: whether its players may ask for hints;
  the pause between rounds: its wall-clock end and the seats still to say ready).
- ``table_seats``: one row per seat (name, human or bot, the bot's spec, the seat token's hash,
  ``away``: a bot plays for the absent player).
- ``table_actions``: one row per accepted action, numbered from 0 across the whole match.

Seat and owner tokens are never stored, only their SHA-256 hashes. The migrations in
``solocards/server/migrations`` create this schema; keep the two in step.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql import false, true


class Base(DeclarativeBase):
    """The declarative base of every server model."""


class TableRow(Base):
    """A table: what is played, by whom it was set up, and where it stands."""

    __tablename__ = "card_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    public: Mapped[bool] = mapped_column()
    status: Mapped[str] = mapped_column(String(16), index=True)
    owner_hash: Mapped[str] = mapped_column(String(64))
    clock_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    on_timeout: Mapped[str] = mapped_column(String(16))
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    clock_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    pause_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    pause_waiting: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    """A seat of a table: empty, a human (bound to a token) or a bot of some kind."""

    __tablename__ = "table_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("card_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(100), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ActionRow(Base):
    """One accepted action; ``idx`` counts the match's actions from 0 (the table's version - 1)."""

    __tablename__ = "table_actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("card_tables.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
