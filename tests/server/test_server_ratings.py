"""Rated tables on a live server: what may be rated, a match moving ratings the right way,
an unrated one moving none, a forfeit, and the profile and leaderboard that show them.

Accounts are made in the database and put in their seats there (the ratings read seats from
the database when a rated table starts and when its match ends).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from account_helpers import PASSWORD, Browser
from server_helpers import TINY, Client, LiveServer, auth, open_table, play_until, sqlite_url
from server_referee import Referee
from sqlalchemy import text

from solocards.server.security import hash_token
from solocards.server.storage import Repository

QUICK = {"game": TINY, "players": 2}


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[LiveServer, Repository]]:
    url = sqlite_url(tmp_path)
    with LiveServer(url) as server:
        repo = Repository(url)
        try:
            yield server, repo
        finally:
            repo.dispose()


@pytest.fixture
def http(live: tuple[LiveServer, Repository]) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live[0].http, timeout=20.0) as client:
        yield client


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


def sit_as(repo: Repository, table_id: str, seat: int, account_id: int) -> None:
    with repo.engine.begin() as conn:
        conn.execute(
            text("UPDATE table_seats SET account_id = :a WHERE table_id = :t AND seat = :s"),
            {"a": account_id, "t": table_id, "s": seat},
        )


def rated_table(
    http: httpx.Client, repo: Repository, accounts: dict[int, int], rated: bool = True
) -> tuple[str, dict[int, str]]:
    """A started 2-seat tiny table with these accounts (seat -> id) and bots elsewhere."""
    humans = {seat: f"p{seat}" for seat in accounts}
    bots = {seat: "eager" for seat in range(2) if seat not in accounts}
    table_id, owner, tokens = open_table(
        http, TINY, humans, bots, start=False, players=2, rated=rated
    )
    for seat, account_id in accounts.items():
        sit_as(repo, table_id, seat, account_id)
    started = http.post(f"/api/tables/{table_id}/start", headers=auth(owner))
    assert started.status_code == 200, started.text
    return table_id, tokens


async def play_out(server: LiveServer, table_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The seats' people play until the match ends and its results are stored (the clients
    hear of the last action first); returns the last state message."""

    async def one(seat: int) -> dict[str, Any]:
        async with Client(server.ws) as client:
            await client.join(table_id, tokens[seat])
            return await play_until(client, random.Random(seat))

    finals = await asyncio.gather(*(one(seat) for seat in tokens))
    for _ in range(400):
        if await asyncio.to_thread(results_stored, server, table_id):
            break
        await asyncio.sleep(0.05)
    return finals[0]


def results_stored(server: LiveServer, table_id: str) -> bool:
    """Whether the finished match's status is stored (its results go in the same write)."""
    repo = server.app.state.manager.repo.sync
    stored = Repository(repo.url, engine=repo.engine).load(table_id)
    return stored is not None and stored.status == "finished"


def rating_of(http: httpx.Client, name: str) -> dict[str, Any] | None:
    body = http.get(f"/api/players/{name}").json()
    found = [r for r in body["ratings"] if r["game"] == TINY]
    return found[0] if found else None


def test_a_rated_table_plays_the_default_rules_without_hints(http: httpx.Client) -> None:
    changed = http.post("/api/tables", json={**QUICK, "rated": True, "options": {"rounds": 1}})
    assert changed.status_code == 400 and "rounds" in changed.json()["detail"]
    preset = http.post("/api/tables", json={**QUICK, "rated": True, "preset": "quick"})
    assert preset.status_code == 400 and "rounds" in preset.json()["detail"]
    hinted = http.post("/api/tables", json={**QUICK, "rated": True, "hints": True})
    assert hinted.status_code == 400 and "hints" in hinted.json()["detail"]
    made = http.post("/api/tables", json={**QUICK, "rated": True})
    assert made.status_code == 201, made.text
    info = made.json()["table"]
    assert (info["rated"], info["hints"]) == (True, False)
    assert http.post("/api/tables", json=QUICK).json()["table"]["rated"] is False


def test_a_rated_table_starts_only_with_accounts_and_bots(
    http: httpx.Client, live: tuple[LiveServer, Repository]
) -> None:
    repo = live[1]
    table_id, owner, _tokens = open_table(
        http, TINY, {0: "ana"}, {1: "eager"}, start=False, players=2, rated=True
    )
    refused = http.post(f"/api/tables/{table_id}/start", headers=auth(owner))
    assert refused.status_code == 409 and "log in" in refused.json()["detail"]
    assert http.get(f"/api/tables/{table_id}").json()["status"] == "lobby"
    bots, bot_owner, _ = open_table(
        http, TINY, {}, {0: "eager", 1: "eager"}, start=False, players=2, rated=True
    )
    alone = http.post(f"/api/tables/{bots}/start", headers=auth(bot_owner))
    assert alone.status_code == 409 and "logged-in" in alone.json()["detail"]
    sit_as(repo, table_id, 0, account(repo, "Ana"))
    assert http.post(f"/api/tables/{table_id}/start", headers=auth(owner)).status_code == 200


def decisive_match(
    server: LiveServer, http: httpx.Client, repo: Repository
) -> tuple[str, str, str]:
    """A rated match of two new accounts that one of them won; returns the table id, the
    winner's and the loser's names. A tied match (both share first place) moves nobody."""
    for attempt in range(8):
        names = (f"Ana{attempt}", f"Bo{attempt}")
        ids = {seat: account(repo, name) for seat, name in enumerate(names)}
        table_id, tokens = rated_table(http, repo, ids)
        final = asyncio.run(play_out(server, table_id, tokens))
        assert final["status"] == "finished"
        if len(final["winners"]) == 1:
            winner = final["winners"][0]
            return table_id, names[winner], names[1 - winner]
        tied = [rating_of(http, name) for name in names]
        assert tied[0] is not None and tied[1] is not None
        assert tied[0]["rating"] == tied[1]["rating"] == 1500
    raise AssertionError("eight tied matches in a row")


def test_a_rated_match_moves_the_winner_up_and_the_loser_down(
    http: httpx.Client, live: tuple[LiveServer, Repository]
) -> None:
    server, repo = live
    table_id, winner, loser = decisive_match(server, http, repo)
    won, lost = rating_of(http, winner), rating_of(http, loser)
    assert won is not None and lost is not None
    assert won["rating"] > 1500 > lost["rating"]
    assert (won["matches"], won["wins"], lost["wins"]) == (1, 1, 0)
    assert [point["rating"] for point in won["history"]] == [won["rating"]]
    profile = http.get(f"/api/players/{winner.lower()}").json()
    assert profile["name"] == winner
    assert profile["games"] == [{"game": TINY, "title": "Tiny", "played": 1, "won": 1}]
    match = profile["matches"][0]
    assert (match["table"], match["place"], match["won"], match["rated"]) == (
        table_id,
        1,
        True,
        True,
    )
    assert match["rating_change"] > 0 and match["replay"].startswith(f"/play/{table_id}")
    board = http.get(f"/api/leaderboards/{TINY}").json()
    duel = next(family for family in board["families"] if family["family"] == "2")
    ranked = duel["players"]
    # first the winner, last the loser; between them the pairs of earlier tied attempts, if
    # any (a tie rates both at 1500: they are listed, unmoved)
    assert (ranked[0]["name"], ranked[-1]["name"]) == (winner, loser)
    assert all(entry["rating"] == 1500 for entry in ranked[1:-1]), ranked
    assert len(ranked) % 2 == 0, ranked


def test_an_unrated_match_moves_no_rating(
    http: httpx.Client, live: tuple[LiveServer, Repository]
) -> None:
    server, repo = live
    ana, bo = account(repo, "Ana"), account(repo, "Bo")
    table_id, tokens = rated_table(http, repo, {0: ana, 1: bo}, rated=False)
    asyncio.run(play_out(server, table_id, tokens))
    assert rating_of(http, "Ana") is None and rating_of(http, "Bo") is None
    profile = http.get("/api/players/Ana").json()
    assert profile["games"][0]["played"] == 1 and profile["matches"][0]["rated"] is False
    board = http.get(f"/api/leaderboards/{TINY}").json()
    assert all(family["players"] == [] for family in board["families"])


def test_leaving_a_rated_match_forfeits_it(
    http: httpx.Client, live: tuple[LiveServer, Repository]
) -> None:
    server, repo = live
    ana, bo = account(repo, "Ana"), account(repo, "Bo")
    table_id, tokens = rated_table(http, repo, {0: ana, 1: bo})

    async def ana_leaves_bo_plays() -> dict[str, Any]:
        async with Client(server.ws) as client:
            await client.join(table_id, tokens[0])
            await client.send({"type": "leave"})
            for _ in range(200):
                seats = http.get(f"/api/tables/{table_id}").json()["seats"]
                if seats[0]["away"]:
                    break
                await asyncio.sleep(0.05)
        return await play_out(server, table_id, {1: tokens[1]})

    final = asyncio.run(ana_leaves_bo_plays())
    assert final["status"] == "finished"
    ana_rating, bo_rating = rating_of(http, "Ana"), rating_of(http, "Bo")
    assert ana_rating is not None and bo_rating is not None
    assert ana_rating["rating"] < 1500 < bo_rating["rating"]  # whoever had more points
    assert http.get("/api/players/Ana").json()["matches"][0]["forfeited"] is True


def test_bots_have_ratings_and_profiles(
    http: httpx.Client, live: tuple[LiveServer, Repository]
) -> None:
    server, repo = live
    table_id, tokens = rated_table(http, repo, {0: account(repo, "Ana")})
    asyncio.run(play_out(server, table_id, tokens))
    board = http.get(f"/api/leaderboards/{TINY}").json()
    names = {(e["name"], e["bot"]) for f in board["families"] for e in f["players"]}
    assert names == {("Ana", False), ("eager", True)}
    bot = http.get("/api/players/bot:eager").json()
    assert bot["bot"] is True and bot["ratings"][0]["matches"] == 1


def test_unknown_players_and_games_are_404_with_a_reason(http: httpx.Client) -> None:
    nobody = http.get("/api/players/nobody")
    assert nobody.status_code == 404 and "nobody" in nobody.json()["detail"]
    assert http.get("/api/players/bot:nothing").status_code == 404
    no_game = http.get("/api/leaderboards/chess")
    assert no_game.status_code == 404 and "chess" in no_game.json()["detail"]


def test_the_pages_serve_the_web_front_end(http: httpx.Client) -> None:
    for path in ("/players/ana", "/leaderboards/uno"):
        page = http.get(path)
        assert page.status_code == 200 and "<html" in page.text.lower()


def test_no_profile_shows_a_secret(http: httpx.Client, live: tuple[LiveServer, Repository]) -> None:
    server, repo = live
    ana = account(repo, "Ana")
    table_id, tokens = rated_table(http, repo, {0: ana})
    asyncio.run(play_out(server, table_id, tokens))
    body = http.get("/api/players/Ana").text + http.get(f"/api/leaderboards/{TINY}").text
    for secret in (tokens[0], "password", "token", "session", "account_id", '"h"'):
        assert secret not in body


@pytest.fixture
def accounts_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server whose session cookies travel over plain http (a test cookie jar)."""
    with LiveServer(sqlite_url(tmp_path), secure_cookies=False) as server:
        yield server


def test_signed_up_people_play_a_rated_match_and_no_answer_shows_a_hidden_card(
    accounts_server: LiveServer,
) -> None:
    """Two people sign up, sit at a rated 2-player table, play it out; at every step the
    profile and leaderboard answers are checked by the referee (no card hidden from a seat,
    nor from a spectator) and for secrets (tokens, sessions, password hashes)."""
    live = accounts_server
    answers: list[httpx.Response] = []
    with (
        Browser(live.http) as ana,
        Browser(live.http) as bo,
        httpx.Client(base_url=live.http) as owner,
    ):
        assert ana.sign_up("Ana").status_code == 201 and bo.sign_up("Bo").status_code == 201
        created = owner.post("/api/tables", json={**QUICK, "rated": True})
        table, owner_token = created.json()["table"]["id"], created.json()["owner_token"]
        tokens = {
            0: ana.post(f"/api/tables/{table}/seats/0", json={"name": "x"}).json()["token"],
            1: bo.post(f"/api/tables/{table}/seats/1", json={"name": "y"}).json()["token"],
        }
        assert owner.post(f"/api/tables/{table}/start", headers=auth(owner_token)).is_success

        def look(message: dict[str, Any]) -> bool:
            for path in ("/api/players/Ana", "/api/players/Bo", f"/api/leaderboards/{TINY}"):
                answers.append(owner.get(path))
            return bool(message["status"] == "finished")

        async def play() -> None:
            async def one(seat: int, stop: Any) -> None:
                async with Client(live.ws) as client:
                    await client.join(table, tokens[seat])
                    await play_until(client, random.Random(seat), stop=stop)

            await asyncio.gather(one(0, look), one(1, lambda m: bool(m["status"] == "finished")))
            for _ in range(400):
                if await asyncio.to_thread(results_stored, live, table):
                    break
                await asyncio.sleep(0.05)

        asyncio.run(play())
        look({"status": "finished"})
        sessions = [ana.cookies["solocards_session"], bo.cookies["solocards_session"]]
        record = owner.get(f"/api/tables/{table}/record").json()
        profiles = [owner.get("/api/players/Ana").json(), owner.get("/api/players/Bo").json()]
    referee = Referee(record)
    secrets = [*tokens.values(), owner_token, *sessions, *map(hash_token, sessions), PASSWORD]
    for answer in answers:
        assert answer.is_success, answer.text
        referee.check(answer.json(), None, 0)
        for secret in secrets:
            assert secret not in answer.text
    moved = sorted(p["ratings"][0]["rating"] for p in profiles)
    winners = record["winners"]
    if len(winners) == 1:
        assert moved[0] < 1500 < moved[1]
    else:
        assert moved == [1500, 1500]
    assert all(p["matches"][0]["rated"] for p in profiles)


def test_the_rematch_of_a_rated_match_is_rated_and_starts(accounts_server: LiveServer) -> None:
    """Both people ask for the rematch with their seat tokens: it is rated too, keeps their
    accounts in their seats, and starts once both are ready."""
    live = accounts_server
    with (
        Browser(live.http) as ana,
        Browser(live.http) as bo,
        httpx.Client(base_url=live.http) as owner,
    ):
        ana.sign_up("Ana")
        bo.sign_up("Bo")
        created = owner.post("/api/tables", json={**QUICK, "rated": True}).json()
        table, owner_token = created["table"]["id"], created["owner_token"]
        tokens = {
            0: ana.post(f"/api/tables/{table}/seats/0", json={"name": "x"}).json()["token"],
            1: bo.post(f"/api/tables/{table}/seats/1", json={"name": "y"}).json()["token"],
        }
        assert owner.post(f"/api/tables/{table}/start", headers=auth(owner_token)).is_success
        asyncio.run(play_out(live, table, tokens))
        again = [
            owner.post(f"/api/tables/{table}/rematch", headers=auth(tokens[s])) for s in (0, 1)
        ]
        assert all(answer.status_code == 201 for answer in again), again[0].text
        rematch = again[1].json()
        assert rematch["rated"] is True and rematch["status"] == "playing"
        assert [seat["name"] for seat in rematch["seats"]] == ["Ana", "Bo"]


def test_a_rated_match_goes_on_rated_after_a_restart(tmp_path: Path) -> None:
    """The rated flag and a forfeit are stored: a server started again on the same database
    rates the match when it ends, the forfeit included."""
    url = sqlite_url(tmp_path)
    repo = Repository(url)
    try:
        with LiveServer(url) as server, httpx.Client(base_url=server.http) as http:
            ana, bo = account(repo, "Ana"), account(repo, "Bo")
            table_id, tokens = rated_table(http, repo, {0: ana, 1: bo})

            async def ana_leaves() -> None:
                async with Client(server.ws) as client:
                    await client.join(table_id, tokens[0])
                    await client.send({"type": "leave"})
                    for _ in range(200):
                        if http.get(f"/api/tables/{table_id}").json()["seats"][0]["away"]:
                            return
                        await asyncio.sleep(0.05)

            asyncio.run(ana_leaves())
        with LiveServer(url) as server, httpx.Client(base_url=server.http) as http:
            assert http.get(f"/api/tables/{table_id}").json()["rated"] is True
            asyncio.run(play_out(server, table_id, {1: tokens[1]}))
            ana_rating, bo_rating = rating_of(http, "Ana"), rating_of(http, "Bo")
            assert ana_rating is not None and bo_rating is not None
            assert ana_rating["rating"] < 1500 < bo_rating["rating"]
            assert http.get("/api/players/Ana").json()["matches"][0]["forfeited"] is True
    finally:
        repo.dispose()
