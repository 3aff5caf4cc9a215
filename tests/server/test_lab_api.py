"""The lab reports API: lists finished reports, answers one and its plots, refuses the rest."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from solocards.cli.app import app as cli
from solocards.server import create_app


def make_report(folder: Path) -> None:
    args = ["lab", "uno", "--players", "2", "-o", "hand_size=2", "-o", "force_play=true"]
    result = CliRunner().invoke(
        cli,
        [*args, "--vary", "jump_in=false,true", "-n", "4", "--jobs", "1", "--report", str(folder)],
    )
    assert result.exit_code == 0, result.output


def test_lab_reports_are_listed_and_shown(tmp_path: Path) -> None:
    lab = tmp_path / "lab"
    make_report(lab / "uno-jump-in")
    (lab / "broken").mkdir()
    (lab / "broken" / "report.json").write_text("{not json", encoding="utf-8")
    (lab / "other").mkdir()
    (lab / "other" / "report.json").write_text('{"format": "something else"}', encoding="utf-8")
    server = create_app(f"sqlite:///{tmp_path / 'l.sqlite'}", bot_delay=0, lab_dir=str(lab))
    with TestClient(server) as http:
        listing = http.get("/api/lab").json()["reports"]
        assert [entry["name"] for entry in listing] == ["uno-jump-in"]
        assert listing[0]["variants"] == ["jump_in=false", "jump_in=true"]
        report = http.get("/api/lab/uno-jump-in").json()
        assert report["differences"]["jump_in=true"]["round_length_decisions"].keys() == {
            "diff",
            "ci95",
        }
        plot = http.get("/api/lab/uno-jump-in/plots/effects.png")
        assert plot.status_code == 200 and plot.content.startswith(b"\x89PNG")
        for path in (
            "/api/lab/broken",
            "/api/lab/other",
            "/api/lab/nope",
            "/api/lab/..%2F..%2Fetc",
            "/api/lab/uno-jump-in/plots/report.json",
            "/api/lab/uno-jump-in/plots/nope.png",
        ):
            answer = http.get(path)
            assert answer.status_code == 404, path
            assert "detail" in answer.json()


def test_a_missing_lab_folder_lists_nothing(tmp_path: Path) -> None:
    server = create_app(
        f"sqlite:///{tmp_path / 'm.sqlite'}", bot_delay=0, lab_dir=str(tmp_path / "none")
    )
    with TestClient(server) as http:
        assert http.get("/api/lab").json() == {"reports": []}


def test_a_long_unknown_name_is_cut_in_the_404(tmp_path: Path) -> None:
    server = create_app(
        f"sqlite:///{tmp_path / 'n.sqlite'}", bot_delay=0, lab_dir=str(tmp_path / "none")
    )
    with TestClient(server) as http:
        answer = http.get("/api/lab/" + "a" * 60_000)
        assert answer.status_code == 404
        detail = answer.json()["detail"]
        assert len(detail) <= 300 and detail.endswith("…"), detail
        assert len(answer.content) < 1_000
