"""The command line, driven through Typer's runner (stdin scripted)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import solocards
from solocards.cli import app
from solocards.games.registry import game_class

runner = CliRunner()


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_rules_lists_every_option_with_its_default() -> None:
    result = runner.invoke(app, ["rules", "uno"])
    assert result.exit_code == 0, result.output
    for spec in game_class("uno").option_specs:
        assert spec.name in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in plain(result.output)


def test_simulate_reports_win_rates_and_speed() -> None:
    result = runner.invoke(app, ["simulate", "uno", "-n", "20", "--players", "3"])
    assert result.exit_code == 0, result.output
    out = plain(result.output)
    assert "decisions/s" in out and "win rate" in out and "mean round length" in out


def test_simulate_refuses_a_bad_option() -> None:
    result = runner.invoke(app, ["simulate", "uno", "-n", "5", "--option", "stack_draw2=maybe"])
    assert result.exit_code == 2
    assert "stack_draw2" in plain(result.output) and "not a boolean" in plain(result.output)
    result = runner.invoke(app, ["simulate", "uno", "-n", "5", "--option", "stack_draw2"])
    assert "not key=value" in plain(result.output)


def test_play_recovers_from_typos_then_plays_to_the_end(tmp_path: Path) -> None:
    # A typo, an out-of-range number, a malformed move, then always the first legal move.
    answers = "banana\n999\nR77\n" + "1\n" * 20000
    save = tmp_path / "game.json"
    result = runner.invoke(
        app,
        [
            "play",
            "uno",
            "--players",
            "2",
            "--seed",
            "5",
            "-o",
            "target_score=50",
            "--save",
            str(save),
        ],
        input=answers,
    )
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "is not one of your legal moves now" in out or "is not an action of uno" in out
    assert "There is no move 999" in out
    assert "Match over." in out and "Your hand:" in out
    record = json.loads(save.read_text())
    assert solocards.replay(record).is_over


def test_play_stops_cleanly_when_input_ends() -> None:
    result = runner.invoke(app, ["play", "uno", "--players", "2", "--seed", "1"], input="")
    assert result.exit_code == 0
    assert "Goodbye" in result.output


def test_replay_checks_and_steps(tmp_path: Path) -> None:
    match = solocards.make("uno", players=2).match(seed=9)
    for _ in range(30):
        seat = match.to_act[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    path = tmp_path / "g.json"
    solocards.save(path, match.record())
    result = runner.invoke(app, ["replay", str(path), "--step", "10"])
    assert result.exit_code == 0, result.output
    assert "After 10 actions" in plain(result.output) and "The record is valid" in result.output
    broken = match.record()
    broken["rounds"][0]["actions"][3][1] = "pass"
    solocards.save(path, broken)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "round 1, step 4" in plain(result.output)


def test_play_frog_for_five_and_replay_its_record(tmp_path: Path) -> None:
    save = tmp_path / "frog5.json"
    args = ["play", "frog", "--players", "5", "--seed", "3", "--bots", "heuristic"]
    args += ["-o", "deals=5", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n" * 2000)
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "5 players" in out and "sit out." in out and "Match over." in out
    record = json.loads(save.read_text())
    assert record["players"] == 5 and len(record["rounds"]) == 5
    assert solocards.replay(record).is_over
    checked = runner.invoke(app, ["replay", str(save)])
    assert checked.exit_code == 0 and "The record is valid" in checked.output
    rules = plain(runner.invoke(app, ["rules", "frog"]).output)
    assert "3-5 players" in rules


def test_play_knows_help_and_quit_and_plays_heuristic_bots_named_as_in_the_browser() -> None:
    result = runner.invoke(
        app, ["play", "uno", "--players", "3", "--seed", "2"], input="help\nquit\n1\n"
    )
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "Type the number of a move" in out  # the help
    assert "Goodbye" in out
    assert "Bot 2 (heuristic)" in out and "Bot 3 (heuristic)" in out
    assert "You, your move" in out
