"""Results, ratings and forfeits in the database (migration 0006), on SQLite and PostgreSQL.

The PostgreSQL cases run when ``SOLOCARDS_TEST_PG_URL`` is set (CI sets it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Row, inspect, select, text

from solocards.server.ratings import queries
from solocards.server.ratings.skill import START_MU
from solocards.server.ratings.store import FinishedMatch, finish_match, record_forfeit
from solocards.server.storage import Repository, StoredSeat, StoredTable, upgrade
from solocards.server.storage.migrate import downgrade
from solocards.server.storage.models import RatingRow, ResultRow

RATING_TABLES = {"player_ratings", "match_results", "rating_forfeits"}


@pytest.fixture
def repo(db_url: str) -> Iterator[Repository]:
    repository = Repository(db_url)
    upgrade(repository.engine)
    try:
        yield repository
    finally:
        repository.dispose()


def account(repo: Repository, name: str) -> int:
    with repo.engine.begin() as conn:
        found = conn.execute(
            text(
                "INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES"
                " (:name, :key, 'h', '2026-01-01 00:00:00') RETURNING id"
            ),
            {"name": name, "key": name.lower()},
        )
        account_id: int = found.scalar_one()
        return account_id


def table(
    repo: Repository, table_id: str, seats: list[int | str | None], rated: bool = True
) -> None:
    """A table in play whose seats are accounts (ids), bots (specs) or guests (``None``)."""
    stored = []
    for index, who in enumerate(seats):
        if isinstance(who, str):
            stored.append(StoredSeat(index, "bot", f"bot:{who}", who))
        else:
            stored.append(StoredSeat(index, "human", f"p{index}", None, "h" * 64))
    repo.create(
        StoredTable(
            id=table_id,
            game="uno",
            players=len(seats),
            options={},
            seed=1,
            public=True,
            status="playing",
            owner_hash="x",
            seats=stored,
        )
    )
    with repo.engine.begin() as conn:
        conn.execute(
            text("UPDATE card_tables SET rated = :rated WHERE id = :id"),
            {"rated": rated, "id": table_id},
        )
        for index, who in enumerate(seats):
            if isinstance(who, int):
                conn.execute(
                    text(
                        "UPDATE table_seats SET account_id = :a WHERE table_id = :t AND seat = :s"
                    ),
                    {"a": who, "t": table_id, "s": index},
                )


def ratings(repo: Repository) -> dict[str, Row[Any]]:
    with repo.engine.connect() as conn:
        rows = conn.execute(select(RatingRow.__table__)).all()
        return {row.player: row for row in rows}


def results(repo: Repository) -> list[Row[Any]]:
    with repo.engine.connect() as conn:
        return list(conn.execute(select(ResultRow.__table__).order_by("table_id", "seat")).all())


def finish(repo: Repository, table_id: str, totals: list[int], winners: list[int]) -> None:
    finish_match(repo, FinishedMatch(table_id, "uno", totals, winners, False), {"totals": totals})


def test_a_rated_match_moves_the_winner_up_and_the_loser_down_once(repo: Repository) -> None:
    ana, bo = account(repo, "Ana"), account(repo, "Bo")
    table(repo, "t1", [ana, bo])
    finish(repo, "t1", [520, 80], [0])
    first = ratings(repo)
    assert first[f"account:{ana}"].mu > START_MU > first[f"account:{bo}"].mu
    assert (first[f"account:{ana}"].matches, first[f"account:{ana}"].wins) == (1, 1)
    assert (first[f"account:{bo}"].matches, first[f"account:{bo}"].wins) == (1, 0)
    finish(repo, "t1", [520, 80], [0])  # a second finish of the same table (a restart)
    assert {k: (r.mu, r.matches) for k, r in ratings(repo).items()} == {
        k: (r.mu, r.matches) for k, r in first.items()
    }
    with repo.engine.connect() as conn:
        status = conn.execute(text("SELECT status FROM card_tables WHERE id = 't1'")).scalar()
    assert status == "finished"
    rows = results(repo)
    placed = [(r.place, bool(r.won), bool(r.rated)) for r in rows]
    assert placed == [(1, True, True), (2, False, True)]
    assert rows[0].mu_before == pytest.approx(START_MU)
    assert rows[0].mu_after > START_MU > rows[1].mu_after


def test_an_unrated_match_keeps_results_but_moves_no_rating(repo: Repository) -> None:
    ana, bo = account(repo, "Ana"), account(repo, "Bo")
    table(repo, "t1", [ana, bo], rated=False)
    finish(repo, "t1", [520, 80], [0])
    assert ratings(repo) == {}
    assert {(r.seat, bool(r.won), bool(r.rated), r.mu_after) for r in results(repo)} == {
        (0, True, False, None),
        (1, False, False, None),
    }


def test_bots_are_rated_by_their_spec_and_guests_stop_a_rating(repo: Repository) -> None:
    ana = account(repo, "Ana")
    table(repo, "t1", [ana, "heuristic"])
    finish(repo, "t1", [10, 500], [1])
    rated = ratings(repo)
    assert rated["bot:heuristic"].mu > START_MU > rated[f"account:{ana}"].mu
    table(repo, "t2", [ana, None])  # a guest seat: results of the account, no rating
    finish(repo, "t2", [500, 10], [0])
    assert ratings(repo)[f"account:{ana}"].matches == 1


def test_a_forfeit_places_last_whatever_the_totals(repo: Repository) -> None:
    ana, bo = account(repo, "Ana"), account(repo, "Bo")
    table(repo, "t1", [ana, bo])
    assert record_forfeit(repo, "t1", 0)
    assert not record_forfeit(repo, "t1", 0)  # once
    finish(repo, "t1", [520, 80], [0])  # the bot that took the seat over won on points
    rated = ratings(repo)
    assert rated[f"account:{ana}"].mu < START_MU < rated[f"account:{bo}"].mu
    assert rated[f"account:{ana}"].wins == 0
    table(repo, "t2", [ana, bo], rated=False)
    assert not record_forfeit(repo, "t2", 0)  # leaving an unrated table forfeits nothing


def test_two_bots_of_one_spec_move_by_the_mean_of_their_seats(repo: Repository) -> None:
    ana = account(repo, "Ana")
    table(repo, "t1", [ana, "random", "random"])
    finish(repo, "t1", [500, 100, 20], [0])
    bot = ratings(repo)["bot:random"]
    assert bot.matches == 2 and bot.mu < START_MU


def test_downgrading_0006_drops_only_the_ratings(repo: Repository) -> None:
    ana, bo = account(repo, "Ana"), account(repo, "Bo")
    table(repo, "t1", [ana, bo])
    finish(repo, "t1", [520, 80], [0])
    downgrade(repo.engine, "0005")
    assert not RATING_TABLES & set(inspect(repo.engine).get_table_names())
    assert repo.load("t1") is not None
    upgrade(repo.engine)
    assert set(inspect(repo.engine).get_table_names()) >= RATING_TABLES


def test_the_leaderboard_ranks_each_family_in_the_database(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Best first per family, at most BOARD_SIZE each, a deleted account left out."""
    monkeypatch.setattr(queries, "BOARD_SIZE", 2)
    ids = [account(repo, name) for name in ("Ana", "Bo", "Cy", "Gone")]
    rows = [
        (f"account:{ids[0]}", ids[0], "2", 27.0),
        (f"account:{ids[1]}", ids[1], "2", 29.0),
        (f"account:{ids[2]}", ids[2], "2", 20.0),
        (f"account:{ids[3]}", ids[3], "2", 40.0),
        ("bot:heuristic", None, "2", 28.0),
        (f"account:{ids[2]}", ids[2], "3+", 26.0),
    ]
    with repo.engine.begin() as conn:
        conn.execute(
            text("UPDATE accounts SET name = NULL, deleted_at = '2026-12-02' WHERE id = :i"),
            {"i": ids[3]},
        )
        for player, account_id, family, mu in rows:
            conn.execute(
                text(
                    "INSERT INTO player_ratings (player, game, family, account_id, mu, sigma,"
                    " matches, wins, updated_at) VALUES (:p, 'uno', :f, :a, :mu, 4.0, 3, 1,"
                    " '2026-12-01')"
                ),
                {"p": player, "f": family, "a": account_id, "mu": mu},
            )
    board = queries.leaderboard(repo, "uno")
    assert [(e["family"], e["place"], e["name"], e["bot"]) for e in board] == [
        ("2", 1, "Bo", False),
        ("2", 2, "heuristic", True),
        ("3+", 1, "Cy", False),
    ]
    assert board[0]["rating"] == 1500 + 48 * 4
