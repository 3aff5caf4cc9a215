"""``solocards lab``: the JSON for tools, the report folder, errors in words; the doctests."""

from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solocards.cli.app import app

runner = CliRunner()
CHEAP = ["uno", "--players", "2", "-o", "hand_size=3", "-o", "force_play=true", "--jobs", "1"]


def test_json_has_a_diff_object_per_variant_and_metric(tmp_path: Path) -> None:
    args = ["lab", *CHEAP, "--vary", "stack_draw2=false,true", "-n", "8", "--json"]
    result = runner.invoke(app, [*args, "--report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["baseline"] == "stack_draw2=false"
    difference = summary["differences"]["stack_draw2=true"]["round_length_decisions"]
    assert set(difference) == {"diff", "ci95"}
    assert difference["ci95"] is None or len(difference["ci95"]) == 2
    assert summary["rounds_per_variant"] == 8 and summary["deals"] == 4
    for name in ("report.json", "report.md", "report.html", "records/variant-1.jsonl"):
        assert (tmp_path / name).stat().st_size > 0
    stored = json.loads((tmp_path / "report.json").read_text())
    assert stored["differences"] == summary["differences"]
    assert "round_length_decisions" in (tmp_path / "report.md").read_text()
    assert set(stored["files"]["plots"]) == {"effects.png", "lengths.png", "seats.png"}


def test_two_presets_and_a_varied_option_cross(tmp_path: Path) -> None:
    args = ["lab", *CHEAP, "--preset", "official,party", "--vary", "hand_size=2,3", "-n", "2"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    names = [variant["name"] for variant in json.loads(result.stdout)["variants"]]
    assert names == [
        "preset=official hand_size=2",
        "preset=official hand_size=3",
        "preset=party hand_size=2",
        "preset=party hand_size=3",
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--vary", "stack_draw3=false,true"], "uno has no option 'stack_draw3'"),
        (["--vary", "stack_draw2"], "is not OPTION=V1,V2"),
        (["--vary", "hand_size=3,99"], "hand_size"),
        (["--vary", "jump_in=true"], "the lab compares variants"),
        (["--preset", "wild,party"], "uno has no preset 'wild'"),
        (["--vary", "jump_in=false,true", "--bots", "genius"], "unknown bot 'genius'"),
    ],
)
def test_bad_input_is_refused_in_words(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["lab", *CHEAP, "-n", "2", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output


def test_a_report_folder_that_cannot_be_made_is_refused_in_words(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("a file, not a folder", encoding="utf-8")
    args = ["lab", *CHEAP, "--vary", "jump_in=false,true", "-n", "2", "--report", str(taken)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "cannot write the report to" in result.output
    assert taken.read_text(encoding="utf-8") == "a file, not a folder"


@pytest.mark.parametrize("module", ["variants", "events", "chunks", "backend", "metrics", "run"])
def test_the_examples_in_the_docstrings_hold(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(f"solocards.lab.{module}"))
    assert failures == 0


def test_the_lab_speaks_the_language_of_the_command() -> None:
    """Its errors, its table's title and headers and its footnote, in ``--lang``'s language."""
    refused = runner.invoke(app, ["--lang", "uk", "lab", *CHEAP, "--vary", "stack_draw2"])
    assert refused.exit_code != 0
    assert "--vary 'stack_draw2'" in refused.output and "is not OPTION" not in refused.output
    english = runner.invoke(app, ["lab", *CHEAP, "--vary", "stack_draw2=false,true", "-n", "2"])
    assert english.exit_code == 0, english.output
    assert "rounds per variant" in english.output and "baseline" in english.output
    said = runner.invoke(
        app, ["--lang", "de", "lab", *CHEAP, "--vary", "stack_draw2=false,true", "-n", "2"]
    )
    assert said.exit_code == 0, said.output
    for words in ("rounds per variant", "baseline", "difference to the baseline", "metric"):
        assert words not in said.output, words
