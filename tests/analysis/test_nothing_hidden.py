"""Analysis where the seat has seen every card still in play: nothing hidden, nothing to sample.

Late in a trick-taking round the seat to play may be the last to hold cards (every other card
lies in tricks it saw). A belief chain then has no unseen card to move; every entry point (the
analysis, the hint a server computes, the review of a record and the ``solocards review``
command) must answer there as anywhere else.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import solocards
from solocards.analysis import analyse
from solocards.analysis.belief import PolicyBelief
from solocards.analysis.jobs import HintJob, ReviewJob, compute_hint, compute_review
from solocards.analysis.review import review
from solocards.cli import app
from solocards.core.match import Match

runner = CliRunner()


def nothing_hidden(game_id: str, players: int) -> tuple[Match, int, int]:
    """A match of ``game_id`` played by the heuristic through its first round, the seat and the
    step (from 1) of a decision at which that seat has seen every card still in play."""
    game = solocards.make(game_id, players=players)
    bot = game.heuristic_bot()
    for seed in range(80):
        match = game.match(seed=seed)
        rng = random.Random(seed)
        found: tuple[int, int] | None = None
        step = 0
        while match.round_index == 0 and not match.is_over:
            state = match.state
            seat = state.to_act[0]
            view = state.view(seat)
            step += 1
            hidden = game.sample_deal(view, random.Random(0)).cards
            if found is None and not hidden:
                found = (seat, step)
            match.apply(seat, bot.choose(view, state.legal_actions(seat), rng))
        if found is not None:
            return match, *found
    raise AssertionError(f"no {game_id} decision with nothing hidden in 80 seeds")


GAMES = [("german-solo", 4), ("german-solo", 3), ("german-solo", 5), ("frog", 3)]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_analysis_answers_with_nothing_hidden(game_id: str, players: int) -> None:
    match, seat, step = nothing_hidden(game_id, players)
    replayed = solocards.replay(match.record(), upto=step - 1)
    view = replayed.state.view(seat)
    analysis = analyse(replayed.game, view, worlds=3, seed=1)
    assert analysis.worlds == 3
    assert [e.action for e in analysis.actions] == view["legal_actions"]
    world = next(PolicyBelief(replayed.game, burn=8).worlds(view, random.Random(2)))
    assert world.view(seat) == view
    answer = compute_hint(HintJob.of(replayed.state, seat, worlds=2, seconds=None, seed=3))
    assert answer["worlds"] == 2


@pytest.mark.parametrize(("game_id", "players"), [GAMES[0], GAMES[3]])
def test_the_review_grades_a_decision_with_nothing_hidden(game_id: str, players: int) -> None:
    match, seat, step = nothing_hidden(game_id, players)
    record = match.record()
    report = review(record, seat=seat, round_number=1, worlds=2)
    assert any(d["step"] == step for d in report["decisions"])
    job = ReviewJob(record=record, seat=seat, round_number=1, worlds=2, seconds=None)
    assert compute_review(job)["decisions"] == report["decisions"]


def test_solocards_review_of_such_a_record(tmp_path: Path) -> None:
    match, seat, _step = nothing_hidden("german-solo", 4)
    path = tmp_path / "german-solo.json"
    solocards.save(path, match.record())
    result = runner.invoke(
        app, ["review", str(path), "--seat", str(seat), "--round", "1", "--worlds", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.stdout)
    assert report["decisions"]
