"""A table stored under German Solo's earlier deals survives an upgrade of the server.

Until the deals of a match became a multiple of the player count, a five-handed German Solo
table played 8 deals by default. Such a table, stored in play, is rebuilt by a restarted server
and played on to the end of its 8 deals; once finished, its replay and review answer from the
database. A new table with those deals is still refused, and so is the old table's rematch
(a new match).
"""

from __future__ import annotations

import time
from typing import Any

import httpx
from server_helpers import LiveServer, auth, open_table
from sqlalchemy import select, update

import solocards
from solocards.server.storage import Repository
from solocards.server.storage.models import TableRow

FAST: dict[str, Any] = {"review_worlds": 2, "review_seconds": 600.0, "analysis_workers": 1}


def store_earlier_deals(db_url: str, table: str, deals: int) -> None:
    """Write ``deals`` into the stored options of ``table``, as an earlier server stored them."""
    repo = Repository(db_url)
    try:
        with repo.engine.begin() as conn:
            options = conn.execute(
                select(TableRow.options).where(TableRow.id == table)
            ).scalar_one()
            stored = {**options, "deals": deals}
            conn.execute(update(TableRow).where(TableRow.id == table).values(options=stored))
    finally:
        repo.dispose()


def wait_for(http: httpx.Client, table: str, status: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, Any] = http.get(f"/api/tables/{table}").json()
        if info.get("status") == status:
            return info
        assert time.monotonic() < deadline, f"the table is not {status}: {info}"
        time.sleep(0.1)


def test_a_five_handed_table_with_8_deals_survives_a_restart_and_finishes(db_url: str) -> None:
    # ana never connects: the bots play until it is her turn, and the table waits for her
    with (
        LiveServer(db_url, leave_grace=600.0) as server,
        httpx.Client(base_url=server.http) as http,
    ):
        bots = {seat: "random" for seat in range(1, 5)}
        table, owner, _ = open_table(
            http, "german-solo", {0: "ana"}, bots, players=5, options={"deals": 10}
        )
        time.sleep(0.3)
        before = http.get(f"/api/tables/{table}").json()
    assert before["status"] == "playing"
    store_earlier_deals(db_url, table, 8)

    # the restarted server rebuilds the table; after the grace time a bot plays ana's seat
    with (
        LiveServer(db_url, leave_grace=0.2, **FAST) as server,
        httpx.Client(base_url=server.http, timeout=60) as http,
    ):
        after = http.get(f"/api/tables/{table}")
        assert after.status_code == 200, after.text
        info = after.json()
        assert info["status"] == "playing" and info["options"]["deals"] == 8
        assert info["version"] >= before["version"]
        finished = wait_for(http, table, "finished")
        record = http.get(f"/api/tables/{table}/record").json()
        assert len(record["rounds"]) == 8 and record["options"]["deals"] == 8
        assert solocards.replay(record).totals == finished["totals"] == record["totals"]
        # the rematch is a new match: refused with the rule that refuses it
        rematch = http.post(f"/api/tables/{table}/rematch", headers=auth(owner))
        assert rematch.status_code == 409, rematch.text
        assert "8 is not a multiple of the 5 players" in rematch.json()["detail"]
        # and so is a new table with those deals
        refused = http.post(
            "/api/tables", json={"game": "german-solo", "players": 5, "options": {"deals": 8}}
        )
        assert refused.status_code == 400, refused.text
        assert "8 is not a multiple of the 5 players" in refused.json()["detail"]

    # a server started again reads the finished table back from the database
    with (
        LiveServer(db_url, **FAST) as server,
        httpx.Client(base_url=server.http, timeout=120) as http,
    ):
        steps = sum(len(round_["actions"]) for round_ in record["rounds"])
        for step in (0, 40, steps):
            answer = http.get(f"/api/tables/{table}/replay", params={"step": step, "seat": 1})
            assert answer.status_code == 200, answer.text
            assert answer.json()["step"] == step
        review = http.get(f"/api/tables/{table}/review", params={"round": 1, "seat": 1})
        assert review.status_code == 200, review.text
        assert review.json()["round"] == 1
