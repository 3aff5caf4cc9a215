"""The review of a finished round over HTTP: who may ask, which rounds, computed once."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx
from server_helpers import Client, LiveServer, auth, open_table, play_until, sqlite_url

from solocards.server.live.tables import TableManager

REVIEW_FAST = {"review_worlds": 3, "review_seconds": 600.0, "analysis_workers": 1}
"""Three worlds a decision, whatever the machine's speed."""


def wait_finished(http: httpx.Client, table: str) -> None:
    deadline = time.monotonic() + 60
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.05)


def test_after_the_match_anyone_may_review_a_round_and_it_is_computed_once(
    tmp_path: Path,
) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), **REVIEW_FAST) as server,
        httpx.Client(base_url=server.http, timeout=60) as http,
    ):
        table, _, _ = open_table(
            http, "uno", {}, {0: "eager", 1: "eager"}, players=2, options={"target_score": 1}
        )
        wait_finished(http, table)
        record = http.get(f"/api/tables/{table}/record").json()
        assert len(record["rounds"]) == 1
        first = http.get(f"/api/tables/{table}/review", params={"round": 1, "seat": 0})
        assert first.status_code == 200, first.text
        report = first.json()
        assert (report["game"], report["seat"], report["round"]) == ("uno", 0, 1)
        played = [
            step
            for step, (seat, _action) in enumerate(record["rounds"][0]["actions"], 1)
            if seat == 0
        ]
        steps = [decision["step"] for decision in report["decisions"]]
        assert steps and set(steps) <= set(played)
        for decision in report["decisions"]:
            assert decision["hidden_cards"] is False
            assert decision["action"] == record["rounds"][0]["actions"][decision["step"] - 1][1]
            assert decision["mark"] in (None, "inaccuracy", "mistake", "blunder")
            assert {a["action"] for a in decision["actions"]} >= {decision["action"]}
        assert report["results"] == [
            {"round": 1, "won": 0 in record["rounds"][0]["result"]["winners"],
             "hidden_cards": True}
        ]  # fmt: skip
        named = {a["action"] for d in report["decisions"] for a in d["actions"]}
        assert set(report["words"]) == named
        assert all(isinstance(words, str) for words in report["words"].values())
        assert any(words != action for action, words in report["words"].items())  # in words
        manager: TableManager = server.app.state.manager
        assert manager.hints.cached_reviews() == 1
        again = http.get(f"/api/tables/{table}/review", params={"round": 1, "seat": 0})
        assert again.json() == report and manager.hints.cached_reviews() == 1
        german = http.get(
            f"/api/tables/{table}/review",
            params={"round": 1, "seat": 0},
            headers={"Accept-Language": "de"},
        ).json()  # the same review, its words in the request's language
        assert german["decisions"] == report["decisions"] and manager.hints.cached_reviews() == 1
        assert set(german["words"]) == named and german["words"] != report["words"]
        if "draw" in named:
            assert german["words"]["draw"] == "zieht"
        for params, status in (
            ({"round": 2, "seat": 0}, 409),  # the match had one round
            ({"round": 1, "seat": 2}, 400),  # two seats
            ({"round": 0, "seat": 0}, 422),
            ({"seat": 0}, 422),
        ):
            answer = http.get(f"/api/tables/{table}/review", params=params)
            assert answer.status_code == status, (params, answer.text)
        assert (
            "not over yet"
            in http.get(f"/api/tables/{table}/review", params={"round": 2, "seat": 0}).json()[
                "detail"
            ]
        )
        lobby = http.post("/api/tables", json={"game": "uno"}).json()["table"]["id"]
        assert http.get(f"/api/tables/{lobby}/review?round=1&seat=0").status_code == 409
        assert http.get("/api/tables/nothere/review?round=1&seat=0").status_code == 404


def test_during_the_match_only_the_seat_reviews_its_finished_rounds(tmp_path: Path) -> None:
    with (
        LiveServer(sqlite_url(tmp_path), **REVIEW_FAST) as server,
        httpx.Client(base_url=server.http, timeout=60) as http,
    ):
        table, owner, tokens = open_table(http, "uno", {0: "ana"}, {1: "eager"}, players=2)

        async def first_round() -> None:
            async with Client(server.ws) as me:
                await me.join(table, tokens[0])
                await play_until(me, random.Random(1), stop=lambda m: m["round"] >= 1)

        asyncio.run(first_round())
        url = f"/api/tables/{table}/review"
        assert http.get(url, params={"round": 1, "seat": 0}).status_code == 403
        assert http.get(url, params={"round": 1, "seat": 0}, headers=auth(owner)).status_code == 403
        mine = http.get(url, params={"round": 1, "seat": 0}, headers=auth(tokens[0]))
        assert mine.status_code == 200, mine.text
        assert {d["round"] for d in mine.json()["decisions"]} == {1}
        # another seat's hands stay hidden from this player while the match goes on
        assert (
            http.get(url, params={"round": 1, "seat": 1}, headers=auth(tokens[0])).status_code
            == 403
        )
        current = http.get(url, params={"round": 2, "seat": 0}, headers=auth(tokens[0]))
        assert current.status_code == 409 and "not over yet" in current.json()["detail"]
