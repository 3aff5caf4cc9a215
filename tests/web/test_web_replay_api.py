"""The replay endpoint the replay page reads: finished games only, one seat's view per step."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

import solocards
from solocards.server import create_app


def test_replay_endpoint(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'r.sqlite'}", bot_delay=0, allow_seed=True)
    with TestClient(app) as http:
        created = http.post("/api/tables", json={"game": "frog", "seed": 4})
        table = created.json()["table"]["id"]
        owner = {"Authorization": f"Bearer {created.json()['owner_token']}"}
        for seat in range(3):
            http.post(
                f"/api/tables/{table}/seats/{seat}/bot", json={"kind": "random"}, headers=owner
            )
        assert http.get(f"/api/tables/{table}/replay").status_code == 409  # not started
        http.post(f"/api/tables/{table}/start", headers=owner)
        for _ in range(200):
            if http.get(f"/api/tables/{table}").json()["status"] == "finished":
                break
            time.sleep(0.05)
        record = http.get(f"/api/tables/{table}/record").json()
        steps = sum(len(r["actions"]) for r in record["rounds"])
        first_round = len(record["rounds"][0]["actions"])
        at = http.get(f"/api/tables/{table}/replay", params={"step": 5, "seat": 1}).json()
        expected = solocards.replay(record, upto=5).state.view(1)
        assert at["view"] == expected and at["steps"] == steps and at["step"] == 5
        # Step 5 counts over every round (a thrown-in first round has only three actions).
        flat = [action for r in record["rounds"] for action in r["actions"]]
        assert at["action"] == flat[4]
        end = http.get(
            f"/api/tables/{table}/replay", params={"step": first_round, "seat": 2}
        ).json()
        assert end["round_over"]["view"]["is_over"] and end["round_over"]["round"] == 0
        spectator = http.get(f"/api/tables/{table}/replay", params={"step": 3}).json()
        assert spectator["view"]["hand"] is None
        assert http.get(f"/api/tables/{table}/replay", params={"seat": 9}).status_code == 400
        assert http.get("/api/tables/nope/replay").status_code == 404
