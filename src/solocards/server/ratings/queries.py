"""Reading profiles and leaderboards (on the storage's reader threads).

Only what a profile may show leaves here: names, counts, ratings and each match's public
facts. No account id, password hash, session or seat token is read. A match at a private
table is listed without its table id (the id is the invitation to a private table), so it has
no replay or review link.

>>> from solocards.server.storage import Repository
>>> repo = Repository("sqlite://")
>>> repo.create_schema()
>>> profile(repo, "nobody") is None, leaderboard(repo, "uno")
(True, [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, and_, case, func, or_, select

from ..storage import Repository
from ..storage.models import AccountRow, RatingRow, ResultRow, TableRow
from .skill import DISPLAY_SCALE, Skill, displayed

MATCHES_SHOWN = 50
"""The most recent matches a profile lists."""

HISTORY_SHOWN = 200
"""The most recent rated matches of a rating's history."""

BOARD_SIZE = 100
"""The most players a leaderboard family lists."""


@dataclass(frozen=True)
class Player:
    """Whom a profile is of: the name shown, the ratings' key, and whether it is a bot."""

    name: str
    key: str
    bot: bool


@dataclass
class Profile:
    """What a profile shows (see :func:`profile`)."""

    player: Player
    games: list[dict[str, Any]] = field(default_factory=list)
    ratings: list[dict[str, Any]] = field(default_factory=list)
    matches: list[dict[str, Any]] = field(default_factory=list)


def _when(moment: datetime) -> str:
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).isoformat()


def find_player(conn: Connection, name: str) -> Player | None:
    """The account called ``name`` (any case or look-alike letters), or the bot spec
    ``bot:<spec>``; ``None`` for nobody (a deleted account is nobody)."""
    if name.startswith("bot:") and len(name) > 4:
        known = conn.execute(
            select(RatingRow.player).where(RatingRow.player == name).limit(1)
        ).first()
        return None if known is None else Player(name[4:], name, True)
    living = AccountRow.deleted_at.is_(None)
    row = conn.execute(
        select(AccountRow.id, AccountRow.name).where(AccountRow.name == name, living)
    ).first()
    if row is None:  # the name in another case or with look-alike letters
        from ..accounts.names import name_key

        row = conn.execute(
            select(AccountRow.id, AccountRow.name).where(
                AccountRow.name_key == name_key(name), living
            )
        ).first()
    if row is None or row.name is None:
        return None
    return Player(str(row.name), f"account:{row.id}", False)


def profile(repo: Repository, name: str) -> Profile | None:
    """The profile of the player called ``name``: matches and wins per game, each rating with
    its history (oldest first), the last :data:`MATCHES_SHOWN` matches (newest first)."""
    with repo.engine.connect() as conn:
        player = find_player(conn, name)
        if player is None:
            return None
        found = Profile(player)
        per_game = conn.execute(
            select(
                ResultRow.game,
                func.count(),
                func.sum(case((ResultRow.won, 1), else_=0)),
            )
            .where(ResultRow.player == player.key)
            .group_by(ResultRow.game)
            .order_by(ResultRow.game)
        )
        found.games = [
            {"game": game, "played": int(played), "won": int(won or 0)}
            for game, played, won in per_game
        ]
        found.ratings = [_rating(conn, player.key, row) for row in _ratings_of(conn, player.key)]
        found.matches = _recent(conn, player.key)
        return found


def _ratings_of(conn: Connection, key: str) -> list[Any]:
    return list(
        conn.execute(
            select(
                RatingRow.game,
                RatingRow.family,
                RatingRow.mu,
                RatingRow.sigma,
                RatingRow.matches,
                RatingRow.wins,
            )
            .where(RatingRow.player == key)
            .order_by(RatingRow.game, RatingRow.family)
        )
    )


def _rating(conn: Connection, key: str, row: Any) -> dict[str, Any]:
    history = conn.execute(
        select(ResultRow.table_id, TableRow.public, ResultRow.finished_at, ResultRow.mu_after)
        .join(TableRow, TableRow.id == ResultRow.table_id)
        .where(
            ResultRow.player == key,
            ResultRow.game == row.game,
            ResultRow.family == row.family,
            ResultRow.rated.is_(True),
        )
        .order_by(ResultRow.finished_at.desc(), ResultRow.table_id)
        .limit(HISTORY_SHOWN)
    ).all()
    skill = Skill(row.mu, row.sigma)
    return {
        "game": row.game,
        "family": row.family,
        **describe(skill),
        "matches": row.matches,
        "wins": row.wins,
        "history": [
            {
                "table": table_id if public else None,
                "at": _when(at),
                "rating": describe(Skill(float(mu), 0.0))["rating"],
            }
            for table_id, public, at, mu in reversed(history)
            if mu is not None
        ],
    }


def describe(skill: Skill) -> dict[str, Any]:
    """A skill as the API shows it: the rating, its uncertainty on the same scale, and
    whether it is provisional.

    >>> describe(Skill(25.0, 25 / 3))
    {'rating': 1500, 'deviation': 400, 'provisional': True}
    """
    return {
        "rating": displayed(skill),
        "deviation": round(DISPLAY_SCALE * skill.sigma),
        "provisional": skill.provisional,
    }


def _recent(conn: Connection, key: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        select(
            ResultRow.table_id,
            TableRow.public,
            ResultRow.seat,
            ResultRow.game,
            ResultRow.players,
            ResultRow.family,
            ResultRow.total,
            ResultRow.place,
            ResultRow.won,
            ResultRow.forfeited,
            ResultRow.rated,
            ResultRow.mu_before,
            ResultRow.mu_after,
            ResultRow.finished_at,
        )
        .join(TableRow, TableRow.id == ResultRow.table_id)
        .where(ResultRow.player == key)
        .order_by(ResultRow.finished_at.desc(), ResultRow.table_id)
        .limit(MATCHES_SHOWN)
    )
    matches = []
    for row in rows:
        shown = bool(row.public)
        change = None
        if row.rated and row.mu_before is not None and row.mu_after is not None:
            change = (
                describe(Skill(row.mu_after, 0.0))["rating"]
                - describe(Skill(row.mu_before, 0.0))["rating"]
            )
        matches.append(
            {
                "table": row.table_id if shown else None,
                "game": row.game,
                "players": row.players,
                "family": row.family,
                "finished_at": _when(row.finished_at),
                "total": row.total,
                "place": row.place,
                "won": bool(row.won),
                "forfeited": bool(row.forfeited),
                "rated": bool(row.rated),
                "rating_change": change,
                "replay": f"/play/{row.table_id}?replay=1&seat={row.seat}" if shown else None,
                "review": f"/api/tables/{row.table_id}/review?round=1&seat={row.seat}"
                if shown
                else None,
            }
        )
    return matches


def leaderboard(repo: Repository, game: str) -> list[dict[str, Any]]:
    """The rated players of ``game`` (people and bots), best first, per family: each entry
    ``{family, place, name, bot, rating, deviation, provisional, matches, wins}``, at most
    :data:`BOARD_SIZE` a family (ranked in the database: a family of many players is not read
    whole)."""
    shown = or_(
        RatingRow.account_id.is_(None),
        and_(AccountRow.deleted_at.is_(None), AccountRow.name.is_not(None)),
    )
    place = (
        func.row_number()
        .over(partition_by=RatingRow.family, order_by=(RatingRow.mu.desc(), RatingRow.player))
        .label("place")
    )
    ranked = (
        select(
            RatingRow.player,
            RatingRow.family,
            RatingRow.mu,
            RatingRow.sigma,
            RatingRow.matches,
            RatingRow.wins,
            AccountRow.name,
            place,
        )
        .outerjoin(AccountRow, AccountRow.id == RatingRow.account_id)
        .where(RatingRow.game == game, shown)
        .subquery()
    )
    with repo.engine.connect() as conn:
        rows = conn.execute(
            select(ranked)
            .where(ranked.c.place <= BOARD_SIZE)
            .order_by(ranked.c.family, ranked.c.place)
        ).all()
    board: list[dict[str, Any]] = []
    for row in rows:
        bot = row.player.startswith("bot:")
        board.append(
            {
                "family": row.family,
                "place": row.place,
                "name": row.player[4:] if bot else str(row.name),
                "bot": bot,
                **describe(Skill(row.mu, row.sigma)),
                "matches": row.matches,
                "wins": row.wins,
            }
        )
    return board
