"""German Solo for three and for five at the terminal: ``solocards play german-solo --players``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli import app

runner = CliRunner()


@pytest.mark.parametrize("players", [3, 5])
def test_play_german_solo_with_three_or_five_to_the_end(players: int, tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    deals = ["-o", f"deals={players}"]  # each player deals once
    args = ["play", "german-solo", "--players", str(players), "--seed", "4", *deals]
    result = runner.invoke(app, [*args, "--save", str(save)], input="1\n" * 1000)
    out = re.sub(r"\x1b\[[0-9;]*m", "", result.output)
    assert result.exit_code == 0, out[-2000:]
    assert f"German Solo — {players} players" in out and "Match over." in out
    record = json.loads(save.read_text())
    again = solocards.replay(record)
    assert again.is_over and again.game.players == players and len(again.results) == players
