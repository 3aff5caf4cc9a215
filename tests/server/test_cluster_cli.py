"""``solocards serve --broker``: several processes need a database they share."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from solocards.cli import app

runner = CliRunner()


@pytest.mark.parametrize("db", [None, "sqlite:///data/x.sqlite"])
def test_serve_with_a_broker_refuses_a_database_of_its_own(db: str | None) -> None:
    args = ["serve", "--broker", "redis://127.0.0.1:1/0"]
    if db is not None:
        args += ["--db", db]
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert "--broker needs a shared database" in result.output
