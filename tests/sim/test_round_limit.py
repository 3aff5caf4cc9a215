"""Batch runs always end: a round still going at the action limit is abandoned and counted.

Two bots that draw at will can play a shedding round for ever (the rules end it only when a
hand is empty or nothing is left to draw), so ``tournament`` and ``simulate`` stop a round at
``solocards.sim.runner.ROUND_ACTION_LIMIT`` actions: no winner, every seat scores 0, the run
counts it, and the tournament's record holds the unfinished round.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli.app import app
from solocards.sim import runner
from solocards.sim.simulation import SimulationStats, play_rounds
from solocards.sim.tournament import Table, TournamentResult
from solocards.sim.tournament_job import round_from_dict, round_to_dict

cli = CliRunner()


def uno_table(limit: int | None) -> Table:
    return Table(
        solocards.make("uno", players=2), ["heuristic", "random"], 7, max_round_actions=limit
    )


def test_a_round_stopped_at_the_limit_has_no_winner_no_score_and_an_unfinished_record() -> None:
    rounds = uno_table(3).play_deal(0)
    assert len(rounds) == 2
    for item in rounds:
        assert item.abandoned
        assert item.winners == [] and item.scores == [0.0, 0.0]
        assert sum(item.moves) == 3
        played = item.record["rounds"][0]
        assert len(played["actions"]) == 3 and "result" not in played
        match = solocards.replay(item.record)
        assert not match.is_over and match.results == [] and match.state.to_act


def test_the_limit_is_the_last_action_a_round_may_take() -> None:
    finished = uno_table(None).play_deal(0)
    assert not any(item.abandoned for item in finished)
    length = len(finished[0].record["rounds"][0]["actions"])
    exactly = uno_table(length).play_deal(0)[0]
    assert not exactly.abandoned
    assert exactly.scores == finished[0].scores and exactly.winners == finished[0].winners
    assert uno_table(length - 1).play_deal(0)[0].abandoned


def test_the_summary_counts_abandoned_rounds_as_won_by_nobody() -> None:
    table = uno_table(3)
    played = [item for deal in range(3) for item in table.play_deal(deal)]
    summary = TournamentResult(table.game, table.specs, 7, 3, 2, played).summary()
    assert summary["abandoned_rounds"] == 6
    assert all(entry["win_rate"] == 0.0 and entry["mean_score"] == 0.0 for entry in summary["bots"])
    finished = uno_table(None)
    played = [item for deal in range(3) for item in finished.play_deal(deal)]
    assert (
        TournamentResult(table.game, table.specs, 7, 3, 2, played).summary()["abandoned_rounds"]
        == 0
    )


def test_chunk_files_keep_the_mark_and_older_files_read_as_finished() -> None:
    item = uno_table(3).play_deal(0)[0]
    data = json.loads(json.dumps(round_to_dict(item)))
    assert round_from_dict(data).abandoned
    del data["abandoned"]  # a chunk written before the limit existed
    assert not round_from_dict(data).abandoned


def test_simulate_counts_abandoned_rounds_with_bots_and_random_seats() -> None:
    game = solocards.make("amigo-solo", players=2)
    heuristic = solocards.bots.make_bot("heuristic", game)
    stats = play_rounds(
        game, [heuristic, heuristic], 0, 4, seed=3, all_random=False, max_round_actions=5
    )
    assert (stats.rounds, stats.rounds_abandoned, stats.rounds_without_winner) == (4, 4, 4)
    assert stats.decisions == 20 and stats.wins == [0, 0] and stats.scores == [0, 0]
    whole = play_rounds(game, [heuristic, heuristic], 0, 4, seed=3, all_random=False)
    assert whole.rounds == 4 and whole.rounds_abandoned == 0 and sum(whole.wins) > 0
    old = whole.as_dict()
    del old["rounds_abandoned"]  # a stream written before the limit existed
    assert SimulationStats.from_dict(old).rounds_abandoned == 0


def test_the_cli_says_how_many_rounds_were_abandoned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "ROUND_ACTION_LIMIT", 4)
    args = ["tournament", "uno", "--players", "2", "--bots", "heuristic,random", "-n", "4"]
    result = cli.invoke(app, [*args, "--jobs", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "4 rounds were abandoned unfinished after 4 actions" in " ".join(result.output.split())
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["abandoned_rounds"] == 4
    records = solocards.load(tmp_path / "records.jsonl")
    assert [len(record["rounds"][0]["actions"]) for record in records] == [4, 4, 4, 4]
    result = cli.invoke(app, ["simulate", "uno", "--players", "2", "-n", "3", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "3 of them abandoned unfinished after 4 actions" in " ".join(result.output.split())


def test_the_lab_counts_abandoned_rounds_as_an_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "ROUND_ACTION_LIMIT", 6)
    args = ["lab", "uno", "--players", "2", "--jobs", "1", "--vary", "stack_draw2=false,true"]
    result = cli.invoke(app, [*args, "-n", "4", "--json", "--report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for variant in summary["variants"]:
        assert variant["metrics"]["events_abandoned"]["value"] == 1.0
        assert variant["metrics"]["round_length_decisions"]["value"] == 6.0
    records = solocards.load(tmp_path / "records" / "variant-1.jsonl")
    assert records and all("result" not in record["rounds"][0] for record in records)


def test_selfplay_leaves_no_rows_for_an_abandoned_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from solocards.sim.selfplay import run_selfplay

    game = solocards.make("uno", players=2)
    lengths = []
    for index in range(4):
        state = game.deal(seed=index)
        heuristic = solocards.bots.make_bot("heuristic", game)
        assert runner.play_steps(state, [heuristic, heuristic], seed=index)
        lengths.append(len(state.history))
    limit = sorted(lengths)[1]  # the two shortest rounds end, the two longest do not
    monkeypatch.setattr(runner, "ROUND_ACTION_LIMIT", limit)
    (shard,) = run_selfplay(game, ["heuristic", "heuristic"], rounds=4, out=tmp_path, chunk_size=4)
    kept = sorted({int(index) for index in np.load(shard)["round"]})
    assert kept == sorted(index for index in range(4) if lengths[index] <= limit)
    assert len(kept) == 2


def test_a_table_built_before_the_limit_changed_plays_to_the_new_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = uno_table(None)  # as a worker's cached table is built once and kept
    assert not any(item.abandoned for item in table.play_deal(0))
    monkeypatch.setattr(runner, "ROUND_ACTION_LIMIT", 3)
    assert all(item.abandoned for item in table.play_deal(0))
