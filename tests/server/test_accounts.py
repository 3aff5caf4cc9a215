"""Player accounts over HTTP: sign-up, login, logout, wrong passwords, the session cookie's
flags, CSRF, the login limits, changing the password, unique names (case and look-alike
letters), a guest's seats joining the account, and deleting it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from account_helpers import PASSWORD, Browser
from argon2 import PasswordHasher
from server_helpers import TINY, LiveServer, auth, sqlite_url
from sqlalchemy import create_engine, text

from solocards.server.security import hash_token


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path), secure_cookies=False) as server:
        yield server


@pytest.fixture
def browser(live: LiveServer) -> Iterator[Browser]:
    with Browser(live.http) as client:
        yield client


def rows(live: LiveServer, query: str, **params: Any) -> list[Any]:
    engine = create_engine(live.app.state.settings.db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(query), params).all())
    finally:
        engine.dispose()


def test_sign_up_logs_in_and_stores_only_hashes(live: LiveServer, browser: Browser) -> None:
    assert browser.who() is None
    answer = browser.sign_up("Ana")
    assert answer.status_code == 201, answer.text
    assert answer.json()["account"]["name"] == "Ana"
    assert answer.json()["claimed"] == []
    assert browser.who() == "Ana"
    session = browser.cookies["solocards_session"]
    assert session not in answer.text and PASSWORD not in answer.text
    [(password_hash,)] = rows(live, "SELECT password_hash FROM accounts")
    assert password_hash.startswith("$argon2id$") and PASSWORD not in password_hash
    assert password_hash not in answer.text
    [(token_hash,)] = rows(live, "SELECT token_hash FROM account_sessions")
    assert token_hash == hash_token(session) != session


def test_the_session_cookies_are_httponly_samesite_and_secure(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path)) as server,
        httpx.Client(base_url=server.http, timeout=20.0) as http,
    ):
        answer = http.post("/api/account", json={"name": "ana", "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        cookies = {c.split("=", 1)[0]: c.lower() for c in answer.headers.get_list("set-cookie")}
        session, csrf = cookies["solocards_session"], cookies["solocards_csrf"]
        for flag in ("; httponly", "; secure", "; samesite=lax", "; path=/", "; max-age="):
            assert flag in session
        assert "httponly" not in csrf
        for flag in ("; secure", "; samesite=lax", "; path=/"):
            assert flag in csrf


def test_log_out_and_log_in_again(live: LiveServer, browser: Browser) -> None:
    assert browser.sign_up("ana").status_code == 201
    old = browser.cookies["solocards_session"]
    out = browser.post("/api/account/logout")
    assert out.status_code == 204
    assert "solocards_session" not in browser.cookies
    assert browser.who() is None
    with httpx.Client(base_url=live.http, cookies={"solocards_session": old}) as replay:
        account = replay.get("/api/account").json()["account"]
        assert account is None  # the session ended on the server, not only in the browser
    answer = browser.log_in("ANA")
    assert answer.status_code == 200, answer.text
    assert answer.json()["account"]["name"] == "ana"
    assert browser.who() == "ana"
    assert browser.cookies["solocards_session"] != old


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(browser: Browser) -> None:
    assert browser.sign_up("ana").status_code == 201
    browser.post("/api/account/logout")
    wrong = browser.log_in("ana", "not the password")
    unknown = browser.log_in("nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"detail": "wrong name or password"}
    assert browser.who() is None


def test_a_short_password_is_refused_without_being_repeated(browser: Browser) -> None:
    answer = browser.sign_up("ana", "hunter2")
    assert answer.status_code == 422
    assert "hunter2" not in answer.text
    assert "password must be at least 8 characters long" in answer.text


def test_logins_are_limited_per_account(tmp_path: Path) -> None:
    limits = {"account_login_burst": 3, "account_login_per_hour": 1.0, "secure_cookies": False}
    with LiveServer(sqlite_url(tmp_path), **limits) as server, Browser(server.http) as browser:
        assert browser.sign_up("ana").status_code == 201
        browser.post("/api/account/logout")
        for _ in range(3):
            assert browser.log_in("ana", "guess one two").status_code == 401
        refused = browser.log_in("Ana", PASSWORD)  # the right password, too late
        assert refused.status_code == 429
        assert int(refused.headers["Retry-After"]) >= 1
        assert "too many logins to this account" in refused.json()["detail"]
        assert browser.who() is None
        assert browser.log_in("bo", PASSWORD).status_code == 401  # another name goes on


def test_logins_are_limited_per_address(tmp_path: Path) -> None:
    limits = {"login_burst": 2, "login_per_minute": 1.0, "secure_cookies": False}
    with LiveServer(sqlite_url(tmp_path), **limits) as server, Browser(server.http) as browser:
        assert browser.log_in("ana").status_code == 401
        assert browser.log_in("bo").status_code == 401
        refused = browser.log_in("cy")
        assert refused.status_code == 429
        assert "too many logins from your address" in refused.json()["detail"]
        assert browser.sign_up("dee").status_code == 429  # a sign-up spends the same budget


def test_a_state_changing_request_with_the_cookie_needs_the_csrf_token(
    live: LiveServer, browser: Browser
) -> None:
    assert browser.sign_up("ana").status_code == 201
    for headers in ({}, {"X-CSRF-Token": "0" * 64}):
        refused = browser.forge("POST", "/api/account/logout", headers=headers)
        assert refused.status_code == 403
        assert "X-CSRF-Token" in refused.json()["detail"]
    assert browser.who() == "ana"  # the forged logout did nothing
    created = browser.forge("POST", "/api/tables", json={"game": TINY, "players": 2})
    assert created.status_code == 403
    created = browser.post("/api/tables", json={"game": TINY, "players": 2})
    assert created.status_code == 201, created.text
    table, owner = created.json()["table"]["id"], created.json()["owner_token"]
    forged = browser.forge("POST", f"/api/tables/{table}/seats/0", json={"name": "x"})
    assert forged.status_code == 403
    # a program with a Bearer token and no cookie is not affected
    with httpx.Client(base_url=live.http) as program:
        seated = program.post(f"/api/tables/{table}/seats/1", json={"name": "bo"})
        assert seated.status_code == 201
        assert (
            program.post(
                f"/api/tables/{table}/seats/0/bot", json={"kind": "eager"}, headers=auth(owner)
            ).status_code
            == 200
        )


def test_a_logged_in_person_sits_with_the_account_name(live: LiveServer, browser: Browser) -> None:
    assert browser.sign_up("Ana Lee").status_code == 201
    created = browser.post("/api/tables", json={"game": TINY, "players": 2})
    table = created.json()["table"]["id"]
    seated = browser.post(f"/api/tables/{table}/seats/0", json={"name": "somebody"})
    assert seated.status_code == 201, seated.text
    info = browser.get(f"/api/tables/{table}").json()
    assert info["seats"][0]["name"] == "Ana Lee"
    assert "account" not in str(info)  # the account id is not shown
    [(account_id,)] = rows(live, "SELECT id FROM accounts")
    [(seat_account,)] = rows(
        live, "SELECT account_id FROM table_seats WHERE table_id = :t AND seat = 0", t=table
    )
    assert seat_account == account_id


@pytest.mark.parametrize("other", ["ANA", "ａｎａ", "\u0410na", "a\u200bna", " ana  "])
def test_names_are_unique_whatever_their_case_and_look_alike_letters(
    browser: Browser, other: str
) -> None:
    assert browser.sign_up("Ana").status_code == 201
    with Browser(str(browser.base_url)) as second:
        taken = second.sign_up(other)
        assert taken.status_code == 409, taken.text
        assert "is taken" in taken.json()["detail"]
        assert second.sign_up("Anna").status_code == 201


def test_a_name_needs_a_letter_or_a_digit(browser: Browser) -> None:
    answer = browser.sign_up("\u200b\u200b")
    assert answer.status_code in (400, 422)
    assert browser.who() is None


def test_a_guest_who_signs_up_keeps_the_seats_of_the_browser(
    live: LiveServer, browser: Browser
) -> None:
    created = browser.post("/api/tables", json={"game": TINY, "players": 3}).json()
    table = created["table"]["id"]
    mine = browser.post(f"/api/tables/{table}/seats/0", json={"name": "guest"}).json()["token"]
    with httpx.Client(base_url=live.http) as other:
        theirs = other.post(f"/api/tables/{table}/seats/1", json={"name": "bo"}).json()["token"]
    seats = [
        {"table": table, "seat": 0, "token": mine},
        {"table": table, "seat": 1, "token": mine},  # not the token of seat 1
        {"table": table, "seat": 2, "token": theirs},
        {"table": "nosuchtable", "seat": 0, "token": mine},
    ]
    answer = browser.sign_up("ana", seats=seats)
    assert answer.status_code == 201, answer.text
    assert answer.json()["claimed"] == [{"table": table, "seat": 0}]
    assert mine not in answer.text
    linked = rows(live, "SELECT seat, account_id FROM table_seats WHERE table_id = :t", t=table)
    [(account_id,)] = rows(live, "SELECT id FROM accounts")
    assert sorted(linked) == [(0, account_id), (1, None), (2, None)]
    assert browser.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "guest"


def test_changing_the_password_ends_the_other_sessions(live: LiveServer, browser: Browser) -> None:
    assert browser.sign_up("ana").status_code == 201
    with Browser(live.http) as phone:
        assert phone.log_in("ana").status_code == 200
        wrong = browser.post(
            "/api/account/password", json={"password": "guess1234", "new_password": "n" * 12}
        )
        assert wrong.status_code == 403
        changed = browser.post(
            "/api/account/password", json={"password": PASSWORD, "new_password": "n" * 12}
        )
        assert changed.status_code == 204, changed.text
        assert browser.who() == "ana"
        assert phone.who() is None
        assert phone.log_in("ana").status_code == 401
        assert phone.log_in("ana", "n" * 12).status_code == 200
    with httpx.Client(base_url=live.http) as guest:
        answer = guest.post(
            "/api/account/password", json={"password": "x", "new_password": "y" * 9}
        )
        assert answer.status_code == 401


def test_deleting_the_account_keeps_its_games_anonymous(live: LiveServer, browser: Browser) -> None:
    assert browser.sign_up("Ana").status_code == 201
    created = browser.post("/api/tables", json={"game": TINY, "players": 2}).json()
    table = created["table"]["id"]
    assert browser.post(f"/api/tables/{table}/seats/0", json={"name": "x"}).status_code == 201
    wrong = browser.post("/api/account/delete", json={"password": "not it at all"})
    assert wrong.status_code == 403
    assert browser.who() == "Ana"
    gone = browser.post("/api/account/delete", json={"password": PASSWORD})
    assert gone.status_code == 204, gone.text
    assert browser.who() is None
    assert "solocards_session" not in browser.cookies
    info = browser.get(f"/api/tables/{table}").json()
    assert info["seats"][0]["kind"] == "human" and info["seats"][0]["name"] == "—"
    [account] = rows(live, "SELECT name, name_key, password_hash, deleted_at FROM accounts")
    assert account[:3] == (None, None, None) and account[3] is not None
    assert rows(live, "SELECT * FROM account_sessions") == []
    assert rows(live, "SELECT name, account_id FROM table_seats WHERE seat = 0") == [("—", None)]
    assert browser.log_in("Ana").status_code == 401
    assert browser.sign_up("ana").status_code == 201  # the name is free again


def test_no_account_answer_shows_a_hash_or_a_token(live: LiveServer, browser: Browser) -> None:
    answers = [browser.sign_up("ana"), browser.get("/api/account"), browser.log_in("ana")]
    session = browser.cookies["solocards_session"]
    [(password_hash,)] = rows(live, "SELECT password_hash FROM accounts")
    for answer in answers:
        for secret in (PASSWORD, password_hash, session, hash_token(session), "argon2"):
            assert secret not in answer.text


def test_a_refusal_is_in_the_language_of_the_request(browser: Browser) -> None:
    assert browser.sign_up("ana").status_code == 201
    german = {"Accept-Language": "de"}
    forged = browser.forge("POST", "/api/account/logout", headers=german)
    assert forged.status_code == 403
    assert forged.json()["detail"] == "diese Anfrage braucht den X-CSRF-Token-Header deiner Sitzung"
    assert forged.headers["X-Frame-Options"] == "DENY"  # inside the security headers
    wrong = browser.log_in("ana", "not the password", headers=german)
    assert wrong.json()["detail"] == "falscher Name oder falsches Passwort"


def test_a_session_ends_when_it_expires(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), secure_cookies=False, session_days=1.0 / 86400) as server,
        Browser(server.http) as browser,
    ):
        assert browser.sign_up("ana").status_code == 201
        session = browser.cookies["solocards_session"]
        time.sleep(1.2)
        with httpx.Client(base_url=server.http, cookies={"solocards_session": session}) as late:
            assert late.get("/api/account").json()["account"] is None


@pytest.mark.usefixtures("production_password_hashing")
def test_a_login_rehashes_a_password_hashed_with_weaker_parameters(
    live: LiveServer, browser: Browser
) -> None:
    assert browser.sign_up("ana").status_code == 201
    weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash(PASSWORD)
    engine = create_engine(live.app.state.settings.db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE accounts SET password_hash = :h"), {"h": weak})
    engine.dispose()
    assert browser.log_in("ana").status_code == 200
    [(stored,)] = rows(live, "SELECT password_hash FROM accounts")
    assert stored != weak and stored.startswith("$argon2id$v=19$m=65536")
    assert browser.log_in("ana").status_code == 200
