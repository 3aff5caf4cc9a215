"""Round review: every decision of a seat graded, from a record, in Python and in the CLI."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import solocards
from solocards.analysis.review import THRESHOLDS, mark, review
from solocards.bots.playout import Outcome
from solocards.cli import app
from solocards.core.errors import RecordError
from solocards.core.match import Match

runner = CliRunner()


def thrown_away_win(seed_range: range) -> tuple[Match, int, str]:
    """A two-player UNO match where seat 0 could play its last card and win, and drew instead:
    the match, the step (in its round, from 1) of that decision, and the winning card."""
    game = solocards.make("uno", players=2)
    bot = game.heuristic_bot()
    for seed in seed_range:
        match = game.match(seed=seed)
        rng = random.Random(seed)
        step = 0
        while match.round_index == 0 and not match.is_over:
            state = match.state
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            step += 1
            if seat == 0 and len(state.to_act) == 1 and "draw" in legal:
                for action in legal:
                    copy = state.clone()
                    copy.apply(0, action)
                    if copy.is_over and Outcome.of(copy).wins[0] == 1.0:
                        match.apply(0, "draw")
                        return match, step, action
            match.apply(seat, bot.choose(state.view(seat), legal, rng))
    raise AssertionError("no thrown-away win found")


def test_marks_follow_the_documented_thresholds() -> None:
    assert dict(THRESHOLDS) == {"blunder": 0.15, "mistake": 0.10, "inaccuracy": 0.05}
    assert [mark(x) for x in (0.0, 0.049, 0.05, 0.0999, 0.1, 0.15, 1.0)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "blunder", "blunder",
    ]  # fmt: skip


def test_the_review_finds_the_win_that_was_thrown_away() -> None:
    match, step, winning = thrown_away_win(range(30))
    report = review(match.record(), seat=0, worlds=20)
    decision = next(d for d in report["decisions"] if d["step"] == step)
    assert decision["action"] == "draw"
    assert decision["best"] == winning
    by_action = {a["action"]: a for a in decision["actions"]}
    assert by_action[winning]["win"] == 1.0
    assert decision["lost"] == pytest.approx(1.0 - by_action["draw"]["win"])
    assert decision["mark"] == mark(decision["lost"])
    assert decision["hidden_cards"] is False
    seat_steps = [
        number
        for number, (seat, _action) in enumerate(match.record()["rounds"][0]["actions"], 1)
        if seat == 0
    ]
    assert {d["step"] for d in report["decisions"]} <= set(seat_steps)
    assert step in seat_steps


def test_a_review_of_a_seat_or_round_the_record_lacks_is_refused() -> None:
    match, _step, _winning = thrown_away_win(range(30))
    with pytest.raises(RecordError, match=r"seat must be 0\.\.1"):
        review(match.record(), seat=2)
    with pytest.raises(RecordError, match=r"rounds 1\.\.1"):
        review(match.record(), seat=0, round_number=3)


def finished_record(game_id: str, seed: int) -> dict[str, Any]:
    game = solocards.make(game_id)
    match = game.match(seed=seed)
    bot = game.heuristic_bot()
    rng = random.Random(seed)
    while match.round_index == 0 and not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, bot.choose(match.state.view(seat), match.state.legal_actions(seat), rng))
    return match.record()


def test_the_cli_review_prints_json_and_draws_the_chart(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    solocards.save(path, finished_record("german-solo", 3))
    chart = tmp_path / "review.png"
    result = runner.invoke(
        app,
        ["review", str(path), "--seat", "1", "--worlds", "8", "--json", "--chart", str(chart)],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["seat"] == 1 and report["decisions"]
    for decision in report["decisions"]:
        assert {"step", "action", "best", "actions"} <= set(decision)
        for estimate in decision["actions"]:
            low, high = estimate["ci95"]
            assert 0.0 <= low <= estimate["win"] <= high <= 1.0
            assert isinstance(estimate["score"], float)
    assert [result["round"] for result in report["results"]] == [1]  # round 2 has just begun
    assert report["results"][0]["hidden_cards"] is True
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = runner.invoke(app, ["review", str(path), "--seat", "1", "--worlds", "4"])
    assert table.exit_code == 0, table.output
    assert "best win" in table.output and "from the whole deal" in table.output
    wrong = runner.invoke(app, ["review", str(path), "--seat", "7"])
    assert wrong.exit_code != 0 and "seat must be 0..3" in wrong.output


def test_hint_at_the_play_prompt_shows_each_move_with_its_win_chance() -> None:
    result = runner.invoke(app, ["play", "uno", "--players", "2", "--seed", "5"], input="hint\n1\n")
    out = re.sub(r"\x1b\[[0-9;]*m", "", result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "Hint from 200 worlds you cannot tell apart" in out
    assert re.search(r"win \d+% \(\d+%-\d+%\), score [+-]\d", out)
    assert out.count("best") >= 1
