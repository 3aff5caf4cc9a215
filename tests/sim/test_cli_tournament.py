"""``solocards tournament``: the JSON summary, the files, and errors in words."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import solocards
from solocards.cli.app import app

runner = CliRunner()


def test_json_summary_and_files(tmp_path: Path) -> None:
    args = ["tournament", "uno", "--players", "2", "--bots", "heuristic,random", "-n", "4"]
    result = runner.invoke(app, [*args, "--jobs", "1", "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rounds"] == 4 and summary["deals"] == 2
    assert {entry["bot"] for entry in summary["bots"]} == {"heuristic", "random"}
    for entry in summary["bots"]:
        assert {"bot", "win_rate", "win_rate_ci95", "mean_score", "rating"} <= set(entry)
    records = solocards.load(tmp_path / "records.jsonl")
    assert len(records) == 4
    assert solocards.replay(records[0]).results[0] == records[0]["rounds"][0]["result"]
    assert (tmp_path / "ratings.png").stat().st_size > 0


def test_unknown_bots_are_refused_in_words(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["tournament", "uno", "--bots", "heuristic,genius", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "unknown bot 'genius'" in result.output
