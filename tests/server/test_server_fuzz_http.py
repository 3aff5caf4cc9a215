"""The lobby fuzzed from its own OpenAPI description (Schemathesis): never a 5xx.

Every operation gets generated requests, valid and invalid (wrong types, missing fields, odd
strings, huge numbers); each answer must not be a server error and, where the description
documents its status, must match the documented schema. Examples are bounded per operation,
so the whole run stays well under a minute. Every other request of the account routes is sent
logged in (a session cookie and its CSRF token), so that it reaches what a logged-in person
can do.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import response_schema_conformance
from server_helpers import LiveServer, sqlite_url

EXAMPLES = 8  # examples per operation: each one a real request through the whole stack
CHECKS = [not_a_server_error, response_schema_conformance]


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    logins = {"login_burst": 100_000, "account_login_burst": 100_000}
    with LiveServer(sqlite_url(folder), **logins) as live:
        yield live


@pytest.fixture(scope="module")
def lobby_schema(fuzzed_server: LiveServer) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(f"{fuzzed_server.http}/openapi.json")


HOSTILE: list[object] = [
    None,
    None,
    None,
    float("nan"),
    float("inf"),
    -float("inf"),
    "ana\ud800",
    "\udfff",
    "   ",
    10**40,
    -(10**40),
    "ismcts:c=abc",
    "ismcts:seconds=nan",
    "heuristic:foo=1",
    {"players": 3},
    [],
]
"""Values the schema says nothing against that once broke the server (``None``: no twist)."""


def twist_the_body(case: schemathesis.Case, twist: object, data: st.DataObject) -> Any:
    """A copy of a generated JSON body with one hostile value at one place (JSON's NaN and
    Infinity included: Python writes them, and its reader accepts them); ``None``: untwisted.

    The case keeps its own body: Schemathesis checks the case against the schema again when it
    validates the answer, and its checker fails on a lone surrogate.
    """
    body = copy.deepcopy(case.body)
    twisted = body
    if twist is None or not isinstance(body, dict) or not body:
        return None
    key = data.draw(st.sampled_from(sorted(body)), label="twisted field")
    inner = body[key]
    if isinstance(inner, dict) and inner and data.draw(st.booleans(), label="deeper"):
        body = inner
        key = data.draw(st.sampled_from(sorted(inner)), label="twisted inner field")
    body[key] = twist
    return twisted


def aim_at_a_real_table(case: schemathesis.Case, http: httpx.Client, turn: int) -> None:
    """Point a generated request at a fresh table, and every other one with its owner token,
    so that it reaches the table's own checks rather than a 404 or a 403."""
    params = case.path_parameters
    if params is None or "table_id" not in params:
        return
    made = http.post("/api/tables", json={"game": "uno", "players": 3}).json()
    params["table_id"] = made["table"]["id"]
    seat = params.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and turn % 3:
        params["seat"] = seat % 3
    if turn % 2:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {made['owner_token']}"}


def hold_a_real_seat(case: schemathesis.Case, http: httpx.Client, turn: int) -> None:
    """Give every other "my games" request a seat token of a real table in play in its first
    entry, so that it reaches the tables' own answers rather than an empty list."""
    body = case.body
    if case.path != "/api/my-games" or not turn % 2 or not isinstance(body, dict):
        return
    seats = body.get("seats")
    if not isinstance(seats, list) or not seats or not isinstance(seats[0], dict):
        return
    made = http.post("/api/tables", json={"game": "uno", "players": 2}).json()
    table, owner = made["table"]["id"], made["owner_token"]
    token = http.post(f"/api/tables/{table}/seats/0", json={"name": "ana"}).json()["token"]
    http.post(f"/api/tables/{table}/seats/1/bot", json={"kind": "random"}, headers=auth(owner))
    http.post(f"/api/tables/{table}/start", headers=auth(owner))
    seats[0] = {**seats[0], "table": table, "token": token}


def auth(token: str) -> dict[str, str]:
    """The header that carries a token."""
    return {"Authorization": f"Bearer {token}"}


def log_in_to_an_account(case: schemathesis.Case, http: httpx.Client, turn: int) -> None:
    """Send every other request of the account routes with the cookie and CSRF token of a
    live session (a fresh account once the last one logged out or was deleted)."""
    if not case.path.startswith("/api/account") or not turn % 2:
        return
    cookies = dict(http.cookies)
    if "solocards_session" not in cookies or http.get("/api/account").json()["account"] is None:
        http.cookies.clear()
        signed = http.post("/api/account", json={"name": f"fuzz {turn}", "password": "x" * 12})
        assert signed.status_code == 201, signed.text
        cookies = dict(http.cookies)
    session, csrf = cookies["solocards_session"], cookies["solocards_csrf"]
    case.headers = {
        **(case.headers or {}),
        "Cookie": f"solocards_session={session}",
        "X-CSRF-Token": csrf,
    }


def test_the_lobby_never_answers_a_server_error(
    lobby_schema: schemathesis.BaseSchema, fuzzed_server: LiveServer
) -> None:
    failures: dict[str, str] = {}
    operations = [result.ok() for result in lobby_schema.get_all_operations()]
    assert len(operations) >= 10
    turns = iter(range(1 << 30))
    with (
        httpx.Client(base_url=fuzzed_server.http, timeout=20.0) as http,
        httpx.Client(base_url=fuzzed_server.http, timeout=20.0) as account,
    ):
        for operation in operations:
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

                @given(
                    case=operation.as_strategy(generation_mode=mode),
                    twist=st.sampled_from(HOSTILE),
                    data=st.data(),
                )
                @settings(
                    max_examples=EXAMPLES,
                    deadline=None,
                    phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=list(HealthCheck),
                    derandomize=True,
                    database=None,
                )
                def fuzz(case: schemathesis.Case, twist: object, data: st.DataObject) -> None:
                    turn = next(turns)
                    aim_at_a_real_table(case, http, turn)
                    hold_a_real_seat(case, http, turn)
                    log_in_to_an_account(case, account, turn)
                    twisted = twist_the_body(case, twist, data)
                    if twisted is None:
                        case.call_and_validate(checks=CHECKS)
                        return
                    sent = http.request(  # Python's JSON writer, which writes NaN and Infinity
                        case.method,
                        case.formatted_path,
                        params=case.query or None,
                        headers={**(case.headers or {}), "Content-Type": "application/json"},
                        content=json.dumps(twisted).encode(),
                    )
                    case.validate_response(sent, checks=CHECKS)

                try:
                    fuzz()
                except Unsatisfiable:  # nothing breaks the schema (a free-form string id)
                    continue
                except Exception as failure:  # every operation's first failure, then report
                    failures[f"{operation.label} ({mode})"] = str(failure)[:2000]
    assert not failures, "\n\n".join(f"{label}:\n{text}" for label, text in failures.items())
