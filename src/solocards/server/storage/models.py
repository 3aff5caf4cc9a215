"""The database schema, as SQLAlchemy 2 declarative models.

Eleven tables:

- ``card_tables``: one row per table (game, players, options, seed, status, clock rule, owner,
  and the running move clock: the version it was armed at, its seat, its wall-clock deadline;
  ``hints``: whether its players may ask for hints;
  the pause between rounds: its wall-clock end and the seats still to say ready;
  ``rated``: whether its results count for ratings; ``language``: the language it is played
  in; ``absent``: what happens to an absent person's seat, ``"wait"`` or ``"bot"``).
- ``table_seats``: one row per seat (name, human or bot, the bot's spec, the seat token's hash,
  ``away``: a bot plays for the absent player; ``account_id``: the account sitting there, null
  for guests and bots).
- ``table_actions``: one row per accepted action, numbered from 0 across the whole match.
- ``accounts``: one row per player account (the name as shown, its folded key that makes names
  unique, the Argon2 hash of its password); a deleted account keeps only its id and
  ``deleted_at``.
- ``account_sessions``: one row per logged-in browser, keyed by the session token's hash.
- ``player_ratings``: a player's (an account's or a bot spec's) skill per game and family of
  player counts; ``match_results``: each seat's result in a finished match played by an
  account or rated, with the skill before and after for a rated one; ``rating_forfeits``:
  the seats of rated matches whose people left.
- ``bans``: names and addresses kept out for a time; ``chat_reports``: chat lines players
  reported, with a copy of the line; ``moderation_log``: every moderator's action.

Seat, owner and session tokens are never stored, only their SHA-256 hashes. The migrations in
``solocards/server/migrations`` create this schema; keep the two in step.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
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
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    absent: Mapped[str | None] = mapped_column(String(8), nullable=True)


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
    account_id: Mapped[int | None] = mapped_column(
        Integer,
        ForeignKey("accounts.id", ondelete="SET NULL", name="fk_table_seats_account_id"),
        nullable=True,
        index=True,
    )


class ActionRow(Base):
    """One accepted action; ``idx`` counts the match's actions from 0 (the table's version - 1)."""

    __tablename__ = "table_actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("card_tables.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))


class AccountRow(Base):
    """A player account; ``name_key`` is the folded name that no other account may share.

    A deleted account keeps its row with ``deleted_at`` set and nothing else about the person:
    ``name``, ``name_key`` and ``password_hash`` are cleared (so the name is free again).
    """

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name_key: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True, index=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    """A logged-in browser: the SHA-256 of its session token, its account and its expiry."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's skill in one game and family of player counts (OpenSkill's ``mu`` and
    ``sigma``), with how many rated matches it counts and how many of them were won.

    ``player`` is ``account:<id>`` or ``bot:<spec>``; ``account_id`` is set for accounts.
    """

    __tablename__ = "player_ratings"
    __table_args__ = (Index("ix_player_ratings_board", "game", "family", "mu"),)

    player: Mapped[str] = mapped_column(String(120), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    family: Mapped[str] = mapped_column(String(8), primary_key=True)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, index=True
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ResultRow(Base):
    """One seat's result in a finished match: its total, place, whether it won or forfeited,
    and for a rated match its skill before and after (the rating's history)."""

    __tablename__ = "match_results"
    __table_args__ = (Index("ix_match_results_player", "player", "finished_at"),)

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("card_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(120))
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, index=True
    )
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    family: Mapped[str] = mapped_column(String(8))
    total: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    forfeited: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ForfeitRow(Base):
    """A seat of a rated match whose person left it: it places last when the match ends."""

    __tablename__ = "rating_forfeits"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("card_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BanRow(Base):
    """A name or an address (``kind``) kept out until ``until`` (unless lifted early).

    ``value_key`` is what is compared: a name's folded key (case and look-alike letters
    ignored) or the address; ``shown`` is the name or address as the moderator typed it.
    """

    __tablename__ = "bans"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(8))
    value_key: Mapped[str] = mapped_column(String(128))
    shown: Mapped[str] = mapped_column(String(128))
    reason: Mapped[str] = mapped_column(String(200))
    actor: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    lifted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ChatReportRow(Base):
    """A chat line a player reported: a copy of the line, and the reporter's address as a hash
    (so that one address reports a line once)."""

    __tablename__ = "chat_reports"
    __table_args__ = (
        UniqueConstraint("table_id", "line_id", "reporter_hash", name="uq_chat_reports_once"),
        Index("ix_chat_reports_handled", "handled", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32))
    line_id: Mapped[int] = mapped_column(Integer)
    author: Mapped[str | None] = mapped_column(String(64), nullable=True)
    author_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(String(400))
    reporter_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    handled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ModerationLogRow(Base):
    """One moderator's action: who (``actor``), what, at which table, and its details."""

    __tablename__ = "moderation_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)
