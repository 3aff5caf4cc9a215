"""Accounts on a cluster (two real processes on one PostgreSQL and one Redis): a session made on
one process works on the other, ends on both at once, and the login limit of an account is one
budget for every process. Skipped without ``SOLOCARDS_TEST_PG_URL`` (CI sets it)."""

from __future__ import annotations

import uuid

import pytest
from account_helpers import PASSWORD, Browser
from cluster_helpers import cluster_servers
from server_helpers import TINY

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")


def on(browser: Browser, base: str) -> Browser:
    """Another client of ``base`` that holds the cookies of ``browser`` (the same browser,
    its requests sent to another process, as a load balancer would)."""
    other = Browser(base)
    other.cookies = browser.cookies
    return other


def test_a_session_made_on_one_process_works_on_another(pg_url: str, redis_url: str) -> None:
    a, b = cluster_servers(
        pg_url,
        redis_url,
        f"test-{uuid.uuid4().hex[:10]}",
        2,
        secure_cookies=False,
        account_login_burst=2,
        account_login_per_hour=1.0,
    )
    try:
        with Browser(a.http) as on_a:
            assert on_a.sign_up("Ana").status_code == 201
            with on(on_a, b.http) as on_b:
                assert on_b.who() == "Ana"
                created = on_b.post("/api/tables", json={"game": TINY, "players": 2}).json()
                table = created["table"]["id"]
                # held by b, asked on a: forwarded with the cookie and the CSRF token
                seated = on_a.post(f"/api/tables/{table}/seats/0", json={"name": "x"})
                assert seated.status_code == 201, seated.text
                assert on_b.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Ana"
                forged = on_a.forge("POST", f"/api/tables/{table}/seats/1", json={"name": "y"})
                assert forged.status_code == 403
                assert on_b.post("/api/account/logout").status_code == 204
            assert on_a.who() is None  # ended on every process

            # the limit of an account is counted in Redis: two tries on two processes spend it
            assert on_a.log_in("ana", "wrong password 1").status_code == 401
            with Browser(b.http) as elsewhere:
                assert elsewhere.log_in("ana", "wrong password 2").status_code == 401
            refused = on_a.log_in("ana", PASSWORD)
            assert refused.status_code == 429, refused.text
    finally:
        for server in (a, b):
            server.kill()
