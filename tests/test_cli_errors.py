"""An unexpected error of a command: one line on stderr and exit status 1, the traceback only
behind ``--debug`` or ``SOLOCARDS_DEBUG``."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli import app

runner = CliRunner()
review_module = importlib.import_module("solocards.cli.commands.review")


@pytest.fixture
def broken_review(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A record file whose review fails as a fault of solocards would (not a bad input)."""

    def fails(*args: Any, **kwargs: Any) -> dict[str, Any]:
        raise ValueError("empty range\nfor randrange()")

    monkeypatch.setattr(review_module, "review_record", fails)
    monkeypatch.delenv("SOLOCARDS_DEBUG", raising=False)
    path = tmp_path / "record.json"
    solocards.save(path, solocards.make("uno", players=2).match(seed=1).record())
    return path


def test_an_unexpected_error_is_one_line_and_exit_1(broken_review: Path) -> None:
    result = runner.invoke(app, ["review", str(broken_review)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ValueError: empty range for randrange() (")
    assert "--debug" in lines[0] and "SOLOCARDS_DEBUG=1" in lines[0]
    assert "Traceback" not in result.output


def test_the_line_speaks_the_language_asked_for(broken_review: Path) -> None:
    result = runner.invoke(app, ["--lang", "de", "review", str(broken_review)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Fehler: ValueError: empty range for randrange() (")


@pytest.mark.parametrize(
    ("args", "env"),
    [(["--debug"], {}), ([], {"SOLOCARDS_DEBUG": "1"})],
    ids=["--debug", "SOLOCARDS_DEBUG"],
)
def test_debug_lets_the_error_through(
    broken_review: Path, args: list[str], env: dict[str, str]
) -> None:
    result = runner.invoke(app, [*args, "review", str(broken_review)], env=env)
    assert isinstance(result.exception, ValueError)
    assert "error: ValueError" not in result.stderr


def test_expected_errors_keep_their_sentence_and_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    assert "unexpected" not in result.stderr
