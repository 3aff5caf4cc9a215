"""``log_format = "json"``: every line ``solocards serve`` logs is one JSON object, and a line
about a table names it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from solocards.server.configsources import ConfigError, load_config

ADMIN = "log-test-token"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_a_log_format_that_is_not_known_is_refused() -> None:
    with pytest.raises(ConfigError, match="SOLOCARDS_LOG_FORMAT: 'xml' is not one of text, json"):
        load_config(None, {"SOLOCARDS_LOG_FORMAT": "xml"})


def test_json_logs_name_the_table_on_its_lines(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOLOCARDS_")}
    env.update(
        SOLOCARDS_PORT=str(port),
        SOLOCARDS_DB_URL=f"sqlite:///{tmp_path / 'site.sqlite'}",
        SOLOCARDS_LOG_FORMAT="json",
        SOLOCARDS_ADMIN_TOKEN=ADMIN,
    )
    errors = (tmp_path / "stderr.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-c", "from solocards.cli import main; main()", "serve"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.2)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20) as http:
            created = http.post("/api/tables", json={"game": "uno", "players": 2})
            table = created.json()["table"]["id"]
            closed = http.post(
                f"/api/tables/{table}/moderation/close",
                headers={"Authorization": f"Bearer {ADMIN}"},
            )
            assert closed.status_code == 200, closed.text
    finally:
        server.terminate()
        server.wait(20)
        errors.close()
    lines = [line for line in (tmp_path / "stderr.log").read_text().splitlines() if line]
    parsed = [json.loads(line) for line in lines]  # every line is JSON
    assert all({"time", "level", "logger", "message"} <= set(entry) for entry in parsed)
    about = [entry for entry in parsed if entry.get("table") == table]
    assert any("close_table" in entry["message"] for entry in about), lines
    access = [entry for entry in parsed if entry["logger"] == "uvicorn.access"]
    assert any("/api/tables" in entry["message"] for entry in access), lines
