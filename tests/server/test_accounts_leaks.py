"""Nothing an account answer holds is hidden: a logged-in player plays a whole game, and at
every step the account's answers (who is logged in, a login that brings the seat along) are
checked by the referee (no card hidden from the seat) and for secrets (no seat token, session
token, password or hash)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from account_helpers import PASSWORD, Browser
from server_helpers import TINY, Client, LiveServer, auth, play_until, sqlite_url
from server_referee import Referee
from sqlalchemy import create_engine, text

from solocards.server.security import hash_token


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    generous = {
        "login_burst": 10_000,
        "login_per_minute": 1e6,
        "account_login_burst": 10_000,
        "account_login_per_hour": 1e9,
    }
    with LiveServer(sqlite_url(tmp_path), secure_cookies=False, **generous) as server:
        yield server


def test_account_answers_hide_every_card_and_secret_through_a_game(live: LiveServer) -> None:
    answers: list[httpx.Response] = []
    with Browser(live.http) as ana, httpx.Client(base_url=live.http) as owner:
        answers.append(ana.sign_up("ana"))
        created = owner.post("/api/tables", json={"game": TINY, "players": 3}).json()
        table, owner_token = created["table"]["id"], created["owner_token"]
        seat = ana.post(f"/api/tables/{table}/seats/0", json={"name": "x"}).json()["token"]
        for index in (1, 2):
            owner.post(
                f"/api/tables/{table}/seats/{index}/bot",
                json={"kind": "eager"},
                headers=auth(owner_token),
            )
        assert owner.post(f"/api/tables/{table}/start", headers=auth(owner_token)).is_success
        held = [{"table": table, "seat": 0, "token": seat}]

        async def play() -> None:
            async with Client(live.ws) as client:
                await client.join(table, seat)

                def stop(message: dict[str, Any]) -> bool:
                    answers.append(ana.get("/api/account"))
                    answers.append(ana.log_in("ana", seats=held))
                    return bool(message["status"] == "finished")

                await play_until(client, random.Random(3), stop=stop)

        asyncio.run(play())
        session = ana.cookies["solocards_session"]
        record = owner.get(f"/api/tables/{table}/record").json()
    engine = create_engine(live.app.state.settings.db_url)
    with engine.connect() as conn:
        password_hash = conn.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    engine.dispose()
    referee = Referee(record)
    secrets = (seat, owner_token, session, hash_token(session), PASSWORD, password_hash)
    assert len(answers) > 4
    for answer in answers:
        assert answer.is_success, answer.text
        referee.check(answer.json(), 0, 0)
        for secret in secrets:
            assert secret not in answer.text
